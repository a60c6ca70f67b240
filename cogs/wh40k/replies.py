"""What /40k attack and /40k odds show: the rolled sequence, the exact odds and the chart."""

from __future__ import annotations

import functools
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.cards import MAX_CARD_TEXT, Card
from bot.limits import MAX_AUTHOR
from bot.play import Image
from bot.text import plain, public
from cogs.wh40k.inputs import EditionUsed, Read
from renderers.odds_chart import render_odds_chart
from rules.distribution import Distribution, table_rows
from rules.i18n import N_, Message, Translator, translator
from rules.wh40k import AttackOdds, Situation, Target
from rules.wh40k.attack import HAZARDOUS_MORTALS, UNCONFIRMED_11TH_FOOTER, UnitOdds, UnitRoll
from rules.wh40k.profiles import Edition

COLOUR = discord.Colour.from_rgb(196, 110, 0)
CHART_FILENAME = "odds.png"
LOG_FILENAME = "attack.txt"
TABLE_ROWS = 16
"""Most rows of an odds table; beyond, neighbouring values are folded into one row (and it says so)."""
SERIES_NAMES = ("A", "B")
CHART_CACHE = 64


@functools.lru_cache(maxsize=CHART_CACHE)
def chart_png(
    series: tuple[tuple[str, Distribution], ...], title: str, x_label: str, t: Translator | None = None
) -> bytes:
    """The odds chart, drawn once per distinct question and kept: the same unit's usual
    weapon against its usual target skips the ~20 ms of drawing and encoding."""
    return render_odds_chart(list(series), title=title, x_label=x_label, t=t)


@dataclass
class Reply:
    """A card and the files that go with it."""

    card: Card
    files: list[discord.File] = field(default_factory=list)
    images: list[Image] = field(default_factory=list)


def situation_text(situation: Situation, t: Translator | None = None) -> str:
    t = t or translator(None)
    parts = [
        t(name)
        for flag, name in (
            (situation.half_range, N_("half range")),
            (situation.charged, N_("charged")),
            (situation.stationary, N_("stationary")),
            (situation.cover, N_("cover")),
        )
        if flag
    ]
    return ", ".join(parts) or "none"  # not shown: a reply lists the situation only when one is set


def _numbers(t: Translator, value: object) -> object:
    """A note's values with every float written the reader's way (two decimals): ``1,25``."""
    if isinstance(value, float):
        return t.number(value, 2)
    if isinstance(value, tuple):
        return tuple(_numbers(t, v) for v in value)
    if isinstance(value, Message):
        params = {k: _numbers(t, v) for k, v in value.params.items()}
        return Message(value.msgid, params, value.plural, value.n)
    return value


def _note(t: Translator, note: Message | str) -> str:
    """A note from rules/: a lazy message rendered for the reader (its decimals the reader's way);
    a constant note rules/ marked with ``N_`` looked up in the reader's catalogue (an unknown
    text, such as a note with a number in it, comes back as it is)."""
    if isinstance(note, Message):
        return t(_numbers(t, note))  # type: ignore[arg-type]
    return t(note) if "{" not in note and "}" not in note else note


def _named(read: Read, t: Translator, limit: int = 1000) -> str:
    if isinstance(read.profile, Target):
        lines = [read.profile.describe()]
    else:
        lines = [w.describe() for w in read.unit.weapons]
    name = public(read.name) if read.name else ""
    head = (f"**{name}**:\n" if len(lines) > 1 else f"**{name}**: ") if name else ""
    # whole lines only (a line cut short would leave its code span open), saying how many are left out
    for count in range(len(lines), 0, -1):
        parts = [f"`{line}`" for line in lines[:count]]
        if count < len(lines):
            left = len(lines) - count
            parts.append(t.n("… and {n} more line", "… and {n} more lines", left, n=left))
        text = head + "\n".join(parts)
        if len(text) <= limit:
            return text
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _inputs(
    embed: Card,
    weapons: Sequence[Read],
    target: Read,
    situation: Situation,
    used: EditionUsed,
    t: Translator,
) -> None:
    for index, weapon in enumerate(weapons):
        unit = len(weapon.unit.weapons) > 1
        if len(weapons) == 1:
            name = t("Unit") if unit else t("Weapon")
        else:
            series = SERIES_NAMES[index]
            name = t("Unit {series}", series=series) if unit else t("Weapon {series}", series=series)
        embed.add_field(name=name, value=_named(weapon, t), inline=False)
    embed.add_field(name=t("Target"), value=_named(target, t), inline=False)
    if situation != Situation():
        embed.add_field(name=t("Situation"), value=situation_text(situation, t), inline=False)
    embed.add_field(name=t("Edition"), value=edition_text(used, t), inline=False)


