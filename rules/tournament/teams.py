"""Team events: teams, their Swiss pairing, the captains' ritual per match, team results.

A team event is a :class:`~rules.tournament.model.Tournament` with ``team_size`` set (3 to 8).
Its players are the teams' players (each in one team); the players' games live in the rounds as
in singles, so results, individual standings and exports work as they do for singles. On top:

* ``teams``: name, captain, players. A team is paired only with exactly ``team_size`` players.
* ``team_rounds``: which teams meet in each round. Round 1 is random; later rounds are Swiss by
  the team ranking (team match wins, draws, losses as 2 / 1 / 0 team points, then the sum of the
  players' points, then the sum of the format's next tie-break), with the same weighted matching
  as singles (:func:`~rules.tournament.pairing.swiss_pairs`): rematches between teams avoided,
  the bye to the lowest-ranked team without one. A team with the bye has a team win, and each
  of its players a singles bye.
* Each team match gets a block of neighbouring tables and a :mod:`~rules.tournament.ritual`;
  when the ritual is done its games are added to the round at those tables. Players of one team
  never meet: a ritual pairs team A's players with team B's only.
* A team match's result: the sum of its players' points (ITS: Tournament Points; the points of
  the event's format); the higher sum wins, equal sums draw.

>>> import random
>>> t = set_team_size(create_tournament("Team Cup", 300), 3)
>>> for k in range(2):
...     t = create_team(t, f"Team {k}", f"c{k}", f"Captain {k}")
...     for j in range(2):
...         t = add_team_player(t, f"t{k + 1}", f"p{k}{j}", f"Player {k}{j}")
>>> t = pair_team_round(t, random.Random(1))
>>> [(m.a, m.b, m.first_table) for m in t.team_rounds[0].matches]
[('t1', 't2', 1)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from rules.i18n import Message, _, ngettext
from rules.its.scoring import Outcome
from rules.tournament import ritual as rite
from rules.tournament.engine import (
    _clean,
    _open,
    add_player,
    check_pairable,
    create_tournament,
    finish,
    pair_next_round,
    remove_player,
    rounds_for_players,
    undo_pairing,
)
from rules.tournament.export import _write, discord_id
from rules.tournament.formats import format_of
from rules.tournament.model import (
    BYE_TP,
    MAX_ROUNDS,
    Game,
    GameResult,
    Round,
    Tournament,
    TournamentError,
)
from rules.tournament.pairing import Entrant, swiss_pairs
from rules.tournament.team_formats import team_format_of
from rules.tournament.team_model import (
    MAX_MARGIN,
    MAX_TEAM_SIZE,
    MAX_TEAMS,
    MIN_TEAM_SIZE,
    Team,
    TeamFormatSettings,
    TeamMatch,
    TeamPoints,
    TeamRound,
    TeamVariant,
)

__all__ = [
    "ITS_SCORING",
    "TEAM_DRAW",
    "TEAM_WIN",
    "TeamResult",
    "TeamScoring",
    "TeamStanding",
    "add_team_player",
    "check_event_pairable",
    "check_team_pairable",
    "create_team",
    "current_match",
    "drop_team",
    "finish_event",
    "finish_team_event",
    "match_result",
    "new_team_event",
    "pair_event_round",
    "pair_team_round",
    "remove_team",
    "remove_team_player",
    "reset_ritual",
    "ritual_pick",
    "scoring_for",
    "set_captain",
    "set_team_format",
    "set_team_size",
    "substitute",
    "team_history",
    "team_of",
    "team_standings",
    "teams_csv",
    "undo_event_pairing",
    "undo_team_pairing",
]

TEAM_WIN = 2
TEAM_DRAW = 1
"""Team points of a team match won or drawn (a loss is worth 0) with the default team points
(2 / 1 / 0); a bye counts as a win. The event's team format (:mod:`rules.tournament.team_formats`)
may give 3 / 2 / 1."""
_REVERSED = {Outcome.VICTORY: Outcome.DEFEAT, Outcome.TIE: Outcome.TIE, Outcome.DEFEAT: Outcome.VICTORY}
_RECORD_COLUMN = {Outcome.VICTORY: 1, Outcome.TIE: 2, Outcome.DEFEAT: 3}


# --- scoring ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamScoring:
    """How a format's game result counts for a team: each side's points (what the team sums to
    decide a match) and the next tie-break, and what a player's bye is worth in both."""

    points_label: str
    next_label: str
    game: Callable[[GameResult], tuple[int, int, int, int]]
    """A result -> (points a, points b, next a, next b)."""
    bye_points: int
    bye_next: int = 0


