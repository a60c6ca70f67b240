"""HTML of the tournament page, from the public view (:mod:`rules.tournament.public`).

Every value a user chose (tournament, player and faction names, scenario names from content files)
goes through :func:`e`, the one escaping step before HTML; nothing else is ever interpolated raw.
The markup is small on purpose: a 512-player event's page stays well under 500 KB.
"""

from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from html import escape
from urllib.parse import quote

from rules.i18n import N_, Translator, translator
from rules.tournament.faction_table import FEW_GAMES
from rules.tournament.lists import ListUnit
from rules.tournament.public import (
    PublicFaction,
    PublicGame,
    PublicList,
    PublicRound,
    PublicSide,
    PublicStanding,
    PublicTeamMatch,
    PublicTournament,
)
from rules.tournament.season import SeasonRow

INLINE_EARLIER_GAMES = 200
"""Up to this many games in earlier rounds, the page holds them; past it (a large event), each
earlier round is fetched when opened, so a page stays small however many rounds were played."""
ASSET_VERSION = "16"
"""Bumped when page.css or page.js change, so browsers fetch the new ones."""

ENGLISH = translator(None)


def e(text: object) -> str:
    """Text as HTML: ``<``, ``>``, ``&`` and both quotes escaped."""
    return escape(str(text), quote=True)


@lru_cache(maxsize=4096)
def _said(t: Translator, msgid: object, number: int | None = None) -> str:
    """``msgid`` in ``t``'s language as HTML, kept: a page says "Table 12" or "playing" hundreds of
    times, and each version of a 512-player page is rendered anew (``number``: its ``{number}``).
    A translator lives as long as its catalogue, so a kept word never outlives its translation."""
    if number is None:
        return e(t(msgid))  # type: ignore[arg-type]
    return e(t(msgid, number=number))  # type: ignore[arg-type]


def joined(items: list[str], t: Translator) -> str:
    """``Owls and Foxes`` the reader's way (Babel's list patterns)."""
    from babel.lists import format_list

    return format_list(items, locale=t.locale) if items else ""


def _points(view: PublicTournament | None, t: Translator) -> str:
    return _said(t, view.points_label) if view is not None else "TP"


def _score(side: PublicSide, view: PublicTournament | None, t: Translator) -> str:
    if side.tp is None:
        return ""
    label = _points(view, t)
    points = f'<span class="tp">{side.tp} {label}</span>'
    if view is not None and not view.uses_op:
        return f'<b class="op">{side.vp}</b><span class="vp">VP</span>{points}'
    return f'<b class="op">{side.op}</b><span class="vp">{side.vp} VP</span>{points}'


def _side(side: PublicSide, cls: str, t: Translator) -> str:
    dropped = ""
    if side.dropped:
        word = _said(t, _DROPPED)
        dropped = f' <em class="dropped">{word}</em>'
    faction = f"<small>{e(side.faction)}</small>" if side.faction else ""
    return f'<div class="side {cls}"><span class="name">{e(side.name)}</span>{dropped}{faction}</div>'


_TABLE, _TABLE_N, _BYE, _DROPPED = N_("Table"), N_("Table {number}"), N_("Bye"), N_("dropped")
_STATUS = {
    "playing": N_("playing"),
    "reported": N_("reported"),
    "done": "",
    "bye": N_("bye"),
    "locked": N_("locked"),
}


def _table(number: int | None, screen: bool, t: Translator) -> str:
    """``Table 3``; on the venue screen a large ``3`` under a small ``Table``."""
    if screen:
        word = _said(t, _TABLE)
        return f'<span class="table"><small>{word}</small>{number}</span>'
    said = _said(t, _TABLE_N, number)
    return f'<span class="table">{said}</span>'


