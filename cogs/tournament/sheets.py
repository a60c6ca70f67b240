"""Results that arrive from the ITS score sheet and from a finished ``/ba`` battle.

A Boarding Actions battle that ends is announced by the BA cog as ``ba_battle_final`` with
``{"players": [attacker, defender], "vp": [attacker's, defender's], "correction": bool,
"reopened_by": str | None}`` (user ids); it is recorded like a sheet when it was played in a
pairing thread (or the channel) of a Boarding Actions event. ``correction``: the battle was
finished before and an organiser reopened it (``reopened_by``, a name), so its new result
replaces the recorded one: the thread says so, and the game is marked as changed by hand, as the
pairings, the page and the export show it.

The cog also answers ``bot.pairings`` (see :mod:`bot.pairings`): which tournament a channel
belongs to, who organises it and who is paired in a pairing thread.

The ITS cog announces a sheet both players confirmed with
``bot.dispatch("its_sheet_final", channel_id, guild_id, payload)``, payload
``{"scenario": str, "tier": int, "players": [user_a, user_b], "result": ScoreResult JSON}``
(side A is ``players[0]``). The tournament whose pairing thread (or own channel) that is records
the result as one step and says so in that channel; a sheet that does not fit (another
scenario, players not paired together) is explained there instead.
"""

from __future__ import annotations

import logging
from typing import Any

from discord.ext import commands
from pydantic import ValidationError

from bot.games import Game
from bot.pairings import Pairing
from bot.send import send_to
from bot.text import public
from cogs.tournament.posts import result_text
from cogs.tournament.state import (
    KIT,
    TournamentGame,
    event_words_later,
    player_id,
    with_battle_result,
    with_sheet_result,
)
from rules.errors import RuleError
from rules.its.scoring import ScoreResult
from rules.tournament import GameResult, result_from_score
from rules.tournament.format_settings import GameSystem
from rules.tournament.formats import format_of

log = logging.getLogger("herald.tournament")


def _owner(
    games: list[Game[TournamentGame]], channel_id: int
) -> tuple[Game[TournamentGame], int | None] | None:
    """The tournament a channel belongs to, and the round when it is a pairing thread."""
    for game in games:
        thread = game.state.thread_of(channel_id)
        if thread is not None:
            return game, thread.round
    for game in games:
        if game.record.channel_id == channel_id:
            return game, None
    return None


def pairing_of(game: Game[TournamentGame], round_number: int | None, channel_id: int) -> Pairing:
    """What the tournament says about one of its channels (a pairing thread names its players)."""
    t = game.state.tournament
    players: tuple[tuple[int, str], ...] = ()
    thread = game.state.thread_of(channel_id)
    if thread is not None and 1 <= thread.round <= len(t.rounds):
        played = next((g for g in t.rounds[thread.round - 1].games if g.table == thread.table), None)
        if played is not None and played.b is not None:
            seated = [t.player(pid) for pid in played.players]
            if all(p.user_id for p in seated):
                players = tuple((int(p.user_id or 0), p.name) for p in seated)
    return Pairing(
        event=t.name,
        organisers=tuple(game.state.organisers),
        players=players,
        game=format_of(t).game.value,
        round=round_number or 0,
    )


