"""The throughput and ISMCTS speed benchmarks run end to end and report what they promise."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

from gamenight.bots.ismcts import DEFAULT_ITERATIONS
from gamenight.core.log import MatchRecord

ROOT = Path(__file__).resolve().parents[1]


def benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` imported as a module (the scripts it imports too)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, check=False, env=env
    )


def has_openspiel() -> bool:
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return False
    return True


def throughput(*args: str) -> dict[str, Any]:
    result = run(
        "benchmarks/throughput.py", "--seconds", "0.05", "--games", "gtpag", "--json", *args
    )
    assert result.returncode == 0, result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    return report


def check_report(report: dict[str, Any], decisions: int) -> None:
    """Every figure one build's run promises: rates, references, harness cost, ISMCTS it/s."""
    harness = report["harness"]
    ours = [row for row in report["rows"] if row["game"] == "gtpag"]
    assert [row["players"] for row in ours] == [2]
    for row in ours:
        for figure in ("actions_per_s", "games_per_s", "clone_us", "determinize_us"):
            assert row[figure] > 0, figure
        # the harness's share of one action, from its measured cost and the row's rate
        assert row["harness_share"] == harness["own_ns"] * 1e-9 * row["actions_per_s"]
        assert row["loop_share"] == harness["loop_ns"] * 1e-9 * row["actions_per_s"]
    assert harness["loop_ns"] > 0
    assert harness["calls_ns"] > 0
    assert harness["own_ns"] == max(0.0, harness["loop_ns"] - harness["calls_ns"])
    if has_openspiel():
        names = [row["game"] for row in report["rows"]]
        assert "openspiel:python_liars_poker" in names
        assert "openspiel:goofspiel" in names
        assert all(row["x_liars_poker"] > 0 and row["x_goofspiel"] > 0 for row in ours)
    [ismcts] = report["ismcts"]
    assert (ismcts["game"], ismcts["players"], ismcts["bot"]) == ("gtpag", 2, "ismcts")
    assert ismcts["decisions"] == decisions
    assert ismcts["iterations"] == decisions * DEFAULT_ITERATIONS  # the default budget
    assert ismcts["iterations_per_s"] > 0


def test_throughput_reports_every_figure_and_the_harness_cost() -> None:
    """issue 16 item 4: the JSON has the rates, the harness's own cost per action (its table
    choice cheaper than the randrange it replaced), the build it ran and ISMCTS it/s."""
    report = throughput("--ismcts-decisions", "1")
    check_report(report, decisions=1)
    harness = report["harness"]
    assert 0 <= harness["choice_ns"] < harness["randrange_choice_ns"]
    assert report["build"] == "pure Python" or "pure" in report["build"].lower()
    assert report["compiled"] is False
    assert Path(report["location"]) == ROOT / "src" / "gamenight"  # this checkout's engine
    assert report["compiled_run"] is None


def test_throughput_runs_the_compiled_python_too() -> None:
    """issue 16 item 4: --compiled-python runs the same benchmark in that interpreter and
    reports it beside this checkout's; the current interpreter stands in, so it says pure."""
    report = throughput("--ismcts-decisions", "1", "--compiled-python", sys.executable)
    check_report(report, decisions=1)
    other = report["compiled_run"]
    check_report(other, decisions=1)
    assert other["compiled"] is False
    assert "pure" in other["build"].lower()
    assert other["python"] == sys.executable


