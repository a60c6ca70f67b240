"""The captains' pairing ritual of a team match, as a pure state machine.

Two teams of the same size meet; their captains decide who plays whom, in secret, step by step,
and every step is revealed only when both captains have made it:

1. **Defender**: each captain picks one player of their pool as defender.
2. **Attackers**: both defenders revealed, each captain picks two other players of their pool
   to send against the other team's defender.
3. **Refuse**: all four attackers revealed, each captain refuses one of the two attackers sent
   against their own defender. The defender plays the attacker kept; the refused attacker goes
   back to the pool.

That makes two games and takes two players from each side; the steps repeat while more than two
players remain on each side. Then the last players are paired without a choice:

* two left on each side (the size was even): each side's refused attacker of the last step and
  the one player nobody picked in it. The two refused attackers play each other, and so do the two
  players left over (the WTC's way of ending);
* one left on each side (the size was odd): both are the refused attackers of the last step,
  and they play each other.

So with 3 players a side there is one step: the two defenders each get the attacker their
captain kept, and the two refused attackers meet (3 games). With 5: two steps, then the refused
pair (2 + 2 + 1). With 8: three steps (6 games), then the refused attackers of step 3 meet and
the last two meet (8 games).

That is the WTC's (and the ETC's) way, and the default. With ``play_refused`` (a team format of
:mod:`rules.tournament.team_formats`), the two refused attackers of every pass play each other
at once, so a pass makes three games. What is left after the passes ends it: one player a side
meet; two a side end with a **last pick**, each captain naming one of their two as defender,
who plays the other side's player not named. 3 a side: one pass (3 games). 5: one pass, then the
last pick (3 + 2). 8: two passes (3 + 3), then the last pick (2).

With ``champion``, a **champion step** comes first: each captain secretly names a champion, and
the two champions play each other; the WTC's passes follow with the rest. 3 a side: the
champions, then the last pick of two (1 + 2). 5: the champions, one pass, the refused pair and
the last two (1 + 2 + 1 + 1). 8: the champions, three passes of the seven left, then the refused
pair of the third (1 + 6 + 1).

A captain may change a pick while the other captain has not made theirs (it is still secret);
once both have picked, the step is revealed and final. :func:`visible_to` is what one captain may
see: their own picks, and the other side's picks only once revealed.

>>> r = start(["A1", "A2", "A3"], ["B1", "B2", "B3"])
>>> r = apply(r, Action(side=Side.A, kind=Step.DEFENDER, players=("A1",)))
>>> visible_to(r, Side.B).other.defender is None  # A picked, but B cannot see it yet
True
>>> r = apply(r, Action(side=Side.B, kind=Step.DEFENDER, players=("B1",)))
>>> r = apply(r, Action(side=Side.A, kind=Step.ATTACKERS, players=("A2", "A3")))
>>> r = apply(r, Action(side=Side.B, kind=Step.ATTACKERS, players=("B2", "B3")))
>>> r = apply(r, Action(side=Side.A, kind=Step.REFUSE, players=("B3",)))
>>> r = apply(r, Action(side=Side.B, kind=Step.REFUSE, players=("A2",)))
>>> r.step, [(p.a, p.b) for p in r.pairings]
(<Step.DONE: 'done'>, [('A1', 'B2'), ('A3', 'B1'), ('A2', 'B3')])
"""

from __future__ import annotations

from enum import StrEnum
from itertools import combinations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.errors import RuleError
from rules.i18n import Message, _

MIN_SIDE = 3
"""Fewer than 3 players a side leaves nothing to choose: a defender needs two attackers against it."""
MAX_SIDE = 8


class RitualError(RuleError):
    """A captain's pick the ritual refuses (not their turn, not in their pool, not allowed)."""


class Side(StrEnum):
    """Team A (the first-named team of the match) or team B."""

    A = "a"
    B = "b"

    @property
    def other(self) -> Side:
        return Side.B if self is Side.A else Side.A


class Step(StrEnum):
    """What both captains are picking now (or DONE)."""

    CHAMPION = "champion"
    DEFENDER = "defender"
    ATTACKERS = "attackers"
    REFUSE = "refuse"
    DONE = "done"


class How(StrEnum):
    """How a game of the ritual came about."""

    DEFENDER_A = "defender_a"
    """Team A's defender against the attacker A's captain kept."""
    DEFENDER_B = "defender_b"
    REFUSED = "refused"
    """The two attackers refused in the last step."""
    CHAMPION = "champion"
    """The two captains' champions (the champion step)."""
    LAST = "last"
    """The two players nobody picked in the last step (or the last pick's games)."""


