"""The Order of Battle picture: its size grows with the units, a long force stays one picture,
and the rank colours sit where the rows are."""

from __future__ import annotations

import io

from PIL import Image

from renderers.crusade import MAX_PNG_BYTES, MAX_ROWS, RANK_COLOURS, ROW, TOP, WIDTH, render_order_of_battle
from rules.crusade.model import CrusadeUnit, Force, Rank


def force(units: int) -> Force:
    return Force(
        player_id=1,
        player_name="Kai",
        name=("Ember Host " * 12)[:80],
        units=tuple(
            CrusadeUnit(key=f"u{i}", name=(f"Squad {i} " * 10)[:80], xp=i * 3, points=90)
            for i in range(units)
        ),
    )


def test_one_row_a_unit_and_a_long_force_capped():
    small = Image.open(io.BytesIO(render_order_of_battle(force(3))))
    big = Image.open(io.BytesIO(render_order_of_battle(force(40))))
    assert small.width == big.width == WIDTH
    assert big.height - small.height == 37 * ROW
    huge = render_order_of_battle(force(120))
    assert len(huge) <= MAX_PNG_BYTES
    assert Image.open(io.BytesIO(huge)).height == TOP + 50 + ROW * (MAX_ROWS + 1) + 20


def test_the_rank_column_is_coloured_by_rank():
    image = Image.open(io.BytesIO(render_order_of_battle(force(20)))).convert("RGB")
    # row 17 is 51 XP: Legendary; its rank text is drawn in the Legendary colour somewhere in the row
    y0 = TOP + 30 + 17 * ROW
    colours = {
        image.getpixel((x, y)) for x in range(WIDTH - 520, WIDTH - 300) for y in range(y0 + 4, y0 + ROW - 6)
    }
    gold = RANK_COLOURS[Rank.LEGENDARY]
    assert any(sum(abs(a - b) for a, b in zip(c, gold, strict=True)) < 40 for c in colours)


def test_the_picture_speaks_the_readers_language_and_shows_unknown_points() -> None:
    from rules.i18n import force_offer, translator

    unknown = Force(
        player_id=1,
        player_name="Kai",
        name="Host",
        units=(CrusadeUnit(key="u1", name="Servitors", points=None),),
    )
    with force_offer("es"):
        spanish = render_order_of_battle(unknown, t=translator("es-ES"))
    english = render_order_of_battle(unknown)
    assert spanish[:8] == english[:8] == b"\x89PNG\r\n\x1a\n"
    assert spanish != english  # the head row and tallies are drawn in Spanish
