"""Resuming a run from its own records: the matches already played are read back, not replayed.

A long run (a tournament of thousands of matches, or one whose bots think for minutes) may be
stopped before its end: a laptop closed, a session over. Its records file holds every match
finished, each written whole the moment it ended and in index order. Match ``i`` of a run
depends only on the run's spec and ``i`` (its deal, its seats; bots are built afresh and seeded
per match), so the run can go on from the first match missing and end as the uninterrupted run
would have, record for record and figure for figure.

Nothing is taken on trust: each record must be the match this run would have played at its
index (game, rules version, parameters, seats, deal, bots), and is replayed by the rules to
its end, so the outcome folded into the report is the rules' own.
"""

from __future__ import annotations

from collections.abc import Iterable

from gamenight.core import registry
from gamenight.core.engine import Match
from gamenight.core.errors import RecordError
from gamenight.core.log import MatchRecord
from gamenight.sim.simulate import GameSummary, SimulationSpec


def resumed_games(
    spec: SimulationSpec, records: Iterable[MatchRecord], source: str
) -> list[GameSummary]:
    """The matches ``records`` hold, checked to be the first ones of the run ``spec``.

    Any record that is not the match this run plays at its index (or one more than the run
    has) is a :class:`RecordError` naming the record and the field that differs.
    """
    params = registry.make_game(spec.game, spec.params, spec.variant).params.changed()
    trusted = [value for value in spec.params.values() if isinstance(value, str)]
    done: list[GameSummary] = []
    for index, record in enumerate(records):
        where = f"{source} record {index + 1}"
        if index >= spec.games:
            raise RecordError(f"{source} holds more than the {spec.games} matches of this run")
        seed, bots = spec.seed_for(index), spec.seat_bots(index)
        expected = (
            ("game", spec.game, record.game),
            ("players", spec.num_players, record.num_players),
            ("params", params, record.params),
            ("bots", list(bots), record.meta.get("bots")),
            ("deal seed", seed, record.seed),
        )
        for field, wanted, found in expected:
            if found != wanted:
                raise RecordError(
                    f"{where} is not this run's match {index + 1}: {field} {found!r} where "
                    f"this run has {wanted!r} (same game, options and seed as the run?)"
                )
        if record.outcome is None:
            raise RecordError(f"{where} has no outcome: not a finished match")
        try:
            match = Match.from_record(record, trusted_files=trusted, narrate=False)
        except RecordError as error:
            raise RecordError(f"{where}: {error}") from None
        outcome = match.outcome
        assert outcome is not None  # from_record checked the claimed outcome against the replay
        done.append(
            GameSummary(
                index=index,
                seed=seed,
                bots=bots,
                scores=outcome.scores,
                winners=outcome.winners,
                steps=len(record.actions),
                reason=outcome.reason,
                capped=outcome.capped,
            )
        )
    return done
