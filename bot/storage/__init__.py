"""All SQL lives here: the backends, numbered migrations and repository classes.

Cogs never see SQL, and nothing outside this package knows which backend it talks to: the
process calls :func:`open_database` with ``DATABASE_URL`` (SQLite by default, PostgreSQL for a
deployment of many processes) and hands the result to the repositories.
"""

from __future__ import annotations

from pathlib import Path

from bot.storage.database import Database, IntegrityError, Transaction
from bot.storage.games import GameRecord, SqlGameRepository
from bot.storage.jobs import SqlJobRepository
from bot.storage.meta import SqlMetaRepository
from bot.storage.ratings import SqliteRatingRepository
from bot.storage.saved_rolls import SavedRoll, SqliteSavedRollRepository

# The names these classes had while SQLite was the only backend.
SqliteGameRepository = SqlGameRepository
SqliteJobRepository = SqlJobRepository
SqliteMetaRepository = SqlMetaRepository

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(url: str | Path) -> bool:
    return str(url).startswith(POSTGRES_SCHEMES)


def open_database(url: str | Path) -> Database:
    """The backend for ``url``, not yet open.

    ``postgresql://user:password@host:port/name`` (or ``postgres://``) is PostgreSQL;
    ``sqlite:///herald.sqlite3`` (a relative path), ``sqlite:////var/lib/herald.sqlite3`` (an
    absolute one) or a bare path is SQLite.
    """
    text = str(url)
    if is_postgres(text):
        from bot.storage.postgres import PostgresDatabase

        return PostgresDatabase(text)
    from bot.storage.sqlite import SqliteDatabase

    if text.startswith("sqlite://"):
        text = text.removeprefix("sqlite://").removeprefix("/") or ":memory:"
    return SqliteDatabase(text)


def open_reader(url: str | Path) -> Database:
    """A read-only connection of its own to the database at ``url``, not yet open: on SQLite a
    second connection to the file (WAL lets it read beside the bot's writer), on PostgreSQL a
    small pool of its own. The web pages read through it, so that many visitors never queue
    behind, or hold up, the bot's own statements. An in-memory SQLite database has no second
    connection (ValueError): share the bot's then.
    """
    text = str(url)
    if is_postgres(text):
        from bot.storage.postgres import PostgresDatabase

        return PostgresDatabase(text, read_only=True)
    from bot.storage.sqlite import SqliteDatabase

    if text.startswith("sqlite://"):
        text = text.removeprefix("sqlite://").removeprefix("/") or ":memory:"
    if text == ":memory:":
        raise ValueError("an in-memory database has no second connection")
    return SqliteDatabase(text, read_only=True)


class DatabaseUnavailable(Exception):
    """The database could not be opened or migrated; ``label`` says which, the cause says why."""

    def __init__(self, label: str, cause: BaseException) -> None:
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.label = label


async def connect(url: str | Path, *, migrate: bool = True) -> Database:
    """:func:`open_database`, opened, with pending migrations applied; any failure on the way is
    a :class:`DatabaseUnavailable`."""
    db = open_database(url)
    try:
        await db.open()
        if migrate:
            await db.migrate()
    except Exception as error:
        await db.close()
        raise DatabaseUnavailable(db.label, error) from error
    return db


__all__ = [
    "Database",
    "DatabaseUnavailable",
    "GameRecord",
    "IntegrityError",
    "SavedRoll",
    "SqlGameRepository",
    "SqlJobRepository",
    "SqlMetaRepository",
    "SqliteGameRepository",
    "SqliteJobRepository",
    "SqliteMetaRepository",
    "SqliteRatingRepository",
    "SqliteSavedRollRepository",
    "Transaction",
    "connect",
    "is_postgres",
    "open_database",
    "open_reader",
]
