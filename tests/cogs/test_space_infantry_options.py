"""Space Infantry says what it does with every option and name (issue 25 item 14): an option that
can't apply is refused or explained, a boss name it can't place gets buttons, and the Scorpio is
on the map."""

from __future__ import annotations

import io

from PIL import Image

from bot.offline import OfflineDriver
from renderers.boss_map import PALETTES, layout_boss_map, render_boss_map, scorpio_label
from rules.space_infantry import AddUnit, apply, load_boss, start_fight
from rules.space_infantry.boss import AddResource, Resource
from tests.cogs.test_space_infantry_fight import noted, refused, script, shows_map


async def test_pen_with_the_scorpio_is_refused_not_ignored(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:elder_leviathan"))
    noted(await driver.command("/si squad add name:Fire Team wounds:2"))
    noted(await driver.command("/si vehicle add name:Titan dmg:4 sp:2"))
    noted(await driver.command("/si squad scorpio"))
    script(driver, 1, 1, 5, 6)
    await driver.command("/si turn")
    shows_map(await driver.command("/si turn"))
    refused(
        await driver.command('/si vehicle attack unit:"Fire Team" target:Titan sl:1 pen:1 scorpio:true'),
        "The Scorpio has its own PEN of 0, so PEN 1 can't apply",
        "leave `pen` out",
        "leave `scorpio` out",
    )
    attack = '/si vehicle attack unit:"Fire Team" target:Titan sl:1 scorpio:true'
    fired = shows_map(await driver.command(attack))
    assert "uses the Scorpio (A-V 4, PEN 0)" in fired.text


async def test_a_dmg_a_light_vehicle_does_not_use_is_explained(driver: OfflineDriver) -> None:
    one_off = await driver.command("/si av sl:1 pen:0 dmg:6 heavy:false")
    assert "DMG 6 is not used" in one_off.message.text
    pen = await driver.command("/si av sl:1 pen:2 heavy:false")
    assert "PEN 2 is not used: without Heavy Armor" in pen.message.text
    plain = await driver.command("/si av sl:1 pen:0 heavy:false")
    assert "is not used" not in plain.message.text
    shows_map(await driver.command("/si boss start boss:elder_leviathan"))
    added = noted(await driver.command("/si vehicle add name:Pilum sp:1 dmg:3 heavy:false"))
    assert "DMG 3 is not used" in added.text


async def test_a_boss_name_that_fits_none_gets_a_button_per_boss(driver: OfflineDriver) -> None:
    message = (await driver.command("/si boss start boss:hydra")).message
    assert message.ephemeral and "There is no boss called 'hydra'" in message.text
    labels = [b.label for b in message.buttons]
    assert labels == ["Fight Brood Queen", "Fight Elder Leviathan", "Fight Siege Crawler"]
    started = await driver.press(message, "Fight Siege Crawler", user="alice")
    assert "Siege Crawler" in started.message.text and not started.message.ephemeral


def test_the_scorpio_is_drawn_on_the_map() -> None:
    state = start_fight(load_boss("elder_leviathan")).state
    state = apply(state, AddUnit(name="Fire Team", wounds=2)).state
    with_it = apply(state, AddResource(resource=Resource.SCORPIO)).state
    assert scorpio_label(state) is None
    assert scorpio_label(with_it) == "Scorpio (A-V 4, PEN 0): ready"
    lay = layout_boss_map(with_it)
    plain = Image.open(io.BytesIO(render_boss_map(state))).convert("RGB")
    drawn = Image.open(io.BytesIO(render_boss_map(with_it))).convert("RGB")
    assert plain.size == drawn.size
    # The badge sits right of the squad's title, in the fire colour.
    y = round(lay.roster.y0 + 27 * lay.scale)
    x = lay.width - round(40 * lay.scale)
    assert drawn.getpixel((x, y)) == PALETTES["dark"].fire
    assert plain.getpixel((x, y)) != PALETTES["dark"].fire


async def test_the_status_map_shows_who_used_the_scorpio(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:elder_leviathan"))
    noted(await driver.command("/si squad add name:Fire Team wounds:2"))
    noted(await driver.command("/si vehicle add name:Titan dmg:4 sp:2"))
    noted(await driver.command("/si squad scorpio"))
    script(driver, 1, 1, 5, 6)
    await driver.command("/si turn")
    shows_map(await driver.command("/si turn"))
    shows_map(await driver.command('/si vehicle attack unit:"Fire Team" target:Titan sl:1 scorpio:true'))
    game = await driver.bot.games.active_record(driver.channel.id)
    assert game is not None
    from cogs.space_infantry.game import SIGame

    fight = SIGame.model_validate(game.state).fight
    assert scorpio_label(fight) == "Scorpio (A-V 4, PEN 0): used by Fire Team this turn"
