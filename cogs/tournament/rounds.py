"""/tournament, playing: pairing (with check-in's absentees), results and the round timer (standings,
finishing and the export are in ``standings.py``).

Pairing is computed off the event loop from the state at one version and saved only if the
tournament is still at that version (else computed again), so a result reported meanwhile is
never lost; every report, confirmation and correction is one kit step under the channel's lock.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Mapping
from functools import partial
from typing import Any, Literal

import discord
from discord import app_commands

from bot.games import ChannelBusy, MovedOn
from bot.i18n import reader
from bot.play import Change, Post, StepButton, View, send
from bot.send import acknowledge
from bot.text import pinging, public
from cogs.tournament.links import with_link
from cogs.tournament.posts import (
    missing_text,
    more_text,
    pairings_posts,
    result_text,
)
from cogs.tournament.questions import absent_refusal, lists_question, opponent_in_thread
from cogs.tournament.state import (
    KIT,
    GameThread,
    TournamentGame,
    VoidThread,
    event_words,
    follow_up_step,
    home_channel,
    player_id,
    report_result,
    require_organiser,
    require_player,
    settled_disputes,
    with_result,
)
from cogs.tournament.team_rounds import post_team_round
from cogs.tournament.threads import (
    game_users,
    kept_names_note,
    paired_again_text,
    post_in_thread,
    seat_players,
    taken_back_text,
    thread_name,
    void_thread,
)
from cogs.tournament.timer import TIMER_JOB as TIMER_JOB  # where the tests and older imports find it
from cogs.tournament.timer import timer_job as timer_job
from cogs.tournament.views import clear_settled, report_view
from rules.errors import RuleError
from rules.i18n import Message, _
from rules.its.scoring import MAX_OBJECTIVE_POINTS
from rules.tournament import (
    MAX_ROUNDS,
    Tournament,
    with_start_ratings,
)
from rules.tournament.checkin import leave_out_absent
from rules.tournament.engine import flag_notes
from rules.tournament.formats import format_of
from rules.tournament.model import MAX_ARMY_POINTS
from rules.tournament.teams import (
    check_event_pairable,
    pair_event_round,
    undo_event_pairing,
)

log = logging.getLogger("herald.tournament")

OP = app_commands.Range[int, 0, MAX_OBJECTIVE_POINTS]
VP = app_commands.Range[int, 0, MAX_ARMY_POINTS]
PAIRING_ATTEMPTS = 3


def paired(t: Tournament, seed: int, ratings: Mapping[str, float], *, leave_out: bool = False) -> Tournament:
    """The next round paired (a team event's: its team matches), and the start ratings of anyone
    not yet remembered (worker thread); ``leave_out``: players who have not checked in are left
    out of round 1 first."""
    if leave_out:
        t = leave_out_absent(t)
    return with_start_ratings(pair_event_round(t, random.Random(seed)), ratings)


def _replace_with(new: Tournament) -> Any:
    def change(state: TournamentGame) -> Change[TournamentGame]:
        return Change(state.update(tournament=new), summary=f"paired round {len(new.rounds)}")

    return change


class RoundCommands:
    """Mixed into the /tournament cog (see ``cogs/tournament/__init__.py``)."""

    bot: Any

    def scenario_name(self, scenario_id: str) -> str:  # provided by SetupCommands
        raise NotImplementedError

    # -- pairing -----------------------------------------------------------------------------

    @app_commands.command(
        name="pair", description="Organisers: pair the next round and open a thread per game"
    )
    @app_commands.describe(
        threads="Open a thread for each game (default: yes)",
        absent="Round 1 with check-in open: leave out who has not checked in",
    )
    async def pair(
        self,
        interaction: discord.Interaction,
        threads: bool = True,
        absent: Literal["leave-out"] | None = None,
    ) -> None:
        home = await home_channel(interaction)
        game = await KIT.load(interaction, channel_id=home)
        require_organiser(interaction, game.state, _("pair rounds"))  # before "thinking" shows in public
        refusal = absent_refusal(game.state.tournament)
        if refusal is not None and absent is None:
            raise RuleError(refusal)
        leave_out = absent is not None
        t = game.state.tournament
        # What pairing would refuse, it refuses before asking.
        number, _count = check_event_pairable(t)
        questions, label = [], None
        mine = reader(interaction)  # the question is the organiser's alone
        if format_of(t).uses_op and number not in t.scenarios:
            questions.append(
                mine(
                    _(
                        "Round {number} has no scenario yet, so its threads would get no score sheet until "
                        "one is set. Set it first with `/tournament mission round:{number}`, or pair now "
                        "and set it later (the threads then get their sheets).",
                        number=number,
                    )
                )
            )
            label = mine(_("Pair without a scenario"))
        lists = lists_question(t, leave_out=leave_out)
        if lists is not None:
            questions.append(" ".join(mine(part) for part in lists))
            label = label or mine(_("Pair without their lists"))
        if questions:
            arg = ("t" if threads else "n") + ("l" * leave_out)
            await Post(
                content="\n".join(questions),
                view=View(PairAnyway(game.id, number, arg, label=label)),
                ephemeral=True,
            ).send(interaction)
            return
        await self.pair_now(interaction, home, threads, leave_out=leave_out)

    async def pair_now(
        self, interaction: discord.Interaction, home: int, threads: bool, *, leave_out: bool = False
    ) -> None:
        """Pair the next round, open its threads and post the pairings (the organiser was checked);
        ``leave_out``: players who have not checked in are left out of round 1."""
        await acknowledge(interaction)
        game = await KIT.load(interaction, channel_id=home)
        for attempt in range(PAIRING_ATTEMPTS):
            if attempt:
                game = await KIT.load(interaction, channel_id=home)
            t = game.state.tournament
            users = [p.user_id for p in t.players if p.user_id]
            known = await self.bot.ratings.ratings(interaction.guild_id or 0, users)
            seed = self.bot.rng.getrandbits(64)
            new = await asyncio.to_thread(
                partial(paired, leave_out=leave_out),
                t,
                seed,
                {player_id(u): r for u, r in known.items()},
            )
            try:
                shown = await KIT.step(
                    interaction,
                    "pair",
                    _replace_with(new),
                    game_id=game.id,
                    version=game.version,
                    channel_id=home,
                )
                break
            except MovedOn:
                if attempt == PAIRING_ATTEMPTS - 1:
                    raise ChannelBusy(_("The tournament kept changing while pairing; try again.")) from None
        state, number = shown.state, len(shown.state.tournament.rounds)
        if state.tournament.team_size is not None:
            await post_team_round(self.bot, interaction, shown.id, state, number, threads=threads)
            return
        words = await event_words(interaction, state.tournament)
        note = ""
        if threads:
            opened, note = await self._open_threads(interaction, state, number, words)
            if opened:
                state = await follow_up_step(
                    interaction, home, "threads", lambda s: s.update(threads=[*s.threads, *opened])
                )
        await self._point_void_threads(interaction, home, state, number, words)
        left_out = [p for p in state.tournament.players if p.dropped_after == 0] if number == 1 else []
        if left_out:
            names = more_text(", ".join(public(p.name, 40) for p in left_out[:20]), len(left_out) - 20, words)
            out = words(_("Left out of round 1 (not checked in): {names}.", names=names))
            note = f"{note}\n{out}".strip()
        posts = pairings_posts(state, number, self.scenario_name, words)
        await with_link(self.bot, shown.id, posts[0], words)
        if note:
            posts[-1].content = f"{posts[-1].content}\n{note}"
        for post in posts:
            await post.send(interaction)
        notes = flag_notes(state.tournament, number)
        if notes:
            # What the pairing could not avoid is the organisers' to check, not a public alarm.
            mine = reader(interaction)
            head = mine(_("For the organisers (fix with `/tournament swap` while no result is in):"))
            await send(interaction, content="\n".join([head, *(mine(n) for n in notes)]), ephemeral=True)

    async def _open_threads(
        self, interaction: discord.Interaction, state: TournamentGame, number: int, words: Any
    ) -> tuple[list[GameThread], str]:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            return [], words(_("(No threads: pair from a text channel to get one per game.)"))
        t = state.tournament
        opened = []
        for g in t.rounds[number - 1].games:
            if g.b is None or g.table is None:
                continue
            try:
                thread = await channel.create_thread(
                    name=thread_name(t, number, g, words),
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=1440,
                )
            except discord.HTTPException:
                log.warning("could not open a thread for table %s in channel %s", g.table, channel.id)
                return opened, words(
                    _("(Some threads could not be opened: I need Create Public Threads here.)")
                )
            opened.append(GameThread(round=number, table=g.table, thread_id=thread.id))
            # The ITS match of the thread is seated first, so its sheet button works at once.
            seat_players(self.bot, interaction.guild_id, thread.id, t, number, g)
            await post_in_thread(thread, t, number, g, self.scenario_name, words=words)
        return opened, ""

    async def _point_void_threads(
        self, interaction: discord.Interaction, home: int, state: TournamentGame, number: int, words: Any
    ) -> None:
        """The threads of a taken-back pairing of this round learn where their players play now;
        void threads of earlier rounds are forgotten (their matches stay closed)."""
        t = state.tournament
        rnd = t.rounds[number - 1]
        live = {g.table: g.thread_id for g in state.threads if g.round == number}
        for v in state.void_threads:
            if v.round == number:
                why = paired_again_text(t, rnd, v.players, live, words)
                await void_thread(self.bot, interaction.guild_id, v.thread_id, why, [])
        if any(v.round != number for v in state.void_threads):
            await follow_up_step(
                interaction,
                home,
                "void threads",
                lambda s: s.update(void_threads=[v for v in s.void_threads if v.round == number]),
            )

    @app_commands.command(name="unpair", description="Organisers: take back the last pairing (no result yet)")
    async def unpair(self, interaction: discord.Interaction) -> None:
        home = await home_channel(interaction)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("take back a pairing"))
            number = len(state.tournament.rounds)
            t = undo_event_pairing(state.tournament)
            rnd = state.tournament.rounds[number - 1]
            players = {g.table: list(g.players) for g in rnd.games if g.table is not None}
            void = [
                VoidThread(
                    round=number, table=g.table, thread_id=g.thread_id, players=players.get(g.table, [])
                )
                for g in state.threads
                if g.round == number
            ]
            threads = [g for g in state.threads if g.round != number]
            reports = [r for r in state.reports if r.round != number]
            kept = [v for v in state.void_threads if v.round == number]
            new = state.update(tournament=t, threads=threads, reports=reports, void_threads=[*kept, *void])
            new, gone = settled_disputes(new)
            return Change(
                new, summary=f"unpaired round {number}", result=(number, void, state.tournament, gone)
            )

        shown = await KIT.step(interaction, "unpair", change, channel_id=home)
        number, void, before, gone = shown.result
        words = await event_words(interaction, shown.state.tournament)
        await clear_settled(self.bot, shown.state, gone, words)
        if void:
            taken = words(
                _(
                    "Round {number}'s pairing is taken back: its threads no longer count (each is renamed "
                    "and "
                    "told so). Pair it again with `/tournament pair`.",
                    number=number,
                )
            )
        else:
            taken = words(
                _(
                    "Round {number}'s pairing is taken back. Pair it again with `/tournament pair`.",
                    number=number,
                )
            )
        await Post(content=taken).send(interaction)
        why = taken_back_text(number, interaction.user.id, words)
        unrenamed: list[str | Message] = []
        rnd = before.rounds[number - 1]
        for v in void:
            game = next((g for g in rnd.games if g.table == v.table), None)
            name = thread_name(before, number, game, words) if game is not None else None
            users = game_users(before, game) if game is not None else []
            refused = await void_thread(
                self.bot, interaction.guild_id, v.thread_id, why, users, name=name, words=words
            )
            if refused is not None:
                unrenamed.append(refused)
        if unrenamed:
            mine = reader(interaction)
            notes = kept_names_note(unrenamed, mine)
            await send(
                interaction,
                content="\n".join(
                    [*notes, mine(_("Every thread that still exists was told it no longer counts."))]
                ),
                ephemeral=True,
            )

    # -- results -----------------------------------------------------------------------------

    @app_commands.command(name="report", description="Report your game's result; your opponent confirms it")
    @app_commands.describe(
        my_vp="Your Victory Points (40k / Boarding Actions: 0-100)",
        their_vp="Their Victory Points (40k / Boarding Actions: 0-100)",
        opponent="Who you played (not needed in your game's thread: its pairing names them)",
        my_op="ITS: your Objective Points",
        their_op="ITS: their Objective Points",
    )
    async def report(
        self,
        interaction: discord.Interaction,
        my_vp: VP,
        their_vp: VP,
        opponent: discord.User | None = None,
        my_op: OP | None = None,
        their_op: OP | None = None,
    ) -> None:
        home = await home_channel(interaction)
        game = await KIT.load(interaction, channel_id=home)
        result = format_of(game.state.tournament).make_result(my_op, my_vp, their_op, their_vp)
        here = int(interaction.channel_id or 0)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            me = require_player(state, interaction.user.id)
            other = require_player(state, opponent.id) if opponent else opponent_in_thread(state, me, here)
            new, made = report_result(state, me, other, result)
            new, gone = settled_disputes(new)
            return Change(
                new, summary=f"report {'recorded' if made is None else made.id}", result=(made, other, gone)
            )

        shown = await KIT.step(interaction, "report", change, channel_id=home)
        made, other, gone = shown.result
        t = shown.state.tournament
        words = await event_words(interaction, t)
        await clear_settled(self.bot, shown.state, gone, words)
        score = result_text(t, player_id(interaction.user.id), other, result, words)
        if made is None:
            await Post(
                content=words(_("✅ You both reported the same score: recorded. {score}", score=score))
            ).send(interaction)
            return
        user = t.player(other).user_id
        them = f"<@{user}>" if user else public(t.name_of(other), 40)
        await Post(
            content=words(
                _(
                    "{opponent}: {reporter} reports round {number}: {score}. Confirm it, or dispute it (the "
                    "organisers are told).",
                    opponent=them,
                    reporter=interaction.user.mention,
                    number=made.round,
                    score=score,
                )
            ),
            view=report_view(shown.id, shown.version, made, words),
            mentions=pinging([user] if user else []),
        ).send(interaction)

    @app_commands.command(name="result", description="Organisers: set or correct any game's result")
    @app_commands.describe(
        player="One of the two players",
        opponent="The other player",
        player_vp="The player's Victory Points",
        opponent_vp="The opponent's Victory Points",
        round="Round number (default: the current round)",
        player_op="ITS: the player's Objective Points",
        opponent_op="ITS: the opponent's Objective Points",
    )
    async def result(
        self,
        interaction: discord.Interaction,
        player: discord.User,
        opponent: discord.User,
        player_vp: VP,
        opponent_vp: VP,
        player_op: OP | None = None,
        opponent_op: OP | None = None,
        round: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
    ) -> None:
        home = await home_channel(interaction)
        game = await KIT.load(interaction, channel_id=home)
        require_organiser(interaction, game.state, _("set results (players use /tournament report)"))
        result = format_of(game.state.tournament).make_result(player_op, player_vp, opponent_op, opponent_vp)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("set results (players use /tournament report)"))
            number = round or len(state.tournament.rounds)
            a, b = require_player(state, player.id), require_player(state, opponent.id)
            new = with_result(state, a, b, result, round_number=number, correction=True, organiser=True)
            new, gone = settled_disputes(new)
            return Change(new, summary=f"result round {number}", result=(number, gone))

        shown = await KIT.step(interaction, "result", change, channel_id=home)
        number, gone = shown.result
        words = await event_words(interaction, shown.state.tournament)
        await clear_settled(self.bot, shown.state, gone, words)
        score = result_text(
            shown.state.tournament, player_id(player.id), player_id(opponent.id), result, words
        )
        said = words(
            _(
                "Round {number} result set by {organiser}: {score}",
                number=number,
                organiser=interaction.user.mention,
                score=score,
            )
        )
        await Post(content=said).send(interaction)

    @app_commands.command(name="missing", description="Games of the current round still without a result")
    async def missing(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        words = await event_words(interaction, game.state.tournament)
        await Post(content=missing_text(game.state, words)).send(interaction)

    # -- standings, the end, the export ----------------------------------------------------


class PairAnyway(StepButton, prefix="tour:pair"):
    """ "Pair without a scenario", under the question ``/tournament pair`` asks when the round has
    none: ``tour:pair:<game>:<round>:<t|n>[l]`` (n: no threads; l: leave out who has not checked in)."""

    label, style = "Pair without a scenario", discord.ButtonStyle.secondary

    async def run(self, interaction: discord.Interaction) -> None:
        home = await home_channel(interaction)
        game = await KIT.load(interaction, channel_id=home)
        require_organiser(interaction, game.state, _("pair rounds"))
        if game.id != self.game or len(game.state.tournament.rounds) + 1 != self.step:
            raise MovedOn(
                _(
                    "Round {number} was paired (or the tournament changed) since this question.",
                    number=self.step,
                )
            )
        cog = interaction.client.get_cog("Tournaments")
        assert isinstance(cog, RoundCommands), "the tournament cog is not loaded"
        label = self.item.label or self.label
        t = reader(interaction)
        asked = t("Pairing round {number}: {choice}.", number=self.step, choice=label)
        await send(interaction, content=asked, view=None, edit=True)
        arg = self.arg or ""
        await cog.pair_now(interaction, home, not arg.startswith("n"), leave_out=arg.endswith("l"))
