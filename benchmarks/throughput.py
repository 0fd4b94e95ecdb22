"""Throughput of the hot path: random playouts, clone(), legal_actions(), determinize(), ISMCTS.

Run from the repository root:

    python benchmarks/throughput.py                  # every game, 3 s each
    python benchmarks/throughput.py --seconds 10 --games requirements --json
    python benchmarks/throughput.py --compiled-python /path/to/compiled-venv/bin/python

It measures this checkout's `src/` (put first on the path; `--installed` measures the gamenight
installed in the running interpreter instead). Per game and player count it reports, on one
core, random-playout actions per second and games per second, the cost of clone(),
legal_actions() and determinize() in microseconds, and ISMCTS iterations per second at the
default budget over a few decisions from fixed mid-game positions. When `open-spiel` is
installed (`pip install 'gamenight[bench]'`), the same loop also runs OpenSpiel's pure-Python
`python_liars_poker` and C++ `goofspiel` in the same process as the reference, and every
gamenight rate is also given as a multiple of each. The references run in slices alternating
with each game's (0.1 s each), so a machine whose speed drifts during the run slows all alike;
their rows show all their slices together.

With `--compiled-python`, the python of a virtual environment where a compiled gamenight wheel
is installed, the whole benchmark runs again there (a subprocess, with its own references) and
both builds are printed side by side, each named as the run found it.

Times are the CPU time of the measuring process, so other work on the machine does not skew
them. The loop is the same for everyone: ask who acts, ask for the legal actions, pick one by
the next number of a precomputed table of random numbers (modulo the number of legal actions),
apply it. The harness's own cost (that choice, and the whole loop over a game that does
nothing) is measured and reported, so the reader can see it is small. Chance nodes of
OpenSpiel games are sampled by their probabilities and count as actions (gamenight's chance
happens inside setup and apply and is not counted, so this favours the reference); a
simultaneous OpenSpiel step counts one action per player, as each player's commitment is one
action in gamenight. docs/speed-figures.md explains the method and how to read the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
import timeit
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

SOURCE = Path(__file__).resolve().parents[1] / "src"
if __name__ == "__main__" and "--installed" not in sys.argv[1:]:
    sys.path.insert(0, str(SOURCE))  # this checkout's engine, not whatever is installed

from ismcts_speed import mid_game_speed  # noqa: E402

import gamenight  # noqa: E402
from gamenight.core.registry import entries, make_game  # noqa: E402
from gamenight.core.rng import Rng  # noqa: E402

# CPU time of this process, not wall time: on a shared or busy machine the figures (and the
# ratio to the reference, measured in the same run) then do not depend on other processes.
clock = time.process_time

# Every random choice of every loop is the next number of this table, modulo the number of
# legal actions: a subscript, a mask and a modulo, a few tens of nanoseconds, the same for
# gamenight and the references. (random.Random.randrange, used before, cost about 9% of a
# compiled action.) 2**16 numbers below 2**30: the modulo's bias is below 1e-6 for any list
# of legal actions shorter than a thousand.
TABLE_MASK = (1 << 16) - 1
TABLE_SCALE = 1 << 30


def random_table(seed: int = 0) -> list[int]:
    numbers = random.Random(seed)
    return [numbers.randrange(TABLE_SCALE) for _ in range(TABLE_MASK + 1)]


CHOICES = random_table()


# The clock is read once per batch of games, not once per game: reading the CPU clock is a
# system call (about 0.5 us here), which is 2-3% of a whole match of Game to Pick a Game
# (about 20 us) but under 1% of OpenSpiel's goofspiel's, so reading it per game charged the
# harness's cost to the shortest games. Batches grow until one takes at least this long.
BATCH_SECONDS = 0.001
MOST_IN_BATCH = 1 << 12


class Playouts:
    """Random playouts of one game, timed in slices: ``run`` adds a slice of whole games."""

    def __init__(self, play_one: Callable[[int], int]) -> None:
        self.play_one = play_one  # plays the match of a seed, returns its number of actions
        self.actions = self.games = 0
        self.seconds = 0.0
        self.batch = 1  # games between two readings of the clock (see BATCH_SECONDS)

    def run(self, seconds: float) -> None:
        play_one = self.play_one
        start = before = clock()
        deadline = start + seconds
        while True:
            games = self.games
            for seed in range(games, games + self.batch):
                self.actions += play_one(seed)
            self.games = games + self.batch
            now = clock()
            if now >= deadline:
                break
            if now - before < BATCH_SECONDS and self.batch < MOST_IN_BATCH:
                self.batch *= 2
            before = now
        self.seconds += now - start

    def rates(self) -> dict[str, float]:
        return {
            "actions_per_s": self.actions / self.seconds,
            "games_per_s": self.games / self.seconds,
        }


def interleaved(loop: Playouts, references: list[Playouts], seconds: float) -> None:
    """The loop and the references in alternating slices: a machine whose speed drifts during
    the run (clock boost, neighbours) slows all alike, so their ratios stay fair."""
    piece = 0.1
    while loop.seconds < seconds:
        loop.run(piece)
        for reference in references:
            reference.run(piece)


def random_playout(game: Any, state: Any, choices: list[int], position: int) -> int:
    """Plays ``state`` to its end, choosing by ``choices`` from ``position`` on; returns the
    position after the last action, so the number of actions is the difference."""
    while True:
        actors = game.to_act(state)
        if not actors:
            return position
        seat = actors[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[choices[position & TABLE_MASK] % len(legal)])
        position += 1


def gamenight_playouts(game: Any, players: int) -> Playouts:
    position = 0  # carried from game to game, so each game reads fresh numbers

    def play_one(seed: int) -> int:
        nonlocal position
        start = position
        position = random_playout(game, game.new_state(players, seed), CHOICES, position)
        return position - start

    return Playouts(play_one)


class DoNothingGame:
    """Rules that do nothing: a match is ``length`` actions of seat 0 among ``width``. The
    playout loop over it costs what the harness costs: the loop, the choice and three calls
    that return at once (which any driver pays too, so this is an upper bound)."""

    def __init__(self, length: int = 1000, width: int = 8) -> None:
        self.length = length
        self.legal = list(range(width))
        self.seat_zero = (0,)

    def new_state(self, players: int, seed: int) -> list[int]:
        return [self.length]

    def to_act(self, state: list[int]) -> tuple[int, ...]:
        return self.seat_zero if state[0] else ()

    def legal_actions(self, state: list[int], seat: int) -> list[int]:
        return self.legal

    def apply(self, state: list[int], seat: int, action: int) -> None:
        state[0] -= 1


def added_ns(statement: str, baseline: str) -> float:
    """Nanoseconds ``statement`` costs beyond ``baseline``, each timed alone in timeit's loop
    (the minimum of several repeats, as timeit advises), with a list of eight legal actions,
    the choice table and a do-nothing game at hand."""
    names = {
        "choices": CHOICES,
        "mask": TABLE_MASK,
        "rng": random.Random(0),
        "game": DoNothingGame(),
        "legal": list(range(8)),
    }
    setup = "position = 0; state = [10**9]"
    number = 200_000

    def best(stmt: str) -> float:
        timer = timeit.Timer(stmt, setup, timer=clock, globals=names)
        return min(timer.repeat(repeat=5, number=number)) / number * 1e9

    return max(0.0, best(statement) - best(baseline))


def harness_cost(seconds: float) -> dict[str, float]:
    """What the harness itself costs per action, in nanoseconds: the choice alone (and what
    randrange cost instead), the whole loop over a do-nothing game, the three calls to that
    game alone, and so the loop's own cost (its bookkeeping and the choice)."""
    loop = gamenight_playouts(DoNothingGame(), 1)
    loop.run(max(0.05, min(seconds, 1.0)))
    loop_ns = loop.seconds / loop.actions * 1e9
    calls_ns = added_ns(
        "game.to_act(state); game.legal_actions(state, 0); game.apply(state, 0, 0)", "pass"
    )
    return {
        "choice_ns": added_ns("legal[choices[position & mask] % len(legal)]", "legal[0]"),
        "randrange_choice_ns": added_ns("legal[rng.randrange(len(legal))]", "legal[0]"),
        "loop_ns": loop_ns,
        "calls_ns": calls_ns,
        "own_ns": max(0.0, loop_ns - calls_ns),
    }


