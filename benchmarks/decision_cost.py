"""Seeded bot decisions over ``peers.py``'s positions, for counting instructions (callgrind).

A clock on a shared machine moves by a tenth from run to run; an instruction count does not.
Run it once per bot spec and once with ``none`` (the positions alone), and divide each
difference by the number of positions:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/decision_cost.py gnome:4 24 ismcts:infer=off,iters=300

The positions and every decision's generator come from ``--seed`` (2026), through
``peers.decisions`` as ``peers.decision_seconds`` draws them, so two specs decide the same
positions. Each decision prints one line (position, seat, action).
"""

from __future__ import annotations

import argparse

import peers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("setup", help="GAME:PLAYERS, as peers.py reads it (gnome:4)")
    parser.add_argument("positions", type=int, help="how many positions to decide")
    parser.add_argument("spec", help="a bot spec, or 'none' to build the positions only")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    setup = peers.parse_setup(args.setup)
    spots = peers.positions(setup, args.positions, args.seed)
    if args.spec == "none":
        return
    for index, (seat, action, _) in enumerate(peers.decisions(setup, args.spec, spots, args.seed)):
        print(index, seat, action)  # the same lines from two runs: the same decisions


if __name__ == "__main__":
    main()
