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
from bot.games import MAX_WAITING_CHARS
from bot.i18n import dm_locale, reader
from bot.limits import clip
from bot.links import jump_link
from bot.play import Post
from bot.send import send_to
from bot.storage.games import SeatedGame
from bot.views import PersistentButton
from rules.i18n import SOURCE, Translator, translator

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


def ago(since: str, now: datetime, t: Translator | None = None) -> str:
    """``"3 h"``, ``"2 days"``: how long a wait has lasted, for a player."""
    t = t or translator(SOURCE)
    try:
        began = datetime.fromisoformat(since)
    except ValueError:
        return t("a while")
    if began.tzinfo is None:
        began = began.replace(tzinfo=UTC)
    seconds = max(0, int((now - began).total_seconds()))
    if seconds < 90:
        return t("a minute")
    if seconds < 90 * 60:
        return t("{n} min", n=round(seconds / 60))
    if seconds < 36 * 3600:
        return t("{n} h", n=round(seconds / 3600))
    days = round(seconds / 86400)
    return t.n("{n} day", "{n} days", days, n=days)


def _where(game: SeatedGame, *, here: bool, t: Translator) -> str:
    if here:
        return f"<#{game.channel_id}>"
    if game.guild_id:
        return jump_link(game.guild_id, game.channel_id)
    return t("channel {channel}", channel=game.channel_id)


def game_line(
    game: SeatedGame, label: str, me: int, now: datetime, *, here: bool, t: Translator | None = None
) -> tuple[bool, str]:
    """One game for ``me``: whether it waits on me, and the line that says what it waits for."""
    t = t or translator(SOURCE)
    mine = next((w for u, w, _s in game.seats if u == me and w), None)
    others = [(u, w, s) for u, w, s in game.seats if u != me and w]
    where = _where(game, here=here, t=t)
    if mine is not None:
        since = next(s for u, w, s in game.seats if u == me)
        return True, t(
            "🟢 **{label}** in {where}: **your move**, {what} (for {time})",
            label=label,
            where=where,
            what=clip(t(mine), MAX_WAITING_CHARS),
            time=ago(since, now, t),
        )
    if others:
        # Name only the players who owe this same thing: in a tournament, one player confirming a
        # result is not "reporting table 2" with the two players who are.
        what = others[0][1]
        same = [u for u, w, _s in others if w == what]
        names = ", ".join(f"<@{u}>" for u in same[:3])
        if len(same) > 3:
            names = t("{names} and others", names=names)
        rest = len(others) - len(same)
        line = t(
            "⏳ **{label}** in {where}: waiting on {names}: {what} (for {time})",
            label=label,
            where=where,
            names=names,
            what=clip(t(what), MAX_WAITING_CHARS),
            time=ago(others[0][2], now, t),
        )
        if rest:
            line += t.n(
                "; {n} more waited on for something else",
                "; {n} more waited on for something else",
                rest,
                n=rest,
            )
        return False, line
    last = ago(game.updated_at, now, t)
    return False, t(
        "⚪ **{label}** in {where}: nothing waits on anyone (last move {time} ago)",
        label=label,
        where=where,
        time=last,
    )


def _label(bot: Any, kind: str, t: Translator | None = None) -> str:
    t = t or translator(SOURCE)
    text = t(bot.games.kind(kind).name())
    return text[:1].upper() + text[1:] if text else kind


def summary(
    bot: Any, games: list[SeatedGame], me: int, *, here: bool, title: str, t: Translator | None = None
) -> discord.Embed:
    t = t or translator(SOURCE)
    now = datetime.now(UTC)
    rows = [game_line(g, _label(bot, g.kind, t), me, now, here=here, t=t) for g in games[:MAX_LISTED]]
    waiting = sum(1 for g in games if any(u == me and w for u, w, _s in g.seats))
    head = t.n(
        "{n} game; {waiting} waiting on you.",
        "{n} games; {waiting} waiting on you.",
        len(games),
        n=len(games),
        waiting=waiting,
    )
    if len(games) > MAX_LISTED:
        head += " " + t("The {n} most recently active are listed.", n=MAX_LISTED)
    lines = [line for mine, line in rows if mine] + [line for mine, line in rows if not mine]
    return discord.Embed(title=title, description=clip("\n".join([head, "", *lines]), 4000), colour=COLOUR)


