"""issue 15 item 2: the playtest hooks of G.Nome, RULES.md "Playtest measures" M1-M3.

Explicit positions (offer set by hand, Teamwork cards played through the checked Match) and
random playouts over many seeds. Default teams: 4 players (0,2) (1,3).
"""

from __future__ import annotations

import pytest
from gnome_testkit import BLUE, GREEN, MULTI, RED, WHITE, YELLOW, new_match, play_round, set_offer

from gamenight.core.rng import Rng
from gamenight.games.gnome import playtest
from gamenight.games.gnome.rules import GnomeGame

COLOURS = {
    "colour Red",
    "colour Yellow",
    "colour Green",
    "colour Blue",
    "colour Purple",
    "colour White",
    "colour Multicolour",
}
TEAMWORK = {f"teamwork {v}" for v in range(1, 10)}


def uses_of(match, seat: int, text: str) -> tuple[tuple[int, str], ...]:  # type: ignore[no-untyped-def]
    """M2 for the action ``text`` of ``seat``, asked before it is applied (as the lab does)."""
    game: GnomeGame = match.game
    return game.component_uses(match.state, seat, game.parse_action(text))


def test_m2_a_commitment_uses_its_teamwork_card() -> None:
    match = new_match(4)
    assert uses_of(match, 2, "play 7") == ((2, "teamwork 7"),)
    assert uses_of(match, 0, "play 1") == ((0, "teamwork 1"),)


def test_m2_m1_picks_credit_the_holders_and_standings_follow_4_players() -> None:
    """M2, R27: Individual picks credit the picker, the Team card both partners; M1 (R22)."""
    match = new_match(4)
    state = match.state
    state.secret = (-1, -1, -1, -1)  # no Secret cards, so the results are the picks alone
    set_offer(match, RED, BLUE, GREEN)
    game: GnomeGame = match.game
    assert game.standings(state) == (0.0, 0.0, 0.0, 0.0)
    play_round(match, [9, 3, 5, 4])  # team 0+2: 14, Leader 0; team 1+3: 7, Assistant 1
    assert uses_of(match, 0, "take red") == ((0, "colour Red"),)
    match.apply(0, "take red")
    assert game.standings(state) == (1.0, 0.0, 0.0, 0.0)
    assert uses_of(match, 1, "take blue") == ((1, "colour Blue"), (3, "colour Blue"))
    match.apply(1, "take blue")  # shared by 1 and 3; Green goes to seat 2 at once (G1)
    assert game.standings(state) == (1.0, 1.0, 1.0, 1.0)
    set_offer(match, RED, RED, MULTI)
    play_round(match, [8, 2, 6, 1])  # team 0+2: 14, Leader 0; team 1+3: 3, Assistant 3
    match.apply(0, "take red")
    assert game.standings(state) == (4.0, 1.0, 1.0, 1.0)  # two Reds: 2 squared
    match.apply(3, "take multicolour")  # a Team card of 1 and 3, counted as Blue (D7)
    assert game.standings(state) == (4.0, 4.0, 2.0, 4.0)  # seat 2: Green, then the last Red


def test_m1_secret_cards_count_and_the_set_of_six_scores() -> None:
    """M1: the Secret card is part of the collection (R19), the set bonus too (R23)."""
    match = new_match(4)
    state = match.state
    game: GnomeGame = match.game
    state.secret = (RED, GREEN, BLUE, -1)
    assert game.standings(state) == (1.0, 1.0, 1.0, 0.0)
    state = match.state = game.new_state(4, 3)  # a new object: the tally starts over
    state.secret = (-1, -1, -1, -1)
    state.individual[0] = [RED, YELLOW, GREEN, BLUE, WHITE]
    state.shared = [(4, 0, 2)]  # Purple, shared by 0 and 2
    assert game.standings(state) == (5.0 + 10.0, 0.0, 1.0, 0.0)


def test_m2_the_3_player_share_credits_the_named_seat() -> None:
    """M2, R36, D6: the lowest player takes the card, then names who shares it."""
    match = new_match(3)
    set_offer(match, RED, YELLOW)
    play_round(match, [9, 5, 1])  # seat 0 highest, seat 2 lowest
    assert uses_of(match, 0, "take red") == ((0, "colour Red"),)
    match.apply(0, "take red")
    assert match.state.pending == YELLOW  # taken at once (G1); seat 2 names its partner
    assert uses_of(match, 2, "share 1") == ((1, "colour Yellow"),)
    match.apply(2, "share 1")
    assert match.game.standings(match.state) == (1.0, 1.0, 1.0)


def test_m3_rounds_count_the_rounds_begun() -> None:
    match = new_match(4)
    game: GnomeGame = match.game
    assert game.rounds_played(match.state) == 1
    set_offer(match, RED, RED, RED)  # all alike: every pick is made at once (G1)
    play_round(match, [9, 3, 5, 4])
    assert game.rounds_played(match.state) == 2


def random_finish(game: GnomeGame, players: int, seed: int) -> tuple[object, list[object]]:
    state = game.new_state(players, seed)
    rng = Rng(seed)
    names: list[object] = []
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = legal[rng.randbelow(len(legal))]
        names += game.component_uses(state, seat, action)
        game.apply(state, seat, action)
        # the tally's figures are the plain computation's, at every step
        assert game.standings(state) == playtest.standings(game, state)
    return state, names


@pytest.mark.parametrize(
    ("players", "variant", "rounds"),
    [(3, None, 8), (4, None, 8), (6, None, 8), (4, "session", 24)],
)
def test_m1_m2_m3_random_matches(players: int, variant: str | None, rounds: int) -> None:
    """M1: at the end the standings are the outcome's scores; M2: only known kinds, seats of
    the table; M3: 8 rounds a game (D1), 3 games in a session (R29)."""
    game = GnomeGame(GnomeGame.params_from({}, variant)) if variant else GnomeGame()
    for seed in range(50):
        state, names = random_finish(game, players, seed)
        outcome = game.outcome(state)
        assert outcome is not None
        assert game.standings(state) == outcome.scores
        for seat, name in names:  # type: ignore[misc]
            assert 0 <= seat < players
            assert name in COLOURS | TEAMWORK
        assert game.rounds_played(state) == rounds
