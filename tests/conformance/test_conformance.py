"""The conformance suite: every registered game, every supported player count, many seeds.

It checks the contract of DESIGN.md, whatever the game: matches end, the engine rejects bad
input without changing anything, clones are independent, records replay exactly, views leak
nothing a seat cannot see and determinize() is consistent with them, components are conserved,
and no forced move or legal action tells a seat more than its view (issue 11 item 4).
A new game passes this file unchanged or is not done.
"""

from __future__ import annotations

import inspect
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from gamenight.core import (
    ActionParseError,
    GameOverError,
    IllegalActionError,
    Match,
    MatchRecord,
    Rng,
    WrongActorError,
    derive_seed,
)
from gamenight.core.game import AnyGame
from gamenight.core.registry import entries

SEEDS = range(6)
MORE_SEEDS = range(6, 60)

CASES = [
    (entry.name, players) for entry in entries() for players in entry.game_class.spec.player_counts
]
CASE_IDS = [f"{name}-{players}p" for name, players in CASES]


def new_game(name: str) -> AnyGame:
    from gamenight.core.registry import make_game

    return make_game(name)


def random_trace(game: AnyGame, players: int, seed: int) -> list[tuple[Any, int, Any]]:
    """(state before, actor, action) for every step of a random match, then (final, -1, None)."""
    rng = Rng(derive_seed(seed, 1))
    state = game.new_state(players, seed)
    trace: list[tuple[Any, int, Any]] = []
    while True:
        actors = game.to_act(state)
        if not actors:
            trace.append((state.clone(), -1, None))
            return trace
        actor = actors[rng.randbelow(len(actors))]
        legal = game.legal_actions(state, actor)
        action = legal[rng.randbelow(len(legal))]
        trace.append((state.clone(), actor, action))
        game.apply(state, actor, action)


