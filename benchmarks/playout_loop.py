"""A fixed number of seeded random playouts, for counting instructions (callgrind).

Plays ``throughput.py``'s ``random_playout`` on seeds ``0..n-1`` after 200 warm-up matches and
prints the number of actions, so a count is deterministic under any load. Run it twice, with
``n`` and with 0 matches, and divide the difference by the actions:

    PYTHONHASHSEED=0 valgrind --tool=callgrind python benchmarks/playout_loop.py ROOT gtpag 2 3000

``ROOT`` is the checkout whose ``src/`` is measured. A fifth argument, ``setup``, runs only
``new_state`` for each seed: the same subtraction then gives a new match's own cost.
"""

from __future__ import annotations

import sys
from pathlib import Path

root, name, players, matches = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
setup_only = sys.argv[5:] == ["setup"]
sys.path.insert(0, str(Path(root) / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import throughput  # noqa: E402

from gamenight.core.registry import make_game  # noqa: E402

game = make_game(name)
for seed in range(200):  # warm-up: caches and the interpreter's specialisation
    throughput.random_playout(game, game.new_state(players, seed), throughput.CHOICES, 0)
position = 0
for seed in range(matches):
    state = game.new_state(players, seed)
    if not setup_only:
        position = throughput.random_playout(game, state, throughput.CHOICES, position)
print("actions", position)
