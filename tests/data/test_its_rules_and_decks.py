"""Every shipped ITS rules topic and Classified Deck file validates and stays embed-sized."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.its.decks import DEFAULT_DECK_DIR, DeckKind, load_deck, load_decks_strict
from rules.its.topics import (
    DEFAULT_TOPIC_DIR,
    MAX_PAGE_CHARS,
    TopicSection,
    load_topic_file,
    load_topics_strict,
)

TOPIC_FILES = sorted(DEFAULT_TOPIC_DIR.glob("*.yaml"))
DECK_FILES = sorted(DEFAULT_DECK_DIR.glob("*.yaml"))

#: Embed description limit; a page plus its table must fit.
EMBED_LIMIT = 4096


@pytest.mark.parametrize("path", TOPIC_FILES, ids=lambda p: p.name)
def test_topic_file_validates(path: Path) -> None:
    assert load_topic_file(path)


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_deck_file_validates(path: Path) -> None:
    deck = load_deck(path)
    assert deck.id == path.stem


def test_whole_directories_load_strictly() -> None:
    assert len(load_topics_strict()) >= 40
    assert "its14-standard" in load_decks_strict()


def test_every_section_has_a_file() -> None:
    assert {p.stem for p in TOPIC_FILES} >= {"basic", "tournament", "season14", "extras", "classified"}
    library = load_topics_strict()
    assert {t.section for t in library} == set(TopicSection)


def test_pages_fit_an_embed_with_their_table() -> None:
    for topic in load_topics_strict():
        table = len(topic.table.as_markdown()) if topic.table else 0
        for page in topic.all_pages:
            assert len(page) <= MAX_PAGE_CHARS, topic.id
            assert len(page) + table + len(topic.title) < EMBED_LIMIT, topic.id


def test_names_do_not_collide_between_topics() -> None:
    owner: dict[str, str] = {}
    for topic in load_topics_strict():
        for name in topic.names():
            key = "".join(ch for ch in name.casefold() if ch.isalnum())
            assert owner.setdefault(key, topic.id) == topic.id, (
                f"{name!r} used by {owner[key]} and {topic.id}"
            )


def test_the_seed_topics_are_all_there() -> None:
    ids = {t.id for t in load_topics_strict()}
    expected = {
        "byes",
        "pairings",
        "keeping-score",
        "final-scores",
        "tournament-rounds",
        "tournament-tiers",
        "token-diameters",
        "specialist-troops",
        "civilians",
        "civevac",
        "casevac",
        "designated-target",
        "long-service",
        "tachimotos",
        "escalation",
        "free-game",
        "spec-ops",
        "soldiers-of-fortune",
        "reinforced-command",
        "double-deck",
        "cqb",
        "direct-action",
        "classified-selection",
        "intelcom",
        "classified-deck",
        "n4-card-update",
        "hvt-model",
        "secure-hvt",
    }
    assert expected <= ids


def test_unsourced_cards_say_so() -> None:
    # What is not confirmed is said once, in the deck's notes (players see the known facts and a
    # line pointing to the printed card, issue 15 item 8), never in the card's own text.
    for deck in load_decks_strict().values():
        if any(not card.sourced for card in deck.cards):
            assert re.search(r"not (confirmed|known)|is not\b", deck.notes.lower()), deck.id
        for card in deck.cards:
            text = f"{card.requirements} {card.objective}".lower()
            assert "not confirmed" not in text and "later deck" not in text, card.name


def test_no_extreme_deck_is_invented() -> None:
    assert all(d.kind is DeckKind.STANDARD for d in load_decks_strict().values())
