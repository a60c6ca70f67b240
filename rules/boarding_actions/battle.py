"""The Boarding Actions VP tracker: a battle's state and the scoring steps that move it on.

Pure and synchronous, in the Game / State style: a :class:`BattleState` is a frozen, JSON-safe
pydantic model that carries a copy of its mission's scoring rules, and every step is
``state = apply(state, action)``. Keep the previous state to undo a step.

The battle walks through its *scoring moments* in playing order: in each of rounds 1-5, the
first player's turn then the second's, each at the start of the Command phase, the end of the
Command phase and the end of the turn; then the end of the battle. :func:`apply` with
:class:`Advance` skips moments at which nobody has anything to score, so the tracker only stops
where a player must report. At each stop :func:`scoring_options` says which objectives a player
may score and how.

Victory points from the mission are capped at :data:`MISSION_VP_CAP` (90) as they are awarded:
the excess is discounted. A Battle Ready army adds :data:`BATTLE_READY_VP` (10), so a player
ends on at most 100.

>>> from rules.boarding_actions.content import load_missions_strict
>>> mission = load_missions_strict().get("deck-sweepers")
>>> state = new_battle(mission, attacker=Player(name="Ann"), defender=Player(name="Bo"),
...                    first_turn="attacker")
>>> describe_position(state)
'Round 2, Ann (Attacker), end of the Command phase'
>>> state = apply(state, Score(role="attacker", objective="take-and-hold", conditions=["one-plus"]))
>>> state = apply(state, Advance())
>>> describe_position(state)
'Round 2, Bo (Defender), end of the Command phase'
>>> tally(state).mission_vp
{<Role.ATTACKER: 'attacker'>: 5, <Role.DEFENDER: 'defender'>: 0}
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules.boarding_actions.missions import (
    BATTLE_READY_VP,
    MAX_PATROL_POINTS,
    MISSION_VP_CAP,
    ROUNDS,
    TURN_MOMENTS,
    UNDERDOG_GAP,
    FirstTurn,
    Mission,
    MissionKind,
    Moment,
    Objective,
    Role,
    Scorer,
)
from rules.content import describe_problems
from rules.errors import NotFoundError, RuleError
from rules.i18n import N_, Message, _

#: Schema version of the stored state.
STATE_VERSION = 1
#: Most things (markers, downloads, airlocks...) one report may count.
MAX_COUNT = 20
#: Largest points total a player may report (destroyed units).
MAX_REPORTED_POINTS = 1000
#: Longest player name kept.
MAX_NAME_CHARS = 40


class BattleError(RuleError):
    """A scoring step that the battle does not allow now; the message says why and what to do."""


class Outcome(StrEnum):
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


# --- the state ----------------------------------------------------------------------------------


class BattleMission(BaseModel):
    """The part of a mission a battle needs, copied in so a stored battle never changes under a
    content edit."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    kind: MissionKind
    roll: int
    first_turn: FirstTurn
    underdog_bonus: str
    objectives: list[Objective]

    @classmethod
    def of(cls, mission: Mission) -> BattleMission:
        return cls(
            id=mission.id,
            name=mission.name,
            kind=mission.kind,
            roll=mission.roll,
            first_turn=mission.first_turn,
            underdog_bonus=mission.underdog_bonus,
            objectives=mission.objectives,
        )

    def objective(self, objective_id: str) -> Objective:
        found = next((o for o in self.objectives if o.id == objective_id), None)
        if found is None:
            known = ", ".join(f"`{o.id}`" for o in self.objectives)
            raise NotFoundError(_("{mission} has no objective {objective}; its objectives are {known}.",
                                  mission=self.name, objective=repr(objective_id), known=known))
        return found


class Player(BaseModel):
    """One side of the battle. ``user_id`` is whatever the caller identifies players by."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    user_id: int | None = None
    points: int | None = Field(default=None, ge=0, le=MAX_PATROL_POINTS)
    battle_ready: bool = False


class ScoreEntry(BaseModel):
    """One report at one scoring moment, with the VP it claims before the cap."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    round: int = Field(ge=1, le=ROUNDS)
    turn: int = Field(ge=0, le=1)
    moment: Moment
    role: Role
    """Who reported it (for a shared objective, either player)."""
    objective: str
    conditions: list[str] = Field(default_factory=list)
    count: int | None = None
    boosted: bool = False
    value: int | None = None
    option: str | None = None
    awards: dict[Role, int] = Field(default_factory=dict)
    drains: dict[Role, int] = Field(default_factory=dict)

    @property
    def column(self) -> str:
        """The scoreboard column: ``"1"``-``"5"``, or ``"end"`` for the end of the battle."""
        return "end" if self.moment is Moment.BATTLE_END else str(self.round)


