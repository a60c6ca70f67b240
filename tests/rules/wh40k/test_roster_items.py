"""The work one roster file may cost is bounded by what it holds, not only by its bytes (issue 38,
item 33): a small zip of millions of tiny elements is refused where a big real roster never is."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from rules.wh40k import roster as parser
from rules.wh40k.roster import MAX_ITEMS, MAX_ROSTER_BYTES, MAX_UNPACKED_BYTES, RosterError, parse_roster
from tests import rosters


def _items_of_xml(data: bytes) -> int:
    root = ET.fromstring(data)
    return sum(1 + len(e.attrib) for e in root.iter())


def _values_of_json(data: bytes) -> int:
    def count(value: object) -> int:
        if isinstance(value, dict):
            return 1 + sum(count(v) for v in value.values())
        if isinstance(value, list):
            return 1 + sum(count(v) for v in value)
        return 1

    return count(json.loads(data))


def test_a_big_real_shaped_roster_stays_far_under_the_cap() -> None:
    """A 10,000-point list (five tournament lists, 100 units) uses under a fifth of the cap in XML
    and under a quarter in JSON."""
    tree = rosters.strike_force(10_000)
    ros, js = rosters.as_ros(tree), rosters.as_json(tree)
    assert _items_of_xml(ros) * 5 < MAX_ITEMS
    assert (js.count(b",") + js.count(b"{") + js.count(b"[")) * 4 < MAX_ITEMS
    assert _values_of_json(js) * 4 < MAX_ITEMS
    for data, name in ((rosters.as_rosz(tree), "big.rosz"), (rosters.zipped({"big.json": js}), "big.zip")):
        assert len(parse_roster(data, name).units) == 100


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many elements the XML parser started (one count per element, appended as it goes)."""
    counts: list[int] = []
    real = parser._CountingBuilder.start

    def counted(self: parser._CountingBuilder, tag: str, attrs: dict[str, str]) -> ET.Element:
        counts.append(1 + len(attrs))
        return real(self, tag, attrs)

    monkeypatch.setattr(parser._CountingBuilder, "start", counted)
    return counts


def test_a_zip_of_tiny_elements_is_refused_before_it_is_parsed(started: list[int]) -> None:
    """8 KB unpacking to 2 million ``<a/>``: its tags are counted in C, and no element is built."""
    tiny = b"<a/>" * ((MAX_UNPACKED_BYTES - 64) // 4)
    bomb = rosters.zipped({"roster.ros": b"<roster>" + tiny + b"</roster>"})
    assert len(bomb) < 16 * 1024
    with pytest.raises(RosterError, match=r"`bomb\.rosz` holds more than 150,000 elements or values"):
        parse_roster(bomb, "bomb.rosz")
    assert started == []


@pytest.mark.parametrize("equals", [b'=""', b' = ""'])
def test_attributes_count_as_items_and_the_parser_stops_at_the_cap(equals: bytes, started: list[int]) -> None:
    """100 elements of 1,501 attributes each: few elements, past the cap. Written ``a = ""`` (as XML
    allows), the count before parsing misses them; the parser's own count stops at the cap."""
    many = b"".join(b" a%d%s" % (i, equals) for i in range(MAX_ITEMS // 100 + 1))
    bomb = rosters.zipped({"roster.ros": b"<roster>" + (b"<a" + many + b"/>") * 100 + b"</roster>"})
    with pytest.raises(RosterError, match="more than 150,000 elements or values"):
        parse_roster(bomb, "attrs.rosz")
    assert sum(started) <= MAX_ITEMS + MAX_ITEMS // 100 + 2
    assert (started != []) == (equals != b'=""')


@pytest.mark.parametrize("value", [b"[]", b"{}", b"0"])
def test_a_json_of_tiny_values_is_refused_before_it_is_parsed(
    value: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*_: object, **__: object) -> None:
        raise AssertionError("json.loads ran on a file over the cap")

    monkeypatch.setattr(parser.json, "loads", never)
    body = b",".join([value] * (MAX_ITEMS + 1))
    bomb = rosters.zipped({"roster.json": b'{"roster": {"forces": [' + body + b"]}}"})
    assert len(bomb) < MAX_ROSTER_BYTES
    with pytest.raises(RosterError, match=r"`bomb\.rosz` holds more than 150,000 elements or values"):
        parse_roster(bomb, "bomb.rosz")
