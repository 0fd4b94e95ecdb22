"""ISMCTS ``simultaneous=regret``: regret matching where several seats are to act at once.

The regret table is checked on its own (its arithmetic, and self-play of two small matrix
games whose equilibria are known), then inside the search on a G.Nome round, where the
Teamwork cards are chosen simultaneously (R7, R8, D3) and the Research cards one by one.
"""

from __future__ import annotations

import json

import pytest

from gamenight.bots import make_agent
from gamenight.bots.ismcts import ISMCTSAgent, Node, RegretTable, _regret_choice
from gamenight.core import BotError, Match, Rng
from gamenight.core.registry import make_game

GNOME = make_game("gnome")


def test_the_strategy_follows_the_positive_regrets() -> None:
    table = RegretTable()
    table.regrets.update({"a": 3.0, "b": 1.0, "c": -2.0})
    assert table.strategy(["a", "b", "c"]) == [0.75, 0.25, 0.0]
    assert table.strategy(["c", "d"]) == [0.5, 0.5]  # no positive regret: uniform


def test_an_update_credits_the_sampled_action_by_its_probability() -> None:
    table = RegretTable()
    table.update(["a", "b"], chosen=0, probability=0.5, reward=0.6)
    # the chosen action's estimate is 0.6 / 0.5 = 1.2, the other's 0; both minus 0.6
    assert table.regrets == pytest.approx({"a": 0.6, "b": -0.6})


def test_the_average_strategy_is_the_sum_of_the_strategies_played() -> None:
    table = RegretTable()
    assert table.average(["x", "y"]) == [0.5, 0.5]
    table.strategy_sums.update({"x": 3.0, "y": 1.0})
    assert table.average(["y", "x"]) == [0.25, 0.75]


def self_play(payoff: list[list[float]], iterations: int, seed: int) -> tuple[list[float], ...]:
    """Two regret-matching seats play a matrix game (``payoff``: the row seat's reward in
    [0, 1], the column seat gets 1 minus it); their average strategies."""
    rows, columns = Node(-1), Node(-1)
    row_actions = [f"r{i}" for i in range(len(payoff))]
    column_actions = [f"c{j}" for j in range(len(payoff[0]))]
    rng = Rng(seed)
    for _ in range(iterations):
        mine = _regret_choice(rows, 0, row_actions, rng)
        theirs = _regret_choice(columns, 1, column_actions, rng)
        reward = payoff[mine.index][theirs.index]
        for choice, value in ((mine, reward), (theirs, 1.0 - reward)):
            choice.table.update(choice.keys, choice.index, choice.probability, value)
    assert rows.regret is not None
    assert columns.regret is not None
    return rows.regret.average(row_actions), columns.regret.average(column_actions)


def test_self_play_of_rock_paper_scissors_heads_for_the_uniform_equilibrium() -> None:
    beats = [[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]]
    for average in self_play(beats, 20000, 7):
        assert average == pytest.approx([1 / 3] * 3, abs=0.05)


def test_self_play_finds_the_equilibrium_of_a_lopsided_game() -> None:
    # Matching pennies where the row seat is paid 0.8 for matching heads and 0.4 for
    # matching tails (the column seat gets 1 minus that). The row seat is indifferent when
    # the column plays heads with q: 0.8q = 0.4(1 - q), q = 1/3; the column seat when the
    # row plays heads with p: 1 - 0.8p = 0.6 + 0.4p, p = 1/3.
    payoff = [[0.8, 0.0], [0.0, 0.4]]
    row, column = self_play(payoff, 40000, 11)
    assert row[0] == pytest.approx(1 / 3, abs=0.06)
    assert column[0] == pytest.approx(1 / 3, abs=0.06)


def test_self_play_settles_on_dominant_actions() -> None:
    # the row seat's first action pays more whatever the column does, and the column seat's
    # second action (it gets 1 minus the payoff) likewise: the one equilibrium is pure
    payoff = [[0.9, 0.7], [0.3, 0.1]]
    row, column = self_play(payoff, 5000, 13)
    assert row[0] > 0.9
    assert column[1] > 0.9


def commit_position() -> Match:
    """A 4-player G.Nome match at its first simultaneous step: every seat still to commit."""
    match = Match(GNOME, 4, 5)
    assert len(match.to_act()) == 4
    return match


def regret_nodes(node: Node) -> list[Node]:
    found = [node] if node.regret is not None else []
    for child in node.children.values():
        found += regret_nodes(child)
    return found


def search(
    spec: str, match: Match, rng: Rng | None = None, seat: int = 0
) -> tuple[ISMCTSAgent, list[Node]]:
    """A fresh bot of ``spec`` and every seat's tree after its search for ``seat``."""
    agent = make_agent(f"{spec},iters=200", GNOME)
    assert isinstance(agent, ISMCTSAgent)
    return agent, agent.search_trees(match.view(seat), seat, rng if rng is not None else Rng(9))


def test_by_default_no_node_keeps_regrets() -> None:
    _, roots = search("ismcts:simultaneous=ucb", commit_position())
    assert all(regret_nodes(root) == [] for root in roots)


