"""ITS rules topics: the schema, the loaders and the fuzzy look-up."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.errors import ContentError, NotFoundError
from rules.its.topics import (
    MAX_PAGE_CHARS,
    Topic,
    TopicLibrary,
    TopicSection,
    TopicTable,
    load_topic_file,
    load_topics,
    load_topics_strict,
)


@pytest.fixture(scope="module")
def library() -> TopicLibrary:
    return load_topics_strict()


@pytest.mark.parametrize(
    ("query", "topic_id"),
    [
        ("byes", "byes"),
        ("bye", "byes"),
        ("Swiss", "pairings"),
        ("tiebreak", "final-scores"),
        ("offensive bonus", "keeping-score"),
        ("TP", "keeping-score"),
        ("how many rounds", "tournament-rounds"),
        ("token", "token-diameters"),
        ("K factor", "its-rating"),
        ("elo", "its-rating"),
        ("SWC", "tournament-tiers"),
        ("civ evac", "civevac"),
        ("CasEvac", "casevac"),
        ("tachimoto", "tachimotos"),
        ("mercs", "soldiers-of-fortune"),
        ("double deck", "double-deck"),
        ("CQB", "cqb"),
        ("intelcom", "intelcom"),
        ("secure the HVT", "secure-hvt"),
        ("HVT", "hvt-model"),
        ("highly classified", "classified-variants"),
        ("countermeasures", "classified-variants"),
        ("N4 update", "n4-card-update"),
        ("TO", "event-organizers"),
        ("what is intelcom", "intelcom"),
    ],
)
def test_lookup(library: TopicLibrary, query: str, topic_id: str) -> None:
    assert library.lookup(query).id == topic_id


def test_lookup_miss_suggests(library: TopicLibrary) -> None:
    with pytest.raises(NotFoundError, match="No ITS rules topic matches 'xyzzy'"):
        library.lookup("xyzzy")


def test_short_queries_only_match_exactly(library: TopicLibrary) -> None:
    assert library.search("k") == []
    with pytest.raises(NotFoundError):
        library.lookup("k")


def test_empty_and_huge_queries_are_safe(library: TopicLibrary) -> None:
    assert library.search("   ") == []
    assert library.search("byes " * 500)  # cut, not rejected


def test_get_and_sections(library: TopicLibrary) -> None:
    assert library.get("secure-hvt").section is TopicSection.CLASSIFIED
    with pytest.raises(NotFoundError):
        library.get("nope")
    for section in TopicSection:
        assert library.by_section(section), section
        assert section.title


def test_autocomplete(library: TopicLibrary) -> None:
    assert len(library.autocomplete("", limit=25)) == 25
    assert library.autocomplete("byes")[0].id == "byes"


def test_table_markdown_and_shape() -> None:
    table = TopicTable(columns=["Players", "Rounds"], rows=[["4-8", 3]])
    assert table.rows == [["4-8", "3"]]
    assert "| 4-8 | 3 |" in table.as_markdown()
    with pytest.raises(ValueError, match="row 1 has 1 cells"):
        TopicTable(columns=["A", "B"], rows=[["x"]])


def test_pages_are_bounded() -> None:
    base = {"id": "t-1", "title": "Test", "section": "basic", "body": "x"}
    Topic.model_validate({**base, "pages": ["y" * MAX_PAGE_CHARS]})
    with pytest.raises(ValueError, match="split it"):
        Topic.model_validate({**base, "pages": ["y" * (MAX_PAGE_CHARS + 1)]})
    with pytest.raises(ValueError):
        Topic.model_validate({**base, "body": "y" * (MAX_PAGE_CHARS + 1)})


def test_all_pages_order() -> None:
    topic = Topic(id="t-1", title="Test", section=TopicSection.BASIC, body="one\n", pages=["two"])
    assert topic.all_pages == ["one", "two"]


GOOD = """\
section: extras
topics:
  - id: house-rule
    title: House rule
    aliases: [house]
    body: A rule of our club.
"""


def test_organiser_topic_file_loads(tmp_path: Path) -> None:
    (tmp_path / "club.yaml").write_text(GOOD, encoding="utf-8")
    library = load_topics_strict(tmp_path)
    assert library.lookup("house").section is TopicSection.EXTRAS


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (GOOD.replace("section: extras", "section: lore"), "field section"),
        (GOOD.replace("id: house-rule", "id: House Rule"), "field topics.0.id"),
        (GOOD.replace("    body: A rule of our club.\n", ""), "field topics.0.body"),
        (GOOD + "    see_also: [ghost]\n", "field see_also: unknown topic(s) ghost"),
    ],
)
def test_bad_topic_files_are_reported(tmp_path: Path, text: str, needle: str) -> None:
    (tmp_path / "club.yaml").write_text(text, encoding="utf-8")
    result = load_topics(tmp_path)
    assert any(needle in e for e in result.errors), result.errors
    with pytest.raises(ContentError):
        load_topics_strict(tmp_path)


def test_duplicate_ids_across_files_skip_the_second(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(GOOD, encoding="utf-8")
    result = load_topics(tmp_path)
    assert list(result.library.topics) == ["house-rule"]
    assert "b.yaml" in result.errors[0]


def test_load_topic_file_names_the_topic(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(GOOD.replace("title: House rule", "title: H"), encoding="utf-8")
    with pytest.raises(ContentError, match=r"x.yaml: topic 'house-rule': field topics.0.title"):
        load_topic_file(path)


# The seed's numbers, as carried into the topic tables.


def table(library: TopicLibrary, topic_id: str) -> list[list[str]]:
    topic = library.get(topic_id)
    assert topic.table is not None
    return topic.table.rows


def test_rounds_table(library: TopicLibrary) -> None:
    assert table(library, "tournament-rounds") == [["4-8", "3"], ["9-16", "4"], ["17+", "5"]]


def test_tournament_points_table(library: TopicLibrary) -> None:
    rows = {r[0]: r[1] for r in table(library, "keeping-score")}
    assert rows == {
        "Victory": "4",
        "Tie": "2",
        "Defeat": "0",
        "Offensive bonus": "+1",
        "Defensive bonus": "+1",
    }


def test_k_factor_table(library: TopicLibrary) -> None:
    rows = table(library, "its-rating")
    assert rows[0] == ["Tournament or league", "K + 15%", "K = 32", "K - 15%"]
    assert rows[1][1:] == ["K = 4"] * 3


def test_token_diameters(library: TopicLibrary) -> None:
    rows = dict(table(library, "token-diameters"))
    assert rows["Tech-Coffin"] == "40 mm"
    assert rows["CivEvac"] == "25 mm"
    assert len(rows) == 10


def test_byes_worth_three_points(library: TopicLibrary) -> None:
    assert "3 TP" in library.get("byes").body
