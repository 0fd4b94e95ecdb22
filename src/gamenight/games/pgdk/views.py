"""What one seat may know (RULES.md G6), and full states drawn to fit that knowledge.

Cards are shown by label. A seat sees its own hand; of another hand only its size and the
cards it knows to be there (a losing bid, a card taken from the Row, the Evil Guardian's look,
...), each with the seats known to know it and whether it is public. Of the draw deck a seat
sees its size and the positions it knows (cards it put at the bottom with Market Research);
the order of the rest is hidden from everyone. Sealed bids show only "committed".

``determinize`` rebuilds every public zone from the view, places every card the seat knows,
and deals the cards it has not seen at random into the unknown hand places and the deck, so
that the state is one the view could come from and plays on: a trader's hand is worth the
Row card it trades for (R7, G21), and as many of a hand's cards as it drew in this Going Gold
Phase are locked (G7). Everything else a seat has seen is in the view itself: cards it knows
in hands and in the deck, the committed bids, the window being offered.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from gamenight.core.game import View
from gamenight.core.rng import Rng
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk import narrate
from gamenight.games.pgdk.state import (
    BID,
    BIDDING,
    NO_BID,
    NOT_COMMITTED,
    OVER,
    RESEARCH,
    LastAuction,
    PgdkState,
    Phase,
    Project,
)

if TYPE_CHECKING:
    from gamenight.games.pgdk.rules import PgdkGame

_PHASE_NAMES = tuple(phase.name.lower() for phase in Phase)
_PHASE_BY_NAME = {name: i for i, name in enumerate(_PHASE_NAMES)}
_COMMIT_NAMES = {NOT_COMMITTED: None, NO_BID: "no bid", BID: "bid"}


def view(game: PgdkGame, state: PgdkState, player: int | None) -> View:
    n = state.num_players
    label, kind_of = game.card_label, game.kind_of
    labels = game.labels
    colour_text = game.colour_text
    known = state.known
    public = 1 << n
    mask = public if player is None else 1 << player
    phase = state.phase
    points = game.points(state)

    def seen(card: int, owner: int) -> list[int]:
        bits = known[card]
        return [s for s in range(n) if s != owner and bits >> s & 1]

    def project_view(project: Project) -> dict[str, Any]:
        return {
            "cards": [label[c] for c in project.cards],
            "colours": colour_text[project.colours],
            "value": project.value,
            "ready": project.ready,
        }

    def game_view(project: Project) -> dict[str, Any]:
        return {
            "cards": [label[c] for c in project.cards],
            "colour": colour_text[project.colours],
            "value": project.value,
            "characters": project.chars,
            "first": project.first,
            "powered": label[project.powered] if project.powered >= 0 else None,
        }

    locked = state.locked
    seats = []
    for seat in range(n):
        hand = state.hands[seat]
        entry: dict[str, Any] = {
            "hand_size": len(hand),
            # G7: everyone saw how many cards a hand drew in this Going Gold Phase
            "locked": sum(locked >> c & 1 for c in hand) if locked else 0,
            "projects": [project_view(p) for p in state.projects[seat]],
            "completed": [game_view(g) for g in state.completed[seat]],
            "specials": [label[c] for c in state.specials[seat]],
            "points": points[seat],
            "committed": (state.committed[seat] != NOT_COMMITTED if phase == BIDDING else None),
        }
        if seat != player:
            entry["known"] = [
                {"card": labels[k], "seen_by": by, "public": pub, "locked": lock}
                for k, by, pub, lock in sorted(
                    (kind_of[c], seen(c, seat), bool(known[c] & public), bool(locked >> c & 1))
                    for c in hand
                    if known[c] & mask
                )
            ]
        seats.append(entry)

    result: dict[str, Any] = {
        "game": "pgdk",
        "viewer": player,
        "card_list": game.params.card_list,
        "genres": list(game.params.genres),
        "turn": state.turn,
        "quiet": state.quiet,
        "stall_rounds": game.params.stall_rounds,
        "max_turns": game.params.max_turns,
        "games_to_end": game.params.games_to_end,
        "active": state.active,
        "phase": _PHASE_NAMES[phase],
        "actor": None if phase in (BIDDING, OVER) else state.actor,
        "to_act": list(game.to_act(state)),
        "plays_left": state.plays_left,
        "window": state.window,
        "window_left": state.window_left,
        "deck": len(state.deck),
        "deck_known": [],
        "row": [label[c] for c in state.row],
        "discard": [label[c] for c in state.discard],
        "colours_done": colour_text[state.colours_done] if state.colours_done else "",
        "seats": seats,
        "hand": None,
        "bid": None,
        "take": label[state.take] if state.take >= 0 else None,
        "offer": [label[c] for c in state.offer],
        "auction": [label[c] for c in state.auction],
        "last_auction": _auction_view(game, state.last_auction),
        "using": label[state.using] if state.using >= 0 else None,
        "rob": state.rob if state.rob >= 0 else None,
        "peek_size": len(state.peek),
        "peek": None,
        "clone": _clone_view(state),
        "payouts": state.payouts[:],
        "ender": state.ender if state.ender >= 0 else None,
        "end": state.end_reason or None,
        "scores": list(game.scores(state)) if phase == OVER else None,
    }
    if player is not None:
        result["hand"] = [
            {"card": labels[k], "seen_by": by, "public": pub, "locked": locked}
            for k, by, pub, locked in sorted(
                (
                    kind_of[c],
                    seen(c, player),
                    bool(known[c] & public),
                    bool(locked >> c & 1),
                )
                for c in state.hands[player]
            )
        ]
        result["deck_known"] = [
            [i, label[c], seen(c, player)] for i, c in enumerate(state.deck) if known[c] & mask
        ]
        if phase == BIDDING:
            result["bid"] = {
                "cards": [label[c] for c in state.bids[player]],
                "committed": _COMMIT_NAMES[state.committed[player]],
            }
        if phase == RESEARCH and player == state.active:
            result["peek"] = [label[c] for c in state.peek]
    if phase == OVER:  # core.scoresheet: a finished match's views hold its itemised scores
        result["score_sheet"] = narrate.sheet(game, state)
    return result


def _auction_view(game: PgdkGame, auction: LastAuction | None) -> dict[str, Any] | None:
    if auction is None:
        return None
    label = game.card_label
    auctioneer, lots, bids, totals, winner = auction
    return {
        "auctioneer": auctioneer,
        "cards": [label[c] for c in lots],
        "bids": [None if b is None else [label[c] for c in b] for b in bids],
        "totals": [t if t >= 0 else None for t in totals],
        "winner": winner if winner >= 0 else None,
    }


def _auction_state(game: PgdkGame, data: dict[str, Any] | None) -> LastAuction | None:
    """The record of the last auction; any copy of a card stands for it (views show labels)."""
    if data is None:
        return None
    first = [copies[0] for copies in game.copies]
    index = game.kind_by_label

    def ids(labels: list[str]) -> tuple[int, ...]:
        return tuple(first[index[label]] for label in labels)

    return (
        data["auctioneer"],
        ids(data["cards"]),
        tuple(None if b is None else ids(b) for b in data["bids"]),
        tuple(-1 if t is None else t for t in data["totals"]),
        -1 if data["winner"] is None else data["winner"],
    )


def _clone_view(state: PgdkState) -> dict[str, int] | None:
    completer, owner, stake, left = state.ctc
    if completer < 0:
        return None
    return {"completer": completer, "owner": owner, "stake": stake, "left": left}


def hidden(game: PgdkGame, state: PgdkState, player: int) -> Hashable:
    """Other hands, the deck order, others' sealed bids and others' Market Research look."""
    kind_of = game.kind_of
    others = [s for s in range(state.num_players) if s != player]
    return (
        tuple(tuple(sorted(kind_of[c] for c in state.hands[s])) for s in others),
        tuple(kind_of[c] for c in state.deck),
        tuple((state.committed[s], tuple(kind_of[c] for c in state.bids[s])) for s in others),
        tuple(kind_of[c] for c in state.peek) if state.active != player else (),
    )


class _Unplaced:
    """The cards ``determinize`` has not placed yet, by kind (a class rather than a closure:
    compiled, its method is a native call)."""

    __slots__ = ("free", "index")

    def __init__(self, game: PgdkGame) -> None:
        self.free = [list(copies) for copies in game.copies]
        self.index = game.kind_by_label

    def take(self, label: str) -> int:
        """A copy of the card ``label`` names, placed now."""
        pool = self.free[self.index[label]]
        if not pool:
            raise ValueError(f"view is inconsistent: more {label!r} than the card list holds")
        return pool.pop()


def _seen_bits(seen_by: list[int], value: int) -> int:
    """``value`` with the bits of the seats in ``seen_by`` (who know where a card lies)."""
    for seat in seen_by:
        value |= 1 << seat
    return value


def determinize(game: PgdkGame, v: View, player: int, rng: Rng) -> PgdkState:
    """A state that gives ``player`` exactly the view ``v``; what it has not seen is random."""
    if v["viewer"] != player:
        raise ValueError(f"this view belongs to seat {v['viewer']}, not seat {player}")
    seats = v["seats"]
    n = len(seats)
    state = PgdkState(n, game.num_cards, game.num_colours, Rng(rng.next_u64()))
    index = game.kind_by_label
    pool = _Unplaced(game)
    known = state.known
    every = (2 << n) - 1

    state.row = [pool.take(label) for label in v["row"]]
    state.discard = [pool.take(label) for label in v["discard"]]
    for seat, entry in enumerate(seats):
        state.specials[seat] = [pool.take(label) for label in entry["specials"]]
        for label in entry["specials"]:
            kind = game.deck_list.kinds[index[label]]
            state.abilities[seat] |= 1 << kind.power
            if kind.power == cardlib.CLONE:
                state.clone_owner[kind.colours.bit_length() - 1] = seat
        for project in entry["projects"]:
            cards = tuple([pool.take(label) for label in project["cards"]])
            state.projects[seat].append(game.development(cards))
        for done in entry["completed"]:
            state.completed[seat].append(_completed(game, done, pool))
    if v["using"] is not None:
        state.using = pool.take(v["using"])
    own = []
    for item in v["hand"]:
        card = pool.take(item["card"])
        known[card] = _seen_bits(item["seen_by"], every if item["public"] else 0)
        if item["locked"]:
            state.locked |= 1 << card
        own.append(card)
    state.hands[player] = own
    unknown_in_hand = [0] * n
    unknown_locked = [0] * n
    for seat, entry in enumerate(seats):
        if seat == player:
            continue
        hand = []
        locked_known = 0
        for item in entry["known"]:
            card = pool.take(item["card"])
            known[card] = _seen_bits(item["seen_by"], every if item["public"] else 0)
            if item["locked"]:
                state.locked |= 1 << card
                locked_known += 1
            hand.append(card)
        state.hands[seat] = hand
        unknown_in_hand[seat] = entry["hand_size"] - len(hand)
        unknown_locked[seat] = entry["locked"] - locked_known
    size = v["deck"]
    slots: list[int] = [-1] * size
    for position, label, seen_by in v["deck_known"]:
        card = pool.take(label)
        slots[position] = card
        known[card] = _seen_bits(seen_by, 1 << player)
    peek = v["peek"]
    if peek:
        for i, label in enumerate(peek):
            position = size - len(peek) + i
            if slots[position] < 0:
                slots[position] = pool.take(label)
    unseen = [card for copies in pool.free for card in copies]
    rng.shuffle(unseen)
    if len(unseen) != sum(unknown_in_hand) + slots.count(-1):
        raise ValueError("view is inconsistent: the unseen cards do not fill hands and deck")
    if v["phase"] == "offer" and v["active"] != player:
        _cover_the_trade(game, v, state.hands[v["active"]], unseen, unknown_in_hand, rng)
    for seat in range(n):
        hand = state.hands[seat]
        for _ in range(unknown_in_hand[seat]):
            hand.append(unseen.pop())
        if unknown_locked[seat]:  # G7: which cards it drew this Going Gold Phase, it alone knows
            for card in hand[-unknown_locked[seat] :]:
                state.locked |= 1 << card
    state.deck = [card if card >= 0 else unseen.pop() for card in slots]

    state.turn = v["turn"]
    state.quiet = v["quiet"]
    state.active = v["active"]
    state.phase = _PHASE_BY_NAME[v["phase"]]
    state.actor = v["actor"] if v["actor"] is not None else state.active
    state.plays_left = v["plays_left"]
    state.window = v["window"]
    state.window_left = v["window_left"]
    colours = v["colours_done"]
    codes = [g.code for g in game.deck_list.genres]
    if colours == "any":
        state.colours_done = game.deck_list.all_colours
    else:
        for code in colours:
            state.colours_done |= 1 << codes.index(code)
    if v["take"] is not None:
        state.take = _find(game, state.row, v["take"], [])
    for label in v["offer"]:  # the copies the offer made public, as the rules pick them (G6)
        state.offer.append(_offered(game, state, label))
    for label in v["auction"]:
        state.auction.append(_find(game, state.row, label, state.auction))
    state.last_auction = _auction_state(game, v["last_auction"])
    state.rob = v["rob"] if v["rob"] is not None else -1
    if v["peek_size"]:
        state.peek = state.deck[-v["peek_size"] :]
    clone = v["clone"]
    if clone is not None:
        state.ctc = (clone["completer"], clone["owner"], clone["stake"], clone["left"])
    state.payouts = list(v["payouts"])
    state.ender = v["ender"] if v["ender"] is not None else -1
    state.end_reason = v["end"] or ""
    if state.phase == BIDDING:
        for seat, entry in enumerate(seats):
            if seat == player:
                bid = v["bid"]
                bids = state.bids[seat]
                for label in bid["cards"]:  # the copies the rules picked, by what the seat sees
                    bids.append(game._pick(state, seat, game.kind_by_label[label], bids))
                committed = bid["committed"]
                state.committed[seat] = (
                    NOT_COMMITTED if committed is None else BID if committed == "bid" else NO_BID
                )
            elif entry["committed"]:
                _draw_sealed_bid(state, seat, rng)
    return state


def _draw_sealed_bid(state: PgdkState, seat: int, rng: Rng) -> None:
    """A sealed bid nobody else has seen: "no bid", or one or two cards at random."""
    hand = state.hands[seat]
    size = rng.randbelow(min(2, len(hand)) + 1) if hand else 0
    state.bids[seat] = rng.sample(hand, size)
    state.committed[seat] = BID if size else NO_BID


_RESAMPLES = 20
"""Fresh deals tried before the trader's unknown cards are raised by hand (rarely needed)."""


