"""CSV exports of a tournament: the standings (players) and every game's result (rounds).

Text that a spreadsheet would run as a formula (a name starting with ``=``, ``+``, ``-`` or
``@``) is written with a leading apostrophe, so an export is safe to open.

>>> from rules.tournament.model import Game, GameResult, Player, Round, Tournament
>>> t = Tournament(name="Cup", tier=300, players=[Player(id="a", name="Ann"), Player(id="b", name="=Bo")],
...     rounds=[Round(number=1, games=[Game(a="a", b="b", table=1, result=GameResult(op_a=7, op_b=6))])])
>>> print(results_csv(t).splitlines()[1])
1,1,Ann,,7,0,5,'=Bo,,6,0,2,
"""

from __future__ import annotations

import csv
import io

from rules.tournament.model import BYE_TP, Tournament
from rules.tournament.standings import standings

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _write(rows: list[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([_cell(v) for v in row])
    return out.getvalue()


def players_csv(state: Tournament) -> str:
    """One line per player, in standings order (final standings once the event is finished).

    >>> from rules.tournament.model import Tournament
    >>> players_csv(Tournament(name="Cup", tier=300))
    'rank,player,faction,tp,op,vp,opponents_op,byes,bye_rounds,played,wins,ties,losses,dropped\\n'

    A bye is a Victory worth 3 TP but no game: it is counted in ``byes`` (its rounds in
    ``bye_rounds``), never in ``played``, ``wins``, ``ties`` or ``losses``, so
    ``wins + ties + losses == played``.
    """
    head = ["rank", "player", "faction", "tp", "op", "vp", "opponents_op", "byes", "bye_rounds", "played"]
    rows: list[list[object]] = [[*head, "wins", "ties", "losses", "dropped"]]
    for r in standings(state):
        bye_rounds = " ".join(str(n) for n in r.bye_rounds)
        totals = [r.tp, r.op, r.vp, r.opponents_op, r.byes, bye_rounds, r.played, r.wins, r.ties, r.losses]
        rows.append([r.rank, r.name, r.faction, *totals, "yes" if r.dropped else ""])
    return _write(rows)


def results_csv(state: Tournament) -> str:
    """One line per game and bye of every round: table, both players' OP, VP and TP, flags."""
    head = ["round", "table", "player_a", "faction_a", "op_a", "vp_a", "tp_a"]
    rows: list[list[object]] = [[*head, "player_b", "faction_b", "op_b", "vp_b", "tp_b", "flags"]]
    players = {p.id: p for p in state.players}  # looked up once per side of every game
    for rnd in state.rounds:
        for g in rnd.games:
            a = players[g.a] if g.a in players else state.player(g.a)
            if g.b is None:
                rows.append([rnd.number, "", a.name, a.faction, 0, 0, BYE_TP, "(bye)", "", "", "", "", ""])
                continue
            b = players[g.b] if g.b in players else state.player(g.b)
            flags = " ".join(f.value for f in g.flags) + (" edited" if g.edited else "")
            res = g.result
            side_a: list[object] = ["", "", ""] if res is None else [res.op_a, res.vp_a, res.tp_a]
            side_b: list[object] = ["", "", ""] if res is None else [res.op_b, res.vp_b, res.tp_b]
            rows.append(
                [rnd.number, g.table, a.name, a.faction, *side_a, b.name, b.faction, *side_b, flags.strip()]
            )
    return _write(rows)
