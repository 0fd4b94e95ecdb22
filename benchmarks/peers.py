"""Our ISMCTS against OpenSpiel's search bots: duplicate tournaments, written to markdown.

Run from the repository root with the `rl` extra installed (after `pip install '.[rl]'`, or
with `PYTHONPATH=src`):

    python benchmarks/peers.py --out /tmp/peers.md --json /tmp/peers.json
    python benchmarks/peers.py --setups requirements:2 --deals 10 --jobs 2

For every game and player count, our bot (with and without inference) meets
- OpenSpiel's information-set MCTS (`openspiel-ismcts`) at equal simulations;
- the same at equal CPU time: our iterations set so that our mean decision takes the CPU time
  of theirs, both measured here on the same positions (the calibration is printed in the
  report, so the commands reproduce the rows without it);
- OpenSpiel's perfect-information MCTS (`openspiel-mcts`), which searches the true state: an
  omniscient opponent, the ceiling of what knowing everything is worth;
- with `--kinds blind`, the same omniscient bot blind to the other seats' face-down choices of
  a simultaneous step (`openspiel-mcts:simultaneous=blind`): played one seat after another,
  such a step otherwise shows a later seat what the earlier ones just chose.
Every row is one `gamenight tournament` (each deal once per seat rotation); the first bot
holds one seat and the last fills the others, so at four players it is one of ours against
three of theirs, and the fair share is one in four.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from strength import Trial, run, score_cell, win_cell

import gamenight
from gamenight.bots import make_agent
from gamenight.bots.factory import omniscient_spec
from gamenight.core.registry import make_game
from gamenight.core.rng import Rng, derive_seed

SIMS = 300
OURS = {"off": "ismcts:infer=off", "on": "ismcts:infer=on"}
PEER_ISMCTS = f"openspiel-ismcts:sims={SIMS}"
PEER_MCTS = f"openspiel-mcts:sims={SIMS}"
# the same, blind to the other seats' face-down choices of a simultaneous step (G.Nome's
# Teamwork cards, Pink Godzilla's sealed bids): it knows every hidden card, and chooses as the
# rules have everyone choose; in games without simultaneous steps it plays as PEER_MCTS
PEER_MCTS_BLIND = f"{PEER_MCTS},simultaneous=blind"
GAMES = ("requirements", "gtpag", "gnome", "pgdk")


def every_setup() -> tuple[str, ...]:
    """Every player count of every game: the default, as the report is per game and count.
    A whole run takes days of CPU (Pink Godzilla's matches are long, and OpenSpiel's ISMCTS
    takes seconds a decision there); ``--setups`` picks some."""
    return tuple(
        f"{name}:{count}" for name in GAMES for count in make_game(name).spec.player_counts
    )


@dataclass(frozen=True)
class Setup:
    game: str
    players: int

    @property
    def fair(self) -> float:
        return 1 / self.players


def parse_setup(text: str) -> Setup:
    game, _, players = text.partition(":")
    return Setup(game.strip(), int(players))


def positions(setup: Setup, count: int, seed: int) -> list[tuple[Any, int]]:
    """Mid-game decisions with a real choice, reached by seeded random play."""
    game = make_game(setup.game)
    found: list[tuple[Any, int]] = []
    match = 0
    while len(found) < count:
        rng = Rng(derive_seed(seed, 0x9EE5, match))
        state = game.new_state(setup.players, derive_seed(seed, match))
        steps = 0
        stop_at = 8 + rng.randbelow(24)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if steps >= stop_at and len(legal) > 1:
                found.append((state.clone(), seat))
                break
            game.apply(state, seat, rng.choice(legal))
            steps += 1
        match += 1
    return found


def decisions(
    setup: Setup, spec: str, spots: list[tuple[Any, int]], seed: int
) -> Iterator[tuple[int, Any, float]]:
    """``spec``'s decision at each of ``spots``, the ``index``-th drawing from
    ``derive_seed(seed, index)``: (seat, action, CPU seconds of the decision alone)."""
    game = make_game(setup.game)
    agent = make_agent(spec, game)
    for index, (state, seat) in enumerate(spots):
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        start = time.process_time()
        action = agent.act(view, legal, Rng(derive_seed(seed, index)))
        yield seat, action, time.process_time() - start


def decision_seconds(setup: Setup, spec: str, spots: list[tuple[Any, int]], seed: int) -> float:
    """Mean CPU seconds of one decision by ``spec`` over ``spots`` (one core)."""
    return statistics.fmean(seconds for _, _, seconds in decisions(setup, spec, spots, seed))


def calibrate(setup: Setup, spots_count: int, seed: int, ours: dict[str, str]) -> dict[str, Any]:
    """Our iterations that take the CPU time of OpenSpiel's ISMCTS at ``SIMS`` simulations."""
    spots = positions(setup, spots_count, seed)
    theirs = decision_seconds(setup, PEER_ISMCTS, spots, seed)
    found: dict[str, Any] = {"theirs_s": theirs}
    for key, spec in ours.items():
        ours = decision_seconds(setup, f"{spec},iters={SIMS}", spots, seed)
        found[f"{key}_s"] = ours
        found[f"{key}_iters"] = max(1, round(SIMS * theirs / ours))
    return found


