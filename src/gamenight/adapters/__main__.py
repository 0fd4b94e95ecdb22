"""Print a game's action ids and observation layout: ``python -m gamenight.adapters GAME [N]``.

Without arguments it lists the games that have an encoding, with their player counts.
"""

from __future__ import annotations

import sys

from gamenight.adapters.codec import make_codec
from gamenight.adapters.encodings import encoded_games
from gamenight.core.errors import GamenightError
from gamenight.core.registry import entry


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        for name in encoded_games():
            counts = entry(name).game_class.spec.players_text()
            print(f"{name} ({counts} players): python -m gamenight.adapters {name} [players]")
        return 0
    try:
        players = int(args[1]) if len(args) > 1 else None
        codec = make_codec(args[0], players)
    except (GamenightError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"{codec.game.spec.title}, {codec.num_players} players")
    print(f"\n{codec.num_actions} action ids:")
    for action_id, notation in enumerate(codec.notations):
        print(f"{action_id:>6}  {notation}")
    print(f"\nobservation: {codec.size} float32 values\n")
    print(codec.layout.describe())
    return 0


if __name__ == "__main__":
    sys.exit(main())
