"""SQL for play-by-post games and their append-only event logs.

Each step's event keeps a reverse patch (bot/storage/patches.py) from the state after it back to
the state before it, which is all an undo needs: the current state is always the state after
the newest step not yet undone. Only the newest :data:`MAX_UNDO_STEPS` steps of a game keep
their patch, so a long game's log stays small; older steps keep their summary and details.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database, IntegrityError, Transaction, utcnow
from bot.storage.patches import apply_patch, reverse_patch
from rules.i18n import Message, Text

#: How many steps back a game can be undone (like AsyncTI4's 100 undo steps).
MAX_UNDO_STEPS = 100


class GameExists(Exception):
    """The channel already has an active game (the unique index said no)."""


class StaleVersion(Exception):
    """The game changed since it was read: the optimistic version check failed."""


class AlreadyApplied(Exception):
    """This interaction already wrote its step (a redelivered or retried interaction)."""


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    kind: str
    status: str
    state: dict[str, Any]
    schema_version: int
    version: int
    created_by: int
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class SeatedGame:
    """One active game as ``/games`` lists it: the game, and every seat's wait."""

    game_id: int
    kind: str
    guild_id: int | None
    channel_id: int
    updated_at: str
    #: (user id, what the game waits for from them or None, since when), in user id order. A wait
    #: is a :class:`~rules.i18n.Message` (rendered in the reader's language), or plain text when it
    #: was stored before the lines were marked.
    seats: list[tuple[int, Text | None, str]]