ITS_SCORING = TeamScoring(
    points_label="TP",
    next_label="OP",
    game=lambda r: (r.tp_a, r.tp_b, r.op_a, r.op_b),
    bye_points=BYE_TP,
)
"""ITS: a team sums its players' Tournament Points, then their Objective Points."""


def scoring_for(state: Tournament) -> TeamScoring:
    """The team scoring of ``state``'s format: each game's points are the format's (ITS:
    Tournament Points; 40k and Boarding Actions: ``record`` 10 / 5 / 0, ``wtc`` match points out
    of 20), the next tie-break OP in ITS and VP elsewhere, a bye the format's bye for each player.

    >>> t = create_tournament("GT", None, game="40k", scoring="wtc")
    >>> scoring_for(t).game(GameResult(vp_a=80, vp_b=40))
    (17, 3, 80, 40)
    """
    fmt = format_of(state)
    if fmt.uses_op:
        return ITS_SCORING

    def game(result: GameResult) -> tuple[int, int, int, int]:
        a, b = fmt.result_points(result)
        return a, b, result.vp_a, result.vp_b

    return TeamScoring(points_label=fmt.points_label, next_label="VP", game=game, bye_points=fmt.bye_points)


# --- small questions ----------------------------------------------------------------------------


def _one_team(player: str, team: str) -> Message:
    return _("{player} already plays for {team}; a player is in one team.", player=player, team=team)


def _not_in_team(team: str) -> Message:
    return _("That player is not in {team}; `team show` lists its players.", team=team)


def _substitute_instead(event: str, team: str) -> Message:
    return _(
        "Round 1 of {event} is paired: an organiser can substitute a player of {team} instead.",
        event=event,
        team=team,
    )


def _team_event(state: Tournament) -> int:
    if state.team_size is None:
        raise TournamentError(
            _(
                "{event} is a singles event: teams exist only in an event created with a team size.",
                event=state.name,
            )
        )
    return state.team_size


def team_of(state: Tournament, player_id: str) -> Team | None:
    """The team ``player_id`` plays for, if any."""
    return next((t for t in state.teams if player_id in t.players), None)


def _team(state: Tournament, team_id: str) -> Team:
    for team in state.teams:
        if team.id == team_id:
            return team
    raise TournamentError(_("{event} has no such team; `team show` lists its teams.", event=state.name))


def _replace_team(state: Tournament, team: Team) -> list[Team]:
    return [team if t.id == team.id else t for t in state.teams]


def _next_id(state: Tournament) -> str:
    used = [int(t.id[1:]) for t in state.teams if t.id[1:].isdigit()]
    return f"t{max(used, default=0) + 1}"


# --- building teams -----------------------------------------------------------------------------


def set_team_size(state: Tournament, size: int) -> Tournament:
    """``state`` as a team event of ``size`` players per team (before anyone has joined).

    >>> set_team_size(create_tournament("Cup", 300), 9)
    Traceback (most recent call last):
    ...
    rules.tournament.model.TournamentError: A team plays with 3 to 8 players; 9 is not possible.
    """
    _open(state)
    if not MIN_TEAM_SIZE <= size <= MAX_TEAM_SIZE:
        raise TournamentError(
            _(
                "A team plays with {least} to {most} players; {size} is not possible.",
                least=MIN_TEAM_SIZE,
                most=MAX_TEAM_SIZE,
                size=size,
            )
        )
    if state.players or state.started:
        raise TournamentError(
            _("{event} already has players: the team size is set when it is created.", event=state.name)
        )
    return state.model_copy(update={"team_size": size})


def set_team_format(
    state: Tournament,
    variant: TeamVariant | str | None = None,
    team_points: TeamPoints | str | None = None,
    margin: int | None = None,
) -> Tournament:
    """``state`` with another team format (see :mod:`rules.tournament.team_formats`); None keeps
    a part as it is. Only before round 1 is paired: the ritual and the scoring hold for the event.

    >>> t = set_team_format(set_team_size(create_tournament("Cup", 300), 5), "margin", "3-2-1", 2)
    >>> t.team_format.variant.value, t.team_format.team_points.value, t.team_format.margin
    ('margin', '3-2-1', 2)
    """
    _open(state)
    if state.started:
        raise TournamentError(
            _("Round 1 of {event} is paired: the team format holds for the whole event.", event=state.name)
        )
    current = state.team_format
    try:
        chosen = TeamFormatSettings(
            variant=TeamVariant(variant) if variant is not None else current.variant,
            team_points=TeamPoints(team_points) if team_points is not None else current.team_points,
            margin=margin if margin is not None else current.margin,
        )
    except ValueError:
        raise TournamentError(
            _(
                "A team format is {formats}; team points {points}; a margin 0 to {most} points a player.",
                formats=", ".join(v.value for v in TeamVariant),
                points=" / ".join(p.value for p in TeamPoints),
                most=MAX_MARGIN,
            )
        ) from None
    if margin is not None and chosen.variant is not TeamVariant.MARGIN:
        raise TournamentError(_("A margin belongs to `team_format:margin`; leave it out for the others."))
    return state.model_copy(update={"team_format": chosen})


