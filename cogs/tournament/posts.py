"""What players read: the tournament's summary, pairings, standings and results as Posts.

Images are rendered off the event loop by the kit (``Image``); only pages that
``renderers.tournament.page_count`` reports are asked for.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.limits import MAX_CONTENT
from bot.play import Image, Post
from bot.text import pinging, public
from cogs.tournament.state import TournamentGame, organisers_text
from cogs.tournament.words import COLOUR as COLOUR
from cogs.tournament.words import ENGLISH as ENGLISH
from renderers.tournament import page_count, render_pairings
from rules.i18n import Translator, _, ngettext
from rules.tournament import GameResult, Tournament
from rules.tournament.format_settings import GameSystem
from rules.tournament.formats import format_of
from rules.tournament.model import EXTRA_WORDS, Flag, Game
from rules.tournament.team_model import Team

MEDALS = ("🥇", "🥈", "🥉")
IMAGES_PER_POST = 4
"""Standings pages per message (a page holds 32 players): more is a ``page:`` option away."""
MAX_FIELD = 1024
"""Characters in an embed field's value."""
PLAYER_FIELDS = 4
"""Fields of players in ``/tournament info``: the embed stays well under its 6,000 characters."""

ScenarioName = Callable[[str], str]


def more_text(shown: str, more: int, tr: Translator) -> str:
    """``Ann, Bo and 3 more``: ``shown`` names, then how many more there are (if any)."""
    return tr(_("{names} and {n} more", names=shown, n=more)) if more > 0 else shown


def points_text(t: Tournament, tr: Translator = ENGLISH) -> str:
    """``300 points``, ``Escalation 200/300/400``, ``40k · record (W/D/L 10/5/0) · 2000 points``."""
    if t.escalation_tiers:
        return tr(_("Escalation {tiers}", tiers="/".join(str(int(x)) for x in t.escalation_tiers)))
    fmt = format_of(t)
    points = tr(_("{points} points", points=fmt.army_points(t, 1)))
    return points if fmt.uses_op else f"{tr(fmt.describe_words())} · {points}"


def summary(game: TournamentGame, scenario_name: ScenarioName, tr: Translator = ENGLISH) -> discord.Embed:
    """The tournament at a glance: settings, players (or teams), rounds and scenarios, organisers."""
    t = game.tournament
    rounds = t.round_count or t.rounds_requested
    embed = discord.Embed(title=public(t.name, 200), colour=COLOUR)
    # The kind as /tournament create's choices name it ("one-shot"), in the reader's words.
    settings = [points_text(t, tr), tr(t.kind.value.replace("_", "-"))]
    settings += [tr(EXTRA_WORDS[e]) for e in t.extras]
    if t.fresh_tables:
        settings.append(tr(_("fresh tables")))
    embed.description = " · ".join(settings)
    rounds_text = (
        tr(_("{paired} of {rounds} paired", paired=len(t.rounds), rounds=rounds))
        if rounds
        else tr(_("set when round 1 is paired"))
    )
    embed.add_field(name=tr(_("Rounds")), value=rounds_text)
    embed.add_field(name=tr(_("Organisers")), value=organisers_text(game, tr), inline=False)
    # A team event lists its teams with their players; an event of singles, its players.
    for name, value in [teams_field(t, tr=tr)] if t.team_size else player_fields(t, tr):
        embed.add_field(name=name, value=value, inline=False)
    checkin = checkin_field(game, tr)
    if checkin is not None:
        embed.add_field(name=checkin[0], value=checkin[1], inline=False)
    if t.scenarios:
        lines = [
            tr(_("Round {n}: {scenario}", n=n, scenario=scenario_name(s)))
            for n, s in sorted(t.scenarios.items())
        ]
        embed.add_field(name=tr(_("Scenarios")), value="\n".join(lines), inline=False)
    joining = "/tournament team create" if t.team_size else "/tournament join"
    if t.finished:
        state = tr(_("finished"))
    elif t.started:
        state = tr(_("running"))
    else:
        state = tr(_("open for {command}", command=joining))
    late = " · " + tr(_("late joins allowed")) if t.late_joins else ""
    embed.set_footer(text=f"{state}{late}")
    return embed


