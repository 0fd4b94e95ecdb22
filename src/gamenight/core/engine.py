"""Match: a game, its state and its record, with every action checked before it is applied.

The match is the one gate between the outside world (people, bots, the network, record
files) and a game's rules: it checks that the seat may act and that the action is legal,
raises an error whose message names the problem (and the rule) otherwise, and leaves the
state untouched on every error.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from typing import Any

from gamenight.core import registry
from gamenight.core.errors import (
    GamenightError,
    GameOverError,
    IllegalActionError,
    RecordError,
    WrongActorError,
    brief,
)
from gamenight.core.game import AnyGame, Outcome, View
from gamenight.core.journal import Journal
from gamenight.core.log import MatchRecord
from gamenight.core.params import untrusted_files


class Match:
    """One match of one game, from setup to outcome."""

    def __init__(
        self, game: AnyGame, num_players: int, seed: int, *, narrate: bool = True
    ) -> None:
        """Set up the match; ``narrate=False`` skips the public log (bulk simulation)."""
        game.check_player_count(num_players)
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.state: Any = game.new_state(num_players, seed)
        self.journal: Journal | None = game.start_journal(self.state) if narrate else None
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

    def log(self, player: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The public log as ``player`` saw it (``None``: a spectator), from entry ``start``.

        Empty for a match made with ``narrate=False``.
        """
        if player is not None:
            self._check_seat(player)
        return self.journal.for_seat(player, start) if self.journal is not None else []

    # -- acting ---------------------------------------------------------------------------
    def parse(self, text: str) -> Hashable:
        parsed: Hashable = self.game.parse_action(text.strip())
        return parsed

    def check(self, player: int, action: Hashable | str) -> Hashable:
        """The game's own instance of ``action``, if ``player`` may take it now; else an error.

        ``action`` is text in the game's notation or a value equal to one of the legal
        actions. What comes back is always the game's legal instance, never the caller's
        object: an equal object may carry other field types or another ``text``, and only the
        game's own value is safe to apply and truthful to record.
        """
        self._check_seat(player)
        actors = self.game.to_act(self.state)
        if not actors:
            raise GameOverError("the match is over; no more actions are taken")
        if player not in actors:
            waiting = ", ".join(f"seat {seat}" for seat in actors)
            raise WrongActorError(f"seat {player} cannot act now; waiting for {waiting}")
        given = self.parse(action) if isinstance(action, str) else action
        legal = self.game.legal_actions(self.state, player)
        own = _legal_instance(legal, given)
        if own is None:
            raise IllegalActionError(self._why_illegal(player, given))
        return own

    def apply(self, player: int, action: Hashable | str) -> Hashable:
        """Check and apply; returns the applied action. Raises and changes nothing if illegal.

        The game's own legal instance is applied and recorded (see :meth:`check`).
        """
        own = self.check(player, action)
        self.game.apply(self.state, player, own)
        self.record.actions.append((player, str(own)))
        result = self.game.outcome(self.state)
        if result is not None:
            self.record.outcome = result.to_dict()
        return own

    def public_action(self, player: int, action: Hashable | str) -> str:
        """What other seats learn of ``action`` (call before applying it).

        Like :meth:`apply`, it describes the game's own value, never the caller's object.
        """
        given = self.parse(action) if isinstance(action, str) else action
        own = _legal_instance(self.legal_actions(player), given)
        if own is None:
            own = self._own_value(given)
        if own is None:
            raise IllegalActionError(self._not_an_action(given))
        return self.game.public_action(self.state, player, own)

    def _why_illegal(self, player: int, given: Any) -> str:
        """The game's reason, asked only about a value of its own (it may assume its type)."""
        own = self._own_value(given)
        if own is None:
            return self._not_an_action(given)
        return self.game.explain_illegal(self.state, player, own)

    def _not_an_action(self, given: Any) -> str:
        return f"{brief(given)} is not an action of {self.game.spec.title}"

    def _own_value(self, given: Any) -> Hashable | None:
        """The game's value for ``given`` read back from its notation, or None if it has none.

        A value is the game's only if its text parses to an equal value of the same type;
        anything else (None, numbers, containers, another game's actions, a forged action
        with fields of the wrong type) never reaches the game's own code.
        """
        try:
            parsed: Hashable = self.game.parse_action(str(given).strip())
        except Exception:  # text that is no action, or a foreign object whose __str__ fails
            return None
        return _legal_instance([parsed], given)

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
        narrate: bool = True,
    ) -> Match:
        """Rebuild a match by replaying ``record`` (its first ``steps`` actions, if given).

        ``narrate=False`` replays without the public log, as bulk simulation plays.

        Any mismatch (unknown game, other rules version, bad params, an action that is not
        legal when replayed, a different outcome) is a :class:`RecordError` naming it. A
        parameter that names a file (a card list) is refused unless that file is among
        ``trusted_files``, the files the user named: a record alone never opens a file.
        """
        record = MatchRecord.from_dict(record.to_dict())  # a record built in code is checked too
        try:
            entry = registry.entry(record.game)
        except GamenightError as error:
            raise RecordError(f"record is for {error}") from None
        if entry.name != record.game:  # records name a game exactly as they were written
            raise RecordError(
                f"record field 'game' must be a registered name ({entry.name!r}), "
                f"not {record.game!r}"
            )
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
            match = cls(game, record.num_players, record.seed, narrate=narrate)
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


def _legal_instance(legal: Sequence[Any], given: Any) -> Hashable | None:
    """The element of ``legal`` that ``given`` stands for, or None.

    ``list.index`` compares in C, so the hot path costs what ``in`` did. Equality alone is
    not enough: an object of another type may claim to equal anything (1.0 == 1, a custom
    ``__eq__``); requiring the same type keeps foreign values out of the game's code.
    """
    try:
        found: Hashable = legal[legal.index(given)]
    except Exception:  # not there (ValueError), or a foreign object's comparison failed
        return None
    return found if type(found) is type(given) else None