def create_team(
    state: Tournament,
    name: str,
    captain_id: str,
    captain_name: str,
    faction: str = "",
    *,
    user_id: int | None = None,
) -> Tournament:
    """``state`` with a new team captained by ``captain_id`` (who joins the event if not in it).

    >>> t = set_team_size(create_tournament("Cup", 300), 3)
    >>> t = create_team(t, "Owls", "1", "Ann")
    >>> create_team(t, "owls", "2", "Bo")
    Traceback (most recent call last):
    ...
    rules.tournament.model.TournamentError: Cup already has a team called Owls; choose another name.
    """
    _open(state)
    _team_event(state)
    if state.started:
        raise TournamentError(
            _("Round 1 of {event} is paired: new teams can no longer enter.", event=state.name)
        )
    name = _clean(name, _("team name"))
    same = next((t for t in state.teams if t.name.casefold() == name.casefold()), None)
    if same is not None:
        raise TournamentError(
            _(
                "{event} already has a team called {team}; choose another name.",
                event=state.name,
                team=same.name,
            )
        )
    if len(state.teams) >= MAX_TEAMS:
        raise TournamentError(
            _("{event} is full: a team event holds at most {most} teams.", event=state.name, most=MAX_TEAMS)
        )
    current = team_of(state, captain_id)
    if current is not None:
        raise TournamentError(_one_team(state.name_of(captain_id), current.name))
    if not state.has_player(captain_id):
        state = add_player(state, captain_id, captain_name, faction, user_id=user_id)
    team = Team(id=_next_id(state), name=name, captain=captain_id, players=[captain_id])
    return state.model_copy(update={"teams": [*state.teams, team]})


def add_team_player(
    state: Tournament,
    team_id: str,
    player_id: str,
    name: str,
    faction: str = "",
    *,
    user_id: int | None = None,
) -> Tournament:
    """``state`` with ``player_id`` in the team (joining the event if not in it); a team holds at
    most the event's team size. After round 1 is paired, use :func:`substitute` instead."""
    _open(state)
    size = _team_event(state)
    team = _team(state, team_id)
    if state.started:
        raise TournamentError(_substitute_instead(state.name, team.name))
    current = team_of(state, player_id)
    if current is not None:
        who = state.name_of(player_id)
        if current.id == team.id:
            raise TournamentError(
                _("{player} already plays for this team; a player is in one team.", player=who)
            )
        raise TournamentError(_one_team(who, current.name))
    if team.size >= size:
        raise TournamentError(
            _(
                "{team} already has {size} players, the team size of {event}; remove one first.",
                team=team.name,
                size=size,
                event=state.name,
            )
        )
    if not state.has_player(player_id):
        state = add_player(state, player_id, name, faction, user_id=user_id)
    moved = team.model_copy(update={"players": [*team.players, player_id]})
    return state.model_copy(update={"teams": _replace_team(state, moved)})


def remove_team_player(state: Tournament, team_id: str, player_id: str) -> Tournament:
    """``state`` without ``player_id`` in the team, nor in the event (before round 1 only; the
    captain leaves by removing the whole team)."""
    _open(state)
    team = _team(state, team_id)
    if player_id not in team.players:
        raise TournamentError(_not_in_team(team.name))
    if player_id == team.captain:
        raise TournamentError(
            _(
                "{player} captains {team}: hand the captaincy to a teammate first (`team captain`), "
                "or remove the whole team.",
                player=state.name_of(player_id),
                team=team.name,
            )
        )
    if state.started:
        raise TournamentError(_substitute_instead(state.name, team.name))
    moved = team.model_copy(update={"players": [p for p in team.players if p != player_id]})
    state = state.model_copy(update={"teams": _replace_team(state, moved)})
    return remove_player(state, player_id)


def remove_team(state: Tournament, team_id: str) -> Tournament:
    """``state`` without the team and its players (before round 1; later, drop it)."""
    _open(state)
    team = _team(state, team_id)
    if state.started:
        raise TournamentError(
            _("Round 1 of {event} is paired: drop {team} instead.", event=state.name, team=team.name)
        )
    state = state.model_copy(update={"teams": [t for t in state.teams if t.id != team_id]})
    for player in team.players:
        state = remove_player(state, player)
    return state


