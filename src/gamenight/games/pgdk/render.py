"""Terminal rendering of a Pink Godzilla Dev Kit view (rich); no rules live here."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from gamenight.core.game import View
from gamenight.games.pgdk.cards import CardKind, CardList, load_card_list
from gamenight.games.pgdk.narrate import cap_warning, stall_warning

GUIDE = """\
Pink Godzilla Dev Kit in short (RULES.md beside the game has every rule, numbered)
- Build videogames and send them Gold. A videogame needs a Title (its colour and genre), the
  genre's two Required Gear (blue RPG: Vehicle + Potion; pink Fighting: Weapon + Combo;
  orange Music: Accessory + Combo; green Shooting: Weapon + Vehicle; a Wild stands for one)
  and a Character; every card shares its colour ("any" fits all), never two of one name.
- A turn: Finance (the Row is refilled to 5, you draw 1); Purchase, one of: trade hand cards
  worth at least a Row card for it (the highest you give goes to the Row), auction up to 3
  Row cards (everyone bids hand cards face down at once; the highest total wins), or discard
  the lowest Row cards; Development (2 plays: a card onto your videogames, a Special Ability
  to the table, a Power Up used); Going Gold (declare ready videogames complete: their value
  in points, 2 cards paid, +1 for the first of a colour; then discard down to 7).
- Pink Godzilla windows after Finance and after Purchase: each seat in turn may trade a Pink
  Godzilla from hand for any Row card, or pass. A Clone draws 2 when a videogame of its
  colour completes; Clone The Clone takes those cards; Gear Upgrades divert them.
- The end: a seat's 4th completed videogame (final declarations follow). Score: completed
  videogames, 4 per Special Ability on the table, 15 for four videogames, 20/15/10 for the
  highest, second and third values (ties all get it). 10 rounds without a completed
  videogame stop the game (the table warns three rounds ahead); such an end is "capped".
Notation:
  Potion B2          a card: its name, then colours (B, P, O, G; "any") and value when
                     another card shares the name; Pink Godzilla 4, Easter Egg O7
  [Required Gear, B, 2]  a card's type, colours and value (your hand, the Row)
  †                  house design: not a card of the published game
  1. [B] ... = 11    your videogame 1 in development: its colour, cards and value; READY
                     means it can Go Gold ('gold 1'); numbers change as games complete
  seen by seat 1     a card in your hand another seat knows of; "seen by all": public
  not usable this turn   a payment card drawn this Going Gold: usable next turn
  bid sealed         that seat has committed its secret bid
Actions: 'trade Potion B5', then 'offer Weapon P2'... and 'offer done', or 'offer cancel' to
give the trade up; 'auction Potion B5', 'auction go'; 'bid Combo P2', 'bid done', 'no bid';
'discard lowest'; 'godzilla Potion B5 with Pink Godzilla 3'; 'play Potion B2 new', 'play
Potion B2 on 1'; 'table Auction House'; 'use Crunch Time 2', 'use Neutral Guardian on 1';
'rob seat 1', 'steal CARD', 'hunt CARD', 'keep CARD', 'retrieve CARD', 'cut CARD from seat
1 game 2'; 'gold 1'; 'done'; 'pass'; 'discard CARD' (hand limit)."""
"""The '?' help at the terminal table: the rules in short and the key to the notation."""

_STYLES = {
    "blue": "bold blue",
    "pink": "bold magenta",
    "orange": "bold dark_orange",
    "green": "bold green",
}
_PHASES = {
    "godzilla": (
        "may trade a Pink Godzilla for a Row card (godzilla CARD with PINK GODZILLA) or pass"
    ),
    "purchase": "chooses the purchase: trade, auction or discard lowest",
    "offer": (
        "offers hand cards for the trade ('offer done' once it is worth enough; "
        "'offer cancel' gives the trade up)"
    ),
    "auction": "picks Row cards for the auction",
    "bidding": "bidding: every seat commits a sealed bid",
    "develop": "develops: plays cards",
    "retrieve": "takes a card from the discard pile (Good Guardian)",
    "rob": "chooses whose hand to look at (Evil Guardian)",
    "steal": "takes a card from the robbed hand (Evil Guardian)",
    "hunt": "takes a Row card (Headhunter)",
    "cut": "cuts a card from a rival's game (Budget Cut)",
    "research": "keeps one of the cards looked at (Market Research)",
    "gold": "may declare ready games complete (Going Gold)",
    "clone": "may answer the Clone with Clone The Clone, or pass",
    "limit": "discards down to the hand limit",
    "final": "may still declare ready games complete (final declarations)",
}


