"""Issue 17 item 3: an ISMCTS that infers hidden cards from what opponents do.

The observation hook (core/agent.py) is called by the match loops with views and public
actions only; the particle filter (bots/inference.py) keeps worlds drawn by ``determinize``
that always show the seat its real view, and weighs them by how likely the opponents'
actions were in them.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console

from gamenight.bots import RandomAgent, make_agent
from gamenight.bots.inference import (
    ParticleFilter,
    draw_matching,
    effective_size,
    matching_likelihood,
    systematic_resample,
)
from gamenight.bots.ismcts import InferringISMCTSAgent, ISMCTSAgent
from gamenight.cli.terminal import TerminalTable
from gamenight.core import BotError, Match, Rng
from gamenight.core.agent import watching_seats
from gamenight.core.game import AnyGame, View
from gamenight.core.registry import entry, make_game
from gamenight.sim.playtest.measure import ComponentTally, play_measured
from gamenight.sim.runner import play_match

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "games" / "requirements"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "games"))
from requirements_positions import GAME as REQUIREMENTS
from requirements_positions import act, build
from watching import watch_random_play


class Spy:
    """A random bot that records every call of the observation hook."""

    name = "spy"
    needs_view: ClassVar[bool] = True
    observes: ClassVar[bool] = True

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def act(self, view: View, legal_actions: list[Any], rng: Rng) -> Any:
        return legal_actions[rng.randbelow(len(legal_actions))]

    def begin_match(self, seat: int, view: View, rng: Rng) -> None:
        self.calls.append(("begin", seat, view))

    def observe(self, seat: int, actor: int, public: str, view: View) -> None:
        self.calls.append(("observe", seat, actor, public, view))


def expected_calls(
    game: AnyGame, players: int, seed: int, actions: list[tuple[int, str]], watchers: list[int]
) -> list[tuple[Any, ...]]:
    """The calls a watcher in ``watchers`` must get, rebuilt from the match record."""
    state = game.new_state(players, seed)
    calls: list[tuple[Any, ...]] = [("begin", w, game.view(state, w)) for w in watchers]
    for actor, text in actions:
        action = game.parse_action(text)
        public = game.public_action(state, actor, action)
        game.apply(state, actor, action)
        for w in watchers:
            seen = text if w == actor else public
            calls.append(("observe", w, actor, seen, game.view(state, w)))
    return calls


def test_issue17_item3_play_match_tells_watchers_views_and_public_actions_only() -> None:
    game = make_game("gtpag")
    spy = Spy()
    result = play_match(game, 3, 5, [spy, RandomAgent(), spy], keep_record=True)
    assert result.record is not None
    actions = [(seat, text) for seat, text in result.record.actions]
    assert spy.calls == expected_calls(game, 3, 5, actions, [0, 2])
    # a face-down bid reaches the other seats as its public form only (G19)
    hidden = [c for c in spy.calls if c[0] == "observe" and c[1] != c[2] and "a chip" in c[3]]
    assert hidden


def test_issue17_item3_play_measured_and_the_terminal_table_tell_watchers_too() -> None:
    game = make_game("requirements")
    spy = Spy()
    play_measured(game, 2, 9, 0, [RandomAgent(), spy], ComponentTally())
    record = play_match(game, 2, 9, [RandomAgent(), RandomAgent()], keep_record=True).record
    assert record is not None
    assert spy.calls == expected_calls(game, 2, 9, list(record.actions), [1])

    table_spy = Spy()
    match = Match(game, 2, 9)
    render = entry("requirements").render
    console = Console(file=io.StringIO(), width=120)
    TerminalTable(match, [RandomAgent(), table_spy], render, console).run()
    assert table_spy.calls == expected_calls(game, 2, 9, list(match.record.actions), [1])


def test_issue17_item3_bots_without_the_flag_are_not_watchers() -> None:
    game = make_game("gtpag")
    plain = make_agent("ismcts", game)
    inferring = make_agent("ismcts:infer=on", game)
    assert type(plain) is ISMCTSAgent  # infer=off is exactly today's bot
    assert isinstance(inferring, InferringISMCTSAgent)
    assert inferring.settings.model == "playout"  # the default model where a game has one
    assert watching_seats([plain, RandomAgent(), None, inferring]) == (3,)


def every_particle_shows_the_view(particles: ParticleFilter, view: View) -> None:
    game, seat = particles.game, particles.seat
    assert particles.view == view
    for state in particles.states:
        assert game.view(state, seat) == view
    assert sum(particles.weights) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("name", "players", "model"),
    [
        ("requirements", 2, "heuristic"),
        ("gtpag", 3, "heuristic"),
        ("gnome", 3, "playout"),
        ("pgdk", 2, "random"),
    ],
)
def test_issue17_item3_every_particle_always_shows_the_seat_its_real_view(
    name: str, players: int, model: str
) -> None:
    """Random play watched by seat 0's filter: after every action each particle gives seat 0
    exactly the view it has (particles that cannot are dropped and replaced)."""
    from gamenight.bots.ismcts import opponent_model

    game = make_game(name)
    state = game.new_state(players, 3)
    particles = ParticleFilter(game, 0, opponent_model(game, model), 6, 0.1, Rng(4))
    particles.reset(game.view(state, 0))
    every_particle_shows_the_view(particles, game.view(state, 0))
    watch_random_play(
        game,
        state,
        particles,
        Rng(8),
        70,
        lambda: every_particle_shows_the_view(particles, game.view(state, 0)),
    )


def gtpag_opponent_first() -> tuple[AnyGame, Any]:
    """Two players; seat 1 nominates first (D4), seat 0 watches."""
    game = make_game("gtpag", {"first_player": 1})
    return game, game.new_state(2, 11)


def favourite(prefs: tuple[float, ...]) -> int:
    return prefs.index(max(prefs))


def test_issue17_item3_the_filter_sees_views_only() -> None:
    """Two true states seat 0 cannot tell apart (seat 1's preferences differ) give seat 0's
    filter identical particles and weights through the same public actions."""
    game, real = gtpag_opponent_first()
    other = game.determinize(game.view(real, 0), 0, Rng(77))
    assert game.hidden(other, 0) != game.hidden(real, 0)
    filters = []
    for state in (real, other):
        particles = ParticleFilter(game, 0, opponent_model_of(game), 8, 0.1, Rng(5))
        particles.reset(game.view(state, 0))
        filters.append(particles)
    rng = Rng(2)
    for _ in range(14):
        actor = game.to_act(real)[0]
        legal = game.legal_actions(real, actor)
        assert [str(a) for a in game.legal_actions(other, actor)] == [str(a) for a in legal]
        action = legal[rng.randbelow(len(legal))]
        ahead = real.clone()
        game.apply(ahead, actor, action)
        if not game.to_act(ahead):
            break  # the end announces every seat's preference for the picked game (G16)
        for state, particles in zip((real, other), filters, strict=True):
            public = str(action) if actor == 0 else game.public_action(state, actor, action)
            game.apply(state, actor, action)
            particles.observe(actor, public, game.view(state, 0))
        assert game.view(real, 0) == game.view(other, 0)
    first, second = filters
    assert first.weights == second.weights
    assert [s.to_dict() for s in first.states] == [s.to_dict() for s in second.states]


def opponent_model_of(game: AnyGame) -> Any:
    from gamenight.bots.ismcts import opponent_model

    return opponent_model(game, "heuristic")


def test_issue17_item3_a_nomination_weighs_worlds_where_it_is_the_favourite_exactly() -> None:
    """Worked by hand: seat 1 has 5 legal actions (4 titles, pass); the heuristic nominates
    its favourite (G6 rankings: one favourite). With eps 0.1 a world where the nominated
    title is its favourite gets 0.9 + 0.1/5 = 0.92 of its prior weight, any other 0.1/5."""
    game, state = gtpag_opponent_first()
    particles = ParticleFilter(game, 0, opponent_model_of(game), 40, 0.1, Rng(3))
    particles.reset(game.view(state, 0))
    legal = game.legal_actions(state, 1)
    assert len(legal) == 5
    title = favourite(state.prefs[1])
    action = next(a for a in legal if str(a) == f"nominate {game.params.library[title]}")
    public = game.public_action(state, 1, action)
    game.apply(state, 1, action)
    particles._opponent_action(1, public, game.view(state, 0))  # the weighing step alone
    favoured = [favourite(s.prefs[1]) == title for s in particles.states]
    assert 0 < sum(favoured) < len(favoured)
    for weight, hit in zip(particles.weights, favoured, strict=True):
        assert weight == pytest.approx((0.92 if hit else 0.02) / 40)


def test_issue17_item3_after_a_nomination_the_favourite_is_likely() -> None:
    """The full update (with resampling): the weighted share of worlds where seat 1's
    favourite is the title it nominated rises from about 1/4 towards Bayes' figure,
    0.25 x 0.92 / (0.25 x 0.92 + 0.75 x 0.02) = 0.939."""
    game, state = gtpag_opponent_first()
    particles = ParticleFilter(game, 0, opponent_model_of(game), 200, 0.1, Rng(3))
    particles.reset(game.view(state, 0))
    title = favourite(state.prefs[1])

    def share() -> float:
        return sum(
            w
            for w, s in zip(particles.weights, particles.states, strict=True)
            if favourite(s.prefs[1]) == title
        )

    before = share()
    assert 0.15 < before < 0.35
    action = game.parse_action(f"nominate {game.params.library[title]}")
    public = game.public_action(state, 1, action)
    game.apply(state, 1, action)
    particles.observe(1, public, game.view(state, 0))
    assert share() == pytest.approx(0.939, abs=0.05)
    assert particles.resamples == 1


def _exact(state: Any, coin: int) -> bool:
    names = REQUIREMENTS.params.traits
    requirement = {"Moxie", "Spunk"}
    return {names[state.coin_up[coin]], names[state.coin_down[coin]]} == requirement


@pytest.mark.parametrize("model", ["heuristic", "playout"])
def test_issue17_item3_a_claim_makes_an_exact_coin_likely_in_requirements(model: str) -> None:
    """RULES R12, R14: seat 1 bids the top Pool Moxie coin on a Moxie/Spunk Requirement and
    says "It's done!". Both models (the heuristic bot, the playout policy) claim an exact coin
    always and, with equal bids, never bluff; so with eps 0.1 (2 legal actions: claim or not)
    a world where the coin is exact keeps 0.9 + 0.05 = 0.95 of its weight, any other 0.05."""
    from gamenight.bots.ismcts import opponent_model

    state = build(requirement="Moxie/Spunk", first=1)
    particles = ParticleFilter(
        REQUIREMENTS, 0, opponent_model(REQUIREMENTS, model), 60, 0.1, Rng(6)
    )
    particles.reset(REQUIREMENTS.view(state, 0))
    every_particle_shows_the_view(particles, REQUIREMENTS.view(state, 0))
    for text in ("bid pool Moxie", "claim"):
        actor = REQUIREMENTS.to_act(state)[0]
        assert actor == 1
        action = REQUIREMENTS.parse_action(text)
        public = REQUIREMENTS.public_action(state, actor, action)
        act(state, text)
        if text == "claim":
            before = list(particles.weights)
            particles._opponent_action(actor, public, REQUIREMENTS.view(state, 0))
            exact = [_exact(s, s.bid[1][-1]) for s in particles.states]
            assert 0 < sum(exact) < len(exact)
            for old, new, hit in zip(before, particles.weights, exact, strict=True):
                assert new == pytest.approx(old * (0.95 if hit else 0.05))
            prior = sum(w for w, hit in zip(before, exact, strict=True) if hit) / sum(before)
            posterior = sum(w for w, hit in zip(particles.weights, exact, strict=True) if hit)
            posterior /= sum(particles.weights)
            assert posterior == pytest.approx(prior * 0.95 / (prior * 0.95 + (1 - prior) * 0.05))
            assert posterior > prior + 0.3
        else:
            particles.observe(actor, public, REQUIREMENTS.view(state, 0))


def test_issue17_item3_softened_probabilities_worked_by_hand() -> None:
    assert matching_likelihood(1, 5, True, 0.1) == pytest.approx(0.92)
    assert matching_likelihood(1, 5, False, 0.1) == pytest.approx(0.02)
    assert matching_likelihood(3, 4, False, 0.2) == pytest.approx(0.15)
    assert matching_likelihood(3, 4, True, 0.2) == pytest.approx(0.95)
    assert effective_size([0.25] * 4) == pytest.approx(4.0)
    assert effective_size([1.0, 0.0, 0.0]) == pytest.approx(1.0)
    # systematic resampling keeps each particle about weight x count times
    assert sorted(systematic_resample([0.5, 0.25, 0.25, 0.0], Rng(1))) == [0, 0, 1, 2]
    # the model's choice among 3 matching of 4 legal, eps 0.2: (0.8 + 0.05) / 0.95 of draws
    rng = Rng(4)
    draws = [draw_matching(["a", "b", "c"], "b", 4, 0.2, rng) for _ in range(4000)]
    assert draws.count("b") / len(draws) == pytest.approx(0.85 / 0.95, abs=0.02)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:infer=maybe", "infer must be on or off"),
        ("ismcts:infer=on,model=oracle", "model must be heuristic, playout or random"),
        ("ismcts:infer=on,particles=0", "particles must be at least 1"),
        ("ismcts:infer=on,particles=lots", "is not a number"),
        ("ismcts:infer=on,eps=2", "eps must be between 0.0 and 1.0"),
        ("ismcts:infer=on,fresh=x", "fresh='x' is not a number"),
        ("ismcts:particles=8", "particles needs infer=on"),
        ("ismcts:model=random", "model needs infer=on"),
    ],
)
def test_issue17_item3_bad_inference_options_are_one_line_errors(spec: str, message: str) -> None:
    with pytest.raises(BotError, match=message) as caught:
        make_agent(spec, make_game("requirements"))
    assert "\n" not in str(caught.value)


def test_issue17_item3_without_the_hook_infer_on_decides_as_infer_off() -> None:
    """A loop that never calls begin_match (a benchmark calling act alone; the server's bots
    are told the match: tests/server/test_server_bots.py): uniform worlds, the very
    decisions of infer=off."""
    game = make_game("gtpag")
    match = Match(game, 3, 4)
    on = make_agent("ismcts:iters=40,infer=on", game)
    off = make_agent("ismcts:iters=40", game)
    compared = 0
    rng = Rng(0)
    while not match.is_over() and compared < 6:
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        if len(legal) > 1:
            choice = on.act(match.view(seat), legal, Rng(compared))
            assert str(choice) == str(off.act(match.view(seat), legal, Rng(compared)))
            compared += 1
        match.apply(seat, legal[rng.randbelow(len(legal))])
    assert compared == 6


def test_issue17_item3_inference_is_reproducible_and_forgets_the_last_match() -> None:
    """Same seed, same match; one bot reused over matches (as simulate does) plays each as a
    fresh bot would: begin_match starts the seat's memory afresh."""
    game = make_game("gtpag")
    spec = "ismcts:iters=30,infer=on,particles=8"

    def record(agent: Any, seed: int) -> list[tuple[int, str]]:
        other = make_agent("ismcts:iters=30", game)
        result = play_match(game, 2, seed, [agent, other], keep_record=True)
        assert result.record is not None
        return list(result.record.actions)

    reused = make_agent(spec, game)
    record(reused, 1)
    again = record(reused, 2)
    assert again == record(make_agent(spec, game), 2)
    assert isinstance(reused, InferringISMCTSAgent)
    assert set(reused.filters) == {0}  # the seat it sat in, started afresh for match 2


def test_issue17_item3_gnome_worlds_survive_new_cards_and_keep_their_secret_cards() -> None:
    """G.Nome offers ``redraw_unseen``: a round's new Research cards (R6) drop no particle;
    each is redrawn where nobody has looked and keeps the Secret cards it believed (R15)."""
    from gamenight.bots.ismcts import opponent_model

    game = make_game("gnome")
    state = game.new_state(4, 3)
    particles = ParticleFilter(game, 0, opponent_model(game, "playout"), 8, 0.1, Rng(4))
    particles.reset(game.view(state, 0))
    rng = Rng(8)
    start_round = state.round
    while state.round < start_round + 3:
        actor = game.to_act(state)[0]
        legal = game.legal_actions(state, actor)
        action = legal[rng.randbelow(len(legal))]
        public = str(action) if actor == 0 else game.public_action(state, actor, action)
        believed = [world.secret for world in particles.states]
        game.apply(state, actor, action)
        particles.observe(actor, public, game.view(state, 0))
        every_particle_shows_the_view(particles, game.view(state, 0))
        if particles.resamples == 0:  # before any resampling, particle i is still world i
            assert [world.secret for world in particles.states] == believed
    assert particles.dropped == 0
    assert particles.redrawn >= 2 * particles.size  # every world, at each of two new rounds