def _cover_the_trade(
    game: PgdkGame,
    v: View,
    known_cards: list[int],
    unseen: list[int],
    unknown_in_hand: list[int],
    rng: Rng,
) -> None:
    """R7, G21: ``trade CARD`` is legal only when the whole hand is worth the card, and the
    hand does not change while the offer is made: arrange ``unseen`` so that the cards the
    trader is dealt (see ``determinize``) are worth what its known cards lack.

    Fresh shuffles first, which keeps the deal uniform among those that fit; a tight
    constraint then swaps the trader's lowest card for a random higher unseen one until the
    hand is worth enough (each swap raises its worth, so this ends).
    """
    value = game.value
    trader = v["active"]
    lacking = game.k_value[game.kind_by_label[v["take"]]] - sum(value[c] for c in known_cards)
    if lacking <= 0:
        return
    end = len(unseen) - sum(unknown_in_hand[:trader])  # seats are dealt in order, from the end
    start = end - unknown_in_hand[trader]
    for _ in range(_RESAMPLES):
        if sum(value[c] for c in unseen[start:end]) >= lacking:
            return
        rng.shuffle(unseen)
    others = [*range(start), *range(end, len(unseen))]
    while sum(value[c] for c in unseen[start:end]) < lacking:
        low = min(range(start, end), key=lambda i: value[unseen[i]], default=-1)
        floor = value[unseen[low]] if low >= 0 else 0
        higher = [i for i in others if value[unseen[i]] > floor]
        if low < 0 or not higher:
            raise ValueError("view is inconsistent: the trader's hand cannot pay for its trade")
        high = higher[rng.randbelow(len(higher))]
        unseen[low], unseen[high] = unseen[high], unseen[low]


