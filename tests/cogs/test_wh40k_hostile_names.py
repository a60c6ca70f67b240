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


async def test_the_odds_chart_shows_roster_names_without_escapes(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The chart is a picture: no markdown there, so its names carry none of public()'s escapes."""
    import sys

    replies = sys.modules["cogs.wh40k.replies"]
    drawn: list[tuple[list[str], str]] = []
    real = replies.render_odds_chart

    def spy(series: list[tuple[str, object]], *, title: str, x_label: str, t: object = None) -> bytes:
        drawn.append(([name for name, _ in series], title))
        return real(series, title=title, x_label=x_label, t=t)

    monkeypatch.setattr(replies, "render_odds_chart", spy)
    await driver.command("/40k list import", file=hostile_roster("Ash Wardens (veteran)"))
    unit = "Ash Wardens (veteran)"
    reply = await driver.command("40k odds", weapon=f"{unit}: Flare lance - focused", target=unit)
    assert not reply.message.ephemeral, reply.text
    [(names, title)] = drawn
    assert names[0].startswith("Ash Wardens (veteran): Fl") and "\\" not in names[0]
    assert "Ash Wardens (veteran)" in title and "\\" not in title