def _catalogue(view: View) -> CardList:
    return load_card_list(view["card_list"], tuple(view["genres"]))


def _style(cards: CardList, mask_text: str) -> str:
    if mask_text == "any" or not mask_text:
        return "bold white"
    codes = {g.code: g.colour for g in cards.genres}
    return _STYLES.get(codes.get(mask_text[0], ""), "bold")


def _card(cards: CardList, label: str, *, detail: bool = False) -> Text:
    try:
        kind: CardKind | None = cards.find(label)
    except KeyError:
        kind = None
    if kind is None:
        return Text(label)
    text = Text(label, style=_style(cards, kind.colour_text))
    if kind.house:
        text.append("†", style="dim")
    if detail:
        text.append(f" [{kind.type_name}, {kind.colour_text}, {kind.value}]", style="dim")
    return text


def _cards(cards: CardList, labels: list[str], *, detail: bool = False) -> Text:
    if not labels:
        return Text("-", style="dim")
    return Text(", ").join(_card(cards, label, detail=detail) for label in labels)


def _value(cards: CardList, label: str) -> int:
    try:
        return cards.find(label).value
    except KeyError:
        return 0


def _trade(cards: CardList, view: View) -> Text:
    """R7, G21, G25: the card traded for, the running offer and what it still needs."""
    take = view["take"]
    need = _value(cards, take)
    worth = sum(_value(cards, label) for label in view["offer"])
    line = Text("Trading for ").append_text(_card(cards, take, detail=True))
    line.append(" with ").append_text(_cards(cards, view["offer"]))
    line.append(f": the offer is worth {worth} of the {need} needed ")
    if worth >= need:
        line.append("(enough: 'offer done' trades)", style="bold green")
    else:
        line.append(f"({need - worth} short)", style="bold yellow")
    line.append(" · 'offer cancel' gives the trade up")
    return line


def _warnings(view: View) -> list[Text]:
    """G12, G8: the stall ending and the safety cap, told only when they are near."""
    shown = []
    stall = stall_warning(view["quiet"], len(view["seats"]), view["stall_rounds"])
    if stall and view["phase"] != "over":
        shown.append(Text(stall[0].upper() + stall[1:] + ".", style="bold yellow"))
    cap = cap_warning(view["turn"], view["max_turns"])
    if cap and view["phase"] != "over":
        shown.append(Text(cap[0].upper() + cap[1:] + ".", style="bold yellow"))
    return shown


def _project(cards: CardList, number: int, project: dict[str, Any], done: bool) -> Text:
    colours = project["colour"] if done else project["colours"]
    line = Text(f"{number}. ", style="bold")
    line.append(f"[{colours}] ", style=_style(cards, colours))
    line.append_text(_cards(cards, project["cards"]))
    line.append(f"  = {project['value']}")
    if done:
        if project["first"]:
            line.append("  first of its colour", style="italic")
    elif project["ready"]:
        line.append("  READY", style="bold yellow")
    return line


