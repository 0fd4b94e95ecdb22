"""issue 15 item 2: the playtest hooks of Pink Godzilla Dev Kit, RULES.md "Playtest
measures" M1-M3, from explicit positions and random playouts over many seeds."""

from __future__ import annotations

import pytest
from pgdk_helpers import Table, make_game

from gamenight.core.engine import Match
from gamenight.core.rng import Rng
from gamenight.games.pgdk import playtest
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.rules import CAPPED, PgdkGame

ORANGE = ("Rock Band of Elders", "Accessory O3", "Combo O2", "Pixel O4")  # 5+3+2+4 = 14
BLUE = ("Pixel Quest", "Vehicle B2", "Potion B2", "Pixel B3")  # 3+2+2+3 = 10
GENRES = {"genre RPG", "genre Fighting", "genre Music", "genre Shooting"}


def uses_of(match: Match, seat: int, text: str) -> tuple[tuple[int, str], ...]:
    """M2 for the action ``text`` of ``seat``, asked before it is applied (as the lab does)."""
    game: PgdkGame = match.game  # type: ignore[assignment]
    return game.component_uses(match.state, seat, game.parse_action(text))


def test_m2_cards_played_tabled_and_used_are_credited() -> None:
    """M2: play (D3), table (R30), use (R29) put the card to work."""
    table = Table(players=3)
    table.hand(0, "Elders B3", "Franchise", "Crunch Time 2", "Potion B4")
    match = table.match()
    assert uses_of(match, 0, "play Elders B3 new") == ((0, "card Elders B3"),)
    assert uses_of(match, 0, "table Franchise") == ((0, "card Franchise"),)
    assert uses_of(match, 0, "use Crunch Time 2") == ((0, "card Crunch Time 2"),)
    match.apply(0, "use Crunch Time 2")
    assert uses_of(match, 0, "done") == ()


def test_m2_completions_credit_the_genre() -> None:
    """M2: an Easter Egg (R28) and the Neutral Guardian's power (R27) complete at once, and
    `gold N` declares complete (R15): each names the videogame's genre."""
    table = Table(players=3)
    table.project(0, *BLUE)
    table.project(0, "Pinktroid Prime")
    table.hand(0, "Easter Egg B7", "Neutral Guardian")
    match = table.match()
    assert uses_of(match, 0, "play Easter Egg B7 on 1") == (
        (0, "card Easter Egg B7"),
        (0, "genre RPG"),
    )
    assert uses_of(match, 0, "use Neutral Guardian on 2") == (
        (0, "card Neutral Guardian"),
        (0, "genre Shooting"),
    )
    assert uses_of(match, 0, "play Neutral Guardian on 1") == ((0, "card Neutral Guardian"),)
    match.apply(0, "done")  # to the Going Gold Phase: the blue game is ready
    assert table.state.phase == phases.GOLD
    assert uses_of(match, 0, "gold 1") == ((0, "genre RPG"),)


def test_m2_currency_and_gains_are_not_uses() -> None:
    """M2: a trade's Row card and offer, an auction, a Pink Godzilla trade's Row card are not
    uses; the Pink Godzilla given is (D6)."""
    table = Table(players=2, phase=phases.PURCHASE)
    table.row("Potion B5", "Pixel P2")
    table.hand(0, "Accessory O5", "Pink Godzilla 3")
    match = table.match()
    assert uses_of(match, 0, "trade Potion B5") == ()
    assert uses_of(match, 0, "auction Pixel P2") == ()
    assert uses_of(match, 0, "discard lowest") == ()
    game: PgdkGame = table.game
    godzilla = game.book.godzilla(
        game.kind_by_label["Potion B5"], game.kind_by_label["Pink Godzilla 3"]
    )
    assert game.component_uses(table.state, 0, godzilla) == ((0, "card Pink Godzilla 3"),)


def test_m1_standings_are_the_final_scoring_of_the_table_now() -> None:
    """M1: R19, R20, R30 on the table as it stands, bonuses included; hands count nothing."""
    table = Table(players=2)
    game = table.game
    assert game.standings(table.state) == (0.0, 0.0)
    table.hand(1, "Auction House")  # in hand: nothing (R19)
    state = table.state
    table.completed(0, *ORANGE)
    table.special(1, "Talent Agency")
    fresh = state.clone()  # the position changed by hand: asked as a new object (M1)
    assert game.standings(fresh) == (14.0 + 20.0, 4.0)  # the highest game so far: +20
    table.state = fresh
    table.completed(1, *BLUE)
    again = fresh.clone()
    assert game.standings(again) == (14.0 + 20.0, 4.0 + 10.0 + 15.0)


def test_m1_standings_follow_a_completion_through_apply() -> None:
    table = Table(players=3)
    table.project(0, *BLUE)
    table.hand(0, "Easter Egg B7", "Potion B4")
    match = table.match()
    game: PgdkGame = table.game
    assert game.standings(table.state) == (0.0, 0.0, 0.0)
    match.apply(0, "play Easter Egg B7 on 1")  # 10 + 7, the only game: +20 (R20)
    assert game.standings(table.state) == (37.0, 0.0, 0.0)


def test_m3_rounds_are_turns_of_every_seat() -> None:
    """M3: turn 5 of 2 seats is round 3; a cap at turn 401 (G8) never began that turn."""
    game = make_game()
    table = Table(game, players=2)
    table.state.turn = 5
    assert game.rounds_played(table.state) == 3
    table.state.turn = 4
    assert game.rounds_played(table.state) == 2
    table.state.turn = 401
    table.state.end_reason = CAPPED
    assert game.rounds_played(table.state) == 200
    three = Table(game, players=3)
    three.state.turn = 7
    three.state.end_reason = "seat 1 completed game number 4"
    assert game.rounds_played(three.state) == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_m1_m2_m3_random_matches(players: int) -> None:
    """M1: at the end the standings are the outcome's scores (and the tally's figures the
    plain computation's at every step); M2: only known kinds; M3: rounds cover the turns."""
    game = PgdkGame()
    known = {f"card {label}" for label in game.labels} | GENRES
    for seed in range(50):
        state = game.new_state(players, seed)
        rng = Rng(seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            action = legal[rng.randbelow(len(legal))]
            for user, name in game.component_uses(state, seat, action):
                assert 0 <= user < players
                assert name in known
            game.apply(state, seat, action)
            assert game.standings(state) == playtest.standings(game, state)
        outcome = game.outcome(state)
        assert outcome is not None
        assert game.standings(state) == outcome.scores
        rounds = game.rounds_played(state)
        assert rounds >= 1
        assert (rounds - 1) * players < state.turn <= rounds * players + 1
