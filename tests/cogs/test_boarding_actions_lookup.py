"""/ba mission, /ba rule and /ba roll through the offline driver, wrong inputs included."""

from __future__ import annotations

import re

import pytest

from bot.limits import MAX_BUTTON_LABEL, MAX_CONTENT
from bot.offline import Message, OfflineDriver
from rules.boarding_actions.content import default_library


def _within_discord_limits(message: Message) -> None:
    assert len(message.text) <= MAX_CONTENT
    assert all(len(b.label) <= MAX_BUTTON_LABEL for b in message.buttons)
    assert all(len(b.custom_id or "") <= 100 for b in message.buttons)
    for embed in (c.data for c in message.cards):
        assert len(embed.get("description") or "") <= 4096
        assert all(len(f["value"]) <= 1024 for f in embed.get("fields", []))


async def test_a_mission_shows_its_objectives_when_they_score_and_the_underdog_bonus(
    driver: OfflineDriver,
) -> None:
    reply = await driver.command('/ba mission name:"Deck Sweepers"')
    message = reply.message
    assert not message.ephemeral
    text = message.text
    assert "D33 12 · Deck Sweepers" in text
    assert "Take and Hold" in text and "Sweep the Decks" in text
    assert "15 VP per objective marker controlled" in text
    assert "round 5: the player going second scores at the end of their turn" in text
    assert "Underdog bonus" in text
    assert [b.label for b in message.buttons] == ["Start a battle as Attacker", "Start a battle as Defender"]
    _within_discord_limits(message)


@pytest.mark.parametrize(("typed", "name"), [("21", "Power Struggle"), ("d6 2", "Pull Their Teeth")])
async def test_a_mission_by_its_roll(driver: OfflineDriver, typed: str, name: str) -> None:
    reply = await driver.command("ba mission", name=typed)
    assert name in reply.message.text


async def test_an_unclear_name_offers_did_you_mean_buttons_that_post_the_mission(
    driver: OfflineDriver,
) -> None:
    reply = await driver.command("/ba mission name:power", user="bob")
    assert reply.message.ephemeral
    assert "Did you mean" in reply.message.text
    labels = [b.label for b in reply.message.buttons]
    assert "Power Struggle" in labels and "Power the Generators" in labels
    await driver.restart()
    shown = await driver.press(reply.message, "Power the Generators", user="bob")
    assert not shown.message.ephemeral
    assert "D6 5 · Power the Generators" in shown.message.text


async def test_a_family_not_included_says_so(driver: OfflineDriver) -> None:
    reply = await driver.command('/ba mission name:"Rock Besieged"')
    assert reply.message.ephemeral
    assert "Not included in Herald" in reply.message.text


@pytest.mark.parametrize("command", ["ba mission", "ba rule", "ba battle start"])
async def test_a_3000_character_option_gets_a_short_private_answer(
    driver: OfflineDriver, command: str
) -> None:
    huge = "x" * 3000
    options = {"ba mission": {"name": huge}, "ba rule": {"topic": huge}}.get(
        command, {"mission": huge, "attacker": "alice", "defender": "bob"}
    )
    reply = await driver.command(command, **options)
    assert reply.message.ephemeral
    assert reply.incident is None
    _within_discord_limits(reply.message)
    assert len(reply.message.text) < 400


async def test_autocomplete_offers_missions_of_both_kinds_within_limits(driver: OfflineDriver) -> None:
    found = await driver.autocomplete("ba mission", "name", "pow")
    assert [c["value"] for c in found] == ["power-struggle", "power-the-generators"]
    everything = await driver.autocomplete("ba mission", "name", "")
    assert len(everything) == 15
    assert any("(asymmetric)" in c["name"] for c in everything)
    assert len(await driver.autocomplete("ba mission", "name", "x" * 3000)) <= 25
    for_battle = await driver.autocomplete("ba battle start", "mission", "jail")
    assert for_battle[0]["value"] == "jailbreak"


async def test_a_rule_by_name_and_a_misspelt_one(driver: OfflineDriver) -> None:
    reply = await driver.command("/ba rule topic:overwatch")
    assert not reply.message.ephemeral
    assert "Set Overwatch" in reply.message.text
    stratagem = await driver.command('/ba rule topic:"command re-roll"')
    assert "CP" in stratagem.message.text
    misspelt = await driver.command("/ba rule topic:overwach")
    assert "Set Overwatch" in misspelt.message.text
    unclear = await driver.command("/ba rule topic:secure", user="bob")
    assert unclear.message.ephemeral and "Did you mean" in unclear.message.text
    assert "Secure at All Costs" in [b.label for b in unclear.message.buttons]
    pressed = await driver.press(unclear.message, "Secure Site", user="bob")
    assert not pressed.message.ephemeral
    assert pressed.message.card is not None and pressed.message.card.title == "Secure Site"
    choices = await driver.autocomplete("ba rule", "topic", "hatch")
    assert choices and all(len(c["name"]) <= 100 for c in choices)


@pytest.mark.parametrize(("kind", "die"), [("symmetric", "D33"), ("asymmetric", "D6")])
async def test_the_roll_shows_its_dice_and_the_mission_they_name(
    driver: OfflineDriver, kind: str, die: str
) -> None:
    for _ in range(4):
        message = (await driver.command("ba roll", kind=kind)).message
        first = message.text.splitlines()[0]
        dice = [int(d) for d in re.findall(r"\*\*(\d)\*\*", first.split("=")[0])]
        assert first.startswith(f"🎲 {die}:")
        if die == "D33":
            assert len(dice) == 2 and all(1 <= d <= 3 for d in dice)
            value = dice[0] * 10 + dice[1]
        else:
            assert len(dice) == 1 and 1 <= dice[0] <= 6
            value = dice[0]
        mission = default_library().by_roll(kind, value)
        assert f"{die} {value} · {mission.name}" in message.text
        assert message.button("Start a battle as Attacker")
