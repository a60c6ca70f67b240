"""The ITS score sheet: what each side recorded, the Objective Points it earns, tournament points.

Pure and synchronous. A sheet is edited one control at a time, ``sheet = apply(...)``:

>>> from rules.its.content import load_scenarios
>>> acquisition = load_scenarios().get("acquisition")
>>> sheet = new_sheet(acquisition, 300)
>>> sheet = apply(acquisition, sheet, Side.A, "tech_coffin", True)
>>> sheet = apply(acquisition, sheet, Side.B, "antennas_activated", 1)
>>> result = score_sheet(acquisition, sheet)
>>> (result.total_a, result.total_b), (result.tp_a.total, result.tp_b.total)
((3, 2), (4, 1))

Each player's total is capped at :data:`MAX_OBJECTIVE_POINTS`. Tournament Points: Victory 4,
Tie 2, Defeat 0, +1 Offensive Bonus for 5 or more Objective Points, +1 Defensive Bonus for losing
by 2 or fewer. Victory Points (surviving army points) never change Tournament Points; they only
break ties (and score in the few scenarios whose objectives read them).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

from rules.errors import NotFoundError, RuleError
from rules.i18n import Message, Text, _
from rules.its.scenario import (
    VICTORY_POINTS,
    AlternativeObjective,
    BonusObjective,
    ClassifiedObjective,
    CompareObjective,
    CountObjective,
    DenialMode,
    DenialObjective,
    Objective,
    PerRoundObjective,
    Scenario,
    ThresholdObjective,
    ToggleObjective,
)
from rules.its.tiers import Tier
from rules.text import small_number

MAX_OBJECTIVE_POINTS = 10
OFFENSIVE_BONUS_AT = 5
DEFENSIVE_BONUS_WITHIN = 2
VICTORY_TP, TIE_TP, DEFEAT_TP = 4, 2, 0
MAX_ARMY_POINTS_ENTRY = 1000
"""Limit on any army-points number a player types (the largest tier is 400)."""

EntryValue = bool | int | list[bool] | list[int] | dict[str, int]


class ScoreInputError(RuleError):
    """A score-sheet entry a player must correct (out of range, wrong type, wrong tier)."""


class Side(StrEnum):
    A = "a"
    B = "b"


class Outcome(StrEnum):
    VICTORY = "victory"
    TIE = "tie"
    DEFEAT = "defeat"


class ControlKind(StrEnum):
    """Which widget an entry needs in a score-sheet view."""

    COUNTER = "counter"
    """A whole number 0..max (buttons - / +)."""
    TOGGLE = "toggle"
    """Yes / no."""
    ROUND_TOGGLES = "round_toggles"
    """One yes / no per Game Round (``rounds`` of them)."""
    ROUND_COUNTERS = "round_counters"
    """One whole number 0..max per Game Round."""
    ARMY_POINTS = "army_points"
    """A number of army points 0..max (a modal text field)."""
    CHOICE = "choice"
    """Pick one of ``options`` or none (an alternative with a single item)."""
    OPTION_COUNTERS = "option_counters"
    """A counter per option, together at most ``max`` (an alternative with several items)."""
    CLASSIFIED = "classified"
    """How many Classified Objectives were achieved, 0..max."""


class Control(BaseModel):
    """One editable entry of a side's sheet, for the cog to turn into buttons or a modal."""

    model_config = ConfigDict(frozen=True)

    entry_id: str
    label: str
    kind: ControlKind
    max: int | None = None
    rounds: int | None = None
    options: list[tuple[str, str]] = Field(default_factory=list)
    help: str = ""
    """How the entry scores, in a line (for a tooltip or the modal's placeholder)."""