def _game(game: PublicGame, view: PublicTournament | None, screen: bool, t: Translator) -> str:
    label = _points(view, t)
    if game.b is None:
        bye = _said(t, _BYE)
        return (
            f'<li class="game bye"><span class="table">{bye}</span>{_side(game.a, "a", t)}'
            f'<div class="score"><span class="tp">{game.a.tp} {label}</span></div>'
            '<div class="side b"></div></li>'
        )
    word = _STATUS[game.status]
    status = _said(t, word) if word else ""
    flags = "".join(f'<i class="flag">{e(t(f))}</i>' for f in game.flags)
    middle = (
        f'<div class="score"><span class="s a">{_score(game.a, view, t)}</span>'
        f'<span class="s b">{_score(game.b, view, t)}</span></div>'
        if game.status == "done"
        else f'<div class="score"><span class="state {game.status}">{status}</span></div>'
    )
    return (
        f'<li class="game {game.status}">{_table(game.table, screen, t)}'
        f"{_side(game.a, 'a', t)}{middle}{_side(game.b, 'b', t)}{flags}</li>"
    )


def _round_head(rnd: PublicRound, view: PublicTournament | None, t: Translator) -> str:
    scenario = rnd.scenario or t("scenario not chosen yet")
    if view is not None and not view.uses_op and not rnd.scenario:
        scenario = t(view.format).split(" · ")[0]
    total = len(rnd.games) if rnd.expected is None else rnd.expected
    head = t(
        "Round {number} · {scenario} · {tier} points · {done}/{total} done",
        number=rnd.number,
        scenario=scenario,
        tier=rnd.tier,
        done=rnd.results_in,
        total=total,
    )
    pairing = sum(1 for m in rnd.matches if m.state == "pairing")
    if pairing:
        head += " · " + t.n("{n} team match pairing", "{n} team matches pairing", pairing, n=pairing)
    return e(head)


_STEP_WORDS = {"defender": N_("defenders"), "attackers": N_("attackers"), "refuse": N_("refusals")}
_STEP_NUMBER = {"defender": 1, "attackers": 2, "refuse": 3}


def _match_state(match: PublicTeamMatch, t: Translator) -> str:
    """What a team match is doing, in words: its ritual's step, or its result."""
    if match.state == "pairing":
        step = (match.pass_number - 1) * 3 + _STEP_NUMBER.get(match.step, 1)
        waiting = e(t("waiting for {teams}", teams=joined(match.waiting, t))) if match.waiting else ""
        words = t(_STEP_WORDS[match.step]) if match.step in _STEP_WORDS else match.step
        pairing = t("pairing: step {step} of {steps}, {what}", step=step, steps=3 * match.passes, what=words)
        return f'<span class="state pairing">{e(pairing)}</span><span class="waiting">{waiting}</span>'
    if match.points_a is not None and match.points_b is not None:
        return f'<span class="mscore">{match.points_a}–{match.points_b}</span>'
    if match.state == "bye":
        points = "" if match.points_a is None else f" · {match.points_a}"
        bye = e(t("bye"))
        return f'<span class="state bye">{bye}{points}</span>'
    return f'<span class="state playing">{e(t(_STATUS.get(match.state) or match.state))}</span>'


def _match(match: PublicTeamMatch, view: PublicTournament | None, screen: bool, t: Translator) -> str:
    tables = ""
    if match.first_table is not None:
        tables = e(t("Tables {first}–{last}", first=match.first_table, last=match.last_table))
    teams = f"<b>{e(match.a)}</b>" + (f" v <b>{e(match.b)}</b>" if match.b is not None else "")
    revealed = []
    if match.defenders is not None:
        a, b = match.defenders
        revealed.append(
            t("Defenders: {a} ({team_a}), {b} ({team_b})", a=a, team_a=match.a, b=b, team_b=match.b)
        )
    if match.attackers is not None:
        a_sent, b_sent = match.attackers
        revealed.append(
            t(
                "Attackers: {a} ({team_a}), {b} ({team_b})",
                a=" & ".join(a_sent),
                team_a=match.a,
                b=" & ".join(b_sent),
                team_b=match.b,
            )
        )
    shown = "".join(f'<p class="revealed">{e(line)}</p>' for line in revealed)
    games = "".join(_game(g, view, screen, t) for g in match.games)
    return (
        f'<li class="match {e(match.state)}"><div class="mhead"><span class="table">{tables}</span>'
        f'<span class="teams">{teams}</span>{_match_state(match, t)}</div>{shown}'
        f"{f'<ol class=games>{games}</ol>' if games else ''}</li>"
    )


