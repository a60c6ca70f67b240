"""The Classified Deck schema, loaders and card look-up."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.errors import ContentError, NotFoundError, RuleError
from rules.its.decks import (
    DEFAULT_DECK_DIR,
    Deck,
    DeckKind,
    decks_of_kind,
    find_by_number,
    find_card,
    load_deck,
    load_decks,
    load_decks_strict,
    normalize,
    pick_decks,
)

N4_UPDATE_CARDS = [
    "Predator",
    "Experimental Drug",
    "Nanoespionage",
    "HVT: Identity Check",
    "In Extremis Recovery",
    "HVT: Inoculation",
    "HVT: Retroengineering",
]

GOOD_DECK = """\
id: club-red
name: Club red deck
season: "14"
kind: extreme
cards:
  - {number: 1, name: "Sabotage", requirements: "D-Charges.", objective: "Blow it up.", sourced: false}
  - {number: 2, name: "HVT: Espionage", requirements: "Hacker.", objective: "Hack the HVT.", sourced: true}
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def its14() -> Deck:
    return load_decks_strict()["its14-standard"]


@pytest.fixture(scope="module")
def its18() -> Deck:
    return load_decks_strict()["its18-operations"]


def test_its14_deck_has_the_n4_update_cards(its14: Deck) -> None:
    names = {c.name for c in its14.cards}
    assert set(N4_UPDATE_CARDS) <= names
    assert len(its14.cards) == 20
    assert its14.kind is DeckKind.STANDARD


def test_its14_deck_claims_nothing_it_could_not_confirm(its14: Deck) -> None:
    assert all(not c.sourced for c in its14.cards)
    assert all(c.number is None for c in its14.cards)
    assert "not confirmed" in its14.notes.lower()


@pytest.mark.parametrize(
    ("number", "name"),
    [
        (1, "HVT: Follow-Up"),
        (6, "HVT: Inoculation"),
        (12, "Nanoespionage"),
        (17, "Predator"),
        (20, "HVT: Assassination"),
    ],
)
def test_its18_numbers_match_the_audit(its18: Deck, number: int, name: str) -> None:
    assert its18.find(number).name == name


def test_hvt_flag_defaults_from_the_name(its18: Deck) -> None:
    assert its18.find("HVT: Espionage").hvt is True
    assert its18.find("Sabotage").hvt is False


@pytest.mark.parametrize("ref", ["Inoculation", "hvt inoculation", "HVT: INOCULATION", "  inoculation "])
def test_find_by_name_ignores_case_punctuation_and_the_hvt_prefix(its14: Deck, ref: str) -> None:
    assert its14.find(ref).name == "HVT: Inoculation"


def test_find_by_number_accepts_a_hash(its18: Deck) -> None:
    assert its18.find("#7").name == "Sabotage"


def test_unknown_name_suggests_close_names(its14: Deck) -> None:
    with pytest.raises(NotFoundError, match="Did you mean Predator"):
        its14.find("predatr")


def test_number_lookup_on_an_unnumbered_deck_says_to_use_the_name(its14: Deck) -> None:
    with pytest.raises(NotFoundError, match="give the card's name"):
        its14.find(3)


def test_number_out_of_range(its18: Deck) -> None:
    with pytest.raises(NotFoundError, match="numbered 1-20"):
        its18.find(21)


def test_find_card_returns_none_for_blank() -> None:
    assert find_card([], "") is None


def test_normalize() -> None:
    assert normalize("HVT: Follow-Up") == "hvtfollowup"


def test_an_organiser_deck_loads(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path, "red.yaml", GOOD_DECK))
    assert deck.kind is DeckKind.EXTREME
    assert decks_of_kind([deck], DeckKind.EXTREME) == [deck]


@pytest.mark.parametrize(
    ("text", "field", "reason"),
    [
        (GOOD_DECK.replace("kind: extreme", "kind: purple"), "kind", "standard"),
        (GOOD_DECK.replace("number: 2", "number: 1"), "(top level)", "number 1 appears twice"),
        (GOOD_DECK.replace('"HVT: Espionage"', '"sabotage"'), "(top level)", "appears twice"),
        (GOOD_DECK.replace("id: club-red", "id: Club Red"), "id", "lower-case"),
        (GOOD_DECK.replace(", sourced: true", ""), "cards.1.sourced", "required"),
        (GOOD_DECK + "colour: red\n", "colour", "Extra inputs"),
    ],
)
def test_invalid_deck_names_file_field_and_reason(tmp_path: Path, text: str, field: str, reason: str) -> None:
    path = write(tmp_path, "bad.yaml", text)
    with pytest.raises(ContentError) as info:
        load_deck(path)
    message = str(info.value)
    assert "bad.yaml" in message
    assert f"field {field}" in message
    assert reason in message


