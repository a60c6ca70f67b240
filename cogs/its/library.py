"""Content the ITS cog shows, loaded once at cog load: scenarios, rules topics, decks.

Bad community files are logged and skipped, so one broken file never hides the rest. The
look-up helpers here only find and rank names (autocomplete, "did you mean"); every rule
stays in ``rules/its``.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz, process, utils

from bot.limits import MAX_CHOICE_CHARS, MAX_CHOICES, clip
from rules.errors import NotFoundError, quote
from rules.i18n import _
from rules.its.content import DEFAULT_SCENARIO_DIR, ScenarioLibrary, load_scenarios_tolerant
from rules.its.decks import (
    DEFAULT_DECK_DIR,
    Card,
    Deck,
    find_by_number,
    find_card,
    load_decks,
    normalize,
)
from rules.its.scenario import Scenario, SpecialRule, normalise_name
from rules.its.topics import DEFAULT_TOPIC_DIR, Topic, TopicLibrary, load_topics
from rules.text import small_number, spelled_digits

log = logging.getLogger("herald.its")

#: Discord's limits on autocomplete: 25 choices, names and values of at most 100 characters.
#: Fuzzy score below which a name is not offered ("did you mean" always offers the three closest).
SUGGEST_CUTOFF = 0
#: Autocomplete offers a fuzzy match only from this score: nonsense gets no choices.
AUTOCOMPLETE_CUTOFF = 70
#: A typed rule name that matches nothing exactly is taken only when its best fuzzy score is at
#: least this and that many points ahead of the next rule; otherwise "did you mean" is shown.
CONFIDENT_SCORE = 88
CONFIDENT_MARGIN = 6
#: Names shorter than this (letters and digits) match only exactly: fuzzily they match anything.
MIN_FUZZY_CHARS = 4
#: A typed card name at least this long may be the start (or part) of one card's name.
MIN_CARD_PREFIX = 3
#: Rules the scenario files describe inside another rule instead of under their own name. Rules
#: named at the start of a deployment line ("Exclusion Zone: ...") are found without this list.
MENTIONED_RULES = ("Baggage",)
#: "Name: text" at the start of a deployment line: up to four capitalised words.
_NAMED_LINE = re.compile(r"^((?:[A-Z][\w'()-]*\s?){1,4}):\s+(.+)$", re.S)


@dataclass(frozen=True)
class SpecialRuleEntry:
    """A scenario special rule by name, with every scenario that has a rule of that name."""

    key: str
    name: str
    appearances: tuple[tuple[Scenario, SpecialRule], ...]

    @property
    def scenario_names(self) -> list[str]:
        return [scenario.name for scenario, _ in self.appearances]


@dataclass
class ItsContent:
    """Everything the cog looks up, with the indexes autocomplete needs."""

    scenarios: ScenarioLibrary
    topics: TopicLibrary
    decks: dict[str, Deck]
    special_rules: dict[str, SpecialRuleEntry] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        grouped: dict[str, list[tuple[Scenario, SpecialRule]]] = {}
        names: dict[str, str] = {}
        for scenario in self.scenarios:
            for rule in scenario.special_rules:
                key = normalise_name(rule.name)
                grouped.setdefault(key, []).append((scenario, rule))
                names.setdefault(key, rule.name)
        topic_names = {normalise_name(n) for t in self.topics for n in t.names()}
        for key, name, scenario, rule in embedded_rules(self.scenarios):
            if key in topic_names:
                continue  # the rules topic of that name answers; never shadow it
            grouped.setdefault(key, []).append((scenario, rule))
            names.setdefault(key, name)
        self.special_rules = {
            key: SpecialRuleEntry(key, names[key], tuple(found)) for key, found in sorted(grouped.items())
        }
        self._scenario_names = [(s.name, s.id) for s in self.scenarios] + [
            (alias, s.id) for s in self.scenarios for alias in s.aliases
        ]
        self._rule_names = [(t.title, f"t:{t.id}") for t in self.topics] + [
            (entry.name, f"r:{entry.key}") for entry in self.special_rules.values()
        ]
        # Every name a rule answers to, topics and scenario special rules together.
        self._rule_aliases = [(n, f"t:{t.id}") for t in self.topics for n in t.names()] + [
            (entry.name, f"r:{entry.key}") for entry in self.special_rules.values()
        ]
        self._cards = [(deck, card) for deck in self.decks.values() for card in deck.cards]

    # -- scenarios ------------------------------------------------------------------------

    def scenario(self, name: str) -> Scenario:
        """The scenario by id, name or alias; NotFoundError (with suggestions) otherwise."""
        return self.scenarios.get(name[:MAX_CHOICE_CHARS])

    def scenario_choices(self, current: str) -> list[tuple[str, str]]:
        """(label, value) pairs for autocomplete: any part of a name or alias matches."""
        if not current.strip():
            return [(s.name, s.id) for s in self.scenarios][:MAX_CHOICES]
        hits = self.scenarios.search(current[:MAX_CHOICE_CHARS], limit=MAX_CHOICES)
        if not hits:
            close = _closest(current, self._scenario_names, cutoff=AUTOCOMPLETE_CUTOFF)
            return [(self.scenarios.get(v).name, v) for v in close]
        return [(s.name, s.id) for s in hits]

    def suggest_scenarios(self, text: str) -> list[str]:
        """Ids of the three scenarios whose name or alias is closest to ``text``."""
        return _closest(text, self._scenario_names)

    # -- rules topics and special rules ---------------------------------------------------

    def rule(self, ref: str) -> Topic | SpecialRuleEntry:
        """A topic (``t:<id>``), a special rule (``r:<key>``) or anything typed by a player."""
        text = ref.strip()[:MAX_CHOICE_CHARS]
        if text.startswith("t:") and text[2:] in self.topics.topics:
            return self.topics.topics[text[2:]]
        if text.startswith("r:") and text[2:] in self.special_rules:
            return self.special_rules[text[2:]]
        found = self._confident_rule(text)
        if found is None:
            raise NotFoundError(_("No ITS rule or scenario special rule is called {text}.", text=f"{text!r}"))
        return self.rule(found)

    def _confident_rule(self, text: str) -> str | None:
        """The ``t:``/``r:`` reference ``text`` surely means, searching topics and special rules
        together: an exact name or alias, the start of exactly one rule's name, or a fuzzy match
        clearly better than every other rule. None when it is not sure."""
        key = normalise_name(text)
        if not key:
            return None
        # A general topic ranks above a scenario's special rule of the same name ("hvt").
        for topic in self.topics:
            if key in (normalise_name(n) for n in topic.names()):
                return f"t:{topic.id}"
        if key in self.special_rules:
            return f"r:{key}"
        if len(key) >= MIN_FUZZY_CHARS:
            starts = {v for n, v in self._rule_aliases if normalise_name(n).startswith(key)}
            if len(starts) == 1:
                return starts.pop()
        names = [(n, v) for n, v in self._rule_aliases if len(normalise_name(n)) >= MIN_FUZZY_CHARS]
        best: dict[str, float] = {}
        for name, value in names:
            best[value] = max(best.get(value, 0.0), whole_word_score(text, name))
        ranked = sorted(best.values(), reverse=True)
        if not ranked or ranked[0] < CONFIDENT_SCORE:
            return None
        if len(ranked) > 1 and ranked[0] - ranked[1] < CONFIDENT_MARGIN:
            return None
        return max(best, key=lambda v: best[v])

    def rule_choices(self, current: str) -> list[tuple[str, str]]:
        """(label, value) pairs for ``/its rule`` autocomplete; special rules say where they appear."""
        text = current.strip()[:MAX_CHOICE_CHARS]
        if not text:
            values = [v for _, v in self._rule_names[:MAX_CHOICES]]
        else:
            key = normalise_name(text)
            contains = [v for n, v in self._rule_aliases if key and key in normalise_name(n)]
            fuzzy = [v for v in _closest(text, self._rule_names, limit=MAX_CHOICES, cutoff=60)]
            found = list(dict.fromkeys([*contains, *fuzzy]))
            # General topics first, then scenario mentions (stable within each group).
            values = sorted(found, key=lambda v: not v.startswith("t:"))[:MAX_CHOICES]
        return [(self.rule_label(v), v) for v in values]

    def rule_label(self, value: str) -> str:
        item = self.rule(value)
        if isinstance(item, SpecialRuleEntry):
            names = item.scenario_names
            for shown in range(len(names), 0, -1):
                more = f" +{len(names) - shown} more" if shown < len(names) else ""
                label = f"{item.name} (scenario rule: {', '.join(names[:shown])}{more})"
                if len(label) <= MAX_CHOICE_CHARS:
                    return label
            return clip(f"{item.name} (scenario rule in {len(names)} scenarios)")
        return clip(f"{item.title} ({item.section.title})")

    def suggest_rules(self, text: str) -> list[str]:
        names = [(n, v) for n, v in self._rule_aliases if len(normalise_name(n)) >= MIN_FUZZY_CHARS]
        return _closest(text, names)

    # -- cards ----------------------------------------------------------------------------

    def card(self, ref: str) -> tuple[Deck, Card]:
        """A card by ``<deck-id>:<number or name>``, by printed number (the current season's
        deck first: see :func:`find_by_number`), by name, or by the start or part of one card's name."""
        text = ref.strip()[:MAX_CHOICE_CHARS]
        deck_id, _sep, rest = text.partition(":")
        if rest and deck_id in self.decks:
            found = find_card(self.decks[deck_id].cards, rest)
            if found is not None:
                return self.decks[deck_id], found
        number = spelled_digits(text)
        if number is not None:
            value = small_number(number)
            if value is None:
                numbers = sorted({c.number for _, c in self._cards if c.number is not None})
                if numbers:
                    raise NotFoundError(
                        _(
                            "No card has the number {number} (cards are numbered {first} to {last}): try "
                            "its name.",
                            number=quote(number, 12),
                            first=numbers[0],
                            last=numbers[-1],
                        )
                    )
                raise NotFoundError(
                    _("No card has the number {number}: try its name.", number=quote(number, 12))
                )
            return find_by_number(self.decks.values(), value)
        for deck, card in self._cards:
            if find_card([card], text) is not None:
                return deck, card
        key = normalize(text)
        if len(key) >= MIN_CARD_PREFIX:
            for test in (str.startswith, str.__contains__):
                hits = [
                    (d, c)
                    for d, c in self._cards
                    if test(normalize(c.name), key) or test(normalize(c.name).removeprefix("hvt"), key)
                ]
                if len({normalize(c.name) for _, c in hits}) == 1:
                    return hits[0]
                if hits:
                    break
        raise NotFoundError(_("No classified card is called {text} in the loaded decks.", text=f"{text!r}"))

    def _numbered(self, number: int) -> list[tuple[Deck, Card]]:
        return [(d, c) for d, c in self._cards if c.number == number]

    def card_choices(self, current: str) -> list[tuple[str, str]]:
        text = current.strip()[:MAX_CHOICE_CHARS]
        key = normalize(text)
        rows = [(self._card_label(d, c), f"{d.id}:{normalize(c.name)}") for d, c in self._cards]
        if not key:
            return rows[:MAX_CHOICES]
        hits = [row for row in rows if key in normalize(row[0])]
        if not hits:
            close = set(self.suggest_cards(text))
            hits = [row for row in rows if row[1] in close]
        return hits[:MAX_CHOICES]

    def suggest_cards(self, text: str) -> list[str]:
        """References of the cards closest to ``text``, each card name once (the first deck that
        has it), or every card with that printed number."""
        number = spelled_digits(text)
        if number is not None:
            value = small_number(number)
            return [] if value is None else [f"{d.id}:{value}" for d, _ in self._numbered(value)]
        seen: set[str] = set()
        names: list[tuple[str, str]] = []
        for d, c in self._cards:
            if normalize(c.name) not in seen:
                seen.add(normalize(c.name))
                names.append((c.name, f"{d.id}:{normalize(c.name)}"))
        return _closest(text, names)

    def _card_label(self, deck: Deck, card: Card) -> str:
        # The deck is named only when it is another season's: the current deck is the default.
        return clip(f"{card.label} ({deck.season})" if deck.other_season else card.label)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


