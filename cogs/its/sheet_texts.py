"""What the score sheet looks like: its entries, the running score and the confirmed result.

Only formatting lives here: every number comes from ``rules/its``.
"""

from __future__ import annotations

import discord

from bot.limits import clip
from cogs.its.common import COLOUR
from cogs.its.state import ItsMatch
from rules.its.scenario import VICTORY_POINTS, Scenario
from rules.its.scoring import (
    MAX_OBJECTIVE_POINTS,
    Control,
    ControlKind,
    EntryValue,
    ScoreResult,
    ScoreSheet,
    Side,
    TournamentPoints,
    controls,
)

# --- the score sheet -------------------------------------------------------------------------


def entry_text(control: Control, value: EntryValue | None, victory_points: int) -> str:
    """A recorded entry as a player reads it."""
    if control.entry_id == VICTORY_POINTS:
        return f"{victory_points} pts"
    match control.kind:
        case ControlKind.TOGGLE:
            return "yes" if value else "no"
        case ControlKind.ROUND_TOGGLES:
            rounds = list(value or []) + [False] * (control.rounds or 0)  # type: ignore[arg-type]
            return " ".join(f"R{i + 1}:{'✓' if r else '✗'}" for i, r in enumerate(rounds[: control.rounds]))
        case ControlKind.ROUND_COUNTERS:
            rounds = list(value or []) + [0] * (control.rounds or 0)  # type: ignore[arg-type]
            return " ".join(f"R{i + 1}:{r}" for i, r in enumerate(rounds[: control.rounds]))
        case ControlKind.CHOICE | ControlKind.OPTION_COUNTERS:
            counts = value if isinstance(value, dict) else {}
            labels = dict(control.options)
            picked = [f"{labels.get(k, k)}" + (f" ×{n}" if n > 1 else "") for k, n in counts.items() if n]
            return ", ".join(picked) or "none"
        case ControlKind.ARMY_POINTS:
            return f"{int(value or 0)} pts"  # type: ignore[arg-type]
    return str(int(value or 0))  # type: ignore[arg-type]


def tp_text(tp: TournamentPoints) -> str:
    parts = [f"{tp.outcome.value.title()} {tp.base}"]
    if tp.offensive_bonus:
        parts.append(f"Offensive +{tp.offensive_bonus}")
    if tp.defensive_bonus:
        parts.append(f"Defensive +{tp.defensive_bonus}")
    return f"**{tp.total} TP** ({', '.join(parts)})"


def sheet_embed(match: ItsMatch, scenario: Scenario, result: ScoreResult) -> discord.Embed:
    sheet = match.sheet
    assert sheet is not None
    name_a, name_b = match.names()
    embed = discord.Embed(
        title=clip(f"Score sheet · {scenario.name} · {int(sheet.tier)} pts", 256),
        description=(
            f"**{name_a}** (A) vs **{name_b}** (B). Final: both players confirmed this result. "
            "To score the game again, start over with /its end and then /its score."
            if set(match.confirmed) == {Side.A, Side.B}
            else f"**{name_a}** (A) vs **{name_b}** (B). Each player edits their own side with the "
            "menus; a Manage Server member may edit both. Only each player can confirm their own "
            "side. Any edit clears the confirmations."
        ),
        colour=COLOUR,
    )
    by_id = {c.entry_id: c for c in controls(scenario, sheet.tier)}
    for line in result.lines:
        control = by_id.get(line.objective_id)
        if control is not None:
            a = entry_text(control, sheet.a.values.get(line.objective_id), sheet.a.victory_points)
            b = entry_text(control, sheet.b.values.get(line.objective_id), sheet.b.victory_points)
            value = f"{name_a}: {a} → **{line.a} OP**\n{name_b}: {b} → **{line.b} OP**"
        else:
            value = f"{name_a}: **{line.a} OP** · {name_b}: **{line.b} OP** _(worked out)_"
        embed.add_field(name=clip(line.label, 256), value=clip(value, 1024), inline=False)

    def total(capped: int, raw: int) -> str:
        return f"**{capped}**" + (f" ({raw} before the cap)" if raw > capped else "")

    embed.add_field(
        name=f"Objective Points (max {MAX_OBJECTIVE_POINTS})",
        value=(
            f"{name_a}: {total(result.total_a, result.raw_a)}\n"
            f"{name_b}: {total(result.total_b, result.raw_b)}"
        ),
        inline=True,
    )
    embed.add_field(
        name="Victory Points",
        value=f"{name_a}: {result.victory_points_a}\n{name_b}: {result.victory_points_b}",
        inline=True,
    )
    embed.add_field(
        name="Tournament Points",
        value=f"{name_a}: {tp_text(result.tp_a)}\n{name_b}: {tp_text(result.tp_b)}",
        inline=False,
    )
    if result.conflicts:
        embed.add_field(
            name="⚠ Claims the table cannot hold",
            value=clip("\n".join(f"• {c.text(name_a, name_b)}" for c in result.conflicts), 1024),
            inline=False,
        )
    marks = [
        f"{n}: {'✅ confirmed' if s in match.confirmed else '⏳ not yet'}"
        for n, s in ((name_a, Side.A), (name_b, Side.B))
    ]
    embed.add_field(name="Confirmed", value="\n".join(marks), inline=False)
    if result.warnings:
        embed.set_footer(text=clip(" ".join(result.warnings), 2048))
    return embed


def winner_text(match: ItsMatch, result: ScoreResult) -> str:
    name_a, name_b = match.names()
    leader = result.leader
    if leader is None:
        return "A tie"
    return f"{name_a if leader is Side.A else name_b} wins"


def result_embed(match: ItsMatch, scenario: Scenario, result: ScoreResult) -> discord.Embed:
    name_a, name_b = match.names()
    sheet: ScoreSheet | None = match.sheet
    tier = int(sheet.tier) if sheet else int(result.tier)
    embed = discord.Embed(
        title=clip(f"{scenario.name} · {tier} pts · {winner_text(match, result)}", 256),
        description=(
            f"{name_a} {result.total_a} OP, {result.tp_a.total} TP · "
            f"{name_b} {result.total_b} OP, {result.tp_b.total} TP. Confirmed by both players."
        ),
        colour=COLOUR,
    )
    embed.set_image(url="attachment://score.png")
    return embed
