"""Standard reinforcement-learning interfaces to every gamenight game.

This package is the only place where integer action ids and numeric observations exist; the
rules keep their typed actions and JSON-safe views. It needs the optional ``rl`` extra
(``pip install 'gamenight[rl]'``: numpy, PettingZoo, OpenSpiel); the core never imports it.

- :mod:`gamenight.adapters.encodings`: one module per game, mapping a seat's view to a
  fixed-size float32 vector and listing every action notation in a fixed id order.
- :mod:`gamenight.adapters.codec`: the game-agnostic part built on an encoding: id tables,
  legal-action masks, observations and rewards, cached per (game, params, player count).
- :mod:`gamenight.adapters.pettingzoo`: an AEC environment for every game and player count.
- :mod:`gamenight.adapters.openspiel`: every game registered with ``pyspiel``.

Nothing in the two adapters names a game: a new game becomes available to both by adding
its encoding module and one line in ``encodings/__init__.py``.
"""