def drop_team(state: Tournament, team_id: str) -> Tournament:
    """``state`` where the team (and its players) are no longer paired; their results stay."""
    _open(state)
    team = _team(state, team_id)
    if not state.started:
        return remove_team(state, team_id)
    if team.dropped_after is not None:
        raise TournamentError(_("{team} has already dropped from {event}.", team=team.name, event=state.name))
    after = len(state.rounds)
    players = [
        p.model_copy(update={"dropped_after": after})
        if p.id in team.players and p.dropped_after is None
        else p
        for p in state.players
    ]
    dropped = team.model_copy(update={"dropped_after": after})
    return state.model_copy(update={"teams": _replace_team(state, dropped), "players": players})


def substitute(
    state: Tournament,
    team_id: str,
    out_id: str,
    in_id: str,
    name: str,
    faction: str = "",
    *,
    user_id: int | None = None,
) -> Tournament:
    """``state`` where ``in_id`` takes ``out_id``'s place in the team from the next round on (or
    in this round, while the team's ritual has not begun); ``out_id`` drops, their results stay.
    Before round 1 this is a remove and an add."""
    _open(state)
    team = _team(state, team_id)
    if out_id not in team.players:
        raise TournamentError(_not_in_team(team.name))
    current = team_of(state, in_id)
    if current is not None:
        raise TournamentError(_one_team(state.name_of(in_id), current.name))
    if not state.started:
        if out_id == team.captain:
            raise TournamentError(
                _(
                    "{player} captains {team}; hand the captaincy to a teammate first (`team captain`).",
                    player=state.name_of(out_id),
                    team=team.name,
                )
            )
        return add_team_player(
            remove_team_player(state, team_id, out_id), team_id, in_id, name, faction, user_id=user_id
        )
    if state.has_player(in_id):
        raise TournamentError(
            _(
                "{player} already played in {event}; substitute a new player.",
                player=state.name_of(in_id),
                event=state.name,
            )
        )
    match = state.team_rounds[-1].match_of(team_id) if state.team_rounds else None
    now = match is not None and match.ritual is not None and not _begun(match.ritual)
    round_done = _round_complete(state)
    if not now and not round_done:
        raise TournamentError(
            _(
                "{team}'s pairing ritual has begun this round: the substitute can play from the next "
                "round, once this round is over (or reset the ritual first).",
                team=team.name,
            )
        )
    late = state.model_copy(update={"late_joins": True})
    joined = add_player(late, in_id, name, faction, user_id=user_id).model_copy(
        update={"late_joins": state.late_joins}
    )
    paired = len(state.rounds) - (1 if now else 0)
    players = []
    for p in joined.players:
        if p.id == out_id:
            p = p.model_copy(update={"dropped_after": paired})
        elif p.id == in_id:
            p = p.model_copy(update={"joined_round": paired + 1})
        players.append(p)
    roster = [in_id if p == out_id else p for p in team.players]
    captain = in_id if team.captain == out_id else team.captain
    state = joined.model_copy(
        update={
            "players": players,
            "teams": _replace_team(joined, team.model_copy(update={"players": roster, "captain": captain})),
        }
    )
    if now:
        assert match is not None and match.ritual is not None
        state = _restart_ritual(state, match)
    return state


def set_captain(state: Tournament, team_id: str, player_id: str) -> Tournament:
    """``state`` where ``player_id`` (a player of the team) captains it."""
    _open(state)
    team = _team(state, team_id)
    if player_id not in team.players:
        raise TournamentError(
            _("Only a player of {team} can captain it; add them to the team first.", team=team.name)
        )
    return state.model_copy(
        update={"teams": _replace_team(state, team.model_copy(update={"captain": player_id}))}
    )


# --- pairing ------------------------------------------------------------------------------------


def _begun(ritual: rite.Ritual) -> bool:
    return (
        bool(ritual.pairings)
        or ritual.round > 1
        or any(ritual.picks(s).defender is not None for s in rite.Side)
    )


def _round_complete(state: Tournament) -> bool:
    if not state.team_rounds:
        return True
    return all(m.paired for m in state.team_rounds[-1].matches) and (
        state.current is None or state.current.complete
    )


