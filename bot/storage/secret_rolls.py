"""SQL for secret rolls: each server's game masters (a role, a channel) and the secret rolls kept
for them to reveal (see cogs/dice/secret.py)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.database import Database, utcnow

#: Unset: a keyword argument of :meth:`SecretRollRepository.set_game_masters` not given.
_KEEP = object()


@dataclass(frozen=True)
class GameMasters:
    """Who sees a server's secret rolls: the members holding ``role_id``, the channel ``channel_id``."""

    guild_id: int
    role_id: int | None
    channel_id: int | None
    set_by: int
    set_at: str


@dataclass(frozen=True)
class SecretRoll:
    id: int
    guild_id: int
    channel_id: int
    user_id: int
    label: str | None
    result: str
    created_at: str


class SecretRollRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def game_masters(self, guild_id: int) -> GameMasters | None:
        """The server's game masters, or None if neither a role nor a channel is set."""
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                "SELECT guild_id, role_id, channel_id, set_by, set_at FROM dice_game_masters "
                "WHERE guild_id = ?",
                (guild_id,),
            )
        if row is None or (row["role_id"] is None and row["channel_id"] is None):
            return None
        return GameMasters(row["guild_id"], row["role_id"], row["channel_id"], row["set_by"], row["set_at"])

    async def set_game_masters(
        self, guild_id: int, *, role_id: object = _KEEP, channel_id: object = _KEEP, by: int
    ) -> None:
        """Set the role, the channel or both (None takes one away); what is not given stays."""
        async with self._db.transaction() as tx:
            row = await tx.fetchone(
                "SELECT role_id, channel_id FROM dice_game_masters WHERE guild_id = ?", (guild_id,)
            )
            role = row["role_id"] if row is not None and role_id is _KEEP else role_id
            channel = row["channel_id"] if row is not None and channel_id is _KEEP else channel_id
            await tx.execute(
                "INSERT INTO dice_game_masters (guild_id, role_id, channel_id, set_by, set_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id, "
                "channel_id = excluded.channel_id, set_by = excluded.set_by, set_at = excluded.set_at",
                (
                    guild_id,
                    None if role is _KEEP else role,
                    None if channel is _KEEP else channel,
                    by,
                    utcnow(),
                ),
            )

    async def clear_game_masters(self, guild_id: int) -> bool:
        """Forget the server's game masters; False if none were set."""
        async with self._db.transaction() as tx:
            return await tx.execute("DELETE FROM dice_game_masters WHERE guild_id = ?", (guild_id,)) > 0

    async def keep(
        self, *, guild_id: int, channel_id: int, user_id: int, label: str | None, result: str
    ) -> int:
        """Keep a secret roll's result for its game masters; its id."""
        async with self._db.transaction() as tx:
            row = await tx.fetchone(
                "INSERT INTO secret_rolls (guild_id, channel_id, user_id, label, result, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, user_id, label, result, utcnow()),
            )
        assert row is not None
        return int(row["id"])

    async def secret(self, roll_id: int) -> SecretRoll | None:
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                "SELECT id, guild_id, channel_id, user_id, label, result, created_at FROM secret_rolls "
                "WHERE id = ?",
                (roll_id,),
            )
        if row is None:
            return None
        return SecretRoll(
            row["id"],
            row["guild_id"],
            row["channel_id"],
            row["user_id"],
            row["label"],
            row["result"],
            row["created_at"],
        )
