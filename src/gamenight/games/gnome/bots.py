"""A heuristic bot for G.Nome. It reads only its view, the legal actions and the public rules.

Its ideas, in the order of a round:
- Teamwork card: for every card it could play (with 4 or 6 players: every pair of cards for it
  and its partner), it works out the chance of each ranking of the Team Totals, assuming the
  other seats play any card they have left at random, and what the picks that ranking gives
  would be worth (simulated with greedy pickers). It adds a little random spread, so that bots
  alike do not always play alike (and tie), and plays the best. Option ``thrift`` charges a
  price for spending high cards early; it is off by default, as self-play found it a loss.
  Partners coordinate without talking: the pair is chosen from public information only (the
  cards both have left, the cards on offer, the face-up collections) and a spread drawn from
  that information, so both partners compute the same pair and never play the same number.
- With 3 players it expects each other player to play at random or, half the time, as this
  bot would (a one-level model of the other players), which steers it away from ties.
- Research card: the card that adds most to its own result (its Secret card included; for a
  Shared card, to its partner's too), plus what the round's later picks then give everyone,
  rivals' gains counted against.
- 3-player Shared card: shares with the player it helps least.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from typing import Any, ClassVar

from gamenight.bots.base import check_options, option_float
from gamenight.core.game import View
from gamenight.core.registry import PlayoutPolicy
from gamenight.core.rng import Rng, derive_seed
from gamenight.games.gnome.actions import PLAY, TAKE, Action
from gamenight.games.gnome.params import GnomeParams
from gamenight.games.gnome.rules import GnomeGame, order_for_3p, order_for_teams
from gamenight.games.gnome.scoring import Scorer
from gamenight.games.gnome.state import CHOOSE_PARTNER, COMMIT, DEAL, INDIVIDUAL, PICK, SHARED

Step = tuple[int, int, int]
_STEP_KINDS = {
    "individual": INDIVIDUAL,
    "shared": SHARED,
    "choose-partner": CHOOSE_PARTNER,
    "deal": DEAL,
}
Unit = list[tuple[int, bool, float]]  # (card or Team Total, formed, probability)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


class GnomeHeuristic:
    name = "heuristic"
    needs_view: ClassVar[bool] = True

    def __init__(
        self,
        params: GnomeParams | None = None,
        thrift: float = 0.0,
        team: float = 1.0,
        rivals: float = 0.5,
        noise: float = 2.0,
        noise_3p: float = 6.0,
        model: float = 0.5,
    ) -> None:
        self.params = params if params is not None else GnomeParams()
        self.scorer = Scorer(self.params)
        self.thrift = thrift  # price of a Teamwork pip, in result points, early in the game
        self.team = team  # weight of the partner's gain against one's own
        self.rivals = rivals  # weight of the other seats' gains (counted against)
        # Random spread, in result points, added to each choice's worth: bots that reason
        # alike would otherwise play alike, and equal cards or Team Totals win nothing. Three
        # players collide more (two alike bots tie outright), so they get more spread.
        self.noise = noise
        self.noise_3p = noise_3p
        self.model = model  # 3 players: how far others are expected to play like this bot

    @classmethod
    def from_options(
        cls, options: Mapping[str, str], params: GnomeParams | None = None
    ) -> GnomeHeuristic:
        check_options(
            options, {"thrift", "team", "rivals", "noise", "noise3p", "model"}, "heuristic"
        )
        return cls(
            params=params,
            thrift=option_float(options, "thrift", 0.0, 0.0, 10.0, "heuristic"),
            team=option_float(options, "team", 1.0, 0.0, 2.0, "heuristic"),
            rivals=option_float(options, "rivals", 0.5, 0.0, 2.0, "heuristic"),
            noise=option_float(options, "noise", 2.0, 0.0, 20.0, "heuristic"),
            noise_3p=option_float(options, "noise3p", 6.0, 0.0, 20.0, "heuristic"),
            model=option_float(options, "model", 0.5, 0.0, 1.0, "heuristic"),
        )

    def act(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        kind = legal_actions[0].kind
        if kind == PLAY:
            return self._commit(view, legal_actions, rng)
        if kind == TAKE:
            return self._pick(view, legal_actions)
        return self._share(view, legal_actions)

    # -- what cards are worth ----------------------------------------------------------------
    def _collections(self, view: View, secret_of: int | None) -> list[list[int]]:
        """Each seat's face-up cards (and the Secret card of ``secret_of`` or, at the end, all)."""
        kind_of = self.params.kind_of
        seats = view["seats"]
        cards: list[list[int]] = [
            [kind_of[name.lower()] for name in seat["individual"]] for seat in seats
        ]
        for shared in view["shared"]:
            kind = kind_of[shared["card"].lower()]
            for seat in shared["seats"]:
                cards[seat].append(kind)
        for seat, data in enumerate(seats):
            if data["secret"] is not None and (seat == secret_of or view["phase"] == "over"):
                cards[seat].append(kind_of[data["secret"].lower()])
        return cards

    def _gains(self, collections: list[list[int]]) -> list[list[float]]:
        """gains[seat][kind]: how much one more card of that kind adds to the seat's result."""
        scorer = self.scorer
        kinds = len(self.params.card_names)
        table = []
        for cards in collections:
            counts = list(scorer.counts(cards))
            base = scorer.best(tuple(counts))[0]
            row = []
            for kind in range(kinds):
                counts[kind] += 1
                row.append(float(scorer.best(tuple(counts))[0] - base))
                counts[kind] -= 1
            table.append(row)
        return table

    # -- picks -------------------------------------------------------------------------------
    def _pick(self, view: View, legal: Sequence[Action]) -> Action:
        """The card worth most now, plus what the round's later picks then give everyone
        (rivals' gains counted against it)."""
        me = view["viewer"]
        gains = self._gains(self._collections(view, me))
        step = view["queue"][0]
        partner = step["partner"] if step["step"] == "shared" else None
        players = view["players"]
        teammate = next((a + b - me for a, b in view["teams"] if me in (a, b)), -1)
        rival = -self.rivals / max(players - (2 if teammate >= 0 else 1), 1)
        weights = [
            1.0 if seat == me else self.team if seat == teammate else rival
            for seat in range(players)
        ]
        later = tuple(
            (_STEP_KINDS[s["step"]], s["seat"], -1 if s["partner"] is None else s["partner"])
            for s in view["queue"][1:]
        )
        offer = [self.params.kind_of[name.lower()] for name in view["offer"]]

        def worth(action: Action) -> float:
            card = action.index
            value = gains[me][card]
            if partner is not None:
                value += self.team * gains[partner][card]
            rest = list(offer)
            rest.remove(card)
            return value + _simulate(later, rest, gains, weights, me)

        return max(legal, key=worth)

    def _share(self, view: View, legal: Sequence[Action]) -> Action:
        """R36: share with the seat that would end up the weaker of the two."""
        kind = self.params.kind_of[view["pending"].lower()]
        gains = self._gains(self._collections(view, view["viewer"]))
        seats = view["seats"]
        return min(legal, key=lambda a: (seats[a.index]["score"] + gains[a.index][kind], a.index))

    # -- Teamwork cards ---------------------------------------------------------------------
    def _commit(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        me = view["viewer"]
        seats = view["seats"]
        players = view["players"]
        left = view["rounds"] - view["round"]  # rounds after this one
        price = self.thrift * left / max(view["rounds"] - 1, 1)
        offer = [self.params.kind_of[name.lower()] for name in view["offer"]]
        mine = [a.index for a in legal]
        if players == 3:
            worth = self.worths_3p(view, legal)
            spread = {v: self.noise_3p * rng.random() for v in mine}
            best = max(mine, key=lambda v: (worth[v] + spread[v], -v))
            return next(a for a in legal if a.index == best)
        # With partners, plan from public information only, so both partners agree.
        teams = [tuple(team) for team in view["teams"]]
        ours = next(team for team in teams if me in team)
        gains = self._gains(self._collections(view, None))
        # Both partners weigh the team alike (``team`` only shapes picks), or their plans
        # would differ.
        weights = [1.0 if seat in ours else -self.rivals / (players - 2) for seat in range(players)]
        rivals = [team for team in teams if team != ours]
        units = []
        for a, b in rivals:
            dist: dict[tuple[int, bool], float] = {}
            hand_a, hand_b = seats[a]["unrevealed"], seats[b]["unrevealed"]
            chance = 1.0 / (len(hand_a) * len(hand_b))
            for x in hand_a:
                for y in hand_b:
                    key = (x + y, x != y)
                    dist[key] = dist.get(key, 0.0) + chance
            units.append([(total, formed, p) for (total, formed), p in sorted(dist.items())])
        lo, hi = min(ours), max(ours)
        hand_lo, hand_hi = seats[lo]["unrevealed"], seats[hi]["unrevealed"]
        if me == lo:
            hand_lo = mine
        else:
            hand_hi = mine
        plans = [(x, y) for x in hand_lo for y in hand_hi if x != y]
        if not plans:
            return legal[0]
        worth_by_leader: dict[int, dict[int, float]] = {}
        cache: dict[int, dict[tuple[int, ...], float]] = {}
        for leader in (lo, hi):
            assistant = hi if leader == lo else lo
            totals = sorted({x + y for x, y in plans if (x > y) == (leader == lo)})

            def order_teams(
                total: int,
                values: list[int],
                formed: list[bool],
                leader: int = leader,
                assistant: int = assistant,
            ) -> list[Step]:
                rows = []
                for team in teams:
                    if team == ours:
                        rows.append((total, True, leader, assistant))
                    else:
                        index = rivals.index(team)
                        rows.append((values[index], formed[index], team[0], team[1]))
                return order_for_teams(rows)

            worth_by_leader[leader] = self._expectations(
                totals, units, order_teams, offer, gains, weights, me, cache
            )

        # Noise keeps teams that reason alike from always tying. It is drawn from public
        # information and the team's seats, so both partners draw the same.
        path = [lo, hi, view["round"], *offer]
        for seat in seats:
            path += seat["played"]
        shared_rng = Rng(derive_seed(0x6E0E, *path))
        jitter = {plan: self.noise * shared_rng.random() for plan in plans}

        def plan_value(plan: tuple[int, int]) -> tuple[float, int, int]:
            x, y = plan
            leader = lo if x > y else hi
            worth = worth_by_leader[leader][x + y] - price * (x + y) + jitter[plan]
            return (worth, -(x + y), -x)

        x, y = max(plans, key=plan_value)
        card = x if me == lo else y
        return next(a for a in legal if a.index == card)

    def worths_3p(self, view: View, legal: Sequence[Action]) -> dict[int, float]:
        """3 players: what each Teamwork card in ``legal`` is worth, before the spread."""
        me = view["viewer"]
        left = view["rounds"] - view["round"]  # rounds after this one
        price = self.thrift * left / max(view["rounds"] - 1, 1)
        offer = [self.params.kind_of[name.lower()] for name in view["offer"]]
        gains = self._gains(self._collections(view, me))
        hands = [list(seat["unrevealed"]) for seat in view["seats"]]
        hands[me] = [a.index for a in legal]
        predicted = {
            other: self._solo_worths(other, hands, offer, gains, price)
            for other in range(3)
            if other != me and self.model > 0
        }
        return self._solo_worths(me, hands, offer, gains, price, predicted, self.model)

    def _solo_worths(
        self,
        me: int,
        hands: list[list[int]],
        offer: list[int],
        gains: list[list[float]],
        price: float,
        predicted: dict[int, dict[int, float]] | None = None,
        model: float = 0.0,
    ) -> dict[int, float]:
        """3 players: what each card of ``me`` is worth, less its price.

        The others play at random, or, with weight ``model``, like this bot would (their
        ``predicted`` worths, best first, within the bot's random spread).
        """
        weights = [1.0 if seat == me else -self.rivals / 2 for seat in range(3)]
        others = [seat for seat in range(3) if seat != me]
        units = []
        for seat in others:
            hand = hands[seat]
            chances = dict.fromkeys(hand, (1.0 - model) / len(hand))
            if predicted and seat in predicted:
                worths = predicted[seat]
                top = max(worths.values())
                near = {v: max(self.noise_3p - (top - w), 0.0) for v, w in worths.items()}
                if sum(near.values()) == 0.0:
                    near = {v: float(w == top) for v, w in worths.items()}
                total = sum(near.values())
                for v, w in near.items():
                    chances[v] += model * w / total
            else:
                for v in hand:
                    chances[v] += model / len(hand)
            units.append([(v, True, p) for v, p in chances.items()])

        def order3(mine_value: int, values: list[int], formed: list[bool]) -> list[Step]:
            cards = [0, 0, 0]
            cards[me] = mine_value
            for seat, value in zip(others, values, strict=True):
                cards[seat] = value
            return order_for_3p(cards)

        worth = self._expectations(hands[me], units, order3, offer, gains, weights, me)
        return {v: w - price * v for v, w in worth.items()}

    def _expectations(
        self,
        candidates: Sequence[int],
        units: list[Unit],
        order: Callable[[int, list[int], list[bool]], list[Step]],
        offer: list[int],
        gains: list[list[float]],
        weights: list[float],
        me: int,
        cache: dict[int, dict[tuple[int, ...], float]] | None = None,
    ) -> dict[int, float]:
        """Expected worth of each own card (or Team Total), over the others' random plays.

        Outcomes are grouped by how every value compares with every other (and which teams
        formed): only that decides the order of choosing, so each group is simulated once.
        """
        memo: dict[tuple[int, ...], float] = {}
        result: dict[int, float] = {}
        for mine in candidates:
            if len(units) == 1:
                groups: dict[tuple[int, ...], float] = {}
                for value, flag, p in units[0]:
                    key: tuple[int, ...] = (_sign(value - mine), int(flag))
                    groups[key] = groups.get(key, 0.0) + p
            elif cache is not None and mine in cache:
                groups = cache[mine]
            else:
                groups = _pair_groups(mine, units[0], _prefix_sums(units[1]))
                if cache is not None:
                    cache[mine] = groups
            total = 0.0
            for key, p in groups.items():
                worth = memo.get(key)
                if worth is None:
                    values, flags = _representatives(key)
                    steps = tuple(order(0, values, flags))
                    worth = memo[key] = _simulate(steps, offer, gains, weights, me)
                total += p * worth
            result[mine] = total
        return result


def _representatives(key: tuple[int, ...]) -> tuple[list[int], list[bool]]:
    """Values that compare as ``key`` says, against an own value of 0.

    ``key`` is (sign of v1) and formed flag for one rival unit, or (sign of v1, sign of v2,
    sign of v2 - v1, formed 1, formed 2) for two; the order of choosing depends on nothing else.
    """
    if len(key) == 2:
        return [2 * key[0]], [bool(key[1])]
    s1, s2, s12, f1, f2 = key
    v1 = 2 * s1
    v2 = v1 + s12 if s1 == s2 else 2 * s2
    return [v1, v2], [bool(f1), bool(f2)]


Prefix = dict[bool, tuple[list[int], list[float]]]


def _prefix_sums(unit: Unit) -> Prefix:
    """For each formed flag: the unit's sorted values and the prefix sums of their chances."""
    second = unit
    by_formed: Prefix = {}
    for flag in (False, True):
        values = sorted({v for v, f, _ in second if f == flag})
        mass = dict.fromkeys(values, 0.0)
        for v, f, p in second:
            if f == flag:
                mass[v] += p
        prefix = [0.0]
        for v in values:
            prefix.append(prefix[-1] + mass[v])
        by_formed[flag] = (values, prefix)
    return by_formed


def _pair_groups(mine: int, first: Unit, by_formed: Prefix) -> dict[tuple[int, ...], float]:
    """P(key) over two independent rival units, key as in :func:`_representatives`.

    For each value of the first unit the second unit's values fall in at most five ranges
    (below, at, between, at, above the two values), read off prefix sums.
    """
    groups: dict[tuple[int, ...], float] = {}
    for v1, f1, p1 in first:
        s1 = _sign(v1 - mine)
        low, high = min(v1, mine), max(v1, mine)
        for flag, (values, prefix) in by_formed.items():
            if not values:
                continue
            below_low = prefix[bisect_left(values, low)]
            upto_low = prefix[bisect_right(values, low)]
            below_high = prefix[bisect_left(values, high)]
            upto_high = prefix[bisect_right(values, high)]
            ranges = [(low - 0.5, below_low), (float(low), upto_low - below_low)]
            if high != low:
                ranges += [
                    ((low + high) / 2, below_high - upto_low),
                    (float(high), upto_high - below_high),
                ]
            ranges.append((high + 0.5, prefix[-1] - upto_high))
            for point, p in ranges:
                if p <= 0.0:
                    continue
                key = (s1, _fsign(point - mine), _fsign(point - v1), int(f1), int(flag))
                groups[key] = groups.get(key, 0.0) + p1 * p
    return groups


def _fsign(x: float) -> int:
    return (x > 0) - (x < 0)


def _simulate(
    steps: tuple[Step, ...],
    offer: list[int],
    gains: list[list[float]],
    weights: list[float],
    me: int,
) -> float:
    """What a round's picks are worth to ``me``, every picker taking what helps it most."""
    pool = list(offer)
    worth = 0.0
    for step, seat, partner in steps:
        if not pool:
            break
        if step == DEAL:
            mean = sum(
                gains[seat][c] * weights[seat] + gains[partner][c] * weights[partner] for c in pool
            ) / len(pool)
            worth += mean
            pool.remove(min(pool))
            continue
        cards = sorted(set(pool))
        row = gains[seat]
        if step == SHARED:
            other = gains[partner]
            card = max(cards, key=lambda c: row[c] + other[c])
            worth += row[card] * weights[seat] + other[card] * weights[partner]
        else:
            card = max(cards, key=lambda c: row[c])
            worth += row[card] * weights[seat]
            if step == CHOOSE_PARTNER:  # R36: the picker shares it with one of the others
                others = [q for q in range(len(gains)) if q != seat]
                if seat == me:
                    worth += max(gains[q][card] * weights[q] for q in others)
                else:
                    worth += sum(gains[q][card] * weights[q] for q in others) / len(others)
        pool.remove(card)
    return worth


# -- the playout policy of search bots ------------------------------------------------------

DEPTH = 12  # careful playout actions (1 to 2 rounds) before the rest is played cheaply
Greedy = tuple[tuple[int, int], ...]  # a round's picks: (picker, partner), first pick first
Ranks = tuple[list[float], list[float]]  # by Team Total: chance a team is below it, above it


class GnomePlayout(PlayoutPolicy):
    """A fast playout policy for search (reads the sampled state; see PlayoutPolicy).

    It plays like the heuristic bot, cut down to what a playout can afford:

    - Research card: the card that adds most to its own result (for a Shared card, to its
      partner's too), plus what the round's later picks then give everyone (greedy pickers,
      rivals' gains counted against), as the heuristic does.
    - Teamwork cards, with partners: once a round, for every team, what the round's picks
      are worth to it if it ranks highest (with either partner as Leader), lowest or
      (6 players) in the middle, each worked out with greedy pickers; the chance of each
      rank for every Team Total, as if the rival teams played any cards they have left at
      random (no seat reads a rival's face-down card); and, like the heuristic, the best Team
      Total after a random spread, as a pair of cards for the partners. A seat whose partner
      has already played another card completes the best pair with that card, so partners
      never play the same number.
    - Teamwork card, 3 players: the same with single cards and a wider spread.
    - 3-player Shared card: shares with the seat it leaves weakest.

    The gains of every seat and the round's plan are kept for the state they were worked
    out for (the same object, unchanged since), and the round's worth by the offer and the
    gains, so most moves cost a look-up. After ``depth`` actions, :meth:`evaluate` plays the
    rest of the match cheaply and reports its outcome.

    What is kept between calls is of two sorts, so that a decision never depends on the
    decisions searched before it (issue 11 item 15): look-up tables keyed on everything their
    values depend on (``_rows``, ``_ranks``, ``_worths``, ``_models``), which may live as long
    as the policy, and the scratch of one decision (the state last seen, the round's plan,
    the public situations met so far), which :meth:`new_decision` forgets. The search calls it
    before every decision.
    """

    def __init__(
        self,
        game: GnomeGame,
        noise: float = 2.0,
        noise_3p: float = 6.0,
        rivals: float = 0.5,
        depth: int | None = DEPTH,
    ) -> None:
        self.game = game
        self.depth = depth
        self.params = game.params
        self.heuristic = GnomeHeuristic(self.params)
        self.scorer = Scorer(self.params)
        self.kinds = len(self.params.card_names)
        self.noise = noise
        self.noise_3p = noise_3p
        self.rivals = rivals
        self._rows: dict[tuple[int, ...], tuple[int, ...]] = {}  # gains by kind, by counts
        # R22: colour scores by count; with a convex table, results have a closed form
        most = len(self.params.research_deck(6)) + len(self.params.secret_deck(6)) + 2
        self._table = [self.params.colour_score(k) for k in range(most + 1)]
        steps = [b - a for a, b in pairwise(self._table)]
        self._convex = all(b >= a >= 0 for a, b in pairwise(steps))
        self._needs_white = self.params.set_needs_white
        self._ranks: dict[tuple[int, int], Ranks] = {}
        self._worths: dict[tuple[Any, ...], tuple[float, ...]] = {}
        # the heuristic's own Teamwork plans, by public situation and seat (see _modelled)
        self._models: dict[tuple[Any, ...], int | dict[int, float]] = {}
        self.new_decision()

    def new_decision(self) -> None:
        """Forget the scratch of the decision before: what follows depends on the calls of
        this decision alone, as for a policy made afresh (the look-up tables stay: each
        value in them is what working it out again would give)."""
        # the last state seen, what its collections and round were, and what was worked out
        self._state: Any = None
        self._gains_key: tuple[int, ...] = ()
        self._gains_found: tuple[tuple[int, ...], ...] = ()
        self._plan_key: tuple[int, ...] = ()
        self._plan: list[int] = []
        # the first round each state is played in, and its public situation
        self._model_state: Any = None
        self._model_round: tuple[int, int] = (-1, -1)
        self._model_key: tuple[Any, ...] = ()
        self._met: set[tuple[Any, ...]] = set()  # public situations met in this decision

    def choose(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == COMMIT:
            card = self._modelled(state, seat, legal, rng)
            if not card:
                if state.num_players == 3:
                    card = self._commit_3p(state, seat, legal, rng)
                else:
                    card = self._commit_team(state, seat, rng)
            for action in legal:
                if action.index == card:
                    return action
            return legal[rng.randbelow(len(legal))]
        if phase == PICK:
            return self._pick(state, seat, legal, rng)
        return self._share(state, seat, legal)

    def evaluate(self, state: Any) -> tuple[list[float], tuple[float, ...]]:
        """The outcome of the match played on from here, cheaply: Teamwork cards at random,
        the Research card that adds most to the picker's result (and its partner's, for a
        Shared card), partners as above. The near future, where the search's choices tell,
        is played out carefully; the rest of the match costs little more than at random."""
        game = self.game
        state = state.clone()
        rng = state.rng
        while actors := game.to_act(state):
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            if len(legal) == 1:
                action = legal[0]
            elif state.phase == COMMIT:
                action = legal[rng.randbelow(len(legal))]
            elif state.phase == PICK:
                action = self._quick_pick(state, seat, legal)
            else:
                action = self._share(state, seat, legal)
            game.apply(state, seat, action)
        outcome = game.outcome(state)
        assert outcome is not None
        winners = outcome.winners
        wins = [
            1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(outcome.scores))
        ]
        return wins, outcome.scores

    # -- what cards are worth ----------------------------------------------------------------
    def _gains(self, state: Any) -> tuple[tuple[int, ...], ...]:
        """gains[seat][kind]: what one more card of that kind adds to the seat's result."""
        individual = state.individual
        key = (state.game_number, len(state.shared), *map(len, individual))
        if state is self._state and key == self._gains_key:
            return self._gains_found
        kinds = self.kinds
        n = state.num_players
        counts = [[0] * kinds for _ in range(n)]
        secret = state.secret
        for seat in range(n):
            row = counts[seat]
            for card in individual[seat]:
                row[card] += 1
            if secret[seat] >= 0:
                row[secret[seat]] += 1
        for card, a, b in state.shared:
            counts[a][card] += 1
            counts[b][card] += 1
        found = tuple(self._gain_row(row) for row in counts)
        if state is not self._state:
            self._state = state
            self._plan_key = ()
        self._gains_key, self._gains_found = key, found
        return found

    def _gain_row(self, counts: list[int]) -> tuple[int, ...]:
        """What one more card of each kind adds to the result of a collection of ``counts``."""
        key = tuple(counts)
        found = self._rows.get(key)
        if found is not None:
            return found
        if self._convex:
            found = _convex_gains(counts, self._table, self.params.set_bonus, self._needs_white)
        else:
            best = self.scorer.best
            base = best(key)[0]
            row = []
            for kind in range(self.kinds):
                counts[kind] += 1
                row.append(best(tuple(counts))[0] - base)
                counts[kind] -= 1
            found = tuple(row)
        if len(self._rows) > 200_000:
            self._rows.clear()
        self._rows[key] = found
        return found

    def _gains_of(self, state: Any, seat: int) -> tuple[int, ...]:
        """One seat's row of :meth:`_gains`, worked out alone."""
        counts = [0] * self.kinds
        for card in state.individual[seat]:
            counts[card] += 1
        for card, a, b in state.shared:
            if seat in (a, b):
                counts[card] += 1
        if state.secret[seat] >= 0:
            counts[state.secret[seat]] += 1
        return self._gain_row(counts)

    def _weights(self, state: Any, seat: int) -> list[float]:
        n = state.num_players
        partner = state.partner[seat]
        rival = -self.rivals / max(n - (2 if partner >= 0 else 1), 1)
        return [1.0 if s in (seat, partner) else rival for s in range(n)]

    # -- picks -------------------------------------------------------------------------------
    def _pick(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        """The card worth most now plus what the later picks then give (as the heuristic)."""
        gains = self._gains(state)
        queue = state.queue
        step, _, partner = queue[-1]
        later: list[tuple[int, int]] = []
        for kind, picker, other in queue[-2::-1]:
            if kind == DEAL:
                break  # R32: dealt cards are random, not picks
            later.append(
                (picker, other if kind == SHARED else -2 if kind == CHOOSE_PARTNER else -1)
            )
        weights = self._weights(state, seat) if later else []
        offer = state.offer
        mine = gains[seat]
        theirs = gains[partner] if step == SHARED else None
        best, best_value = legal[0], -1e9
        for action in legal:
            card = action.index
            value = mine[card] + (theirs[card] if theirs is not None else 0)
            if later:
                rest = list(offer)
                rest.remove(card)
                value += _greedy(later, rest, gains, weights)
            if value > best_value:
                best, best_value = action, value
        return best

    def _quick_pick(self, state: Any, seat: int, legal: Sequence[Any]) -> Any:
        """The card that adds most to the picker's result (and its partner's, if shared)."""
        step, _, partner = state.queue[-1]
        mine = self._gains_of(state, seat)
        theirs = self._gains_of(state, partner) if step == SHARED else None
        best, best_value = legal[0], -(10**9)
        for action in legal:
            card = action.index
            value = mine[card] + (theirs[card] if theirs is not None else 0)
            if value > best_value:
                best, best_value = action, value
        return best

    def _share(self, state: Any, seat: int, legal: Sequence[Any]) -> Any:
        """R36: share with the seat that would end up the weaker of the two."""
        card = state.pending
        gains = self._gains(state)
        score = self.scorer.score
        return min(
            legal,
            key=lambda a: (score(state.collection(a.index)) + gains[a.index][card], a.index),
        )

    # -- Teamwork cards ----------------------------------------------------------------------
    def _modelled(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> int:
        """The card the heuristic bot would play, in the first round this state is played in
        (0: not worked out).

        That round is usually the round the search decides in, where every sampled state
        shows the same public information, so the heuristic's plan (a function of public
        information, for teams; with 3 players, its worths before the random spread) is
        worked out once per seat and kept. Later rounds differ from playout to playout and
        use the cheap plan: the heuristic's plan is used only for a public situation met
        a second time in this decision. Whether a situation was met depends on this decision
        alone; the plans kept from earlier decisions only spare working one out again.
        """
        round_key = (state.game_number, state.round)
        if state is not self._model_state:
            self._model_state, self._model_round = state, round_key
            self._model_key = (
                *round_key,
                *state.offer,
                -1,
                *map(tuple, state.played),
                *map(tuple, state.individual),
                *state.shared,
            )
        elif round_key != self._model_round:
            return 0
        players = state.num_players
        key = (*self._model_key, seat, state.secret[seat] if players == 3 else -1)
        met = self._met
        if key not in met:
            if len(met) > 100_000:
                met.clear()
            met.add(key)
            return 0
        found = self._models.get(key)
        if found is None:
            view = self.game.view(state, seat)
            if players == 3:
                found = self.heuristic.worths_3p(view, legal)
            else:  # with partners the plan is drawn from public information: no rng
                found = self.heuristic.act(view, legal, rng).index
            if len(self._models) > 10_000:
                self._models.clear()
            self._models[key] = found
        if isinstance(found, int):
            return found
        spread = self.heuristic.noise_3p
        worth = found
        return max(worth, key=lambda v: (worth[v] + spread * rng.random(), -v))

    # -- Teamwork cards, with partners ----------------------------------------------------------
    def _commit_team(self, state: Any, seat: int, rng: Rng) -> int:
        """The seat's part of its team's plan for the round (worked out once a round, when
        the first of the partners plays)."""
        self._gains(state)  # makes ``state`` the state the plan is kept for
        key = (state.game_number, state.round)
        if key != self._plan_key:
            self._plan_key, self._plan = key, [0] * state.num_players
        plan = self._plan
        card = plan[seat]
        partner = state.partner[seat]
        committed = state.commit[partner]
        if (
            not card
            or (committed and committed != plan[partner])
            or not state.hand[seat] >> card & 1
        ):
            # no plan yet, or the partner played something else (chosen by the search):
            # the best pair, completing the partner's card if it has played
            card, plan[partner] = self._pair(state, seat, partner, rng)
            plan[seat] = card
        return card

    def _pair(self, state: Any, a: int, b: int, rng: Rng) -> tuple[int, int]:
        """The best pair of cards (for seat a, for seat b) after a random spread.

        A seat that has committed keeps its card; the other completes the pair with it.
        """
        rivals = [team for team in state.teams if a not in team]
        worth = self._team_worths(state, a, b, rivals)
        ranks = [self._ranks_of(state, team) for team in rivals]
        noise = self.noise / 256
        hand_a, hand_b = state.hand[a], state.hand[b]
        if state.commit[a]:
            hand_a = 1 << state.commit[a]
        if state.commit[b]:
            hand_b = 1 << state.commit[b]
        # Every Team Total the pair can make, with seat a leading or following, as bit masks:
        # a pair (x, y) with x + y = t sets bit t.
        leading = following = 0
        cards = hand_a
        while cards:
            bit = cards & -cards
            cards ^= bit
            x = bit.bit_length() - 1
            leading |= (hand_b & (bit - 1)) << x
            following |= (hand_b >> (x + 1)) << (2 * x + 1)
        best_total, best_lead, best_value = 0, True, -1e9
        spread = 0
        if len(ranks) == 1:  # 4 players, inlined: the hot path
            below, above = ranks[0]
            size = len(below)
            top_a, top_b, bottom = worth
            for lead, totals in ((True, leading), (False, following)):
                top = top_a if lead else top_b
                while totals:
                    bit = totals & -totals
                    totals ^= bit
                    total = bit.bit_length() - 1
                    if spread < 256:
                        spread = rng.next_u64() | 1 << 64
                    if total < size:
                        v = below[total] * top + above[total] * bottom + noise * (spread & 255)
                    else:
                        v = top + noise * (spread & 255)
                    spread >>= 8
                    if v > best_value:
                        best_total, best_lead, best_value = total, lead, v
        else:
            for lead, totals in ((True, leading), (False, following)):
                while totals:
                    bit = totals & -totals
                    totals ^= bit
                    total = bit.bit_length() - 1
                    if spread < 256:
                        spread = rng.next_u64() | 1 << 64
                    v = _expected(worth, ranks, total, lead) + noise * (spread & 255)
                    spread >>= 8
                    if v > best_value:
                        best_total, best_lead, best_value = total, lead, v
        options = [
            x
            for x in range(1, best_total)
            if hand_a >> x & 1
            and hand_b >> (best_total - x) & 1
            and (2 * x > best_total) == best_lead
        ]
        if not options:  # no pair at all: both hold one same card (not with the usual rules)
            x = hand_a.bit_length() - 1
            return x, hand_b.bit_length() - 1
        x = options[rng.randbelow(len(options))] if len(options) > 1 else options[0]
        return x, best_total - x

    def _ranks_of(self, state: Any, team: tuple[int, int]) -> Ranks:
        """For every Team Total t: the chance the team's total is below t, and above t,
        if its seats play any cards they have left at random (face-down cards unread)."""
        a, b = team
        hand_a = state.hand[a] | (1 << state.commit[a] if state.commit[a] else 0)
        hand_b = state.hand[b] | (1 << state.commit[b] if state.commit[b] else 0)
        key = (hand_a, hand_b)
        found = self._ranks.get(key)
        if found is None:
            if len(self._ranks) > 100_000:
                self._ranks.clear()
            cards_a = [v for v in range(hand_a.bit_length()) if hand_a >> v & 1]
            cards_b = [v for v in range(hand_b.bit_length()) if hand_b >> v & 1]
            top = hand_a.bit_length() + hand_b.bit_length()
            mass = [0.0] * (top + 1)
            chance = 1.0 / (len(cards_a) * len(cards_b)) if cards_a and cards_b else 0.0
            for x in cards_a:
                for y in cards_b:
                    mass[x + y] += chance
            below = [0.0] * (top + 1)
            for t in range(1, top + 1):
                below[t] = below[t - 1] + mass[t - 1]
            above = [1.0 - below[t] - mass[t] for t in range(top + 1)]
            found = self._ranks[key] = (below, above)
        return found

    def _team_worths(
        self, state: Any, a: int, b: int, rivals: list[tuple[int, int]]
    ) -> tuple[float, ...]:
        """What the round's picks are worth to team (a, b), by rank (see :func:`_expected`)."""
        gains = self._gains(state)
        offer = state.offer
        key = (*offer, -1, a, b, *gains)
        found = self._worths.get(key)
        if found is not None:
            return found
        weights = self._weights(state, a)
        if len(rivals) == 1:
            ((c, d),) = rivals
            # R27: the top team's Leader, the bottom team's Assistant (Shared card), the top
            # team's Assistant; the rival team's first seat stands for its Leader.
            steps: tuple[Greedy, ...] = (
                ((a, -1), (d, c), (b, -1)),  # top, a leads
                ((b, -1), (d, c), (a, -1)),  # top, b leads
                ((c, -1), (b, a), (d, -1)),  # bottom
            )
        else:
            (c, d), (e, f) = rivals
            # R31: then the middle team's Leader takes a Shared card
            steps = (
                ((a, -1), (f, e), (b, -1), (c, d)),  # top (rival teams in seat order)
                ((b, -1), (f, e), (a, -1), (c, d)),
                ((c, -1), (b, a), (d, -1), (e, f)),  # bottom
                ((e, -1), (d, c), (f, -1), (a, b)),  # middle, above the first rival team
                ((c, -1), (f, e), (d, -1), (a, b)),  # middle, above the second
            )
        result = tuple(_greedy(order, list(offer), gains, weights) for order in steps)
        if len(self._worths) > 100_000:
            self._worths.clear()
        self._worths[key] = result
        return result

    # -- Teamwork cards, 3 players ----------------------------------------------------------
    def _commit_3p(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> int:
        o1, o2 = (s for s in range(3) if s != seat)
        top, bottom, middle_1, middle_2, lone = self._solo_worths(state, seat, o1, o2)
        hand_1 = state.hand[o1] | (1 << state.commit[o1] if state.commit[o1] else 0)
        hand_2 = state.hand[o2] | (1 << state.commit[o2] if state.commit[o2] else 0)
        size_1, size_2 = hand_1.bit_count(), hand_2.bit_count()
        both = hand_1 & hand_2
        spread = self.noise_3p
        best, best_value = 0, -1e9
        for action in legal:
            v = action.index
            low = (1 << v) - 1
            below_1 = (hand_1 & low).bit_count() / size_1
            below_2 = (hand_2 & low).bit_count() / size_2
            above_1 = (hand_1 >> (v + 1)).bit_count() / size_1
            above_2 = (hand_2 >> (v + 1)).bit_count() / size_2
            tie = (both & ~(1 << v)).bit_count() / (size_1 * size_2)
            value = (
                below_1 * below_2 * top
                + above_1 * above_2 * bottom
                + below_1 * above_2 * middle_1
                + above_1 * below_2 * middle_2
                + tie * lone
                + spread * rng.random()
            )
            if value > best_value:
                best, best_value = v, value
        return best

    def _solo_worths(self, state: Any, seat: int, o1: int, o2: int) -> tuple[float, ...]:
        """3 players: the round's worth to the seat if it plays the highest card, the lowest,
        the middle one (above o1, then above o2), or the others tie (R36, R37)."""
        gains = self._gains(state)
        offer = state.offer
        key = (*offer, -1, seat, *gains)
        found = self._worths.get(key)
        if found is not None:
            return found
        weights = self._weights(state, seat)
        orders: tuple[Greedy, ...] = (
            ((seat, -1), (o2, -2)),  # top
            ((seat, -1), (o1, -2)),
            ((o1, -1), (seat, -2)),  # bottom
            ((o2, -1), (seat, -2)),
            ((o2, -1), (o1, -2)),  # middle: above o1, below o2
            ((o1, -1), (o2, -2)),
            ((seat, -1),),  # R37: the others tie, this seat picks one card
        )
        w = [_greedy(order, list(offer), gains, weights) for order in orders]
        result = ((w[0] + w[1]) / 2, (w[2] + w[3]) / 2, w[4], w[5], w[6])
        if len(self._worths) > 100_000:
            self._worths.clear()
        self._worths[key] = result
        return result


def _convex_result(counts: list[int], table: list[int], bonus: int, needs_white: bool) -> int:
    """R19-R24, D7 for a convex colour score table (as the default squares).

    With a convex table, Multicolour cards are worth most on the largest colour, except that
    one each may fill a missing colour for the set of six; the better of the two is the
    result (the rule's dynamic programme, in closed form).
    """
    colours = counts[:-2]
    whites, multis = counts[-2], counts[-1]
    largest = max(colours)
    plain = sum(table[c] for c in colours)
    result = plain - table[largest] + table[largest + multis]
    missing = colours.count(0)
    if bonus and missing <= multis and (whites or not needs_white):
        if largest:  # one Multicolour card on each missing colour, the rest on the largest
            filled = plain + missing * (table[1] - table[0]) - table[largest]
            filled += table[largest + multis - missing]
        else:  # no colour yet: one card on each, the rest on one of them
            filled = table[1] * (missing - 1) + table[1 + multis - missing]
        result = max(result, filled + bonus)
    return result


def _convex_gains(
    counts: list[int], table: list[int], bonus: int, needs_white: bool
) -> tuple[int, ...]:
    """What one more card of each kind adds to the result of ``counts`` (convex table)."""
    base = _convex_result(counts, table, bonus, needs_white)
    row = []
    for kind in range(len(counts)):
        counts[kind] += 1
        row.append(_convex_result(counts, table, bonus, needs_white) - base)
        counts[kind] -= 1
    return tuple(row)


def _greedy(
    order: Sequence[tuple[int, int]],
    pool: list[int],
    gains: Sequence[Sequence[int]],
    weights: Sequence[float],
) -> float:
    """What greedy picks in ``order`` are worth, by ``weights``; ``pool`` is used up.

    Each step is (picker, partner): a partner >= 0 shares the card (R27, R31); -1 keeps it;
    -2 marks the 3-player lowest seat, who then names a seat to share it with (R36).
    """
    worth = 0.0
    for seat, partner in order:
        if not pool:
            break
        row = gains[seat]
        card = pool[0]
        if partner >= 0:
            other = gains[partner]
            value = row[card] + other[card]
            for c in pool:
                if row[c] + other[c] > value:
                    card, value = c, row[c] + other[c]
            worth += row[card] * weights[seat] + other[card] * weights[partner]
        else:
            value = row[card]
            for c in pool:
                if row[c] > value:
                    card, value = c, row[c]
            worth += value * weights[seat]
            if partner == -2:
                shares = [gains[q][card] * weights[q] for q in range(len(gains)) if q != seat]
                # the seat valued by ``weights`` shares with the rival it fears least; for
                # another seat's choice, either way
                worth += max(shares) if weights[seat] > 0 else sum(shares) / len(shares)
        pool.remove(card)
    return worth


def _expected(worth: tuple[float, ...], ranks: list[Ranks], total: int, lead: bool) -> float:
    """The worth of a Team Total, over the ranks it may take against random rival totals.

    ``worth`` holds the round's worth to the team: with one rival team (top with seat a
    leading, top with seat b leading, bottom); with two (the same, then the middle rank
    above the first rival team, then above the second). Ties give the tied teams nothing and
    are left out.
    """
    below_1, above_1 = ranks[0]
    if total < len(below_1):
        lo_1, hi_1 = below_1[total], above_1[total]
    else:
        lo_1, hi_1 = 1.0, 0.0
    top = worth[0] if lead else worth[1]
    if len(ranks) == 1:
        return lo_1 * top + hi_1 * worth[2]
    below_2, above_2 = ranks[1]
    if total < len(below_2):
        lo_2, hi_2 = below_2[total], above_2[total]
    else:
        lo_2, hi_2 = 1.0, 0.0
    return (
        lo_1 * lo_2 * top + hi_1 * hi_2 * worth[2] + lo_1 * hi_2 * worth[3] + hi_1 * lo_2 * worth[4]
    )