def embedded_rules(scenarios: Iterable[Scenario]) -> list[tuple[str, str, Scenario, SpecialRule]]:
    """Named rules a scenario describes inside its deployment lines or another special rule,
    as (key, name, scenario, rule) rows for the special rule index. The rule's text gathers the
    passages that mention the name and says where each one is written."""
    scenarios = list(scenarios)
    named: dict[str, str] = {}
    for scenario in scenarios:
        for line in scenario.deployment_rules:
            found = _NAMED_LINE.match(line)
            if found:
                named.setdefault(normalise_name(found[1]), found[1].strip())
    for name in MENTIONED_RULES:
        named.setdefault(normalise_name(name), name)
    rows: list[tuple[str, str, Scenario, SpecialRule]] = []
    for scenario in scenarios:
        own = {normalise_name(r.name) for r in scenario.special_rules}
        for key, name in named.items():
            if key in own:
                continue
            mention = re.compile(rf"\b{re.escape(name)}\b", re.IGNORECASE)
            passages: list[str] = []
            for line in scenario.deployment_rules:
                found = _NAMED_LINE.match(line)
                if found and normalise_name(found[1]) == key:
                    text = found[2].strip()
                    passages.insert(0, f"_Deployment:_ {text[:1].upper()}{text[1:]}")
                elif mention.search(line):
                    passages.append(f"_Deployment:_ {line}")
            for rule in scenario.special_rules:
                passages.extend(
                    f"_Under {rule.name}:_ {sentence}"
                    for sentence in _sentences(rule.summary)
                    if mention.search(sentence)
                )
            if passages:
                rows.append((key, name, scenario, SpecialRule(name=name, summary="\n".join(passages))))
    return rows


