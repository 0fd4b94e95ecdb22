"""What the hidden information is worth against the omniscient MCTS, and what its play tells.

Run from the repository root on the pure build with the `rl` extra (`PYTHONPATH=src`, or a
checkout installed with `pip install -e '.[rl]'`: the oracle below subclasses our search,
which a compiled build does not allow):

    python benchmarks/hidden_value.py --game gtpag --players 2 --deals 100 --fields prefs

Our ISMCTS (`--ours`, default `ismcts:infer=off`) meets OpenSpiel's perfect-information MCTS
(`--opponent`, default `openspiel-mcts:sims=300`, which reads the true state) on the deals of
`gamenight tournament GAME --players P --bots OURS,OPPONENT -n DEALS --seed SEED` (each deal
once per seat rotation), once per *arm*, the arms differing only in the worlds our search
draws:

- `drawn`: by `determinize` from its view, as in play (the tournament's own row);
- `true`: every iteration searches a copy of the true state: an oracle that knows everything
  the omniscient bot knows, and searches it our way;
- for each state field F of `--fields`: `true but F drawn` (the true state, with F taken from a
  drawn world: it knows everything but F) and `drawn but F true` (it knows F alone). A field
  must not be tied to the others (Game to Pick a Game's `prefs`, the seats' preferences, is
  not; its chips are), or the worlds mixed from two states break the rules.

The gap between `drawn` and `true` is what knowing is worth to our search; the mixed arms say
which hidden thing it is. Inference (`infer=on`) can close the gap only as far as the
opponent's play tells about what is hidden, which the second part measures: over the `drawn`
arm's matches, at every choice of the omniscient bot that the table sees only in part (several
of its legal actions show the same public action: a face-down bid), the inference's opponent
model (`--model`, the default of `infer=on`) is asked `--draws` times, on the true state, what
it would play. Reported: how often it names the action taken, how often an action with the
same public face, and the mean log-likelihood gain, in nats, of the action taken among those
with its public face, over a uniform guess among them, with the model softened as the
particle filter softens it: ``(1 - eps) x model + eps x uniform over the legal actions``. A
gain of 0 says the model tells nothing about the hidden choice; below 0, that the filter
weighed the worlds worse than by drawing them uniformly; ``log(k)`` among k such actions, that
it always knew. The model's rates come from `--draws` draws, so the gain is estimated low (a
choice it named in none of a few draws is charged as if it never would): the bias shrinks as
the draws grow, so compare figures at equal draws, 40 or more.

Besides the models `infer=on` offers (`heuristic`, `playout`, `random`), `--model
lookahead:K` tries a costlier one, here only: every legal action followed by K playouts of
the game's playout policy, the best for the seat's share of the wins chosen. `--model
openspiel-mcts:sims=N` (any omniscient bot's spec) makes the model the omniscient bot itself,
run again with its own draws on the true state: against that opponent, the most any model can
foresee.

`--opponent` takes any bot spec (it must differ from `--ours` as a string, to tell the seats
apart): the model fit then says how far that bot's play can be read, and `--drawn-only` skips
the oracle arms.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from gamenight.bots import make_agent
from gamenight.bots.factory import omniscient_spec
from gamenight.bots.inference import model_choice
from gamenight.bots.ismcts import DEFAULT_EPS, ISMCTSAgent, inference_options, opponent_model
from gamenight.core.agent import Agent
from gamenight.core.errors import GamenightError
from gamenight.core.game import AnyGame, View
from gamenight.core.log import MatchRecord
from gamenight.core.registry import PlayoutPolicy, make_game
from gamenight.core.rng import Rng
from gamenight.sim.runner import play_match
from gamenight.sim.stats import wilson_interval
from gamenight.sim.tournament import tournament_spec

EPS_GRID = (0.05, DEFAULT_EPS, 0.2, 0.3, 0.5, 0.7)


@dataclass(frozen=True)
class Arm:
    """The worlds our search draws: ``base`` (``drawn`` or ``true``), with ``field`` taken
    from the other source ("" for none)."""

    base: str
    field: str = ""

    @property
    def label(self) -> str:
        if not self.field:
            return self.base
        other = "true" if self.base == "drawn" else "drawn"
        return f"{self.base} but {self.field} {other}"


def arms_for(fields: Sequence[str]) -> list[Arm]:
    arms = [Arm("drawn"), Arm("true")]
    for field in fields:
        arms += [Arm("true", field), Arm("drawn", field)]
    return arms


def oracle_world(game: AnyGame, truth: Any, view: View, me: int, rng: Rng, arm: Arm) -> Any:
    """The world one iteration of the arm searches (a copy: the search changes it)."""
    if arm.base == "true" and not arm.field:
        return truth.clone()
    drawn = game.determinize(view, me, rng)
    if arm.base == "drawn":
        if arm.field:
            setattr(drawn, arm.field, getattr(truth.clone(), arm.field))
        return drawn
    world = truth.clone()
    setattr(world, arm.field, getattr(drawn, arm.field))
    return world


class OracleISMCTS(ISMCTSAgent):
    """Our search, its worlds drawn by an arm from the true state. Omniscient: the match loop
    hands it a copy of the true state (``core.agent``); a benchmark's bot, never a table's."""

    omniscient = True

    def __init__(self, inner: ISMCTSAgent, arm: Arm) -> None:
        self.__dict__.update(inner.__dict__)  # the same settings as the bot spec built
        self.arm = arm
        self.truth: Any = None

    def act_on_state(
        self, game: AnyGame, state: Any, seat: int, legal: Sequence[Any], rng: Rng
    ) -> Any:
        self.truth = state
        return self.act(game.view(state, seat), legal, rng)

    def _draw_world(self, view: View, me: int, rng: Rng) -> Any:
        return oracle_world(self.game, self.truth, view, me, rng, self.arm)


@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    deals: int
    seed: int
    ours: str
    opponent: str


def play_arm(setup: Setup, arm: Arm) -> dict[str, Any]:
    """The arm's matches: our seat's win share and win rate, and the matches' records."""
    game = make_game(setup.game)
    spec = tournament_spec(
        setup.game, setup.players, [setup.ours, setup.opponent], setup.deals, setup.seed
    )
    ours = make_agent(setup.ours, game)
    if not isinstance(ours, ISMCTSAgent):
        raise GamenightError(f"--ours must be an ismcts bot, not {setup.ours!r}")
    searcher: Agent = ours if arm == Arm("drawn") else OracleISMCTS(ours, arm)
    agents = {setup.ours: searcher, setup.opponent: make_agent(setup.opponent, game)}
    share = wins = 0.0
    records = []
    for index in range(spec.games):
        seats = spec.seat_bots(index)
        result = play_match(
            game, setup.players, spec.seed_for(index), [agents[b] for b in seats], keep_record=True
        )
        me = seats.index(setup.ours)
        wins += me in result.outcome.winners
        share += result.outcome.win_share(me)
        assert result.record is not None
        records.append(result.record.to_json())
    low, high = wilson_interval(share, spec.games)
    return {
        "arm": arm.label,
        "matches": spec.games,
        "win_share": share / spec.games,
        "share_low": low,
        "share_high": high,
        "win_rate": wins / spec.games,
        "records": records,
    }


