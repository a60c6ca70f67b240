"""/40k: the attack sequence rolled die by die, its exact odds with a chart, and saved profiles."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot.heavy import run_heavy
from bot.play import Post, autocomplete, is_manager, send
from bot.storage.profiles import MAX_PROFILES_PER_OWNER, SERVER
from cogs.wh40k.inputs import (
    MAX_PROFILE_NAME,
    Kind,
    check_name,
    guild_of,
    parse,
    read,
    repository,
    saved_choices,
    situation_choices,
    target_choices,
    weapon_choices,
)
from cogs.wh40k.replies import COLOUR, attack_reply, odds_reply
from rules.errors import RuleError
from rules.wh40k import AttackOdds, distribution, parse_situation, roll
from rules.wh40k.cost import check_odds_cost
from rules.wh40k.profiles import suggest_weapon_line

WEAPON_HELP = "A datasheet line, e.g. A4 BS3+ S5 AP-1 D2, lethal hits; or a saved profile's name"
TARGET_HELP = "T4 Sv3+ W2 x5 inv5+ fnp6+ (and keywords for Anti-X); or a saved profile's name"
SITUATION_HELP = "Any of: half range, charged, stationary, cover (commas between)"
KIND_CHOICES = [app_commands.Choice(name=k.value, value=k.value) for k in Kind]


class ManagerOnly(RuleError):
    """A server-wide profile changed by someone without Manage Server."""


def _owner(interaction: discord.Interaction, server: bool, doing: str) -> int:
    if not server:
        return interaction.user.id
    if interaction.guild_id is None:
        raise ManagerOnly("Server profiles live in a server: run this in a server channel.")
    if not is_manager(interaction):
        raise ManagerOnly(f"You need the Manage Server permission to {doing} a profile for the whole server.")
    return SERVER


@autocomplete
async def _weapons(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
    return await weapon_choices(interaction, current)


@autocomplete
async def _targets(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
    return await target_choices(interaction, current)


@autocomplete
async def _situations(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
    return situation_choices(current)


@autocomplete
async def _deletable(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
    found = []
    for kind in Kind:
        found += await saved_choices(interaction, kind, current)
    return found


@autocomplete
async def _profile_line(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
    """A weapon line completed with the ability being typed (a target line has nothing to complete)."""
    if getattr(interaction.namespace, "kind", None) == Kind.TARGET.value:
        return []
    return [(line, line) for line in suggest_weapon_line(current)]


class Wh40k(
    commands.GroupCog,
    group_name="40k",
    group_description="Warhammer 40,000: attacks rolled die by die, exact odds, saved profiles",
):
    profile = app_commands.Group(name="profile", description="Weapon and target lines kept under a name")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="attack", description="Roll a 40k attack: hits, wounds, saves, damage, every die"
    )
    @app_commands.describe(weapon=WEAPON_HELP, target=TARGET_HELP, situation=SITUATION_HELP)
    @app_commands.autocomplete(weapon=_weapons, target=_targets, situation=_situations)
    async def attack(
        self, interaction: discord.Interaction, weapon: str, target: str, situation: str | None = None
    ) -> None:
        armed = await read(interaction, Kind.WEAPON, weapon)
        aimed = await read(interaction, Kind.TARGET, target)
        where = parse_situation(situation)
        rng = self.bot.rng  # type: ignore[attr-defined]
        rolled = await asyncio.to_thread(roll, armed.weapon, aimed.target, where, rng)
        reply = attack_reply(interaction.user, armed, aimed, where, rolled)
        await send(interaction, embed=reply.embed, files=reply.files)

    @app_commands.command(
        name="odds", description="Exact odds of a 40k attack: wounds and models slain, with a chart"
    )
    @app_commands.describe(
        weapon=WEAPON_HELP,
        target=TARGET_HELP,
        situation=SITUATION_HELP,
        compare="A second weapon against the same target, drawn beside the first",
    )
    @app_commands.autocomplete(weapon=_weapons, target=_targets, situation=_situations, compare=_weapons)
    async def odds(
        self,
        interaction: discord.Interaction,
        weapon: str,
        target: str,
        situation: str | None = None,
        compare: str | None = None,
    ) -> None:
        weapons = [await read(interaction, Kind.WEAPON, weapon)]
        if compare is not None:
            weapons.append(await read(interaction, Kind.WEAPON, compare))
        aimed = await read(interaction, Kind.TARGET, target)
        where = parse_situation(situation)

        for w in weapons:  # refused at once when too big, before any work is queued
            check_odds_cost(w.weapon, aimed.target, where)

        def work() -> list[AttackOdds]:
            return [distribution(w.weapon, aimed.target, where) for w in weapons]

        results = await run_heavy(work)
        reply = odds_reply(interaction.user, weapons, aimed, where, results)
        await send(interaction, embed=reply.embed, images=reply.images)

    # -- saved profiles ------------------------------------------------------------------------

    @profile.command(name="save", description="Keep a weapon or target line under a name")
    @app_commands.describe(
        name=f"The name to use it by (up to {MAX_PROFILE_NAME} characters)",
        kind="A weapon line or a target line",
        line="The line itself, as you would type it in /40k attack",
        server="For everyone in this server (needs Manage Server); otherwise for you only",
    )
    @app_commands.autocomplete(line=_profile_line)
    @app_commands.choices(kind=KIND_CHOICES)
    async def profile_save(
        self, interaction: discord.Interaction, name: str, kind: str, line: str, server: bool = False
    ) -> None:
        owner = _owner(interaction, server, "save")
        what = Kind(kind)
        name = check_name(name, what)
        canonical = parse(what, line).describe()
        replaced = await repository(interaction).save(
            guild_id=guild_of(interaction),
            owner_id=owner,
            name=name,
            kind=what.value,
            line=canonical,
            created_by=interaction.user.id,
        )
        whose = "the server's" if server else "your"
        verb = "Replaced" if replaced is not None else "Saved"
        text = (
            f"{verb} {whose} {what.value} profile **{name}**: `{canonical}`.\n"
            f"Type `{name}` as the {what.value} in `/40k attack` or `/40k odds`."
        )
        if replaced is not None:
            text += f"\nIt was `{replaced.line}` ({replaced.kind})."
        await Post(content=text, ephemeral=not server).send(interaction)

    @profile.command(name="list", description="The weapon and target profiles you can use here")
    async def profile_list(self, interaction: discord.Interaction) -> None:
        usable = await repository(interaction).usable(
            guild_id=guild_of(interaction), user_id=interaction.user.id
        )
        if not usable:
            text = "No saved profiles yet: `/40k profile save name kind line` keeps one."
            await Post(content=text, ephemeral=True).send(interaction)
            return
        embed = discord.Embed(title=f"Your 40k profiles ({len(usable)})", colour=COLOUR)
        for server in (False, True):
            for kind in Kind:
                rows = [p for p in usable if p.server_wide == server and p.kind == kind.value]
                if rows:
                    embed.add_field(
                        name=f"{'Server' if server else 'Your'} {kind.value}s",
                        value="\n".join(f"**{p.name}**: `{p.line}`" for p in rows),
                        inline=False,
                    )
        embed.set_footer(
            text=f"Use a profile by typing its name as the weapon or target. Up to {MAX_PROFILES_PER_OWNER} "
            "each; yours hide the server's of the same name."
        )
        await Post(embeds=[embed], ephemeral=True).send(interaction)

    @profile.command(name="delete", description="Delete one of your saved profiles")
    @app_commands.describe(
        name="The profile's name", server="Delete the server's profile (needs Manage Server)"
    )
    @app_commands.autocomplete(name=_deletable)
    async def profile_delete(self, interaction: discord.Interaction, name: str, server: bool = False) -> None:
        owner = _owner(interaction, server, "delete")
        gone = await repository(interaction).delete(guild_id=guild_of(interaction), owner_id=owner, name=name)
        if gone is None:
            whose = "The server has" if server else "You have"
            raise RuleError(
                f"{whose} no profile called `{name[:MAX_PROFILE_NAME]}`: `/40k profile list` shows them."
            )
        whose = "the server's" if server else "your"
        text = f"Deleted {whose} {gone.kind} profile **{gone.name}** (`{gone.line}`)."
        await Post(content=text, ephemeral=not server).send(interaction)