def render(view: View) -> Group:
    cards = _catalogue(view)
    viewer = view["viewer"]
    head = Text("Pink Godzilla Dev Kit", style="bold magenta")
    head.append(f" · turn {view['turn']}")  # the cap (G8) is no part of the game's length
    head.append(f" · seat {view['active']}'s turn")
    head.append(f" · first to {view['games_to_end']} completed games ends it")
    row = Text("Resource Row: ", style="bold").append_text(_cards(cards, view["row"], detail=True))
    piles = Text(f"Draw deck: {view['deck']} cards · discard pile: {len(view['discard'])}")
    if view["discard"]:
        piles.append(" (top: ").append_text(_card(cards, view["discard"][-1])).append(")")
    if view["colours_done"]:
        piles.append(f" · colours already completed: {view['colours_done']}")
    parts: list[Any] = [head, *_warnings(view), row, piles]
    if view["deck_known"]:
        known = Text("You know in the deck (from the bottom): ")
        known.append_text(
            Text(", ").join(
                Text(f"#{i + 1} ").append_text(_card(cards, label))
                for i, label, _ in view["deck_known"]
            )
        )
        parts.append(known)

    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    table.add_column("")
    for seat, entry in enumerate(view["seats"]):
        you = " (you)" if seat == viewer else ""
        table.add_column(f"Seat {seat}{you} · {entry['points']} pts")
    rows: dict[str, list[Any]] = {
        "Hand": [],
        "In development": [],
        "Completed": [],
        "Special Abilities": [],
    }
    for seat, entry in enumerate(view["seats"]):
        hand = Text(f"{entry['hand_size']} cards")
        if seat != viewer and entry.get("known"):
            hand.append(" incl. ").append_text(
                _cards(cards, [item["card"] for item in entry["known"]])
            )
        if entry["committed"] is not None:
            hand.append(" · bid sealed" if entry["committed"] else " · deciding bid")
        rows["Hand"].append(hand)
        rows["In development"].append(
            Text("\n").join(
                _project(cards, i + 1, p, done=False) for i, p in enumerate(entry["projects"])
            )
            or Text("-", style="dim")
        )
        rows["Completed"].append(
            Text("\n").join(
                _project(cards, i + 1, g, done=True) for i, g in enumerate(entry["completed"])
            )
            or Text("-", style="dim")
        )
        rows["Special Abilities"].append(_cards(cards, entry["specials"]))
    for label, cells in rows.items():
        table.add_row(Text(label, style="bold"), *cells)
    parts += [Text(""), table, Text("")]

    if view["hand"] is not None:
        hand = Text("Your hand: ", style="bold")
        items = []
        for item in view["hand"]:
            text = _card(cards, item["card"], detail=True)
            if item["public"]:
                text.append(" (seen by all)", style="dim")
            elif item["seen_by"]:
                seen = ",".join(str(s) for s in item["seen_by"])
                text.append(f" (seen by seat {seen})", style="dim")
            if item["locked"]:
                text.append(" (drawn this Going Gold: not usable this turn)", style="dim")
            items.append(text)
        hand.append_text(Text("; ").join(items) if items else Text("empty", style="dim"))
        parts.append(hand)
    if view["take"] is not None:
        parts.append(_trade(cards, view))
    if view["auction"]:
        parts.append(Text("Under auction: ").append_text(_cards(cards, view["auction"])))
    if view["bid"] is not None:
        bid = Text("Your sealed bid: ").append_text(_cards(cards, view["bid"]["cards"]))
        if view["bid"]["committed"]:
            bid.append(f" ({view['bid']['committed']}, committed)")
        parts.append(bid)
    if view["peek"]:
        parts.append(Text("You look at: ").append_text(_cards(cards, view["peek"])))
    last = view["last_auction"]
    if last is not None and view["phase"] not in ("bidding",):
        line = Text(f"Last auction (seat {last['auctioneer']}): ")
        line.append_text(_cards(cards, last["cards"]))
        for seat, bid in enumerate(last["bids"]):
            line.append(f" · seat {seat}: ")
            line.append("no bid" if bid is None else f"{last['totals'][seat]} (")
            if bid is not None:
                line.append_text(_cards(cards, bid)).append(")")
        winner = last["winner"]
        line.append(" · no winner" if winner is None else f" · seat {winner} won")
        parts.append(line)

    status = Text()
    if view["end"] and view["phase"] == "over":
        status.append(f"Game over: {view['end']}. ", style="bold")
        if view["scores"] is not None:
            status.append(
                "Final scores: "
                + ", ".join(f"seat {s}: {score}" for s, score in enumerate(view["scores"]))
            )
    else:
        if view["end"]:
            status.append(f"The game has ended ({view['end']}). ", style="bold")
        actor = view["actor"]
        if view["phase"] == "bidding":
            status.append(_PHASES["bidding"], style="bold")
        else:
            who = f"Seat {actor} (you)" if actor == viewer else f"Seat {actor}"
            status.append(f"{who} {_PHASES.get(view['phase'], view['phase'])}.", style="bold")
        if view["phase"] == "develop":
            status.append(f" Plays left: {view['plays_left']}.")
        clone = view["clone"]
        if clone is not None:
            status.append(
                f" Seat {clone['owner']}'s Clone draws {clone['stake']} for seat "
                f"{clone['completer']}'s game."
            )
    parts += [Text(""), status]
    parts.append(Text("† house design: not a card of the published game", style="dim"))
    return Group(*parts)
