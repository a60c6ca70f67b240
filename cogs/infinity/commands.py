"""/inf roll, /inf f2f and /inf odds: thin handlers over :mod:`rules.infinity`."""

from __future__ import annotations

import random
from collections.abc import Iterator

import discord
from discord import app_commands
from discord.ext import commands

from bot.heavy import run_heavy
from bot.i18n import channel, reader_locale
from bot.play import Image, Post, autocomplete
from cogs.infinity.embeds import CHART_FILENAME, f2f_embed, normal_roll_embed, odds_embed
from renderers.f2f_chart import render_f2f_chart
from rules.errors import RuleError
from rules.i18n import Message, _
from rules.infinity import MAX_BURST, Edition, Side, distribution, normal_roll, parse_side, roll
from rules.infinity.dice import MAX_ATTRIBUTE, MAX_RAW_MODIFIER
from rules.infinity.notation import MAX_TEXT_LENGTH

SIDE_HELP = '"SV16 B3 PS4 DA": SV, Burst, PS or DAM, ammunition, ARM/BTS/PH, COVER'
EXAMPLES = ("SV13", "SV16 B3 PS4 DA", "SV13 ARM2", "SV12 B2 PS5 EXP ARM1 COVER", "SV11 B4 DAM13 ARM3")
NEXT_PARTS = (
    "B2",
    "B3",
    "B4",
    "PS4",
    "PS5",
    "DA",
    "EXP",
    "AP",
    "T2",
    "ARM1",
    "ARM2",
    "ARM3",
    "BTS3",
    "COVER",
)


def read_side(role: Message, text: str) -> Side:
    """A side from its text form; a mistake names the side (active or reactive) and the wrong part."""
    try:
        return parse_side(text)
    except RuleError as error:
        raise RuleError(
            _(
                "**{role}**: {problem}\nA side is written like {help}.",
                role=role,
                problem=error.text,
                help=SIDE_HELP,
            )
        ) from None


def _rng(interaction: discord.Interaction) -> random.Random:
    return interaction.client.rng  # type: ignore[attr-defined]


def side_suggestions(current: str, locale: str | None = None) -> Iterator[tuple[str, str]]:
    """Autocomplete for a side: examples when empty; else what was typed (or what is wrong with
    it, in the ``locale`` of the player typing) and the same with one more part that still reads."""
    text = " ".join(current.split())
    if not text:
        yield from ((example, example) for example in EXAMPLES)
        return
    try:
        side = parse_side(text)
    except RuleError as error:
        yield f"✗ {error.render(locale)}", text[:MAX_TEXT_LENGTH]
        return
    yield f"✓ {side.describe()}", text
    typed = {part.upper() for part in text.split()}
    for part in NEXT_PARTS:
        candidate = f"{text} {part}"
        if part in typed or len(candidate) > MAX_TEXT_LENGTH:
            continue
        try:
            parse_side(candidate)
        except RuleError:
            continue
        yield candidate, candidate


@autocomplete
def _side_autocomplete(interaction: discord.Interaction, current: str) -> Iterator[tuple[str, str]]:
    return side_suggestions(current, reader_locale(interaction))


class Infinity(
    commands.GroupCog, group_name="inf", group_description="Infinity: Normal and Face to Face Rolls"
):
    @app_commands.command(name="roll", description="A Normal Roll: Burst d20 against a Success Value")
    @app_commands.describe(
        sv="The attribute rolled against, before MODs",
        burst=f"How many d20 (1 to {MAX_BURST})",
        modifier="The sum of MODs (counts at most ±12)",
        edition="Rules edition (N5 unless you say N4)",
    )
    async def roll_command(
        self,
        interaction: discord.Interaction,
        sv: app_commands.Range[int, 0, MAX_ATTRIBUTE],
        burst: app_commands.Range[int, 1, MAX_BURST] = 1,
        modifier: app_commands.Range[int, -MAX_RAW_MODIFIER, MAX_RAW_MODIFIER] = 0,
        edition: Edition = Edition.N5,
    ) -> None:
        result = normal_roll(sv, burst, modifier=modifier, edition=edition, rng=_rng(interaction))
        t = await channel(interaction)
        await Post(embeds=[normal_roll_embed(interaction.user, result, t=t)]).send(interaction)

    @app_commands.command(
        name="f2f", description="A Face to Face Roll: both sides' dice, the saves, the wounds"
    )
    @app_commands.describe(
        active=f"The active side, e.g. {SIDE_HELP}",
        reactive='The reactive side (its ARO), e.g. "SV13 ARM2"',
        edition="Rules edition (N5 unless you say N4)",
    )
    @app_commands.autocomplete(active=_side_autocomplete, reactive=_side_autocomplete)
    async def f2f_command(
        self, interaction: discord.Interaction, active: str, reactive: str, edition: Edition = Edition.N5
    ) -> None:
        a, r = read_side(_("active"), active), read_side(_("reactive"), reactive)
        result = roll(a, r, edition=edition, rng=_rng(interaction))
        t = await channel(interaction)
        await Post(embeds=[f2f_embed(interaction.user, result, t=t)]).send(interaction)

    @app_commands.command(
        name="odds", description="The exact odds of a Face to Face Roll: every outcome, and a chart"
    )
    @app_commands.describe(
        active=f"The active side, e.g. {SIDE_HELP}",
        reactive='The reactive side (its ARO), e.g. "SV13 ARM2"',
        edition="Rules edition (N5 unless you say N4)",
    )
    @app_commands.autocomplete(active=_side_autocomplete, reactive=_side_autocomplete)
    async def odds_command(
        self, interaction: discord.Interaction, active: str, reactive: str, edition: Edition = Edition.N5
    ) -> None:
        a, r = read_side(_("active"), active), read_side(_("reactive"), reactive)
        # a B6 against B6 case takes tens of milliseconds: keep it off the event loop
        odds = await run_heavy(distribution, a, r, edition=edition)
        t = await channel(interaction)
        chart = Image(lambda: render_f2f_chart(odds, t=t), CHART_FILENAME, heavy=True)
        await Post(embeds=[odds_embed(odds, t=t)], images=[chart]).send(interaction)
