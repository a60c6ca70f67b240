"""/its mission, /its rule and /its classified card through the offline driver."""

from __future__ import annotations

import pytest

from bot.offline import OfflineDriver


async def test_mission_with_tier_shows_objectives_and_that_tier_only(driver: OfflineDriver) -> None:
    reply = await driver.command("/its mission name:Acquisition tier:300")
    message = reply.message
    assert not message.ephemeral
    text = message.text
    assert "Acquisition" in text and "Tech-Coffin Controlled" in text and "max 3 OP" in text
    assert "**300 pts**: SWC 6" in text
    assert "**150 pts**" not in text and "**400 pts**" not in text


async def test_mission_without_tier_lists_every_tier_and_pages_with_buttons(driver: OfflineDriver) -> None:
    first = (await driver.command("/its mission name:Frostbyte")).message
    text = "\n".join(m.text for m in [first])
    for tier in (150, 200, 250, 300, 400):
        assert f"**{tier} pts**" in text or first.buttons, tier
    if not first.buttons:
        pytest.skip("fits on one page")
    assert first.button("Previous").disabled and not first.button("Next").disabled
    seen = [first.text]
    while not first.button("Next").disabled:
        second = await driver.press(first, "Next", user="bob")  # reference pages: anyone may turn them
        assert second.message is first
        seen.append(first.text)
    assert "Page" in seen[-1]
    assert "End of the mission" in "\n".join(seen)


async def test_long_mission_is_paginated(driver: OfflineDriver) -> None:
    # Every scenario fits an embed page by page; one with many special rules needs pages.
    many = max(
        driver.bot.get_cog("ITS").content.scenarios,
        key=lambda s: sum(len(r.summary) for r in s.special_rules),
    )
    message = (await driver.command("its mission", name=many.name)).message
    assert len(message.card.data["description"]) <= 4096
    if message.buttons:
        after = await driver.press(message, "Next")
        assert "Page 2/" in after.message.text


async def test_autocomplete_matches_part_of_a_name_and_aliases(driver: OfflineDriver) -> None:
    partial = await driver.autocomplete("its mission", "name", "ptur")
    assert {"name": "Capture and Protect", "value": "capture-and-protect"} in partial
    alias = await driver.autocomplete("its mission", "name", "HC")
    assert alias[0]["value"] == "highly-classified"
    everything = await driver.autocomplete("its mission", "name", "")
    assert 0 < len(everything) <= 25
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in everything)
    nonsense = await driver.autocomplete("its mission", "name", "x" * 300)
    assert len(nonsense) <= 25


async def test_unknown_mission_offers_three_buttons_that_work(driver: OfflineDriver) -> None:
    reply = await driver.command("/its mission name:Aquisition tier:200")
    message = reply.message
    assert message.ephemeral and "Did you mean" in message.text
    assert len(message.buttons) == 3
    assert message.buttons[0].label == "Acquisition"
    shown = await driver.press(message, "Acquisition")
    assert "Tech-Coffin Controlled" in shown.message.text
    assert "**200 pts**: SWC 4" in shown.message.text  # the tier asked for is kept


async def test_rule_topic_and_scenario_special_rule(driver: OfflineDriver) -> None:
    topic = await driver.command("/its rule topic:t:pairings")
    assert "Swiss" in topic.message.text or "pairing" in topic.message.text.lower()
    typed = await driver.command("/its rule topic:swiss pairing")
    assert typed.message.card.data["title"] == topic.message.card.data["title"]

    special = await driver.command("/its rule topic:Master Breacher")
    text = special.message.text
    assert "Master Breacher (scenario rule)" in text
    assert "Highly Classified" in text  # says where it appears

    choices = await driver.autocomplete("its rule", "topic", "breach")
    assert any(
        c["value"] == "r:masterbreacher" and "scenario rule: Capture and Protect" in c["name"]
        for c in choices
    )
    assert all(len(c["name"]) <= 100 for c in choices)


