"""HTML of the tournament page, from the public view (:mod:`rules.tournament.public`).

Every value a user chose (tournament, player and faction names, scenario names from content files)
goes through :func:`e`, the one escaping step before HTML; nothing else is ever interpolated raw.
The markup is small on purpose: a 512-player event's page stays well under 500 KB.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from rules.tournament.lists import ListUnit
from rules.tournament.public import (
    PublicGame,
    PublicList,
    PublicRound,
    PublicSide,
    PublicStanding,
    PublicTeamMatch,
    PublicTournament,
)

INLINE_EARLIER_GAMES = 200
"""Up to this many games in earlier rounds, the page holds them; past it (a large event), each
earlier round is fetched when opened, so a page stays small however many rounds were played."""
ASSET_VERSION = "15"
"""Bumped when page.css or page.js change, so browsers fetch the new ones."""


def e(text: object) -> str:
    """Text as HTML: ``<``, ``>``, ``&`` and both quotes escaped."""
    return escape(str(text), quote=True)


def _score(side: PublicSide, view: PublicTournament | None = None) -> str:
    if side.tp is None:
        return ""
    label = e(view.points_label) if view is not None else "TP"
    points = f'<span class="tp">{side.tp} {label}</span>'
    if view is not None and not view.uses_op:
        return f'<b class="op">{side.vp}</b><span class="vp">VP</span>{points}'
    return f'<b class="op">{side.op}</b><span class="vp">{side.vp} VP</span>{points}'


def _side(side: PublicSide, cls: str) -> str:
    dropped = ' <em class="dropped">dropped</em>' if side.dropped else ""
    faction = f"<small>{e(side.faction)}</small>" if side.faction else ""
    return f'<div class="side {cls}"><span class="name">{e(side.name)}</span>{dropped}{faction}</div>'


_STATUS = {"playing": "playing", "reported": "reported", "done": "", "bye": "bye", "locked": "locked"}


def _table(number: int | None, screen: bool) -> str:
    """``Table 3``; on the venue screen a large ``3`` under a small ``Table``."""
    if screen:
        return f'<span class="table"><small>Table</small>{number}</span>'
    return f'<span class="table">Table {number}</span>'


def _game(game: PublicGame, view: PublicTournament | None = None, screen: bool = False) -> str:
    label = e(view.points_label) if view is not None else "TP"
    if game.b is None:
        return (
            f'<li class="game bye"><span class="table">Bye</span>{_side(game.a, "a")}'
            f'<div class="score"><span class="tp">{game.a.tp} {label}</span></div>'
            '<div class="side b"></div></li>'
        )
    status = _STATUS[game.status]
    flags = "".join(f'<i class="flag">{e(f)}</i>' for f in game.flags)
    middle = (
        f'<div class="score"><span class="s a">{_score(game.a, view)}</span>'
        f'<span class="s b">{_score(game.b, view)}</span></div>'
        if game.status == "done"
        else f'<div class="score"><span class="state {status}">{status}</span></div>'
    )
    return (
        f'<li class="game {game.status}">{_table(game.table, screen)}'
        f"{_side(game.a, 'a')}{middle}{_side(game.b, 'b')}{flags}</li>"
    )


def _round_head(rnd: PublicRound, view: PublicTournament | None = None) -> str:
    scenario = e(rnd.scenario) if rnd.scenario else "scenario not chosen yet"
    if view is not None and not view.uses_op and not rnd.scenario:
        scenario = e(view.format.split(" · ")[0])
    total = len(rnd.games) if rnd.expected is None else rnd.expected
    head = f"Round {rnd.number} · {scenario} · {rnd.tier} points · {rnd.results_in}/{total} done"
    pairing = sum(1 for m in rnd.matches if m.state == "pairing")
    if pairing:
        head += f" · {pairing} team match{'' if pairing == 1 else 'es'} pairing"
    return head


_STEP_WORDS = {"defender": "defenders", "attackers": "attackers", "refuse": "refusals"}
_STEP_NUMBER = {"defender": 1, "attackers": 2, "refuse": 3}


def _match_state(match: PublicTeamMatch) -> str:
    """What a team match is doing, in words: its ritual's step, or its result."""
    if match.state == "pairing":
        step = (match.pass_number - 1) * 3 + _STEP_NUMBER.get(match.step, 1)
        waiting = f"waiting for {e(' and '.join(match.waiting))}" if match.waiting else ""
        return (
            f'<span class="state pairing">pairing: step {step} of {3 * match.passes}, '
            f"{_STEP_WORDS.get(match.step, e(match.step))}</span>"
            f'<span class="waiting">{waiting}</span>'
        )
    if match.points_a is not None and match.points_b is not None:
        return f'<span class="mscore">{match.points_a}–{match.points_b}</span>'
    if match.state == "bye":
        points = "" if match.points_a is None else f" · {match.points_a}"
        return f'<span class="state bye">bye{points}</span>'
    return f'<span class="state playing">{e(match.state)}</span>'


