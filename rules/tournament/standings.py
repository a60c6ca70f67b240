"""Totals per player and the ranking with the format's tie-break chain.

The totals are shared by every format (:mod:`rules.tournament.formats`): ranking points
(``tp``: ITS's Tournament Points, 40k's ranking or match points), OP, VP scored and conceded,
the record, byes, and two strengths of the opposition (opponents' OP, opponents' VP). The format
says which of them rank and in what order (:meth:`~rules.tournament.formats.Format.key`), what a
result and a bye are worth, and whether final standings adjust for byes.

ITS's order, for standings and for Swiss pairing alike:

1. Tournament Points (TP), highest first;
2. total Objective Points (OP);
3. total Victory Points (VP, surviving army points);
4. **opponents' OP**: for each opponent a player met (a rematch counts twice), the total OP that
   opponent scored over the whole tournament, in all of their games, summed. We read the seed's
   last tie-break (the OP one's opponents scored in the tournament) as the strength of the
   opposition, like chess's Buchholz score, so a higher total ranks higher. It is *not* the OP
   those opponents scored against the player. A bye adds no opponent.
5. join order, only so that the order is fixed; players tied on 1-4 share a rank number.

Final standings (after :func:`~rules.tournament.engine.finish`) apply the seed's bye adjustment
to players who had a bye: their total OP is multiplied by the number of rounds, divided by the
rounds they played (one fewer per bye) and rounded up; VP the same. The adjusted VP only ever
matters on a TP and OP tie, which is where the seed applies it. Opponents' OP always uses the
opponents' raw OP.

>>> from rules.tournament.model import Game, GameResult, Player, Round, Tournament
>>> t = Tournament(name="Cup", tier=300, players=[Player(id="a", name="Ann"), Player(id="b", name="Bo")],
...     rounds=[Round(number=1, games=[Game(a="a", b="b", table=1, result=GameResult(op_a=7, op_b=6))])])
>>> [(row.name, row.tp, row.op) for row in standings(t)]
[('Ann', 5, 7), ('Bo', 2, 6)]
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from pydantic import BaseModel, ConfigDict

from rules.its.scoring import Outcome
from rules.tournament.formats import Format, format_of
from rules.tournament.model import Tournament


class Standing(BaseModel):
    """One player's line in the standings."""

    model_config = ConfigDict(frozen=True)

    rank: int
    player_id: str
    name: str
    faction: str
    tp: int
    """Ranking points in the tournament's format (ITS: Tournament Points; 40k: 10/5/0 a game or
    WTC match points); pairing pairs by these."""
    op: int
    """Total OP; in final standings, after the bye adjustment."""
    vp: int
    """Total VP; in final standings, after the bye adjustment (ITS). VP formats: battle points,
    the VP of games played plus each bye's battle points (:meth:`Format.bye_battle_points`)."""
    raw_op: int
    raw_vp: int
    opponents_op: int
    byes: int
    """Byes received (ITS: each a Victory worth 3 TP; VP formats: a win)."""
    played: int
    """Games played at a table; ``played + byes`` is the number of rounds the player took part in."""
    wins: int
    """Wins by the format's one definition (:meth:`~rules.tournament.formats.Format.outcome`),
    with each bye where the format counts it as a win (:attr:`Format.bye_is_win`): so
    ``wins + ties + losses`` is ``played + byes`` in VP formats and ``played`` in ITS."""
    ties: int
    losses: int
    dropped: bool
    """Dropped after playing; a player left out of round 1 is :attr:`not_checked_in` instead."""
    not_checked_in: bool = False
    """Left out of round 1 for not checking in (and not checked in since)."""
    bye_rounds: list[int] = []
    """The rounds in which the player had the bye."""
    adjusted: bool = False
    """True when the bye adjustment changed OP or VP."""
    vp_against: int = 0
    """Victory points the player's opponents scored against them (raw)."""
    sos: int = 0
    """Strength of schedule: the opponents' battle points (their VP over the whole event and
    their byes' battle points), summed; a rematch counts twice, a bye adds no opponent."""
    key: tuple[int, ...] = ()
    """What the ranking compares, highest first (the format's tie-break chain)."""

    @property
    def points(self) -> int:
        """The format's ranking points (the same as ``tp``)."""
        return self.tp

    @property
    def vp_diff(self) -> int:
        """Victory points scored minus conceded, in games played."""
        return self.raw_vp - self.vp_against


