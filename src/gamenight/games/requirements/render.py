"""Terminal rendering of a Requirements view (rich markup); no rules live here."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from gamenight.core.game import View

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

    table = Table(show_header=True, header_style="bold", expand=False, box=None, padding=(0, 2))
    table.add_column("")
    for seat in range(len(view["seats"])):
        you = " (you)" if seat == viewer else ""
        table.add_column(f"Seat {seat}{you} · score {view['scores'][seat]}")
    rows: dict[str, list[Text]] = {"Reserve": [], "Bid": [], "Accomplishments": []}
    for seat_view in view["seats"]:
        rows["Reserve"].append(_coins(view, seat_view["reserve"], "r"))
        rows["Bid"].append(_coins(view, seat_view["bid"], "b"))
        accs = []
        for i, acc in enumerate(seat_view["accomplishments"]):
            line = Text(f"a{i + 1} ")
            line.append_text(Text("").join(_tile(view, t) for t in acc["tiles"]))
            line.append(f" G{len(acc['tiles'])} x S{len(acc['coins'])}")
            if acc["coins"]:
                line.append(" on it: ").append_text(_coins(view, acc["coins"]))
            accs.append(line)
        rows["Accomplishments"].append(Text("\n").join(accs) or Text("-", style="dim"))
    for label, cells in rows.items():
        table.add_row(Text(label, style="bold"), *cells)

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
    return Group(head, failed, requirement, pool, discard, Text(""), table, Text(""), status)
