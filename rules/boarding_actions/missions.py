"""The schema of a Boarding Actions mission: how it is chosen, who goes first, and objectives a
tracker can score without a player remembering when or how much.

Each objective says *when* it scores (:class:`Timing`), *who* scores it (:class:`Scorer`) and
*what* a player reports, through up to four inputs that add up:

=============  ==============================================================================
input          what the player reports, and the VP it gives
=============  ==============================================================================
conditions     a button per condition met; each gives its ``vp`` (a condition may require
               another, e.g. "two or more markers" needs "one or more")
count          how many things (markers held, downloads, airlocks); ``vp_each`` per thing,
               or ``boost.vp_each`` while the boost condition holds; may take the same VP
               from the opponent (``drains_opponent``)
bands          a number (points of destroyed units); the highest band reached gives its VP
outcome        one situation out of several, each giving VP to both sides (a shared table)
=============  ==============================================================================

>>> timing = Timing(moment=Moment.COMMAND_END, first_round=2, last_round_shift=LastRoundShift.SECOND_PLAYER)
>>> timing.describe()
'end of the Command phase, rounds 2-5 (round 5: the player going second scores at the end of their turn)'
>>> Bands(measure="points destroyed", bands=[Band(at_least=0, vp=0), Band(at_least=125, vp=30)]).vp_for(200)
30
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

#: Battle rounds in every Boarding Actions battle.
ROUNDS = 5
#: Most Victory points a player keeps from mission objectives; excess is discounted.
MISSION_VP_CAP = 90
#: Extra Victory points for an army painted to a Battle Ready standard.
BATTLE_READY_VP = 10
#: A points gap of at least this much makes the smaller army the Underdog.
UNDERDOG_GAP = 30
#: Largest Boarding Patrol, in points.
MAX_PATROL_POINTS = 500

_SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"


class MissionKind(StrEnum):
    SYMMETRIC = "symmetric"
    ASYMMETRIC = "asymmetric"

    @property
    def die(self) -> str:
        """The die that picks a mission of this kind."""
        return "D33" if self is MissionKind.SYMMETRIC else "D6"


class Role(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def other(self) -> Role:
        return Role.DEFENDER if self is Role.ATTACKER else Role.ATTACKER

    @property
    def title(self) -> str:
        return self.value.capitalize()


class FirstTurn(StrEnum):
    """Who takes the first turn: a roll-off, or fixed by the mission."""

    ROLL_OFF = "roll_off"
    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def role(self) -> Role | None:
        return None if self is FirstTurn.ROLL_OFF else Role(self.value)


class ObjectiveType(StrEnum):
    PROGRESSIVE = "progressive"
    END_GAME = "end_game"


class Moment(StrEnum):
    """The points of a turn (or of the battle) at which objectives score, in playing order."""

    COMMAND_START = "command_phase_start"
    COMMAND_END = "command_phase_end"
    TURN_END = "turn_end"
    BATTLE_END = "battle_end"

    @property
    def label(self) -> str:
        return {
            Moment.COMMAND_START: "start of the Command phase",
            Moment.COMMAND_END: "end of the Command phase",
            Moment.TURN_END: "end of the turn",
            Moment.BATTLE_END: "end of the battle",
        }[self]


#: The moments inside one player's turn, in order.
TURN_MOMENTS = (Moment.COMMAND_START, Moment.COMMAND_END, Moment.TURN_END)


class LastRoundShift(StrEnum):
    """Whether a Command-phase objective moves to the end of the turn in the last battle round."""

    NONE = "none"
    SECOND_PLAYER = "second_player"
    """Only the player with the second turn scores at the end of their turn instead."""
    ALWAYS = "always"
    """Whoever scores it does so at the end of their turn in the last round."""


class Scorer(StrEnum):
    """Who may score an objective."""

    EACH = "each"
    """Both players, each for themselves (on their own turn for progressive objectives)."""
    ATTACKER = "attacker"
    DEFENDER = "defender"
    SHARED = "shared"
    """One report gives VP to both players (an outcome table); either player may report it."""

    def includes(self, role: Role) -> bool:
        return self in (Scorer.EACH, Scorer.SHARED) or self.value == role.value


class Timing(BaseModel):
    """When an objective scores."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    moment: Moment
    first_round: int = Field(default=1, ge=1, le=ROUNDS)
    last_round: int = Field(default=ROUNDS, ge=1, le=ROUNDS)
    last_round_shift: LastRoundShift = LastRoundShift.NONE

    @model_validator(mode="after")
    def _consistent(self) -> Timing:
        if self.moment is Moment.TURN_END:
            raise ValueError("use a Command-phase moment with last_round_shift for end-of-turn scoring")
        if self.first_round > self.last_round:
            raise ValueError("first_round is after last_round")
        whole = self.first_round == 1 and self.last_round == ROUNDS
        shifted = self.last_round_shift is not LastRoundShift.NONE
        if self.moment is Moment.BATTLE_END and (not whole or shifted):
            raise ValueError("an end-of-battle objective takes no rounds or shift")
        if self.last_round_shift is not LastRoundShift.NONE and self.last_round != ROUNDS:
            raise ValueError(f"last_round_shift needs the objective to score in round {ROUNDS}")
        return self

    def moment_for(self, round_number: int, *, second_player: bool) -> Moment | None:
        """When, in ``round_number``, the player scores it (None: not in that round).

        >>> timing = Timing(moment=Moment.COMMAND_END, last_round_shift="second_player")
        >>> timing.moment_for(5, second_player=True)
        <Moment.TURN_END: 'turn_end'>
        """
        if self.moment is Moment.BATTLE_END or not self.first_round <= round_number <= self.last_round:
            return None
        if round_number == ROUNDS and (
            self.last_round_shift is LastRoundShift.ALWAYS
            or (self.last_round_shift is LastRoundShift.SECOND_PLAYER and second_player)
        ):
            return Moment.TURN_END
        return self.moment

    def describe(self) -> str:
        if self.moment is Moment.BATTLE_END:
            return "end of the battle"
        rounds = (
            f"round {self.first_round}"
            if self.first_round == self.last_round
            else f"rounds {self.first_round}-{self.last_round}"
        )
        text = f"{self.moment.label}, {rounds}"
        if self.last_round_shift is LastRoundShift.SECOND_PLAYER:
            text += f" (round {ROUNDS}: the player going second scores at the end of their turn)"
        elif self.last_round_shift is LastRoundShift.ALWAYS:
            text += f" (round {ROUNDS}: at the end of the turn instead)"
        return text


