"""A file a player attaches to a command, read the one way every cog reads uploads.

Its declared size is checked before anything is downloaded; the reply is then made private (a
file's contents are the player's) and acknowledged, since downloading and reading take time; the
bytes are read by the cog's parser in the worker process of :func:`bot.heavy.run_isolated`, so a
hostile file costs the bot neither CPU time nor memory. A parser refuses with a
:class:`~rules.errors.RuleError`, which reaches the player as it was raised. Each player has one
file being read at a time: a second, sent before the first is answered, is refused at once, so no
one can fill the readers' queue ahead of everyone else.

    roster = await read_upload(interaction, file, parse_roster, max_bytes=MAX_ROSTER_BYTES,
                               kind="a roster", instead="Send a .json, .ros or .rosz export.")
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import discord

from bot.heavy import run_isolated
from bot.i18n import reader
from bot.send import acknowledge, private
from rules.errors import RuleError, quote
from rules.i18n import N_, Text, _

T = TypeVar("T")

#: What a roster upload is called in the refusals (``kind=``).
ROSTER = N_("a roster")

#: The file each user is sending now (downloaded or read), by user id.
_reading: dict[int, str] = {}


async def read_upload(
    interaction: discord.Interaction,
    file: discord.Attachment,
    parse: Callable[[bytes, str], T],
    *,
    max_bytes: int,
    kind: Text,
    instead: Text,
) -> T:
    """``parse(data, filename)`` of the attached ``file``, or a refusal naming it. ``kind`` is what
    the file should be (``ROSTER``), ``instead`` what to send when it is too big: lazy messages
    (or marked constants), said in the player's language."""
    shown = quote(file.filename, 40)
    if file.size > max_bytes:
        t = reader(interaction)
        raise RuleError(
            t(
                "`{file}` is {size} MiB; {kind} may be at most {most} MiB. {instead}",
                file=shown,
                size=t.number(file.size / 1024 / 1024, 1),
                kind=t(kind),
                most=max_bytes // 1024 // 1024,
                instead=t(instead),
            )
        )
    user = interaction.user.id
    if user in _reading:
        raise RuleError(
            _(
                "I am still reading `{before}`, the file you sent before: wait for its answer, then send "
                "`{file}` again.",
                before=_reading[user],
                file=shown,
            )
        )
    _reading[user] = shown
    try:
        private(interaction)
        await acknowledge(interaction)
        try:
            data = await file.read()
        except (discord.HTTPException, discord.NotFound):
            raise RuleError(_("I couldn't download `{file}` from Discord: try again.", file=shown)) from None
        return await run_isolated(parse, data, file.filename, what=f"`{shown}`")
    finally:
        del _reading[user]
