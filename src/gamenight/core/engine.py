"""Match: a game, its state and its record, with every action checked before it is applied.

The match is the one gate between the outside world (people, bots, the network, record
files) and a game's rules: it checks that the seat may act and that the action is legal,
raises an error whose message names the problem (and the rule) otherwise, and leaves the
state untouched on every error.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from typing import Any

from gamenight.core import registry
from gamenight.core.errors import (
    GamenightError,
    GameOverError,
    IllegalActionError,
    RecordError,
    WrongActorError,
)
from gamenight.core.game import AnyGame, Outcome, View
from gamenight.core.log import MatchRecord
from gamenight.core.params import untrusted_files


class Match:
    """One match of one game, from setup to outcome."""

    def __init__(self, game: AnyGame, num_players: int, seed: int) -> None:
        game.check_player_count(num_players)
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.state: Any = game.new_state(num_players, seed)
        self.record = MatchRecord(
            game=game.spec.name,
            version=game.spec.version,
            num_players=num_players,
            seed=seed,
            params=game.params.changed(),
        )

    @classmethod
    def new(
        cls,
        game_name: str,
        num_players: int,
        seed: int,
        overrides: Mapping[str, Any] | None = None,
        variant: str | None = None,
    ) -> Match:
        return cls(registry.make_game(game_name, overrides, variant), num_players, seed)

    # -- reading --------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def is_over(self) -> bool:
        return not self.game.to_act(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def view(self, player: int | None) -> View:
        if player is not None:
            self._check_seat(player)
        return self.game.view(self.state, player)

    def legal_actions(self, player: int) -> list[Any]:
        self._check_seat(player)
        return self.game.legal_actions(self.state, player)

    # -- acting ---------------------------------------------------------------------------
    def parse(self, text: str) -> Hashable:
        parsed: Hashable = self.game.parse_action(text.strip())
        return parsed

    def check(self, player: int, action: Hashable | str) -> Hashable:
        """The action as a game value, if ``player`` may take it now; else an error."""
        self._check_seat(player)
        actors = self.game.to_act(self.state)
        if not actors:
            raise GameOverError("the match is over; no more actions are taken")
        if player not in actors:
            waiting = ", ".join(f"seat {seat}" for seat in actors)
            raise WrongActorError(f"seat {player} cannot act now; waiting for {waiting}")
        parsed = self.parse(action) if isinstance(action, str) else action
        if parsed not in self.game.legal_actions(self.state, player):
            raise IllegalActionError(self.game.explain_illegal(self.state, player, parsed))
        return parsed

    def apply(self, player: int, action: Hashable | str) -> Hashable:
        """Check and apply; returns the applied action. Raises and changes nothing if illegal."""
        parsed = self.check(player, action)
        self.game.apply(self.state, player, parsed)
        self.record.actions.append((player, str(parsed)))
        result = self.game.outcome(self.state)
        if result is not None:
            self.record.outcome = result.to_dict()
        return parsed

    def public_action(self, player: int, action: Hashable) -> str:
        """What other seats learn of ``action`` (call before applying it)."""
        return self.game.public_action(self.state, player, action)

    def _check_seat(self, player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int):
            raise WrongActorError(f"a seat is a number, not {player!r}")
        if not 0 <= player < self.num_players:
            raise WrongActorError(
                f"there is no seat {player}; seats are 0 to {self.num_players - 1}"
            )

    # -- records ----------------------------------------------------------------------------
    @classmethod
    def from_record(
        cls,
        record: MatchRecord,
        *,
        steps: int | None = None,
        trusted_files: Collection[str] = (),
    ) -> Match:
        """Rebuild a match by replaying ``record`` (its first ``steps`` actions, if given).

        Any mismatch (unknown game, other rules version, bad params, an action that is not
        legal when replayed, a different outcome) is a :class:`RecordError` naming it. A
        parameter that names a file (a card list) is refused unless that file is among
        ``trusted_files``, the files the user named: a record alone never opens a file.
        """
        try:
            entry = registry.entry(record.game)
        except GamenightError as error:
            raise RecordError(f"record is for {error}") from None
        game_class = entry.game_class
        if record.version != game_class.spec.version:
            raise RecordError(
                f"record is for {record.game} rules version {record.version}; "
                f"this gamenight has version {game_class.spec.version}"
            )
        untrusted = untrusted_files(type(game_class.default_params()), record.params, trusted_files)
        if untrusted:  # checked before the params are built: building them reads the file
            name, path = untrusted[0]
            raise RecordError(
                f"record's parameter {name!r} names the file {path!r}; a record opens only "
                f"files the user names too (replay --param {name}=PATH)"
            )
        try:
            game = game_class(game_class.params_from(record.params))
            match = cls(game, record.num_players, record.seed)
        except GamenightError as error:
            raise RecordError(f"record cannot be set up: {error}") from None
        match.record.meta = dict(record.meta)
        todo = record.actions if steps is None else record.actions[:steps]
        for number, (seat, text) in enumerate(todo, start=1):
            try:
                match.apply(seat, text)
            except GamenightError as error:
                raise RecordError(f"step {number} (seat {seat}: {text!r}): {error}") from None
        if steps is None and record.outcome is not None:
            replayed = match.outcome
            if replayed is None:
                raise RecordError("record claims an outcome, but the replayed match is not over")
            try:
                claimed = Outcome.from_dict(record.outcome).to_dict()
            except (KeyError, TypeError, ValueError):
                raise RecordError(f"record's outcome is malformed: {record.outcome}") from None
            if replayed.to_dict() != claimed:
                raise RecordError(
                    f"record claims outcome {record.outcome}, replay gives {replayed.to_dict()}"
                )
        return match
