"""Serves the tournament web pages (:mod:`web`) from the bot process, on WEB_HOST:WEB_PORT.

WEB_PORT=0 serves none here (``python -m bot web`` may serve them from a process of its own). A
port already in use is logged and the bot runs on without pages (commands then show no link),
rather than refusing to start. Live page buttons link to PUBLIC_URL: without it, none is posted
(an address on this machine opens nowhere else), and the log says once how to set it.
"""

from __future__ import annotations

import logging
from typing import Any

from discord.ext import commands

from web.serve import Pages, start_pages

log = logging.getLogger("herald.web")


class WebPages(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.pages: Pages | None = None

    @property
    def server(self) -> Any:
        return None if self.pages is None else self.pages.server

    async def cog_load(self) -> None:
        settings = self.bot.settings
        self.bot.web_url = None
        if settings.web_port == 0:
            # Served by `python -m bot web` (or not at all): the buttons still lead to PUBLIC_URL.
            self.bot.web_url = settings.public_url
            return
        try:
            self.pages = await start_pages(settings, settings.web_host, settings.web_port, shared=self.bot.db)
        except OSError as error:
            log.warning(
                "web pages off: cannot listen on %s:%s (%s); set WEB_PORT to a free port, or 0",
                settings.web_host,
                settings.web_port,
                error.strerror or error,
            )
            return
        port = self.pages.server.port
        self.bot.web_url = settings.public_url
        if settings.public_url is None:
            log.info(
                "tournament web pages at http://%s:%s on this machine only, so no Live page button is "
                "posted: set PUBLIC_URL to the address people open (behind a reverse proxy, see README "
                "'The live web page')",
                settings.web_host,
                port,
            )
        else:
            log.info(
                "tournament web pages at %s (listening on %s:%s)",
                settings.public_url,
                settings.web_host,
                port,
            )

    async def cog_unload(self) -> None:
        if self.pages is not None:
            await self.pages.stop()
            self.pages = None
        self.bot.web_url = None


async def setup(bot: Any) -> None:
    await bot.add_cog(WebPages(bot))