class Pairing(BaseModel):
    """One game the ritual made: ``a`` of team A against ``b`` of team B."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    a: str
    b: str
    how: How
    round: int = Field(ge=1)
    """Which pass of defender / attackers / refuse made it (the forced games: the last pass)."""


class Picks(BaseModel):
    """One captain's picks in the current pass."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    champion: str | None = None
    defender: str | None = None
    attackers: tuple[str, str] | None = None
    """Own players sent against the other side's defender."""
    refused: str | None = None
    """One of the other side's attackers, sent back to their pool."""

    def made(self, step: Step) -> bool:
        return {
            Step.CHAMPION: self.champion is not None,
            Step.DEFENDER: self.defender is not None,
            Step.ATTACKERS: self.attackers is not None,
            Step.REFUSE: self.refused is not None,
        }.get(step, False)


class Action(BaseModel):
    """A captain's pick: ``kind`` says which step, ``players`` the one or two players picked."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: Side
    kind: Step
    players: tuple[str, ...]


class Ritual(BaseModel):
    """The ritual of one team match; change it only through :func:`apply` and :func:`reset`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    roster_a: list[str]
    roster_b: list[str]
    names: dict[str, str] = Field(default_factory=dict)
    """Player id -> name, for messages; an id without a name is shown as it is."""
    pool_a: list[str]
    pool_b: list[str]
    step: Step = Step.DEFENDER
    round: int = 1
    picks_a: Picks = Picks()
    picks_b: Picks = Picks()
    pairings: list[Pairing] = Field(default_factory=list)
    play_refused: bool = False
    """The team format's variant: the refused attackers of each pass play each other at once
    (else they go back to the pool, as at the WTC)."""
    champion: bool = False
    """The team format's variant: the ritual opens with the champion step."""

    @model_validator(mode="after")
    def _shape(self) -> Ritual:
        if len(self.roster_a) != len(self.roster_b):
            raise ValueError("both sides have the same number of players")
        if len(set(self.roster_a) | set(self.roster_b)) != 2 * len(self.roster_a):
            raise ValueError("every player is on one side only, once")
        return self

    def pool(self, side: Side) -> list[str]:
        return self.pool_a if side is Side.A else self.pool_b

    def picks(self, side: Side) -> Picks:
        return self.picks_a if side is Side.A else self.picks_b

    def name(self, player: str) -> str:
        return self.names.get(player, player)

    @property
    def done(self) -> bool:
        return self.step is Step.DONE

    def waiting_for(self) -> list[Side]:
        """The sides whose captain still has to pick in the current step."""
        if self.done:
            return []
        return [s for s in Side if not self.picks(s).made(self.step)]


def start(
    roster_a: list[str],
    roster_b: list[str],
    names: dict[str, str] | None = None,
    *,
    play_refused: bool = False,
    champion: bool = False,
) -> Ritual:
    """A fresh ritual between two rosters of the same size (3 to 8 players); ``play_refused``:
    each pass's refused attackers play each other at once.

    >>> start(["a1", "a2"], ["b1", "b2"])
    Traceback (most recent call last):
    ...
    rules.tournament.ritual.RitualError: The pairing ritual needs at least 3 players a side; ...
    """
    if len(roster_a) != len(roster_b):
        raise RitualError(
            _(
                "Both teams play with the same number of players; these have {a} and {b}.",
                a=len(roster_a),
                b=len(roster_b),
            )
        )
    if len(roster_a) < MIN_SIDE:
        raise RitualError(
            _(
                "The pairing ritual needs at least {least} players a side; these teams have {n}.",
                least=MIN_SIDE,
                n=len(roster_a),
            )
        )
    if len(roster_a) > MAX_SIDE:
        raise RitualError(_("The pairing ritual takes at most {most} players a side.", most=MAX_SIDE))
    if len(set(roster_a) | set(roster_b)) != 2 * len(roster_a):
        raise RitualError(_("A player appears twice in this team match; each plays for one team, once."))
    return Ritual(
        roster_a=list(roster_a),
        roster_b=list(roster_b),
        names=dict(names or {}),
        pool_a=list(roster_a),
        pool_b=list(roster_b),
        play_refused=play_refused,
        champion=champion,
        step=Step.CHAMPION if champion else Step.DEFENDER,
    )


