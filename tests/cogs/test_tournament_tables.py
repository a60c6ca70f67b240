"""/tournament: clubs at join and add, fresh tables and a fixed table in settings (issue 43, item 3)."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.tournament_helpers import FACTIONS, PLAYERS, games, public, refused, state


async def test_clubs_pins_and_fresh_tables_from_discord(driver: OfflineDriver) -> None:
    public(await driver.command('/tournament create name:"Club Cup" tier:300', user="olga"))
    for k, (name, faction) in enumerate(zip(PLAYERS, FACTIONS, strict=True)):
        club = ' club:"Dice Den"' if k < 4 else ""
        if name == "hal":
            joined = public(
                await driver.command(f'/tournament add player:@hal faction:"{faction}" club:Hex', user="olga")
            )
        else:
            joined = public(await driver.command(f'/tournament join faction:"{faction}"{club}', user=name))
        assert ("club Dice Den" in joined.text) == (k < 4), joined.text
    refused(
        await driver.command("/tournament settings pin_player:@cy", user="olga"), "give both `pin_player:`"
    )
    refused(await driver.command("/tournament settings fresh_tables:true", user="bo"), "Only the organisers")
    saved = public(
        await driver.command("/tournament settings fresh_tables:true pin_player:@cy pin_table:3", user="olga")
    )
    assert "Fresh tables" in saved.text and "table 3" in saved.text
    public(await driver.command("/tournament settings pin_player:@di pin_table:2", user="olga"))
    refused(
        await driver.command("/tournament settings pin_player:@ann pin_table:3", user="olga"), "already Cy's"
    )
    info = public(await driver.command("/tournament info", user="ed"))
    assert "fresh tables" in info.text and "club Dice Den" in info.text and "table 3" in info.text

    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))
    public(await driver.command("/tournament pair", user="olga"))
    t = (await state(driver)).tournament
    assert t.fresh_tables
    club = {p.id for p in t.players if p.club == "Dice Den"}
    for g in await games(driver):
        assert not set(g.players) <= club  # the four Dice Den players never meet in round 1
    assert t.current.game_of(str(driver.user("cy").id)).table == 3
    assert t.current.game_of(str(driver.user("di").id)).table == 2

    public(await driver.command("/tournament settings pin_player:@cy pin_table:0", user="olga"))
    assert (await state(driver)).tournament.player(str(driver.user("cy").id)).table is None