def _offered(game: PgdkGame, state: PgdkState, label: str) -> int:
    """The trader's copy of ``label`` that stands for one already offered: ``offer CARD``
    makes the copy it picks public (R7), and the rules pick the best-known copy not yet
    offered, so the copies offered are public ones; any public copy of a label looks like any
    other (no card is locked in a Purchase Phase, G7)."""
    card = game._pick(state, state.active, game.kind_by_label[label], state.offer)
    if card < 0 or state.known[card] != (2 << state.num_players) - 1:
        raise ValueError(f"view is inconsistent: no public {label!r} in the trader's hand")
    return card


def _find(game: PgdkGame, cards: list[int], label: str, taken: list[int]) -> int:
    kind = game.kind_by_label[label]
    kind_of = game.kind_of
    for card in cards:
        if kind_of[card] == kind and card not in taken:
            return card
    raise ValueError(f"view is inconsistent: no {label!r} where the view puts one")


def _completed(game: PgdkGame, data: dict[str, Any], pool: _Unplaced) -> Project:
    cards = tuple([pool.take(label) for label in data["cards"]])
    powered = data["powered"]
    power_card = next((c for c in cards if game.card_label[c] == powered), -1)
    return game.completed(cards, bool(data["first"]), power_card)


def redraw_unseen(
    game: PgdkGame, state: PgdkState, v: View, player: int, rng: Rng
) -> PgdkState | None:
    """``state`` made to show ``player`` exactly ``v`` again (G26): a state drawn as
    ``determinize`` draws it, in which the cards of other hands that ``player`` does not know
    are the ones ``state`` has there (what each seat knows of them and whether they are
    locked, G6, G7, with them), their sealed bids are the ones ``state`` has, and so are the
    draw deck's cards other seats have seen (Market Research, G5, and its look while it is
    being chosen from); the rest of the deck's order, which no seat has seen, is drawn anew.
    None where ``state`` no longer fits: a kept card is now seen elsewhere, a hand's hidden
    cards or locked cards are not as many as ``v`` says, a trader's hand no longer pays for
    its trade (R7, G21)."""
    return _rebuild(game, state, v, player, rng, mending=False)


