"""Where two bots choose differently, phase by phase.

A search bot that follows its guide most of the time and a bot that plays alone can win alike
for different reasons; a win rate does not say where they part. This script plays seeded
matches with a reference bot in every seat (by default the game's heuristic) and, at every
decision of the watched seat that has more than one legal action, also asks the other bot, on
the same view with a generator of the same seed. It counts, per phase (the view's ``phase``),
how often the two choose the same action, and which kinds of action (an action's first word)
they trade most often. Both bots see the same positions because the match follows the
reference's choices. A bot compared with itself agrees everywhere. A search bot guided by
the reference does not quite: its guide draws from a generator of its own, so where the
reference plays at random (a heuristic's spread, a bluff) some disagreement is only that.

Run from the repository root:

    python benchmarks/agreement.py requirements --bot ismcts:guide=none --matches 20
    python benchmarks/agreement.py gnome --players 4 --bot ismcts --reference heuristic --json

Seat ``seed % players`` is watched in match ``seed`` (seeds 0 to ``--matches`` - 1), so every
seat is watched in turn.
"""

from __future__ import annotations

import functools
import sys
from collections import Counter
from pathlib import Path
from typing import Any

SOURCE = Path(__file__).resolve().parents[1] / "src"
if __name__ == "__main__" and "--installed" not in sys.argv[1:]:
    sys.path.insert(0, str(SOURCE))  # this checkout's engine, not whatever is installed

from game_script import game_parser, run_report  # noqa: E402

from gamenight.bots import make_agent  # noqa: E402
from gamenight.core.agent import begin_watchers, tell_watchers, watching_seats  # noqa: E402
from gamenight.core.registry import make_game  # noqa: E402
from gamenight.core.rng import Rng, derive_seed  # noqa: E402


def kind(action: Any) -> str:
    """An action's kind: the first word of how it prints."""
    return str(action).split(" ", 1)[0]


def agreement(
    game_name: str, players: int, bot: str, reference: str, matches: int
) -> dict[str, dict[str, Any]]:
    """Per phase: decisions asked, how many the two bots chose alike, and the commonest
    trades (reference kind -> bot kind) among the others."""
    game = make_game(game_name)
    asked: Counter[str] = Counter()
    alike: Counter[str] = Counter()
    trades: dict[str, Counter[tuple[str, str]]] = {}
    for seed in range(matches):
        state = game.new_state(players, seed)
        watched = seed % players
        guides = [make_agent(reference, game) for _ in range(players)]
        other = make_agent(bot, game)
        # bots that watch the match between decisions (inference) are told it, as in play:
        # the reference bots in every seat, the other bot in the watched seat alone
        alone: list[Any] = [other if seat == watched else None for seat in range(players)]
        view_of = functools.partial(game.view, state)
        watching = [(guides, watching_seats(guides), 1), (alone, watching_seats(alone), 2)]
        for bots, seats, stream in watching:
            generators = [Rng(derive_seed(seed, stream, seat)) for seat in range(players)]
            begin_watchers(bots, seats, view_of, generators)
        step = 0
        while actors := game.to_act(state):
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            action = guides[seat].act(view, legal, Rng(derive_seed(seed, 3, step)))
            if seat == watched and len(legal) > 1:
                choice = other.act(view, legal, Rng(derive_seed(seed, 3, step)))
                phase = str(view.get("phase", "-"))
                asked[phase] += 1
                if str(choice) == str(action):
                    alike[phase] += 1
                else:
                    trades.setdefault(phase, Counter())[(kind(action), kind(choice))] += 1
            public = game.public_action(state, seat, action)
            game.apply(state, seat, action)
            for bots, seats, _ in watching:
                tell_watchers(bots, seats, seat, action, public, view_of)
            step += 1
    return {
        phase: {
            "asked": asked[phase],
            "alike": alike[phase],
            "trades": [
                [f"{ours} -> {theirs}", count]
                for (ours, theirs), count in trades.get(phase, Counter()).most_common(3)
            ],
        }
        for phase in sorted(asked, key=lambda p: -asked[p])
    }


def main(argv: list[str] | None = None) -> int:
    parser = game_parser(__doc__, matches=20)
    parser.add_argument("--bot", required=True, help="the bot asked beside the reference")
    parser.add_argument("--reference", default="heuristic", help="the bot that plays the matches")
    args = parser.parse_args(argv)

    def show(report: dict[str, dict[str, Any]]) -> None:
        print(
            f"{args.game}, {args.players} players, {args.matches} matches played by "
            f"{args.reference}; {args.bot} asked at the watched seat's decisions"
        )
        print(f"{'phase':<14}{'asked':>7}{'alike':>8}  commonest trades ({args.reference} -> bot)")
        for phase, row in report.items():
            share = row["alike"] / row["asked"]
            swaps = ", ".join(f"{pair} ({count})" for pair, count in row["trades"])
            print(f"{phase:<14}{row['asked']:>7}{share:>8.0%}  {swaps}")

    def measure() -> dict[str, dict[str, Any]]:
        return agreement(args.game, args.players, args.bot, args.reference, args.matches)

    return run_report(parser, args, measure, show)


if __name__ == "__main__":
    sys.exit(main())
