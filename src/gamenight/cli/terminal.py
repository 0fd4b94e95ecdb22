"""A table in the terminal: humans and bots around one match.

A human seat is shown only its own view (rendered by the game), the latest entries of the
public log as that seat read them (the game's own narration, ``Match.log``), and its legal
actions in a menu (see :mod:`gamenight.cli.menu`: numbered, or lettered when actions contain
numbers). It answers with a menu label or an action's notation; anything else is explained
and asked again. ``l`` pages through the whole log, ``?`` shows the game's guide and how to
answer, ``q`` leaves after asking. A game that does not narrate yet gets the old one-line
account of each action (``public_action``) instead of its log.

With more than one human at the table (hotseat), the screen and the terminal's scrollback are
wiped and a hand-over prompt shown whenever the engine asks another person than the one at
the keyboard, so nobody can see or scroll back to another seat's secrets. Who is handed the
keyboard, and whether the person at it is asked, depends only on which seat the engine asks
(public), never on how many legal actions that seat has: a seat with one option is handed the
keyboard and confirms that option like any other decision. Otherwise everyone watching would
learn, for instance, that a seat asked in a Pink Godzilla window holds no Pink Godzilla. A
lone person among bots has nobody watching, so a decision with one legal action is taken for
them and shows in their log.

A table of bots only is watched: the spectator's log is printed as it is written, paced by a
delay after each action or stepped with Enter.

End of input (Ctrl-D) at any prompt leaves the table, like ``q`` confirmed.

Everything a user, a bot spec, a game's narration or a file supplied is printed as plain
text, never read as rich markup.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from gamenight.cli.logview import entry_line, latest_panel, page, whole_log
from gamenight.cli.menu import Menu
from gamenight.cli.scores import final_reckoning, score_sheet_view
from gamenight.core import registry
from gamenight.core.agent import Agent, begin_watchers, tell_watchers, watching_seats
from gamenight.core.engine import Match
from gamenight.core.errors import GamenightError, UnknownGameError
from gamenight.core.registry import Renderer
from gamenight.sim.runner import agent_rngs

HELP_WORDS = ("?", "help", "h")
LOG_WORDS = ("l", "log")
QUIT_WORDS = ("q", "quit", "exit")
COMMANDS_HELP = (
    "'l' shows the whole log, '?' this help, 'q' leaves the table (after asking); "
    "end of input (Ctrl-D) leaves at once."
)
EVENTS_SHOWN = 8
"""Lines of the old one-line account shown for a game that does not narrate yet."""
CLEAR_SCREEN_AND_SCROLLBACK = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, erase the screen, erase the scrollback (xterm's ``ED 3``)."""


class LeftTable(Exception):
    """A human chose to leave (q confirmed, or end of input)."""


def wipe_screen(console: Console) -> None:
    """Clear the screen and the terminal's scrollback, so nothing earlier can be scrolled to.

    Written whether or not the output looks like a terminal: a hand-over must never leave a
    secret on a screen that only claims not to be one.
    """
    console.file.write(CLEAR_SCREEN_AND_SCROLLBACK)
    console.file.flush()


@dataclasses.dataclass
class Seat:
    agent: Agent | None  # None: a human

    @property
    def human(self) -> bool:
        return self.agent is None


