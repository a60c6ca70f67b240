"""What /40k attack and /40k odds show: the rolled sequence, the exact odds and the chart."""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.limits import MAX_EMBED_DESCRIPTION
from bot.play import Image
from cogs.wh40k.inputs import Read
from renderers.odds_chart import render_odds_chart
from rules.distribution import Distribution, percent
from rules.wh40k import AttackOdds, AttackRoll, Situation, Target
from rules.wh40k.attack import HAZARDOUS_MORTALS

COLOUR = discord.Colour.from_rgb(196, 110, 0)
CHART_FILENAME = "odds.png"
LOG_FILENAME = "attack.txt"
TABLE_ROWS = 10
SERIES_NAMES = ("A", "B")
CHART_CACHE = 64


@functools.lru_cache(maxsize=CHART_CACHE)
def chart_png(series: tuple[tuple[str, Distribution], ...], title: str, x_label: str) -> bytes:
    """The odds chart, drawn once per distinct question and kept: the same unit's usual
    weapon against its usual target skips the ~20 ms of drawing and encoding."""
    return render_odds_chart(list(series), title=title, x_label=x_label)


@dataclass
class Reply:
    """An embed and the files that go with it."""

    embed: discord.Embed
    files: list[discord.File] = field(default_factory=list)
    images: list[Image] = field(default_factory=list)


def situation_text(situation: Situation) -> str:
    parts = [
        name
        for flag, name in (
            (situation.half_range, "half range"),
            (situation.charged, "charged"),
            (situation.stationary, "stationary"),
            (situation.cover, "cover"),
        )
        if flag
    ]
    return ", ".join(parts) or "none"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _named(read: Read) -> str:
    line = read.profile.describe()
    return f"**{read.name}**: `{line}`" if read.name else f"`{line}`"


def _inputs(embed: discord.Embed, weapons: Sequence[Read], target: Read, situation: Situation) -> None:
    for index, weapon in enumerate(weapons):
        name = "Weapon" if len(weapons) == 1 else f"Weapon {SERIES_NAMES[index]}"
        embed.add_field(name=name, value=_named(weapon), inline=False)
    embed.add_field(name="Target", value=_named(target), inline=False)
    if situation != Situation():
        embed.add_field(name="Situation", value=situation_text(situation), inline=False)


# -- /40k attack ---------------------------------------------------------------------------------


def attack_reply(
    user: discord.abc.User, weapon: Read, target: Read, situation: Situation, rolled: AttackRoll
) -> Reply:
    """Every step's dice; when they don't fit one message, the whole log is attached as text."""
    models = rolled.plan.target_models
    title = f"⚔️ {_plural(rolled.wounds_dealt, 'wound')} dealt, {rolled.models_slain}/{models} models slain"
    if rolled.hazardous_failed:
        title += f" · Hazardous: {rolled.hazardous_failed * HAZARDOUS_MORTALS} mortal wounds on the attacker"
    lines = rolled.lines()
    text = "\n".join(lines)
    files = []
    if len(text) > MAX_EMBED_DESCRIPTION - 200:
        files.append(discord.File(io.BytesIO(_plain(lines).encode()), filename=LOG_FILENAME))
        short = [line for line in lines if not line.startswith("  ")]
        text = "\n".join(short) + f"\n*Every damage roll, and every die, is in {LOG_FILENAME}.*"
    embed = discord.Embed(title=title, description=text, colour=COLOUR)
    embed.set_author(name=user.display_name, icon_url=user.display_avatar.url)
    _inputs(embed, [weapon], target, situation)
    footer = ["bold: critical", "struck: re-rolled", *rolled.notes]
    embed.set_footer(text=" · ".join(footer))
    return Reply(embed, files=files)


def _plain(lines: list[str]) -> str:
    """The roll without Discord markdown, for the attached log."""
    out = []
    for line in lines:
        line = line.replace("**", "")
        while "~~" in line:
            line = line.replace("~~", "(re-rolled ", 1).replace("~~", ")", 1)
        out.append(line)
    return "\n".join(out) + "\n"


# -- /40k odds -----------------------------------------------------------------------------------


