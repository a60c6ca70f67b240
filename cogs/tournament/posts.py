"""What players read: the tournament's summary, pairings, standings and results as Posts.

Images are rendered off the event loop by the kit (``Image``); only pages that
``renderers.tournament.page_count`` reports are asked for.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.cards import Card
from bot.limits import MAX_CONTENT
from bot.play import Image, Post
from bot.text import pinging, public
from cogs.tournament.state import TournamentGame, organisers_text
from renderers.factions import render_faction_table
from renderers.tournament import page_count, render_pairings, render_standings
from rules.errors import RuleError
from rules.i18n import Translator
from rules.tournament import GameResult, Tournament, standings
from rules.tournament.faction_table import FEW_GAMES, FactionRow, ordinal, percent
from rules.tournament.format_settings import GameSystem
from rules.tournament.formats import format_of
from rules.tournament.model import Flag, Game, counted
from rules.tournament.team_model import Team

COLOUR = discord.Colour.from_rgb(201, 162, 39)
MEDALS = ("🥇", "🥈", "🥉")
IMAGES_PER_POST = 4
"""Standings pages per message (a page holds 32 players): more is a ``page:`` option away."""
MAX_FIELD = 1024
"""Characters in an embed field's value."""
PLAYER_FIELDS = 4
"""Fields of players in ``/tournament info``: the embed stays well under its 6,000 characters."""

ScenarioName = Callable[[str], str]


def points_text(t: Tournament) -> str:
    """``300 points``, ``Escalation 200/300/400``, ``40k · record (W/D/L 10/5/0) · 2000 points``."""
    if t.escalation_tiers:
        return "Escalation " + "/".join(str(int(x)) for x in t.escalation_tiers)
    fmt = format_of(t)
    points = f"{fmt.army_points(t, 1)} points"
    return points if fmt.uses_op else f"{fmt.describe()} · {points}"


def summary(game: TournamentGame, scenario_name: ScenarioName) -> discord.Embed:
    """The tournament at a glance: settings, players (or teams), rounds and scenarios, organisers."""
    t = game.tournament
    rounds = t.round_count or t.rounds_requested
    embed = discord.Embed(title=public(t.name, 200), colour=COLOUR)
    settings = [points_text(t), t.kind.value.replace("_", "-")]
    settings += [e.value.replace("_", " ").title() for e in t.extras]
    if t.fresh_tables:
        settings.append("fresh tables")
    embed.description = " · ".join(settings)
    rounds_text = f"{len(t.rounds)} of {rounds} paired" if rounds else "set when round 1 is paired"
    embed.add_field(name="Rounds", value=rounds_text)
    embed.add_field(name="Organisers", value=organisers_text(game), inline=False)
    # A team event lists its teams with their players; an event of singles, its players.
    for name, value in [teams_field(t)] if t.team_size else player_fields(t):
        embed.add_field(name=name, value=value, inline=False)
    checkin = checkin_field(game)
    if checkin is not None:
        embed.add_field(name=checkin[0], value=checkin[1], inline=False)
    if t.scenarios:
        lines = [f"Round {n}: {scenario_name(s)}" for n, s in sorted(t.scenarios.items())]
        embed.add_field(name="Scenarios", value="\n".join(lines), inline=False)
    joining = "/tournament team create" if t.team_size else "/tournament join"
    state = "finished" if t.finished else ("running" if t.started else f"open for {joining}")
    embed.set_footer(text=f"{state}{' · late joins allowed' if t.late_joins else ''}")
    return embed


def checkin_line(state: TournamentGame) -> str | None:
    """``Check-in open: 12 of 16 players checked in`` while check-in is open or once anyone checked
    in (None: check-in was never used)."""
    t = state.tournament
    if not t.checkin_open and not t.checked_in:
        return None
    here = set(t.checked_in)
    count = sum(1 for p in t.players if p.id in here)
    state_text = "open" if t.checkin_open else "closed"
    return f"Check-in {state_text}: {count} of {counted(len(t.players), 'player')} checked in"