def _match(match: PublicTeamMatch, view: PublicTournament | None, screen: bool = False) -> str:
    tables = ""
    if match.first_table is not None:
        tables = f"Tables {match.first_table}–{match.last_table}"
    teams = f"<b>{e(match.a)}</b>" + (f" v <b>{e(match.b)}</b>" if match.b is not None else "")
    revealed = []
    if match.defenders is not None:
        a, b = match.defenders
        revealed.append(f"Defenders: {e(a)} ({e(match.a)}), {e(b)} ({e(match.b)})")
    if match.attackers is not None:
        a_sent, b_sent = match.attackers
        revealed.append(
            f"Attackers: {e(' & '.join(a_sent))} ({e(match.a)}), {e(' & '.join(b_sent))} ({e(match.b)})"
        )
    shown = "".join(f'<p class="revealed">{line}</p>' for line in revealed)
    games = "".join(_game(g, view, screen) for g in match.games)
    return (
        f'<li class="match {e(match.state)}"><div class="mhead"><span class="table">{tables}</span>'
        f'<span class="teams">{teams}</span>{_match_state(match)}</div>{shown}'
        f"{f'<ol class=games>{games}</ol>' if games else ''}</li>"
    )


def _games(rnd: PublicRound, view: PublicTournament | None = None, screen: bool = False) -> str:
    if rnd.matches:
        return f'<ol class="matches pager">{"".join(_match(m, view, screen) for m in rnd.matches)}</ol>'
    return f'<ol class="games pager">{"".join(_game(g, view, screen) for g in rnd.games)}</ol>'


def _standing(s: PublicStanding, screen: bool = False) -> str:
    marks = []
    if s.dropped:
        marks.append('<em class="dropped">dropped</em>')
    if s.adjusted:
        marks.append('<em class="adj" title="bye adjustment">adj.</em>')
    faction = e(s.faction)
    cells = "".join(f"<td>{e(c)}</td>" for c in s.cells)
    return (
        f"<tr{' class=dropped' if s.dropped else ''}><td>{s.rank}</td>"
        f'<td class="name">{e(s.name)} {"".join(marks)}'
        # The venue screen's roomiest layout shows the faction under the name (page.css).
        f"{_under(s.faction) if screen else ''}"
        f'</td><td class="fac">{faction}</td>{cells}</tr>'
    )


def _standings(view: PublicTournament, screen: bool = False) -> str:
    """The standings table: rank, player, faction and the format's columns."""
    if not view.standings:
        return '<p class="empty">Nobody has joined yet.</p>'
    columns = "".join(f'<th title="{e(c.title)}">{e(c.label)}</th>' for c in view.columns)
    head = f"<thead><tr><th>#</th><th>Player</th><th class=fac>Faction</th>{columns}</tr></thead>"
    rows = "".join(_standing(s, screen) for s in view.standings)
    return f'<table class="standings">{head}<tbody class="pager">{rows}</tbody></table>'


