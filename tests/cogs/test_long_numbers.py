"""Numbers too long to read (issue 26, item 4): typed digits by the thousand are refused with the
allowed range before Python converts them (it refuses more than 4,300 digits with ValueError)."""

from __future__ import annotations

import pytest

from bot.offline import OfflineDriver
from rules.errors import RuleError
from rules.its.decks import find_card
from rules.its.scoring import ScoreInputError, _whole
from rules.its.tiers import Tier
from rules.text import MAX_DIGITS, parse_whole, small_number

DIGITS = ("9" * 4301, "9" * 6000, "#" + "1" * 5000, "0" * 4400 + "3")


def ephemeral_answer(reply) -> str:  # type: ignore[no-untyped-def]
    assert reply.answered and reply.message.ephemeral, reply.text
    assert "Incident `" not in reply.text and len(reply.text) < 600, reply.text
    return reply.text


@pytest.mark.parametrize("digits", DIGITS)
async def test_a_card_named_by_thousands_of_digits_is_refused_with_the_numbers_in_play(
    driver: OfflineDriver, digits: str
) -> None:
    looked_up = ephemeral_answer(await driver.command("its classified card", name=digits))
    assert "numbered 1 to" in looked_up
    channel = driver.add_channel("printed")
    recorded = ephemeral_answer(
        await driver.command(
            "its classified record", cards=f"{digits}, 3", mission="Frostbyte", channel=channel
        )
    )
    assert "card number" in recorded or "card's name" in recorded


@pytest.mark.parametrize("digits", DIGITS)
def test_rules_read_no_more_digits_than_they_need(digits: str) -> None:
    assert small_number(digits) is None
    assert find_card([], digits) is None
    with pytest.raises(RuleError, match="from 1 to 40"):
        parse_whole(digits, 1, 40, "a card number")
    with pytest.raises(RuleError, match="is not an ITS tier"):
        Tier.parse(digits)
    with pytest.raises(ScoreInputError, match="whole number from 0 to 10"):
        _whole(digits, "Objective Points", 0, 10)


def test_small_numbers_still_read() -> None:
    assert small_number("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert parse_whole("-3", -5, 5, "a modifier") == -3
    assert Tier.parse("300") is Tier.T300
