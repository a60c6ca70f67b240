"""/si av, vehicles in a fight, autocomplete, several activations and the custom ids' limits."""

from __future__ import annotations

import random
import re

from bot.offline import OfflineDriver
from tests.cogs.test_space_infantry_fight import noted, refused, script, shows_map

SEED = 1234  # the driver fixture's rng_seed


async def test_one_off_av_shows_the_seeded_rns(driver: OfflineDriver) -> None:
    expected = random.Random(SEED)
    rns = [expected.randint(1, 6) for _ in range(3)]
    reply = await driver.command("/si av sl:3 pen:1 dmg:5 sp:20")
    message = reply.message
    assert not message.ephemeral and not message.attachments  # no fight, no map
    for i, rn in enumerate(rns, start=1):
        assert f"SL {i}: **{rn}** (D6)" in message.text
    hits = sum(rn + 1 >= 5 for rn in rns)
    assert f"**{hits} hit{'s' if hits != 1 else ''}**, wounds {hits}/20." in message.text
    assert "Core rules needed" in message.text


async def test_one_off_av_with_the_seed_examples(driver: OfflineDriver) -> None:
    # Example 1: Heavy Weapons (PEN 0) against a DMG 4 target, 1 SL, RN 3: no hit.
    script(driver, 3)
    one = await driver.command("/si av sl:1 pen:0 dmg:4 sp:2")
    assert "RN 3+0=3 -> 0 hits; wounds 0/2." in one.text and "**0 hits**, wounds 0/2." in one.text
    # Example 2: the Scorpio (A-V 4, PEN 0), 1 SL, RN 5: one wound counter, not yet destroyed.
    script(driver, 5)
    two = await driver.command("/si av sl:1 pen:0 dmg:4 sp:2")
    assert "**1 hit**, wounds 1/2." in two.text
    # Without Heavy Armor an RN of 2 or more destroys the target, whatever the PEN.
    script(driver, 2)
    light = await driver.command("/si av sl:1 pen:0 dmg:6 heavy:false melee:true")
    assert "**Destroyed.**" in light.text and "+1AP" in light.text


