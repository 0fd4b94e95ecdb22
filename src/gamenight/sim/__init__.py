"""Simulation: matches between bots, many at a time, and what designers read from them."""

from gamenight.sim.runner import MatchResult, play_match

__all__ = ["MatchResult", "play_match"]