class _Totals:
    __slots__ = (
        "against",
        "bye_rounds",
        "byes",
        "losses",
        "op",
        "opponents",
        "played",
        "ties",
        "tp",
        "vp",
        "wins",
    )

    def __init__(self) -> None:
        self.tp = self.op = self.vp = self.against = self.byes = self.played = 0
        self.wins = self.ties = self.losses = 0
        self.opponents: list[str] = []
        self.bye_rounds: list[int] = []

    def copy(self) -> _Totals:
        other = _Totals()
        other.tp, other.op, other.vp, other.against = self.tp, self.op, self.vp, self.against
        other.byes, other.played = self.byes, self.played
        other.wins, other.ties, other.losses = self.wins, self.ties, self.losses
        other.opponents, other.bye_rounds = list(self.opponents), list(self.bye_rounds)
        return other


@dataclass(frozen=True)
class Tally:
    """Every player's totals over a tournament's first ``rounds`` rounds, kept to rank a later
    version from: :func:`standings` given it adds only the rounds after those.

    Only the caller can know that those rounds, the players and the format are unchanged in the
    later version (:func:`rules.tournament.public.public_view` checks); the totals are copied, never
    changed, so one tally serves any number of rankings.
    """

    rounds: int
    totals: dict[str, _Totals]

    def start(self, state: Tournament) -> dict[str, _Totals]:
        return {p.id: (t.copy() if (t := self.totals.get(p.id)) else _Totals()) for p in state.players}


def _snapshot(totals: dict[str, _Totals], rounds: int) -> Tally:
    return Tally(rounds, {pid: t.copy() for pid, t in totals.items()})


def _totals(
    state: Tournament,
    fmt: Format,
    *,
    before_round: int | None = None,
    start: Tally | None = None,
    keep: list[Tally] | None = None,
) -> dict[str, _Totals]:
    """Each player's totals; from ``start``'s (its rounds skipped) when given. ``keep`` receives a
    tally of every round but the last, for the next version to start from."""
    if start is not None and start.rounds >= len(state.rounds):
        start = None  # a tally always leaves out the last round it saw
    totals = start.start(state) if start is not None else {p.id: _Totals() for p in state.players}
    skip = start.rounds if start is not None else 0
    for index, rnd in enumerate(state.rounds):
        if before_round is not None and rnd.number >= before_round:
            break
        if keep is not None and index == len(state.rounds) - 1:
            # Started from a tally of exactly these rounds: it is the snapshot (tallies are never
            # changed), so 512 players' totals are not copied a second time.
            keep.append(start if start is not None and start.rounds == index else _snapshot(totals, index))
        if index < skip:
            continue
        for game in rnd.games:
            if game.b is None:
                mine = totals[game.a]
                mine.tp += fmt.bye_points
                mine.byes += 1
                mine.bye_rounds.append(rnd.number)
                if fmt.bye_is_win:
                    mine.wins += 1
                continue
            if game.result is None:
                continue
            result = game.result
            tp_a, tp_b = fmt.result_points(result)
            outcome_a = fmt.outcome(result)
            outcome_b = {Outcome.VICTORY: Outcome.DEFEAT, Outcome.DEFEAT: Outcome.VICTORY}.get(
                outcome_a, Outcome.TIE
            )
            for me, other, op, vp, against, tp, outcome in (
                (game.a, game.b, result.op_a, result.vp_a, result.vp_b, tp_a, outcome_a),
                (game.b, game.a, result.op_b, result.vp_b, result.vp_a, tp_b, outcome_b),
            ):
                mine = totals[me]
                mine.tp += tp
                mine.op += op
                mine.vp += vp
                mine.against += against
                mine.played += 1
                mine.opponents.append(other)
                if outcome is Outcome.VICTORY:
                    mine.wins += 1
                elif outcome is Outcome.TIE:
                    mine.ties += 1
                else:
                    mine.losses += 1
    return totals


