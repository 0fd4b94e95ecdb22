"""Bad input and the notation: G2, G20, C1-C6 params, DC1 player counts."""

from __future__ import annotations

from typing import Any

import pytest
from gtpag_helpers import AGOR, GNOME, new, play, two_nominations

from gamenight.core import (
    ActionParseError,
    IllegalActionError,
    InvalidParamsError,
    Match,
    PlayerCountError,
    Rng,
)
from gamenight.core.registry import make_game
from gamenight.games.gtpag.params import DEFAULT_LIBRARY, GtpagParams
from gamenight.games.gtpag.rules import GtpagGame


def test_c5_the_default_library_is_the_games_gamenight_runs() -> None:
    assert DEFAULT_LIBRARY == (AGOR, GNOME, "Pink Godzilla Dev Kit", "Game to Pick a Game")
    assert GtpagParams().candidates == DEFAULT_LIBRARY
    params = GtpagParams(added_titles=("Azul",))
    assert params.candidates == (*DEFAULT_LIBRARY, "Azul")


@pytest.mark.parametrize("players", [0, 1, 9, 12])
def test_dc1_g20_unsupported_player_counts_are_refused(players: int) -> None:
    game = make_game("gtpag")
    with pytest.raises(PlayerCountError, match=r"^Game to Pick a Game is for 2-8 players"):
        Match(game, players, 1)


def test_g20_fewer_characters_than_players_is_refused() -> None:
    params = GtpagParams(character_names=("Red", "Blue", "Green"), traits=("Hype",) * 3)
    with pytest.raises(PlayerCountError, match="has 3 characters, not enough for 4 players"):
        GtpagGame(params).new_state(4, 1)


BAD_PARAMS: list[tuple[dict[str, Any], str]] = [
    ({"library": []}, "library: at least one title is needed"),
    ({"library": [AGOR, "g.nome", GNOME]}, "library: 'G.Nome' appears twice"),
    ({"added_titles": ["a game of requirements"]}, "appears twice"),
    ({"library": ["Two  spaces"]}, "is not a title"),
    ({"preferences": [[1, 2, 3]] * 4}, "preferences: seat 0 gives 3 numbers but the library"),
    ({"preferences": [[1, 2, 3, 4], [1, 2, 3, 4, 5]]}, "seat 1 gives 5 numbers"),
    ({"characters": [1, 1, 2]}, "characters: two seats cannot play the same character"),
    ({"characters": [0, 2]}, "characters: 0 is no character"),
    ({"characters": [9, 2]}, "characters: 9 is no character"),
    ({"bid_chips": ["+2", "double"]}, "bid_chips: 'double' is neither a number"),
    ({"bid_chips": []}, "bid_chips: every character needs 1 to 6 Bid chips"),
    ({"traits": ["Spotlight"] * 7 + ["Teleport"]}, "traits: unknown Trait 'Teleport'"),
    ({"traits": ["Hype"] * 7}, "character_names has 8 names but traits has 7"),
    ({"scout_looks": 0}, "scout_looks must be between 1 and 8"),
    ({"max_tie_rounds": -1}, "max_tie_rounds must be 0 or more"),
    ({"max_actions": 0}, "max_actions must be at least 1"),
    ({"first_player": 8}, "first_player must be a seat"),
    ({"boost_value": "two"}, "parameter 'boost_value' needs a whole number"),
]


@pytest.mark.parametrize(("overrides", "message"), BAD_PARAMS)
def test_g20_bad_params_are_refused_with_one_line(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidParamsError) as error:
        GtpagParams().with_overrides(overrides)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("overrides", "players", "message"),
    [
        ({"preferences": [[1, 2, 3, 4]] * 3}, 4, "preferences are given for 3 seats but 4 play"),
        ({"characters": [1, 2, 3]}, 4, "characters names 3 characters for 4 players"),
        ({"first_player": 5}, 4, "first_player 5 is no seat of a 4-player game"),
    ],
)
def test_g20_params_that_do_not_fit_the_player_count_are_refused(
    overrides: dict[str, Any], players: int, message: str
) -> None:
    game = GtpagGame(GtpagParams().with_overrides(overrides))
    with pytest.raises(InvalidParamsError, match=message):
        Match(game, players, 1)


def test_c6_given_preferences_are_used_and_read_from_json_lists() -> None:
    game = make_game("gtpag", {"preferences": [[1, 2, 3, 4], [4, 3, 2, 1.5]]})
    state = game.new_state(2, 3)
    assert state.prefs == ((1.0, 2.0, 3.0, 4.0), (4.0, 3.0, 2.0, 1.5))
    assert game.view(state, 1)["preferences"] == [4.0, 3.0, 2.0, 1.5]


