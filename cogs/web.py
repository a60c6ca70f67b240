"""Serves the tournament web pages (:mod:`web.app`) from the bot process, on WEB_HOST:WEB_PORT.

WEB_PORT=0 turns them off. A port already in use is logged and the bot runs on without pages
(commands then show no link), rather than refusing to start.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from discord.ext import commands

from rules.errors import RuleError
from rules.its.content import load_scenarios_tolerant
from web.app import TournamentSource, WebServer, make_app

log = logging.getLogger("herald.web")


class WebPages(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.server: WebServer | None = None

    async def cog_load(self) -> None:
        settings = self.bot.settings
        if settings.web_port == 0:
            return
        library, _ = await asyncio.to_thread(load_scenarios_tolerant)

        def scenario_name(scenario_id: str) -> str:
            try:
                return library.get(scenario_id).name
            except RuleError:
                return scenario_id

        source = TournamentSource(
            self.bot.links.game_of,
            self.bot.games.record,
            scenario_name,
            lists=lambda game_id: self.bot.tournament_lists.summaries(game_id=game_id),
        )
        server = WebServer(make_app(source), settings.web_host, settings.web_port)
        try:
            port = await server.start()
        except OSError as error:
            log.warning(
                "web pages off: cannot listen on %s:%s (%s); set WEB_PORT to a free port, or 0",
                settings.web_host,
                settings.web_port,
                error.strerror or error,
            )
            return
        self.server = server
        base = settings.public_url or settings.web_base_url
        if settings.public_url is None and settings.web_port != port:
            base = base.rsplit(":", 1)[0] + f":{port}"
        self.bot.web_url = base
        log.info("tournament web pages at %s (listening on %s:%s)", base, settings.web_host, port)

    async def cog_unload(self) -> None:
        if self.server is not None:
            await self.server.stop()
            self.server = None
        self.bot.web_url = None


async def setup(bot: Any) -> None:
    await bot.add_cog(WebPages(bot))
