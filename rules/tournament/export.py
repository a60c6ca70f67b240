"""CSV exports of a tournament: the standings (players) and every game's result (rounds).

Text that a spreadsheet would run as a formula (a name starting with ``=``, ``+``, ``-`` or
``@``) is written with a leading apostrophe, so an export is safe to open.

Each player carries their Discord id (a public identifier, to match players across events and
tools); a result says who set it (both ``players``, or an ``organiser``) and whether it was
``disputed``. Nothing private is in an export: no army list, no captain's pick, no report still
waiting for its confirmation.

>>> from rules.tournament.model import Game, GameResult, Player, Round, Tournament
>>> t = Tournament(name="Cup", tier=300, players=[Player(id="a", name="Ann"), Player(id="b", name="=Bo")],
...     rounds=[Round(number=1, games=[Game(a="a", b="b", table=1, result=GameResult(op_a=7, op_b=6))])])
>>> print(results_csv(t).splitlines()[1])
1,1,Ann,,7,0,5,'=Bo,,6,0,2,,,,,players,

The header row holds machine-readable keys, in English in every language, so scripts keep
working. A reader's copy (the web page's download links, ``?lang=es``) adds a second header row
under it: each key's heading in the reader's language (:func:`with_headings`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from rules.i18n import N_, Message, _
from rules.tournament.formats import Column, format_of
from rules.tournament.model import Player, Tournament
from rules.tournament.standings import Standing, standings

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


def discord_id(player: Player) -> str:
    """The player's Discord id as text ("" for a player Herald knows no Discord account of).

    >>> discord_id(Player(id="123", name="Ann")), discord_id(Player(id="x", name="Bo", user_id=7))
    ('123', '7')
    """
    if player.user_id is not None:
        return str(player.user_id)
    return player.id if player.id.isdigit() else ""


def players_csv(state: Tournament) -> str:
    """One line per player, in standings order (final standings once the event is finished);
    the columns between faction and byes are the format's (:attr:`Format.columns`).

    >>> from rules.tournament.model import Tournament
    >>> players_csv(Tournament(name="Cup", tier=300))
    'rank,player,faction,tp,op,vp,opponents_op,byes,bye_rounds,played,wins,ties,losses,dropped,discord_id\\n'

    A bye is a win of the format (in ITS a Victory worth 3 TP) but no game: it is counted in
    ``byes`` (its rounds in ``bye_rounds``), never in ``played``. ``wins``, ``ties`` and
    ``losses`` follow the format's one W-D-L (:meth:`Format.outcome`): in 40k and Boarding
    Actions a bye is also a win, so ``wins + ties + losses == played + byes``; in ITS byes stay
    apart, so it is ``played``. ``dropped`` is ``yes``, or ``not checked in`` for a player left
    out of round 1.
    """
    fmt = format_of(state)
    columns = [c for c in fmt.columns if c.key not in _SHARED]
    head = ["rank", "player", "faction", *(c.key for c in columns), "byes", "bye_rounds", "played"]
    rows: list[list[object]] = [[*head, "wins", "ties", "losses", "dropped", "discord_id"]]
    players = {p.id: p for p in state.players}
    for r in standings(state):
        bye_rounds = " ".join(str(n) for n in r.bye_rounds)
        values = [_plain(c, r) for c in columns]
        totals = [*values, r.byes, bye_rounds, r.played, r.wins, r.ties, r.losses]
        out = "yes" if r.dropped else "not checked in" if r.not_checked_in else ""
        who = players.get(r.player_id)
        rows.append([r.rank, r.name, r.faction, *totals, out, "" if who is None else discord_id(who)])
    return _write(rows)


_SHARED = {"byes", "record"}
"""Columns every export already has (byes; wins, ties, losses instead of the W-D-L text)."""


def _plain(column: Column, row: Standing) -> object:
    """A column's value as a number for a spreadsheet (no ``*`` or sign marks)."""
    plain = {"op": row.op, "vp": row.vp, "vp_diff": row.vp_diff}
    return plain.get(column.key, column.value(row))