def _pending(state: Tournament) -> list[Message]:
    """What the current round still waits for, one phrase per team match."""
    if not state.team_rounds:
        return []
    names = {t.id: t.name for t in state.teams}
    waiting = []
    for match in state.team_rounds[-1].matches:
        if match.is_bye:
            continue
        a, b = names[match.a], names[match.b or ""]
        if not match.paired:
            waiting.append(_("{a} v {b} (pairing ritual)", a=a, b=b))
            continue
        missing = [g for g in _games_of(state, len(state.team_rounds), match) if g.result is None]
        if missing:
            waiting.append(
                ngettext(
                    "{a} v {b} ({n} result)",
                    "{a} v {b} ({n} results)",
                    len(missing),
                    a=a,
                    b=b,
                    n=len(missing),
                )
            )
    return waiting


def _ready_teams(state: Tournament, number: int) -> list[Team]:
    size = _team_event(state)
    teams = [t for t in state.teams if t.active_in(number)]
    short = [t for t in teams if t.size != size]
    if short:
        listed = tuple(_("{team} has {n}", team=t.name, n=t.size) for t in short[:5])
        raise TournamentError(
            _(
                "Every team plays with exactly {size} players: {teams}. Add or remove players, or drop "
                "the team.",
                size=size,
                teams=listed,
            )
        )
    loose = [p for p in state.active_players(number) if team_of(state, p.id) is None]
    if loose:
        raise TournamentError(
            ngettext(
                "{players} is in no team: add them to a team or remove them.",
                "{players} are in no team: add them to a team or remove them.",
                len(loose),
                players=tuple(p.name for p in loose[:5]),
            )
        )
    if len(teams) < 2:
        raise TournamentError(
            ngettext(
                "{event} has {n} team; pairing needs at least 2.",
                "{event} has {n} teams; pairing needs at least 2.",
                len(teams),
                event=state.name,
                n=len(teams),
            )
        )
    return teams


def team_history(state: Tournament, *, before_round: int | None = None) -> dict[str, list[str]]:
    """Team id -> the teams it met, round by round (a rematch repeats)."""
    met: dict[str, list[str]] = {t.id: [] for t in state.teams}
    for rnd in state.team_rounds:
        if before_round is not None and rnd.number >= before_round:
            break
        for match in rnd.matches:
            if match.b is not None:
                met.setdefault(match.a, []).append(match.b)
                met.setdefault(match.b, []).append(match.a)
    return met


def _names(state: Tournament, team: Team) -> dict[str, str]:
    return {p: state.name_of(p) for p in team.players}


def check_team_pairable(state: Tournament) -> tuple[int, int]:
    """The number of the round :func:`pair_team_round` would pair and the event's round count, or
    the TournamentError pairing would raise (a ritual or result still to come, a short team, every
    round paired), without pairing anything.

    >>> check_team_pairable(set_team_size(create_tournament("Cup", 300), 3))
    Traceback (most recent call last):
    ...
    rules.tournament.model.TournamentError: Cup has 0 teams; pairing needs at least 2.
    """
    _open(state)
    _team_event(state)
    number = len(state.team_rounds) + 1
    if not _round_complete(state):
        raise TournamentError(
            _(
                "Round {number} is not over: {pending} still to come.",
                number=number - 1,
                pending=tuple(_pending(state)[:5]),
            )
        )
    teams = _ready_teams(state, number)
    count = state.round_count if number > 1 else (state.rounds_requested or rounds_for_players(len(teams)))
    count = count or MAX_ROUNDS
    if number > count:
        raise TournamentError(
            _(
                "All {count} rounds of {event} are paired: finish it, or set more rounds first.",
                count=count,
                event=state.name,
            )
        )
    return number, count


