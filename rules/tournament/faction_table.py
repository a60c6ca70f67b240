"""How each faction did: over one event (``/tournament factions``) or every finished event of a
server (``scope:server``).

Per faction: its players, the games they played, wins, draws and losses, the win rate, the
average battle points and the best placed player. The habits are Stat Check's and Goonhammer's:

- a **mirror match** (both players on the same faction) says nothing about the faction against
  the field: it is counted apart (``mirrors``) and left out of games, W-D-L and the win rate;
- a **draw counts as half a win**: win rate = (wins + draws / 2) / games;
- a faction with fewer than :data:`FEW_GAMES` games is marked (``few``): its rate means little.

A bye is not a game. **Battle points** are what a player scores in a game by the format's own
measure: victory points in 40k and Boarding Actions, Objective Points in ITS (its surviving army
points are a tie-break); the average is over every game the faction's players played, mirrors
included (a player's score does not depend on whom they faced). The best placed player is the
faction's highest rank in an event's standings; over several events, the best rank, then the
bigger event.

>>> from rules.tournament.model import Game, GameResult, Player, Round, Tournament
>>> t = Tournament(name="Cup", format={"game": "40k"}, players=[
...     Player(id="a", name="Ann", faction="Orks"), Player(id="b", name="Bo", faction="Eldar")],
...     rounds=[Round(number=1, games=[Game(a="a", b="b", table=1, result=GameResult(vp_a=80, vp_b=60))])])
>>> [(r.faction, r.wins, r.losses, r.win_rate) for r in faction_table([t])]
[('Orks', 1, 0, 1.0), ('Eldar', 0, 1, 0.0)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel, ConfigDict

from rules.i18n import N_, Message, _
from rules.its.scoring import Outcome
from rules.tournament.formats import format_of
from rules.tournament.model import GameResult, Round, Tournament
from rules.tournament.standings import standings

if TYPE_CHECKING:
    from rules.i18n import Translator

FEW_GAMES = 10
"""Below this many games (mirrors left out) a faction's win rate is marked as saying little."""
NO_FACTION = N_("(no faction)")
"""The row of players who entered no faction: the edge shows it as ``t(NO_FACTION)``."""


class Ranked(Protocol):
    """What the table reads of a standings row: a :class:`~rules.tournament.standings.Standing`, or a row of
    :func:`~rules.tournament.standings.ranked_rows`."""

    @property
    def player_id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def rank(self) -> int: ...
    @property
    def played(self) -> int: ...
    @property
    def byes(self) -> int: ...