def reset(ritual: Ritual) -> Ritual:
    """The same match's ritual from the beginning (an organiser's reset)."""
    return start(
        ritual.roster_a,
        ritual.roster_b,
        ritual.names,
        play_refused=ritual.play_refused,
        champion=ritual.champion,
    )


def _listing(ritual: Ritual, players: list[str]) -> Message | str:
    names = [ritual.name(p) for p in players]
    if len(names) == 1:
        return names[0]
    return _("{names} or {last}", names=tuple(names[:-1]), last=names[-1])


#: A step as what is picked now, and as what a refused pick was made for.
_STEP_WORDS: dict[Step, Message] = {
    Step.CHAMPION: _("the champion"),
    Step.DEFENDER: _("the defender"),
    Step.ATTACKERS: _("the attackers"),
    Step.REFUSE: _("the refusal"),
    Step.DONE: _("the end of the pairing"),
}


def _candidates(ritual: Ritual, side: Side, step: Step) -> list[str]:
    """Whom ``side`` may name in ``step`` (one player each; attackers take two of them)."""
    if step in (Step.DEFENDER, Step.CHAMPION):
        return list(ritual.pool(side))
    if step is Step.ATTACKERS:
        return [p for p in ritual.pool(side) if p != ritual.picks(side).defender]
    if step is Step.REFUSE:
        sent = ritual.picks(side.other).attackers
        return list(sent) if sent else []
    return []


def legal_actions(ritual: Ritual, side: Side) -> list[Action]:
    """Every pick ``side``'s captain may make now (a made pick may still be changed while the
    other captain has not picked); empty when the ritual is over.

    >>> r = start(["a1", "a2", "a3"], ["b1", "b2", "b3"])
    >>> [a.players for a in legal_actions(r, Side.A)]
    [('a1',), ('a2',), ('a3',)]
    """
    if ritual.done:
        return []
    found = _candidates(ritual, side, ritual.step)
    if ritual.step is Step.ATTACKERS:
        return [Action(side=side, kind=ritual.step, players=pair) for pair in combinations(found, 2)]
    return [Action(side=side, kind=ritual.step, players=(p,)) for p in found]


def _check(ritual: Ritual, action: Action) -> None:
    side, step = action.side, ritual.step
    if ritual.done:
        raise RitualError(_("This team match's pairing is complete: every player already has an opponent."))
    if action.kind is not step:
        raise RitualError(
            _(
                "It is time to pick {step} (pass {number}), not {asked}.",
                step=_STEP_WORDS[step],
                number=ritual.round,
                asked=_STEP_WORDS[action.kind],
            )
        )
    allowed = _candidates(ritual, side, step)
    wanted = 2 if step is Step.ATTACKERS else 1
    if len(action.players) != wanted:
        if wanted == 2:
            raise RitualError(_("Pick two different attackers; you named {n}.", n=len(action.players)))
        raise RitualError(_("Pick one player; you named {n}.", n=len(action.players)))
    if wanted == 2 and action.players[0] == action.players[1]:
        raise RitualError(
            _(
                "Send two different attackers: {name} was named twice.",
                name=ritual.name(action.players[0]),
            )
        )
    for player in action.players:
        if player in allowed:
            continue
        if step is Step.REFUSE:
            raise RitualError(
                _(
                    "Refuse one of the two attackers sent against your defender: {players}.",
                    players=_listing(ritual, allowed),
                )
            )
        if step is Step.ATTACKERS and player == ritual.picks(side).defender:
            raise RitualError(
                _(
                    "{name} is your defender; send two of {players}.",
                    name=ritual.name(player),
                    players=_listing(ritual, allowed),
                )
            )
        raise RitualError(
            _(
                "{name} is not in your pool of unpaired players; pick from {players}.",
                name=ritual.name(player),
                players=_listing(ritual, allowed),
            )
        )