class BattleState(BaseModel):
    """A Boarding Actions battle between two players; store it as JSON (``model_dump_json``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = STATE_VERSION
    mission: BattleMission
    players: dict[Role, Player]
    first_turn: Role | None = None
    round: int = Field(default=1, ge=1, le=ROUNDS)
    turn: int = Field(default=0, ge=0, le=1)
    moment: Moment = Moment.COMMAND_START
    over: bool = False
    entries: list[ScoreEntry] = Field(default_factory=list)
    step: int = 0
    """How many steps were applied; a caller may check it did not change under it."""

    def player(self, role: Role | str) -> Player:
        return self.players[Role(role)]

    @property
    def active(self) -> Role | None:
        """Whose turn it is (None before the first turn is known, and at the end of the battle)."""
        if self.first_turn is None or self.moment is Moment.BATTLE_END:
            return None
        return self.first_turn if self.turn == 0 else self.first_turn.other


# --- actions ------------------------------------------------------------------------------------


class ChooseFirstTurn(BaseModel):
    """Who won the roll-off for the first turn (only in missions that roll for it)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["first_turn"] = "first_turn"
    role: Role


class Score(BaseModel):
    """A player's report for one objective at the current moment. Reporting the same objective
    again at the same moment replaces the earlier report."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["score"] = "score"
    role: Role
    objective: str
    conditions: list[str] = Field(default_factory=list)
    count: int | None = None
    boosted: bool = False
    value: int | None = None
    option: str | None = None


class Advance(BaseModel):
    """Done with this moment: go to the next moment at which someone can score."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["advance"] = "advance"


