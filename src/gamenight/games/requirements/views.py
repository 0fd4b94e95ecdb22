"""What one seat may know (D7, G1), and full states drawn to fit that knowledge.

A coin is shown by its exposed trait; its hidden side appears only to a seat that has looked
at it, or to everyone once proven. Who has looked at which coin is public (the table sees who
bids what), so every coin also lists the seats that have seen it. Coins are named by their
place (reserve, bid, Accomplishment, discard, in the order they arrived), never by an id that
could betray their hidden side; the Pool shows only how many coins each stack holds.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from gamenight.core.game import View
from gamenight.core.rng import Rng
from gamenight.core.scoresheet import ScoreItem, score_sheet
from gamenight.games.requirements import narrate
from gamenight.games.requirements.state import Phase, RequirementsState, shown_code

if TYPE_CHECKING:
    from gamenight.games.requirements.rules import RequirementsGame


def view(game: RequirementsGame, state: RequirementsState, player: int | None) -> View:
    names = game.params.traits
    pairs = game.pairs
    up, down = state.coin_up, state.coin_down
    known = state.proven | (state.seen[player] if player is not None else 0)
    seen = state.seen
    num_players = state.num_players

    def coin(c: int) -> dict[str, Any]:
        bit = 1 << c
        return {
            "up": names[up[c]],
            "down": names[down[c]] if known & bit else None,
            "seen_by": [p for p in range(num_players) if seen[p] & bit],
            "proven": bool(state.proven & bit),
        }

    def tile(t: int) -> list[str]:
        low, high = pairs[t]
        return [names[low], names[high]]

    seats = []
    for seat in range(num_players):
        seats.append(
            {
                "reserve": [coin(c) for c in state.reserve[seat]],
                "bid": [coin(c) for c in state.bid[seat]],
                "accomplishments": [
                    {"tiles": [tile(t) for t in tiles], "coins": [coin(c) for c in coins]}
                    for tiles, coins in zip(
                        state.acc_tiles[seat], state.acc_coins[seat], strict=True
                    )
                ],
            }
        )
    over = state.phase == Phase.OVER
    shown: View = {
        "game": "requirements",
        "viewer": player,
        "traits": list(names),
        "round": state.round,
        "first_player": state.first,
        "phase": Phase(state.phase).name.lower(),
        "actor": None if over else state.actor,
        "requirement": tile(state.requirement) if state.requirement >= 0 else None,
        "stack": len(state.stack),
        "failed": [tile(t) for t in state.failed],
        "failure_limit": game.params.failure_limit,
        "pool": {names[t]: len(stack) for t, stack in enumerate(state.pool)},
        "discard": [coin(c) for c in state.discard],
        "seats": seats,
        "scores": list(game.scores(state)),
        "declines": state.declines,
        "paying": (
            {"need": state.need, "routes": [state.routes[0][:], state.routes[1][:]]}
            if state.phase == Phase.PAYING
            else None
        ),
        "claimant": state.claimant if state.claimant >= 0 else None,
        "winner": state.winner if state.winner >= 0 else None,
        "target": state.target if state.target >= 0 else None,
        "spectacle_trait": names[state.spectacle_trait] if state.spectacle_trait >= 0 else None,
        "steps": state.steps,
        "end": state.end_reason or None,
    }
    if over:
        shown["score_sheet"] = final_scores(game, state)
    return shown


def final_scores(game: RequirementsGame, state: RequirementsState) -> dict[str, Any]:
    """R17, G10: each Accomplishment's Greatness x Spectacle; the failure pile and the ending
    in the notes. Everything on it is public (tiles and coin counts)."""
    items = [
        [
            ScoreItem(
                label=f"Accomplishment {index + 1}: "
                + " ".join(narrate.tile_text(game, t) for t in tiles),
                points=len(tiles) * len(coins),
                detail=f"G{len(tiles)} x S{len(coins)}",
            )
            for index, (tiles, coins) in enumerate(
                zip(state.acc_tiles[seat], state.acc_coins[seat], strict=True)
            )
        ]
        for seat in range(state.num_players)
    ]
    failed = " ".join(narrate.tile_text(game, t) for t in state.failed) or "none"
    notes = [
        f"Game over: {narrate.end_reason_text(game, state)}.",
        f"Pile of Failed Requirements ({len(state.failed)} of "
        f"{game.params.failure_limit}): {failed}.",
        "Each Accomplishment scores Greatness (tiles) x Spectacle (coins on it); one without "
        "Spectacle scores 0 (R17). The highest total wins; a tie means no one wins (R18).",
    ]
    return score_sheet(items, [float(total) for total in game.scores(state)], notes=notes)


def hidden(game: RequirementsGame, state: RequirementsState, player: int) -> Hashable:
    """The stack order and the hidden side of every coin ``player`` has not seen, in order."""
    known = state.proven | state.seen[player]
    down = state.coin_down
    coins: list[int] = []
    for seat in range(state.num_players):
        coins += state.reserve[seat] + state.bid[seat]
        for stack in state.acc_coins[seat]:
            coins += stack
    coins += state.discard
    for stack in state.pool:
        coins += stack
    return (tuple(state.stack), tuple(down[c] for c in coins if not known >> c & 1))


def determinize(
    game: RequirementsGame, view_data: View, player: int, rng: Rng
) -> RequirementsState:
    """A state that gives ``player`` exactly ``view_data``; the unseen parts drawn with ``rng``.

    Unseen coins get the coin pairs not accounted for, each showing its exposed trait, by a
    random matching (a random fill, repaired by augmenting paths when it gets stuck).
    """
    if view_data["viewer"] != player:
        raise ValueError(f"this view belongs to seat {view_data['viewer']}, not seat {player}")
    return game.read_views.read(game, view_data).draw(game, rng)


class ReadViews:
    """The view determinized last, read once: a search determinizes the same view thousands
    of times in one decision, and reading it is half the work.

    A view seen a second time in a row (the same object) is copied and kept with its reading;
    every later view equal to the copy shares that reading. The copy, not the caller's object,
    is what later views are compared with, so a view changed in place is read afresh.
    """

    def __init__(self) -> None:
        self.last: View | None = None
        self.kept: tuple[View, ReadView] | None = None  # one tuple, replaced whole

    def read(self, game: RequirementsGame, view_data: View) -> ReadView:
        kept = self.kept
        if kept is not None and view_data == kept[0]:
            return kept[1]
        reading = ReadView(game, view_data)
        if view_data is self.last:
            self.kept = (copy.deepcopy(view_data), reading)
        self.last = view_data
        return reading


class ReadView:
    """A seat's view as a table: every coin whose hidden side the seat does not know is a
    placeholder (-1, -2, ... by slot), drawn anew by each ``draw``."""

    def __init__(self, game: RequirementsGame, view_data: View) -> None:
        index = {name: t for t, name in enumerate(game.params.traits)}
        pair_index = game.params.pair_index
        table = RequirementsState(len(view_data["seats"]), Rng(0))
        num_coins = len(game.pairs)
        up = [0] * num_coins
        down = [0] * num_coins
        placed: set[int] = set()
        slot_up: list[int] = []  # exposed trait of every unknown coin, by placeholder number
        slot_seen_by: list[list[int]] = []

        def coin(data: dict[str, Any]) -> int:
            shown = index[data["up"]]
            if data["down"] is None:
                slot_up.append(shown)
                slot_seen_by.append(list(data["seen_by"]))
                return -len(slot_up)  # a placeholder, replaced by each draw
            under = index[data["down"]]
            c = pair_index[(min(shown, under), max(shown, under))]
            up[c], down[c] = shown, under
            placed.add(c)
            for seat in data["seen_by"]:
                table.seen[seat] |= 1 << c
            if data["proven"]:
                table.proven |= 1 << c
            return c

        def coins(items: list[dict[str, Any]]) -> list[int]:
            return [coin(data) for data in items]

        def tile(names: list[str]) -> int:
            a, b = index[names[0]], index[names[1]]
            return pair_index[(min(a, b), max(a, b))]

        for seat, seat_view in enumerate(view_data["seats"]):
            table.reserve[seat] = coins(seat_view["reserve"])
            table.bid[seat] = coins(seat_view["bid"])
            for acc in seat_view["accomplishments"]:
                table.acc_tiles[seat].append([tile(t) for t in acc["tiles"]])
                table.acc_coins[seat].append(coins(acc["coins"]))
        table.discard = coins(view_data["discard"])
        table.pool = []
        for name in game.params.traits:
            stack = []
            for _ in range(view_data["pool"][name]):
                slot_up.append(index[name])
                slot_seen_by.append([])
                stack.append(-len(slot_up))
            table.pool.append(stack)
        table.recount_score()  # only the sizes of Accomplishments count, known to every seat
        table.reserve_shown = [
            shown_code([up[c] if c >= 0 else slot_up[-c - 1] for c in coins])
            for coins in table.reserve
        ]

        shown_tiles = {t for acc in table.acc_tiles for stack in acc for t in stack}
        table.failed = [tile(t) for t in view_data["failed"]]
        shown_tiles.update(table.failed)
        table.requirement = tile(view_data["requirement"]) if view_data["requirement"] else -1
        if table.requirement >= 0:
            shown_tiles.add(table.requirement)
        table.stack = [t for t in range(len(game.pairs)) if t not in shown_tiles]

        table.round = view_data["round"]
        table.first = view_data["first_player"]
        table.phase = int(Phase[view_data["phase"].upper()])
        table.actor = view_data["actor"] if view_data["actor"] is not None else 0
        table.declines = view_data["declines"]
        paying = view_data["paying"]
        if paying is not None:
            table.need = paying["need"]
            table.routes = [list(paying["routes"][0]), list(paying["routes"][1])]
        table.claimant = _seat(view_data["claimant"])
        table.winner = _seat(view_data["winner"])
        table.target = _seat(view_data["target"])
        trait = view_data["spectacle_trait"]
        table.spectacle_trait = index[trait] if trait is not None else -1
        table.steps = view_data["steps"]
        table.end_reason = view_data["end"] or ""

        self.table = table
        self.up = up
        self.down = down
        self.slot_up = slot_up
        self.slot_seen_by = slot_seen_by
        # trait -> the coins not placed that can show it, in increasing order (for _match)
        self.free_showing = tuple(
            tuple(c for c in showing if c not in placed) for showing in game.coins_showing
        )

    def draw(self, game: RequirementsGame, rng: Rng) -> RequirementsState:
        """The table with every placeholder drawn: a state consistent with the view."""
        state_rng = Rng(rng.next_u64())  # first, as ever: the draws below follow it
        assignment = _match(self.slot_up, self.free_showing, game.pairs, rng)
        state = self.table.clone()
        state.rng = state_rng
        up, down, seen = self.up[:], self.down[:], state.seen
        pairs = game.pairs
        for slot, c in enumerate(assignment):
            shown = self.slot_up[slot]
            low, high = pairs[c]
            up[c], down[c] = shown, high if low == shown else low
            for seat in self.slot_seen_by[slot]:
                seen[seat] |= 1 << c

        for seat in range(state.num_players):
            state.reserve[seat] = _drawn(state.reserve[seat], assignment)
            state.bid[seat] = _drawn(state.bid[seat], assignment)
            state.acc_coins[seat] = [_drawn(stack, assignment) for stack in state.acc_coins[seat]]
        state.discard = _drawn(state.discard, assignment)
        state.pool = [_drawn(stack, assignment) for stack in state.pool]
        state.coin_up, state.coin_down = tuple(up), tuple(down)
        rng.shuffle(state.stack)
        return state


def _drawn(coins: list[int], assignment: list[int]) -> list[int]:
    """``coins`` with each placeholder replaced by the coin drawn for its slot."""
    return [assignment[-c - 1] if c < 0 else c for c in coins]


def _seat(value: int | None) -> int:
    return -1 if value is None else value


def _match(
    slots: list[int],
    free_showing: tuple[tuple[int, ...], ...],
    pairs: tuple[tuple[int, int], ...],
    rng: Rng,
) -> list[int]:
    """A coin (pair) for every slot, showing the slot's exposed trait: a random matching.

    Slots are filled in random order, each with a random fitting coin still free; when none
    is free, an augmenting path (Kuhn's algorithm) moves earlier choices to make room.
    ``free_showing[t]`` lists the coins to draw from that can show trait ``t``, in increasing
    order.
    """
    matching = _Matching(slots, free_showing, pairs)
    order = list(range(len(slots)))
    rng.shuffle(order)
    for slot in order:
        open_coins = matching.unheld[slots[slot]]
        if open_coins:
            matching.hold(open_coins[rng.randbelow(len(open_coins))], slot)
        elif not matching.augment(slot, [False] * len(pairs)):
            raise ValueError("view is inconsistent: no coins fit its unseen coins")
    return matching.chosen


class _Matching:
    """The matching ``_match`` builds: which slot holds each coin, and the coins nobody holds.

    A method each for taking a coin and for an augmenting path (compiled, a method is a direct
    call, where a nested function would be called as a Python object).
    """

    __slots__ = ("chosen", "free_showing", "holder", "pairs", "slots", "unheld")

    def __init__(
        self,
        slots: list[int],
        free_showing: tuple[tuple[int, ...], ...],
        pairs: tuple[tuple[int, int], ...],
    ) -> None:
        self.slots = slots
        self.free_showing = free_showing
        self.pairs = pairs
        # per trait, the coins that can show it and nobody holds yet (in increasing order, as
        # the draws ever saw them); a coin once held stays held (an augmenting path moves it)
        self.unheld = [list(coins) for coins in free_showing]
        self.holder = [-1] * len(pairs)  # the slot holding each coin, -1 for none
        self.chosen = [-1] * len(slots)  # the coin of each slot

    def hold(self, coin: int, slot: int) -> None:
        if self.holder[coin] < 0:
            low, high = self.pairs[coin]
            self.unheld[low].remove(coin)
            if high != low:
                self.unheld[high].remove(coin)
        self.holder[coin] = slot
        self.chosen[slot] = coin

    def augment(self, slot: int, visited: list[bool]) -> bool:
        """Give ``slot`` a coin, moving the holders of the coins it could take if need be."""
        holder = self.holder
        for coin in self.free_showing[self.slots[slot]]:
            if visited[coin]:
                continue
            visited[coin] = True
            if holder[coin] < 0 or self.augment(holder[coin], visited):
                self.hold(coin, slot)
                return True
        return False


def redraw_unseen(
    game: RequirementsGame,
    state: RequirementsState,
    view_data: View,
    player: int,
    rng: Rng,
) -> RequirementsState | None:
    """``state`` made to show ``player`` exactly ``view_data`` again (G11): the Requirement
    stack's order and the hidden sides of the coins no seat has looked at (the Pool's, D1)
    drawn anew; every coin another seat has looked at and ``player`` has not keeps the hidden
    side ``state`` gives it. None where ``state`` no longer fits: a kept coin shows another
    trait at its place, is now seen elsewhere, or leaves the other coins no fitting draw."""
    if view_data["viewer"] != player:
        raise ValueError(f"this view belongs to seat {view_data['viewer']}, not seat {player}")
    reading = ReadView(game, view_data)  # a reading of its own: it is changed below
    kept = _kept_coins(reading, state, mending=False)
    if kept is None:
        return None
    _place_kept(game, reading, kept)
    try:
        return reading.draw(game, rng)
    except ValueError:  # the kept coins leave the Pool's slots no matching (Hall's condition)
        return None


def mend(
    game: RequirementsGame,
    state: RequirementsState,
    view_data: View,
    player: int,
    rng: Rng,
) -> RequirementsState:
    """G12: a world drawn for ``view_data`` in which every coin another seat has looked at and
    ``player`` has not keeps the hidden side ``state`` gives it where it still can (the same
    coin still shows its trait at its place and is seen nowhere else); the others, and
    everything where the places no longer match, drawn as ``determinize`` draws them. Where
    the kept coins leave the Pool no fitting coins, none is kept."""
    if view_data["viewer"] != player:
        raise ValueError(f"this view belongs to seat {view_data['viewer']}, not seat {player}")
    reading = ReadView(game, view_data)
    _place_kept(game, reading, _kept_coins(reading, state, mending=True) or {})
    try:
        return reading.draw(game, rng)
    except ValueError:  # Hall's condition again: keep nothing
        return determinize(game, view_data, player, rng)


def _coin_zones(state: RequirementsState) -> list[list[int]]:
    """Every place a coin lies, in the order ``ReadView`` numbers its placeholders."""
    zones: list[list[int]] = []
    for seat in range(state.num_players):
        zones += [state.reserve[seat], state.bid[seat], *state.acc_coins[seat]]
    return [*zones, state.discard, *state.pool]


def _kept_coins(
    reading: ReadView, state: RequirementsState, *, mending: bool
) -> dict[int, int] | None:
    """Placeholder slot -> the coin ``state`` has there, for every slot another seat has
    looked at (D7); None if the places differ or a kept coin cannot stand there (``mending``:
    such a coin is left out, and a zone of another size keeps none)."""
    table_zones, world_zones = _coin_zones(reading.table), _coin_zones(state)
    if len(table_zones) != len(world_zones):
        return None
    kept: dict[int, int] = {}
    for shown, held in zip(table_zones, world_zones, strict=True):
        if len(shown) != len(held):
            if mending:
                continue
            return None
        for placeholder, coin in zip(shown, held, strict=True):
            slot = -placeholder - 1
            if placeholder >= 0 or not reading.slot_seen_by[slot]:
                continue  # a coin the view shows, or one nobody has looked at: drawn anew
            trait = reading.slot_up[slot]
            if state.coin_up[coin] != trait or coin not in reading.free_showing[trait]:
                if mending:
                    continue
                return None
            kept[slot] = coin
    return kept


def _place_kept(game: RequirementsGame, reading: ReadView, kept: dict[int, int]) -> None:
    """Put the kept coins on ``reading``'s table, as coins the view shows are put; the other
    placeholders are numbered afresh for ``draw``."""
    pairs, table = game.pairs, reading.table
    renumbered: dict[int, int] = {}  # old placeholder -> new one, or the kept coin
    slot_up: list[int] = []
    slot_seen_by: list[list[int]] = []
    for slot, trait in enumerate(reading.slot_up):
        coin = kept.get(slot)
        if coin is None:
            slot_up.append(trait)
            slot_seen_by.append(reading.slot_seen_by[slot])
            renumbered[-slot - 1] = -len(slot_up)
            continue
        low, high = pairs[coin]
        reading.up[coin], reading.down[coin] = trait, high if low == trait else low
        for seat in reading.slot_seen_by[slot]:
            table.seen[seat] |= 1 << coin
        renumbered[-slot - 1] = coin
    for zone in _coin_zones(table):
        zone[:] = [renumbered.get(c, c) for c in zone]
    reading.slot_up, reading.slot_seen_by = slot_up, slot_seen_by
    held = set(kept.values())
    reading.free_showing = tuple(
        tuple(c for c in showing if c not in held) for showing in reading.free_showing
    )
