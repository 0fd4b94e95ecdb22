"""A Game of Requirements as numbers: action ids and the observation of a seat's view.

Sizes follow the params: T traits and C = T(T+1)/2 tiles and coins (T(T-1)/2 without doubles),
so the default game (7 traits, doubles) has C = 28, 156 action ids and a 3,131-float vector.

Actions. Positional notations (``pay r3``, ``bid r2``, ``place a1``, ``take b1``,
``spectacle b2``) name a place counted from 1; no reserve, bid or row of Accomplishments can
hold more than the C coins or tiles that exist, so positions run 1..C and the list is fixed
for the params. Ids follow the game's own order of action kinds (RULES.md R10-R15).

Observation. Seats are listed relative to the viewer (block ``s0`` is the viewer's own, ``s1``
the next seat in turn order), so one policy can play any seat; ``seat`` still says which seat
that is. A coin is described as the view shows it: its exposed trait, its hidden trait only if
the viewer knows it, who has looked at it and whether it was proven. Reserve and bid coins are
listed by position, exactly as the positional actions name them, so an id and the slot it
refers to line up. Discarded coins carry no position, so they are counted instead.
"""

from __future__ import annotations

import numpy as np

from gamenight.adapters.encodings.base import Encoding, FloatArray, Segment
from gamenight.core.game import AnyGame, View
from gamenight.games.requirements.state import Phase

_PHASES = [phase.name.lower() for phase in Phase]
_SIMPLE_AFTER_POOL = ("decline", "claim", "no-claim", "challenge", "accept", "prove", "concede")