def edition_text(used: EditionUsed, t: Translator | None = None) -> str:
    """The edition and why (the steps kept from 10th edition are the footer's last line)."""
    text = (t or translator(None))(used.message)
    return text[:1].upper() + text[1:]


def footer(parts: Sequence[str], used: EditionUsed, limit: int = 2000, t: Translator | None = None) -> str:
    """The footer's notes, then for 11th one line saying some steps are kept from 10th edition
    (``/help topic:40k`` has the list), never cut off by the notes."""
    if used.edition is not Edition.ELEVENTH:
        return _clip(" · ".join(parts), limit)
    last = (t or translator(None))(UNCONFIRMED_11TH_FOOTER)
    return _clip(" · ".join(parts), limit - len(last) - 1) + "\n" + last


# -- /40k attack ---------------------------------------------------------------------------------


def attack_reply(
    user: discord.abc.User,
    weapon: Read,
    target: Read,
    situation: Situation,
    rolled: UnitRoll,
    used: EditionUsed,
    t: Translator | None = None,
) -> Reply:
    """Every step's dice, line by line for a unit; when they don't fit one message, the whole
    log is attached as text; in ``t``'s language (English by default)."""
    t = t or translator(None)
    models = rolled.target_models
    dealt = rolled.wounds_dealt
    title = "⚔️ " + t.n(
        "{n} wound dealt, {slain}/{models} models slain · {edition}",
        "{n} wounds dealt, {slain}/{models} models slain · {edition}",
        dealt,
        n=dealt,
        slain=rolled.models_slain,
        models=models,
        edition=edition_text(used, t),
    )
    if rolled.hazardous_failed:
        title += " · " + t(
            "Hazardous: {n} mortal wounds on the attacker", n=rolled.hazardous_failed * HAZARDOUS_MORTALS
        )
    lines: list[str] = []
    weapons = weapon.unit.weapons
    for index, one in zip(rolled.order, rolled.rolls, strict=True):
        if len(weapons) > 1:
            lines.append(f"__{index + 1}. {weapons[index].label[:80]}__")
        lines += [t(line) for line in one.messages()]
    spared = ""
    if rolled.skipped:
        which = ", ".join(f"{i + 1}. {weapons[i].label[:40]}" for i in rolled.skipped)
        spared = (
            "*"
            + t(
                "Every model is slain: the rest of the volley ({which}) had nothing left to shoot at, "
                "so it was not rolled.",
                which=which,
            )
            + "*"
        )
    log = [*lines, spared] if spared else lines
    text = "\n".join(log)
    room = MAX_CARD_TEXT - 1200  # the roll's text in its card; the inputs, title and footer take the rest
    files = []
    if len(text) > room - 300:
        files.append(discord.File(io.BytesIO(_plain(log, t).encode()), filename=LOG_FILENAME))
        short = [line for line in lines if not line.startswith("  ")]
        text = (
            "\n".join(short)
            + "\n*"
            + t("Every damage roll, and every die, is in {file}.", file=LOG_FILENAME)
            + "*"
        )
        if len(text) + len(spared) > room - 100:
            text = _cut_between_dice(text, room - 200 - len(spared))
            text += "…\n*" + t("The whole roll is in {file}.", file=LOG_FILENAME) + "*"
        if spared:
            text += f"\n{spared}"
    embed = Card(title=title, text=text, colour=COLOUR)  # a card built at once, not from an embed
    embed.set_author(name=plain(user.display_name, MAX_AUTHOR), icon_url=user.display_avatar.url)
    _inputs(embed, [weapon], target, situation, used, t)
    notes = dict.fromkeys(n for r in rolled.rolls for n in r.notes)
    notes_shown = [
        t("bold: critical"),
        t("struck: re-rolled"),
        *(_note(t, n) for n in (*weapon.notes, *target.notes, *rolled.notes, *notes)),
    ]
    embed.set_footer(text=footer(notes_shown, used, t=t))
    return Reply(embed, files=files)


