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
from bot.permissions import FIX, explain, missing, needed_by
from bot.send import send
from rules.errors import RuleError, quote

COLOUR = discord.Colour.from_rgb(88, 101, 242)
FIELD_LIMIT = 1024


#: Each game's subcommands by what a player does, in the order of play (names after the group's).
PLAY_ORDER: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "bf": (
        ("Gather and build", ("new", "join", "map", "add", "remove", "deck", "build")),
        ("Place the pieces and start", ("place", "start")),
        ("Your turn", ("hand", "play", "sacrifice", "ability", "feat")),
        ("Look at the table", ("board", "log", "cards", "piles")),
        ("Fix, nudge or stop", ("undo", "remind", "draw", "withdraw", "concede", "end")),
    ),
    "si": (
        ("Set up the fight", ("boss start", "squad add", "squad remove", "squad scorpio", "vehicle add")),
        ("Engage the zones", ("engage", "disengage")),
        ("Play a turn", ("turn", "hit", "wound", "vehicle attack", "vehicle hit")),
        ("Look, fix or stop", ("status", "undo", "end")),
        ("One A-V attack, no fight needed", ("av",)),
    ),
    "ba": (
        ("Choose a mission", ("roll", "mission", "rule")),
        ("Play the battle", ("battle start", "status")),
        ("Fix or stop", ("undo", "end")),
    ),
    "its": (
        ("Before the game", ("mission", "rule", "classified card")),
        (
            "Classified objectives",
            ("classified draw", "classified mine", "classified reveal", "classified record"),
        ),
        ("Score and finish", ("score", "end")),
    ),
    "40k": (
        ("Roll an attack", ("attack", "odds")),
        ("Saved profiles", ("profile save", "profile list", "profile delete")),
        ("Army lists", ("list import", "list show", "list delete")),
    ),
    "tournament": (
        ("Set up the event", ("create", "settings", "organiser add", "mission", "info", "link reset")),
        ("Players", ("join", "add", "remove", "drop", "swap")),
        ("Army lists", ("list submit", "list show", "list reveal", "list check", "list hold")),
        ("Check-in", ("checkin open", "checkin player", "checkin close")),
        ("Run a round", ("pair", "unpair", "timer", "missing", "report", "result", "standings", "top")),
        (
            "Team events",
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
        ("Finish", ("finish", "export")),
    ),
    "dice": (("Saved rolls", ("save", "list", "delete")), ("Secret rolls", ("gm",))),
    "inf": (("Roll", ("roll", "f2f", "odds")),),
    "rating": (("Ratings", ("show", "top")),),
    "herald": (("Server settings", ("language",)),),
}
MORE = "More"


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


def _fields(embed: discord.Embed, title: str, lines: list[str], joiner: str) -> None:
    """``lines`` as fields of at most 1,024 characters, continuing under the same title."""
    chunk: list[str] = []
    for line in lines:
        if chunk and len(joiner.join([*chunk, line])) > FIELD_LIMIT:
            embed.add_field(name=title[:256], value=joiner.join(chunk), inline=False)
            chunk, title = [], f"{title.split(' · ')[0]} (continued)"
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

    def overview(self) -> discord.Embed:
        embed = discord.Embed(
            title="Herald",
            description=(
                "Dice, play-by-post wargames, rules look-up and tournaments. Errors and private "
                "information are only ever shown to you. `/help topic:<name>` (for example "
                "`/help topic:bf`) explains each command of a game.\n"
                "**Anywhere** (in any server or DM, once you install Herald to yourself): "
                f"{anywhere_text()}. The games keep their state in a server's channel, so they work "
                "in servers that added Herald."
            ),
            colour=COLOUR,
        )
        singles: list[str] = []
        for command in self._top():
            if isinstance(command, app_commands.Group):
                names = [f"`/{leaf.qualified_name}`" for _, leaves in sections(command) for leaf in leaves]
                _fields(embed, f"/{command.name} · {command.description}", names, " ")
            else:
                singles.append(f"`/{command.name}` {command.description}")
        _fields(embed, "Other commands", singles, "\n")
        return embed

    def topic(self, name: str, *, lacking: Sequence[str] = ()) -> discord.Embed:
        wanted = name.strip().lstrip("/").split(" ")[0].casefold()
        command = next((c for c in self._top() if c.name == wanted), None)
        if command is None:
            known = ", ".join(f"`{c.name}`" for c in self._top())
            raise RuleError(f"There is no command called {quote(name, 40)}. Try one of: {known}.")
        embed = discord.Embed(title=f"/{command.name}", description=command.description, colour=COLOUR)
        if isinstance(command, app_commands.Group):
            for heading, leaves in sections(command):
                lines = [f"`/{leaf.qualified_name}` {leaf.description}" for leaf in leaves]
                _fields(embed, heading, lines, "\n")
        else:
            # One command: its description is the embed's; its options say the rest.
            options = [
                f"`{p.display_name}`{'' if p.required else ' (optional)'} {p.description}"
                for p in command.parameters
            ]
            if options:
                _fields(embed, "Options", options, "\n")
        # a game cog may explain more than its commands (the 40k line grammar, the dice notation)
        owner = _owner(command, list(self.bot.cogs.values()))
        if owner is not None and hasattr(owner, "help_fields"):
            for title, text in owner.help_fields():
                embed.add_field(name=title[:256], value=text[:FIELD_LIMIT], inline=False)
        # Only what is missing where it was asked (``lacking``): a server with every permission
        # needs no word about them.
        needs = [name for name in needed_by(command.name) if name in lacking]
        if needs:
            text = f"Herald also needs {explain(needs)}: missing in this channel. {FIX}"
            embed.add_field(name="Permissions", value=text[:FIELD_LIMIT], inline=False)
        return embed

    @app_commands.command(name="help", description="What Herald can do: every command, by game")
    @app_commands.describe(topic="A game or command (bf, its, si, roll...) to see each of its commands")
    async def help_command(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        # Herald's role and its permissions exist only where the server added Herald's bot user;
        # where a player's own install answers, they are not the server's to fix.
        lacking = missing(interaction.app_permissions) if installed_here(interaction) else []
        embed = self.topic(topic, lacking=lacking) if topic else self.overview()
        warning = f"⚠ In this channel Herald lacks {explain(lacking)}. {FIX}" if lacking else None
        if commands_only(interaction):
            warning = f"⚠ {ADD_THE_BOT}"
        await send(interaction, content=warning, embed=embed, ephemeral=True)

    @help_command.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        text = current.strip().lstrip("/").casefold()
        return [
            app_commands.Choice(name=f"/{c.name} · {c.description}"[:100], value=c.name)
            for c in self._top()
            if c.name.startswith(text) or text in c.description.casefold()
        ][:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
