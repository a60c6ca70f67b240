"""/odds: the exact distribution of any /roll expression, its mean, P(at least k) and a chart."""

from __future__ import annotations

import functools

import discord
from discord import app_commands
from discord.ext import commands

from bot.cards import Card
from bot.heavy import run_heavy
from bot.i18n import channel
from bot.limits import MAX_AUTHOR
from bot.play import Image, send
from bot.text import plain
from renderers.odds_chart import render_odds_chart
from rules.dice import MAX_EXPRESSION_LENGTH, DiceError, RollKind, RollSpec, expand_saved, parse
from rules.dice_odds import DiceOdds, odds
from rules.distribution import Distribution, check_chart, percent, span
from rules.i18n import SOURCE, Translator, translator

COLOUR = discord.Colour.from_rgb(88, 101, 242)
CHART_FILENAME = "odds.png"
TABLE_ROWS = 16
LABEL_LIMIT = 40
CHART_CACHE = 128
"""Charts kept, most recently asked first (about 13 KB each): the same odds asked again
(``2d6``, a unit's usual weapon) skip the ~20 ms of drawing and encoding."""


@functools.lru_cache(maxsize=CHART_CACHE)
def chart_png(
    series: tuple[tuple[str, Distribution], ...], title: str, x_label: str, t: Translator | None = None
) -> bytes:
    """:func:`render_odds_chart` for these exact inputs, drawn once and kept (a chart is pure)."""
    return render_odds_chart(list(series), title=title, x_label=x_label, t=t)


def table(dist: Distribution, t: Translator | None = None) -> str:
    """A code block: each possible result, the chance of exactly it and of at least it.

    Past :data:`TABLE_ROWS` results, neighbours share a row (``9-11``: the chance of any of
    them), the first and last results keep their own rows, and the text under the table says
    what was grouped (:func:`rules.distribution.table_rows`)."""
    t = t or translator(SOURCE)
    grouped = dist.grouped_rows(TABLE_ROWS)
    rows = [(t("result"), t("exactly") if not grouped.grouped else t("chance"), t("at least"))]
    for row in grouped.rows:
        shown = span(row.low, row.high)
        rows.append((shown, percent(row.exactly, t), percent(row.at_least, t)))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    lines = [
        "```",
        *("  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rows),
        "```",
    ]
    if grouped.said:
        sentence = "; ".join(t(note) for note in grouped.said)
        lines.append(sentence[:1].upper() + sentence[1:] + ".")
    return "\n".join(lines)


def _clip(text: str, limit: int = LABEL_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def odds_card(
    user: discord.abc.User,
    result: DiceOdds,
    at_least: int | None,
    spec: RollSpec | None = None,
    t: Translator | None = None,
) -> Card:
    t = t or translator(SOURCE)
    dist = result.distribution
    span_values = {"mean": t.number(dist.mean, 2), "low": dist.minimum, "high": dist.maximum}
    if result.kind is RollKind.SUCCESSES:
        lines = [t("Mean successes: **{mean}**, from {low} to {high}.", **span_values)]
    else:
        lines = [t("Mean total: **{mean}**, from {low} to {high}.", **span_values)]
    if spec is not None and spec.repeat > 1:
        lines.insert(
            0,
            t(
                "`{typed}` is {n} separate rolls: these are the odds of each one.",
                typed=spec.typed,
                n=spec.repeat,
            ),
        )
    if spec is not None and spec.notes:
        lines.append(t("Read as: {notes}.", notes="; ".join(t(note) for note in spec.notes)))
    if at_least is not None:
        lines.append(
            t(
                "Chance of at least {k}: **{chance}**",
                k=at_least,
                chance=percent(dist.at_least(at_least), t),
            )
        )
    embed = Card(  # a card built at once, not from an embed
        title=t("🎲 Odds of {expression}", expression=_clip(shown_expression(result, spec), 200)),
        text="\n".join(lines),
        colour=COLOUR,
    )
    embed.set_author(name=plain(user.display_name, MAX_AUTHOR), icon_url=user.display_avatar.url)
    if result.kind is RollKind.SUCCESSES:
        heading = t("Chance of each number of successes")
    else:
        heading = t("Chance of each total")
    embed.add_field(name=heading, value=table(dist, t), inline=False)
    if result.notes:
        embed.add_field(
            name=t("Approximation"), value="\n".join(t(note) for note in result.notes), inline=False
        )
    embed.set_footer(
        text=t("Approximate where stated above; otherwise exact.") if result.notes else t("Exact odds.")
    )
    embed.set_image(url=f"attachment://{CHART_FILENAME}")
    return embed


def shown_expression(result: DiceOdds, spec: RollSpec | None) -> str:
    """What the player typed (``4dF``, not its canonical ``(4d3[dF]-8)``), comment left out."""
    return spec.expression if spec is not None else result.expression


def chart(result: DiceOdds, spec: RollSpec | None = None, t: Translator | None = None) -> Image:
    t = t or translator(SOURCE)
    what = t("successes") if result.kind is RollKind.SUCCESSES else t("total")
    label = _clip(shown_expression(result, spec))
    title = t("Odds of {expression}", expression=_clip(shown_expression(result, spec), 120))
    check_chart([result.distribution])  # refused here, before the drawing is queued
    series = ((label, result.distribution),)
    return Image(lambda: chart_png(series, title, what, t), CHART_FILENAME, heavy=True)


class Odds(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="odds", description="Exact odds of any /roll expression: mean, chance of at least k, a chart"
    )
    @app_commands.describe(
        expression=f"Dice as in /roll, up to {MAX_EXPRESSION_LENGTH} characters: 2d6, 4d6kh3, 10d6>=4",
        at_least="Also give the chance of at least this total (or this many successes)",
    )
    async def odds_command(
        self, interaction: discord.Interaction, expression: str, at_least: int | None = None
    ) -> None:
        try:
            spec = parse(expression)  # the same reading /roll makes: a repeat count is said in the reply
        except DiceError:
            saved = await self.bot.saved_rolls.expressions(  # type: ignore[attr-defined]
                user_id=interaction.user.id, guild_id=interaction.guild_id
            )
            expanded, _names = expand_saved(expression, saved)  # saved names, as /roll reads them
            if expanded == expression:
                raise
            expression = expanded
            spec = parse(expression)
        user = interaction.user
        t = await channel(interaction)

        def work() -> tuple[Card, Image]:
            # costed first, refused at once if too big; the table is read from a distribution
            # that may hold tens of thousands of results, so it is written here too, off the loop
            result = odds(expression)
            return odds_card(user, result, at_least, spec, t), chart(result, spec, t)

        card, image = await run_heavy(work)
        await send(interaction, card=card, images=[image])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Odds(bot))