def test_g6_random_preferences_are_a_ranking_per_seat_from_the_seed() -> None:
    game = make_game("gtpag")
    state = game.new_state(8, 5)
    for prefs in state.prefs:
        assert sorted(prefs) == [1.0, 2.0, 3.0, 4.0]
    assert game.new_state(8, 5).prefs == state.prefs
    assert len({game.new_state(8, seed).prefs for seed in range(5)}) == 5
    big = make_game("gtpag", {"added_titles": [f"Game {i}" for i in range(6)]})
    assert sorted(big.new_state(3, 1).prefs[0]) == [float(v) for v in range(1, 11)]


def test_g1_characters_param_assigns_characters_to_seats() -> None:
    game, state = new(3, characters=[8, 5, 6], preferences=None)
    view = game.view(state, 0)
    assert [(s["character"], s["name"], s["trait"]) for s in view["seats"]] == [
        (8, "Grey", "Smash"),
        (5, "Blue", "Warcry"),
        (6, "Purple", "Scout"),
    ]
    default = make_game("gtpag").new_state(3, 1)
    assert default.chars == (0, 1, 2)


def test_g2_every_action_round_trips_through_its_notation() -> None:
    game = make_game("gtpag", {"added_titles": ["Ticket on Rails"]})
    book = game.book
    every = [
        book.passing,
        book.done,
        book.decline,
        *book.nominate,
        *(a for row in book.bid for a in row),
        *(a for rows in book.target.values() for row in rows for a in row),
        *(a for row in book.with_ for a in row),
        *(a for row in book.place.values() for a in row),
        *book.bare.values(),
        *book.to,
        *book.boost,
    ]
    assert len({str(a) for a in every}) == len(every)
    for action in every:
        assert game.parse_action(str(action)) == action
        assert game.parse_action(str(action).upper()) == action
    assert game.parse_action("bid +2 on n1") == game.parse_action("bid +2 n1")
    assert game.parse_action("bid 2 n1") == game.parse_action("bid +2 n1")
    assert game.parse_action("bid INVERT   n2") == game.parse_action("bid invert n2")
    assert str(game.parse_action("nominate ticket on rails")) == "nominate Ticket on Rails"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("xyzzy", "'xyzzy' is not an action of Game to Pick a Game"),
        ("nominate Chess", "'nominate Chess': no such title in the library"),
        ("bid +5 n1", "'bid +5 n1': write 'bid CHIP nN' with CHIP one of +2, -1, invert"),
        ("bid double n1", "write 'bid CHIP nN'"),
        ("spotlight n9.1", "'spotlight n9.1': no such Nomination or chip"),
        ("", "'' is not an action"),
    ],
)
def test_g2_text_that_is_no_action_is_refused_with_one_line(text: str, message: str) -> None:
    game = make_game("gtpag")
    with pytest.raises(ActionParseError) as error:
        game.parse_action(text)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_g20_every_illegal_action_is_explained_in_one_line_naming_a_rule() -> None:
    """Over random games at several player counts, each action of the book that is not legal
    is refused by the Match with a one-line reason that names a rule (R, D, G) or the turn."""
    book_game = make_game("gtpag")
    book = book_game.book
    sample = [
        book.passing,
        book.done,
        book.decline,
        *book.nominate,
        *(row[j] for row in book.bid for j in range(3)),
        *(rows[j][i] for rows in book.target.values() for j in range(3) for i in range(3)),
        *(book.with_[j][i] for j in range(3) for i in range(3)),
        *(row[j] for row in book.place.values() for j in range(3)),
        *book.bare.values(),
        *book.to[:3],
        *book.boost[:3],
    ]
    for players in (2, 4, 8):
        for seed in range(3):
            match = Match(make_game("gtpag"), players, seed)
            rng = Rng(seed)
            while not match.is_over():
                seat = match.to_act()[0]
                legal = set(map(str, match.legal_actions(seat)))
                for action in sample:
                    if str(action) in legal:
                        continue
                    with pytest.raises(IllegalActionError) as error:
                        match.apply(seat, str(action))
                    message = str(error.value)
                    assert message
                    assert "\n" not in message
                    assert message[0] in "RDG", message
                options = match.legal_actions(seat)
                match.apply(seat, options[rng.randbelow(len(options))])


def test_g20_the_wrong_seat_is_told_whose_turn_it_is() -> None:
    game, state = two_nominations(4)
    assert game.explain_illegal(state, 1, game.parse_action("bid +2 n1")) == (
        "it is seat 3's turn, not seat 1's"
    )
    play(game, state, "bid +2 n1")
    assert game.explain_illegal(state, 3, game.parse_action("bid +2 n1")).startswith("it is")
