"""A whole 40k unit at once (issue 21): a 10-model unit with three weapon lines against a
10-model target, its exact odds and chart, alone and through /40k odds. Each case checks that
what it timed is the answer (a distribution adding up to 1, a PNG, a public reply with the
chart), not a refusal."""

from __future__ import annotations

from collections.abc import Awaitable

from bot.offline import OfflineDriver, Reply
from cogs.wh40k.replies import chart_png
from renderers.odds_chart import render_odds_chart
from rules.wh40k import parse_situation, parse_target
from rules.wh40k.attack import unit_distribution
from rules.wh40k.profiles import parse_unit
from tests.bench import Case, SizeCase

UNIT = (
    "bolt rifle: A2 BS3+ S4 AP-1 D1 x8, lethal hits, sustained hits 1; "
    "plasma gun: A1 BS3+ S8 AP-3 D2 x1, hazardous; "
    "power fist: A3 WS3+ S8 AP-2 D2 x1, twin-linked"
)
TARGET = "T4 Sv3+ W2 x10 inv5+ fnp6+ infantry"
PNG = b"\x89PNG\r\n\x1a\n"


class BenchFailed(AssertionError):
    """The timed call did not give the answer it should (a refusal, a broken result)."""


def _odds_and_chart() -> bytes:
    result = unit_distribution(parse_unit(UNIT), parse_target(TARGET), parse_situation("half range, cover"))
    if (
        abs(sum(result.slain.probabilities) - 1) > 1e-9
        or result.slain.maximum != 10
        or result.slain.mean <= 0
    ):
        raise BenchFailed(f"not a distribution of 0-10 models slain: {result.slain}")
    png = render_odds_chart([("unit", result.slain)], title="10 models vs 10 models", x_label="models slain")
    if not png.startswith(PNG):
        raise BenchFailed("the chart is not a PNG")
    return png


def _engine_only() -> bytes:
    result = unit_distribution(parse_unit(UNIT), parse_target(TARGET), parse_situation("half range, cover"))
    if abs(sum(result.wounds.probabilities) - 1) > 1e-9:
        raise BenchFailed("the wounds do not add up to 1")
    return repr(result.slain.as_dict()).encode()


async def _command(driver: OfflineDriver, _: object) -> Reply:
    chart_png.cache_clear()  # the chart is drawn every time
    reply = await driver.command("40k odds", weapon=UNIT, target=TARGET, situation="half range, cover")
    message = reply.message
    if message.ephemeral or [a.filename for a in message.attachments] != ["odds.png"]:
        raise BenchFailed(f"/40k odds did not answer with its chart: {message.text[:300]}")
    if "models slain: **" not in message.text:
        raise BenchFailed("the reply has no means")
    return reply


def _run(driver: OfflineDriver, context: object) -> Awaitable[Reply]:
    return _command(driver, context)


MIXED = "T5 Sv5+ W1 x8 infantry + Nob: W2 Sv4+ + Boss: T6 W5 Sv3+ inv5+ fnp6+ leader"
"""Ten models of three kinds (issue 31): each saves with its own save, a Leader last."""
MIXED_UNIT = (
    "bolt rifle: A2 BS3+ S4 AP-1 D1 x8, lethal hits, sustained hits 1; "
    "plasma gun: A1 BS3+ S8 AP-3 D2 x1, devastating wounds; "
    "power fist: A3 WS3+ S8 AP-2 D2 x1, twin-linked, precision"
)


async def _mixed(driver: OfflineDriver, _: object) -> Reply:
    chart_png.cache_clear()
    reply = await driver.command("40k odds", weapon=MIXED_UNIT, target=MIXED, situation="half range")
    message = reply.message
    if message.ephemeral or [a.filename for a in message.attachments] != ["odds.png"]:
        raise BenchFailed(f"/40k odds did not answer with its chart: {message.text[:300]}")
    if "models slain: **" not in message.text or "Precision" not in message.text:
        raise BenchFailed("the reply has no means or no allocation note")
    return reply


def _run_mixed(driver: OfflineDriver, context: object) -> Awaitable[Reply]:
    return _mixed(driver, context)


CASES = [
    SizeCase(
        "40k unit odds: 10 models, 3 weapons vs 10 models + chart",
        _odds_and_chart,
        target_ms=50,
        target_kb=300,
    ),
    SizeCase("40k unit odds: 10 models, 3 weapons vs 10 models (engine)", _engine_only, target_ms=50),
    Case("/40k odds a 10-model unit, 3 weapons vs 10 models, chart drawn", _run, calls=100, target_p99_ms=50),
    Case(
        "/40k odds 3 weapons vs a 10-model mixed target (3 kinds, a Leader), chart drawn",
        _run_mixed,
        calls=100,
        target_p99_ms=50,
        contains="models slain: **",
    ),
]
