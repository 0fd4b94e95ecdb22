"""Why Pink Godzilla Dev Kit matches stall (RULES.md G12): the state at every stall, per lineup.

Run from the repository root (after `pip install .`, or with `PYTHONPATH=src`):

    python benchmarks/pgdk_stalls.py -n 100 --seed 1000 --ismcts-iters 50 --ismcts-games 20

(the report, benchmarks/PGDK_STALLS.md, gives the exact commands behind its figures; `--out`
writes a section to a file, `--only heuristic` keeps the lineups whose name holds the text).

For every bot lineup and player count it plays ``-n`` seeded matches under the default rules
(stall rule on) and, for each match that stalls, looks at the state at the moment of the stall
(before the final declarations):

- the zones: draw deck, discard pile, Resource Row, hands, games in development, and where the
  16 Titles lie;
- whether any videogame could still be completed from the cards in play (deck, discard pile,
  Row, hands), and if so what was missing and where it lay (the closest plan): the *cause*;
- what happens next: the same match is played again with the stall rule off (bots see no
  difference: no view holds ``stall_rounds``) to see whether a videogame is completed later
  and whether the match reaches its normal end before the safety cap (G8).

Causes, in the order they are tested:
- ``ready game undeclared``: a game in development was ready to Go Gold;
- ``own hand completes a game``: a seat held every missing piece of one of its games (or of a
  new game) and did not play them;
- ``pieces in play``: the missing pieces were in play but elsewhere (deck, discard pile, Row or
  another seat's hand): the seats were too slow to gather them;
- ``pieces locked in games``: no game can be completed from the cards in play, but one could
  be if Budget Cut (C3) freed non-Title cards of other games in development (Budget Cuts
  are discarded after use and come back with the reshuffles, so this is never final);
- ``deadlock``: not even that: every Title still usable sits in a game that cannot be
  finished, and Titles never leave a game (Budget Cut spares them). No game can ever be
  completed again; only the stall rule (G12) or the safety cap (G8) ends the match.
"""

from __future__ import annotations

import argparse
import dataclasses
import shlex
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence

from gamenight.bots import make_agent
from gamenight.core.agent import Agent
from gamenight.core.registry import make_game
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk.rules import PgdkGame
from gamenight.games.pgdk.state import PgdkState, Project
from gamenight.sim.runner import agent_rngs

CAUSES = (
    "ready game undeclared",
    "own hand completes a game",
    "pieces in play",
    "pieces locked in games",
    "deadlock",
)
PLACES = ("own hand", "rival hand", "row", "deck", "discard", "in a game")


@dataclasses.dataclass(frozen=True)
class Lineup:
    """``bots[0]`` takes one seat (rotating with the seed); ``bots[-1]`` fills the others."""

    bots: tuple[str, ...]
    players: int

    @property
    def name(self) -> str:
        if len(set(self.bots)) == 1:
            return f"{self.bots[0]} x {self.players}"  # every seat
        return f"{self.bots[0]} vs {self.bots[-1]}, {self.players} players"

    def seats(self, index: int) -> list[str]:
        if len(set(self.bots)) == 1:
            return [self.bots[0]] * self.players
        seat = index % self.players
        return [self.bots[0] if s == seat else self.bots[-1] for s in range(self.players)]


def default_lineups(ismcts_iters: int) -> list[Lineup]:
    found = [Lineup(("random",), n) for n in (2, 3, 4)]
    found += [Lineup(("heuristic", "random"), n) for n in (2, 3, 4)]
    found += [Lineup(("heuristic",), n) for n in (2, 3, 4)]
    if ismcts_iters > 0:
        found.append(Lineup((f"ismcts:iters={ismcts_iters}", "heuristic"), 2))
    return found


# -- what could still be completed --------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Plan:
    """The closest completion: a seat's game (slot) or a new game, what it misses, from where."""

    seat: int
    slot: int  # -1: a new game
    colour: str
    missing: tuple[str, ...]  # the pieces it needs, by type
    places: tuple[str, ...]  # where each piece lies (PLACES)


