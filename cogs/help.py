"""/help: every command, read from the command tree so new cogs appear by themselves.

``/help`` alone names every command, grouped by game, in one message; ``/help topic:<group>``
shows one group's commands with a line each. One message's embeds hold at most 6,000 characters,
which Herald's commands outgrew with a line each, hence the two levels.

A game's commands are listed by what a player does, in the order of play (:data:`PLAY_ORDER`:
set up, play, look, finish); a command the table does not name yet is listed last, under
"More", so a new command is never left out. ``/help topic:<command>`` for a single command
(``roll``) gives its options, and a cog's ``help_fields()`` (the 40k line grammar, the dice
notation) adds what its commands' one-line descriptions cannot hold.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.anywhere import ADD_THE_BOT, anywhere_text, commands_only, installed_here
from bot.i18n import reader
from bot.permissions import FIX, explain, missing, needed_by
from bot.send import send
from rules.errors import RuleError, quote
from rules.i18n import N_, SOURCE, Translator, _, translator

COLOUR = discord.Colour.from_rgb(88, 101, 242)
FIELD_LIMIT = 1024


#: Each game's subcommands by what a player does, in the order of play (names after the group's).
PLAY_ORDER: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "bf": (
        (N_("Gather and build"), ("new", "join", "map", "add", "remove", "deck", "build")),
        (N_("Place the pieces and start"), ("place", "start")),
        (N_("Your turn"), ("hand", "play", "sacrifice", "ability", "feat")),
        (N_("Look at the table"), ("board", "log", "cards", "piles")),
        (N_("Fix, nudge or stop"), ("undo", "remind", "draw", "withdraw", "concede", "end")),
    ),
    "si": (
        (N_("Set up the fight"), ("boss start", "squad add", "squad remove", "squad scorpio", "vehicle add")),
        (N_("Engage the zones"), ("engage", "disengage")),
        (N_("Play a turn"), ("turn", "hit", "wound", "vehicle attack", "vehicle hit")),
        (N_("Look, fix or stop"), ("status", "undo", "end")),
        (N_("One A-V attack, no fight needed"), ("av",)),
    ),
    "ba": (
        (N_("Choose a mission"), ("roll", "mission", "rule")),
        (N_("Play the battle"), ("battle start", "status")),
        (N_("Fix or stop"), ("undo", "end")),
    ),
    "its": (
        (N_("Before the game"), ("mission", "rule", "classified card")),
        (
            "Classified objectives",  # /its classified's description: the infinity part translates it
            ("classified draw", "classified mine", "classified reveal", "classified record"),
        ),
        (N_("Score and finish"), ("score", "end")),
    ),
    "40k": (
        (N_("Roll an attack"), ("attack", "odds")),
        (N_("Saved profiles"), ("profile save", "profile list", "profile delete")),
        (N_("Army lists"), ("list import", "list show", "list delete")),
    ),
    "crusade": (
        (N_("Set up the campaign"), ("create", "join", "add", "remove", "end")),
        (N_("After a battle"), ("battle", "kills", "honour", "scar", "requisition")),
        (N_("Look"), ("show", "unit", "standings", "log", "export")),
    ),
    "tournament": (
        (N_("Set up the event"), ("create", "settings", "organiser add", "mission", "info", "link reset")),
        (N_("Players"), ("join", "add", "remove", "drop", "swap")),
        (N_("Army lists"), ("list submit", "list show", "list reveal", "list check", "list hold")),
        (N_("Check-in"), ("checkin open", "checkin player", "checkin close")),
        (N_("Run a round"), ("pair", "unpair", "timer", "missing", "report", "result", "standings", "top")),
        (
            N_("Team events"),
            (
                "team create",
                "team add",
                "team remove",
                "team show",
                "team captain",
                "team sub",
                "team drop",
                "team champion",
                "team defender",
                "team attackers",
                "team refuse",
                "team reset",
            ),
        ),
        (N_("Finish"), ("finish", "export", "factions")),
    ),
    "awards": (
        (N_("After each game"), ("ballot",)),
        (N_("Painting"), ("rubric", "judge", "paint", "paintvote")),
        (N_("At the end"), ("favourites", "weights", "totals", "show")),
    ),
    "season": ((N_("A season"), ("create", "add", "table")),),
    "dice": ((N_("Saved rolls"), ("save", "list", "delete")), (N_("Secret rolls"), ("gm",))),
    "inf": ((N_("Roll"), ("roll", "f2f", "odds")),),
    "rating": ((N_("Ratings"), ("show", "top")),),
    "herald": ((N_("Server settings"), ("language",)),),
}
MORE = N_("More")


def _leaves(command: app_commands.Command | app_commands.Group) -> list[app_commands.Command]:
    if isinstance(command, app_commands.Group):
        return [leaf for child in command.commands for leaf in _leaves(child)]
    return [command]


def sections(group: app_commands.Group) -> list[tuple[str, list[app_commands.Command]]]:
    """``group``'s commands by what a player does, in the order of play; any command
    :data:`PLAY_ORDER` does not name comes last, under "More" (a new command is never left out)."""
    by_name = {leaf.qualified_name.split(" ", 1)[1]: leaf for leaf in _leaves(group)}
    out: list[tuple[str, list[app_commands.Command]]] = []
    for heading, names in PLAY_ORDER.get(group.name, ()):
        found = [by_name.pop(name) for name in names if name in by_name]
        if found:
            out.append((heading, found))
    if by_name:
        out.append((MORE, list(by_name.values())))
    return out


def _owner(command: app_commands.Command | app_commands.Group, cogs: list[commands.Cog]) -> object | None:
    """The cog that declares ``command`` (a group cog, or the cog a command or group sits in)."""
    for cog in cogs:
        if getattr(cog, "app_command", None) is command:
            return cog
    first = _leaves(command)[0] if isinstance(command, app_commands.Group) else command
    return first.binding


def _fields(
    embed: discord.Embed, title: str, lines: list[str], joiner: str, t: Translator | None = None
) -> None:
    """``lines`` as fields of at most 1,024 characters, continuing under the same title."""
    t = t or translator(SOURCE)
    chunk: list[str] = []
    for line in lines:
        if chunk and len(joiner.join([*chunk, line])) > FIELD_LIMIT:
            embed.add_field(name=title[:256], value=joiner.join(chunk), inline=False)
            chunk, title = [], t("{title} (continued)", title=title.split(" · ")[0])
        chunk.append(line)
    if chunk:
        embed.add_field(name=title[:256], value=joiner.join(chunk), inline=False)


class Help(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    def _top(self) -> list[app_commands.Command | app_commands.Group]:
        kinds = app_commands.Command | app_commands.Group
        found = [c for c in self.bot.tree.get_commands() if isinstance(c, kinds)]
        return sorted(found, key=lambda c: c.name)

    def overview(self, t: Translator | None = None) -> discord.Embed:
        t = t or translator(SOURCE)
        embed = discord.Embed(
            title="Herald",
            description=t(
                "Dice, play-by-post wargames, rules look-up and tournaments. Errors and private "
                "information are only ever shown to you. `/help topic:<name>` (for example "
                "`/help topic:bf`) explains each command of a game.\n"
                "**Anywhere** (in any server or DM, once you install Herald to yourself): "
                "{anywhere}. The games keep their state in a server's channel, so they work "
                "in servers that added Herald.",
                anywhere=anywhere_text(),
            ),
            colour=COLOUR,
        )
        singles: list[str] = []
        for command in self._top():
            if isinstance(command, app_commands.Group):
                names = [
                    f"`/{leaf.qualified_name}`" for _heading, leaves in sections(command) for leaf in leaves
                ]
                _fields(embed, f"/{command.name} · {t(command.description)}", names, " ", t)
            else:
                singles.append(f"`/{command.name}` {t(command.description)}")
        _fields(embed, t("Other commands"), singles, "\n", t)
        return embed

    def topic(self, name: str, *, lacking: Sequence[str] = (), t: Translator | None = None) -> discord.Embed:
        t = t or translator(SOURCE)
        wanted = name.strip().lstrip("/").split(" ")[0].casefold()
        command = next((c for c in self._top() if c.name == wanted), None)
        if command is None:
            known = ", ".join(f"`{c.name}`" for c in self._top())
            raise RuleError(
                _(
                    "There is no command called {name}. Try one of: {known}.",
                    name=quote(name, 40),
                    known=known,
                )
            )
        embed = discord.Embed(title=f"/{command.name}", description=t(command.description), colour=COLOUR)
        if isinstance(command, app_commands.Group):
            for heading, leaves in sections(command):
                lines = [f"`/{leaf.qualified_name}` {t(leaf.description)}" for leaf in leaves]
                _fields(embed, t(heading), lines, "\n", t)
        else:
            # One command: its description is the embed's; its options say the rest.
            options = [
                t("`{option}` {description}", option=p.display_name, description=t(p.description))
                if p.required
                else t(
                    "`{option}` (optional) {description}", option=p.display_name, description=t(p.description)
                )
                for p in command.parameters
            ]
            if options:
                _fields(embed, t("Options"), options, "\n", t)
        # a game cog may explain more than its commands (the 40k line grammar, the dice notation)
        owner = _owner(command, list(self.bot.cogs.values()))
        if owner is not None and hasattr(owner, "help_fields"):
            for title, text in owner.help_fields():
                embed.add_field(name=t(title)[:256], value=t(text)[:FIELD_LIMIT], inline=False)
        # Only what is missing where it was asked (``lacking``): a server with every permission
        # needs no word about them.
        needs = [name for name in needed_by(command.name) if name in lacking]
        if needs:
            text = t(
                "Herald also needs {permissions}: missing in this channel. {fix}",
                permissions=explain(needs, t),
                fix=t(FIX),
            )
            embed.add_field(name=t("Permissions"), value=text[:FIELD_LIMIT], inline=False)
        return embed

    @app_commands.command(name="help", description="What Herald can do: every command, by game")
    @app_commands.describe(topic="A game or command (bf, its, si, roll...) to see each of its commands")
    async def help_command(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        # Herald's role and its permissions exist only where the server added Herald's bot user;
        # where a player's own install answers, they are not the server's to fix.
        t = reader(interaction)
        lacking = missing(interaction.app_permissions) if installed_here(interaction) else []
        embed = self.topic(topic, lacking=lacking, t=t) if topic else self.overview(t)
        warning = None
        if lacking:
            warning = t(
                "⚠ In this channel Herald lacks {permissions}. {fix}",
                permissions=explain(lacking, t),
                fix=t(FIX),
            )
        if commands_only(interaction):
            warning = f"⚠ {t(ADD_THE_BOT)}"
        await send(interaction, content=warning, embed=embed, ephemeral=True)

    @help_command.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        t = reader(interaction)
        text = current.strip().lstrip("/").casefold()
        return [
            app_commands.Choice(name=f"/{c.name} · {t(c.description)}"[:100], value=c.name)
            for c in self._top()
            if c.name.startswith(text)
            or text in c.description.casefold()
            or text in t(c.description).casefold()
        ][:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
