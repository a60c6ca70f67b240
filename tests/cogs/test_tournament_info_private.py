"""/tournament info is public, but what is for the organisers ("You organise it.", how whoever
runs Herald gives the pages an address) is shown to them alone (issue 38.13)."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.tournament_helpers import public

PRIVATE = ("You organise", "PUBLIC_URL")


async def _cup(driver: OfflineDriver) -> None:
    public(await driver.command('/tournament create name:"Info Cup" tier:300', user="olga"))
    public(await driver.command('/tournament join faction:"Nomads"', user="ann"))


async def test_an_organisers_info_is_public_and_their_notes_private(driver: OfflineDriver) -> None:
    await _cup(driver)
    assert driver.bot.web_url is None  # no pages here: the organiser is told how to have them
    reply = await driver.command("/tournament info", user="olga")
    shown = public(reply)
    assert "Info Cup" in shown.text and driver.user("ann").mention in shown.text
    for private in PRIVATE:
        assert private not in shown.text, shown.text
    notes = [m for m in reply.messages if m.ephemeral]
    assert len(notes) == 1 and notes[0].visible_to == driver.user("olga").id
    assert "You organise" in notes[0].text and "PUBLIC_URL" in notes[0].text


async def test_a_players_info_has_nothing_for_the_organisers(driver: OfflineDriver) -> None:
    await _cup(driver)
    reply = await driver.command("/tournament info", user="ann")
    shown = public(reply)
    assert "Info Cup" in shown.text
    assert not [m for m in reply.messages if m.ephemeral]
    for private in PRIVATE:
        assert private not in reply.text, reply.text
