"""The ``--records`` file of ``simulate`` and ``tournament``: written fresh, or resumed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Annotated, TextIO

from gamenight.cli.app import flag, output_file, written_to
from gamenight.core.errors import GamenightError, RecordError
from gamenight.core.log import MatchRecord, json_lines
from gamenight.sim.resume import resumed_games
from gamenight.sim.simulate import GameSummary, SimulationSpec

ResumeOption = Annotated[
    bool,
    flag(
        "--resume",
        help="Go on with a stopped run: keep the matches in --records, play only the rest "
        "(a --csv file is written anew, with every match).",
    ),
]


@contextmanager
def records_output(
    path: Path | None, overwrite: bool, resume: bool, spec: SimulationSpec
) -> Iterator[tuple[TextIO | None, list[GameSummary]]]:
    """The records file open for writing, and the run's matches it already holds.

    Without ``resume`` the file is new (see :func:`output_file`) and holds none. With it, a
    file already there must hold the run's first matches (``sim.resume`` checks each one);
    what follows its last full line, a match cut off as it was written, is dropped, and new
    records are appended. Every check is made before the file is touched.
    """
    if not resume:
        with output_file(path, overwrite) as out:
            yield out, []
        return
    if path is None:
        raise GamenightError("--resume goes on from a run's records: name them with --records")
    if overwrite:
        raise GamenightError("--resume keeps the records file and --overwrite replaces it")
    if not path.exists():  # nothing played yet: the first run of a command kept for resuming
        with output_file(path, False) as out:
            yield out, []
        return
    kept, records = _full_lines(path)
    done = resumed_games(spec, records, str(path))
    try:
        out = path.open("r+", encoding="utf-8", newline="")
    except OSError as error:
        raise GamenightError(f"cannot write {path}: {error.strerror or error}") from None
    try:
        with written_to(out):
            out.seek(kept)
            out.truncate()
        yield out, done
    finally:
        with suppress(OSError):  # a failed write was reported already; do not mask it
            out.close()


def _full_lines(path: Path) -> tuple[int, list[MatchRecord]]:
    """The length in bytes of the file's full lines, and the records they hold."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise GamenightError(f"cannot read {path}: {error.strerror or error}") from None
    kept = data.rfind(b"\n") + 1
    try:
        text = data[:kept].decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a UTF-8 text file") from None
    return kept, list(json_lines(text, path))


def resume_line(done: list[GameSummary], spec: SimulationSpec, path: Path | None) -> str:
    """What a resumed run says before it plays."""
    if not done:
        return f"resuming: no match in {path} yet; playing all {spec.games}"
    return f"resuming: {len(done)} of {spec.games} matches already in {path}"
