"""Terminal rendering of a Game to Pick a Game view (rich); no rules live here."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.table import Table
from rich.text import Text

from gamenight.core.game import View
from gamenight.games.gtpag.narrate import IDLE_AIM
from gamenight.games.gtpag.params import TRAIT_NAMES, TRAIT_WORDS

GUIDE = """\
Game to Pick a Game: nominate games, bid chips on them; the table plays the game that wins.
- Nomination round, counter-clockwise: nominate a title from the library, or pass. Those who
  pass may Boost a Nomination at the end.
- Bidding, clockwise, one chip a turn until every chip is played (4 rounds): a Bid chip (+2,
  -1 or Invert) face down on any Nomination, or your Trait, resolved at once. The nominator
  of the highest face-up Score begins the next round.
- The end: every chip is flipped, the passers Boost (+2 each), and each Nomination is
  tallied: add its values, flip the sign once per Invert (not under a House Rule), then add
  Hype and Boosts. The highest Score is picked; a tie plays one more round of Bid chips on
  the tied Nominations only.
- Your score is your own, secret, preference for the picked game; you win if it is your
  favourite.
Traits: Spotlight turns a face-down chip up; Switcheroo swaps two on different Nominations;
House Rule (on a Nomination) ignores its Inverts; Hype is +2 after Inverts; Warcry is a +1
value; Scout looks at up to two chips, privately; Raid moves a chip to another Nomination;
Smash removes one unseen. A Trait with nothing to aim at may still be played: it is used up
and does nothing (the table says so).
Notation:
  n1, n2       Nominations, numbered as they were made (bid +2 n1, hype n2, boost n1)
  n1.3         the 3rd chip on n1, counting every chip there as it came; when a chip leaves,
               the later ones move up (spotlight n1.3, raid n1.3 then to n2)
  Red [+2]     a face-up chip, and whose it is (its colour)
  Red (+2)     a face-down chip you know: yours, or one your Scout looked at
  Red (?)      a face-down chip you have not seen
  2 + ?        a Score so far: the face-up chips; face-down ones still count at the end
  ★ picked     the winning game; ★ in your preferences marks your favourite
  struck out   a Nomination that left in a tie
Type the number of an action or the action itself: 'nominate G.Nome', 'pass', 'bid +2 n1',
'switcheroo n1.2' then 'with n2.1', 'scout n1.2' then 'done', 'boost n1', 'decline'."""
"""The '?' help at the terminal table: the rules in short and the key to the notation."""

_IDLE = {name: IDLE_AIM[code] for code, name in enumerate(TRAIT_NAMES) if code in IDLE_AIM}

_COLOURS = {
    "red": "red",
    "orange": "dark_orange",
    "yellow": "yellow",
    "green": "green",
    "blue": "dodger_blue1",
    "purple": "magenta",
    "pink": "hot_pink",
    "grey": "grey62",
}
_SPARE = ("cyan", "bright_white", "chartreuse1", "orchid", "gold1", "turquoise2")

_PHASES = {
    "nomination": "nominate a game, or pass",
    "bidding": "play one chip",
    "trait": "finish the {trait}",
    "boosting": "Boost a Nomination (+{boost}), or decline",
    "tie": "play one Bid chip on a tied Nomination",
}


def _colour(view: View, seat: int) -> str:
    name = str(view["seats"][seat]["name"]).lower()
    return _COLOURS.get(name, _SPARE[seat % len(_SPARE)])


def _who(view: View, seat: int) -> Text:
    you = " (you)" if seat == view["viewer"] else ""
    return Text(f"{view['seats'][seat]['name']}{you}", style=f"bold {_colour(view, seat)}")


def _chip(view: View, chip: dict[str, Any], label: str) -> Text:
    """``n1.2 Red (?)``: the chip's place, whose it is (its colour is public) and its kind."""
    style = _colour(view, chip["owner"])
    text = Text(f"{label} " if label else "", style="dim")
    text.append(f"{view['seats'][chip['owner']]['name']} ", style=style)
    if chip["face_up"]:
        text.append(f"[{chip['kind']}]", style=f"bold {style}")
    elif chip["kind"] is not None:
        text.append(f"({chip['kind']})", style=f"italic {style}")
    else:
        text.append("(?)", style=style)
    seen = [s for s in chip["seen_by"] if s != chip["owner"]]
    if seen and not chip["face_up"]:
        text.append(" seen by " + ",".join(view["seats"][s]["name"] for s in seen), style="dim")
    return text


def _nominations(view: View) -> Table:
    table = Table(
        title="Nominations", title_justify="left", box=None, padding=(0, 1), header_style="bold"
    )
    table.add_column("#")
    table.add_column("Game")
    table.add_column("by")
    table.add_column(Text("chips: owner [face up] (known to you) (?) face down"))
    table.add_column("Boosts")
    table.add_column("Score", justify="right")
    for nom in view["nominations"]:
        number = nom["number"]
        # Columns wrap between chips, never inside one: "n1.5 Green" and "[-1]" stay together
        pieces: list[Any] = [
            _chip(view, chip, f"n{number}.{i + 1}") for i, chip in enumerate(nom["chips"])
        ]
        down = sum(1 for chip in nom["chips"] if not chip["face_up"])
        if down:
            pieces.append(Text(f"· {down} face down", style="dim"))
        chips = Columns(pieces, padding=(0, 2)) if pieces else Text("-", style="dim")
        tally = nom["tally"]
        score = Text(str(tally["score"]), style="bold")
        if down:
            score.append(" + ?", style="dim")
        title = Text(nom["title"], style="bold" if nom["active"] else "dim strike")
        if view["picked_number"] == number:
            title.append(" ★ picked", style="bold green")
        boosts = Text(", ").join(_who(view, s) for s in nom["boosts"]) or Text("-", style="dim")
        table.add_row(
            f"n{number}",
            title,
            _who(view, nom["nominator"]),
            chips,
            boosts,
            score,
        )
    return table


