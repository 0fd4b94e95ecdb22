"""A stopped run goes on from its records and ends as the uninterrupted run would have."""

from __future__ import annotations

import dataclasses

import pytest

from gamenight.core.errors import RecordError
from gamenight.core.log import MatchRecord
from gamenight.sim.resume import resumed_games
from gamenight.sim.simulate import GameSummary, SimulationSpec, _chunks, run_simulation
from gamenight.sim.tournament import run_tournament, tournament_spec


def records_of(games: list[GameSummary]) -> list[MatchRecord]:
    return [MatchRecord.from_json(game.record) for game in games if game.record is not None]


def whole_run(spec: SimulationSpec, jobs: int = 1) -> tuple[dict[str, object], list[GameSummary]]:
    games: list[GameSummary] = []
    run = run_tournament(spec, jobs, on_game=games.append)
    assert run.error is None
    return run.summary(), games


def test_chunks_from_a_start_keep_the_bounds_of_the_whole_run() -> None:
    whole = list(_chunks(40))  # 40 matches: chunks of 2
    assert whole[:3] == [range(2), range(2, 4), range(4, 6)]
    assert list(_chunks(40, 5)) == [range(5, 6), *whole[3:]]  # mid-chunk: its remainder first
    assert list(_chunks(40, 6)) == whole[3:]
    assert list(_chunks(40, 40)) == []


@pytest.mark.parametrize(("kept", "jobs"), [(0, 1), (5, 1), (5, 2), (12, 1)])
def test_a_resumed_tournament_gives_the_uninterrupted_figures_and_records(
    kept: int, jobs: int
) -> None:
    spec = tournament_spec(
        "gtpag", 3, ["ismcts:iters=8,infer=on", "heuristic"], deals=4, seed=9, keep_records=True
    )
    summary, games = whole_run(spec)
    done = resumed_games(spec, records_of(games[:kept]), "run.jsonl")
    assert done == [dataclasses.replace(game, record=None) for game in games[:kept]]
    later: list[GameSummary] = []
    run = run_tournament(spec, jobs, on_game=later.append, resumed=done)
    assert [game.index for game in later] == list(range(kept, 12))  # only the rest is played
    assert later == games[kept:]
    assert run.summary() == summary  # ratings too: every match folded in index order


def test_a_simulation_resumed_mid_chunk_plays_as_the_whole_run_did() -> None:
    """Bots are built afresh per chunk; a run resumed inside one must not notice."""
    spec = SimulationSpec("gtpag", 2, 36, ("ismcts:iters=6,infer=on", "random"), seed=3,
                          keep_records=True)  # fmt: skip
    games: list[GameSummary] = []
    whole = run_simulation(spec, 1, on_game=games.append)
    done = resumed_games(spec, records_of(games[:7]), "run.jsonl")  # chunks of 2: 7 is inside
    later: list[GameSummary] = []
    run = run_simulation(spec, 1, on_game=later.append, resumed=done)
    assert later == games[7:]
    assert run.summary() == whole.summary()


def first_records(count: int = 3) -> tuple[SimulationSpec, list[MatchRecord]]:
    spec = tournament_spec("requirements", 2, ["heuristic", "random"], deals=3, seed=4,
                           keep_records=True)  # fmt: skip
    return spec, records_of(whole_run(spec)[1][:count])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"seed": 1}, "deal seed "),
        ({"bots": ("heuristic", "heuristic")}, "bots ['heuristic', 'random']"),
        ({"params": {"failure_limit": 4}}, "params {}"),
        ({"num_players": 3}, "players 2"),
    ],
)
def test_records_of_another_run_are_refused_naming_what_differs(
    change: dict[str, object], field: str
) -> None:
    spec, records = first_records()
    other = dataclasses.replace(spec, **change)
    with pytest.raises(RecordError) as caught:
        resumed_games(other, records, "run.jsonl")
    message = str(caught.value)
    assert message.startswith("run.jsonl record 1 is not this run's match 1: ")
    assert message.split(": ", 1)[1].startswith(field)
    assert " where this run has " in message


def test_more_records_than_the_run_has_matches_are_refused() -> None:
    spec, records = first_records(6)
    shorter = dataclasses.replace(spec, games=4)
    with pytest.raises(RecordError, match=r"^run\.jsonl holds more than the 4 matches"):
        resumed_games(shorter, records, "run.jsonl")


def test_a_record_whose_actions_were_changed_is_refused_by_the_replay() -> None:
    spec, records = first_records()
    seat, text = records[1].actions[0]
    records[1].actions[0] = (seat, text + " x")
    with pytest.raises(RecordError, match=r"^run\.jsonl record 2: step 1 \(seat"):
        resumed_games(spec, records, "run.jsonl")


def test_a_record_without_its_outcome_is_not_a_finished_match() -> None:
    spec, records = first_records()
    records[2].outcome = None
    with pytest.raises(RecordError, match=r"^run\.jsonl record 3 has no outcome"):
        resumed_games(spec, records, "run.jsonl")


def test_a_record_claiming_another_outcome_is_refused() -> None:
    spec, records = first_records()
    outcome = dict(records[0].outcome or {})
    outcome["winners"] = [1 - outcome["winners"][0]] if outcome["winners"] else [0]
    records[0].outcome = outcome
    with pytest.raises(RecordError, match=r"^run\.jsonl record 1: record claims outcome"):
        resumed_games(spec, records, "run.jsonl")
