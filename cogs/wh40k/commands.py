"""/40k: the attack sequence rolled die by die, its exact odds with a chart, and saved profiles."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot.heavy import run_heavy
from bot.i18n import channel, reader
from bot.play import Post, autocomplete, is_manager, send
from bot.storage.profiles import MAX_PROFILES_PER_OWNER, SERVER
from cogs.wh40k.inputs import (
    EDITION_CHOICES,
    MAX_PROFILE_NAME,
    Kind,
    Read,
    check_name,
    edition_for,
    fight_with_best,
    guild_of,
    parse,
    read,
    repository,
    saved_choices,
    situation_choices,
    suggest_line,
    target_choices,
    weapon_choices,
)
from cogs.wh40k.replies import COLOUR, attack_reply, odds_reply
from rules.errors import RuleError
from rules.i18n import N_, Text, _
from rules.wh40k import parse_situation
from rules.wh40k.attack import UNCONFIRMED_11TH, UnitOdds, roll_unit, unit_distribution
from rules.wh40k.cost import check_unit_cost
from rules.wh40k.profiles import parse_edition

WEAPON_HELP = "A datasheet line (A4 BS3+ S5 AP-1 D2, lethal hits), a unit (lines joined by ;) or a saved name"
TARGET_HELP = "T4 Sv3+ W2 x5 inv5+ fnp6+ stealth (keywords for Anti-X); or a saved profile's name"
SITUATION_HELP = "Any of: half range, charged, stationary, cover (commas between)"
EDITION_HELP = "The rules edition: 11th (the default) or 10th (Boarding Actions)"
KIND_CHOICES = [app_commands.Choice(name=k.value, value=k.value) for k in Kind]
EDITIONS = [app_commands.Choice(name=f"{e} edition", value=e) for e in EDITION_CHOICES]


def _clipped(text: str, limit: int = 1024) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


HELP_FIELDS = (
    (
        N_("Weapon line"),
        N_(
            "`[name:] A<n or dice> BS<n>+ (or WS<n>+) S<n> AP-<n> D<n or dice> [x<models>], ability, ...`\n"
            "e.g. `bolt rifle: A2 BS3+ S4 AP-1 D1 x9, heavy`. Dice: `AD6+1`, `DD3`, `DD6`; a flat 6 damage "
            "is `D 6` (`D6` or `D3` alone is refused: a roll or a flat amount?).\n"
            "Abilities: lethal hits, sustained hits X, devastating wounds, twin-linked, anti-KEYWORD X+, "
            "melta X, lance, heavy, ignores cover, rapid fire X, blast, blast X (11th), cleave X (11th), "
            "torrent, hazardous, psychic, crit hit X+, crit wound X+, +1/-1 hit, +1/-1 wound, reroll hits "
            "(1), "
            "reroll wounds (1), reroll damage, precision (wounds to an attached Leader first). Read but "
            "without effect: assault, pistol, extra attacks, one shot, close-quarters."
        ),
    ),
    (
        N_("Unit (a whole volley)"),
        N_(
            "Weapon lines joined by `;`, each with its own model count: "
            "`bolt rifle: A2 BS3+ S4 AP-1 D1 x9; plasma gun: A1 BS3+ S8 AP-3 D2; "
            "power fist: A3 WS3+ S8 AP-2 D2`. "
            "Lines resolve in the order typed (in 10th edition Devastating Wounds lines go last); the "
            "target's "
            "wounded model and slain models carry from one line to the next (once all are slain, the rest "
            "of the volley is not rolled). Up to 12 lines, 600 attacks."
        ),
    ),
    (
        N_("Target line"),
        N_(
            "`T<n> Sv<n>+ W<n> [x<models>] [inv<n>+ or <n>++] [fnp<n>+]`, then any of `stealth`, `cover`, "
            "`-1 hit`, `-1 wound`, `-1 damage`, `half damage`, and keywords for Anti-X: infantry, vehicle, "
            "monster, character, beast, swarm, mounted, fly, psyker, titanic, walker, battleline, ... "
            "Any other keyword is `keyword:name` (and `anti-keyword:name 4+` on the weapon). "
            "A defence with `vs` holds only against what it names: `inv4+ vs ranged`, `fnp4+ vs mortal`, "
            "`fnp2+ vs psychic`, `fnp5+ vs d1`, `-1 damage vs melee` (several joined by `/`); the best of "
            "one kind that applies is used. An unknown word is refused with a guess."
        ),
    ),
    (
        N_("Several kinds of model, Leaders"),
        N_(
            "Groups joined by ` + `, each `[name:] [T] [Sv] W [x<models>] [inv] [fnp] [-1 damage]`: "
            "`T5 Sv5+ W1 x9 + Nob: W2 Sv4+`. A group takes what it does not state from the one before "
            "(`no inv`, `no fnp`, `full damage` drop it). Each model saves with its own save; wounds go to a "
            "wounded model first, else Herald takes the usual defender's order (ordinary models first, the "
            "better profile last) and says so: add `order:typed` to allocate in the order typed. `leader` "
            "on a later group is an attached Leader: its Bodyguard's T, wounds to the Bodyguard first, "
            "Precision reaches the Leader. Two units of your lists as `Unit + Leader` do the same. "
            "The unit's T is its models' highest (`toughness:majority` for a Kill Team rule, `toughness:5` "
            "sets it)."
        ),
    ),
    (
        N_("Situation and edition"),
        N_(
            "Situation: any of `half range, charged, stationary, cover` (commas or spaces between). "
            "`edition:` 11th (the default) or 10th (Boarding Actions). In 11th, cover is -1 to BS for "
            "Infantry, Beast and Swarm (and Stealth gives cover), and Lethal Hits is optional (Herald takes "
            "the automatic or the rolled wound, whichever brings more expected damage, and says which); in "
            "10th, cover is +1 to the save and Stealth -1 to hit. Half damage halves before Melta adds."
        ),
    ),
    (
        N_("11th edition: kept from 10th"),
        _(
            "{unconfirmed} No public source confirms their 11th-edition form, so Herald uses the "
            "10th-edition rules; every 11th-edition reply says so in one footer line. docs/40k-editions.md "
            "has the sources.",
            unconfirmed=_(UNCONFIRMED_11TH),
        ),
    ),
)
"""What `/help topic:40k` shows after the commands: the grammar of every line."""


_SECTIONS = {
    (False, Kind.WEAPON): N_("Your weapons"),
    (False, Kind.TARGET): N_("Your targets"),
    (False, Kind.UNIT): N_("Your units"),
    (True, Kind.WEAPON): N_("Server weapons"),
    (True, Kind.TARGET): N_("Server targets"),
    (True, Kind.UNIT): N_("Server units"),
}
"""The headings of /40k profile list."""


class ManagerOnly(RuleError):
    """A server-wide profile changed by someone without Manage Server."""


def _owner(interaction: discord.Interaction, server: bool, doing: str) -> int:
    if not server:
        return interaction.user.id
    if interaction.guild_id is None:
        raise ManagerOnly(_("Server profiles live in a server: run this in a server channel."))
    if not is_manager(interaction):
        if doing == "delete":
            raise ManagerOnly(
                _("You need the Manage Server permission to delete a profile for the whole server.")
            )
        raise ManagerOnly(_("You need the Manage Server permission to save a profile for the whole server."))
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
    return [(line, line) for line in suggest_line(current)]


class Wh40k(
    commands.GroupCog,
    group_name="40k",
    group_description="Warhammer 40,000: attacks rolled die by die, exact odds, saved profiles",
):
    profile = app_commands.Group(name="profile", description="Weapon and target lines kept under a name")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    def help_fields(self) -> tuple[tuple[Text, Text], ...]:
        """The line grammar, for `/help topic:40k`."""
        return HELP_FIELDS

    @app_commands.command(
        name="attack", description="Roll a 40k attack (a weapon or a whole unit): hits, wounds, saves, dice"
    )
    @app_commands.describe(
        weapon=WEAPON_HELP, target=TARGET_HELP, situation=SITUATION_HELP, edition=EDITION_HELP
    )
    @app_commands.autocomplete(weapon=_weapons, target=_targets, situation=_situations)
    @app_commands.choices(edition=EDITIONS)
    async def attack(
        self,
        interaction: discord.Interaction,
        weapon: str,
        target: str,
        situation: str | None = None,
        edition: str | None = None,
    ) -> None:
        armed = await read(interaction, Kind.WEAPON, weapon)
        aimed = await read(interaction, Kind.TARGET, target)
        where = parse_situation(situation)
        used = edition_for(edition, armed, aimed)
        if armed.found is not None and armed.found.melee:
            armed = await asyncio.to_thread(fight_with_best, armed, aimed.target, where, used.edition)
        rng = self.bot.rng  # type: ignore[attr-defined]
        rolled = await asyncio.to_thread(
            roll_unit, armed.unit, aimed.target, where, rng, edition=used.edition
        )
        t = await channel(interaction)  # a public post: the server's language
        reply = attack_reply(interaction.user, armed, aimed, where, rolled, used, t)
        await send(interaction, card=reply.card, files=reply.files)

    @app_commands.command(
        name="odds", description="Exact odds of a 40k attack or a unit's volley: wounds, slain, a chart"
    )
    @app_commands.describe(
        weapon=WEAPON_HELP,
        target=TARGET_HELP,
        situation=SITUATION_HELP,
        compare="A second weapon or unit against the same target, drawn beside the first",
        edition=EDITION_HELP,
    )
    @app_commands.autocomplete(weapon=_weapons, target=_targets, situation=_situations, compare=_weapons)
    @app_commands.choices(edition=EDITIONS)
    async def odds(
        self,
        interaction: discord.Interaction,
        weapon: str,
        target: str,
        situation: str | None = None,
        compare: str | None = None,
        edition: str | None = None,
    ) -> None:
        weapons = [await read(interaction, Kind.WEAPON, weapon)]
        if compare is not None:
            weapons.append(await read(interaction, Kind.WEAPON, compare))
        aimed = await read(interaction, Kind.TARGET, target)
        where = parse_situation(situation)
        used = edition_for(edition, *weapons, aimed)
        armed = list(weapons)  # a roster unit's melee alternatives: the best against this target

        def choose() -> list[Read]:
            return [fight_with_best(w, aimed.target, where, used.edition) for w in armed]

        if any(w.found is not None and w.found.melee for w in armed):
            weapons = await run_heavy(choose)

        for w in weapons:  # refused at once when too big, before any work is queued
            check_unit_cost(w.unit, aimed.target, where, edition=used.edition)

        def work() -> list[UnitOdds]:
            return [unit_distribution(w.unit, aimed.target, where, edition=used.edition) for w in weapons]

        results = await run_heavy(work)
        t = await channel(interaction)  # a public post: the server's language
        reply = odds_reply(interaction.user, weapons, aimed, where, results, used, t)
        await send(interaction, card=reply.card, images=reply.images)

    # -- saved profiles ------------------------------------------------------------------------

    @profile.command(name="save", description="Keep a weapon, unit or target line under a name")
    @app_commands.describe(
        name=f"The name to use it by (up to {MAX_PROFILE_NAME} characters)",
        kind="A weapon line, a unit (weapon lines joined by ;) or a target line",
        line="The line itself, as you would type it in /40k attack",
        server="For everyone in this server (needs Manage Server); otherwise for you only",
        edition="The edition it is for (used when a command gives none); 11th if not given",
    )
    @app_commands.autocomplete(line=_profile_line)
    @app_commands.choices(kind=KIND_CHOICES, edition=EDITIONS)
    async def profile_save(
        self,
        interaction: discord.Interaction,
        name: str,
        kind: str,
        line: str,
        server: bool = False,
        edition: str | None = None,
    ) -> None:
        owner = _owner(interaction, server, "save")
        what = Kind(kind)
        if what is Kind.WEAPON and ";" in line:
            what = Kind.UNIT  # several weapon lines are a unit
        name = check_name(name, what)
        canonical = parse(what, line).describe()
        chosen = parse_edition(edition).value if edition else None
        replaced = await repository(interaction).save(
            guild_id=guild_of(interaction),
            owner_id=owner,
            name=name,
            kind=what.value,
            line=canonical,
            created_by=interaction.user.id,
            edition=chosen,
        )
        t = await channel(interaction) if server else reader(interaction)
        kinds = {Kind.WEAPON: t("weapon"), Kind.TARGET: t("target"), Kind.UNIT: t("unit")}
        edition_said = ""
        if chosen:
            edition_said = " " + (t("(10th edition)") if chosen == "10th" else t("(11th edition)"))
        values = {"kind": kinds[what], "name": name, "line": canonical, "edition": edition_said}
        if server:
            done = (
                t("Replaced the server's {kind} profile **{name}**{edition}: `{line}`.", **values)
                if replaced is not None
                else t("Saved the server's {kind} profile **{name}**{edition}: `{line}`.", **values)
            )
        else:
            done = (
                t("Replaced your {kind} profile **{name}**{edition}: `{line}`.", **values)
                if replaced is not None
                else t("Saved your {kind} profile **{name}**{edition}: `{line}`.", **values)
            )
        use = (
            t("Type `{name}` as the target in `/40k attack` or `/40k odds`.", name=name)
            if what is Kind.TARGET
            else t("Type `{name}` as the weapon in `/40k attack` or `/40k odds`.", name=name)
        )
        text = f"{done}\n{use}"
        if replaced is not None:
            text += "\n" + t("It was `{line}` ({kind}).", line=replaced.line, kind=t(replaced.kind))
        await Post(content=text, ephemeral=not server).send(interaction)

    @profile.command(name="list", description="The weapon, unit and target profiles you can use here")
    async def profile_list(self, interaction: discord.Interaction) -> None:
        usable = await repository(interaction).usable(
            guild_id=guild_of(interaction), user_id=interaction.user.id
        )
        t = reader(interaction)
        if not usable:
            text = t("No saved profiles yet: `/40k profile save name kind line` keeps one.")
            await Post(content=text, ephemeral=True).send(interaction)
            return
        embed = discord.Embed(title=t("Your 40k profiles ({n})", n=len(usable)), colour=COLOUR)
        for server in (False, True):
            for kind in Kind:
                rows = [p for p in usable if p.server_wide == server and p.kind == kind.value]
                if rows:
                    embed.add_field(
                        name=t(_SECTIONS[server, kind]),
                        value=_clipped(
                            "\n".join(
                                f"**{p.name}**" + (f" ({p.edition})" if p.edition else "") + f": `{p.line}`"
                                for p in rows
                            )
                        ),
                        inline=False,
                    )
        embed.set_footer(
            text=t(
                "Use a profile by typing its name as the weapon or target. Up to {n} each; yours hide "
                "the server's of the same name.",
                n=MAX_PROFILES_PER_OWNER,
            )
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
            shown = name[:MAX_PROFILE_NAME]
            raise RuleError(
                _("The server has no profile called `{name}`: `/40k profile list` shows them.", name=shown)
                if server
                else _("You have no profile called `{name}`: `/40k profile list` shows them.", name=shown)
            )
        t = await channel(interaction) if server else reader(interaction)
        values = {"kind": t(gone.kind), "name": gone.name, "line": gone.line}
        text = (
            t("Deleted the server's {kind} profile **{name}** (`{line}`).", **values)
            if server
            else t("Deleted your {kind} profile **{name}** (`{line}`).", **values)
        )
        await Post(content=text, ephemeral=not server).send(interaction)
