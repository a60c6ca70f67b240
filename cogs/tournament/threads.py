"""The thread of each game: its name, its opening message, and the ITS match seated in it.

When a thread is opened (or its pairing changes), the ITS cog is told who plays there with
``bot.dispatch("tournament_game_thread", thread_id, guild_id, payload)`` (see
``cogs/its/threads.py``), so the players find the score sheet ready: the message's button (custom
id :data:`~rules.its.match.OPEN_SHEET_BUTTON`, answered by the ITS cog) opens it with both of them
seated. No cog imports the other; the event and the custom id are the whole contract.

A thread whose pairing was taken back is void: it is renamed (``void · R1 T2: ...``), told so, and
announced with ``bot.dispatch("tournament_game_thread_void", thread_id, guild_id, {"why": str})``,
so the ITS cog closes its match and its sheet refuses with ``why``. When the round is paired
again, ``why`` names the thread each of its players now plays in.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from typing import Any

import discord

from bot.send import send_to
from bot.text import pinging, plain, public
from cogs.tournament.posts import ENGLISH, player_line
from cogs.tournament.state import TournamentGame
from rules.i18n import N_, Message, Translator, _
from rules.its.match import OPEN_SHEET_BUTTON
from rules.tournament import Game, Tournament
from rules.tournament.format_settings import GameSystem
from rules.tournament.formats import format_of
from rules.tournament.model import Round

log = logging.getLogger("herald.tournament")

MAX_THREAD_NAME = 100
VOID_PREFIX = "void · "


def thread_name(t: Tournament, number: int, game: Game, words: Translator = ENGLISH) -> str:
    """``R1 T2: Ann v Bo``, cut to Discord's 100 characters, in the tournament's language."""
    name = words(
        _(
            "R{round} T{table}: {a} v {b}",
            round=number,
            table=game.table,
            a=t.name_of(game.a),
            b=t.name_of(game.b or ""),
        )
    )
    return plain(name, MAX_THREAD_NAME)


def game_users(t: Tournament, game: Game) -> list[int]:
    """The Discord ids of a game's players (those who have one)."""
    return [uid for pid in game.players if (uid := t.player(pid).user_id)]


def sheet_view(words: Translator = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            label=words(_("Open the score sheet")),
            custom_id=OPEN_SHEET_BUTTON,
            style=discord.ButtonStyle.primary,
        )
    )
    return view


def thread_text(
    t: Tournament,
    number: int,
    game: Game,
    scenario: str | None,
    *,
    head: str = "",
    words: Translator = ENGLISH,
) -> str:
    """The message that opens (or, after a swap, updates) a game's thread."""
    fmt = format_of(t)
    tier = fmt.army_points(t, number)
    where = words(
        _(
            "**{name}**, round {number}, table {table}: {a} v {b}.",
            name=public(t.name, 80),
            number=number,
            table=game.table,
            a=player_line(t, game.a),
            b=player_line(t, game.b or ""),
        )
    )
    if not fmt.uses_op:
        how = words(
            _(
                "{game} at {points} points: when you are done, one of you reports the victory points "
                "with `/tournament report` and the other confirms.",
                game=fmt.name,
                points=tier,
            )
        )
        if fmt.game is GameSystem.BOARDING_ACTIONS:
            how += " " + words(
                _(
                    "A `/ba battle start mission:...` played in this thread takes you both as its players "
                    "(name `attacker:` to choose who attacks) and reports itself when it ends."
                )
            )
        return " ".join(part for part in (head, where, how) if part)
    if scenario:
        how = words(
            _(
                "Press **Open the score sheet** for {scenario} at {points} points: you are both seated "
                "already. When you both confirm it, the result goes to the tournament.",
                scenario=scenario,
                points=tier,
            )
        )
    else:
        how = words(_("Once the organisers set the scenario, score it here with `/its score`."))
    return " ".join(part for part in (head, where, how, words(_("Or use `/tournament report`."))) if part)


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
    words: Translator = ENGLISH,
) -> None:
    """The thread's message, pinging its two players (by id, nobody else), in ``words``' language
    (the tournament's)."""
    scenario_id = t.scenarios.get(number)
    scenario = scenario_name(scenario_id) if scenario_id else None
    try:
        await send_to(
            thread,
            content=thread_text(t, number, game, scenario, head=head, words=words),
            view=sheet_view(words) if scenario else None,
            mentions=pinging(game_users(t, game)),
        )
    except discord.HTTPException:
        log.warning("could not post in the thread of table %s", game.table)


async def rescore_threads(
    bot: Any,
    guild_id: int | None,
    state: TournamentGame,
    number: int,
    scenario_name: Callable[[str], str],
    words: Translator = ENGLISH,
) -> None:
    """A round paired before its scenario was set (or changed): each of its threads whose game
    has no result gets the scenario's score sheet, seated, and a message with its button."""
    t = state.tournament
    if number > len(t.rounds):
        return
    waiting = {g.table: g for g in t.rounds[number - 1].games if g.b is not None and g.result is None}
    for thread in state.threads:
        game = waiting.get(thread.table)
        if thread.round != number or game is None:
            continue
        seat_players(bot, guild_id, thread.thread_id, t, number, game)
        await post_in_thread(
            bot.get_partial_messageable(thread.thread_id),
            t,
            number,
            game,
            scenario_name,
            head=words(_("📜 The organisers set this round's scenario.")),
            words=words,
        )


