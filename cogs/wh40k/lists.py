"""/40k list: army lists imported from New Recruit or BattleScribe, kept for their importer.

The file is read by :func:`rules.wh40k.roster.parse_roster` (a pure function: every refusal is
a :class:`~rules.wh40k.roster.RosterError` and nothing is stored), through
:func:`bot.uploads.read_upload` (its declared size checked before the download, the reading done in
a worker process); this group keeps the parsed roster and shows it. The units are then used by
name in ``/40k attack`` and ``/40k odds`` (see :mod:`cogs.wh40k.army`).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.utils import escape_markdown

from bot.i18n import reader
from bot.play import Post, autocomplete
from bot.storage.army_lists import MAX_LIST_BYTES, MAX_LISTS_PER_OWNER
from bot.storage.profiles import name_key
from bot.uploads import ROSTER, read_upload
from cogs.wh40k.army import MELEE, army_lists, index_of, roster_of
from cogs.wh40k.replies import COLOUR
from rules.errors import RuleError, quote
from rules.i18n import N_, Translator, _, translator
from rules.wh40k.notes import shown as shown_note
from rules.wh40k.roster import (
    MAX_NAME,
    MAX_ROSTER_BYTES,
    Roster,
    RosterUnit,
    clean_name,
    parse_roster,
)

DESCRIPTION_BUDGET = 3000
"""Characters of unit lines in one reply (the embed's fields and title take the rest of 6,000)."""
FORMATS = N_("a New Recruit JSON export (.json) or a BattleScribe roster (.ros / .rosz)")


def _plain(text: str) -> str:
    return escape_markdown(text)


def _unit_line(unit: RosterUnit, t: Translator) -> str:
    """The unit, its weapons, the target line its file gives (what was applied) and the abilities
    it offers to switch on by name."""
    weapons = _plain(", ".join(unit.weapon_labels())) or t("no weapons")
    target = unit.target_line() if unit.can_be_target else t("no T/Sv/W")
    models = t.n("{n} model", "{n} models", unit.models, n=unit.models)
    line = f"**{_plain(unit.name)}** ({models}): {weapons} · `{target}`"
    for group, choices in unit.melee_choices().items():
        names = _plain(" or ".join(w.name for w in choices))
        line += " · " + t(
            "each {group} fights with one of {names} (each attack names the one used)",
            group=_plain(group),
            names=names,
        )
    if unit.read:
        line += " · " + _plain("; ".join(t(shown_note(note)) for note in unit.read)).replace("\\`", "`")
    if unit.options:
        offered = ", ".join(f"`{o.key}` ({o.effect}, {_plain(o.name)})" for o in unit.options)
        line += " · " + t("can switch on: {offered}", offered=offered)
    return line


def roster_embed(
    roster: Roster, title: str, filename: str | None = None, t: Translator | None = None
) -> discord.Embed:
    """The list's units, one line each, and what could not be read; ``filename`` (on import) adds
    the format the file was read as, whatever its name said; in ``t``'s language."""
    t = t or translator(None)
    points = t("{n} pts", n=roster.points) if roster.points else ""
    about = [part for part in (_plain(roster.faction or ""), points) if part]
    if roster.edition:
        about.append(t("10th edition") if roster.edition == "10th" else t("11th edition"))
    count = t.n("{n} unit", "{n} units", len(roster.units), n=len(roster.units))
    lines = [count + (f" · {' · '.join(about)}" if about else "")]
    size = len(lines[0])
    for index, unit in enumerate(roster.units):
        line = _unit_line(unit, t)
        if size + len(line) > DESCRIPTION_BUDGET:
            left = len(roster.units) - index
            lines.append(t.n("… and {n} more unit.", "… and {n} more units.", left, n=left))
            break
        lines.append(line)
        size += len(line) + 1
    embed = discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)
    if filename is not None and roster.read_as:
        embed.add_field(
            name=t("File"),
            value=t("`{file}` read as {format}.", file=quote(filename, 40), format=roster.read_as),
            inline=False,
        )
    if roster.problems:
        embed.add_field(
            name=t("Could not be read (the rest was imported)"),
            value="\n".join(f"- {t(shown_note(p))}" for p in roster.problems)[:1024],
            inline=False,
        )
    if roster.units:
        example = roster.units[0]
        weapon = next((w for w in example.weapons if not w.mode), None)
        shown = f"`{example.name}`" + (f", `{example.name}: {weapon.name}`" if weapon else "")
        melee = f"{example.name} {MELEE}"
        embed.add_field(
            name=t("Use it"),
            value=t(
                "In /40k attack and /40k odds, type a unit as the weapon or the target: {shown}, "
                "or `{melee}` for its melee weapons.",
                shown=shown,
                melee=melee,
            ),
            inline=False,
        )
    return embed