def _games(rnd: PublicRound, view: PublicTournament | None, screen: bool, t: Translator) -> str:
    if rnd.matches:
        return f'<ol class="matches pager">{"".join(_match(m, view, screen, t) for m in rnd.matches)}</ol>'
    return f'<ol class="games pager">{"".join(_game(g, view, screen, t) for g in rnd.games)}</ol>'


def _standing(s: PublicStanding, screen: bool, marks: tuple[str, str]) -> str:
    dropped, adjusted = marks
    shown = []
    if s.dropped:
        shown.append(dropped)
    if s.adjusted:
        shown.append(adjusted)
    faction = e(s.faction)
    cells = "".join(f"<td>{c if c.isdigit() else e(c)}</td>" for c in s.cells)  # digits need no escaping
    return (
        f"<tr{' class=dropped' if s.dropped else ''}><td>{s.rank}</td>"
        f'<td class="name">{e(s.name)} {"".join(shown)}'
        # The venue screen's roomiest layout shows the faction under the name (page.css).
        f"{_under(s.faction) if screen else ''}"
        f'</td><td class="fac">{faction}</td>{cells}</tr>'
    )


def _standings(view: PublicTournament, screen: bool, t: Translator) -> str:
    """The standings table: rank, player, faction and the format's columns."""
    if not view.standings:
        empty = e(t("Nobody has joined yet."))
        return f'<p class="empty">{empty}</p>'
    columns = "".join(f'<th title="{e(t(c.title))}">{e(t(c.label))}</th>' for c in view.columns)
    player, faction = e(t("Player")), e(t("Faction"))
    head = f"<thead><tr><th>#</th><th>{player}</th><th class=fac>{faction}</th>{columns}</tr></thead>"
    # Each row's marks are translated once per page, not once per row.
    dropped, why, adjusted = e(t("dropped")), e(t("bye adjustment")), e(t("adj."))
    marks = (f'<em class="dropped">{dropped}</em>', f'<em class="adj" title="{why}">{adjusted}</em>')
    rows = "".join(_standing(s, screen, marks) for s in view.standings)
    return f'<table class="standings">{head}<tbody class="pager">{rows}</tbody></table>'


PODIUM_PLACES = 3
"""The podium shows the players ranked 1 to 3 (more when they share a place)."""
_PLACE = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}


def _podium(rows: list[tuple[int, str, str]], t: Translator) -> str:
    """The places 1 to 3 of (rank, name, what is said under it): players, or a team event's teams."""
    top = [(rank, name, under) for rank, name, under in rows if rank <= PODIUM_PLACES]
    if not top:
        return ""
    steps = "".join(
        f'<li class="place p{rank}"><span class="rank">{e(t(_PLACE.get(rank, str(rank))))}</span>'
        f'<span class="name">{e(name)}</span>'
        f"{f'<small>{e(under)}</small>' if under else ''}</li>"
        for rank, name, under in top
    )
    title = e(t("Podium"))
    return f'<section class="podium"><h2>{title}</h2><ol class="places">{steps}</ol></section>'


def _under(text: str) -> str:
    """What the venue screen's roomiest layout shows under a name (a faction, a team's players)."""
    return f'<small class="under">{e(text)}</small>' if text else ""


