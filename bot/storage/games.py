"""SQL for play-by-post games and their append-only event logs.

Each step's event keeps a reverse patch (bot/storage/patches.py) from the state after it back to
the state before it, which is all an undo needs: the current state is always the state after
the newest step not yet undone. Only the newest :data:`MAX_UNDO_STEPS` steps of a game keep
their patch, so a long game's log stays small; older steps keep their summary and details.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database, IntegrityError, Transaction, utcnow
from bot.storage.patches import apply_patch, reverse_patch

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
        undoes: int | None = None,
    ) -> int:
        """Write a new state (and status) if the game is still at ``expected_version``.

        ``state_before`` is the state being replaced: the event keeps the reverse patch to it.
        ``undoes`` marks that event as undone in the same transaction. Returns the new version;
        raises :class:`StaleVersion` when someone else wrote first.
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
                patch = None if state_before is None else reverse_patch(state, state_before)
                await self._append(tx, game_id, expected_version + 1, event, patch, now)
                if undoes is not None:
                    await tx.execute(
                        "UPDATE game_events SET undone = 1 WHERE id = ? AND game_id = ?", (undoes, game_id)
                    )
                await self._forget_old_steps(tx, game_id)
        except IntegrityError as error:
            if event.interaction_id is not None and "interaction_id" in str(error):
                raise AlreadyApplied(event.interaction_id) from error
            raise
        return expected_version + 1

    async def last_undoable(self, game_id: int) -> EventRecord | None:
        """The newest step not yet undone (``start`` when there is none left to undo)."""
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                "SELECT * FROM game_events WHERE game_id = ? AND undone = 0 AND action != 'undo'"
                " ORDER BY id DESC LIMIT 1",
                (game_id,),
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
