"""Starting a fight and its set-up message.

``/si boss start`` takes a boss's name, id or a start of it that only one boss has; a name it
can't place gets "did you mean" buttons (``si:boss:<id>``) that start that fight. The start
message is the fight's set-up message: until turn 1, squad, engagement and vehicle changes edit
it (through the kit's ``edit_stored``) and answer the player with one short private line, so the
channel holds one map for the whole set-up instead of one per change.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.i18n import channel, reader
from bot.limits import clip, quote
from bot.links import jump_link
from bot.play import Post, View, edit_stored
from bot.send import holding_response
from bot.views import PersistentButton
from cogs.space_infantry.game import KIT, SIGame, fight_message
from cogs.space_infantry.views import controls
from rules.errors import NotFoundError, RuleError
from rules.i18n import N_, Text, Translator, _, translator
from rules.space_infantry import (
    BossSpec,
    FightState,
    Phase,
    find_boss,
    special_rule_lines,
    start_fight,
    suggest_bosses,
)

MAX_SUGGESTIONS = 5
SETUP_NOTE = N_("Set-up: this message shows the squad and changes with every set-up step until turn 1.")


def _extra(spec: BossSpec, t: Translator) -> list[tuple[str, str]]:
    extra = []
    if spec.description:
        extra.append((t("The boss"), spec.description))
    if spec.community:
        author = spec.author or t("the community")
        extra.append((t("Community content"), t("Made by {author}, not an official boss.", author=author)))
    return extra


def setup_post(
    state: FightState,
    *,
    game_id: int,
    version: int,
    latest: list[Text],
    view: discord.ui.View | None,
    t: Translator | None = None,
) -> Post:
    """The set-up message: the boss's rules, the latest change, the map and the range button."""
    t = t or translator("en")
    opening = start_fight(state.boss).events[0]
    events = [opening, *special_rule_lines(state.boss), t(SETUP_NOTE), *latest]
    return fight_message(
        state, game_id=game_id, version=version, events=events, extra=_extra(state.boss, t), view=view, t=t
    )


def is_setup(state: FightState) -> bool:
    return state.phase is Phase.SETUP and not state.is_over()


async def start_boss(interaction: discord.Interaction, bosses: dict[str, BossSpec], name: str) -> None:
    """``/si boss start``: the boss named, or "did you mean" buttons when the name fits none."""
    if not bosses:
        raise RuleError(_("No boss files loaded: ask an admin to check data/space_infantry/bosses."))
    try:
        spec = find_boss(name, bosses)
    except NotFoundError as error:
        t = reader(interaction)
        options = suggest_bosses(name, bosses)[:MAX_SUGGESTIONS]
        content = t("{error} Pick one to start:", error=t(error.text))
        if not options:  # nothing close: every boss here is a button (the first few, by name)
            options = sorted(bosses.values(), key=lambda b: b.name.lower())[:MAX_SUGGESTIONS]
            if len(bosses) > MAX_SUGGESTIONS:
                content = t(
                    "There is no boss called '{name}'. Pick one to start ({n} in all: the `boss` option "
                    "lists every one as you type):",
                    name=quote(name),
                    n=len(bosses),
                )
            else:
                content = t("There is no boss called '{name}'. Pick one to start:", name=quote(name))
        buttons = [BossButton(b.id, label=t("Fight {boss}", boss=b.name)) for b in options]
        await Post(content=content, view=View(*buttons), ephemeral=True).send(interaction)
        return
    await begin(interaction, spec)


async def begin(interaction: discord.Interaction, spec: BossSpec) -> None:
    """Start the fight; its first message (the set-up message) is remembered in the game."""
    started = start_fight(spec)
    async with holding_response(interaction):
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
    placeholder = await interaction.original_response()
    game = await KIT.start(
        interaction,
        SIGame(fight=started.state, setup_message=placeholder.id, squad_players=[interaction.user.id]),
        summary=f"started a fight against {spec.name}",
    )
    t = await channel(interaction)
    post = setup_post(
        started.state,
        game_id=game.id,
        version=game.version,
        latest=[t("Started by {who}; anyone here can play.", who=interaction.user.mention)],
        view=controls(game.id, game.version, started.state, t),
        t=t,
    )
    await post.send(interaction)


async def edit_setup(interaction: discord.Interaction, done: Any, view: discord.ui.View | None) -> bool:
    """Show a set-up change in the set-up message and tell the player in one private line.
    ``False`` when there is no set-up message to edit (the caller posts the change instead)."""
    state: FightState = done.result.state
    if not is_setup(state) or not done.setup_message:
        return False
    t = await channel(interaction)
    events = tuple(done.result.events)
    latest = [t("Latest, by {who}: {events}", who=interaction.user.mention, events=_spaced(t, events))]
    post = setup_post(state, game_id=done.game_id, version=done.version, latest=latest, view=view, t=t)
    if not await edit_stored(interaction, done.setup_message, post):
        return False
    assert interaction.channel_id is not None
    link = jump_link(interaction.guild_id, interaction.channel_id, done.setup_message)
    t = reader(interaction)  # the private line: the player's own language
    said = _spaced(t, events)
    text = t("{events} The set-up message shows the squad: {link}", events=said, link=link)
    await Post(content=clip(text, 1900), ephemeral=True).send(interaction)
    return True


log = logging.getLogger("herald.space_infantry")


class BossButton(PersistentButton, template=r"si:boss:(?P<boss>[a-z0-9_]{1,80})"):
    """A "did you mean" answer to /si boss start: starts the fight against that boss."""

    changes_game = True

    def __init__(self, boss: str, *, label: str = "Fight") -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, 80), custom_id=f"si:boss:{boss}", style=discord.ButtonStyle.primary
            )
        )
        self.boss = boss

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> BossButton:
        return cls(match["boss"], label=item.label or "Fight")

    async def pressed(self, interaction: discord.Interaction) -> None:
        cog: Any = interaction.client.get_cog("SpaceInfantry")  # type: ignore[attr-defined]
        bosses: dict[str, BossSpec] = getattr(cog, "bosses", {})
        spec = bosses.get(self.boss)
        if spec is None:
            raise RuleError(_("That boss is no longer loaded here: use /si boss start and pick another one."))
        await begin(interaction, spec)


def log_bad_files(errors: list[Any]) -> None:
    """Log each boss file that was skipped at start-up, with its field and reason."""
    for err in errors:
        problems = getattr(err, "problems", None) or [("?", "?", str(err))]
        for file, field, reason in problems:
            log.warning("skipped Space Infantry boss file %s: %s: %s", file, field, reason)


def _spaced(t: Translator, events: tuple[Text, ...]) -> str:
    """A step's events on one line, in ``t``'s language."""
    return " ".join(t(event) for event in events)
