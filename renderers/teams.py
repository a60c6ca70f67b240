"""Team standings as PNG pages, in the look of the players' standings (renderers.tournament).

>>> import random
>>> from rules.tournament.teams import add_team_player, create_team, new_team_event
>>> t = new_team_event("Team Cup", 300, 3)
>>> t = create_team(t, "Owls", "1", "Ann")
>>> render_team_standings(t)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from PIL import Image

from renderers import canvas
from renderers.canvas import Theme, fit, font, page_of, right, words
from renderers.tournament import (
    FOOTER_H,
    HEAD_ROW_H,
    HEADER_H,
    PAD,
    PAGE_ROWS,
    PALETTES,
    ROW_H,
    WIDTH,
    _header,
    _name_block,
    _png,
    _rank_cell,
    _standings_head,
    joined,
    say,
    widths,
)
from rules.i18n import Translator
from rules.tournament.model import Tournament
from rules.tournament.teams import scoring_for, team_standings


def render_team_standings(
    state: Tournament,
    *,
    page: int = 1,
    per_page: int = PAGE_ROWS,
    theme: Theme = "dark",
    width: int = WIDTH,
    t: Translator | None = None,
) -> bytes:
    """One page of the team standings: rank, team and captain, team points, W-D-L, the sum of the
    players' points and of the next tie-break. Its words are ``t``'s language (English by default)."""
    t = words(t)
    pal = PALETTES[theme]
    scoring = scoring_for(state)
    rows, page, pages = page_of(team_standings(state), page, per_page)
    points_label, next_label = say(t, scoring.points_label), say(t, scoring.next_label)
    height = HEADER_H + HEAD_ROW_H + ROW_H * max(len(rows), 1) + FOOTER_H
    img = Image.new("RGB", (width, height), pal.bg)
    d = canvas.draw(img)
    columns = widths(d, [(t("Pts"), 90), (t("W-D-L"), 120), (points_label, 100), (next_label, 100)])
    played = len(state.team_rounds)
    if state.finished:
        stage = t("Final team standings")
    elif played and state.round_count:
        stage = t("Team standings after round {round} of {rounds}", round=played, rounds=state.round_count)
    elif played:
        stage = t("Team standings after round {round}", round=played)
    else:
        stage = t("Teams (no round paired yet)")
    pages_text = t("page {page}/{pages}", page=page, pages=pages) if pages > 1 else ""
    size = t("teams of {size}", size=state.team_size)
    _header(d, pal, width, state.name, joined(stage, size, pages_text))

    num_f, small_f = font(28, bold=True), font(20)
    name_x, name_w = _standings_head(d, pal, width, t("Team"), columns)
    numbers_w = sum(w for _, w in columns)
    y = HEADER_H + HEAD_ROW_H
    for i, row in enumerate(rows):
        d.rectangle((0, y, width, y + ROW_H), fill=pal.row if i % 2 == 0 else pal.row_alt)
        _rank_cell(d, pal, PAD, y, row)
        captain = state.name_of(row.captain) if state.has_player(row.captain) else ""
        status = t("dropped") if row.dropped else ""
        sub = joined(t("captain {name}", name=captain), status) if captain else ""
        _name_block(d, name_x, y, name_w, row.name, sub, pal, dim=row.dropped)
        record = f"{row.wins}-{row.draws}-{row.losses}"
        values = [str(row.team_points), record, str(row.points), str(row.next)]
        x = width - PAD - numbers_w
        for column, ((_label, w), value) in enumerate(zip(columns, values, strict=True)):
            x += w
            first = column == 0
            right(
                d,
                x,
                y + (ROW_H - 34) / 2,
                value,
                num_f if first else font(26),
                pal.accent if first else pal.text,
            )
        y += ROW_H
    if not rows:
        d.text((PAD, y + 18), t("No team yet."), font=font(26), fill=pal.muted)
        y += ROW_H
    note = t(
        "Ranked by team points (win 2, draw 1, a bye a win), then {points}, then {next}",
        points=points_label,
        next=next_label,
    )
    d.text((PAD, y + 16), fit(d, note, small_f, width - 2 * PAD), font=small_f, fill=pal.muted)
    return _png(img)
