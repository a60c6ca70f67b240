"""Army lists: importing a generated 2,000-point roster (about 20 units of our own invention, in
BattleScribe's zipped XML), the parser alone and /40k list import through the offline driver."""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.offline import Attachment, OfflineDriver, Reply
from rules.wh40k.roster import parse_roster
from tests import rosters
from tests.bench import Case, SizeCase

UNITS = 21  # the battle size container aside, 100 points a unit up to 2,000


@cache
def strike_force_rosz() -> bytes:
    return rosters.as_rosz(rosters.strike_force(2000))


@cache
def strike_force_json() -> bytes:
    return rosters.as_json(rosters.strike_force(2000))


def _parse() -> bytes:
    return _parsed(strike_force_rosz(), "strike_force.rosz")


def _parse_json() -> bytes:
    return _parsed(strike_force_json(), "strike_force.json")


def _parsed(data: bytes, filename: str) -> bytes:
    roster = parse_roster(data, filename)
    assert len(roster.units) == UNITS - 1 and roster.name == "Strike Force 2000", roster
    return roster.model_dump_json().encode()


async def _import(driver: OfflineDriver, _: Any) -> Reply:
    reply = await driver.command(
        "40k list import", file=Attachment("strike_force.rosz", strike_force_rosz()), user="bench"
    )
    text = reply.message.text
    assert "Strike Force 2000" in text and f"{UNITS - 1} units" in text, text
    return reply


CASES = [
    SizeCase("40k list: parse a 2,000-point roster (.rosz)", _parse, calls=30, target_ms=200),
    SizeCase("40k list: parse a 2,000-point roster (.json)", _parse_json, calls=30, target_ms=200),
    Case(
        "/40k list import, 2,000-point roster (.rosz)", _import, calls=30, target_p99_ms=200, expect="private"
    ),
]