class SetBattleReady(BaseModel):
    """Whether a player's whole army is painted to a Battle Ready standard (+10 VP)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["battle_ready"] = "battle_ready"
    role: Role
    ready: bool


class Reopen(BaseModel):
    """Open a finished battle again, at the end of the battle, so its result can be corrected.

    A finished battle is final (nothing changes it, not even Battle Ready): whoever may override
    its result (a tournament's organisers) reopens it, and finishing it again gives the new result.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["reopen"] = "reopen"


Action = Annotated[ChooseFirstTurn | Score | Advance | SetBattleReady | Reopen, Field(discriminator="kind")]
_ACTION = TypeAdapter(Action)


def parse_action(data: object) -> ChooseFirstTurn | Score | Advance | SetBattleReady | Reopen:
    """An action from its JSON form (as stored in an event log).

    >>> parse_action({"kind": "advance"})
    Advance(kind='advance')
    """
    try:
        return _ACTION.validate_python(data)
    except ValidationError as exc:
        raise BattleError(_("That is not a scoring step I understand ({problems}).",
                            problems=describe_problems(exc))) from None


# --- starting -----------------------------------------------------------------------------------


def new_battle(
    mission: Mission | BattleMission,
    *,
    attacker: Player,
    defender: Player,
    first_turn: Role | str | None = None,
) -> BattleState:
    """A battle of ``mission``, at its first scoring moment.

    ``first_turn`` is the roll-off winner in missions that roll for it; missions that fix it
    (Rapid Offence, Set Defence) need none, and refuse a different one. Without it the battle waits
    for :class:`ChooseFirstTurn`.

    >>> from rules.boarding_actions.content import load_missions_strict
    >>> teeth = load_missions_strict().get("pull-their-teeth")
    >>> state = new_battle(teeth, attacker=Player(name="Ann"), defender=Player(name="Bo"))
    >>> state.first_turn, tally(state).mission_vp[Role.ATTACKER]
    (<Role.ATTACKER: 'attacker'>, 60)
    """
    snapshot = mission if isinstance(mission, BattleMission) else BattleMission.of(mission)
    fixed = snapshot.first_turn.role
    chosen = Role(first_turn) if first_turn is not None else None
    if fixed is not None and chosen is not None and chosen is not fixed:
        raise BattleError(_("In {mission} the {role} always takes the first turn; leave the first turn out.",
                            mission=snapshot.name, role=_(ROLE_WORDS[fixed])))
    state = BattleState(
        mission=snapshot,
        players={Role.ATTACKER: attacker, Role.DEFENDER: defender},
        first_turn=fixed or chosen,
    )
    if state.first_turn is None:
        return state
    return _settle(state)


def underdog(state: BattleState) -> Role | None:
    """The player whose army is at least 30 points smaller, if both gave their points.

    >>> from rules.boarding_actions.content import load_missions_strict
    >>> m = load_missions_strict().get("rad-leak")
    >>> underdog(new_battle(m, attacker=Player(name="A", points=500), defender=Player(name="B", points=470)))
    <Role.DEFENDER: 'defender'>
    """
    a = state.players[Role.ATTACKER].points
    d = state.players[Role.DEFENDER].points
    if a is None or d is None or abs(a - d) < UNDERDOG_GAP:
        return None
    return Role.ATTACKER if a < d else Role.DEFENDER


# --- where we are, and what can be scored -------------------------------------------------------


def _positions() -> list[tuple[int, int, Moment]]:
    order = [(r, t, m) for r in range(1, ROUNDS + 1) for t in (0, 1) for m in TURN_MOMENTS]
    return [*order, (ROUNDS, 1, Moment.BATTLE_END)]


_POSITIONS = _positions()


def _open(state: BattleState, role: Role, round_number: int, turn: int, moment: Moment) -> list[Objective]:
    if moment is Moment.BATTLE_END:
        return [
            o
            for o in state.mission.objectives
            if o.timing.moment is Moment.BATTLE_END and o.scorer.includes(role)
        ]
    if state.first_turn is None:
        return []
    active = state.first_turn if turn == 0 else state.first_turn.other
    if role is not active:
        return []
    return [
        o
        for o in state.mission.objectives
        if o.scorer.includes(role)
        and o.scorer is not Scorer.SHARED
        and o.moment_for(round_number, second_player=turn == 1) is moment
    ]


class ScoringOption(BaseModel):
    """An objective a player may score now, and their report so far at this moment (if any)."""

    model_config = ConfigDict(frozen=True)

    role: Role
    objective: Objective
    reported: ScoreEntry | None = None

    @property
    def count_label(self) -> str | None:
        """What the player counts (``"airlock opened"``), or None if the objective counts nothing."""
        count = self.objective.count
        return count.label_for(self.role) if count else None

    @property
    def count_limit(self) -> int:
        """The largest count this report accepts."""
        count = self.objective.count
        return (count.max_count or MAX_COUNT) if count else 0

    @property
    def value_limit(self) -> int:
        """The largest points total this report accepts (0 if it takes none)."""
        return MAX_REPORTED_POINTS if self.objective.bands else 0


def scoring_options(state: BattleState, role: Role | str | None = None) -> list[ScoringOption]:
    """What may be scored at the current moment, by ``role`` or by either player.

    At the end of the battle a shared objective (an outcome table) is offered once, to whichever
    player reports it.

    >>> from rules.boarding_actions.content import load_missions_strict
    >>> m = load_missions_strict().get("the-furnace")
    >>> state = new_battle(m, attacker=Player(name="A"), defender=Player(name="B"), first_turn="defender")
    >>> [(o.role.value, o.objective.id) for o in scoring_options(state)]
    [('defender', 'promethium-exchangers')]
    """
    if state.over:
        return []
    roles = [Role(role)] if role is not None else list(Role)
    found: list[ScoringOption] = []
    shared_seen: set[str] = set()
    for r in roles:
        for objective in _open(state, r, state.round, state.turn, state.moment):
            if objective.scorer is Scorer.SHARED:
                if objective.id in shared_seen:
                    continue
                shared_seen.add(objective.id)
            found.append(ScoringOption(role=r, objective=objective, reported=_reported(state, r, objective)))
    return found


def _reported(state: BattleState, role: Role, objective: Objective) -> ScoreEntry | None:
    index = _entry_index(state, role, objective)
    return state.entries[index] if index is not None else None


def _entry_index(state: BattleState, role: Role, objective: Objective) -> int | None:
    for i, entry in enumerate(state.entries):
        if (
            entry.objective == objective.id
            and (entry.role is role or objective.scorer is Scorer.SHARED)
            and (entry.round, entry.turn, entry.moment) == (state.round, state.turn, state.moment)
        ):
            return i
    return None


def _anyone_scores(state: BattleState, round_number: int, turn: int, moment: Moment) -> bool:
    return any(_open(state, role, round_number, turn, moment) for role in Role)


def _settle(state: BattleState) -> BattleState:
    """Move forward from the current position to the first one where someone can score."""
    start = _POSITIONS.index((state.round, state.turn, state.moment))
    for r, t, m in _POSITIONS[start:]:
        if m is Moment.BATTLE_END or _anyone_scores(state, r, t, m):
            return state.model_copy(update={"round": r, "turn": t, "moment": m})
    raise AssertionError("the end of the battle is always a position")  # pragma: no cover


def describe_position(state: BattleState) -> str:
    """Where the battle is, for a message: ``"Round 3, Bo (Defender), start of the Command phase"``."""
    return str(position_message(state))


#: What a role and a moment are called in a message (translated where shown).
ROLE_WORDS = {Role.ATTACKER: N_("Attacker"), Role.DEFENDER: N_("Defender")}
MOMENT_WORDS = {
    Moment.COMMAND_START: N_("start of the Command phase"),
    Moment.COMMAND_END: N_("end of the Command phase"),
    Moment.TURN_END: N_("end of the turn"),
    Moment.BATTLE_END: N_("end of the battle"),
}


def position_message(state: BattleState) -> Message:
    """:func:`describe_position` as a message to translate."""
    if state.over:
        return _("The battle is over")
    if state.moment is Moment.BATTLE_END:
        return _("End of the battle")
    if state.first_turn is None:
        return _("Before the battle: who takes the first turn?")
    active = state.active
    assert active is not None
    return _(
        "Round {round}, {name} ({role}), {moment}",
        round=state.round,
        name=state.players[active].name,
        role=_(ROLE_WORDS[active]),
        moment=_(MOMENT_WORDS[state.moment]),
    )


# --- applying a step ----------------------------------------------------------------------------

#: Why a finished battle refuses a change.
FINAL = _(
    "The battle is finished and its result is final. To correct it, whoever may override it (the "
    "tournament's organisers, or a member with Manage Server) reopens it first."
)


def apply(
    state: BattleState,
    action: ChooseFirstTurn | Score | Advance | SetBattleReady | Reopen | dict[str, object],
) -> BattleState:
    """The state after ``action``; raises :class:`BattleError` (a RuleError) if it is not allowed.

    ``action`` may also be its JSON form (a dict with ``kind``), as kept in an event log.
    """
    if isinstance(action, dict):
        action = parse_action(action)
    match action:
        case SetBattleReady():
            if state.over:
                raise BattleError(FINAL)
            players = {**state.players, action.role: state.players[action.role].model_copy(
                update={"battle_ready": action.ready})}
            new = state.model_copy(update={"players": players})
        case ChooseFirstTurn():
            new = _choose_first_turn(state, action)
        case Score():
            new = _score(state, action)
        case Advance():
            new = _advance(state)
        case Reopen():
            if not state.over:
                raise BattleError(
                    _("The battle is not finished ({where}): nothing to reopen.", where=_where(state))
                )
            new = state.model_copy(update={"over": False})
        case _:  # pragma: no cover - the union is closed
            raise BattleError(_("That is not a scoring step I understand."))
    return new.model_copy(update={"step": state.step + 1})


def _choose_first_turn(state: BattleState, action: ChooseFirstTurn) -> BattleState:
    if state.mission.first_turn is not FirstTurn.ROLL_OFF:
        fixed = state.mission.first_turn.role
        assert fixed is not None
        raise BattleError(
            _(
                "In {mission} the {role} always takes the first turn.",
                mission=state.mission.name,
                role=_(ROLE_WORDS[fixed]),
            )
        )
    if state.first_turn is not None:
        raise BattleError(
            _(
                "{name} already takes the first turn; undo that step to change it.",
                name=state.players[state.first_turn].name,
            )
        )
    return _settle(state.model_copy(update={"first_turn": action.role}))


def _advance(state: BattleState) -> BattleState:
    if state.over:
        raise BattleError(_("The battle is over: there is nothing left to score."))
    if state.first_turn is None:
        raise BattleError(_("Say who won the roll-off for the first turn before going on."))
    if state.moment is Moment.BATTLE_END:
        return state.model_copy(update={"over": True})
    index = _POSITIONS.index((state.round, state.turn, state.moment))
    r, t, m = _POSITIONS[index + 1]
    return _settle(state.model_copy(update={"round": r, "turn": t, "moment": m}))


def _where(state: BattleState) -> Message:
    return position_message(state)


def _score(state: BattleState, action: Score) -> BattleState:
    if state.over:
        raise BattleError(FINAL)
    if state.first_turn is None:
        raise BattleError(_("Say who won the roll-off for the first turn before scoring."))
    objective = state.mission.objective(action.objective)
    role = action.role
    if not objective.scorer.includes(role):
        raise BattleError(
            _(
                "Only the {role} scores {objective}.",
                role=_(ROLE_WORDS[Role(objective.scorer.value)]),
                objective=objective.name,
            )
        )
    if objective not in _open(state, role, state.round, state.turn, state.moment):
        raise BattleError(_not_now(state, role, objective))
    awards, drains = _claim(objective, role, action)
    entry = ScoreEntry(
        round=state.round,
        turn=state.turn,
        moment=state.moment,
        role=role,
        objective=objective.id,
        conditions=list(dict.fromkeys(action.conditions)),
        count=action.count,
        boosted=action.boosted,
        value=action.value,
        option=action.option,
        awards=awards,
        drains=drains,
    )
    entries = list(state.entries)
    index = _entry_index(state, role, objective)
    if index is None:
        entries.append(entry)
    else:
        entries[index] = entry
    return state.model_copy(update={"entries": entries})


def _not_now(state: BattleState, role: Role, objective: Objective) -> Message:
    when = objective.timing.describe()
    if objective.scorer is Scorer.SHARED:
        return _(
            "{objective} is reported once, at the end of the battle; it is now {where}.",
            objective=objective.name,
            where=_where(state),
        )
    if state.moment is not Moment.BATTLE_END and state.active is not role:
        return _(
            "It is {name}'s turn ({where}); {objective} is scored on your own turn, at the {when}.",
            name=state.players[state.active or role].name,
            where=_where(state),
            objective=objective.name,
            when=when,
        )
    return _(
        "{objective} is not scored now ({where}): it scores at the {when}.",
        objective=objective.name,
        where=_where(state),
        when=when,
    )


def _claim(objective: Objective, role: Role, action: Score) -> tuple[dict[Role, int], dict[Role, int]]:
    """The VP a report claims for each player, and any VP it takes from a player."""
    name = objective.name
    if objective.outcome is not None:
        if action.conditions or action.count is not None or action.value is not None or action.boosted:
            raise BattleError(_("{objective} takes only the situation at the end of the battle.",
                                objective=name))
        if action.option is None:
            raise BattleError(_("{objective}: {question} Pick one of the situations.", objective=name,
                                question=objective.outcome.question))
        option = objective.outcome.option(action.option)
        if option is None:
            known = ", ".join(f"`{o.id}`" for o in objective.outcome.options)
            raise BattleError(_("{objective} has no situation {option}; pick one of {known}.", objective=name,
                                option=repr(action.option), known=known))
        return dict(option.vp), {}
    if action.option is not None:
        raise BattleError(_("{objective} has no situations to pick from.", objective=name))
    total = 0
    drains: dict[Role, int] = {}
    picked = list(dict.fromkeys(action.conditions))
    if picked and not objective.conditions:
        raise BattleError(_("{objective} has no conditions to tick; give a number instead.", objective=name))
    for condition_id in picked:
        condition = objective.condition(condition_id)
        if condition is None:
            known = ", ".join(f"`{c.id}` ({c.label})" for c in objective.conditions)
            raise BattleError(_("{objective} has no condition {condition}; its conditions are {known}.",
                                objective=name, condition=repr(condition_id), known=known))
        missing = [objective.condition(r) for r in condition.requires if r not in picked]
        if missing:
            needed = ", ".join(f"'{c.label}'" for c in missing if c is not None)
            raise BattleError(_("'{condition}' cannot be met without {needed}; tick that too.",
                                condition=condition.label, needed=needed))
        total += condition.vp
    count = objective.count
    if count is None:
        if action.count is not None or action.boosted:
            raise BattleError(_("{objective} counts nothing; tick its conditions instead.", objective=name))
    else:
        limit = count.max_count or MAX_COUNT
        number = action.count or 0
        if isinstance(number, bool) or not 0 <= number <= limit:
            raise BattleError(_("{objective}: give how many ({label}) as a whole number from 0 to {most}.",
                                objective=name, label=count.label_for(role), most=limit))
        if action.boosted and count.boost is None:
            raise BattleError(_("{objective} has no condition that raises its VP.", objective=name))
        each = count.boost.vp_each if action.boosted and count.boost else count.vp_each
        total += number * each
        if count.drains_opponent and number:
            drains[role.other] = number * each
    bands = objective.bands
    if bands is None:
        if action.value is not None:
            raise BattleError(_("{objective} takes no points total.", objective=name))
    else:
        value = action.value or 0
        if isinstance(value, bool) or not 0 <= value <= MAX_REPORTED_POINTS:
            raise BattleError(_("{objective}: give the {measure} as a number from 0 to {most}.",
                                objective=name,
                                measure=bands.measure.lower(), most=MAX_REPORTED_POINTS))
        total += bands.vp_for(value)
    return {role: total}, drains


# --- the score ----------------------------------------------------------------------------------


class Tally(BaseModel):
    """The score worked out from the entries, in the order they were reported."""

    model_config = ConfigDict(frozen=True)

    mission_vp: dict[Role, int]
    """VP from the mission, never above the cap."""
    discounted: dict[Role, int]
    """VP claimed beyond the cap, and so not counted."""
    lines: dict[Role, dict[str, dict[str, int]]]
    """role -> objective id -> column (``start``, ``1``-``5``, ``end``) -> VP counted (a loss is negative)."""
    battle_ready: dict[Role, int]
    total: dict[Role, int]


def tally(state: BattleState) -> Tally:
    """Add up the battle so far: starting VP, then each report in order, capping as VP arrive.

    A report that takes VP from a player (Pull Their Teeth's Loaders) never takes them below 0.

    >>> from rules.boarding_actions.content import load_missions_strict
    >>> m = load_missions_strict().get("pull-their-teeth")
    >>> state = new_battle(m, attacker=Player(name="A"), defender=Player(name="B"))
    >>> state = apply(state, Advance())   # on to the Defender's first Command phase
    >>> loaders = Score(role="defender", objective="destroy-ground-targets", count=2, boosted=True)
    >>> state = apply(state, loaders)
    >>> t = tally(state)
    >>> t.mission_vp[Role.ATTACKER], t.mission_vp[Role.DEFENDER]
    (40, 20)
    """
    vp = dict.fromkeys(Role, 0)
    discounted = dict.fromkeys(Role, 0)
    lines: dict[Role, dict[str, dict[str, int]]] = {role: {} for role in Role}

    def add(role: Role, objective: str, column: str, amount: int) -> None:
        row = lines[role].setdefault(objective, {})
        row[column] = row.get(column, 0) + amount

    for objective in state.mission.objectives:
        for role, start in objective.starting_vp.items():
            kept = min(start, MISSION_VP_CAP - vp[role])
            vp[role] += kept
            discounted[role] += start - kept
            add(role, objective.id, "start", kept)
    for entry in state.entries:
        for role, claimed in entry.awards.items():
            kept = min(claimed, MISSION_VP_CAP - vp[role])
            vp[role] += kept
            discounted[role] += claimed - kept
            add(role, entry.objective, entry.column, kept)
        for role, loss in entry.drains.items():
            taken = min(loss, vp[role])
            vp[role] -= taken
            add(role, entry.objective, entry.column, -taken)
    ready = {role: BATTLE_READY_VP if state.players[role].battle_ready else 0 for role in Role}
    return Tally(
        mission_vp=vp,
        discounted=discounted,
        lines=lines,
        battle_ready=ready,
        total={role: vp[role] + ready[role] for role in Role},
    )


class BattleResult(BaseModel):
    """How the battle ended: both totals and who won (None for a draw)."""

    model_config = ConfigDict(frozen=True)

    total: dict[Role, int]
    winner: Role | None

    def outcome(self, role: Role | str) -> Outcome:
        """``win``, ``loss`` or ``draw`` for ``role``."""
        if self.winner is None:
            return Outcome.DRAW
        return Outcome.WIN if self.winner is Role(role) else Outcome.LOSS


def result(state: BattleState) -> BattleResult:
    """The result of a finished battle: the most VP wins, equal VP is a draw.

    Raises :class:`BattleError` while the battle is still going.
    """
    if not state.over:
        raise BattleError(_("The battle is not over yet ({where}).", where=_where(state)))
    return standing(state)


def standing(state: BattleState) -> BattleResult:
    """Who is ahead right now (the result, once the battle is over)."""
    total = tally(state).total
    a, d = total[Role.ATTACKER], total[Role.DEFENDER]
    winner = None if a == d else (Role.ATTACKER if a > d else Role.DEFENDER)
    return BattleResult(total=total, winner=winner)
