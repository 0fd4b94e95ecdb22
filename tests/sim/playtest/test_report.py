"""Issue 15 item 4: the playtest lab's self-contained HTML report."""

from __future__ import annotations

import copy
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import plotly.offline
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from report_summaries import (
    BOLD,
    HOSTILE,
    empty_summary,
    expected_figures,
    filled_summary,
    run_playtest,
    spec,
)

from gamenight.core.game import Game
from gamenight.games.requirements.rules import RequirementsGame
from gamenight.sim.playtest.backends import LocalBackend
from gamenight.sim.playtest.measures import summarise
from gamenight.sim.playtest.report import render_report

HEADINGS = ("Summary", "Plots", "Win rate per seat", "Length", "Skill ladder", "Components",
            "The course of typical games", "Tables", "Comparisons")


class Page(HTMLParser):
    """The parts of a page the tests look at: tags, attributes, text, scripts."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.scripts: list[str] = []
        self.headings: list[str] = []
        self._in_script = False
        self._skip = False  # inside a style element
        self._heading = False
        self.feed(source)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"
        self._skip = tag == "style"
        self._heading = tag in {"h1", "h2", "h3"}
        if self._in_script:
            self.scripts.append("")
        if self._heading:
            self.headings.append("")

    def handle_endtag(self, tag: str) -> None:
        self._in_script = self._skip = self._heading = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data
        elif not self._skip:
            self.text.append(data)
        if self._heading:
            self.headings[-1] += data

    def classes(self, name: str) -> int:
        return sum(name in (attrs.get("class") or "").split() for _, attrs in self.tags)

    @property
    def words(self) -> str:
        return " ".join(" ".join(self.text).split())


def pct(estimate: dict[str, Any]) -> str:
    value, low, high = (estimate[k] * 100 for k in ("value", "low", "high"))
    return f"{value:.1f}% [{low:.1f}%, {high:.1f}%]"


@pytest.fixture(scope="module")
def full() -> dict[str, Any]:
    return filled_summary()


@pytest.fixture(scope="module")
def full_page(full: dict[str, Any]) -> str:
    return render_report(full)


def test_a_full_summary_has_every_section_and_figure(full: dict[str, Any], full_page: str) -> None:
    """issue 15 item 4: words first, then every kind of plot, then the tables, the
    comparisons and the power; one figure for each thing the summary can plot."""
    page = Page(full_page)
    words = page.words
    assert "A Game of Requirements: playtest report" in words
    positions = [page.headings.index(heading) for heading in HEADINGS]
    assert positions == sorted(positions)
    # seats; actions, turns and rounds; the ladder; components and courses of 2 configurations
    assert expected_figures(full) == 9
    assert page.classes("plotly-graph-div") == expected_figures(full)
    assert page.classes("empty") == 0
    for line in summary_words(full):
        assert line in words
    assert words.rindex(full["power"]["sentence"]) > words.index("Each configuration against")


def summary_words(summary: dict[str, Any]) -> list[str]:
    from gamenight.sim.playtest.words import summary_lines

    return [" ".join(line.split()) for line in summary_lines(summary)]


def test_the_title_names_the_run(full_page: str) -> None:
    """issue 15 item 4: game, players, bots, seed, configurations, counts and backend."""
    words = Page(full_page).words
    for fact in ("players 2", "bots random", "seed 0", "configurations base; no-doubles",
                 "12 per configuration", "random < heuristic, 4 matches per rung",
                 "32 of 32 matches", "backend local"):
        assert fact in words


def test_the_tables_show_the_summary_numbers(full: dict[str, Any], full_page: str) -> None:
    """issue 15 item 4: a seat's win rate, a bot's, a component's and a comparison's
    figures appear formatted in the tables."""
    config = full["configs"][1]
    assert f"<td>{pct(config['seats'][1]['win_rate'])}</td>" in full_page
    assert f"<td>{pct(config['bots'][0]['win_rate'])}</td>" in full_page
    assert f"<td>{pct(config['components'][0]['win_rate_users'])}</td>" in full_page
    ending, count = next(iter(config["outcomes"]["endings"].items()))
    assert f"<tr><td>{ending}</td><td>{count}</td>" in full_page
    first = full["comparisons"][0]
    assert first["unit"] == "rate"
    points = first["difference"]["value"] * 100
    assert f"<td>{points:+.1f} pts [" in full_page


def test_significant_differences_are_marked(full: dict[str, Any]) -> None:
    """issue 15 item 4: a significant comparison's row is marked, with its sentence."""
    summary = copy.deepcopy(full)
    summary["comparisons"][0].update(significant=True, p_adjusted=0.001,
                                     sentence="in `no-doubles`, seat 0 wins more often")
    page = render_report(summary)
    assert page.count('class="significant"') == 1
    assert "★ in `no-doubles`, seat 0 wins more often" in Page(page).words
    assert render_report(full).count('class="significant"') == sum(
        c["significant"] for c in full["comparisons"])


