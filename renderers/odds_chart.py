"""Draw exact odds as a PNG: the chance of each result as bars, the mean marked, and the chance
of "at least" each result as a curve, for one distribution or two side by side.

Two series stay apart without colour: the first has solid bars, round markers and a solid
curve; the second hatched bars, square markers and a dashed curve. Text is large enough to read
on a phone, where Discord shows the image about 400 pixels wide, and both palettes follow
Discord's dark and light themes. Results too unlikely to show (below 0.1% at either end) are
left off the axis, and the chart says so.

>>> from rules.distribution import power, uniform
>>> png = render_odds_chart([("2d6", power(uniform(1, 6), 2))], title="2d6", x_label="total")
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from renderers._chart import (
    MAX_WIDTH,
    MIN_WIDTH,
    PALETTES,
    RGB,
    Palette,
    Theme,
    axis_percent,
    hatch,
    nice_ceiling,
    palette_image,
)
from renderers._fonts import Font, font
from rules.distribution import Distribution

__all__ = ["MAX_PNG_BYTES", "MAX_WIDTH", "MIN_WIDTH", "PALETTES", "Palette", "Theme", "render_odds_chart"]

MAX_SERIES = 2
MAX_PNG_BYTES = 300_000
TRIM = 0.001
"""Results rarer than this at either end of the axis are not drawn."""





def _axis_range(series: Sequence[tuple[str, Distribution]]) -> tuple[int, int, bool]:
    """The first and last result worth drawing, and whether rare results were left off."""
    low = min(math.floor(d.minimum) for _, d in series)
    high = max(math.ceil(d.maximum) for _, d in series)
    trimmed_low = min(_first_above(d, TRIM) for _, d in series)
    trimmed_high = max(_last_above(d, TRIM) for _, d in series)
    trimmed = trimmed_low > low or trimmed_high < high
    return trimmed_low, trimmed_high, trimmed


def _first_above(d: Distribution, tail: float) -> int:
    mass = 0.0
    for k, p in d.items():
        mass += p
        if mass > tail:
            return math.floor(k)
    return math.floor(d.maximum)


def _last_above(d: Distribution, tail: float) -> int:
    mass = 0.0
    for k, p in reversed(list(d.items())):
        mass += p
        if mass > tail:
            return math.ceil(k)
    return math.ceil(d.minimum)


def _nice_step(span: int, room: int) -> int:
    """A tick step (1, 2, 5, 10, 20, 50...) that puts at most ``room`` labels on the axis."""
    for scale in (1, 10, 100, 1000, 10_000, 100_000):
        for base in (1, 2, 5):
            step = base * scale
            if span / step <= room:
                return step
    return max(1, span)


def _text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fnt: Font, fill: RGB, anchor: str = "la"
) -> None:
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)





def _fitted(draw: ImageDraw.ImageDraw, text: str, size: int, room: int) -> tuple[str, Font]:
    """``text`` in a bold font of at most ``size`` that fits ``room`` pixels: smaller type first
    (down to 60%), then cut with an ellipsis, so a long title never runs off the chart."""
    smallest = max(1, int(size * 0.6))
    for points in range(size, smallest - 1, -2):
        fnt = font(points, bold=True)
        if draw.textlength(text, font=fnt) <= room:
            return text, fnt
    while len(text) > 1 and draw.textlength(text + "…", font=fnt) > room:
        text = text[:-1]
    return text.rstrip() + "…", fnt


def _dashed(
    draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour: RGB, width: int, dash: int
) -> None:
    on = True
    left = float(dash)
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        length = math.hypot(bx - ax, by - ay)
        done = 0.0
        while done < length:
            step = min(left, length - done)
            sx, sy = ax + (bx - ax) * done / length, ay + (by - ay) * done / length
            ex, ey = ax + (bx - ax) * (done + step) / length, ay + (by - ay) * (done + step) / length
            if on:
                draw.line([(sx, sy), (ex, ey)], fill=colour, width=width)
            done += step
            left -= step
            if left <= 0:
                on, left = not on, float(dash)


def _marker(draw: ImageDraw.ImageDraw, x: float, y: float, index: int, colour: RGB, bg: RGB, r: int) -> None:
    if index == 0:
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=bg, width=2)
    else:
        draw.rectangle([x - r, y - r, x + r, y + r], fill=bg, outline=colour, width=max(3, r // 2))


def _percent(p: float) -> str:
    if p >= 0.995:
        return f"{p:.0%}" if p >= 0.9995 else f"{p:.1%}"
    if p >= 0.1:
        return f"{p:.0%}"
    return f"{p:.1%}"


def render_odds_chart(
    series: Sequence[tuple[str, Distribution]],
    *,
    title: str,
    x_label: str,
    theme: Theme = "dark",
    size: int = 800,
) -> bytes:
    """A PNG of one or two distributions: bars for P(exactly k), the mean, a curve for P(at least k).

    ``series`` is ``[(label, distribution)]`` with one or two entries; ``size`` is the width.

    >>> from rules.distribution import uniform
    >>> a, b = uniform(1, 6), uniform(2, 4)
    >>> len(render_odds_chart([("d6", a), ("d3+1", b)], title="compare", x_label="result")) > 1000
    True
    """
    if not 1 <= len(series) <= MAX_SERIES:
        raise ValueError(f"one or two series, not {len(series)}")
    palette = PALETTES[theme]
    width = max(MIN_WIDTH, min(MAX_WIDTH, size))
    u = width / 1000  # every length below is for a 1000-pixel-wide chart
    height = int((800 + 32 * len(series)) * u)
    image = Image.new("RGB", (width, height), palette.bg)
    draw = ImageDraw.Draw(image)
    mid, small = font(int(30 * u)), font(int(26 * u))

    # title and legend
    title, big_title = _fitted(draw, title, int(40 * u), width - int(64 * u))
    _text(draw, (int(32 * u), int(20 * u)), title, big_title, palette.text)
    legend_y = int(74 * u)
    x = int(32 * u)
    for index, (label, dist) in enumerate(series):
        colour = palette.series[index]
        box = (x, legend_y + int(4 * u), x + int(40 * u), legend_y + int(34 * u))
        if index == 0:
            draw.rectangle(box, fill=colour)
        else:
            draw.rectangle(box, outline=colour, width=max(2, int(3 * u)))
            hatch(image, box, colour, max(6, int(10 * u)))
        _marker(draw, box[2] + int(22 * u), legend_y + int(19 * u), index, colour, palette.bg, int(9 * u))
        text = f"{label}  (mean {dist.mean:.2f})"
        _text(draw, (box[2] + int(44 * u), legend_y + int(2 * u)), text, mid, palette.text)
        x = box[2] + int(44 * u) + int(draw.textlength(text, font=mid)) + int(36 * u)
        if x > width * 0.55 and index == 0 and len(series) > 1:
            legend_y += int(42 * u)
            x = int(32 * u)
    top = legend_y + int(58 * u)

    low, high, trimmed = _axis_range(series)
    span = high - low + 1
    left, right = int(110 * u), width - int(30 * u)
    strip = top + int(40 * u)  # one row per series for the mean labels
    bars_top = strip + len(series) * int(32 * u) + int(14 * u)
    bars_bottom = bars_top + int(220 * u)
    curve_top = bars_bottom + int(92 * u)
    curve_bottom = height - int(90 * u)
    slot = (right - left) / span

    def cx(k: float) -> float:
        return left + (k - low + 0.5) * slot

    # bars: chance of exactly k
    peak = max(max((p for k, p in d.items() if low <= k <= high), default=0.0) for _, d in series) or 1.0
    scale_top = min(1.0, nice_ceiling(peak))
    _text(draw, (left, top), "chance of exactly", small, palette.muted)
    for frac in (0.0, 0.5, 1.0):
        y = bars_bottom - frac * (bars_bottom - bars_top)
        draw.line([(left, y), (right, y)], fill=palette.grid, width=max(1, int(2 * u)))
        _text(draw, (left - int(12 * u), y), axis_percent(frac * scale_top), small, palette.muted, "rm")
    gap = max(1.0, slot * 0.12)
    bar_w = (slot - 2 * gap) / len(series)
    for index, (_, dist) in enumerate(series):
        colour = palette.series[index]
        for k, p in dist.items():
            if not low <= k <= high or p <= 0:
                continue
            x0 = left + (k - low) * slot + gap + index * bar_w
            y0 = bars_bottom - (p / scale_top) * (bars_bottom - bars_top)
            box = (int(x0), int(min(y0, bars_bottom - 1)), int(x0 + max(1.0, bar_w - 1)), int(bars_bottom))
            if index == 0:
                draw.rectangle(box, fill=colour)
            else:
                if box[2] - box[0] >= 3:
                    draw.rectangle(box, outline=colour, width=max(1, min(int(3 * u), (box[2] - box[0]) // 3)))
                hatch(image, box, colour, max(6, int(10 * u)))
    # the means: a dashed line through the bars, its label (with the series' marker) in its own row
    for index, (_, dist) in enumerate(series):
        mean_x = min(max(cx(dist.mean), left), right)
        row_y = strip + index * int(32 * u) + int(16 * u)
        _dashed(draw, [(mean_x, row_y), (mean_x, bars_bottom)], palette.mean, max(2, int(4 * u)), int(12 * u))
        _marker(draw, mean_x, row_y, index, palette.series[index], palette.bg, int(9 * u))
        label = f"mean {dist.mean:.1f}"
        right_side = mean_x < (left + right) / 2
        lx = mean_x + int(16 * u) if right_side else mean_x - int(16 * u)
        _text(draw, (lx, row_y), label, small, palette.mean, "lm" if right_side else "rm")

    # curve: chance of at least k
    _text(draw, (left, bars_bottom + int(44 * u)), "chance of at least", small, palette.muted)
    for frac in (0.0, 0.5, 1.0):
        y = curve_bottom - frac * (curve_bottom - curve_top)
        draw.line([(left, y), (right, y)], fill=palette.grid, width=max(1, int(2 * u)))
        _text(draw, (left - int(12 * u), y), f"{frac:.0%}", small, palette.muted, "rm")
    marker_every = max(1, math.ceil(span / 25))
    for index, (_, dist) in enumerate(series):
        colour = palette.series[index]
        table = dict(dist.at_least_table())
        points = []
        running = 1.0
        for k in range(low, high + 1):
            running = table.get(k, _at_least_between(table, k, running))
            points.append((cx(k), curve_bottom - running * (curve_bottom - curve_top)))
        line_w = max(2, int(4 * u))
        if index == 0:
            draw.line(points, fill=colour, width=line_w, joint="curve")
        else:
            _dashed(draw, points, colour, line_w, int(14 * u))
        for i, (px, py) in enumerate(points):
            if i % marker_every == 0:
                _marker(draw, px, py, index, colour, palette.bg, max(4, int(8 * u)))

    # x axis, shared by both panels
    step = _nice_step(span, max(2, int((right - left) / (70 * u))))
    first = low + (-low) % step
    for k in range(first, high + 1, step):
        _text(draw, (cx(k), curve_bottom + int(12 * u)), str(k), small, palette.muted, "ma")
    footer = x_label + ("  (results under 0.1% not shown)" if trimmed else "")
    _text(draw, ((left + right) / 2, height - int(14 * u)), footer, small, palette.muted, "md")

    out = io.BytesIO()
    # a palette image made of the theme's own colours (and blends for smooth text edges) keeps
    # every drawn colour exact and encodes several times faster than full colour
    image.quantize(palette=palette_image(theme), dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=3
    )
    return out.getvalue()











def _at_least_between(table: dict[int, float], k: int, previous: float) -> float:
    """P(at least k) for a k that is not itself a possible result: that of the next one up."""
    above = [v for key, v in table.items() if key >= k]
    return max(above) if above else 0.0
