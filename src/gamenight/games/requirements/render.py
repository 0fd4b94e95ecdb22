"""Terminal rendering of a Requirements view (rich markup); no rules live here."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from gamenight.core.game import View

GUIDE = """\
A Game of Requirements, for 2. Each round a Requirement tile is turned up: [Moxie·Spunk].
Receptive phase: the first player, then the other, may meet it (pay) or pass. Paying uses
  your Reserve coins by their exposed side: for each of the tile's traits one coin showing
  it, or 2 coins showing one same other trait, or 3 coins showing 3 different other traits.
  Paid coins go to the discard. A payment once begun always completes.
Deceptive phase (nobody met it): in turn, bid one coin showing a trait of the tile, from
  your Reserve or the top of that trait's Pool stack, and look at its hidden side; or
  decline. Two declines in a row fail the tile. After bidding you may claim "It's done!":
  the coin just bid shows both traits. The other player accepts (you win the tile) or
  challenges: you prove it (its hidden side goes public; you take one of their bid coins)
  or concede (they win and take one of yours). Bids stay out until someone wins a tile.
Winning a tile: it goes on one of your Accomplishments whose top tile shares a trait
  (your choice among several), else it starts a new one; the winner may then add bid
  coins that all show the same side as Spectacle; the rest of both bids goes back.
End: at the 5th failed Requirement, or after the round of the stack's last tile.
  Score: each Accomplishment's Greatness (tiles) x Spectacle (coins on it); highest wins,
  a tie means no one wins.
Key:
  [Moxie·Spunk]    a tile and its two traits
  Moxie/Spunk      a coin: exposed side / hidden side; Moxie/? = hidden side unknown to you
  (seen by 0,1)    those seats have looked at that coin; (proven): its hidden side is public
  r1  b1  a1       your Reserve coin 1, bid coin 1 (yours, or the other's for take),
                   Accomplishment 1, as the actions name them
  top [..]         an Accomplishment's top tile: a won tile must share a trait with it;
                   "fits the Requirement" marks the ones the Requirement may go on
  G6 x S2 = 12     Greatness 6 x Spectacle 2: that Accomplishment's points
  Pool of Lies     how many coins each Pool stack holds, by exposed side
Actions: pass, pay rN (meet the Requirement, coin by coin), place aN, bid rN,
  bid pool TRAIT, decline, claim ("It's done!"), no-claim, challenge, accept, prove,
  concede, take bN, spectacle bN, done (no more Spectacle).
"""
"""'?' at the table: the rules in short and a key to what the table shows (issue 12)."""

_COLOURS = ("red", "yellow", "green", "cyan", "magenta", "blue", "bright_white")

_PHASES = {  # (what you do, what another seat does)
    "receptive": ("may meet the Requirement (pay) or pass", "may meet the Requirement or pass"),
    "paying": ("are paying for the Requirement", "is paying for the Requirement"),
    "placing": ("choose where the tile goes", "chooses where the tile goes"),
    "bidding": ("bid or decline", "bids or declines"),
    "claiming": ('have bid and may say "It\'s done!"', 'has bid and may say "It\'s done!"'),
    "challenge": ("may challenge the claim", "may challenge the claim"),
    "proof": ("were challenged: prove or concede", "was challenged: prove or concede"),
    "taking": ("take a coin from the other bid", "takes a coin from the other bid"),
    "spectacle": ("add Spectacle", "adds Spectacle"),
}


def _trait(view: View, name: str | None) -> Text:
    if name is None:
        return Text("?", style="dim")
    colour = _COLOURS[view["traits"].index(name) % len(_COLOURS)]
    return Text(name, style=f"bold {colour}")


def _coin(view: View, coin: dict[str, Any], label: str = "") -> Text:
    text = Text(f"{label} " if label else "")
    text.append_text(_trait(view, coin["up"]))
    text.append("/")
    text.append_text(_trait(view, coin["down"]))
    if coin["proven"]:
        text.append(" (proven)", style="italic")
    elif coin["down"] is None and coin["seen_by"]:
        seats = ",".join(str(s) for s in coin["seen_by"])
        text.append(f" (seen by {seats})", style="dim")
    return text


def _coins(view: View, coins: list[dict[str, Any]], prefix: str = "") -> Text:
    """Coins in a row; with a prefix (r, b) they are numbered as the actions name them."""
    if not coins:
        return Text("-", style="dim")
    return Text("  ").join(
        _coin(view, c, f"{prefix}{i + 1}" if prefix else "") for i, c in enumerate(coins)
    )


def _tile(view: View, tile: list[str]) -> Text:
    return (
        Text("[")
        .append_text(_trait(view, tile[0]))
        .append("·")
        .append_text(_trait(view, tile[1]))
        .append("]")
    )


def _fits(tile: list[str], requirement: list[str] | None) -> bool:
    """D4: whether the Requirement may go on an Accomplishment with this top tile."""
    return requirement is not None and bool(set(tile) & set(requirement))


def _accomplishment(view: View, acc: dict[str, Any]) -> Text:
    """One Accomplishment, never cut (issue 12): the top tile first, since it decides where a
    won tile may go (D4), then its score, then every tile and coin, wrapping between them."""
    tiles, coins = acc["tiles"], acc["coins"]
    line = Text("top ").append_text(_tile(view, tiles[-1]))
    line.append(f"  G{len(tiles)} x S{len(coins)} = {len(tiles) * len(coins)}")
    if _fits(tiles[-1], view["requirement"]):
        line.append("  fits the Requirement", style="italic")
    if len(tiles) > 1:
        line.append("\ntiles ").append_text(Text(" ").join(_tile(view, t) for t in tiles))
    if coins:
        line.append("\nSpectacle ").append_text(_coins(view, coins))
    return line


def _seat(view: View, seat: int) -> Group:
    """A seat's Reserve, bid and Accomplishments, each on the full width of the screen."""
    seat_view = view["seats"][seat]
    you = " (you)" if seat == view["viewer"] else ""
    head = Text(f"Seat {seat}{you} · score {view['scores'][seat]}", style="bold")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)  # labels: Reserve, Bid, a1, a2...
    # fold, never "…": a cut cell could hide the top tile that decides a placement (D4)
    grid.add_column(overflow="fold")
    grid.add_row("Reserve", _coins(view, seat_view["reserve"], "r"))
    grid.add_row("Bid", _coins(view, seat_view["bid"], "b"))
    accomplishments = seat_view["accomplishments"]
    for index, acc in enumerate(accomplishments):
        grid.add_row(f"a{index + 1}", _accomplishment(view, acc))
    if not accomplishments:
        grid.add_row("a-", Text("no Accomplishment yet", style="dim"))
    return Group(head, Padding(grid, (0, 0, 0, 2)))


