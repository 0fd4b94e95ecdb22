"""Tables at run time: the match, the seats and their sockets, the bots, the event log.

A table's state is a fold of its event log (:meth:`Table.apply_event`), used alike when
playing live and when rebuilding after a restart, so a rebuilt table is the table that was.
Live, every change follows one path (:meth:`Table._commit`): the event is appended to the
store and committed durably, then applied, then every socket at the table gets its new
frame. Only views leave the table: a seat's socket gets ``Match.view(seat)``, its legal
actions and its own public log; a spectator's gets the spectator's view and log.

Sequence numbers count the table's events. An action sent from an older number is refused
with a resync unless nothing the seat can see has changed since then (in a simultaneous step
another seat committing changes every view, so the client must look again).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import json
import logging
import secrets
import time
from typing import Any

from gamenight.core import registry
from gamenight.core.agent import Agent
from gamenight.core.engine import Match
from gamenight.core.errors import GamenightError
from gamenight.core.rng import Rng
from gamenight.night import (
    PICKER,
    bot_preferences,
    check_ratings,
    default_bot,
    night_library,
    picked_title,
    picker_params,
    runnable,
)
from gamenight.server.bots import BotRunner, SeatHistory, apply_watched, replay_history
from gamenight.server.protocol import (
    BOT,
    HUMAN,
    MATCH,
    TableSettings,
    error_frame,
)
from gamenight.server.storage import (
    FINISHED,
    OPEN,
    PLAYING,
    Event,
    StorageError,
    Store,
    TableRow,
)

log = logging.getLogger("gamenight.server")

RATING = "rating"
PICK = "pick"
PLAY = "play"

SEED_BITS = 64
CLOSE_GOING_AWAY = 1001
CLOSE_TOO_SLOW = 4429
CLOSE_TAKEN_OVER = 4409
COMPACT = (",", ":")


def new_token() -> str:
    """A seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_seed() -> int:
    return secrets.randbits(SEED_BITS)


@dataclasses.dataclass(frozen=True)
class ServerConfig:
    """How the server behaves; tests shorten the pauses."""

    bot_pause: float = 0.8
    """Seconds a bot waits before acting, so people can follow."""
    bot_workers: int = 1
    """Processes for search bots."""
    max_live_tables: int = 2000
    """Unfinished tables held at once; creating more is refused until some finish."""
    rate: float = 10.0
    """Frames a second a connection may send, after a burst of ``burst``."""
    burst: float = 30.0
    hello_timeout: float = 15.0
    outbox_limit: int = 512
    """Frames queued for a socket that reads too slowly before the server drops it."""


class Connection:
    """One socket at a table: its seat (None for a spectator) and its queue of frames."""

    def __init__(self, seat: int | None, outbox_limit: int) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.outbox_limit = outbox_limit
        self.log_match = 0
        self.log_next = 0
        self.dropped = False
        self.close_code = CLOSE_TOO_SLOW
        self.close_reason = "too far behind; reconnect"

    def send(self, frame: dict[str, Any] | str) -> None:
        """Queue a frame; a socket that falls too far behind is dropped (it may reconnect)."""
        if self.dropped:
            return
        if self.outbox.qsize() >= self.outbox_limit:
            self.drop(CLOSE_TOO_SLOW, "too far behind; reconnect")
            return
        text = frame if isinstance(frame, str) else json.dumps(frame, separators=COMPACT)
        self.outbox.put_nowait(text)

    def drop(self, code: int, reason: str) -> None:
        """Close the socket after the frames already queued, with this code and reason."""
        if not self.dropped:
            self.dropped = True
            self.close_code, self.close_reason = code, reason
            self.outbox.put_nowait(None)


@dataclasses.dataclass
class Snapshot:
    """A table's frames at one moment: the shared head, and each seat's part as JSON."""

    status: str
    parts: dict[int | None, str]
    head: dict[str, Any]


@dataclasses.dataclass
class NightState:
    library: list[str]
    ratings: list[tuple[float, ...] | None]
    stage: str = RATING


