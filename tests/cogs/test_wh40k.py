"""/40k attack and /40k odds end to end: every die, the exact odds and their chart, a compare,
mistakes pointed at, and options too long for any line."""

from __future__ import annotations

import io
import random
import re

from PIL import Image

from bot.cards import MAX_CARD_TEXT
from bot.limits import MAX_CONTENT
from bot.offline import Message, OfflineDriver, Reply
from rules.wh40k import distribution, parse_situation, parse_target, parse_weapon, roll

SEED = 1234  # the driver fixture's rng_seed
PNG = b"\x89PNG\r\n\x1a\n"
WEAPON = "A4 BS3+ S5 AP-1 D2, lethal hits, sustained hits 1"
TARGET = "T4 Sv3+ W2 x5 inv5+ fnp6+"


def public_chart(reply: Reply) -> Message:
    """A public reply whose embed shows the attached odds.png; return the message."""
    message = reply.message
    assert not message.ephemeral, message.text
    assert [a.filename for a in message.attachments] == ["odds.png"], message.text
    data = message.attachments[0].data
    assert data.startswith(PNG) and len(data) < 300_000
    assert Image.open(io.BytesIO(data)).width == 800
    assert message.card.data["image"]["url"] == "attachment://odds.png"
    return message


def refused(reply: Reply, *fragments: str) -> str:
    message = reply.message
    assert message.ephemeral and not message.attachments, message.text
    assert len(message.text) <= MAX_CONTENT
    for fragment in fragments:
        assert fragment in message.text, message.text
    return message.text


def percent(p: float) -> str:
    return f"{p:.1%}"


async def test_attack_shows_every_step_as_the_engine_rolled_it(driver: OfflineDriver) -> None:
    reply = await driver.command(f'/40k attack weapon:"{WEAPON}" target:"{TARGET}" situation:"half range"')
    message = reply.message
    assert not message.ephemeral and not message.attachments
    expected = roll(
        parse_weapon(WEAPON), parse_target(TARGET), parse_situation("half range"), random.Random(SEED)
    )
    for line in expected.lines():
        assert line.strip() in message.text, line
    title = message.card.data["title"]
    assert f"{expected.wounds_dealt} wound" in title and f"{expected.models_slain}/5 models slain" in title
    assert f"`{parse_weapon(WEAPON).describe()}`" in message.text and "[Situation] half range" in message.text


async def test_hazardous_is_rolled_for_the_attacker(driver: OfflineDriver) -> None:
    weapon = "A3 BS2+ S9 AP-4 D 3 x5, hazardous"
    text = (await driver.command(f'/40k attack weapon:"{weapon}" target:"T10 Sv2+ W12"')).text
    expected = roll(parse_weapon(weapon), parse_target("T10 Sv2+ W12"), None, random.Random(SEED))
    assert len(expected.hazardous_dice) == 5
    assert (
        f"Hazardous: {' '.join(map(str, expected.hazardous_dice))} -> {expected.hazardous_failed} failed"
        in text
    )


async def test_a_big_attack_attaches_its_whole_log(driver: OfflineDriver) -> None:
    weapon = "A20 BS3+ S4 AP0 D1 x10, sustained hits 2"
    message = (await driver.command(f'/40k attack weapon:"{weapon}" target:"T3 Sv7+ W1 x50 fnp5+"')).message
    assert [a.filename for a in message.attachments] == ["attack.txt"]
    log = message.attachments[0].data.decode()
    assert log.count("damage 1") >= 40 and "**" not in log
    assert len(message.card.data["description"]) <= 4096
    assert message.v2 and len(message.card) <= MAX_CARD_TEXT  # the driver refuses more
    assert "every die, is in attack.txt" in message.text


