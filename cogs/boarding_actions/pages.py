"""Look-up pages (a mission, a rules topic, a mission roll) and the buttons that need no battle:
"did you mean", and starting a battle from a mission's page.

Custom ids: ``ba:dym:m:<mission id>`` / ``ba:dym:r:<topic id>`` ("did you mean"),
``ba:start:<mission>:<a|d>`` (take a side), ``ba:join:<mission>:<a|d>:<user id>:<name>`` (the
opponent joins the other side, which starts the battle). ``<mission>`` is the mission's die and
roll, ``s21`` or ``a6``, so the ids stay short.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.anywhere import installed_here
from bot.i18n import channel
from bot.limits import MAX_CUSTOM_ID, MAX_FIELD_VALUE, clip
from bot.play import Post, Suggestion, View
from bot.views import PersistentButton
from cogs.boarding_actions.starting import start_battle
from rules.boarding_actions.battle import MAX_NAME_CHARS, ROLE_WORDS
from rules.boarding_actions.content import default_library
from rules.boarding_actions.missions import FirstTurn, Mission, MissionKind, Role
from rules.boarding_actions.rolls import MissionRoll
from rules.boarding_actions.topics import Topic, load_rules
from rules.errors import RuleError
from rules.i18n import N_, Translator, _, translator

COLOUR = discord.Colour.from_rgb(52, 152, 219)


def mission_code(mission: Mission) -> str:
    return f"{mission.kind.value[0]}{mission.roll}"


def mission_of_code(code: str) -> Mission:
    kind = MissionKind.SYMMETRIC if code[:1] == "s" else MissionKind.ASYMMETRIC
    if not code[1:].isdigit():
        raise RuleError(_("That button names no mission; use `/ba mission` for a fresh one."))
    return default_library().by_roll(kind, int(code[1:]))


def first_turn_text(mission: Mission, t: Translator | None = None) -> str:
    t = t or translator("en")
    if mission.first_turn is FirstTurn.ROLL_OFF:
        return t("Roll off: the winner takes the first turn.")
    role = mission.first_turn.role
    assert role is not None
    return t("The {role} takes the first turn.", role=t(ROLE_WORDS[role]))


#: Who scores an objective, as a mission's page says it.
SCORER_WORDS = {
    "each": N_("both"),
    "attacker": N_("attacker"),
    "defender": N_("defender"),
    "shared": N_("shared"),
}
KIND_WORDS = {MissionKind.SYMMETRIC: N_("symmetric"), MissionKind.ASYMMETRIC: N_("asymmetric")}


def mission_embed(mission: Mission, t: Translator | None = None) -> discord.Embed:
    """A mission's page: roll, first turn, objectives (when and how much), rules, the underdog's
    bonus, tables and reading notes, in that order so a cut falls on the least needed. The
    mission's own text is English (the data); ``t`` gives the page's words."""
    t = t or translator("en")
    embed = discord.Embed(
        title=f"{mission.roll_text} · {mission.name} ({t(KIND_WORDS[mission.kind])})",
        description=f"{mission.briefing}\n\n" + t("**First turn:** {text}", text=first_turn_text(mission, t)),
        colour=COLOUR,
    )
    for objective in mission.objectives:
        kind = t("End Game") if objective.type.value == "end_game" else t("Progressive")
        who = objective.scorer.value
        when = objective.timing.describe()
        value = f"{objective.summary}\n" + t(
            "**Scores:** {how}.\n**When:** {when}.", how=objective.how_much(), when=when
        )
        name = f"{objective.name} ({kind}, {t(SCORER_WORDS.get(who, who))})"
        embed.add_field(name=name, value=clip(value, MAX_FIELD_VALUE), inline=False)
    embed.add_field(
        name=t("Underdog bonus"), value=clip(mission.underdog_bonus, MAX_FIELD_VALUE), inline=False
    )
    for rule in mission.rules:
        embed.add_field(name=rule.name, value=clip(rule.summary, MAX_FIELD_VALUE), inline=False)
    for rule in mission.manoeuvres:
        embed.add_field(
            name=t("Tactical Manoeuvre: {name}", name=rule.name),
            value=clip(rule.summary, MAX_FIELD_VALUE),
            inline=False,
        )
    for table in mission.tables:
        rows = [" | ".join(table.columns), *(" | ".join(r) for r in table.rows)]
        embed.add_field(name=table.title, value=clip("\n".join(rows), MAX_FIELD_VALUE), inline=False)
    if mission.notes:
        notes = "\n".join(f"• {n}" for n in mission.notes)
        embed.add_field(name=t("How Herald reads the text"), value=clip(notes, MAX_FIELD_VALUE), inline=False)
    embed.set_footer(text=t("/ba battle start tracks a battle of it · /ba rule for a rule by name"))
    return embed


def topic_embed(topic: Topic, t: Translator | None = None) -> discord.Embed:
    t = t or translator("en")
    embed = discord.Embed(title=topic.title, description=topic.body, colour=COLOUR)
    for f in topic.fields:
        embed.add_field(name=f.name, value=f.value, inline=f.name in ("CP", "Type"))
    library = load_rules()
    if topic.missions:
        names = ", ".join(
            default_library().get(m).name for m in topic.missions if m in default_library().ids()
        )
        embed.add_field(name=t("Missions"), value=clip(names, MAX_FIELD_VALUE), inline=False)
    if topic.see_also:
        titles = ", ".join(library.topics[t].title for t in topic.see_also if t in library.topics)
        embed.add_field(name=t("See also"), value=clip(titles, MAX_FIELD_VALUE), inline=False)
    embed.set_footer(text=t("Boarding Actions · {section}", section=t(topic.section.title)))
    return embed


def start_buttons(mission: Mission, t: Translator | None = None) -> list[Any]:
    t = t or translator("en")
    return [
        StartButton(
            mission_code(mission), role, label=t("Start a battle as {role}", role=t(ROLE_WORDS[role]))
        )
        for role in Role
    ]


def mission_post(
    mission: Mission, *, startable: bool, content: str | None = None, t: Translator | None = None
) -> Post:
    """A mission's page; with "Start a battle as ..." buttons only where a battle can be kept
    (``startable``: a server that installed Herald, see :func:`bot.anywhere.installed_here`)."""
    view = View(*start_buttons(mission, t)) if startable else None
    return Post(content=content, embeds=[mission_embed(mission, t)], view=view)


def roll_post(rolled: MissionRoll, *, startable: bool, t: Translator | None = None) -> Post:
    t = t or translator("en")
    dice = t(" then ").join(f"**{d}**" for d in rolled.dice)
    head = f"🎲 {rolled.kind.die}: {dice}" + (f" = **{rolled.value}**" if len(rolled.dice) > 1 else "")
    return mission_post(rolled.mission, startable=startable, content=f"{head}: {rolled.mission.name}", t=t)


class MissionSuggestion(Suggestion, prefix="ba:dym:m"):
    async def run(self, interaction: discord.Interaction, ref: str) -> None:
        mission = default_library().get(ref)
        t = await channel(interaction)
        await mission_post(mission, startable=installed_here(interaction), t=t).send(interaction)


class RuleSuggestion(Suggestion, prefix="ba:dym:r"):
    async def run(self, interaction: discord.Interaction, ref: str) -> None:
        t = await channel(interaction)
        await Post(embeds=[topic_embed(load_rules().get(ref), t)]).send(interaction)


class StartButton(PersistentButton, template=r"ba:start:(?P<mission>[sa]\d+):(?P<role>[ad])"):
    """Take a side in this mission; the opponent then joins the other side."""

    changes_game = True

    def __init__(self, mission: str, role: Role, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or f"Start a battle as {role.title}",
                style=discord.ButtonStyle.primary,
                custom_id=f"ba:start:{mission}:{role.value[0]}",
            )
        )
        self.mission, self.role = mission, role

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> StartButton:
        return cls(match["mission"], Role.ATTACKER if match["role"] == "a" else Role.DEFENDER)

    async def pressed(self, interaction: discord.Interaction) -> None:
        mission = mission_of_code(self.mission)
        user = interaction.user
        other = self.role.other
        t = await channel(interaction)
        join_label = t("Join as {role}", role=t(ROLE_WORDS[other]))
        join = JoinButton(self.mission, self.role, user.id, user.display_name, label=join_label)
        await Post(
            content=t(
                "{who} takes the {role}'s side in **{mission}**. Their opponent presses **{join}** to "
                "start the battle here (or use `/ba battle start` to give both armies' points and find "
                "the Underdog).",
                who=user.mention,
                role=t(ROLE_WORDS[self.role]),
                mission=mission.name,
                join=join_label,
            ),
            view=View(join),
        ).send(interaction)


class JoinButton(
    PersistentButton, template=r"ba:join:(?P<mission>[sa]\d+):(?P<role>[ad]):(?P<user>\d+):(?P<name>.*)"
):
    """The second player joins: the battle starts with both of them."""

    changes_game = True

    def __init__(self, mission: str, role: Role, user_id: int, name: str, *, label: str = "") -> None:
        head = f"ba:join:{mission}:{role.value[0]}:{user_id}:"
        self.custom_id_text = head + clip(name, min(MAX_NAME_CHARS, MAX_CUSTOM_ID - len(head)))
        super().__init__(
            discord.ui.Button(
                label=label or f"Join as {role.other.title}",
                style=discord.ButtonStyle.success,
                custom_id=self.custom_id_text,
            )
        )
        self.mission, self.role, self.user_id, self.name = mission, role, user_id, name

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> JoinButton:
        role = Role.ATTACKER if match["role"] == "a" else Role.DEFENDER
        return cls(match["mission"], role, int(match["user"]), match["name"] or "?")

    async def pressed(self, interaction: discord.Interaction) -> None:
        if interaction.user.id == self.user_id:
            raise RuleError(
                _(
                    "You already took the {role}'s side: your opponent presses this button "
                    "(or name both players with `/ba battle start`).",
                    role=_(ROLE_WORDS[self.role]),
                )
            )
        sides = {
            self.role: (self.user_id, self.name),
            self.role.other: (interaction.user.id, interaction.user.display_name),
        }
        await start_battle(interaction, mission_of_code(self.mission), sides, points={}, edit=True)


DYNAMIC_ITEMS: tuple[type[Any], ...] = (MissionSuggestion, RuleSuggestion, StartButton, JoinButton)
