"""/tournament swap: organisers change the current round's pairing while its games have no result.

The rules (which swaps are allowed, what they flag) are ``rules.tournament.engine``'s
``swap_players`` and ``swap_tables``; this module keeps the threads the pairing opened in step:
a thread follows its game (a table swap renames it), and a thread whose players changed is
renamed, re-seated for the ITS sheet and told so.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import reader
from bot.play import Change, Post
from bot.send import send
from bot.text import kept_name, pinging
from cogs.tournament.posts import pairing_lines
from cogs.tournament.state import (
    KIT,
    GameThread,
    TournamentGame,
    event_words,
    home_channel,
    require_organiser,
    require_player,
)
from cogs.tournament.threads import (
    game_users,
    kept_names_note,
    post_in_thread,
    rename_thread,
    seat_players,
    thread_name,
)
from rules.errors import RuleError
from rules.i18n import Message, _
from rules.tournament import swap_players, swap_tables
from rules.tournament.engine import changed_games, flag_notes
from rules.tournament.reports import Results, without_stale_reports

MAX_TABLE = 256
"""A 512-player round has 256 tables."""


def _threads_after_table_swap(game: TournamentGame, number: int, one: int, two: int) -> list[GameThread]:
    """A thread belongs to its game: when two games trade tables, their threads trade too."""
    swap = {one: two, two: one}
    return [
        g.model_copy(update={"table": swap[g.table]}) if g.round == number and g.table in swap else g
        for g in game.threads
    ]


class SwapCommands:
    """Mixed into the /tournament cog (see ``cogs/tournament/__init__.py``)."""

    bot: Any

    def scenario_name(self, scenario_id: str) -> str:  # provided by SetupCommands
        raise NotImplementedError

    @app_commands.command(
        name="swap", description="Organisers: swap two players, or two tables, of the current round"
    )
    @app_commands.describe(
        player="A player to swap with `other`",
        other="The player who takes their place (they take theirs)",
        table="A table to swap with `other_table`",
        other_table="The table whose game moves to `table`",
    )
    async def swap(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        other: discord.User | None = None,
        table: app_commands.Range[int, 1, MAX_TABLE] | None = None,
        other_table: app_commands.Range[int, 1, MAX_TABLE] | None = None,
    ) -> None:
        home = await home_channel(interaction)
        await KIT.load(interaction, channel_id=home)  # "no tournament here" before the options
        by_players = player is not None or other is not None
        by_tables = table is not None or other_table is not None
        if (
            by_players == by_tables
            or (by_players and (player is None or other is None))
            or (by_tables and (table is None or other_table is None))
        ):
            raise RuleError(
                _(
                    "Swap either two players (`player:@one other:@two`) or two tables "
                    "(`table:1 other_table:2`) of the current round."
                )
            )
        by = kept_name(interaction.user.display_name)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("change a pairing"))
            t = state.tournament
            if t.team_size is not None:
                # A swap could seat teammates together or split a team match's tables.
                raise RuleError(
                    _(
                        "In a team event the captains pair the players: reset a team match's pairing with "
                        "`/tournament team reset` instead of swapping."
                    )
                )
            threads = state.threads
            if player is not None and other is not None:
                new = swap_players(
                    t, require_player(state, player.id), require_player(state, other.id), by=by
                )
                what = f"swapped {player.id} and {other.id}"
            else:
                assert table is not None and other_table is not None
                new = swap_tables(t, table, other_table, by=by)
                threads = _threads_after_table_swap(state, len(t.rounds), table, other_table)
                what = f"swapped tables {table} and {other_table}"
            book = without_stale_reports(Results(tournament=new, reports=state.reports))
            return Change(
                state.update(tournament=new, threads=threads, reports=book.reports), summary=what, result=t
            )

        shown = await KIT.step(interaction, "swap", change, channel_id=home)
        state, before = shown.state, shown.result
        t = state.tournament
        number = len(t.rounds)
        moved = changed_games(before, t)
        by_table = {g.table: g.thread_id for g in state.threads if g.round == number}
        words = await event_words(interaction, t)
        paired = pairing_lines(state, number, words)
        lines = [line for g, line in zip(t.current.games, paired, strict=True) if g in moved]
        users = sorted({uid for g in moved for uid in game_users(t, g)})
        changed = words(
            _(
                "🔀 Round {number}'s pairing changed by {organiser}:",
                number=number,
                organiser=interaction.user.mention,
            )
        )
        await Post(content="\n".join([changed, *lines]), mentions=pinging(users)).send(interaction)
        unrenamed: list[str | Message] = []
        for g in moved:
            thread_id = by_table.get(g.table)
            if g.b is None or thread_id is None:
                continue
            refused = await rename_thread(self.bot, thread_id, thread_name(t, number, g, words))
            if refused is not None:
                unrenamed.append(refused)
            seat_players(self.bot, interaction.guild_id, thread_id, t, number, g)
            thread = self.bot.get_partial_messageable(thread_id)
            head = words(_("🔀 The organisers changed this pairing."))
            await post_in_thread(thread, t, number, g, self.scenario_name, head=head, words=words)
        mine = reader(interaction)
        notes = [mine(n) for n in flag_notes(t, number)]
        notes.extend(kept_names_note(unrenamed, mine))
        if notes:
            await send(
                interaction, content="\n".join([mine(_("For the organisers:")), *notes]), ephemeral=True
            )