def sample_states(game: Any, players: int, count: int) -> list[Any]:
    """States from along random games, for timing per-state operations fairly."""
    rng = random.Random(1)
    states = []
    seed = 1000
    while len(states) < count:
        state = game.new_state(players, seed)
        seed += 1
        step = 0
        while game.to_act(state):
            if step % 7 == 0:
                states.append(state.clone())
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randrange(len(legal))])
            step += 1
    return states[:count]


def per_call_us(function: Any, items: list[Any], repeat: int = 5) -> float:
    """Median over ``repeat`` runs of the mean time of one call, in microseconds."""
    runs = []
    for _ in range(repeat):
        start = clock()
        for item in items:
            function(item)
        runs.append((clock() - start) / len(items) * 1e6)
    runs.sort()
    return runs[len(runs) // 2]


def measure_game(
    name: str, players: int, seconds: float, references: dict[str, Playouts]
) -> dict[str, Any]:
    game = make_game(name)
    result: dict[str, Any] = {"game": name, "players": players}
    loop = gamenight_playouts(game, players)
    before = {key: (ref.actions, ref.seconds) for key, ref in references.items()}
    interleaved(loop, list(references.values()), seconds)
    result.update(loop.rates())
    for key, reference in references.items():
        actions, spent = before[key]
        reference_rate = (reference.actions - actions) / (reference.seconds - spent)
        result[f"x_{key}"] = result["actions_per_s"] / reference_rate
    states = sample_states(game, players, 300)
    result["clone_us"] = per_call_us(lambda s: s.clone(), states)
    result["legal_actions_us"] = per_call_us(
        lambda s: game.legal_actions(s, game.to_act(s)[0]), states
    )
    rng = Rng(0)
    views = [(game.view(s, game.to_act(s)[0]), game.to_act(s)[0]) for s in states]
    result["determinize_us"] = per_call_us(lambda vp: game.determinize(vp[0], vp[1], rng), views)
    return result


def openspiel_playouts(name: str) -> tuple[Any, Playouts] | None:
    """The same loop over an OpenSpiel game, or None without open-spiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    if name.startswith("python_"):
        import open_spiel.python.games  # type: ignore[import-not-found]  # noqa: F401

    game = pyspiel.load_game(name)
    players = game.num_players()
    choices = CHOICES
    position = 0

    def play_one(_seed: int) -> int:
        nonlocal position
        start = position
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick, total = choices[position & TABLE_MASK] / TABLE_SCALE, 0.0
                chosen = outcomes[-1][0]
                for outcome, probability in outcomes:
                    total += probability
                    if pick < total:
                        chosen = outcome
                        break
                state.apply_action(chosen)
                position += 1
            elif state.is_simultaneous_node():
                joint = []
                for player in range(players):
                    legal = state.legal_actions(player)
                    joint.append(legal[choices[position & TABLE_MASK] % len(legal)])
                    position += 1
                state.apply_actions(joint)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[choices[position & TABLE_MASK] % len(legal)])
                position += 1
        return position - start

    return game, Playouts(play_one)


def openspiel_row(name: str, game: Any, loop: Playouts) -> dict[str, Any]:
    state = game.new_initial_state()
    clone_us = timeit.timeit(state.clone, number=20000, timer=clock) / 20000 * 1e6
    return {
        "game": f"openspiel:{name}",
        "players": game.num_players(),
        **loop.rates(),
        "clone_us": clone_us,
    }


def build_info() -> dict[str, Any]:
    """Which gamenight this process ran: its own word (``gamenight.build()``, where the
    package has it) and, always, which of its imported modules are extension modules."""
    modules = {
        name: module
        for name, module in list(sys.modules.items())
        if name == "gamenight" or name.startswith("gamenight.")
    }
    compiled = sorted(
        name
        for name, module in modules.items()
        if str(getattr(module, "__file__", None) or "").endswith(tuple(EXTENSION_SUFFIXES))
    )
    described = None
    build = getattr(gamenight, "build", None)
    if callable(build):
        try:
            described = str(build().describe())
        except Exception:  # an older or broken build(): fall back on what the files say
            described = None
    if described is None:
        described = (
            f"compiled: {len(compiled)} of {len(modules)} imported modules are extension modules"
            if compiled
            else "pure Python"
        )
    return {
        "build": described,
        "compiled": bool(compiled),
        "compiled_modules": len(compiled),
        "imported_modules": len(modules),
        "location": str(Path(gamenight.__file__ or "").parent),
        "python": sys.executable,
        "python_version": platform.python_version(),
    }


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Everything this process measures, as one JSON-safe report."""
    wanted = {g.strip() for g in args.games.split(",") if g.strip()}
    known = {entry.name for entry in entries()}
    if wanted - known:
        raise SystemExit(f"throughput: unknown game(s): {', '.join(sorted(wanted - known))}")
    references = {}
    games = {}
    for key, name in (("liars_poker", "python_liars_poker"), ("goofspiel", "goofspiel")):
        found = openspiel_playouts(name)
        if found:
            games[key], references[key] = found
    harness = harness_cost(args.seconds)
    rows: list[dict[str, Any]] = []
    ismcts: list[dict[str, Any]] = []
    for entry in entries():
        if wanted and entry.name not in wanted:
            continue
        counts = entry.game_class.spec.player_counts
        for players in counts if args.all_counts else counts[:1]:
            row = measure_game(entry.name, players, args.seconds, references)
            row["harness_share"] = harness["own_ns"] * 1e-9 * row["actions_per_s"]
            row["loop_share"] = harness["loop_ns"] * 1e-9 * row["actions_per_s"]
            rows.append(row)
            if args.ismcts_decisions > 0:
                ismcts.append(
                    mid_game_speed(entry.name, players, args.ismcts, args.ismcts_decisions)
                )
    names = {"liars_poker": "python_liars_poker", "goofspiel": "goofspiel"}
    reference_rows = [openspiel_row(names[key], games[key], references[key]) for key in references]
    return {
        **build_info(),
        "machine": platform.machine(),
        "seconds": args.seconds,
        "harness": harness,
        "rows": reference_rows + rows,
        "ismcts_bot": args.ismcts,
        "ismcts": ismcts,
    }


def measure_elsewhere(python: str, args: argparse.Namespace) -> dict[str, Any]:
    """The same benchmark in another interpreter (a compiled build's venv), with the gamenight
    installed there: its report, or SystemExit with one line saying why not."""
    command = [
        python,
        str(Path(__file__).resolve()),
        "--installed",
        "--json",
        "--seconds",
        str(args.seconds),
        "--games",
        args.games,
        "--ismcts",
        args.ismcts,
        "--ismcts-decisions",
        str(args.ismcts_decisions),
        *(["--all-counts"] if args.all_counts else []),
    ]
    # Without PYTHONPATH, so that the interpreter imports its own installed gamenight.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    try:
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    except OSError as error:
        raise SystemExit(f"throughput: cannot run --compiled-python {python}: {error}") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"throughput: the run with --compiled-python {python} failed: {last}")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def throughput_table(report: dict[str, Any]) -> list[str]:
    header = (
        "game",
        "players",
        "actions/s",
        "games/s",
        "clone us",
        "legal us",
        "determinize us",
        "x liars_poker",
        "x goofspiel",
    )
    lines = ["  ".join(f"{h:>14}" for h in header)]
    for row in report["rows"]:
        cells = [
            row["game"],
            str(row["players"]),
            f"{row['actions_per_s']:,.0f}",
            f"{row['games_per_s']:,.1f}",
            f"{row['clone_us']:.2f}",
            f"{row['legal_actions_us']:.2f}" if "legal_actions_us" in row else "-",
            f"{row['determinize_us']:.1f}" if "determinize_us" in row else "-",
            f"{row['x_liars_poker']:.2f}" if "x_liars_poker" in row else "-",
            f"{row['x_goofspiel']:.2f}" if "x_goofspiel" in row else "-",
        ]
        lines.append("  ".join(f"{c:>14}" for c in cells))
    return lines


