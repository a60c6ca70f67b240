"""/roll and /odds read what players of other bots type (issue 25): Dice Maiden's keep and drop,
saved rolls with a count or arithmetic, impossible pools, natural 20s and 1s, big rolls grouped,
and suggestions that are themselves rolls."""

from __future__ import annotations

import re

from bot.offline import OfflineDriver
from tests.cogs.test_wh40k import public_chart, refused


def kept(description: str) -> list[int]:
    """The dice a one-term roll's detail kept (not struck out)."""
    inside = description.split("(", 1)[1].split(")", 1)[0]
    return [int(d) for d in inside.split(", ") if not d.startswith("~~")]


async def test_dice_maiden_keep_is_keep_the_highest_and_the_reply_says_so(driver: OfflineDriver) -> None:
    for _ in range(8):
        message = (await driver.command("/roll expression:4d6k3")).message
        assert not message.ephemeral, message.text
        embed = message.card
        dice = [int(d.strip("~")) for d in embed.description.split("(", 1)[1].split(")", 1)[0].split(", ")]
        assert sorted(kept(embed.description)) == sorted(dice)[1:]  # the three highest, whatever they show
        assert int(embed.fields[0].value.strip("*")) == sum(sorted(dice)[1:])
        assert "`k3` read as `kh3`: keep the highest 3" in embed.footer.text


async def test_dice_maiden_drop_is_drop_the_lowest(driver: OfflineDriver) -> None:
    for expression, keep in (("4d6d1", slice(1, None)), ("4d6dh1", slice(None, 3))):
        embed = (await driver.command(f"/roll expression:{expression}")).message.card
        dice = [int(d.strip("~")) for d in embed.description.split("(", 1)[1].split(")", 1)[0].split(", ")]
        assert sorted(kept(embed.description)) == sorted(dice)[keep]
        assert "read as `p" in embed.footer.text
    odds = public_chart(await driver.command("/odds expression:4d6k3"))
    assert "Mean total: **12.24**" in odds.text and "keep the highest 3" in odds.text


async def test_saved_rolls_take_a_count_and_arithmetic_in_roll_and_odds(driver: OfflineDriver) -> None:
    await driver.command("/dice save name:fireball expression:8d6", user="alice")
    await driver.command('/dice save name:bolters expression:"10d6 4+"', user="alice")

    plus = (await driver.command("/roll expression:fireball+5", user="alice")).message
    assert not plus.ephemeral, plus.text
    assert plus.card.title == "🎲 fireball" and "8d6+5" in plus.card.footer.text
    total = int(plus.card.fields[0].value.strip("*"))
    assert 13 <= total <= 53

    three = (await driver.command('/roll expression:"3 fireball"', user="alice")).message
    assert not three.ephemeral, three.text
    assert three.card.description.count("**1.**") == 1 and "**3.**" in three.card.description

    pools = (await driver.command('/roll expression:"2 bolters"', user="alice")).message
    assert "over 2 rolls" in pools.card.fields[0].value

    odds = public_chart(await driver.command("/odds expression:fireball", user="alice"))
    assert "Mean total: **28.00**, from 8 to 48." in odds.text
    odds_plus = public_chart(await driver.command("/odds expression:fireball+5", user="alice"))
    assert "Mean total: **33.00**, from 13 to 53." in odds_plus.text
    odds_pool = public_chart(await driver.command("/odds expression:bolters", user="alice"))
    assert "Mean successes: **5.00**" in odds_pool.text

    bigger = await driver.command("/roll expression:bolters+1", user="alice")
    refused(bigger, "can't be part of a bigger roll")
    refused(await driver.command("/odds expression:fireball+5", user="bob"), "fireball")  # alice's, not bob's


async def test_a_pool_no_die_can_pass_says_so(driver: OfflineDriver) -> None:
    message = (await driver.command('/roll expression:"10d6 7+"')).message
    assert message.card.fields[0].value == "**0**"
    assert "no d6 can show 7 or more" in message.text
    odds = public_chart(await driver.command('/odds expression:"10d6 7+"'))
    assert "no d6 can show 7 or more" in odds.text
    fine = (await driver.command('/roll expression:"10d6 6+"')).message
    assert "can show" not in fine.text


async def test_natural_twenties_and_ones_stand_out(driver: OfflineDriver) -> None:
    seen = set()
    for _ in range(60):
        embed = (await driver.command("/roll expression:1d20+5")).message.card
        die = embed.description.split("(", 1)[1].split(")", 1)[0]
        if die in ("**20**", "**1**"):
            seen.add(die)
            assert "natural 20 or 1" in embed.footer.text
        else:
            assert "**" not in die and "natural" not in embed.footer.text
    assert seen == {"**20**", "**1**"}
    d6 = (await driver.command("/roll expression:20d6")).message.card.description
    assert "**" not in d6.split("=")[0]  # only d20s


async def test_a_thousand_dice_are_counted_by_face(driver: OfflineDriver) -> None:
    message = (await driver.command("/roll expression:1000d6")).message
    embed = message.card
    counts = dict(re.findall(r"\b([1-6]) x(\d+)", embed.description))
    assert sorted(counts) == ["1", "2", "3", "4", "5", "6"]
    assert sum(int(n) for n in counts.values()) == 1000
    total = int(embed.fields[0].value.strip("*"))
    assert total == sum(int(face) * int(n) for face, n in counts.items())
    assert len(embed.description) < 200  # not a thousand dice listed
    small = (await driver.command("/roll expression:4d6")).message.card.description
    assert " x" not in small


async def test_suggestions_are_rolls_themselves(driver: OfflineDriver) -> None:
    text = refused(await driver.command('/roll expression:"1d6 @everyone"'))
    assert "+@everyone" not in text
    for suggestion in re.findall(r"`([^`]+)`", text.split("Did you mean", 1)[1]):
        assert not (await driver.command(f'/roll expression:"{suggestion}"')).message.ephemeral, suggestion


async def test_a_bang_explodes_in_roll_and_odds_and_compounding_says_what_to_type(
    driver: OfflineDriver,
) -> None:
    """Issue 38, item 4: ``3D6!`` rolled a plain 3d6 under an empty label."""
    for _ in range(20):
        message = (await driver.command("/roll expression:3D6!")).message
        assert not message.ephemeral, message.text
        assert "read as `3d6e6`: each die showing 6 is rolled again and added" in message.text
        faces = message.text.split("(", 1)[1].split(")", 1)[0].split(", ")
        assert all(face.endswith("!") == face.startswith("6") for face in faces)  # every 6 exploded
    odds = public_chart(await driver.command("/odds expression:3d6!"))
    assert "Mean total: **12.60**" in odds.text
    refused_reply = await driver.command("/roll expression:3d6!!")
    assert refused_reply.message.ephemeral
    assert "compounding" in refused_reply.message.text and "`3d6!`" in refused_reply.message.text
