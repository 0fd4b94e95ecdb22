"""What one seat may know (G3), and full states drawn to fit that knowledge.

Public: the characters, the Nominations and who made them, who passed, every chip's owner
(the colour of its back) and place, which chips are face up and their kinds, which chips each
seat has looked at (the table sees a Scout pick them up), Traits (played face up or resolved in
the open), Boosts, how many Bid chips each hand holds, and the order of play. Private: the kind
of a face-down Bid chip (known to its owner and to those who looked at it), which Bid chips a
hand holds (its owner's), the Smashed chip's kind until the final flip makes it deducible
(G10), and every seat's preferences. A seat's own knowledge is shown with the chip wherever
it moves (Switcheroo, Raid, Smash).

What others can deduce about a hand (every character holds the same Bid chips; a hand is the
full set minus the chips seen elsewhere) is left to them: ``determinize`` deals every unknown
place of a character the kinds that are not accounted for, so it is consistent with all of it.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from gamenight.core.game import View
from gamenight.core.rng import Rng
from gamenight.games.gtpag import narrate
from gamenight.games.gtpag.actions import chip_name
from gamenight.games.gtpag.params import TRAIT_NAMES, TRAIT_WORDS
from gamenight.games.gtpag.state import OVER, PHASE_NAMES, TRAIT, GtpagState

if TYPE_CHECKING:
    from gamenight.games.gtpag.rules import GtpagGame


def view(game: GtpagGame, state: GtpagState, player: int | None) -> View:
    n = state.num_players
    per_seat = game.per_seat
    chip_kinds = state.kinds
    up = state.face_up
    seen = state.seen
    known = up | (seen[player] if player is not None else 0)
    names = game.params.character_names
    titles = game.titles

    def chip(c: int) -> dict[str, Any]:
        owner = c // per_seat
        bit = 1 << c
        return {
            "owner": owner,
            "kind": game.kind_name(chip_kinds[c]) if known & bit or owner == player else None,
            "face_up": bool(up & bit),
            "seen_by": [p for p in range(n) if seen[p] & bit],
        }

    where: dict[int, str] = {}
    nominations = []
    for j, pile in enumerate(state.piles):
        for i, c in enumerate(pile):
            where[c] = chip_name(j, i)
        tally = game.tally(state, j, face_up_only=True)
        nominations.append(
            {
                "number": j + 1,
                "title": titles[state.titles[j]],
                "nominator": state.nominators[j],
                "active": bool(state.active >> j & 1),
                "chips": [chip(c) for c in pile],
                "boosts": list(state.boosts[j]),
                "tally": tally._asdict(),
            }
        )
    seats = []
    for s in range(n):
        hand = state.hand[s]
        char = state.chars[s]
        seats.append(
            {
                "character": char + 1,
                "name": names[char],
                "trait": (
                    TRAIT_NAMES[game.params.trait_codes[char]] if game.params.use_traits else None
                ),
                "bid_chips": (hand & game.bid_mask).bit_count(),
                "trait_in_hand": bool(hand & game.trait_bit),
                "trait_idle": game.trait_is_idle(state, s),
                "nominated": state.nominators.index(s) + 1 if s in state.nominators else None,
                "passed": bool(state.passed >> s & 1),
                "last_turn": state.last_turn[s],
            }
        )
    own_hand = None
    preferences = None
    if player is not None:
        hand = state.hand[player]
        own_hand = [
            game.kind_name(chip_kinds[player * per_seat + slot])
            for slot in range(per_seat)
            if hand >> slot & 1
        ]
        preferences = list(state.prefs[player])
    pending = None
    if state.phase == TRAIT:
        pending = {
            "trait": TRAIT_WORDS[state.pending_trait],
            "chip": (
                chip_name(state.pending >> 8, state.pending & 255) if state.pending >= 0 else None
            ),
            "looked": [where[c] for c in state.looked],
        }
    over = state.phase == OVER
    picked = game.picked_title(state) if over else None
    outcome = game.outcome(state) if over else None
    seen_view: View = {
        "game": "gtpag",
        "viewer": player,
        "library": list(titles),
        "chip_kinds": list(game.labels),
        "bid_set": [game.labels[k] for k in game.slot_kind],
        "values": {
            "boost": game.params.boost_value,
            "hype": game.params.hype_value,
            "warcry": game.params.warcry_value,
        },
        "phase": PHASE_NAMES[state.phase],
        "actor": None if over else state.actor,
        "start": state.start,
        "round": state.round,
        "tie_round": state.tie_round,
        "turns_left": state.turns_left,
        "turn": state.turn,
        "last_chip": state.last_chip,
        "seats": seats,
        "nominations": nominations,
        "used": [c // per_seat for c in state.used],
        "smashed": [chip(c) for c in state.smashed],
        "hand": own_hand,
        "preferences": preferences,
        "pending": pending,
        "boost_queue": list(state.boost_queue),
        "tie_history": [[[j + 1, score] for j, score in tie] for tie in state.tie_history],
        # every tied tally's chips and Boosts, gone home since (a view keeps what was seen)
        "tie_tallies": [
            {
                "chips": [
                    [[c // per_seat, game.kind_name(chip_kinds[c])] for c in pile] for pile in piles
                ],
                "boosts": [list(boosts) for boosts in state.tie_boosts[count]],
            }
            for count, piles in enumerate(state.tie_flips)
        ],
        "picked": picked,
        "picked_number": state.picked + 1 if over and state.picked >= 0 else None,
        "drawn": state.drawn,
        "capped": state.capped,
        "end": state.end_reason or None,
        "steps": state.steps,
        # G16: at the end every seat's preference for the pick is its announced score
        "result": (
            {"scores": list(outcome.scores), "winners": list(outcome.winners)}
            if outcome is not None
            else None
        ),
    }
    if over:  # core.scoresheet: a finished match's views hold its itemised scores
        seen_view["score_sheet"] = narrate.sheet(game, state)
    return seen_view


def hidden(game: GtpagGame, state: GtpagState, player: int) -> Hashable:
    """Others' preferences, and the kind of every chip ``player`` cannot see, by place."""
    per_seat = game.per_seat
    chip_kinds = state.kinds
    known = state.face_up | state.seen[player]

    def unknown(chips: list[int] | tuple[int, ...]) -> tuple[int, ...]:
        return tuple(chip_kinds[c] for c in chips if c // per_seat != player and not known >> c & 1)

    hands = tuple(
        tuple(
            sorted(chip_kinds[q * per_seat + s] for s in range(per_seat) if state.hand[q] >> s & 1)
        )
        for q in range(state.num_players)
        if q != player
    )
    return (
        tuple(prefs for q, prefs in enumerate(state.prefs) if q != player),
        hands,
        tuple(unknown(pile) for pile in state.piles),
        unknown(state.smashed),
    )


def determinize(game: GtpagGame, data: View, player: int, rng: Rng) -> GtpagState:
    """A state that gives ``player`` exactly ``data``; the unseen parts drawn with ``rng``.

    For every other character, the Bid chips whose place ``player`` knows keep it; the rest of
    that character's Bid chips are dealt at random over its unknown places (its hand, its
    face-down chips nobody showed ``player``, its unseen Smashed chips). Others' preferences
    are drawn as random rankings (G6).
    """
    if data["viewer"] != player:
        raise ValueError(f"this view belongs to seat {data['viewer']}, not seat {player}")
    seats_data = data["seats"]
    n = len(seats_data)
    state = GtpagState(n, Rng(rng.next_u64()))
    chars = tuple([seat["character"] - 1 for seat in seats_data])
    state.chars = chars
    state.kinds = game.layout(chars)
    per_seat = game.per_seat
    trait_slot = game.trait_slot
    label_index = game.label_index
    seen = state.seen
    # each character's Bid chips not yet placed, by kind
    free: list[list[list[int]]] = [
        [list(chips_of_kind) for chips_of_kind in game.bid_chips_of[q]] for q in range(n)
    ]
    unknown: list[list[int]] = [[] for _ in range(n)]  # owner -> its placeholders
    unknown_seen: list[list[int]] = []  # placeholder -> seats that looked at it
    up = 0

    def chips(items: list[dict[str, Any]]) -> list[int]:
        nonlocal up
        found = []
        for item in items:
            owner = item["owner"]
            kind = item["kind"]
            if kind is None:
                unknown_seen.append(item["seen_by"])
                c = -len(unknown_seen)
                unknown[owner].append(c)
            else:
                k = label_index.get(kind)
                c = owner * per_seat + trait_slot if k is None else free[owner][k].pop()
                for seat in item["seen_by"]:
                    seen[seat] |= 1 << c
                if item["face_up"]:
                    up |= 1 << c
            found.append(c)
        return found

    title_index = game.title_index
    for nom in data["nominations"]:
        state.titles.append(title_index[nom["title"]])
        state.nominators.append(nom["nominator"])
        if nom["active"]:
            state.active |= 1 << (nom["number"] - 1)
        state.piles.append(chips(nom["chips"]))
        state.boosts.append(list(nom["boosts"]))
    smashed = chips(data["smashed"])
    state.face_up = up
    state.used = tuple(owner * per_seat + trait_slot for owner in data["used"])
    hands = [0] * n
    in_hands: list[tuple[int, int]] = []  # (owner, placeholder) of the unknown hand chips
    for q, seat in enumerate(seats_data):
        if seat["trait_in_hand"]:
            hands[q] |= game.trait_bit
        if q == player:
            for kind in data["hand"]:
                k = label_index.get(kind)
                if k is not None:
                    hands[q] |= 1 << (free[q][k].pop() - q * per_seat)
        else:
            for _ in range(seat["bid_chips"]):
                unknown_seen.append([])
                unknown[q].append(-len(unknown_seen))
                in_hands.append((q, -len(unknown_seen)))
        if seat["passed"]:
            state.passed |= 1 << q
        state.last_turn[q] = seat["last_turn"]

    # deal each character's unaccounted Bid chips over its unknown places
    real = [0] * len(unknown_seen)
    for q in range(n):
        left = [c for pool in free[q] for c in pool]
        if len(left) != len(unknown[q]):
            raise ValueError(f"view is inconsistent: seat {q}'s chips do not add up")
        rng.shuffle(left)
        for placeholder, c in zip(unknown[q], left, strict=True):
            real[-placeholder - 1] = c
    for index, seen_by in enumerate(unknown_seen):
        for seat in seen_by:
            seen[seat] |= 1 << real[index]
    state.piles = [[real[-c - 1] if c < 0 else c for c in pile] for pile in state.piles]
    game.recount_tally(state)
    if data["phase"] in ("bidding", "trait"):
        state.shown = tuple(
            (j, c) for j, pile in enumerate(state.piles) for c in pile if up >> c & 1
        )
    state.smashed = tuple(real[-c - 1] if c < 0 else c for c in smashed)
    for q, placeholder in in_hands:
        hands[q] |= 1 << (real[-placeholder - 1] - q * per_seat)
    state.hand = hands

    result = data["result"]
    picked_title = (
        title_index[data["picked"]] if result is not None and data["picked"] is not None else None
    )
    prefs: list[tuple[float, ...]] = []
    for q in range(n):  # seat by seat: the draws come in seat order
        if q == player:
            prefs.append(tuple([float(v) for v in data["preferences"]]))
        elif picked_title is None:
            prefs.append(game.random_preferences(rng))
        else:
            score, favourite = result["scores"][q], q in result["winners"]
            prefs.append(_preferences_fitting(game, rng, picked_title, score, favourite))
    state.prefs = tuple(prefs)
    state.phase = PHASE_NAMES.index(data["phase"])
    state.actor = data["actor"] if data["actor"] is not None else 0
    state.start = data["start"]
    state.round = data["round"]
    state.tie_round = data["tie_round"]
    state.turns_left = data["turns_left"]
    state.turn = data["turn"]
    state.last_chip = data["last_chip"]
    pending = data["pending"]
    if pending is not None:
        state.pending_trait = TRAIT_WORDS.index(pending["trait"])
        if pending["chip"] is not None:
            j, i = _position(pending["chip"])
            state.pending = j << 8 | i
        state.looked = tuple(state.piles[j][i] for j, i in map(_position, pending["looked"]))
    state.boost_queue = tuple(data["boost_queue"])
    state.tie_history = tuple(
        tuple((number - 1, score) for number, score in tie) for tie in data["tie_history"]
    )
    tallies = data["tie_tallies"]
    state.tie_flips = tuple(_flipped_chips(game, tally["chips"]) for tally in tallies)
    state.tie_boosts = tuple(tuple(map(tuple, tally["boosts"])) for tally in tallies)
    state.picked = data["picked_number"] - 1 if data["picked_number"] is not None else -1
    state.drawn = data["drawn"]
    state.capped = data["capped"]
    state.end_reason = data["end"] or ""
    state.steps = data["steps"]
    return state


def mend(game: GtpagGame, state: GtpagState, data: View, player: int, rng: Rng) -> GtpagState:
    """G25: a world drawn for ``data`` with the other characters' preferences of ``state``,
    while the match goes on; once it is over (G16), as ``determinize`` draws it."""
    world = determinize(game, data, player, rng)
    if data["result"] is None and state.num_players == world.num_players:
        world.prefs = tuple(
            world.prefs[q] if q == player else state.prefs[q] for q in range(world.num_players)
        )
    return world


def _position(name: str) -> tuple[int, int]:
    """``n2.3`` -> (1, 2)."""
    nomination, position = name[1:].split(".")
    return int(nomination) - 1, int(position) - 1


def _preferences_fitting(
    game: GtpagGame, rng: Rng, picked: int, score: float, favourite: bool
) -> tuple[float, ...]:
    """Preferences drawn for another seat once the match is over (G16): its preference for the
    picked title is known, and whether that title is its favourite. A random ranking (G6) where
    one fits; otherwise (preferences the table set by hand) any numbers that fit."""
    prefs = list(game.random_preferences(rng))
    count = len(prefs)
    if score in prefs and (score == count) == favourite:
        other = prefs.index(score)
        prefs[other], prefs[picked] = prefs[picked], prefs[other]
        return tuple(prefs)
    below = [score - 1 - rank for rank in range(count - 1)]
    if not favourite:
        below[0] = score + 1
    rng.shuffle(below)
    below.insert(picked, score)
    return tuple(float(v) for v in below)


def _flipped_chips(game: GtpagGame, piles: list[list[list[Any]]]) -> tuple[tuple[int, ...], ...]:
    """The chips of one tied flip, from (owner, kind) pairs: distinct chips of each owner."""
    per_seat = game.per_seat
    taken: dict[tuple[int, int], int] = {}  # (owner, Bid kind) -> chips of it placed so far
    found = []
    for pile in piles:
        chips = []
        for owner, kind in pile:
            k = game.label_index.get(kind)
            if k is None:  # a Trait chip
                chips.append(owner * per_seat + game.trait_slot)
                continue
            used = taken.get((owner, k), 0)
            taken[(owner, k)] = used + 1
            chips.append(owner * per_seat + game._kind_slots[k][used])
        found.append(tuple(chips))
    return tuple(found)