@autocomplete
async def _list_names(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
    key = name_key(current)
    stored = await army_lists(interaction).all(owner_id=interaction.user.id)  # names only
    return [(f"{s.name} ({s.units} units)", s.name) for s in stored if key in name_key(s.name)]


class ArmyListCommands(app_commands.Group):
    """``/40k list import|show|delete``, added to the /40k group by the package's ``setup``."""

    def __init__(self) -> None:
        super().__init__(name="list", description="Army lists imported from New Recruit or BattleScribe")

    @app_commands.command(
        name="import", description="Import an army list exported by New Recruit or BattleScribe"
    )
    @app_commands.describe(
        file=f"The roster: {FORMATS}, at most {MAX_ROSTER_BYTES // 1024 // 1024} MiB",
        name="The name to keep it under (the roster's own name otherwise); the same name replaces it",
    )
    async def import_list(
        self, interaction: discord.Interaction, file: discord.Attachment, name: str | None = None
    ) -> None:
        roster = await read_upload(
            interaction,
            file,
            parse_roster,
            max_bytes=MAX_ROSTER_BYTES,
            kind=ROSTER,
            instead=_("Send {formats}.", formats=_(FORMATS)),
        )
        t = reader(interaction)
        kept = clean_name(name, "") if name is not None else roster.name
        if not kept:
            raise RuleError(_("A list name has 1 to {n} characters.", n=MAX_NAME))
        replaced = await army_lists(interaction).save(
            owner_id=interaction.user.id,
            name=kept,
            units=len(roster.units),
            roster=roster.model_dump_json(),
            index=index_of(roster),
        )
        title = t("Replaced your list {name}", name=kept) if replaced else t("Imported {name}", name=kept)
        embed = roster_embed(roster, title, file.filename, t)
        embed.set_footer(
            text=t(
                "Yours in every server. You keep up to {n} lists of {size} KB each.",
                n=MAX_LISTS_PER_OWNER,
                size=MAX_LIST_BYTES // 1024,
            )
        )
        await Post(embeds=[embed], ephemeral=True).send(interaction)

    @app_commands.command(name="show", description="Your imported army lists, or one list's units")
    @app_commands.describe(name="A list's name: its units; leave empty for all your lists")
    @app_commands.autocomplete(name=_list_names)
    async def show(self, interaction: discord.Interaction, name: str | None = None) -> None:
        repository = army_lists(interaction)
        t = reader(interaction)
        if name is None:
            stored = await repository.all(owner_id=interaction.user.id)
            if not stored:
                text = t(
                    "No army lists yet: `/40k list import file:` reads a New Recruit JSON export (.json) "
                    "or a BattleScribe roster (.ros / .rosz)."
                )
                await Post(content=text, ephemeral=True).send(interaction)
                return
            embed = discord.Embed(title=t("Your army lists ({n})", n=len(stored)), colour=COLOUR)
            embed.description = "\n".join(
                t.n(
                    "**{name}**: {n} unit, imported {date}",
                    "**{name}**: {n} units, imported {date}",
                    s.units,
                    name=_plain(s.name),
                    n=s.units,
                    date=s.imported_at[:10],
                )
                for s in stored
            )
            embed.set_footer(text=t("/40k list show name: shows a list's units."))
            await Post(embeds=[embed], ephemeral=True).send(interaction)
            return
        found = await repository.find(owner_id=interaction.user.id, name=name)
        if found is None:
            raise RuleError(
                _(
                    "You have no army list called `{name}`: `/40k list show` lists them.",
                    name=quote(name, MAX_NAME),
                )
            )
        embed = roster_embed(roster_of(found), found.name, t=t)
        await Post(embeds=[embed], ephemeral=True).send(interaction)

    @app_commands.command(name="delete", description="Delete one of your imported army lists")
    @app_commands.describe(name="The list's name")
    @app_commands.autocomplete(name=_list_names)
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        gone = await army_lists(interaction).delete(owner_id=interaction.user.id, name=name)
        if gone is None:
            raise RuleError(
                _(
                    "You have no army list called `{name}`: `/40k list show` lists them.",
                    name=quote(name, MAX_NAME),
                )
            )
        t = reader(interaction)
        text = t.n(
            "Deleted your army list **{name}** ({n} unit).",
            "Deleted your army list **{name}** ({n} units).",
            gone.units,
            name=_plain(gone.name),
            n=gone.units,
        )
        await Post(content=text, ephemeral=True).send(interaction)