def pair_team_round(state: Tournament, rng: random.Random) -> Tournament:
    """``state`` with the next round's team matches: round 1 at random (the seed stored), later
    rounds Swiss by the team standings. Each match gets neighbouring tables and a fresh ritual;
    a bye team's players get their byes at once.

    Refused while a team has not exactly ``team_size`` players (naming it), while an active
    player is in no team, or while the current round waits for a ritual or a result.
    """
    size = _team_event(state)
    number, count = check_team_pairable(state)
    teams = _ready_teams(state, number)
    seed = None
    if number == 1:
        seed = rng.randrange(2**32)
        order = [t.id for t in teams]
        random.Random(seed).shuffle(order)
        bye = order.pop() if len(order) % 2 else None
        pairs = [(order[k], order[k + 1]) for k in range(0, len(order), 2)]
        rematches: set[frozenset[str]] = set()
    else:
        active = {t.id for t in teams}
        ranked = [row for row in team_standings(state, before_round=number) if row.team_id in active]
        met = team_history(state, before_round=number)
        entrants = [
            Entrant(id=row.team_id, tp=row.team_points, had_bye=row.byes > 0, met=frozenset(met[row.team_id]))
            for row in ranked
        ]
        pairs, bye = swiss_pairs(entrants)
        rematches = {frozenset((a, b)) for a, b in pairs if b in met[a]}
    by_id = {t.id: t for t in teams}
    matches = []
    for k, (a, b) in enumerate(pairs):
        ritual = rite.start(
            by_id[a].players,
            by_id[b].players,
            {**_names(state, by_id[a]), **_names(state, by_id[b])},
            play_refused=team_format_of(state.team_format).play_refused,
            champion=team_format_of(state.team_format).champion,
        )
        matches.append(
            TeamMatch(
                a=a, b=b, first_table=k * size + 1, ritual=ritual, rematch=frozenset((a, b)) in rematches
            )
        )
    byes: list[Game] = []
    if bye is not None:
        matches.append(TeamMatch(a=bye))
        byes = [Game(a=p) for p in by_id[bye].players]
    team_round = TeamRound(number=number, matches=matches, seed=seed)
    new_round = Round(number=number, games=byes, seed=seed)
    return state.model_copy(
        update={
            "team_rounds": [*state.team_rounds, team_round],
            "rounds": [*state.rounds, new_round],
            "round_count": count,
        }
    )


# --- the ritual ---------------------------------------------------------------------------------


def current_match(state: Tournament, team_id: str) -> tuple[TeamMatch, rite.Side]:
    """The current round's match of the team, and which side of it the team is."""
    team = _team(state, team_id)
    if not state.team_rounds:
        raise TournamentError(
            _("No round of {event} is paired yet; the ritual starts once it is.", event=state.name)
        )
    rnd = state.team_rounds[-1]
    match = rnd.match_of(team_id)
    if match is None:
        raise TournamentError(_("{team} is not paired in round {number}.", team=team.name, number=rnd.number))
    if match.is_bye or match.ritual is None:
        raise TournamentError(
            _(
                "{team} has the bye in round {number}: there is nothing to pair.",
                team=team.name,
                number=rnd.number,
            )
        )
    return match, rite.Side.A if match.a == team_id else rite.Side.B


def _games_of(state: Tournament, number: int, match: TeamMatch) -> list[Game]:
    if match.is_bye:
        return []
    rnd = state.rounds[number - 1]
    mine = set(match.ritual.roster_a if match.ritual else [])
    return [g for g in rnd.games if g.b is not None and g.a in mine]


def _put_match(
    state: Tournament, match: TeamMatch, new: TeamMatch, games: list[Game] | None = None
) -> Tournament:
    rnd = state.team_rounds[-1]
    matches = [new if m is match else m for m in rnd.matches]
    update: dict[str, object] = {
        "team_rounds": [*state.team_rounds[:-1], rnd.model_copy(update={"matches": matches})]
    }
    if games is not None:
        current = state.rounds[-1]
        keep = [
            g
            for g in current.games
            if g.b is None or g.a not in set(match.ritual.roster_a if match.ritual else [])
        ]
        ordered = sorted([*keep, *games], key=lambda g: (g.b is None, g.table or 0))
        update["rounds"] = [*state.rounds[:-1], current.model_copy(update={"games": ordered})]
    return state.model_copy(update=update)


def ritual_pick(
    state: Tournament, team_id: str, kind: rite.Step | str, players: tuple[str, ...]
) -> Tournament:
    """``state`` after the team's captain (or an organiser for them) picks in the ritual of the
    team's current match. When the ritual ends, its games are added to the round at the match's
    tables, team A's player first, in the order the ritual made them."""
    _open(state)
    match, side = current_match(state, team_id)
    assert match.ritual is not None
    try:
        step = rite.Step(kind)
    except ValueError:
        raise TournamentError(
            _("{step} is not a step of the ritual: defender, attackers or refuse.", step=str(kind))
        ) from None
    ritual = rite.apply(match.ritual, rite.Action(side=side, kind=step, players=tuple(players)))
    new = match.model_copy(update={"ritual": ritual})
    if not ritual.done:
        return _put_match(state, match, new)
    first = match.first_table or 1
    games = [Game(a=p.a, b=p.b, table=first + k) for k, p in enumerate(ritual.pairings)]
    return _put_match(state, match, new, games)


def reset_ritual(state: Tournament, team_id: str) -> Tournament:
    """``state`` with the ritual of the team's current match started again (an organiser's
    reset); refused once one of its games has a result."""
    _open(state)
    match, _side = current_match(state, team_id)
    if any(g.result is not None for g in _games_of(state, len(state.team_rounds), match)):
        raise TournamentError(
            _("A game of this team match already has a result; its pairing can no longer be reset.")
        )
    return _restart_ritual(state, match)


