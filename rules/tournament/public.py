"""What a tournament shows the world: the public view behind its web page and JSON.

Everything here is public by construction: names, factions, tables, scenarios, confirmed results
and standings. A result reported but not yet confirmed (or disputed) shows only as "reported", never
its score, and nothing of a game's private side (classified objectives, hands) is in a tournament at
all. The view is plain data (JSON-safe), built by one pure function.

>>> import random
>>> from rules.tournament import add_player, create_tournament, pair_next_round
>>> t = create_tournament("Cup", 300)
>>> for pid in "1234":
...     t = add_player(t, pid, f"P{pid}")
>>> view = public_view(pair_next_round(t, random.Random(1)), reported=set())
>>> str(view.status), len(view.current.games), view.current.games[0].status
('Round 1 of 3: playing', 2, 'playing')

Sentences (the status, a game's flags) are lazy messages (:mod:`rules.i18n`): the page renders
them in its visitor's language, the JSON holds their English.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, PlainSerializer, PlainValidator, WithJsonSchema

from rules.i18n import N_, Message, _, ngettext
from rules.tournament.ballots import Award
from rules.tournament.faction_table import Ranked, RoundCounts, faction_table, ordinal, percent
from rules.tournament.formats import Format, format_of
from rules.tournament.lists import ListUnit, SubmittedList, problem_messages
from rules.tournament.model import Game, Player, Round, Tournament
from rules.tournament.ritual import Step
from rules.tournament.standings import Tally, ranked_rows
from rules.tournament.team_model import TeamMatch
from rules.tournament.teams import TeamResult, match_result, scoring_for, team_standings

GameStatus = Literal["playing", "reported", "done", "bye", "locked"]
"""``locked``: a team match's game its captains' ritual has settled while the match's other games
are still being picked (it is played once the ritual is over)."""
MatchState = Literal["pairing", "playing", "done", "bye"]


def _sentence(value: Any) -> Message | str:
    if isinstance(value, Message | str):
        return value
    raise ValueError("a sentence is a Message or a str")


Sentence = Annotated[
    Message | str,
    PlainValidator(_sentence),
    PlainSerializer(str, return_type=str),
    WithJsonSchema({"type": "string"}),
]
"""A sentence of the view: a lazy :class:`~rules.i18n.Message` (the page renders it in the
visitor's language) or plain text; always English in the JSON."""

#: What a game's flags are called (``rules.tournament.model.Flag``), translated where shown.
FLAG_NAMES = {
    "rematch": N_("rematch"),
    "repeat_table": N_("repeat table"),
    "same_club": N_("same club"),
    "pin_moved": N_("pin moved"),
}


class RoundTimer(BaseModel):
    """A round timer that an organiser started: the round it counts down and when it ends."""

    model_config = ConfigDict(frozen=True)

    round: int
    ends: datetime


class PublicSide(BaseModel):
    """One player of a game, with their points once the result is confirmed (``tp``: the format's
    ranking points; ``op`` only in ITS)."""

    model_config = ConfigDict(frozen=True)

    name: str
    faction: str
    op: int | None = None
    vp: int | None = None
    tp: int | None = None
    dropped: bool = False


class PublicGame(BaseModel):
    model_config = ConfigDict(frozen=True)

    table: int | None
    a: PublicSide
    b: PublicSide | None
    """None for a bye."""
    status: GameStatus
    flags: list[Sentence] = []


class PublicTeamMatch(BaseModel):
    """One team match of a team event's round, as everyone may see it.

    While its captains pair (``state`` "pairing"), only what the ritual has revealed is here: the
    pass and step, whose captain is still to pick (never what the other picked), both defenders
    once both are picked, both pairs of attackers once both are sent, and the games already
    settled. A pick not yet revealed is in no field.
    """

    model_config = ConfigDict(frozen=True)

    a: str
    """Team A's name (the better ranked)."""
    b: str | None
    """Team B's name; None for a bye."""
    state: MatchState
    first_table: int | None = None
    last_table: int | None = None
    step: str = ""
    """While pairing: ``defender``, ``attackers`` or ``refuse``."""
    pass_number: int = 0
    """While pairing: which pass of defender / attackers / refuse (1, 2, ...)."""
    passes: int = 0
    """How many passes the ritual of this team size has."""
    waiting: list[str] = []
    """While pairing: the teams whose captain has still to make this step's pick."""
    defenders: tuple[str, str] | None = None
    """Both defenders of this pass (team A's, team B's), once both were revealed."""
    attackers: tuple[list[str], list[str]] | None = None
    """Both teams' attackers of this pass, once both were revealed."""
    games: list[PublicGame] = []
    """Its games: those the ritual has settled so far (``locked``), then the round's games."""
    points_a: int | None = None
    points_b: int | None = None
    """Each team's summed points once every game of the match has its result (or a bye's)."""


class PublicRound(BaseModel):
    model_config = ConfigDict(frozen=True)

    number: int
    scenario: str | None
    tier: int
    """The round's army points (ITS: its tier; other games: the event's limit)."""
    games: list[PublicGame]
    results_in: int
    """Games with a confirmed result (byes count as done)."""
    expected: int | None = None
    """A team round's games once every ritual is done (its ``games`` hold only those made so
    far); None in singles, where ``games`` are all of them."""
    matches: list[PublicTeamMatch] = []
    """A team event's team matches of the round (empty in singles)."""


class PublicStanding(BaseModel):
    model_config = ConfigDict(frozen=True)

    rank: int
    name: str
    faction: str
    tp: int
    op: int
    vp: int
    opponents_op: int
    byes: int
    played: int
    dropped: bool
    adjusted: bool
    wins: int = 0
    ties: int = 0
    losses: int = 0
    sos: int = 0
    vp_diff: int = 0
    cells: list[str] = []
    """The format's columns (``PublicTournament.columns``), as shown."""


class PublicColumn(BaseModel):
    """One standings column of the format: ``key`` as in players.csv, a short label, what it is."""

    model_config = ConfigDict(frozen=True)

    key: str
    label: Sentence
    title: Sentence


class PublicList(BaseModel):
    """A revealed army list: its player, and its text (a typed list) or a roster's summary."""

    model_config = ConfigDict(frozen=True)

    player: str
    faction: str
    text: str
    """A typed list as written, or a roster's name."""
    points: int | None = None
    units: int = 0
    kind: str = "text"
    roster_units: list[ListUnit] = []
    """A roster's units, as ``/tournament list show`` shows them (empty for a typed list)."""
    checks: list[Sentence] = []
    """What the event's checks found (points over the limit, another faction, unreadable parts):
    lazy messages, said in the visitor's language; English in the JSON."""


class PublicTeamStanding(BaseModel):
    """One team's line in a team event's standings."""

    model_config = ConfigDict(frozen=True)

    rank: int
    name: str
    players: list[str]
    team_points: int
    wins: int
    draws: int
    losses: int
    byes: int
    points: int
    next: int
    dropped: bool


class PublicFaction(BaseModel):
    """One line of the page's faction table (see :mod:`rules.tournament.faction_table`)."""

    model_config = ConfigDict(frozen=True)

    faction: str
    players: int
    games: int
    record: str
    win_rate: str
    average_bp: str
    best: str
    mirrors: int
    few: bool
    rate: float | None = None
    """The win rate (0 to 1; None with no game), for a page that writes it its reader's way."""
    average: float | None = None
    best_name: str = ""
    best_rank: int | None = None


def _standing_rows(ranked: list[Any], fmt: Format, before: list[PublicStanding]) -> list[PublicStanding]:
    """The standings' rows; a row the same as one of ``before`` (the version before's) is that row:
    after a result only its players', their opponents' and those whose rank moved are new."""
    was = {row.name: row for row in before}
    columns = fmt.columns
    rows = []
    for s in ranked:
        fields = {
            "rank": s.rank,
            "name": s.name,
            "faction": s.faction,
            "tp": s.tp,
            "op": s.op,
            "vp": s.vp,
            "opponents_op": s.opponents_op,
            "byes": s.byes,
            "played": s.played,
            "dropped": s.dropped,
            "adjusted": s.adjusted,
            "wins": s.wins,
            "ties": s.ties,
            "losses": s.losses,
            "sos": s.sos,
            "vp_diff": s.vp_diff,
            "cells": [str(c.value(s)) for c in columns],
        }
        old = was.get(s.name)
        # A row's fields are all in its __dict__: comparing them is far cheaper than a validation.
        rows.append(old if old is not None and old.__dict__ == fields else PublicStanding(**fields))
    return rows


def _factions(
    t: Tournament,
    ranked: Sequence[Ranked],
    counted: Mapping[int, RoundCounts] | None = None,
    keep: dict[int, RoundCounts] | None = None,
) -> list[PublicFaction]:
    if not any(r.played for r in ranked):
        return []  # no game yet: nothing to say about any faction
    return [
        PublicFaction(
            faction=row.faction,
            players=row.players,
            games=row.games,
            record=f"{row.wins}-{row.draws}-{row.losses}",
            win_rate=percent(row.win_rate),
            average_bp="–" if row.average_battle_points is None else f"{row.average_battle_points:.1f}",
            best="" if row.best is None else f"{row.best.name} ({ordinal(row.best.rank)})",
            mirrors=row.mirrors,
            few=row.few,
            rate=row.win_rate,
            average=row.average_battle_points,
            best_name="" if row.best is None else row.best.name,
            best_rank=None if row.best is None else row.best.rank,
        )
        for row in faction_table([t], [ranked], counted=counted, keep=keep)
    ]


class PublicTournament(BaseModel):
    """The whole public page of one tournament."""

    model_config = ConfigDict(frozen=True)

    name: str
    tier: int
    """Army points (ITS: the tier; other games: the event's limit)."""
    kind: str
    status: Sentence
    finished: bool
    players: int
    round_count: int | None
    current: PublicRound | None
    earlier: list[PublicRound]
    """Every round before the current one, latest first."""
    standings: list[PublicStanding]
    timer_ends: datetime | None = None
    """When the current round's timer runs out (None: no timer running for this round)."""
    game: str = "its"
    format: Sentence = "ITS"
    """The format in words: ``ITS``, ``40k · record (W/D/L 10/5/0)``."""
    points_label: Sentence = "TP"
    uses_op: bool = True
    columns: list[PublicColumn] = []
    ranking: Sentence = ""
    """How the standings are ranked, in words."""
    checkin_open: bool = False
    checked_in: list[str] = []
    """Names of the players who checked in (shown while check-in is open or was used)."""
    not_checked_in: list[str] = []
    lists: list[PublicList] = []
    """Every army list handed in, once the organisers revealed them (empty while sealed)."""
    team_size: int | None = None
    """A team event's players per team (None: singles)."""
    teams: list[PublicTeamStanding] = []
    """A team event's team standings, best first; the players' own are ``standings``."""
    factions: list[PublicFaction] = []
    awards: list[Award] = []
    """Best Sport, Best Painted, Best Overall: only once the organisers published them."""
    """How each faction did (empty before the first result)."""
    team_columns: tuple[str, str] = ("TP", "OP")
    """What a team event's ``points`` and ``next`` are (the format's points and next tie-break)."""
    replaced: int = 0
    """A team event's players who left their team for a substitute (not in ``players``, which
    counts the teams' players)."""


def _side(players: dict[str, Player], player_id: str, points: tuple[int, int, int] | None) -> PublicSide:
    player = players[player_id]
    op, vp, tp = points if points is not None else (None, None, None)
    return PublicSide(
        name=player.name,
        faction=player.faction,
        op=op,
        vp=vp,
        tp=tp,
        dropped=player.dropped_after is not None,
    )


def _game(players: dict[str, Player], game: Game, reported: bool, fmt: Format) -> PublicGame:
    if game.b is None:
        return PublicGame(table=None, a=_side(players, game.a, (0, 0, fmt.bye_points)), b=None, status="bye")
    res = game.result
    status: GameStatus = "done" if res is not None else "reported" if reported else "playing"
    flags: list[Message | str] = [_(FLAG_NAMES.get(f.value, f.value.replace("_", " "))) for f in game.flags]
    if game.edited:
        flags.append(
            _("changed by hand: {note}", note=game.edit_note) if game.edit_note else _("changed by hand")
        )
    points = None if res is None else fmt.result_points(res)
    return PublicGame(
        table=game.table,
        a=_side(players, game.a, None if res is None or points is None else (res.op_a, res.vp_a, points[0])),
        b=_side(players, game.b, None if res is None or points is None else (res.op_b, res.vp_b, points[1])),
        status=status,
        flags=flags,
    )


@dataclass(frozen=True)
class _Before:
    """A round as an earlier version had it, when only its games changed since: its games, the
    players of them who had reported, and its view (whose games are built one for one)."""

    games: Sequence[Game]
    reported: set[str]
    view: PublicRound


def _round(
    t: Tournament,
    rnd: Round,
    reported: Collection[tuple[int, str]],
    scenario_name: Callable[[str], str],
    players: dict[str, Player],
    before: _Before | None = None,
) -> PublicRound:
    scenario = t.scenarios.get(rnd.number)
    fmt = format_of(t)
    here = _reported_in(reported, rnd.number)
    if before is None:
        games = [_game(players, g, any(p in here for p in g.players), fmt) for g in rnd.games]
    else:
        # A result changes one game of the round: every other game's row is the one built before
        # (the same game, the same players and format, and whether its players had reported).
        old, shown, was = before.games, before.view.games, before.reported
        games = []
        for i, g in enumerate(rnd.games):
            waiting = any(p in here for p in g.players)
            if i < len(old) and (old[i] is g or old[i] == g) and waiting == any(p in was for p in g.players):
                games.append(shown[i])
            else:
                games.append(_game(players, g, waiting, fmt))
    matches = _matches(t, rnd, games, players)
    expected = None
    if matches:
        expected = sum(len(m.games) for m in matches if m.state != "pairing") + sum(
            (t.team_size or 0) for m in matches if m.state == "pairing"
        )
    return PublicRound(
        number=rnd.number,
        scenario=scenario_name(scenario) if scenario else None,
        tier=fmt.army_points(t, rnd.number),
        games=games,
        results_in=sum(1 for g in rnd.games if g.done),
        expected=expected,
        matches=matches,
    )


def ritual_passes(team_size: int) -> int:
    """How many passes of defender / attackers / refuse the ritual of ``team_size`` players a side
    takes (each pass pairs two players a side; the last two or three games are forced).

    >>> [ritual_passes(n) for n in range(3, 9)]
    [1, 1, 2, 2, 3, 3]
    """
    return max(1, (team_size - 1) // 2)


def _matches(
    t: Tournament, rnd: Round, games: list[PublicGame], players: dict[str, Player]
) -> list[PublicTeamMatch]:
    """The team matches of round ``rnd`` of a team event (``games``: the round's games as built),
    with nothing of a ritual that its captains have not both revealed."""
    team_round = next((r for r in t.team_rounds if r.number == rnd.number), None)
    if team_round is None:
        return []
    names = {team.id: team.name for team in t.teams}
    rosters = {team.id: team.players for team in t.teams}
    built = list(zip(rnd.games, games, strict=True))
    scoring = scoring_for(t)
    found = []
    for match in team_round.matches:
        result = match_result(t, rnd.number, match, scoring)
        if match.is_bye or match.ritual is None:
            mine = set(rosters.get(match.a, []))
            found.append(
                PublicTeamMatch(
                    a=names.get(match.a, match.a),
                    b=None,
                    state="bye",
                    games=[shown for g, shown in built if g.b is None and g.a in mine],
                    points_a=None if result is None else result.points_a,
                )
            )
            continue
        found.append(_team_match(match, names, built, players, result))
    return found


def _team_match(
    match: TeamMatch,
    names: dict[str, str],
    built: list[tuple[Game, PublicGame]],
    players: dict[str, Player],
    result: TeamResult | None,
) -> PublicTeamMatch:
    ritual = match.ritual
    assert ritual is not None and match.b is not None
    size = len(ritual.roster_a)
    first = match.first_table or 1
    team_a, team_b = names.get(match.a, match.a), names.get(match.b, match.b)
    base = PublicTeamMatch(
        a=team_a,
        b=team_b,
        state="playing",
        first_table=first,
        last_table=first + size - 1,
        passes=ritual_passes(size),
    )
    if match.paired:
        side_a = set(ritual.roster_a)
        return base.model_copy(
            update={
                "state": "done" if result is not None else "playing",
                "games": [shown for g, shown in built if g.b is not None and g.a in side_a],
                "points_a": None if result is None else result.points_a,
                "points_b": None if result is None else result.points_b,
            }
        )
    # Only what both captains already see: the settled games of earlier passes, this pass's
    # defenders once the attackers are being picked, its attackers once refusals are.
    locked = [
        PublicGame(
            table=first + k,
            a=_side(players, pairing.a, None),
            b=_side(players, pairing.b, None),
            status="locked",
        )
        for k, pairing in enumerate(ritual.pairings)
    ]
    a, b = ritual.picks_a, ritual.picks_b
    defenders = None
    attackers = None
    if ritual.step in (Step.ATTACKERS, Step.REFUSE) and a.defender and b.defender:
        defenders = (ritual.name(a.defender), ritual.name(b.defender))
    if ritual.step is Step.REFUSE and a.attackers and b.attackers:
        attackers = ([ritual.name(p) for p in a.attackers], [ritual.name(p) for p in b.attackers])
    waiting = [team_a if side.value == "a" else team_b for side in ritual.waiting_for()]
    return base.model_copy(
        update={
            "state": "pairing",
            "step": ritual.step.value,
            "pass_number": ritual.round,
            "waiting": waiting,
            "defenders": defenders,
            "attackers": attackers,
            "games": locked,
        }
    )


def _lists(
    t: Tournament,
    lists: Mapping[str, SubmittedList],
    units: Mapping[str, list[ListUnit]],
    before: Sequence[PublicList] = (),
) -> list[PublicList]:
    """The revealed lists in join order, each with its roster's units (none while sealed). A list
    the same as one of ``before`` (the version before's) is that one, not validated again."""
    if not t.lists_revealed:
        return []
    limit = format_of(t).army_points(t, 1) or None
    was = {shown.player: shown for shown in before}
    shown = []
    for p in t.players:
        entry = lists.get(p.id)
        if entry is None:
            continue
        fields = {
            "player": p.name,
            "faction": p.faction,
            "text": entry.text,
            "points": entry.points,
            "units": entry.units,
            "kind": entry.kind,
            "roster_units": list(units.get(p.id, ())) if entry.kind == "roster" else [],
            "checks": problem_messages(entry, limit=limit, faction=p.faction),
        }
        old = was.get(p.name)
        # The units are the same objects while the roster is (the page keeps them): a cheap compare.
        shown.append(old if old is not None and old.__dict__ == fields else PublicList(**fields))
    return shown


def _status(t: Tournament) -> Message:
    planned = t.round_count or t.rounds_requested
    if t.finished:
        return _("Finished")
    current = t.current
    if current is None:
        return _("Waiting for round 1 to be paired")
    number = current.number
    if t.team_rounds and t.team_rounds[-1].number == number:
        matches = [m for m in t.team_rounds[-1].matches if not m.is_bye]
        pairing = sum(1 for m in matches if not m.paired)
        if pairing:
            paired, total = len(matches) - pairing, len(matches)
            if planned:
                return ngettext(
                    "Round {number} of {planned}: captains pairing ({paired} of {n} team match paired)",
                    "Round {number} of {planned}: captains pairing ({paired} of {n} team matches paired)",
                    total,
                    number=number,
                    planned=planned,
                    paired=paired,
                    n=total,
                )
            return ngettext(
                "Round {number}: captains pairing ({paired} of {n} team match paired)",
                "Round {number}: captains pairing ({paired} of {n} team matches paired)",
                total,
                number=number,
                paired=paired,
                n=total,
            )
    if current.complete:
        if planned:
            return _("Round {number} of {planned}: every result is in", number=number, planned=planned)
        return _("Round {number}: every result is in", number=number)
    if planned:
        return _("Round {number} of {planned}: playing", number=number, planned=planned)
    return _("Round {number}: playing", number=number)


@dataclass(frozen=True)
class Previous:
    """An earlier version's view and what it was made from (see :func:`public_view`)."""

    tournament: Tournament
    reported: Collection[tuple[int, str]]
    view: PublicTournament
    tally: Tally | None = None
    """What ranking it left in ``keep`` (see :func:`public_view`)."""
    factions: Mapping[int, RoundCounts] | None = None
    """Each round's games per faction, as it left them in ``keep_factions``."""


def _reported_in(reported: Collection[tuple[int, str]], number: int) -> set[str]:
    return {player for rnd, player in reported if rnd == number}


def _reusable(
    t: Tournament, reported: Collection[tuple[int, str]], previous: Previous
) -> tuple[dict[int, PublicRound], dict[int, _Before]]:
    """The rounds of ``previous.view`` that ``t`` would build the same (nothing but rounds changed
    in the tournament, and the round itself and its reports are as they were), and for each other
    round both versions have, what it was before (its unchanged games' rows are reused)."""
    before = previous.tournament
    if before is not t and before.model_copy(update={"rounds": []}) != t.model_copy(update={"rounds": []}):
        return {}, {}  # players, format, scenarios, tiers...: anything else changed, build every round
    view = previous.view
    built = {r.number: r for r in ([view.current] if view.current else []) + view.earlier}
    old_rounds = {r.number: r for r in before.rounds}
    same: dict[int, PublicRound] = {}
    changed: dict[int, _Before] = {}
    for rnd in t.rounds:
        old, shown = old_rounds.get(rnd.number), built.get(rnd.number)
        if old is None or shown is None:
            continue
        was = _reported_in(previous.reported, rnd.number)
        # The same object when the page reused the parsed round (web.app): no comparing at all.
        if (old is rnd or old == rnd) and was == _reported_in(reported, rnd.number):
            same[rnd.number] = shown
        else:
            changed[rnd.number] = _Before(old.games, was, shown)
    return same, changed


def public_view(
    t: Tournament,
    *,
    reported: Collection[tuple[int, str]],
    scenario_name: Callable[[str], str] = str,
    timer: RoundTimer | None = None,
    lists: Mapping[str, SubmittedList] | None = None,
    previous: Previous | None = None,
    keep: list[Tally] | None = None,
    units: Mapping[str, list[ListUnit]] | None = None,
    awards: Sequence[Award] = (),
    keep_factions: dict[int, RoundCounts] | None = None,
) -> PublicTournament:
    """The public page of ``t``. ``reported`` holds (round, player id) of every player with a
    result waiting for a confirmation; ``timer`` is the last round timer started (shown only while its
    round is the current one and the event is not finished); ``lists`` are the army lists handed in
    by player id, shown only once revealed, with ``units``: each roster's units by player id
    (:func:`~rules.tournament.lists.list_units`); ``awards`` are the awards the
    organisers published.

    ``previous`` is an earlier version's view, with what it was made from (the same
    ``scenario_name``): each round that has not changed since is taken from it instead of being
    built again, so a result costs one round's work however many rounds were played. The view is
    the same either way. The same goes for the standings: ``keep`` receives a
    :class:`~rules.tournament.standings.Tally` of every round but the last, and given back as
    ``previous.tally`` it spares adding up those rounds again while they are unchanged. Likewise
    the faction table: ``keep_factions`` receives each round's games per faction, and given back
    as ``previous.factions``, only the rounds that changed are counted again.

    >>> from rules.tournament import create_tournament
    >>> str(public_view(create_tournament("Empty", 300), reported=()).status)
    'Waiting for round 1 to be paired'
    """
    players = {p.id: p for p in t.players}
    reused, partly = ({}, {}) if previous is None else _reusable(t, reported, previous)
    tally = previous.tally if previous is not None else None
    if tally is not None and not all(r.number in reused for r in t.rounds[: tally.rounds]):
        tally = None  # a round it counted has changed (or anything but the rounds)
    rounds = [
        reused.get(r.number) or _round(t, r, reported, scenario_name, players, partly.get(r.number))
        for r in t.rounds
    ]
    current = rounds[-1] if rounds else None
    fmt = format_of(t)
    here, used = set(t.checked_in), t.checkin_open or bool(t.checked_in)
    ranked = ranked_rows(t, start=tally, keep=keep)
    rows = _standing_rows(ranked, fmt, [] if previous is None else previous.view.standings)
    return PublicTournament(
        name=t.name,
        tier=int(t.tier) if fmt.uses_op and t.tier is not None else fmt.army_points(t, 1),
        game=fmt.game.value,
        format=fmt.describe(),
        points_label=fmt.points_label,
        uses_op=fmt.uses_op,
        columns=[PublicColumn(key=c.key, label=c.label, title=c.title) for c in fmt.columns],
        ranking=fmt.ranking_text,
        checkin_open=t.checkin_open,
        checked_in=[p.name for p in t.players if p.id in here] if used else [],
        not_checked_in=[p.name for p in t.players if p.id not in here and p.dropped_after is None]
        if used
        else [],
        lists=_lists(t, lists or {}, units or {}, () if previous is None else previous.view.lists),
        kind=t.kind.value.replace("_", "-"),
        status=_status(t),
        finished=t.finished,
        players=len(t.players) if t.team_size is None else sum(len(team.players) for team in t.teams),
        round_count=t.round_count or t.rounds_requested,
        current=current,
        earlier=list(reversed(rounds[:-1])),
        standings=rows,
        factions=_factions(
            t,
            ranked,
            None if previous is None or previous.factions is None
            else {n: c for n, c in previous.factions.items() if n in reused},
            keep_factions,
        ),
        awards=list(awards),
        timer_ends=timer.ends
        if timer is not None and current is not None and not t.finished and timer.round == current.number
        else None,
        **_team_fields(t),
    )


def _team_fields(t: Tournament) -> dict[str, object]:
    if t.team_size is None:
        return {}
    scoring = scoring_for(t)
    rosters = {team.id: [t.name_of(p) for p in team.players] for team in t.teams}
    teams = [
        PublicTeamStanding(
            rank=r.rank,
            name=r.name,
            players=rosters[r.team_id],
            team_points=r.team_points,
            wins=r.wins,
            draws=r.draws,
            losses=r.losses,
            byes=r.byes,
            points=r.points,
            next=r.next,
            dropped=r.dropped,
        )
        for r in team_standings(t)
    ]
    in_teams = {p for team in t.teams for p in team.players}
    return {
        "team_size": t.team_size,
        "teams": teams,
        "replaced": sum(1 for p in t.players if p.id not in in_teams),
        "team_columns": (scoring.points_label, scoring.next_label),
    }