def results_csv(state: Tournament) -> str:
    """One line per game and bye of every round: table, both players' result columns (ITS: OP,
    VP, TP; VP games: VP and the format's points), flags, both players' Discord ids, who set the
    result (``players``: reported and confirmed, or sent from a score sheet or battle tracker;
    ``organiser``: set, corrected or confirmed by an organiser) and ``disputed`` (``yes``: a
    player disputed a reported score before it was settled). ``flags`` holds ``edited`` when an
    organiser changed the pairing by hand (``edit_note`` says how)."""
    fmt = format_of(state)
    keys = fmt.result_keys()
    side_a = [f"{k}_a" for k in keys]
    side_b = [f"{k}_b" for k in keys]
    rows: list[list[object]] = [
        [
            "round",
            "table",
            "player_a",
            "faction_a",
            *side_a,
            "player_b",
            "faction_b",
            *side_b,
            "flags",
            "discord_a",
            "discord_b",
            "edit_note",
            "result_by",
            "disputed",
        ]
    ]
    blank = [""] * len(keys)
    players = {p.id: p for p in state.players}  # looked up once per side of every game

    def player(player_id: str) -> Player:
        return players[player_id] if player_id in players else state.player(player_id)

    for rnd in state.rounds:
        for g in rnd.games:
            a = player(g.a)
            if g.b is None:
                rows.append(
                    [
                        rnd.number,
                        "",
                        a.name,
                        a.faction,
                        *fmt.result_values(None),
                        "(bye)",
                        "",
                        *blank,
                        "",
                        discord_id(a),
                        "",
                        "",
                        "",
                        "",
                    ]
                )
                continue
            b = player(g.b)
            flags = " ".join(f.value for f in g.flags) + (" edited" if g.edited else "")
            res = g.result
            values_a: list[object] = blank if res is None else fmt.result_values(res)
            values_b: list[object] = blank if res is None else fmt.result_values(res.swapped())
            rows.append(
                [
                    rnd.number,
                    g.table,
                    a.name,
                    a.faction,
                    *values_a,
                    b.name,
                    b.faction,
                    *values_b,
                    flags.strip(),
                    discord_id(a),
                    discord_id(b),
                    g.edit_note or "",
                    "" if res is None else "organiser" if g.set_by_organiser else "players",
                    "yes" if g.disputed else "",
                ]
            )
    return _write(rows)


#: Each export key's heading for a person (a spreadsheet's second header row).
HEADINGS: dict[str, str] = {
    "rank": N_("Place"),
    "player": N_("Player"),
    "faction": N_("Faction"),
    "tp": N_("Tournament Points"),
    "op": N_("Objective Points"),
    "vp": N_("Victory Points"),
    "opponents_op": N_("Opponents' Objective Points"),
    "bp": N_("Battle points"),
    "sos": N_("Strength of schedule"),
    "vp_diff": N_("VP difference"),
    "rp": N_("Ranking points"),
    "mp": N_("Match points"),
    "byes": N_("Byes"),
    "bye_rounds": N_("Bye rounds"),
    "played": N_("Games played"),
    "wins": N_("Wins"),
    "ties": N_("Draws"),
    "draws": N_("Draws"),
    "losses": N_("Losses"),
    "dropped": N_("Dropped"),
    "discord_id": N_("Discord id"),
    "round": N_("Round"),
    "table": N_("Table"),
    "flags": N_("Flags"),
    "edit_note": N_("Pairing changed by hand"),
    "result_by": N_("Result set by"),
    "disputed": N_("Disputed"),
    "team": N_("Team"),
    "captain": N_("Captain"),
    "players": N_("Players"),
    "team_points": N_("Team points"),
    "captain_discord_id": N_("Captain's Discord id"),
}


def heading(key: str) -> Message | str:
    """What a person calls the export column ``key``; an unknown key is shown as it is.

    >>> str(heading("rank")), str(heading("vp_b")), heading("custom")
    ('Place', 'Victory Points (player B)', 'custom')
    """
    if key in HEADINGS:
        return _(HEADINGS[key])
    stem, _sep, side = key.rpartition("_")
    if (side in ("a", "b") and stem in ("player", "faction", "discord")) or stem in HEADINGS:
        column = _(HEADINGS.get(stem, "Discord id" if stem == "discord" else stem))
        if side == "a":
            return _("{column} (player A)", column=column)
        if side == "b":
            return _("{column} (player B)", column=column)
    return key


def with_headings(text: str, render: Callable[[Message | str], str]) -> str:
    """An export (its first line the keys) with a second header row: each key's heading, as
    ``render`` writes it (the reader's language).

    >>> print(with_headings("rank,player\\n1,Ann\\n", str), end="")
    rank,player
    Place,Player
    1,Ann
    """
    keys, _sep, rest = text.partition("\n")
    row = next(csv.reader([keys]))
    return f"{keys}\n{_write([[render(heading(k)) for k in row]])}{rest}"
