"""Crusade: /crusade show of a 40-unit Order of Battle, its text and its picture (issue 42:
p99 under 150 ms), and the picture alone."""

from __future__ import annotations

from typing import Any

from bot.offline import Attachment, OfflineDriver, Reply
from renderers.crusade import render_order_of_battle
from rules.crusade.model import CrusadeUnit, Force
from tests import rosters
from tests.bench import Case, SizeCase

UNITS = 40


async def _campaign(driver: OfflineDriver) -> None:
    await driver.command("/crusade create name:Bench Crusade", user="bench")
    army = rosters.as_json(rosters.crusade_force("Bench Host", extra=UNITS - 4))
    joined = await driver.command("/crusade join", file=Attachment("bench.json", army), user="bench")
    assert "Bench Host" in joined.message.text, joined.message.text


async def _show(driver: OfflineDriver, _: Any) -> Reply:
    reply = await driver.command("/crusade show", user="bench")
    message = reply.message
    assert "Scout Squad 36" in message.text and message.attachments, message.text
    return reply


def _picture() -> bytes:
    units = tuple(
        CrusadeUnit(key=f"u{i}", name=f"Intercessor Squad {i}", xp=i * 2, points=90) for i in range(UNITS)
    )
    return render_order_of_battle(Force(player_id=1, player_name="Bench", name="Bench Host", units=units))


CASES = [
    Case(
        f"/crusade show, {UNITS} units with the picture",
        _show,
        setup=_campaign,
        calls=60,
        target_p99_ms=150,
        contains="Scout Squad 36",
    ),
    SizeCase(f"crusade: draw a {UNITS}-unit Order of Battle", _picture, calls=30, target_ms=150),
]
