"""Re-run every row of STRENGTH.md's first table with its own command; print both win rates.

Run from the repository root, with the gamenight to measure on the PATH or named:

    python benchmarks/strength_rerun.py --gamenight /path/to/venv/bin/gamenight --jobs 1

Each row's command is run as written (with ``--json`` and the ``-j`` asked for) and one JSON
line per row is printed: the command, the win rate the table holds, the one measured now with
its 95% interval, the matches and the seconds taken. A row whose command fails is printed
as such and the others go on.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

TABLE = Path(__file__).with_name("STRENGTH.md")
COMMAND = re.compile(r"`(gamenight tournament [^`]*)`")


def first_table_rows(text: str) -> list[tuple[str, float]]:
    """(command, win rate) of the first table: ISMCTS against the random and heuristic bots."""
    rows: list[tuple[str, float]] = []
    for line in text.split("\n\n## ", 1)[0].splitlines():
        found = COMMAND.search(line)
        if line.startswith("| ") and found:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            rows.append((found.group(1), float(cells[5].split("%")[0]) / 100))
    return rows


def rerun(command: str, gamenight: str, jobs: int) -> dict[str, object]:
    args = shlex.split(command)[1:]
    if "-j" in args:
        args[args.index("-j") + 1] = str(jobs)
    start = time.monotonic()
    done = subprocess.run([gamenight, *args, "--json"], capture_output=True, text=True)
    if done.returncode:
        return {"command": command, "failed": done.stderr.strip().splitlines()[-1:]}
    first = json.loads(done.stdout)["by_bot"][0]
    return {
        "command": command,
        "now": first["win_rate"],
        "low": first["win_low"],
        "high": first["win_high"],
        "games": first["games"],
        "seconds": round(time.monotonic() - start),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gamenight", default="gamenight", help="the gamenight command to run")
    parser.add_argument("--jobs", type=int, default=1, help="processes per tournament")
    args = parser.parse_args(argv)
    for command, table in first_table_rows(TABLE.read_text(encoding="utf-8")):
        row = rerun(command, args.gamenight, args.jobs)
        print(json.dumps({"table": table, **row}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
