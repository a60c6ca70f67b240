"""SQL for imported army lists: one player's rosters, usable in every server.

A list is kept as the parsed roster's JSON (the cog turns it back into the rules' model); names
are matched without regard to case or repeated spaces, and importing a list under a name the
player already uses replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database, utcnow
from bot.storage.profiles import name_key
from rules.errors import RuleError

MAX_LISTS_PER_OWNER = 10
"""Most army lists one player keeps (a 2,000-point list is some 50 KB of JSON)."""


class ArmyListLimitError(RuleError):
    """Too many imported lists."""


@dataclass(frozen=True)
class ArmyList:
    id: int
    owner_id: int
    name: str
    units: int
    roster: str
    """The roster as JSON."""
    imported_at: str


def _army_list(row: Any) -> ArmyList:
    return ArmyList(
        id=row["id"],
        owner_id=row["owner_id"],
        name=row["name"],
        units=row["units"],
        roster=row["roster"],
        imported_at=row["imported_at"],
    )


_COLUMNS = "id, owner_id, name, units, roster, imported_at"


class ArmyListRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def save(self, *, owner_id: int, name: str, units: int, roster: str) -> bool:
        """Keep the roster under ``name``; return whether it replaced a list of that name.

        Raises :class:`ArmyListLimitError` when the player already keeps the most lists allowed.
        """
        name = " ".join(name.split())
        async with self._db.transaction() as tx:
            row = await tx.fetchone(
                "SELECT id FROM army_lists WHERE owner_id = ? AND name_key = ?", (owner_id, name_key(name))
            )
            if row is not None:
                await tx.execute(
                    "UPDATE army_lists SET name = ?, units = ?, roster = ?, imported_at = ? WHERE id = ?",
                    (name, units, roster, utcnow(), row["id"]),
                )
                return True
            count = await tx.fetchone("SELECT COUNT(*) AS n FROM army_lists WHERE owner_id = ?", (owner_id,))
            if count is not None and count["n"] >= MAX_LISTS_PER_OWNER:
                raise ArmyListLimitError(
                    f"You keep {MAX_LISTS_PER_OWNER} army lists already: delete one with "
                    "`/40k list delete` first, or import under the name of one you keep."
                )
            await tx.execute(
                "INSERT INTO army_lists (owner_id, name, name_key, units, roster, imported_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (owner_id, name, name_key(name), units, roster, utcnow()),
            )
            return False

    async def find(self, *, owner_id: int, name: str) -> ArmyList | None:
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM army_lists WHERE owner_id = ? AND name_key = ?",
                (owner_id, name_key(name)),
            )
        return None if row is None else _army_list(row)

    async def all(self, *, owner_id: int) -> list[ArmyList]:
        """The player's lists, newest import first."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT {_COLUMNS} FROM army_lists WHERE owner_id = ? "
                "ORDER BY imported_at DESC, id DESC LIMIT ?",
                (owner_id, MAX_LISTS_PER_OWNER),
            )
        return [_army_list(r) for r in rows]

    async def delete(self, *, owner_id: int, name: str) -> ArmyList | None:
        """Delete the player's list called ``name``; return it (``None`` if there was none)."""
        async with self._db.transaction() as tx:
            row = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM army_lists WHERE owner_id = ? AND name_key = ?",
                (owner_id, name_key(name)),
            )
            if row is not None:
                await tx.execute("DELETE FROM army_lists WHERE id = ?", (row["id"],))
        return None if row is None else _army_list(row)