def mend(game: PgdkGame, state: PgdkState, v: View, player: int, rng: Rng) -> PgdkState | None:
    """G27: a world drawn as ``determinize`` draws one for ``v``, keeping as many of the
    cards ``state`` puts in the other hands' unknown places as still fit there (each kept
    card with what each seat knows of it and its lock, G6, G7), and the deck cards other seats
    have seen where they still can be; the other unknown places are dealt at random. Sealed
    bids still hidden are ``state``'s where the mended hand still holds them, else drawn as
    ``determinize`` draws them. None only where the world cannot be made: a trader's hand
    that no longer pays for its trade (R7, G21)."""
    return _rebuild(game, state, v, player, rng, mending=True)


def _rebuild(
    game: PgdkGame, state: PgdkState, v: View, player: int, rng: Rng, *, mending: bool
) -> PgdkState | None:
    """``redraw_unseen`` (every belief of ``state`` kept, or None) and ``mend`` (the beliefs
    that fit kept, the rest drawn)."""
    world = determinize(game, v, player, rng)
    same_deck = len(state.deck) == len(world.deck)  # else its places say nothing (``mend``)
    if state.num_players != world.num_players or not (same_deck or mending):
        return None
    loose = _loose_cards(game, v, world, player)
    dealt = loose.rest()  # every card drawn at random: its knowledge and lock are redone
    kept: list[tuple[int, int]] = []  # (card in ``state``, the copy standing for it in world)
    to_fill: list[tuple[list[int], int, int]] = []  # ``mend``: (hand, places, locked) left
    for seat, entry in enumerate(v["seats"]):
        if seat == player:
            continue
        hand = world.hands[seat]
        known_here = len(entry["known"])
        hidden_cards = [c for c in state.hands[seat] if not state.known[c] >> player & 1]
        drawn_locked = sum(world.locked >> c & 1 for c in hand[known_here:])
        if mending:
            # which believed cards make way, where fewer places are left, is left to chance:
            # nothing says which of them the table's play stood for
            rng.shuffle(hidden_cards)
            places = len(hand) - known_here
            copies, kept_locked = _fitting(
                game, state, hidden_cards, loose, places, drawn_locked, kept
            )
            to_fill.append((hand, places - len(copies), drawn_locked - kept_locked))
        else:
            if len(hidden_cards) != len(hand) - known_here or drawn_locked != sum(
                state.locked >> c & 1 for c in hidden_cards
            ):
                return None
            copies = [loose.take(game.kind_of[c]) for c in hidden_cards]
            if -1 in copies:
                return None
            kept += zip(hidden_cards, copies, strict=True)
        hand[known_here:] = copies
    deck_kept = []
    for place in _seen_in_deck(state, loose.deck_places, player) if same_deck else ():
        copy = loose.take(game.kind_of[state.deck[place]])
        if copy < 0:
            if mending:
                continue  # drawn at random with the rest
            return None
        world.deck[place] = copy
        kept.append((state.deck[place], copy))
        deck_kept.append(place)
    locking = _fill_hands(game, loose, to_fill, rng)
    _deal_the_rest(world, loose, deck_kept, dealt, kept, state, rng)
    for card in locking:  # G7: as many locked as the view says, as determinize locks them
        world.locked |= 1 << card
    if v["peek_size"]:
        world.peek = world.deck[-v["peek_size"] :]
    if world.phase == BIDDING and not _keep_bids(game, world, state, v, player, rng, mending):
        return None
    if v["phase"] == "offer" and v["active"] != player:
        trader = v["active"]
        worth = sum(game.value[c] for c in world.hands[trader])
        if worth < game.k_value[game.kind_by_label[v["take"]]]:
            return None
    return world


