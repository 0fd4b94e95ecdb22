"""Bot strength per game, measured by duplicate tournaments, written to a markdown report.

Run from the repository root (after `pip install .`, or with `PYTHONPATH=src`):

    python benchmarks/strength.py --out benchmarks/STRENGTH.md            # the whole report
    python benchmarks/strength.py --games requirements --deals 20 --jobs 2

Every row is one `gamenight tournament` (duplicate format: each deal once per seat rotation),
and the report prints the exact command that reproduces it. The lineup names one bot per seat;
the last bot fills the remaining seats, so `ismcts,random` at four players is one ISMCTS seat
against three random ones.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamenight.sim.tournament import run_tournament, tournament_spec


@dataclass(frozen=True)
class Trial:
    game: str
    players: int
    bots: tuple[str, ...]
    deals: int
    target: str  # what the project asks of the first bot, in words
    needed: float  # the first bot's win rate that meets it

    def command(self, seed: int, jobs: int) -> str:
        return (
            f"gamenight tournament {self.game} --players {self.players} "
            f"--bots {','.join(self.bots)} -n {self.deals} --seed {seed} -j {jobs}"
        )


def trials(deals: int, long_deals: int) -> list[Trial]:
    """The matchups the project's strength targets name, for every game."""
    found = []
    for game, two, four, many in (
        ("requirements", 2, None, deals),
        ("gnome", 3, 4, deals),
        ("gtpag", 2, 4, deals),
        ("pgdk", 2, 4, long_deals),
    ):
        fair_two = 1 / two
        if two == 2:
            found.append(Trial(game, 2, ("ismcts", "random"), many, "beats random in >= 85%", 0.85))
        else:  # G.Nome has no 2-player game: three seats, one ISMCTS
            found.append(
                Trial(
                    game, two, ("ismcts", "random"), many, "2x fair share vs random", 2 * fair_two
                )
            )
        found.append(
            Trial(game, two, ("ismcts", "heuristic"), many, "> fair share vs heuristic", fair_two)
        )
        if four:
            found.append(
                Trial(game, four, ("ismcts", "random"), many, "2x fair share vs random", 0.5)
            )
            found.append(
                Trial(game, four, ("ismcts", "heuristic"), many, "> fair share vs heuristic", 0.25)
            )
    return found


def run(trial: Trial, seed: int, jobs: int) -> dict[str, Any]:
    spec = tournament_spec(trial.game, trial.players, trial.bots, trial.deals, seed)
    start = time.perf_counter()
    result = run_tournament(spec, jobs)
    if result.error:
        raise SystemExit(f"{trial.command(seed, jobs)}: {result.error}")
    summary = result.summary()
    first = summary["by_bot"][0]
    return {
        "game": trial.game,
        "players": trial.players,
        "bots": list(trial.bots),
        "deals": trial.deals,
        "games": summary["games"],
        "target": trial.target,
        "needed": trial.needed,
        "win_rate": first["win_rate"],
        "win_low": first["win_low"],
        "win_high": first["win_high"],
        # a win shared by k winners counted 1/k (Game to Pick a Game): the figure to set
        # against a fair share where several seats can win one match
        "win_share": first["win_share"],
        "share_low": first["share_low"],
        "share_high": first["share_high"],
        "mean_score": first["mean_score"],
        "others_score": [row["mean_score"] for row in summary["by_bot"][1:]],
        "capped": summary["capped"],
        "met": first["win_rate"] >= trial.needed
        if "> " not in trial.target
        else first["win_rate"] > trial.needed,
        "seconds": time.perf_counter() - start,
        "command": trial.command(seed, jobs),
    }


def win_cell(row: dict[str, Any]) -> str:
    """The first bot's win rate with its 95% interval, as the reports print it; where some
    wins were shared (rows that carry the share), its share of the wins first."""
    rate = f"{row['win_rate']:.1%} ({row['win_low']:.0%}-{row['win_high']:.0%})"
    share = row.get("win_share")
    if share is None or abs(share - row["win_rate"]) < 1e-9:
        return rate
    return (
        f"win share {share:.1%} ({row['share_low']:.0%}-{row['share_high']:.0%}); "
        f"win rate {row['win_rate']:.1%}"
    )


def score_cell(row: dict[str, Any]) -> str:
    """The first bot's mean score, the other bots' in brackets."""
    others = ", ".join(f"{score:.1f}" for score in row["others_score"])
    return f"{row['mean_score']:.1f} ({others})"


def report(rows: list[dict[str, Any]], seed: int) -> str:
    lines = [
        "# Bot strength",
        "",
        "Made by `python benchmarks/strength.py` (Python "
        f"{platform.python_version()}, {platform.machine()}); each row's command reproduces it.",
        "The win rate is the first bot's, over all its seat-games, with its 95% interval.",
        "Capped: matches cut short (stalled, or at a safety cap) and scored as they stood.",
        "",
        "| game | players | lineup | matches | capped | target | win rate (95% CI) | met | "
        "mean score (others') | command |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['game']} | {row['players']} | {', '.join(row['bots'])} | {row['games']} | "
            f"{row.get('capped', '-')} | {row['target']} | {win_cell(row)}"
            f" | {'yes' if row['met'] else 'no'} | {score_cell(row)} | `{row['command']}` |"
        )
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--deals", type=int, default=50, help="deals per tournament")
    parser.add_argument("--long-deals", type=int, default=20, help="deals for Pink Godzilla")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="write the markdown report here")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    args = parser.parse_args(argv)
    wanted = {g.strip() for g in args.games.split(",") if g.strip()}
    rows = []
    for trial in trials(args.deals, args.long_deals):
        if wanted and trial.game not in wanted:
            continue
        row = run(trial, args.seed, args.jobs)
        rows.append(row)
        print(
            f"{row['game']:>13} {row['players']}p {','.join(row['bots']):<18} "
            f"{row['win_rate']:6.1%} [{row['win_low']:.0%}-{row['win_high']:.0%}] "
            f"target {row['target']}: {'met' if row['met'] else 'NOT met'} "
            f"({row['seconds']:.0f} s)",
            flush=True,
        )
        if args.json:
            args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
        if args.out:
            args.out.write_text(report(rows, args.seed), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