def whole_word_score(typed: str, name: str) -> float:
    """How surely ``typed`` names ``name`` (0-100), read as whole words: the similarity with the
    whole name (words in any order), or with as many of its words in a row as were typed (one more
    or fewer, for words typed apart or together), weighed by how much of the name they are. A
    typed word is never found inside a longer one, as the fuzzy score for suggestions does:
    "cover" scores 90 there against "In Extremis Recovery", which it does not name.

    >>> round(whole_word_score("cover", "In Extremis Recovery"))  # only "recovery" is close
    51
    >>> round(whole_word_score("master breecher", "Master Breacher"))
    93
    >>> round(whole_word_score("master breecher", "Master Breacher Special Order"))  # half the name
    70
    """
    query = utils.default_process(typed)
    words = utils.default_process(name).split()
    if not query or not words:
        return 0.0
    best = fuzz.token_sort_ratio(query, " ".join(words))
    size = len(query.split())
    for n in range(max(1, size - 1), min(size + 1, len(words)) + 1):
        share = 0.5 + 0.5 * n / len(words)
        for start in range(len(words) - n + 1):
            best = max(best, fuzz.ratio(query, " ".join(words[start : start + n])) * share)
    return float(best)


def _closest(
    text: str, names: list[tuple[str, str]], *, limit: int = 3, cutoff: int = SUGGEST_CUTOFF
) -> list[str]:
    """Values of the names closest to ``text``, best first, each value once."""
    if not text.strip() or not names:
        return []
    hits = process.extract(
        text[:MAX_CHOICE_CHARS],
        [n for n, _ in names],
        scorer=fuzz.WRatio,
        processor=utils.default_process,
        limit=limit * 4,
    )
    out: list[str] = []
    for _unused, score, index in hits:
        value = names[index][1]
        if score >= cutoff and value not in out:
            out.append(value)
    return out[:limit]


