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

from PIL import Image

from renderers import canvas
from renderers._chart import fixed_percent
from renderers.canvas import Theme, fit, font, head_row, right, words
from renderers.tournament import (
    FOOTER_H,
    HEAD_ROW_H,
    HEADER_H,
    PAD,
    PALETTES,
    ROW_H,
    WIDTH,
    _header,
    _png,
    joined,
    widths,
)
from rules.i18n import N_, Translator
from rules.tournament.faction_table import FEW_GAMES, FactionRow, ordinal
from rules.tournament.season import SeasonRow

MAX_ROWS = 40
"""Lines a picture holds; a longer table is cut, and its footer says how many were left out."""

_COLUMNS = (
    (N_("Players"), 110),
    (N_("Games"), 100),
    (N_("W-D-L"), 130),
    (N_("Win %"), 120),
    (N_("Avg BP"), 120),
)


def render_faction_table(
    rows: Sequence[FactionRow],
    *,
    title: str,
    subtitle: str,
    theme: Theme = "dark",
    width: int = WIDTH,
    t: Translator | None = None,
) -> bytes:
    """Each faction's line: name and best placed player, players, games, W-D-L, win rate (marked
    ``*`` under :data:`FEW_GAMES` games) and average battle points. Its words are ``t``'s language
    (English by default); ``title`` and ``subtitle`` come in it."""
    t = words(t)
    pal = PALETTES[theme]
    shown = list(rows[:MAX_ROWS])
    height = HEADER_H + HEAD_ROW_H + ROW_H * max(len(shown), 1) + FOOTER_H
    img = Image.new("RGB", (width, height), pal.bg)
    d = canvas.draw(img)
    _header(d, pal, width, title, subtitle)
    columns = widths(d, [(t(label), w) for label, w in _COLUMNS])
    numbers_w = sum(w for _, w in columns)
    name_x = PAD
    name_w = width - PAD - numbers_w - name_x - 12
    head_row(
        d,
        pal,
        top=HEADER_H,
        height=HEAD_ROW_H,
        left=PAD,
        width=width,
        labels=((name_x, t("Faction")),),
        columns=columns,
    )
    y = HEADER_H + HEAD_ROW_H
    name_f, sub_f, num_f, lead_f = font(27, bold=True), font(20), font(26), font(28, bold=True)
    for i, row in enumerate(shown):
        d.rectangle((0, y, width, y + ROW_H), fill=pal.row if i % 2 == 0 else pal.row_alt)
        d.text((name_x, y + 7), fit(d, row.faction, name_f, name_w), font=name_f, fill=pal.text)
        if row.best is not None:
            best = t("best: {name} ({place})", name=row.best.name, place=t(ordinal(row.best.rank)))
            if row.mirrors:
                best = joined(best, t.n("{n} mirror", "{n} mirrors", row.mirrors, n=row.mirrors))
            d.text((name_x, y + 39), fit(d, best, sub_f, name_w), font=sub_f, fill=pal.muted)
        average = row.average_battle_points
        rate = "–" if row.win_rate is None else fixed_percent(t, row.win_rate, 1)
        rate += "*" if row.few and row.win_rate is not None else ""
        values = [
            str(row.players),
            str(row.games),
            f"{row.wins}-{row.draws}-{row.losses}",
            rate,
            "–" if average is None else t.number(average, 1),
        ]
        x = width - PAD - numbers_w
        for column, ((_label, w), value) in enumerate(zip(columns, values, strict=True)):
            x += w
            lead = column == 3  # the win rate
            right(
                d, x, y + (ROW_H - 34) / 2, value, lead_f if lead else num_f, pal.accent if lead else pal.text
            )
        y += ROW_H
    if not shown:
        d.text((PAD, y + 18), t("No faction has played a game yet."), font=num_f, fill=pal.muted)
        y += ROW_H
    note = t("Mirror matches left out, draws count half · * fewer than {n} games", n=FEW_GAMES)
    if len(rows) > len(shown):
        more = len(rows) - len(shown)
        note = joined(note, t.n("{n} more faction not shown", "{n} more factions not shown", more, n=more))
    d.text((PAD, y + 16), fit(d, note, sub_f, width - 2 * PAD), font=sub_f, fill=pal.muted)
    return _png(img)


_SEASON_COLUMNS = ((N_("Events"), 110), (N_("Total"), 130))


def render_season_table(
    rows: Sequence[SeasonRow],
    *,
    title: str,
    subtitle: str,
    theme: Theme = "dark",
    width: int = WIDTH,
    t: Translator | None = None,
) -> bytes:
    """A season's table: rank, player with each result (those not counted in brackets), events
    played and the total of the best results.

    >>> from rules.tournament.season import Result, SeasonRow
    >>> row = SeasonRow(rank=1, key="user:1", name="Ann", total=20,
    ...     results=[Result(event="Autumn", points=10, rank=1, counted=True)])
    >>> render_season_table([row], title="Winter", subtitle="best 2")[:4]
    b'\\x89PNG'
    """
    t = words(t)
    pal = PALETTES[theme]
    shown = list(rows[:MAX_ROWS])
    height = HEADER_H + HEAD_ROW_H + ROW_H * max(len(shown), 1) + FOOTER_H
    img = Image.new("RGB", (width, height), pal.bg)
    d = canvas.draw(img)
    _header(d, pal, width, title, subtitle)
    columns = widths(d, [(t(label), w) for label, w in _SEASON_COLUMNS])
    numbers_w = sum(w for _, w in columns)
    name_x = PAD + 78
    name_w = width - PAD - numbers_w - name_x - 12
    head_row(
        d, pal, top=HEADER_H, height=HEAD_ROW_H, left=PAD, width=width,
        labels=((PAD, "#"), (name_x, t("Player"))), columns=columns,
    )
    y = HEADER_H + HEAD_ROW_H
    name_f, sub_f, num_f, lead_f = font(27, bold=True), font(20), font(26), font(28, bold=True)
    for i, row in enumerate(shown):
        d.rectangle((0, y, width, y + ROW_H), fill=pal.row if i % 2 == 0 else pal.row_alt)
        d.text((PAD, y + (ROW_H - 34) / 2), str(row.rank), font=lead_f, fill=pal.text)
        d.text((name_x, y + 7), fit(d, row.name, name_f, name_w), font=name_f, fill=pal.text)
        d.text((name_x, y + 39), fit(d, row.results_text, sub_f, name_w), font=sub_f, fill=pal.muted)
        x = width - PAD - numbers_w
        cells = (str(row.events), str(row.total))
        for column, ((_label, w), value) in enumerate(zip(columns, cells, strict=True)):
            x += w
            lead = column == 1  # the total
            face, fill = (lead_f, pal.accent) if lead else (num_f, pal.text)
            right(d, x, y + (ROW_H - 34) / 2, value, face, fill)
        y += ROW_H
    if not shown:
        d.text((PAD, y + 18), t("No event of this season has finished yet."), font=num_f, fill=pal.muted)
        y += ROW_H
    note = t("Total: the best results; (in brackets) a result that does not count")
    if len(rows) > len(shown):
        more = len(rows) - len(shown)
        note = joined(note, t.n("{n} more player not shown", "{n} more players not shown", more, n=more))
    d.text((PAD, y + 16), fit(d, note, sub_f, width - 2 * PAD), font=sub_f, fill=pal.muted)
    return _png(img)

