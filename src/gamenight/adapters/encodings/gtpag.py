"""Game to Pick a Game as numbers: action ids and the observation of a seat's view.

Sizes follow the params and the player count n (RULES.md numbers in brackets):

- K candidate titles (``library`` then ``added_titles``, C5) and L distinct Bid chip kinds
  (``bid_chips``, C3; B chips per character, repeats allowed).
- M = min(K, n) Nominations at most: each character has one turn in the Nomination round
  and nominates at most once, a title at most once (R2, G15), and tie rounds only remove
  Nominations (R15). Nominations keep their number n1..nM through the match (G2).
- P = n*B + the seats whose Trait is placed on a Nomination (House Rule, Hype, Warcry) chips
  on one Nomination at most: only Bid chips and placed Traits ever lie on a Nomination (D2,
  G11), Raid moves a chip without adding one, Smash only removes one, and a tie round starts
  from empty Nominations with Bid chips only (D7). So a chip position ``nN.M`` has M <= P.
- The Traits in play are those of the seats' characters (``characters``, ``traits``; none
  with ``use_traits=false``): only their actions are listed.

The default game (4 titles, chips +2, -1, Invert, characters 1..n) has 52 ids for 2 players
(Spotlight and Switcheroo in play, P = 6) and 692 for 8 players (every Trait, P = 27).
``max_game_length`` counts the actions a match can take at most (33 for 2 players, 131 for 8,
see ``_max_length``), or the safety cap ``max_actions`` if that is lower.

Actions, in the game's own order of action kinds (actions.Kind): ``nominate TITLE`` for each
title, ``pass``, ``bid CHIP nN`` (kind-major), then for each Trait in play its forms: a chip
target ``TRAIT nN.M`` for every Nomination and position (plus the bare ``TRAIT`` a Trait with
no legal target is played as, D5), or ``TRAIT nN`` for a placed Trait (which always has a
Nomination in play, so is never bare); Switcheroo adds ``with nN.M``, Scout ``done``, Raid
``to nN``; last ``boost nN`` and ``decline`` (R12, D6).

Observation. Seats are listed relative to the viewer (row 0 is the viewer, row 1 the next seat
clockwise), so one policy can play any seat; ``seat`` still says which seat that is. Chips are
listed by Nomination and position, exactly as the positional actions name them, so an id and
the slot it aims at line up. A chip's kind is shown only where the view shows it (face up, the
viewer's own, or looked at by the viewer); preferences are the viewer's own. What the viewer
can deduce about a hand (every character holds the same Bid chips) is given in
``unaccounted``: per seat and kind, the chips whose place the viewer does not know (for the
viewer itself: exactly its hand). Scores can be negative, so they are split into a positive
and a negative part, each scaled by a bound on any Score.
"""

from __future__ import annotations

import json

import numpy as np

from gamenight.adapters.encodings.base import Encoding, FloatArray, Segment
from gamenight.core.game import AnyGame, View
from gamenight.games.gtpag.actions import CHIP_TARGET_TRAITS, PLACED_TRAITS, TRAIT_KIND
from gamenight.games.gtpag.params import (
    INVERT,
    RAID,
    SCOUT,
    SMASH,
    SWITCHEROO,
    TRAIT_NAMES,
    TRAIT_WORDS,
    chip_label,
)
from gamenight.games.gtpag.state import PHASE_NAMES

_PENDING = (SWITCHEROO, RAID, SCOUT)
"""The Traits that take a second step (phase ``trait``)."""