class Condition(BaseModel):
    """One thing a player either did or did not achieve at a scoring moment."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_SLUG)
    label: str = Field(min_length=1, max_length=80)
    vp: int = Field(ge=1, le=MISSION_VP_CAP)
    requires: list[str] = Field(default_factory=list)
    """Other conditions of the same objective that must also be met (2+ markers needs 1+)."""


class Boost(BaseModel):
    """A condition that raises a count's VP per thing while it holds."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str = Field(min_length=1, max_length=80)
    vp_each: int = Field(ge=1, le=MISSION_VP_CAP)


class Count(BaseModel):
    """A number of things, each worth ``vp_each``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    item: str = Field(min_length=1, max_length=80)
    item_for: dict[Role, str] = Field(default_factory=dict)
    """What the item is called for one role when the two differ (opened vs closed airlocks)."""
    vp_each: int = Field(ge=1, le=MISSION_VP_CAP)
    max_count: int | None = Field(default=None, ge=1)
    """Most things that can be reported at one moment (None: only the general limit)."""
    boost: Boost | None = None
    drains_opponent: bool = False
    """The opponent loses the same VP (never going below 0)."""

    def label_for(self, role: Role) -> str:
        return self.item_for.get(role, self.item)


class Band(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    at_least: int = Field(ge=0)
    vp: int = Field(ge=0, le=MISSION_VP_CAP)


class Bands(BaseModel):
    """A reported number scored by the highest band it reaches."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    measure: str = Field(min_length=1, max_length=80)
    bands: list[Band] = Field(min_length=2)

    @field_validator("bands")
    @classmethod
    def _rising(cls, bands: list[Band]) -> list[Band]:
        starts = [b.at_least for b in bands]
        if starts[0] != 0:
            raise ValueError("the first band must start at 0")
        if starts != sorted(set(starts)):
            raise ValueError("bands must rise strictly by at_least")
        return bands

    def vp_for(self, value: int) -> int:
        earned = 0
        for band in self.bands:
            if value >= band.at_least:
                earned = band.vp
        return earned

    def band_label(self, index: int) -> str:
        """``"125-249"`` or ``"375+"`` for the band at ``index``."""
        low = self.bands[index].at_least
        if index + 1 < len(self.bands):
            return f"{low}-{self.bands[index + 1].at_least - 1}"
        return f"{low}+"


