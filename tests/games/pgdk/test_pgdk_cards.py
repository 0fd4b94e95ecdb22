"""C1-C5: the card list as data, and its checks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from gamenight.core.errors import InvalidParamsError
from gamenight.core.rng import Rng
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk.cards import DEFAULT_CARD_LIST
from gamenight.games.pgdk.rules import PgdkGame


def test_c1_the_default_deck_is_the_decided_106_cards() -> None:
    cards = PgdkGame().deck_list
    assert cards.total == 106
    per_type = Counter()
    for kind in cards.kinds:
        per_type[kind.type_name] += kind.count
    assert per_type == {
        "Title": 16,
        "Character": 20,
        "Required Gear": 36,
        "Gear Upgrade": 5,
        "Wild": 2,
        "Guardian": 3,
        "Easter Egg": 4,
        "Special Ability": 8,
        "Power Up": 12,
    }


def _values(name: str) -> list[tuple[str, int]]:
    cards = PgdkGame().deck_list
    return sorted(
        (kind.colour_text, kind.value)
        for kind in cards.kinds
        if kind.name == name
        for _ in range(kind.count)
    )


def test_c1_values_and_colours_follow_decisions_md() -> None:
    assert _values("Elders") == [("B", 3), ("G", 2), ("O", 2), ("P", 3)]
    assert _values("Pixel") == [("B", 3), ("G", 3), ("O", 4), ("P", 2)]
    assert _values("Jumpman") == [("B", 4), ("G", 4), ("O", 3), ("P", 3)]
    assert _values("Team Ninja Suppressors") == [("B", 4), ("G", 5), ("O", 4), ("P", 5)]
    assert _values("Pink Godzilla") == [("any", 3), ("any", 4), ("any", 4), ("any", 5)]
    assert _values("Vehicle") == sorted(
        [("B", 2), ("B", 3), ("B", 4), ("G", 3), ("G", 4), ("G", 5), ("BG", 2), ("BG", 3)]
    )
    assert _values("Weapon") == sorted(
        [("P", 2), ("P", 3), ("P", 4), ("G", 2), ("G", 3), ("G", 4), ("PG", 2), ("PG", 5)]
    )
    assert _values("Combo") == sorted(
        [("P", 2), ("P", 3), ("P", 4), ("O", 2), ("O", 3), ("O", 4), ("PO", 2), ("PO", 3)]
    )
    assert _values("Potion") == [("B", 2), ("B", 2), ("B", 3), ("B", 3), ("B", 4), ("B", 5)]
    assert _values("Accessory") == [("O", 2), ("O", 2), ("O", 3), ("O", 3), ("O", 4), ("O", 5)]
    assert _values("Wild") == [("any", 3), ("any", 3)]
    assert _values("Easter Egg") == [("B", 7), ("G", 7), ("O", 7), ("P", 7)]
    assert _values("Clone The Clone") == [("any", 3), ("any", 3)]
    assert _values("Budget Cut") == [("any", 3), ("any", 4)]


def test_c4_sourced_titles_keep_their_names_and_house_cards_are_marked() -> None:
    cards = PgdkGame().deck_list
    assert cards.find("Pinky Gear Solid").value == 5
    assert cards.find("Pinky Gear Solid").colour_text == "G"
    assert cards.find("Pinktroid Prime").colour_text == "G"
    assert cards.find("Elders May Cry").colour_text == "P"
    assert cards.find("Dance Dance Team Ninja Suppressors 2").colour_text == "O"
    for label in ("Pinky Gear Solid", "Elders May Cry"):
        assert cards.find(label).origin == "sourced"
    for label in ("Auction House", "Budget Cut 3", "Market Research 2", "Final Fantazilla"):
        assert cards.find(label).house
    assert not cards.find("Clone The Clone").house


def test_c4_labels_are_unique_and_name_shared_cards_by_colour_and_value() -> None:
    cards = PgdkGame().deck_list
    labels = [kind.label for kind in cards.kinds]
    assert len(set(labels)) == len(labels) == 99
    assert "Potion B2" in labels
    assert "Vehicle BG3" in labels
    assert "Pink Godzilla 4" in labels
    assert "Easter Egg G7" in labels
    assert "Good Guardian" in labels
    assert cards.find("potion  b2").label == "Potion B2"  # case and spacing do not matter


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "cards.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _default_lines() -> list[str]:
    return DEFAULT_CARD_LIST.read_text(encoding="utf-8").splitlines()


def _load(path: str) -> PgdkGame:
    return PgdkGame(PgdkGame.params_from({"card_list": path}))


def _line_of(lines: list[str], start: str) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith(start))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda ls: ls.__setitem__(_line_of(ls, "# cards"), "# cards: 105"), "claims 105"),
        (lambda ls: ls.__delitem__(_line_of(ls, "# cards")), "'# cards: N'"),
        (
            lambda ls: ls.__setitem__(
                _line_of(ls, "1,Title,Pixel Quest"), "1,Title,Pixel Quest,B,three,,house,"
            ),
            "value 'three' is not a whole number",
        ),
        (
            lambda ls: ls.__setitem__(
                _line_of(ls, "1,Title,Pixel Quest"), "1,Cartridge,Pixel Quest,B,3,,house,"
            ),
            "unknown type 'Cartridge'",
        ),
        (
            lambda ls: ls.__setitem__(
                _line_of(ls, "1,Title,Pixel Quest"), "1,Title,Pixel Quest,BX,3,,house,"
            ),
            "colour 'X'",
        ),
        (
            lambda ls: ls.__setitem__(
                _line_of(ls, "1,Title,Pixel Quest"), "1,Title,Pixel Quest,BG,3,,house,"
            ),
            "a Title has exactly one colour",
        ),
        (
            lambda ls: ls.__setitem__(
                _line_of(ls, "1,Title,Pixel Quest"), "1,Title,Pixel Quest,B,3,,house"
            ),
            "7 fields, expected 8",
        ),
        (
            lambda ls: ls.__setitem__(
                _line_of(ls, "1,Title,Pixel Quest"), "1,Required Gear,Jetpack,B,3,,house,"
            ),
            "Required Gear 'Jetpack' is not a gear type",
        ),
        (
            lambda ls: ls.__setitem__(
                _line_of(ls, "1,Title,Pixel Quest"), "1,Power Up,Pixel Quest,any,3,,house,"
            ),
            "a Power Up takes power",
        ),
        (
            lambda ls: ls.__setitem__(
                _line_of(ls, "1,Title,Pixel Quest"), "1,Title,Chrono Jumpman,B,4,,house,"
            ),
            "repeats the card of line",
        ),
    ],
)
def test_c5_a_bad_card_list_is_refused_with_the_offending_line(
    tmp_path: Path, change: object, message: str
) -> None:
    lines = _default_lines()
    change(lines)  # type: ignore[operator]
    path = _write(tmp_path, "\n".join(lines) + "\n")
    with pytest.raises(InvalidParamsError) as error:
        _load(path)
    text = str(error.value)
    assert message in text
    assert "\n" not in text
    if "claims" not in message and "'# cards" not in message:
        assert " line " in text


def test_c5_the_offending_line_number_is_the_file_line(tmp_path: Path) -> None:
    lines = _default_lines()
    at = _line_of(lines, "1,Character,Pixel,O,4")
    lines[at] = "1,Character,Pixel,O,four,,rulebook,"
    with pytest.raises(InvalidParamsError, match=f"line {at + 1}: value 'four'"):
        _load(_write(tmp_path, "\n".join(lines)))


def test_c5_a_missing_file_is_refused_in_one_line() -> None:
    with pytest.raises(InvalidParamsError, match="cannot read"):
        _load("/nonexistent/pgdk-cards.csv")


def test_c5_a_designer_can_swap_in_another_card_list(tmp_path: Path) -> None:
    """A deck with a third Wild and no Budget Cut plays to the end like the default one."""
    lines = _default_lines()
    lines[_line_of(lines, "2,Wild,Wild")] = "3,Wild,Wild,any,3,,rulebook,Stands for a gear."
    lines.pop(_line_of(lines, "1,Power Up,Budget Cut,any,3"))
    lines.pop(_line_of(lines, "1,Power Up,Budget Cut,any,4"))
    lines[_line_of(lines, "# cards")] = "# cards: 105"
    game = _load(_write(tmp_path, "\n".join(lines)))
    assert game.num_cards == 105
    assert "Budget Cut 3" not in game.labels
    state = game.new_state(3, 4)
    rng = Rng(9)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rng.randbelow(len(legal))])
    assert game.outcome(state) is not None
    assert sorted(game.components(state)).count("Wild") == 3


def test_c3_genres_are_params_and_checked() -> None:
    with pytest.raises(InvalidParamsError, match="CODE:colour:genre"):
        PgdkGame.params_from({"genres": ["B:blue:RPG"]})
    with pytest.raises(InvalidParamsError, match="two different Required Gear"):
        PgdkGame.params_from(
            {
                "genres": [
                    "B:blue:RPG:Potion+Potion",
                    "P:pink:F:Weapon+Combo",
                    "O:o:M:Accessory+Combo",
                    "G:g:S:Weapon+Vehicle",
                ]
            }
        )


def test_c2_every_card_kind_has_a_type_and_the_powers_fit() -> None:
    cards = PgdkGame().deck_list
    by_power = {kind.label: cardlib.POWER_NAMES[kind.power] for kind in cards.kinds}
    assert by_power["Pink Godzilla 3"] == "pink_godzilla"
    assert by_power["Neutral Guardian"] == "neutral_guardian"
    assert by_power["Orange Clone"] == "clone"
    assert by_power["Clone The Clone"] == "clone_the_clone"
    assert by_power["Potion B2"] == ""


def test_params_are_checked_in_one_line() -> None:
    with pytest.raises(InvalidParamsError, match="hand_limit must be between"):
        PgdkGame.params_from({"hand_limit": -1})
    with pytest.raises(InvalidParamsError, match="unknown parameter"):
        PgdkGame.params_from({"hand_limt": 7})
