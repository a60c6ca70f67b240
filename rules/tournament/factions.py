"""The ITS armies a player can enter a tournament with: factions and their sectorials.

Loaded from ``data/its/factions.yaml``. A name a player types is matched case- and
punctuation-blind against every army's name and aliases; anything else is not an army Herald
knows, which a cog accepts only after warning the player.

>>> armies = load_factions()
>>> armies.canonical("saa"), armies.canonical("  yu-jing "), armies.canonical("banana")
('Shock Army of Acontecimento', 'Yu Jing', None)
>>> armies.choices("varuna")[0]
('Varuna Immediate Reaction Division (PanOceania)', 'Varuna Immediate Reaction Division')
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field
from rapidfuzz import fuzz, process, utils

from rules.content import read_model
from rules.errors import quote
from rules.i18n import _
from rules.its.scenario import normalise_name
from rules.tournament.model import TournamentError

DEFAULT_FACTIONS_FILE = Path(__file__).resolve().parents[2] / "data" / "its" / "factions.yaml"
MAX_CLOSE = 3


def _key(text: str) -> str:
    """Letters and digits only, accents folded: "Réponse" and "reponse" are the same key."""
    folded = unicodedata.normalize("NFKD", text)
    return normalise_name("".join(c for c in folded if not unicodedata.combining(c)))


class Army(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=80)
    aliases: list[str] = Field(default_factory=list)


class Faction(Army):
    sectorials: list[Army] = Field(default_factory=list)


class FactionFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    factions: list[Faction] = Field(min_length=1)


class Factions:
    """Every army, generic ones first in file order, each with the faction it belongs to."""

    def __init__(self, factions: list[Faction]) -> None:
        self.armies: list[tuple[str, str]] = []
        """(army name, faction name): a faction's generic army has its own name as faction."""
        self._keys: dict[str, str] = {}
        for faction in factions:
            for army in (faction, *faction.sectorials):
                self.armies.append((army.name, faction.name))
                for key in (army.name, *army.aliases):
                    self._keys.setdefault(_key(key), army.name)

    def canonical(self, text: str) -> str | None:
        """The army ``text`` names (by name or alias), or None."""
        return self._keys.get(_key(text))

    def label(self, name: str) -> str:
        faction = next((f for a, f in self.armies if a == name), name)
        return name if faction == name else f"{name} ({faction})"

    def closest(self, text: str, limit: int = MAX_CLOSE) -> list[str]:
        """Up to ``limit`` army names that look like ``text``."""
        keys = list(self._keys)
        hits = process.extract(
            text, keys, scorer=fuzz.WRatio, processor=utils.default_process, limit=limit * 4, score_cutoff=80
        )
        return list(dict.fromkeys(self._keys[keys[index]] for _, _, index in hits))[:limit]

    def choices(self, current: str) -> list[tuple[str, str]]:
        """(label, name) pairs for autocomplete: names, aliases or faction containing what was typed,
        then close spellings; every army when nothing is typed."""
        key = _key(current)
        if not key:
            return [(self.label(a), a) for a, _ in self.armies]
        found = [army for army, faction in self.armies if key in _key(army) or key in _key(faction)]
        found += [army for alias, army in self._keys.items() if key in alias]
        found += self.closest(current)
        return [(self.label(a), a) for a in dict.fromkeys(found)]


@cache
def load_factions(path: Path = DEFAULT_FACTIONS_FILE) -> Factions:
    """The armies in ``path`` (read once per path)."""
    return Factions(read_model(path, FactionFile).factions)


def checked_faction(text: str, *, unlisted: bool = False, armies: Factions | None = None) -> str:
    """The army a player entered: its listed name, or ``text`` itself when ``unlisted`` (the
    player was warned and chose to keep it). Otherwise a TournamentError says what is known.

    >>> checked_faction("morats")
    'Morat Aggression Force'
    >>> checked_faction("banana", unlisted=True)
    'banana'
    """
    armies = armies or load_factions()
    known = armies.canonical(text)
    if known is not None:
        return known
    if unlisted and text.strip():
        return text
    close = armies.closest(text)
    typed = repr(quote(text))
    if close:
        raise TournamentError(
            _(
                "{typed} is not an ITS faction or sectorial Herald knows. Did you mean {close}? Pick one "
                "from the list that opens as you type; to enter it as typed anyway, run the command "
                "again with `unlisted:True`.",
                typed=typed,
                close=", ".join(close),
            )
        )
    raise TournamentError(
        _(
            "{typed} is not an ITS faction or sectorial Herald knows. Pick one from the list that opens "
            "as you type; to enter it as typed anyway, run the command again with `unlisted:True`.",
            typed=typed,
        )
    )