def checkin_line(state: TournamentGame, tr: Translator = ENGLISH) -> str | None:
    """``Check-in open: 12 of 16 players checked in`` while check-in is open or once anyone checked
    in (None: check-in was never used)."""
    t = state.tournament
    if not t.checkin_open and not t.checked_in:
        return None
    here = set(t.checked_in)
    count = sum(1 for p in t.players if p.id in here)
    total = len(t.players)
    if t.checkin_open:
        return tr.n(
            "Check-in open: {count} of {n} player checked in",
            "Check-in open: {count} of {n} players checked in",
            total,
            count=count,
            n=total,
        )
    return tr.n(
        "Check-in closed: {count} of {n} player checked in",
        "Check-in closed: {count} of {n} players checked in",
        total,
        count=count,
        n=total,
    )


def checkin_field(state: TournamentGame, tr: Translator = ENGLISH) -> tuple[str, str] | None:
    """The check-in line and who has not checked in yet, for ``/tournament info``."""
    line = checkin_line(state, tr)
    if line is None:
        return None
    t = state.tournament
    here = set(t.checked_in)
    waiting = [p for p in t.players if p.id not in here and p.dropped_after is None]
    if not waiting:
        return line, tr(_("Everyone is checked in."))
    names = more_text(", ".join(player_line(t, p.id) for p in waiting[:30]), len(waiting) - 30, tr)
    return line, tr(_("Not checked in: {names}", names=names))[:MAX_FIELD]


def player_fields(t: Tournament, tr: Translator = ENGLISH) -> list[tuple[str, str]]:
    """Every player (faction, dropped) as embed fields, in join order: at most
    :data:`PLAYER_FIELDS` fields of 1,024 characters, then how many more there are."""
    club, table = tr(_("club")), tr(_("table"))
    dropped, absent = tr(_("dropped")), tr(_("not checked in"))
    lines = [
        f"{i}. {player_line(t, p.id)}"
        + (f" · {club} {public(p.club, 30)}" if p.club else "")
        + (f" · {table} {p.table}" if p.table is not None else "")
        + (f" · {dropped}" if p.dropped else f" · {absent}" if p.left_out else "")
        for i, p in enumerate(t.players, start=1)
    ]
    if not lines:
        if t.team_size:
            nobody = tr(_("Nobody yet: a captain starts a team with `/tournament team create name:...`."))
        else:
            nobody = tr(_("Nobody yet: join with `/tournament join faction:...`."))
        return [(tr(_("Players ({n})", n=0)), nobody)]
    note = tr(_("… and {n} more: `/tournament standings` or `/tournament export` list everyone.", n="{}"))
    fields: list[str] = []
    current, listed = "", 0
    for line in lines:
        last = len(fields) == PLAYER_FIELDS - 1
        room = MAX_FIELD - (len(note) + 8 if last else 0)
        if current and len(current) + 1 + len(line) > room:
            if last:
                break
            fields.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
        listed += 1
    if listed < len(lines):
        current += "\n" + note.format(len(lines) - listed)
    fields.append(current)
    title = tr(_("Players ({n})", n=len(lines)))
    continued = tr(_("{title}, continued", title=title))
    return [(title if i == 0 else continued, text) for i, text in enumerate(fields)]


def team_line(t: Tournament, team: Team, tr: Translator = ENGLISH) -> str:
    """``**Owls** (3/3): Ann (captain), Bo, Cy``."""
    captain = tr(_("captain"))
    players = ", ".join(
        public(t.name_of(p), 40) + (f" ({captain})" if p == team.captain else "") for p in team.players
    )
    dropped = " · " + tr(_("dropped")) if team.dropped_after is not None else ""
    return f"**{public(team.name, 60)}** ({team.size}/{t.team_size or 0}{dropped}): {players}"