class TerminalTable:
    def __init__(
        self,
        match: Match,
        seats: Sequence[Agent | None],
        render: Renderer,
        console: Console,
        ask: Callable[[str], str] = input,
        *,
        guide: str | None = None,
        delay: float = 0.0,
        step: bool = False,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        """``delay`` (seconds) or ``step`` (Enter per action) pace a table of bots only."""
        self.match = match
        self.seats = [Seat(agent) for agent in seats]
        self.render = render
        self.console = console
        self.ask = ask
        self.guide = _guide_of(match) if guide is None else guide
        self.delay = delay
        self.step = step
        self.sleep = sleep
        self.rngs = agent_rngs(match.seed, match.num_players)
        # bots that watch the match between decisions (issue 17), humans' moves included
        self.watchers = watching_seats([seat.agent for seat in self.seats])
        self.humans = [i for i, seat in enumerate(self.seats) if seat.human]
        self.last_human: int | None = None
        # the journal index from which each seat (and the onlooker) has not read the log
        self.unseen_from = [0] * match.num_players
        self.onlooker_from = 0
        self.events: list[list[str]] = [[] for _ in seats]  # games without narration
        self.intermissions_shown: set[str] = set()

    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1

    @property
    def narrated(self) -> bool:
        """Whether the game writes a log (a game not narrating yet leaves it empty)."""
        journal = self.match.journal
        return journal is not None and len(journal) > 0

    def _journal_length(self) -> int:
        journal = self.match.journal
        return len(journal) if journal is not None else 0

    # -- the loop ---------------------------------------------------------------------------
    def run(self) -> None:
        """Play until the match is over or a human leaves (LeftTable)."""
        if not self.humans:
            self._tell_onlooker()
        agents = [place.agent for place in self.seats]
        if self.watchers:
            begin_watchers(agents, self.watchers, self.match.view, self.rngs)
        while not self.match.is_over():
            seat = self.match.to_act()[0]
            agent = self.seats[seat].agent
            legal = self.match.legal_actions(seat)
            if agent is None:
                action = self._human_decision(seat, legal)
            else:
                view = self.match.view(seat) if agent.needs_view else {}
                action = agent.act(view, legal, self.rngs[seat])
            self._apply(seat, action)
            if not self.humans:
                self._tell_onlooker()
                self._pace()
            self._intermission()
        self._show_end()

    def _intermission(self) -> None:
        """A game of a multi-game match just ended: show its sheet once, wait, then go on.

        Everything in it is public, so in hotseat the screen is wiped first and nobody's
        own view is shown.
        """
        if self.match.is_over():
            return
        pause = self.match.view(None).get("intermission")
        if not pause or pause["key"] in self.intermissions_shown:
            return
        self.intermissions_shown.add(pause["key"])
        if self.hotseat:
            wipe_screen(self.console)
            self.last_human = None
        self.console.print(Text(pause["title"], style="bold"))
        self.console.print(score_sheet_view(pause["score_sheet"], None))
        if self.humans:
            self._prompt("Press Enter to go on ")
        else:
            self._pace()

    def _human_decision(self, seat: int, legal: Sequence[Any]) -> Hashable:
        if self.hotseat:
            # the others watch the screen: whoever the engine asks is asked, forced or not
            self._hand_over(seat)
            return self._human_turn(seat, legal)
        if len(legal) == 1:
            only: Hashable = legal[0]  # alone with bots: taken for them, shown in their log
            return only
        return self._human_turn(seat, legal)

    def _apply(self, seat: int, action: Hashable) -> None:
        public = None if self.narrated else self.match.public_action(seat, action)
        watched = self.match.public_action(seat, action) if self.watchers else ""
        own = self.match.apply(seat, action)
        if self.watchers:
            agents = [place.agent for place in self.seats]
            tell_watchers(agents, self.watchers, seat, own, watched, self.match.view)
        if public is None:
            return
        if not self.humans:  # only bots, and a game without narration: the one-line account
            self.console.print(Text(f"Seat {seat}: {public}"))
        for viewer in self.humans:
            who = "You" if viewer == seat else f"Seat {seat}"
            what = str(action) if viewer == seat else public
            self.events[viewer].append(f"{who}: {what}")

    # -- watching bots ------------------------------------------------------------------------
    def _tell_onlooker(self) -> None:
        """Print the entries of the spectator's log written since the last call."""
        for entry in self.match.log(None, self.onlooker_from):
            self.console.print(entry_line(entry))
        self.onlooker_from = self._journal_length()

    def _pace(self) -> None:
        if self.match.is_over():
            return
        if self.step:
            answer = self._prompt("Enter: next action, q: leave ").strip().lower()
            if answer in QUIT_WORDS:
                self._confirm_leave()
        elif self.delay > 0:
            self.sleep(self.delay)

    # -- a person's turn ------------------------------------------------------------------------
    def _hand_over(self, seat: int) -> None:
        """Wipe the screen and wait for ``seat``'s person, unless they hold the keyboard."""
        if self.last_human == seat:
            return
        wipe_screen(self.console)
        self._prompt(f"Pass the keyboard to seat {seat}, then press Enter ")
        wipe_screen(self.console)
        self.last_human = seat

    def _human_turn(self, seat: int, legal: Sequence[Any]) -> Hashable:
        menu = Menu.of(legal)
        self._show_turn(seat, menu)
        while True:
            answer = self._prompt(f"Seat {seat}, your move [{menu.choices}, ?, l, q]: ").strip()
            command = answer.lower()
            if command in HELP_WORDS:
                self._help(menu)
            elif command in QUIT_WORDS:
                self._confirm_leave()
            elif command in LOG_WORDS:
                self._page_log(seat)
                self._show_turn(seat, menu)
            elif not answer:
                if len(legal) == 1:  # the only option, confirmed
                    only: Hashable = legal[0]
                    return only
            else:
                try:
                    return self._choose(seat, answer, menu)
                except GamenightError as error:
                    self.console.print(Text.assemble((str(error), "red"), " (? for help)"))

    def _choose(self, seat: int, answer: str, menu: Menu) -> Hashable:
        picked = menu.pick(answer)
        if picked is not None:
            return picked
        return self.match.check(seat, answer)

    def _show_turn(self, seat: int, menu: Menu) -> None:
        self._show(seat)
        for label, notation in menu.rows():
            self.console.print(Text.assemble((f"  {label:>2}", "bold"), f"  {notation}"))

    def _help(self, menu: Menu) -> None:
        if self.guide:  # no box: a guide's lines are laid out for the full width
            self.console.rule(Text(f"{self.match.game.spec.title}: how to play"))
            self.console.print(Text(self.guide))
            self.console.rule()
        for line in [*menu.help_lines(), COMMANDS_HELP]:
            self.console.print(Text(line))

    def _confirm_leave(self) -> None:
        if self._prompt("Leave the table? [y/N] ").strip().lower() in ("y", "yes"):
            raise LeftTable

    def _prompt(self, text: str) -> str:
        try:
            return self.ask(text)
        except EOFError:
            self.console.print()  # Ctrl-D leaves the cursor after the prompt
            raise LeftTable from None

    # -- the log ------------------------------------------------------------------------------
    def _show(self, seat: int | None) -> None:
        """The latest log entries ``seat`` has not seen (with some context), then its view."""
        if self.narrated:
            unseen = self.onlooker_from if seat is None else self.unseen_from[seat]
            self.console.print(latest_panel(self.match.log(seat), unseen))
            if seat is None:
                self.onlooker_from = self._journal_length()
            else:
                self.unseen_from[seat] = self._journal_length()
        elif seat is not None and self.events[seat]:
            recent = self.events[seat][-EVENTS_SHOWN:]
            self.console.print(Panel(Text("\n".join(recent)), title="what happened", expand=False))
        self.console.print(self.render(self.match.view(seat)))

    def _page_log(self, seat: int) -> None:
        """The whole log as ``seat`` read it, a screenful at a time."""
        if self.narrated:
            lines = whole_log(self.match.log(seat))
        else:
            lines = [Text(event) for event in self.events[seat]]
        page(self.console, lines, self._prompt)

    # -- the end --------------------------------------------------------------------------------
    def _show_end(self) -> None:
        outcome = self.match.outcome
        assert outcome is not None
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if self.hotseat:
            wipe_screen(self.console)
        if self.humans:
            self._show(viewer)
        else:  # the onlooker has read the whole log already
            self.console.print(self.render(self.match.view(None)))
        for part in final_reckoning(self.match.view(viewer), outcome, viewer):
            self.console.print(part)


def _guide_of(match: Match) -> str:
    try:
        return registry.entry(match.game.spec.name).guide
    except UnknownGameError:  # a game made in code and never registered
        return ""