def load_content(
    scenario_dir: Path = DEFAULT_SCENARIO_DIR,
    topic_dir: Path = DEFAULT_TOPIC_DIR,
    deck_dir: Path = DEFAULT_DECK_DIR,
) -> ItsContent:
    """Load every file, logging (and skipping) the ones that do not validate.

    The files are read and validated once per process while none of them changes (their names,
    sizes and modification times are compared): each bot built in one process (every test, a
    console ``:restart``) otherwise paid 40 ms to read the same YAML again.
    """
    dirs = (scenario_dir, topic_dir, deck_dir)
    content = _load_content(dirs, _fingerprint(dirs))
    for error in content.errors:
        log.warning("ITS content skipped: %s", error)
    return content


def _fingerprint(dirs: tuple[Path, ...]) -> tuple[tuple[str, int, int], ...]:
    found = []
    for directory in dirs:
        for path in sorted(directory.rglob("*")) if directory.is_dir() else ():
            stat = path.stat()
            found.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(found)


@functools.lru_cache(maxsize=4)
def _load_content(dirs: tuple[Path, ...], fingerprint: tuple[tuple[str, int, int], ...]) -> ItsContent:
    scenario_dir, topic_dir, deck_dir = dirs
    scenarios, scenario_errors = load_scenarios_tolerant(scenario_dir)
    topics = load_topics(topic_dir)
    decks = load_decks(deck_dir)
    errors = [*scenario_errors, *topics.errors, *decks.errors]
    return ItsContent(scenarios=scenarios, topics=topics.library, decks=decks.decks, errors=errors)