def checkin_field(state: TournamentGame) -> tuple[str, str] | None:
    """The check-in line and who has not checked in yet, for ``/tournament info``."""
    line = checkin_line(state)
    if line is None:
        return None
    t = state.tournament
    here = set(t.checked_in)
    waiting = [p for p in t.players if p.id not in here and p.dropped_after is None]
    if not waiting:
        return line, "Everyone is checked in."
    names = ", ".join(player_line(t, p.id) for p in waiting[:30])
    more = f" and {len(waiting) - 30} more" if len(waiting) > 30 else ""
    return line, f"Not checked in: {names}{more}"[:MAX_FIELD]


def player_fields(t: Tournament) -> list[tuple[str, str]]:
    """Every player (faction, dropped) as embed fields, in join order: at most
    :data:`PLAYER_FIELDS` fields of 1,024 characters, then how many more there are."""
    lines = [
        f"{i}. {player_line(t, p.id)}"
        + (f" · club {public(p.club, 30)}" if p.club else "")
        + (f" · table {p.table}" if p.table is not None else "")
        + (" · dropped" if p.dropped else " · not checked in" if p.left_out else "")
        for i, p in enumerate(t.players, start=1)
    ]
    if not lines:
        how = "a captain starts a team with `/tournament team create name:...`" if t.team_size else (
            "join with `/tournament join faction:...`"
        )
        return [("Players (0)", f"Nobody yet: {how}.")]
    note = "… and {} more: `/tournament standings` or `/tournament export` list everyone."
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
    title = f"Players ({len(lines)})"
    return [(title if i == 0 else f"{title}, continued", text) for i, text in enumerate(fields)]


def team_line(t: Tournament, team: Team) -> str:
    """``**Owls** (3/3): Ann (captain), Bo, Cy``."""
    players = ", ".join(
        public(t.name_of(p), 40) + (" (captain)" if p == team.captain else "") for p in team.players
    )
    dropped = " · dropped" if team.dropped_after is not None else ""
    return f"**{public(team.name, 60)}** ({team.size}/{t.team_size or 0}{dropped}): {players}"


def teams_field(t: Tournament, limit: int = 1024) -> tuple[str, str]:
    """``/tournament info``'s field of a team event: each team with its players' names, cut to one
    embed field (then how many more, and where all of them are)."""
    title = f"Teams ({len(t.teams)})"
    if not t.teams:
        return title, "No team yet: a captain starts one with `/tournament team create name:...`."
    more = "… and {} more: `/tournament team show` lists every team."
    text, listed = "", 0
    for team in t.teams:
        line = team_line(t, team)
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


def _flags(game: Game) -> str:
    # A table played before is no rule of the seed's, only Herald's preference: it is told to the
    # organisers privately (rules.tournament.engine.flag_notes), never flagged to everyone.
    marks = {Flag.REMATCH: "rematch"}
    found = [marks[f] for f in game.flags if f in marks]
    if game.edited:
        found.append(f"edited: {public(game.edit_note, 120)}" if game.edit_note else "edited by hand")
    return f" ⚠ {', '.join(found)}" if found else ""


def user_ids(t: Tournament, *player_ids: str | None) -> list[int]:
    """The Discord users behind these players (players added without an account have none)."""
    return [u for p in player_ids if p is not None and (u := t.player(p).user_id)]


def pairing_rows(game: TournamentGame, round_number: int) -> list[tuple[str, list[int]]]:
    """One line per game (table, players with mentions, the thread), the bye last, each with the
    ids of the users it mentions: those, and only those, its message may ping."""
    t = game.tournament
    rnd = t.rounds[round_number - 1]
    threads = {g.table: g.thread_id for g in game.threads if g.round == round_number}
    rows = []
    for g in rnd.games:
        if g.b is None:
            fmt = format_of(t)
            rows.append((f"Bye: {player_line(t, g.a)} ({fmt.bye_text()})", user_ids(t, g.a)))
            continue
        where = f" → <#{threads[g.table]}>" if g.table in threads else ""
        line = f"Table {g.table}: {player_line(t, g.a)} v {player_line(t, g.b)}{where}{_flags(g)}"
        rows.append((line, user_ids(t, g.a, g.b)))
    return rows


