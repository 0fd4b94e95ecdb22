"""The ``gamenight`` command line: list, play, simulate, replay."""

from gamenight.cli import listing, play, replay, simulate, tournament  # noqa: F401 - register commands
from gamenight.cli.app import app


def main() -> None:
    app()


__all__ = ["app", "main"]
