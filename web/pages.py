"""HTML of the tournament page, from the public view (:mod:`rules.tournament.public`).

Every value a user chose (tournament, player and faction names, scenario names from content files)
goes through :func:`e`, the one escaping step before HTML; nothing else is ever interpolated raw.
The markup is small on purpose: a 512-player event's page stays well under 500 KB.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from rules.tournament.public import PublicGame, PublicRound, PublicSide, PublicStanding, PublicTournament

INLINE_EARLIER_GAMES = 200
"""Up to this many games in earlier rounds, the page holds them; past it (a large event), each
earlier round is fetched when opened, so a page stays small however many rounds were played."""
ASSET_VERSION = "5"
"""Bumped when page.css or page.js change, so browsers fetch the new ones."""


def e(text: object) -> str:
    """Text as HTML: ``<``, ``>``, ``&`` and both quotes escaped."""
    return escape(str(text), quote=True)


def _score(side: PublicSide) -> str:
    if side.op is None:
        return ""
    return (
        f'<b class="op">{side.op}</b><span class="vp">{side.vp} VP</span><span class="tp">{side.tp} TP</span>'
    )


def _side(side: PublicSide, cls: str) -> str:
    dropped = ' <em class="dropped">dropped</em>' if side.dropped else ""
    faction = f"<small>{e(side.faction)}</small>" if side.faction else ""
    return f'<div class="side {cls}"><span class="name">{e(side.name)}</span>{dropped}{faction}</div>'


_STATUS = {"playing": "playing", "reported": "reported", "done": "", "bye": "bye"}


def _game(game: PublicGame) -> str:
    if game.b is None:
        return (
            f'<li class="game bye"><span class="table">Bye</span>{_side(game.a, "a")}'
            f'<div class="score"><span class="tp">{game.a.tp} TP</span></div><div class="side b"></div></li>'
        )
    status = _STATUS[game.status]
    flags = "".join(f'<i class="flag">{e(f)}</i>' for f in game.flags)
    middle = (
        f'<div class="score"><span class="s a">{_score(game.a)}</span>'
        f'<span class="s b">{_score(game.b)}</span></div>'
        if game.status == "done"
        else f'<div class="score"><span class="state {status}">{status}</span></div>'
    )
    return (
        f'<li class="game {game.status}"><span class="table">Table {game.table}</span>'
        f"{_side(game.a, 'a')}{middle}{_side(game.b, 'b')}{flags}</li>"
    )


def _round_head(rnd: PublicRound) -> str:
    scenario = e(rnd.scenario) if rnd.scenario else "scenario not chosen yet"
    total = len(rnd.games)
    return f"Round {rnd.number} · {scenario} · {rnd.tier} points · {rnd.results_in}/{total} done"


def _games(rnd: PublicRound) -> str:
    return f'<ol class="games pager">{"".join(_game(g) for g in rnd.games)}</ol>'


def _standing(s: PublicStanding) -> str:
    marks = []
    if s.dropped:
        marks.append('<em class="dropped">dropped</em>')
    if s.adjusted:
        marks.append('<em class="adj" title="bye adjustment">adj.</em>')
    faction = e(s.faction)
    return (
        f'<tr{" class=dropped" if s.dropped else ""}><td>{s.rank}</td>'
        f'<td class="name">{e(s.name)} {"".join(marks)}'
        f'</td><td class="fac">{faction}</td><td>{s.tp}</td><td>{s.op}</td><td>{s.vp}</td>'
        f"<td>{s.opponents_op}</td><td>{s.byes}</td></tr>"
    )


def _standings(view: PublicTournament) -> str:
    if not view.standings:
        return '<p class="empty">Nobody has joined yet.</p>'
    head = (
        "<thead><tr><th>#</th><th>Player</th><th class=fac>Faction</th><th title='Tournament Points'>TP</th>"
        "<th title='Objective Points'>OP</th><th title='Victory Points'>VP</th>"
        '<th title="Opponents\' Objective Points">Opp. OP</th><th>Byes</th></tr></thead>'
    )
    rows = "".join(_standing(s) for s in view.standings)
    return f'<table class="standings">{head}<tbody class="pager">{rows}</tbody></table>'


PODIUM_PLACES = 3
"""The podium shows the players ranked 1 to 3 (more when they share a place)."""
_PLACE = {1: "1st", 2: "2nd", 3: "3rd"}


def _podium(view: PublicTournament) -> str:
    top = [s for s in view.standings if s.rank <= PODIUM_PLACES]
    if not top:
        return ""
    steps = "".join(
        f'<li class="place p{s.rank}"><span class="rank">{_PLACE.get(s.rank, s.rank)}</span>'
        f'<span class="name">{e(s.name)}</span>'
        f"{f'<small>{e(s.faction)}</small>' if s.faction else ''}</li>"
        for s in top
    )
    return f'<section class="podium"><h2>Podium</h2><ol class="places">{steps}</ol></section>'


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
        f'<header><h1>{e(view.name)}</h1><p class="meta">ITS · {view.tier} points · {e(view.kind)} · '
        f'{view.players} player{"" if view.players == 1 else "s"}</p>'
        f'<p class="status">{e(view.status)}</p>{ends}</header>'
    ]
    standings = f'<section class="table-wrap"><h2>Standings</h2>{_standings(view)}</section>'
    rounds = list(view.earlier)
    if view.finished:
        parts.append(_podium(view))
        parts.append(standings.replace("<h2>Standings</h2>", "<h2>Final standings</h2>", 1))
        if view.current is not None:
            rounds.insert(0, view.current)  # every round, latest first, below the result
    else:
        if view.current is not None:
            parts.append(
                f'<section class="round"><h2>{_round_head(view.current)}</h2>{_games(view.current)}</section>'
            )
        parts.append(standings)
    if not screen and rounds:
        inline = sum(len(r.games) for r in rounds) <= INLINE_EARLIER_GAMES
        earlier = "".join(
            f"<details><summary>{_round_head(r)}</summary>{_games(r)}</details>"
            if inline
            else f'<details data-round="{r.number}"><summary>{_round_head(r)}</summary>'
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
    return None if found is None else _games(found)


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
    downloads = (
        f'<a href="{base}/players.csv">players.csv</a> · <a href="{base}/results.csv">results.csv</a> · '
        f'<a href="{base}.json">JSON</a>'
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
