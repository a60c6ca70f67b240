"""The odds chart, tested by structure: size, mode, theme colours, and two series apart without colour."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.odds_chart import MAX_COLUMNS, MAX_PNG_BYTES, PALETTES, _columns, render_odds_chart
from rules.dice_odds import odds
from rules.distribution import MAX_CHART_RESULTS, Distribution, power, uniform
from rules.errors import RuleError
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


class _Counted(Distribution):
    """A distribution that counts how many results the renderer reads."""

    read = 0

    def items(self):  # type: ignore[no-untyped-def]
        for item in super().items():
            _Counted.read += 1
            yield item


def test_drawing_is_linear_in_the_results() -> None:
    # one result every 7 over a span of 700,000: the old chart scanned its table once per value
    wide = Distribution.of({7 * k: 1.0 for k in range(100_000)})
    counted = _Counted(wide.outcomes, wide.probabilities)
    _Counted.read = 0
    image = open_png(render_odds_chart([("wide", counted)], title="t", x_label="total"))
    assert _Counted.read <= 10 * len(wide.outcomes)  # a few passes over the results, never one per value
    assert image.width == 800


def test_too_many_results_are_refused_before_drawing() -> None:
    huge = Distribution.of({k: 1.0 for k in range(MAX_CHART_RESULTS + 1)})
    with pytest.raises(RuleError, match="at most 200,000"):
        render_odds_chart([("huge", huge)], title="t", x_label="total")


def test_a_long_title_is_wrapped_then_shortened() -> None:
    title = "Models slain: T4 Sv3+ W3 x5 fnp5+ infantry " * 6
    image = open_png(render_odds_chart([("2d6", power(uniform(1, 6), 2))], title=title, x_label="total"))
    short = open_png(render_odds_chart([("2d6", power(uniform(1, 6), 2))], title="t", x_label="total"))
    assert image.height > short.height  # a second line, and no more
    assert image.height - short.height < 80
    palette = PALETTES["dark"]
    # nothing of the title reaches the right edge
    assert all(image.getpixel((image.width - 4, y)) == palette.bg for y in range(0, 110))


def test_a_wide_axis_is_cut_into_ranges_and_says_so() -> None:
    assert _columns(1, 1000) == (0, 20, 51)
    assert _columns(2, 12) == (2, 1, 11)
    assert _columns(-500, 500)[2] <= MAX_COLUMNS
