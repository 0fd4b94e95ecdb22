"""Set-up, components, parameters, notation and bad input: C1-C4, R1-R4, R7, R16, D1, D2, G12."""

from __future__ import annotations

from collections import Counter

import pytest
from gnome_testkit import BLUE, GREEN, MULTI, PURPLE, RED, WHITE, YELLOW, make_game, new_match

from gamenight.core import (
    ActionParseError,
    IllegalActionError,
    InvalidParamsError,
    Match,
    PlayerCountError,
    Rng,
    WrongActorError,
)
from gamenight.core.registry import entry
from gamenight.core.registry import make_game as registry_game
from gamenight.games.gnome.actions import Action, Kind
from gamenight.games.gnome.chance import shuffle


# -- components and set-up ----------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size"), [(3, 24), (4, 24), (6, 32)])
def test_c2_research_deck_composition(players: int, size: int) -> None:
    deck = Counter(make_game().params.research_deck(players))
    assert sum(deck.values()) == size
    extra = 1 if players == 6 else 0
    for colour in (RED, YELLOW, GREEN, BLUE, PURPLE):
        assert deck[colour] == 4 + extra
    assert deck[MULTI] == 2 + extra
    assert deck[WHITE] == 2 + 2 * extra


@pytest.mark.parametrize(
    ("players", "secrets"),
    [
        (3, []),
        (4, [RED, GREEN, BLUE, PURPLE]),
        (6, [RED, YELLOW, YELLOW, GREEN, BLUE, PURPLE]),
    ],
)
def test_c3_r3_r34_one_secret_card_each_none_with_3_players(
    players: int, secrets: list[int]
) -> None:
    state = new_match(players, seed=4).state
    dealt = [card for card in state.secret if card >= 0]
    assert sorted(dealt) == sorted(secrets)
    if players == 3:
        assert state.secret == (-1, -1, -1)


@pytest.mark.parametrize(("players", "offer", "deck"), [(3, 2, 14), (4, 3, 21), (6, 4, 28)])
def test_r4_r6_d1_first_round_draws_its_cards(players: int, offer: int, deck: int) -> None:
    state = new_match(players, seed=1).state
    assert state.round == 1
    assert len(state.offer) == offer
    assert len(state.deck) == deck


def test_c4_r2_every_player_holds_teamwork_cards_one_to_nine() -> None:
    match = new_match(4)
    assert [str(a) for a in match.legal_actions(0)] == [f"play {v}" for v in range(1, 10)]
    assert match.to_act() == (0, 1, 2, 3)


def test_d2_partners_sit_opposite() -> None:
    assert new_match(4).state.teams == ((0, 2), (1, 3))
    assert new_match(6).state.teams == ((0, 3), (1, 4), (2, 5))
    assert new_match(3).state.teams == ()


def test_d2_team_seating_is_a_parameter() -> None:
    match = new_match(4, teams_4p=((0, 1), (2, 3)))
    assert match.state.partner == (1, 0, 3, 2)


def test_setup_is_reproducible_from_the_seed() -> None:
    a, b = new_match(6, seed=9).state, new_match(6, seed=9).state
    assert a.to_dict() == b.to_dict()
    assert new_match(6, seed=10).state.to_dict() != a.to_dict()


# -- Teamwork cards -------------------------------------------------------------------------------
def test_r7_d3_commitments_in_any_order_the_last_reveals() -> None:
    match = new_match(4)
    for seat, value in ((2, 5), (0, 9), (3, 1)):
        match.apply(seat, f"play {value}")
        assert match.state.played == [[], [], [], []]
    assert match.to_act() == (1,)
    match.apply(1, "play 2")
    assert match.state.played == [[9], [2], [5], [1]]


def test_r16_a_teamwork_card_is_played_once_per_game() -> None:
    match = new_match(4)
    match.state.offer = [RED, RED, RED]
    for seat, value in enumerate([9, 3, 5, 4]):
        match.apply(seat, f"play {value}")
    assert "play 9" not in [str(a) for a in match.legal_actions(0)]
    with pytest.raises(IllegalActionError, match=r"R16: .*you played 9 in round 1"):
        match.apply(0, "play 9")


def test_d3_a_seat_commits_only_once_a_round() -> None:
    match = new_match(4)
    match.apply(0, "play 4")
    assert match.legal_actions(0) == []
    assert match.game.explain_illegal(match.state, 0, match.parse("play 5")).startswith("D3")


def test_g1_a_last_teamwork_card_is_played_at_once() -> None:
    """With 9 rounds the ninth round's cards are no choice: the round resolves by itself."""
    match = new_match(3, rounds=9)
    state = match.state
    for _ in range(8):
        for seat in range(3):
            match.apply(seat, match.legal_actions(seat)[-1])
        while state.phase != 0 and not match.is_over():
            seat = match.to_act()[0]
            match.apply(seat, match.legal_actions(seat)[0])
    assert match.is_over()
    assert state.round == 9
    assert [len(cards) for cards in state.played] == [9, 9, 9]


# -- notation ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "kind", "index"),
    [
        ("play 7", Kind.PLAY, 7),
        ("  PLAY   1 ", Kind.PLAY, 1),
        ("take red", Kind.TAKE, RED),
        ("take Multicolour", Kind.TAKE, MULTI),
        ("take multi", Kind.TAKE, MULTI),
        ("share 2", Kind.SHARE, 2),
        ("share with 1", Kind.SHARE, 1),
        ("share with seat 0", Kind.SHARE, 0),
    ],
)
def test_actions_parse_from_their_notation(text: str, kind: int, index: int) -> None:
    action = make_game().parse_action(text)
    assert action == Action(kind, index)


