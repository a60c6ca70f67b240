"""What a battle control's custom id and a menu choice say, read apart from the controls
themselves (cogs/boarding_actions/controls.py)."""

from __future__ import annotations

import discord

from cogs.boarding_actions.game import check_player, check_side, role_of
from rules.boarding_actions.battle import BattleState, ScoringOption
from rules.boarding_actions.missions import Role
from rules.errors import RuleError
from rules.i18n import Message, _


def where(arg: str | None, numbers: int) -> tuple[Role, list[int]]:
    """The side and the ``numbers`` indexes a control's ``arg`` carries (``a.1.0``)."""
    parts = (arg or "").split(".")
    if len(parts) != numbers + 1 or parts[0] not in ("a", "d") or not all(p.isdigit() for p in parts[1:]):
        raise RuleError(_("That control is damaged; use `/ba status` for fresh ones."))
    return role_of(parts[0]), [int(p) for p in parts[1:]]


def check_scorer(interaction: discord.Interaction, state: BattleState, role: Role, shared: bool) -> None:
    if shared:
        check_player(interaction, state)
    else:
        check_side(interaction, state, role)



def choice_said(option: ScoringOption, field: str, picked: str) -> str | Message:
    """What a menu choice means, for the log line: ``3 × Loader marker controlled``."""
    objective = option.objective
    if field == "option" and objective.outcome is not None:
        chosen = objective.outcome.option(picked)
        return chosen.label if chosen else picked
    if field == "value" and objective.bands is not None and picked.isdigit():
        bands = objective.bands
        index = max(i for i, b in enumerate(bands.bands) if b.at_least <= int(picked))
        return f"{bands.measure} {bands.band_label(index)}"
    return _("{n} × {what}", n=picked, what=option.count_label or _("counted"))