def _ks(dists: Sequence[Distribution]) -> list[int]:
    """The "at least" rows worth showing for every series, thinned evenly."""
    ks = sorted({k for d in dists for k, _ in d.at_least_rows(TABLE_ROWS)})
    if len(ks) <= TABLE_ROWS:
        return ks
    return [ks[round(i * (len(ks) - 1) / (TABLE_ROWS - 1))] for i in range(TABLE_ROWS)]


def at_least_table(dists: Sequence[Distribution], *, headers: Sequence[str]) -> str:
    """A code block: one row per k, one column per series, P(at least k) in each cell."""
    ks = _ks(dists)
    rows = [("at least", *headers)]
    rows += [(f"{k}", *(percent(d.at_least(k)) for d in dists)) for k in ks]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(r, widths, strict=True)) for r in rows]
    table = "```\n" + "\n".join(lines) + "\n```"
    if ks and len(ks) < ks[-1] - ks[0] + 1:  # thinned: say so rather than skip values silently
        table += f"\nSome values from {ks[0]} to {ks[-1]} are skipped to fit; the chart has them all."
    return table


def _means(odds: AttackOdds, target: Target) -> str:
    lines = [
        f"attacks {odds.mean_attacks:.1f} → hits {odds.mean_hits:.1f} → wounding {odds.mean_wounding:.1f}"
        f" → unsaved {odds.mean_unsaved:.1f}",
        f"wounds dealt: **{odds.wounds.mean:.2f}** (of {target.wounds * target.models})",
        f"models slain: **{odds.slain.mean:.2f}** (of {target.models})",
    ]
    if odds.hazardous is not None:
        failed = odds.hazardous.at_least(1)
        lines.append(
            f"Hazardous: {percent(failed)} chance of at least one failed test "
            f"({HAZARDOUS_MORTALS} mortal wounds on the attacker each)"
        )
    return "\n".join(lines)


def charted(target: Target) -> tuple[str, bool]:
    """What the chart shows: models slain for a unit of several models, else wounds dealt."""
    return ("models slain", True) if target.models > 1 else ("wounds dealt", False)


def odds_reply(
    user: discord.abc.User,
    weapons: Sequence[Read],
    target: Read,
    situation: Situation,
    results: Sequence[AttackOdds],
) -> Reply:
    """Means, P(at least k) for wounds and models slain, and the chart (both series with compare)."""
    profile = target.target
    title = f"📊 Odds against {target.label(60)}"
    embed = discord.Embed(title=title, colour=COLOUR)
    embed.set_author(name=user.display_name, icon_url=user.display_avatar.url)
    _inputs(embed, weapons, target, situation)
    compare = len(results) > 1
    for index, (weapon, result) in enumerate(zip(weapons, results, strict=True)):
        name = f"{SERIES_NAMES[index]}: {weapon.label(60)}" if compare else "Means"
        embed.add_field(name=name, value=_means(result, profile), inline=False)
    headers = SERIES_NAMES[: len(results)] if compare else ("chance",)
    same = profile.wounds == 1  # one wound per model: wounds dealt and models slain are one number
    embed.add_field(
        name="Chance of at least k wounds dealt" + (" (= models slain)" if same else ""),
        value=at_least_table([r.wounds for r in results], headers=headers),
        inline=True,
    )
    if profile.models > 1 and not same:
        embed.add_field(
            name="Chance of at least k models slain",
            value=at_least_table([r.slain for r in results], headers=headers),
            inline=True,
        )
    notes = list(dict.fromkeys(n for r in results for n in (*r.notes, *r.wounds.notes)))
    embed.set_footer(text=" ".join(["Exact odds.", *notes]))
    what, slain = charted(profile)
    series = tuple(
        (f"{SERIES_NAMES[i]}: {w.label()}" if compare else w.label(), r.slain if slain else r.wounds)
        for i, (w, r) in enumerate(zip(weapons, results, strict=True))
    )
    chart_title = f"{what.capitalize()}: {target.label(40)}"
    image = Image(lambda: chart_png(series, chart_title, what), CHART_FILENAME, heavy=True)
    embed.set_image(url=f"attachment://{CHART_FILENAME}")
    return Reply(embed, images=[image])
