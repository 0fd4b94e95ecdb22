"""issue 11 item 3: in hotseat play, who gets the keyboard depends on public facts only.

The engine asks every seat with cards in a Pink Godzilla window (pgdk RULES.md G3, D6), and a
seat without a Pink Godzilla can only pass. The terminal used to pass for such a seat without
asking, so the hand-over prompt appeared only for seats holding one. Now every seat the engine
asks (``to_act``, which is public) is handed the keyboard when another person holds it, and
confirms even a forced move, so the screen shows the same whatever the hands hold.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Iterable

import pytest
from narrated_game import NAME, registered
from rich.console import Console
from table_harness import make_table
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.cli.menu import Menu
from gamenight.cli.terminal import CLEAR_SCREEN_AND_SCROLLBACK, LeftTable, TerminalTable
from gamenight.core import registry
from gamenight.core.engine import Match
from gamenight.core.rng import Rng
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.rules import PgdkGame

HAND_OVER = re.compile(r"Pass the keyboard to seat (\d+), then press Enter")
MOVE = re.compile(r"Seat (\d+), your move \[(\w+ or Enter|\w+-\w+), \?, l, q\]: ")


class Script:
    """The people at a hotseat table: Enter at a hand-over, ``answer`` at a move prompt.

    ``answer(seat, options)`` may give the menu position (from 1) of the action to take; it is
    typed as that action's menu label. Logs every prompt; ends the session (end of input) when
    ``stop`` says so at a move prompt.
    """

    def __init__(
        self,
        match: Match,
        answer: Callable[[int, int], str],
        stop: Callable[[Match, list[tuple[str, int]]], bool],
    ) -> None:
        self.match = match
        self.answer = answer
        self.stop = stop
        self.prompts: list[tuple[str, int]] = []

    def __call__(self, prompt: str) -> str:
        handed = HAND_OVER.fullmatch(prompt.strip())
        if handed:
            self.prompts.append(("hand over", int(handed[1])))
            return ""
        move = MOVE.fullmatch(prompt)
        assert move, f"unexpected prompt {prompt!r}"
        seat = int(move[1])
        if self.stop(self.match, self.prompts):
            raise EOFError
        self.prompts.append(("move", seat))
        menu = Menu.of(self.match.legal_actions(seat))
        reply = self.answer(seat, len(menu.labels))
        return menu.labels[int(reply) - 1] if reply.isdigit() else reply

    @property
    def hand_overs(self) -> list[int]:
        return [seat for kind, seat in self.prompts if kind == "hand over"]


def play_hotseat(match: Match, script: Script) -> None:
    table = TerminalTable(
        match,
        [None] * match.num_players,
        registry.entry(match.game.spec.name).render,
        Console(file=io.StringIO(), width=120),
        script,
    )
    with contextlib.suppress(LeftTable):  # the script ends the session
        table.run()


def changes(seats: Iterable[int]) -> list[int]:
    """The seats in order, each run of the same seat counted once."""
    out: list[int] = []
    for seat in seats:
        if not out or out[-1] != seat:
            out.append(seat)
    return out


def asked_seats(start: Match, actions: list[tuple[int, str]]) -> list[int]:
    """The seat the engine asks before each action, and after the last: from to_act alone."""
    asked = []
    for seat, text in actions:
        asked.append(start.to_act()[0])
        start.apply(seat, text)
    if not start.is_over():
        asked.append(start.to_act()[0])
    return asked


def copy_of(match: Match) -> Match:
    twin = Match(match.game, match.num_players, match.seed)
    twin.state = match.state.clone()
    return twin


# -- whole games, chosen at random ------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (4, 1)])
def test_issue11_item3_hand_overs_follow_the_asked_seat_alone(players: int, seed: int) -> None:
    """issue 11 item 3: hand-overs are exactly the changes of the asked seat (to_act)."""
    game = registry.make_game("pgdk")
    match = Match(game, players, seed)
    start = copy_of(match)
    rng = Rng(seed)

    def answer(seat: int, options: int) -> str:
        return "" if options == 1 else str(1 + rng.randbelow(options))

    moves = 150
    script = Script(match, answer, lambda m, prompts: sum(k == "move" for k, _ in prompts) >= moves)
    play_hotseat(match, script)
    actions = match.record.actions
    assert len(actions) == moves or match.is_over()
    # every decision of every person was asked, forced or not
    assert [seat for kind, seat in script.prompts if kind == "move"] == [s for s, _ in actions]
    assert script.hand_overs == changes(asked_seats(start, actions))
    assert forced_moves(Match(game, players, seed), actions) > 0  # e.g. only-pass windows


def forced_moves(start: Match, actions: list[tuple[int, str]]) -> int:
    forced = 0
    for seat, text in actions:
        forced += len(start.legal_actions(seat)) == 1
        start.apply(seat, text)
    return forced


# -- one Pink Godzilla window, the hands changed behind the scenes ------------------------------


def in_a_window(players: int) -> Match:
    """A freshly dealt match that opens with a Pink Godzilla window (D6)."""
    game = registry.make_game("pgdk")
    for seed in range(50):
        match = Match(game, players, seed)
        if match.state.phase == phases.GODZILLA:
            return match
    raise AssertionError("no deal opens with a window")


def with_holders(match: Match, holders: set[int]) -> Match:
    """The same position, but exactly the seats in ``holders`` hold a Pink Godzilla.

    Cards are swapped between hands and the draw deck (both hidden), so hand sizes, the Row
    and everything public stay as they were.
    """
    game = match.game
    assert isinstance(game, PgdkGame)
    pinks = game.pink_godzillas
    twin = copy_of(match)
    state = twin.state
    for seat, hand in enumerate(state.hands):
        for i, card in enumerate(hand):
            if (card in pinks) != (seat in holders and i == 0):
                wanted = (lambda c: c in pinks) if seat in holders and i == 0 else None
                j = next(
                    j
                    for j, other in enumerate(state.deck)
                    if (wanted(other) if wanted else other not in pinks)
                )
                hand[i], state.deck[j] = state.deck[j], card
    for seat, hand in enumerate(state.hands):
        assert (not pinks.isdisjoint(hand)) == (seat in holders)
    return twin


@pytest.mark.parametrize("players", [3, 4])
def test_issue11_item3_a_window_looks_the_same_whoever_holds_a_pink_godzilla(
    players: int,
) -> None:
    """issue 11 item 3 (pgdk G3): prompts in a window do not depend on who holds one."""
    dealt = in_a_window(players)
    variants = [set(), {0}, {players - 1}, set(range(players))]
    logs = []
    for holders in variants:
        match = with_holders(dealt, holders)
        assert match.view(None) == dealt.view(None)  # only hidden cards moved
        start = copy_of(match)
        script = Script(  # everyone passes; the session ends once the window has closed
            match,
            lambda seat, options: "pass",
            lambda m, prompts: m.state.phase != phases.GODZILLA,
        )
        play_hotseat(match, script)
        assert script.hand_overs == changes(asked_seats(start, match.record.actions))
        logs.append(script.prompts)
    assert all(log == logs[0] for log in logs)
    asked_in_window = [seat for kind, seat in logs[0] if kind == "move"]
    active = dealt.state.active
    assert asked_in_window == [(active + i) % players for i in range(players)]  # G3: all asked


def test_issue11_item3_a_lone_person_among_bots_is_not_asked_about_forced_moves() -> None:
    """issue 11 item 3: with one person nobody else watches; forced moves are taken for them."""
    dealt = in_a_window(3)
    match = with_holders(dealt, set())  # the person's window decision is a forced pass
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        raise EOFError

    seats = [None, *(registry.entry("pgdk").bots["heuristic"](match.game, {}) for _ in (1, 2))]
    table = TerminalTable(
        match, seats, registry.entry("pgdk").render, Console(file=io.StringIO()), ask
    )
    with pytest.raises(LeftTable):
        table.run()
    assert not any(HAND_OVER.search(prompt) for prompt in prompts)
    assert (0, "pass") in match.record.actions  # passed for the person, without a question


# -- issue 12 item 5: the scrollback is wiped at every hand-over ------------------------------

WIPE = CLEAR_SCREEN_AND_SCROLLBACK
runner = CliRunner()


def test_issue12_item5_each_hand_over_wipes_screen_and_scrollback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """issue 12 item 5: ESC[3J with the clear at each hand-over; after it, nothing of another
    seat's private log entries is printed (Face Down's private texts name their seat)."""
    with registered(monkeypatch):
        match = Match(registry.make_game(NAME), 3, seed=2)
        table, person, out = make_table(
            match, [None, None, None], lambda prompt: "" if "keyboard" in prompt else "a"
        )
        table.run()
    text = out.getvalue()
    hand_overs = [p for p in person.prompts if p.startswith("Pass the keyboard")]
    assert len(hand_overs) >= 6
    assert text.count(WIPE) >= 2 * len(hand_overs)
    # the screens before each hand-over prompt end with the wipe
    for screen, prompt in zip(person.screens, person.prompts, strict=True):
        if prompt.startswith("Pass the keyboard"):
            assert screen.endswith(WIPE)
    # between two wipes, only the seat at the keyboard's own secrets appear
    at_keyboard = None
    for screen, prompt in zip(person.screens, person.prompts, strict=True):
        for chunk in screen.split(WIPE)[1:] if WIPE in screen else [screen]:
            others = {seat for seat in range(3) if seat != at_keyboard}
            assert not any(f"(seat {seat})" in chunk for seat in others), chunk
        handed = HAND_OVER.fullmatch(prompt.strip())
        if handed:
            at_keyboard = int(handed[1])
    assert any(f"(seat {seat})" in text for seat in range(3))  # secrets were shown, to each


@pytest.mark.parametrize(
    ("args", "script"),
    [
        (["play", "gnome", "--hotseat", "-p", "3", "--seed", "1"], "\na\n" * 40),
        # the night's ratings are secrets too: two people rate G.Nome and Pink Godzilla
        (
            ["night", "--seats", "human,human,random,random", "--seed", "2"],
            "\n9\n0\n\n5\n5\n" + "\na\n" * 40,
        ),
    ],
)
def test_issue12_item5_the_command_line_wipes_the_scrollback_before_each_hand_over(
    args: list[str], script: str
) -> None:
    """issue 12 item 5: `play --hotseat` and `night` write ESC[3J before every hand-over."""
    result = runner.invoke(app, args, input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    starts = [m.start() for m in re.finditer("Pass the keyboard to seat", out)]
    assert len(starts) >= 3
    for start in starts:
        assert out[:start].endswith(WIPE)
