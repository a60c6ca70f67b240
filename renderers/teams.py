"""Team standings as PNG pages, in the look of the players' standings (renderers.tournament).

>>> import random
>>> from rules.tournament.teams import add_team_player, create_team, new_team_event
>>> t = new_team_event("Team Cup", 300, 3)
>>> t = create_team(t, "Owls", "1", "Ann")
>>> render_team_standings(t)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.canvas import Theme, fit, font, page_of, right
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
)
from rules.tournament.model import Tournament
from rules.tournament.teams import scoring_for, team_standings


def render_team_standings(
    state: Tournament,
    *,
    page: int = 1,
    per_page: int = PAGE_ROWS,
    theme: Theme = "dark",
    width: int = WIDTH,
) -> bytes:
    """One page of the team standings: rank, team and captain, team points, W-D-L, the sum of the
    players' points and of the next tie-break."""
    pal = PALETTES[theme]
    scoring = scoring_for(state)
    rows, page, pages = page_of(team_standings(state), page, per_page)
    columns = (("Pts", 90), ("W-D-L", 120), (scoring.points_label, 100), (scoring.next_label, 100))
    height = HEADER_H + HEAD_ROW_H + ROW_H * max(len(rows), 1) + FOOTER_H
    img = Image.new("RGB", (width, height), pal.bg)
    d = ImageDraw.Draw(img)
    played = len(state.team_rounds)
    if state.finished:
        stage = "Final team standings"
    elif played:
        stage = f"Team standings after round {played}" + (
            f" of {state.round_count}" if state.round_count else ""
        )
    else:
        stage = "Teams (no round paired yet)"
    pages_text = f" · page {page}/{pages}" if pages > 1 else ""
    _header(d, pal, width, state.name, f"{stage} · teams of {state.team_size}{pages_text}")

    num_f, small_f = font(28, bold=True), font(20)
    name_x, name_w = _standings_head(d, pal, width, "Team", columns)
    numbers_w = sum(w for _, w in columns)
    y = HEADER_H + HEAD_ROW_H
    for i, row in enumerate(rows):
        d.rectangle((0, y, width, y + ROW_H), fill=pal.row if i % 2 == 0 else pal.row_alt)
        _rank_cell(d, pal, PAD, y, row)
        captain = state.name_of(row.captain) if state.has_player(row.captain) else ""
        sub = f"captain {captain}" + (" · dropped" if row.dropped else "") if captain else ""
        _name_block(d, name_x, y, name_w, row.name, sub, pal, dim=row.dropped)
        record = f"{row.wins}-{row.draws}-{row.losses}"
        values = [str(row.team_points), record, str(row.points), str(row.next)]
        x = width - PAD - numbers_w
        for (label, w), value in zip(columns, values, strict=True):
            x += w
            first = label == "Pts"
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
        d.text((PAD, y + 18), "No team yet.", font=font(26), fill=pal.muted)
        y += ROW_H
    note = (
        f"Ranked by team points (win 2, draw 1, a bye a win), then {scoring.points_label}, "
        f"then {scoring.next_label}"
    )
    d.text((PAD, y + 16), fit(d, note, small_f, width - 2 * PAD), font=small_f, fill=pal.muted)
    return _png(img)
