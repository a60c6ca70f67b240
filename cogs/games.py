"""/games: every game, match, battle and tournament game you play, across the server, and a daily
reminder of the ones waiting on you.

The list comes from the seats each game kind declares (``GameKind.seats``), which the game store
writes beside the game in the same transaction: one query answers a whole server. ``remind:on``
schedules a daily job (one per player, keyed by their id) that sends the summary as a DM; a
Stop button on it, or ``remind:off``, cancels the job.
"""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.anywhere import installed_here
from bot.limits import clip
from bot.links import jump_link
from bot.play import Post
from bot.send import send_to
from bot.storage.games import SeatedGame
from bot.views import PersistentButton

log = logging.getLogger("herald.games")

REMIND_JOB = "games:remind"
REMIND_EVERY = timedelta(days=1)
STOP_AFTER = timedelta(days=7)
"""Reminders stop after DMs were refused this long (every attempt in between refused)."""
DM_REFUSED = frozenset({50007, 50278})
"""Discord's codes for a DM the user does not accept: Cannot send messages to this user, and
Cannot send messages to this user due to having no mutual guilds (or the app unused)."""
MAX_LISTED = 25
"""Games listed in one answer (the most recently active ones); the count says how many more."""
COLOUR = discord.Colour.from_rgb(88, 101, 242)


def remind_key(user_id: int) -> str:
    return f"{REMIND_JOB}:{user_id}"


def ago(since: str, now: datetime) -> str:
    """``"3 h"``, ``"2 days"``: how long a wait has lasted, for a player."""
    try:
        began = datetime.fromisoformat(since)
    except ValueError:
        return "a while"
    if began.tzinfo is None:
        began = began.replace(tzinfo=UTC)
    seconds = max(0, int((now - began).total_seconds()))
    if seconds < 90:
        return "a minute"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min"
    if seconds < 36 * 3600:
        return f"{round(seconds / 3600)} h"
    return f"{round(seconds / 86400)} days"


def _where(game: SeatedGame, *, here: bool) -> str:
    if here:
        return f"<#{game.channel_id}>"
    if game.guild_id:
        return jump_link(game.guild_id, game.channel_id)
    return f"channel {game.channel_id}"


def game_line(game: SeatedGame, label: str, me: int, now: datetime, *, here: bool) -> tuple[bool, str]:
    """One game for ``me``: whether it waits on me, and the line that says what it waits for."""
    mine = next((w for u, w, _ in game.seats if u == me and w), None)
    others = [(u, w, s) for u, w, s in game.seats if u != me and w]
    where = _where(game, here=here)
    if mine is not None:
        since = next(s for u, w, s in game.seats if u == me)
        return True, f"🟢 **{label}** in {where}: **your move**, {mine} (for {ago(since, now)})"
    if others:
        # Name only the players who owe this same thing: in a tournament, one player confirming a
        # result is not "reporting table 2" with the two players who are.
        what = others[0][1]
        same = [u for u, w, _ in others if w == what]
        names = ", ".join(f"<@{u}>" for u in same[:3]) + (" and others" if len(same) > 3 else "")
        rest = len(others) - len(same)
        more = f"; {rest} more waited on for something else" if rest else ""
        return (
            False,
            f"⏳ **{label}** in {where}: waiting on {names}: {what} (for {ago(others[0][2], now)}){more}",
        )
    last = ago(game.updated_at, now)
    return False, f"⚪ **{label}** in {where}: nothing waits on anyone (last move {last} ago)"


def _label(bot: Any, kind: str) -> str:
    text = re.sub(r"^(a|an) ", "", bot.games.kind(kind).label)
    return text[:1].upper() + text[1:] if text else kind


def summary(bot: Any, games: list[SeatedGame], me: int, *, here: bool, title: str) -> discord.Embed:
    now = datetime.now(UTC)
    rows = [game_line(g, _label(bot, g.kind), me, now, here=here) for g in games[:MAX_LISTED]]
    waiting = sum(1 for g in games if any(u == me and w for u, w, _ in g.seats))
    head = f"{len(games)} game{'s' if len(games) != 1 else ''}; {waiting} waiting on you."
    if len(games) > MAX_LISTED:
        head += f" The {MAX_LISTED} most recently active are listed."
    lines = [line for mine, line in rows if mine] + [line for mine, line in rows if not mine]
    return discord.Embed(title=title, description=clip("\n".join([head, "", *lines]), 4000), colour=COLOUR)