async def test_vehicles_and_the_scorpio_in_a_fight(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:elder_leviathan"))
    noted(await driver.command("/si squad add name:Fire Team wounds:2"))
    noted(await driver.command("/si squad add name:Gunner wounds:2"))
    added = noted(await driver.command("/si vehicle add name:Titan dmg:4 sp:2", user="bob"))
    assert "Vehicle Titan joins the fight (DMG 4+, SP 2, Heavy Armor)." in added.text
    noted(await driver.command("/si squad scorpio", user="bob"))
    script(driver, 1, 1, 5, 6)
    await driver.command("/si turn")
    shows_map(await driver.command("/si turn"))
    first = shows_map(
        await driver.command('/si vehicle attack unit:"Fire Team" target:Titan sl:1 scorpio:true')
    )
    assert "uses the Scorpio (A-V 4, PEN 0)" in first.text and "A-V on Titan: **5** (D6)" in first.text
    assert "wounds 1/2" in first.text
    refused(
        await driver.command('/si vehicle attack unit:"Fire Team" target:Titan sl:1 scorpio:true'),
        "used the Scorpio this turn",
    )
    # The Scorpio's user uses no other skill: not even its own A-V attack.
    refused(
        await driver.command('/si vehicle attack unit:"Fire Team" target:Titan sl:1 pen:1'),
        "used the Scorpio this turn, so it uses no other skill",
    )
    second = shows_map(await driver.command("/si vehicle attack unit:Gunner target:Titan sl:1 pen:1"))
    assert "Titan is destroyed." in second.text
    status = await driver.command("/si status")
    assert "Titan: destroyed" in status.text and "Resources: Scorpio" in status.text


async def test_autocomplete_is_short_and_never_fails(driver: OfflineDriver) -> None:
    # No fight: no choices rather than an error.
    assert await driver.autocomplete("si engage", "unit", "") == []
    assert await driver.autocomplete("si vehicle attack", "target", "x", unit="a") == []
    bosses = await driver.autocomplete("si boss start", "boss", "")
    assert {c["value"] for c in bosses} >= {"elder_leviathan", "brood_queen", "siege_crawler"}
    assert any("(community)" in c["name"] for c in bosses)
    assert [c["value"] for c in await driver.autocomplete("si boss start", "boss", "levia")] == [
        "elder_leviathan"
    ]

    await driver.command("/si boss start boss:brood_queen")
    for i in range(20):
        await driver.command(f"/si squad add name:Trooper{i:02d}")
    units = await driver.autocomplete("si engage", "unit", "")
    assert len(units) == 20 and units[0]["name"].startswith("Trooper00 · basic · 1/1 wounds left · free")
    assert [c["value"] for c in await driver.autocomplete("si hit", "unit", "per19")] == ["Trooper19"]
    zones = await driver.autocomplete("si engage", "zone", "", unit="Trooper00")
    assert len(zones) <= 25
    legal = [c["value"] for c in zones if "can't engage now" not in c["name"]]
    assert legal == ["Left Claw", "Right Claw", "Crest", "Tail", "Egg Sac"]
    assert any(
        c["name"].startswith("Heart · internal · 6/6 HP · closed until Left Claw or Right Claw falls")
        for c in zones
    )
    assert await driver.autocomplete("si engage", "via", "") == []


async def test_several_activations_get_a_button_each(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:brood_queen"))
    noted(await driver.command("/si squad add name:Kai wounds:3"))
    script(driver, 7, *([2] * 5))  # Set column, RN 7: Melee, where every outer zone attacks
    await driver.command("/si turn")
    activated = shows_map(await driver.command("/si turn"))
    labels = [b.label for b in activated.buttons]
    assert len(labels) == 5 and all(label.endswith(": enter successes") for label in labels)
    for button in activated.buttons:
        assert button.custom_id is not None and len(button.custom_id) <= 100
        assert re.fullmatch(r"si:succ:\d+:\d+:\d+", button.custom_id)
    # One player resolves a zone while another resolves a second one from the same message.
    for user, label in (("alice", "Left Claw: enter successes"), ("bob", "Crest: enter successes")):
        opened = await driver.press(activated, label, user=user)
        assert opened.modal is not None
        shows_map(await driver.submit(opened.modal, {"Successes": "0"}))
    latest = (await driver.command("/si status")).message
    assert len(latest.buttons) == 3


async def test_a_modal_left_open_across_a_restart_is_answered(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:elder_leviathan"))
    noted(await driver.command("/si squad add name:Kai wounds:2"))
    noted(await driver.command("/si squad add name:Lee wounds:2"))
    script(driver, 1, 3)
    await driver.command("/si turn")
    activated = shows_map(await driver.command("/si turn"))
    opened = await driver.press(activated, "Mouth: enter successes", user="bob")
    assert opened.modal is not None and opened.modal.custom_id.startswith("si:m:succ:")
    await driver.restart()
    proposal = (await driver.submit(opened.modal, {"Successes": "1"})).message
    own = await driver.press(proposal, "Give my own allocation", user="bob")
    assert own.modal is not None
    await driver.restart()
    done = shows_map(await driver.submit(own.modal, {"Successes per unit": "Lee:1"}))
    assert "Lee takes 1 success = 2 wounds (0/2 left)." in done.text


async def test_standard_hits_on_vehicles_and_a_grenade(driver: OfflineDriver) -> None:
    shows_map(await driver.command("/si boss start boss:siege_crawler"))
    noted(await driver.command("/si squad add name:Kai wounds:2"))
    noted(await driver.command("/si vehicle add name:Titan dmg:4 sp:2"))
    noted(await driver.command("/si vehicle add name:Jeep dmg:3 sp:2 heavy:false"))
    refused(await driver.command("/si vehicle hit target:jeep damage:3"), "during the combat turn")

    script(driver, 1, 1, 1, 1, 1, 1)
    await driver.command("/si turn")
    shows_map(await driver.command('/si engage unit:Kai zone:"Left Tread"'))
    await driver.command("/si turn")
    refused(await driver.command("/si vehicle hit target:Titan damage:3"), "Titan has Heavy Armor", "A-V")
    jeep = shows_map(await driver.command("/si vehicle hit target:jeep damage:3"))
    assert "Jeep takes 3 damage: wounds 2/2." in jeep.text and "Jeep is destroyed." in jeep.text
    refused(await driver.command("/si vehicle hit target:Jeep damage:1"), "already destroyed")
    grenade = shows_map(await driver.command("/si hit unit:Kai damage:11 grenade:true"))
    assert "Kai's grenade on Left Tread: 11 damage, Stone Skin leaves 5." in grenade.text
    assert "Left Tread is destroyed." in grenade.text
    assert "1 damage beyond the zone's HP is lost." in grenade.text  # a grenade's damage stays in one zone
    status = await driver.command("/si status")
    assert "Engine (vital): 5/5 HP; engaged: Kai" in status.text


async def test_vehicle_attacks_wait_for_the_combat_turn_like_unit_attacks(driver: OfflineDriver) -> None:
    shows_map(await driver.command('/si boss start boss:"siege crawler"'))
    noted(await driver.command("/si squad add name:Kai kind:basic wounds:2"))
    noted(await driver.command("/si vehicle add name:Tank dmg:5 sp:3"))
    noted(await driver.command("/si vehicle add name:Jeep dmg:3 sp:2 heavy:false"))
    noted(await driver.command("/si squad scorpio"))
    for line in (
        "/si vehicle attack unit:Kai target:Tank sl:3 pen:1",
        "/si vehicle attack unit:Kai target:Tank sl:1 scorpio:true",
        "/si vehicle hit target:Jeep damage:1",
        "/si hit unit:Kai damage:1",
    ):
        reply = await driver.command(line)
        refused(reply, "during the combat turn")
        assert "activation" not in reply.text.split("first")[0]
    # /si av, outside the fight, stays usable any time.
    script(driver, 4)
    assert "A-V attack" in (await driver.command("/si av sl:1 pen:1 dmg:5")).text
    script(driver, 1, *([1] * 8), 4)
    await driver.command("/si turn")
    refused(await driver.command("/si vehicle attack unit:Kai target:Tank sl:1 pen:1"), "combat turn")
    await driver.command("/si turn")
    hit = shows_map(await driver.command("/si vehicle attack unit:Kai target:Tank sl:1 pen:1"))
    assert "Kai fires A-V at Tank (DMG 5+): SL 1" in hit.text
