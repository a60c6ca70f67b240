"""Names inside an imported roster come from a file anyone can write: /40k attack and /40k odds
show them in public, so they pass bot.text's door like every other name a player chose."""

from __future__ import annotations

import pytest

from bot.offline import Attachment, OfflineDriver
from tests import rosters
from tests.cogs.hostile import INVISIBLE, LINK, live_markup, plain_parts


def hostile_roster(name: str) -> Attachment:
    unit = rosters.ash_wardens()
    unit["name"] = name
    unit["selections"][1]["selections"][0]["profiles"][0]["name"] = f"{name} carbine"
    return Attachment("hostile.json", rosters.as_json(rosters.roster_tree([unit], name="Hostile")))


@pytest.mark.parametrize("command", ["40k attack", "40k odds"])
async def test_a_hostile_unit_name_shows_inert_in_public(driver: OfflineDriver, command: str) -> None:
    imported = await driver.command("/40k list import", file=hostile_roster(f"{LINK} \u202eWardens"))
    assert imported.message.ephemeral and "Imported Hostile" in imported.text, imported.text
    chosen = (await driver.autocomplete(command, "weapon", "wardens"))[0]["value"]
    reply = await driver.command(command, weapon=chosen, target="T4 Sv3+ W1 x5")
    message = reply.message
    assert not message.ephemeral and "Free Nitro" in message.text, message.text
    assert live_markup(message) == []
    assert [p for p in plain_parts(message) if INVISIBLE.search(p)] == []