def apply(ritual: Ritual, action: Action) -> Ritual:
    """``ritual`` after one captain's pick. When both captains have picked in a step, the step is
    revealed and the next one begins; after the refusals, the two games are made and the next
    pass (or the forced last games) follows.

    >>> r = start(["a1", "a2", "a3"], ["b1", "b2", "b3"])
    >>> apply(r, Action(side=Side.A, kind=Step.REFUSE, players=("b1",)))
    Traceback (most recent call last):
    ...
    rules.tournament.ritual.RitualError: It is time to pick the defender (pass 1), not the refusal.
    """
    _check(ritual, action)
    key = {
        Step.CHAMPION: "champion",
        Step.DEFENDER: "defender",
        Step.ATTACKERS: "attackers",
        Step.REFUSE: "refused",
    }[ritual.step]
    value: object = action.players if ritual.step is Step.ATTACKERS else action.players[0]
    field = "picks_a" if action.side is Side.A else "picks_b"
    ritual = ritual.model_copy(update={field: ritual.picks(action.side).model_copy(update={key: value})})
    if ritual.waiting_for():
        return ritual
    if ritual.step is Step.CHAMPION:
        return _champions(ritual)
    if ritual.step is Step.DEFENDER and len(ritual.pool_a) == 2:
        return _last_pick(ritual)
    if ritual.step is Step.DEFENDER:
        return ritual.model_copy(update={"step": Step.ATTACKERS})
    if ritual.step is Step.ATTACKERS:
        return ritual.model_copy(update={"step": Step.REFUSE})
    return _resolve(ritual)


def _resolve(ritual: Ritual) -> Ritual:
    """Both refusals are in: make the pass's two games and go on (or end)."""
    a, b = ritual.picks_a, ritual.picks_b
    assert a.defender and b.defender and a.attackers and b.attackers and a.refused and b.refused
    kept_by_a = next(p for p in b.attackers if p != a.refused)  # B's attacker who plays A's defender
    kept_by_b = next(p for p in a.attackers if p != b.refused)
    number = ritual.round
    games = [
        Pairing(a=a.defender, b=kept_by_a, how=How.DEFENDER_A, round=number),
        Pairing(a=kept_by_b, b=b.defender, how=How.DEFENDER_B, round=number),
    ]
    pool_a = [p for p in ritual.pool_a if p not in (a.defender, kept_by_b)]
    pool_b = [p for p in ritual.pool_b if p not in (b.defender, kept_by_a)]
    if ritual.play_refused:
        # b.refused is A's refused attacker, a.refused is B's: they meet now.
        games.append(Pairing(a=b.refused, b=a.refused, how=How.REFUSED, round=number))
        pool_a = [p for p in pool_a if p != b.refused]
        pool_b = [p for p in pool_b if p != a.refused]
        return _next(ritual, pool_a, pool_b, games)
    if len(pool_a) > 2:
        return ritual.model_copy(
            update={
                "pool_a": pool_a,
                "pool_b": pool_b,
                "step": Step.DEFENDER,
                "round": number + 1,
                "picks_a": Picks(),
                "picks_b": Picks(),
                "pairings": [*ritual.pairings, *games],
            }
        )
    # b.refused is A's refused attacker, a.refused is B's.
    games.append(Pairing(a=b.refused, b=a.refused, how=How.REFUSED, round=number))
    rest_a = [p for p in pool_a if p != b.refused]
    rest_b = [p for p in pool_b if p != a.refused]
    if rest_a:
        games.append(Pairing(a=rest_a[0], b=rest_b[0], how=How.LAST, round=number))
    return ritual.model_copy(
        update={
            "pool_a": [],
            "pool_b": [],
            "step": Step.DONE,
            "pairings": [*ritual.pairings, *games],
        }
    )


def _next(ritual: Ritual, pool_a: list[str], pool_b: list[str], games: list[Pairing]) -> Ritual:
    """After a pass whose refused attackers played: another pass (3 or more a side), the last
    pick (2 a side), the last game (1 a side) or the end."""
    number = ritual.round
    if len(pool_a) == 1:
        games = [*games, Pairing(a=pool_a[0], b=pool_b[0], how=How.LAST, round=number)]
        pool_a, pool_b = [], []
    update: dict[str, object] = {
        "pool_a": pool_a,
        "pool_b": pool_b,
        "picks_a": Picks(),
        "picks_b": Picks(),
        "pairings": [*ritual.pairings, *games],
    }
    if pool_a:
        update.update({"step": Step.DEFENDER, "round": number + 1})
    else:
        update["step"] = Step.DONE
    return ritual.model_copy(update=update)


def _champions(ritual: Ritual) -> Ritual:
    """Both champions named: they play each other, and the passes begin with the rest (two left
    a side: the last pick; one: the last game)."""
    a, b = ritual.picks_a.champion, ritual.picks_b.champion
    assert a is not None and b is not None
    game = Pairing(a=a, b=b, how=How.CHAMPION, round=1)
    pool_a = [p for p in ritual.pool_a if p != a]
    pool_b = [p for p in ritual.pool_b if p != b]
    if len(pool_a) == 1:
        last = Pairing(a=pool_a[0], b=pool_b[0], how=How.LAST, round=1)
        return ritual.model_copy(
            update={"pool_a": [], "pool_b": [], "step": Step.DONE, "picks_a": Picks(), "picks_b": Picks(),
                    "pairings": [*ritual.pairings, game, last]}
        )  # fmt: skip
    return ritual.model_copy(
        update={
            "pool_a": pool_a,
            "pool_b": pool_b,
            "step": Step.DEFENDER,
            "picks_a": Picks(),
            "picks_b": Picks(),
            "pairings": [*ritual.pairings, game],
        }
    )