class SheetSide(BaseModel):
    """What one player recorded. Missing entries count as zero / no."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    values: dict[str, EntryValue] = Field(default_factory=dict)
    victory_points: int = Field(default=0, ge=0)


class TournamentPoints(BaseModel):
    model_config = ConfigDict(frozen=True)

    outcome: Outcome
    base: int
    offensive_bonus: int
    defensive_bonus: int

    @property
    def total(self) -> int:
        return self.base + self.offensive_bonus + self.defensive_bonus


class ObjectiveLine(BaseModel):
    model_config = ConfigDict(frozen=True)

    objective_id: str
    label: str
    a: int
    b: int


class ClaimConflict(BaseModel):
    """Both sheets together claim more of a shared thing than the table holds (see ``SharedPool``)."""

    model_config = ConfigDict(frozen=True)

    label: str
    total: int
    claimed_a: int
    claimed_b: int
    round: int | None = None
    """The Game Round (1-based) of a per-round claim; None for the end of the game."""
    entries_a: list[str] = Field(default_factory=list)
    """The objective labels side A's part of the claim comes from (side B's likewise)."""
    entries_b: list[str] = Field(default_factory=list)

    def text(self, name_a: str = "Side A", name_b: str = "Side B") -> str:
        """The conflict in a sentence, naming the players.

        >>> ClaimConflict(label="the Tech-Coffin", total=1, claimed_a=1, claimed_b=1).text("Ann", "Bo")
        'Ann and Bo both claim the Tech-Coffin, which only one player can hold: correct one sheet.'
        """
        return str(self.message(name_a, name_b))

    def message(self, name_a: str = "Side A", name_b: str = "Side B") -> Message:
        """:meth:`text` as a lazy message, for the reader's language."""
        if self.total == 1:
            claim = _(
                "{a} and {b} both claim {label}, which only one player can hold: correct one sheet.",
                a=name_a,
                b=name_b,
                label=self.label,
            )
        else:
            claim = _(
                "{a} claims {claimed_a} and {b} {claimed_b} of {label}, but there are only {total} for the "
                "two of them: correct one sheet.",
                a=name_a,
                claimed_a=self.claimed_a,
                b=name_b,
                claimed_b=self.claimed_b,
                label=self.label,
                total=self.total,
            )
        if self.round is not None:
            return _("Round {round}: {claim}", round=self.round, claim=claim)
        return claim


class ScoreResult(BaseModel):
    """Objective Points per objective and side, capped totals, Tournament Points, tiebreak."""

    model_config = ConfigDict(frozen=True)

    scenario_id: str
    tier: Tier
    lines: list[ObjectiveLine]
    raw_a: int
    raw_b: int
    total_a: int
    total_b: int
    tp_a: TournamentPoints
    tp_b: TournamentPoints
    victory_points_a: int
    victory_points_b: int
    warnings: list[str] = Field(default_factory=list)
    conflicts: list[ClaimConflict] = Field(default_factory=list)
    """Claims the scenario makes impossible together; a sheet with any cannot be confirmed."""

    @property
    def leader(self) -> Side | None:
        """Who ranks first: Tournament Points, then Objective Points, then Victory Points."""
        key_a = (self.tp_a.total, self.total_a, self.victory_points_a)
        key_b = (self.tp_b.total, self.total_b, self.victory_points_b)
        if key_a == key_b:
            return None
        return Side.A if key_a > key_b else Side.B


# --- tournament points --------------------------------------------------------------------------


@lru_cache(maxsize=(MAX_OBJECTIVE_POINTS + 1) ** 2)
def tournament_points(own: int, other: int) -> TournamentPoints:
    """Tournament Points for a player who scored ``own`` Objective Points against ``other``.

    Remembered (the answer is frozen, and there are only 121 pairs): a 512-player event's
    standings ask it thousands of times.

    >>> tournament_points(7, 6).total, tournament_points(6, 7).total
    (5, 2)
    """
    for value in (own, other):
        if not 0 <= value <= MAX_OBJECTIVE_POINTS:
            raise ScoreInputError(
                _(
                    "{value} Objective Points is impossible: a player scores 0 to {max_objective_points}.",
                    value=value,
                    max_objective_points=MAX_OBJECTIVE_POINTS,
                )
            )
    if own > other:
        outcome, base = Outcome.VICTORY, VICTORY_TP
    elif own == other:
        outcome, base = Outcome.TIE, TIE_TP
    else:
        outcome, base = Outcome.DEFEAT, DEFEAT_TP
    offensive = 1 if own >= OFFENSIVE_BONUS_AT else 0
    defensive = 1 if outcome is Outcome.DEFEAT and other - own <= DEFENSIVE_BONUS_WITHIN else 0
    return TournamentPoints(outcome=outcome, base=base, offensive_bonus=offensive, defensive_bonus=defensive)


