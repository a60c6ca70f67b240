"""What every backend offers: a database with transactions and numbered migrations.

Repositories (games.py, jobs.py, meta.py, ...) are written once against :class:`Database` and
:class:`Transaction` and run on SQLite (bot/storage/sqlite.py, the default) and PostgreSQL
(bot/storage/postgres.py). They write one SQL text for both:

* ``?`` placeholders (PostgreSQL's ``$1..$n`` are made from them);
* ``INSERT ... RETURNING id`` instead of a last-row id; ``execute`` returns the rows changed;
* ``INSERT ... ON CONFLICT ... DO ...`` for upserts;
* where the dialects really differ, a :class:`Dialect` field (say ``skip_locked``).

Migrations are ``migrations/NNNN_name.sql`` for both. On PostgreSQL the SQLite types are read
as what SQLite means by them (see :func:`postgres_types`); a migration that needs more than that
(a JSON function, say) has its own ``migrations/postgres/NNNN_name.sql``, which replaces the
shared file of the same number there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
MIGRATION_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


def utcnow() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def storable(params: Iterable[Any]) -> tuple[Any, ...]:
    """Statement parameters with every NUL taken out of their text, on both backends alike.

    PostgreSQL refuses a NUL in text (SQLite keeps it), so a name typed with one would fail only
    there. The bot cleans typed text as it arrives (``rules.text.clean_text``); this is the last
    guard, so that nothing else (an event summary, a display name) can reach the database with one.

    >>> storable(("Ka\x00i", 3, None))
    ('Kai', 3, None)
    """
    return tuple(p.replace("\x00", "") if isinstance(p, str) and "\x00" in p else p for p in params)


class IntegrityError(Exception):
    """A unique, foreign-key or check constraint refused a write (the message names the column)."""


@dataclass(frozen=True)
class Dialect:
    """The few places where one SQL text cannot serve both backends."""

    name: str
    #: Appended to a ``SELECT`` that claims rows: other processes skip rows this one has locked.
    #: Empty on SQLite, where ``BEGIN IMMEDIATE`` already lets one writer at a time in.
    skip_locked: str


SQLITE = Dialect("sqlite", skip_locked="")
POSTGRES = Dialect("postgres", skip_locked=" FOR UPDATE SKIP LOCKED")


class Row(Protocol):
    """A result row: by column name or position (aiosqlite.Row and asyncpg.Record both are)."""

    def __getitem__(self, key: str | int) -> Any: ...
    def keys(self) -> Iterable[str]: ...


class Transaction(Protocol):
    """The statements available inside :meth:`Database.transaction` or :meth:`Database.reading`."""

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement; the number of rows it inserted, changed or deleted."""
        ...

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None: ...
    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]: ...


class Database(Protocol):
    """One backend. Every unit of work is a :meth:`transaction` (all or nothing, cancellation
    included) or a :meth:`reading`."""

    dialect: Dialect
    #: Where it is, for messages (a path, or a URL without its password).
    label: str
    #: Statements executed since opening: lets tests bound the work a command does.
    query_count: int

    async def open(self) -> Database: ...
    async def close(self) -> None: ...
    async def migrate(self, directory: Path = MIGRATIONS_DIR) -> list[int]:
        """Apply every migration not yet recorded, in order; return the versions applied."""
        ...

    def transaction(self) -> AbstractAsyncContextManager[Transaction]: ...
    def reading(self) -> AbstractAsyncContextManager[Transaction]: ...
    async def tables(self) -> list[str]:
        """Every table of the schema but ``schema_migrations``, parents before children."""
        ...

    async def columns(self, table: str) -> list[str]: ...
    async def size_bytes(self) -> int: ...
    async def checkpoint(self) -> int:
        """Let the write-ahead log be reused without waiting for or holding up anyone (SQLite);
        how many bytes of pages it held (0 where there is no such log)."""
        ...

    async def reclaim(self, pages: int) -> int:
        """Give up to ``pages`` free pages back in one short write, safe while the bot runs;
        returns how many (0 when this database does not work that way)."""
        ...

    async def free_bytes(self) -> int:
        """Space inside the database that holds no data and is not given back."""
        ...

    async def compact(self, *, full: bool = False) -> None:
        """Give space freed by deletions back: what is safe while the bot runs, or with ``full``
        rewrite everything (VACUUM / VACUUM FULL), which holds the bot's writes off: bot stopped."""
        ...

    async def after_copy(self, tables: Sequence[str]) -> None:
        """Rows were inserted with their ids given: make new ids continue after them."""
        ...


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Path


def migrations(directory: Path, dialect: Dialect) -> list[Migration]:
    """The numbered migrations for ``dialect``: the shared files, each replaced by the one of the
    same number in ``directory/<dialect name>/`` (``postgres/``) when there is one.

    >>> [m.version for m in migrations(MIGRATIONS_DIR, POSTGRES)][:3]
    [1, 2, 3]
    """
    chosen: dict[int, Migration] = {}
    for folder in (directory, directory / dialect.name):
        for path in sorted(folder.glob("*.sql")):
            match = MIGRATION_NAME.match(path.name)
            if match:
                version = int(match.group(1))
                chosen[version] = Migration(version, match.group(2), path)
    return [chosen[v] for v in sorted(chosen)]


_PG_TYPES = (
    (re.compile(r"\bINTEGER\s+PRIMARY\s+KEY\s+AUTOINCREMENT\b", re.I),
     "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\bINTEGER\b", re.I), "BIGINT"),
    (re.compile(r"\bREAL\b", re.I), "DOUBLE PRECISION"),
    (re.compile(r"\bBLOB\b", re.I), "BYTEA"),
)


def postgres_types(script: str) -> str:
    """A shared migration as PostgreSQL reads it: SQLite's INTEGER is 64-bit (Discord ids need
    that), its REAL is a double and AUTOINCREMENT is an identity column.

    >>> postgres_types("id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, hp REAL")
    'id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, user_id BIGINT NOT NULL, hp DOUBLE PRECISION'
    """
    for pattern, replacement in _PG_TYPES:
        script = pattern.sub(replacement, script)
    return script


@lru_cache(maxsize=1024)
def dollar_placeholders(sql: str) -> str:
    """``?`` placeholders numbered for PostgreSQL; a ``?`` inside a quoted string stays.

    >>> dollar_placeholders("SELECT * FROM t WHERE a = ? AND b = '?' AND c = ?")
    "SELECT * FROM t WHERE a = $1 AND b = '?' AND c = $2"
    """
    out: list[str] = []
    number = 0
    quote: str | None = None
    for char in sql:
        if quote is not None:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "?":
            number += 1
            out.append(f"${number}")
            continue
        out.append(char)
    return "".join(out)


def parents_first(names: list[str], parents: dict[str, set[str]]) -> list[str]:
    """Tables ordered so that a table comes after those its foreign keys point to.

    >>> parents_first(["game_events", "games"], {"game_events": {"games"}, "games": set()})
    ['games', 'game_events']
    """
    ordered: list[str] = []
    pending = list(names)
    while pending:
        ready = [n for n in pending if not (parents[n] - {n}) - set(ordered) & set(names)]
        if not ready:  # a cycle: keep the rest as they are
            ready = pending
        for name in ready:
            ordered.append(name)
            pending.remove(name)
    return ordered