class OutcomeOption(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_SLUG)
    label: str = Field(min_length=1, max_length=120)
    vp: dict[Role, int]

    @field_validator("vp")
    @classmethod
    def _both_roles(cls, vp: dict[Role, int]) -> dict[Role, int]:
        if set(vp) != set(Role):
            raise ValueError("give the VP for both attacker and defender")
        if any(not 0 <= v <= MISSION_VP_CAP for v in vp.values()):
            raise ValueError(f"each VP must be 0 to {MISSION_VP_CAP}")
        return vp


class Outcome(BaseModel):
    """Exactly one of several situations, each worth VP to both players."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    question: str = Field(min_length=1, max_length=120)
    options: list[OutcomeOption] = Field(min_length=2)

    def option(self, option_id: str) -> OutcomeOption | None:
        return next((o for o in self.options if o.id == option_id), None)


class Objective(BaseModel):
    """One mission objective, as a tracker scores it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_SLUG)
    name: str = Field(min_length=1, max_length=60)
    type: ObjectiveType
    scorer: Scorer
    timing: Timing
    summary: str = Field(min_length=1)
    conditions: list[Condition] = Field(default_factory=list)
    count: Count | None = None
    bands: Bands | None = None
    outcome: Outcome | None = None
    starting_vp: dict[Role, int] = Field(default_factory=dict)
    """VP a player holds from this objective before the battle starts."""

    @model_validator(mode="after")
    def _consistent(self) -> Objective:
        if not (self.conditions or self.count or self.bands or self.outcome):
            raise ValueError("an objective needs conditions, a count, bands or an outcome")
        end_game = self.timing.moment is Moment.BATTLE_END
        if end_game != (self.type is ObjectiveType.END_GAME):
            raise ValueError("end_game objectives score at battle_end, progressive ones during the battle")
        if (self.scorer is Scorer.SHARED) != (self.outcome is not None):
            raise ValueError("a shared objective is scored by an outcome table, and only it")
        if self.outcome is not None and (self.conditions or self.count or self.bands):
            raise ValueError("an outcome table is the objective's only input")
        ids = [c.id for c in self.conditions]
        if len(set(ids)) != len(ids):
            raise ValueError("condition ids must be unique")
        for condition in self.conditions:
            unknown = [r for r in condition.requires if r not in ids or r == condition.id]
            if unknown:
                raise ValueError(f"condition {condition.id!r} requires unknown condition(s) {unknown}")
        if self.count and self.count.item_for and self.scorer is not Scorer.EACH:
            raise ValueError("item_for is for objectives both players score")
        for role, vp in self.starting_vp.items():
            if not 0 < vp <= MISSION_VP_CAP:
                raise ValueError(f"starting_vp for {role.value} must be 1 to {MISSION_VP_CAP}")
        return self

    def condition(self, condition_id: str) -> Condition | None:
        return next((c for c in self.conditions if c.id == condition_id), None)

    def moment_for(self, round_number: int, *, second_player: bool) -> Moment | None:
        return self.timing.moment_for(round_number, second_player=second_player)

    def how_much(self) -> str:
        """How the objective's VP are worked out, in one short line.

        >>> Objective(id="x", name="X", type="end_game", scorer="each", summary="s",
        ...     timing=Timing(moment="battle_end"),
        ...     count=Count(item="objective marker controlled", vp_each=15)).how_much()
        '15 VP per objective marker controlled'
        """
        parts = [f"{c.vp} VP: {c.label}" for c in self.conditions]
        if self.count:
            text = f"{self.count.vp_each} VP per {self.count.item}"
            if self.count.boost:
                text += f" ({self.count.boost.vp_each} VP each if {self.count.boost.label[:1].lower()}"
                text += f"{self.count.boost.label[1:]})"
            if self.count.drains_opponent:
                text += ", taken from the opponent"
            parts.append(text)
        if self.bands:
            bands = ", ".join(f"{self.bands.band_label(i)}: {b.vp}" for i, b in enumerate(self.bands.bands))
            parts.append(f"{self.bands.measure}: {bands} VP")
        if self.outcome:
            parts.append(
                "; ".join(
                    f"{o.label}: Attacker {o.vp[Role.ATTACKER]}, Defender {o.vp[Role.DEFENDER]}"
                    for o in self.outcome.options
                )
            )
        return "; ".join(parts)


