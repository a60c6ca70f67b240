"""The faction table as a picture for sharing, and a season's table: one PNG each, drawn with the
canvas kit in the standings' colours.

>>> from rules.tournament.faction_table import FactionRow
>>> row = FactionRow(faction="Orks", players=2, games=3, wins=2, draws=1, losses=0, mirrors=0,
...     battle_points=180, scored_games=3, best=None)
>>> render_faction_table([row], title="Cup", subtitle="Factions")[:4]
b'\\x89PNG'
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from renderers.canvas import Theme, fit, font, head_row, right
from renderers.tournament import FOOTER_H, HEAD_ROW_H, HEADER_H, PAD, PALETTES, ROW_H, WIDTH, _header, _png
from rules.tournament.faction_table import FEW_GAMES, FactionRow, ordinal, percent
from rules.tournament.season import SeasonRow

MAX_ROWS = 40
"""Lines a picture holds; a longer table is cut, and its footer says how many were left out."""

_COLUMNS = (("Players", 110), ("Games", 100), ("W-D-L", 130), ("Win %", 120), ("Avg BP", 120))


def render_faction_table(
    rows: Sequence[FactionRow], *, title: str, subtitle: str, theme: Theme = "dark", width: int = WIDTH
) -> bytes:
    """Each faction's line: name and best placed player, players, games, W-D-L, win rate (marked
    ``*`` under :data:`FEW_GAMES` games) and average battle points."""
    pal = PALETTES[theme]
    shown = list(rows[:MAX_ROWS])
    height = HEADER_H + HEAD_ROW_H + ROW_H * max(len(shown), 1) + FOOTER_H
    img = Image.new("RGB", (width, height), pal.bg)
    d = ImageDraw.Draw(img)
    _header(d, pal, width, title, subtitle)
    numbers_w = sum(w for _, w in _COLUMNS)
    name_x = PAD
    name_w = width - PAD - numbers_w - name_x - 12
    head_row(
        d,
        pal,
        top=HEADER_H,
        height=HEAD_ROW_H,
        left=PAD,
        width=width,
        labels=((name_x, "Faction"),),
        columns=_COLUMNS,
    )
    y = HEADER_H + HEAD_ROW_H
    name_f, sub_f, num_f, lead_f = font(27, bold=True), font(20), font(26), font(28, bold=True)
    for i, row in enumerate(shown):
        d.rectangle((0, y, width, y + ROW_H), fill=pal.row if i % 2 == 0 else pal.row_alt)
        d.text((name_x, y + 7), fit(d, row.faction, name_f, name_w), font=name_f, fill=pal.text)
        if row.best is not None:
            best = f"best: {row.best.name} ({ordinal(row.best.rank)})"
            if row.mirrors:
                best += f" · {row.mirrors} mirror{'s' if row.mirrors != 1 else ''}"
            d.text((name_x, y + 39), fit(d, best, sub_f, name_w), font=sub_f, fill=pal.muted)
        average = row.average_battle_points
        rate = percent(row.win_rate) + ("*" if row.few and row.win_rate is not None else "")
        values = [
            str(row.players),
            str(row.games),
            f"{row.wins}-{row.draws}-{row.losses}",
            rate,
            "–" if average is None else f"{average:.1f}",
        ]
        x = width - PAD - numbers_w
        for (label, w), value in zip(_COLUMNS, values, strict=True):
            x += w
            lead = label == "Win %"
            right(
                d, x, y + (ROW_H - 34) / 2, value, lead_f if lead else num_f, pal.accent if lead else pal.text
            )
        y += ROW_H
    if not shown:
        d.text((PAD, y + 18), "No faction has played a game yet.", font=num_f, fill=pal.muted)
        y += ROW_H
    note = f"Mirror matches left out, draws count half · * fewer than {FEW_GAMES} games"
    if len(rows) > len(shown):
        note += f" · {len(rows) - len(shown)} more factions not shown"
    d.text((PAD, y + 16), fit(d, note, sub_f, width - 2 * PAD), font=sub_f, fill=pal.muted)
    return _png(img)


_SEASON_COLUMNS = (("Events", 110), ("Total", 130))


def render_season_table(
    rows: Sequence[SeasonRow], *, title: str, subtitle: str, theme: Theme = "dark", width: int = WIDTH
) -> bytes:
    """A season's table: rank, player with each result (those not counted in brackets), events
    played and the total of the best results.

    >>> from rules.tournament.season import Result, SeasonRow
    >>> row = SeasonRow(rank=1, key="user:1", name="Ann", total=20,
    ...     results=[Result(event="Autumn", points=10, rank=1, counted=True)])
    >>> render_season_table([row], title="Winter", subtitle="best 2")[:4]
    b'\\x89PNG'
    """
    pal = PALETTES[theme]
    shown = list(rows[:MAX_ROWS])
    height = HEADER_H + HEAD_ROW_H + ROW_H * max(len(shown), 1) + FOOTER_H
    img = Image.new("RGB", (width, height), pal.bg)
    d = ImageDraw.Draw(img)
    _header(d, pal, width, title, subtitle)
    numbers_w = sum(w for _, w in _SEASON_COLUMNS)
    name_x = PAD + 78
    name_w = width - PAD - numbers_w - name_x - 12
    head_row(
        d, pal, top=HEADER_H, height=HEAD_ROW_H, left=PAD, width=width,
        labels=((PAD, "#"), (name_x, "Player")), columns=_SEASON_COLUMNS,
    )
    y = HEADER_H + HEAD_ROW_H
    name_f, sub_f, num_f, lead_f = font(27, bold=True), font(20), font(26), font(28, bold=True)
    for i, row in enumerate(shown):
        d.rectangle((0, y, width, y + ROW_H), fill=pal.row if i % 2 == 0 else pal.row_alt)
        d.text((PAD, y + (ROW_H - 34) / 2), str(row.rank), font=lead_f, fill=pal.text)
        d.text((name_x, y + 7), fit(d, row.name, name_f, name_w), font=name_f, fill=pal.text)
        d.text((name_x, y + 39), fit(d, row.results_text, sub_f, name_w), font=sub_f, fill=pal.muted)
        x = width - PAD - numbers_w
        for (label, w), value in zip(_SEASON_COLUMNS, (str(row.events), str(row.total)), strict=True):
            x += w
            lead = label == "Total"
            face, fill = (lead_f, pal.accent) if lead else (num_f, pal.text)
            right(d, x, y + (ROW_H - 34) / 2, value, face, fill)
        y += ROW_H
    if not shown:
        d.text((PAD, y + 18), "No event of this season has finished yet.", font=num_f, fill=pal.muted)
        y += ROW_H
    note = "Total: the best results; (in brackets) a result that does not count"
    if len(rows) > len(shown):
        note += f" · {len(rows) - len(shown)} more players not shown"
    d.text((PAD, y + 16), fit(d, note, sub_f, width - 2 * PAD), font=sub_f, fill=pal.muted)
    return _png(img)