def _team_standings(view: PublicTournament, screen: bool, t: Translator) -> str:
    if not view.teams:
        empty = e(t("No team yet."))
        return f'<p class="empty">{empty}</p>'
    points, following = (e(t(c)) for c in view.team_columns)
    team, players, pts, record = e(t("Team")), e(t("Players")), e(t("Pts")), e(t("W-D-L"))
    why = e(t("Team points: win 2, draw 1"))
    head = (
        f"<thead><tr><th>#</th><th>{team}</th><th class=fac>{players}</th>"
        f"<th title='{why}'>{pts}</th><th>{record}</th><th>{points}</th><th>{following}</th></tr></thead>"
    )
    word = e(t("dropped"))
    dropped = f" <em class=dropped>{word}</em>"
    rows = "".join(
        f'<tr{" class=dropped" if s.dropped else ""}><td>{s.rank}</td><td class="name">{e(s.name)}'
        f"{dropped if s.dropped else ''}"
        f"{_under(', '.join(s.players)) if screen else ''}</td>"
        f'<td class="fac">{e(", ".join(s.players))}</td><td>{s.team_points}</td>'
        f"<td>{s.wins}-{s.draws}-{s.losses}</td><td>{s.points}</td><td>{s.next}</td></tr>"
        for s in view.teams
    )
    return f'<table class="standings">{head}<tbody class="pager">{rows}</tbody></table>'


INLINE_LIST_CHARS = 200_000
"""Up to this many characters of list text, the page holds the revealed lists' texts; past it, a
line per list (its texts are in the JSON)."""


def _checkin(view: PublicTournament, t: Translator) -> str:
    if not view.checked_in and not view.not_checked_in:
        return ""
    total = len(view.checked_in) + len(view.not_checked_in)
    here = len(view.checked_in)
    waiting = ""
    if view.not_checked_in:
        names = e(t("Not checked in: {names}", names=", ".join(view.not_checked_in)))
        waiting = f'<p class="meta">{names}</p>'
    title = (
        t("Check-in open: {here} of {total}", here=here, total=total)
        if view.checkin_open
        else t("Check-in closed: {here} of {total}", here=here, total=total)
    )
    return f'<section class="checkin"><h2>{e(title)}</h2>{waiting}</section>'


UNIT_CHARS = 80
"""What a roster's unit is counted as against :data:`INLINE_LIST_CHARS` (its name, models and
wargear, roughly; counted, not measured, so a large event's page costs nothing to weigh)."""


def _list_chars(x: PublicList) -> int:
    return len(x.text) + UNIT_CHARS * len(x.roster_units)


def _unit(unit: ListUnit, t: Translator) -> str:
    models = e(t.n("{n} model", "{n} models", unit.models, n=unit.models))
    wargear = f"<small>{e(', '.join(unit.wargear))}</small>" if unit.wargear else ""
    return f'<li><span class="unit">{e(unit.name)}</span> <span class="models">{models}</span>{wargear}</li>'


def list_body(x: PublicList, t: Translator = ENGLISH) -> str:
    """One revealed list as ``/tournament list show`` shows it: a typed list as written; a roster's
    name, then each unit with its models and wargear; then what the event's checks found."""
    if x.kind != "roster":
        body = f'<pre class="list">{e(x.text)}</pre>'
    else:
        units = "".join(_unit(u, t) for u in x.roster_units)
        body = f'<p class="roster">{e(x.text)}</p>' + (f'<ul class="units">{units}</ul>' if units else "")
    if x.checks:
        body += f'<ul class="checks">{"".join(f"<li>{e(t(c))}</li>" for c in x.checks)}</ul>'
    return f'<div class="list-body">{body}</div>'


def _lists(view: PublicTournament, t: Translator) -> str:
    if not view.lists:
        return ""
    size = 0
    for x in view.lists:  # stops counting once past the budget (512 rosters of 20 units each)
        size += _list_chars(x)
        if size > INLINE_LIST_CHARS:
            break
    inline = size <= INLINE_LIST_CHARS
    opening = e(t("Opening the list…"))
    items = []
    # 512 lists say a few different sizes: each said once per page, not once per list.
    points_said: dict[int, str] = {}
    units_said: dict[int, str] = {}
    for number, x in enumerate(view.lists, 1):
        about = [x.faction] if x.faction else []
        if x.kind == "roster":
            points = ""
            if x.points is not None:
                points = points_said.get(x.points) or points_said.setdefault(
                    x.points, t("{points} points", points=x.points)
                )
            units = units_said.get(x.units) or units_said.setdefault(
                x.units, t.n("{n} unit", "{n} units", x.units, n=x.units)
            )
            about += [points, units]
        head = f"{e(x.player)} <small>{e(' · '.join(a for a in about if a))}</small>"
        if inline:
            items.append(f"<details><summary>{head}</summary>{list_body(x, t)}</details>")
        else:
            items.append(
                f'<details data-list="{number}"><summary>{head}</summary>'
                f'<p class="lazy">{opening}</p></details>'
            )
    title = e(t("Army lists"))
    return f'<section class="lists"><h2>{title}</h2>{"".join(items)}</section>'