def test_yaml_syntax_error_and_non_mapping(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="not valid YAML"):
        load_deck(write(tmp_path, "a.yaml", "cards: [\n"))
    with pytest.raises(ContentError, match="mapping"):
        load_deck(write(tmp_path, "b.yaml", "- just a list\n"))


def test_tolerant_loader_skips_bad_files_and_strict_one_raises(tmp_path: Path) -> None:
    write(tmp_path, "good.yaml", GOOD_DECK)
    write(tmp_path, "broken.yaml", GOOD_DECK.replace("kind: extreme", "kind: purple"))
    write(tmp_path, "twin.yaml", GOOD_DECK)
    result = load_decks(tmp_path)
    assert list(result.decks) == ["club-red"]
    assert len(result.errors) == 2
    assert any("broken.yaml" in e for e in result.errors)
    assert any("already used" in e for e in result.errors)
    with pytest.raises(ContentError, match=r"broken\.yaml"):
        load_decks_strict(tmp_path)


def test_content_error_is_a_rule_error(tmp_path: Path) -> None:
    with pytest.raises(RuleError):
        load_deck(tmp_path / "missing.yaml")


def test_shipped_directory_has_no_extreme_deck() -> None:
    decks = load_decks_strict(DEFAULT_DECK_DIR)
    assert decks_of_kind(decks.values(), DeckKind.EXTREME) == []


def test_pick_decks(tmp_path: Path) -> None:
    shipped = load_decks_strict()
    green, red = pick_decks(shipped)
    assert green is not None and green.id == "its14-standard" and red is None
    assert pick_decks(shipped, standard_id="its18-operations")[0] == shipped["its18-operations"]
    with pytest.raises(NotFoundError, match="loaded: its14-standard, its18-operations"):
        pick_decks(shipped, standard_id="nope")
    with pytest.raises(NotFoundError, match="pick an extreme deck"):
        pick_decks(shipped, extreme_id="its18-operations")
    write(tmp_path, "red.yaml", GOOD_DECK)
    assert pick_decks({**shipped, **load_decks_strict(tmp_path)})[1] is not None


def _deck(deck_id: str, season: str, cards: list[tuple[int | None, str]]) -> Deck:
    return Deck.model_validate(
        {
            "id": deck_id,
            "name": deck_id,
            "season": season,
            "kind": "standard",
            "cards": [{"number": n, "name": name, "sourced": False} for n, name in cards],
        }
    )


def test_numbers_look_up_the_current_season_first() -> None:
    """Issue 25.10: a number never silently gives a later season's card."""
    s14 = _deck("s14", "ITS Season 14", [(3, "Sabotage"), (4, "Capture")])
    s18 = _deck("s18", "ITS Season 18", [(3, "Telemetry"), (9, "Mapping")])
    assert find_by_number([s18, s14], 3) == (s14, s14.cards[0])
    with pytest.raises(
        NotFoundError, match=r"No ITS Season 14 deck has a card number 9.*#9 is Mapping \(ITS Season 18\)"
    ):
        find_by_number([s14, s18], 9)
    unnumbered = _deck("s14", "ITS Season 14", [(None, "Sabotage")])
    with pytest.raises(NotFoundError, match=r"not confirmed.*#3 is Telemetry"):
        find_by_number([unnumbered, s18], 3)
    # Only another season loaded: its numbers are all there is.
    assert find_by_number([s18], 9) == (s18, s18.cards[1])
    with pytest.raises(NotFoundError, match="No loaded deck has a card number 5"):
        find_by_number([s18], 5)


def test_shipped_decks_do_not_answer_a_number_with_season_18() -> None:
    decks = load_decks().decks.values()
    with pytest.raises(NotFoundError, match="ITS Season 14"):
        find_by_number(decks, 3)


@pytest.mark.parametrize("typed", ["12", "#12", "# 12", " #12 "])
def test_a_card_number_reads_the_same_however_it_is_typed(its18: Deck, typed: str) -> None:
    # Issue 34, item 21: three copies of the number reading differed: find_card missed "# 12".
    wanted = next(c for c in its18.cards if c.number == 12)
    assert find_card(its18.cards, typed) == wanted
    assert its18.find(typed) == wanted
    assert find_card(its18.cards, "#" + "9" * 5000) is None  # a number, too long for any card