class Analyst:
    """Reads a stalled state with the rule tables of the game (nothing game-changing)."""

    def __init__(self, game: PgdkGame) -> None:
        self.game = game
        deck = game.deck_list
        gear_index = {name.lower(): i for i, name in enumerate(deck.gear_names)}
        self.genres = deck.genres
        self.genre_gear = [
            tuple(1 << gear_index[g.lower()] for g in genre.gear) for genre in deck.genres
        ]
        self.gear_name = {1 << i: name for i, name in enumerate(deck.gear_names)}

    def places(
        self, state: PgdkState, seat: int, locked: Project | None = None, *, cut: bool = False
    ) -> dict[int, str]:
        """Every card in play (not in a game nor on the table) and where it lies for ``seat``;
        with ``cut`` also the non-Title cards of games in development but ``locked``."""
        game = self.game
        where: dict[int, str] = {}
        if cut:
            for other in range(state.num_players):
                for project in state.projects[other]:
                    if project is not locked:
                        for card in project.cards:
                            if game.ctype[card] != cardlib.TITLE:
                                where[card] = "in a game"
        for card in state.deck:
            where[card] = "deck"
        for card in state.discard:
            where[card] = "discard"
        for card in state.row:
            where[card] = "row"
        for other in range(state.num_players):
            for card in state.hands[other]:
                where[card] = "own hand" if other == seat else "rival hand"
        return where

    def _candidates(self, free: dict[int, str], colour: int, ctype: int, names: int) -> list[int]:
        game = self.game
        found = []
        for card, _place in free.items():
            kind = game.kind_of[card]
            if game.ctype[card] != ctype or game.k_name[kind] & names:
                continue
            if game.k_allow[kind] & colour:
                found.append(card)
        return found

    def plan(
        self,
        state: PgdkState,
        seat: int,
        slot: int,
        project: Project | None,
        colour_bit: int,
        *,
        cut: bool = False,
    ) -> Plan | None:
        """The pieces a game (or a new one) of this colour misses, filled from cards in play.

        Own-hand cards are preferred, then the Row, the rivals' hands, the deck and the discard
        pile; the Neutral Guardian is tried as the way to finish a game that has a Title."""
        game = self.game
        free = self.places(state, seat, project, cut=cut)
        order = {place: i for i, place in enumerate(PLACES)}
        genre = colour_bit.bit_length() - 1
        names = project.names if project else 0
        used: set[int] = set()
        missing: list[str] = []
        places: list[str] = []

        def take(cards: list[int], label: str) -> bool:
            nonlocal names
            cards = [c for c in cards if c not in used]
            if not cards:
                return False
            best = min(cards, key=lambda c: order[free[c]])
            used.add(best)
            names |= game.k_name[game.kind_of[best]]
            missing.append(label)
            places.append(free[best])
            return True

        has_title = project is not None and project.title >= 0
        if not has_title and not take(
            self._candidates(free, colour_bit, cardlib.TITLE, names), "Title"
        ):
            return None
        titled = (len(missing), len(places), set(used), names)
        gears = project.gears if project else 0
        wild = project.wild if project else 0
        chars = project.chars if project else 0
        need = [g for g in self.genre_gear[genre] if not gears & g]
        if wild:
            need = need[1:]
        complete = True
        for gear in need:
            cards = [
                c
                for c in self._candidates(free, colour_bit, cardlib.GEAR, names)
                if game.k_gear[game.kind_of[c]] == gear
            ]
            if not take(cards, self.gear_name[gear]):
                if wild or not take(self._candidates(free, colour_bit, cardlib.WILD, 0), "Wild"):
                    complete = False
                    break
                wild = 1
        if complete and not chars:
            cards = self._candidates(free, colour_bit, cardlib.CHARACTER, names)
            cards += self._candidates(free, colour_bit, cardlib.GUARDIAN, names)
            complete = take(cards, "Character")
        code = self.genres[genre].code
        # the Neutral Guardian finishes any game with a Title at once (R27)
        neutral = [
            c
            for c in free
            if game.power[c] == cardlib.NEUTRAL_GUARDIAN
            and c not in titled[2]
            and not titled[3] & game.k_name[game.kind_of[c]]
        ]
        if neutral and (not complete or len(missing) > titled[0] + 1):
            del missing[titled[0] :]
            del places[titled[1] :]
            best = min(neutral, key=lambda c: order[free[c]])
            missing.append("Neutral Guardian")
            places.append(free[best])
            complete = True
        if complete:
            return Plan(seat, slot, code, tuple(missing), tuple(places))
        return None

    def plans(self, state: PgdkState, *, cut: bool = False) -> list[Plan]:
        found = []
        for seat in range(state.num_players):
            for slot, project in enumerate(state.projects[seat]):
                colours = project.colours
                while colours:
                    bit = colours & -colours
                    colours ^= bit
                    plan = self.plan(state, seat, slot, project, bit, cut=cut)
                    if plan:
                        found.append(plan)
            for genre in range(len(self.genres)):
                plan = self.plan(state, seat, -1, None, 1 << genre, cut=cut)
                if plan:
                    found.append(plan)
        return found

    def blockers(self, state: PgdkState) -> str:
        """Per colour, why no game of it can be completed from the cards in play."""
        game = self.game
        free = self.places(state, 0)
        parts = []
        for genre, info in enumerate(self.genres):
            bit = 1 << genre
            titles_free = self._candidates(free, bit, cardlib.TITLE, 0)
            titled = sum(
                1
                for s in range(state.num_players)
                for p in state.projects[s]
                if p.title >= 0 and p.colours & bit
            )
            lacks = []
            for gear in self.genre_gear[genre]:
                if not any(
                    game.k_gear[game.kind_of[c]] == gear
                    for c in self._candidates(free, bit, cardlib.GEAR, 0)
                ):
                    lacks.append(self.gear_name[gear])
            if not self._candidates(free, bit, cardlib.CHARACTER, 0):
                lacks.append("Character")
            parts.append(
                f"{info.code}: {len(titles_free)} Title(s) in play, {titled} in unfinished games, "
                f"no {'/'.join(lacks) or '-'} in play"
            )
        return "; ".join(parts)