def harness_line(report: dict[str, Any]) -> str:
    harness = report["harness"]
    ours = [row for row in report["rows"] if "harness_share" in row]
    worst = max((row["harness_share"] for row in ours), default=0.0)
    worst_loop = max((row["loop_share"] for row in ours), default=0.0)
    return (
        f"harness: {harness['own_ns']:.0f} ns per action of its own (the choice "
        f"{harness['choice_ns']:.0f} ns; randrange would be {harness['randrange_choice_ns']:.0f}),"
        f" at most {worst:.1%} of a row's action; with three calls to a game that does nothing "
        f"{harness['loop_ns']:.0f} ns, at most {worst_loop:.1%}"
    )


def ismcts_table(report: dict[str, Any]) -> list[str]:
    if not report["ismcts"]:
        return []
    lines = [
        f"ISMCTS ({report['ismcts_bot']}), CPU time over fixed mid-game decisions:",
        "  ".join(f"{h:>14}" for h in ("game", "players", "decisions", "iterations", "iter/s")),
    ]
    for row in report["ismcts"]:
        cells = [
            row["game"],
            str(row["players"]),
            str(row["decisions"]),
            str(row["iterations"]),
            f"{row['iterations_per_s']:,.0f}",
        ]
        lines.append("  ".join(f"{c:>14}" for c in cells))
    return lines