def _restart_ritual(state: Tournament, match: TeamMatch) -> Tournament:
    by_id = {t.id: t for t in state.teams}
    a, b = by_id[match.a], by_id[match.b or ""]
    fresh = rite.start(
        a.players,
        b.players,
        {**_names(state, a), **_names(state, b)},
        play_refused=team_format_of(state.team_format).play_refused,
        champion=team_format_of(state.team_format).champion,
    )
    restarted = match.model_copy(update={"ritual": fresh, "resets": match.resets + 1})
    return _put_match(state, match, restarted, [])


# --- results and standings ----------------------------------------------------------------------


class TeamResult(BaseModel):
    """A team match's outcome from team ``a``'s side: each team's summed points and next tie-break."""

    model_config = ConfigDict(frozen=True)

    a: str
    b: str | None
    points_a: int
    points_b: int
    next_a: int
    next_b: int
    outcome_a: Outcome = Outcome.VICTORY
    """Team a's outcome, as the event's team format decides it from the sums (a bye: a win)."""
    team_points_a: int = TEAM_WIN
    team_points_b: int = 0


def match_result(
    state: Tournament, number: int, match: TeamMatch, scoring: TeamScoring | None = None
) -> TeamResult | None:
    """The result of ``match`` of round ``number``: None until every game has its result. A bye
    is the team size times a player's bye, from team ``a``'s side (``b`` None, 0 against)."""
    scoring = scoring or scoring_for(state)
    variant = team_format_of(state.team_format)
    if match.is_bye:
        size = state.team_size or 0
        return TeamResult(
            a=match.a,
            b=None,
            points_a=size * scoring.bye_points,
            points_b=0,
            next_a=size * scoring.bye_next,
            next_b=0,
            team_points_a=variant.team_points(Outcome.VICTORY),
        )
    if not match.paired:
        return None
    games = _games_of(state, number, match)
    if len(games) != len(match.ritual.roster_a if match.ritual else []) or any(
        g.result is None for g in games
    ):
        return None
    total = [0, 0, 0, 0]
    for game in games:
        assert game.result is not None
        for k, value in enumerate(scoring.game(game.result)):
            total[k] += value
    outcome = variant.outcome(total[0], total[1], size=len(games))
    return TeamResult(
        a=match.a,
        b=match.b,
        points_a=total[0],
        points_b=total[1],
        next_a=total[2],
        next_b=total[3],
        outcome_a=outcome,
        team_points_a=variant.team_points(outcome),
        team_points_b=variant.team_points(_REVERSED[outcome]),
    )


class TeamStanding(BaseModel):
    """One team's line in the team standings."""

    model_config = ConfigDict(frozen=True)

    rank: int
    team_id: str
    name: str
    captain: str
    team_points: int
    """2 a team match won (a bye too), 1 drawn."""
    wins: int
    draws: int
    losses: int
    byes: int
    points: int
    """The sum of its players' points (ITS: Tournament Points)."""
    next: int
    """The sum of its players' next tie-break (ITS: Objective Points)."""
    dropped: bool

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.team_points, self.points, self.next)


def team_standings(
    state: Tournament, *, before_round: int | None = None, scoring: TeamScoring | None = None
) -> list[TeamStanding]:
    """Every team, best first: team points, then points, then the next tie-break; then the order
    the teams entered (only to fix the order: tied teams share a rank number). Only team matches
    with every result count.

    >>> team_standings(set_team_size(create_tournament("Cup", 300), 3))
    []
    """
    scoring = scoring or scoring_for(state)
    rows = {t.id: [0, 0, 0, 0, 0, 0, 0] for t in state.teams}  # tp, w, d, l, byes, points, next
    for rnd in state.team_rounds:
        if before_round is not None and rnd.number >= before_round:
            break
        for match in rnd.matches:
            result = match_result(state, rnd.number, match, scoring)
            if result is None:
                continue
            outcome = result.outcome_a
            sides = [(match.a, result.team_points_a, result.points_a, result.next_a, outcome)]
            if match.b is not None:
                sides.append(
                    (match.b, result.team_points_b, result.points_b, result.next_b, _REVERSED[outcome])
                )
            for team_id, tp, points, nxt, won in sides:
                row = rows[team_id]
                row[0] += tp
                if match.is_bye:
                    row[4] += 1
                else:
                    row[_RECORD_COLUMN[won]] += 1
                row[5] += points
                row[6] += nxt
    order = {t.id: i for i, t in enumerate(state.teams)}
    made = [
        TeamStanding(
            rank=0,
            team_id=t.id,
            name=t.name,
            captain=t.captain,
            team_points=rows[t.id][0],
            wins=rows[t.id][1],
            draws=rows[t.id][2],
            losses=rows[t.id][3],
            byes=rows[t.id][4],
            points=rows[t.id][5],
            next=rows[t.id][6],
            dropped=t.dropped_after is not None,
        )
        for t in state.teams
    ]
    made.sort(key=lambda row: (tuple(-k for k in row.key), order[row.team_id]))
    ranked: list[TeamStanding] = []
    for i, row in enumerate(made):
        shared = ranked and ranked[-1].key == row.key
        ranked.append(row.model_copy(update={"rank": ranked[-1].rank if shared else i + 1}))
    return ranked


