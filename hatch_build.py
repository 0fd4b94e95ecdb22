"""The guard around gamenight's optional compiled build (docs/speed.md).

The compile itself is hatch-mypyc's (the ``mypyc`` hook in pyproject.toml, off unless
``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``). That plugin writes its extension modules beside the
sources in ``src/``, where a checkout would import them instead of the ``.py`` files, stale
as soon as a source is edited. This hook, which runs before and after it, makes sure that
never lasts:

- an editable install with the switch on is refused before anything is compiled (it would
  run the compiled modules from ``src/`` forever after);
- once the wheel is written, every compiled file is removed from ``src/`` again;
- compiled files some earlier, interrupted build left there are removed before compiling.

Without the switch this hook does nothing, so ``pip install .`` and ``pip install -e .``
stay pure Python and quick.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILER_HOOK = "mypyc"
SWITCH = "HATCH_BUILD_HOOK_ENABLE_MYPYC"
EXTENSION_SUFFIXES = (".so", ".pyd")


class CompiledBuildGuard(BuildHookInterface):  # type: ignore[misc]  # hatchling: untyped generic
    """Keeps compiled modules out of the source tree (see the module's docstring)."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not _compiling(build_data):
            return
        if version == "editable":
            raise RuntimeError(
                f"gamenight: the compiled build ({SWITCH}=1) cannot be installed editable: "
                "its compiled modules would sit in src/ and shadow every later edit of the "
                f"sources. Unset {SWITCH} for `pip install -e .`, or install the compiled "
                "build without -e."
            )
        remove_compiled_files(self.root)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if _compiling(build_data):
            remove_compiled_files(self.root)


def _compiling(build_data: dict[str, Any]) -> bool:
    """Whether the mypyc hook takes part in this build (hatchling lists the enabled hooks)."""
    return COMPILER_HOOK in build_data.get("build_hooks", ())


def compiled_files(root: str | Path) -> list[Path]:
    """Every extension module under ``src/``: the per-module ones and mypyc's shared runtime."""
    src = Path(root, "src")
    return sorted(
        path for path in src.rglob("*") if path.suffix in EXTENSION_SUFFIXES and path.is_file()
    )


def remove_compiled_files(root: str | Path) -> None:
    for path in compiled_files(root):
        path.unlink()
