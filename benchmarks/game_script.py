"""What the diagnostic scripts (`agreement.py`, `phase_profile.py`, `paired.py`) share: the
per-game command line and the one-line refusal of bad input."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from gamenight.core.errors import GamenightError


def report_parser(doc: str) -> argparse.ArgumentParser:
    """A parser with ``[--json] [--installed]``, described by the first paragraph of the
    script's ``doc``; the script adds its own arguments."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--installed", action="store_true", help="use the installed gamenight")
    return parser


def game_parser(doc: str, matches: int) -> argparse.ArgumentParser:
    """``report_parser`` with ``GAME --players P --matches M``."""
    parser = report_parser(doc)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=matches)
    return parser


def run_report(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    measure: Callable[[], Any],
    show: Callable[[Any], None],
) -> int:
    """Run ``measure``; print its report as JSON (``--json``) or with ``show``. A bad game,
    player count, bot or record file is one line on stderr and exit status 2, as for any
    gamenight tool."""
    if getattr(args, "matches", 1) < 1:
        parser.error("--matches must be at least 1")
    try:
        report = measure()
    except GamenightError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        show(report)
    return 0
