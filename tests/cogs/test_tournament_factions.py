"""/tournament factions: this event's faction table, and every finished event of the server's."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.tournament_helpers import games, name_of, pngs, public, refused

FACTIONS = {"ann": "Orks", "bo": "Eldar", "cy": "Necrons", "di": "Tau Empire"}


async def _event(driver: OfflineDriver, channel: object = None) -> None:
    public(await driver.command('/tournament create name:"Spring GT" game:40k', user="olga", channel=channel))
    for name, faction in FACTIONS.items():
        public(await driver.command(f'/tournament join faction:"{faction}"', user=name, channel=channel))
    public(await driver.command("/tournament pair threads:false", user="olga", channel=channel))


async def test_the_event_table_then_the_servers(driver: OfflineDriver) -> None:
    await _event(driver)
    # Every game of round 1 a draw: each faction 0-1-0, a draw is half a win.
    for game in await games(driver):
        a, b = name_of(driver, game.a), name_of(driver, game.b)
        public(
            await driver.command(
                f"/tournament result player:@{a} opponent:@{b} player_vp:50 opponent_vp:50", user="olga"
            )
        )
    table = public(await driver.command("/tournament factions", user="bo"))
    for faction in FACTIONS.values():
        assert f"**{faction}** · 1 player · 1 game · 0-1-0 · 50.0% · avg BP 50.0" in table.text, table.text
    assert "fewer than 10 games" in table.text and "⚠️" in table.text
    assert pngs(table, "factions")[0].width == 1000

    refused(
        await driver.command("/tournament factions scope:server", user="bo"),
        "No tournament in this server has finished",
    )
    public(await driver.command("/tournament finish early:true", user="olga"))
    # Another event, in another channel, not finished: the server's table leaves it out.
    other = driver.add_channel("league")
    await _event(driver, other)
    server = public(await driver.command("/tournament factions scope:server", user="bo", channel=other))
    assert "factions over 1 finished event" in server.text
    assert "**Orks** · 1 player · 1 game · 0-1-0 · 50.0%" in server.text, server.text


async def test_no_tournament_here_is_said(driver: OfflineDriver) -> None:
    refused(await driver.command("/tournament factions", user="bo"), "/tournament create")
