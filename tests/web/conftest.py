"""Browser tests: Playwright for Python driving Debian's chromium (never a downloaded browser).

They are skipped, with the reason, only where chromium or Playwright is missing; `.ci/run`
installs both.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from server_harness import RunningServer, running_server

CHROMIUM = shutil.which("chromium")

try:
    from playwright.sync_api import Browser, sync_playwright
except ImportError:  # the [test] extra brings it; say so rather than fail to collect
    sync_playwright = None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    reason = None
    if sync_playwright is None:
        reason = "Playwright for Python is not installed (pip install '.[test]')"
    elif CHROMIUM is None:
        reason = "no chromium on PATH (apt-get install chromium; .ci/run does it)"
    for item in items:
        if Path(str(item.fspath)).parent == here:
            item.add_marker(pytest.mark.browser)
            if reason is not None:
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert sync_playwright is not None
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with running_server(tmp_path_factory.mktemp("web") / "db.sqlite3", bot_pause=0.05) as up:
        yield up


@pytest.fixture
def artifacts(tmp_path: Path) -> Path:
    """Where screenshots go: $GAMENIGHT_ARTIFACTS if set (CI keeps it), else the test's tmp."""
    folder = Path(os.environ.get("GAMENIGHT_ARTIFACTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
