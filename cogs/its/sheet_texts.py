"""What the score sheet looks like: its entries, the running score and the confirmed result.

Only formatting lives here: every number comes from ``rules/its``.
"""

from __future__ import annotations

import discord

from bot.limits import clip
from cogs.its.common import COLOUR
from cogs.its.pages import scenario_name
from cogs.its.state import ItsMatch
from rules.i18n import N_, Translator, translator
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

_OUTCOMES = {"victory": N_("Victory"), "tie": N_("Tie"), "defeat": N_("Defeat")}


def _english(t: Translator | None) -> Translator:
    return t if t is not None else translator(None)


def entry_text(
    control: Control, value: EntryValue | None, victory_points: int, t: Translator | None = None
) -> str:
    """A recorded entry as a player reads it."""
    t = _english(t)
    if control.entry_id == VICTORY_POINTS:
        return t("{points} pts", points=victory_points)
    match control.kind:
        case ControlKind.TOGGLE:
            return t("yes") if value else t("no")
        case ControlKind.ROUND_TOGGLES:
            rounds = list(value or []) + [False] * (control.rounds or 0)  # type: ignore[arg-type]
            marks = ("✓" if r else "✗" for r in rounds[: control.rounds])
            return " ".join(t("R{round}:{mark}", round=i + 1, mark=m) for i, m in enumerate(marks))
        case ControlKind.ROUND_COUNTERS:
            rounds = list(value or []) + [0] * (control.rounds or 0)  # type: ignore[arg-type]
            counts = rounds[: control.rounds]
            return " ".join(t("R{round}:{mark}", round=i + 1, mark=r) for i, r in enumerate(counts))
        case ControlKind.CHOICE | ControlKind.OPTION_COUNTERS:
            counts = value if isinstance(value, dict) else {}
            labels = dict(control.options)
            picked = [f"{labels.get(k, k)}" + (f" ×{n}" if n > 1 else "") for k, n in counts.items() if n]
            return ", ".join(picked) or t("none")
        case ControlKind.ARMY_POINTS:
            return t("{points} pts", points=int(value or 0))  # type: ignore[arg-type]
    return str(int(value or 0))  # type: ignore[arg-type]


def tp_text(tp: TournamentPoints, t: Translator | None = None) -> str:
    t = _english(t)
    outcome = _OUTCOMES.get(tp.outcome.value)
    parts = [f"{t(outcome) if outcome else tp.outcome.value.title()} {tp.base}"]
    if tp.offensive_bonus:
        parts.append(t("Offensive +{n}", n=tp.offensive_bonus))
    if tp.defensive_bonus:
        parts.append(t("Defensive +{n}", n=tp.defensive_bonus))
    return t("**{tp} TP** ({parts})", tp=tp.total, parts=", ".join(parts))


def sheet_embed(
    match: ItsMatch, scenario: Scenario, result: ScoreResult, t: Translator | None = None
) -> discord.Embed:
    t = _english(t)
    sheet = match.sheet
    assert sheet is not None
    name_a, name_b = match.names()
    final = set(match.confirmed) == {Side.A, Side.B}
    shown = scenario_name(scenario.name, t)
    title = t("Score sheet · {scenario} · {points} pts", scenario=shown, points=int(sheet.tier))
    embed = discord.Embed(
        title=clip(title, 256),
        description=(
            t(
                "**{a}** (A) vs **{b}** (B). Final: both players confirmed this result. "
                "To score the game again, start over with /its end and then /its score.",
                a=name_a,
                b=name_b,
            )
            if final
            else t(
                "**{a}** (A) vs **{b}** (B). Each player edits their own side with the "
                "menus; a Manage Server member may edit both. Only each player can confirm their own "
                "side. Any edit clears the confirmations.",
                a=name_a,
                b=name_b,
            )
        ),
        colour=COLOUR,
    )
    by_id = {c.entry_id: c for c in controls(scenario, sheet.tier)}
    for line in result.lines:
        control = by_id.get(line.objective_id)
        if control is not None:
            a = entry_text(control, sheet.a.values.get(line.objective_id), sheet.a.victory_points, t)
            b = entry_text(control, sheet.b.values.get(line.objective_id), sheet.b.victory_points, t)
            value = t(
                "{a}: {entry_a} → **{op_a} OP**\n{b}: {entry_b} → **{op_b} OP**",
                a=name_a,
                entry_a=a,
                op_a=line.a,
                b=name_b,
                entry_b=b,
                op_b=line.b,
            )
        else:
            value = t(
                "{a}: **{op_a} OP** · {b}: **{op_b} OP** _(worked out)_",
                a=name_a,
                op_a=line.a,
                b=name_b,
                op_b=line.b,
            )
        embed.add_field(name=clip(line.label, 256), value=clip(value, 1024), inline=False)

    def total(capped: int, raw: int) -> str:
        if raw > capped:
            return t("**{op}** ({raw} before the cap)", op=capped, raw=raw)
        return f"**{capped}**"

    embed.add_field(
        name=t("Objective Points (max {op})", op=MAX_OBJECTIVE_POINTS),
        value=(
            f"{name_a}: {total(result.total_a, result.raw_a)}\n"
            f"{name_b}: {total(result.total_b, result.raw_b)}"
        ),
        inline=True,
    )
    embed.add_field(
        name=t("Victory Points"),
        value=f"{name_a}: {result.victory_points_a}\n{name_b}: {result.victory_points_b}",
        inline=True,
    )
    embed.add_field(
        name=t("Tournament Points"),
        value=f"{name_a}: {tp_text(result.tp_a, t)}\n{name_b}: {tp_text(result.tp_b, t)}",
        inline=False,
    )
    if result.conflicts:
        embed.add_field(
            name=t("⚠ Claims the table cannot hold"),
            value=clip("\n".join(f"• {t(c.message(name_a, name_b))}" for c in result.conflicts), 1024),
            inline=False,
        )
    marks = [
        f"{n}: " + (t("✅ confirmed") if s in match.confirmed else t("⏳ not yet"))
        for n, s in ((name_a, Side.A), (name_b, Side.B))
    ]
    embed.add_field(name=t("Confirmed"), value="\n".join(marks), inline=False)
    if result.warnings:
        embed.set_footer(text=clip(" ".join(result.warnings), 2048))
    return embed


def winner_text(match: ItsMatch, result: ScoreResult, t: Translator | None = None) -> str:
    t = _english(t)
    name_a, name_b = match.names()
    leader = result.leader
    if leader is None:
        return t("A tie")
    return t("{name} wins", name=name_a if leader is Side.A else name_b)


def result_embed(
    match: ItsMatch, scenario: Scenario, result: ScoreResult, t: Translator | None = None
) -> discord.Embed:
    t = _english(t)
    name_a, name_b = match.names()
    sheet: ScoreSheet | None = match.sheet
    tier = int(sheet.tier) if sheet else int(result.tier)
    title = t(
        "{scenario} · {points} pts · {winner}",
        scenario=scenario_name(scenario.name, t),
        points=tier,
        winner=winner_text(match, result, t),
    )
    embed = discord.Embed(
        title=clip(title, 256),
        description=t(
            "{a} {op_a} OP, {tp_a} TP · {b} {op_b} OP, {tp_b} TP. Confirmed by both players.",
            a=name_a,
            op_a=result.total_a,
            tp_a=result.tp_a.total,
            b=name_b,
            op_b=result.total_b,
            tp_b=result.tp_b.total,
        ),
        colour=COLOUR,
    )
    embed.set_image(url="attachment://score.png")
    return embed