@dataclasses.dataclass
class Stall:
    seed: int
    turn: int
    deck: int
    discard: int
    row: int
    hands: tuple[int, ...]
    developing: tuple[int, ...]
    completed: tuple[int, ...]
    titles: dict[str, int]
    cause: str
    plan: Plan | None
    blockers: str
    budget_cut_in_play: bool
    next_completion: int | None = None  # turns after the stall, stall rule off
    normal_end: bool | None = None  # reached R18 before the safety cap, stall rule off
    cap_cause: str | None = None  # the cause read at the safety cap, if it was reached
    diverged: bool = False  # the replay did not reach the stall's position (see follow)
    subject: int = -1  # the seat of the lineup's first bot, when the others differ
    subject_plan: Plan | None = None  # its closest completion from the cards in play


def diagnose(analyst: Analyst, state: PgdkState, seed: int, subject: int = -1) -> Stall:
    """The state at a stall; ``subject`` (a seat, or -1) is the bot the lineup is about."""
    game = analyst.game
    n = state.num_players
    titles: Counter[str] = Counter()
    place = {}
    for name, cards in (("deck", state.deck), ("discard", state.discard), ("row", state.row)):
        for card in cards:
            place[card] = name
    for seat in range(n):
        for card in state.hands[seat]:
            place[card] = "hand"
        for project in state.projects[seat]:
            for card in project.cards:
                place[card] = "in development"
        for project in state.completed[seat]:
            for card in project.cards:
                place[card] = "completed"
    for card in range(game.num_cards):
        if game.ctype[card] == cardlib.TITLE:
            titles[place.get(card, "?")] += 1
    plans = analyst.plans(state)
    ready = any(p.ready for s in range(n) for p in state.projects[s])
    best = min(plans, key=lambda p: (len(p.missing), p.places.count("own hand") * -1), default=None)
    own = [p for p in plans if all(x == "own hand" for x in p.places)]
    if ready:
        cause = CAUSES[0]
    elif own:
        cause, best = CAUSES[1], min(own, key=lambda p: len(p.missing))
    elif plans:
        cause = CAUSES[2]
    else:
        cut_plans = analyst.plans(state, cut=True)
        cause = CAUSES[3] if cut_plans else CAUSES[4]
        best = min(cut_plans, key=lambda p: len(p.missing), default=None)
    in_play = analyst.places(state, 0)
    mine = [p for p in plans if p.seat == subject]
    return Stall(
        seed=seed,
        turn=state.turn,
        deck=len(state.deck),
        discard=len(state.discard),
        row=len(state.row),
        hands=tuple(len(h) for h in state.hands),
        developing=tuple(len(p) for p in state.projects),
        completed=tuple(len(c) for c in state.completed),
        titles=dict(titles),
        cause=cause,
        plan=best,
        blockers="" if plans else analyst.blockers(state),
        budget_cut_in_play=any(game.power[c] == cardlib.BUDGET_CUT for c in in_play),
        subject=subject,
        subject_plan=min(mine, key=lambda p: len(p.missing), default=None),
    )


