"""Links that open a channel, thread or message in Discord (``jump_url``s built from ids alone).

A game keeps only ids, and a job or a page may run where the channel is not cached: these build
the link Discord opens from the ids, for a server's channel or a DM (``@me``).
"""

from __future__ import annotations

CHANNELS = "https://discord.com/channels"


def jump_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """The link to ``channel_id`` (a thread is a channel) or to one message in it.

    >>> jump_link(1, 2, 3), jump_link(None, 2)
    ('https://discord.com/channels/1/2/3', 'https://discord.com/channels/@me/2')
    """
    where = f"{CHANNELS}/{guild_id or '@me'}/{channel_id}"
    return where if message_id is None else f"{where}/{message_id}"