def _cut_between_dice(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters between two dice (a die is ``5``, ``**6**`` or
    ``~~2~~``), so no bold or strike-through is left open; a line heading cut short goes whole."""
    if len(text) <= limit:
        return text
    text = text[:limit]
    text = text[: max(text.rfind(" "), text.rfind("\n"), 0)]
    last = text.rsplit("\n", 1)[-1]
    if last.startswith("__") and not last.endswith("__"):
        text = text[: max(text.rfind("\n"), 0)]
    return text


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plain(lines: list[str], t: Translator | None = None) -> str:
    """The roll without Discord markdown, for the attached log."""
    t = t or translator(None)
    struck = t("(re-rolled {die})", die="\0").split("\0")
    out = []
    for line in lines:
        line = line.replace("**", "")
        while "~~" in line:
            line = line.replace("~~", struck[0], 1).replace("~~", struck[-1], 1)
        out.append(line)
    return "\n".join(out) + "\n"


# -- /40k odds -----------------------------------------------------------------------------------


def _rows(dists: Sequence[Distribution], limit: int = TABLE_ROWS) -> tuple[list[tuple[int, int]], str]:
    """The table's rows as (first, last) value ranges (:func:`rules.distribution.table_rows`: the
    first and last values always on their own rows) and the sentence saying what shares a row."""
    layout = table_rows(dists, limit, always=(0,))
    sentence = "; ".join(layout.notes)
    return list(layout.ranges), sentence[:1].upper() + sentence[1:] + ("." if sentence else "")


def _range(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"


def odds_table(dists: Sequence[Distribution], *, headers: Sequence[str], t: Translator | None = None) -> str:
    """A code block: one row per value (or folded range), and per series the chance of exactly
    that value (or of one in the range) and of at least it. A row's "at least" for 0 is left
    out: it is always 100%."""
    t = t or translator(None)
    rows, folded = _rows(dists)
    titles = [t("value")]
    for h in headers:
        titles += [f"{h} =" if h else t("exactly"), f"{h} ≥" if h else t("at least")]
    table = [tuple(titles)]
    for first, last in rows:
        cells = [_range(first, last)]
        for d in dists:
            exactly = sum(p for k, p in d.items() if first <= k <= last)
            cells += [t.percent(exactly), "" if first == 0 else t.percent(d.at_least(first))]
        table.append(tuple(cells))
    widths = [max(len(r[i]) for r in table) for i in range(len(titles))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in table]
    text = "```\n" + "\n".join(lines) + "\n```"
    return text + (f"\n{folded}" if folded else "")


def _means(odds: UnitOdds, target: Target, t: Translator | None = None) -> str:
    t = t or translator(None)
    lines = []
    for index in odds.order:
        line: AttackOdds = odds.weapons[index]
        name = f"{index + 1}. " if len(odds.weapons) > 1 else ""
        lines.append(
            name
            + t(
                "attacks {attacks} → hits {hits} → wounding {wounding} → unsaved {unsaved}",
                attacks=t.number(line.mean_attacks, 1),
                hits=t.number(line.mean_hits, 1),
                wounding=t.number(line.mean_wounding, 1),
                unsaved=t.number(line.mean_unsaved, 1),
            )
        )
    lines += [
        t(
            "wounds dealt: **{mean}** (of {total})",
            mean=t.number(odds.wounds.mean, 2),
            total=target.total_wounds,
        ),
        t("models slain: **{mean}** (of {total})", mean=t.number(odds.slain.mean, 2), total=target.models),
    ]
    hazardous = [w.hazardous for w in odds.weapons if w.hazardous is not None]
    if hazardous:
        none = math.prod(h.probability(0) for h in hazardous)
        lines.append(
            t(
                "Hazardous: {chance} chance of at least one failed test "
                "({n} mortal wounds on the attacker each)",
                chance=t.percent(1 - none),
                n=HAZARDOUS_MORTALS,
            )
        )
    return "\n".join(lines)


def charted(target: Target) -> tuple[str, bool]:
    """What the chart shows: models slain for a unit of several models, else wounds dealt
    (English: the words are translated where they are drawn)."""
    return (N_("models slain"), True) if target.models > 1 else (N_("wounds dealt"), False)


def odds_reply(
    user: discord.abc.User,
    weapons: Sequence[Read],
    target: Read,
    situation: Situation,
    results: Sequence[UnitOdds],
    used: EditionUsed,
    t: Translator | None = None,
) -> Reply:
    """Means, the odds of each number of wounds dealt and models slain, and the chart (both
    series with compare), in ``t``'s language (English by default)."""
    t = t or translator(None)
    profile = target.target
    title = "📊 " + t(
        "Odds against {target} · {edition}", target=public(target.label(60)), edition=edition_text(used, t)
    )
    embed = Card(title=title, colour=COLOUR)  # a card built at once, not from an embed
    embed.set_author(name=plain(user.display_name, MAX_AUTHOR), icon_url=user.display_avatar.url)
    _inputs(embed, weapons, target, situation, used, t)
    compare = len(results) > 1
    for index, (weapon, result) in enumerate(zip(weapons, results, strict=True)):
        name = f"{SERIES_NAMES[index]}: {public(weapon.label(60))}" if compare else t("Means")
        embed.add_field(name=name, value=_clip(_means(result, profile, t), 1024), inline=False)
    headers = SERIES_NAMES[: len(results)] if compare else ("",)
    same = all(
        g.wounds == 1 for g in profile.model_groups
    )  # one wound per model: wounds dealt and models slain are one number
    embed.add_field(
        name=t("Wounds dealt (= models slain)") if same else t("Wounds dealt"),
        value=odds_table([r.wounds for r in results], headers=headers, t=t),
        inline=False,
    )
    if profile.models > 1 and not same:
        embed.add_field(
            name=t("Models slain"),
            value=odds_table([r.slain for r in results], headers=headers, t=t),
            inline=False,
        )
    notes = list(
        dict.fromkeys(
            [
                *(n for w in weapons for n in w.notes),
                *target.notes,
                *(
                    n
                    for r in results
                    for n in (*r.notes, *(x for w in r.weapons for x in w.notes), *r.wounds.notes)
                ),
            ]
        )
    )
    shown = [_note(t, n) for n in notes]
    embed.set_footer(text=footer([" ".join([t("Exact odds."), *shown])], used, t=t))
    what, slain = charted(profile)
    series = tuple(
        (
            f"{SERIES_NAMES[i]}: {w.chart_label()}" if compare else w.chart_label(),
            r.slain if slain else r.wounds,
        )
        for i, (w, r) in enumerate(zip(weapons, results, strict=True))
    )
    # 30: the longest label with which the title fits the chart whole, edition included
    label = t(what)
    chart_title = (
        t("{what}: {target} (10th ed.)", what=label.capitalize(), target=target.chart_label(30))
        if used.edition is Edition.TENTH
        else t("{what}: {target} (11th ed.)", what=label.capitalize(), target=target.chart_label(30))
    )
    image = Image(lambda: chart_png(series, chart_title, label, t), CHART_FILENAME, heavy=True)
    embed.set_image(url=f"attachment://{CHART_FILENAME}")
    return Reply(embed, images=[image])