def test_throughput_prints_both_builds_side_by_side() -> None:
    """issue 16 item 4: the table names each run's build and warns when the "compiled" one
    imported no compiled module."""
    result = run(
        "benchmarks/throughput.py",
        "--seconds",
        "0.05",
        "--games",
        "gtpag",
        "--ismcts",
        "ismcts:iters=5",
        "--ismcts-decisions",
        "1",
        "--compiled-python",
        sys.executable,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "ns per action of its own" in out  # the harness line
    [named] = [line for line in out.splitlines() if line.startswith("--compiled-python: ")]
    assert "pure" in named.lower()
    assert "imported no compiled gamenight module" in out
    assert "compiled it/s" in out


def test_throughput_refuses_a_missing_compiled_python_in_one_line() -> None:
    result = run("benchmarks/throughput.py", "--compiled-python", str(ROOT / "no-such-python"))
    assert result.returncode == 2
    assert "no-such-python: no such executable" in result.stderr
    assert "Traceback" not in result.stderr


def test_throughput_choices_are_spread_evenly() -> None:
    """The precomputed table the playouts choose by is uniform: its numbers modulo a small
    count of legal actions fall on each action about equally often."""
    bench = benchmark("throughput")
    table = bench.CHOICES
    assert len(set(table)) > 0.99 * len(table)
    for width in (2, 3, 7):
        counts = Counter(number % width for number in table)
        expected = len(table) / width
        assert all(abs(count - expected) < 0.05 * expected for count in counts.values())


def test_ismcts_speed_times_decisions_at_the_chosen_counts() -> None:
    result = run(
        "benchmarks/ismcts_speed.py",
        "--games",
        "gtpag",
        "--matches",
        "1",
        "--bot",
        "ismcts:iters=10",
    )
    assert result.returncode == 0, result.stderr
    lines = [line.split() for line in result.stdout.splitlines()[1:]]
    assert [int(line[1]) for line in lines] == [2, 4, 8]
    assert all(int(line[2]) > 0 for line in lines)  # decisions timed


def test_playtest_speed_reports_the_overhead_and_the_big_run() -> None:
    result = run(
        "benchmarks/playtest_speed.py",
        "--games",
        "requirements",
        "--batch",
        "5",
        "--rounds",
        "1",
        "--big",
        "40",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    [row] = report["rows"]
    assert (row["game"], row["players"], row["games"]) == ("requirements", 2, 5)
    for figure in ("simulate_games_per_s", "lab_games_per_s"):
        assert row[figure] > 0, figure
    assert row["overhead"] > -1
    assert row["loop_overhead"] > -1
    assert report["big"]["games"] == 40
    assert report["big"]["total_seconds"] >= report["big"]["play_seconds"] > 0


def test_strength_rerun_reads_every_row_of_the_first_table_and_runs_it(tmp_path: Path) -> None:
    """issue 16: the strength report's rows are re-run by their own commands; a fake
    gamenight that answers one JSON report stands in for the long tournaments."""
    strength_rerun = benchmark("strength_rerun")

    text = (ROOT / "benchmarks" / "STRENGTH.md").read_text(encoding="utf-8")
    rows = strength_rerun.first_table_rows(text)
    first_table = text.split("\n\n## ", 1)[0]
    assert len(rows) == first_table.count("`gamenight tournament")
    assert all("openspiel" not in command for command, _ in rows)
    assert rows[0][1] == 1.0  # Requirements, ismcts against random: 100.0%

    fake = tmp_path / "fake-gamenight"
    report = {"by_bot": [{"win_rate": 0.5, "win_low": 0.4, "win_high": 0.6, "games": 4}]}
    fake.write_text(f"#!/bin/sh\necho '{json.dumps(report)}'\n", encoding="utf-8")
    fake.chmod(0o755)
    row = strength_rerun.rerun(rows[0][0], str(fake), 1)
    assert row["now"] == 0.5
    assert row["games"] == 4
    failing = strength_rerun.rerun(rows[0][0], "false", 1)
    assert "failed" in failing


def test_inference_worlds_counts_what_becomes_of_the_worlds() -> None:
    result = run("benchmarks/inference_worlds.py", "--games", "gtpag", "--matches", "2", "--json")
    assert result.returncode == 0, result.stderr
    [row] = json.loads(result.stdout)
    assert (row["game"], row["players"], row["model"]) == ("gtpag", 2, "playout")
    assert row["watched"] > 0
    assert row["mended"] > 0  # the flip refutes worlds, and Game to Pick a Game mends them
    assert row["dropped"] == 0
    refused = run("benchmarks/inference_worlds.py", "--games", "chess")
    assert refused.returncode == 2
    assert refused.stderr.strip() == "inference_worlds: unknown game 'chess'"


def agreement(*args: str) -> subprocess.CompletedProcess[str]:
    return run("benchmarks/agreement.py", "requirements", "--matches", "2", *args)


def test_agreement_of_a_bot_with_itself_is_total_and_with_random_is_not() -> None:
    same = agreement("--bot", "heuristic", "--json")
    assert same.returncode == 0, same.stderr
    phases = json.loads(same.stdout)
    assert sum(row["asked"] for row in phases.values()) > 20
    assert all(row["alike"] == row["asked"] and not row["trades"] for row in phases.values())
    # a bot that watches the match (inference) runs with the views the script feeds it
    watched = agreement("--bot", "ismcts:infer=on,iters=5", "--json")
    assert watched.returncode == 0, watched.stderr
    other = json.loads(agreement("--bot", "random", "--json").stdout)
    assert {phase: row["asked"] for phase, row in other.items()} == {
        phase: row["asked"] for phase, row in phases.items()
    }  # the same positions: the reference plays the matches
    assert sum(row["alike"] for row in other.values()) < sum(r["asked"] for r in other.values())
    assert any(row["trades"] for row in other.values())


def test_agreement_refuses_an_unknown_bot_in_one_line() -> None:
    refused = agreement("--bot", "nosuch")
    assert refused.returncode == 2
    assert refused.stderr.strip().startswith("error: unknown bot 'nosuch' for requirements")
    assert "Traceback" not in refused.stderr


def test_phase_profile_splits_the_time_by_phase_as_views_name_them() -> None:
    result = run("benchmarks/phase_profile.py", "gtpag", "--matches", "50", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    phases = {row["phase"]: row for row in report["phases"]}
    assert (
        {"nomination", "bidding"}
        <= set(phases)
        <= {"nomination", "bidding", "trait", "boosting", "tie"}
    )
    actions = sum(row["actions"] for row in phases.values())
    assert actions == round(report["actions_per_match"] * 50)
    assert abs(sum(row["action_share"] for row in phases.values()) - 1) < 1e-9
    shares = report["new_state_share"] + sum(row["time_share"] for row in phases.values())
    assert abs(shares - 1) < 1e-9
    refused = run("benchmarks/phase_profile.py", "gtpag", "--players", "1")
    assert refused.returncode == 2
    assert refused.stderr.strip() == "error: Game to Pick a Game is for 2-8 players, not 1"


def outcome(winners: list[int]) -> dict[str, Any]:
    scores = [1.0 if seat in winners else 0.0 for seat in (0, 1)]
    return {"winners": winners, "scores": scores, "reason": "over", "capped": False}


def write_records(path: Path, bot: str, winners: list[list[int]]) -> Path:
    """One record a match: match i has seed i, the measured bot in seat i % 2."""
    lines = []
    for seed, won in enumerate(winners):
        bots = [bot, "heuristic"] if seed % 2 == 0 else ["heuristic", bot]
        record = MatchRecord(
            "requirements", "1", 2, seed, outcome=outcome(won), meta={"bots": bots}
        )
        lines.append(record.to_json())
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_paired_compares_two_runs_match_by_match(tmp_path: Path) -> None:
    # the measured seat is 0 in match 0 and 1 in match 1, 0 in match 2, 1 in match 3
    base = write_records(tmp_path / "base.jsonl", "ismcts", [[0], [0], [0, 1], [1]])
    other = write_records(tmp_path / "other.jsonl", "ismcts:x", [[0], [1], [1], [1]])
    result = run(
        "benchmarks/paired.py",
        str(base),
        "--versus",
        str(other),
        "--opponent",
        "heuristic",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["base"]["rate"] == (1 + 0 + 0.5 + 1) / 4
    assert report["versus"]["rate"] == (1 + 1 + 0 + 1) / 4
    assert report["paired"]["pairs"] == 4
    assert report["paired"]["change"] == (0 + 1 - 0.5 + 0) / 4
    assert report["paired"]["low"] < report["paired"]["change"] < report["paired"]["high"]
    # match 1: the other run did better (0 to 1); match 2: the base (a shared win to none)
    assert (report["paired"]["versus_ahead"], report["paired"]["base_ahead"]) == (1, 1)
    assert report["paired"]["sign_p"] == 1.0
    refused = run("benchmarks/paired.py", str(base), "--opponent", "random")
    assert refused.returncode == 2
    assert refused.stderr.strip().startswith("error: ")
    assert "\n" not in refused.stderr.strip()


def test_the_sign_test_matches_the_binomial_tails() -> None:
    paired = benchmark("paired")
    assert paired.sign_test(5, 0) == 2 / 32  # all five one way: 2 x (1/2)^5
    assert paired.sign_test(4, 1) == 2 * 6 / 32  # 0 or 1 of 5 the other way
    assert paired.sign_test(3, 3) == 1.0
    assert paired.sign_test(0, 0) == 1.0


def test_decision_cost_decides_the_same_positions_alike_and_none_decides_nothing() -> None:
    args = ("benchmarks/decision_cost.py", "gtpag:2", "3")
    first = run(*args, "ismcts:iters=20")
    again = run(*args, "ismcts:iters=20")
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["0", "1", "2"]
    assert again.stdout == first.stdout
    nothing = run(*args, "none")
    assert nothing.returncode == 0, nothing.stderr
    assert nothing.stdout == ""


def test_peers_judges_a_row_by_its_share_of_the_wins_where_wins_are_shared() -> None:
    """issue 17: in Game to Pick a Game several seats can win one match; a row is judged on
    the bot's share of the wins (a shared win counts 1/k), and the report shows both."""
    peers = benchmark("peers")
    strength = benchmark("strength")
    shared = {
        "target": "vs omniscient: >= 40%",
        "needed": 0.4,
        "win_rate": 0.5,
        "win_low": 0.36,
        "win_high": 0.64,
        "win_share": 0.35,
        "share_low": 0.23,
        "share_high": 0.49,
    }
    assert peers.met(shared) == "no"  # the win rate alone (50%) would pass it
    assert peers.met({**shared, "win_share": 0.4}) == "yes"
    seventh = {**shared, "needed": 1 / 7, "win_share": sum([1 / 3] * 18) / 42}
    assert seventh["win_share"] < 1 / 7  # 18 thirds of a win: 6 of 42, in floating point
    assert peers.met(seventh) == "yes"
    cpu = {**shared, "target": "equal CPU: 95% interval above fair share", "needed": 1 / 3}
    assert peers.met(cpu) == "no"  # the rate's interval starts above 1/3, the share's does not
    assert peers.met({**cpu, "share_low": 0.34}) == "yes"
    assert strength.win_cell(shared) == "win share 35.0% (23%-49%); win rate 50.0%"
    # no shared win: the share is the rate, printed once; rows made before shares: the rate
    alone = {**shared, "win_share": 0.5, "share_low": 0.36, "share_high": 0.64}
    assert strength.win_cell(alone) == "50.0% (36%-64%)"
    old = {key: value for key, value in shared.items() if "share" not in key}
    assert strength.win_cell(old) == "50.0% (36%-64%)"
    assert peers.met(old) == "yes"


def test_peers_covers_every_player_count_of_every_game_by_default() -> None:
    """issue 17: the report is per game and player count, so the default runs them all."""
    peers = benchmark("peers")
    setups = peers.every_setup()
    assert "requirements:2" in setups
    assert [s for s in setups if s.startswith("gtpag:")] == [f"gtpag:{n}" for n in range(2, 9)]
    assert {"gnome:3", "gnome:4", "gnome:6", "pgdk:2", "pgdk:3", "pgdk:4"} <= set(setups)
    assert len(setups) == 1 + 7 + 3 + 3
    targets = {
        trial.target
        for trial in peers.trials(
            peers.parse_setup("gtpag:8"), 1, {"off_iters": 9, "on_iters": 9}, peers.OURS
        )
    }
    assert "vs omniscient: >= 12.5%" in targets  # a fair eighth, not rounded to 12%
