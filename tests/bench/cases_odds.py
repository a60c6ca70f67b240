"""Exact odds: the 40k attack sequence and /odds, each with its chart: the engines and the
renderer alone, then the commands through the offline driver (options read, engine, chart
rendered, reply fitted and sent), once with the chart drawn each time and once with the cogs'
chart cache answering a repeated question."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.offline import OfflineDriver, Reply
from cogs.odds import chart_png as odds_chart_png
from cogs.wh40k.replies import chart_png as wh40k_chart_png
from renderers.odds_chart import render_odds_chart
from rules.dice_odds import odds
from rules.wh40k import distribution, parse_situation, parse_target, parse_weapon
from tests.bench import Case, SizeCase

WEAPON = "A40 BS3+ S5 AP-1 D2, lethal hits, sustained hits 1, devastating wounds, twin-linked, reroll hits 1"
TARGET = "T4 Sv3+ W2 x10 inv5+ fnp6+ infantry"


def _attack_odds_with_chart() -> bytes:
    result = distribution(parse_weapon(WEAPON), parse_target(TARGET), parse_situation("half range"))
    return render_odds_chart(
        [("40 attacks", result.slain)], title="40 attacks vs 10 models", x_label="models slain"
    )


def _attack_odds_only() -> bytes:
    result = distribution(parse_weapon(WEAPON), parse_target(TARGET), parse_situation("half range"))
    return repr(result.slain.at_least_table()).encode()


def _pool_with_chart() -> bytes:
    result = odds("10d6>=4")
    return render_odds_chart([("10d6>=4", result.distribution)], title="10d6>=4", x_label="successes")


def _pool_only() -> bytes:
    return repr(odds("10d6>=4").distribution.at_least_table()).encode()


def _odds_command(driver: OfflineDriver, _: object) -> Awaitable[Reply]:
    return driver.command("40k odds", weapon=WEAPON, target=TARGET, situation="half range")


def _pool_command(driver: OfflineDriver, _: object) -> Awaitable[Reply]:
    return driver.command("odds", expression="10d6>=4")


def _cold(command: Callable[[OfflineDriver, object], Awaitable[Reply]]) -> Callable[..., Awaitable[Reply]]:
    """The command with the chart cache emptied first: the chart is drawn on every call."""

    def run(driver: OfflineDriver, context: object) -> Awaitable[Reply]:
        odds_chart_png.cache_clear()
        wh40k_chart_png.cache_clear()
        return command(driver, context)

    return run


CASES = [
    SizeCase(
        "40k odds: 40 attacks vs 10 models + chart", _attack_odds_with_chart, target_ms=50, target_kb=300
    ),
    SizeCase("40k odds: 40 attacks vs 10 models (engine)", _attack_odds_only, target_ms=50),
    SizeCase("/odds 10d6>=4 + chart", _pool_with_chart, target_ms=20, target_kb=300),
    SizeCase("/odds 10d6>=4 (engine)", _pool_only, target_ms=20),
    Case("/40k odds 40 attacks vs 10 models, chart drawn", _cold(_odds_command), calls=200, target_p99_ms=50),
    Case("/40k odds 40 attacks vs 10 models, chart cached", _odds_command, calls=200, target_p99_ms=50),
    Case("/odds 10d6>=4, chart drawn", _cold(_pool_command), calls=200, target_p99_ms=20),
    Case("/odds 10d6>=4, chart cached", _pool_command, calls=200, target_p99_ms=20),
]
