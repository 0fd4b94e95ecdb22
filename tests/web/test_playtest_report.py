"""Issue 15 item 4 in a real browser: the playtest report opened from disk, offline."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "sim" / "playtest"))

from report_summaries import BOLD, HOSTILE, expected_figures, spec

from gamenight.sim.playtest.backends import LocalBackend
from gamenight.sim.playtest.measures import summarise
from gamenight.sim.playtest.report import render_report
from gamenight.sim.playtest.run import run_playtest
from gamenight.sim.playtest.words import summary_lines

PHONE = {"width": 390, "height": 844}


def open_offline(browser: Any, path: Path, viewport: dict[str, int]) -> tuple[Any, list[str]]:
    """The report in a page that may fetch nothing but files; every problem is collected:
    console errors, uncaught exceptions, dialogs (a script that ran), network requests."""
    page = browser.new_page(viewport=viewport)
    problems: list[str] = []

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if url.startswith(("http:", "https:")):
            problems.append(f"network request: {url}")
            request_route.abort()
        else:
            request_route.continue_()

    page.route("**/*", route)
    page.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error"
            else None)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("dialog", lambda dialog: (problems.append(f"dialog: {dialog.message}"),
                                      dialog.dismiss()))
    page.goto(path.as_uri())
    return page, problems


def test_the_report_renders_offline_on_a_desktop_and_a_phone(browser: Any, tmp_path: Path) -> None:
    """issue 15 item 4: a report from a real run (two configurations, a short ladder) opens
    from disk with the network cut: every figure drawn, no error, the words visible, user
    labels shown as text, and no sideways scrolling at a phone's width."""
    run = run_playtest(spec((HOSTILE, BOLD), games=24, ladder_games=6), LocalBackend(1))
    summary = summarise(run)
    path = tmp_path / "report.html"
    path.write_text(render_report(summary), encoding="utf-8")
    figures = expected_figures(summary)
    assert figures >= 4  # seats, lengths, the ladder
    for viewport in ({"width": 1280, "height": 900}, PHONE):
        page, problems = open_offline(browser, path, viewport)
        page.wait_for_function(
            "n => { const plots = document.querySelectorAll('.js-plotly-plot');"
            " return plots.length === n"
            " && [...plots].every(plot => plot.querySelector('svg.main-svg')); }",
            arg=figures)
        plots = page.locator(".js-plotly-plot")
        assert plots.count() == figures
        for index in range(figures):
            assert plots.nth(index).locator("svg.main-svg").count() >= 1
        first_line = " ".join(summary_lines(summary)[0].split())
        assert page.locator("#summary li").first.inner_text() == first_line
        assert page.locator("#summary li").first.is_visible()
        legends = page.locator(".js-plotly-plot .legendtext").all_text_contents()
        assert BOLD in legends
        assert HOSTILE in legends
        assert page.locator("b").count() == 0
        width = page.evaluate("[document.documentElement.scrollWidth, "
                              "document.documentElement.clientWidth]")
        assert width[0] <= width[1], f"sideways scroll at {viewport['width']}px: {width}"
        assert problems == []
        page.close()
