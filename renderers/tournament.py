"""Tournament pictures: a round's pairings and the standings, as PNG pages.

Opaque images in either Discord theme, fonts sized for a phone (the picture is shown about 400
pixels wide), long names cut with an ellipsis, numbers right-aligned in fixed columns. Long
events come in pages of :data:`PAGE_ROWS` lines; :func:`page_count` says how many.

>>> import random
>>> from rules.tournament import add_player, create_tournament, pair_next_round
>>> t = create_tournament("Store Cup", 300)
>>> for i, name in enumerate(["Ann", "Bo", "Cy", "Di", "Ed"]):
...     t = add_player(t, str(i), name, "Nomads")
>>> t = pair_next_round(t, random.Random(1))
>>> render_pairings(t)[:8] == b"\\x89PNG\\r\\n\\x1a\\n", render_standings(t, theme="light")[:4]
(True, b'\\x89PNG')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers import canvas
from renderers.canvas import (
    RGB,
    Font,
    Surface,
    Theme,
    encode_png,
    fit,
    font,
    head_row,
    page_of,
    palette,
    right,
    say,
    words,
)
from rules.i18n import N_, Translator
from rules.tournament.formats import format_of
from rules.tournament.model import Flag, Game, Tournament
from rules.tournament.standings import Standing, standings

WIDTH = 1000
PAD = 28
PAGE_ROWS = 32
"""Lines per image: 64 players make two standings pages."""
MAX_PNG_BYTES = 1_000_000
ROW_H = 66
HEADER_H = 120
HEAD_ROW_H = 48
FOOTER_H = 56
FOOTER_LINE = 28
"""A second line of the standings' footer (a VP format's W-D-L definition)."""

#: The standings' column heads, points names and ranking lines the formats give
#: (rules/tournament/formats.py), marked here so that a picture draws them in its reader's language.
LABELS = (
    N_("TP"),
    N_("OP"),
    N_("VP"),
    N_("Opp. OP"),
    N_("Byes"),
    N_("RP"),
    N_("BP"),
    N_("SoS"),
    N_("VP±"),
    N_("W-D-L"),
    N_("MP"),
    N_("Tournament Points"),
    N_("ranking points"),
    N_("match points"),
)


def joined(*parts: str) -> str:
    """The parts of a header line that are there, joined by middle dots."""
    return " · ".join(p for p in parts if p)


@dataclass(frozen=True)
class Palette(Surface):
    header: RGB
    header_text: RGB
    header_sub: RGB
    accent: RGB
    warn: RGB
    warn_text: RGB
    medals: tuple[RGB, RGB, RGB]
    medal_text: RGB


PALETTES: dict[str, Palette] = {
    "dark": palette(
        Palette,
        "dark",
        header=(88, 60, 150),
        header_text=(255, 255, 255),
        header_sub=(228, 222, 245),
        accent=(150, 200, 255),
        warn=(214, 120, 40),
        warn_text=(255, 255, 255),
        medals=((212, 175, 55), (176, 184, 194), (186, 118, 62)),
        medal_text=(20, 20, 24),
    ),
    "light": palette(
        Palette,
        "light",
        header=(92, 62, 160),
        header_text=(255, 255, 255),
        header_sub=(232, 226, 248),
        accent=(0, 90, 170),
        warn=(196, 96, 10),
        warn_text=(255, 255, 255),
        medals=((212, 175, 55), (168, 176, 186), (186, 118, 62)),
        medal_text=(20, 20, 24),
    ),
}


def page_count(rows: int, per_page: int = PAGE_ROWS) -> int:
    """How many pages ``rows`` lines take (at least one).

    >>> page_count(64), page_count(65), page_count(0)
    (2, 3, 1)
    """
    return canvas.page_count(rows, per_page)


def _png(img: Image.Image) -> bytes:
    # Level 1: a 32-line page is about 2,300 pixels tall, and deflate at the default level takes
    # longer than drawing it, for files only about 8% smaller.
    return encode_png(img, max_bytes=MAX_PNG_BYTES, level=1)


def _header(d: ImageDraw.ImageDraw, pal: Palette, width: int, title: str, subtitle: str) -> None:
    title_f, sub_f = font(40, bold=True), font(26)
    d.rectangle((0, 0, width, HEADER_H), fill=pal.header)
    d.text((PAD, 16), fit(d, title, title_f, width - 2 * PAD), font=title_f, fill=pal.header_text)
    if d.textlength(subtitle, font=sub_f) > width - 2 * PAD:  # a longer language: a smaller line
        sub_f = font(22)
    d.text((PAD, 72), fit(d, subtitle, sub_f, width - 2 * PAD), font=sub_f, fill=pal.header_sub)


def _name_block(
    d: ImageDraw.ImageDraw, x: float, y: float, width: float, name: str, sub: str, pal: Palette, *, dim: bool
) -> None:
    name_f, sub_f = font(27, bold=True), font(20)
    d.text((x, y + 7), fit(d, name, name_f, width), font=name_f, fill=pal.muted if dim else pal.text)
    if sub:
        d.text((x, y + 39), fit(d, sub, sub_f, width), font=sub_f, fill=pal.muted)


# --- standings -----------------------------------------------------------------------------------


def points_text(state: Tournament, *, t: Translator | None = None) -> str:
    """The army points in a header: ``300 points``, ``Escalation 200/300/400``, ``2000 points``."""
    t = words(t)
    if state.escalation_tiers:
        return t("Escalation {tiers}", tiers="/".join(str(int(tier)) for tier in state.escalation_tiers))
    fmt = format_of(state)
    army = fmt.army_points(state, 1)
    points = t.n("{points} point", "{points} points", army, points=army)
    return points if fmt.uses_op else f"{fmt.name} · {points}"


def widths(
    d: ImageDraw.ImageDraw, columns: Sequence[tuple[str, int]], face: Font | None = None
) -> list[tuple[str, int]]:
    """``columns`` (label, width), each widened to hold its label (a longer language's)."""
    face = face or font(22, bold=True)
    return [(label, max(w, round(d.textlength(label, font=face)) + 14)) for label, w in columns]


def _standings_head(
    d: ImageDraw.ImageDraw, pal: Palette, width: int, who: str, columns: Sequence[tuple[str, int]]
) -> tuple[int, float]:
    """The head row of a standings table (``#``, ``who``, the columns right-aligned); returns where
    the name column starts and how wide it is."""
    numbers_w = sum(w for _, w in columns)
    name_x = PAD + 78
    name_w = width - PAD - numbers_w - name_x - 12
    head_row(
        d, pal, top=HEADER_H, height=HEAD_ROW_H, left=PAD, width=width,
        labels=((PAD, "#"), (name_x, who)), columns=columns,
    )
    return name_x, name_w


#: The players' standings of a team event: the team column's width, taken from the names.
TEAM_COLUMN_W = 190


def render_standings(
    state: Tournament,
    *,
    page: int = 1,
    per_page: int = PAGE_ROWS,
    theme: Theme = "dark",
    width: int = WIDTH,
    t: Translator | None = None,
) -> bytes:
    """One page of the standings as PNG bytes: rank (the top three marked), player and faction,
    (in a team event) the player's team, and the format's columns (ITS: TP, OP, VP, opponents'
    OP and byes; 40k record: W-D-L, RP, BP, SoS, VP±). ITS final standings show the bye
    adjustment (marked ``*``). Its words are ``t``'s language (English by default)."""
    t = words(t)
    pal = PALETTES[theme]
    fmt = format_of(state)
    rows, page, pages = page_of(standings(state), page, per_page)
    # VP formats say their W-D-L (and what a bye is worth) on a second footer line.
    record = None if fmt.uses_op else t(fmt.record_words())
    height = HEADER_H + HEAD_ROW_H + ROW_H * max(len(rows), 1) + FOOTER_H + (FOOTER_LINE if record else 0)
    img = Image.new("RGB", (width, height), pal.bg)
    d = canvas.draw(img)
    columns = widths(d, [(say(t, c.label), c.width) for c in fmt.columns])
    played = len(state.rounds)
    total = state.round_count
    if state.finished:
        stage = t("Final standings")
    elif state.rounds and not state.rounds[-1].complete:  # as the message beside it says
        stage = (
            t("Standings during round {round} of {rounds}", round=played, rounds=total)
            if total
            else t("Standings during round {round}", round=played)
        )
    elif played:
        stage = (
            t("Standings after round {round} of {rounds}", round=played, rounds=total)
            if total
            else t("Standings after round {round}", round=played)
        )
    else:
        stage = t("Players (no round paired yet)")
    pages_text = t("page {page}/{pages}", page=page, pages=pages) if pages > 1 else ""
    _header(d, pal, width, state.name, joined(stage, points_text(state, t=t), pages_text))

    num_f, small_f = font(28, bold=True), font(20)
    name_x, name_w = _standings_head(d, pal, width, t("Player"), columns)
    numbers_w = sum(w for _, w in columns)
    # A team event's players' standings say whose team each player is in, as a column of its own.
    teams = {p: team.name for team in state.teams for p in team.players} if state.team_size else {}
    if teams:
        name_w -= TEAM_COLUMN_W
        team_x = name_x + name_w + 12
        d.text((team_x, HEADER_H + 12), t("Team"), font=font(22, bold=True), fill=pal.muted)
    y = HEADER_H + HEAD_ROW_H
    dropped, absent = t("dropped"), t("not checked in")

    for i, row in enumerate(rows):
        d.rectangle((0, y, width, y + ROW_H), fill=pal.row if i % 2 == 0 else pal.row_alt)
        _rank_cell(d, pal, PAD, y, row)
        status = dropped if row.dropped else absent if row.not_checked_in else ""
        sub = joined(row.faction, status)
        out = row.dropped or row.not_checked_in
        _name_block(d, name_x, y, name_w, row.name, sub, pal, dim=out)
        if teams:
            team_f = font(22)
            shown = fit(d, teams.get(row.player_id, ""), team_f, TEAM_COLUMN_W - 24)
            d.text((team_x, y + (ROW_H - 28) / 2), shown, font=team_f, fill=pal.text)
        values = [str(c.value(row)) for c in fmt.columns]
        x = width - PAD - numbers_w
        for (w, value, c) in zip((w for _, w in columns), values, fmt.columns, strict=True):
            x += w
            lead = c.label == fmt.points_label
            fill = pal.accent if lead else pal.text
            right(d, x, y + (ROW_H - 34) / 2, value, num_f if lead else font(26), fill)
        y += ROW_H
    if not rows:
        d.text((PAD, y + 18), t("Nobody has joined yet."), font=font(26), fill=pal.muted)
        y += ROW_H
    note = say(t, fmt.ranking_text)
    if any(r.adjusted for r in rows):
        note = joined(note, t("* bye adjustment"))
    d.text((PAD, y + 16), fit(d, note, small_f, width - 2 * PAD), font=small_f, fill=pal.muted)
    if record:
        # a longer language's W-D-L rule takes a smaller size before it is cut
        room = width - 2 * PAD
        faces = (small_f, font(18), font(16))
        face = next((f for f in faces if d.textlength(record, font=f) <= room), faces[-1])
        line = fit(d, record, face, width - 2 * PAD)
        d.text((PAD, y + 16 + FOOTER_LINE), line, font=face, fill=pal.muted)
    return _png(img)


def _rank_cell(d: ImageDraw.ImageDraw, pal: Palette, x: float, y: float, row: Standing) -> None:
    text = str(row.rank)
    if row.rank <= 3:
        size = 46
        top = y + (ROW_H - size) / 2
        d.ellipse((x, top, x + size, top + size), fill=pal.medals[row.rank - 1])
        face = font(24, bold=True)
        d.text(
            (x + (size - d.textlength(text, font=face)) / 2, top + 9), text, font=face, fill=pal.medal_text
        )
    else:
        face = font(24, bold=True)
        d.text((x + (46 - d.textlength(text, font=face)) / 2, y + 20), text, font=face, fill=pal.muted)


# --- pairings ------------------------------------------------------------------------------------

_FLAG_TEXT = {Flag.REMATCH: N_("rematch")}
"""Badges on the public picture. A table played before is not flagged in public: the seed has
no such rule, and the organisers are told privately."""


def render_pairings(
    state: Tournament,
    *,
    round_number: int | None = None,
    scenario_name: str | None = None,
    page: int = 1,
    per_page: int = PAGE_ROWS,
    theme: Theme = "dark",
    width: int = WIDTH,
    t: Translator | None = None,
) -> bytes:
    """One page of a round's pairings (default: the current round) as PNG bytes: table, both
    players with faction and TP before the round, flags (rematch, same table, edited by hand),
    the bye last. ``scenario_name`` is shown in the header (default: the round's scenario id).
    Its words are ``t``'s language (English by default); ``scenario_name`` comes translated."""
    t = words(t)
    if not state.rounds:
        raise ValueError("no round is paired yet")
    number = round_number or len(state.rounds)
    rnd = state.rounds[number - 1]
    pal = PALETTES[theme]
    games, page, pages = page_of(list(rnd.games), page, per_page)
    fmt = format_of(state)
    tp = {row.player_id: row.tp for row in standings(state, final=False, before_round=number)}
    height = HEADER_H + HEAD_ROW_H + ROW_H * max(len(games), 1) + FOOTER_H
    img = Image.new("RGB", (width, height), pal.bg)
    d = canvas.draw(img)
    scenario = (
        scenario_name
        or state.scenarios.get(number)
        or (t("scenario to be announced") if fmt.uses_op else None)
    )
    pages_text = t("page {page}/{pages}", page=page, pages=pages) if pages > 1 else ""
    round_text = (
        t("Round {round} of {rounds}", round=number, rounds=state.round_count)
        if state.round_count
        else t("Round {round}", round=number)
    )
    army = fmt.army_points(state, number)
    # Only ITS events set a scenario per round here; a 40k or Boarding Actions round names none.
    points = t.n("{points} point", "{points} points", army, points=army)
    subtitle = joined(round_text, scenario or "", points, pages_text)
    _header(d, pal, width, state.name, subtitle)

    head_f, table_f, small_f = font(22, bold=True), font(32, bold=True), font(20)
    badge_f = font(18, bold=True)
    badges = [t(text) for text in _FLAG_TEXT.values()]
    table_w = 84
    vs_w = max(44, math.ceil(d.textlength(t("v"), font=font(22))) + 28)  # "vs" keeps clear of the names
    flag_w = max([150, *(int(d.textlength(b, font=badge_f)) + 30 for b in badges)])
    side_w = (width - 2 * PAD - table_w - vs_w - flag_w) / 2
    x_a = PAD + table_w
    x_vs = x_a + side_w
    x_b = x_vs + vs_w
    x_flags = x_b + side_w + 8
    y = HEADER_H
    d.text((PAD, y + 12), fit(d, t("Table"), head_f, table_w - 6), font=head_f, fill=pal.muted)
    d.text((x_a, y + 12), fit(d, t("Player"), head_f, side_w - 12), font=head_f, fill=pal.muted)
    d.text((x_b, y + 12), fit(d, t("Opponent"), head_f, side_w - 12), font=head_f, fill=pal.muted)
    y += HEAD_ROW_H
    d.line((PAD, y - 2, width - PAD, y - 2), fill=pal.rule, width=2)
    label = say(t, fmt.points_label)
    for i, g in enumerate(games):
        d.rectangle((0, y, width, y + ROW_H), fill=pal.row if i % 2 == 0 else pal.row_alt)
        _game_row(d, pal, g, state, tp, y, (x_a, x_vs, x_b, x_flags), side_w, vs_w, table_f, label, t)
        y += ROW_H
    if not games:
        d.text((PAD, y + 18), t("No games."), font=font(26), fill=pal.muted)
        y += ROW_H
    bye = (
        t("Bye: a Victory worth {points} TP, 0 OP, 0 VP", points=fmt.bye_points)
        if fmt.uses_op
        else t("Bye: a win worth {points} {label}, 0 VP", points=fmt.bye_points, label=label)
    )
    notes = [bye] if any(g.is_bye for g in rnd.games) else []
    if any(g.edited for g in rnd.games):
        notes.append(t("edited: changed by hand"))
    note = joined(*notes) or t(
        "{label}: {title} before this round", label=label, title=say(t, fmt.points_title)
    )
    d.text((PAD, y + 16), fit(d, note, small_f, width - 2 * PAD), font=small_f, fill=pal.muted)
    return _png(img)


def _game_row(
    d: ImageDraw.ImageDraw,
    pal: Palette,
    g: Game,
    state: Tournament,
    tp: dict[str, int],
    y: float,
    xs: tuple[float, float, float, float],
    side_w: float,
    vs_w: float,
    table_f: Font,
    label: str = "TP",
    t: Translator | None = None,
) -> None:
    t = words(t)
    x_a, x_vs, x_b, x_flags = xs

    def sub(player_id: str) -> str:
        faction = state.player(player_id).faction
        points = f"{tp.get(player_id, 0)} {label}"
        return f"{faction} · {points}" if faction else points

    a = state.player(g.a)
    if g.b is None:
        d.text((PAD, y + 16), t("Bye"), font=font(26, bold=True), fill=pal.muted)
        _name_block(d, x_a, y, side_w * 2 + vs_w, a.name, sub(a.id), pal, dim=False)
        return
    table = str(g.table)
    top = y + (6 if g.edited else 14)
    d.text((PAD + (56 - d.textlength(table, font=table_f)) / 2, top), table, font=table_f, fill=pal.accent)
    if g.edited:
        mark_f = font(16, bold=True)
        edited = fit(d, t("edited"), mark_f, 80)
        d.text(
            (PAD + max(0.0, (56 - d.textlength(edited, font=mark_f)) / 2), y + 44),
            edited,
            font=mark_f,
            fill=pal.muted,
        )
    _name_block(d, x_a, y, side_w - 12, a.name, sub(a.id), pal, dim=False)
    vs_f = font(22)
    vs = t("v")
    d.text((x_vs + (vs_w - d.textlength(vs, font=vs_f)) / 2, y + 20), vs, font=vs_f, fill=pal.muted)
    b = state.player(g.b)
    _name_block(d, x_b, y, side_w - 12, b.name, sub(b.id), pal, dim=False)
    badges = [t(_FLAG_TEXT[f]) for f in g.flags if f in _FLAG_TEXT]
    badge_f = font(18, bold=True)
    by = y + (ROW_H - 26 * len(badges[:2])) / 2
    for text in badges[:2]:
        w = d.textlength(text, font=badge_f) + 14
        d.rounded_rectangle((x_flags, by, x_flags + w, by + 24), radius=6, fill=pal.warn)
        d.text((x_flags + 7, by + 2), text, font=badge_f, fill=pal.warn_text)
        by += 26
