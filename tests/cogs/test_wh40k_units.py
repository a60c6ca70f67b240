"""/40k attack|odds with editions and whole units, end to end: the edition named in every reply,
a unit's volley rolled and its exact odds, a saved unit with its edition, and the mistakes a
player gets told about."""

from __future__ import annotations

import random
import re

import pytest

from bot.cards import MAX_CARD_TEXT
from bot.offline import OfflineDriver
from rules.wh40k import parse_situation, parse_target
from rules.wh40k.attack import roll_unit, unit_distribution
from rules.wh40k.profiles import Edition, parse_unit
from tests.cogs.test_wh40k import SEED, percent, public_chart, refused

UNIT = "bolt rifle: A2 BS3+ S4 AP-1 D1 x9; plasma gun: A1 BS3+ S8 AP-3 D2; sergeant: A3 WS3+ S5 AP-2 D2"
TARGET = "T4 Sv3+ W2 x10 infantry"


async def test_the_same_shot_answers_per_edition_and_names_it(driver: OfflineDriver) -> None:
    # BS3+ against Infantry in cover: 10th hits on 3+ and the save improves; 11th hits on 4+
    weapon, target = "A10 BS3+ S4 AP-1 D1", "T4 Sv4+ W1 x10 infantry"
    eleventh = (
        await driver.command(f'/40k attack weapon:"{weapon}" target:"{target}" situation:cover')
    ).message
    assert "Hit rolls (4+)" in eleventh.text and "Saves (armour 5+)" in eleventh.text
    assert "[Edition] 11th edition (the default" in eleventh.text
    assert "some steps as in 10th, not confirmed" in eleventh.text and "-1 to BS" in eleventh.text
    tenth = (
        await driver.command(f'/40k attack weapon:"{weapon}" target:"{target}" situation:cover edition:10th')
    ).message
    assert "Hit rolls (3+)" in tenth.text and "Saves (armour 4+)" in tenth.text
    assert "[Edition] 10th edition (chosen)" in tenth.text and "not confirmed" not in tenth.text

    odds = public_chart(
        await driver.command(f'/40k odds weapon:"{weapon}" target:"{target}" situation:cover edition:10th')
    )
    expected = unit_distribution(
        parse_unit(weapon), parse_target(target), parse_situation("cover"), edition=Edition.TENTH
    )
    assert "· 10th edition" in odds.card.data["title"]
    assert f"models slain: **{expected.slain.mean:.2f}** (of 10)" in odds.text


async def test_a_unit_fires_as_one_volley(driver: OfflineDriver) -> None:
    message = (await driver.command(f'/40k attack weapon:"{UNIT}" target:"{TARGET}"')).message
    assert not message.ephemeral
    expected = roll_unit(parse_unit(UNIT), parse_target(TARGET), None, random.Random(SEED))
    assert f"{expected.models_slain}/10 models slain" in message.card.data["title"]
    for name in ("__1. bolt rifle__", "__2. plasma gun__", "__3. sergeant__"):
        assert name in message.text
    for rolled in expected.rolls:
        for line in rolled.lines():
            assert line.strip() in message.text, line
    assert "[Unit] **" not in message.text and "`plasma gun: A1 BS3+ S8 AP-3 D2`" in message.text


async def test_a_units_exact_odds_list_every_value(driver: OfflineDriver) -> None:
    message = public_chart(await driver.command(f'/40k odds weapon:"{UNIT}" target:"{TARGET}"'))
    exact = unit_distribution(parse_unit(UNIT), parse_target(TARGET))
    assert f"wounds dealt: **{exact.wounds.mean:.2f}** (of 20)" in message.text
    assert f"models slain: **{exact.slain.mean:.2f}** (of 10)" in message.text
    for index in (1, 2, 3):
        assert f"{index}. attacks" in message.text
    table = message.text.split("[Models slain]")[1].split("```")[1]
    rows = [line.split() for line in table.strip().splitlines()[1:]]
    # every number of models from 0 to the last possible has a row; a rare end before the last
    # shares one row, and says so
    values = [r[0] for r in rows]
    assert values[0] == "0" and "100.0%" not in table
    assert values[-1] == str(exact.slain.maximum)
    if "-" in values[-2]:
        first = int(values[-2].split("-")[0])
        assert values[:-2] == [str(k) for k in range(first)]
        assert f"`{values[-2]}` is a rare end in one row, under 0.1%" in message.text
    else:
        assert values == [str(k) for k in range(exact.slain.maximum + 1)]
    assert rows[1][1:] == [percent(exact.slain.probability(1)), percent(exact.slain.at_least(1))]


async def test_compare_two_units(driver: OfflineDriver) -> None:
    other = "A2 BS3+ S4 AP0 D1 x10; A1 BS3+ S9 AP-4 D 6"
    message = public_chart(
        await driver.command(f'/40k odds weapon:"{UNIT}" target:"{TARGET}" compare:"{other}"')
    )
    assert "[Unit A]" in message.text and "[Unit B]" in message.text
    b = unit_distribution(parse_unit(other), parse_target(TARGET))
    assert re.search(rf"\n +1 +\S+ +\S+ +{re.escape(percent(b.slain.probability(1)))} ", message.text)