def _fitting(
    game: PgdkGame,
    state: PgdkState,
    hidden_cards: list[int],
    loose: _Loose,
    places: int,
    locked_places: int,
    kept: list[tuple[int, int]],
) -> tuple[list[int], int]:
    """``mend``: copies of ``hidden_cards`` for a hand with ``places`` unknown places, of
    which ``locked_places`` hold locked cards (G7): each card kept while a place like it
    (locked or not) is free and a loose copy of its kind is left; recorded in ``kept``.
    Returns the copies and how many of them are locked."""
    free = [places - locked_places, locked_places]  # by lock: unlocked, locked
    copies = []
    for card in hidden_cards:
        locked = state.locked >> card & 1
        if not free[locked]:
            continue
        copy = loose.take(game.kind_of[card])
        if copy < 0:
            continue
        free[locked] -= 1
        copies.append(copy)
        kept.append((card, copy))
    return copies, locked_places - free[1]


def _fill_hands(
    game: PgdkGame, loose: _Loose, to_fill: list[tuple[list[int], int, int]], rng: Rng
) -> list[int]:
    """``mend``: the places no kept card took, dealt from the loose cards at random; the
    rest stay loose for the deck. Returns the cards to lock (G7): the last ``locked`` dealt
    to each hand, as ``determinize`` locks the last cards it deals."""
    if not to_fill:
        return []
    pool = loose.rest()
    rng.shuffle(pool)
    locking: list[int] = []
    for hand, count, locked in to_fill:
        dealt = [pool.pop() for _ in range(count)]
        hand += dealt
        if locked:
            locking += dealt[-locked:]
    loose.by_kind = _by_kind(game, pool)
    return locking


