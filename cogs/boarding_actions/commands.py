"""/ba: Boarding Actions missions and rules look-up, the mission rolls, and a battle's VP tracker.

Each handler reads its options, calls the rules (look-up, roll, ``apply``) through the kit and
answers with what tracker.py or pages.py make of the result; the rules decide everything else.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.anywhere import installed_here
from bot.i18n import channel, reader
from bot.limits import quote
from bot.play import Change, Post, Shown, autocomplete, did_you_mean, is_manager
from bot.storage.games import EventRecord
from bot.text import public
from cogs.boarding_actions.controls import show
from cogs.boarding_actions.game import KIT, BAGame, check_player, placeholder, said_of
from cogs.boarding_actions.pages import (
    MissionSuggestion,
    RuleSuggestion,
    mission_post,
    roll_post,
    topic_embed,
)
from cogs.boarding_actions.starting import start_battle
from rules.boarding_actions.battle import FINAL, ROLE_WORDS
from rules.boarding_actions.content import MissionLibrary, default_library
from rules.boarding_actions.missions import MAX_PATROL_POINTS, Role
from rules.boarding_actions.rolls import roll_mission
from rules.boarding_actions.topics import RulesLibrary, load_rules
from rules.errors import NotFoundError, RuleError
from rules.i18n import _

log = logging.getLogger("herald.boarding_actions")

Points = app_commands.Range[int, 0, MAX_PATROL_POINTS]
#: The stored step that makes a newly posted message the live tracker (``/ba status``, ``/ba undo``).
TRACKER_MOVED = "tracker"


async def post_tracker(interaction: discord.Interaction, shown: Shown[BAGame], *, note: str = "") -> None:
    """Post the battle as a new tracker message and make it the live one (older messages' controls
    then answer with a link to it)."""
    posts = await placeholder(interaction)

    def moved(game: BAGame) -> Change[BAGame]:
        return Change(BAGame(battle=game.battle, tracker_message=posts))

    if posts != shown.state.tracker_message:
        recorded = await KIT.step(interaction, TRACKER_MOVED, moved, game_id=shown.id)
        shown = Shown(recorded.id, recorded.version, recorded.state, recorded.created_by)
    await show(shown, note=note, t=await channel(interaction)).send(interaction)


class BoardingActions(
    commands.GroupCog,
    group_name="ba",
    group_description="Warhammer 40,000 Boarding Actions: missions, rules, mission rolls and a VP tracker",
):
    battle = app_commands.Group(name="battle", description="A Boarding Actions battle in this channel")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.missions: MissionLibrary = MissionLibrary([])
        self.rules: RulesLibrary = RulesLibrary([])

    async def cog_load(self) -> None:
        self.missions = await asyncio.to_thread(default_library)
        self.rules = await asyncio.to_thread(load_rules)
        log.info("Boarding Actions: %d missions, %d rules topics", len(self.missions), len(self.rules))

    # -- look-up ------------------------------------------------------------------------------

    @app_commands.command(
        name="mission", description="A Boarding Actions mission: objectives, rules, underdog bonus"
    )
    @app_commands.describe(name="Mission name, or its roll (21, D6 4)")
    async def mission(self, interaction: discord.Interaction, name: str) -> None:
        try:
            found = self.missions.lookup(name)
        except NotFoundError as error:
            # The library names close missions only when the name matched nothing at all (a
            # family that Herald leaves out, or a roll no mission has, gets its own answer).
            options = [(self.missions.get(i).name, i) for i in self.missions.suggest(name)]
            if not options or "Did you mean" not in str(error):
                raise
            await did_you_mean(
                interaction,
                what="Boarding Actions mission",
                typed=name,
                options=options,
                button=MissionSuggestion,
            )
            return
        t = await channel(interaction)
        await mission_post(found, startable=installed_here(interaction), t=t).send(interaction)

    @mission.autocomplete("name")
    @autocomplete
    def _mission_names(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        return self.missions.choices(current)

    @app_commands.command(
        name="rule", description="A Boarding Actions rule: adaptations, manoeuvres, stratagems..."
    )
    @app_commands.describe(topic="Rule or topic name (Set Overwatch, hatchways, Command Re-roll...)")
    async def rule(self, interaction: discord.Interaction, topic: str) -> None:
        try:
            found = self.rules.lookup(topic)
        except NotFoundError:
            options = [(self.rules.get(i).title, i) for i in self.rules.suggest(topic)]
            if not options:
                raise
            await did_you_mean(
                interaction, what="Boarding Actions rule", typed=topic, options=options, button=RuleSuggestion
            )
            return
        await Post(embeds=[topic_embed(found, await channel(interaction))]).send(interaction)

    @rule.autocomplete("topic")
    @autocomplete
    def _topics(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        return self.rules.choices(current, t=reader(interaction))

    @app_commands.command(
        name="roll", description="Roll for a mission: a D33 (symmetric) or a D6 (asymmetric)"
    )
    @app_commands.describe(kind="symmetric: two D3 read as tens and units; asymmetric: one D6")
    async def roll(self, interaction: discord.Interaction, kind: Literal["symmetric", "asymmetric"]) -> None:
        rolled = roll_mission(kind, self.bot.rng, library=self.missions)  # type: ignore[attr-defined]
        await roll_post(rolled, startable=installed_here(interaction), t=await channel(interaction)).send(
            interaction
        )

    # -- the battle ------------------------------------------------------------------------------

    @battle.command(name="start", description="Track a battle here: rounds, whose turn, what to score, VP")
    @app_commands.describe(
        mission="The mission (name or roll)",
        attacker="The Attacker's player (in a tournament's pairing thread: default, its first player)",
        defender="The Defender's player (in a tournament's pairing thread: default, the other player)",
        attacker_points="The Attacker's army points (for the Underdog)",
        defender_points="The Defender's army points (for the Underdog)",
    )
    async def battle_start(
        self,
        interaction: discord.Interaction,
        mission: str,
        attacker: discord.User | None = None,
        defender: discord.User | None = None,
        attacker_points: Points | None = None,
        defender_points: Points | None = None,
    ) -> None:
        found = self.missions.lookup(mission)
        chosen = {
            Role.ATTACKER: None if attacker is None else (attacker.id, attacker.display_name),
            Role.DEFENDER: None if defender is None else (defender.id, defender.display_name),
        }
        sides, note = await self._sides(interaction, chosen)
        points = {Role.ATTACKER: attacker_points, Role.DEFENDER: defender_points}
        await start_battle(interaction, found, sides, points=points, note=note)

    async def _sides(
        self, interaction: discord.Interaction, chosen: dict[Role, tuple[int, str] | None]
    ) -> tuple[dict[Role, tuple[int, str]], str]:
        """Both sides' players: the ones named, and in a tournament's pairing thread the pairing's
        players for a side left out (who attacks may still be chosen), with a line saying so."""
        if all(chosen.values()):
            return {role: who for role, who in chosen.items() if who is not None}, ""
        event = await self.bot.pairings.of(interaction.guild_id,
                                           interaction.channel_id)  # type: ignore[attr-defined]
        paired = list(event.players) if event is not None else []
        if len(paired) != 2:
            raise RuleError(
                _(
                    "Name both players: `/ba battle start mission:... attacker:@... defender:@...` (in "
                    "a tournament's pairing thread the pairing's two players are taken when you leave "
                    "them out)."
                )
            )
        ids = [uid for uid, _name in paired]
        for role, who in chosen.items():
            if who is not None and who[0] not in ids:
                first, second = (public(name, 40) for _uid, name in paired)
                raise RuleError(_("This thread's pairing is {first} and {second}; name one of them as the "
                                  "{role} "
                                  "(or name both sides yourself).", first=first, second=second,
                                  role=_(ROLE_WORDS[role])))
        attacker, defender = chosen[Role.ATTACKER], chosen[Role.DEFENDER]
        if attacker is None and defender is None:
            attacker, defender = paired
            how = "the pairing's first player attacks; name `attacker:` to choose otherwise"
        elif attacker is None:
            assert defender is not None
            attacker = next(p for p in paired if p[0] != defender[0])
            how = "the other player of the pairing attacks"
        else:
            defender = next(p for p in paired if p[0] != attacker[0])
            how = "the other player of the pairing defends"
        assert attacker is not None and defender is not None and event is not None
        said = f"The players of this pairing of {public(event.event, 80)}: {how}."
        return {Role.ATTACKER: attacker, Role.DEFENDER: defender}, said

    battle_start.autocomplete("mission")(_mission_names)

    @app_commands.command(
        name="status", description="The battle here: where it is, what to score, the scoreboard"
    )
    async def status(self, interaction: discord.Interaction) -> None:
        shown = await KIT.shown(interaction)
        await post_tracker(interaction, shown)

    @app_commands.command(
        name="undo", description="Take back the last step (yours; the starter and Manage Server may undo any)"
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        me = interaction.user.id
        manager = is_manager(interaction)
        game = await KIT.load(interaction)
        check_player(interaction, game.state.battle)
        if game.state.battle.over:
            raise RuleError(FINAL)  # a finished battle changes only by reopening it
        starter = game.record.created_by

        def may_undo(event: EventRecord) -> bool:
            return event.actor_id == me or starter == me or manager

        # Moving the tracker to a newer message is bookkeeping, not a step: undo goes through it.
        restored, event = await KIT.undo(interaction, may_undo=may_undo, through=(TRACKER_MOVED,))
        shown = Shown(restored.id, restored.version, restored.state, restored.record.created_by)
        t = await channel(interaction)
        note = t(
            "{who} took back: {step}.",
            who=public(interaction.user.display_name, 40),
            step=said_of(event, t) or event.action,
        )
        await post_tracker(interaction, shown, note=quote(note, 300))

    @app_commands.command(name="end", description="Close the battle here (its players or Manage Server)")
    async def end(self, interaction: discord.Interaction) -> None:
        def change(game: BAGame) -> Change[BAGame]:
            check_player(interaction, game.battle)
            return Change(game, summary="ended the battle", end=True)

        shown = await KIT.step(interaction, "end", change)
        state = shown.state.battle
        t = await channel(interaction)
        if state.over:
            title = t("{mission}: the battle is over", mission=state.mission.name)
        else:
            title = t("{mission}: the battle was closed before the end", mission=state.mission.name)
        post = show(shown, title=title, t=t)
        post.view = None
        who = public(interaction.user.display_name, 40)
        post.content = t("{who} closed the battle; a new one can start here.", who=who)
        await post.send(interaction)
