"""/si av and /si vehicle attack also give the exact chances of at least one hit and of destroying
the vehicle, worked out before the RNs are drawn (from the vehicle as it stood)."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.test_space_infantry_fight import script, shows_map


async def test_one_off_av_shows_the_chances(driver: OfflineDriver) -> None:
    # DMG 5 and PEN 1: an RN of 4+ hits, so 1/2 each; 20 SP is out of reach of 3 SL.
    text = (await driver.command("/si av sl:3 pen:1 dmg:5 sp:20")).text
    assert "[Chances before the RNs] With 3 SL and PEN 1 (each RN hits 50.0%)" in text
    assert "at least one hit **87.5%**, destroyed (20 hits needed) **0%**." in text
    # The rules' own Titan example: DMG 4, SP 2, 2 SL.
    titan = (await driver.command("/si av sl:2 pen:0 dmg:4 sp:2")).text
    assert "at least one hit **75.0%**, destroyed (2 hits needed) **25.0%**." in titan
    light = (await driver.command("/si av sl:1 pen:0 heavy:false")).text
    assert "Destroyed (any RN of 2+): **83.3%** with 1 SL." in light


async def test_vehicle_attack_chances_use_the_vehicle_before_the_attack(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:elder_leviathan"))
    await driver.command("/si squad add name:Kai wounds:2")  # set-up: edits the fight's set-up message
    await driver.command("/si squad add name:Lee wounds:2")  # set-up: edits the fight's set-up message
    await driver.command("/si vehicle add name:Titan dmg:4 sp:2")  # set-up: edits the fight's set-up message
    await driver.command("/si squad scorpio")  # set-up: edits the fight's set-up message
    script(driver, 1, 1, 5, 6)
    await driver.command("/si turn")
    shows_map(await driver.command("/si turn"))
    first = shows_map(await driver.command("/si vehicle attack unit:Kai target:Titan sl:1 scorpio:true"))
    assert "With 1 SL and PEN 0 (each RN hits 50.0%): at least one hit **50.0%**" in first.text
    assert "destroyed (2 hits needed) **0%**" in first.text and "wounds 1/2" in first.text
    # One wound taken: the next hit destroys it, and PEN 1 makes an RN of 3 enough.
    second = shows_map(await driver.command("/si vehicle attack unit:Lee target:titan sl:1 pen:1"))
    assert "at least one hit **66.7%**, destroyed (1 hit needed) **66.7%**." in second.text
    assert "Titan is destroyed." in second.text