def check_match_ends(game: AnyGame, players: int, seed: int) -> None:
    trace = random_trace(game, players, seed)
    for state, actor, _ in trace:
        actors = game.to_act(state)
        outcome = game.outcome(state)
        assert (not actors) == (outcome is not None), "to_act is empty exactly when over"
        for seat in actors:
            assert game.legal_actions(state, seat), f"seat {seat} must act but has no action"
        for seat in range(players):
            if seat not in actors:
                assert game.legal_actions(state, seat) == []
        if actor >= 0:
            assert len(set(map(str, game.legal_actions(state, actor)))) == len(
                game.legal_actions(state, actor)
            ), "two legal actions share one notation"
    final = game.outcome(trace[-1][0])
    assert final is not None
    assert len(final.scores) == players
    assert all(0 <= seat < players for seat in final.winners)
    assert final.reason


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_matches_end_with_an_outcome(name: str, players: int, seed: int) -> None:
    check_match_ends(new_game(name), players, seed)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_many_random_matches_end_with_an_outcome(name: str, players: int) -> None:
    game = new_game(name)
    for seed in MORE_SEEDS:
        check_match_ends(game, players, seed)


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_bad_input_is_rejected_and_changes_nothing(name: str, players: int, seed: int) -> None:
    game = new_game(name)
    trace = random_trace(game, players, seed)
    every_action = {str(a): a for _, _, a in trace if a is not None}
    match = Match(game, players, seed)
    for step, (_, actor, action) in enumerate(trace):
        if actor < 0:
            break
        if step % 3 == 0:
            before = json.dumps(match.state.to_dict(), sort_keys=True)
            record_before = match.record.to_json()
            legal = {str(a) for a in match.legal_actions(actor)}
            illegal = [a for text, a in every_action.items() if text not in legal][:5]
            for wrong in illegal:
                with pytest.raises(IllegalActionError) as error:
                    match.apply(actor, wrong)
                assert str(error.value)
                assert "\n" not in str(error.value)
            others = [seat for seat in range(players) if seat not in match.to_act()]
            for seat in others[:2]:
                with pytest.raises(WrongActorError):
                    match.apply(seat, action)
            with pytest.raises(WrongActorError):
                match.apply(players, action)
            with pytest.raises(ActionParseError):
                match.apply(actor, "xyzzy plugh 42")
            assert json.dumps(match.state.to_dict(), sort_keys=True) == before
            assert match.record.to_json() == record_before
        match.apply(actor, str(action))
    assert match.is_over()
    with pytest.raises(GameOverError):
        match.apply(0, str(trace[0][2]))


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_clones_are_independent(name: str, players: int, seed: int) -> None:
    """The forward-model check: acting on a clone never touches the original, nor back."""
    game = new_game(name)
    rng = Rng(seed)
    for state, actor, _ in random_trace(game, players, seed)[::2]:
        if actor < 0:
            continue
        snapshot = json.dumps(state.to_dict(), sort_keys=True)
        views = [json.dumps(game.view(state, p), sort_keys=True) for p in range(players)]
        twin = state.clone()
        assert json.dumps(twin.to_dict(), sort_keys=True) == snapshot
        twin_snapshot = snapshot
        for _ in range(3):  # a few steps on the clone
            actors = game.to_act(twin)
            if not actors:
                break
            seat = actors[0]
            legal = game.legal_actions(twin, seat)
            game.apply(twin, seat, legal[rng.randbelow(len(legal))])
        assert json.dumps(state.to_dict(), sort_keys=True) == snapshot
        assert [json.dumps(game.view(state, p), sort_keys=True) for p in range(players)] == views
        twin_snapshot = json.dumps(twin.to_dict(), sort_keys=True)
        legal = game.legal_actions(state, actor)
        game.apply(state, actor, legal[0])
        assert json.dumps(twin.to_dict(), sort_keys=True) == twin_snapshot


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_records_round_trip_and_replay_exactly(name: str, players: int, seed: int) -> None:
    game = new_game(name)
    match = Match(game, players, seed)
    rng = Rng(derive_seed(seed, 2))
    views_along = []
    while not match.is_over():
        actors = match.to_act()
        seat = actors[rng.randbelow(len(actors))]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randbelow(len(legal))])
        views_along.append([match.view(p) for p in range(players)])
    text = match.record.to_json()
    record = MatchRecord.from_json(text)
    assert record.to_json() == text
    replayed = Match.from_record(record)
    assert replayed.outcome == match.outcome
    assert [replayed.view(p) for p in range(players)] == views_along[-1]
    for step in (1, len(views_along) // 2, len(views_along)):
        partial = Match.from_record(record, steps=step)
        assert [partial.view(p) for p in range(players)] == views_along[step - 1]


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_same_seed_same_record(name: str, players: int) -> None:
    def play(seed: int) -> str:
        match = Match(new_game(name), players, seed)
        rng = Rng(seed)
        while not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            match.apply(seat, legal[rng.randbelow(len(legal))])
        return match.record.to_json()

    assert play(11) == play(11)
    assert play(11) != play(12)


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_determinize_fits_the_view_and_views_leak_nothing(
    name: str, players: int, seed: int
) -> None:
    """view(determinize(view)) == view; states that differ only in p's unknowns look alike to p.

    ``hidden(state, p)`` says what p cannot see; whenever a determinization differs there from
    the true state, p's serialised view, p's legal actions and the spectator's view must not.
    """
    game = new_game(name)
    rng = Rng(derive_seed(seed, 3))
    differing = 0
    for state, actor, _ in random_trace(game, players, seed)[::2]:
        spectator = json.dumps(game.view(state, None), sort_keys=True)
        for seat in range(players):
            seen = game.view(state, seat)
            assert json.loads(json.dumps(seen)) == seen, "views must be JSON-safe"
            guess = game.determinize(json.loads(json.dumps(seen)), seat, rng)
            assert game.view(guess, seat) == seen
            assert json.dumps(game.view(guess, None), sort_keys=True) == spectator
            assert sorted(game.components(guess)) == sorted(game.components(state))
            assert game.to_act(guess) == game.to_act(state)
            if actor == seat:
                assert list(map(str, game.legal_actions(guess, seat))) == list(
                    map(str, game.legal_actions(state, seat))
                )
            if game.hidden(guess, seat) != game.hidden(state, seat):
                differing += 1
    assert differing > 0, "determinize never varied what the seats cannot see"


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS[:3])
def test_determinized_states_play_on_to_the_end(name: str, players: int, seed: int) -> None:
    game = new_game(name)
    rng = Rng(derive_seed(seed, 4))
    for state, actor, _ in random_trace(game, players, seed)[::5]:
        if actor < 0:
            continue
        guess = game.determinize(game.view(state, actor), actor, rng)
        steps = 0
        while game.to_act(guess):
            seat = game.to_act(guess)[0]
            legal = game.legal_actions(guess, seat)
            game.apply(guess, seat, legal[rng.randbelow(len(legal))])
            steps += 1
            assert steps < 100_000
        assert game.outcome(guess) is not None


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_components_are_conserved(name: str, players: int, seed: int) -> None:
    game = new_game(name)
    trace = random_trace(game, players, seed)
    start = Counter(game.components(trace[0][0]))
    assert start, "a game has components"
    for state, _, _ in trace:
        assert Counter(game.components(state)) == start


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_actions_round_trip_through_their_notation(name: str, players: int) -> None:
    game = new_game(name)
    for state, actor, _ in random_trace(game, players, 0):
        if actor < 0:
            continue
        for action in game.legal_actions(state, actor):
            assert game.parse_action(str(action)) == action


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_search_actions_leave_a_choice_in_the_legal_order(name: str, players: int) -> None:
    """``Game.search_actions``: a non-empty sub-sequence of the legal actions, in their order
    and the legal list's own objects, so a search bot always has a legal move to make."""
    game = new_game(name)
    for seed in SEEDS[:2]:
        for state, actor, _ in random_trace(game, players, seed):
            if actor < 0:
                continue
            legal = game.legal_actions(state, actor)
            weighed = list(game.search_actions(legal))
            assert weighed, f"nothing left of {[str(a) for a in legal]}"
            places = [next(i for i, a in enumerate(legal) if a is kept) for kept in weighed]
            assert places == sorted(set(places))


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_simultaneous_steps_cover_several_actors_and_read_the_view_alone(
    name: str, players: int
) -> None:
    """``Game.simultaneous``: true wherever several seats are to act, and the same in every
    world an acting seat's view allows (a search asks it of the worlds it draws)."""
    game = new_game(name)
    rng = Rng(derive_seed(0, 5))
    for state, actor, _ in random_trace(game, players, 0)[::3]:
        if actor < 0:
            continue
        answer = game.simultaneous(state)
        if len(game.to_act(state)) > 1:
            assert answer
        for seat in game.to_act(state):
            guess = game.determinize(game.view(state, seat), seat, rng)
            assert game.simultaneous(guess) == answer


