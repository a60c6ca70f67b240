"""The thread of each game: its name, its opening message, and the ITS match seated in it.

When a thread is opened (or its pairing changes), the ITS cog is told who plays there with
``bot.dispatch("tournament_game_thread", thread_id, guild_id, payload)`` (see
``cogs/its/threads.py``), so the players find the score sheet ready: the message's button (custom
id :data:`~rules.its.match.OPEN_SHEET_BUTTON`, answered by the ITS cog) opens it with both of them
seated. No cog imports the other; the event and the custom id are the whole contract.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.send import send_to
from bot.text import pinging, plain, public
from cogs.tournament.posts import player_line
from rules.its.match import OPEN_SHEET_BUTTON
from rules.tournament import Game, Tournament
from rules.tournament.format_settings import GameSystem
from rules.tournament.formats import format_of

log = logging.getLogger("herald.tournament")

MAX_THREAD_NAME = 100


def thread_name(t: Tournament, number: int, game: Game) -> str:
    """``R1 T2: Ann v Bo``, cut to Discord's 100 characters."""
    return plain(f"R{number} T{game.table}: {t.name_of(game.a)} v {t.name_of(game.b or '')}", MAX_THREAD_NAME)


def game_users(t: Tournament, game: Game) -> list[int]:
    """The Discord ids of a game's players (those who have one)."""
    return [uid for pid in game.players if (uid := t.player(pid).user_id)]


def sheet_view() -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            label="Open the score sheet", custom_id=OPEN_SHEET_BUTTON, style=discord.ButtonStyle.primary
        )
    )
    return view


def thread_text(t: Tournament, number: int, game: Game, scenario: str | None, *, head: str = "") -> str:
    """The message that opens (or, after a swap, updates) a game's thread."""
    fmt = format_of(t)
    tier = fmt.army_points(t, number)
    where = (
        f"**{public(t.name, 80)}**, round {number}, table {game.table}: {player_line(t, game.a)} v "
        f"{player_line(t, game.b or '')}."
    )
    if not fmt.uses_op:
        how = (
            f"{fmt.name} at {tier} points: when you are done, one of you reports the victory points "
            "with `/tournament report` and the other confirms."
        )
        if fmt.game is GameSystem.BOARDING_ACTIONS:
            how += " A `/ba battle` played in this thread reports itself when it ends."
        return " ".join(part for part in (head, where, how) if part)
    if scenario:
        how = (
            f"Press **Open the score sheet** for {scenario} at {tier} points: you are both seated "
            "already. When you both confirm it, the result goes to the tournament."
        )
    else:
        how = "Once the organisers set the scenario, score it here with `/its score`."
    return " ".join(part for part in (head, where, how, "Or use `/tournament report`.") if part)


def seat_players(
    bot: Any, guild_id: int | None, thread_id: int, t: Tournament, number: int, game: Game
) -> None:
    """Tell the ITS cog who plays in this thread (side A first), and the round's scenario."""
    players = [t.player(pid) for pid in game.players]
    if len(players) != 2 or not all(p.user_id for p in players) or not format_of(t).uses_op:
        return
    payload = {
        "scenario": t.scenarios.get(number),
        "tier": int(t.tier_of_round(number)),
        "players": [[p.user_id, p.name] for p in players],
    }
    bot.dispatch("tournament_game_thread", thread_id, guild_id, payload)


async def post_in_thread(
    thread: discord.abc.Messageable,
    t: Tournament,
    number: int,
    game: Game,
    scenario_name: Callable[[str], str],
    *,
    head: str = "",
) -> None:
    """The thread's message, pinging its two players (by id, nobody else)."""
    scenario_id = t.scenarios.get(number)
    scenario = scenario_name(scenario_id) if scenario_id else None
    try:
        await send_to(
            thread,
            content=thread_text(t, number, game, scenario, head=head),
            view=sheet_view() if scenario else None,
            mentions=pinging(game_users(t, game)),
        )
    except discord.HTTPException:
        log.warning("could not post in the thread of table %s", game.table)


async def rename_thread(bot: Any, thread_id: int, name: str) -> bool:
    """Rename a thread Herald opened; False when Discord refuses."""
    try:
        await bot.http.edit_channel(thread_id, name=name[:MAX_THREAD_NAME])
    except discord.HTTPException:
        log.warning("could not rename thread %s", thread_id)
        return False
    return True
