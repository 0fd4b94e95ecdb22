"""What one seat may know (D7, G1), and full states drawn to fit that knowledge.

A coin is shown by its exposed trait; its hidden side appears only to a seat that has looked
at it, or to everyone once proven. Who has looked at which coin is public (the table sees who
bids what), so every coin also lists the seats that have seen it. Coins are named by their
place (reserve, bid, Accomplishment, discard, in the order they arrived), never by an id that
could betray their hidden side; the Pool shows only how many coins each stack holds.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from gamenight.core.game import View
from gamenight.core.rng import Rng
from gamenight.core.scoresheet import ScoreItem, score_sheet
from gamenight.games.requirements import narrate
from gamenight.games.requirements.state import Phase, RequirementsState

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
    index = {name: t for t, name in enumerate(game.params.traits)}
    pair_index = game.params.pair_index
    state = RequirementsState(len(view_data["seats"]), Rng(rng.next_u64()))
    num_coins = len(game.pairs)
    up = [0] * num_coins
    down = [0] * num_coins
    placed: set[int] = set()
    unknown_up: list[int] = []  # exposed trait of every unknown coin, by placeholder number
    unknown_seen_by: list[list[int]] = []

    def coin(data: dict[str, Any]) -> int:
        shown = index[data["up"]]
        if data["down"] is None:
            unknown_up.append(shown)
            unknown_seen_by.append(list(data["seen_by"]))
            return -len(unknown_up)  # a placeholder, replaced below
        under = index[data["down"]]
        c = pair_index[(min(shown, under), max(shown, under))]
        up[c], down[c] = shown, under
        placed.add(c)
        for seat in data["seen_by"]:
            state.seen[seat] |= 1 << c
        if data["proven"]:
            state.proven |= 1 << c
        return c

    def coins(items: list[dict[str, Any]]) -> list[int]:
        return [coin(data) for data in items]

    def tile(names: list[str]) -> int:
        a, b = index[names[0]], index[names[1]]
        return pair_index[(min(a, b), max(a, b))]

    for seat, seat_view in enumerate(view_data["seats"]):
        state.reserve[seat] = coins(seat_view["reserve"])
        state.bid[seat] = coins(seat_view["bid"])
        for acc in seat_view["accomplishments"]:
            state.acc_tiles[seat].append([tile(t) for t in acc["tiles"]])
            state.acc_coins[seat].append(coins(acc["coins"]))
    state.discard = coins(view_data["discard"])
    state.pool = []
    for name in game.params.traits:
        stack = []
        for _ in range(view_data["pool"][name]):
            unknown_up.append(index[name])
            unknown_seen_by.append([])
            stack.append(-len(unknown_up))
        state.pool.append(stack)

    free = [c for c in range(num_coins) if c not in placed]
    assignment = _match(unknown_up, free, game.coins_showing, rng)
    for slot, c in enumerate(assignment):
        shown = unknown_up[slot]
        low, high = game.pairs[c]
        up[c], down[c] = shown, high if low == shown else low
        for seat in unknown_seen_by[slot]:
            state.seen[seat] |= 1 << c

    def real(items: list[int]) -> list[int]:
        return [assignment[-c - 1] if c < 0 else c for c in items]

    for seat in range(state.num_players):
        state.reserve[seat] = real(state.reserve[seat])
        state.bid[seat] = real(state.bid[seat])
        state.acc_coins[seat] = [real(stack) for stack in state.acc_coins[seat]]
    state.discard = real(state.discard)
    state.pool = [real(stack) for stack in state.pool]
    state.coin_up, state.coin_down = tuple(up), tuple(down)
    state.recount()

    shown_tiles = {t for acc in state.acc_tiles for stack in acc for t in stack}
    state.failed = [tile(t) for t in view_data["failed"]]
    shown_tiles.update(state.failed)
    state.requirement = tile(view_data["requirement"]) if view_data["requirement"] else -1
    if state.requirement >= 0:
        shown_tiles.add(state.requirement)
    state.stack = [t for t in range(len(game.pairs)) if t not in shown_tiles]
    rng.shuffle(state.stack)

    state.round = view_data["round"]
    state.first = view_data["first_player"]
    state.phase = int(Phase[view_data["phase"].upper()])
    state.actor = view_data["actor"] if view_data["actor"] is not None else 0
    state.declines = view_data["declines"]
    paying = view_data["paying"]
    if paying is not None:
        state.need = paying["need"]
        state.routes = [list(paying["routes"][0]), list(paying["routes"][1])]
    state.claimant = _seat(view_data["claimant"])
    state.winner = _seat(view_data["winner"])
    state.target = _seat(view_data["target"])
    trait = view_data["spectacle_trait"]
    state.spectacle_trait = index[trait] if trait is not None else -1
    state.steps = view_data["steps"]
    state.end_reason = view_data["end"] or ""
    return state


def _seat(value: int | None) -> int:
    return -1 if value is None else value


def _match(
    slots: list[int], free: list[int], coins_showing: tuple[tuple[int, ...], ...], rng: Rng
) -> list[int]:
    """A coin (pair) for every slot, showing the slot's exposed trait: a random matching.

    Slots are filled in random order, each with a random fitting coin still free; when none
    is free, an augmenting path (Kuhn's algorithm) moves earlier choices to make room.
    ``coins_showing[t]`` lists the coins that can show trait ``t``, in increasing order.
    """
    is_free = set(free)
    # one candidate list per trait, shared by its slots (read only), in increasing coin order
    by_trait = {trait: [c for c in coins_showing[trait] if c in is_free] for trait in set(slots)}
    candidates = [by_trait[slot] for slot in slots]
    order = list(range(len(slots)))
    rng.shuffle(order)
    owner: dict[int, int] = {}
    chosen = [-1] * len(slots)

    def augment(slot: int, visited: set[int]) -> bool:
        for c in candidates[slot]:
            if c in visited:
                continue
            visited.add(c)
            if c not in owner or augment(owner[c], visited):
                owner[c] = slot
                chosen[slot] = c
                return True
        return False

    for slot in order:
        open_coins = [c for c in candidates[slot] if c not in owner]
        if open_coins:
            taken = open_coins[rng.randbelow(len(open_coins))]
            owner[taken] = slot
            chosen[slot] = taken
        elif not augment(slot, set()):
            raise ValueError("view is inconsistent: no coins fit its unseen coins")
    return chosen
