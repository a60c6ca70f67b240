"""What a Boarding Actions scoreboard shows, worked out from a battle: both players, the VP of each
objective in each column (start, rounds 1-5, end of battle), the capped mission VP, Battle Ready
and the total. Renderers and embeds draw this; they decide nothing.

>>> from rules.boarding_actions.battle import Player, Score, apply, new_battle
>>> from rules.boarding_actions.content import load_missions_strict
>>> teeth = load_missions_strict().get("pull-their-teeth")
>>> state = new_battle(teeth, attacker=Player(name="Ann"), defender=Player(name="Bo"))
>>> board = scoreboard(state)
>>> board.columns
['start', '1', '2', '3', '4', '5']
>>> [(line.name, line.cells, line.total) for line in board.sides[0].lines]
[('Destroy Ground Targets', {'start': 60}, 60), ('Seize the Guns', {}, 0)]
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.boarding_actions.battle import (
    BattleState,
    Outcome,
    describe_position,
    standing,
    tally,
    underdog,
)
from rules.boarding_actions.missions import (
    BATTLE_READY_VP,
    MISSION_VP_CAP,
    ROUNDS,
    Moment,
    Objective,
    Role,
)
from rules.i18n import Message, _

#: Column keys in order; each appears only when the mission scores there (rounds: progressive
#: objectives; ``start``: starting VP; ``end``: end-game objectives).
ROUND_COLUMNS = [str(r) for r in range(1, ROUNDS + 1)]


class BoardLine(BaseModel):
    """One objective's row for one player. A column missing from ``cells`` was never reported."""

    model_config = ConfigDict(frozen=True)

    objective_id: str
    name: str
    cells: dict[str, int]
    total: int


class BoardSide(BaseModel):
    model_config = ConfigDict(frozen=True)

    role: Role
    name: str
    underdog: bool
    lines: list[BoardLine]
    mission_vp: int
    discounted: int
    battle_ready: bool
    battle_ready_vp: int
    total: int
    outcome: Outcome | None
    """Win, loss or draw once the battle is over."""


class Scoreboard(BaseModel):
    model_config = ConfigDict(frozen=True)

    mission: str
    kind: str
    roll: str
    position: str
    round: int
    over: bool
    columns: list[str]
    sides: list[BoardSide]
    """Attacker first, then Defender."""
    leader: Role | None
    cap: int = MISSION_VP_CAP
    bonus: int = BATTLE_READY_VP
    underdog_bonus: str = ""

    @property
    def headline(self) -> Message:
        """``"Bo wins 55-50"``, ``"Draw 25-25"`` or, during the battle, ``"Ann leads 20-10"``: a
        lazy message the tracker's text and its picture render in their reader's language."""
        a, d = self.sides
        score = f"{max(a.total, d.total)}-{min(a.total, d.total)}"
        if self.leader is None:
            return _("Draw {score}", score=score) if self.over else _("Level {score}", score=score)
        side = a if self.leader is Role.ATTACKER else d
        if self.over:
            return _("{name} wins {score}", name=side.name, score=score)
        return _("{name} leads {score}", name=side.name, score=score)


def _relevant(objective: Objective, role: Role) -> bool:
    if objective.scorer.includes(role) or role in objective.starting_vp:
        return True
    return bool(objective.count and objective.count.drains_opponent and objective.scorer.includes(role.other))


def scoreboard(state: BattleState) -> Scoreboard:
    """The scoreboard of ``state`` (see the module example)."""
    t = tally(state)
    objectives = state.mission.objectives
    progressive = any(o.timing.moment is not Moment.BATTLE_END for o in objectives)
    columns = list(ROUND_COLUMNS) if progressive else []
    if any(o.starting_vp for o in objectives):
        columns.insert(0, "start")
    if any(o.timing.moment is Moment.BATTLE_END for o in objectives):
        columns.append("end")
    now = standing(state)
    weak = underdog(state)
    sides = []
    for role in (Role.ATTACKER, Role.DEFENDER):
        player = state.players[role]
        lines = [
            BoardLine(
                objective_id=o.id,
                name=o.name,
                cells=dict(t.lines[role].get(o.id, {})),
                total=sum(t.lines[role].get(o.id, {}).values()),
            )
            for o in objectives
            if _relevant(o, role)
        ]
        sides.append(
            BoardSide(
                role=role,
                name=player.name,
                underdog=weak is role,
                lines=lines,
                mission_vp=t.mission_vp[role],
                discounted=t.discounted[role],
                battle_ready=player.battle_ready,
                battle_ready_vp=t.battle_ready[role],
                total=t.total[role],
                outcome=now.outcome(role) if state.over else None,
            )
        )
    return Scoreboard(
        mission=state.mission.name,
        kind=state.mission.kind.value,
        roll=f"{state.mission.kind.die} {state.mission.roll}",
        position=describe_position(state),
        round=state.round,
        over=state.over,
        columns=columns,
        sides=sides,
        leader=now.winner,
        underdog_bonus=state.mission.underdog_bonus if weak is not None else "",
    )


def committed(state: BattleState) -> BattleState:
    """``state`` without the reports of the moment still open: what the scoreboard image shows.

    Reports at the current moment can still change (a tick, then an untick); they reach the image
    when the moment is done, so it is drawn once per scoring moment. Once over, all of it counts.

    >>> from rules.boarding_actions.battle import Player, new_battle
    >>> from rules.boarding_actions.content import load_missions_strict
    >>> teeth = load_missions_strict().get("pull-their-teeth")
    >>> state = new_battle(teeth, attacker=Player(name="Ann"), defender=Player(name="Bo"))
    >>> committed(state) == state
    True
    """
    if state.over:
        return state
    now = (state.round, state.turn, state.moment)
    kept = [e for e in state.entries if (e.round, e.turn, e.moment) != now]
    return state if len(kept) == len(state.entries) else state.model_copy(update={"entries": kept})