def _awards(view: PublicTournament, t: Translator) -> str:
    if not view.awards:
        return ""
    items = "".join(
        f"<li><b>{e(t(a.title))}</b>: {e(', '.join(a.names))} <span class=\"meta\">({e(a.score)})</span></li>"
        for a in view.awards
    )
    title = e(t("Awards"))
    return f'<section class="awards"><h2>{title}</h2><ul>{items}</ul></section>'


def _rate(rate: float, t: Translator) -> str:
    """A win rate with one decimal, the reader's way: ``62.5%``, ``62,5 %``."""
    from babel.numbers import format_percent

    pattern = t.locale.percent_formats[None].pattern.replace("0%", "0.0%").replace("0\xa0%", "0.0\xa0%")
    return format_percent(rate, format=pattern, locale=t.locale)


def _faction_row(f: PublicFaction, t: Translator) -> str:
    rate = "–" if f.rate is None else _rate(f.rate, t)
    average = "–" if f.average is None else t.number(f.average, 1)
    best = (
        t("{name} (place {rank})", name=f.best_name, rank=f.best_rank)
        if f.best_rank is not None
        else f.best
    )
    return (
        f"<tr><td>{e(f.faction)}</td><td>{f.players}</td><td>{f.games}</td><td>{e(f.record)}</td>"
        f"<td>{e(rate)}{'*' if f.few else ''}</td><td>{e(average)}</td><td>{e(best)}</td></tr>"
    )


def _factions(view: PublicTournament, t: Translator) -> str:
    """How each faction did: players, games, W-D-L, win rate, average battle points, best placed."""
    if not view.factions:
        return ""
    heads = (t("Faction"), t("Players"), t("Games"), t("W-D-L"), t("Win %"), t("Avg BP"), t("Best placed"))
    head = "<thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in heads) + "</tr></thead>"
    rows = "".join(_faction_row(f, t) for f in view.factions)
    note = e(
        t(
            "Mirror matches left out; a draw counts as half a win. "
            "* fewer than {n} games: the rate says little.",
            n=FEW_GAMES,
        )
    )
    title = e(t("Factions"))
    return (
        f'<section class="table-wrap factions"><details><summary>{title}</summary>'
        f'<table class="standings">{head}<tbody>{rows}</tbody></table><p class="meta">{note}</p>'
        "</details></section>"
    )


def one_list(view: PublicTournament, number: int, t: Translator = ENGLISH) -> str | None:
    """The revealed list ``number`` (1 is the first on the page), for a large event's page that
    opens lists on demand; None when there is no such list (or the lists are sealed)."""
    if not 1 <= number <= len(view.lists):
        return None
    return list_body(view.lists[number - 1], t)


def _entrants(view: PublicTournament, t: Translator) -> str:
    """``8 players``; a team event: ``4 teams of 3 · 12 players`` (substitutes' places counted once)."""
    players = t.n("{n} player", "{n} players", view.players, n=view.players)
    if view.team_size is None:
        return players
    teams = len(view.teams)
    text = t.n(
        "{n} team of {size} · {players}",
        "{n} teams of {size} · {players}",
        teams,
        n=teams,
        size=view.team_size,
        players=players,
    )
    if view.replaced:
        text += " · " + t.n(
            "{n} replaced by a substitute", "{n} replaced by substitutes", view.replaced, n=view.replaced
        )
    return text