# --- controls -----------------------------------------------------------------------------------


def controls(scenario: Scenario, tier: Tier | int | str) -> list[Control]:
    """The entries a side fills in, in sheet order, ending with Victory Points.

    Objectives that read another objective's number (``source``) and denial objectives (scored
    from the adversary's sheet) need no control of their own.

    >>> from rules.its.content import load_scenarios
    >>> [c.kind.value for c in controls(load_scenarios().get("frontline"), 300)]
    ['toggle', 'toggle', 'toggle', 'classified', 'army_points']
    """
    tier = _check_tier(scenario, tier)
    found: list[Control] = []
    for objective in scenario.objectives:
        control = _control_for(scenario, objective, tier)
        if control is not None:
            found.append(control)
    scoring = [o.label for o in scenario.objectives if getattr(o, "source", None) == VICTORY_POINTS]
    help_text = f"Scores for: {'; '.join(scoring)}. Also breaks ties." if scoring else "Only breaks ties."
    found.append(
        Control(
            entry_id=VICTORY_POINTS,
            label="Victory Points (surviving army points)",
            kind=ControlKind.ARMY_POINTS,
            max=int(tier),
            help=help_text,
        )
    )
    return found


def _control_for(scenario: Scenario, objective: Objective, tier: Tier) -> Control | None:
    base = {
        "entry_id": objective.id,
        "label": objective.label,
        "help": describe_objective(scenario, objective.id, tier),
    }
    match objective:
        case BonusObjective() if objective.max_count == 1:
            return Control(**base, kind=ControlKind.TOGGLE, max=1)
        case CountObjective() | BonusObjective():
            return Control(**base, kind=ControlKind.COUNTER, max=objective.max_count)
        case ClassifiedObjective():
            return Control(**base, kind=ControlKind.CLASSIFIED, max=objective.max_count)
        case ToggleObjective():
            return Control(**base, kind=ControlKind.TOGGLE, max=1)
        case PerRoundObjective():
            return Control(**base, kind=ControlKind.ROUND_TOGGLES, rounds=objective.rounds)
        case CompareObjective():
            if objective.source is not None:
                return None
            limit = objective.value_limit(tier)
            if objective.per_round:
                return Control(**base, kind=ControlKind.ROUND_COUNTERS, max=limit, rounds=objective.rounds)
            kind = ControlKind.ARMY_POINTS if objective.max_value is None else ControlKind.COUNTER
            return Control(**base, kind=kind, max=limit)
        case ThresholdObjective():
            if objective.source is not None:
                return None
            return Control(**base, kind=ControlKind.ARMY_POINTS, max=int(tier))
        case AlternativeObjective():
            options = [(o.id, o.label) for o in objective.options]
            kind = ControlKind.CHOICE if objective.items == 1 else ControlKind.OPTION_COUNTERS
            return Control(**base, kind=kind, max=objective.items, options=options)
        case DenialObjective():
            return None
    raise AssertionError(f"unhandled objective kind {objective.kind}")  # pragma: no cover


# --- editing ------------------------------------------------------------------------------------


def apply_entry(
    scenario: Scenario, tier: Tier | int | str, side: SheetSide, entry_id: str, value: object
) -> SheetSide:
    """A copy of ``side`` with one entry set, after checking it; raises a RuleError if wrong.

    ``value`` is a bool (toggle), an int (counter, army points, classified), a list of bools or
    ints (per round), an option id or None (choice) or a dict option -> count (option counters).

    >>> from rules.its.content import load_scenarios
    >>> acquisition = load_scenarios().get("acquisition")
    >>> apply_entry(acquisition, 300, SheetSide(), "antennas_activated", 2).values
    {'antennas_activated': 2}
    """
    tier = _check_tier(scenario, tier)
    if entry_id == VICTORY_POINTS:
        points = _whole(value, _("Victory Points"), 0, int(tier), at_tier=True)
        return side.model_copy(update={"victory_points": points})
    objective = _editable(scenario, entry_id)
    clean = _validate(scenario, tier, objective, value)
    return side.model_copy(update={"values": {**side.values, entry_id: clean}})