class RequirementsEncoding(Encoding):
    game_name = "requirements"

    def __init__(self, game: AnyGame, num_players: int) -> None:
        super().__init__(game, num_players)
        params = game.params
        self.traits: tuple[str, ...] = tuple(params.traits)
        self.trait_index = {name: t for t, name in enumerate(self.traits)}
        self.pair_index: dict[tuple[int, int], int] = dict(params.pair_index)
        self.num_traits = len(self.traits)
        self.num_pairs = len(params.pairs)
        self.max_actions: int = params.max_actions
        t, n = self.num_traits, num_players
        # Per coin slot: present, up (T), down (T), down known, proven, seen by (N), route 0/1.
        self.coin_width = 2 * t + 5 + n
        # Per Accomplishment: present, top tile's traits (T), greatness, spectacle, is target.
        self.acc_width = t + 4
        self._offsets = {segment.name: offset for segment, offset in self._walk()}
        self._seat_offsets = [
            tuple(
                self._offsets[f"s{k}_{part}"]
                for part in ("reserve", "bid", "accomplishments", "score")
            )
            for k in range(num_players)
        ]

    # -- actions --------------------------------------------------------------------------
    def action_notations(self) -> list[str]:
        c = self.num_pairs

        def positions(verb: str, prefix: str) -> list[str]:
            return [f"{verb} {prefix}{i + 1}" for i in range(c)]

        return [
            "pass",
            *positions("pay", "r"),
            *positions("place", "a"),
            *positions("bid", "r"),
            *(f"bid pool {name}" for name in self.traits),
            *_SIMPLE_AFTER_POOL,
            *positions("take", "b"),
            *positions("spectacle", "b"),
            "done",
        ]

    def max_game_length(self) -> int:
        return self.max_actions  # G5: the safety cap counts every action

    # -- observation ----------------------------------------------------------------------
    def segments(self) -> list[Segment]:
        return [segment for segment, _ in self._walk()]

    def _walk(self) -> list[tuple[Segment, int]]:
        t, c, n = self.num_traits, self.num_pairs, self.num_players
        segments = [
            Segment("seat", (n,), "the viewer's seat, one-hot (all zero for a spectator)"),
            Segment("phase", (len(_PHASES),), f"phase, one-hot: {', '.join(_PHASES)}"),
            Segment("actor", (n,), "seat to act, relative to the viewer, one-hot"),
            Segment("first_player", (n,), "holder of the first-player marker, relative"),
            Segment(
                "progress",
                (5,),
                "round/C, tiles left in the stack/C, failed tiles/failure limit, "
                "declines in a row/2, actions taken/safety cap",
            ),
            Segment("requirement", (c,), "the face-up Requirement tile, one-hot by trait pair"),
            Segment("requirement_traits", (t,), "traits on the Requirement, multi-hot"),
            Segment("failed", (c,), "tiles on the Pile of Failed Requirements, by trait pair"),
            Segment("pool", (t,), "coins in each Pool stack (by exposed trait) / T"),
            Segment(
                "discard_known", (t, t), "discarded coins with a known hidden side: [up, down]"
            ),
            Segment(
                "discard_unknown", (t,), "discarded coins with an unknown hidden side, by up / T"
            ),
            Segment("paying", (3,), "paying now, paying for the first trait, for the second"),
            Segment("claimant", (n,), 'seat that said "It\'s done!", relative'),
            Segment("winner", (n,), "seat that won the Requirement this round, relative"),
            Segment("spectacle_trait", (t,), "exposed trait of the Spectacle coins added so far"),
        ]
        coin_doc = (
            "present, exposed trait (T), hidden trait if known (T), hidden side known, proven, "
            "seen by (relative seats), paid toward the first / second trait"
        )
        for k in range(n):
            segments += [
                Segment(f"s{k}_reserve", (c, self.coin_width), f"reserve r1..rC: {coin_doc}"),
                Segment(f"s{k}_bid", (c, self.coin_width), f"bid b1..bC: {coin_doc}"),
                Segment(
                    f"s{k}_accomplishments",
                    (c, self.acc_width),
                    "Accomplishments a1..aC: present, traits of the top tile (T), "
                    "Greatness/C, Spectacle/C, is the one just grown",
                ),
                Segment(f"s{k}_score", (1,), "score/C (R17)", high=float(c)),
            ]
        placed = []
        offset = 0
        for segment in segments:
            placed.append((segment, offset))
            offset += segment.size
        return placed

    def fill(self, view: View, out: FloatArray) -> None:
        # The hot path of every adapter step: plain loops, offsets looked up once, and the
        # many 1.0 entries collected in a list and written by one numpy call.
        o = self._offsets
        t, c, n = self.num_traits, self.num_pairs, self.num_players
        traits = self.trait_index
        pair_index = self.pair_index
        viewer = view["viewer"]
        me = 0 if viewer is None else viewer
        hot: list[int] = []
        add = hot.append

        if viewer is not None:
            add(o["seat"] + viewer)
        add(o["phase"] + _PHASES.index(view["phase"]))
        actor = view["actor"]
        if actor is not None:
            add(o["actor"] + (actor - me) % n)
        add(o["first_player"] + (view["first_player"] - me) % n)
        progress = o["progress"]
        out[progress] = view["round"] / c
        out[progress + 1] = view["stack"] / c
        out[progress + 2] = min(len(view["failed"]) / view["failure_limit"], 1.0)
        out[progress + 3] = min(view["declines"] / 2, 1.0)
        out[progress + 4] = min(view["steps"] / self.max_actions, 1.0)
        requirement = view["requirement"]
        if requirement is not None:
            a, b = traits[requirement[0]], traits[requirement[1]]
            add(o["requirement"] + pair_index[(a, b) if a <= b else (b, a)])
            add(o["requirement_traits"] + a)
            add(o["requirement_traits"] + b)
        failed = o["failed"]
        for first, second in view["failed"]:
            a, b = traits[first], traits[second]
            add(failed + pair_index[(a, b) if a <= b else (b, a)])
        pool = o["pool"]
        for name, count in view["pool"].items():
            if count:
                out[pool + traits[name]] = count / t
        known, unknown = o["discard_known"], o["discard_unknown"]
        for coin in view["discard"]:
            up = traits[coin["up"]]
            if coin["down"] is None:
                out[unknown + up] += 1.0 / t
            else:
                add(known + up * t + traits[coin["down"]])
        paying = view["paying"]
        if paying is not None:
            add(o["paying"])
            add(o["paying"] + 1 + paying["need"])
        if view["claimant"] is not None:
            add(o["claimant"] + (view["claimant"] - me) % n)
        if view["winner"] is not None:
            add(o["winner"] + (view["winner"] - me) % n)
        if view["spectacle_trait"] is not None:
            add(o["spectacle_trait"] + traits[view["spectacle_trait"]])

        width, acc_width = self.coin_width, self.acc_width
        down_at, known_at, proven_at = 1 + t, 1 + 2 * t, 2 + 2 * t
        seen_at = 3 + 2 * t
        route_at = seen_at + n
        for seat, seat_view in enumerate(view["seats"]):
            k = (seat - me) % n
            reserve_at, bid_at, acc_at, score_at = self._seat_offsets[k]
            for base, items in ((reserve_at, seat_view["reserve"]), (bid_at, seat_view["bid"])):
                at = base
                for coin in items:
                    add(at)
                    add(at + 1 + traits[coin["up"]])
                    down = coin["down"]
                    if down is not None:
                        add(at + down_at + traits[down])
                        add(at + known_at)
                    if coin["proven"]:
                        add(at + proven_at)
                    for other in coin["seen_by"]:
                        add(at + seen_at + (other - me) % n)
                    at += width
            if seat == actor:
                if paying is not None:
                    for need, route in enumerate(paying["routes"]):
                        for i in route:
                            add(reserve_at + i * width + route_at + need)
                target = view["target"]
            else:
                target = None
            at = acc_at
            for j, acc in enumerate(seat_view["accomplishments"]):
                add(at)
                top = acc["tiles"][-1]
                add(at + 1 + traits[top[0]])
                add(at + 1 + traits[top[1]])
                out[at + 1 + t] = len(acc["tiles"]) / c
                out[at + 2 + t] = len(acc["coins"]) / c
                if j == target:
                    add(at + 3 + t)
                at += acc_width
            out[score_at] = view["scores"][seat] / c
        out[np.array(hot, dtype=np.intp)] = 1.0


ENCODING = RequirementsEncoding