class BestPlaced(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    rank: int
    event: str
    entrants: int


class FactionRow(BaseModel):
    """One faction's line of the table."""

    model_config = ConfigDict(frozen=True)

    faction: str
    players: int
    """Entries on this faction (a player at two events counts twice)."""
    games: int
    """Games against another faction (mirrors left out)."""
    wins: int
    draws: int
    losses: int
    mirrors: int
    """Mirror matches: games between two players of this faction (each counted once)."""
    battle_points: int
    """Battle points scored in every game played (mirrors included)."""
    scored_games: int
    """Games whose battle points are in ``battle_points`` (a mirror counts for both players)."""
    best: BestPlaced | None

    @property
    def win_rate(self) -> float | None:
        """(wins + draws / 2) / games; None before any game against another faction."""
        return None if not self.games else (self.wins + self.draws / 2) / self.games

    @property
    def average_battle_points(self) -> float | None:
        return None if not self.scored_games else self.battle_points / self.scored_games

    @property
    def few(self) -> bool:
        """Too few games for the win rate to mean much."""
        return self.games < FEW_GAMES


class _Tally:
    def __init__(self) -> None:
        self.entries = self.wins = self.draws = self.losses = self.mirrors = 0
        self.bp = self.scored = 0
        self.best: BestPlaced | None = None


def _battle_points(uses_op: bool, result: GameResult) -> tuple[int, int]:
    return (result.op_a, result.op_b) if uses_op else (result.vp_a, result.vp_b)


RoundCounts = dict[str, tuple[int, int, int, int, int, int]]
"""One round's games per faction: wins, draws, losses, mirrors, battle points, scored games."""


def _round_counts(t: Tournament, rnd: Round, faction_of: Mapping[str, str]) -> RoundCounts:
    fmt = format_of(t)
    uses_op = fmt.uses_op
    counts: dict[str, list[int]] = {}
    for game in rnd.games:
        if game.b is None or game.result is None:
            continue
        fa, fb = faction_of[game.a], faction_of[game.b]
        a = counts.get(fa) or counts.setdefault(fa, [0, 0, 0, 0, 0, 0])
        b = counts.get(fb) or counts.setdefault(fb, [0, 0, 0, 0, 0, 0])
        bp_a, bp_b = _battle_points(uses_op, game.result)
        a[4], a[5] = a[4] + bp_a, a[5] + 1
        b[4], b[5] = b[4] + bp_b, b[5] + 1
        if a is b:
            a[3] += 1
            continue
        outcome = fmt.outcome(game.result)
        if outcome is Outcome.TIE:
            a[1], b[1] = a[1] + 1, b[1] + 1
        elif outcome is Outcome.VICTORY:
            a[0], b[2] = a[0] + 1, b[2] + 1
        else:
            a[2], b[0] = a[2] + 1, b[0] + 1
    return {name: (c[0], c[1], c[2], c[3], c[4], c[5]) for name, c in counts.items()}


def faction_table(
    events: Sequence[Tournament],
    ranked: Sequence[Sequence[Ranked]] | None = None,
    *,
    counted: Mapping[int, RoundCounts] | None = None,
    keep: dict[int, RoundCounts] | None = None,
) -> list[FactionRow]:
    """Every faction entered in ``events``, best win rate first (then more games, then name);
    factions with no game against another faction last. ``ranked`` gives each event's standings
    when the caller has them already (the live page ranks anyway).

    For one event, ``keep`` receives each round's counts by number, and ``counted`` gives back
    those of rounds that have not changed since (nor the players' factions): the live page adds
    up only the round a result changed (:func:`rules.tournament.public.public_view` checks)."""
    tallies: dict[str, _Tally] = {}

    def tally(faction: str) -> _Tally:
        return tallies.setdefault(faction.strip() or NO_FACTION, _Tally())

    for index, t in enumerate(events):
        # Each player's tally looked up once: the page builds this table on every new version.
        tally_of: dict[str, _Tally] = {}
        for player in t.players:
            tally_of[player.id] = mine = tally(player.faction)
            mine.entries += 1
        entrants = len(t.players)
        for row in standings(t) if ranked is None else ranked[index]:
            if not (row.played or row.byes):
                continue
            mine = tally_of[row.player_id]
            # Compared before a BestPlaced is made: 512 rows, about one better each per faction.
            if mine.best is None or (row.rank, -entrants) < (mine.best.rank, -mine.best.entrants):
                mine.best = BestPlaced(name=row.name, rank=row.rank, event=t.name, entrants=entrants)
        faction_of = {p.id: p.faction.strip() or NO_FACTION for p in t.players}
        for rnd in t.rounds:
            held = counted.get(rnd.number) if counted is not None else None
            counts = held if held is not None else _round_counts(t, rnd, faction_of)
            if keep is not None:
                keep[rnd.number] = counts
            for name, (wins, draws, losses, mirrors, bp, scored) in counts.items():
                mine = tallies.setdefault(name, _Tally())  # already the table's key (stripped)
                mine.wins += wins
                mine.draws += draws
                mine.losses += losses
                mine.mirrors += mirrors
                mine.bp += bp
                mine.scored += scored
    rows = [
        FactionRow(
            faction=name,
            players=x.entries,
            games=x.wins + x.draws + x.losses,
            wins=x.wins,
            draws=x.draws,
            losses=x.losses,
            mirrors=x.mirrors,
            battle_points=x.bp,
            scored_games=x.scored,
            best=x.best,
        )
        for name, x in tallies.items()
    ]
    rows.sort(key=lambda r: (r.win_rate is None, -(r.win_rate or 0.0), -r.games, r.faction.casefold()))
    return rows


def percent(rate: float | None, t: Translator | None = None) -> str:
    """A win rate as text: ``62.5%``, or ``–`` with no game; with a translator, the reader's way
    (``62,5 %`` in Spanish).

    >>> percent(0.625), percent(None), percent(1 / 3)
    ('62.5%', '–', '33.3%')
    """
    if rate is None:
        return "–"
    if t is None:
        return f"{rate * 100:.1f}%"
    # One decimal always (a column of rates reads evenly), the sign where the language puts it.
    return t.percent(0.0).replace("0", t.number(rate * 100, 1), 1)


def ordinal(n: int) -> Message:
    """A rank as a lazy message: ``1st``, ``2nd``, ``11th`` in English; each language writes its own
    form in its catalogue (Spanish ``1.º``), so nothing here knows a language.

    >>> [str(ordinal(n)) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    if 10 <= n % 100 <= 20:
        return _("{n}th", n=n)
    last = n % 10
    if last == 1:
        return _("{n}st", n=n)
    if last == 2:
        return _("{n}nd", n=n)
    if last == 3:
        return _("{n}rd", n=n)
    return _("{n}th", n=n)
