"""The ``gamenight`` command line: list, play, simulate, replay."""

from gamenight.cli import listing, play, replay, simulate  # noqa: F401 - they register commands
from gamenight.cli.app import app


def main() -> None:
    app()


__all__ = ["app", "main"]