class StopReminders(PersistentButton, template=r"games:remind-off:(?P<user>\d+)"):
    """The Stop button on a reminder DM: only its player's press counts, and it works after a restart."""

    def __init__(self, user: int, label: str = "Stop these reminders") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
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
        t = reader(interaction)
        if interaction.user.id != self.user:
            await Post(content=t("These reminders are someone else's."), ephemeral=True).send(interaction)
            return
        await interaction.client.scheduler.cancel(remind_key(self.user))  # type: ignore[attr-defined]
        await Post(
            content=t("Daily reminders are off. `/games remind:on` turns them on again."), ephemeral=True
        ).send(interaction)


def stop_view(user: int, t: Translator | None = None) -> discord.ui.View:
    t = t or translator(SOURCE)
    view = discord.ui.View(timeout=None)
    view.add_item(StopReminders(user, t("Stop these reminders")))
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
    t = translator(await dm_locale(bot, user))
    embed = summary(bot, games, user, here=False, title=t("Herald: games waiting on you"), t=t)
    try:
        channel = await bot.create_dm(discord.Object(user))
        await send_to(
            channel, embeds=[embed], view=stop_view(user, t), mentions=discord.AllowedMentions.none(), t=t
        )
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


async def stopped_note(bot: Any, user: int, t: Translator | None = None) -> str:
    """Once, after Herald stopped a player's reminders: why, and how to have them again."""
    t = t or translator(SOURCE)
    key = stopped_key(user)
    stopped = _parsed(await bot.meta.get(key))
    if stopped is None:
        return ""
    await bot.meta.set(key, "")
    when = f"<t:{int(stopped.timestamp())}:R>"
    return t(
        "Your daily reminders stopped {when}: Discord refused Herald's DMs to you for a week (your "
        "privacy settings allow no DMs from Herald). Allow them (the server's Privacy Settings, or "
        "Herald's profile), then turn reminders on again with `/games remind:on`.",
        when=when,
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
        t = reader(interaction)
        me = interaction.user.id
        stopped_before = await stopped_note(self.bot, me, t)
        note = ""
        if remind == "on":
            due = datetime.now(UTC) + REMIND_EVERY
            scheduler = self.bot.scheduler  # type: ignore[attr-defined]
            await scheduler.schedule(REMIND_JOB, at=due, payload={"user": me}, key=remind_key(me))
            when = f"<t:{int(due.timestamp())}:f>"
            note = t(
                "Daily reminder on: from {when}, once a day, Herald sends you a DM listing the games "
                "waiting on you (nothing when none are). When Discord refuses the DMs for a week, they "
                "stop, and `/games` tells you.",
                when=when,
            )
        elif remind == "off":
            stopped = await self.bot.scheduler.cancel(remind_key(me))  # type: ignore[attr-defined]
            note = t("Daily reminder off.") if stopped else t("Daily reminders were not on.")
        note = "\n".join(part for part in (stopped_before, note) if part)
        here = installed_here(interaction)
        store = self.bot.games  # type: ignore[attr-defined]
        found = await store.seats_of(me, interaction.guild_id if here else None)
        if not found:
            if here:
                text = t("You play no game in this server right now.")
            else:
                text = t("You play no game in any server with Herald right now.")
            await Post(content=f"{note}\n{text}".strip(), ephemeral=True).send(interaction)
            return
        title = t("Your games in this server") if here else t("Your games in every server")
        embed = summary(self.bot, found, me, here=here, title=title, t=t)
        await Post(content=note or None, embeds=[embed], ephemeral=True).send(interaction)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(StopReminders)
    bot.scheduler.register(REMIND_JOB, remind_job)  # type: ignore[attr-defined]
    await bot.add_cog(Games(bot))
