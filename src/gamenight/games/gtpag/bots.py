"""A heuristic bot for Game to Pick a Game. It reads only its view and plays for its
preferences.

- Nominations: nominate its favourite if nobody has; if someone has, pass, which keeps a Boost
  for the end (R12), when every chip is face up.
- Every other decision is scored by sampling: the bot deals the chips it cannot see (each
  character's Bid chips not accounted for, as ``determinize`` does), lets the others play what
  is left in their hands at random, lets the other passers Boost at random, and keeps its own
  Boost (if it has one) for the best moment. An action's worth is the average, over those
  worlds, of its preference for the Nomination that wins (a tie counts as an even draw among
  the tied). Spotlight and Scout change no Score, so they are played when nothing else helps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from gamenight.bots.base import check_options, option_float
from gamenight.core.game import View
from gamenight.core.rng import Rng
from gamenight.games.gtpag.actions import Action, Kind

INVERT = "invert"
PLACED = ("House Rule", "Hype", "Warcry")
_PLACED_BY_KIND: dict[int, str] = {
    Kind.HOUSE_RULE: "House Rule",
    Kind.HYPE: "Hype",
    Kind.WARCRY: "Warcry",
}

Parts = list[int]
"""One Nomination's tally parts: [values, inverts, bonus, house rules, boosts]."""


