"""bot.text: names made inert for public messages, and pings by id only (issue 26, items 1-2)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from bot.text import kept_name, pinging, plain, public

TRICKS = st.sampled_from([*"[]()*_~`|#>-@<:\\&!", "everyone", "here", "123", "\u202e", "\n"])
HOSTILE = st.lists(st.one_of(TRICKS, st.text(max_size=3)))


@given(HOSTILE.map("".join))
def test_public_leaves_nothing_live(parts: str) -> None:
    shown = public(parts, 200)
    assert "\n" not in shown and "\u202e" not in shown
    # Every markdown character is escaped: removing the escapes leaves no bare one.
    bare = re.sub(r"\\.", "", shown)
    assert not re.search(r"[*_~`|>#\[\]()<:\\-]", bare)
    assert not re.search(r"@(everyone|here|[!&]?\d)", shown)


@given(st.text())
def test_plain_and_kept_names_are_one_clean_line(text: str) -> None:
    for out in (plain(text, 40), kept_name(text, 40)):
        assert "\n" not in out and len(out) <= 40 and "\x00" not in out
    assert not set(kept_name(text)) & set("\\*_~`|<>@#[]")


def test_public_keeps_ordinary_names_readable() -> None:
    assert public("Store Cup 2026") == "Store Cup 2026"
    assert public("Yu Jing") == "Yu Jing"
    assert public("x" * 300, 50).endswith("…") and len(public("x" * 300, 50)) == 50


def test_pinging_allows_only_the_ids_given() -> None:
    allowed = pinging([3, None, 1, 3]).to_dict()
    assert allowed == {"parse": [], "users": [1, 3]}


def test_form_fields_are_cleaned_as_they_arrive() -> None:
    from bot.views import form_values

    field = {"type": 4, "custom_id": "n", "value": "Ka\x00i\r\nLee\u202e"}
    data = {"components": [{"type": 1, "components": [field]}]}
    assert form_values(data) == {"n": "Kai\nLee"}
