"""A roll's message: its title, every die, the figures and the notes, as a card (built at once:
/roll is Herald's busiest reply) or as an embed (a secret roll's kept copy)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.cards import Card, Field, Section
from bot.limits import (
    MAX_AUTHOR,
    MAX_EMBED_DESCRIPTION,
    MAX_EMBED_TITLE,
    MAX_EMBED_TOTAL,
    MAX_FIELD_VALUE,
    clip,
)
from bot.text import inert, plain, public
from rules.dice import DiceResult, RollKind, RollSeries, by_face
from rules.i18n import Translator, translator

COLOUR = discord.Colour.from_rgb(88, 101, 242)
TITLE_PREFIX = "🎲 "
#: Room left for the label in an embed title.
LABEL_LIMIT = MAX_EMBED_TITLE - len(TITLE_PREFIX)
#: A repeated roll's lines share this much of the description; longer ones are shown compact.
LINES_BUDGET = 3800
FOOTER_LIMIT = 600
AGAIN_PREFIX = "dice:again:"
_FATE_TERM = re.compile(r"\((\d+)d3\[dF\]-\d+\)")


def shown_expression(canonical: str) -> str:
    """The canonical form as a player reads it: Fate dice as ``4dF``."""
    return _FATE_TERM.sub(lambda m: f"{m.group(1)}dF", canonical)


def _title(label: str | None, comment: str | None) -> str | None:
    parts = [p for p in (label, comment) if p]
    return " · ".join(parts) if parts else None


def _detail(result: DiceResult, t: Translator) -> str:
    """A roll's dice as the reader reads them (a pool's words in their language)."""
    return t(result.said) if result.said is not None else result.detail


def _lines(series: RollSeries, t: Translator | None = None) -> str:
    t = t or translator(None)
    full = [f"**{i}.** {_detail(r, t)}" for i, r in enumerate(series.results, 1)]
    if sum(len(line) + 1 for line in full) <= LINES_BUDGET:
        return "\n".join(full)
    compact = []
    for i, r in enumerate(series.results, 1):
        grouped = by_face(r)
        if grouped is not None:
            compact.append(f"**{i}.** {t(grouped)}")
        elif r.kind is RollKind.SUCCESSES:
            count = abs(r.successes or 0)
            compact.append(
                f"**{i}.** "
                + t.n(
                    "**{n}** success ({dice} dice)",
                    "**{n}** successes ({dice} dice)",
                    count,
                    n=r.successes,
                    dice=r.dice_rolled,
                )
            )
        else:
            compact.append(f"**{i}.** " + t("`{total}` ({dice} dice)", total=r.total, dice=r.dice_rolled))
    text = "\n".join(compact)
    note = "\n" + t("*Too many dice to show every one for each roll: totals only.*")
    return clip(text, LINES_BUDGET - len(note)) + note


@dataclass
class _RollParts:
    """What a roll's message says, whichever kind it is shown as (a card, or an embed for a
    secret roll's kept copy): the title, the dice, the figures and the notes."""

    title: str
    text: str
    fields: list[tuple[str, str, bool]]
    footer: str


def _roll_parts(
    user: discord.abc.User,
    series: RollSeries,
    label: str | None,
    extra_notes: tuple[str, ...],
    t: Translator,
) -> _RollParts:
    spec = series.spec
    notes: list[str] = []
    title_text = _title(label, spec.comment)
    if title_text and len(title_text) > LABEL_LIMIT:
        notes.append(t("label shortened to {limit} characters", limit=LABEL_LIMIT))
    # The label is typed by a player and shown to the channel: inert (bot.text.public).
    shown = public(title_text, LABEL_LIMIT) if title_text else t("Roll")
    title = f"{TITLE_PREFIX}{shown}"
    first = series.results[0]
    fields: list[tuple[str, str, bool]] = []
    if len(series.results) == 1:
        text = _detail(first, t)
        if first.kind is RollKind.SUCCESSES:
            fields.append((t("Successes"), f"**{first.successes}**", True))
        else:
            fields.append((t("Total"), f"**{first.total}**", True))
        grouped = by_face(first)
        if grouped is not None:
            fields.append((t("By face"), clip(t(grouped), MAX_FIELD_VALUE), False))
    else:
        text = _lines(series, t)
        if series.successes is not None:
            rolls = len(series.results)
            value = t.n(
                "**{successes}** over {n} roll",
                "**{successes}** over {n} rolls",
                rolls,
                successes=series.successes,
                n=rolls,
            )
            fields.append((t("Successes"), value, True))
        else:
            values = ", ".join(str(r.total) for r in series.results)
            fields.append((t("Results"), clip(values, MAX_FIELD_VALUE), True))

    dice = sum(r.dice_rolled for r in series.results)
    repeat = f" × {len(series.results)}" if len(series.results) > 1 else ""
    parts = [f"{shown_expression(spec.canonical)}{repeat}", t.n("{n} die", "{n} dice", dice, n=dice)]
    details = " ".join(r.detail for r in series.results)
    if "~~" in details:
        parts.append(t("struck out: dropped or rerolled"))
    if "!" in details.replace("!=", ""):
        parts.append(t("x! exploded"))
    if any(r.naturals for r in series.results):
        parts.append(t("bold: a natural 20 or 1"))
    if any(r.grouped for r in series.results):
        parts.append(t("too many dice to list one by one: counted by face"))
    parts.extend(t(note) for note in spec.notes)
    parts.extend(notes)
    parts.extend(extra_notes)
    text = clip(text, MAX_EMBED_DESCRIPTION)
    return _RollParts(title, text, fields, clip(" · ".join(parts), FOOTER_LIMIT))


def roll_card(
    user: discord.abc.User,
    series: RollSeries,
    label: str | None,
    *,
    extra_notes: tuple[str, ...] = (),
    again: discord.ui.Item[Any] | None = None,
    t: Translator | None = None,
) -> Card:
    """One card for every roll of a request, in ``t``'s language (English by default), built
    directly (no embed first: /roll is Herald's busiest reply). ``again``: the Roll again button,
    shown beside the dice it rolls again."""
    parts = _roll_parts(user, series, label, extra_notes, t or translator(None))
    return Card(
        title=parts.title,
        text=None if again is not None else parts.text,
        sections=[Section(parts.text or "🎲", button=again)] if again is not None else [],
        fields=[Field(name, value, inline) for name, value, inline in parts.fields],
        # An author line and a footer are markdown in a card: the name and the notes made inert.
        author=inert(plain(user.display_name, MAX_AUTHOR)),
        footer=inert(parts.footer),
        colour=COLOUR,
    )


def roll_embed(
    user: discord.abc.User,
    series: RollSeries,
    label: str | None,
    *,
    extra_notes: tuple[str, ...] = (),
    t: Translator | None = None,
) -> discord.Embed:
    """The same roll as an embed, with the roller's avatar: a secret roll's result is kept and
    re-shown as one (``secret_rolls.result`` holds an embed's JSON)."""
    parts = _roll_parts(user, series, label, extra_notes, t or translator(None))
    embed = discord.Embed(title=parts.title, description=parts.text, colour=COLOUR)
    for name, value, inline in parts.fields:
        embed.add_field(name=name, value=value, inline=inline)
    embed.set_author(name=plain(user.display_name, MAX_AUTHOR), icon_url=user.display_avatar.url)
    embed.set_footer(text=parts.footer)
    while len(embed) > MAX_EMBED_TOTAL and embed.description:  # by construction this never runs
        embed.description = clip(embed.description, max(len(embed.description) - 200, 1))
    return embed