KIND_NAMES = {"tournament": N_("Tournament"), "league": N_("League"), "one-shot": N_("One-shot")}


def clock(moment: datetime, t: Translator) -> str:
    """A time of day the reader's way, in UTC (``14:05``)."""
    from babel.dates import format_time

    return format_time(moment, "HH:mm", tzinfo=moment.tzinfo, locale=t.locale)


def live(view: PublicTournament, *, screen: bool, t: Translator = ENGLISH) -> str:
    """The part of the page that updates by itself: the status, the timer, the current round,
    the standings and (except on the venue screen) every earlier round. A finished event shows
    its podium and final standings first, then its rounds."""
    ends = ""
    if view.timer_ends is not None:
        stamp = e(view.timer_ends.isoformat())
        said = e(t("Round timer: ends at {time} UTC", time=clock(view.timer_ends, t)))
        ends = f'<p class="timer" data-ends="{stamp}">{said}</p>'
    kind = t(KIND_NAMES[view.kind]) if view.kind in KIND_NAMES else view.kind
    meta = t(
        "{format} · {tier} points · {kind} · {entrants}",
        format=t(view.format),
        tier=view.tier,
        kind=kind,
        entrants=_entrants(view, t),
    )
    parts = [
        f"<header><h1>{e(view.name)}</h1>"
        f'<p class="meta">{e(meta)}</p>'
        f'<p class="status">{e(t(view.status))}</p>{ends}</header>'
    ]
    if view.team_size is not None:
        # A team event: the teams first, the players' own standings on request.
        title, final = t("Team standings"), t("Final team standings")
        table = _team_standings(view, screen, t)
        standings = f'<section class="table-wrap"><h2>{e(title)}</h2>{table}</section>'
        if not screen:  # a projector cannot open a fold
            theirs = escape(t("Players' standings"), quote=False)
            standings += (
                f'<section class="table-wrap"><details><summary>{theirs}</summary>'
                f"{_standings(view, False, t)}</details></section>"
            )
        placed = [(team.rank, team.name, ", ".join(team.players)) for team in view.teams]
    else:
        title, final = t("Standings"), t("Final standings")
        standings = f'<section class="table-wrap"><h2>{e(title)}</h2>{_standings(view, screen, t)}</section>'
        placed = [(p.rank, p.name, p.faction) for p in view.standings]
    rounds = list(view.earlier)
    if view.finished:
        parts.append(_podium(placed, t))
        parts.append(_awards(view, t))
        parts.append(standings.replace(f"<h2>{e(title)}</h2>", f"<h2>{e(final)}</h2>", 1))
        if view.current is not None:
            rounds.insert(0, view.current)  # every round, latest first, below the result
    else:
        if view.current is not None:
            parts.append(
                f'<section class="round"><h2>{_round_head(view.current, view, t)}</h2>'
                f"{_games(view.current, view, screen, t)}</section>"
            )
        parts.append(standings)
    if view.current is None:
        parts.append(_checkin(view, t))
    if not screen:
        parts.append(_factions(view, t))
        parts.append(_lists(view, t))
    if not screen and rounds:
        inline = sum(len(r.games) for r in rounds) <= INLINE_EARLIER_GAMES
        earlier = "".join(
            f"<details><summary>{_round_head(r, view, t)}</summary>{_games(r, view, False, t)}</details>"
            if inline
            else f'<details data-round="{r.number}"><summary>{_round_head(r, view, t)}</summary>'
            f'<p class="lazy">{_opening(r.number, t)}</p></details>'
            for r in rounds
        )
        title = t("Rounds") if view.finished else t("Earlier rounds")
        parts.append(f'<section class="earlier"><h2>{e(title)}</h2>{earlier}</section>')
    return "".join(parts)


def _opening(number: int, t: Translator) -> str:
    return e(t("Opening round {number}…", number=number))


def round_games(view: PublicTournament, number: int, t: Translator = ENGLISH) -> str | None:
    """One earlier round's games, for a large event's page that opens rounds on demand."""
    rounds = [*view.earlier, *([view.current] if view.finished and view.current else [])]
    found = next((r for r in rounds if r.number == number), None)
    return None if found is None else _games(found, view, False, t)