class Table:
    """One table: its settings, its current match and its history, its sockets."""

    def __init__(
        self,
        row: TableRow,
        settings: TableSettings,
        store: Store,
        bots: BotRunner,
        config: ServerConfig,
    ) -> None:
        self.id = row.table_id
        self.row = row
        self.settings = settings
        self.store = store
        self.bots = bots
        self.config = config
        players = settings.players
        self.players = players
        self.seq = 0
        self.match: Match | None = None
        self.match_no = 0
        self.match_seats: tuple[str, ...] = settings.seats
        self.night: NightState | None = None
        self.records: dict[int, dict[str, Any]] = {}
        self.connections: list[Connection] = []
        self.changed_at = [0] * players
        self._fingerprints: list[str | None] = [None] * players
        now = time.monotonic()
        self.away_since = [now] * players
        self.lock = asyncio.Lock()
        self.closed = False
        self._driver: asyncio.Task[None] | None = None
        self._agents: dict[str, Agent] = {}
        self._histories: dict[int, SeatHistory] = {}  # seats whose bot watches (issue 17)
        self._saved = (row.status, list(row.claimed))

    # -- the event log --------------------------------------------------------------------
    def apply_event(self, event: Event) -> None:
        """Fold one event into the table (live and when rebuilding alike)."""
        data = event.data
        kind = event.kind
        if kind == "match":
            game = registry.make_game(data["game"], data["params"])
            match = Match(game, self.players, int(data["seed"]))
            match.record.meta = {
                "seats": list(data["seats"]),
                "table": self.id,
                "match": self.match_no + 1,
            }
            self.match = match
            self.match_no += 1
            self.match_seats = tuple(data["seats"])
            self._agents = {}
            self._histories = {}
            if self.night is not None:
                self.night.stage = data["stage"]
        elif kind == "act":
            if self.match is None:
                raise StorageError(f"table {self.id} event {event.seq}: an action with no match")
            if self._histories:
                apply_watched(self.match, self._histories, int(data["seat"]), str(data["action"]))
            else:
                self.match.apply(int(data["seat"]), str(data["action"]))
        elif kind == "night":
            self.match = None
            self.night = NightState(list(data["library"]), [None] * self.players)
        elif kind == "rate":
            if self.night is None:
                raise StorageError(f"table {self.id} event {event.seq}: a rating with no night")
            self.night.ratings[int(data["seat"])] = tuple(float(v) for v in data["ratings"])
        elif kind == "again":
            self.match = None
            self.night = None
        else:
            raise StorageError(f"table {self.id} event {event.seq}: unknown kind {kind!r}")
        self.seq = event.seq
        if self.match is not None and self.match.is_over() and self.match_no not in self.records:
            self.records[self.match_no] = self.match.record.to_dict()
            self._histories = {}  # no bot decides in this match any more

    def replay(self, events: list[Event]) -> None:
        for event in events:
            if event.seq != self.seq + 1:
                raise StorageError(f"table {self.id}: event {event.seq} follows {self.seq}")
            try:
                self.apply_event(event)
            except GamenightError as error:
                raise StorageError(f"table {self.id} event {event.seq}: {error}") from None
        self._refresh()

    def _automatic(self) -> tuple[str, dict[str, Any]] | None:
        """The event the server itself takes next, if any: a match starting, a night going on."""
        settings = self.settings
        if settings.kind == MATCH:
            if self.match is not None:
                return None
            game = settings.make_game()
            return "match", {
                "game": game.spec.name,
                "params": game.params.changed(),
                "seed": new_seed(),
                "seats": list(settings.seats),
            }
        night = self.night
        if night is None:
            return "night", {"library": night_library(self.players, settings.added)}
        if night.stage == RATING:
            if any(night.ratings[seat] is None for seat in settings.human_seats()):
                return None
            preferences = [
                night.ratings[seat] or bot_preferences(night.library, Rng(new_seed()))
                for seat in range(self.players)
            ]
            return "match", {
                "game": PICKER,
                "params": picker_params(night.library, preferences),
                "seed": new_seed(),
                "seats": list(settings.seats),
                "stage": PICK,
            }
        name = self._pick_to_play()
        if name is None:
            return None
        game = registry.make_game(name)
        seats = [spec if spec == HUMAN else default_bot(game) for spec in settings.seats]
        return "match", {
            "game": name,
            "params": {},
            "seed": new_seed(),
            "seats": seats,
            "stage": PLAY,
        }

    def _pick_to_play(self) -> str | None:
        """The game a finished picking match chose, if gamenight runs it."""
        night, match = self.night, self.match
        if night is None or night.stage != PICK or match is None or not match.is_over():
            return None
        title = picked_title(match.view(None))
        return runnable(title, self.players) if title is not None else None

    # -- status -----------------------------------------------------------------------------
    @property
    def claimed(self) -> list[bool]:
        return self.row.claimed

    @property
    def status(self) -> str:
        if not all(self.claimed[seat] for seat in self.settings.human_seats()):
            return OPEN
        match = self.match
        if match is None or not match.is_over() or self._pick_to_play() is not None:
            return PLAYING
        if self.night is not None and self.night.stage == RATING:
            return PLAYING
        return FINISHED

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)

    def holders(self, seat: int) -> list[Connection]:
        """The sockets holding ``seat``: more than one when it is open in several browsers."""
        return [c for c in self.connections if c.seat == seat]

    def stand_in_for(self, seat: int) -> str | None:
        """The bot playing for an absent person now, if the table hands absent seats over."""
        settings = self.settings
        if (
            settings.absent != BOT
            or self.match_seats[seat] != HUMAN
            or self.connected(seat)
            or time.monotonic() - self.away_since[seat] < settings.absent_after
        ):
            return None
        match = self.match
        game = match.game if match is not None else registry.make_game(PICKER)
        if settings.stand_in is not None and (
            self.night is None or self.night.stage != PLAY
        ):  # a night's pick may be a game the chosen stand-in does not play
            return settings.stand_in
        return default_bot(game)

    def seat_for_token(self, token: str) -> int | None:
        """The seat whose token this is; every seat is compared, in constant time each."""
        digest = token_hash(token)
        found = None
        for seat, stored in enumerate(self.row.seat_hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                found = seat
        return found

    # -- what each seat sees ----------------------------------------------------------------
    def _seat_part(self, seat: int | None, status: str) -> dict[str, Any]:
        """Everything of the frame that depends on the seat, apart from the log."""
        match = self.match
        part: dict[str, Any] = {"seat": seat, "view": None, "legal": [], "to_act": []}
        if match is not None:
            part["view"] = match.view(seat)
            to_act = list(match.to_act()) if status == PLAYING else []
            part["to_act"] = to_act
            if seat is not None and seat in to_act:
                part["legal"] = [str(action) for action in match.legal_actions(seat)]
        night = self.night
        if night is not None:
            rated = [
                spec != HUMAN or night.ratings[s] is not None
                for s, spec in enumerate(self.settings.seats)
            ]
            mine = night.ratings[seat] if seat is not None else None
            if night.stage == RATING:
                part["to_act"] = [s for s, done in enumerate(rated) if not done]
            picked = None
            if night.stage == PICK and match is not None and match.is_over():
                picked = picked_title(match.view(None))
            part["night"] = {
                "stage": night.stage,
                "library": night.library,
                "rated": rated,
                "mine": list(mine) if mine is not None else None,
                "picked": picked,
                "playable": picked is not None and runnable(picked, self.players) is not None,
            }
        return part

    def _refresh(self) -> Snapshot:
        """Every seat's part of the frame, as JSON; note the seats whose part changed.

        The spectator's part is built only when someone watches.
        """
        status = self.status
        parts: dict[int | None, str] = {}
        if any(c.seat is None for c in self.connections):
            parts[None] = json.dumps(self._seat_part(None, status), separators=COMPACT)
        shared = f"{status}/{self.match_no}/{self._journal_length()}"
        for seat in range(self.players):
            text = json.dumps(self._seat_part(seat, status), separators=COMPACT)
            parts[seat] = text
            fingerprint = text + shared
            if fingerprint != self._fingerprints[seat]:
                self._fingerprints[seat] = fingerprint
                self.changed_at[seat] = self.seq
        return Snapshot(status, parts, self._head(status))

    def _journal_length(self) -> int:
        match = self.match
        return len(match.journal) if match is not None and match.journal is not None else 0

    def seats_summary(self) -> list[dict[str, Any]]:
        summary = []
        for seat, spec in enumerate(self.match_seats):
            human = self.settings.seats[seat] == HUMAN
            summary.append(
                {
                    "seat": seat,
                    "kind": HUMAN if human else BOT,
                    "bot": None if human else spec,
                    "claimed": self.claimed[seat] if human else True,
                    "connected": self.connected(seat) if human else True,
                    "stand_in": self.stand_in_for(seat) if human else None,
                }
            )
        return summary

    def _head(self, status: str) -> dict[str, Any]:
        """The part of a frame that every socket at the table shares."""
        match = self.match
        outcome = match.outcome if match is not None else None
        return {
            "seq": self.seq,
            "table": self.id,
            "status": status,
            "match": self.match_no,
            "game": match.game.spec.name if match is not None else None,
            "title": match.game.spec.title if match is not None else None,
            "players": self.players,
            "outcome": outcome.to_dict() if outcome is not None else None,
            "seats": self.seats_summary(),
            "spectators": sum(1 for c in self.connections if c.seat is None),
            "records": sorted(self.records),
        }

    def _frame(
        self, connection: Connection, snapshot: Snapshot, kind: str = "state", **extra: Any
    ) -> str:
        """The connection's frame: the shared head, its seat's part, the log it has not had."""
        seat = connection.seat
        if seat not in snapshot.parts:  # a spectator who joined since the snapshot
            snapshot.parts[seat] = json.dumps(
                self._seat_part(seat, snapshot.status), separators=COMPACT
            )
        match = self.match
        if connection.log_match != self.match_no:
            connection.log_match, connection.log_next = self.match_no, 0
        entries: list[dict[str, Any]] = []
        if match is not None:
            entries = match.log(seat, connection.log_next)
            connection.log_next = self._journal_length()
        head = json.dumps(
            {"type": kind, **snapshot.head, "log": entries, **extra}, separators=COMPACT
        )
        return f"{head[:-1]},{snapshot.parts[seat][1:]}"  # two JSON objects made one

    def _broadcast(self, actor: Connection | None = None, ack: str | None = None) -> None:
        snapshot = self._refresh()
        for connection in self.connections:
            if connection is actor and ack is not None:
                connection.send(self._frame(connection, snapshot, ack=ack))
            else:
                connection.send(self._frame(connection, snapshot))

    def _presence(self) -> None:
        frame = {
            "type": "presence",
            "seq": self.seq,
            "seats": self.seats_summary(),
            "spectators": sum(1 for c in self.connections if c.seat is None),
        }
        text = json.dumps(frame, separators=COMPACT)
        for connection in self.connections:
            connection.send(text)

    def resync(self, connection: Connection, reason: str) -> None:
        connection.send(self._frame(connection, self._refresh(), kind="resync", reason=reason))

    # -- live changes -----------------------------------------------------------------------
    async def _commit(
        self,
        kind: str,
        data: dict[str, Any],
        actor: Connection | None = None,
        ack: str | None = None,
    ) -> None:
        """Store the event durably, then apply it, then tell every socket; then carry on."""
        event = Event(self.seq + 1, kind, data)
        await self.store.append_event(self.id, event)
        self.apply_event(event)
        self._broadcast(actor, ack)
        await self.settle()

    async def settle(self) -> None:
        """Take the server's own next events (a match starting...), save the status, go on."""
        while (automatic := self._automatic()) is not None:
            kind, data = automatic
            event = Event(self.seq + 1, kind, data)
            await self.store.append_event(self.id, event)
            self.apply_event(event)
            self._broadcast()
        await self._save_status()
        self.poke()

    async def _save_status(self) -> None:
        current = (self.status, list(self.claimed))
        if current != self._saved:
            await self.store.update_table(self.id, status=current[0], claimed=current[1])
            self.row.status = current[0]
            self._saved = current

    async def join(self, connection: Connection, match_no: int | None, log_from: int) -> None:
        """A socket takes its seat (or starts watching); it gets the whole current state."""
        async with self.lock:
            if match_no is not None and match_no == self.match_no:
                connection.log_match, connection.log_next = match_no, log_from
            self.connections.append(connection)
            seat = connection.seat
            first_time = seat is not None and not self.claimed[seat]
            if first_time and seat is not None:
                self.row.claimed[seat] = True
            if first_time:
                self._broadcast()  # the new seat's frame, and everyone sees the seat taken
                await self.settle()
            else:
                connection.send(self._frame(connection, self._refresh()))
                self._presence()
                self.poke()  # a returning person takes the seat back from a stand-in
            if seat is not None and len(self.holders(seat)) > 1:
                others = len(self.holders(seat)) - 1
                connection.send({"type": "held", "seq": self.seq, "seat": seat, "others": others})

    async def take_over(self, connection: Connection) -> None:
        """``connection`` keeps its seat; the other sockets holding it are told, then closed."""
        async with self.lock:
            seat = connection.seat
            if seat is None:
                self._refuse(connection, "spectators hold no seat to take over", "spectator")
                return
            frame = {"type": "taken-over", "seq": self.seq, "seat": seat}
            for other in self.holders(seat):
                if other is not connection:
                    other.send(frame)
                    other.drop(CLOSE_TAKEN_OVER, "the seat was taken over in another browser")
                    self.connections.remove(other)
            connection.send({"type": "held", "seq": self.seq, "seat": seat, "others": 0})
            self._presence()

    async def leave(self, connection: Connection) -> None:
        if connection not in self.connections:
            return
        self.connections.remove(connection)
        seat = connection.seat
        if seat is not None and not self.connected(seat):
            self.away_since[seat] = time.monotonic()
            if self.settings.absent == BOT:
                asyncio.get_running_loop().call_later(self.settings.absent_after + 0.05, self.poke)
        self._presence()

    def _refusal(self, connection: Connection, seq: int) -> str | None:
        """Why an action from ``seq`` cannot be taken now (a resync follows), if it cannot."""
        seat = connection.seat
        if seat is None:
            return "spectators cannot act"
        if seq > self.seq:
            return f"seq {seq} is ahead of the table (at {self.seq})"
        if seq < self.changed_at[seat]:
            return f"the table moved on since seq {seq} (now {self.seq})"
        return None

    def _refuse(self, connection: Connection, message: str, code: str) -> None:
        connection.send(error_frame(self.seq, message, code))

    async def act(self, connection: Connection, seq: int, text: str) -> None:
        async with self.lock:
            seat = connection.seat
            if seat is None:
                self._refuse(connection, "spectators cannot act", "spectator")
                return
            if self.status == OPEN:
                waiting = [s for s in self.settings.human_seats() if not self.claimed[s]]
                names = ", ".join(map(str, waiting))
                self._refuse(connection, f"the table waits for seat(s) {names} to join", "open")
                return
            reason = self._refusal(connection, seq)
            if reason is not None:
                self.resync(connection, reason)
                return
            match = self.match
            if match is None:
                self._refuse(connection, "no match is being played: rate the games", "no-match")
                return
            try:
                action = match.check(seat, text)
            except GamenightError as error:
                self._refuse(connection, str(error), "illegal")
                return
            try:
                await self._commit("act", {"seat": seat, "action": str(action)}, connection, text)
            except StorageError as error:
                log.error("table %s: could not store an action: %s", self.id, error)
                self._refuse(connection, "the action could not be saved; send it again", "storage")

    async def rate(self, connection: Connection, seq: int, ratings: tuple[float, ...]) -> None:
        async with self.lock:
            seat = connection.seat
            night = self.night
            if seat is None:
                self._refuse(connection, "spectators cannot rate", "spectator")
                return
            if night is None or night.stage != RATING:
                self._refuse(connection, "this table is not rating games now", "not-rating")
                return
            if night.ratings[seat] is not None:
                self._refuse(connection, "your ratings are already in", "rated")
                return
            reason = self._refusal(connection, seq)
            if reason is not None:
                self.resync(connection, reason)
                return
            try:
                checked = check_ratings(ratings, night.library)
            except GamenightError as error:
                self._refuse(connection, str(error), "bad-ratings")
                return
            try:
                await self._commit(
                    "rate", {"seat": seat, "ratings": list(checked)}, connection, "rated"
                )
            except StorageError as error:
                log.error("table %s: could not store ratings: %s", self.id, error)
                self._refuse(connection, "the ratings could not be saved; send again", "storage")

    async def again(self, seat: int) -> str | None:
        """Start a new match (or night) at the same seats; the reason if it cannot start."""
        async with self.lock:
            if self.status != FINISHED:
                return "the table has not finished its match"
            try:
                await self._commit("again", {"by": seat})
            except StorageError as error:
                log.error("table %s: could not start again: %s", self.id, error)
                return "the table could not be saved; try again"
            return None

    # -- bots -------------------------------------------------------------------------------
    def poke(self) -> None:
        """Let the bots (and stand-ins) look whether it is their turn."""
        if self.closed:
            return
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    def _next_bot(self) -> tuple[int, str] | None:
        """A bot seat (or stand-in for an absent person) that may act now."""
        if self.closed or self.status != PLAYING:
            return None
        match, night = self.match, self.night
        if night is not None and night.stage == RATING:
            for seat in self.settings.human_seats():
                if night.ratings[seat] is None and self.stand_in_for(seat) is not None:
                    return seat, "ratings"
            return None
        if match is None:
            return None
        for seat in match.to_act():
            spec = self.bot_for(seat)
            if spec is not None:
                return seat, spec
        return None

    def bot_for(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now: its own, a stand-in for an absent person, or None."""
        spec = self.match_seats[seat]
        return spec if spec != HUMAN else self.stand_in_for(seat)

    async def _drive(self) -> None:
        try:
            while (choice := self._next_bot()) is not None:
                seen = self.seq
                if self.config.bot_pause > 0:
                    await asyncio.sleep(self.config.bot_pause)
                    if self._next_bot() != choice:
                        continue
                await self._bot_turn(*choice, seen)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bot's failure must not take the table down; log it and stop
            log.exception("table %s: the bots stopped", self.id)

    async def _bot_turn(self, seat: int, spec: str, seen: int) -> None:
        match = self.match
        if spec == "ratings":
            night = self.night
            assert night is not None
            ratings = bot_preferences(night.library, Rng(new_seed()))
            async with self.lock:
                if self._next_bot() == (seat, spec):
                    await self._commit_quietly("rate", {"seat": seat, "ratings": list(ratings)})
            return
        assert match is not None
        view = match.view(seat)
        legal = match.legal_actions(seat)
        try:
            action = await self.bots.choose(
                match.game,
                spec,
                view,
                legal,
                new_seed(),
                self._agents,
                history=lambda: self.history_for(seat),
            )
        except Exception:  # a misbehaving bot: a random legal move keeps the table going
            log.exception("table %s: bot %r failed; playing a random move", self.id, spec)
            action = legal[secrets.randbelow(len(legal))]
        async with self.lock:
            if self.match is not match or self.changed_at[seat] > seen:
                return  # the position changed while the bot thought: think again
            if seat not in match.to_act() or self.bot_for(seat) != spec:
                return  # the person came back, or the seat no longer acts
            await self._commit_quietly("act", {"seat": seat, "action": str(action)})

    def history_for(self, seat: int) -> SeatHistory:
        """What ``seat`` saw of the current match, for a bot there that watches it: kept from
        the first time a bot asks (rebuilt from the record then) until the match ends."""
        history = self._histories.get(seat)
        if history is None:
            match = self.match
            assert match is not None
            key = f"{self.id}/{self.match_no}/{seat}/{secrets.token_hex(6)}"
            history = self._histories[seat] = replay_history(match, seat, key, new_seed())
        return history

    async def _commit_quietly(self, kind: str, data: dict[str, Any]) -> None:
        try:
            await self._commit(kind, data)
        except StorageError as error:
            log.error("table %s: could not store a bot's move: %s", self.id, error)
            await asyncio.sleep(1.0)  # the store is failing: do not spin

    async def close(self) -> None:
        self.closed = True
        if self._driver is not None:
            self._driver.cancel()
        for connection in self.connections:
            connection.drop(CLOSE_GOING_AWAY, "the server is stopping; reconnect soon")

    # -- listings -----------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """What anyone may know of the table (listings): never a token or a seed."""
        match = self.match
        return {
            **public_summary(self.row, self.settings),
            "status": self.status,
            "match": self.match_no,
            "game": match.game.spec.name if match is not None else self.settings.game,
            "seats": self.seats_summary(),
            "spectators": sum(1 for c in self.connections if c.seat is None),
            "records": sorted(self.records),
        }


def public_summary(row: TableRow, settings: TableSettings) -> dict[str, Any]:
    """A stored table as listings show it."""
    seats = []
    for seat, spec in enumerate(settings.seats):
        human = spec == HUMAN
        seats.append(
            {
                "seat": seat,
                "kind": HUMAN if human else BOT,
                "bot": None if human else spec,
                "claimed": row.claimed[seat] if human else True,
            }
        )
    return {
        "table": row.table_id,
        "kind": settings.kind,
        "game": settings.game,
        "players": settings.players,
        "variant": settings.variant,
        "params": settings.params,
        "listed": row.listed,
        "status": row.status,
        "created": row.created,
        "seats": seats,
        "absent": settings.absent,
        "absent_after": settings.absent_after,
        "spectate": f"/tables/{row.table_id}",
        "socket": f"/ws/tables/{row.table_id}",
    }


class TableFull(GamenightError):
    """The server holds as many unfinished tables as it is configured for."""


class Tables:
    """Every table: the live ones in memory, the rest loaded from the store when asked for."""

    def __init__(self, store: Store, bots: BotRunner, config: ServerConfig) -> None:
        self.store = store
        self.bots = bots
        self.config = config
        self.live: dict[str, Table] = {}
        self._load_lock = asyncio.Lock()

    def _table(self, row: TableRow) -> Table:
        settings = TableSettings.from_dict(row.settings)
        return Table(row, settings, self.store, self.bots, self.config)

    async def restore(self) -> int:
        """Rebuild every unfinished table from its log; returns how many."""
        rows = await self.store.list_tables((OPEN, PLAYING), listed_only=False, limit=None)
        for row in rows:
            try:
                table = self._table(row)
                table.replay(await self.store.load_events(row.table_id))
            except (StorageError, GamenightError, LookupError, TypeError, ValueError) as error:
                log.error("table %s cannot be rebuilt: %s", row.table_id, error)
                continue
            self.live[row.table_id] = table
        for table in self.live.values():
            await table.settle()
        return len(self.live)

    async def create(self, settings: TableSettings) -> tuple[Table, list[tuple[int, str]]]:
        """A new table; returns it and (seat, token) for every person's seat."""
        if len(self.live) >= self.config.max_live_tables and (
            sum(1 for t in self.live.values() if t.status != FINISHED)
            >= self.config.max_live_tables
        ):
            raise TableFull("the server is full; try again when some tables have finished")
        tokens = [(seat, new_token()) for seat in settings.human_seats()]
        hashes: list[str | None] = [None] * settings.players
        for seat, token in tokens:
            hashes[seat] = token_hash(token)
        row = TableRow(
            table_id=secrets.token_urlsafe(9),
            created=time.time(),
            settings=settings.to_dict(),
            seat_hashes=hashes,
            claimed=[spec != HUMAN for spec in settings.seats],
            status=OPEN,
            listed=settings.listed,
        )
        await self.store.create_table(row)
        table = self._table(row)
        self.live[row.table_id] = table
        async with table.lock:
            await table.settle()
        self._forget_finished()
        return table, tokens

    async def get(self, table_id: str) -> Table | None:
        """The table, loading a finished one from the store if need be."""
        table = self.live.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 64:
            return None
        async with self._load_lock:  # two sockets asking at once load the table once
            table = self.live.get(table_id)
            return table if table is not None else await self._load(table_id)

    async def _load(self, table_id: str) -> Table | None:
        row = await self.store.get_table(table_id)
        if row is None:
            return None
        table = self._table(row)
        table.replay(await self.store.load_events(table_id))
        self.live[table_id] = table
        self._forget_finished()
        return table

    def _forget_finished(self, keep: int = 256) -> None:
        """Drop finished tables nobody is at from memory (the store still has them)."""
        if len(self.live) <= keep:
            return
        idle = [
            table_id
            for table_id, table in self.live.items()
            if table.status == FINISHED and not table.connections
        ]
        for table_id in idle[: max(0, len(idle) - keep)]:
            del self.live[table_id]

    async def listing(self, statuses: tuple[str, ...], limit: int) -> list[dict[str, Any]]:
        """Listed tables in ``statuses``, newest first; a live table's own status counts
        (the stored one may lag behind it by a moment)."""
        stored = tuple(sorted({*statuses, OPEN, PLAYING}))
        rows = await self.store.list_tables(stored, listed_only=True, limit=limit + len(self.live))
        shown = []
        for row in rows:
            table = self.live.get(row.table_id)
            if table is not None:
                if table.status in statuses:
                    shown.append(table.summary())
            elif row.status in statuses:
                shown.append(public_summary(row, TableSettings.from_dict(row.settings)))
            if len(shown) >= limit:
                break
        return shown

    async def close(self) -> None:
        for table in self.live.values():
            await table.close()
