"""/si: Space Infantry boss fights in a channel, and one-off A-V attacks.

Each handler reads its options, builds one rules action, applies it through ``step`` (load,
apply, save, log) and answers with the boss zone map; the rules decide everything else.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import Game, MovedOn
from bot.i18n import channel, reader
from bot.play import Change, Post, autocomplete, is_manager
from cogs.space_infantry.forms import FORMS
from cogs.space_infantry.game import (
    COLOUR,
    CORE_DAMAGE,
    CORE_SL,
    CORE_ZONE_SUCCESSES,
    KIT,
    SIGame,
    draws_text,
    fight_message,
    load,
    rng_of,
    step,
    stored_events,
)
from cogs.space_infantry.labels import (
    armour,
    av_chances,
    matches,
    opening_label,
    undo_announcement,
    unit_label,
    vehicle_health,
    vehicle_label,
    zone_label,
)
from cogs.space_infantry.setup import edit_setup, log_bad_files, start_boss
from cogs.space_infantry.views import controls, send_step
from rules.errors import RuleError
from rules.i18n import _
from rules.space_infantry import (
    Action,
    ActivateZones,
    AddResource,
    AddUnits,
    AddVehicle,
    AVAttack,
    AVSource,
    BossSpec,
    DetermineRange,
    Disengage,
    Engage,
    FightState,
    Phase,
    RemoveResource,
    RemoveUnit,
    Resource,
    SquadHit,
    UnitKind,
    VehicleHit,
    WoundUnit,
    av_attack_odds,
    legal_engagements,
    load_bosses,
    make_vehicle,
    parse_units,
    resolve_av_attack,
    status_messages,
)
from rules.space_infantry.boss import MAX_UNITS_TEXT
from rules.space_infantry.common import MAX_NAME_LENGTH
from rules.space_infantry.vehicles import MAX_PEN, MAX_SL, MAX_VEHICLE_DMG, MAX_VEHICLE_SP, light_dmg_note

log = logging.getLogger("herald.space_infantry")

UNIT_KINDS = [app_commands.Choice(name=k.value, value=k.value) for k in UnitKind]


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
class SpaceInfantry(
    commands.GroupCog,
    group_name="si",
    group_description="Space Infantry: co-operative boss fights and A-V attacks",
):
    boss = app_commands.Group(name="boss", description="Start a boss fight")
    squad = app_commands.Group(name="squad", description="The squad fighting the boss")
    vehicle = app_commands.Group(name="vehicle", description="Vehicles in this channel's fight")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.bosses: dict[str, BossSpec] = {}

    async def cog_load(self) -> None:
        for pattern, handler in FORMS:
            self.bot.forms.add(pattern, handler)  # type: ignore[attr-defined]
        self.bosses, errors = await asyncio.to_thread(load_bosses)
        log_bad_files(errors)
        log.info("Space Infantry: %d bosses loaded, %d files skipped", len(self.bosses), len(errors))

    async def cog_unload(self) -> None:
        for _pattern, handler in FORMS:
            self.bot.forms.remove(handler)  # type: ignore[attr-defined]

    # -- helpers ------------------------------------------------------------------------------

    async def _change(
        self,
        interaction: discord.Interaction,
        action: Action,
        name: str,
        *,
        core: str | None = None,
        expect_version: int | None = None,
    ) -> None:
        done = await step(interaction, action, name=name, expect_version=expect_version)
        view = controls(done.game_id, done.version, done.result.state, await channel(interaction))
        if not await edit_setup(interaction, done, view):
            await send_step(interaction, done, core=core)

    async def _fight(self, interaction: discord.Interaction) -> FightState | None:
        game = await KIT.find(interaction)
        return None if game is None else game.state.fight

    @autocomplete
    async def _units(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        t = reader(interaction)
        def make(fight: FightState) -> list[tuple[str, str]]:
            return [
                (unit_label(fight, u.name, t), u.name) for u in fight.units if matches(current, u.name)
            ]

        fight = await self._fight(interaction)
        return [] if fight is None else make(fight)

    @autocomplete
    async def _zones(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        unit = str(getattr(interaction.namespace, "unit", "") or "")

        t = reader(interaction)
        def make(fight: FightState) -> list[tuple[str, str]]:
            pairs = legal_engagements(fight)
            legal = {z for u, z in pairs if u.lower() == unit.lower()} if unit else {z for _, z in pairs}
            zones = [z.name for z in fight.boss.zones if matches(current, z.name)]
            zones.sort(key=lambda z: z not in legal)
            return [(zone_label(fight, z, z in legal, t), z) for z in zones]

        fight = await self._fight(interaction)
        return [] if fight is None else make(fight)

    @autocomplete
    async def _openings(
        self, interaction: discord.Interaction, current: str
    ) -> list[tuple[str, str]]:
        t = reader(interaction)
        def make(fight: FightState) -> list[tuple[str, str]]:
            return [
                (opening_label(fight, z.name, t), z.name)
                for z in fight.boss.outer_zones
                if fight.zone_hp[z.name] <= 0
                and fight.boss.internals_of(z.name)
                and matches(current, z.name)
            ]

        fight = await self._fight(interaction)
        return [] if fight is None else make(fight)

    @autocomplete
    async def _vehicles(
        self, interaction: discord.Interaction, current: str
    ) -> list[tuple[str, str]]:
        t = reader(interaction)
        def make(fight: FightState) -> list[tuple[str, str]]:
            return [
                (vehicle_label(v, t), v.name)
                for v in fight.vehicles
                if matches(current, v.name)
            ]

        fight = await self._fight(interaction)
        return [] if fight is None else make(fight)

    @autocomplete
    async def _boss_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[tuple[str, str]]:
        found = [b for b in self.bosses.values() if matches(current, b.name, b.id)]
        found.sort(key=lambda b: (b.community, b.name))
        return [(f"{b.name}{' (community)' if b.community else ''}", b.id) for b in found]

    # -- the fight --------------------------------------------------------------------------

    @boss.command(
        name="start", description="Start a boss fight here (one fight per channel; a thread per fight)"
    )
    @app_commands.describe(boss="The boss to fight")
    async def boss_start(self, interaction: discord.Interaction, boss: str) -> None:
        await start_boss(interaction, self.bosses, boss)

    boss_start.autocomplete("boss")(_boss_choices)

    @squad.command(name="add", description="Add units to the squad: one, or several as Kai:basic:2, Lee:2")
    @app_commands.describe(
        name="The unit's name, or several units: Kai:basic:2, Lee:basic:2, Doc:specialist:1",
        kind="Basic or specialist (for units that don't say)",
        wounds="Wounds, 1-10 (for units that don't say)",
    )
    @app_commands.choices(kind=UNIT_KINDS)
    async def squad_add(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, MAX_UNITS_TEXT],
        kind: str = "basic",
        wounds: app_commands.Range[int, 1, 10] = 1,
    ) -> None:
        units = parse_units(name, UnitKind(kind), wounds)
        action: Action = units[0] if len(units) == 1 else AddUnits(units=units)
        await self._change(interaction, action, "squad add")

    @squad.command(name="remove", description="Take a unit out of the squad")
    @app_commands.describe(name="The unit to remove")
    @app_commands.autocomplete(name=_units)
    async def squad_remove(self, interaction: discord.Interaction, name: str) -> None:
        await self._change(interaction, RemoveUnit(name=name), "squad remove")

    @squad.command(name="scorpio", description="Give the squad the Scorpio (A-V 4, PEN 0), or take it away")
    @app_commands.describe(have="True: the squad has the Scorpio; false: it gives it up")
    async def squad_scorpio(self, interaction: discord.Interaction, have: bool = True) -> None:
        action: Action = (
            AddResource(resource=Resource.SCORPIO) if have else RemoveResource(resource=Resource.SCORPIO)
        )
        await self._change(interaction, action, "scorpio")

    @app_commands.command(
        name="engage",
        description="Engage a unit with a zone (before turn 1, or between the range and the activations)",
    )
    @app_commands.describe(
        unit="The unit",
        zone="The zone it attacks",
        via="Only if several destroyed outer zones lead to that internal zone",
    )
    @app_commands.autocomplete(unit=_units, zone=_zones, via=_openings)
    async def engage(
        self, interaction: discord.Interaction, unit: str, zone: str, via: str | None = None
    ) -> None:
        await self._change(interaction, Engage(unit=unit, zone=zone, via=via), "engage")

    @app_commands.command(
        name="disengage",
        description="Free a unit from its zone (before turn 1, or between the range and the activations)",
    )
    @app_commands.describe(unit="The unit")
    @app_commands.autocomplete(unit=_units)
    async def disengage(self, interaction: discord.Interaction, unit: str) -> None:
        await self._change(interaction, Disengage(unit=unit), "disengage")

    @app_commands.command(
        name="turn", description="Next step of the combat turn: the range, then the zones' activations"
    )
    async def turn(self, interaction: discord.Interaction) -> None:
        # Which draw comes next depends on the phase; the version check makes sure another
        # player's move in between cannot turn this into the other draw. Try again once if so.
        for attempt in range(2):
            game = await load(interaction)
            fight: FightState = game.state.fight
            action: Action = ActivateZones() if fight.phase is Phase.ENGAGEMENT else DetermineRange()
            try:
                name = "activate" if isinstance(action, ActivateZones) else "range"
                done = await step(interaction, action, name=name, expect_version=game.version)
            except MovedOn:
                if attempt:
                    raise
                continue
            pending = done.result.state.pending_activations()
            core = CORE_ZONE_SUCCESSES if isinstance(action, ActivateZones) and pending else None
            await send_step(interaction, done, core=core)
            return

    @app_commands.command(
        name="hit", description="An engaged unit's damage to its zone (from the core rules)"
    )
    @app_commands.describe(
        unit="The attacking unit",
        damage="The damage you worked out with the core rules",
        grenade="A grenade: the damage stays in that one zone",
    )
    @app_commands.autocomplete(unit=_units)
    async def hit(
        self,
        interaction: discord.Interaction,
        unit: str,
        damage: app_commands.Range[int, 0, 99],
        grenade: bool = False,
    ) -> None:
        await self._change(
            interaction, SquadHit(unit=unit, damage=damage, grenade=grenade), "hit", core=CORE_DAMAGE
        )

    @app_commands.command(name="wound", description="Wound a unit by hand (a negative number heals)")
    @app_commands.describe(unit="The unit", wounds="Wounds to take (negative to heal)")
    @app_commands.autocomplete(unit=_units)
    async def wound(
        self, interaction: discord.Interaction, unit: str, wounds: app_commands.Range[int, -99, 99]
    ) -> None:
        await self._change(interaction, WoundUnit(unit=unit, amount=wounds), "wound")

    @app_commands.command(name="status", description="The fight's zone map, squad and next step")
    async def status(self, interaction: discord.Interaction) -> None:
        game = await load(interaction)
        fight: FightState = game.state.fight
        t = await channel(interaction)
        lines = [t(line) for line in status_messages(fight)[1:]]
        lines += [
            f"{v.name}: {vehicle_health(v, long=True, t=t)} ({armour(v, t)})"
            for v in fight.vehicles
        ]
        if fight.resources:
            lines.append(t("Resources: {names}", names=", ".join(r.value.title() for r in fight.resources)))
        starter = "<@" + str(game.record.created_by) + ">"
        lines.append(t("Started by {who}.", who=starter))
        view = controls(game.id, game.version, fight, t)
        post = fight_message(fight, game_id=game.id, version=game.version, events=lines, view=view, t=t)
        await post.send(interaction)

    @app_commands.command(
        name="undo", description="Take back the last step (yours; the starter and Manage Server may undo any)"
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        game = await load(interaction)
        me, starter, manager = interaction.user.id, game.record.created_by, is_manager(interaction)
        restored, event = await KIT.undo(
            interaction, may_undo=lambda e: e.actor_id == me or starter == me or manager
        )
        fight: FightState = restored.state.fight
        t = await channel(interaction)
        what = stored_events(event.detail, t) or event.summary or event.action
        post = fight_message(
            fight,
            game_id=restored.id,
            version=restored.version,
            events=[
                *undo_announcement(event.action, event.detail, interaction.user.mention, t),
                t("Undone: {step}", step=what),
                t("(that step was {who}'s)", who="<@" + str(event.actor_id) + ">"),
            ],
            title=t("Undo · {boss}", boss=fight.boss.name),
            view=controls(restored.id, restored.version, fight, t),
            t=t,
        )
        await post.send(interaction)

    @app_commands.command(
        name="end", description="End this channel's fight (anyone once it is over; before, its starter)"
    )
    async def end(self, interaction: discord.Interaction) -> None:
        def change(state: SIGame, game: Game[SIGame]) -> Change[SIGame]:
            over = state.fight.is_over()
            if not over and game.record.created_by != interaction.user.id and not is_manager(interaction):
                raise RuleError(
                    _(
                        "Only the one who started this fight ({who}) or a member with Manage Server can "
                        "end it while it is still going; once it is over, anyone can. Use /si undo to "
                        "take back a step.",
                        who="<@" + str(game.record.created_by) + ">",
                    )
                )
            return Change(state, summary="ended the fight", end=True)

        game = await KIT.step(interaction, "end", change)
        fight: FightState = game.state.fight
        t = await channel(interaction)
        early = _("The fight was ended before its finish.")
        outcome = t(status_messages(fight)[-1] if fight.is_over() else early)
        post = fight_message(
            fight,
            game_id=game.id,
            version=game.version,
            title=t("Fight over · {boss}", boss=fight.boss.name),
            events=[outcome, t("Ended by {who}.", who=interaction.user.mention)],
            ended=True,
            t=t,
        )
        await post.send(interaction)

    # -- vehicles ------------------------------------------------------------------------------

    @vehicle.command(name="add", description="Track a vehicle in this channel's fight")
    @app_commands.describe(
        name="The vehicle's name",
        sp="Its structure points",
        dmg="Heavy Armor only: its DMG (the RN + PEN it takes to hit; 4+ is 4)",
        heavy="Heavy Armor (default yes; ignores standard attacks). Set false for light vehicles",
    )
    async def vehicle_add(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, MAX_NAME_LENGTH],
        sp: app_commands.Range[int, 1, MAX_VEHICLE_SP],
        dmg: app_commands.Range[int, 1, MAX_VEHICLE_DMG] | None = None,
        heavy: bool = True,
    ) -> None:
        await self._change(interaction, AddVehicle(name=name, dmg=dmg, sp=sp, heavy=heavy), "vehicle add")

    @vehicle.command(name="attack", description="A unit's A-V attack on a tracked vehicle; every RN is shown")
    @app_commands.describe(
        unit="The attacking unit",
        target="The vehicle",
        sl="The attack's SL, from the core rules",
        pen="The weapon's PEN (0 if none)",
        scorpio="Use the squad's Scorpio (A-V 4, PEN 0; the unit uses no other skill)",
        melee="At Melee range (default: the fight's current range)",
    )
    @app_commands.autocomplete(unit=_units, target=_vehicles)
    async def vehicle_attack(
        self,
        interaction: discord.Interaction,
        unit: str,
        target: str,
        sl: app_commands.Range[int, 0, MAX_SL],
        pen: app_commands.Range[int, 0, MAX_PEN] = 0,
        scorpio: bool = False,
        melee: bool | None = None,
    ) -> None:
        action = AVAttack(
            unit=unit,
            vehicle=target,
            sl=sl,
            pen=pen,
            melee=melee,
            source=AVSource.SCORPIO if scorpio else AVSource.OWN,
        )
        done = await step(interaction, action, name="vehicle attack")
        extra = None
        attack, before = done.result.av, done.before
        if attack is not None and before is not None:
            vehicle = next(v for v in before.vehicles if v.name == attack.vehicle.name)
            odds = av_attack_odds(vehicle, sl=attack.sl, pen=attack.pen, source=attack.source)
            words = await channel(interaction)
            extra = [(words("Chances before the RNs"), av_chances(odds, vehicle, words))]
        await send_step(interaction, done, core=CORE_SL, extra=extra)

    @vehicle.command(name="hit", description="A standard attack's damage on a vehicle without Heavy Armor")
    @app_commands.describe(target="The vehicle", damage="The damage you worked out with the core rules")
    @app_commands.autocomplete(target=_vehicles)
    async def vehicle_hit(
        self, interaction: discord.Interaction, target: str, damage: app_commands.Range[int, 0, 99]
    ) -> None:
        await self._change(
            interaction, VehicleHit(vehicle=target, damage=damage), "vehicle hit", core=CORE_DAMAGE
        )

    @app_commands.command(name="av", description="A one-off A-V attack, no fight needed; every RN is shown")
    @app_commands.describe(
        sl="The attack's SL, from the core rules",
        pen="The weapon's PEN (0 if none)",
        dmg="Heavy Armor only: the target's DMG (4+ is 4)",
        sp="The target's structure points (default 1)",
        heavy="The target has Heavy Armor (default true)",
        melee="At Melee range",
    )
    async def av(
        self,
        interaction: discord.Interaction,
        sl: app_commands.Range[int, 0, MAX_SL],
        pen: app_commands.Range[int, 0, MAX_PEN],
        dmg: app_commands.Range[int, 1, MAX_VEHICLE_DMG] | None = None,
        sp: app_commands.Range[int, 1, MAX_VEHICLE_SP] = 1,
        heavy: bool = True,
        melee: bool = False,
    ) -> None:
        target = make_vehicle("Target", dmg=dmg, sp=sp, heavy=heavy)
        odds = av_attack_odds(target, sl=sl, pen=pen)
        result = resolve_av_attack(target, sl=sl, pen=pen, melee=melee, rng=rng_of(self.bot))
        t = await channel(interaction)
        hits = t.n("**{n} hit**", "**{n} hits**", result.hits, n=result.hits)
        verdict = (
            t("**Destroyed.**")
            if result.destroyed
            else t("{hits}, wounds {wounds}/{sp}.", hits=hits, wounds=result.vehicle.wounds, sp=sp)
        )
        unused = [light_dmg_note(dmg)] if dmg is not None and not heavy else []
        embed = discord.Embed(
            title=t("A-V attack"),
            description="\n".join(t(line) for line in [*result.events, *result.notes, *unused]),
            colour=COLOUR,
        )
        embed.add_field(name=t("RN drawn"), value=draws_text(result.draws) or t("none (SL 0)"), inline=False)
        embed.add_field(name=t("Result"), value=verdict, inline=False)
        embed.add_field(name=t("Chances before the RNs"), value=av_chances(odds, target, t), inline=False)
        embed.add_field(name=t("Core rules needed"), value=t(CORE_SL), inline=False)
        await Post(embeds=[embed]).send(interaction)
