"""SQL for imported army lists: one player's rosters, usable in every server.

A list is kept as the parsed roster's JSON (the cog turns it back into the rules' model) and, beside
it, one row per unit (:class:`UnitEntry`: its name, target line and weapon names) written in the
same transaction. Autocomplete and the unit lookup of ``/40k attack`` read those rows only, so a
keystroke never loads or validates a list; a command loads the one list that holds the unit named.

List names are matched without regard to case or repeated spaces; unit names, and list names
before a unit's (``Café / Boyz``), as players type them (:func:`rules.text.match_key`).
Importing a list under a name the player already uses replaces it. What one player keeps is
bounded: :data:`MAX_LISTS_PER_OWNER` lists of at most :data:`MAX_LIST_BYTES` each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.storage.database import Database, Transaction, utcnow
from bot.storage.profiles import name_key
from rules.errors import RuleError
from rules.text import match_key

MAX_LISTS_PER_OWNER = 20
"""Most army lists one player keeps."""
MAX_LIST_BYTES = 256 * 1024
"""Largest roster kept, as stored JSON (a 2,000-point list is some 30 KB)."""
MAX_UNIT_ROWS = 50
"""Most unit rows one autocomplete or lookup reads (a choice list shows 25)."""


class ArmyListLimitError(RuleError):
    """Too many imported lists, or one too big to keep."""


@dataclass(frozen=True)
class ArmyListName:
    """A kept list without its roster: what listing a player's lists needs."""

    id: int
    name: str
    units: int
    imported_at: str


@dataclass(frozen=True)
class ArmyList:
    id: int
    owner_id: int
    name: str
    units: int
    roster: str
    """The roster as JSON."""
    imported_at: str


@dataclass(frozen=True)
class IndexedWeapon:
    name: str
    label: str
    """``Ember carbine x9``: the name and how many carry it."""
    line: str
    """The weapon's line as the engine reads it."""


@dataclass(frozen=True)
class UnitEntry:
    """One unit of a kept list, as autocomplete and the lookup read it (no roster JSON)."""

    position: int
    """The unit's place in its roster's units."""
    name: str
    key: str
    """The name as players type it (:func:`rules.text.match_key`)."""
    target: str | None = None
    ranged: str | None = None
    """The label of its whole ranged volley (None: it has no ranged weapon)."""
    melee: str | None = None
    weapons: tuple[IndexedWeapon, ...] = ()
    options: tuple[str, ...] = ()
    """Abilities a player may switch on by name (``waaagh``)."""
    leads: tuple[str, ...] = ()
    """The units its Leader ability names (empty: no Leader, or its file does not say)."""
    list_id: int = 0
    list_name: str = ""
    shared: bool = False
    """Another of the owner's lists holds a unit of the same name."""


