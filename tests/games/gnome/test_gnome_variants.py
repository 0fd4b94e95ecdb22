"""The contract of DESIGN.md for variants the conformance suite does not run (R29, R34, G9).

The conformance suite plays the default rules; these checks repeat its core (views fit
determinize, nothing leaks, components are conserved, records replay) for session play, the
3-player Secret variant and designer decks.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from gnome_testkit import make_game

from gamenight.core import Match, MatchRecord, Rng

VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("session", 4, {"session_games": 3}),
    ("secrets-3p", 3, {"secrets_3p": True}),
    ("big-offer-6p", 6, {"cards_per_round_6p": 5, "rounds": 6}),
    (
        "two-colours",
        4,
        {
            "colours": ["Red", "Blue"],
            "research_base": [["Red", 10], ["Blue", 10], ["White", 2], ["Multicolour", 2]],
            "research_6p": [["White", 8]],
            "secret_base": [["Red", 2], ["Blue", 2]],
            "secret_6p": [["Red", 2]],
        },
    ),
    ("short-hands", 3, {"teamwork": [2, 4, 6, 8], "rounds": 4}),
]


@pytest.mark.parametrize(("name", "players", "overrides"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_variant_keeps_the_contract(name: str, players: int, overrides: dict[str, Any]) -> None:
    game = make_game(**overrides)
    rng = Rng(7)
    match = Match(game, players, 3)
    start = Counter(game.components(match.state))
    step = 0
    while not match.is_over():
        state = match.state
        if step % 3 == 0:
            spectator = game.view(state, None)
            for seat in range(players):
                seen = game.view(state, seat)
                guess = game.determinize(json.loads(json.dumps(seen)), seat, rng)
                assert game.view(guess, seat) == seen
                assert game.view(guess, None) == spectator
                assert Counter(game.components(guess)) == start
                assert game.to_act(guess) == game.to_act(state)
                assert [str(a) for a in game.legal_actions(guess, seat)] == [
                    str(a) for a in game.legal_actions(state, seat)
                ]
        assert Counter(game.components(state)) == start
        actors = match.to_act()
        seat = actors[rng.randbelow(len(actors))]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randbelow(len(legal))])
        step += 1
    record = MatchRecord.from_json(match.record.to_json())
    replayed = Match.from_record(record)
    assert replayed.outcome == match.outcome
    assert [replayed.view(p) for p in range(players)] == [match.view(p) for p in range(players)]
