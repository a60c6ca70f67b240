"""Classified Objective decks for Infinity ITS: the schema, the loader and card look-up.

A deck is a YAML file in ``data/its/decks/``. Organisers can drop in their own deck (for
example the red Extreme deck, which Herald does not ship because no public list exists) and
it is validated with the same schema. Card text is always written in our own words; a card
whose details we could not confirm says so and carries ``sourced: false``.

>>> deck = Deck.model_validate({
...     "id": "demo", "name": "Demo", "season": "14", "kind": "standard",
...     "cards": [{"number": 1, "name": "HVT: Inoculation", "requirements": "Doctor",
...                "objective": "Treat the enemy HVT.", "sourced": False}],
... })
>>> deck.find("inoculation").name
'HVT: Inoculation'
>>> deck.find(1).hvt
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from rapidfuzz import fuzz, process

from rules.content import read_model
from rules.errors import ContentError, NotFoundError, quote
from rules.i18n import _
from rules.text import small_number, spelled_digits

#: Where the shipped decks live, relative to the repository root.
DEFAULT_DECK_DIR = Path(__file__).resolve().parents[2] / "data" / "its" / "decks"

#: A deck bigger than this is almost certainly a mistake in the file (a real deck has 20-40).
MAX_CARDS_PER_DECK = 120

_M = TypeVar("_M", bound=BaseModel)
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class DeckKind(StrEnum):
    """Which version of the Classified Deck: the green Standard or the red Extreme one."""

    STANDARD = "standard"
    EXTREME = "extreme"


def normalize(text: str) -> str:
    """Fold a card or topic name for comparison: lower case, letters and digits only.

    >>> normalize("HVT: Follow-Up")
    'hvtfollowup'
    """
    return re.sub(r"[^a-z0-9]", "", text.casefold())


class Card(BaseModel):
    """One Classified Objective card, described in our own words."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    number: int | None = Field(default=None, ge=1, description="Printed number; null when not known.")
    name: str = Field(min_length=1, max_length=60)
    requirements: str = Field(default="", max_length=300, description="Who can achieve it; empty: unknown.")
    objective: str = Field(default="", max_length=400, description="What it asks, in short; empty: unknown.")
    sourced: bool = Field(description="True only when the details were confirmed from a source.")
    hvt: bool | None = Field(default=None, description="Needs an HVT model; defaults to 'name starts HVT'.")
    notes: str = Field(default="", max_length=600)

    @model_validator(mode="before")
    @classmethod
    def _default_hvt(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("hvt") is None and isinstance(data.get("name"), str):
            data = {**data, "hvt": data["name"].strip().upper().startswith("HVT")}
        return data

    @property
    def label(self) -> str:
        """The card as a player reads it: ``"#6 HVT: Inoculation"`` or just the name."""
        return f"#{self.number} {self.name}" if self.number is not None else self.name


#: The season Herald plays: a deck of any other season is labelled as such wherever it is shown.
CURRENT_SEASON = "ITS Season 14"


class Deck(BaseModel):
    """A Classified Deck: its identity and its cards."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=80)
    season: str = Field(min_length=1, max_length=40)
    kind: DeckKind
    notes: str = Field(default="", max_length=2000)
    cards: list[Card] = Field(min_length=1, max_length=MAX_CARDS_PER_DECK)

    @property
    def other_season(self) -> bool:
        """True for a deck of another season than :data:`CURRENT_SEASON`.

        >>> Deck.model_validate({"id": "d", "name": "D", "season": "ITS Season 18", "kind": "standard",
        ...     "cards": [{"name": "Sabotage", "sourced": False}]}).other_season
        True
        """
        return self.season.casefold() != CURRENT_SEASON.casefold()

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _SLUG.match(value):
            raise ValueError("use lower-case letters, digits, '-' or '_' (for example 'its14-standard')")
        return value

    @model_validator(mode="after")
    def _unique_cards(self) -> Deck:
        seen_numbers: set[int] = set()
        seen_names: set[str] = set()
        for card in self.cards:
            if card.number is not None:
                if card.number in seen_numbers:
                    raise ValueError(f"card number {card.number} appears twice")
                seen_numbers.add(card.number)
            key = normalize(card.name)
            if key in seen_names:
                raise ValueError(f"card name {card.name!r} appears twice")
            seen_names.add(key)
        return self

    def find(self, ref: int | str) -> Card:
        """Find a card by printed number or by name (case and punctuation do not matter).

        The ``HVT:`` prefix may be left out. Raises :class:`NotFoundError` with the closest
        names when nothing matches.

        >>> Deck.model_validate({"id": "d", "name": "D", "season": "14", "kind": "standard",
        ...     "cards": [{"number": 3, "name": "Sabotage", "requirements": "D-Charges",
        ...                "objective": "Blow something up.", "sourced": False}]}).find("3").name
        'Sabotage'
        """
        found = find_card(self.cards, ref)
        if found is None:
            raise NotFoundError(_not_found_message(self.name, self.cards, ref))
        return found


def find_card(cards: Iterable[Card], ref: int | str) -> Card | None:
    """Return the card matching ``ref`` (number or name) or None.

    >>> find_card([], "Predator") is None
    True
    """
    cards = list(cards)
    text = str(ref).strip()
    if spelled_digits(text) is not None:
        number = small_number(text)
        return next((c for c in cards if number is not None and c.number == number), None)
    wanted = normalize(text)
    if not wanted:
        return None
    for card in cards:
        key = normalize(card.name)
        if wanted in (key, key.removeprefix("hvt")):
            return card
    return None


def find_by_number(decks: Iterable[Deck], number: int) -> tuple[Deck, Card]:
    """The card with printed ``number``, looked up in the current season's decks first.

    A number names a card of :data:`CURRENT_SEASON` when that season's decks know it. Another
    season's card is returned only when no deck of the current season is loaded; otherwise the
    error names it, so a player never gets a later season's card in its place without a word.
    Raises :class:`NotFoundError` saying why (unknown number, numbers not known, several cards).
    """
    decks = list(decks)
    current = [d for d in decks if not d.other_season]
    hits = [(d, c) for d in decks for c in d.cards if c.number == number]
    own = [(d, c) for d, c in hits if not d.other_season]
    pool = own if current else hits
    if len({normalize(c.name) for _, c in pool}) == 1:
        return pool[0]
    if pool:
        raise NotFoundError(
            _("Card number {number} is a different card in each deck: give its name.", number=number)
        )
    if not current:
        decks_named = [d.name for d in decks if any(c.number for c in d.cards)]
        if decks_named:
            raise NotFoundError(
                _(
                    "No loaded deck has a card number {number} (only {decks} numbers its cards): try its "
                    "name.",
                    number=number,
                    decks=", ".join(decks_named),
                )
            )
        raise NotFoundError(_("No loaded deck has a card number {number}: try its name.", number=number))
    if any(c.number is not None for d in current for c in d.cards):
        why = f"No {CURRENT_SEASON} deck has a card number {number}"
    else:
        why = (
            f"The printed card numbers of the {CURRENT_SEASON} deck are not confirmed, so card number "
            f"{number} cannot be looked up there"
        )
    text = f"{why}: look the card up by its name."
    if hits:
        others = ", ".join(f"{c.name} ({d.season})" for d, c in hits)
        text += f" In another season's deck, #{number} is {others}."
    raise NotFoundError(text)


def _not_found_message(deck_name: str, cards: list[Card], ref: int | str) -> str:
    typed = str(ref).strip()
    text = quote(typed, 40)
    if spelled_digits(typed) is not None:
        numbered = sorted(c.number for c in cards if c.number is not None)
        if not numbered:
            return (
                f"{deck_name} has no confirmed card numbers, so card {text} can't be looked up by "
                "number: give the card's name instead."
            )
        return f"{deck_name} has no card number {text}: its cards are numbered {numbered[0]}-{numbered[-1]}."
    names = [c.name for c in cards]
    close = [m[0] for m in process.extract(text, names, scorer=fuzz.WRatio, limit=3) if m[1] >= 60]
    hint = f" Did you mean {', '.join(close)}?" if close else " Use the card's name or printed number."
    return f"{deck_name} has no card called {text!r}.{hint}"


# ---------------------------------------------------------------------------------------------
# Loading content files


def read_content_file(path: Path, model: type[_M]) -> _M:
    """Read one YAML file and validate it as ``model`` (see :func:`rules.content.read_model`).

    >>> read_content_file(Path("/nonexistent.yaml"), Deck)
    Traceback (most recent call last):
    ...
    rules.errors.ContentError: /nonexistent.yaml: cannot be read (No such file or directory).
    """
    return read_model(path, model)


class DeckLoad(BaseModel):
    """What :func:`load_decks` found: the decks that loaded and the errors of the files that did not."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    decks: dict[str, Deck] = Field(default_factory=dict)
    errors: list[str] = Field(default_factory=list)


def load_deck(path: Path) -> Deck:
    """Load one deck file, raising :class:`ContentError` when it does not validate.

    >>> load_deck(DEFAULT_DECK_DIR / "its14-standard.yaml").kind
    <DeckKind.STANDARD: 'standard'>
    """
    return read_content_file(path, Deck)


def load_decks(directory: Path = DEFAULT_DECK_DIR) -> DeckLoad:
    """Load every ``*.yaml`` deck in ``directory``, skipping bad files and collecting their errors.

    This is what the bot uses, so one organiser's broken file never hides the others.

    >>> "its14-standard" in load_decks().decks
    True
    """
    result = DeckLoad()
    for path in sorted(directory.glob("*.yaml")):
        try:
            deck = load_deck(path)
        except ContentError as exc:
            result.errors.append(exc.message)
            continue
        if deck.id in result.decks:
            result.errors.append(f"{path}: field id: deck id {deck.id!r} is already used by another file.")
            continue
        result.decks[deck.id] = deck
    return result


def load_decks_strict(directory: Path = DEFAULT_DECK_DIR) -> dict[str, Deck]:
    """Load every deck in ``directory``; raise :class:`ContentError` listing every bad file.

    >>> sorted(load_decks_strict())[0]
    'its14-standard'
    """
    result = load_decks(directory)
    if result.errors:
        raise ContentError(" | ".join(result.errors))
    return result.decks


def decks_of_kind(decks: Iterable[Deck], kind: DeckKind) -> list[Deck]:
    """The decks of one kind, in id order.

    >>> [d.id for d in decks_of_kind(load_decks().decks.values(), DeckKind.STANDARD)][:1]
    ['its14-standard']
    """
    return sorted((d for d in decks if d.kind is kind), key=lambda d: d.id)


#: The deck Herald deals when nobody picks another.
DEFAULT_STANDARD_DECK = "its14-standard"


def pick_decks(
    decks: dict[str, Deck], *, standard_id: str | None = None, extreme_id: str | None = None
) -> tuple[Deck | None, Deck | None]:
    """Choose the (green, red) pair of decks a draw uses from the loaded ones.

    Without ids: the Season 14 standard deck (or the first standard deck) and the first extreme
    deck an organiser has added, or None. Unknown ids or a deck of the wrong kind raise.

    >>> green, red = pick_decks(load_decks().decks)
    >>> green.id, red
    ('its14-standard', None)
    """

    def chosen(deck_id: str, kind: DeckKind) -> Deck:
        deck = decks.get(deck_id)
        if deck is None:
            known = ", ".join(sorted(decks)) or "none"
            raise NotFoundError(
                _(
                    "No deck with the id {deck_id} is loaded (loaded: {known}).",
                    deck_id=repr(deck_id),
                    known=known,
                )
            )
        if deck.kind is not kind:
            if kind is DeckKind.EXTREME:
                raise NotFoundError(
                    _("{name} is a standard deck; pick an extreme deck here.", name=deck.name)
                )
            raise NotFoundError(_("{name} is an extreme deck; pick a standard deck here.", name=deck.name))
        return deck

    if standard_id is not None:
        standard: Deck | None = chosen(standard_id, DeckKind.STANDARD)
    elif DEFAULT_STANDARD_DECK in decks:
        standard = decks[DEFAULT_STANDARD_DECK]
    else:
        standard = next(iter(decks_of_kind(decks.values(), DeckKind.STANDARD)), None)
    if extreme_id is not None:
        extreme: Deck | None = chosen(extreme_id, DeckKind.EXTREME)
    else:
        extreme = next(iter(decks_of_kind(decks.values(), DeckKind.EXTREME)), None)
    return standard, extreme
