"""PostgreSQL through asyncpg: a small pool shared by the process, for many processes at once.

Statements are written with ``?`` placeholders like on SQLite and numbered here. A write is one
transaction on one pooled connection (READ COMMITTED): a game's version check then holds across
processes, because the second ``UPDATE ... WHERE version = ?`` waits for the first and finds
the version moved on. Migrations take an advisory lock, so processes started together apply
each migration once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage.database import (
    MIGRATIONS_DIR,
    POSTGRES,
    IntegrityError,
    Row,
    dollar_placeholders,
    migrations,
    parents_first,
    postgres_types,
    storable,
    utcnow,
)

log = logging.getLogger("herald.storage")

#: Connections per process. Each channel's writes are already one at a time in a process.
POOL_MIN, POOL_MAX = 1, 10
#: Connections of the web pages' read-only pool (:func:`bot.storage.open_reader`).
READER_POOL_MIN, READER_POOL_MAX = 1, 3
#: Any number, the same in every Herald process: the advisory lock held while migrating.
MIGRATION_LOCK = 0x4E7A1D


def without_password(url: str) -> str:
    """A URL safe to print.

    >>> without_password("postgresql://herald:s3cret@db:5432/herald")
    'postgresql://herald:***@db:5432/herald'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


class PostgresDatabase:
    dialect = POSTGRES

    def __init__(self, url: str, *, read_only: bool = False) -> None:
        self.url = url
        self.label = without_password(url)
        self.read_only = read_only
        self._pool: asyncpg.Pool | None = None
        self.query_count = 0

    async def open(self) -> PostgresDatabase:
        if self.read_only:
            # The web pages' own small pool: its reads never wait for a connection the bot's
            # writes hold, and the server refuses any write through it.
            self._pool = await asyncpg.create_pool(
                self.url,
                min_size=READER_POOL_MIN,
                max_size=READER_POOL_MAX,
                server_settings={"default_transaction_read_only": "on"},
            )
            return self
        self._pool = await asyncpg.create_pool(self.url, min_size=POOL_MIN, max_size=POOL_MAX)
        return self

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the database is not open")
        return self._pool

    # -- migrations -----------------------------------------------------------------------

    async def migrate(self, directory: Path = MIGRATIONS_DIR) -> list[int]:
        if self.read_only:
            raise RuntimeError("a read-only connection does not migrate")
        applied: list[int] = []
        async with self.pool.acquire() as conn:
            # Processes starting together migrate one after another; the later ones find it done.
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations ("
                    " version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
                )
                done = {r[0] for r in await conn.fetch("SELECT version FROM schema_migrations")}
                for migration in migrations(directory, self.dialect):
                    if migration.version in done:
                        continue
                    script = migration.path.read_text(encoding="utf-8")
                    if migration.path.parent == directory:  # a shared file, written for SQLite's types
                        script = postgres_types(script)
                    async with conn.transaction():
                        await conn.execute(script)
                        await conn.execute(
                            "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                            migration.version,
                            migration.name,
                            utcnow(),
                        )
                    log.info("applied migration %04d_%s", migration.version, migration.name)
                    applied.append(migration.version)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        return applied

    # -- statements -----------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        """One transaction on one pooled connection; any exception, cancellation included, rolls
        it back. COMMIT is shielded: a cancellation during it still lets it finish (then re-raises),
        so the unit of work is written whole or not at all."""
        if self.read_only:
            raise RuntimeError("this connection only reads")
        async with self.pool.acquire() as conn:
            tx = conn.transaction()
            await tx.start()
            try:
                yield PostgresTransaction(self, conn)
            except BaseException:
                with contextlib.suppress(Exception):
                    await asyncio.shield(tx.rollback())
                raise
            commit = asyncio.ensure_future(tx.commit())
            try:
                await asyncio.shield(commit)
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await asyncio.wait([commit])
                raise

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[PostgresTransaction]:
        async with self.pool.acquire() as conn:
            yield PostgresTransaction(self, conn)

    # -- the schema -------------------------------------------------------------------------

    async def tables(self) -> list[str]:
        async with self.reading() as tx:
            names = [
                r[0]
                for r in await tx.fetchall(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                    " AND table_type = 'BASE TABLE' AND table_name != 'schema_migrations' ORDER BY table_name"
                )
            ]
            links = await tx.fetchall(
                "SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint c"
                " JOIN pg_class child ON child.oid = c.conrelid"
                " JOIN pg_class parent ON parent.oid = c.confrelid"
                " WHERE c.contype = 'f'"
            )
        parents: dict[str, set[str]] = {name: set() for name in names}
        for link in links:
            if link["child"] in parents:
                parents[link["child"]].add(link["parent"])
        return parents_first(names, parents)

    async def columns(self, table: str) -> list[str]:
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
                " AND table_name = ? ORDER BY ordinal_position",
                (table,),
            )
        return [r[0] for r in rows]

    async def size_bytes(self) -> int:
        async with self.reading() as tx:
            row = await tx.fetchone("SELECT pg_database_size(current_database())")
        return int(row[0]) if row is not None else 0

    async def checkpoint(self) -> int:
        """Nothing: PostgreSQL manages its own log."""
        return 0

    async def reclaim(self, pages: int) -> int:
        """0: PostgreSQL's VACUUM (:meth:`compact`) makes dead rows' space reusable."""
        return 0

    async def free_bytes(self) -> int:
        return 0

    async def compact(self, *, full: bool = False) -> None:
        """VACUUM: it runs alongside the bot's reads and writes. ``full``: VACUUM FULL, which
        rewrites every table and locks each while it does: only with the bot stopped."""
        async with self.reading() as tx:
            await tx.execute("VACUUM FULL" if full else "VACUUM")

    async def after_copy(self, tables: Sequence[str]) -> None:
        async with self.transaction() as tx:
            for table in tables:
                rows = await tx.fetchall(
                    "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
                    " AND table_name = ? AND is_identity = 'YES'",
                    (table,),
                )
                for row in rows:
                    column = row[0]
                    await tx.fetchone(
                        f"SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'),"
                        f' (SELECT COALESCE(MAX("{column}"), 0) + 1 FROM "{table}"), false)'
                    )


class PostgresTransaction:
    def __init__(self, db: PostgresDatabase, conn: asyncpg.Connection) -> None:
        self._db = db
        self._conn = conn

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        self._db.query_count += 1
        try:
            status = await self._conn.execute(dollar_placeholders(sql), *storable(params))
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(_explain(error)) from error
        # "UPDATE 3", "INSERT 0 1", "DELETE 0", "VACUUM": the last number is the row count.
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        self._db.query_count += 1
        try:
            return list(await self._conn.fetch(dollar_placeholders(sql), *storable(params)))
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(_explain(error)) from error


def _explain(error: asyncpg.IntegrityConstraintViolationError) -> str:
    # The detail names the column, as SQLite's message does: "Key (interaction_id)=(7) already exists."
    detail = getattr(error, "detail", None)
    return f"{error} {detail}" if detail else str(error)
