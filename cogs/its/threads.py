"""Game threads another cog opens for a pairing: the match is seated before anyone types.

A tournament announces each game thread it opens (or re-seats after a swap) with
``bot.dispatch("tournament_game_thread", thread_id, guild_id, payload)``, payload
``{"scenario": str | None, "tier": int, "players": [[user_id, name], [user_id, name]]}`` (side A
first). The thread's ITS match is then those two players, with the scenario's score sheet when it
is known; no invitation is needed, since the pairing named them. The thread's message carries a
button with the custom id :data:`~rules.its.match.OPEN_SHEET_BUTTON`, answered here (after a
restart too): it posts the thread's sheet, as ``/its score`` with no options does.

A thread whose pairing no longer counts (the round was taken back and paired again) is announced
with ``bot.dispatch("tournament_game_thread_void", thread_id, guild_id, {"why": str})``: its match
is closed, so its sheet refuses every change with ``why`` (which names the live thread).
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord.ext import commands
from pydantic import ValidationError

from bot.errors import report
from cogs.its.library import ItsContent
from cogs.its.sheet import score
from cogs.its.state import KIT, ItsMatch
from rules.errors import RuleError
from rules.i18n import _
from rules.its.match import OPEN_SHEET_BUTTON, Seat, paired_match
from rules.its.scoring import new_sheet

log = logging.getLogger("herald.its")


class OpenSheetButton(discord.ui.DynamicItem[discord.ui.Button], template=re.escape(OPEN_SHEET_BUTTON)):
    """"Open the score sheet" in a pairing's thread: the players are already seated."""

    def __init__(self) -> None:
        super().__init__(
            discord.ui.Button(
                label="Open the score sheet", custom_id=OPEN_SHEET_BUTTON, style=discord.ButtonStyle.primary
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> OpenSheetButton:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if await KIT.store(interaction).active_record(interaction.channel_id) is None:
                raise RuleError(
                    _("This thread has no ITS match yet (its scenario may not be set): start the sheet "
                    "with `/its score mission:... opponent:@...`.")
                )
            await score(interaction)
        except Exception as error:
            await report(interaction, error)


class GameThreads(commands.Cog):
    """Seats a pairing's two players in the ITS match of its thread."""

    def __init__(self, bot: commands.Bot, content: ItsContent) -> None:
        self.bot = bot
        self.content = content

    @commands.Cog.listener("on_tournament_game_thread")
    async def game_thread(self, thread_id: int, guild_id: int | None, payload: dict[str, Any]) -> None:
        try:
            await self._seat(int(thread_id), guild_id, payload)
        except Exception:  # a listener's failure must not be silent, nor reach another cog
            log.exception("could not seat the pairing of thread %s", thread_id)

    async def _seat(self, thread_id: int, guild_id: int | None, payload: dict[str, Any]) -> None:
        try:
            seats = [Seat(user_id=int(uid), name=str(name)) for uid, name in payload["players"]]
            scenario_id, tier = payload.get("scenario"), int(payload["tier"])
        except (KeyError, TypeError, ValueError, ValidationError):
            log.warning("tournament_game_thread with an unreadable payload for thread %s", thread_id)
            return
        sheet = None
        if scenario_id:
            sheet = new_sheet(self.content.scenarios.get(str(scenario_id)), tier)
        store = self.bot.games  # type: ignore[attr-defined]
        actor = seats[0].user_id
        if await store.active_record(thread_id) is None:
            made = paired_match(None, seats, sheet)
            assert made is not None
            state = ItsMatch.model_validate(made.model_dump())
            summary = f"seated by the pairing: {' vs '.join(state.names())}"
            await store.start(
                channel_id=thread_id,
                guild_id=guild_id,
                kind=KIT.kind.key,
                state=state,
                actor_id=actor,
                summary=summary,
            )
            return
        update = store.update(thread_id, ItsMatch, kind=KIT.kind.key, actor_id=actor, action="paired")
        async with update as handle:
            made = paired_match(handle.state, seats, sheet)
            if made is None:
                return
            handle.state = ItsMatch.model_validate(made.model_dump())
            handle.summary = f"seated by the pairing: {' vs '.join(handle.state.names())}"

    @commands.Cog.listener("on_tournament_game_thread_void")
    async def void_thread(self, thread_id: int, guild_id: int | None, payload: dict[str, Any]) -> None:
        try:
            await self._close(int(thread_id), str(payload["why"]))
        except Exception:  # a listener's failure must not be silent, nor reach another cog
            log.exception("could not close the match of void thread %s", thread_id)

    async def _close(self, thread_id: int, why: str) -> None:
        store = self.bot.games  # type: ignore[attr-defined]
        record = await store.active_record(thread_id)
        if record is None or record.kind != KIT.kind.key:
            return
        update = store.update(thread_id, ItsMatch, kind=KIT.kind.key, actor_id=0, action="void")
        async with update as handle:
            handle.state = handle.state.close(why)
            handle.summary = "closed: its pairing no longer counts"


ITEMS = (OpenSheetButton,)
