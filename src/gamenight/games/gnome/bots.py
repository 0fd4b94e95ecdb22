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
from typing import ClassVar

from gamenight.bots.base import check_options, option_float
from gamenight.core.game import View
from gamenight.core.rng import Rng, derive_seed
from gamenight.games.gnome.actions import PLAY, TAKE, Action
from gamenight.games.gnome.params import GnomeParams
from gamenight.games.gnome.rules import order_for_3p, order_for_teams
from gamenight.games.gnome.scoring import Scorer
from gamenight.games.gnome.state import CHOOSE_PARTNER, DEAL, INDIVIDUAL, SHARED

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
            gains = self._gains(self._collections(view, me))
            hands = [list(seat["unrevealed"]) for seat in seats]
            hands[me] = mine
            predicted = {
                other: self._solo_worths(other, hands, offer, gains, price)
                for other in range(3)
                if other != me and self.model > 0
            }
            worth = self._solo_worths(me, hands, offer, gains, price, predicted, self.model)
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