def teams_csv(state: Tournament) -> str:
    """The team standings as CSV, one line per team, its players named (formula-safe like every
    export).

    >>> t = create_team(set_team_size(create_tournament("Cup", 300), 3), "=Owls", "1", "Ann")
    >>> print(teams_csv(t))
    rank,team,captain,players,team_points,wins,draws,losses,byes,tp,op,dropped,captain_discord_id
    1,'=Owls,Ann,Ann,0,0,0,0,0,0,0,,1
    <BLANKLINE>
    """
    scoring = scoring_for(state)
    head = ["rank", "team", "captain", "players", "team_points", "wins", "draws", "losses", "byes"]
    rows: list[list[object]] = [
        [*head, scoring.points_label.lower(), scoring.next_label.lower(), "dropped", "captain_discord_id"]
    ]
    by_id = {t.id: t for t in state.teams}
    people = {p.id: p for p in state.players}
    for r in team_standings(state):
        players = " / ".join(state.name_of(p) for p in by_id[r.team_id].players)
        record = [r.team_points, r.wins, r.draws, r.losses, r.byes, r.points, r.next]
        captain = people.get(r.captain)
        rows.append(
            [
                r.rank,
                r.name,
                state.name_of(r.captain),
                players,
                *record,
                "yes" if r.dropped else "",
                "" if captain is None else discord_id(captain),
            ]
        )
    return _write(rows)


def undo_team_pairing(state: Tournament) -> Tournament:
    """``state`` without its last round's team matches and games (none may have a result).

    >>> undo_team_pairing(set_team_size(create_tournament("Cup", 300), 3))
    Traceback (most recent call last):
    ...
    rules.tournament.model.TournamentError: No round of Cup is paired yet; there is nothing to undo.
    """
    _team_event(state)
    undone = undo_pairing(state)
    return undone.model_copy(update={"team_rounds": state.team_rounds[: len(undone.rounds)]})


def finish_team_event(state: Tournament, *, early: bool = False) -> Tournament:
    """``state`` finished: every ritual done and every result in (``early``: before the last
    planned round)."""
    _team_event(state)
    if state.team_rounds and not _round_complete(state):
        raise TournamentError(
            _(
                "{pending} still to come before {event} can finish.",
                pending=tuple(_pending(state)[:5]),
                event=state.name,
            )
        )
    return finish(state, early=early)


def new_team_event(name: str, tier: int | None, team_size: int, **options: object) -> Tournament:
    """A new team event (``options`` as for :func:`~rules.tournament.engine.create_tournament`)."""
    return set_team_size(create_tournament(name, tier, **options), team_size)  # type: ignore[arg-type]


# --- one entry for singles and team events ----------------------------------------------------


def check_event_pairable(state: Tournament) -> tuple[int, int]:
    """:func:`check_team_pairable` for a team event, else singles' ``check_pairable``."""
    return check_team_pairable(state) if state.team_size is not None else check_pairable(state)


def pair_event_round(state: Tournament, rng: random.Random) -> Tournament:
    """:func:`pair_team_round` for a team event, else singles' ``pair_next_round``."""
    return pair_team_round(state, rng) if state.team_size is not None else pair_next_round(state, rng)


def undo_event_pairing(state: Tournament) -> Tournament:
    """:func:`undo_team_pairing` for a team event, else singles' ``undo_pairing``."""
    return undo_team_pairing(state) if state.team_size is not None else undo_pairing(state)


def finish_event(state: Tournament, *, early: bool = False) -> Tournament:
    """:func:`finish_team_event` for a team event, else singles' ``finish``."""
    return (
        finish_team_event(state, early=early) if state.team_size is not None else finish(state, early=early)
    )
