"""/odds end to end: exact distributions with their chart, the chance asked for, approximations
stated, and expressions too big to work out refused with the reason."""

from __future__ import annotations

import itertools
import re

from bot.offline import OfflineDriver
from tests.cogs.test_wh40k import public_chart, refused


def row(text: str, k: int | str, exactly: str, at_least: str) -> bool:
    return re.search(rf"\n *{k} +{re.escape(exactly)} +{re.escape(at_least)}\n", text) is not None


async def test_2d6_with_the_chart(driver: OfflineDriver) -> None:
    message = public_chart(await driver.command("/odds expression:2d6 at_least:10"))
    assert "Mean total: **7.00**, from 2 to 12." in message.text
    assert "Chance of at least 10: **16.7%**" in message.text
    assert row(message.text, 7, "16.7%", "58.3%") and row(message.text, 12, "2.8%", "2.8%")
    assert "Exact odds." in message.text and "Approximation" not in message.text


async def test_pools_keep_and_tens_units(driver: OfflineDriver) -> None:
    pool = public_chart(await driver.command("/odds expression:10d6>=4 at_least:5"))
    assert "Mean successes: **5.00**, from 0 to 10." in pool.text
    assert "Chance of at least 5: **62.3%**" in pool.text  # 638/1024
    keep = public_chart(await driver.command("/odds expression:4d6kh3"))
    assert "Mean total: **12.24**, from 3 to 18." in keep.text
    d66 = public_chart(await driver.command("/odds expression:d66"))
    assert "from 11 to 66" in d66.text and row(d66.text, 11, "2.8%", "100%")
    assert row(d66.text, 66, "2.8%", "2.8%")
    assert "Results that cannot happen are left out" in d66.text  # 17-20, 27-30, ...


async def test_the_forms_roll_reads_are_read_the_same(driver: OfflineDriver) -> None:
    tables = public_chart(await driver.command('/odds expression:"2d66"'))
    assert "`2d66` is 2 separate rolls: these are the odds of each one." in tables.text
    assert "from 11 to 66" in tables.text
    assert "Mean successes: **5.00**" in public_chart(await driver.command('/odds expression:"10d6 4+"')).text
    advantage = public_chart(await driver.command('/odds expression:"1d20 adv" at_least:20'))
    assert "Chance of at least 20: **9.8%**" in advantage.text  # 1 - (19/20)^2



async def test_failures_taken_off_successes_have_their_odds(driver: OfflineDriver) -> None:
    # each die scores +1 on 4-6, 0 on 2-3, -1 on a 1: a mean of 10 x (1/2 - 1/6)
    message = public_chart(await driver.command('/odds expression:"10wh4+ 1-" at_least:1'))
    assert "Mean successes: **3.33**, from -10 to 10." in message.text
    assert "dice showing 1 or less are failures, taken off the successes" in message.text
    assert "Odds of 10wh4+ 1-" in message.text
    assert "canonical" not in message.text


async def test_explosions_state_their_depth(driver: OfflineDriver) -> None:
    message = public_chart(await driver.command("/odds expression:3d6e6"))
    assert "[Approximation] Explosions are followed to" in message.text
    assert "Approximate where stated above" in message.text


async def test_too_big_or_broken_expressions_are_refused(driver: OfflineDriver) -> None:
    refused(await driver.command("/odds expression:1000d1000"), "would take too long (1000d1000", "2,000,000")
    refused(await driver.command("/odds expression:2d6+"), "2d6+")
    refused(await driver.command("odds", expression="1d6+" * 750), "3000 characters")


async def test_the_title_shows_what_the_player_typed(driver: OfflineDriver) -> None:
    message = public_chart(await driver.command("/odds expression:4dF"))
    assert "Odds of 4dF" in message.text and "4d3" not in message.text


async def test_no_result_is_skipped_without_a_word(driver: OfflineDriver) -> None:
    message = public_chart(await driver.command("/odds expression:6d6e6"))
    shared = "Neighbouring results share rows: a row like `9-12` gives the chance of any result from 9 to 12"
    assert shared in message.text
    table = message.text.split("```")[1]
    listed = [line.split()[0] for line in table.strip().splitlines()[1:]]
    ranges = [(int(item.split("-")[0]), int(item.split("-")[-1])) for item in listed]
    # the rows cover every result from the first to the last, each once: none left out
    assert ranges[0] == (6, 6) and ranges[-1] == (161, 161)  # the extremes have rows of their own
    for (_, high), (low, _) in itertools.pairwise(ranges):
        assert low == high + 1
    assert "`7-8` and `61-160` are rare ends in one row, under 0.1%" in message.text


async def test_numbers_too_large_are_refused_with_the_range(driver: OfflineDriver) -> None:
    too_large = await driver.command("/odds expression:1d99999999999999999999")
    refused(too_large, "from 0 to 1,000,000,000,000,000")
    refused(await driver.command("/odds expression:1d100000000"), "1 to 10,000 sides")
    refused(await driver.command("/odds expression:1000d6kh999"), "one request may take 2,000,000")


async def test_wide_products_are_charted(driver: OfflineDriver) -> None:
    # the chart once scanned its whole table for every value: 67 s for this one, and 1d300*1d300 never ended
    for expression in ("1d1000*1d100", "1d300*1d300"):
        message = public_chart(await driver.command(f"/odds expression:{expression}"))
        assert f"Odds of {expression}" in message.text


async def test_advantage_shows_the_natural_20_on_its_own_row(driver: OfflineDriver) -> None:
    message = public_chart(await driver.command('/odds expression:"1d20 adv"'))
    assert row(message.text, 20, "9.8%", "9.8%")  # 39/400: never merged with 19
    assert row(message.text, 1, "0.2%", "100%")
    assert "19-20" not in message.text
    assert "Neighbouring results share rows" in message.text


async def test_ranges_of_negative_results_read_plainly(driver: OfflineDriver) -> None:
    message = public_chart(await driver.command('/odds expression:"10wh4+ 1-"'))
    assert "[Chance of each number of successes]" in message.text
    assert "-9 to -5" in message.text and "--" not in message.text.split("```")[1]
    assert "`-9 to -5` is a rare end in one row, under 0.1%" in message.text
