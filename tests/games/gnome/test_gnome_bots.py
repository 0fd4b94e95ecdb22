"""The heuristic bot: its choices in explicit positions, its options, and its strength."""

from __future__ import annotations

import pytest
from gnome_testkit import BLUE, GREEN, RED, YELLOW, new_match

from gamenight.bots.factory import make_agent
from gamenight.core import BotError, Match, Rng
from gamenight.core.registry import make_game
from gamenight.games.gnome.bots import GnomeHeuristic
from gamenight.sim import play_match


def heuristic_choice(match, seat: int) -> str:  # type: ignore[no-untyped-def]
    bot = GnomeHeuristic(match.game.params)
    return str(bot.act(match.view(seat), match.legal_actions(seat), Rng(0)))


def test_heuristic_takes_the_colour_it_collects() -> None:
    match = new_match(4, seed=1)
    state = match.state
    state.secret = (GREEN, YELLOW, BLUE, RED)
    state.individual = [[RED, RED], [], [], []]
    state.offer = [BLUE, RED, GREEN]
    for seat, value in enumerate([9, 3, 5, 4]):
        match.apply(seat, f"play {value}")
    assert heuristic_choice(match, 0) == "take red"


def test_heuristic_counts_its_own_secret_card() -> None:
    match = new_match(4, seed=1)
    state = match.state
    state.secret = (GREEN, YELLOW, BLUE, RED)
    state.offer = [BLUE, RED, GREEN]
    for seat, value in enumerate([9, 3, 5, 4]):
        match.apply(seat, f"play {value}")
    assert heuristic_choice(match, 0) == "take green"


def test_heuristic_shared_pick_helps_its_partner_too() -> None:
    """Seat 1 picks a card shared with seat 3, who collects Blue."""
    match = new_match(4, seed=1)
    state = match.state
    state.secret = (GREEN, YELLOW, BLUE, RED)
    state.individual = [[], [], [], [BLUE, BLUE]]
    state.offer = [BLUE, GREEN, RED, RED]
    for seat, value in enumerate([9, 3, 5, 4]):
        match.apply(seat, f"play {value}")
    match.apply(0, "take green")
    assert match.to_act() == (1,)
    assert heuristic_choice(match, 1) == "take blue"


def test_heuristic_shares_with_the_weaker_player_3p() -> None:
    match = new_match(3, seed=1)
    state = match.state
    state.individual = [[], [RED, RED, RED], [BLUE]]
    state.offer = [GREEN, YELLOW]
    for seat, value in enumerate([2, 9, 5]):
        match.apply(seat, f"play {value}")
    match.apply(1, "take green")
    assert heuristic_choice(match, 0) == "share 2"


def test_heuristic_partners_never_play_the_same_number() -> None:
    """R11: partners who plan from the same public information never break their team."""
    game = make_game("gnome")
    for seed in range(6):
        agents = [make_agent("heuristic", game) for _ in range(4)]
        result = play_match(game, 4, seed, agents, keep_record=True)
        assert result.record is not None
        match = Match.from_record(result.record)
        played = match.state.played
        for a, b in match.state.teams:
            assert all(x != y for x, y in zip(played[a], played[b], strict=True))


def test_heuristic_options() -> None:
    game = make_game("gnome")
    agent = make_agent("heuristic:thrift=0.5,noise=0,noise3p=1,team=0.8,rivals=1,model=0", game)
    assert isinstance(agent, GnomeHeuristic)
    assert (agent.thrift, agent.noise, agent.noise_3p, agent.model) == (0.5, 0.0, 1.0, 0.0)
    assert (agent.team, agent.rivals) == (0.8, 1.0)
    with pytest.raises(BotError, match="no option 'greed'"):
        make_agent("heuristic:greed=1", game)
    with pytest.raises(BotError, match="thrift must be between"):
        make_agent("heuristic:thrift=-1", game)


@pytest.mark.parametrize("players", [3, 6])
def test_heuristic_plays_every_player_count(players: int) -> None:
    game = make_game("gnome")
    for seed in range(2):
        agents = [make_agent("heuristic" if s % 2 else "random", game) for s in range(players)]
        result = play_match(game, players, seed, agents)
        assert result.outcome.reason


def test_heuristic_plays_a_session() -> None:
    game = make_game("gnome", variant="session")
    result = play_match(game, 4, 0, [make_agent("heuristic", game) for _ in range(4)])
    assert result.outcome.reason.startswith("session over")


def test_heuristic_team_beats_a_random_team_in_65_percent_of_400_games() -> None:
    """Two heuristic partners against two random partners, 4 players, 400 fixed seeds; the
    heuristic team sits at seats 0 and 2 in even games, 1 and 3 in odd ones."""
    game = make_game("gnome")
    heuristic = [make_agent("heuristic", game) for _ in range(2)]
    random = [make_agent("random", game) for _ in range(2)]
    wins = 0
    for seed in range(400):
        ours = (0, 2) if seed % 2 == 0 else (1, 3)
        agents = [heuristic[s % 2] if s in ours else random[s % 2] for s in range(4)]
        winners = play_match(game, 4, seed, agents).outcome.winners
        wins += bool(winners) and winners[0] in ours
    assert wins / 400 >= 0.65, f"heuristic team won {wins} of 400"