async def test_odds_give_means_at_least_tables_and_the_chart(driver: OfflineDriver) -> None:
    message = public_chart(
        await driver.command(f'/40k odds weapon:"{WEAPON}" target:"{TARGET}" situation:"half range"')
    )
    odds = distribution(parse_weapon(WEAPON), parse_target(TARGET), parse_situation("half range"))
    assert f"wounds dealt: **{odds.wounds.mean:.2f}** (of 10)" in message.text
    assert f"models slain: **{odds.slain.mean:.2f}** (of 5)" in message.text
    assert "[Wounds dealt]" in message.text
    slain_table = message.text.split("[Models slain]")[1]
    exactly, at_least = percent(odds.slain.probability(1)), percent(odds.slain.at_least(1))
    assert re.search(rf"\n +1 +{re.escape(exactly)} +{re.escape(at_least)}\n", slain_table), slain_table
    # every value from 0 to 5 models has its row, and 0 has no "at least" (it is always 100%)
    assert [line.split()[0] for line in slain_table.split("```")[1].strip().splitlines()[1:]] == [
        "0", "1", "2", "3", "4", "5"
    ]  # fmt: skip
    assert "100.0%" not in slain_table.split("```")[1]
    assert "Exact odds." in message.text
    assert "[Edition] 11th edition (the default" in message.text
    # one footer line for the steps kept from 10th edition, not two lines in the Edition field
    footer = message.card.data["footer"]["text"]
    assert footer.splitlines()[-1] == (
        "11th edition: some steps as in 10th, not confirmed, allocation groups and Precision among them "
        "(/help topic:40k lists them)."
    )
    assert message.text.count("not confirmed") == 1


async def test_compare_draws_both_weapons_against_one_target(driver: OfflineDriver) -> None:
    other = "A2 BS3+ S8 AP-3 D 3, hazardous"
    message = public_chart(
        await driver.command(f'/40k odds weapon:"{WEAPON}" target:"T4 Sv3+ W2 x5" compare:"{other}"')
    )
    assert "[Weapon A]" in message.text and "[Weapon B]" in message.text
    assert "value    A =    A ≥    B =    B ≥" in message.text
    a = distribution(parse_weapon(WEAPON), parse_target("T4 Sv3+ W2 x5"))
    b = distribution(parse_weapon(other), parse_target("T4 Sv3+ W2 x5"))
    cells = [percent(x) for x in (a.slain.probability(1), a.slain.at_least(1), b.slain.probability(1))]
    cells.append(percent(b.slain.at_least(1)))
    row = r"\n +1 +" + " +".join(re.escape(c) for c in cells) + r"\n"
    assert re.search(row, message.text.split("[Models slain]")[1]), message.text
    assert "Hazardous: 16.7% chance of at least one failed test" in message.text
    # one chart wider than a single series' legend: both series are on it
    chart = Image.open(io.BytesIO(message.attachments[0].data))
    single = Image.open(
        io.BytesIO(
            public_chart(await driver.command(f'/40k odds weapon:"{WEAPON}" target:"T4 Sv3+ W2 x5"'))
            .attachments[0]
            .data
        )
    )
    assert chart.height > single.height


async def test_a_single_model_target_charts_wounds(driver: OfflineDriver) -> None:
    message = public_chart(
        await driver.command('/40k odds weapon:"A2 BS3+ S9 AP-3 D 6" target:"T10 Sv3+ W12"')
    )
    assert "[Models slain]" not in message.text and "[Wounds dealt]" in message.text


async def test_a_typo_in_the_weapon_line_is_pointed_at(driver: OfflineDriver) -> None:
    text = refused(
        await driver.command('/40k attack weapon:"A4 BS3+ S5 AP-1 D2, lethel hits" target:"T4 Sv3+ W2 x5"'),
        "`lethel hits` is wrong",
        "Did you mean `lethal hits`?",
    )
    assert "`                    ^^^^^^^^^^^`" in text
    refused(
        await driver.command('/40k odds weapon:"A4 BS3+ S5 AP-1 D2" target:"T4 Sv3+ W2 x5 inv1+"'), "inv1+"
    )
    refused(
        await driver.command('/40k odds weapon:"A4 BS3+ S5 AP-1 D2" target:"T4 Sv3+ W2" situation:"charegd"'),
        "Did you mean `charged`?",
    )
    refused(
        await driver.command('/40k odds weapon:"A4 BS3+ S5 AP-1 D2" target:"T4 Sv3+ W2 x51"'), "50 models"
    )


async def test_a_calculation_past_the_limits_is_refused(driver: OfflineDriver) -> None:
    refused(
        await driver.command('/40k odds weapon:"AD6 BS3+ S4 AP0 D1 x50" target:"T4 Sv3+ W1 x10"'),
        "up to 300 attacks; the limit is 200",
    )


async def test_a_huge_option_is_refused_within_discords_limits(driver: OfflineDriver) -> None:
    long = "A4 BS3+ S5 AP-1 D2, " + ", ".join(["lethal hits"] * 300)
    long = long[:3000]
    assert len(long) == 3000
    text = refused(await driver.command("40k attack", weapon=long, target="T4 Sv3+ W2"), "3000 characters")
    assert len(text) < 300
    refused(
        await driver.command("40k odds", weapon="A1 BS3+ S4 AP0 D1", target="T" * 3000), "3000 characters"
    )
    refused(await driver.command("40k profile save", name="big", kind="weapon", line=long), "3000 characters")
    assert await driver.autocomplete("40k attack", "weapon", long) == []


