"""Issue 15 (items 7, 8, 16): look-ups as a new player meets them, through the offline driver."""

from __future__ import annotations

import re

from bot.offline import OfflineDriver

#: Words that belong to our notes about sources, never to what a player reads.
EDITOR_WORDS = re.compile(r"\bseed\b(?!-)|PDF|extraction|our name|not confirmed|Later deck", re.IGNORECASE)


async def test_rule_hvt_gives_the_general_topic(driver: OfflineDriver) -> None:
    reply = await driver.command("/its rule topic:hvt")
    assert not reply.message.ephemeral
    assert reply.message.card.data["title"].startswith("HVT models")


async def test_rule_retreat_has_a_general_topic(driver: OfflineDriver) -> None:
    reply = await driver.command("/its rule topic:retreat")
    assert not reply.message.ephemeral
    title = reply.message.card.data["title"]
    assert title.startswith("Retreat!") and "scenario rule" not in title
    assert "ends when that turn ends" in reply.message.text.lower()


async def test_rule_autocomplete_ranks_general_topics_first(driver: OfflineDriver) -> None:
    choices = await driver.autocomplete("its rule", "topic", "hvt")
    assert choices[0]["value"].startswith("t:")
    first_scenario = next(i for i, c in enumerate(choices) if c["value"].startswith("r:"))
    assert all(c["value"].startswith("t:") for c in choices[:first_scenario])


async def test_mission_text_has_no_notes_about_sources(driver: OfflineDriver) -> None:
    for name in ("supremacy", "capture and protect", "supplies", "countermeasures"):
        for tier in (150, 300):
            first = (await driver.command("its mission", name=name, tier=tier)).message
            pages = [first.text]
            while first.buttons and not first.button("Next").disabled:
                await driver.press(first, "Next")
                pages.append(first.text)
            text = "\n".join(pages)
            assert not EDITOR_WORDS.search(text), (name, EDITOR_WORDS.search(text))


async def test_card_shows_known_facts_plainly(driver: OfflineDriver) -> None:
    card = (await driver.command("/its classified card name:Nanoespionage")).message
    text = card.text
    assert "Nanoespionage" in text and "Engineer" in text
    assert not EDITOR_WORDS.search(text), EDITOR_WORDS.search(text)
    assert text.count("printed card") == 1
    assert "Exact task not confirmed" not in text


async def test_other_season_deck_is_labelled_and_autocomplete_is_short(driver: OfflineDriver) -> None:
    later = (await driver.command("/its classified card name:its18-operations:7")).message
    assert "Season 18" in later.text and "not the season 14 deck" in later.text.lower()
    choices = await driver.autocomplete("its classified card", "name", "sabot")
    assert choices
    for choice in choices:
        assert "Classified Deck (Standard, green)" not in choice["name"]
    decks = await driver.autocomplete("its classified draw", "deck", "")
    assert any("Season 18" in c["name"] for c in decks)