# -- playing ----------------------------------------------------------------------------------
@dataclasses.dataclass
class Result:
    seed: int
    ending: str  # "normal", "stalled", "capped"
    turn: int
    stall: Stall | None


def _agents(game: PgdkGame, specs: Sequence[str]) -> list[Agent]:
    return [make_agent(spec, game) for spec in specs]


def run_until(
    game: PgdkGame, players: int, seed: int, agents: Sequence[Agent], *, stop_at_stall: bool
) -> PgdkState:
    """Play a match; with ``stop_at_stall`` return the state the moment its end is decided."""
    state = game.new_state(players, seed)
    rngs = agent_rngs(seed, players)
    while actors := game.to_act(state):
        seat = actors[0]
        agent = agents[seat]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat) if agent.needs_view else {}
        game.apply(state, seat, agent.act(view, legal, rngs[seat]))
        if stop_at_stall and state.end_reason:
            return state
    return state


def follow(
    free_game: PgdkGame, players: int, seed: int, specs: Sequence[str], stall: Stall
) -> None:
    """Replay the seed with the stall rule off: when is the next game completed, and does the
    match reach its normal end (R18) before the safety cap (G8)?

    Views do not show ``stall_rounds``, so view-reading bots replay the same match; a search
    bot's evaluation reads the rule, so its replay may differ: ``diverged`` says so."""
    state = free_game.new_state(players, seed)
    agents = _agents(free_game, specs)
    rngs = agent_rngs(seed, players)
    done_at_stall = sum(stall.completed)
    checked = False
    while actors := free_game.to_act(state):
        seat = actors[0]
        agent = agents[seat]
        legal = free_game.legal_actions(state, seat)
        view = free_game.view(state, seat) if agent.needs_view else {}
        free_game.apply(state, seat, agent.act(view, legal, rngs[seat]))
        if not checked and state.turn >= stall.turn:
            checked = True
            table = (tuple(len(c) for c in state.completed), tuple(len(p) for p in state.projects))
            stall.diverged = table != (stall.completed, stall.developing)
        if (
            stall.next_completion is None
            and state.turn >= stall.turn
            and sum(len(c) for c in state.completed) > done_at_stall
        ):
            stall.next_completion = state.turn - stall.turn
    stall.normal_end = "completed game number" in state.end_reason
    if not stall.normal_end:
        stall.cap_cause = diagnose(Analyst(free_game), state, seed).cause


