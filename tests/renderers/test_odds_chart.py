"""The odds chart, tested by structure: size, mode, theme colours, and two series apart without colour."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.odds_chart import MAX_PNG_BYTES, PALETTES, render_odds_chart
from rules.dice_odds import odds
from rules.distribution import Distribution, power, uniform
from rules.wh40k import distribution, parse_target, parse_weapon


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {c for _, c in image.getcolors(maxcolors=1 << 20)}


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_one_series(theme: str) -> None:
    data = render_odds_chart(
        [("10d6>=4", odds("10d6>=4").distribution)], title="10d6>=4", x_label="successes", theme=theme
    )
    assert len(data) < MAX_PNG_BYTES
    image = open_png(data)
    assert image.width == 800 and 550 < image.height < 800
    palette = PALETTES[theme]
    assert image.getpixel((2, 2)) == palette.bg
    seen = colours(image)
    assert palette.series[0] in seen and palette.mean in seen


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_two_series_are_solid_and_hatched(theme: str) -> None:
    target = parse_target("T4 Sv3+ W2 x10")
    a = distribution(parse_weapon("A40 BS3+ S5 AP-1 D2, lethal hits"), target).slain
    b = distribution(parse_weapon("A40 BS3+ S5 AP-1 D2, devastating wounds"), target).slain
    image = open_png(
        render_odds_chart(
            [("lethal", a), ("devastating", b)], title="compare", x_label="models slain", theme=theme
        )
    )
    palette = PALETTES[theme]
    # grey levels only: the solid series fills a run of pixels, the hatched one alternates with the background
    grey = image.convert("L")
    row_hits = []
    for y in range(grey.height // 4, grey.height // 2):
        row = [image.getpixel((x, y)) for x in range(image.width)]
        solid = max((len(run) for run in _runs(row, palette.series[0])), default=0)
        hatched = sum(1 for run in _runs(row, palette.series[1]) if 0 < len(run) < 12)
        row_hits.append((solid, hatched))
    assert max(s for s, _ in row_hits) >= 20
    assert max(h for _, h in row_hits) >= 3


def _runs(row: list[tuple[int, int, int]], colour: tuple[int, int, int]) -> list[list[int]]:
    runs: list[list[int]] = []
    current: list[int] = []
    for x, c in enumerate(row):
        if c == colour:
            current.append(x)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def test_wide_and_narrow_results_and_sizes() -> None:
    wide = odds("100d6").distribution
    small = Distribution.constant(3)
    for size in (480, 1000, 2000):
        image = open_png(
            render_odds_chart([("100d6", wide), ("3", small)], title="t", x_label="total", size=size)
        )
        assert image.width == size
    image = open_png(
        render_odds_chart([("2d6", power(uniform(1, 6), 2))], title="t", x_label="total", size=100)
    )
    assert image.width == 480


def test_series_count_is_checked() -> None:
    with pytest.raises(ValueError):
        render_odds_chart([], title="t", x_label="x")


@pytest.mark.parametrize(
    "title",
    [
        "Wounds dealt: T4 Sv3+ W2 stealth (11th ed.)",
        "Models slain: T4 Sv3+ W2 x10 inv5+ fnp6+ infantry battl… (11th ed.)",
    ],
)
def test_a_long_title_stays_inside_the_chart(title: str) -> None:
    # The 40k odds chart's title ends with the edition; cut off at the right edge, it was lost.
    palette = PALETTES["dark"]
    image = open_png(render_odds_chart([("d6", uniform(1, 6))], title=title, x_label="wounds dealt"))
    band = image.crop((image.width - 28, 0, image.width, 70))
    assert colours(band) == {palette.bg}