async def test_unknown_rule_suggests(driver: OfflineDriver) -> None:
    reply = await driver.command("/its rule topic:zzqq breechr")
    assert reply.message.ephemeral and len(reply.message.buttons) == 3
    shown = await driver.press(reply.message, 1)
    assert shown.message.card


async def test_card_lookup_autocomplete_and_did_you_mean(driver: OfflineDriver) -> None:
    choices = await driver.autocomplete("its classified card", "name", "inocul")
    assert choices and all("Inoculation" in c["name"] for c in choices)
    card = await driver.command("its classified card", name=choices[0]["value"])
    assert "HVT: Inoculation" in card.message.text and "Requirements" in card.message.text
    by_name = await driver.command("/its classified card name:sabotage")
    assert "Sabotage" in by_name.message.text
    unknown = await driver.command("/its classified card name:Sabotoge")
    assert unknown.message.ephemeral and "Did you mean" in unknown.message.text
    pressed = await driver.press(unknown.message, "Sabotage")
    assert "Sabotage" in pressed.message.card.data["title"]


async def test_lookup_uses_few_queries(driver: OfflineDriver) -> None:
    before = driver.bot.db.query_count
    await driver.command("/its mission name:Acquisition")
    await driver.autocomplete("its mission", "name", "acq")
    assert driver.bot.db.query_count == before  # content is in memory: no database at all


async def test_slightly_wrong_rule_names_find_the_right_rule_or_ask(driver: OfflineDriver) -> None:
    gravity = await driver.command("/its rule topic:no gravity")
    assert not gravity.message.ephemeral and "No Gravity Zone" in gravity.message.card.data["title"]
    breacher = await driver.command("/its rule topic:master breecher")
    assert not breacher.message.ephemeral
    assert breacher.message.card.data["title"].startswith("Master Breacher (scenario rule)")
    # Several rules start with "tournament": ask instead of guessing, privately.
    vague = await driver.command("/its rule topic:tournament")
    assert vague.message.ephemeral and "Did you mean" in vague.message.text and vague.message.buttons
    # Issue 34, item 21: "cover" answered with the N4 card changes (it is inside "Recovery"): ask.
    cover = await driver.command("/its rule topic:cover")
    assert cover.message.ephemeral and "Did you mean" in cover.message.text
    assert not [m for m in cover.messages if not m.ephemeral]


async def test_lookup_polish_empty_name_nonsense_public_pick_and_retreat(driver: OfflineDriver) -> None:
    empty = await driver.command("its mission", name="   ")
    assert empty.message.ephemeral and "Type a scenario name" in empty.message.text
    assert await driver.autocomplete("its mission", "name", "zz") == []
    typo = await driver.autocomplete("its mission", "name", "aquisition")
    assert [c["value"] for c in typo] == ["acquisition"]
    # Picking a suggestion posts the mission to the channel, like typing its exact name does.
    asked = await driver.command("/its mission name:Frntline", user="bob")
    picked = await driver.press(asked.message, "Frontline", user="bob")
    assert not picked.message.ephemeral and picked.message is not asked.message
    assert "Frontline" in picked.message.text
    # Retreat! applies unless the scenario has No Quarter; the page says when it does not end the
    # game early, as the end-of-mission note does (issue 25.9).
    for name in ("Battleground", "Frontline", "Quadrant Control", "Cryogenics"):
        page = "\n".join(m.text for m in [(await driver.command("its mission", name=name)).message])
        assert "Retreat! yes (it does not end the game early)" in page and "Retreat! no" not in page
    page = (await driver.command("its mission", name="Annihilation")).message.text
    assert "Retreat! no (No Quarter)" in page
    page = (await driver.command("its mission", name="Acquisition")).message.text
    assert "Retreat! yes," in page or page.rstrip().endswith("Retreat! yes") or "Retreat! yes\n" in page