def play_lineup(lineup: Lineup, games: int, seed: int, *, follow_stalls: bool) -> list[Result]:
    game = make_game("pgdk")
    assert isinstance(game, PgdkGame)
    free_game = PgdkGame(PgdkGame.params_from({"stall_rounds": 0}))
    analyst = Analyst(game)
    results = []
    for i in range(games):
        specs = lineup.seats(i)
        state = run_until(game, lineup.players, seed + i, _agents(game, specs), stop_at_stall=True)
        if state.end_reason.startswith("stalled"):
            subject = i % lineup.players if len(set(lineup.bots)) > 1 else -1
            stall = diagnose(analyst, state, seed + i, subject)
            if follow_stalls:
                follow(free_game, lineup.players, seed + i, specs, stall)
            results.append(Result(seed + i, "stalled", state.turn, stall))
        else:
            ending = "normal" if "completed game number" in state.end_reason else "capped"
            results.append(Result(seed + i, ending, state.turn, None))
    return results


# -- the report ---------------------------------------------------------------------------------
def _mean(values: Sequence[float]) -> str:
    return f"{statistics.fmean(values):.1f}" if values else "-"


def summary_row(lineup: Lineup, results: list[Result], seconds: float) -> str:
    stalls = [r.stall for r in results if r.stall is not None]
    causes = Counter(s.cause for s in stalls)
    cause_text = ", ".join(f"{c} {causes[c]}" for c in CAUSES if causes[c]) or "-"
    normal = sum(1 for r in results if r.ending == "normal")
    capped = sum(1 for r in results if r.ending == "capped")
    later = [s.next_completion for s in stalls if s.next_completion is not None]
    ends = sum(1 for s in stalls if s.normal_end)
    diverged = sum(1 for s in stalls if s.diverged)
    followed = sum(1 for s in stalls if s.normal_end is not None)
    follow_text = (
        f"{len(later)}/{followed} complete a game later (median {statistics.median(later):.0f} "
        f"turns after); {ends}/{followed} reach R18"
        if followed and later
        else (f"0/{followed} complete a game later" if followed else "-")
    )
    if diverged:
        follow_text += f" ({diverged} replays diverged)"
    at_cap = Counter(s.cap_cause for s in stalls if s.cap_cause)
    if at_cap:
        follow_text += "; at the cap: " + ", ".join(f"{c} {at_cap[c]}" for c in CAUSES if at_cap[c])
    share = 100 * len(stalls) / len(results)
    return (
        f"| {lineup.name} | {len(results)} | {len(stalls)} ({share:.1f}%)"
        f" | {normal} | {capped} | {cause_text} | {follow_text} | {seconds:.0f} s |"
    )


def zone_row(lineup: Lineup, results: list[Result]) -> str | None:
    stalls = [r.stall for r in results if r.stall is not None]
    if not stalls:
        return None
    titles = Counter[str]()
    for s in stalls:
        titles.update(s.titles)
    title_text = ", ".join(
        f"{zone} {titles[zone] / len(stalls):.1f}"
        for zone in ("deck", "discard", "row", "hand", "in development", "completed")
        if titles[zone]
    )
    empty_hands = sum(1 for s in stalls for h in s.hands if h == 0)
    seats = sum(len(s.hands) for s in stalls)
    return (
        f"| {lineup.name} | {_mean([s.turn for s in stalls])} | {_mean([s.deck for s in stalls])}"
        f" ({sum(1 for s in stalls if s.deck == 0)} empty) | {_mean([s.discard for s in stalls])}"
        f" | {_mean([s.row for s in stalls])} | {_mean([h for s in stalls for h in s.hands])}"
        f" ({empty_hands}/{seats} empty) | {_mean([d for s in stalls for d in s.developing])}"
        f" | {_mean([c for s in stalls for c in s.completed])} | {title_text} |"
    )


def describe(plan: Plan, *, seat: bool = True) -> str:
    where = ", ".join(f"{m} from {p}" for m, p in zip(plan.missing, plan.places, strict=True))
    target = f"its game {plan.slot + 1}" if plan.slot >= 0 else "a new game"
    text = f"{target} ({plan.colour}) needs {where or 'nothing'}"
    return f"seat {plan.seat}, {text}" if seat else text


