"""Why an action is illegal, in one line that names the rule (RULES.md numbers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk.actions import Action, Kind
from gamenight.games.pgdk.state import NOT_COMMITTED, PgdkState, Phase, Project

if TYPE_CHECKING:
    from gamenight.games.pgdk.rules import PgdkGame

_STEP: dict[int, tuple[str, str, frozenset[int]]] = {
    Phase.GODZILLA: (
        "D6",
        "this is a Pink Godzilla window: 'godzilla CARD with PINK GODZILLA' or 'pass'",
        frozenset((Kind.GODZILLA, Kind.PASS)),
    ),
    Phase.PURCHASE: (
        "R6",
        "choose the purchase: 'trade CARD', 'auction CARD' or 'discard lowest'",
        frozenset((Kind.TRADE, Kind.AUCTION, Kind.DISCARD_LOWEST)),
    ),
    Phase.OFFER: (
        "R7",
        "offer hand cards for the trade: 'offer CARD', then 'offer done'; or 'offer cancel'",
        frozenset((Kind.OFFER, Kind.OFFER_DONE, Kind.OFFER_CANCEL)),
    ),
    Phase.AUCTION: (
        "R8",
        "add Row cards to the auction ('auction CARD') or start it ('auction go')",
        frozenset((Kind.AUCTION, Kind.AUCTION_GO)),
    ),
    Phase.BIDDING: (
        "D4",
        "bid in secret: 'bid CARD', then 'bid done'; or 'no bid'",
        frozenset((Kind.BID, Kind.BID_DONE, Kind.NO_BID)),
    ),
    Phase.DEVELOP: (
        "R10",
        "play: 'play CARD new', 'play CARD on N', 'table CARD', 'use CARD', or 'done'",
        frozenset((Kind.PLAY, Kind.TABLE, Kind.USE, Kind.USE_ON, Kind.DONE)),
    ),
    Phase.RETRIEVE: (
        "R27",
        "the Good Guardian takes a card from the discard pile: 'retrieve CARD'",
        frozenset((Kind.RETRIEVE,)),
    ),
    Phase.ROB: ("R27", "choose whose hand to look at: 'rob seat N'", frozenset((Kind.ROB,))),
    Phase.STEAL: ("R27", "take one card: 'steal CARD'", frozenset((Kind.STEAL,))),
    Phase.HUNT: ("C3", "Headhunter takes a Row card: 'hunt CARD'", frozenset((Kind.HUNT,))),
    Phase.CUT: (
        "C3",
        "Budget Cut: 'cut CARD from seat S game N'",
        frozenset((Kind.CUT,)),
    ),
    Phase.RESEARCH: ("C3", "Market Research: 'keep CARD'", frozenset((Kind.KEEP,))),
    Phase.GOLD: (
        "R15",
        "declare ready games complete: 'gold N', or 'done'",
        frozenset((Kind.GOLD, Kind.DONE)),
    ),
    Phase.CLONE: (
        "D7",
        "a Clone draws: 'use Clone The Clone' or 'pass'",
        frozenset((Kind.USE, Kind.PASS)),
    ),
    Phase.LIMIT: (
        "R16",
        "discard down to the hand limit: 'discard CARD'",
        frozenset((Kind.DISCARD,)),
    ),
    Phase.FINAL: (
        "R18",
        "the game has ended: declare ready games ('gold N') or 'done'",
        frozenset((Kind.GOLD, Kind.DONE)),
    ),
}


def explain(game: PgdkGame, state: PgdkState, player: int, action: Action) -> str:
    phase = state.phase
    if phase == Phase.OVER:
        return "the game is over"
    if player not in game.to_act(state):
        if phase == Phase.BIDDING and state.committed[player] != NOT_COMMITTED:
            return "D4: you have already committed your bid"
        return f"it is seat {state.actor}'s decision now, not seat {player}'s"
    rule, hint, allowed = _STEP[phase]
    if action.kind not in allowed:
        return f"{rule}: '{action}' is not possible now; {hint}"
    why = _specific(game, state, player, action)
    return why or f"{rule}: '{action}' is not possible now; {hint}"


def _specific(game: PgdkGame, state: PgdkState, player: int, action: Action) -> str:
    kind = action.kind
    label = game.labels[action.card] if action.card >= 0 else ""
    hand_kinds = {game.kind_of[c] for c in state.hands[player]}
    row_kinds = {game.kind_of[c] for c in state.row}
    card_kinds = game.deck_list.kinds
    p = game.params
    if kind in (Kind.PLAY, Kind.USE_ON, Kind.TABLE, Kind.USE) and state.phase == Phase.DEVELOP:
        if action.card not in hand_kinds:
            return f"R10: you hold no {label}"
        return _develop(game, state, player, action)
    if kind == Kind.USE and state.phase == Phase.CLONE:
        if card_kinds[action.card].power != cardlib.CLONE_THE_CLONE:
            return f"D7: only Clone The Clone answers a Clone, not {label}"
        if action.card not in hand_kinds:
            return f"D7: you hold no {label}"
        return f"G7: your {label} came as payment this turn and waits for the next turn"
    if kind == Kind.GODZILLA:
        if not any(c in game.pink_godzillas for c in state.hands[player]):
            return "R23, D6: you hold no Pink Godzilla to trade"
        give = action.give
        if not 0 <= give < len(card_kinds) or card_kinds[give].power != cardlib.PINK_GODZILLA:
            return "G2: name the Pink Godzilla you give: 'godzilla CARD with PINK GODZILLA'"
        if give not in hand_kinds:
            return f"G2: you hold no {game.labels[give]} to give"
        if card_kinds[action.card].power == cardlib.PINK_GODZILLA:
            return "D6: a Pink Godzilla is never traded for a Pink Godzilla"
        return f"D6: the Resource Row holds no {label}"
    if kind == Kind.TRADE:
        if action.card not in row_kinds:
            return f"R7: the Resource Row holds no {label}"
        worth = sum(game.value[c] for c in state.hands[player])
        return (
            f"R7: your whole hand is worth {worth}, less than the {game.k_value[action.card]} "
            f"of {label}"
        )
    if kind == Kind.OFFER:
        return f"R7: you hold no {label} that is not already offered"
    if kind == Kind.OFFER_DONE:
        offered = sum(game.value[c] for c in state.offer)
        wanted = game.value[state.take]
        return (
            f"R7: the offer is worth {offered}; a trade must be worth at least {wanted}, the "
            f"value of {game.labels[game.kind_of[state.take]]}"
        )
    if kind == Kind.AUCTION:
        if not p.auctions:
            return "R36, D10: the beginners' rule has no auctions; trade or discard lowest"
        if len(state.auction) >= p.auction_max_cards:
            return f"R8: at most {p.auction_max_cards} Row cards go under one auction"
        return f"R8: the Resource Row holds no {label} that is not already under auction"
    if kind == Kind.BID:
        return f"D4: you hold no {label} that is not already in your bid"
    if kind == Kind.BID_DONE:
        return "D4: a bid needs at least one card; say 'no bid' instead"
    if kind == Kind.NO_BID:
        return "G4: you have started a bid; add cards or finish with 'bid done'"
    if kind == Kind.GOLD:
        projects = state.projects[player]
        if action.slot >= len(projects):
            return f"R15: you have no game {action.slot + 1} in development"
        return f"R15, D2: game {action.slot + 1} is not ready: {_missing(projects[action.slot])}"
    if kind == Kind.DISCARD:
        return f"R16: you hold no {label}"
    if kind == Kind.RETRIEVE:
        return f"R27: the discard pile holds no {label}"
    if kind == Kind.ROB:
        if action.seat == player:
            return "R27: the Evil Guardian robs a rival, not its own player"
        return f"R27: seat {action.seat} is no rival holding cards"
    if kind == Kind.STEAL:
        return f"R27: seat {state.rob}'s hand holds no {label}"
    if kind == Kind.HUNT:
        return f"C3: the Resource Row holds no {label}"
    if kind == Kind.KEEP:
        return f"C3: {label} is not among the cards looked at"
    if kind == Kind.CUT:
        if card_kinds[action.card].type == cardlib.TITLE:
            return "C3: Budget Cut never takes a Title"
        if action.seat == player:
            return "C3: Budget Cut hits a rival's game, not your own"
        return f"C3: seat {action.seat} has no {label} in a game {action.slot + 1} in development"
    return ""


def _missing(project: Project) -> str:
    lacks = []
    if project.title < 0:
        lacks.append("a Title")
    gear = project.gears.bit_count() + project.wild
    if gear < 2:
        lacks.append(f"{2 - gear} more Required Gear")
    if project.chars == 0:
        lacks.append("a Character")
    return ", ".join(lacks) or "nothing"


def _develop(game: PgdkGame, state: PgdkState, player: int, action: Action) -> str:
    kind = game.deck_list.kinds[action.card]
    label = kind.label
    projects = state.projects[player]
    if action.kind == Kind.TABLE:
        return f"R30: only Special Abilities go on the table; {label} is a {kind.type_name}"
    if action.kind == Kind.USE:
        if kind.type == cardlib.ABILITY:
            return f"R30: a Special Ability is put on the table: 'table {label}'"
        if kind.power == cardlib.CLONE_THE_CLONE:
            return "R33, D7: Clone The Clone is played only as a reaction when a Clone draws"
        if kind.power == cardlib.NEUTRAL_GUARDIAN:
            return f"R27: the Neutral Guardian's power goes onto a game: 'use {label} on N'"
        if kind.type not in (cardlib.POWERUP, cardlib.GUARDIAN):
            return f"R29: {label} has no power to use; play it onto a game"
        return f"D5: {label} has no target now"
    if kind.type not in cardlib.PROJECT_TYPES:
        verb = "table" if kind.type == cardlib.ABILITY else "use"
        return f"D3: a {kind.type_name} is not played onto a game: '{verb} {label}'"
    slot = action.slot
    if action.kind == Kind.USE_ON:
        if kind.power != cardlib.NEUTRAL_GUARDIAN:
            return f"R27: only the Neutral Guardian's power is used on a game, not {label}'s"
        if slot >= len(projects):
            return f"R11: you have no game {slot + 1} in development"
        if projects[slot].title < 0:
            return (
                "R27, D3: the Neutral Guardian completes only a game with a Title; "
                f"game {slot + 1} has none"
            )
        return f"R12: game {slot + 1} already holds a {kind.name}"
    if slot < 0:
        return "R28: an Easter Egg goes only onto a game ready to Go Gold, never a new one"
    if slot >= len(projects):
        return f"R11: you have no game {slot + 1} in development"
    project = projects[slot]
    where = f"game {slot + 1}"
    if project.names & game.k_name[action.card]:
        return f"R12: {where} already holds a {kind.name}; a game never holds two of one card"
    if not project.colours & kind.colours:
        return (
            f"R21, D1: {label} ({kind.colour_text}) shares no colour with {where} "
            f"({game.deck_list.colour_mask_text(project.colours)})"
        )
    if not project.colours & game.k_allow[action.card]:
        return f"R24: {kind.name} is not Required Gear of the genre of {where}"
    if kind.type == cardlib.TITLE:
        title = game.labels[game.kind_of[project.title]]
        return f"R21: {where} already has a Title ({title}); a game has only one"
    if kind.type == cardlib.EGG:
        return (
            f"R28: an Easter Egg goes only onto a game ready to Go Gold; "
            f"{where} lacks {_missing(project)}"
        )
    if kind.type == cardlib.WILD and project.wild:
        return f"D1: {where} already has a Wild"
    return f"R24, D1: {where} already has its two Required Gear"
