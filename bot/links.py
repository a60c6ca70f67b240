"""Links that open a channel, thread or message in Discord (``jump_url``s built from ids alone).

A game keeps only ids, and a job or a page may run where the channel is not cached: these build
the link Discord opens from the ids, for a server's channel or a DM (``@me``).
"""

from __future__ import annotations

from typing import Any

CHANNELS = "https://discord.com/channels"


def jump_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """The link to ``channel_id`` (a thread is a channel) or to one message in it.

    >>> jump_link(1, 2, 3), jump_link(None, 2)
    ('https://discord.com/channels/1/2/3', 'https://discord.com/channels/@me/2')
    """
    where = f"{CHANNELS}/{guild_id or '@me'}/{channel_id}"
    return where if message_id is None else f"{where}/{message_id}"


async def web_page(bot: Any, game_id: int, path: str) -> str | None:
    """The read-only web page of a game (``path``: ``t`` a tournament, ``c`` a Crusade campaign),
    its address token made on first use; None when the pages are off or have no PUBLIC_URL."""
    base = getattr(bot, "web_url", None)
    links = getattr(bot, "links", None)
    if not base or links is None:
        return None
    return f"{base}/{path}/{await links.ensure(game_id)}"