def clear_entry(side: SheetSide, entry_id: str) -> SheetSide:
    """A copy of ``side`` without the entry (it counts as zero again)."""
    return side.model_copy(update={"values": {k: v for k, v in side.values.items() if k != entry_id}})


def _editable(scenario: Scenario, entry_id: str) -> Objective:
    objective = scenario.objective(entry_id)
    if objective is None:
        known = ", ".join(o.id for o in scenario.objectives)
        raise NotFoundError(
            _(
                "{name} has no objective {entry_id}. Its objectives: {known}.",
                name=scenario.name,
                entry_id=f"{entry_id!r}",
                known=known,
            )
        )
    if isinstance(objective, DenialObjective) or getattr(objective, "source", None) is not None:
        raise ScoreInputError(
            _(
                "'{label}' is worked out from other entries in {name}; it cannot be set by hand.",
                label=objective.label,
                name=scenario.name,
            )
        )
    return objective


def _validate(scenario: Scenario, tier: Tier, objective: Objective, value: object) -> EntryValue:
    label = objective.label
    match objective:
        case ToggleObjective():
            return _flag(value, label)
        case BonusObjective() if isinstance(value, bool):
            return int(value)  # a single bonus is shown as a toggle
        case CountObjective() | ClassifiedObjective() | BonusObjective():
            return _whole(value, label, 0, objective.max_count)
        case PerRoundObjective():
            return _rounds(value, label, objective.rounds, _flag)
        case CompareObjective():
            limit = objective.value_limit(tier)
            if objective.per_round:
                return _rounds(value, label, objective.rounds, lambda v, lab: _whole(v, lab, 0, limit))
            return _whole(value, label, 0, limit)
        case ThresholdObjective():
            return _whole(value, label, 0, int(tier), at_tier=True)
        case AlternativeObjective():
            return _alternative(objective, value)
    raise ScoreInputError(_("'{label}' cannot be set by hand.", label=label))  # pragma: no cover