def pairing_lines(game: TournamentGame, round_number: int) -> list[str]:
    """One line per game (table, players with mentions, the thread), the bye last."""
    return [line for line, _ in pairing_rows(game, round_number)]


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
    t: Tournament, round_number: int, scenario: str | None, words: Translator | None = None
) -> list[Image]:
    pages = page_count(len(t.rounds[round_number - 1].games))
    return [
        Image(
            lambda p=p: render_pairings(
                t, round_number=round_number, scenario_name=scenario, page=p, t=words
            ),
            f"pairings-round{round_number}-{p}.png",
        )
        for p in range(1, pages + 1)
    ]


def pairings_posts(
    game: TournamentGame, round_number: int, scenario_name: ScenarioName, words: Translator | None = None
) -> list[Post]:
    """The pairing announcement: the pictures, then text that pings every paired player."""
    t = game.tournament
    scenario_id = t.scenarios.get(round_number)
    scenario = scenario_name(scenario_id) if scenario_id else None
    fmt = format_of(t)
    if fmt.uses_op:
        what = scenario or "scenario to be announced"
        how = "Report with `/its score` in your game's thread, or `/tournament report`."
    else:
        what = fmt.name
        how = "Report with `/tournament report my_vp:... their_vp:...`; your opponent confirms it."
        if fmt.game is GameSystem.BOARDING_ACTIONS:
            how += " A `/ba battle` played in your game's thread reports itself when it ends."
    head = (
        f"**{public(t.name, 80)}: round {round_number} of {t.round_count}** · "
        f"{what} · {fmt.army_points(t, round_number)} points\n{how}"
    )
    flagged = [g for g in t.rounds[round_number - 1].games if Flag.REMATCH in g.flags]
    if flagged:
        rematches = counted(len(flagged), "rematch", "rematches")
        head += f"\n⚠ {rematches} could not be avoided (organisers: check them)."
    messages: list[tuple[str, list[int]]] = []
    text, ids = head, []
    for line, row_ids in pairing_rows(game, round_number):  # as chunks(): never cut a line
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
            images=pairings_images(t, round_number, scenario, words) if number == 0 else [],
            mentions=pinging(ids),
        )
        for number, (text, ids) in enumerate(messages)
    ]
    return posts


def standings_post(t: Tournament, *, page: int = 1, words: Translator | None = None) -> Post:
    """Standings pictures from ``page`` (up to :data:`IMAGES_PER_POST` of them) and a short summary."""
    rows = standings(t)
    pages = page_count(len(t.players))
    if not 1 <= page <= pages:
        raise RuleError(
            f"The standings have {counted(pages, 'page')} of 32 players; page {page} is not one of them."
        )
    last = min(pages, page + IMAGES_PER_POST - 1)
    images = [
        Image(lambda p=p: render_standings(t, page=p, t=words), f"standings-{p}.png")
        for p in range(page, last + 1)
    ]
    if t.finished:
        stage = "Final standings"
    elif t.current is not None and not t.current.complete:
        stage = f"Standings during round {t.current.number} of {t.round_count}"
    elif t.rounds:
        stage = f"Standings after round {len(t.rounds)} of {t.round_count}"
    else:
        stage = "Players so far"
    top = "No results yet."
    if any(r.played or r.byes for r in rows):
        label = format_of(t).points_label
        # A team event's players are shown with their team.
        teams = {p: f" ({public(x.name, 40)})" for x in t.teams for p in x.players} if t.team_size else {}
        top = " · ".join(
            f"{MEDALS[r.rank - 1] if r.rank <= 3 else r.rank} {public(r.name, 40)}"
            f"{teams.get(r.player_id, '')} {r.tp} {label}"
            for r in rows[:3]
        )
    text = f"**{public(t.name, 80)}: {stage}** · {len(rows)} players\n{top}"
    absent = [r for r in rows if r.not_checked_in]
    if absent:
        names = ", ".join(public(r.name, 40) for r in absent[:20])
        more = f" and {len(absent) - 20} more" if len(absent) > 20 else ""
        text += f"\nLeft out of round 1 (not checked in): {names}{more}."
    if pages > 1:
        more = f"; see more with `page:{last + 1}`" if last < pages else ""
        text += f"\nPages {page}-{last} of {pages}{more}."
    return Post(content=text, images=images)


