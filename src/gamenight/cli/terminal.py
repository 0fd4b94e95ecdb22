"""A table in the terminal: humans and bots around one match.

A human seat is shown only its own view (rendered by the game), the recent events as that
seat saw them, and its legal actions numbered. It answers with a number or an action's
notation; anything else is explained and asked again. A decision with one legal action is
taken for the person, and shows in their log. With more than one human at the table
(hotseat), the screen is cleared and a hand-over prompt shown whenever the turn passes to
another person, so nobody sees another seat's hand.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from gamenight.core.agent import Agent
from gamenight.core.engine import Match
from gamenight.core.errors import GamenightError
from gamenight.core.registry import Renderer
from gamenight.sim.runner import agent_rngs

HELP = (
    "Type the number of an action, or the action itself (e.g. 'pass'). "
    "'?' shows this help, 'q' leaves the table."
)
EVENTS_SHOWN = 8


class LeftTable(Exception):
    """A human chose to leave (q, or end of input)."""


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
    ) -> None:
        self.match = match
        self.seats = [Seat(agent) for agent in seats]
        self.render = render
        self.console = console
        self.ask = ask
        self.rngs = agent_rngs(match.seed, match.num_players)
        self.events: list[deque[str]] = [deque(maxlen=EVENTS_SHOWN) for _ in seats]
        self.humans = [i for i, seat in enumerate(self.seats) if seat.human]
        self.last_human: int | None = None

    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1

    def run(self) -> None:
        """Play until the match is over or a human leaves (LeftTable)."""
        while not self.match.is_over():
            seat = self.match.to_act()[0]
            agent = self.seats[seat].agent
            if agent is None:
                legal = self.match.legal_actions(seat)
                # a choice that is no choice is made for the person (they see it in the log)
                action = legal[0] if len(legal) == 1 else self._human_turn(seat)
            else:
                legal = self.match.legal_actions(seat)
                view = self.match.view(seat) if agent.needs_view else {}
                action = agent.act(view, legal, self.rngs[seat])
            self._apply(seat, action)
        self._show_end()

    def _apply(self, seat: int, action: Hashable) -> None:
        public = self.match.public_action(seat, action)
        self.match.apply(seat, action)
        if not self.humans:  # only bots: narrate for the onlooker
            self.console.print(f"Seat {seat}: {public}")
        for viewer in self.humans:
            who = "You" if viewer == seat else f"Seat {seat}"
            what = str(action) if viewer == seat else public
            self.events[viewer].append(f"{who}: {what}")

    def _human_turn(self, seat: int) -> Hashable:
        if self.hotseat and self.last_human != seat:
            self.console.clear()
            self._prompt(f"Pass the keyboard to seat {seat}, then press Enter ")
            self.console.clear()
        self.last_human = seat
        self._show(seat)
        legal = self.match.legal_actions(seat)
        for number, action in enumerate(legal, start=1):
            self.console.print(f"  [bold]{number:>2}[/]  {action}")
        while True:
            answer = self._prompt(f"Seat {seat}, your move [1-{len(legal)}, ?, q]: ").strip()
            if answer in ("?", "help", "h"):
                self.console.print(HELP)
                continue
            if answer.lower() in ("q", "quit", "exit"):
                raise LeftTable
            if not answer:
                continue
            try:
                return self._choose(seat, answer, legal)
            except GamenightError as error:
                self.console.print(f"[red]{error}[/] (? for help)")

    def _choose(self, seat: int, answer: str, legal: Sequence[Any]) -> Hashable:
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(legal):
                chosen: Hashable = legal[number - 1]
                return chosen
            raise GamenightError(f"{number} is not a choice; choose 1 to {len(legal)}")
        return self.match.check(seat, answer)

    def _prompt(self, text: str) -> str:
        try:
            return self.ask(text)
        except EOFError:
            raise LeftTable from None

    def _show(self, seat: int | None) -> None:
        if seat is not None and self.events[seat]:
            self.console.print(
                Panel(Text("\n".join(self.events[seat])), title="what happened", expand=False)
            )
        self.console.print(self.render(self.match.view(seat)))

    def _show_end(self) -> None:
        outcome = self.match.outcome
        assert outcome is not None
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if self.hotseat:
            self.console.clear()
        self._show(viewer)
        scores = ", ".join(f"seat {seat}: {score:g}" for seat, score in enumerate(outcome.scores))
        if outcome.winners:
            names = " and ".join(f"seat {seat}" for seat in outcome.winners)
            verdict = f"{names} win{'s' if len(outcome.winners) == 1 else ''}"
        else:
            verdict = "no one wins"
        note = " (stopped at the safety cap)" if outcome.capped else ""
        self.console.print(
            f"[bold]Game over[/] ({outcome.reason}{note}): {verdict}. Scores: {scores}."
        )
