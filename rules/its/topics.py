"""General ITS rules topics: schema, loader and fuzzy look-up.

Topics live in ``data/its/rules/*.yaml``, one file per section. Each topic is a short summary in
our own words, sized for a Discord embed: ``body`` is the first page and ``pages`` holds any
more, each at most :data:`MAX_PAGE_CHARS` characters. A topic may carry a small table.

>>> library = load_topics_strict()
>>> library.lookup("swiss pairing").id
'pairings'
>>> library.lookup("byes").section
<TopicSection.TOURNAMENT: 'tournament'>
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from rapidfuzz import fuzz, process, utils

from rules.content import describe_problems
from rules.errors import ContentError, NotFoundError
from rules.i18n import _
from rules.its.decks import read_content_file

#: Where the shipped topics live, relative to the repository root.
DEFAULT_TOPIC_DIR = Path(__file__).resolve().parents[2] / "data" / "its" / "rules"

#: One page must fit a Discord embed description (4096) with room for a title and table.
MAX_PAGE_CHARS = 3500
#: A guard against a runaway file.
MAX_PAGES = 6
#: Below this fuzzy score a query is "not found" (with suggestions).
MATCH_THRESHOLD = 70
#: Names and queries shorter than this (letters and digits) only match exactly.
MIN_FUZZY_CHARS = 4
#: Longest query we fuzzy-match; longer input is cut, not rejected.
MAX_QUERY_CHARS = 100

_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class TopicSection(StrEnum):
    """The part of the ITS document a topic comes from."""

    BASIC = "basic"
    TOURNAMENT = "tournament"
    SEASON14 = "season14"
    EXTRAS = "extras"
    CLASSIFIED = "classified"

    @property
    def title(self) -> str:
        """Human title of the section."""
        return {
            TopicSection.BASIC: "ITS basic rules",
            TopicSection.TOURNAMENT: "Tournament rules",
            TopicSection.SEASON14: "Season 14 rules",
            TopicSection.EXTRAS: "Extras",
            TopicSection.CLASSIFIED: "Classified objectives",
        }[self]


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.casefold())


class TopicTable(BaseModel):
    """A small table shown under the text (every row as long as the header)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    columns: list[str] = Field(min_length=1, max_length=12)
    rows: list[list[str]] = Field(min_length=1, max_length=30)

    @field_validator("rows", mode="before")
    @classmethod
    def _cells_as_text(cls, value: object) -> object:
        if isinstance(value, list):
            return [[str(c) for c in row] if isinstance(row, list) else row for row in value]
        return value

    @model_validator(mode="after")
    def _rectangular(self) -> TopicTable:
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(
                    f"row {i + 1} has {len(row)} cells but there are {len(self.columns)} columns"
                )
        return self

    def as_markdown(self) -> str:
        """The table as a Markdown pipe table.

        >>> print(TopicTable(columns=["A", "B"], rows=[["1", "2"]]).as_markdown())
        | A | B |
        | --- | --- |
        | 1 | 2 |
        """
        lines = [
            "| " + " | ".join(self.columns) + " |",
            "| " + " | ".join("---" for _ in self.columns) + " |",
        ]
        lines.extend("| " + " | ".join(row) + " |" for row in self.rows)
        return "\n".join(lines)


