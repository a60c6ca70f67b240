"""A paired team round in Discord: the team matches posted with the captains' button, and a
thread per team match with both teams' players (called from ``/tournament pair``)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import channel as channel_words
from bot.send import send_to
from bot.text import pinging
from cogs.tournament.links import with_link
from cogs.tournament.state import GameThread, TournamentGame, follow_up_step, home_channel
from cogs.tournament.team_posts import team_thread_name, team_thread_text
from cogs.tournament.team_views import open_view, team_pairing_post
from rules.i18n import Translator

log = logging.getLogger("herald.tournament")


async def post_team_round(
    bot: Any,
    interaction: discord.Interaction,
    game_id: int,
    state: TournamentGame,
    number: int,
    *,
    threads: bool,
) -> None:
    """A team round is paired: the team matches, their captains called to the pairing ritual
    (the button gives each captain their own panel, privately), a thread per team match."""
    home = await home_channel(interaction)
    t = await channel_words(interaction, language=state.tournament.language)
    note = ""
    if threads:
        opened, note = await _open_team_threads(interaction, game_id, state, number, t)
        if opened:
            state = await follow_up_step(
                interaction, home, "threads", lambda s: s.update(threads=[*s.threads, *opened])
            )
    post = team_pairing_post(game_id, state, number, t)
    if note:
        post.content = f"{post.content}\n{note}"
    await with_link(bot, game_id, post, t)
    await post.send(interaction)


async def _open_team_threads(
    interaction: discord.Interaction, game_id: int, state: TournamentGame, number: int, t: Translator
) -> tuple[list[GameThread], str]:
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return [], t("(No threads: pair from a text channel to get one per team match.)")
    ev = state.tournament
    opened = []
    for match in ev.team_rounds[number - 1].matches:
        if match.is_bye or match.first_table is None:
            continue
        try:
            thread = await channel.create_thread(
                name=team_thread_name(ev, number, match, t),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=1440,
            )
        except discord.HTTPException:
            log.warning("could not open a thread for tables from %s in %s", match.first_table, channel.id)
            return opened, t("(Some threads could not be opened: I need Create Public Threads here.)")
        opened.append(GameThread(round=number, table=match.first_table, thread_id=thread.id))
        text, users = team_thread_text(ev, number, match, t)
        await send_to(thread, content=text, view=open_view(game_id, t), mentions=pinging(users))
    return opened, ""