def test_regret_matching_chooses_the_simultaneous_teamwork_cards() -> None:
    match = commit_position()
    _, roots = search("ismcts:simultaneous=regret", match)
    mine = roots[0]
    assert mine.regret is not None  # the bot's own Teamwork card
    legal = {str(action) for action in match.legal_actions(0)}
    assert set(mine.regret.strategy_sums) == legal
    assert sum(mine.regret.strategy_sums.values()) == pytest.approx(200)  # once an iteration
    # In the tree the others commit after the bot, in seat order. Seat 3, the last, is then
    # the only seat to act, but it is as blind to the others' cards as the first (D3,
    # ``GnomeGame.simultaneous``): it chooses by regret matching too. The picks of Research
    # cards after the reveal (one picker at a time, R27) stay with UCB1.
    with_tables = [seat for seat in (1, 2, 3) if regret_nodes(roots[seat])]
    assert with_tables == [1, 2, 3]
    for seat in with_tables:
        for node in regret_nodes(roots[seat]):
            assert node.regret is not None
            assert all(key.startswith("play ") for key in node.regret.strategy_sums)


def test_g14_the_last_seat_to_commit_chooses_by_regret_matching_too() -> None:
    """G14, D3: seats 0 to 2 have committed; seat 3, alone to act, still cannot see their cards.
    Its own decision is chosen by regret matching, and a lone seat elsewhere (a Research
    pick, R27) by UCB1."""
    match = commit_position()
    for seat in (0, 1, 2):
        match.apply(seat, match.legal_actions(seat)[seat])
    assert match.to_act() == (3,)
    assert GNOME.simultaneous(match.state)
    _, roots = search("ismcts:simultaneous=regret", match, seat=3)
    assert roots[3].regret is not None
    assert set(roots[3].regret.strategy_sums) == {str(a) for a in match.legal_actions(3)}
    match.apply(3, match.legal_actions(3)[0])  # the reveal: one picker at a time follows
    picker = match.to_act()
    assert len(picker) == 1
    assert not GNOME.simultaneous(match.state)
    _, roots = search("ismcts:simultaneous=regret", match, seat=picker[0])
    assert roots[picker[0]].regret is None


def test_regret_several_leaves_the_last_seat_to_commit_to_ucb() -> None:
    """``simultaneous=regret-several`` (the search before G14): regret matching while several
    seats are to act at once; the last seat to commit, alone to act, chooses by UCB1, in the
    bot's own decision and in its tree."""
    match = commit_position()
    _agent, roots = search("ismcts:simultaneous=regret-several", match)
    assert roots[0].regret is not None  # all four to act: regret matching
    # in the tree the others commit after the bot in seat order; seat 3 is then alone
    assert regret_nodes(roots[1])
    assert regret_nodes(roots[2])
    assert regret_nodes(roots[3]) == []
    for seat in (0, 1, 2):
        match.apply(seat, match.legal_actions(seat)[seat])
    assert match.to_act() == (3,)
    assert GNOME.simultaneous(match.state)
    _, roots = search("ismcts:simultaneous=regret-several", match, seat=3)
    assert roots[3].regret is None
    # the search did run from seat 3's root: its 200 iterations went through its children
    assert sum(child.visits for child in roots[3].children.values()) == 200


def test_the_bot_plays_the_most_played_card_of_its_average_strategy() -> None:
    match = commit_position()
    legal = match.legal_actions(0)
    chosen = make_agent("ismcts:simultaneous=regret,iters=200", GNOME).act(
        match.view(0), legal, Rng(9)
    )
    # the same search, seen from inside: ``act`` first asks its guide with a child of its
    # generator (unused at a simultaneous step), then searches with the generator
    rng = Rng(9)
    rng.spawn()
    _, roots = search("ismcts:simultaneous=regret", match, rng)
    table = roots[0].regret
    assert table is not None
    shares = table.average([str(action) for action in legal])
    assert shares[legal.index(chosen)] == max(shares)
    assert max(shares) > 1.5 / len(legal)  # the search did settle somewhere


def test_it_never_reads_hidden_state() -> None:
    """Two worlds alike to seat 0 at a Teamwork step (the others' Secret cards and the deck
    differ) get the same answer: regret matching, too, has only the view."""
    match = commit_position()
    rng = Rng(2)
    for _ in range(9):  # some random play, then on to a Teamwork step all four are to act at
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randbelow(len(legal))])
    while len(match.to_act()) < 4:
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randbelow(len(legal))])
    view = match.view(0)
    other = GNOME.determinize(json.loads(json.dumps(view)), 0, Rng(99))
    assert GNOME.hidden(other, 0) != GNOME.hidden(match.state, 0)
    assert GNOME.view(other, 0) == view
    agent = make_agent("ismcts:simultaneous=regret,iters=60", GNOME)
    first = agent.act(view, match.legal_actions(0), Rng(5))
    second = agent.act(GNOME.view(other, 0), GNOME.legal_actions(other, 0), Rng(5))
    assert first == second


@pytest.mark.parametrize(
    "spec", ["ismcts:simultaneous=regret", "ismcts:infer=on,simultaneous=regret"]
)
def test_regret_matching_decisions_reproduce(spec: str) -> None:
    match = commit_position()
    agent = make_agent(f"{spec},iters=80", GNOME)
    answers = {str(agent.act(match.view(0), match.legal_actions(0), Rng(3))) for _ in range(3)}
    assert len(answers) == 1


def test_a_bad_simultaneous_value_is_a_one_line_error() -> None:
    with pytest.raises(
        BotError, match="simultaneous must be ucb, regret or regret-several, not 'rm'"
    ):
        make_agent("ismcts:simultaneous=rm", GNOME)
