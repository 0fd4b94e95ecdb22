"""Where a game's random playouts spend their time, phase by phase.

`throughput.py` says how fast a game's random playouts run; this script says where the time
goes, so that speed work (issue 16) starts from the phase that costs most rather than the
one that looks slow. It plays seeded random matches with `throughput.py`'s loop and choice
table, and times each action's `legal_actions()` and `apply()` on their own. It reports,
per phase, the share of actions, the share of time, and what one call of each costs, with
`new_state()` as a row of its own.

Run from the repository root:

    python benchmarks/phase_profile.py pgdk --players 2 --matches 300
    python benchmarks/phase_profile.py gtpag --players 2 --matches 20000 --json

Caveats: each call is timed by `time.perf_counter_ns` (wall time), less the timer's own cost
measured at the start; a busy machine inflates single calls, so run it on an idle one and
compare shares rather than nanoseconds across runs. `to_act()` and the loop itself are not
counted. The phase is the state's `phase` number (every gamenight game keeps one), named as
the game's views name it, and taken before the action.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

SOURCE = Path(__file__).resolve().parents[1] / "src"
if __name__ == "__main__" and "--installed" not in sys.argv[1:]:
    sys.path.insert(0, str(SOURCE))  # this checkout's engine, not whatever is installed

from game_script import game_parser, run_report  # noqa: E402
from throughput import CHOICES, TABLE_MASK  # noqa: E402

from gamenight.core.registry import make_game  # noqa: E402

clock = time.perf_counter_ns


def timer_cost(samples: int = 100_000) -> float:
    """Nanoseconds one call of the clock costs, to take off every timed call."""
    start = clock()
    for _ in range(samples):
        clock()
    return (clock() - start) / samples


def profile(game_name: str, players: int, matches: int) -> dict[str, Any]:
    """Per phase: actions, nanoseconds in legal_actions and apply; and new_state's total."""
    game = make_game(game_name)
    overhead = timer_cost()
    names: dict[Any, str] = {}  # phase number -> its name in views, looked up once
    counts: dict[Any, int] = {}
    legal_ns: dict[Any, float] = {}
    apply_ns: dict[Any, float] = {}
    setup_ns = 0.0
    position = 0
    for seed in range(matches):
        start = clock()
        state = game.new_state(players, seed)
        setup_ns += clock() - start - overhead
        while actors := game.to_act(state):
            seat = actors[0]
            phase = getattr(state, "phase", None)
            if phase not in names:
                names[phase] = str(game.view(state, seat).get("phase", phase))
            start = clock()
            legal = game.legal_actions(state, seat)
            middle = clock()
            action = legal[CHOICES[position & TABLE_MASK] % len(legal)]
            position += 1
            before_apply = clock()
            game.apply(state, seat, action)
            end = clock()
            counts[phase] = counts.get(phase, 0) + 1
            legal_ns[phase] = legal_ns.get(phase, 0.0) + middle - start - overhead
            apply_ns[phase] = apply_ns.get(phase, 0.0) + end - before_apply - overhead
    actions = sum(counts.values())
    total = setup_ns + sum(legal_ns.values()) + sum(apply_ns.values())
    phases = [
        {
            "phase": names[phase],
            "actions": counts[phase],
            "action_share": counts[phase] / actions,
            "time_share": (legal_ns[phase] + apply_ns[phase]) / total,
            "legal_ns": legal_ns[phase] / counts[phase],
            "apply_ns": apply_ns[phase] / counts[phase],
        }
        for phase in sorted(counts, key=lambda p: -(legal_ns[p] + apply_ns[p]))
    ]
    return {
        "game": game_name,
        "players": players,
        "matches": matches,
        "actions_per_match": actions / matches,
        "new_state_ns": setup_ns / matches,
        "new_state_share": setup_ns / total,
        "timer_ns": overhead,
        "phases": phases,
    }


def main(argv: list[str] | None = None) -> int:
    parser = game_parser(__doc__, matches=300)
    args = parser.parse_args(argv)

    def show(report: dict[str, Any]) -> None:
        print(
            f"{args.game}, {args.players} players, {args.matches} random matches, "
            f"{report['actions_per_match']:.1f} actions each; new_state "
            f"{report['new_state_ns']:,.0f} ns a match "
            f"({report['new_state_share']:.1%} of the time)"
        )
        print(f"{'phase':<14}{'actions':>9}{'time':>8}{'legal ns':>10}{'apply ns':>10}")
        for row in report["phases"]:
            print(
                f"{row['phase']:<14}{row['action_share']:>9.1%}{row['time_share']:>8.1%}"
                f"{row['legal_ns']:>10,.0f}{row['apply_ns']:>10,.0f}"
            )

    return run_report(parser, args, lambda: profile(args.game, args.players, args.matches), show)


if __name__ == "__main__":
    sys.exit(main())