def _flag(value: object, label: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise ScoreInputError(
        _("'{label}' is a yes/no entry; {value} is neither.", label=label, value=f"{value!r}")
    )


def _whole(value: object, label: Text, low: int, high: int, *, at_tier: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and small_number(value.strip().lstrip("-")) is not None:
            value = int(value.strip())  # a dozen digits at most: read before the range is checked
        else:
            raise ScoreInputError(
                _(
                    "'{label}' needs a whole number from {low} to {high}, not {value}.",
                    label=label,
                    low=low,
                    high=high,
                    value=f"{value!r}",
                )
            )
    if value < low:
        raise ScoreInputError(
            _("'{label}' cannot be negative (you entered {value}).", label=label, value=value)
        )
    if value > high:
        if at_tier:
            raise ScoreInputError(
                _(
                    "'{label}' can be at most {high} at this tier (you entered {value}).",
                    label=label,
                    high=high,
                    value=value,
                )
            )
        raise ScoreInputError(
            _(
                "'{label}' can be at most {high} in this scenario (you entered {value}).",
                label=label,
                high=high,
                value=value,
            )
        )
    return value


def _rounds(value: object, label: Text, rounds: int, check) -> list:  # type: ignore[no-untyped-def]
    if not isinstance(value, list | tuple):
        raise ScoreInputError(
            _("'{label}' needs one entry per Game Round ({rounds} rounds).", label=label, rounds=rounds)
        )
    if len(value) > rounds:
        raise ScoreInputError(
            _(
                "'{label}' is scored over {rounds} Game Rounds, not {n}.",
                label=label,
                rounds=rounds,
                n=len(value),
            )
        )
    padded = list(value) + [0] * (rounds - len(value))
    return [
        check(item, _("{objective}, round {round}", objective=label, round=i + 1))
        for i, item in enumerate(padded)
    ]


def _alternative(objective: AlternativeObjective, value: object) -> dict[str, int]:
    if value is None or value == "":
        return {}
    if isinstance(value, str):
        if objective.option(value) is None:
            names = ", ".join(o.label for o in objective.options)
            raise ScoreInputError(
                _("'{label}': choose one of {names}, or none.", label=objective.label, names=names)
            )
        return {value: 1}
    if not isinstance(value, Mapping):
        raise ScoreInputError(
            _("'{label}': choose an option, or give a count for each.", label=objective.label)
        )
    counts: dict[str, int] = {}
    for key, count in value.items():
        option = objective.option(str(key))
        if option is None:
            names = ", ".join(o.label for o in objective.options)
            raise ScoreInputError(
                _(
                    "'{label}' has no option {key}; its options: {names}.",
                    label=objective.label,
                    key=f"{key!r}",
                    names=names,
                )
            )
        counts[option.id] = _whole(
            count,
            _("{objective}: {option}", objective=objective.label, option=option.label),
            0,
            objective.items,
        )
    if sum(counts.values()) > objective.items:
        raise ScoreInputError(
            _(
                "'{label}': only {items} can score, and each counts once (you entered {sum}).",
                label=objective.label,
                items=objective.items,
                sum=sum(counts.values()),
            )
        )
    return {k: v for k, v in counts.items() if v}


# --- scoring ------------------------------------------------------------------------------------


def score(scenario: Scenario, tier: Tier | int | str, side_a: SheetSide, side_b: SheetSide) -> ScoreResult:
    """Score both sides of a game of ``scenario`` at ``tier``.

    >>> from rules.its.content import load_scenarios
    >>> frontline = load_scenarios().get("frontline")
    >>> a = apply_entry(frontline, 300, SheetSide(), "farthest_sector", True)
    >>> b = apply_entry(frontline, 300, SheetSide(), "classified", 2)
    >>> result = score(frontline, 300, a, b)
    >>> result.total_a, result.total_b, result.tp_a.total, result.tp_b.total
    (3, 2, 4, 1)
    """
    tier = _check_tier(scenario, tier)
    a = _checked(scenario, tier, side_a)
    b = _checked(scenario, tier, side_b)
    warnings: list[str] = []
    lines: list[ObjectiveLine] = []
    for objective in scenario.objectives:
        points_a = _points(scenario, tier, objective, a, b, side_a, side_b, warnings, "A")
        points_b = _points(scenario, tier, objective, b, a, side_b, side_a, warnings, "B")
        lines.append(ObjectiveLine(objective_id=objective.id, label=objective.label, a=points_a, b=points_b))
    raw_a = sum(line.a for line in lines)
    raw_b = sum(line.b for line in lines)
    total_a = min(raw_a, MAX_OBJECTIVE_POINTS)
    total_b = min(raw_b, MAX_OBJECTIVE_POINTS)
    return ScoreResult(
        scenario_id=scenario.id,
        tier=tier,
        lines=lines,
        raw_a=raw_a,
        raw_b=raw_b,
        total_a=total_a,
        total_b=total_b,
        tp_a=tournament_points(total_a, total_b),
        tp_b=tournament_points(total_b, total_a),
        victory_points_a=side_a.victory_points,
        victory_points_b=side_b.victory_points,
        warnings=warnings,
        conflicts=_conflicts(scenario, a, b),
    )


def _pool_value(scenario: Scenario, ref: str, values: Mapping[str, EntryValue]) -> list[int] | int:
    objective_id, _sep, option = ref.partition(":")
    value = values.get(objective_id)
    if isinstance(value, list):
        return [int(v) for v in value]
    if isinstance(value, dict):
        return int(value.get(option, 0)) if option else sum(value.values())
    if value is None:
        objective = scenario.objective(objective_id)
        per_round = isinstance(objective, PerRoundObjective) or getattr(objective, "per_round", False)
        return [0] * getattr(objective, "rounds", 0) if per_round else 0
    return int(value)


def _pool_sum(scenario: Scenario, refs: list[str], values: Mapping[str, EntryValue]) -> list[int]:
    """The claim of one side on a pool: one number per Game Round, or a single number."""
    parts = [_pool_value(scenario, ref, values) for ref in refs]
    if parts and isinstance(parts[0], list):
        rounds = max(len(p) for p in parts if isinstance(p, list))
        return [sum((p + [0] * rounds)[r] for p in parts if isinstance(p, list)) for r in range(rounds)]
    return [sum(p for p in parts if isinstance(p, int))]


def _conflicts(
    scenario: Scenario, a: Mapping[str, EntryValue], b: Mapping[str, EntryValue]
) -> list[ClaimConflict]:
    found: list[ClaimConflict] = []
    for pool in scenario.shared:
        orientations = [(pool.entries, pool.other_entries)]
        if pool.mirror is not None:
            orientations.append((pool.other_entries, pool.entries))
        for refs_a, refs_b in orientations:
            own, other = _pool_sum(scenario, refs_a, a), _pool_sum(scenario, refs_b, b)
            per_round = _is_per_round(scenario, refs_a[0])
            for index, (claim_a, claim_b) in enumerate(zip(own, other, strict=True)):
                if claim_a + claim_b > pool.total:
                    found.append(
                        ClaimConflict(
                            label=pool.label,
                            total=pool.total,
                            claimed_a=claim_a,
                            claimed_b=claim_b,
                            round=index + 1 if per_round else None,
                            entries_a=[_ref_label(scenario, r) for r in refs_a],
                            entries_b=[_ref_label(scenario, r) for r in refs_b],
                        )
                    )
    return found


def _is_per_round(scenario: Scenario, ref: str) -> bool:
    objective = scenario.objective(ref.partition(":")[0])
    return isinstance(objective, PerRoundObjective) or bool(getattr(objective, "per_round", False))


def _ref_label(scenario: Scenario, ref: str) -> str:
    objective_id, _sep, option = ref.partition(":")
    objective = scenario.objective(objective_id)
    if objective is None:  # pragma: no cover - the schema checks references
        return ref
    if option and isinstance(objective, AlternativeObjective):
        chosen = objective.option(option)
        return f"{objective.label}: {chosen.label if chosen else option}"
    return objective.label


def check_claims(
    scenario: Scenario, sheet: ScoreSheet, names: tuple[str, str] = ("Side A", "Side B")
) -> None:
    """Raise :class:`ScoreInputError` when the two sides claim together what the table cannot hold.

    A sheet may pass through such a state while the players fill it in; it cannot be confirmed.
    """
    result = score_sheet(scenario, sheet)
    if result.conflicts:
        raise ScoreInputError(
            _(
                "This sheet cannot be confirmed yet. {conflicts}",
                conflicts=tuple(c.message(*names) for c in result.conflicts),
            )
        )


def _check_tier(scenario: Scenario, tier: Tier | int | str) -> Tier:
    parsed = Tier.parse(tier)
    if parsed not in scenario.tiers:
        offered = ", ".join(str(int(t)) for t in scenario.tier_list)
        raise ScoreInputError(
            _(
                "{name} is not played at {parsed} points; it offers {offered}.",
                name=scenario.name,
                parsed=int(parsed),
                offered=offered,
            )
        )
    return parsed


def _checked(scenario: Scenario, tier: Tier, side: SheetSide) -> dict[str, EntryValue]:
    _whole(side.victory_points, _("Victory Points"), 0, int(tier), at_tier=True)
    values: dict[str, EntryValue] = {}
    for entry_id, value in side.values.items():
        objective = _editable(scenario, entry_id)
        values[entry_id] = _validate(scenario, tier, objective, value)
    return values


def _number(scenario: Scenario, objective_id: str, values: Mapping[str, EntryValue], side: SheetSide) -> int:
    """The single number an objective's entry holds (for sources, bases and denials)."""
    if objective_id == VICTORY_POINTS:
        return side.victory_points
    value = values.get(objective_id)
    if value is None:
        return 0
    if isinstance(value, dict):
        return sum(value.values())
    if isinstance(value, bool | int):
        return int(value)
    return 0  # pragma: no cover - references to per-round entries are refused by the schema


def _compare(own: int, other: int, objective: CompareObjective) -> int:
    if own > other:
        return objective.more_points
    if own == other and own >= 1:
        return objective.equal_points
    return 0


def _points(
    scenario: Scenario,
    tier: Tier,
    objective: Objective,
    own: Mapping[str, EntryValue],
    other: Mapping[str, EntryValue],
    own_side: SheetSide,
    other_side: SheetSide,
    warnings: list[str],
    who: str,
) -> int:
    match objective:
        case CountObjective() | ClassifiedObjective():
            earned = objective.points_each * int(own.get(objective.id, 0))
            return min(earned, objective.cap) if objective.cap is not None else earned
        case ToggleObjective():
            return objective.points if own.get(objective.id) else 0
        case PerRoundObjective():
            rounds = own.get(objective.id) or []
            return objective.points * sum(1 for r in rounds if r)
        case CompareObjective():
            if objective.per_round:
                mine = list(own.get(objective.id) or []) + [0] * objective.rounds
                theirs = list(other.get(objective.id) or []) + [0] * objective.rounds
                return sum(_compare(mine[i], theirs[i], objective) for i in range(objective.rounds))
            ref = objective.source or objective.id
            return _compare(
                _number(scenario, ref, own, own_side), _number(scenario, ref, other, other_side), objective
            )
        case ThresholdObjective():
            ref = objective.source or objective.id
            return objective.points_for(tier, _number(scenario, ref, own, own_side))
        case AlternativeObjective():
            counts = own.get(objective.id) or {}
            return sum(objective.option(k).points * n for k, n in counts.items())  # type: ignore[union-attr]
        case BonusObjective():
            return _bonus(scenario, tier, objective, own, own_side, warnings, who)
        case DenialObjective():
            theirs = _number(scenario, objective.of, other, other_side)
            if objective.mode is DenialMode.ABSENT:
                return objective.points if theirs == 0 else 0
            return objective.points * max(scenario.unit_limit(objective.of, tier) - theirs, 0)
    raise AssertionError(f"unhandled objective kind {objective.kind}")  # pragma: no cover


def _bonus(
    scenario: Scenario,
    tier: Tier,
    objective: BonusObjective,
    own: Mapping[str, EntryValue],
    own_side: SheetSide,
    warnings: list[str],
    who: str,
) -> int:
    claimed = int(own.get(objective.id, 0))
    if objective.base_option is not None:
        base_value = int((own.get(objective.base) or {}).get(objective.base_option, 0))  # type: ignore[union-attr]
    else:
        base_value = _number(scenario, objective.base, own, own_side)
    base = scenario.objective(objective.base)
    if objective.needs_full_base:
        full = scenario.unit_limit(objective.base, tier)
        allowed = claimed if base_value >= full else 0
    else:
        allowed = min(claimed, base_value)
    if allowed < claimed and base is not None:
        warnings.append(
            f"Side {who}: '{objective.label}' only counts on top of '{base.label}'; "
            f"{claimed - allowed} of it was not scored."
        )
    return objective.points_each * allowed


def describe_objective(scenario: Scenario, objective_id: str, tier: Tier | int | str) -> str:
    """How an objective scores, in one short line.

    >>> from rules.its.content import load_scenarios
    >>> describe_objective(load_scenarios().get("supremacy"), "hacked_consoles", 300)
    '1 OP each (up to 4), at most 3 OP'
    """
    tier = _check_tier(scenario, tier)
    objective = scenario.objective(objective_id)
    match objective:
        case None:
            raise NotFoundError(
                _(
                    "{name} has no objective {objective_id}.",
                    name=scenario.name,
                    objective_id=f"{objective_id!r}",
                )
            )
        case CountObjective() | ClassifiedObjective():
            text = f"{objective.points_each} OP each (up to {objective.max_count})"
            return text + (f", at most {objective.cap} OP" if objective.cap is not None else "")
        case ToggleObjective():
            return f"{objective.points} OP"
        case PerRoundObjective():
            return f"{objective.points} OP at the end of each of {objective.rounds} Game Rounds"
        case CompareObjective():
            text = f"{objective.more_points} OP for more {objective.measure} than the adversary"
            if objective.equal_points:
                text += f"; {objective.equal_points} OP for as many, if at least 1"
            return text + (" (each Game Round)" if objective.per_round else "")
        case ThresholdObjective():
            bands = ", ".join(f"{row.at_least}+: {row.points} OP" for row in objective.bands[tier])
            return f"{objective.measure} at {int(tier)} points: {bands}"
        case AlternativeObjective():
            options = " or else ".join(f"{o.label} {o.points} OP" for o in objective.options)
            return options + (f" (for each of {objective.items})" if objective.items > 1 else "")
        case BonusObjective():
            base = scenario.objective(objective.base)
            base_label = base.label if base else objective.base
            needs = "when it is complete" if objective.needs_full_base else "never more than it"
            return f"+{objective.points_each} OP each on top of '{base_label}', {needs}"
        case DenialObjective():
            of = scenario.objective(objective.of)
            label = of.label if of else objective.of
            if objective.mode is DenialMode.REMAINING:
                return f"{objective.points} OP for each unit of '{label}' the adversary did not reach"
            return f"{objective.points} OP if the adversary has no '{label}'"
    raise AssertionError("unhandled objective kind")  # pragma: no cover


# --- the whole sheet, for storage -----------------------------------------------------------------


class ScoreSheet(BaseModel):
    """Both sides of one game's sheet: what a cog stores between button presses (JSON-safe)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = 1
    scenario_id: str
    tier: Tier
    a: SheetSide = Field(default_factory=SheetSide)
    b: SheetSide = Field(default_factory=SheetSide)

    def side(self, side: Side) -> SheetSide:
        return self.a if side is Side.A else self.b


def new_sheet(scenario: Scenario, tier: Tier | int | str) -> ScoreSheet:
    """An empty sheet for ``scenario`` at ``tier`` (raises if the scenario lacks that tier)."""
    return ScoreSheet(scenario_id=scenario.id, tier=_check_tier(scenario, tier))


def apply(
    scenario: Scenario, sheet: ScoreSheet, side: Side | str, entry_id: str, value: object
) -> ScoreSheet:
    """A copy of ``sheet`` with one entry of one side set; see :func:`apply_entry`."""
    _same_scenario(scenario, sheet)
    side = Side(side)
    updated = apply_entry(scenario, sheet.tier, sheet.side(side), entry_id, value)
    return sheet.model_copy(update={side.value: updated})


def score_sheet(scenario: Scenario, sheet: ScoreSheet) -> ScoreResult:
    """Score a stored sheet; see :func:`score`."""
    _same_scenario(scenario, sheet)
    return score(scenario, sheet.tier, sheet.a, sheet.b)


def _same_scenario(scenario: Scenario, sheet: ScoreSheet) -> None:
    if sheet.scenario_id != scenario.id:
        raise ScoreInputError(
            _(
                "This sheet is for {scenario_id}, not {name}; start a new sheet to switch.",
                scenario_id=f"{sheet.scenario_id!r}",
                name=scenario.name,
            )
        )


def best_case(scenario: Scenario, tier: Tier | int | str) -> SheetSide:
    """A sheet where one side achieves everything it can record (the other side empty).

    Used to check that a scenario can reach 10 Objective Points.
    """
    tier = _check_tier(scenario, tier)
    side = SheetSide(victory_points=int(tier))
    for control in controls(scenario, tier):
        if control.entry_id == VICTORY_POINTS:
            continue
        objective = scenario.objective(control.entry_id)
        value: object
        match control.kind:
            case ControlKind.TOGGLE:
                value = True
            case ControlKind.ROUND_TOGGLES:
                value = [True] * (control.rounds or 0)
            case ControlKind.ROUND_COUNTERS:
                value = [control.max] * (control.rounds or 0)
            case ControlKind.CHOICE | ControlKind.OPTION_COUNTERS:
                assert isinstance(objective, AlternativeObjective)
                top = max(objective.options, key=lambda o: o.points)
                value = {top.id: objective.items}
            case _ if isinstance(objective, BonusObjective) and objective.base_option is not None:
                # A bonus on one option only scores as often as that option was recorded.
                base = side.values.get(objective.base) or {}
                value = min(control.max or 0, int(base.get(objective.base_option, 0)))  # type: ignore[union-attr]
            case _:
                value = control.max
        side = apply_entry(scenario, tier, side, control.entry_id, value)
    return side
