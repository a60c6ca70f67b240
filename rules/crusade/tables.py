"""The Crusade tables as data: battle traits, weapon modifications, relics, battle scars and
requisitions, YAML under ``data/crusade/``, each entry a name, a short effect in our words and
its source. A table may be rolled on (``roll(table, rng)``).

>>> tables = load_tables()
>>> sorted(tables)[:2]
['battle_scars', 'battle_traits']
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.content import read_model
from rules.errors import NotFoundError, quote
from rules.text import match_key

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "crusade"


class Entry(BaseModel):
    """One line of a table: what it is called and what it does, in a few words."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    effect: str = Field(min_length=1, max_length=160)
    #: For relics: 1 Artificer, 2 Antiquity, 3 Legendary (its Crusade Points).
    tier: int = Field(default=0, ge=0, le=3)
    #: Who may take it (``vehicle``, ``infantry``, ``character``...), empty: anyone.
    for_: str = Field(default="", alias="for", max_length=60)


class Table(BaseModel):
    """A table: entries rolled on with a D6 (or chosen), and where they come from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str
    kind: str = Field(pattern=r"^(trait|weapon|relic|scar)$")
    source: str = Field(min_length=5)
    edition: str = Field(pattern=r"^(10th|11th)$")
    entries: tuple[Entry, ...] = Field(min_length=1, max_length=36)

    @model_validator(mode="after")
    def _names_unique(self) -> Table:
        names = [match_key(e.name) for e in self.entries]
        if len(set(names)) != len(names):
            raise ValueError("two entries share a name")
        return self

    def find(self, typed: str) -> Entry | None:
        key = match_key(typed)
        return next((e for e in self.entries if match_key(e.name) == key), None)


class Requisition(BaseModel):
    """A requisition: what it costs (a range when it depends), how often, and what it does."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=r"^[a-z0-9-]{2,40}$")
    name: str = Field(min_length=1, max_length=60)
    effect: str = Field(min_length=1, max_length=200)
    min_cost: int = Field(ge=0, le=10)
    max_cost: int = Field(ge=0, le=10)
    #: Times a force may buy it in a campaign (0: no limit).
    limit: int = Field(default=0, ge=0)
    needs_unit: bool = False
    #: What Herald does beside spending: ``supply``, ``legendary-veterans``, ``repair`` or nothing.
    effect_key: str = Field(default="", pattern=r"^(|supply|legendary-veterans|repair)$")
    amount: int = 0

    @model_validator(mode="after")
    def _costs(self) -> Requisition:
        if self.max_cost < self.min_cost:
            raise ValueError("max_cost is below min_cost")
        return self

    @property
    def cost(self) -> int:
        return self.min_cost

    @property
    def cost_text(self) -> str:
        return str(self.min_cost) if self.min_cost == self.max_cost else f"{self.min_cost}-{self.max_cost}"


class Requisitions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str = Field(min_length=5)
    edition: str = Field(pattern=r"^(10th|11th)$")
    requisitions: tuple[Requisition, ...] = Field(min_length=1)

    def find(self, typed: str) -> Requisition:
        key = match_key(typed)
        for req in self.requisitions:
            if req.key == typed or match_key(req.name) == key:
                return req
        raise NotFoundError(f"No requisition is called {quote(typed, 40)!r}.")


TABLE_FILES = ("battle_traits", "weapon_modifications", "relics", "battle_scars")


@functools.lru_cache(maxsize=4)
def load_tables(directory: Path = DATA_DIR) -> dict[str, Table]:
    """Every table, by file name (``battle_scars``...); a bad file raises ContentError naming it."""
    return {name: read_model(directory / f"{name}.yaml", Table) for name in TABLE_FILES}


@functools.lru_cache(maxsize=4)
def load_requisitions(directory: Path = DATA_DIR) -> Requisitions:
    return read_model(directory / "requisitions.yaml", Requisitions)


def roll(table: Table, rng: random.Random) -> tuple[int, Entry]:
    """A roll on ``table``: a D6 when it has six entries, else one entry drawn evenly (its number)."""
    index = rng.randrange(len(table.entries))
    return index + 1, table.entries[index]