PODIUM_PLACES = 3
"""The podium shows the players ranked 1 to 3 (more when they share a place)."""
_PLACE = {1: "1st", 2: "2nd", 3: "3rd"}


def _podium(rows: list[tuple[int, str, str]]) -> str:
    """The places 1 to 3 of (rank, name, what is said under it): players, or a team event's teams."""
    top = [(rank, name, under) for rank, name, under in rows if rank <= PODIUM_PLACES]
    if not top:
        return ""
    steps = "".join(
        f'<li class="place p{rank}"><span class="rank">{_PLACE.get(rank, rank)}</span>'
        f'<span class="name">{e(name)}</span>'
        f"{f'<small>{e(under)}</small>' if under else ''}</li>"
        for rank, name, under in top
    )
    return f'<section class="podium"><h2>Podium</h2><ol class="places">{steps}</ol></section>'


def _under(text: str) -> str:
    """What the venue screen's roomiest layout shows under a name (a faction, a team's players)."""
    return f'<small class="under">{e(text)}</small>' if text else ""


def _team_standings(view: PublicTournament, screen: bool = False) -> str:
    if not view.teams:
        return '<p class="empty">No team yet.</p>'
    points, following = (e(c) for c in view.team_columns)
    head = (
        "<thead><tr><th>#</th><th>Team</th><th class=fac>Players</th><th title='Team points: win 2, draw 1'>"
        f"Pts</th><th>W-D-L</th><th>{points}</th><th>{following}</th></tr></thead>"
    )
    rows = "".join(
        f'<tr{" class=dropped" if s.dropped else ""}><td>{s.rank}</td><td class="name">{e(s.name)}'
        f"{' <em class=dropped>dropped</em>' if s.dropped else ''}"
        f"{_under(', '.join(s.players)) if screen else ''}</td>"
        f'<td class="fac">{e(", ".join(s.players))}</td><td>{s.team_points}</td>'
        f"<td>{s.wins}-{s.draws}-{s.losses}</td><td>{s.points}</td><td>{s.next}</td></tr>"
        for s in view.teams
    )
    return f'<table class="standings">{head}<tbody class="pager">{rows}</tbody></table>'


INLINE_LIST_CHARS = 200_000
"""Up to this many characters of list text, the page holds the revealed lists' texts; past it, a
line per list (its texts are in the JSON)."""


def _checkin(view: PublicTournament) -> str:
    if not view.checked_in and not view.not_checked_in:
        return ""
    total = len(view.checked_in) + len(view.not_checked_in)
    state = "open" if view.checkin_open else "closed"
    waiting = (
        f'<p class="meta">Not checked in: {", ".join(e(n) for n in view.not_checked_in)}</p>'
        if view.not_checked_in
        else ""
    )
    return (
        f'<section class="checkin"><h2>Check-in {state}: {len(view.checked_in)} of {total}</h2>'
        f"{waiting}</section>"
    )


UNIT_CHARS = 80
"""What a roster's unit is counted as against :data:`INLINE_LIST_CHARS` (its name, models and
wargear, roughly; counted, not measured, so a large event's page costs nothing to weigh)."""


def _list_chars(x: PublicList) -> int:
    return len(x.text) + UNIT_CHARS * len(x.roster_units)


def _unit(unit: ListUnit) -> str:
    models = f"{unit.models} model{'' if unit.models == 1 else 's'}"
    wargear = f"<small>{e(', '.join(unit.wargear))}</small>" if unit.wargear else ""
    return f'<li><span class="unit">{e(unit.name)}</span> <span class="models">{models}</span>{wargear}</li>'


def list_body(x: PublicList) -> str:
    """One revealed list as ``/tournament list show`` shows it: a typed list as written; a roster's
    name, then each unit with its models and wargear; then what the event's checks found."""
    if x.kind != "roster":
        body = f'<pre class="list">{e(x.text)}</pre>'
    else:
        units = "".join(_unit(u) for u in x.roster_units)
        body = f'<p class="roster">{e(x.text)}</p>' + (f'<ul class="units">{units}</ul>' if units else "")
    if x.checks:
        body += f'<ul class="checks">{"".join(f"<li>{e(c)}</li>" for c in x.checks)}</ul>'
    return f'<div class="list-body">{body}</div>'


