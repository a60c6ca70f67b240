"""/tournament list: army lists handed in for the event, sealed until the organisers reveal them.

The rules (who may hand in or see a list, when lists lock, what a check finds) are
:mod:`rules.tournament.lists`; a roster file is read by :func:`rules.wh40k.roster.parse_roster`
(the parser of ``/40k list import``, with its limits) through :func:`bot.uploads.read_upload`.
Lists are kept by :class:`bot.storage.tournament_lists.TournamentListRepository`, one per player
per tournament.
A submitted roster is also kept as the player's ``/40k`` army (under the tournament's name), so
its units can be used by name in ``/40k attack`` and ``/40k odds``.
"""

from __future__ import annotations

import io
from typing import Any, Literal

import discord
from discord import app_commands
from pydantic import ValidationError

from bot.i18n import reader
from bot.play import Change, Post, send
from bot.storage.army_lists import ArmyListLimitError
from bot.storage.database import Transaction
from bot.text import pinging, plain, public
from bot.uploads import ROSTER, read_upload
from cogs.tournament.posts import COLOUR, ENGLISH, chunks
from cogs.tournament.state import (
    KIT,
    TournamentGame,
    event_words,
    home_channel,
    is_organiser,
    require_organiser,
    require_player,
)
from rules.errors import RuleError
from rules.i18n import N_, Translator, _
from rules.tournament import Tournament
from rules.tournament import lists as sealed
from rules.tournament.formats import format_of
from rules.tournament.lists import MAX_LIST_TEXT, SubmittedList
from rules.wh40k.index import index_of
from rules.wh40k.roster import MAX_NAME, MAX_ROSTER_BYTES, Roster, clean_name, parse_roster

FORMATS = N_("a New Recruit export (.json) or a BattleScribe roster (.ros / .rosz)")
"""The roster files read, in the command's description (the refusals name them in their own words)."""
UNIT_LINES_BUDGET = 3600
"""Characters of unit lines in a shown roster (a card's text holds 4,000)."""
UNIT_LINE_CHARS = 300
"""Characters of one unit's line (its name, models, points, enhancements and wargear)."""


def _entry(stored: Any) -> SubmittedList | None:
    try:
        return SubmittedList.model_validate_json(stored)
    except ValidationError:
        return None


def list_embed(
    t: Tournament, player_id: str, entry: SubmittedList, roster: Roster | None, tr: Translator = ENGLISH
) -> discord.Embed:
    """A player's list: a typed text as written (neutralised), or a roster's points, faction and units."""
    player = t.player(player_id)
    embed = discord.Embed(title=tr(_("{player}: army list", player=public(player.name, 80))), colour=COLOUR)
    if entry.kind == "text":
        embed.description = public(entry.text, MAX_LIST_TEXT)
    else:
        points = tr(_("{points} points", points=entry.points)) if entry.points is not None else ""
        about = [entry.text, entry.faction, points]
        units = tr.n("{n} unit in the list", "{n} units in the list", entry.units, n=entry.units)
        lines = [public(" · ".join(a for a in about if a), 300), units]
        size = sum(len(x) for x in lines)
        for index, unit in enumerate(sealed.list_units(roster) if roster else ()):
            # The same unit lines as the tournament's web page (rules.tournament.lists.list_units).
            line = "• " + unit.line(lambda text: public(text, UNIT_LINE_CHARS), tr)
            line = line if len(line) <= UNIT_LINE_CHARS else line[: UNIT_LINE_CHARS - 1] + "…"
            if size + len(line) > UNIT_LINES_BUDGET:
                more = entry.units - index
                lines.append(
                    tr.n(
                        "… and {n} more unit in the list.", "… and {n} more units in the list.", more, n=more
                    )
                )
                break
            lines.append(line)
            size += len(line) + 1
        embed.description = "\n".join(lines)
    found = sealed.problem_messages(entry, limit=_limit(t), faction=player.faction, shown=_shown)
    if found:
        embed.add_field(name=tr(_("Checks")), value="\n".join(tr(f) for f in found)[:1000], inline=False)
    held = t.lists_held.get(player_id)
    if held is not None:
        fix = tr(_("Hand in a fixed list with `/tournament list submit`."))
        embed.add_field(
            name=tr(_("⛔ Held by the organisers until fixed")),
            value=f"{public(held, 300)}\n{fix}",
            inline=False,
        )
    if t.lists_revealed:
        state = tr(_("revealed"))
    else:
        state = tr(_("sealed: only its player and the organisers see it"))
    if held is not None:
        state += " · " + tr(_("held until fixed"))
    embed.set_footer(text=f"{plain(t.name, 80)} · {state}")
    return embed