def _last_pick(ritual: Ritual) -> Ritual:
    """Two players a side, both defenders named: each plays the other side's player not named."""
    a, b = ritual.picks_a.defender, ritual.picks_b.defender
    assert a is not None and b is not None
    other_a = next(p for p in ritual.pool_a if p != a)
    other_b = next(p for p in ritual.pool_b if p != b)
    games = [
        Pairing(a=a, b=other_b, how=How.LAST, round=ritual.round),
        Pairing(a=other_a, b=b, how=How.LAST, round=ritual.round),
    ]
    return ritual.model_copy(
        update={
            "pool_a": [],
            "pool_b": [],
            "step": Step.DONE,
            "picks_a": Picks(),
            "picks_b": Picks(),
            "pairings": [*ritual.pairings, *games],
        }
    )


def refusals(before: Ritual, after: Ritual) -> dict[Side, str]:
    """The attacker each captain refused in the pass that the last pick resolved: ``before`` is
    the ritual before that pick, ``after`` the one after it (empty when it resolved no pass).

    The picks of a resolved pass are cleared for the next one (and the last pick never was in
    ``before``), so the refusals are read from the attackers sent and the games made.

    >>> r = start(["A1", "A2", "A3"], ["B1", "B2", "B3"])
    >>> for side, kind, players in [("a", "defender", ("A1",)), ("b", "defender", ("B1",)),
    ...         ("a", "attackers", ("A2", "A3")), ("b", "attackers", ("B2", "B3")),
    ...         ("a", "refuse", ("B3",))]:
    ...     r = apply(r, Action(side=Side(side), kind=Step(kind), players=players))
    >>> refusals(r, apply(r, Action(side=Side.B, kind=Step.REFUSE, players=("A2",))))
    {<Side.A: 'a'>: 'B3', <Side.B: 'b'>: 'A2'}
    """
    made = {p.how: p for p in after.pairings[len(before.pairings) :]}
    sent_a, sent_b = before.picks_a.attackers, before.picks_b.attackers
    if How.DEFENDER_A not in made or How.DEFENDER_B not in made or not sent_a or not sent_b:
        return {}
    return {
        Side.A: next(p for p in sent_b if p != made[How.DEFENDER_A].b),
        Side.B: next(p for p in sent_a if p != made[How.DEFENDER_B].a),
    }


class View(BaseModel):
    """What one captain may see of the ritual: nothing the other captain has picked but not yet
    had revealed."""

    model_config = ConfigDict(frozen=True)

    side: Side
    step: Step
    round: int
    own_pool: list[str]
    other_pool: list[str]
    own: Picks
    other: Picks
    """The other side's picks of this pass that are revealed (the rest are None)."""
    other_has_picked: bool
    """Whether the other captain has made this step's pick (what it is stays hidden)."""
    pairings: list[Pairing]


def visible_to(ritual: Ritual, side: Side) -> View:
    """``side``'s view: its own picks, the other side's revealed ones, the games made so far.

    >>> r = start(["a1", "a2", "a3"], ["b1", "b2", "b3"])
    >>> r = apply(r, Action(side=Side.B, kind=Step.DEFENDER, players=("b2",)))
    >>> v = visible_to(r, Side.A)
    >>> v.other.defender, v.other_has_picked, visible_to(r, Side.B).own.defender
    (None, True, 'b2')
    """
    other = ritual.picks(side.other)
    revealed = Picks()
    if ritual.step in (Step.ATTACKERS, Step.REFUSE):
        revealed = Picks(defender=other.defender)
    if ritual.step is Step.REFUSE:
        revealed = Picks(defender=other.defender, attackers=other.attackers)
    return View(
        side=side,
        step=ritual.step,
        round=ritual.round,
        own_pool=list(ritual.pool(side)),
        other_pool=list(ritual.pool(side.other)),
        own=ritual.picks(side),
        other=revealed,
        other_has_picked=other.made(ritual.step),
        pairings=list(ritual.pairings),
    )
