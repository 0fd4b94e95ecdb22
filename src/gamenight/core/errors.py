"""Domain errors. Every message is one line that names the problem, fit to show a user as is."""

from __future__ import annotations

import reprlib


class GamenightError(Exception):
    """Base of every error gamenight raises on bad input; its text is a one-line message."""


class IllegalActionError(GamenightError, ValueError):
    """An action that the rules do not allow in this position; the message names the rule."""


class WrongActorError(IllegalActionError):
    """A seat tried to act while it is not that seat's turn."""


class GameOverError(IllegalActionError):
    """An action was offered after the match had ended."""


class ActionParseError(IllegalActionError):
    """Text that is not the notation of any action of the game."""


class InvalidParamsError(GamenightError, ValueError):
    """Parameters, a variant or a player count that a game cannot be set up with."""


class PlayerCountError(InvalidParamsError):
    """A player count the game does not support."""


class UnknownGameError(GamenightError, ValueError):
    """A game name that is not registered."""


class RecordError(GamenightError, ValueError):
    """A match record that is corrupt, or does not fit the installed game."""


class BotError(GamenightError, ValueError):
    """An unknown bot, bad bot options, or a bot that misbehaved during a match."""


def brief(value: object, limit: int = 60) -> str:
    """A short one-line picture of any value, for error messages about untrusted input.

    Safe for values a caller or a file might hand over: huge or deeply nested containers,
    very long strings, integers too long to print, objects whose ``repr`` fails.
    """
    shorten = reprlib.Repr()
    shorten.maxstring = shorten.maxother = limit
    shorten.maxlong = limit
    try:
        text = shorten.repr(value)
    except Exception:  # e.g. an int too long to convert: say what it is instead
        text = f"<{type(value).__name__}>"
    return " ".join(text.split())