def test_an_empty_interrupted_run_says_so_at_the_top() -> None:
    """issue 15 item 4: nothing finished: no figure, one line per empty plot section, and
    the interruption stated before anything else."""
    summary = empty_summary()
    page = Page(render_report(summary))
    words = page.words
    assert expected_figures(summary) == 0
    assert page.classes("plotly-graph-div") == 0
    # five plot sections, each configuration, the comparisons
    assert page.classes("empty") == 5 + len(summary["configs"]) + 1
    assert "Too few matches finished in every configuration to compare them." in words
    warning = "This run was interrupted: the figures cover the 0 matches that finished of 32"
    assert words.index(warning) < words.index("Summary") < words.index("no match finished")
    assert "No match finished: nothing to plot." in words


def test_a_run_without_components_or_standings_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 15 item 4: a game with no component or standings hook: those sections say so
    in one line each, every other figure is there."""
    for hook in ("standings", "component_uses"):  # as a game without the optional hooks
        monkeypatch.setattr(RequirementsGame, hook, getattr(Game, hook))
    summary = summarise(run_playtest(spec(games=6, ladder_games=2), LocalBackend(1)))
    page = Page(render_report(summary))
    assert page.classes("plotly-graph-div") == expected_figures(summary)
    assert "No component data: this game reports no component uses" in page.words
    assert "No course of play: this game reports no standings" in page.words


def test_a_stopped_run_says_why_at_the_top(full: dict[str, Any]) -> None:
    """issue 15 item 4: a bot's error that stopped the run heads the page."""
    summary = {**full, "error": "bot 'x' chose something illegal"}
    words = Page(render_report(summary)).words
    assert words.index("stopped by a bot's error") < words.index("Summary")


def test_user_text_cannot_close_a_script_or_add_markup() -> None:
    """issue 15 item 4: configuration labels and component names are text everywhere:
    in the tables, the words and the plots' data; nothing runs."""
    summary = filled_summary((HOSTILE, BOLD), ("Accomplishment", HOSTILE, BOLD))
    source = render_report(summary)
    page = Page(source)
    assert HOSTILE not in source
    assert BOLD not in source
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in source
    assert HOSTILE in page.words  # shown as written
    assert BOLD in page.words
    figures = page.classes("plotly-graph-div")
    assert len(page.scripts) == 1 + figures  # plotly.js, then one per figure; no other
    assert not any(tag == "b" for tag, _ in page.tags)
    for script in page.scripts[1:]:
        assert "alert(1)</script>" not in script


def test_the_page_is_self_contained(full_page: str) -> None:
    """issue 15 item 4: nothing fetched from a network: no src or href to http(s) or
    a protocol-relative address, no stylesheet or frame from elsewhere."""
    page = Page(full_page)
    for tag, attrs in page.tags:
        for name in ("src", "href", "action", "data"):
            value = (attrs.get(name) or "").strip().lower()
            assert not value.startswith(("http:", "https:", "//")), (tag, name, value)
        assert tag not in {"link", "iframe", "img", "object", "embed"}


def test_plotly_js_is_inlined_exactly_once(full_page: str) -> None:
    """issue 15 item 4: the library once, whatever the number of figures."""
    library = plotly.offline.get_plotlyjs()
    assert full_page.count(library[:300]) == 1
    assert full_page.count(library[-300:]) == 1
    assert Page(full_page).scripts[0].strip() == library.strip()
