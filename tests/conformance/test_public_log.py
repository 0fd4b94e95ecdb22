"""The public log and the itemised final scores, for every game (DESIGN, "What every front end
shares"; issue 12).

- Every action is narrated: after each action every seat and the spectators read at least one
  new entry, and a match's log opens with a header.
- The log tells a seat nothing its view does not: take a state ``s`` of a real match and a
  state ``s2`` that seat ``p`` cannot tell from it (``determinize``); let the actor take the
  same action (by notation) in both; if ``p``'s views afterwards are equal, the entries ``p``
  reads about that step are equal too. A log that names another seat's hidden coin or card
  fails here as soon as the determinization varies it.
- Entries are JSON-safe, and a match replayed from its record tells the same story.
- A finished match's views (every seat and the spectator) carry a ``score_sheet`` whose totals
  are the outcome's scores, and whose items add up to them where the game's score is a sum.
"""

from __future__ import annotations

import itertools
import json
import math
from typing import Any

import pytest

from gamenight.core import Match, Rng, derive_seed
from gamenight.core.game import AnyGame
from gamenight.core.journal import Journal
from gamenight.core.registry import entries, make_game

CASES = [
    (entry.name, players) for entry in entries() for players in entry.game_class.spec.player_counts
]
CASE_IDS = [f"{name}-{players}p" for name, players in CASES]
SEEDS = range(3)


def random_match(name: str, players: int, seed: int) -> tuple[Match, list[list[int]]]:
    """A narrated random match; for each step, how many entries each seat could read before."""
    match = Match(make_game(name), players, seed)
    rng = Rng(derive_seed(seed, 11))
    counts: list[list[int]] = []
    while not match.is_over():
        counts.append([len(match.log(seat)) for seat in range(players)] + [len(match.log(None))])
        actors = match.to_act()
        actor = actors[rng.randbelow(len(actors))]
        legal = match.legal_actions(actor)
        match.apply(actor, legal[rng.randbelow(len(legal))])
    counts.append([len(match.log(seat)) for seat in range(players)] + [len(match.log(None))])
    return match, counts


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_action_is_narrated_to_every_seat(name: str, players: int, seed: int) -> None:
    match, counts = random_match(name, players, seed)
    opening = match.log(None)
    assert opening, "the match tells a story"
    assert opening[0]["kind"] == "header", "the log opens with a header"
    for step, (before, after) in enumerate(itertools.pairwise(counts), start=1):
        for reader, (seen_before, seen_after) in enumerate(zip(before, after, strict=True)):
            who = "the spectator" if reader == players else f"seat {reader}"
            assert seen_after > seen_before, f"step {step} was not narrated to {who}"
    for reader in [*range(players), None]:
        entries_read = match.log(reader)
        assert json.loads(json.dumps(entries_read)) == entries_read
        assert all(isinstance(e["text"], str) and e["text"].strip() for e in entries_read)


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_a_replayed_record_tells_the_same_story(name: str, players: int) -> None:
    match, _ = random_match(name, players, seed=5)
    replayed = Match.from_record(match.record)
    assert replayed.log(None), "the replayed match tells a story"
    for reader in [*range(players), None]:
        assert replayed.log(reader) == match.log(reader)


def _step_entries(game: AnyGame, state: Any, actor: int, action_text: str, reader: int) -> Any:
    """Apply the action to a narrating copy of ``state``: (reader's view, reader's entries)."""
    copy = state.clone()
    copy.journal = Journal()
    game.apply(copy, actor, game.parse_action(action_text))
    return game.view(copy, reader), [e["text"] for e in copy.journal.for_seat(reader)]


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_log_tells_a_seat_nothing_its_view_does_not(
    name: str, players: int, seed: int
) -> None:
    game = make_game(name)
    rng = Rng(derive_seed(seed, 12))
    state = game.new_state(players, seed)
    compared = 0
    while game.to_act(state):
        actors = game.to_act(state)
        actor = actors[rng.randbelow(len(actors))]
        legal = game.legal_actions(state, actor)
        action = legal[rng.randbelow(len(legal))]
        text = str(action)
        for reader in range(players):
            twin = game.determinize(game.view(state, reader), reader, rng)
            if text not in map(str, game.legal_actions(twin, actor)):
                continue  # the same notation is not even possible there
            seen, told = _step_entries(game, state, actor, text, reader)
            twin_seen, twin_told = _step_entries(game, twin, actor, text, reader)
            if seen == twin_seen:
                compared += bool(told)
                assert told == twin_told, (
                    f"seat {reader} reads of seat {actor}'s {text!r} something its view "
                    f"does not show: {told} vs {twin_told}"
                )
        game.apply(state, actor, action)
    assert compared > 0, "no narrated step was compared"


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_final_views_itemise_the_scores(name: str, players: int, seed: int) -> None:
    match, _ = random_match(name, players, seed)
    outcome = match.outcome
    assert outcome is not None
    for reader in [*range(players), None]:
        sheet = match.view(reader).get("score_sheet")
        assert sheet is not None, f"the final view of {reader} has no score_sheet"
        assert [row["seat"] for row in sheet["seats"]] == list(range(players))
        for row, score in zip(sheet["seats"], outcome.scores, strict=True):
            assert math.isclose(row["total"], score), "the sheet's total is the outcome's score"
            if sheet["items_sum_to_total"]:
                summed = sum(item["points"] for item in row["items"])
                assert math.isclose(summed, score), f"seat {row['seat']}: items do not add up"