def bye_adjusted(total: int, rounds: int, byes: int) -> int:
    """The seed's bye adjustment: ``total`` x rounds / rounds played, rounded up.

    >>> bye_adjusted(17, 4, 1)  # 17 x 4 / 3 = 22.67
    23
    >>> bye_adjusted(18, 4, 1)
    24
    """
    played = rounds - byes
    if byes <= 0 or played <= 0:
        return total
    return -(-total * rounds // played)


def standings(
    state: Tournament,
    *,
    final: bool | None = None,
    before_round: int | None = None,
    start: Tally | None = None,
    keep: list[Tally] | None = None,
) -> list[Standing]:
    """Every player (dropped ones too), best first.

    ``final`` (default: whether the tournament is finished) applies the bye adjustment;
    ``before_round`` counts only the rounds before that one (what a pairing of it sees).
    ``start`` and ``keep`` rank a new version from an earlier one's :class:`Tally` (see there).

    >>> from rules.tournament.model import Tournament
    >>> standings(Tournament(name="Empty", tier=300))
    []
    """
    # A row's vp_diff is no field of a Standing (its property): left out.
    return [
        Standing(**{k: v for k, v in vars(row).items() if k != "vp_diff"})
        for row in _ranked(state, final=final, before_round=before_round, start=start, keep=keep)
    ]


def ranked_rows(
    state: Tournament,
    *,
    final: bool | None = None,
    start: Tally | None = None,
    keep: list[Tally] | None = None,
) -> list[SimpleNamespace]:
    """What :func:`standings` ranks, each row a plain namespace with a :class:`Standing`'s fields
    (``vp_diff`` too): for a caller that only reads them, as the web page does on each new version
    of a 512-player event (no model validated per row).

    >>> from rules.tournament.model import Tournament
    >>> ranked_rows(Tournament(name="Empty", tier=300))
    []
    """
    return _ranked(state, final=final, start=start, keep=keep)


def _ranked(
    state: Tournament,
    *,
    final: bool | None = None,
    before_round: int | None = None,
    start: Tally | None = None,
    keep: list[Tally] | None = None,
) -> list[SimpleNamespace]:
    """Each row as a namespace of a Standing's fields (rank and key included) and vp_diff, best
    first."""
    final = state.finished if final is None else final
    fmt = format_of(state)
    totals = _totals(state, fmt, before_round=before_round, start=start, keep=keep)
    counted_rounds = len([r for r in state.rounds if before_round is None or r.number < before_round])
    # (key, -index, row): sorted in reverse, the best key first and, on a tie, the earlier player
    # first, with no key function to call per row (a 512-player page ranks on every change).
    keyed: list[tuple[tuple[int, ...], int, SimpleNamespace]] = []
    # Battle points: the VP of games played and each bye's (0 unless the organiser set them).
    bp = {
        pid: t.vp + t.byes * fmt.bye_battle_points(t.vp, t.played) if t.byes else t.vp
        for pid, t in totals.items()
    }
    for index, player in enumerate(state.players):
        mine = totals[player.id]
        op, vp = mine.op, bp[player.id]
        adjusted = False
        if final and mine.byes and fmt.adjusts_byes():
            op = bye_adjusted(mine.op, counted_rounds, mine.byes)
            vp = bye_adjusted(mine.vp, counted_rounds, mine.byes)
            adjusted = (op, vp) != (mine.op, mine.vp)
        opponents = mine.opponents
        # The format's key reads the row's numbers; a plain namespace of them is enough to rank,
        # so each Standing is built once, with its rank (a 512-player page ranks on every change).
        row = SimpleNamespace(
            player_id=player.id,
            name=player.name,
            faction=player.faction,
            tp=mine.tp,
            op=op,
            vp=vp,
            raw_op=mine.op,
            raw_vp=mine.vp,
            opponents_op=sum([totals[o].op for o in opponents]),
            byes=mine.byes,
            played=mine.played,
            wins=mine.wins,
            ties=mine.ties,
            losses=mine.losses,
            dropped=player.dropped,
            not_checked_in=player.left_out,
            bye_rounds=list(mine.bye_rounds),
            adjusted=adjusted,
            vp_against=mine.against,
            sos=sum([bp[o] for o in opponents]),
            vp_diff=mine.vp - mine.against,
        )
        keyed.append((fmt.key(row), -index, row))
    keyed.sort(reverse=True)
    ranked: list[SimpleNamespace] = []
    rank, previous = 0, None
    for i, (key, _, row) in enumerate(keyed):
        if key != previous:
            rank, previous = i + 1, key
        row.rank, row.key = rank, key
        ranked.append(row)
    return ranked
