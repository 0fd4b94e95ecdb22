"""gamenight: an engine for modern tabletop games with hidden information.

The rules of every game implement one contract (:class:`gamenight.core.Game`); players,
playtesting designers and AI researchers all drive the same engine through
:class:`gamenight.core.Match`, the simulator and the command line.

gamenight installs as pure Python; an optional build compiles its hot modules with mypyc
(docs/speed.md). :func:`build` says which one is running.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__version__ = "0.1.0"

_PACKAGE_DIR = Path(__file__).resolve().parent


@dataclasses.dataclass(frozen=True)
class Build:
    """Which modules of this gamenight run compiled (none: the pure Python build)."""

    compiled_modules: tuple[str, ...]

    @property
    def compiled(self) -> bool:
        return bool(self.compiled_modules)

    def describe(self) -> str:
        """``compiled with mypyc: 42 modules`` or ``pure Python``."""
        if not self.compiled:
            return "pure Python"
        count = len(self.compiled_modules)
        return f"compiled with mypyc: {count} module{'s' if count != 1 else ''}"


def build() -> Build:
    """The build that is running, read off the modules actually imported.

    Every module of the package that has an extension file is imported, and counts as
    compiled only if Python loaded it from that extension (its ``__file__``), so the answer
    cannot claim more than what runs.
    """
    loaded: list[str] = []
    for name in _extension_module_names(_PACKAGE_DIR):
        module_file = getattr(importlib.import_module(name), "__file__", None) or ""
        if module_file.endswith(tuple(EXTENSION_SUFFIXES)):
            loaded.append(name)
    return Build(tuple(sorted(loaded)))


def _extension_module_names(package_dir: Path) -> list[str]:
    """Dotted names of the modules that have an extension file under ``package_dir``."""
    names: list[str] = []
    for extension in _extension_files(package_dir):
        relative = extension.relative_to(package_dir.parent)
        stem = relative.name.split(".", 1)[0]
        names.append(".".join((*relative.parent.parts, stem)))
    return names


def _extension_files(package_dir: Path) -> list[Path]:
    found: list[Path] = []
    for folder, _dirs, files in os.walk(package_dir):
        found.extend(
            Path(folder, name) for name in files if name.endswith(tuple(EXTENSION_SUFFIXES))
        )
    return found


def _refuse_stale_extensions(package_dir: Path) -> None:
    """Refuse to run a source checkout whose compiled modules are older than their sources.

    Python imports an extension module in preference to the ``.py`` file beside it, so a
    compiled module left in ``src/`` would silently run instead of every later edit. The
    build never leaves one there (hatch_build.py), but a hand-run compile might. Installed
    packages are not checked: an install writes the ``.py`` files and their extensions in
    no particular order, and nobody edits them.
    """
    checkout = package_dir.parent.parent
    if package_dir.parent.name != "src" or not (checkout / "pyproject.toml").is_file():
        return  # not a source checkout
    for extension in _extension_files(package_dir):
        source = extension.with_name(extension.name.split(".", 1)[0] + ".py")
        if source.is_file() and source.stat().st_mtime > extension.stat().st_mtime:
            raise ImportError(
                f"gamenight: the compiled module {extension} is older than its source "
                f"{source.name} and would run instead of it; delete the compiled files in "
                f"src/ (git clean -fdX src) and install the compiled build with pip instead"
            )


_refuse_stale_extensions(_PACKAGE_DIR)
