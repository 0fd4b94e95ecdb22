"""Bots: the Agent contract, the random bot, and bot specs (``name:key=value,...``)."""

from gamenight.bots.base import RandomAgent, parse_bot_spec
from gamenight.bots.factory import bot_names, make_agent
from gamenight.core.agent import Agent

__all__ = ["Agent", "RandomAgent", "bot_names", "make_agent", "parse_bot_spec"]