@pytest.mark.parametrize("text", ["play 10", "play", "take pink", "share", "hello", ""])
def test_bad_notation_is_one_line_error(text: str) -> None:
    with pytest.raises(ActionParseError) as error:
        make_game().parse_action(text)
    assert "\n" not in str(error.value)


# -- bad input --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 5, 7, 8])
def test_g12_unsupported_player_counts_are_refused(players: int) -> None:
    game = make_game()
    with pytest.raises(PlayerCountError, match=f"G.Nome is for 3, 4, 6 players, not {players}"):
        Match(game, players, 0)
    with pytest.raises(PlayerCountError):
        game.new_state(players, 0)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"rounds": 0}, "rounds must be between 1 and 9"),
        ({"rounds": 10}, "rounds must be between 1 and 9"),
        ({"teamwork": [1, 1, 2]}, "teamwork: distinct numbers"),
        ({"teamwork": []}, "teamwork: distinct numbers"),
        ({"research_base": [["Pink", 3]]}, "research_base: unknown card 'Pink'"),
        ({"research_base": [["Red", -1]]}, "negative count"),
        ({"teams_4p": [[0, 1], [0, 2]]}, "teams_4p: the teams must pair every seat"),
        ({"teams_6p": [[0, 1], [2, 3]]}, "teams_6p: the teams must pair every seat"),
        ({"session_games": 4}, "session_games must be 1, 2 or 3"),
        ({"set_bonus": -1}, "set_bonus cannot be negative"),
        ({"score_exponent": 9}, "score_exponent must be between 0 and 4"),
        ({"cards_per_round_4p": 0}, "cards_per_round_4p must be between 1 and 300"),
        ({"colours": ["Red", "Red"]}, "card names must differ"),
        ({"white": "Red"}, "card names must differ"),
        ({"max_actions": 0}, "max_actions must be at least 1"),
        ({"bonus": 3}, "unknown parameter 'bonus'"),
        ({"rounds": "eight"}, "parameter 'rounds' needs a whole number"),
    ],
)
def test_g12_invalid_params_are_refused_with_one_line(
    overrides: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidParamsError) as error:
        registry_game("gnome", overrides)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_g12_a_small_secret_deck_is_refused_for_the_count_that_needs_it() -> None:
    game = make_game(secret_base=[["Red", 1], ["Blue", 1], ["Green", 1]])
    with pytest.raises(InvalidParamsError, match="4 players: the Secret deck needs at least 4"):
        Match(game, 4, 0)
    Match(game, 3, 0)  # no Secret cards with 3 players


def test_unknown_variant_is_refused() -> None:
    with pytest.raises(InvalidParamsError, match="gnome has no variant 'solo'"):
        registry_game("gnome", variant="solo")


def test_variants_and_aliases_are_registered() -> None:
    assert entry("G.Nome").name == "gnome"
    assert registry_game("gnome", variant="session").params.session_games == 3
    assert registry_game("gnome", variant="secrets-3p").params.secrets_3p
    state = Match(registry_game("gnome", variant="secrets-3p"), 3, 0).state
    assert all(card >= 0 for card in state.secret)


def test_params_deck_composition_is_data() -> None:
    """A designer's deck: only Reds and Whites, 2 cards a round for 4 players."""
    match = new_match(
        4,
        research_base=[["Red", 12], ["White", 4]],
        cards_per_round_4p=2,
    )
    state = match.state
    assert sorted({*state.deck, *state.offer}) == [RED, WHITE]
    assert len(state.deck) + len(state.offer) == 16


def test_illegal_pick_names_the_rule_and_changes_nothing() -> None:
    match = new_match(4)
    match.state.offer = [RED, BLUE, GREEN]
    for seat, value in enumerate([9, 3, 5, 4]):
        match.apply(seat, f"play {value}")
    before = match.state.to_dict()
    with pytest.raises(IllegalActionError, match=r"R12: there is no Yellow card on offer"):
        match.apply(0, "take yellow")
    with pytest.raises(WrongActorError):
        match.apply(1, "take red")
    why = match.game.explain_illegal(match.state, 1, match.parse("take red"))
    assert why == "R12: seat 0 is choosing now, not seat 1"
    with pytest.raises(IllegalActionError, match="R12: it is your pick"):
        match.apply(0, "play 1")
    assert match.state.to_dict() == before


def test_public_action_hides_the_teamwork_card() -> None:
    match = new_match(4)
    assert match.public_action(0, match.parse("play 7")) == "play (face down)"


def test_r3_r4_shuffles_are_uniform_and_reproducible() -> None:
    """Every order of four cards comes up about equally often, and a seed fixes them all."""
    rng = Rng(11)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(24_000):
        cards = [0, 1, 2, 3]
        shuffle(rng, cards)
        counts[tuple(cards)] += 1
    assert len(counts) == 24
    assert all(850 <= n <= 1150 for n in counts.values())
    first, second = list(range(32)), list(range(32))
    shuffle(Rng(5), first)
    shuffle(Rng(5), second)
    assert first == second != list(range(32))
