"""ISMCTS ``split``: decisions below the root keyed by the deciding seat's view in the world.

A Requirements position decides it: the bot bids a Pool coin, looks at its hidden side (G1)
and then claims or not. Without ``split`` its claim sits under the bid, one node for every
world; with ``split=view`` it sits under the view the bot has in that world, one node for
every hidden side it may see.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gamenight.bots import make_agent
from gamenight.bots.ismcts import VIEW_KEY, ISMCTSAgent, Node
from gamenight.core import BotError, Match, Rng
from gamenight.core.registry import make_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "games" / "requirements"))
from requirements_positions import GAME, build

BID = "bid pool Moxie"


def bidding_position() -> object:
    """Seat 0 to bid on Moxie/Spunk, nothing in either reserve: the Pool's top coins only."""
    return build(  # type: ignore[arg-type]
        stack_left=3,
        requirement="Moxie/Spunk",
        first=0,
        accomplishments=([(["Moxie/Moxie"], ["Guts/Guts"])], [(["Moxie/Guts"], ["Cheek/Cheek"])]),
    )


def trees(spec: str, iterations: int = 200) -> list[Node]:
    """Every seat's tree after one search from the position (seat 0 searching)."""
    state = bidding_position()
    assert GAME.to_act(state) == (0,)  # type: ignore[arg-type]
    assert BID in {str(a) for a in GAME.legal_actions(state, 0)}  # type: ignore[arg-type]
    agent = make_agent(f"{spec},iters={iterations},guide=none", GAME)
    assert isinstance(agent, ISMCTSAgent)
    return agent.search_trees(GAME.view(state, 0), 0, Rng(4))  # type: ignore[arg-type]


def view_keys(node: Node) -> list[str]:
    """The keys of every view node anywhere below ``node``."""
    found = []
    for key, child in node.children.items():
        if key.startswith(VIEW_KEY):
            found.append(key)
        found += view_keys(child)
    return found


def hidden_side_seen(key: str) -> str:
    """The hidden side of the coin the bot just bid, as its view in ``key`` shows it."""
    bid_at = key.index("'bid': [{")
    coin = key[bid_at : key.index("}", bid_at)]
    return coin[coin.index("'down'") :]


def test_without_split_the_claim_is_one_node_for_every_world() -> None:
    mine, theirs = trees("ismcts:split=off")
    assert view_keys(mine) == []
    assert view_keys(theirs) == []
    assert {"claim", "no-claim"} <= set(mine.children[BID].children)


def test_split_view_keys_the_claim_by_the_hidden_side_the_bot_saw() -> None:
    mine, theirs = trees("ismcts:split=view")
    below_bid = [key for key in mine.children[BID].children if key.startswith(VIEW_KEY)]
    seen = {hidden_side_seen(key) for key in below_bid}
    assert len(seen) >= 2  # the Pool's top Moxie coin differs from world to world
    for key in below_bid:
        assert set(mine.children[BID].children[key].children) <= {"claim", "no-claim"}
    assert view_keys(theirs) == []  # the other seat's tree is keyed as before


def test_split_all_keys_the_other_seats_decisions_too() -> None:
    _, theirs = trees("ismcts:split=all")
    keys = view_keys(theirs)
    assert keys
    assert all("'viewer': 1" in key for key in keys)  # seat 1's own views, never seat 0's


@pytest.mark.parametrize("spec", ["ismcts:split=view", "ismcts:infer=on,split=all"])
def test_split_decisions_reproduce(spec: str) -> None:
    match = Match(GAME, 2, 8)
    seat = match.to_act()[0]
    agent = make_agent(f"{spec},iters=80", GAME)
    answers = {
        str(agent.act(match.view(seat), match.legal_actions(seat), Rng(3))) for _ in range(3)
    }
    assert len(answers) == 1


def test_a_bad_split_is_a_one_line_error() -> None:
    with pytest.raises(BotError, match="split must be off, view or all, not 'some'"):
        make_agent("ismcts:split=some", make_game("gnome"))
