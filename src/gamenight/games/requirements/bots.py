"""A heuristic bot for A Game of Requirements. It reads only its view.

Its ideas, in the order of the rules:
- meet a Requirement when the tile lands on an Accomplishment that already has Spectacle
  (every tile multiplies it), or when an exact payment is at hand;
- bid Pool coins freely (they come home to the reserve whatever happens), and own coins that
  grow its largest matching group (future Spectacle);
- claim when the coin is truly an exact match, bluff now and then when its bid is the larger;
- challenge unless the claim is very likely true: a challenge of a true claim costs one bid
  coin, letting a false claim stand costs the tile;
- always prove a true claim (a false one can only be conceded); put the whole largest
  matching group on as Spectacle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from gamenight.bots.base import check_options, option_float
from gamenight.core.game import View
from gamenight.core.registry import PlayoutPolicy
from gamenight.core.rng import Rng
from gamenight.games.requirements import actions as kinds_
from gamenight.games.requirements import state as phases
from gamenight.games.requirements.actions import Action, Kind
from gamenight.games.requirements.state import RequirementsState, shown_count

if TYPE_CHECKING:
    from gamenight.games.requirements.rules import RequirementsGame

Coin = dict[str, Any]

# Final: compiled, each is a C constant instead of a look-up in the module's dict
P_BIDDING: Final = phases.BIDDING
P_CLAIMING: Final = phases.CLAIMING
P_CHALLENGE: Final = phases.CHALLENGE
P_PROOF: Final = phases.PROOF
P_RECEPTIVE: Final = phases.RECEPTIVE
P_SPECTACLE: Final = phases.SPECTACLE
P_PLACING: Final = phases.PLACING
K_BID_RESERVE: Final = kinds_.BID_RESERVE
K_BID_POOL: Final = kinds_.BID_POOL


class RequirementsHeuristic:
    name = "heuristic"
    needs_view: ClassVar[bool] = True

    def __init__(self, bluff: float = 0.15, trust: float = 0.75) -> None:
        self.bluff = bluff  # chance of claiming a coin that is not an exact match
        self.trust = trust  # accept a claim whose estimated truth is above this

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> RequirementsHeuristic:
        check_options(options, {"bluff", "trust"}, "heuristic")
        return cls(
            bluff=option_float(options, "bluff", 0.15, 0.0, 1.0, "heuristic"),
            trust=option_float(options, "trust", 0.75, 0.0, 1.0, "heuristic"),
        )

    def act(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        kinds = {action.kind for action in legal_actions}
        me = view["viewer"]
        if Kind.PAY in kinds:
            return self._meet(view, legal_actions, me)
        if Kind.PLACE in kinds:
            return self._place(view, legal_actions, me)
        if Kind.CLAIM in kinds:
            return self._claim(view, legal_actions, me, rng)
        if Kind.CHALLENGE in kinds:
            return self._answer_claim(view, legal_actions, me)
        if Kind.PROVE in kinds:
            return _first(legal_actions, Kind.PROVE)
        if Kind.CONCEDE in kinds:  # G2: a false claim is asked too, and can only concede
            return _first(legal_actions, Kind.CONCEDE)
        if Kind.TAKE in kinds:
            return self._take(view, legal_actions, me)
        if Kind.SPECTACLE in kinds:
            return self._spectacle(view, legal_actions, me)
        if Kind.DECLINE in kinds:
            return self._bid(view, legal_actions, me)
        return legal_actions[0]

    # -- Receptive phase -------------------------------------------------------------------
    def _meet(self, view: View, legal: Sequence[Action], me: int) -> Action:
        reserve: list[Coin] = view["seats"][me]["reserve"]
        requirement: list[str] = view["requirement"]
        picks = [a for a in legal if a.kind == Kind.PAY]
        if view["phase"] == "receptive" and not self._worth_meeting(view, me):
            return _first(legal, Kind.PASS)
        paying = view["paying"] or {"need": 0}
        need = requirement[paying["need"]]
        exact = [a for a in picks if reserve[a.index]["up"] == need]
        if exact:
            return min(exact, key=lambda a: _keep_value(reserve[a.index], requirement))
        plenty = Counter(reserve[a.index]["up"] for a in picks)
        return max(
            picks,
            key=lambda a: (
                plenty[reserve[a.index]["up"]],
                -_keep_value(reserve[a.index], requirement),
            ),
        )

    def _worth_meeting(self, view: View, me: int) -> bool:
        reserve: list[Coin] = view["seats"][me]["reserve"]
        requirement = view["requirement"]
        best_spectacle = max(
            (len(acc["coins"]) for acc in _candidates(view, me, requirement)), default=0
        )
        if best_spectacle > 0:
            return True
        shown = {coin["up"] for coin in reserve}
        return all(trait in shown for trait in requirement) and len(reserve) >= 4

    def _place(self, view: View, legal: Sequence[Action], me: int) -> Action:
        accs = view["seats"][me]["accomplishments"]
        return max(
            legal,
            key=lambda a: (len(accs[a.index]["coins"]), len(accs[a.index]["tiles"])),
        )

    # -- Deceptive phase -------------------------------------------------------------------
    def _bid(self, view: View, legal: Sequence[Action], me: int) -> Action:
        seat = view["seats"][me]
        requirement = view["requirement"]
        reserve: list[Coin] = seat["reserve"]
        own_bids = [a for a in legal if a.kind == Kind.BID_RESERVE]
        for action in own_bids:
            if _is_exact(reserve[action.index], requirement):
                return action
        pool_bids = [a for a in legal if a.kind == Kind.BID_POOL]
        if pool_bids:
            group = _largest_group(seat["bid"])
            names = view["traits"]
            matching = [a for a in pool_bids if names[a.index] == group]
            return matching[0] if matching else pool_bids[0]
        group = _largest_group(seat["bid"])
        if group is not None:
            for action in own_bids:
                if reserve[action.index]["up"] == group and len(reserve) > 3:
                    return action
        return _first(legal, Kind.DECLINE)

    def _claim(self, view: View, legal: Sequence[Action], me: int, rng: Rng) -> Action:
        seats = view["seats"]
        coin = seats[me]["bid"][-1]
        if _is_exact(coin, view["requirement"]):
            return _first(legal, Kind.CLAIM)
        ahead = len(seats[me]["bid"]) >= len(seats[1 - me]["bid"]) + 2
        if ahead and rng.random() < self.bluff:
            return _first(legal, Kind.CLAIM)
        return _first(legal, Kind.NO_CLAIM)

    def _answer_claim(self, view: View, legal: Sequence[Action], me: int) -> Action:
        if not view["seats"][me]["bid"]:
            return _first(legal, Kind.CHALLENGE)  # nothing to lose
        claimant = view["claimant"]
        coin = view["seats"][claimant]["bid"][-1]
        truth = _chance_exact(view, coin)
        return _first(legal, Kind.ACCEPT if truth > self.trust else Kind.CHALLENGE)

    def _take(self, view: View, legal: Sequence[Action], me: int) -> Action:
        victim = view["seats"][1 - me]["bid"]
        requirement = view["requirement"] or []
        return max(legal, key=lambda a: _keep_value(victim[a.index], requirement))

    def _spectacle(self, view: View, legal: Sequence[Action], me: int) -> Action:
        bid: list[Coin] = view["seats"][me]["bid"]
        picks = [a for a in legal if a.kind == Kind.SPECTACLE]
        group = view["spectacle_trait"] or _largest_group(bid)
        for action in picks:
            if bid[action.index]["up"] == group:
                return action
        return _first(legal, Kind.DONE)


def _first(legal: Sequence[Action], kind: Kind) -> Action:
    return next(a for a in legal if a.kind == kind)


def _is_exact(coin: Coin, requirement: list[str]) -> bool:
    return coin["down"] is not None and sorted((coin["up"], coin["down"])) == sorted(requirement)


def _keep_value(coin: Coin, requirement: list[str]) -> int:
    """How much a coin is worth keeping: a known exact match for this tile most of all."""
    if coin["down"] is None:
        return 0
    return 2 if _is_exact(coin, requirement) else 1


def _largest_group(coins: list[Coin]) -> str | None:
    counts = Counter(coin["up"] for coin in coins)
    return max(counts, key=lambda trait: counts[trait]) if counts else None


def _candidates(view: View, me: int, requirement: list[str]) -> list[dict[str, Any]]:
    return [
        acc
        for acc in view["seats"][me]["accomplishments"]
        if set(acc["tiles"][-1]) & set(requirement)
    ]


def _chance_exact(view: View, claimed: Coin) -> float:
    """Estimated chance that the claimed coin is an exact match, from the coins seen."""
    requirement: list[str] = sorted(view["requirement"])
    if claimed["down"] is not None:
        return 1.0 if _is_exact(claimed, requirement) else 0.0
    everywhere: list[Coin] = list(view["discard"])
    for seat in view["seats"]:
        everywhere += seat["reserve"] + seat["bid"]
        for acc in seat["accomplishments"]:
            everywhere += acc["coins"]
    if any(_is_exact(coin, requirement) for coin in everywhere):
        return 0.0  # the exact coin is known to be elsewhere
    shown = claimed["up"]
    unknown = sum(1 for coin in everywhere if coin["down"] is None and coin["up"] == shown)
    unknown += int(view["pool"][shown])
    showing_chance = 1.0 if requirement[0] == requirement[1] else 0.5
    return showing_chance / max(unknown, 1)


class RequirementsPlayout(PlayoutPolicy):
    """A fast playout policy for search (reads the sampled state; see PlayoutPolicy).

    It plays the heuristic's plan from the state, so that the search's model of the rest of
    the game is a sensible opponent, with a little noise to explore: meet when the tile lands
    on Spectacle or an exact payment is at hand, bid a known exact coin, then Pool coins,
    then coins of its largest group; claim true matches and bluff rarely when its bid is the
    larger; challenge unless it has nothing in its bid (it does not peek at the coin); prove
    what it can; put its largest matching group on as Spectacle.
    """

    def __init__(self, game: RequirementsGame) -> None:
        self.game = game
        self.pairs = game.pairs

    def choose(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        # typed once here: compiled, the reads below are then direct, not by name
        table: RequirementsState = state
        actions: Sequence[Action] = legal
        phase = table.phase
        if phase == P_BIDDING:
            return self._bid(table, seat, actions, rng)
        if phase == P_CLAIMING:
            if table.bid[seat][-1] == table.requirement:
                return actions[0]  # claim: it is true
            ahead = len(table.bid[seat]) >= len(table.bid[1 - seat]) + 2
            return actions[0] if ahead and rng.random() < 0.15 else actions[1]
        if phase == P_CHALLENGE:
            if not table.bid[seat] or rng.random() < 0.85:
                return actions[0]  # challenge
            return actions[1]
        if phase == P_PROOF:
            return actions[0]  # prove if it can; a false claim is offered only concede (G2)
        if phase == P_RECEPTIVE:
            return self._meet_or_pass(table, seat, actions)
        if phase == P_SPECTACLE:
            return self._spectacle(table, seat, actions)
        if phase == P_PLACING:
            coins, tiles = table.acc_coins[seat], table.acc_tiles[seat]
            return max(actions, key=lambda a: (len(coins[a.index]), len(tiles[a.index])))
        return actions[rng.randbelow(len(actions))]

    def _bid(
        self, state: RequirementsState, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action:
        """A known exact match from the reserve; else a Pool coin (its largest group's trait
        first), mostly; else, with a big reserve, a reserve coin of its largest group.

        The bids come as the rules list them: decline, the reserve's coins, the Pool's tops.
        """
        reserve, requirement = state.reserve[seat], state.requirement
        # the exact coin is the one of the Requirement's own pair, and always a legal bid
        if requirement in reserve and (state.seen[seat] | state.proven) >> requirement & 1:
            position = reserve.index(requirement)
            return next(a for a in legal if a.kind == K_BID_RESERVE and a.index == position)
        if legal[-1].kind == K_BID_POOL and rng.random() < 0.95:
            group = _largest(state.bid[seat], state.coin_up)
            pool = [a for a in legal[-2:] if a.kind == K_BID_POOL]
            for action in pool:
                if action.index == group:
                    return action
            return pool[0]
        if len(reserve) > 3:
            up, group = state.coin_up, _largest(state.bid[seat], state.coin_up)
            for action in legal:
                if action.kind == K_BID_RESERVE and up[reserve[action.index]] == group:
                    return action
        return legal[0]

    def _meet_or_pass(self, state: RequirementsState, seat: int, legal: Sequence[Action]) -> Action:
        coins = state.acc_coins[seat]
        if any(coins[j] for j in self.game.candidates(state, seat)):
            return legal[1]  # the tile multiplies Spectacle already there
        low, high = self.pairs[state.requirement]
        shown = state.reserve_shown[seat]  # the reserve's exposed traits, counted
        if shown_count(shown, low) and shown_count(shown, high) and len(state.reserve[seat]) >= 4:
            return legal[1]
        return legal[0]

    def _spectacle(self, state: RequirementsState, seat: int, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        up, bid = state.coin_up, state.bid[seat]
        best = state.spectacle_trait if state.spectacle_trait >= 0 else _largest(bid, up)
        for action in legal[1:]:
            if up[bid[action.index]] == best:
                return action
        return legal[0]


def _largest(coins: list[int], up: tuple[int, ...]) -> int:
    """The exposed trait most coins show (-1 for none); among equals, the first one met.

    A plain count, not a Counter: bids hold a few coins, and this runs at every bid of a
    playout.
    """
    counts: dict[int, int] = {}
    for coin in coins:
        trait = up[coin]
        counts[trait] = counts.get(trait, 0) + 1
    best, most = -1, 0
    for trait, count in counts.items():  # in the order first met, as max() over a Counter
        if count > most:
            best, most = trait, count
    return best