def side_by_side(pure: dict[str, Any], compiled: dict[str, Any]) -> list[str]:
    """Both builds' rates per game and player count, each with its own run's goofspiel."""

    def keyed(rows: list[dict[str, Any]]) -> dict[tuple[str, int], dict[str, Any]]:
        return {(row["game"], row["players"]): row for row in rows}

    def ratio(row: dict[str, Any] | None, figure: str) -> str:
        return f"{row[figure]:.2f}" if row and figure in row else "-"

    lines = [
        f"this checkout: {pure['build']} ({pure['location']})",
        f"--compiled-python: {compiled['build']} ({compiled['location']}, "
        f"Python {compiled['python_version']})",
    ]
    if not compiled["compiled"]:
        lines.append("note: the --compiled-python run imported no compiled gamenight module")
    header = ("game", "players", "checkout a/s", "x goofspiel", "compiled a/s", "x goofspiel")
    lines.append("  ".join(f"{h:>14}" for h in (*header, "compiled/ckout")))
    theirs = keyed(compiled["rows"])
    for key, row in keyed(pure["rows"]).items():
        other = theirs.get(key)
        cells = [
            key[0],
            str(key[1]),
            f"{row['actions_per_s']:,.0f}",
            ratio(row, "x_goofspiel"),
            f"{other['actions_per_s']:,.0f}" if other else "-",
            ratio(other, "x_goofspiel"),
            f"{other['actions_per_s'] / row['actions_per_s']:.2f}" if other else "-",
        ]
        lines.append("  ".join(f"{c:>14}" for c in cells))
    theirs = keyed(compiled["ismcts"])
    if pure["ismcts"]:
        lines.append(
            "  ".join(
                f"{h:>14}"
                for h in (
                    "ISMCTS",
                    "players",
                    "checkout it/s",
                    "",
                    "compiled it/s",
                    "",
                    "compiled/ckout",
                )
            )
        )
    for key, row in keyed(pure["ismcts"]).items():
        other = theirs.get(key)
        cells = [
            key[0],
            str(key[1]),
            f"{row['iterations_per_s']:,.0f}",
            "",
            f"{other['iterations_per_s']:,.0f}" if other else "-",
            "",
            f"{other['iterations_per_s'] / row['iterations_per_s']:.2f}"
            if other and row["iterations_per_s"]
            else "-",
        ]
        lines.append("  ".join(f"{c:>14}" for c in cells))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="playout time per game")
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    parser.add_argument("--all-counts", action="store_true", help="every player count")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--ismcts",
        default="ismcts",
        help="bot spec whose iterations/s to measure (default: the "
        "ISMCTS bot at its default budget)",
    )
    parser.add_argument(
        "--ismcts-decisions", type=int, default=5, help="ISMCTS decisions per game (0: none)"
    )
    parser.add_argument(
        "--compiled-python",
        metavar="PATH",
        help="python of a venv with a compiled gamenight installed: run there too, side by side",
    )
    parser.add_argument(
        "--installed",
        action="store_true",
        help="measure the gamenight installed in this interpreter, not this checkout's src/",
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.ismcts_decisions < 0:
        parser.error("--seconds must be positive and --ismcts-decisions not negative")
    python = args.compiled_python
    if python is not None and not (Path(python).is_file() and os.access(python, os.X_OK)):
        parser.error(f"--compiled-python {python}: no such executable")

    report = measure(args)
    compiled = measure_elsewhere(args.compiled_python, args) if args.compiled_python else None
    if args.json:
        print(json.dumps({**report, "compiled_run": compiled}, indent=2))
        return 0
    print(
        f"Python {report['python_version']} on {report['machine']}, one core, "
        f"{args.seconds:g} s of random playouts per game; {report['build']}"
    )
    print("\n".join(throughput_table(report)))
    print(harness_line(report))
    print("\n".join(ismcts_table(report)))
    if compiled is not None:
        print()
        print("\n".join(side_by_side(report, compiled)))
    if not any(row["game"].startswith("openspiel:") for row in report["rows"]):
        print(
            "(install open-spiel for the OpenSpiel reference rows: pip install 'gamenight[bench]')",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