def stored_waiting(waiting: Text | None) -> str | None:
    """A seat's wait as the ``game_seats.waiting`` column keeps it: a message as JSON with sorted
    keys (the same wait is the same text, so an unchanged wait keeps its ``since``), plain text
    (an old line) as it is."""
    if waiting is None or isinstance(waiting, str):
        return waiting
    return json.dumps(waiting.to_json(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def read_waiting(text: str | None) -> Text | None:
    """The column back: a message stored by :func:`stored_waiting`, or (any other text, written
    before the lines were marked) that text, shown as it is."""
    if not text or not text.startswith("{"):
        return text
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            return text
        message = Message.from_json(data)
        str(message)  # it says what its msgid asks for (a row that does not is shown as text)
        return message
    except (ValueError, KeyError, IndexError, TypeError, RecursionError):
        return text


@dataclass(frozen=True)
class EventRecord:
    id: int
    game_id: int
    version: int
    actor_id: int
    action: str
    summary: str
    detail: dict[str, Any]
    state_before: dict[str, Any] | None
    at: str
    undo_patch: dict[str, Any] | None = None
    undone: bool = False

    @property
    def undoable(self) -> bool:
        """Whether the step still carries what an undo needs."""
        return self.state_before is not None or self.undo_patch is not None

    def before(self, after: dict[str, Any]) -> dict[str, Any]:
        """The state before this step, given the state right after it."""
        if self.state_before is not None:  # written before patches existed
            return self.state_before
        if self.undo_patch is None:
            raise ValueError(f"event {self.id} keeps no undo data")
        return apply_patch(after, self.undo_patch)


@dataclass(frozen=True)
class NewEvent:
    """An event to append together with a state change."""

    actor_id: int
    action: str
    summary: str = ""
    detail: dict[str, Any] | None = None
    #: The Discord interaction that made the step: each interaction writes at most one step.
    interaction_id: int | None = None


_GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, status, state, schema_version, version, "
    "created_by, created_at, updated_at"
)


def _game(row: Any) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        kind=row["kind"],
        status=row["status"],
        state=json.loads(row["state"]),
        schema_version=row["schema_version"],
        version=row["version"],
        created_by=row["created_by"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


def _event(row: Any) -> EventRecord:
    return EventRecord(
        id=row["id"],
        game_id=row["game_id"],
        version=row["version"],
        actor_id=row["actor_id"],
        action=row["action"],
        summary=row["summary"],
        detail=json.loads(row["detail"]),
        state_before=None if row["state_before"] is None else json.loads(row["state_before"]),
        at=row["at"],
        undo_patch=None if row["undo_patch"] is None else json.loads(row["undo_patch"]),
        undone=bool(row["undone"]),
    )


class SqlGameRepository:
    """Games and events on either backend. Every method is one atomic unit of work."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def active(self, channel_id: int) -> GameRecord | None:
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status = 'active'", (channel_id,)
            )
        return None if row is None else _game(row)

    async def active_of_kind(self, guild_id: int, kind: str) -> list[GameRecord]:
        """Every active game of ``kind`` in a server, oldest first (uses ``games_by_guild``)."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND kind = ? AND status = 'active'"
                " ORDER BY id",
                (guild_id, kind),
            )
        return [_game(r) for r in rows]

    async def of_kind(self, guild_id: int, kind: str) -> list[GameRecord]:
        """Every game of ``kind`` in a server, active or ended, oldest first (``games_by_guild``)."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND kind = ? ORDER BY id",
                (guild_id, kind),
            )
        return [_game(r) for r in rows]

    async def get(self, game_id: int) -> GameRecord | None:
        async with self._db.reading() as tx:
            row = await tx.fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return None if row is None else _game(row)

    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        kind: str,
        state: dict[str, Any],
        schema_version: int,
        event: NewEvent,
        seats: list[Any] | None = None,
    ) -> GameRecord:
        now = utcnow()
        try:
            async with self._db.transaction() as tx:
                row = await tx.fetchone(
                    "INSERT INTO games (guild_id, channel_id, kind, state, schema_version, created_by,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, kind, json.dumps(state), schema_version, event.actor_id, now, now),
                )
                assert row is not None
                game_id = int(row["id"])
                await self._append(tx, game_id, 1, event, None, now)
                if seats is not None:
                    await self._seat(tx, game_id, seats, now)
        except IntegrityError as error:
            raise GameExists(channel_id) from error
        record = await self.get(game_id)
        assert record is not None
        return record

    async def save(
        self,
        *,
        game_id: int,
        expected_version: int,
        state: dict[str, Any],
        schema_version: int,
        event: NewEvent,
        state_before: dict[str, Any] | None,
        status: str = "active",
        undoes: int | list[int] | None = None,
        seats: list[Any] | None = None,
        also: Callable[[Transaction], Awaitable[None]] | None = None,
    ) -> int:
        """Write a new state (and status) if the game is still at ``expected_version``.

        ``state_before`` is the state being replaced: the event keeps the reverse patch to it.
        ``undoes`` marks that event (or those events) as undone in the same transaction. ``also``
        writes another repository's rows in this transaction, after the version check: they are
        stored exactly when this state is. Returns the new version; raises :class:`StaleVersion`
        when someone else wrote first.
        """
        now = utcnow()
        try:
            async with self._db.transaction() as tx:
                changed = await tx.execute(
                    "UPDATE games SET state = ?, schema_version = ?, status = ?, version = version + 1,"
                    " updated_at = ? WHERE id = ? AND version = ? AND status = 'active'",
                    (json.dumps(state), schema_version, status, now, game_id, expected_version),
                )
                if changed != 1:
                    raise StaleVersion(game_id)
                if also is not None:
                    await also(tx)
                patch = None if state_before is None else reverse_patch(state, state_before)
                await self._append(tx, game_id, expected_version + 1, event, patch, now)
                for undone in [undoes] if isinstance(undoes, int) else undoes or []:
                    await tx.execute(
                        "UPDATE game_events SET undone = 1 WHERE id = ? AND game_id = ?", (undone, game_id)
                    )
                await self._forget_old_steps(tx, game_id)
                if status != "active":
                    await tx.execute("DELETE FROM game_seats WHERE game_id = ?", (game_id,))
                elif seats is not None:
                    await self._seat(tx, game_id, seats, now)
        except IntegrityError as error:
            if event.interaction_id is not None and "interaction_id" in str(error):
                raise AlreadyApplied(event.interaction_id) from error
            raise
        return expected_version + 1

    # -- seats: who plays, and whom a game waits on (/games) -----------------------------------

    @staticmethod
    async def _seat(tx: Transaction, game_id: int, seats: list[Any], now: str) -> None:
        """Replace a game's seats; a wait that goes on unchanged keeps the time it began.

        Only the seats that changed are written: an event of 512 players declares 512 seats, and
        a step usually moves one or two waits.
        """
        rows = await tx.fetchall(
            "SELECT user_id, waiting, since FROM game_seats WHERE game_id = ?", (game_id,)
        )
        began = {(r["user_id"], r["waiting"]): r["since"] for r in rows}
        waits = {int(s.user_id): s.waiting for s in seats}
        wanted = {user: stored_waiting(wait) for user, wait in waits.items()}
        gone = [u for u in {r["user_id"] for r in rows} if u not in wanted]
        for user in gone:
            await tx.execute("DELETE FROM game_seats WHERE game_id = ? AND user_id = ?", (game_id, user))
        for user, waiting in wanted.items():
            if (user, waiting) in began:
                continue  # the same wait goes on: nothing to write
            since = now
            wait = waits[user]
            if isinstance(wait, Message):
                # A wait stored as English text before it became a message goes on as that message.
                since = began.get((user, str(wait)), now)
            await tx.execute(
                "INSERT INTO game_seats (game_id, user_id, waiting, since) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, user_id) DO UPDATE SET waiting = excluded.waiting,"
                " since = excluded.since",
                (game_id, user, waiting, since),
            )

    async def write_seats(self, game_id: int, seats: list[Any]) -> None:
        async with self._db.transaction() as tx:
            await self._seat(tx, game_id, seats, utcnow())

    async def active_games(self) -> list[GameRecord]:
        """Every active game (to list them anew for /games when what seats mean has changed)."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active' ORDER BY id")
        return [_game(r) for r in rows]

    async def without_seats(self) -> list[GameRecord]:
        """Active games with no seat written yet (stored before /games existed)."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active'"
                " AND NOT EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = games.id) ORDER BY id"
            )
        return [_game(r) for r in rows]

    async def seated_games(self, user_id: int, guild_id: int | None, *, limit: int = 100) -> list[SeatedGame]:
        """The active games ``user_id`` plays, in one server or (``guild_id`` None) anywhere, newest
        activity first, each with all its seats: one query."""
        where = "g.status = 'active' AND g.id IN (SELECT game_id FROM game_seats WHERE user_id = ?)"
        params: tuple[Any, ...] = (user_id,)
        if guild_id is not None:
            where += " AND g.guild_id = ?"
            params += (guild_id,)
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                "SELECT g.id, g.kind, g.guild_id, g.channel_id, g.updated_at, s.user_id, s.waiting, s.since"
                f" FROM games g JOIN game_seats s ON s.game_id = g.id WHERE {where}"
                " ORDER BY g.updated_at DESC, g.id DESC, s.user_id",
                params,
            )
        found: dict[int, SeatedGame] = {}
        for r in rows:
            game = found.get(r["id"])
            if game is None:
                if len(found) >= limit:
                    continue
                game = found[r["id"]] = SeatedGame(
                    r["id"], r["kind"], r["guild_id"], r["channel_id"], r["updated_at"], []
                )
            game.seats.append((r["user_id"], read_waiting(r["waiting"]), r["since"]))
        return list(found.values())

    async def last_undoable(self, game_id: int, *, before: int | None = None) -> EventRecord | None:
        """The newest step not yet undone (``start`` when there is none left to undo); with
        ``before``, the newest older than that event."""
        newest = " AND id < ?" if before is not None else ""
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                "SELECT * FROM game_events WHERE game_id = ? AND undone = 0 AND action != 'undo'"
                f"{newest} ORDER BY id DESC LIMIT 1",
                (game_id,) if before is None else (game_id, before),
            )
        return None if row is None else _event(row)

    @staticmethod
    async def _forget_old_steps(tx: Transaction, game_id: int) -> None:
        """Drop the undo data of steps older than the newest MAX_UNDO_STEPS undoable ones."""
        await tx.execute(
            "UPDATE game_events SET undo_patch = NULL, state_before = NULL"
            " WHERE game_id = ? AND (undo_patch IS NOT NULL OR state_before IS NOT NULL) AND id < ("
            "  SELECT id FROM game_events WHERE game_id = ? AND undone = 0"
            "  AND action NOT IN ('undo', 'start')"
            "  ORDER BY id DESC LIMIT 1 OFFSET ?)",
            (game_id, game_id, MAX_UNDO_STEPS - 1),
        )

    async def events(self, game_id: int, *, limit: int = 50) -> list[EventRecord]:
        """The newest ``limit`` events, newest first."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                "SELECT * FROM game_events WHERE game_id = ? ORDER BY id DESC LIMIT ?", (game_id, limit)
            )
        return [_event(r) for r in rows]

    @staticmethod
    async def _append(
        tx: Transaction,
        game_id: int | None,
        version: int,
        event: NewEvent,
        undo_patch: dict[str, Any] | None,
        now: str,
    ) -> None:
        await tx.execute(
            "INSERT INTO game_events (game_id, version, actor_id, action, summary, detail, undo_patch, at,"
            " interaction_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                version,
                event.actor_id,
                event.action,
                event.summary,
                json.dumps(event.detail or {}),
                None if undo_patch is None else json.dumps(undo_patch, separators=(",", ":")),
                now,
                event.interaction_id,
            ),
        )
