"""Starting the web pages: inside the bot's process (cogs/web.py, the default) or in a process of
their own (``python -m bot web``), in both cases against the bot's database.

The pages read through a connection of their own (:func:`bot.storage.open_reader`): a second
SQLite connection (WAL lets it read beside the bot's writer) or a small PostgreSQL pool, so
visitors never queue behind the bot's statements, nor the bot behind theirs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from dataclasses import dataclass
from typing import Any

from bot.process import raise_file_limit
from bot.settings import Settings
from bot.storage import Database, connect, open_reader
from bot.storage.pages import SqlPageRepository
from bot.storage.tournament_lists import TournamentListRepository
from rules.errors import RuleError
from rules.its.content import load_scenarios_tolerant
from web.app import TournamentSource, make_app
from web.server import WebServer

log = logging.getLogger("herald.web")


async def scenario_namer() -> Any:
    """Scenario id -> its name, from the content files (read off the event loop)."""
    library, _ = await asyncio.to_thread(load_scenarios_tolerant)

    def scenario_name(scenario_id: str) -> str:
        try:
            return library.get(scenario_id).name
        except RuleError:
            return scenario_id

    return scenario_name


@dataclass
class Pages:
    """Running web pages: the server, and the reader it owns (None when it shares the bot's)."""

    server: WebServer
    source: TournamentSource
    reader: Database | None

    async def stop(self) -> None:
        await self.server.stop()
        if self.reader is not None:
            await self.reader.close()


async def start_pages(settings: Settings, host: str, port: int, *, shared: Database | None = None) -> Pages:
    """Serve the pages on ``host:port`` from the database in ``settings``. ``shared`` (the bot's
    own connection) is read only when no second connection can be opened (an in-memory SQLite
    database). OSError when the port cannot be had."""
    try:
        reader: Database | None = open_reader(settings.database_target)
    except ValueError:
        if shared is None:
            raise
        reader = None
    if reader is not None:
        await reader.open()
    try:
        db = reader or shared
        assert db is not None
        source = TournamentSource(
            SqlPageRepository(db),
            await scenario_namer(),
            lists=TournamentListRepository(db),
        )
        server = WebServer(make_app(source, trusted_proxies=settings.trusted_proxy_networks), host, port)
        await server.start()
    except BaseException:
        if reader is not None:
            await reader.close()
        raise
    return Pages(server, source, reader)


async def serve(settings: Settings, host: str, port: int) -> int:
    """``python -m bot web``: serve the pages until stopped (Ctrl-C or SIGTERM)."""
    before, after = raise_file_limit()
    # The bot applies migrations; this process only checks that the database is there and current.
    db = await connect(settings.database_target)
    await db.close()
    try:
        pages = await start_pages(settings, host, port)
    except OSError as error:
        log.error(
            "cannot listen on %s:%s (%s): choose a free port with --port", host, port, error.strerror or error
        )
        return 1
    where = settings.public_url or f"http://{host}:{pages.server.port}"
    log.info(
        "tournament web pages at %s (listening on %s:%s, at most %s connections, %s per address; "
        "open files %s -> %s)",
        where,
        host,
        pages.server.port,
        pages.server.gate.cap,
        pages.server.gate.per_address,
        before,
        after,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await pages.stop()
    return 0