def _shown(text: str) -> str:
    return public(text, 120)


def _limit(t: Tournament) -> int | None:
    return format_of(t).army_points(t, 1) or None


class ListCommands:
    """Mixed into the /tournament cog (see ``cogs/tournament/__init__.py``)."""

    bot: Any
    lists = app_commands.Group(name="list", description="Army lists: sealed until the organisers reveal them")

    @lists.command(
        name="submit", description="Hand in your army list (a roster file or text); sealed until revealed"
    )
    @app_commands.describe(
        file=f"Your roster: {FORMATS}, at most {MAX_ROSTER_BYTES // 1024 // 1024} MiB",
        text=f"Or your list as text (an army code, a link, a typed list; up to {MAX_LIST_TEXT:,} characters)",
        player="Organisers: hand in (or replace) this player's list",
    )
    async def list_submit(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment | None = None,
        text: str | None = None,
        player: discord.User | None = None,
    ) -> None:
        if (file is None) == (text is None):
            raise RuleError(
                _(
                    "Hand in one list: `file:` (a New Recruit export (.json) or a BattleScribe roster "
                    "(.ros / .rosz)) or `text:` (up to {most:,} characters).",
                    most=MAX_LIST_TEXT,
                )
            )
        home = await home_channel(interaction)
        game = await KIT.load(interaction, channel_id=home)
        target = player or interaction.user
        organiser = is_organiser(interaction, game.state)
        if target.id != interaction.user.id:
            require_organiser(interaction, game.state, _("hand in another player's list"))
        t = game.state.tournament
        pid = require_player(game.state, target.id)
        sealed.check_submission(t, pid, organiser=organiser)
        locked_before = sealed.locked(t)
        roster: Roster | None = None
        if file is not None:
            roster = await read_upload(
                interaction,
                file,
                parse_roster,
                max_bytes=MAX_ROSTER_BYTES,
                kind=ROSTER,
                instead=_("Send {formats}, or your list as `text:`.", formats=_(FORMATS)),
            )
            entry = sealed.roster_list(roster, file.filename)
        else:
            entry = sealed.text_list(text or "")
        stored_entry = entry.model_dump_json()
        stored_roster = None if roster is None else roster.model_dump_json()
        replaced = False

        async def store(tx: Transaction) -> None:
            nonlocal replaced
            replaced = await self.bot.tournament_lists.write(
                tx,
                game_id=game.id,
                player_id=pid,
                entry=stored_entry,
                roster=stored_roster,
                submitted_by=interaction.user.id,
            )

        def change(state: TournamentGame) -> Change[TournamentGame]:
            # Checked again on the tournament as it is now: the file took time to read, and round 1
            # may have been paired (the lists locked, perhaps revealed) meanwhile. The list is stored
            # in this step's own write, so never after a step that locked the lists.
            now = state.tournament
            if target.id != interaction.user.id:
                require_organiser(interaction, state, _("hand in another player's list"))
            require_player(state, target.id)  # still in the event
            allowed = is_organiser(interaction, state)
            if sealed.locked(now) and not allowed and not locked_before:
                raise RuleError(
                    _(
                        "Round 1 of {name} was paired while your list was being read, so the lists are "
                        "locked and nothing was stored: ask an organiser to replace yours.",
                        name=public(now.name, 80),
                    )
                )
            try:
                sealed.check_submission(now, pid, organiser=allowed)
            except RuleError as error:
                raise RuleError(_("Nothing was stored: {why}", why=error.text)) from None
            return Change(
                state.update(tournament=sealed.handed_in(now, pid)), summary=f"list of {pid}", also=store
            )

        shown = await KIT.step(interaction, "list", change, game_id=game.id, channel_id=home)
        t = shown.state.tournament
        mine = reader(interaction)  # the answer is the submitter's alone
        notes = []
        if roster is not None:
            army_name = clean_name(t.name, "Tournament list")
            try:
                await self.bot.army_lists.save(
                    owner_id=target.id,
                    name=army_name,
                    units=len(roster.units),
                    roster=roster.model_dump_json(),
                    index=index_of(roster),
                )
                notes.append(
                    mine(
                        _(
                            "Its units are usable in `/40k` as the army **{army}**.",
                            army=public(army_name, MAX_NAME),
                        )
                    )
                )
            except ArmyListLimitError as error:
                notes.append(mine(_("Not added to `/40k`: {why}", why=getattr(error, "text", str(error)))))
        name = public(t.name, 80)
        if target.id == interaction.user.id:
            head = (
                mine(_("Your list for {name} is replaced.", name=name))
                if replaced
                else mine(_("Your list for {name} is handed in.", name=name))
            )
        elif replaced:
            head = mine(_("{player}'s list for {name} is replaced.", player=target.mention, name=name))
        else:
            head = mine(_("{player}'s list for {name} is handed in.", player=target.mention, name=name))
        state = (
            mine(_("Lists are revealed: everyone in the event can see it."))
            if t.lists_revealed
            else mine(
                _(
                    "It stays sealed (only you and the organisers see it) until the organisers "
                    "reveal the lists."
                )
            )
        )
        embed = list_embed(t, pid, entry, roster, mine)
        await send(interaction, content=" ".join([head, state, *notes]), embeds=[embed], ephemeral=True)

    @lists.command(
        name="show", description="A player's army list (sealed lists: theirs and the organisers' only)"
    )
    @app_commands.describe(player="Whose list (default: yours)")
    async def list_show(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        home = await home_channel(interaction)
        game = await KIT.load(interaction, channel_id=home)
        t = game.state.tournament
        target = player or interaction.user
        pid = require_player(game.state, target.id)
        owner = target.id == interaction.user.id
        if not sealed.may_see(t, owner=owner, organiser=is_organiser(interaction, game.state)):
            raise RuleError(
                _(
                    "The lists of {name} are sealed until the organisers reveal them: you can see "
                    "only your own.",
                    name=public(t.name, 80),
                )
            )
        stored = await self.bot.tournament_lists.find(game_id=game.id, player_id=pid)
        entry = None if stored is None else _entry(stored.entry)
        if stored is None or entry is None:
            if owner:
                raise RuleError(
                    _(
                        "You have handed in no list yet: `/tournament list submit` takes a roster "
                        "file or text."
                    )
                )
            raise RuleError(
                _(
                    "{player} has handed in no list yet: `/tournament list submit` takes a roster "
                    "file or text.",
                    player=public(t.name_of(pid), 40),
                )
            )
        roster = None
        if stored.roster is not None:
            try:
                roster = Roster.model_validate_json(stored.roster)
            except ValidationError:
                roster = None
        # A revealed list is shown to the channel (the event's language); a sealed one to its reader.
        words = await event_words(interaction, t) if t.lists_revealed else reader(interaction)
        embed = list_embed(t, pid, entry, roster, words)
        await Post(embeds=[embed], ephemeral=not t.lists_revealed).send(interaction)

    @lists.command(
        name="reveal", description="Organisers: show every list to everyone (now, or at round 1's pairing)"
    )
    @app_commands.describe(when="Now, or when round 1 is paired")
    async def list_reveal(
        self, interaction: discord.Interaction, when: Literal["now", "at-pairing"] = "now"
    ) -> None:
        home = await home_channel(interaction)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("reveal the lists"))
            t = state.tournament
            if when == "now":
                t = sealed.reveal(t)
            else:
                if t.started:
                    raise RuleError(_("Round 1 is already paired: reveal the lists `when:now`."))
                t = t.model_copy(update={"reveal_lists_at_pairing": True})
            return Change(state.update(tournament=t), summary=f"lists reveal {when}")

        shown = await KIT.step(interaction, "reveal", change, channel_id=home)
        name = public(shown.state.tournament.name, 80)
        t = await event_words(interaction, shown.state.tournament)
        if when == "now":
            text = t(
                "📜 The army lists of {name} are revealed: `/tournament list show player:` shows anyone's.",
                name=name,
            )
        else:
            text = t("📜 The army lists of {name} will be revealed when round 1 is paired.", name=name)
        await Post(content=text).send(interaction)

    @lists.command(name="hold", description="Organisers: hold a player's list until fixed (or release it)")
    @app_commands.describe(
        player="Whose list",
        reason="What is wrong with it (shown to the player and the organisers)",
        release="The list is fixed: release it",
    )
    async def list_hold(
        self,
        interaction: discord.Interaction,
        player: discord.User,
        reason: app_commands.Range[str, 1, sealed.MAX_HOLD_REASON] | None = None,
        release: bool = False,
    ) -> None:
        home = await home_channel(interaction)
        await KIT.load(interaction, channel_id=home)  # "no tournament here" before the options
        if release == (reason is not None):
            raise RuleError(_("Give a `reason:` to hold the list, or `release:True` once it is fixed."))

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("hold lists"))
            pid = require_player(state, player.id)
            t = state.tournament
            t = sealed.release_list(t, pid) if release else sealed.hold_list(t, pid, reason or "")
            what = "released" if release else "held"
            return Change(state.update(tournament=t), summary=f"list of {pid} {what}")

        shown = await KIT.step(interaction, "hold", change, channel_id=home)
        tour = shown.state.tournament
        name = public(tour.name, 80)
        t = await event_words(interaction, tour)
        if release:
            await Post(
                content=t(
                    "{player}: the organisers released your list for {name}; it stands.",
                    player=player.mention,
                    name=name,
                ),
                mentions=pinging([player.id]),
            ).send(interaction)
            return
        # The reason may name what a sealed list holds: only its player and the organisers read it.
        mine = reader(interaction)
        await send(
            interaction,
            content=mine(
                _(
                    "{player}'s list is held until fixed: {reason}. They are told to look at it.",
                    player=public(tour.name_of(str(player.id)), 40),
                    reason=public(tour.lists_held[str(player.id)], 300),
                )
            ),
            ephemeral=True,
        )
        await Post(
            content=t(
                "{player}: the organisers hold your army list for {name} until it is fixed. "
                "`/tournament list show` tells you why (only you and the organisers see it); hand in a "
                "fixed one with `/tournament list submit`, even after round 1 is paired.",
                player=player.mention,
                name=name,
            ),
            mentions=pinging([player.id]),
        ).send(interaction)

    @lists.command(name="check", description="Organisers: every player's list and what its checks found")
    async def list_check(self, interaction: discord.Interaction) -> None:
        home = await home_channel(interaction)
        game = await KIT.load(interaction, channel_id=home)
        require_organiser(interaction, game.state, _("check the lists"))
        tour = game.state.tournament
        t = reader(interaction)  # the organiser's alone
        summaries = await self.bot.tournament_lists.summaries(game_id=game.id)
        lines, missing, fine = [], [], 0
        for player in tour.players:
            entry = _entry(summaries[player.id]) if player.id in summaries else None
            if entry is None:
                missing.append(public(player.name, 40))
                continue
            found = [
                t(m)
                for m in sealed.problem_messages(
                    entry, limit=_limit(tour), faction=player.faction, shown=_shown
                )
            ]
            if player.id in tour.lists_held:
                found.insert(
                    0, t("Held until fixed: {reason}.", reason=public(tour.lists_held[player.id], 200))
                )
            if not found:
                fine += 1
                continue
            lines.append(f"**{public(player.name, 40)}**: " + " ".join(found)[:600])
        head = t(
            "**Lists of {name}**: {fine} without a problem Herald can see, {look} to look at, "
            "{missing} missing.",
            name=public(tour.name, 80),
            fine=fine,
            look=len(lines),
            missing=len(missing),
        )
        if missing:
            lines.append(t("No list yet: {names}", names=", ".join(missing)))
        messages = chunks(head, lines)
        if len(messages) == 1:
            await send(interaction, content=messages[0], ephemeral=True)
            return
        report = "\n".join([head, *lines]).replace("**", "")
        file = discord.File(io.BytesIO(report.encode()), filename="list-check.txt")
        await send(
            interaction, content=f"{head}\n{t('Every problem is in the file.')}", files=[file], ephemeral=True
        )
