"""SQL for saved attack profiles: a named weapon or target line, a player's own or the server's.

Names are matched without regard to case or repeated spaces (``name_key``). A player's own
profile wins over the server's profile of the same name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database, utcnow
from rules.errors import RuleError

SERVER = 0
"""``owner_id`` of a profile every member of the server can use."""
MAX_PROFILES_PER_OWNER = 100
"""Most profiles one player (or the server) may keep in one server."""


class ProfileLimitError(RuleError):
    """Too many saved profiles."""


def name_key(name: str) -> str:
    """The form a name is matched by: ``" Bolt  Rifle "`` -> ``"bolt rifle"``."""
    return " ".join(name.split()).lower()


@dataclass(frozen=True)
class AttackProfile:
    id: int
    guild_id: int
    owner_id: int
    name: str
    kind: str
    line: str
    created_by: int
    updated_at: str
    edition: str | None = None
    """The 40k edition the profile was saved for (``"10th"``/``"11th"``); ``None``: not chosen."""

    @property
    def server_wide(self) -> bool:
        return self.owner_id == SERVER


def _profile(row: Any) -> AttackProfile:
    return AttackProfile(
        id=row["id"],
        guild_id=row["guild_id"],
        owner_id=row["owner_id"],
        name=row["name"],
        kind=row["kind"],
        line=row["line"],
        created_by=row["created_by"],
        updated_at=row["updated_at"],
        edition=row["edition"],
    )


_COLUMNS = "id, guild_id, owner_id, name, kind, line, created_by, updated_at, edition"
_ONE = "guild_id = ? AND owner_id = ? AND name_key = ?"


class SqliteAttackProfileRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def save(
        self,
        *,
        guild_id: int,
        owner_id: int,
        name: str,
        kind: str,
        line: str,
        created_by: int,
        edition: str | None = None,
    ) -> AttackProfile | None:
        """Keep ``line`` under ``name``; return the profile it replaced (``None`` if it is new).

        Raises :class:`ProfileLimitError` when the owner already keeps the most profiles allowed.
        """
        name = " ".join(name.split())
        async with self._db.transaction() as tx:
            row = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM attack_profiles WHERE {_ONE}",
                (guild_id, owner_id, name_key(name)),
            )
            if row is None:
                count = await tx.fetchone(
                    "SELECT COUNT(*) AS n FROM attack_profiles WHERE guild_id = ? AND owner_id = ?",
                    (guild_id, owner_id),
                )
                if count is not None and count["n"] >= MAX_PROFILES_PER_OWNER:
                    whose = "The server keeps" if owner_id == SERVER else "You keep"
                    raise ProfileLimitError(
                        f"{whose} {MAX_PROFILES_PER_OWNER} profiles already: delete one with "
                        "`/40k profile delete` first."
                    )
                await tx.execute(
                    "INSERT INTO attack_profiles (guild_id, owner_id, name, name_key, kind, line, created_by,"
                    " updated_at, edition) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (guild_id, owner_id, name, name_key(name), kind, line, created_by, utcnow(), edition),
                )
                return None
            await tx.execute(
                "UPDATE attack_profiles SET name = ?, kind = ?, line = ?, created_by = ?, updated_at = ?, "
                "edition = ? WHERE id = ?",
                (name, kind, line, created_by, utcnow(), edition, row["id"]),
            )
            return _profile(row)

    async def find(self, *, guild_id: int, user_id: int, name: str) -> AttackProfile | None:
        """The profile called ``name`` that ``user_id`` can use: their own first, else the server's."""
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM attack_profiles WHERE guild_id = ? AND owner_id IN (?, ?) "
                "AND name_key = ? ORDER BY owner_id = ? LIMIT 1",
                (guild_id, user_id, SERVER, name_key(name), SERVER),
            )
        return None if row is None else _profile(row)

    async def usable(
        self, *, guild_id: int, user_id: int, kind: str | None = None, limit: int = 200
    ) -> list[AttackProfile]:
        """Every profile ``user_id`` can use (their own, then the server's), by name.

        A server profile hidden by one of the player's own of the same name is left out.
        """
        kinds = ("weapon", "target", "unit") if kind is None else (kind, kind, kind)
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT {_COLUMNS} FROM attack_profiles AS p WHERE guild_id = ? AND kind IN (?, ?, ?) AND "
                "(owner_id = ? OR (owner_id = ? AND NOT EXISTS (SELECT 1 FROM attack_profiles AS o "
                "WHERE o.guild_id = p.guild_id AND o.owner_id = ? AND o.name_key = p.name_key))) "
                "ORDER BY owner_id = ?, name_key LIMIT ?",
                (guild_id, *kinds, user_id, SERVER, user_id, SERVER, limit),
            )
        return [_profile(r) for r in rows]

    async def delete(self, *, guild_id: int, owner_id: int, name: str) -> AttackProfile | None:
        """Delete the owner's profile called ``name``; return it (``None`` if there was none)."""
        async with self._db.transaction() as tx:
            row = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM attack_profiles WHERE {_ONE}",
                (guild_id, owner_id, name_key(name)),
            )
            if row is not None:
                await tx.execute("DELETE FROM attack_profiles WHERE id = ?", (row["id"],))
        return None if row is None else _profile(row)
