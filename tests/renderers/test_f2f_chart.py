"""The Face to Face chart, tested by structure: the bars in order, both themes, the rare tails folded."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.f2f_chart import MAX_BARS_PER_SIDE, chart_bars, render_f2f_chart
from renderers.odds_chart import MAX_PNG_BYTES, PALETTES
from rules.infinity import Edition, SideName, distribution, parse_side

VECTOR = (parse_side("SV16 B3 DAM8"), parse_side("SV13 DAM12"))


def test_bars_run_from_the_active_side_to_the_reactive_side() -> None:
    bars = chart_bars(distribution(*VECTOR, edition=Edition.N4))
    assert [b.label for b in bars] == ["4+", "3", "2", "1", "none", "1", "2"]
    assert [b.side for b in bars] == [SideName.ACTIVE] * 4 + [None] + [SideName.REACTIVE] * 2
    # the facts.md test vector: 4 and 5 wounds (0.163% + 0.004%) fold into "4+"
    assert round(100 * bars[0].chance, 3) == 0.167
    assert round(100 * bars[3].chance, 3) == 36.215
    assert sum(b.chance for b in bars) == pytest.approx(1.0)


def test_long_tails_are_capped_and_still_add_up() -> None:
    odds = distribution(parse_side("SV20+3 B6 PS3 EXP T2 CONT"), parse_side("SV18 B6 PS2 EXP T2 CONT"))
    bars = chart_bars(odds)
    for side in SideName:
        mine = [b for b in bars if b.side is side]
        assert len(mine) <= MAX_BARS_PER_SIDE
        assert all(b.chance >= 0 for b in mine)
    assert bars[0].label == f"{MAX_BARS_PER_SIDE}+"
    assert sum(b.chance for b in bars) == pytest.approx(1.0)


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_chart_in_both_themes(theme: str) -> None:
    data = render_f2f_chart(distribution(*VECTOR, edition=Edition.N4), theme=theme)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < MAX_PNG_BYTES
    image = Image.open(io.BytesIO(data)).convert("RGB")
    assert image.size == (800, 608)
    palette = PALETTES[theme]
    assert image.getpixel((2, 2)) == palette.bg
    seen = {c for _, c in image.getcolors(maxcolors=1 << 20)}
    assert {palette.series[0], palette.series[1], palette.muted} <= seen


def test_one_sided_roll_has_no_reactive_bars() -> None:
    data = render_f2f_chart(distribution(parse_side("SV13 B3"), parse_side("B0 ARM1")), size=480)
    image = Image.open(io.BytesIO(data)).convert("RGB")
    assert image.width == 480
    seen = {c for _, c in image.getcolors(maxcolors=1 << 20)}
    assert PALETTES["dark"].series[1] not in seen