class GtpagHeuristic:
    name = "heuristic"
    needs_view: ClassVar[bool] = True

    def __init__(self, samples: int = 24) -> None:
        self.samples = samples  # worlds dealt per decision

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> GtpagHeuristic:
        check_options(options, {"samples"}, "heuristic")
        return cls(samples=int(option_float(options, "samples", 24, 1, 1000, "heuristic")))

    def act(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if view["phase"] == "nomination":
            return _nominate(view, legal_actions)
        model = _Model(view, rng, self.samples)
        best = legal_actions[0]
        best_value = float("-inf")
        for action in legal_actions:
            value = model.value(action)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best


def _nominate(view: View, legal: Sequence[Action]) -> Action:
    prefs: list[float] = view["preferences"]
    favourite = max(prefs)
    options = [a for a in legal if a.kind == Kind.NOMINATE]
    for action in options:
        if prefs[action.a] == favourite:
            return action
    passing = [a for a in legal if a.kind == Kind.PASS]
    if passing:
        return passing[0]
    return max(options, key=lambda a: prefs[a.a])


def _position(name: str) -> tuple[int, int]:
    nomination, position = name[1:].split(".")
    return int(nomination) - 1, int(position) - 1


class _Model:
    """Sampled worlds of the end of the game, as the bot's view allows."""

    def __init__(self, view: View, rng: Rng, samples: int) -> None:
        self.view = view
        me: int = view["viewer"]
        self.me = me
        values = view["values"]
        self.boost = int(values["boost"])
        self.contrib: dict[str, tuple[int, int, int, int]] = {
            "Warcry": (int(values["warcry"]), 0, 0, 0),
            "Hype": (0, 0, int(values["hype"]), 0),
            "House Rule": (0, 0, 0, 1),
        }
        for label in view["chip_kinds"]:
            self.contrib[label] = (0, 1, 0, 0) if label == INVERT else (int(label), 0, 0, 0)
        library: list[str] = view["library"]
        prefs: list[float] = view["preferences"]
        noms = view["nominations"]
        self.active = [nom["number"] - 1 for nom in noms if nom["active"]]
        self.pref = {nom["number"] - 1: prefs[library.index(nom["title"])] for nom in noms}
        phase = view["phase"]
        self.my_boost = phase in ("bidding", "trait") and view["seats"][me]["passed"]
        self.worlds: list[tuple[dict[int, Parts], dict[tuple[int, int], str]]] = [
            self._deal(rng) for _ in range(samples)
        ]
        self.pending = None
        if view["pending"] is not None and view["pending"]["chip"] is not None:
            self.pending = _position(view["pending"]["chip"])

    def _deal(self, rng: Rng) -> tuple[dict[int, Parts], dict[tuple[int, int], str]]:
        view = self.view
        me = self.me
        seats = view["seats"]
        n = len(seats)
        pools: list[list[str]] = [list(view["bid_set"]) for _ in range(n)]
        unknown: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for nom in view["nominations"]:
            for i, chip in enumerate(nom["chips"]):
                owner, kind = chip["owner"], chip["kind"]
                if kind is None:
                    unknown[owner].append((nom["number"] - 1, i))
                elif kind in pools[owner]:
                    pools[owner].remove(kind)
        for chip in view["smashed"]:
            if chip["kind"] is not None and chip["kind"] in pools[chip["owner"]]:
                pools[chip["owner"]].remove(chip["kind"])
        kinds: dict[tuple[int, int], str] = {}
        hands: list[list[str]] = [[] for _ in range(n)]
        for q in range(n):
            if q == me:
                continue
            pool = pools[q]
            rng.shuffle(pool)
            for place in unknown[q]:
                kinds[place] = pool.pop() if pool else "+0"
            hands[q] = pool[: seats[q]["bid_chips"]]
        parts: dict[int, Parts] = {j: [0, 0, 0, 0, 0] for j in self.active}
        for nom in view["nominations"]:
            j = nom["number"] - 1
            if j not in parts:
                continue
            parts[j][4] = len(nom["boosts"])
            for i, chip in enumerate(nom["chips"]):
                kind = chip["kind"] or kinds[(j, i)]
                kinds[(j, i)] = kind
                _add(parts[j], self._contrib(kind), 1)
        self._future(rng, parts, hands)
        return parts, kinds

    def _contrib(self, kind: str) -> tuple[int, int, int, int]:
        return self.contrib.get(kind, (0, 0, 0, 0))

    def _future(self, rng: Rng, parts: dict[int, Parts], hands: list[list[str]]) -> None:
        """The others' chips still to come and the others' Boosts, played at random."""
        view = self.view
        me = self.me
        seats = view["seats"]
        n = len(seats)
        active = self.active
        phase = view["phase"]
        if phase in ("bidding", "trait"):
            for q in range(n):
                if q == me:
                    continue
                for kind in hands[q]:
                    _add(parts[active[rng.randbelow(len(active))]], self._contrib(kind), 1)
                trait = seats[q]["trait"]
                if seats[q]["trait_in_hand"] and trait in PLACED:
                    _add(parts[active[rng.randbelow(len(active))]], self._contrib(trait), 1)
            boosters = [q for q in range(n) if q != me and seats[q]["passed"]]
        elif phase == "tie":
            for step in range(1, view["turns_left"]):
                q = (me + step) % n
                if hands[q]:
                    kind = hands[q][rng.randbelow(len(hands[q]))]
                    _add(parts[active[rng.randbelow(len(active))]], self._contrib(kind), 1)
            boosters = []
        else:
            boosters = list(view["boost_queue"][1:])
        for _ in boosters:
            choice = rng.randbelow(len(active) + 1)
            if choice < len(active):
                parts[active[choice]][4] += 1

    # -- scoring ------------------------------------------------------------------------------
    def _score(self, part: Parts) -> int:
        values = -part[0] if part[1] & 1 and not part[3] else part[0]
        return values + part[2] + self.boost * part[4]

    def _utility(self, scores: dict[int, int], boost_left: bool) -> float:
        best = self._winner_value(scores)
        if boost_left:
            for j in scores:
                scores[j] += self.boost
                best = max(best, self._winner_value(scores))
                scores[j] -= self.boost
        return best

    def _winner_value(self, scores: dict[int, int]) -> float:
        top = max(scores.values())
        tied = [self.pref[j] for j, score in scores.items() if score == top]
        return sum(tied) / len(tied)

    def _mean(self, change: Any) -> float:
        """The average utility over the worlds after ``change(parts, kinds)`` in each."""
        total = 0.0
        boost_left = self.my_boost
        for parts, kinds in self.worlds:
            changed = {j: part[:] for j, part in parts.items()}
            boost_used = change(changed, kinds)
            scores = {j: self._score(part) for j, part in changed.items()}
            total += self._utility(scores, boost_left and not boost_used)
        return total / len(self.worlds)

    def value(self, action: Action) -> float:
        kind = action.kind
        if kind == Kind.BID:
            label = self.view["chip_kinds"][action.a]
            return self._mean(lambda p, k: _add(p[action.b], self._contrib(label), 1))
        if kind in (Kind.HOUSE_RULE, Kind.HYPE, Kind.WARCRY):
            placed = self._contrib(_PLACED_BY_KIND[kind])
            return self._mean(lambda p, k: _add(p[action.a], placed, 1))
        if kind == Kind.BOOST:
            return self._mean(lambda p, k: _boost(p, action.a))
        if kind == Kind.SMASH and action.a >= 0:
            place = (action.a, action.b)
            return self._mean(lambda p, k: _add(p[place[0]], self._contrib(k[place]), -1))
        if kind == Kind.SWITCHEROO and action.a >= 0:
            return max(
                (
                    self._swap_value((action.a, action.b), other)
                    for other in self._partners(action.a)
                ),
                default=self._mean(_nothing),
            )
        if kind == Kind.WITH and self.pending is not None:
            return self._swap_value(self.pending, (action.a, action.b))
        if kind == Kind.RAID and action.a >= 0:
            return max(
                (self._move_value((action.a, action.b), j) for j in self.active if j != action.a),
                default=self._mean(_nothing),
            )
        if kind == Kind.TO and self.pending is not None:
            return self._move_value(self.pending, action.a)
        return self._mean(_nothing)

    def _partners(self, source: int) -> list[tuple[int, int]]:
        return [
            (nom["number"] - 1, i)
            for nom in self.view["nominations"]
            if nom["active"] and nom["number"] - 1 != source
            for i, chip in enumerate(nom["chips"])
            if not chip["face_up"]
        ]

    def _swap_value(self, one: tuple[int, int], two: tuple[int, int]) -> float:
        def change(parts: dict[int, Parts], kinds: dict[tuple[int, int], str]) -> bool:
            first, second = self._contrib(kinds[one]), self._contrib(kinds[two])
            _add(parts[one[0]], first, -1)
            _add(parts[one[0]], second, 1)
            _add(parts[two[0]], second, -1)
            _add(parts[two[0]], first, 1)
            return False

        return self._mean(change)

    def _move_value(self, chip: tuple[int, int], to: int) -> float:
        def change(parts: dict[int, Parts], kinds: dict[tuple[int, int], str]) -> bool:
            moved = self._contrib(kinds[chip])
            _add(parts[chip[0]], moved, -1)
            _add(parts[to], moved, 1)
            return False

        return self._mean(change)


def _add(part: Parts, contrib: tuple[int, int, int, int], sign: int) -> bool:
    part[0] += sign * contrib[0]
    part[1] += sign * contrib[1]
    part[2] += sign * contrib[2]
    part[3] += sign * contrib[3]
    return False


def _boost(parts: dict[int, Parts], j: int) -> bool:
    parts[j][4] += 1
    return True


def _nothing(parts: dict[int, Parts], kinds: dict[tuple[int, int], str]) -> bool:
    return False