def _find_box(t: Translator) -> str:
    """A filter over the current round's games and the standings, run by page.js in the visitor's
    browser (nothing is sent anywhere); not on the venue screen."""
    label, hint = e(t("Find my table")), e(t("Your name or faction"))
    return (
        f'<div class="find" role="search"><label for="find">{label}</label>'
        '<input id="find" type="search" autocomplete="off" spellcheck="false" maxlength="60" '
        f'placeholder="{hint}"><span id="found" aria-live="polite"></span></div>'
    )


def script_words(t: Translator) -> str:
    """What page.js writes itself (the timer, the pager, the finder, the update note), in the
    page's language, as JSON for a ``data-words`` attribute (the page allows no inline script)."""
    return json.dumps(
        {
            "time": t("Round timer: time!"),
            "left": t("Round timer: {time} left"),
            "page": t("Page {page} of {pages}"),
            # Two forms, as English and Spanish have (page.js picks by n == 1).
            "table": t.n("{n} table", "{n} tables", 1),
            "tables": t.n("{n} table", "{n} tables", 2),
            "noTable": t("No table this round"),
            "nobody": t("Nobody by that name"),
            "offline": t("Cannot reach Herald; retrying."),
            "updated": t("Updated {time}."),
        },
        ensure_ascii=False,
    )


def with_query(address: str, **values: str | None) -> str:
    """``address`` with the given query values (None and "" left out), already escaped for HTML.

    >>> with_query("abc", screen="1", lang="es", theme=None)
    'abc?screen=1&amp;lang=es'
    """
    query = "&".join(f"{key}={quote(value, safe='')}" for key, value in values.items() if value)
    return e(f"{address}?{query}" if query else address)


def switch(address: str, t: Translator, languages: list[tuple[str, str]], **keep: str | None) -> str:
    """Links to the same page in every offered language, each named in itself; ``keep``: the query
    values the links keep (the venue screen, the theme)."""
    if len(languages) < 2:
        return ""
    links = " · ".join(
        f'<a href="{with_query(address, **keep, lang=code)}" hreflang="{e(code)}" lang="{e(code)}"'
        f"{' aria-current=true' if code == t.language else ''}>{e(name)}</a>"
        for code, name in languages
    )
    label = e(t("Language"))
    return f'<nav class="languages" aria-label="{label}">{links}</nav>'


def _shell(title: str, t: Translator, *, stylesheet: str, extra_head: str = "") -> str:
    return (
        f'<!doctype html><html lang="{e(t.language)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="dark light"><meta name="referrer" content="no-referrer">'
        f"<title>{e(title)} · Herald</title>"
        f'<link rel="stylesheet" href="{stylesheet}?v={ASSET_VERSION}">{extra_head}</head>'
    )