def render(view: View) -> Group:
    viewer = view["viewer"]
    head = Text(f"A Game of Requirements · round {view['round']}", style="bold")
    head.append(f" · first player: seat {view['first_player']}")
    head.append(f" · tiles left in the stack: {view['stack']}")
    failed = Text(f"Failed Requirements {len(view['failed'])}/{view['failure_limit']}: ")
    failed.append_text(Text(" ").join(_tile(view, t) for t in view["failed"]) or Text("-"))
    requirement = Text("Requirement: ", style="bold")
    if view["requirement"]:
        requirement.append_text(_tile(view, view["requirement"]))
    else:
        requirement.append("-")
    pool = Text("Pool of Lies: ")
    pool.append_text(
        Text("  ").join(
            _trait(view, name).append(f" {count}", style="default")
            for name, count in view["pool"].items()
        )
    )
    discard = Text("Discard: ").append_text(_coins(view, view["discard"]))
    seats = [_seat(view, seat) for seat in range(len(view["seats"]))]

    status = Text()
    if view["end"]:
        status.append(f"Game over: {view['end']}.", style="bold")
    else:
        actor = view["actor"]
        yours, theirs = _PHASES[view["phase"]]
        doing = f"You {yours}." if actor == viewer else f"Seat {actor} {theirs}."
        status.append(doing, style="bold")
        if view["phase"] == "paying" and view["paying"]:
            need = view["requirement"][view["paying"]["need"]]
            status.append(f" Paying for {need} now.")
        if view["claimant"] is not None and view["phase"] in ("challenge", "proof"):
            status.append(f' Seat {view["claimant"]} says "It\'s done!"')
        if view["declines"]:
            status.append(f" ({view['declines']} decline in a row)")
    return Group(head, failed, requirement, pool, discard, Text(""), *seats, Text(""), status)