async def test_a_saved_unit_keeps_its_edition(driver: OfflineDriver) -> None:
    saved = (
        await driver.command(f'/40k profile save name:"Tactical Squad" kind:unit line:"{UNIT}" edition:10th')
    ).message
    assert "Saved your unit profile **Tactical Squad** (10th edition)" in saved.text
    # several lines saved as a weapon are kept as a unit
    as_weapon = (await driver.command(f'/40k profile save name:squad2 kind:weapon line:"{UNIT}"')).message
    assert "unit profile **squad2**" in as_weapon.text
    used = public_chart(await driver.command(f'/40k odds weapon:"tactical squad" target:"{TARGET}"'))
    assert "[Edition] 10th edition (saved with Tactical Squad)" in used.text
    assert "**Tactical Squad**:\n`bolt rifle: A2 BS3+ S4 AP-1 D1 x9`" in used.text
    chosen = public_chart(
        await driver.command(f'/40k odds weapon:"tactical squad" target:"{TARGET}" edition:11th')
    )
    assert "[Edition] 11th edition (chosen)" in chosen.text
    listed = (await driver.command("/40k profile list")).message
    assert (
        "**Tactical Squad** (10th): `bolt rifle:" in listed.text and "[Your units] **squad2**" in listed.text
    )
    choices = await driver.autocomplete("40k odds", "weapon", "tact")
    assert choices[0]["value"] == "Tactical Squad"
    refused(
        await driver.command(f'/40k odds weapon:"{TARGET.split()[0]}" target:"tactical squad"'),
    )
    refused(
        await driver.command('/40k odds weapon:"A1 BS3+ S4 AP0 D1" target:"Tactical Squad"'),
        "`Tactical Squad` is a saved unit profile; the target option needs a target line or profile.",
    )


async def test_mistakes_in_units_and_targets_are_refused(driver: OfflineDriver) -> None:
    refused(
        await driver.command(f'/40k odds weapon:"{UNIT}; A1 BS3+ S4 AP0" target:"{TARGET}"'),
        "Weapon line 4 of 4: The weapon line has no D (damage)",
    )
    refused(
        await driver.command('/40k odds weapon:"A4 BS3+ S5 AP-1 D2" target:"T4 Sv3+ W2 stelth"'),
        "`stelth` is wrong",
        "Did you mean `stealth`?",
    )
    refused(
        await driver.command('/40k attack weapon:"A4 BS3+ S5 AP-1 D2, anti-infntry 4+" target:"T4 Sv3+ W2"'),
        "Did you mean `anti-infantry`?",
        "anti-keyword:infntry 4+",
    )
    refused(
        await driver.command(
            '/40k odds weapon:"A4 BS3+ S5 AP-1 D2, blast 2" target:"T4 Sv3+ W2" edition:10th'
        ),
        "Blast 2 is an 11th-edition ability",
    )
    refused(
        await driver.command("40k odds", weapon="; ".join(["A20 BS3+ S4 AP0 D1 x10"] * 4), target=TARGET),
        "the limit is 600 for one volley",
    )


async def test_help_topic_40k_gives_the_line_grammar(driver: OfflineDriver) -> None:
    reply = await driver.command("/help topic:40k")  # two cards, cut between whole fields
    assert all(m.ephemeral for m in reply.messages)
    message = reply
    for title in ("[Weapon line]", "[Unit (a whole volley)]", "[Target line]", "[Situation and edition]"):
        assert title in message.text
    assert "`keyword:name`" in message.text and "joined by `;`" in message.text


async def test_autocomplete_finishes_the_last_line_of_a_unit(driver: OfflineDriver) -> None:
    found = await driver.autocomplete("40k odds", "weapon", "A2 BS3+ S4 AP0 D1; A1 BS3+ S8 AP-3 D2, leth")
    assert [c["value"] for c in found] == ["A2 BS3+ S4 AP0 D1; A1 BS3+ S8 AP-3 D2, lethal hits"]


async def test_the_biggest_unit_fits_discords_limits(driver: OfflineDriver) -> None:
    line = "bolter of the long name: A4 BS3+ S4 AP-1 D1 x10, sustained hits 1, heavy, rapid fire 1, hazardous"
    unit = "; ".join([line] * 12)
    target = "T3 Sv5+ W1 x50 infantry fnp6+ stealth"
    for command in ("40k attack", "40k odds"):
        situation = "half range, stationary"
        reply = await driver.command(command, weapon=unit[:2000], target=target, situation=situation)
        message = reply.message
        assert not message.ephemeral, message.text
        assert message.v2 and len(message.card) <= MAX_CARD_TEXT  # the driver refuses more
        assert len(message.card.data.get("description", "")) <= 4096
        for field in message.card.data["fields"]:
            assert len(field["value"]) <= 1024


@pytest.mark.parametrize(("target", "models"), [("T4 Sv3+ W1 x10 fnp5+", 10), ("T4 Sv7+ W1 x50 fnp6+", 50)])
async def test_a_volley_stops_when_every_model_is_slain_and_says_so(
    driver: OfflineDriver, target: str, models: int
) -> None:
    volley = "A50 BS3+ S4 AP-1 D1 x4; A50 BS3+ S4 AP-1 D1 x4; A50 BS3+ S4 AP-1 D1 x4"
    message = (await driver.command(f'/40k attack weapon:"{volley}" target:"{target}"')).message
    assert not message.ephemeral
    expected = roll_unit(parse_unit(volley), parse_target(target), None, random.Random(SEED))
    assert expected.skipped and f"{models}/{models} models slain" in message.card.data["title"]
    line = "A50 BS3+ S4 AP-1 D1 x4"
    spared = ", ".join(f"{i + 1}. {line}" for i in expected.skipped)
    assert f"the rest of the volley ({spared}) had nothing left to shoot at" in message.text
    assert f"__1. {line}__" in message.text
    assert all(f"__{i + 1}. {line}__" not in message.text for i in expected.skipped)
    assert message.text.count("Hit rolls") == len(expected.rolls)
    assert len(message.card.data["description"]) <= 4096
    if models == 50:  # fifty damage rolls and more: the whole roll is attached, and says so too
        [log] = message.attachments
        assert "every die, is in attack.txt" in message.text
        assert "had nothing left to shoot at" in log.data.decode()
