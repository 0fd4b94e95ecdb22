"""gamenight: an engine for modern tabletop games with hidden information.

The rules of every game implement one contract (:class:`gamenight.core.Game`); players,
playtesting designers and AI researchers all drive the same engine through
:class:`gamenight.core.Match`, the simulator and the command line.
"""

__version__ = "0.1.0"