# -- issue 11 item 4: forced moves and legal actions tell no secret -------------------------


def reveal_rules(game: AnyGame) -> str:
    """The "Reveals" section of the game's RULES.md (the rules ``Game.reveals`` may name)."""
    rules = Path(inspect.getfile(type(game))).with_name("RULES.md").read_text(encoding="utf-8")
    _, found, section = rules.partition("\n## Reveals\n")
    assert found, f"{game.spec.name}'s RULES.md has no Reveals section"
    return section.split("\n## ", 1)[0]


def check_alike_to_seat(game: AnyGame, state: Any, twin: Any, seat: int, listed: str) -> int:
    """``twin`` looks to ``seat`` exactly like ``state``: so must everything ``seat`` does.

    (a) the same legal actions; (b) asked in both or in neither; (c) after each of its legal
    actions, still the same view, and asked again in both or in neither (with the same legal
    actions), unless a rule reveals something to ``seat`` by that action (``Game.reveals``,
    which must answer alike in both and name a rule listed in RULES.md's Reveals section).
    Returns how many actions were compared (not skipped).
    """
    legal = game.legal_actions(state, seat)
    twin_legal = game.legal_actions(twin, seat)
    assert list(map(str, legal)) == list(map(str, twin_legal)), "legal actions tell a secret"
    asked = seat in game.to_act(state)
    assert asked == (seat in game.to_act(twin)), "whether the seat is asked tells a secret"
    compared = 0
    for action, twin_action in zip(legal, twin_legal, strict=True):
        rule = game.reveals(state, seat, action)
        assert rule == game.reveals(twin, seat, twin_action), f"{action}: reveals() differs"
        if rule is not None:
            assert f"**{rule}**" in listed, f"{action}: rule {rule} is not listed in Reveals"
            continue
        compared += 1
        after, twin_after = state.clone(), twin.clone()
        game.apply(after, seat, action)
        game.apply(twin_after, seat, twin_action)
        assert game.view(after, seat) == game.view(twin_after, seat), (
            f"seat {seat} taking {action} tells it a secret"
        )
        asked_after = seat in game.to_act(after)
        assert asked_after == (seat in game.to_act(twin_after)), (
            f"after {action}, whether seat {seat} is asked tells a secret"
        )
        if asked_after:
            assert list(map(str, game.legal_actions(after, seat))) == list(
                map(str, game.legal_actions(twin_after, seat))
            ), f"after {action}, seat {seat}'s legal actions tell a secret"
    return compared


