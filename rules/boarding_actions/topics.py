"""Boarding Actions rules topics: schema, loader and fuzzy look-up.

Topics live in ``data/boarding_actions/rules/*.yaml``, one file per section, each a short summary
in our own words sized for a Discord embed. A stratagem or enhancement carries its facts as
``fields`` (CP, when, target, effect). The missions' own rules and Tactical Manoeuvres (Lights
Out, Download Data, Rapid Offence...) are looked up too: :func:`mission_rule_topics` turns them
into topics, one per rule name, saying which missions use it.

>>> library = load_rules()
>>> library.lookup("overwatch").id
'set-overwatch'
>>> library.lookup("download data").title
'Download Data'
>>> library.lookup("rock besieged").id
'mission-families'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import StrEnum
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from rules.boarding_actions.content import DATA_DIR, MissionLibrary, default_library
from rules.boarding_actions.lookup import MAX_QUERY_CHARS, SEARCH_CUTOFF, NameIndex, key_of
from rules.boarding_actions.missions import Mission
from rules.content import describe_problems, read_model
from rules.errors import ContentError, NotFoundError
from rules.i18n import N_, SOURCE, Translator, _, translator

DEFAULT_TOPIC_DIR = DATA_DIR / "rules"

#: One page must fit a Discord embed description (4096) with room for the fields.
MAX_BODY_CHARS = 3000
#: An embed field value is at most 1024 characters; keep well inside it.
MAX_FIELD_CHARS = 900
#: A guard against a runaway file.
MAX_TOPICS_PER_FILE = 60

_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class TopicSection(StrEnum):
    """Where in the game a topic belongs."""

    ADAPTATIONS = "adaptations"
    MANOEUVRES = "manoeuvres"
    STRATAGEMS = "stratagems"
    ENHANCEMENTS = "enhancements"
    MUSTERING = "mustering"
    BATTLE = "battle"
    TERRAIN = "terrain"
    MISSIONS = "missions"
    MISSION_RULES = "mission_rules"

    @property
    def title(self) -> str:
        """The section's English name, marked: translate it where it is shown."""
        return {
            TopicSection.ADAPTATIONS: N_("Rules adaptations"),
            TopicSection.MANOEUVRES: N_("Tactical Manoeuvres"),
            TopicSection.STRATAGEMS: N_("Stratagems"),
            TopicSection.ENHANCEMENTS: N_("Enhancements"),
            TopicSection.MUSTERING: N_("Mustering"),
            TopicSection.BATTLE: N_("Playing a battle"),
            TopicSection.TERRAIN: N_("Terrain"),
            TopicSection.MISSIONS: N_("Missions"),
            TopicSection.MISSION_RULES: N_("Mission rules"),
        }[self]


class TopicField(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    value: str = Field(min_length=1, max_length=MAX_FIELD_CHARS)


class Topic(BaseModel):
    """One look-up topic."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=2, max_length=60)
    title: str = Field(min_length=2, max_length=80)
    aliases: list[str] = Field(default_factory=list, max_length=20)
    section: TopicSection
    body: str = Field(min_length=1, max_length=MAX_BODY_CHARS)
    fields: list[TopicField] = Field(default_factory=list, max_length=8)
    see_also: list[str] = Field(default_factory=list)
    missions: list[str] = Field(default_factory=list)
    """Ids of the missions a mission rule belongs to."""

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _SLUG.match(value):
            raise ValueError("use lower-case letters, digits and '-' (for example 'set-overwatch')")
        return value

    def names(self) -> list[str]:
        return [self.title, *self.aliases, self.id]


class TopicFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    section: TopicSection
    topics: list[dict[str, object]] = Field(min_length=1, max_length=MAX_TOPICS_PER_FILE)


class RulesLibrary:
    """Every topic, found by id, title, alias or a close spelling."""

    def __init__(self, topics: Iterable[Topic]) -> None:
        self.topics: dict[str, Topic] = {}
        for topic in topics:
            self.topics.setdefault(topic.id, topic)
        self._index = NameIndex([(name, t.id) for t in self.topics.values() for name in t.names()])

    def __iter__(self) -> Iterator[Topic]:
        return iter(self.topics.values())

    def __len__(self) -> int:
        return len(self.topics)

    def get(self, topic_id: str) -> Topic:
        try:
            return self.topics[topic_id]
        except KeyError:
            raise NotFoundError(f"No Boarding Actions rules topic has the id {topic_id!r}.") from None

    def by_section(self, section: TopicSection | str) -> list[Topic]:
        section = TopicSection(section)
        return [t for t in self.topics.values() if t.section is section]

    def lookup(self, text: str) -> Topic:
        """The topic ``text`` surely names; :class:`NotFoundError` with the closest ones otherwise.

        >>> load_rules().lookup("strategic reserve").id
        'strategic-reserves'
        """
        text = text.strip()[:MAX_QUERY_CHARS]
        found = self._index.resolve(text) if text else None
        if found is not None:
            return self.topics[found]
        close = [self.topics[v].title for v in self.suggest(text)]
        if close:
            raise NotFoundError(
                _(
                    "No Boarding Actions rule is called {typed}. Did you mean {names}?",
                    typed=repr(text),
                    names=", ".join(close),
                )
            )
        raise NotFoundError(_("No Boarding Actions rule is called {typed}.", typed=repr(text)))

    def suggest(self, text: str, *, limit: int = 3) -> list[str]:
        """Ids of the topics closest to ``text`` (for "did you mean" buttons)."""
        return self._index.suggest(text, limit=limit)

    def search(self, text: str, *, limit: int = 25) -> list[Topic]:
        """Topics for an autocomplete: all when empty, else the close ones, best first."""
        if not key_of(text):
            return list(self.topics.values())[:limit]
        return [self.topics[h.value] for h in self._index.search(text, limit=limit, cutoff=SEARCH_CUTOFF)]

    def choices(
        self, text: str, *, limit: int = 25, t: Translator | None = None
    ) -> list[tuple[str, str]]:
        """``(label, id)`` pairs for an autocomplete: ``("Set Overwatch (Tactical Manoeuvres)", ...)``,
        the section named in ``t``'s language (English by default)."""
        words = t or translator(SOURCE)
        return [
            (words(_("{title} ({section})", title=topic.title, section=_(topic.section.title))), topic.id)
            for topic in self.search(text, limit=limit)
        ]


class RulesLoad(BaseModel):
    """The topics found, and the errors of the files or topics skipped."""

    topics: list[Topic] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)


