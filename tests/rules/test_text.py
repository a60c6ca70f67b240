"""rules.text: the pure cleaning of typed text and the reading of typed numbers (issue 26)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.text import BIDI, ZERO_WIDTH, _joins_emoji, clean_text, parse_whole, small_number

UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")


@given(st.text())
def test_clean_text_leaves_no_control_bidi_or_zero_width_character(text: str) -> None:
    for multiline in (False, True):
        out = clean_text(text, multiline=multiline)
        assert not UNSAFE.search(out)
        assert not set(out) & (BIDI | ZERO_WIDTH - {"\u200d"})
        assert all(c != "\u200d" or _joins_emoji(out, i) for i, c in enumerate(out))
        assert not any(0xD800 <= ord(c) <= 0xDFFF for c in out)
        assert ("\n" in out) <= multiline
        assert clean_text(out, multiline=multiline) == out  # once is enough


@given(st.text(), st.integers(min_value=1, max_value=200))
def test_clean_text_caps_the_length(text: str, limit: int) -> None:
    assert len(clean_text(text, limit)) <= limit


def test_clean_text_keeps_every_script_and_emoji() -> None:
    assert clean_text("Ζωή 生活 حياة 🎲 Kai's") == "Ζωή 生活 حياة 🎲 Kai's"
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    assert clean_text(f"{family} Cup") == f"{family} Cup"
    assert clean_text("K\u200da\u200bi") == "Kai"  # a joiner between letters hides nothing useful


@given(st.text(max_size=6000), st.integers(-1000, 1000), st.integers(0, 1000))
def test_parse_whole_reads_or_refuses_with_the_range(text: str, low: int, span: int) -> None:
    high = low + span
    try:
        value = parse_whole(text, low, high, "a count")
    except RuleError as error:
        assert f"from {low} to {high}" in str(error) and len(str(error)) < 200
    else:
        assert low <= value <= high


@pytest.mark.parametrize("digits", [4301, 6000, 100_000])
def test_thousands_of_digits_are_refused_before_python_reads_them(digits: int) -> None:
    assert small_number("7" * digits) is None
    with pytest.raises(RuleError, match="from 1 to 6"):
        parse_whole("7" * digits, 1, 6, "a die")