def softened_gain(rows: Sequence[tuple[float, float, int, int]], eps: float) -> float:
    """Mean log-likelihood gain over a uniform guess, in nats, of the actions taken.

    A row: the model's rate of naming the action taken, its rate of naming one with the same
    public face, how many legal actions have that face, how many are legal."""
    total = 0.0
    for exact, same_face, faces, legal in rows:
        taken = (1.0 - eps) * exact + eps / legal
        face = (1.0 - eps) * same_face + eps * faces / legal
        total += math.log(taken / face * faces)
    return total / len(rows)


class LookAhead(PlayoutPolicy):
    """A model that looks one action ahead: ``rollouts`` playouts after each legal action (of
    the game's playout policy, else random), the best mean share of the wins for the seat."""

    def __init__(self, game: AnyGame, rollouts: int) -> None:
        self.depth = None
        self.game = game
        self.rollouts = rollouts
        self.policy = opponent_model(game, "playout")

    def _share(self, state: Any, seat: int, rng: Rng) -> float:
        game = self.game
        while actors := game.to_act(state):
            actor = actors[0]
            legal = game.legal_actions(state, actor)
            game.apply(
                state,
                actor,
                model_choice(game, self.policy, state, actor, legal, rng)
                if self.policy is not None
                else legal[rng.randbelow(len(legal))],
            )
        outcome = game.outcome(state)
        assert outcome is not None
        return outcome.win_share(seat)

    def choose(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        best, best_value = legal[0], -1.0
        for action in legal:
            total = 0.0
            for _ in range(self.rollouts):
                after = state.clone()
                self.game.apply(after, seat, action)
                total += self._share(after, seat, rng)
            value = total / self.rollouts + rng.random() * 1e-9  # ties broken at random
            if value > best_value:
                best, best_value = action, value
        return best


class OmniscientModel(PlayoutPolicy):
    """A model that is an omniscient bot itself (``--model openspiel-mcts:sims=N``): asked on
    the true state, as the opponent was, with its own draws. The most a model can foresee of
    that opponent: its own algorithm, run again. It is asked on the state as it stands, so
    a bot blind to a simultaneous step (``simultaneous=blind``) is refused: its match loop
    hands it the state as the step began, which the model fit does not keep."""

    def __init__(self, game: AnyGame, spec: str) -> None:
        self.depth = None
        self.game = game
        self.bot = make_agent(spec, game)
        if getattr(self.bot, "blind_to_step", False):
            raise GamenightError(f"the model {spec!r} is blind to the step: use a seeing one")

    def choose(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        return self.bot.act_on_state(self.game, state.clone(), seat, legal, rng)


def named_model(game: AnyGame, name: str) -> Any:
    """``--model``: one of infer=on's models, ``lookahead:K``, or an omniscient bot's spec."""
    if name.startswith("lookahead:"):
        count = name.removeprefix("lookahead:")
        if not count.isdigit() or int(count) < 1:
            raise GamenightError(f"lookahead needs a positive number of playouts, not {count!r}")
        return LookAhead(game, int(count))
    if omniscient_spec(name):
        return OmniscientModel(game, name)
    if name not in ("heuristic", "playout", "random"):
        raise GamenightError(
            f"unknown model {name!r} (heuristic, playout, random, lookahead:K, or an "
            "omniscient bot such as openspiel-mcts:sims=300)"
        )
    return opponent_model(game, name)


def model_fit(setup: Setup, records: Sequence[str], model_name: str, draws: int) -> dict[str, Any]:
    """How well the opponent model foresees the omniscient bot's half-hidden choices."""
    game = make_game(setup.game)
    model = named_model(game, model_name)
    rng = Rng(setup.seed)
    rows: list[tuple[float, float, int, int]] = []
    for text in records:
        record = MatchRecord.from_json(text)
        them = [s for s, bot in enumerate(record.meta["bots"]) if bot == setup.opponent]
        state = game.new_state(record.num_players, record.seed)
        for seat, name in record.actions:
            legal = game.legal_actions(state, seat)
            action = next(a for a in legal if str(a) == name)
            face = game.public_action(state, seat, action)
            faces = [a for a in legal if game.public_action(state, seat, a) == face]
            if seat in them and len(faces) > 1:
                picks = [model_choice(game, model, state, seat, legal, rng) for _ in range(draws)]
                exact = sum(str(a) == name for a in picks) / draws
                same = sum(game.public_action(state, seat, a) == face for a in picks) / draws
                rows.append((exact, same, len(faces), len(legal)))
            game.apply(state, seat, action)
    if not rows:
        return {"model": model_name, "choices": 0}
    return {
        "model": model_name,
        "choices": len(rows),
        "names_the_action": sum(r[0] for r in rows) / len(rows),
        "names_its_face": sum(r[1] for r in rows) / len(rows),
        "most_possible_gain": sum(math.log(r[2]) for r in rows) / len(rows),
        "gain_by_eps": {str(eps): softened_gain(rows, eps) for eps in EPS_GRID},
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="gtpag")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--ours", default="ismcts:infer=off")
    parser.add_argument("--opponent", default="openspiel-mcts:sims=300")
    parser.add_argument("--fields", action="append", default=[], help="a state field; repeatable")
    parser.add_argument("--model", default="", help="the opponent model (default: infer=on's)")
    parser.add_argument("--draws", type=int, default=40)
    parser.add_argument(
        "--drawn-only", action="store_true", help="play the drawn arm alone (for --model)"
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    setup = Setup(args.game, args.players, args.deals, args.seed, args.ours, args.opponent)
    try:
        if args.ours == args.opponent:
            raise GamenightError("--ours and --opponent must differ, to tell the seats apart")
        game = make_game(args.game)
        settings = inference_options(game, {"infer": "on"})
        model = args.model or (settings.model if settings else "random")
        probe = game.new_state(args.players, args.seed)
        for field in args.fields:
            if not hasattr(probe, field):
                raise GamenightError(f"{args.game} states have no field {field!r}")
        named_model(game, model)  # a bad name refused before any match
        arms = arms_for(args.fields)[:1] if args.drawn_only else arms_for(args.fields)
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(pool.map(play_arm, [setup] * len(arms), arms))
        fit = model_fit(setup, results[0]["records"], model, args.draws)
    except GamenightError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for result in results:
        del result["records"]
    if args.json:
        print(json.dumps({"setup": setup.__dict__, "arms": results, "model_fit": fit}, indent=1))
        return 0
    print(
        f"{args.game}, {args.players} players, {args.deals} deals x {args.players} seat "
        f"rotations, seed {args.seed}: {args.ours} against {args.opponent}"
        + (" (omniscient)" if omniscient_spec(args.opponent) else "")
    )
    print("| worlds | matches | win share [95%] | win rate |")
    print("|---|---|---|---|")
    for r in results:
        print(
            f"| {r['arm']} | {r['matches']} | {r['win_share']:.1%} "
            f"({r['share_low']:.0%}-{r['share_high']:.0%}) | {r['win_rate']:.1%} |"
        )
    print(f"\nModel {fit['model']!r}, {fit['choices']} half-hidden choices of the opponent:")
    if fit["choices"]:
        print(
            f"names the action {fit['names_the_action']:.1%}, its public face "
            f"{fit['names_its_face']:.1%}; gain over uniform, nats (at most "
            f"{fit['most_possible_gain']:.2f}): "
            + ", ".join(f"eps {eps} {gain:+.3f}" for eps, gain in fit["gain_by_eps"].items())
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