def _lists(view: PublicTournament) -> str:
    if not view.lists:
        return ""
    size = 0
    for x in view.lists:  # stops counting once past the budget (512 rosters of 20 units each)
        size += _list_chars(x)
        if size > INLINE_LIST_CHARS:
            break
    inline = size <= INLINE_LIST_CHARS
    items = []
    for number, x in enumerate(view.lists, 1):
        about = [x.faction] if x.faction else []
        if x.kind == "roster":
            about += [f"{x.points} points" if x.points is not None else "", f"{x.units} units"]
        head = f"{e(x.player)} <small>{e(' · '.join(a for a in about if a))}</small>"
        if inline:
            items.append(f"<details><summary>{head}</summary>{list_body(x)}</details>")
        else:
            items.append(
                f'<details data-list="{number}"><summary>{head}</summary>'
                f'<p class="lazy">Opening the list…</p></details>'
            )
    return f'<section class="lists"><h2>Army lists</h2>{"".join(items)}</section>'


def one_list(view: PublicTournament, number: int) -> str | None:
    """The revealed list ``number`` (1 is the first on the page), for a large event's page that
    opens lists on demand; None when there is no such list (or the lists are sealed)."""
    if not 1 <= number <= len(view.lists):
        return None
    return list_body(view.lists[number - 1])


def _entrants(view: PublicTournament) -> str:
    """``8 players``; a team event: ``4 teams of 3 · 12 players`` (substitutes' places counted once)."""
    players = f"{view.players} player{'' if view.players == 1 else 's'}"
    if view.team_size is None:
        return players
    teams = len(view.teams)
    text = f"{teams} team{'' if teams == 1 else 's'} of {view.team_size} · {players}"
    if view.replaced:
        text += f" · {view.replaced} replaced by a substitute"
    return text


def live(view: PublicTournament, *, screen: bool) -> str:
    """The part of the page that updates by itself: the status, the timer, the current round,
    the standings and (except on the venue screen) every earlier round. A finished event shows
    its podium and final standings first, then its rounds."""
    ends = ""
    if view.timer_ends is not None:
        stamp = e(view.timer_ends.isoformat())
        clock = e(view.timer_ends.strftime("%H:%M UTC"))
        ends = f'<p class="timer" data-ends="{stamp}">Round timer: ends at {clock}</p>'
    parts = [
        f"<header><h1>{e(view.name)}</h1>"
        f'<p class="meta">{e(view.format)} · {view.tier} points · {e(view.kind)} · {_entrants(view)}</p>'
        f'<p class="status">{e(view.status)}</p>{ends}</header>'
    ]
    if view.team_size is not None:
        # A team event: the teams first, the players' own standings on request.
        title = "Team standings"
        standings = f'<section class="table-wrap"><h2>{title}</h2>{_team_standings(view, screen)}</section>'
        if not screen:  # a projector cannot open a fold
            standings += (
                '<section class="table-wrap"><details><summary>Players\' standings</summary>'
                f"{_standings(view)}</details></section>"
            )
        placed = [(t.rank, t.name, ", ".join(t.players)) for t in view.teams]
    else:
        title = "Standings"
        standings = f'<section class="table-wrap"><h2>{title}</h2>{_standings(view, screen)}</section>'
        placed = [(p.rank, p.name, p.faction) for p in view.standings]
    rounds = list(view.earlier)
    if view.finished:
        parts.append(_podium(placed))
        parts.append(standings.replace(f"<h2>{title}</h2>", f"<h2>Final {title.lower()}</h2>", 1))
        if view.current is not None:
            rounds.insert(0, view.current)  # every round, latest first, below the result
    else:
        if view.current is not None:
            parts.append(
                f'<section class="round"><h2>{_round_head(view.current, view)}</h2>'
                f"{_games(view.current, view, screen)}</section>"
            )
        parts.append(standings)
    if view.current is None:
        parts.append(_checkin(view))
    if not screen:
        parts.append(_lists(view))
    if not screen and rounds:
        inline = sum(len(r.games) for r in rounds) <= INLINE_EARLIER_GAMES
        earlier = "".join(
            f"<details><summary>{_round_head(r, view)}</summary>{_games(r, view)}</details>"
            if inline
            else f'<details data-round="{r.number}"><summary>{_round_head(r, view)}</summary>'
            f'<p class="lazy">Opening round {r.number}…</p></details>'
            for r in rounds
        )
        title = "Rounds" if view.finished else "Earlier rounds"
        parts.append(f'<section class="earlier"><h2>{title}</h2>{earlier}</section>')
    return "".join(parts)