def trials(
    setup: Setup, deals: int, calibration: dict[str, Any], ours: dict[str, str]
) -> list[Trial]:
    fair = setup.fair
    found = []
    for spec in ours.values():
        found.append(
            Trial(setup.game, setup.players, (spec, PEER_ISMCTS), deals, "equal sims", fair)
        )
    for key, spec in ours.items():
        iters = calibration[f"{key}_iters"]
        found.append(
            Trial(
                setup.game,
                setup.players,
                (f"{spec},iters={iters}", PEER_ISMCTS),
                deals,
                "equal CPU: 95% interval above fair share",
                fair,
            )
        )
    omniscient_bar = 0.4 if setup.players == 2 else fair
    for peer, label in ((PEER_MCTS, "vs omniscient"), (PEER_MCTS_BLIND, "vs omniscient, blind")):
        for spec in ours.values():
            found.append(
                Trial(
                    setup.game,
                    setup.players,
                    (spec, peer),
                    deals,
                    f"{label}: >= {100 * omniscient_bar:.3g}%",
                    omniscient_bar,
                )
            )
    return found


def kind_of(trial: Trial) -> str:
    """The row's kind, as ``--kinds`` names it."""
    if trial.target == "equal sims":
        return "sims"
    if trial.target.startswith("equal CPU"):
        return "cpu"
    return "blind" if trial.target.startswith("vs omniscient, blind") else "omniscient"


def met(row: dict[str, Any]) -> str:
    """Whether the row meets its target, judged on the share of the wins where the row has
    it (a match won by several seats counts 1/k to each: Game to Pick a Game), so that
    shared wins cannot lift a bot above a fair share it did not earn."""
    target = row["target"]
    if target == "equal sims":
        return "-"
    share, low = row.get("win_share", row["win_rate"]), row.get("share_low", row["win_low"])
    if target.startswith("equal CPU"):
        return "yes" if low > row["needed"] else "no"
    # a share summed from shared wins (1/k each) lands a rounding error off an exact bar
    return "yes" if share >= row["needed"] - 1e-9 else "no"


def report(rows: list[dict[str, Any]], calibrations: dict[str, dict[str, Any]]) -> str:
    lines = [
        "## Against OpenSpiel's search bots",
        "",
        "Made by `python benchmarks/peers.py` (Python "
        f"{platform.python_version()}, {platform.machine()}, gamenight "
        f"{gamenight.build().describe()}); each row's command reproduces it. "
        f"OpenSpiel's bots use {SIMS} simulations and random rollouts; `openspiel-mcts` reads "
        "the true state (**omniscient**; `simultaneous=blind`: not its rivals' face-down choices "
        "of a simultaneous step). The win rate is our bot's (the first of the lineup, "
        "one seat), with its 95% interval; at four players the fair share is 25%.",
        "",
        "Calibration for equal CPU time (mean CPU seconds a decision on this machine, over the "
        "same mid-game positions; our iterations = 300 x theirs / ours):",
        "",
        "| game | players | openspiel-ismcts s | ours (no inference) s at 300 | iters | "
        "ours (inference) s at 300 | iters |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, cal in calibrations.items():
        game, _, players = name.partition(":")
        ours = [
            (f"{cal[f'{key}_s']:.3f}", str(cal[f"{key}_iters"]))
            if f"{key}_s" in cal
            else ("-", "-")
            for key in OURS
        ]
        cells = " | ".join(cell for pair in ours for cell in pair)
        lines.append(f"| {game} | {players} | {cal['theirs_s']:.3f} | {cells} |")
    lines += [
        "",
        "| game | players | lineup | matches | target | win rate (95% CI) | met | "
        "mean score (others') | command |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        lineup = ", ".join(
            f"{bot} (omniscient)" if omniscient_spec(bot) else bot for bot in row["bots"]
        )
        lines.append(
            f"| {row['game']} | {row['players']} | {lineup} | {row['games']} | {row['target']} "
            f"| {win_cell(row)} | {met(row)} | {score_cell(row)} | `{row['command']}` |"
        )
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--setups", default=",".join(every_setup()), help="GAME:PLAYERS,... (default: all)"
    )
    parser.add_argument("--deals", type=int, default=10, help="deals per tournament")
    parser.add_argument("--positions", type=int, default=6, help="calibration positions")
    parser.add_argument(
        "--kinds",
        default="sims,cpu,omniscient",
        help="which rows: sims (equal simulations), cpu (equal CPU time), omniscient, blind "
        "(the omniscient bot blind to a simultaneous step's choices: worth adding where a game "
        "has simultaneous steps, G.Nome and Pink Godzilla; elsewhere it plays as omniscient)",
    )
    parser.add_argument(
        "--ours", default="off,on", help="which of our bots: off (no inference), on (inference)"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="write the markdown section here")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    args = parser.parse_args(argv)
    keys = [part.strip() for part in args.ours.split(",") if part.strip()]
    if not keys or any(key not in OURS for key in keys):
        parser.error(f"--ours takes off, on or off,on, not {args.ours!r}")
    ours = {key: OURS[key] for key in keys}
    rows: list[dict[str, Any]] = []
    calibrations: dict[str, dict[str, Any]] = {}
    for text in filter(None, (part.strip() for part in args.setups.split(","))):
        setup = parse_setup(text)
        calibrations[text] = calibration = calibrate(setup, args.positions, args.seed, ours)
        print(f"{text}: calibration {calibration}", flush=True)
        kinds = {kind.strip() for kind in args.kinds.split(",")}
        for trial in trials(setup, args.deals, calibration, ours):
            if kind_of(trial) not in kinds:
                continue
            row = run(trial, args.seed, args.jobs)
            rows.append(row)
            print(
                f"{text} {','.join(trial.bots):<48} {win_cell(row)} {trial.target}: {met(row)} "
                f"({row['seconds']:.0f} s)",
                flush=True,
            )
            if args.json:
                payload = {"calibrations": calibrations, "rows": rows}
                args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
            if args.out:
                args.out.write_text(report(rows, calibrations), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