def teams_field(t: Tournament, limit: int = 1024, *, tr: Translator = ENGLISH) -> tuple[str, str]:
    """``/tournament info``'s field of a team event: each team with its players' names, cut to one
    embed field (then how many more, and where all of them are)."""
    title = tr(_("Teams ({n})", n=len(t.teams)))
    if not t.teams:
        return title, tr(_("No team yet: a captain starts one with `/tournament team create name:...`."))
    more = tr(_("… and {n} more: `/tournament team show` lists every team.", n="{}"))
    text, listed = "", 0
    for team in t.teams:
        line = team_line(t, team, tr)
        if len(text) + 1 + len(line) > limit - len(more) - 8:
            break
        text, listed = f"{text}\n{line}" if text else line, listed + 1
    if listed < len(t.teams):
        text += ("\n" if text else "") + more.format(len(t.teams) - listed)
    return title, text


def player_line(t: Tournament, player_id: str) -> str:
    player = t.player(player_id)
    who = f"<@{player.user_id}>" if player.user_id else public(player.name, 40)
    return f"{who} ({public(player.faction, 30)})" if player.faction else who


def _flags(game: Game, tr: Translator = ENGLISH) -> str:
    # A table played before is no rule of the seed's, only Herald's preference: it is told to the
    # organisers privately (rules.tournament.engine.flag_notes), never flagged to everyone.
    found = [tr(_("rematch")) for f in game.flags if f is Flag.REMATCH]
    if game.edited:
        found.append(
            tr(_("edited: {note}", note=public(game.edit_note, 120)))
            if game.edit_note
            else tr(_("edited by hand"))
        )
    return f" ⚠ {', '.join(found)}" if found else ""


def user_ids(t: Tournament, *player_ids: str | None) -> list[int]:
    """The Discord users behind these players (players added without an account have none)."""
    return [u for p in player_ids if p is not None and (u := t.player(p).user_id)]


def pairing_rows(
    game: TournamentGame, round_number: int, tr: Translator = ENGLISH
) -> list[tuple[str, list[int]]]:
    """One line per game (table, players with mentions, the thread), the bye last, each with the
    ids of the users it mentions: those, and only those, its message may ping."""
    t = game.tournament
    rnd = t.rounds[round_number - 1]
    threads = {g.table: g.thread_id for g in game.threads if g.round == round_number}
    rows = []
    for g in rnd.games:
        if g.b is None:
            fmt = format_of(t)
            bye = tr(_("Bye: {player} ({worth})", player=player_line(t, g.a), worth=fmt.bye_words()))
            rows.append((bye, user_ids(t, g.a)))
            continue
        where = f" → <#{threads[g.table]}>" if g.table in threads else ""
        line = tr(_("Table {table}: {a} v {b}", table=g.table, a=player_line(t, g.a), b=player_line(t, g.b)))
        rows.append((f"{line}{where}{_flags(g, tr)}", user_ids(t, g.a, g.b)))
    return rows


def pairing_lines(game: TournamentGame, round_number: int, tr: Translator = ENGLISH) -> list[str]:
    """One line per game (table, players with mentions, the thread), the bye last."""
    return [line for line, _ids in pairing_rows(game, round_number, tr)]


def chunks(head: str, lines: list[str], limit: int = MAX_CONTENT) -> list[str]:
    """``head`` and ``lines`` as messages of at most ``limit`` characters, never cutting a line."""
    out, current = [], head
    for line in lines:
        if len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    out.append(current)
    return out


def pairings_images(
    t: Tournament, round_number: int, scenario: str | None, tr: Translator = ENGLISH
) -> list[Image]:
    pages = page_count(len(t.rounds[round_number - 1].games))
    return [
        Image(
            lambda p=p: render_pairings(t, round_number=round_number, scenario_name=scenario, page=p, t=tr),
            f"pairings-round{round_number}-{p}.png",
        )
        for p in range(1, pages + 1)
    ]


