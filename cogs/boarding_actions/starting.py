"""Starting a Boarding Actions battle: shared by `/ba battle start` and the mission's Join button.

It sits below commands.py and pages.py, which both start battles, so neither imports the other.
"""

from __future__ import annotations

import discord

from bot.i18n import channel
from bot.text import kept_name
from cogs.boarding_actions.controls import show
from cogs.boarding_actions.game import KIT, BAGame, name_of, placeholder
from rules.boarding_actions.battle import MAX_NAME_CHARS, BattleState, Player, new_battle, underdog
from rules.boarding_actions.missions import UNDERDOG_GAP, Mission, Role
from rules.errors import RuleError
from rules.i18n import Translator, _


async def start_battle(
    interaction: discord.Interaction,
    mission: Mission,
    sides: dict[Role, tuple[int, str]],
    *,
    points: dict[Role, int | None],
    edit: bool = False,
    note: str = "",
) -> None:
    """Open a battle of ``mission`` in the channel for the two players (user id, name) and post it
    (``edit``: in place of the message whose button started it; ``note``: a line to add)."""
    if sides[Role.ATTACKER][0] == sides[Role.DEFENDER][0]:
        raise RuleError(_("The Attacker and the Defender must be two different members."))
    players = {
        role: Player(name=kept_name(name, MAX_NAME_CHARS), user_id=uid, points=points.get(role))
        for role, (uid, name) in sides.items()
    }
    state = new_battle(mission, attacker=players[Role.ATTACKER], defender=players[Role.DEFENDER])
    t = await channel(interaction)
    note = " ".join(part for part in (note, _underdog_note(state, t)) if part)
    a, d = players[Role.ATTACKER].name, players[Role.DEFENDER].name
    summary = f"started {mission.name}: {a} attacks, {d} defends"
    if edit and interaction.message is not None:
        tracker: int | None = interaction.message.id  # the invitation becomes the tracker
    else:
        tracker = await placeholder(interaction)
    shown = await KIT.start(interaction, BAGame(battle=state, tracker_message=tracker), summary=summary)
    started = t(
        "Started {mission}: {attacker} attacks, {defender} defends.",
        mission=mission.name,
        attacker=a,
        defender=d,
    )
    await show(shown, note=f"{started} {note}", t=t).send(interaction, edit=edit)


def _underdog_note(state: BattleState, t: Translator) -> str:
    if any(p.points is None for p in state.players.values()):
        return t("No Underdog: give both armies' points in `/ba battle start` to find one.")
    weak = underdog(state)
    if weak is None:
        return t("No Underdog: the armies are less than {gap} points apart.", gap=UNDERDOG_GAP)
    gap = abs((state.players[Role.ATTACKER].points or 0) - (state.players[Role.DEFENDER].points or 0))
    return t(
        "{name} is the Underdog ({gap} points fewer): their bonus is below.",
        name=name_of(state, weak, t),
        gap=gap,
    )