def result_text(t: Tournament, a: str, b: str, result: GameResult) -> str:
    """``Ann 7 OP 210 VP (5 TP) v Bo 6 OP 150 VP (2 TP)``; 40k: ``Ann 80 VP (10 RP) v Bo 60 VP (0 RP)``."""
    fmt = format_of(t)
    sides = []
    for pid, res in ((a, result), (b, result.swapped())):
        cells = fmt.side_cells(res)
        score = " ".join(f"{value} {label}" for label, value in cells[:-1])
        points = f"{cells[-1][1]} {cells[-1][0]}"
        sides.append(f"{public(t.name_of(pid), 40)} {score} ({points})")
    return " v ".join(sides)


def top_text(t: Tournament, count: int) -> str:
    """The first ``count`` lines of the standings as text with the format's columns."""
    fmt = format_of(t)
    rows = standings(t)[:count]
    if not rows:
        return f"Nobody has joined {public(t.name, 80)} yet."
    head = f"**{public(t.name, 80)}: top {len(rows)}** · {fmt.ranking_text}"
    if not fmt.uses_op:
        head += f"\n{fmt.record_text()}"
    lines = []
    for r in rows:
        rank = MEDALS[r.rank - 1] if r.rank <= 3 else f"{r.rank}."
        cells = " · ".join(f"{c.label} {c.value(r)}" for c in fmt.columns if c.key != "byes")
        dropped = " · dropped" if r.dropped else " · not checked in" if r.not_checked_in else ""
        lines.append(f"{rank} {public(r.name, 40)} ({public(r.faction, 30) or '-'}) · {cells}{dropped}")
    return chunks(head, lines)[0]


def missing_text(game: TournamentGame) -> str:
    t = game.tournament
    current = t.current
    if current is None:
        return f"No round of {public(t.name, 80)} is paired yet."
    waiting = {frozenset((r.reporter, r.opponent)): r for r in game.reports if r.round == current.number}
    lines = []
    for g in current.games:
        if g.done or g.b is None:
            continue
        report = waiting.get(frozenset(g.players))
        state = ""
        if report is not None:
            state = (
                " · disputed"
                if report.disputed
                else f" · reported by {public(t.name_of(report.reporter), 30)}"
            )
        lines.append(f"Table {g.table}: {player_line(t, g.a)} v {player_line(t, g.b)}{state}")
    if not lines:
        return f"Every game of round {current.number} has its result."
    head = f"**Round {current.number}: {counted(len(lines), 'game')} still without a confirmed result**"
    return chunks(head, lines)[0]


FACTION_LINES = 25
"""Factions listed in the message's text (all of them are in the picture, up to its cap)."""


def faction_post(
    rows: list[FactionRow], *, title: str, subtitle: str, words: Translator | None = None
) -> Post:
    """The faction table: a line per faction and the picture for sharing."""
    if not rows:
        raise RuleError(f"{title}: nobody has joined with a faction yet, so there is no faction table.")
    lines = []
    for row in rows[:FACTION_LINES]:
        average = row.average_battle_points
        line = (
            f"**{public(row.faction, 60)}** · {counted(row.players, 'player')}"
            f" · {counted(row.games, 'game')} · {row.wins}-{row.draws}-{row.losses} · {percent(row.win_rate)}"
            f" · avg BP {'–' if average is None else f'{average:.1f}'}"
        )
        if row.mirrors:
            line += f" · {counted(row.mirrors, 'mirror')} left out"
        if row.best is not None:
            line += f" · best: {public(row.best.name, 40)} ({ordinal(row.best.rank)})"
        if row.few:
            line += " ⚠️"
        lines.append(line)
    if len(rows) > FACTION_LINES:
        lines.append(f"…and {counted(len(rows) - FACTION_LINES, 'more faction')} in the picture.")
    note = (
        f"W-D-L and win rate leave mirror matches out; a draw counts as half a win. "
        f"⚠️ fewer than {FEW_GAMES} games: the rate says little."
    )
    image = Image(lambda: render_faction_table(rows, title=title, subtitle=subtitle, t=words), "factions.png")
    card = Card(
        title=f"{public(title, 80)}: {subtitle}",
        text="\n".join(lines),
        footer=note,
        pictures=["factions.png"],
        colour=COLOUR,
    )
    return Post(card=card, images=[image])