def round_games(view: PublicTournament, number: int) -> str | None:
    """One earlier round's games, for a large event's page that opens rounds on demand."""
    rounds = [*view.earlier, *([view.current] if view.finished and view.current else [])]
    found = next((r for r in rounds if r.number == number), None)
    return None if found is None else _games(found, view)


FIND_BOX = (
    '<div class="find" role="search"><label for="find">Find my table</label>'
    '<input id="find" type="search" autocomplete="off" spellcheck="false" maxlength="60" '
    'placeholder="Your name or faction"><span id="found" aria-live="polite"></span></div>'
)
"""A filter over the current round's games and the standings, run by page.js in the visitor's
browser (nothing is sent anywhere); not on the venue screen."""


def page(view: PublicTournament, *, token: str, screen: bool, etag: str, theme: str | None) -> str:
    """The whole page: the live part inside a shell that loads our own stylesheet and script."""
    # Addresses relative to the page (/t/TOKEN), so Herald also works behind a reverse proxy that
    # serves it under a path (PUBLIC_URL=https://example.org/herald).
    base = quote(token, safe="")
    classes = " ".join(c for c in ("screen" if screen else "", f"theme-{theme}" if theme else "") if c)
    live_url = f"{base}/live" + ("?screen=1" if screen else "")
    teams = f'<a href="{base}/teams.csv">teams.csv</a> · ' if view.team_size is not None else ""
    downloads = (
        f'{teams}<a href="{base}/players.csv">players.csv</a> · '
        f'<a href="{base}/results.csv">results.csv</a> · <a href="{base}.json">JSON</a>'
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="dark light"><meta name="referrer" content="no-referrer">'
        f"<title>{e(view.name)} · Herald</title>"
        f'<link rel="stylesheet" href="../static/page.css?v={ASSET_VERSION}">'
        '<link rel="icon" href="../static/icon.svg">'
        f'<script src="../static/page.js?v={ASSET_VERSION}" defer></script></head>'
        f'<body class="{classes}" data-live="{e(live_url)}" data-etag="{e(etag)}">'
        f"{'' if screen else FIND_BOX}"
        f'<div id="live">{live(view, screen=screen)}</div>'
        f'<footer><span id="updated">Updates by itself.</span> {downloads} · '
        f'<a href="{base}{"" if screen else "?screen=1"}">{"Normal view" if screen else "Venue screen"}</a>'
        "</footer></body></html>"
    )


def not_found() -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Not found · Herald</title>"
        f'<link rel="stylesheet" href="/static/page.css?v={ASSET_VERSION}"></head><body><div id="live">'
        "<header><h1>Nothing here</h1></header><p>This address does not lead to a tournament. It may be "
        "mistyped, or the organisers gave the tournament a new link: ask them, or use the link in the "
        "tournament's Discord channel.</p></div></body></html>"
    )


def plain(title: str, text: str) -> str:
    """A small page for refusals (too many requests, an error)."""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{e(title)} · Herald</title>"
        f'<link rel="stylesheet" href="/static/page.css?v={ASSET_VERSION}"></head><body><div id="live">'
        f"<header><h1>{e(title)}</h1></header><p>{e(text)}</p></div></body></html>"
    )