def load_topic_file(path: Path) -> list[Topic]:
    """One section file; ContentError names the file, the topic, the field and the reason."""
    file = read_model(path, TopicFile)
    topics: list[Topic] = []
    for i, raw in enumerate(file.topics):
        try:
            topics.append(Topic.model_validate({"section": file.section.value, **raw}))
        except ValidationError as exc:
            problems = describe_problems(exc, prefix=f"topics.{i}.")
            raise ContentError(f"{path.name}: topic {raw.get('id', i)!r}: {problems}.") from exc
    return topics


def mission_rule_topics(missions: Iterable[Mission]) -> list[Topic]:
    """A topic per mission rule, Tactical Manoeuvre or objective name, naming every mission that
    has it (one paragraph per mission when they differ).

    >>> teeth = default_library().get("pull-their-teeth")
    >>> [t.title for t in mission_rule_topics([teeth])]
    ['Rapid Offence', 'Control Node', 'Destroy Ground Targets', 'Seize the Guns']
    """
    grouped: dict[str, list[tuple[Mission, str, str, str]]] = {}
    for mission in missions:
        for rule in mission.rules:
            row = (mission, rule.name, rule.summary, "mission rule")
            grouped.setdefault(key_of(rule.name), []).append(row)
        for rule in mission.manoeuvres:
            grouped.setdefault(key_of(rule.name), []).append(
                (mission, rule.name, rule.summary, "Tactical Manoeuvre")
            )
        for objective in mission.objectives:
            kind = "End Game objective" if objective.type.value == "end_game" else "Progressive objective"
            when = objective.timing.describe()
            text = f"{objective.summary}\nScores: {objective.how_much()}. When: {when}."
            grouped.setdefault(key_of(objective.name), []).append((mission, objective.name, text, kind))
    topics: list[Topic] = []
    for found in grouped.values():
        name, kind = found[0][1], found[0][3]
        summaries = list(dict.fromkeys(summary for _, _, summary, _ in found))
        names = ", ".join(m.name for m, *_ in found)
        if len(summaries) == 1:
            body = f"{summaries[0]}\n\n_{kind} of {names}._"
        else:
            body = "\n\n".join(f"**{m.name}** ({k}): {summary}" for m, _, summary, k in found)
        slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
        topics.append(
            Topic(
                id=f"mission-{slug}"[:60],
                title=name,
                section=TopicSection.MISSION_RULES,
                body=body[:MAX_BODY_CHARS],
                missions=list(dict.fromkeys(m.id for m, *_ in found)),
                see_also=["tactical-manoeuvres"] if kind == "Tactical Manoeuvre" else [],
            )
        )
    return topics


def load_rules_tolerant(
    directory: Path = DEFAULT_TOPIC_DIR, missions: MissionLibrary | None = None
) -> RulesLoad:
    """Every topic file (bad files skipped, their errors kept) plus the missions' own rules.

    Duplicate ids and ``see_also`` links to missing topics are reported.
    """
    result = RulesLoad()
    seen: set[str] = set()
    for path in sorted(directory.glob("*.yaml")):
        try:
            topics = load_topic_file(path)
        except ContentError as exc:
            result.errors.append(exc.message)
            continue
        clash = [t.id for t in topics if t.id in seen]
        if clash:
            result.errors.append(f"{path.name}: field id: {', '.join(clash)} already used in another file.")
            continue
        seen.update(t.id for t in topics)
        result.topics.extend(topics)
    for topic in mission_rule_topics(missions if missions is not None else default_library()):
        if topic.id not in seen:
            seen.add(topic.id)
            result.topics.append(topic)
    for topic in result.topics:
        missing = [ref for ref in topic.see_also if ref not in seen]
        if missing:
            unknown = ", ".join(missing)
            result.errors.append(f"topic {topic.id!r}: field see_also: unknown topic(s) {unknown}.")
    return result


@lru_cache(maxsize=1)
def load_rules() -> RulesLibrary:
    """The shipped topics with the shipped missions' rules, loaded once (bad files skipped)."""
    return RulesLibrary(load_rules_tolerant().topics)
