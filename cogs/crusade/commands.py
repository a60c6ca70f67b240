"""``/crusade``: a campaign in a channel, its Orders of Battle, battles, honours, scars,
requisitions, standings and exports. Thin: each command reads its options, runs one rules step
through the kit and shows the result."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import channel, reader
from bot.play import Change, Shown, autocomplete, is_manager
from bot.text import public
from bot.uploads import ROSTER, read_upload
from cogs.crusade.game import (
    KIT,
    CrusadeGame,
    Words,
    card,
    lines,
    own_units,
    show_force,
    standings_text,
)
from cogs.crusade.looks import LookCommands
from cogs.crusade.views import confirm_post, details_post, rng
from rules.crusade import engine
from rules.crusade.lists import read_force, unit_specs
from rules.crusade.model import Honour, HonourKind, Result
from rules.crusade.tables import load_requisitions, load_tables
from rules.crusade.tables import roll as roll_on
from rules.crusade.words import CrusadeError, _
from rules.i18n import N_
from rules.wh40k.roster import MAX_ROSTER_BYTES

FORMATS = N_("a New Recruit export (.json) or a BattleScribe roster (.ros / .rosz)")
TABLES = {"trait": "battle_traits", "weapon": "weapon_modifications", "relic": "relics"}


def _step(state: CrusadeGame, out: engine.Outcome, summary: str) -> Change[CrusadeGame]:
    return Change(state.model_copy(update={"campaign": out.campaign}), summary=summary, result=out)


def _lines(shown: Shown[CrusadeGame], title: str, t: Words):
    return card(title, lines(t, shown.result.lines))


def _names(text: str | None) -> list[str]:
    return [p for p in (text or "").split(",") if p.strip()]


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
class CrusadeCog(
    LookCommands,
    commands.GroupCog,
    group_name="crusade",
    group_description="Warhammer 40,000 Crusade campaigns",
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="create", description="Start a Crusade campaign in this channel (you organise it)"
    )
    @app_commands.describe(name="The campaign's name")
    async def create(self, interaction: discord.Interaction, name: str) -> None:
        state = CrusadeGame(campaign=engine.create(name, organiser_id=interaction.user.id))
        t = await channel(interaction)
        await KIT.begin(
            interaction,
            state,
            lambda s: card(
                public(s.state.campaign.name, 80),
                t("A Crusade campaign starts here. Join with `/crusade join file:` and your army list."),
            ),
            summary="created a Crusade campaign",
        )

    @app_commands.command(name="join", description="Join with an army list: it becomes your Order of Battle")
    @app_commands.describe(file=f"The list: {FORMATS}", name="Your force's name (the list's own otherwise)")
    async def join(
        self, interaction: discord.Interaction, file: discord.Attachment, name: str | None = None
    ) -> None:
        await KIT.load(interaction)  # no campaign here: say so before reading the file
        roster = await read_upload(
            interaction,
            file,
            read_force,
            max_bytes=MAX_ROSTER_BYTES,
            kind=ROSTER,
            instead=_("Send {formats}.", formats=_(FORMATS)),
        )
        specs = unit_specs(roster)
        player = interaction.user

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            c = engine.join(
                state.campaign,
                player_id=player.id,
                player_name=player.display_name,
                name=name or roster.name,
                faction=roster.faction,
                units=specs,
            )
            return Change(state.model_copy(update={"campaign": c}), summary="joined the campaign")

        t = reader(interaction)  # the reply to a file is the player's own

        def show(s: Shown[CrusadeGame]):
            force = s.state.campaign.force(player.id)
            over = engine.over_supply(force)
            note = (
                t(
                    "Taken as it is, {over} points over the Supply Limit of {limit}: "
                    "remove units or raise the limit with a requisition.",
                    over=over,
                    limit=force.supply_limit,
                )
                if over
                else ""
            )
            return show_force(force, t=t, note=note)

        await KIT.play(interaction, "join", change, show)

    @app_commands.command(name="battle", description="Record a battle, then the post-battle steps")
    @app_commands.describe(
        opponent="Who you played",
        result="Your result",
        took_part="Units that took part, by name, commas between (or choose in the menus)",
        destroyed="Units destroyed, commas between",
        kills='Units each destroyed: "Intercessors 2, Captain 1"',
        marked="The unit Marked for Greatness",
    )
    async def battle(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        result: Literal["win", "draw", "loss"],
        took_part: str | None = None,
        destroyed: str | None = None,
        kills: str | None = None,
        marked: str | None = None,
    ) -> None:
        me = interaction.user.id
        quick = took_part is not None

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            out = engine.record_battle(
                state.campaign,
                player_id=me,
                opponent_id=opponent.id,
                opponent_name=getattr(opponent, "display_name", opponent.name),
                result=Result(result),
            )
            force = out.campaign.force(me)
            bid = out.battle.id
            if any(x is not None for x in (took_part, destroyed, kills, marked)):
                out = engine.set_details(
                    out.campaign,
                    bid,
                    actor_id=me,
                    took_part=engine.unit_keys(force, _names(took_part)) if took_part is not None else None,
                    destroyed=engine.unit_keys(force, _names(destroyed)) if destroyed is not None else None,
                    kills=engine.parse_kills(force, kills) if kills is not None else None,
                    marked=engine.find_unit(force, marked).key if marked else None,
                )
            if quick:
                out = engine.submit(out.campaign, bid, actor_id=me)
            return _step(state, out, f"recorded battle #{bid}")

        t = await channel(interaction)

        def show(s: Shown[CrusadeGame]):
            b = s.result.battle
            return confirm_post(s, b, t) if quick else details_post(s, b, t)

        await KIT.play(interaction, "battle", change, show)

    @app_commands.command(name="kills", description="Say how many units each of yours destroyed in a battle")
    @app_commands.describe(battle="The battle's number", kills='"Intercessors 2, Captain 1"')
    async def kills(self, interaction: discord.Interaction, battle: int, kills: str) -> None:
        me = interaction.user.id

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            force = engine.require_force(state.campaign, me)
            out = engine.set_details(
                state.campaign, battle, actor_id=me, kills=engine.parse_kills(force, kills)
            )
            return _step(state, out, f"battle #{battle}: kills")

        t = await channel(interaction)
        await KIT.play(interaction, "battle-kills", change, lambda s: details_post(s, s.result.battle, t))

    @app_commands.command(
        name="honour", description="Give a unit a Battle Honour: rolled on a table or typed"
    )
    @app_commands.describe(
        unit="The unit",
        table="Which table",
        roll="Roll on the table",
        text="A free-text honour (or a table entry's name)",
        player="Organiser: whose force",
    )
    async def honour(
        self,
        interaction: discord.Interaction,
        unit: str,
        table: Literal["trait", "weapon", "relic"] = "trait",
        roll: bool = False,
        text: str | None = None,
        player: discord.User | None = None,
    ) -> None:
        chosen = load_tables()[TABLES[table]]
        if roll:
            number, entry = roll_on(chosen, rng(interaction))
            honour = Honour(name=entry.name, kind=HonourKind(table), tier=entry.tier, note=f"rolled {number}")
        elif text:
            entry = chosen.find(text)
            honour = (
                Honour(name=entry.name, kind=HonourKind(table), tier=entry.tier)
                if entry
                else Honour(name=" ".join(text.split())[:200], kind=HonourKind.OTHER)
            )
        else:
            raise CrusadeError(_("Roll on a table (`roll:true`) or type the honour (`text:`)."))
        await self._force_step(
            interaction,
            "honour",
            player,
            lambda c, pid, organiser: engine.add_honour(
                c, pid, unit, honour, actor_id=interaction.user.id, organiser=organiser
            ),
            lambda t: t("Battle Honour"),
        )

    @app_commands.command(name="scar", description="Give a unit a Battle Scar: rolled or typed (at most 3)")
    @app_commands.describe(
        unit="The unit", text="The scar (rolled on the table if left out)", player="Organiser: whose force"
    )
    async def scar(
        self,
        interaction: discord.Interaction,
        unit: str,
        text: str | None = None,
        player: discord.User | None = None,
    ) -> None:
        scar = text or roll_on(load_tables()["battle_scars"], rng(interaction))[1].name
        await self._force_step(
            interaction,
            "scar",
            player,
            lambda c, pid, organiser: engine.add_scar(
                c, pid, unit, scar, actor_id=interaction.user.id, organiser=organiser
            ),
            lambda t: t("Battle Scar"),
        )

    @app_commands.command(name="requisition", description="Spend Requisition Points")
    @app_commands.describe(name="The requisition", unit="The unit it is for", player="Organiser: whose force")
    async def requisition(
        self,
        interaction: discord.Interaction,
        name: str,
        unit: str | None = None,
        player: discord.User | None = None,
    ) -> None:
        req = load_requisitions().find(name)
        await self._force_step(
            interaction,
            "requisition",
            player,
            lambda c, pid, organiser: engine.requisition(
                c, pid, req, actor_id=interaction.user.id, unit_name=unit or "", organiser=organiser
            ),
            lambda t: t("Requisition"),
        )

    @requisition.autocomplete("name")
    @autocomplete
    def requisition_names(self, interaction: discord.Interaction, current: str):
        return [
            (f"{r.name} ({r.cost_text} RP)", r.key)
            for r in load_requisitions().requisitions
            if current.lower() in r.name.lower()
        ]

    @app_commands.command(name="add", description="Add a unit to your Order of Battle")
    @app_commands.describe(
        unit="Its name",
        points="Its points (counted against the Supply Limit)",
        keywords="Its Crusade keywords: character, epic hero, titanic, fortification, swarm",
        player="Organiser: whose force",
    )
    async def add(
        self,
        interaction: discord.Interaction,
        unit: str,
        points: app_commands.Range[int, 0, 5000],
        keywords: str | None = None,
        player: discord.User | None = None,
    ) -> None:
        roles = engine.read_roles(keywords or "")
        spec = engine.UnitSpec(unit, points, roles)
        await self._force_step(
            interaction,
            "add",
            player,
            lambda c, pid, organiser: engine.add_units(
                c, pid, [spec], actor_id=interaction.user.id, organiser=organiser
            ),
            lambda t: t("Unit added"),
        )

    @app_commands.command(name="end", description="End this campaign (organiser or Manage Server)")
    async def end(self, interaction: discord.Interaction) -> None:
        organiser = is_manager(interaction)
        t = await channel(interaction)

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            if not (organiser or interaction.user.id == state.campaign.organiser_id):
                raise CrusadeError(_("Only the campaign's organiser (or Manage Server) ends it."))
            return Change(state, summary="ended the campaign", end=True)

        await KIT.play(
            interaction,
            "end",
            change,
            lambda s: card(
                t("{campaign} has ended", campaign=public(s.state.campaign.name, 80)),
                t("Final standings:") + "\n" + standings_text(s.state.campaign, t=t),
            ),
        )

    @app_commands.command(name="remove", description="Remove a unit from your Order of Battle, for good")
    @app_commands.describe(unit="The unit", player="Organiser: whose force")
    async def remove(
        self, interaction: discord.Interaction, unit: str, player: discord.User | None = None
    ) -> None:
        await self._force_step(
            interaction,
            "remove",
            player,
            lambda c, pid, organiser: engine.remove_unit(
                c, pid, unit, actor_id=interaction.user.id, organiser=organiser
            ),
            lambda t: t("Unit removed"),
        )

    @honour.autocomplete("unit")
    @autocomplete
    async def honour_units(self, interaction: discord.Interaction, current: str):
        return await own_units(interaction, current)

    @scar.autocomplete("unit")
    @autocomplete
    async def scar_units(self, interaction: discord.Interaction, current: str):
        return await own_units(interaction, current)

    @requisition.autocomplete("unit")
    @autocomplete
    async def requisition_units(self, interaction: discord.Interaction, current: str):
        return await own_units(interaction, current)

    @remove.autocomplete("unit")
    @autocomplete
    async def remove_units(self, interaction: discord.Interaction, current: str):
        return await own_units(interaction, current)

    async def _force_step(
        self,
        interaction: discord.Interaction,
        action: str,
        player: discord.User | None,
        run,
        title: Callable[[Words], str],
    ) -> None:
        pid = (player or interaction.user).id
        organiser = is_manager(interaction)
        t = await channel(interaction)
        shown_title = title(t)

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            return _step(state, run(state.campaign, pid, organiser), action)

        await KIT.play(interaction, action, change, lambda s: _lines(s, shown_title, t))