class StopReminders(PersistentButton, template=r"games:remind-off:(?P<user>\d+)"):
    """The Stop button on a reminder DM: only its player's press counts, and it works after a restart."""

    def __init__(self, user: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Stop these reminders",
                style=discord.ButtonStyle.secondary,
                custom_id=f"games:remind-off:{user}",
            )
        )
        self.user = user

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> StopReminders:
        return cls(int(match["user"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.user:
            await Post(content="These reminders are someone else's.", ephemeral=True).send(interaction)
            return
        await interaction.client.scheduler.cancel(remind_key(self.user))  # type: ignore[attr-defined]
        await Post(
            content="Daily reminders are off. `/games remind:on` turns them on again.", ephemeral=True
        ).send(interaction)


def stop_view(user: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(StopReminders(user))
    return view


def stopped_key(user_id: int) -> str:
    """Where the day Herald stopped a player's reminders (their DMs refused) waits for their next /games."""
    return f"{REMIND_JOB}:stopped:{user_id}"


async def remind_job(bot: Any, payload: dict[str, Any]) -> None:
    """Once a day per player: a DM listing the games waiting on them (none: no message).

    Discord refuses a DM when the player allows none from Herald (50007) or from apps they have
    not used in a while (50278). After refusals for :data:`STOP_AFTER`, the reminders stop and
    the player's next ``/games`` says so (the refusal cannot be told by DM)."""
    user = int(payload["user"])
    refused_since = payload.get("refused_since")
    # Scheduled first: tomorrow's reminder survives whatever happens to today's.
    await _schedule_next(bot, user, refused_since)
    games = [g for g in await bot.games.seats_of(user) if any(u == user and w for u, w, _ in g.seats)]
    if not games:
        return
    embed = summary(bot, games, user, here=False, title="Herald: games waiting on you")
    try:
        channel = await bot.create_dm(discord.Object(user))
        await send_to(channel, embeds=[embed], view=stop_view(user), mentions=discord.AllowedMentions.none())
    except discord.HTTPException as error:
        log.info("games reminder for %s not delivered (%s, %s)", user, error.status, error.code)
        if error.code not in DM_REFUSED:
            return
        now = datetime.now(UTC)
        since = _parsed(refused_since) or now
        if now - since >= STOP_AFTER:
            await bot.scheduler.cancel(remind_key(user))
            await bot.meta.set(stopped_key(user), now.isoformat())
            log.info("games reminders for %s stopped: DMs refused since %s", user, since.isoformat())
            return
        if refused_since is None:
            await _schedule_next(bot, user, now.isoformat())
        return
    if refused_since is not None:
        await _schedule_next(bot, user, None)  # delivered: the count of refusals starts again


async def _schedule_next(bot: Any, user: int, refused_since: str | None) -> None:
    payload: dict[str, Any] = {"user": user}
    if refused_since is not None:
        payload["refused_since"] = refused_since
    await bot.scheduler.schedule(REMIND_JOB, in_=REMIND_EVERY, payload=payload, key=remind_key(user))


def _parsed(stamp: object) -> datetime | None:
    try:
        found = datetime.fromisoformat(str(stamp)) if stamp else None
    except ValueError:
        return None
    return found.replace(tzinfo=UTC) if found is not None and found.tzinfo is None else found


async def stopped_note(bot: Any, user: int) -> str:
    """Once, after Herald stopped a player's reminders: why, and how to have them again."""
    key = stopped_key(user)
    stopped = _parsed(await bot.meta.get(key))
    if stopped is None:
        return ""
    await bot.meta.set(key, "")
    return (
        f"Your daily reminders stopped <t:{int(stopped.timestamp())}:R>: Discord refused Herald's DMs to "
        "you for a week (your privacy settings allow no DMs from Herald). Allow them (the server's "
        "Privacy Settings, or Herald's profile), then turn reminders on again with `/games remind:on`."
    )


class Games(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="games", description="Every game you play here, and whose move it is (only you see it)"
    )
    @app_commands.describe(remind="on: a daily DM of the games waiting on you; off: no more of them")
    async def games(
        self, interaction: discord.Interaction, remind: Literal["on", "off"] | None = None
    ) -> None:
        me = interaction.user.id
        stopped_before = await stopped_note(self.bot, me)
        note = ""
        if remind == "on":
            due = datetime.now(UTC) + REMIND_EVERY
            scheduler = self.bot.scheduler  # type: ignore[attr-defined]
            await scheduler.schedule(REMIND_JOB, at=due, payload={"user": me}, key=remind_key(me))
            note = (
                f"Daily reminder on: from <t:{int(due.timestamp())}:f>, once a day, Herald sends you a DM "
                "listing the games waiting on you (nothing when none are). When Discord refuses the DMs "
                "for a week, they stop, and `/games` tells you."
            )
        elif remind == "off":
            stopped = await self.bot.scheduler.cancel(remind_key(me))  # type: ignore[attr-defined]
            note = "Daily reminder off." if stopped else "Daily reminders were not on."
        note = "\n".join(part for part in (stopped_before, note) if part)
        here = installed_here(interaction)
        store = self.bot.games  # type: ignore[attr-defined]
        found = await store.seats_of(me, interaction.guild_id if here else None)
        if not found:
            where = "in this server" if here else "in any server with Herald"
            text = f"You play no game {where} right now."
            await Post(content=f"{note}\n{text}".strip(), ephemeral=True).send(interaction)
            return
        title = "Your games in this server" if here else "Your games in every server"
        embed = summary(self.bot, found, me, here=here, title=title)
        await Post(content=note or None, embeds=[embed], ephemeral=True).send(interaction)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(StopReminders)
    bot.scheduler.register(REMIND_JOB, remind_job)  # type: ignore[attr-defined]
    await bot.add_cog(Games(bot))