class WeaponRow(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def line(self) -> str: ...


class UnitRow(Protocol):
    """What the index keeps of a unit, as the game computes it at import
    (:func:`rules.wh40k.index.index_of`); :class:`UnitEntry` reads it back."""

    @property
    def position(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def key(self) -> str: ...
    @property
    def target(self) -> str | None: ...
    @property
    def ranged(self) -> str | None: ...
    @property
    def melee(self) -> str | None: ...
    @property
    def weapons(self) -> Sequence[WeaponRow]: ...
    @property
    def options(self) -> Sequence[str]: ...
    @property
    def leads(self) -> Sequence[str]: ...


def _army_list(row: Any) -> ArmyList:
    return ArmyList(
        id=row["id"],
        owner_id=row["owner_id"],
        name=row["name"],
        units=row["units"],
        roster=row["roster"],
        imported_at=row["imported_at"],
    )


def _weapons_text(weapons: Sequence[WeaponRow]) -> str:
    return "\n".join("\t".join(" ".join(part.split()) for part in (w.name, w.label, w.line)) for w in weapons)


def _weapons(text: str) -> tuple[IndexedWeapon, ...]:
    found = []
    for row in text.splitlines():
        parts = row.split("\t")
        if len(parts) == 3:
            found.append(IndexedWeapon(*parts))
    return tuple(found)


def _entry(row: Any) -> UnitEntry:
    return UnitEntry(
        position=row["position"],
        name=row["name"],
        key=row["name_key"],
        target=row["target"],
        ranged=row["ranged"],
        melee=row["melee"],
        weapons=_weapons(row["weapons"]),
        options=tuple(o for o in row["options"].splitlines() if o),
        leads=tuple(name for name in row["leads"].splitlines() if name),
        list_id=row["list_id"],
        list_name=row["list_name"],
        shared=row["same_name"] > 1,
    )


_COLUMNS = "id, owner_id, name, units, roster, imported_at"
_UNIT_COLUMNS = (
    "u.position, u.name, u.name_key, u.target, u.ranged, u.melee, u.weapons, u.options, u.leads, u.list_id, "
    "l.name AS list_name, "
    "(SELECT COUNT(*) FROM army_list_units o WHERE o.owner_id = u.owner_id AND o.name_key = u.name_key) "
    "AS same_name"
)
_UNITS_OF = (
    f"SELECT {_UNIT_COLUMNS} FROM army_list_units u JOIN army_lists l ON l.id = u.list_id "
    "WHERE u.owner_id = ? AND "
)
_NEWEST_FIRST = " ORDER BY l.imported_at DESC, l.id DESC, u.position LIMIT ?"


def _like(text: str) -> str:
    """``text`` anywhere, as a LIKE pattern (``\\`` escapes ``%`` and ``_``)."""
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


class ArmyListRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def save(
        self, *, owner_id: int, name: str, units: int, roster: str, index: Sequence[UnitRow] = ()
    ) -> bool:
        """Keep the roster under ``name`` with its units' ``index``; return whether it replaced a
        list of that name.

        Raises :class:`ArmyListLimitError` when the roster is over :data:`MAX_LIST_BYTES` or the
        player already keeps :data:`MAX_LISTS_PER_OWNER` lists.
        """
        size = len(roster.encode())
        if size > MAX_LIST_BYTES:
            raise ArmyListLimitError(
                f"This list is {size / 1024:,.0f} KB once read; Herald keeps lists of at most "
                f"{MAX_LIST_BYTES // 1024} KB. Split the roster in two and import each part."
            )
        name = " ".join(name.split())
        async with self._db.transaction() as tx:
            row = await tx.fetchone(
                "SELECT id FROM army_lists WHERE owner_id = ? AND name_key = ?", (owner_id, name_key(name))
            )
            if row is not None:
                await tx.execute(
                    "UPDATE army_lists SET name = ?, units = ?, roster = ?, imported_at = ?, indexed = 1 "
                    "WHERE id = ?",
                    (name, units, roster, utcnow(), row["id"]),
                )
                await self._write_index(tx, owner_id, row["id"], index)
                return True
            count = await tx.fetchone("SELECT COUNT(*) AS n FROM army_lists WHERE owner_id = ?", (owner_id,))
            if count is not None and count["n"] >= MAX_LISTS_PER_OWNER:
                raise ArmyListLimitError(
                    f"You keep {MAX_LISTS_PER_OWNER} army lists already, the most Herald keeps: delete one "
                    "with `/40k list delete` first, or import under the name of one you keep to replace it."
                )
            added = await tx.fetchone(
                "INSERT INTO army_lists (owner_id, name, name_key, units, roster, imported_at, indexed) "
                "VALUES (?, ?, ?, ?, ?, ?, 1) RETURNING id",
                (owner_id, name, name_key(name), units, roster, utcnow()),
            )
            assert added is not None
            await self._write_index(tx, owner_id, added["id"], index)
            return False

    async def _write_index(
        self, tx: Transaction, owner_id: int, list_id: int, index: Sequence[UnitRow]
    ) -> None:
        await tx.execute("DELETE FROM army_list_units WHERE list_id = ?", (list_id,))
        named = await tx.fetchone("SELECT name FROM army_lists WHERE id = ?", (list_id,))
        list_key = match_key(named["name"]) if named is not None else ""
        for entry in index:
            await tx.execute(
                "INSERT INTO army_list_units (list_id, owner_id, list_key, position, name, name_key, target, "
                "ranged, melee, weapons, options, leads) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    list_id,
                    owner_id,
                    list_key,
                    entry.position,
                    entry.name,
                    entry.key,
                    entry.target,
                    entry.ranged,
                    entry.melee,
                    _weapons_text(entry.weapons),
                    "\n".join(entry.options),
                    "\n".join(entry.leads),
                ),
            )

    async def unindexed(self, *, owner_id: int) -> list[ArmyList]:
        """The player's lists kept before units were indexed (each is indexed once, then never again)."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT {_COLUMNS} FROM army_lists WHERE owner_id = ? AND indexed = 0", (owner_id,)
            )
        return [_army_list(r) for r in rows]

    async def index(self, *, owner_id: int, list_id: int, index: Sequence[UnitRow]) -> None:
        """Write the units of a list kept before units were indexed."""
        async with self._db.transaction() as tx:
            await self._write_index(tx, owner_id, list_id, index)
            await tx.execute("UPDATE army_lists SET indexed = 1 WHERE id = ?", (list_id,))

    async def units_named(self, *, owner_id: int, typed: str) -> list[UnitEntry]:
        """The units whose name (or ``list / name``) ``typed`` starts with: the candidates for what
        an option names (``Ash Wardens: Ember carbine`` starts with ``ash wardens``)."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                _UNITS_OF + "(substr(CAST(? AS TEXT), 1, length(u.name_key)) = u.name_key "
                "OR substr(CAST(? AS TEXT), 1, length(u.list_key) + 3 + length(u.name_key)) "
                "= u.list_key || ' / ' || u.name_key)" + _NEWEST_FIRST,
                (owner_id, typed, typed, MAX_UNIT_ROWS),
            )
        return [_entry(r) for r in rows]

    async def units_containing(
        self, *, owner_id: int, typed: str, limit: int = MAX_UNIT_ROWS
    ) -> list[UnitEntry]:
        """The units whose name (or ``list / name``) contains ``typed``: those whose name starts
        with it first, then newest list first."""
        pattern = _like(typed)
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                _UNITS_OF
                + "(u.name_key LIKE ? ESCAPE '\\' OR u.list_key || ' / ' || u.name_key LIKE ? ESCAPE '\\') "
                "ORDER BY CASE WHEN u.name_key LIKE ? ESCAPE '\\' THEN 0 ELSE 1 END, "
                "l.imported_at DESC, l.id DESC, u.position LIMIT ?",
                (owner_id, pattern, pattern, pattern[1:], min(limit, MAX_UNIT_ROWS)),
            )
        return [_entry(r) for r in rows]

    async def by_id(self, *, owner_id: int, list_id: int) -> ArmyList | None:
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM army_lists WHERE owner_id = ? AND id = ?", (owner_id, list_id)
            )
        return None if row is None else _army_list(row)

    async def find(self, *, owner_id: int, name: str) -> ArmyList | None:
        async with self._db.reading() as tx:
            row = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM army_lists WHERE owner_id = ? AND name_key = ?",
                (owner_id, name_key(name)),
            )
        return None if row is None else _army_list(row)

    async def all(self, *, owner_id: int) -> list[ArmyListName]:
        """The player's lists, newest import first (names only: no roster is read)."""
        async with self._db.reading() as tx:
            rows = await tx.fetchall(
                "SELECT id, name, units, imported_at FROM army_lists WHERE owner_id = ? "
                "ORDER BY imported_at DESC, id DESC LIMIT ?",
                (owner_id, MAX_LISTS_PER_OWNER),
            )
        return [ArmyListName(r["id"], r["name"], r["units"], r["imported_at"]) for r in rows]

    async def delete(self, *, owner_id: int, name: str) -> ArmyListName | None:
        """Delete the player's list called ``name`` and its units; return it (``None`` if there was none)."""
        async with self._db.transaction() as tx:
            row = await tx.fetchone(
                "SELECT id, name, units, imported_at FROM army_lists WHERE owner_id = ? AND name_key = ?",
                (owner_id, name_key(name)),
            )
            if row is not None:
                await tx.execute("DELETE FROM army_list_units WHERE list_id = ?", (row["id"],))
                await tx.execute("DELETE FROM army_lists WHERE id = ?", (row["id"],))
        return None if row is None else ArmyListName(row["id"], row["name"], row["units"], row["imported_at"])
