"""An Order of Battle as a picture: the force's tallies at the top, then one row per unit (its
name, rank, XP, honours, scars and Crusade Points).

>>> from rules.crusade.model import Force, CrusadeUnit
>>> png = render_order_of_battle(Force(player_id=1, player_name="Kai", name="Host",
...                                    units=(CrusadeUnit(key="u1", name="Squad", xp=7),)))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.canvas import RGB, Surface, encode_png, fit, font, head_row, palette, right
from rules.crusade.engine import RANK_NAMES
from rules.crusade.model import Force, Rank
from rules.i18n import Translator, translator

MAX_PNG_BYTES = 500_000
WIDTH = 960
ROW = 34
TOP = 110
#: Units drawn at most; the rest are counted in the last line (the text lists every one).
MAX_ROWS = 60


@dataclass(frozen=True)
class Palette(Surface):
    accent: RGB = (196, 150, 60)
    scar: RGB = (210, 90, 80)


RANK_COLOURS: dict[Rank, RGB] = {
    Rank.BATTLE_READY: (150, 156, 166),
    Rank.BLOODED: (200, 120, 90),
    Rank.BATTLE_HARDENED: (120, 170, 210),
    Rank.HEROIC: (160, 120, 220),
    Rank.LEGENDARY: (230, 190, 70),
}


def render_order_of_battle(force: Force, *, theme: str = "dark", t: Translator | None = None) -> bytes:
    """``force``'s Order of Battle as PNG bytes (under :data:`MAX_PNG_BYTES`), its words in
    ``t``'s language (English by default)."""
    t = t or translator(None)
    colours: Palette = palette(Palette, theme)
    units = list(force.units)
    shown = units[:MAX_ROWS]
    extra = 1 if len(units) > MAX_ROWS else 0
    height = TOP + 50 + ROW * (len(shown) + extra) + 20
    img = Image.new("RGB", (WIDTH, height), colours.bg)
    draw = ImageDraw.Draw(img)
    title, small, body, bold = font(30, bold=True), font(18), font(18), font(18, bold=True)
    draw.text((24, 18), fit(draw, force.name, title, WIDTH - 48), font=title, fill=colours.text)
    tally = t(force.tally())
    colour = colours.scar if force.supply_used > force.supply_limit else colours.muted
    draw.text((24, 66), fit(draw, tally, small, WIDTH - 48), font=small, fill=colour)
    columns = [
        (t("Rank"), 170),
        (t("XP"), 60),
        # TRANSLATORS: a narrow column head: how many Battle Honours a unit has.
        (t("Hon."), 60),
        # TRANSLATORS: a narrow column head: how many Battle Scars a unit has.
        (t("Scars"), 70),
        # TRANSLATORS: a narrow column head: Crusade Points.
        (t("CP"), 60),
        # TRANSLATORS: a narrow column head: the unit's points cost.
        (t("Pts"), 80),
    ]
    head_row(
        draw,
        colours,
        top=TOP - 20,
        height=50,
        left=24,
        width=WIDTH,
        labels=[(24, t("Unit"))],
        columns=columns,
        face=font(19, bold=True),
    )
    y = TOP + 30
    name_width = WIDTH - 48 - sum(w for _, w in columns) - 10
    for i, unit in enumerate(shown):
        draw.rectangle((24, y, WIDTH - 24, y + ROW - 2), fill=colours.row if i % 2 else colours.row_alt)
        draw.text((32, y + 6), fit(draw, unit.name, bold, name_width - 8), font=bold, fill=colours.text)
        x = WIDTH - 24 - sum(w for _, w in columns)
        rank = unit.rank
        values = [
            (t(RANK_NAMES[rank]), RANK_COLOURS[rank]),
            (str(unit.xp), colours.text),
            (str(len(unit.honours)), colours.accent if unit.honours else colours.muted),
            (str(len(unit.scars)), colours.scar if unit.scars else colours.muted),
            (str(unit.crusade_points), colours.text),
            # a unit whose list gave no points shows "?", never a 0 it does not cost
            ("?" if unit.points is None else str(unit.points), colours.muted),
        ]
        for (_, w), (text, fill) in zip(columns, values, strict=True):
            x += w
            right(draw, x - 6, y + 6, text, body, fill)  # ranks and numbers fit their columns
        y += ROW
    if extra:
        more = t.n(
            "… and {n} more unit", "… and {n} more units", len(units) - MAX_ROWS, n=len(units) - MAX_ROWS
        )
        draw.text((32, y + 6), more, font=small, fill=colours.muted)
    # flat colours: 32 of them keep the text crisp and make the PNG a third as big and faster
    quantized = img.quantize(colors=32, method=Image.Quantize.FASTOCTREE)
    return encode_png(quantized, max_bytes=MAX_PNG_BYTES)
