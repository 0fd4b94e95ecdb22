r"""Two runs of one seeded tournament compared deal by deal: did a bot setting change its rate?

Two duplicate tournaments run with the same seed play the same deals from the same seats.
When only the measured bot's setting differs, the matches pair up. A paired difference is
then much tighter than comparing two separate win rates, because the luck of the deal
cancels. This script reads the match records that `gamenight tournament ... --records FILE`
writes and prints three things: the measured seat's share of wins in the base run, the same
in the other run, each with its Wilson 95% interval, and the mean paired difference with a
normal 95% interval. It also counts the matches where one run's seat did better than the
other's and gives the two-sided sign test of those counts (an exact binomial at one half),
which assumes nothing about the shape of the differences. A win shared by k seats counts
1/k. The measured seat in a match is the one whose bot is not the ``--opponent``; several
files on one side are pooled.

    gamenight tournament requirements --players 2 --bots ismcts,heuristic -n 100 \
        --seed 2026 --records base.jsonl
    gamenight tournament requirements --players 2 --bots ismcts:infer=on,heuristic -n 100 \
        --seed 2026 --records infer.jsonl
    python benchmarks/paired.py base.jsonl --versus infer.jsonl --opponent heuristic
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

SOURCE = Path(__file__).resolve().parents[1] / "src"
if __name__ == "__main__" and "--installed" not in sys.argv[1:]:
    sys.path.insert(0, str(SOURCE))  # this checkout's engine, not whatever is installed

from game_script import report_parser, run_report  # noqa: E402

from gamenight.core.log import RecordError, read_records  # noqa: E402
from gamenight.sim.stats import RunningMean, wilson_interval  # noqa: E402

Wins = dict[tuple[int, int], float]
"""(match seed, measured seat) -> the measured seat's share of that match's win."""


def wins(files: list[Path], opponent: str) -> Wins:
    """The measured seat's share of the win in every match of ``files``."""
    found: Wins = {}
    for path in files:
        for record in read_records(path):
            bots = record.meta.get("bots", [])
            measured = [seat for seat, bot in enumerate(bots) if bot != opponent]
            if len(measured) != 1 or record.outcome is None:
                raise RecordError(
                    f"{path}: a match of seed {record.seed} has no single seat whose bot is "
                    f"not {opponent!r} (bots: {', '.join(bots)}), or no outcome"
                )
            seat = measured[0]
            winners = record.outcome.get("winners", [])
            found[(record.seed, seat)] = 1 / len(winners) if seat in winners else 0.0
    return found


def rate(found: Wins) -> dict[str, float]:
    low, high = wilson_interval(sum(found.values()), len(found))
    return {
        "matches": len(found),
        "rate": sum(found.values()) / len(found),
        "low": low,
        "high": high,
    }


def compare(base: Wins, other: Wins) -> dict[str, float]:
    """The mean of (other - base) over the matches both runs played, with its interval; how
    many of those matches each run did better in, and the sign test of those counts."""
    difference = RunningMean()
    ahead = behind = 0
    for key in sorted(base.keys() & other.keys()):
        change = other[key] - base[key]
        difference.add(change)
        ahead += change > 0
        behind += change < 0
    mean, low, high = difference.interval()
    return {
        "pairs": difference.count,
        "change": mean,
        "low": low,
        "high": high,
        "versus_ahead": ahead,
        "base_ahead": behind,
        "sign_p": sign_test(ahead, behind),
    }


def sign_test(ahead: int, behind: int) -> float:
    """Two-sided exact sign test: the chance, if either run were as likely to do better in a
    match, of a split at least as uneven as ``ahead`` to ``behind``."""
    count = ahead + behind
    tail = sum(math.comb(count, k) for k in range(min(ahead, behind) + 1)) / 2**count
    return min(1.0, 2 * tail)


def paired(base_files: list[Path], versus_files: list[Path], opponent: str) -> dict[str, Any]:
    """The base run's rate; with ``versus_files``, the other run's and the paired change."""
    base = wins(base_files, opponent)
    other = wins(versus_files, opponent) if versus_files else {}
    report: dict[str, Any] = {"base": rate(base)}
    if other:
        report["versus"] = rate(other)
        report["paired"] = compare(base, other)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = report_parser(__doc__)
    parser.add_argument("base", nargs="+", type=Path, help="the base run's record files")
    parser.add_argument("--versus", nargs="+", type=Path, default=[], help="the other run's")
    parser.add_argument("--opponent", required=True, help="the bot of every other seat")
    args = parser.parse_args(argv)

    def show(report: dict[str, Any]) -> None:
        for side in ("base", "versus"):
            if side in report:
                row = report[side]
                print(
                    f"{side:<7}{row['matches']:>5} matches  {row['rate']:6.1%} "
                    f"({row['low']:.1%}-{row['high']:.1%})"
                )
        if "paired" in report:
            row = report["paired"]
            print(
                f"paired {row['pairs']:>5} matches  change {row['change']:+.1%} "
                f"({row['low']:+.1%} to {row['high']:+.1%})"
            )
            print(
                f"split  versus did better in {row['versus_ahead']}, base in "
                f"{row['base_ahead']} (sign test p = {row['sign_p']:.3f})"
            )

    return run_report(parser, args, lambda: paired(args.base, args.versus, args.opponent), show)


if __name__ == "__main__":
    sys.exit(main())