class MissionRule(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    summary: str = Field(min_length=1)


class MissionTable(BaseModel):
    """A small table of a mission rule, rebuilt from the seed (see the mission's notes)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str = Field(min_length=1)
    columns: list[str] = Field(min_length=2, max_length=8)
    rows: list[list[str]] = Field(min_length=1, max_length=20)

    @field_validator("rows", mode="before")
    @classmethod
    def _text_cells(cls, value: object) -> object:
        if isinstance(value, list):
            return [[str(c) for c in row] if isinstance(row, list) else row for row in value]
        return value

    @model_validator(mode="after")
    def _rectangular(self) -> MissionTable:
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(f"row {i + 1} has {len(row)} cells for {len(self.columns)} columns")
        return self


class Mission(BaseModel):
    """One Boarding Actions mission, as loaded from ``data/boarding_actions/missions/<id>.yaml``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=_SLUG)
    name: str = Field(min_length=1, max_length=60)
    aliases: list[str] = Field(default_factory=list)
    kind: MissionKind
    roll: int
    first_turn: FirstTurn
    briefing: str = Field(min_length=1)
    rules: list[MissionRule] = Field(default_factory=list)
    manoeuvres: list[MissionRule] = Field(default_factory=list)
    """Tactical Manoeuvres the mission adds."""
    underdog_bonus: str = Field(min_length=1)
    objectives: list[Objective] = Field(min_length=1)
    tables: list[MissionTable] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

    @field_validator("roll")
    @classmethod
    def _roll_fits_the_die(cls, roll: int, info: ValidationInfo) -> int:
        kind = info.data.get("kind")
        if kind is MissionKind.SYMMETRIC:
            tens, units = divmod(roll, 10)
            if not (1 <= tens <= 3 and 1 <= units <= 3):
                raise ValueError("a symmetric mission's roll is a D33 result: 11-13, 21-23 or 31-33")
        elif kind is MissionKind.ASYMMETRIC and not 1 <= roll <= 6:
            raise ValueError("an asymmetric mission's roll is a D6 result, 1-6")
        return roll

    @model_validator(mode="after")
    def _consistent(self) -> Mission:
        ids = [o.id for o in self.objectives]
        if len(set(ids)) != len(ids):
            raise ValueError("objective ids must be unique")
        starts = {role for o in self.objectives for role in o.starting_vp}
        if len(starts) != sum(len(o.starting_vp) for o in self.objectives):
            raise ValueError("give each role's starting VP on one objective only")
        return self

    def objective(self, objective_id: str) -> Objective | None:
        return next((o for o in self.objectives if o.id == objective_id), None)

    @property
    def roll_text(self) -> str:
        """``"D33 21"`` or ``"D6 2"``."""
        return f"{self.kind.die} {self.roll}"


def normalise_name(text: str) -> str:
    """Lower-case letters and digits only, for matching names and aliases.

    >>> normalise_name("Corrupt the Machine-Spirit!")
    'corruptthemachinespirit'
    """
    return re.sub(r"[^a-z0-9]", "", text.casefold())