class _Loose:
    """The copies ``determinize`` dealt at random in a world (into hands' unknown places and
    the deck's unknown places), by kind, and the deck places it dealt them to."""

    __slots__ = ("by_kind", "deck_places")

    def __init__(self, by_kind: dict[int, list[int]], deck_places: list[int]) -> None:
        self.by_kind = by_kind
        self.deck_places = deck_places

    def take(self, kind: int) -> int:
        """A loose copy of ``kind``, now placed; -1 if none is left."""
        copies = self.by_kind.get(kind)
        return copies.pop() if copies else -1

    def rest(self) -> list[int]:
        return [card for copies in self.by_kind.values() for card in copies]


def _loose_cards(game: PgdkGame, v: View, world: PgdkState, player: int) -> _Loose:
    """The cards of ``world`` that ``determinize`` dealt from those ``v`` does not place."""
    fixed = {place for place, _, _ in v["deck_known"]}
    if v["peek"]:  # the researcher's own look lies on top (G5)
        fixed.update(range(len(world.deck) - len(v["peek"]), len(world.deck)))
    deck_places = [place for place in range(len(world.deck)) if place not in fixed]
    cards = [world.deck[place] for place in deck_places]
    for seat, entry in enumerate(v["seats"]):
        if seat != player:
            cards += world.hands[seat][len(entry["known"]) :]
    return _Loose(_by_kind(game, cards), deck_places)