def page(
    view: PublicTournament,
    *,
    token: str,
    screen: bool,
    etag: str,
    theme: str | None,
    t: Translator = ENGLISH,
    languages: list[tuple[str, str]] | None = None,
    chosen: bool = False,
) -> str:
    """The whole page: the live part inside a shell that loads our own stylesheet and script.
    ``languages``: (code, own name) of every offered language, for the switch; ``chosen``: the
    visitor chose the language with the switch (``?lang=``), so the page's links keep it."""
    # Addresses relative to the page (/t/TOKEN), so Herald also works behind a reverse proxy that
    # serves it under a path (PUBLIC_URL=https://example.org/herald).
    base = quote(token, safe="")
    lang = t.language if chosen else None
    sheets = None if t.language == "en" else t.language  # a reader's CSV: with a row of headings
    classes = " ".join(c for c in ("screen" if screen else "", f"theme-{theme}" if theme else "") if c)
    live_url = f"{base}/live" + ("?screen=1" if screen else "")
    if lang:
        live_url += ("&" if screen else "?") + f"lang={quote(lang, safe='')}"
    teams = (
        f'<a href="{with_query(f"{base}/teams.csv", lang=sheets)}">teams.csv</a> · '
        if view.team_size is not None
        else ""
    )
    downloads = (
        f'{teams}<a href="{with_query(f"{base}/players.csv", lang=sheets)}">players.csv</a> · '
        f'<a href="{with_query(f"{base}/results.csv", lang=sheets)}">results.csv</a> · '
        f'<a href="{base}.json">JSON</a>'
    )
    other = with_query(base, screen=None if screen else "1", theme=theme, lang=lang)
    languages_nav = switch(base, t, languages or [], screen="1" if screen else None, theme=theme)
    head = _shell(
        view.name,
        t,
        stylesheet="../static/page.css",
        extra_head='<link rel="icon" href="../static/icon.svg">'
        f'<script src="../static/page.js?v={ASSET_VERSION}" defer></script>',
    )
    updates = e(t("Updates by itself."))
    view_name = e(t("Normal view")) if screen else e(t("Venue screen"))
    return (
        f'{head}<body class="{classes}" data-live="{e(live_url)}" data-etag="{e(etag)}" '
        f'data-words="{e(script_words(t))}">'
        f"{'' if screen else _find_box(t)}"
        f'<div id="live">{live(view, screen=screen, t=t)}</div>'
        f'<footer><span id="updated">{updates}</span> {downloads} · '
        f'<a href="{other}">{view_name}</a>'
        f"{languages_nav}</footer></body></html>"
    )


def season(
    name: str,
    best: int,
    finished: int,
    waiting: list[str],
    rows: list[SeasonRow],
    *,
    t: Translator = ENGLISH,
    address: str = "",
    languages: list[tuple[str, str]] | None = None,
) -> str:
    """A season's page: each player's rank, total of their best ``best`` results, and every result
    (those that do not count in brackets)."""
    body = "".join(
        f"<tr><td>{r.rank}</td><td>{e(r.name)}</td><td>{t.number(r.total)}</td><td>{r.events}</td>"
        f"<td>{e(r.results_text)}</td></tr>"
        for r in rows
    )
    heads = (t("Player"), t("Total"), t("Events"), t("Results"))
    empty = e(t("No event of this season has finished yet."))
    table = (
        '<table class="standings"><thead><tr><th>#</th>'
        + "".join(f"<th>{e(h)}</th>" for h in heads)
        + f"</tr></thead><tbody>{body}</tbody></table>"
        if rows
        else f"<p>{empty}</p>"
    )
    later = e(t("Not finished yet: {names}.", names=", ".join(waiting))) if waiting else ""
    later = f'<p class="meta">{later}</p>' if later else ""
    about = t.n(
        "Season · best {best} result of {finished} finished events",
        "Season · best {best} results of {finished} finished events",
        best,
        best=best,
        finished=finished,
    )
    nav = switch(address, t, languages or []) if address else ""
    return (
        f'{_shell(name, t, stylesheet="../static/page.css")}<body><div id="live">'
        f'<header><h1>{e(name)}</h1><p class="meta">{e(about)}</p></header>'
        f'<section class="table-wrap">{table}{later}</section></div><footer>{nav}</footer></body></html>'
    )


def not_found(t: Translator = ENGLISH) -> str:
    text = t(
        "This address does not lead to a tournament or a campaign. It may be mistyped, or the "
        "organisers gave it a new link: ask them, or use the link in its Discord channel."
    )
    title, heading = t("Not found"), e(t("Nothing here"))
    return (
        f'{_shell(title, t, stylesheet="/static/page.css")}<body><div id="live">'
        f"<header><h1>{heading}</h1></header><p>{e(text)}</p></div></body></html>"
    )


def plain(title: str, text: str, t: Translator = ENGLISH) -> str:
    """A small page for refusals (too many requests, an error); ``title`` and ``text`` already in
    the reader's language."""
    return (
        f'{_shell(title, t, stylesheet="/static/page.css")}<body><div id="live">'
        f"<header><h1>{e(title)}</h1></header><p>{e(text)}</p></div></body></html>"
    )
