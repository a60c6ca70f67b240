"""The schema of an ITS scenario: objectives a score sheet can be driven by, set-up and special rules.

Every main objective is one member of a discriminated union on ``kind``:

==============  ==========================================================================
kind            what a player records, and how it scores
==============  ==========================================================================
count           how many (0..max_count); ``points_each`` per unit, optionally capped
toggle          yes / no; ``points`` when yes
per_round       yes / no at the end of each Game Round; ``points`` per round achieved
compare         a number per side (or per round); ``more_points`` for more than the
                adversary, ``equal_points`` for as many, but only if at least one
threshold       a number of army points; the tier's bands give the Objective Points
alternative     ``items`` things, each scored by at most one of the ``options``
bonus           stacks on a ``base`` objective ("in addition to"); never above the base
denial          nothing to record: scores when the adversary did not achieve ``of``
classified      Classified Objectives achieved (standard, main, secondary or current mission)
==============  ==========================================================================

Objectives may read their number from another objective (``source``) or from the side's
surviving army points (``source: victory_points``) so a player never types the same number twice.

>>> ToggleObjective(id="coffin", label="Tech-Coffin Controlled", points=3).max_points(Tier.T300)
3
>>> CountObjective(id="boxes", label="Supply Boxes", points_each=2, max_count=3).max_points(Tier.T150)
6
"""

from __future__ import annotations

import functools
import re
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rules.its.tiers import Tier, TierSetup

VICTORY_POINTS = "victory_points"
"""Reserved entry id: a side's surviving army points (Victory Points), the final tiebreak."""

DEFAULT_ROUNDS = 3
_SLUG = r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$"


class ScenarioKind(StrEnum):
    ITS = "its"
    DIRECT_ACTION = "direct_action"


class ClassifiedRole(StrEnum):
    STANDARD = "standard"
    MAIN = "main"
    SECONDARY = "secondary"
    CURRENT_MISSION = "current_mission"


class DenialMode(StrEnum):
    ABSENT = "absent"
    """Scores ``points`` when the adversary's value for ``of`` is zero / no."""
    REMAINING = "remaining"
    """Scores ``points`` for each unit of ``of`` the adversary did not reach."""


class _Objective(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_SLUG)
    label: str = Field(min_length=1, max_length=80)
    summary: str | None = None

    def max_points(self, tier: Tier) -> int:  # pragma: no cover - every kind overrides
        raise NotImplementedError


class CountObjective(_Objective):
    kind: Literal["count"] = "count"
    points_each: int = Field(ge=1)
    max_count: int = Field(ge=1)
    cap: int | None = Field(default=None, ge=1)

    def max_points(self, tier: Tier) -> int:
        total = self.points_each * self.max_count
        return min(total, self.cap) if self.cap is not None else total


class ToggleObjective(_Objective):
    kind: Literal["toggle"] = "toggle"
    points: int = Field(ge=1)

    def max_points(self, tier: Tier) -> int:
        return self.points


class PerRoundObjective(_Objective):
    kind: Literal["per_round"] = "per_round"
    points: int = Field(ge=1)
    rounds: int = Field(default=DEFAULT_ROUNDS, ge=1, le=10)

    def max_points(self, tier: Tier) -> int:
        return self.points * self.rounds


class CompareObjective(_Objective):
    kind: Literal["compare"] = "compare"
    measure: str = Field(min_length=1, description="what is counted, e.g. 'Lieutenants killed'")
    more_points: int = Field(ge=1)
    equal_points: int = Field(default=0, ge=0, description="for as many as the adversary, if at least 1")
    per_round: bool = False
    rounds: int = Field(default=DEFAULT_ROUNDS, ge=1, le=10)
    max_value: int | None = Field(default=None, ge=1, description="None: the tier's army points")
    source: str | None = None

    def max_points(self, tier: Tier) -> int:
        best = max(self.more_points, self.equal_points)
        return best * (self.rounds if self.per_round else 1)

    def value_limit(self, tier: Tier) -> int:
        return self.max_value if self.max_value is not None else int(tier)


