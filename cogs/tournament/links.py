"""The tournament's public web page in Discord: its address and the link button on posts.

The pages themselves are :mod:`web`; the address token is kept by ``bot.links``. Links lead to
PUBLIC_URL: without it (an address on the bot's machine opens nowhere else), or while this
process's pages are off because their port was taken, nothing here shows a link.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.play import Post
from rules.i18n import N_, Translator

NO_PAGE_LINK = N_(
    "This Herald posts no link to the live page: whoever runs it sets PUBLIC_URL to the address "
    "people open the pages at (README, 'The live web page')."
)


async def page_url(bot: Any, game_id: int) -> str | None:
    """The tournament's page (made on first use), or None when the web pages are off."""
    base = getattr(bot, "web_url", None)
    if not base:
        return None
    return f"{base}/t/{await bot.links.ensure(game_id)}"


async def new_page_url(bot: Any, game_id: int) -> str | None:
    """A new address for the tournament's page (the old one stops working), or None (and nothing
    changed) when the web pages are off."""
    base = getattr(bot, "web_url", None)
    if not base:
        return None
    return f"{base}/t/{await bot.links.reset(game_id)}"


def link_view(url: str | None, t: Translator) -> discord.ui.View | None:
    """A row with one link button to the live page (link buttons need no handler), labelled in
    ``t``'s language (the tournament's or the channel's: always the post's own)."""
    if url is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(style=discord.ButtonStyle.link, label=t("Live page"), url=url, emoji="🌐")
    )
    return view


async def with_link(bot: Any, game_id: int, post: Post, t: Translator) -> Post:
    """``post`` with the live page's button, when it has no other view."""
    if post.view is None:
        post.view = link_view(await page_url(bot, game_id), t)
    return post