def plan_text(stall: Stall, lineup: Lineup) -> str:
    hands = "hands " + "/".join(map(str, stall.hands))
    text = f"turn {stall.turn}, deck {stall.deck}, {hands}; {plan_core(stall)}"
    if stall.subject >= 0:
        plan = stall.subject_plan
        mine = describe(plan, seat=False) if plan else "nothing completable from the cards in play"
        text += f"; the {lineup.bots[0]} (seat {stall.subject}): {mine}"
    return text


def plan_core(stall: Stall) -> str:
    plan = stall.plan
    blocked = f"nothing completable from the cards in play ({stall.blockers})"
    if plan is None:
        return blocked
    closest = "closest: " + describe(plan)
    return f"{blocked}; closest with Budget Cut: {closest}" if stall.blockers else closest


def report(
    rows: list[tuple[Lineup, list[Result], float]], command: str, title: str, examples: int
) -> str:
    out = [f"## {title}", "", f"Command: `{command}`", ""]
    out += [
        "| lineup | games | stalled | normal end | safety cap | cause at the stall | "
        "stall rule off | time |",
        "|---|---|---|---|---|---|---|---|",
    ]
    out += [summary_row(lineup, results, seconds) for lineup, results, seconds in rows]
    zones = [z for lineup, results, _ in rows if (z := zone_row(lineup, results))]
    if zones:
        out += [
            "",
            "State at the stall (means over stalled games; Titles: mean count per zone, of 16):",
            "",
            "| lineup | turn | deck | discard | Row | hand | games in development per seat |"
            " completed per seat | Titles |",
            "|---|---|---|---|---|---|---|---|---|",
            *zones,
        ]
    lines = []
    for lineup, results, _ in rows:
        stalls = [r.stall for r in results if r.stall is not None]
        for stall in stalls[:examples]:
            lines.append(
                f"- {lineup.name}, seed {stall.seed}: {stall.cause}; {plan_text(stall, lineup)}"
            )
        plans = Counter(p for s in stalls if s.plan for p in s.plan.places if p != "own hand")
        if plans:
            where = ", ".join(f"{place} {plans[place]}" for place in PLACES if plans[place])
            lines.append(f"- {lineup.name}: missing pieces lay in: {where}")
    if lines:
        out += ["", "Examples (the closest completion at the stall, or why none exists):", ""]
        out += lines
    return "\n".join(out) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("-n", "--games", type=int, default=40, help="games per lineup")
    parser.add_argument("--seed", type=int, default=1000, help="first seed")
    parser.add_argument("--ismcts-iters", type=int, default=20, help="0: no ISMCTS lineup")
    parser.add_argument("--ismcts-games", type=int, default=10, help="games of the ISMCTS lineup")
    parser.add_argument("--no-follow", action="store_true", help="do not replay stalled seeds")
    parser.add_argument("--only", default="", help="lineups whose name contains this text")
    parser.add_argument("--examples", type=int, default=3, help="stalls described per lineup")
    parser.add_argument("--title", default="Stalls", help="heading of the report")
    parser.add_argument("--out", default="", help="write the report here (default: print)")
    args = parser.parse_args(argv)
    given = list(sys.argv[1:] if argv is None else argv)
    if "--out" in given:  # the command shown prints the report instead of writing a file
        at = given.index("--out")
        del given[at : at + 2]
    command = shlex.join(["python", "benchmarks/pgdk_stalls.py", *given])
    rows = []
    for lineup in default_lineups(args.ismcts_iters):
        if args.only and args.only not in lineup.name:
            continue
        games = args.ismcts_games if lineup.bots[0].startswith("ismcts") else args.games
        start = time.perf_counter()
        results = play_lineup(lineup, games, args.seed, follow_stalls=not args.no_follow)
        seconds = time.perf_counter() - start
        rows.append((lineup, results, seconds))
        print(summary_row(lineup, results, seconds), file=sys.stderr, flush=True)
    text = report(rows, command, args.title, args.examples)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