async def rename_thread(bot: Any, thread_id: int, name: str) -> str | Message | None:
    """Rename a thread Herald opened; None when renamed, else why Discord refused (see
    :func:`refusal`).

    A game thread archives after a day without a message, and Discord modifies an archived thread
    only when the same request unarchives it: the rename always says ``archived: false``.
    """
    try:
        await bot.http.edit_channel(thread_id, name=name[:MAX_THREAD_NAME], archived=False)
    except discord.HTTPException as error:
        log.warning("could not rename thread %s: %s (code %s)", thread_id, error.status, error.code)
        return refusal(error)
    return None


def refusal(error: discord.HTTPException) -> str | Message:
    """Why Discord refused to change a thread, in the organisers' words (from its status and code):
    an English msgid, rendered where the organisers read it (:func:`kept_names_note`)."""
    if error.status == 404 or error.code == 10003:
        return N_("the thread was deleted")
    if error.code == 50001:
        return N_("I can no longer see the thread's channel")
    if error.code == 50013:
        return N_(
            "Discord says I lack a permission there: reopening an archived thread needs View "
            "Channels and Send Messages in the game channel (and a thread a moderator locked stays "
            "as it is)"
        )
    if error.code == 50083:
        return N_("the thread is archived and Discord would not reopen it")
    return _("Discord refused the change ({status}, code {code})", status=error.status, code=error.code)


def kept_names_note(reasons: list[str | Message], words: Translator = ENGLISH) -> list[str]:
    """The organisers' lines for threads that kept their old name, one per cause:
    ``2 threads kept the old name: the thread was deleted.``"""
    counts = Counter(reasons)
    return [
        words.n(
            "{n} thread kept the old name: {why}.",
            "{n} threads kept the old name: {why}.",
            n,
            n=n,
            why=words(why),
        )
        for why, n in counts.items()
    ]


def void_name(name: str, words: Translator = ENGLISH) -> str:
    """The name of a thread that no longer counts: ``void · R1 T2: Ann v Bo``."""
    prefix = words(_("void · "))
    if name.startswith((prefix, VOID_PREFIX)):
        return name
    return (prefix + name)[:MAX_THREAD_NAME]


def mention_of(channel_id: int) -> str:
    """``<#id>``: a channel as Discord shows it."""
    return f"<#{channel_id}>"


def taken_back_text(number: int, who: int, words: Translator = ENGLISH) -> str:
    """Why a thread is void once its round's pairing is taken back (before the new pairing)."""
    organiser = f"<@{who}>"
    return words(
        _(
            "⚠ This thread no longer counts: {organiser} took back round {number}'s pairing, so a score "
            "sheet confirmed here reaches nothing. The new pairing opens new threads, and this thread "
            "will say where each of you plays.",
            organiser=organiser,
            number=number,
        )
    )


def paired_again_text(
    t: Tournament, rnd: Round, players: list[str], threads: dict[int, int], words: Translator = ENGLISH
) -> str:
    """Why a thread is void once its round is paired again, with each of its players' live thread
    (``threads``: table -> thread id)."""
    where = []
    for pid in players:
        name = public(t.name_of(pid), 40)
        game = rnd.game_of(pid)
        if game is None:
            where.append(words(_("{player} is not paired this round", player=name)))
        elif game.b is None:
            where.append(words(_("{player} has the bye", player=name)))
        elif game.table in threads:
            where.append(
                words(
                    _(
                        "{player} plays at table {table} in {thread}",
                        player=name,
                        table=game.table,
                        thread=mention_of(threads[game.table]),
                    )
                )
            )
        else:
            where.append(words(_("{player} plays at table {table}", player=name, table=game.table)))
    return words(
        _(
            "⚠ This thread no longer counts: round {number} was paired again, so a score sheet confirmed "
            "here reaches nothing. {where}. Score your game there, or with `/tournament report`.",
            number=rnd.number,
            where="; ".join(where),
        )
    )


async def void_thread(
    bot: Any,
    guild_id: int | None,
    thread_id: int,
    why: str,
    users: list[int],
    *,
    name: str | None = None,
    words: Translator = ENGLISH,
) -> str | Message | None:
    """Tell a thread that it no longer counts: rename it (when ``name`` is given), post ``why``
    pinging its players, and close its ITS match. Why Discord refused the rename, if it did."""
    refused = None
    if name is not None:
        refused = await rename_thread(bot, thread_id, void_name(name, words))
    bot.dispatch("tournament_game_thread_void", thread_id, guild_id, {"why": why})
    try:
        head = " ".join(f"<@{u}>" for u in users)
        await send_to(
            bot.get_partial_messageable(thread_id),
            content=f"{head}: {why}" if head else why,
            mentions=pinging(users),
        )
    except discord.HTTPException:
        log.warning("could not post in void thread %s", thread_id)
    return refused