class GtpagEncoding(Encoding):
    game_name = "gtpag"

    def __init__(self, game: AnyGame, num_players: int) -> None:
        super().__init__(game, num_players)
        params = game.params
        n = num_players
        self.titles: tuple[str, ...] = tuple(params.candidates)
        self.labels: tuple[str, ...] = tuple(params.chip_labels)
        self.label_index = {label: k for k, label in enumerate(self.labels)}
        self.num_titles = len(self.titles)
        self.num_labels = len(self.labels)
        self.num_bid = len(params.bid_chips)
        # how many chips of each kind a character holds (repeats allowed, C3)
        slot_labels = [chip_label(chip) for chip in params.bid_chips]
        self.kind_count = tuple(slot_labels.count(label) for label in self.labels)
        chars = (
            tuple(number - 1 for number in params.characters)
            if params.characters is not None
            else tuple(range(n))
        )  # G1
        seat_traits = [params.trait_codes[c] for c in chars] if params.use_traits else []
        self.traits: tuple[int, ...] = tuple(sorted(set(seat_traits)))
        self.trait_index = {TRAIT_NAMES[code]: i for i, code in enumerate(self.traits)}
        self.per_seat = self.num_bid + (1 if params.use_traits else 0)
        placed_seats = sum(1 for code in seat_traits if code in PLACED_TRAITS)
        self.max_noms = min(self.num_titles, n)
        self.max_pile = n * self.num_bid + placed_seats
        # kinds a chip on a Nomination can show: the Bid kinds, then the placed Traits in play
        pile_kinds = [*self.labels, *(TRAIT_NAMES[c] for c in self.traits if c in PLACED_TRAITS)]
        self.pile_kind = {name: k for k, name in enumerate(pile_kinds)}
        self.num_pile_kinds = len(pile_kinds)
        self.smash_seats = sum(1 for code in seat_traits if code == SMASH)
        # a bound on |Score| of any Nomination (R13): every Bid value, Warcry, Hype and Boost
        values = sum(abs(int(label)) for label in slot_labels if label != INVERT)
        self.score_bound = float(
            max(
                1,
                n * values
                + n * abs(params.warcry_value)
                + n * abs(params.hype_value)
                + n * abs(params.boost_value),
            )
        )
        self.max_turns = n * self.per_seat + params.max_tie_rounds * n
        self.max_tie_rounds = max(1, params.max_tie_rounds)
        self.scout_looks = params.scout_looks
        self.title_index = {title: t for t, title in enumerate(self.titles)}
        self._relative = tuple(tuple((seat - me) % n for seat in range(n)) for me in range(n))
        self.max_length = self._max_length(seat_traits)
        # row widths
        t, m = len(self.traits), self.max_noms
        self.seat_width = t + 6
        self.nom_width = 9 + self.num_titles + 2 * n
        self.chip_width = 5 + 2 * n + self.num_pile_kinds
        self._offsets = {segment.name: offset for segment, offset in self._walk()}
        chips_at = self._offsets["chips"]
        self._chip_base = [
            [chips_at + (j * self.max_pile + i) * self.chip_width for i in range(self.max_pile)]
            for j in range(m)
        ]

    # -- actions --------------------------------------------------------------------------
    def action_notations(self) -> list[str]:
        m, p = self.max_noms, self.max_pile
        noms = [f"n{j + 1}" for j in range(m)]
        chips = [f"n{j + 1}.{i + 1}" for j in range(m) for i in range(p)]
        found = [f"nominate {title}" for title in self.titles]
        found.append("pass")
        found += [f"bid {label} {nom}" for label in self.labels for nom in noms]
        # the Trait kinds in the game's order (Kind), each with its follow-ups
        order = sorted(self.traits, key=lambda code: TRAIT_KIND[code])
        for code in order:
            word = TRAIT_WORDS[code]
            if code in CHIP_TARGET_TRAITS:
                found += [f"{word} {chip}" for chip in chips]
                found.append(word)
            else:
                found += [f"{word} {nom}" for nom in noms]
            if code == SWITCHEROO:
                found += [f"with {chip}" for chip in chips]
            elif code == SCOUT:
                found.append("done")
            elif code == RAID:
                found += [f"to {nom}" for nom in noms]
        found += [f"boost {nom}" for nom in noms]
        found.append("decline")
        return found

    def _max_length(self, seat_traits: list[int]) -> int:
        """R2, R10, D2, D6, D7: every action a match can take, or the cap if it is lower.

        The Nomination round takes at most one action per seat, the Bidding one per chip
        (n * chips per seat), the Traits' second steps one each (Switcheroo, Raid) or up to
        ``scout_looks - 1`` (Scout: further looks or ``done``), the Boosts one per seat and each
        of at most ``max_tie_rounds`` tie rounds one per seat.
        """
        params = self.game.params
        n = self.num_players
        scout_looks: int = params.scout_looks
        extra = {SWITCHEROO: 1, RAID: 1, SCOUT: scout_looks - 1}
        follow_ups = sum(extra.get(code, 0) for code in seat_traits)
        tie_rounds: int = params.max_tie_rounds
        cap: int = params.max_actions
        return min(n + n * self.per_seat + follow_ups + n + tie_rounds * n, cap)

    def max_game_length(self) -> int:
        return self.max_length

    # -- observation ----------------------------------------------------------------------
    def segments(self) -> list[Segment]:
        return [segment for segment, _ in self._walk()]

    def _walk(self) -> list[tuple[Segment, int]]:
        n, k, m, p = self.num_players, self.num_titles, self.max_noms, self.max_pile
        trait_names = ", ".join(TRAIT_NAMES[c] for c in self.traits) or "none"
        pile_kinds = ", ".join(self.pile_kind)
        segments = [
            Segment("seat", (n,), "the viewer's seat, one-hot (all zero for a spectator)"),
            Segment("phase", (len(PHASE_NAMES),), f"phase, one-hot: {', '.join(PHASE_NAMES)}"),
            Segment("actor", (n,), "seat to act, relative to the viewer, one-hot"),
            Segment("start", (n,), "seat that began the Nominations (D4), relative"),
            Segment("last_chip", (n,), "seat that played the latest chip (R15, G4), relative"),
            Segment(
                "progress",
                (5,),
                "Bidding round/chips per seat, tie rounds/max_tie_rounds, turns left in the "
                "round/n, chips played/bound, actions taken/max game length",
            ),
            Segment("end", (2,), "picked by a random draw (D7), stopped by the safety cap"),
            Segment(
                "pending",
                (len(_PENDING) + 1,),
                "Trait being finished, one-hot: Switcheroo, Raid, Scout; Scout looks/scout_looks",
            ),
            Segment(
                "preferences",
                (k,),
                "the viewer's preference per title, scaled min 0 .. max 1 (zero: spectator)",
            ),
            Segment("favourite", (k,), "titles the viewer likes most (its winning picks)"),
            Segment(
                "seats",
                (n, self.seat_width),
                f"per relative seat: Trait one-hot ({trait_names}), Bid chips in hand/B, "
                "Trait in hand, passed the Nominations (may Boost), has played a chip, "
                "recency of its latest chip (latest/chips played), still to Boost",
            ),
            Segment(
                "unaccounted",
                (n, self.num_labels),
                f"per relative seat and Bid kind ({', '.join(self.labels)}): chips whose place "
                "the viewer does not know, / the character's count of that kind (own row: hand)",
            ),
            Segment(
                "nominations",
                (m, self.nom_width),
                "n1..nM: present, in play, title one-hot (K), nominator (relative, n), viewer's "
                "preference (scaled), viewer's favourite, face-up Score + and - (/bound), leads "
                "the face-up tally, House Rule, boosted by (relative, n), picked",
            ),
            Segment(
                "chips",
                (m, p, self.chip_width),
                "chip nN.M: present, owner (relative, n), kind known, face up, looked at by "
                "(relative, n), the Trait in progress aims at it, looked at by the Scout in "
                f"progress, kind if known, one-hot ({pile_kinds})",
            ),
            Segment(
                "smashed",
                (n, self.num_labels + 1),
                "Smashed chips per relative owner: by kind if known, then unknown, "
                "/ Smash Traits in play",
            ),
        ]
        placed = []
        offset = 0
        for segment in segments:
            placed.append((segment, offset))
            offset += segment.size
        return placed

    def fill(self, view: View, out: FloatArray) -> None:
        # The hot path of every adapter step: plain loops, offsets looked up once, relative
        # seats from a table, and the many 1.0 entries written by one numpy call at the end.
        o = self._offsets
        n, k = self.num_players, self.num_titles
        labels = self.label_index
        pile_kind = self.pile_kind
        viewer = view["viewer"]
        rel = self._relative[0 if viewer is None else viewer]
        hot: list[int] = []
        add = hot.append

        if viewer is not None:
            add(o["seat"] + viewer)
        add(o["phase"] + _PHASE_INDEX[view["phase"]])
        actor = view["actor"]
        if actor is not None:
            add(o["actor"] + rel[actor])
        add(o["start"] + rel[view["start"]])
        if view["last_chip"] >= 0:
            add(o["last_chip"] + rel[view["last_chip"]])
        turn = view["turn"]
        at = o["progress"]
        out[at : at + 5] = (
            view["round"] / self.per_seat,
            view["tie_round"] / self.max_tie_rounds,
            view["turns_left"] / n,
            turn / self.max_turns,
            view["steps"] / self.max_length,
        )
        if view["drawn"]:
            add(o["end"])
        if view["capped"]:
            add(o["end"] + 1)

        favourite: set[int] = set()
        scaled: list[float] = []
        prefs = view["preferences"]
        if prefs is not None:
            low, high = min(prefs), max(prefs)
            spread = high - low
            scaled = [(v - low) / spread if spread else 1.0 for v in prefs]
            out[o["preferences"] : o["preferences"] + k] = scaled
            favourite = {t for t, v in enumerate(prefs) if v == high}
            for t in favourite:
                add(o["favourite"] + t)

        # seats
        width = self.seat_width
        traits = len(self.traits)
        trait_index = self.trait_index
        num_bid = self.num_bid
        queue = view["boost_queue"]
        base = o["seats"]
        for seat, data in enumerate(view["seats"]):
            at = base + rel[seat] * width
            if data["trait"] is not None:
                add(at + trait_index[data["trait"]])
            if data["bid_chips"]:
                out[at + traits] = data["bid_chips"] / num_bid
            if data["trait_in_hand"]:
                add(at + traits + 1)
            if data["passed"]:
                add(at + traits + 2)
            last = data["last_turn"]
            if last >= 0:
                add(at + traits + 3)
                out[at + traits + 4] = (last + 1) / turn
            if seat in queue:
                add(at + traits + 5)

        # chips whose kind the viewer knows, per owner and kind (for ``unaccounted``)
        known = [[0] * self.num_labels for _ in range(n)]

        # Nominations and their chips
        nom_width = self.nom_width
        bound = self.score_bound
        picked = view["picked_number"]
        noms = view["nominations"]
        best = max((nom["tally"]["score"] for nom in noms if nom["active"]), default=None)
        known_at, up_at, seen_at = 1 + n, 2 + n, 3 + n
        kind_at = 5 + 2 * n
        titles = self.title_index
        base = o["nominations"]
        for j, nom in enumerate(noms):
            at = base + j * nom_width
            add(at)
            if nom["active"]:
                add(at + 1)
            title = titles[nom["title"]]
            add(at + 2 + title)
            at += 2 + k
            add(at + rel[nom["nominator"]])
            at += n
            if scaled:
                out[at] = scaled[title]
                if title in favourite:
                    add(at + 1)
            tally = nom["tally"]
            score = tally["score"]
            if score > 0:
                out[at + 2] = score / bound
            elif score < 0:
                out[at + 3] = -score / bound
            if nom["active"] and score == best:
                add(at + 4)
            if tally["house_rule"]:
                add(at + 5)
            for booster in nom["boosts"]:
                add(at + 6 + rel[booster])
            if picked == j + 1:
                add(at + 6 + n)
            row = self._chip_base[j]
            for i, chip in enumerate(nom["chips"]):
                c = row[i]
                add(c)
                owner = chip["owner"]
                add(c + 1 + rel[owner])
                kind = chip["kind"]
                if kind is not None:
                    add(c + known_at)
                    add(c + kind_at + pile_kind[kind])
                    label = labels.get(kind)
                    if label is not None:
                        known[owner][label] += 1
                if chip["face_up"]:
                    add(c + up_at)
                for other in chip["seen_by"]:
                    add(c + seen_at + rel[other])

        # the Trait in progress, and the chips it aims at (by position, as the view names them)
        pending = view["pending"]
        if pending is not None:
            at = o["pending"]
            add(at + _PENDING_INDEX[pending["trait"]])
            out[at + len(_PENDING)] = len(pending["looked"]) / self.scout_looks
            if pending["chip"] is not None:
                j, i = _position(pending["chip"])
                add(self._chip_base[j][i] + 3 + 2 * n)
            for name in pending["looked"]:
                j, i = _position(name)
                add(self._chip_base[j][i] + 4 + 2 * n)

        # Smashed chips: by owner, kind if known
        base = o["smashed"]
        smash_scale = 1.0 / max(1, self.smash_seats)
        row_width = self.num_labels + 1
        for chip in view["smashed"]:
            owner = chip["owner"]
            at = base + rel[owner] * row_width
            kind = chip["kind"]
            if kind is None:
                out[at + self.num_labels] += smash_scale
            else:
                label = labels[kind]
                out[at + label] += smash_scale
                known[owner][label] += 1

        base = o["unaccounted"]
        counts = self.kind_count
        num_labels = self.num_labels
        for seat in range(n):
            at = base + rel[seat] * num_labels
            out[at : at + num_labels] = [
                (count - done) / count for count, done in zip(counts, known[seat], strict=True)
            ]
        out[np.array(hot, dtype=np.intp)] = 1.0

    def text(self, view: View) -> str:
        """Canonical JSON of the view without the parts the params fix (the library, the chip
        kinds and values): equal for equal views, different for different ones."""
        return json.dumps(
            {key: value for key, value in view.items() if key not in _FIXED},
            sort_keys=True,
            separators=(",", ":"),
        )


_PHASE_INDEX = {name: index for index, name in enumerate(PHASE_NAMES)}
_PENDING_INDEX = {TRAIT_WORDS[code]: index for index, code in enumerate(_PENDING)}
_FIXED = frozenset(("game", "library", "chip_kinds", "bid_set", "values"))
"""View keys that depend on the params alone (views.py), left out of the text."""


def _position(name: str) -> tuple[int, int]:
    """``n2.3`` -> (1, 2): Nomination and position, from 0."""
    nomination, position = name[1:].split(".")
    return int(nomination) - 1, int(position) - 1


ENCODING = GtpagEncoding