class ThresholdBand(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    at_least: int = Field(ge=0)
    points: int = Field(ge=1)


class ThresholdObjective(_Objective):
    kind: Literal["threshold"] = "threshold"
    measure: str = Field(min_length=1)
    bands: dict[Tier, list[ThresholdBand]]
    source: str | None = None

    @field_validator("bands")
    @classmethod
    def _ascending(cls, bands: dict[Tier, list[ThresholdBand]]) -> dict[Tier, list[ThresholdBand]]:
        for tier, rows in bands.items():
            if not rows:
                raise ValueError(f"tier {int(tier)} has no bands")
            starts = [row.at_least for row in rows]
            if starts != sorted(set(starts)):
                raise ValueError(f"tier {int(tier)}: bands must rise strictly by at_least")
        return bands

    def max_points(self, tier: Tier) -> int:
        return max(row.points for row in self.bands.get(tier, [])) if tier in self.bands else 0

    def points_for(self, tier: Tier, value: int) -> int:
        """Objective Points for ``value`` army points at ``tier`` (0 below the first band)."""
        earned = 0
        for row in self.bands.get(tier, []):
            if value >= row.at_least:
                earned = row.points
        return earned


class AlternativeOption(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_SLUG)
    label: str = Field(min_length=1, max_length=80)
    points: int = Field(ge=1)


class AlternativeObjective(_Objective):
    kind: Literal["alternative"] = "alternative"
    items: int = Field(default=1, ge=1, description="how many things (HVTs, Key Ops) can score")
    options: list[AlternativeOption] = Field(min_length=2)

    def max_points(self, tier: Tier) -> int:
        return self.items * max(option.points for option in self.options)

    def option(self, option_id: str) -> AlternativeOption | None:
        return next((o for o in self.options if o.id == option_id), None)


class BonusObjective(_Objective):
    kind: Literal["bonus"] = "bonus"
    points_each: int = Field(ge=1)
    max_count: int = Field(default=1, ge=1)
    base: str
    base_option: str | None = None
    needs_full_base: bool = Field(
        default=False, description="True: counts only when the base objective is at its maximum"
    )

    def max_points(self, tier: Tier) -> int:
        return self.points_each * self.max_count


class DenialObjective(_Objective):
    kind: Literal["denial"] = "denial"
    of: str
    mode: DenialMode = DenialMode.ABSENT
    points: int = Field(ge=1, description="ABSENT: the award; REMAINING: per unit left")

    def max_points(self, tier: Tier) -> int:  # needs the scenario for REMAINING; see Scenario
        return self.points


class ClassifiedObjective(_Objective):
    kind: Literal["classified"] = "classified"
    role: ClassifiedRole = ClassifiedRole.STANDARD
    max_count: int = Field(ge=1, description="how many can be achieved")
    points_each: int = Field(ge=1)
    cap: int | None = Field(default=None, ge=1)

    def max_points(self, tier: Tier) -> int:
        total = self.points_each * self.max_count
        return min(total, self.cap) if self.cap is not None else total


Objective = Annotated[
    CountObjective
    | ToggleObjective
    | PerRoundObjective
    | CompareObjective
    | ThresholdObjective
    | AlternativeObjective
    | BonusObjective
    | DenialObjective
    | ClassifiedObjective,
    Field(discriminator="kind"),
]

_NUMERIC_KINDS = ("count", "toggle", "classified", "compare", "alternative")


class SkillBlock(BaseModel):
    """A scenario skill in short lists: its type, who can use it, what it does."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    requirements: list[str] = Field(default_factory=list)
    effects: list[str] = Field(min_length=1)


class SpecialRule(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    summary: str = Field(min_length=1)
    skill: SkillBlock | None = None


class Mode(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    summary: str


class Uses(BaseModel):
    """Which of the standard ITS pieces this scenario uses."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    hvt: bool
    classified_deck: bool
    retreat: bool


class EndOfMission(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    rounds: int = Field(default=DEFAULT_ROUNDS, ge=1)
    retreat_ends_early: bool
    summary: str


class SharedPool(BaseModel):
    """Things on the table that both players' claims are counted from: together at most ``total``.

    ``entries`` are one player's entries (an objective id, or ``objective:option`` for one option
    of an alternative); ``mirror`` the adversary's entries that count the same things (default:
    the same entries). The one Tech-Coffin is ``total: 1, entries: [tech_coffin]``; the Sector
    nearest one player is the farthest from the other: ``entries: [nearest_sector],
    mirror: [farthest_sector]``. Per-round entries are checked round by round.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str = Field(min_length=1, max_length=80, description="what is counted, e.g. 'the Tech-Coffin'")
    total: int = Field(ge=1, description="how many there are on the table")
    entries: list[str] = Field(min_length=1)
    mirror: list[str] | None = None
    notes: str | None = None

    @property
    def other_entries(self) -> list[str]:
        return self.mirror if self.mirror is not None else self.entries


_POOL_KINDS = ("count", "toggle", "per_round", "compare", "alternative")


class Scenario(BaseModel):
    """One ITS or Direct Action scenario, as loaded from ``data/its/scenarios/<id>.yaml``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_SLUG)
    name: str = Field(min_length=1)
    aliases: list[str] = Field(default_factory=list)
    kind: ScenarioKind
    credit: str | None = None
    objectives: list[Objective] = Field(min_length=1)
    tiers: dict[Tier, TierSetup] = Field(min_length=1)
    deployment_rules: list[str] = Field(default_factory=list)
    special_rules: list[SpecialRule] = Field(default_factory=list)
    uses: Uses
    modes: list[Mode] = Field(default_factory=list)
    end: EndOfMission
    shared: list[SharedPool] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _references(self) -> Scenario:
        seen: dict[str, _Objective] = {}
        for objective in self.objectives:
            if objective.id in seen:
                raise ValueError(f"objective id {objective.id!r} is used twice")
            if objective.id == VICTORY_POINTS:
                raise ValueError(f"objective id {VICTORY_POINTS!r} is reserved")
            seen[objective.id] = objective
        for objective in self.objectives:
            for field, ref in _refs(objective):
                if ref == VICTORY_POINTS and field == "source":
                    continue
                target = seen.get(ref)
                if target is None or ref == objective.id:
                    raise ValueError(f"objective {objective.id!r}: {field} {ref!r} names no other objective")
                if target.kind not in _NUMERIC_KINDS or getattr(target, "per_round", False):
                    raise ValueError(
                        f"objective {objective.id!r}: {field} {ref!r} is a {target.kind} objective, "
                        "which has no single number to read"
                    )
                if getattr(target, "source", None) is not None:
                    raise ValueError(
                        f"objective {objective.id!r}: {field} {ref!r} itself reads another input"
                    )
            if isinstance(objective, BonusObjective) and objective.base_option is not None:
                base = seen[objective.base]
                if not isinstance(base, AlternativeObjective) or base.option(objective.base_option) is None:
                    raise ValueError(
                        f"objective {objective.id!r}: base_option {objective.base_option!r} "
                        f"is not an option of {objective.base!r}"
                    )
        for pool in self.shared:
            shapes = {self._pool_entry_shape(pool.label, ref) for ref in [*pool.entries, *pool.other_entries]}
            if len(shapes) > 1:
                raise ValueError(f"shared {pool.label!r}: mixes per-round entries with end-of-game ones")
        for objective in self.objectives:
            if isinstance(objective, ThresholdObjective):
                missing = [int(t) for t in self.tiers if t not in objective.bands]
                if missing:
                    raise ValueError(f"objective {objective.id!r} has no bands for tiers {missing}")
        return self

    def _pool_entry_shape(self, label: str, ref: str) -> bool:
        """Whether a shared pool's entry is per round; raises for an entry a player cannot claim."""
        objective_id, _sep, option = ref.partition(":")
        objective = self.objective(objective_id)
        if objective is None or objective.kind not in _POOL_KINDS or getattr(objective, "source", None):
            raise ValueError(f"shared {label!r}: {objective_id!r} is not an objective a player records")
        if option and (not isinstance(objective, AlternativeObjective) or objective.option(option) is None):
            raise ValueError(f"shared {label!r}: {ref!r} names no option of {objective_id!r}")
        return isinstance(objective, PerRoundObjective) or bool(getattr(objective, "per_round", False))

    def objective(self, objective_id: str) -> Objective | None:
        """The objective with this id, or None."""
        return next((o for o in self.objectives if o.id == objective_id), None)

    @property
    def tier_list(self) -> list[Tier]:
        return sorted(self.tiers)

    def unit_limit(self, objective_id: str, tier: Tier) -> int:
        """The largest number the objective's own input can hold (1 for a toggle)."""
        objective = self.objective(objective_id)
        match objective:
            case CountObjective() | ClassifiedObjective() | BonusObjective():
                return objective.max_count
            case ToggleObjective():
                return 1
            case CompareObjective():
                return objective.value_limit(tier)
            case AlternativeObjective():
                return objective.items
        return 0

    def max_points(self, objective_id: str, tier: Tier) -> int:
        """The most Objective Points one objective can give at ``tier``."""
        objective = self.objective(objective_id)
        if objective is None:
            return 0
        if isinstance(objective, DenialObjective) and objective.mode is DenialMode.REMAINING:
            return objective.points * self.unit_limit(objective.of, tier)
        return objective.max_points(tier)


def _refs(objective: _Objective) -> list[tuple[str, str]]:
    refs: list[tuple[str, str]] = []
    for field in ("source", "base", "of"):
        value = getattr(objective, field, None)
        if value is not None:
            refs.append((field, value))
    return refs


@functools.lru_cache(maxsize=8192)
def normalise_name(text: str) -> str:
    """Lower-case letters and digits only, for matching names and aliases. Remembered: a look-up
    compares what was typed with every name and alias of the content, the same few hundred each time.

    >>> normalise_name("Capture & Protect")
    'captureprotect'
    """
    return re.sub(r"[^a-z0-9]", "", text.lower())