def _seats(view: View) -> Table:
    table = Table(
        title="Characters", title_justify="left", box=None, padding=(0, 1), header_style="bold"
    )
    for head in ("seat", "character", "Trait", "Bid chips in hand", "Nomination"):
        table.add_column(head)
    for seat, data in enumerate(view["seats"]):
        trait = Text(data["trait"] or "-")
        if data["trait"] and not data["trait_in_hand"]:
            trait.stylize("dim")
            trait.append(" (played)", style="dim")
        elif data["trait_idle"]:
            trait.append(" (nothing to aim at now)", style="yellow")
        nominated = data["nominated"]
        table.add_row(
            str(seat),
            _who(view, seat),
            trait,
            str(data["bid_chips"]),
            f"n{nominated}" if nominated else ("passed" if data["passed"] else "-"),
        )
    return table


def _preferences(view: View) -> Text:
    prefs = view["preferences"]
    if prefs is None:
        return Text("")
    best = max(prefs)
    line = Text("Your preferences: ", style="bold")
    parts = []
    for title, value in sorted(zip(view["library"], prefs, strict=True), key=lambda tv: -tv[1]):
        part = Text(f"{title} {value:g}")
        if value == best:
            part.stylize("bold green")
            part.append(" ★")
        parts.append(part)
    return line.append_text(Text(" · ").join(parts))


def _hand(view: View) -> Text:
    if view["hand"] is None:
        return Text("")
    line = Text("Your chips: ", style="bold")
    line.append(", ".join(view["hand"]) or "none left")
    return line


def _status(view: View) -> Text:
    status = Text()
    if view["end"]:
        status.append(f"Picked: {view['picked'] or 'nothing'}", style="bold green")
        status.append(f" ({view['end']})")
        return status
    actor = view["actor"]
    if actor == view["viewer"]:
        status.append("Your turn: ", style="bold")
    else:
        status.append(f"{view['seats'][actor]['name']}'s turn (seat {actor}): ", style="bold")
    pending = view["pending"]
    trait = pending["trait"].replace("-", " ").title() if pending else ""
    status.append(_PHASES[view["phase"]].format(boost=view["values"]["boost"], trait=trait))
    status.append(".")
    if pending and pending["chip"]:
        status.append(f" First chip: {pending['chip']}.")
    if pending and pending["looked"]:
        status.append(f" Looked at: {', '.join(pending['looked'])}.")
    return status


def render(view: View) -> Group:
    head = Text("Game to Pick a Game", style="bold")
    phase = view["phase"]
    if view["end"]:
        head.append(" · game over")
    elif phase == "nomination":
        head.append(" · Nomination round")
    elif phase == "boosting":
        head.append(" · Boosting")
    elif view["tie_round"]:
        head.append(f" · tie round {view['tie_round']}")
    else:
        head.append(f" · Bidding round {view['round']}")
    if view["viewer"] is None:
        head.append(" · spectator", style="dim")
    parts: list[Any] = [head, _preferences(view), Text("")]
    if view["nominations"]:
        parts += [_nominations(view), Text("")]
    if view["smashed"]:
        smashed = Text("Smashed: ", style="bold")
        smashed.append_text(Text("  ").join(_chip(view, chip, "") for chip in view["smashed"]))
        parts.append(smashed)
    for count, tie in enumerate(view["tie_history"]):
        top = max(score for _, score in tie)
        tied = ", ".join(f"n{number}" for number, score in tie if score == top)
        line = Text("Final tally: " if count == 0 else f"Tie round {count} tally: ")
        line.append(", ".join(f"n{number} {score}" for number, score in tie))
        line.append(f"; tied at {top}: {tied}", style="bold")
        parts.append(line)
    parts += [_seats(view), Text(""), _hand(view), _status(view)]
    idle = _idle_trait(view)
    if idle is not None:
        parts.append(idle)
    return Group(*parts)


def _idle_trait(view: View) -> Text | None:
    """D5: the viewer may play its Trait with no target; say before the choice that it does
    nothing, so nobody spends it by mistake."""
    viewer = view["viewer"]
    if viewer is None or view["actor"] != viewer or view["phase"] != "bidding":
        return None
    seat = view["seats"][viewer]
    if not seat["trait_idle"]:
        return None
    trait = seat["trait"]
    word = TRAIT_WORDS[TRAIT_NAMES.index(trait)]
    return Text(
        f"Note: your {trait} has {_IDLE[trait]}. Choosing '{word}' uses the chip up and does "
        "nothing (D5).",
        style="yellow",
    )