def pairings_posts(
    game: TournamentGame, round_number: int, scenario_name: ScenarioName, tr: Translator = ENGLISH
) -> list[Post]:
    """The pairing announcement: the pictures, then text that pings every paired player, in
    ``tr``'s language (the tournament's)."""
    t = game.tournament
    scenario_id = t.scenarios.get(round_number)
    scenario = scenario_name(scenario_id) if scenario_id else None
    fmt = format_of(t)
    if fmt.uses_op:
        what = scenario or tr(_("scenario to be announced"))
        how = tr(_("Report with `/its score` in your game's thread, or `/tournament report`."))
    else:
        what = fmt.name
        how = tr(_("Report with `/tournament report my_vp:... their_vp:...`; your opponent confirms it."))
        if fmt.game is GameSystem.BOARDING_ACTIONS:
            how += " " + tr(_("A `/ba battle` played in your game's thread reports itself when it ends."))
    head = tr(
        _(
            "**{name}: round {number} of {rounds}** · {what} · {points} points",
            name=public(t.name, 80),
            number=round_number,
            rounds=t.round_count,
            what=what,
            points=fmt.army_points(t, round_number),
        )
    )
    head = f"{head}\n{how}"
    flagged = [g for g in t.rounds[round_number - 1].games if Flag.REMATCH in g.flags]
    if flagged:
        head += "\n⚠ " + tr(
            ngettext(
                "{n} rematch could not be avoided (organisers: check them).",
                "{n} rematches could not be avoided (organisers: check them).",
                len(flagged),
                n=len(flagged),
            )
        )
    messages: list[tuple[str, list[int]]] = []
    text, ids = head, []
    for line, row_ids in pairing_rows(game, round_number, tr):  # as chunks(): never cut a line
        if len(text) + 1 + len(line) > MAX_CONTENT:
            messages.append((text, ids))
            text, ids = line, []
        else:
            text = f"{text}\n{line}" if text else line
        ids += row_ids
    messages.append((text, ids))
    posts = [
        Post(
            content=text,
            images=pairings_images(t, round_number, scenario, tr) if number == 0 else [],
            mentions=pinging(ids),
        )
        for number, (text, ids) in enumerate(messages)
    ]
    return posts


def result_text(t: Tournament, a: str, b: str, result: GameResult, tr: Translator = ENGLISH) -> str:
    """``Ann 7 OP 210 VP (5 TP) v Bo 6 OP 150 VP (2 TP)``; 40k: ``Ann 80 VP (10 RP) v Bo 60 VP (0 RP)``."""
    fmt = format_of(t)
    sides = []
    for pid, res in ((a, result), (b, result.swapped())):
        cells = fmt.side_cells(res)
        score = " ".join(f"{value} {tr(label)}" for label, value in cells[:-1])
        points = f"{cells[-1][1]} {tr(cells[-1][0])}"
        sides.append(f"{public(t.name_of(pid), 40)} {score} ({points})")
    return tr(_("{a} v {b}", a=sides[0], b=sides[1]))


def missing_text(game: TournamentGame, tr: Translator = ENGLISH) -> str:
    t = game.tournament
    current = t.current
    if current is None:
        return tr(_("No round of {name} is paired yet.", name=public(t.name, 80)))
    waiting = {frozenset((r.reporter, r.opponent)): r for r in game.reports if r.round == current.number}
    lines = []
    for g in current.games:
        if g.done or g.b is None:
            continue
        report = waiting.get(frozenset(g.players))
        state = ""
        if report is not None:
            state = " · " + (
                tr(_("disputed"))
                if report.disputed
                else tr(_("reported by {player}", player=public(t.name_of(report.reporter), 30)))
            )
        line = tr(_("Table {table}: {a} v {b}", table=g.table, a=player_line(t, g.a), b=player_line(t, g.b)))
        lines.append(f"{line}{state}")
    if not lines:
        return tr(_("Every game of round {number} has its result.", number=current.number))
    head = tr(
        ngettext(
            "**Round {number}: {n} game still without a confirmed result**",
            "**Round {number}: {n} games still without a confirmed result**",
            len(lines),
            number=current.number,
            n=len(lines),
        )
    )
    return chunks(head, lines)[0]