def expect_no_forced_secrets(game: AnyGame, players: int, seeds: range) -> None:
    """Every seat at every step of random matches, against a determinization of its view."""
    listed = reveal_rules(game)
    differing = compared = 0
    for seed in seeds:
        rng = Rng(derive_seed(seed, 5))
        for state, actor, _ in random_trace(game, players, seed):
            if actor < 0:
                continue
            for seat in range(players):
                twin = game.determinize(game.view(state, seat), seat, rng)
                if game.hidden(twin, seat) != game.hidden(state, seat):
                    differing += 1
                compared += check_alike_to_seat(game, state, twin, seat, listed)
    assert differing > 0, "determinize never varied what the seats cannot see"
    assert compared > 0, "reveals() named a rule for every action: nothing was compared"


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_forced_moves_and_legal_actions_tell_no_secret(name: str, players: int, seed: int) -> None:
    """Issue 11 item 4: a seat's legal actions, whether it is asked, and what it sees after
    its own action depend on its view alone, except where a rule listed in the game's
    RULES.md (section Reveals) shows it something.

    Along random matches, every seat is compared, at every step, with a determinization of
    its own view: a state it cannot tell from the real one.
    """
    expect_no_forced_secrets(new_game(name), players, range(seed, seed + 1))


VARIANT_CASES = [
    (entry.name, variant.name, players)
    for entry in entries()
    for variant in entry.game_class.spec.variants
    for players in entry.game_class.spec.player_counts
    if not (entry.name == "gnome" and variant.name == "session" and players != 4)
]


@pytest.mark.parametrize(
    ("name", "variant", "players"),
    VARIANT_CASES,
    ids=[f"{name}-{variant}-{players}p" for name, variant, players in VARIANT_CASES],
)
def test_forced_moves_tell_no_secret_in_variants(name: str, variant: str, players: int) -> None:
    """Issue 11 item 4, as above, with each published variant's rules."""
    from gamenight.core.registry import make_game

    expect_no_forced_secrets(make_game(name, variant=variant), players, range(2))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_forced_moves_tell_no_secret_over_many_matches(name: str, players: int) -> None:
    """Issue 11 item 4 over 30 more random matches per game and player count."""
    expect_no_forced_secrets(new_game(name), players, MORE_SEEDS[:30])
