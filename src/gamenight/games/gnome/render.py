"""Terminal rendering of a G.Nome view (rich); built from a view only, no rules live here."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from gamenight.core.game import View

GUIDE = """\
G.Nome in short (RULES.md beside the game has every rule, numbered)
- Teams of two, partners opposite (3 players: no teams). 8 rounds; each round Research cards
  are drawn face up: 3 with 4 players, 4 with 6, 2 with 3.
- Everyone plays one Teamwork card (1-9, each once a game) face down; when the last seat has
  committed, all are turned over together.
- In a team the higher card is the Leader, the lower the Assistant; the two add up to the
  Team Total. Partners who played the same number form no team this round: their picks are
  lost.
- 4 players: the Leader of the higher team takes an Individual card, then the Assistant of
  the lower team a card Shared with their partner, then the higher team's Assistant an
  Individual card. Equal Team Totals: nobody gets anything.
  6 players: the same, then the middle team shares the last card (two teams tie: the third
  team's Leader and Assistant pick, the tied teams are dealt a card at random).
  3 players: the highest card takes one card, the lowest takes the other and shares it with a
  player of their choice; two equal cards argue and get nothing.
- Scoring: every colour you hold (Secret, Individual and Shared cards alike) scores the
  square of its count: 1, 4, 9, 16... A Multicolour card counts as the colour that suits you
  best; White scores 0 but completes the set of six (the five colours and a White: +10).
  A tie goes to the highest Teamwork card left; if that ties too, no one wins.
- Session (4 players): three games, a new partner each; the cumulative score wins.

Notation
  play 7       commit your Teamwork card 7 face down (the number is the card's own)
  take red     take the Red Research card on offer (take multi: a Multicolour card)
  share 2      3 players: share the card you just took with Seat 2
On the table: "Teamwork left" lists each seat's unplayed cards; "committed" means a card is
face down; "Blue(with 1)" a Blue card Shared with Seat 1; "+ secret" a result still missing
its hidden Secret card; "(only you)" your own Secret card.
"""

_PALETTE = ("red", "yellow", "green", "blue", "magenta", "cyan", "bright_red", "bright_green")
_RAINBOW = ("red", "yellow", "green", "blue", "magenta")
_STEPS = {  # (for "you", for another seat)
    "individual": ("take an Individual card", "takes an Individual card"),
    "shared": ("take a Shared card", "takes a Shared card"),
    "choose-partner": ("take a card to share", "takes a card to share"),
    "deal": ("are dealt a Shared card at random", "is dealt a Shared card at random"),
}


def _does(view: View, seat: int, step: str) -> str:
    you, other = _STEPS[step]
    return f"you {you}" if seat == view["viewer"] else f"seat {seat} {other}"


def _card(view: View, name: str) -> Text:
    if name == view["multicolour"]:
        text = Text()
        for i, letter in enumerate(name):
            text.append(letter, style=f"bold {_RAINBOW[i % len(_RAINBOW)]}")
        return text
    if name == view["white"]:
        return Text(name, style="bold white on grey23")
    colours = view["colours"]
    style = _PALETTE[colours.index(name) % len(_PALETTE)] if name in colours else "default"
    return Text(name, style=f"bold {style}")


def _cards(view: View, names: list[str]) -> Text:
    if not names:
        return Text("-", style="dim")
    return Text(" ").join(_card(view, name) for name in names)


def _seat_name(view: View, seat: int) -> str:
    return "you" if seat == view["viewer"] else f"seat {seat}"


def _who(view: View, seat: int) -> str:
    return "You" if seat == view["viewer"] else f"Seat {seat}"


def _header(view: View) -> Text:
    head = Text("G.Nome", style="bold")
    head.append(f" · {view['players']} players")
    session = view["session"]
    if session:
        head.append(f" · session game {session['game']} of {session['games']}")
    head.append(f" · round {view['round']} of {view['rounds']}")
    head.append(f" · Research deck {view['deck']}")
    if view["set_aside"]:
        head.append(f" ({view['set_aside']} set aside unseen)", style="dim")
    return head


def _teams(view: View) -> Text:
    if not view["teams"]:
        return Text(
            "No teams (3-player variant): Shared cards go to the lowest player and a "
            "player of his choice."
        )
    text = Text("Teams: ")
    parts = [f"{_seat_name(view, a)} & {_seat_name(view, b)}" for a, b in view["teams"]]
    return text.append("  ·  ".join(parts))


def _this_round(view: View) -> Text:
    """The Teamwork cards just revealed (or, while committing, those of the last round)."""
    revealed = view["phase"] != "commit"
    rounds_shown = view["round"] if revealed else view["round"] - 1
    if rounds_shown < 1 or not all(len(s["played"]) >= rounds_shown for s in view["seats"]):
        return Text("")
    label = "This round" if revealed else "Last round"
    text = Text(f"{label} the Teamwork cards were: ", style="bold")
    cards = [seat["played"][rounds_shown - 1] for seat in view["seats"]]
    if view["teams"]:
        parts = []
        for a, b in view["teams"]:
            x, y = cards[a], cards[b]
            note = "no team: same number" if x == y else f"total {x + y}"
            parts.append(f"{_seat_name(view, a)} {x} + {_seat_name(view, b)} {y} ({note})")
        text.append("; ".join(parts))
    else:
        text.append(", ".join(f"{_seat_name(view, s)} {v}" for s, v in enumerate(cards)))
    return text


def _status(view: View) -> Text:
    status = Text()
    phase = view["phase"]
    if phase == "over":
        status.append("Game over: ", style="bold")
        status.append(f"{view['end']}. ")
        winners = view["winners"] or []
        if winners:
            names = ", ".join(_seat_name(view, s) for s in winners)
            status.append(f"Winner: {names}.", style="bold green")
        else:
            status.append("No one wins.", style="bold red")
        if view["result"]:
            status.append(f" ({view['result']})", style="dim")
        return status
    if phase == "commit":
        waiting = view["waiting"]
        names = ", ".join(_seat_name(view, s) for s in waiting)
        status.append("Choosing Teamwork cards face down. ", style="bold")
        status.append(f"Waiting for: {names}.")
        if view["my_commitment"] is not None:
            status.append(f" You played {view['my_commitment']} face down.", style="italic")
        return status
    actor = view["actor"]
    if phase == "partner":
        you = actor == view["viewer"]
        status.append(f"{_who(view, actor)} took ", style="bold")
        status.append_text(_card(view, view["pending"]))
        choose = "choose" if you else "chooses"
        status.append(f" and now {choose} whom to share it with.", style="bold")
        return status
    queue = view["queue"]
    step = queue[0]
    now = _does(view, actor, step["step"])
    status.append(now[0].upper() + now[1:], style="bold")
    if step["partner"] is not None and step["step"] == "shared":
        status.append(f" (with {_seat_name(view, step['partner'])})", style="bold")
    status.append(".", style="bold")
    if len(queue) > 1:
        later = "; ".join(_does(view, s["seat"], s["step"]) for s in queue[1:])
        status.append(f" Then: {later}.", style="dim")
    return status


def _collection_table(view: View) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    for column in (
        "Seat",
        "Teamwork left",
        "This round",
        "Individual",
        "Shared",
        "Secret",
        "Result",
    ):
        table.add_column(column)
    shared_by_seat: dict[int, list[tuple[str, int]]] = {}
    for item in view["shared"]:
        a, b = item["seats"]
        shared_by_seat.setdefault(a, []).append((item["card"], b))
        shared_by_seat.setdefault(b, []).append((item["card"], a))
    over = view["phase"] == "over"
    for seat, data in enumerate(view["seats"]):
        label = Text(f"Seat {seat}", style="bold" if seat == view["viewer"] else "")
        if seat == view["viewer"]:
            label.append(" (you)", style="bold cyan")
        if data["partner"] is not None:
            label.append(f" ·partner {data['partner']}", style="dim")
        left = Text(" ".join(map(str, data["unrevealed"])) or "-")
        table.add_row(
            label,
            left,
            _round_cell(view, seat, data),
            _cards(view, data["individual"]),
            _shared_cell(view, shared_by_seat.get(seat, [])),
            _secret_cell(view, data, over),
            _score_cell(data),
        )
    return table


def _round_cell(view: View, seat: int, data: dict[str, Any]) -> Text:
    if view["phase"] == "commit":
        if seat == view["viewer"] and view["my_commitment"] is not None:
            return Text(f"played {view['my_commitment']}", style="green")
        if data["committed"]:
            return Text("committed", style="green")
        return Text("thinking…", style="yellow")
    if data["played"] and len(data["played"]) == view["round"]:
        return Text(f"played {data['played'][-1]}")
    return Text("-", style="dim")


def _shared_cell(view: View, items: list[tuple[str, int]]) -> Text:
    if not items:
        return Text("-", style="dim")
    text = Text()
    for i, (card, other) in enumerate(items):
        if i:
            text.append(" ")
        text.append_text(_card(view, card))
        text.append(f"(with {other})", style="dim")
    return text


def _secret_cell(view: View, data: dict[str, Any], over: bool) -> Text:
    if not data["has_secret"]:
        return Text("-", style="dim")
    if data["secret"] is None:
        return Text("hidden", style="dim italic")
    text = _card(view, data["secret"])
    if not over:
        text.append(" (only you)", style="dim")
    return text


def _score_cell(data: dict[str, Any]) -> Text:
    text = Text(str(data["score"]), style="bold")
    if not data["score_complete"]:
        text.append(" + secret", style="dim")
    return text


def _last_game(view: View) -> Text:
    """A session's game just finished (view["session"]["last_game"]): its reveal and results."""
    session = view["session"]
    last = session["last_game"] if session else None
    if not last:
        return Text("")
    text = Text(f"Game {last['game']} of {session['games']} is over. ", style="bold")
    secrets = [
        f"{_seat_name(view, seat)} {card}"
        for seat, card in enumerate(last["secrets"])
        if card is not None
    ]
    if secrets:
        text.append(f"Secret cards: {', '.join(secrets)}. ")
    results = ", ".join(f"{_seat_name(view, s)} {v}" for s, v in enumerate(last["scores"]))
    text.append(f"Results: {results}.")
    return text


def _session(view: View) -> Text:
    session = view["session"]
    if not session or not session["history"]:
        return Text("")
    text = Text("Session so far: ", style="bold")
    parts = []
    for number, game in enumerate(session["history"], start=1):
        scores = ", ".join(f"{s}" for s in game["scores"])
        parts.append(f"game {number}: {scores}")
    text.append("; ".join(parts))
    totals = ", ".join(f"{_seat_name(view, s)} {t}" for s, t in enumerate(session["totals"]))
    text.append(f" · totals: {totals}")
    return text


def render(view: View) -> Group:
    offer = Text("Research cards on offer: ", style="bold")
    offer.append_text(_cards(view, view["offer"]))
    discard = Text("Discarded: ", style="dim")
    discard.append_text(_cards(view, view["discard"]))
    parts: list[Any] = [_header(view), _teams(view), offer]
    if view["discard"]:
        parts.append(discard)
    round_text = _this_round(view)
    if round_text.plain:
        parts.append(round_text)
    for line in (_last_game(view), _session(view)):
        if line.plain:
            parts.append(line)
    parts += [Text(""), _collection_table(view), Text(""), _status(view)]
    return Group(*parts)