async def test_autocomplete_completes_abilities_and_situations(driver: OfflineDriver) -> None:
    found = await driver.autocomplete("40k attack", "weapon", "A4 BS3+ S5 AP-1 D2, leth")
    assert [c["value"] for c in found] == ["A4 BS3+ S5 AP-1 D2, lethal hits"]
    many = await driver.autocomplete("40k odds", "compare", "A4 BS3+ S5 AP-1 D2, ")
    assert 10 < len(many) <= 25 and all(len(c["value"]) <= 100 for c in many)
    assert (await driver.autocomplete("40k attack", "weapon", ""))[0]["name"].startswith("example:")
    situations = await driver.autocomplete("40k odds", "situation", "half range, c")
    assert [c["value"] for c in situations] == ["half range, charged", "half range, cover"]


async def test_one_wound_models_get_one_table(driver: OfflineDriver) -> None:
    message = public_chart(
        await driver.command('/40k odds weapon:"A10 BS3+ S5 AP-1 D1" target:"T4 Sv3+ W1 x10"')
    )
    assert "[Wounds dealt (= models slain)]" in message.text
    assert "[Models slain]" not in message.text


async def test_a_table_too_long_says_what_it_folds(driver: OfflineDriver) -> None:
    # 0 to 40 models slain do not fit the table's rows: it says how it folds them (issue 25, 7)
    message = public_chart(
        await driver.command("40k odds", weapon="A60 BS2+ S8 AP-3 D1", target="T4 Sv7+ W1 x40")
    )
    table = message.text.split("```")[1]
    assert re.search(r"\n +40 +73\.2% +73\.2%\n", table)  # every model slain: the last value, its own row
    assert re.search(r"\n +0 +0%\n", table)  # and the first
    assert "`12-29` is a rare end in one row, under 0.1%." in message.text
    small = public_chart(await driver.command("40k odds", weapon="A4 BS3+ S4 AP0 D1", target="T4 Sv4+ W1 x5"))
    assert "a row" not in small.text


async def test_an_empty_weapon_line_is_not_looked_up_as_a_profile(driver: OfflineDriver) -> None:
    reply = await driver.command('/40k odds weapon:"" target:"T4 Sv3+ W2"')
    text = refused(reply, "The weapon line is empty")
    assert "profile called ``" not in text


async def test_a_long_unit_is_shown_by_whole_lines(driver: OfflineDriver) -> None:
    # Twelve long lines pass 1,024 characters: the field was cut inside a code span (an unclosed
    # backtick) with no word of the lines left out.
    line = "weapon number {} with a long name: A1 BS3+ S4 AP-1 D1, lethal hits, sustained hits 1, twin-linked"
    unit = "; ".join(line.format(i) for i in range(12))
    message = public_chart(await driver.command(f'/40k odds weapon:"{unit}" target:"T4 Sv3+ W2 x10"'))
    (field,) = [f["value"] for f in message.card.data["fields"] if f["name"] == "Unit"]
    assert len(field) <= 1024 and field.count("`") % 2 == 0
    shown = field.count("weapon number")
    assert 1 <= shown < 12 and f"and {12 - shown} more lines" in field


async def test_a_long_roll_is_cut_between_dice_not_inside_one(driver: OfflineDriver) -> None:
    # A roll too long for the embed is cut and attached whole; the cut fell anywhere, often inside
    # `**6**` or `~~2~~`, leaving the bold or strike-through open for the rest of the message.
    unit = "; ".join(f"gun {i}: A4 BS3+ S4 AP-1 D2, sustained hits 1, reroll hits x12" for i in range(12))
    for _ in range(8):
        reply = await driver.command(f'/40k attack weapon:"{unit}" target:"T4 Sv3+ W3 x50 fnp6+"')
        message = reply.message
        assert [a.filename for a in message.attachments] == ["attack.txt"]
        description = message.card.data["description"]
        assert "*The whole roll is in attack.txt.*" in description
        body = description.rsplit("\n", 1)[0]
        for mark in ("**", "~~", "__"):
            assert body.count(mark) % 2 == 0, body[-80:]
