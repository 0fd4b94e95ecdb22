"""The ``gamenight`` command line: list, play, simulate, playtest, replay, serve."""

from gamenight.cli import (  # noqa: F401 - importing them registers the commands
    listing,
    night,
    play,
    playtest,
    replay,
    serve,
    simulate,
    tournament,
)
from gamenight.cli.app import app


def main() -> None:
    app()


__all__ = ["app", "main"]