class SheetResults(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.pairings.register(self.pairing)  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self.bot.pairings.unregister(self.pairing)  # type: ignore[attr-defined]

    async def pairing(self, guild_id: int | None, channel_id: int) -> Pairing | None:
        """``bot.pairings``' answer: the tournament whose channel or pairing thread this is."""
        if not guild_id:
            return None
        store = self.bot.games  # type: ignore[attr-defined]
        found = _owner(await store.active_of_kind(guild_id, TournamentGame, KIT.kind.key), channel_id)
        return None if found is None else pairing_of(found[0], found[1], channel_id)

    @commands.Cog.listener("on_its_sheet_final")
    async def sheet_final(self, channel_id: int, guild_id: int | None, payload: dict[str, Any]) -> None:
        try:
            await self._record(int(channel_id), guild_id, payload)
        except Exception:  # a listener's failure must not be silent, nor reach another cog
            log.exception("could not record a final ITS sheet from channel %s", channel_id)

    @commands.Cog.listener("on_ba_battle_final")
    async def battle_final(self, channel_id: int, guild_id: int | None, payload: dict[str, Any]) -> None:
        try:
            await self._record_battle(int(channel_id), guild_id, payload)
        except Exception:  # a listener's failure must not be silent, nor reach another cog
            log.exception("could not record a finished battle from channel %s", channel_id)

    async def _game_of(self, channel_id: int, guild_id: int | None, battle: bool) -> Any:
        """The tournament whose live pairing thread ``channel_id`` is, with the round, or None (a
        thread of a taken-back pairing is told that its battle or sheet was not added, and what to
        do instead)."""
        if not guild_id:
            return None
        store = self.bot.games  # type: ignore[attr-defined]
        games = await store.active_of_kind(guild_id, TournamentGame, KIT.kind.key)
        void = next((g for g in games if g.state.void_of(channel_id) is not None), None)
        if void is not None:
            # Its match was closed when the pairing was taken back; a result finished before that
            # arrived still must not vanish without a word.
            event = void.state.tournament
            t = await event_words_later(self.bot, guild_id, event)
            name = public(event.name, 80)
            if battle:
                text = t(
                    "This battle was not added to {name}: this thread's pairing was taken back. Report "
                    "the game with `/tournament report`.",
                    name=name,
                )
            else:
                text = t(
                    "This sheet was not added to {name}: this thread's pairing was taken back. Score the "
                    "game in the thread of the new pairing, or with `/tournament report`.",
                    name=name,
                )
            await send_to(self.bot.get_partial_messageable(channel_id), content=text)
            return None
        return _owner(games, channel_id)  # None: outside any tournament

    async def _record_battle(self, channel_id: int, guild_id: int | None, payload: dict[str, Any]) -> None:
        found = await self._game_of(channel_id, guild_id, battle=True)
        if found is None:
            return
        store = self.bot.games  # type: ignore[attr-defined]
        game, round_number = found
        try:
            users = [int(u) for u in payload["players"]]
            vp_a, vp_b = (int(v) for v in payload["vp"])
            a, b = (player_id(u) for u in users)
            result = GameResult(vp_a=vp_a, vp_b=vp_b)
            correction = bool(payload.get("correction", False))
            by = str(payload.get("reopened_by") or "")
        except (KeyError, TypeError, ValueError, ValidationError):
            log.warning("ba_battle_final with an unreadable payload from channel %s", channel_id)
            return
        where = self.bot.get_partial_messageable(channel_id)
        was: GameResult | None = None
        try:
            action = "battle correction" if correction else "battle"
            async with store.update(
                game.record.channel_id, TournamentGame, kind=KIT.kind.key, actor_id=users[0], action=action
            ) as handle:
                before = handle.state
                handle.state, number, was = with_battle_result(
                    before,
                    a,
                    b,
                    result,
                    round_number=round_number,
                    system=GameSystem.BOARDING_ACTIONS,
                    correction=correction,
                    by=by,
                )
                if handle.state is before:
                    return
                handle.summary = f"{action} round {number}"
        except RuleError as error:
            t = await event_words_later(self.bot, guild_id, game.state.tournament)
            text = t("This battle was not added to the tournament: {why}", why=t(error.text))
            await send_to(where, content=text)
            return
        event = handle.state.tournament
        t = await event_words_later(self.bot, guild_id, event)
        name = public(event.name, 80)
        if was is None:
            text = t(
                "🏆 Recorded for {name}, round {round}: {result}",
                name=name,
                round=number,
                result=result_text(event, a, b, result, t),
            )
        else:
            text = t(
                "🏆 Corrected for {name}, round {round}: {result}. It replaces the result recorded before "
                "({before}): the organisers reopened the finished battle.",
                name=name,
                round=number,
                result=result_text(event, a, b, result, t),
                before=result_text(event, a, b, was, t),
            )
        await send_to(where, content=text)

    async def _record(self, channel_id: int, guild_id: int | None, payload: dict[str, Any]) -> None:
        found = await self._game_of(channel_id, guild_id, battle=False)
        if found is None:
            return
        store = self.bot.games  # type: ignore[attr-defined]
        game, round_number = found
        try:
            score = ScoreResult.model_validate(payload["result"])
            a, b = (player_id(int(u)) for u in payload["players"])
        except (KeyError, TypeError, ValueError, ValidationError):
            log.warning("its_sheet_final with an unreadable payload from channel %s", channel_id)
            return
        where = self.bot.get_partial_messageable(channel_id)
        try:
            async with store.update(
                game.record.channel_id, TournamentGame, kind=KIT.kind.key, actor_id=int(a), action="sheet"
            ) as handle:
                before = handle.state
                handle.state, number = with_sheet_result(before, a, b, score, round_number=round_number)
                if handle.state is before:
                    return  # the same sheet again: already recorded
                handle.summary = f"sheet result round {number}"
        except RuleError as error:
            t = await event_words_later(self.bot, guild_id, game.state.tournament)
            text = t("This sheet was not added to the tournament: {why}", why=t(error.text))
            await send_to(where, content=text)
            return
        event = handle.state.tournament
        t = await event_words_later(self.bot, guild_id, event)
        text = t(
            "🏆 Recorded for {name}, round {round}: {result}",
            name=public(event.name, 80),
            round=number,
            result=result_text(event, a, b, result_from_score(score), t),
        )
        await send_to(where, content=text)