class Topic(BaseModel):
    """One look-up topic."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=2, max_length=40)
    title: str = Field(min_length=2, max_length=80)
    aliases: list[str] = Field(default_factory=list, max_length=30)
    section: TopicSection
    body: str = Field(min_length=1, max_length=MAX_PAGE_CHARS)
    pages: list[str] = Field(default_factory=list, max_length=MAX_PAGES - 1)
    table: TopicTable | None = None
    see_also: list[str] = Field(default_factory=list)

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _SLUG.match(value):
            raise ValueError("use lower-case letters, digits and '-' (for example 'secure-hvt')")
        return value

    @field_validator("pages")
    @classmethod
    def _page_size(cls, pages: list[str]) -> list[str]:
        for i, page in enumerate(pages):
            if not page.strip():
                raise ValueError(f"page {i + 2} is empty")
            if len(page) > MAX_PAGE_CHARS:
                raise ValueError(
                    f"page {i + 2} has {len(page)} characters; split it (at most {MAX_PAGE_CHARS})"
                )
        return pages

    @property
    def all_pages(self) -> list[str]:
        """Body first, then the extra pages, each stripped of trailing space."""
        return [p.strip() for p in [self.body, *self.pages]]

    def names(self) -> list[str]:
        """Every name the topic answers to: id, title and aliases."""
        return [self.id, self.title, *self.aliases]


class TopicFile(BaseModel):
    """One YAML file: a section and its topics (each topic's section comes from the file)."""

    model_config = ConfigDict(extra="forbid")

    section: TopicSection
    topics: list[dict[str, object]] = Field(min_length=1)


class TopicMatch(BaseModel):
    """A search hit with its score (0-100)."""

    topic: Topic
    score: float


class TopicLibrary(BaseModel):
    """All loaded topics, with exact and fuzzy look-up."""

    topics: dict[str, Topic] = Field(default_factory=dict)

    def __iter__(self) -> Iterator[Topic]:  # type: ignore[override]
        return iter(self.topics.values())

    def __len__(self) -> int:
        return len(self.topics)

    def get(self, topic_id: str) -> Topic:
        """The topic with this exact id (raises :class:`NotFoundError`)."""
        try:
            return self.topics[topic_id]
        except KeyError:
            raise NotFoundError(
                _("There is no ITS rules topic with the id {topic_id}.", topic_id=f"{topic_id!r}")
            ) from None

    def by_section(self, section: TopicSection) -> list[Topic]:
        """Topics of one section, in file order.

        >>> [t.id for t in load_topics_strict().by_section(TopicSection.EXTRAS)][:2]
        ['extras', 'escalation']
        """
        return [t for t in self.topics.values() if t.section is section]

    def _choices(self) -> dict[str, list[str]]:
        """Normalized name -> topic ids (a list, in case two topics share a word)."""
        out: dict[str, list[str]] = {}
        for t in self.topics.values():
            for name in t.names():
                ids = out.setdefault(_norm(name), [])
                if t.id not in ids:
                    ids.append(t.id)
        return out

    def search(self, query: str, *, limit: int = 5) -> list[TopicMatch]:
        """Topics ranked by how well ``query`` matches their id, title or aliases.

        >>> [m.topic.id for m in load_topics_strict().search("secure the hvt", limit=1)]
        ['secure-hvt']
        """
        query = query.strip()[:MAX_QUERY_CHARS]
        if not query:
            return []
        exact = self._choices().get(_norm(query), [])
        best: dict[str, float] = dict.fromkeys(exact, 100.0)
        if len(_norm(query)) < MIN_FUZZY_CHARS:
            return [TopicMatch(topic=self.topics[i], score=100.0) for i in exact[:limit]]
        # Very short names ("TO", "TP") only match exactly: fuzzily they match half the library.
        names: list[tuple[str, str]] = [
            (name, t.id)
            for t in self.topics.values()
            for name in t.names()
            if len(_norm(name)) >= MIN_FUZZY_CHARS
        ]
        hits = process.extract(
            query,
            [n for n, _ in names],
            scorer=fuzz.WRatio,
            processor=utils.default_process,
            limit=max(limit * 6, 20),
        )
        for _unused, score, index in hits:
            topic_id = names[index][1]
            best[topic_id] = max(best.get(topic_id, 0.0), float(score))
        ranked = sorted(best.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
        return [TopicMatch(topic=self.topics[i], score=s) for i, s in ranked]

    def lookup(self, query: str) -> Topic:
        """The best topic for ``query``; raises :class:`NotFoundError` with suggestions.

        >>> load_topics_strict().lookup("K factor").id
        'its-rating'
        """
        matches = self.search(query, limit=3)
        if matches and matches[0].score >= MATCH_THRESHOLD:
            return matches[0].topic
        hint = ", ".join(f"{m.topic.title} (`{m.topic.id}`)" for m in matches)
        typed = repr(query.strip()[:MAX_QUERY_CHARS])
        if hint:
            raise NotFoundError(
                _("No ITS rules topic matches {value}. Closest: {closest}.", value=typed, closest=hint)
            )
        raise NotFoundError(_("No ITS rules topic matches {value}.", value=typed))

    def autocomplete(self, current: str, *, limit: int = 25) -> list[Topic]:
        """Topics for a slash-command autocomplete: everything when empty, else the best matches.

        >>> len(load_topics_strict().autocomplete("", limit=3))
        3
        """
        if not current.strip():
            return list(self.topics.values())[:limit]
        return [m.topic for m in self.search(current, limit=limit) if m.score >= 50]


class TopicLoad(BaseModel):
    """What :func:`load_topics` found: the library and the errors of the files it skipped."""

    library: TopicLibrary = Field(default_factory=TopicLibrary)
    errors: list[str] = Field(default_factory=list)


def load_topic_file(path: Path) -> list[Topic]:
    """Load one section file; raises :class:`ContentError` naming the file, field and reason.

    >>> load_topic_file(DEFAULT_TOPIC_DIR / "extras.yaml")[0].id
    'extras'
    """
    file = read_content_file(path, TopicFile)
    topics: list[Topic] = []
    for i, raw in enumerate(file.topics):
        data = {**raw, "section": raw.get("section", file.section.value)}
        try:
            topics.append(Topic.model_validate(data))
        except ValidationError as exc:
            problems = describe_problems(exc, prefix=f"topics.{i}.")
            raise ContentError(f"{path}: topic {raw.get('id', i)!r}: {problems}.") from exc
    return topics


def load_topics(directory: Path = DEFAULT_TOPIC_DIR) -> TopicLoad:
    """Load every ``*.yaml`` topic file, skipping bad files and collecting their errors.

    Also reports duplicate ids and ``see_also`` links to missing topics.

    >>> load_topics().errors
    []
    """
    result = TopicLoad()
    for path in sorted(directory.glob("*.yaml")):
        try:
            topics = load_topic_file(path)
        except ContentError as exc:
            result.errors.append(exc.message)
            continue
        clash = [t.id for t in topics if t.id in result.library.topics]
        if clash:
            result.errors.append(
                f"{path}: field id: topic id(s) {', '.join(clash)} already used in another file."
            )
            continue
        for t in topics:
            result.library.topics[t.id] = t
    for t in result.library.topics.values():
        missing = [ref for ref in t.see_also if ref not in result.library.topics]
        if missing:
            result.errors.append(f"topic {t.id!r}: field see_also: unknown topic(s) {', '.join(missing)}.")
    return result


def load_topics_strict(directory: Path = DEFAULT_TOPIC_DIR) -> TopicLibrary:
    """Load every topic file; raise :class:`ContentError` listing every problem.

    >>> len(load_topics_strict()) > 30
    True
    """
    result = load_topics(directory)
    if result.errors:
        raise ContentError(" | ".join(result.errors))
    return result.library