def _by_kind(game: PgdkGame, cards: list[int]) -> dict[int, list[int]]:
    by_kind: dict[int, list[int]] = {}
    for card in cards:
        by_kind.setdefault(game.kind_of[card], []).append(card)
    return by_kind


def _seen_in_deck(state: PgdkState, places: list[int], player: int) -> list[int]:
    """The deck places (among ``places``) whose card in ``state`` another seat has seen: put
    at the bottom with Market Research (G5), or being looked at by another researcher."""
    others = ((1 << state.num_players) - 1) & ~(1 << player)
    looked_at = len(state.deck) - len(state.peek) if state.active != player else len(state.deck)
    return [
        place for place in places if state.known[state.deck[place]] & others or place >= looked_at
    ]


def _deal_the_rest(
    world: PgdkState,
    loose: _Loose,
    deck_kept: list[int],
    dealt: list[int],
    kept: list[tuple[int, int]],
    state: PgdkState,
    rng: Rng,
) -> None:
    """The loose cards not kept, shuffled into the deck's other unknown places; what seats
    know of every card ``determinize`` dealt, and its lock, as nobody knew it (G6), then
    the kept ones' as in ``state``."""
    rest = loose.rest()
    rng.shuffle(rest)
    taken = set(deck_kept)
    for place in loose.deck_places:
        if place not in taken:
            world.deck[place] = rest.pop()
    known = world.known
    for card in dealt:
        known[card] = 0
        world.locked &= ~(1 << card)
    for held, copy in kept:
        known[copy] = state.known[held]
        if state.locked >> held & 1:
            world.locked |= 1 << copy


def _keep_bids(
    game: PgdkGame,
    world: PgdkState,
    state: PgdkState,
    v: View,
    player: int,
    rng: Rng,
    mending: bool,
) -> bool:
    """D4, G4: the other seats' sealed bids (and bids still being built) of ``state``, on the
    copies the rules pick in ``world``; False if one no longer fits, where ``mending`` draws
    that seat's bid as ``determinize`` does instead (G27)."""
    for seat, entry in enumerate(v["seats"]):
        if seat == player:
            continue
        bid: list[int] = []
        fits = (state.committed[seat] != NOT_COMMITTED) == entry["committed"]
        for card in state.bids[seat] if fits else ():
            copy = game._pick(world, seat, game.kind_of[card], bid)
            if copy < 0:
                fits = False
                break
            bid.append(copy)
        if fits:
            world.bids[seat] = bid
            world.committed[seat] = state.committed[seat]
        elif not mending:
            return False
        elif entry["committed"]:
            _draw_sealed_bid(world, seat, rng)
        else:
            world.bids[seat] = []
            world.committed[seat] = NOT_COMMITTED
    return True
