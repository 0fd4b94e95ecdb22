"""A table in the terminal: humans and bots around one match.

A human seat is shown only its own view (rendered by the game), the recent events as that
seat saw them, and its legal actions numbered. It answers with a number or an action's
notation; anything else is explained and asked again.

With more than one human at the table (hotseat), the screen is cleared and a hand-over prompt
shown whenever the engine asks another person than the one at the keyboard, so nobody sees
another seat's hand. Who is handed the keyboard, and whether the person at it is asked,
depends only on which seat the engine asks (public), never on how many legal actions that
seat has: a seat with one option is handed the keyboard and confirms that option like any
other decision. Otherwise everyone watching would learn, for instance, that a seat asked in a
Pink Godzilla window holds no Pink Godzilla. A lone person among bots has nobody watching, so
a decision with one legal action is taken for them and shows in their log.

Everything a user, a bot spec or a file supplied (action texts, answers, error messages) is
printed as plain text, never read as rich markup.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from gamenight.cli.app import ascii_whole_number
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
            legal = self.match.legal_actions(seat)
            if agent is None:
                action = self._human_decision(seat, legal)
            else:
                view = self.match.view(seat) if agent.needs_view else {}
                action = agent.act(view, legal, self.rngs[seat])
            self._apply(seat, action)
        self._show_end()

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
        public = self.match.public_action(seat, action)
        self.match.apply(seat, action)
        if not self.humans:  # only bots: narrate for the onlooker
            self.console.print(Text(f"Seat {seat}: {public}"))
        for viewer in self.humans:
            who = "You" if viewer == seat else f"Seat {seat}"
            what = str(action) if viewer == seat else public
            self.events[viewer].append(f"{who}: {what}")

    def _hand_over(self, seat: int) -> None:
        """Clear the screen and wait for ``seat``'s person, unless they hold the keyboard."""
        if self.last_human == seat:
            return
        self.console.clear()
        self._prompt(f"Pass the keyboard to seat {seat}, then press Enter ")
        self.console.clear()
        self.last_human = seat

    def _human_turn(self, seat: int, legal: Sequence[Any]) -> Hashable:
        self._show(seat)
        for number, action in enumerate(legal, start=1):
            self.console.print(Text.assemble((f"  {number:>2}", "bold"), f"  {action}"))
        choices = "1 or Enter" if len(legal) == 1 else f"1-{len(legal)}"
        while True:
            answer = self._prompt(f"Seat {seat}, your move [{choices}, ?, q]: ").strip()
            if answer in ("?", "help", "h"):
                self.console.print(HELP)
                continue
            if answer.lower() in ("q", "quit", "exit"):
                raise LeftTable
            if not answer:
                if len(legal) == 1:  # the only option, confirmed
                    only: Hashable = legal[0]
                    return only
                continue
            try:
                return self._choose(seat, answer, legal)
            except GamenightError as error:
                self.console.print(Text.assemble((str(error), "red"), " (? for help)"))

    def _choose(self, seat: int, answer: str, legal: Sequence[Any]) -> Hashable:
        number = ascii_whole_number(answer)
        if number is not None:
            if 1 <= number <= len(legal):
                chosen: Hashable = legal[number - 1]
                return chosen
            raise GamenightError(f"{number} is not a choice; choose 1 to {len(legal)}")
        if answer.isdigit():  # another script's digits (² or ١), or far too many
            raise GamenightError(
                f"{_shortened(answer)!r} is not a choice; type a number from 1 to "
                f"{len(legal)} with the digits 0-9, or an action"
            )
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
        self.console.print(  # the reason may quote a title the table typed in
            Text.assemble(
                ("Game over", "bold"), f" ({outcome.reason}{note}): {verdict}. Scores: {scores}."
            )
        )


def _shortened(text: str, most: int = 24) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."
