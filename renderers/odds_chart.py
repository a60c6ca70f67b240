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
    fixed_percent,
    hatch,
    nice_ceiling,
    palette_image,
)
from renderers._fonts import Font, font
from renderers.canvas import draw as _surface
from renderers.canvas import fit as _fit
from renderers.canvas import words
from renderers.canvas import wrap as _wrap
from rules.distribution import Distribution, check_chart
from rules.i18n import Translator

__all__ = ["MAX_PNG_BYTES", "MAX_WIDTH", "MIN_WIDTH", "PALETTES", "Palette", "Theme", "render_odds_chart"]

MAX_SERIES = 2
MAX_PNG_BYTES = 300_000
TRIM = 0.001
"""Results rarer than this at either end of the axis are not drawn."""
MAX_COLUMNS = 60
"""Most bars per series: past this many results, a bar stands for a range of them."""


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
    scale = 1
    while True:
        for base in (1, 2, 5):
            step = base * scale
            if span / step <= room:
                return step
        scale *= 10


def _text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fnt: Font, fill: RGB, anchor: str = "la"
) -> None:
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)


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


def _percent(p: float, t: Translator) -> str:
    if p >= 0.995:
        return fixed_percent(t, p, 0 if p >= 0.9995 else 1)
    if p >= 0.1:
        return fixed_percent(t, p, 0)
    return fixed_percent(t, p, 1)


def _columns(low: int, high: int) -> tuple[int, int, int]:
    """``(first, width, count)``: the bars' columns, one per result or one per range of results.

    Up to :data:`MAX_COLUMNS` results get a bar each; a wider axis is cut into ranges of a round
    width (2, 5, 10, 20...) starting at a multiple of it, and the chart says so.

    >>> _columns(2, 12), _columns(1, 1000)
    ((2, 1, 11), (0, 20, 51))
    """
    span = high - low + 1
    width = 1 if span <= MAX_COLUMNS else _nice_step(span, MAX_COLUMNS - 1)
    first = low - low % width
    return first, width, (high - first) // width + 1


def _per_column(dist: Distribution, first: int, width: int, count: int) -> tuple[list[float], list[float]]:
    """P(result in each column) and P(result at least each column's first value), in one pass."""
    exact = [0.0] * count
    above = 0.0  # mass past the last column
    for k, p in dist.items():
        column = (math.floor(k) - first) // width
        if column >= count:
            above += p
        elif column >= 0:
            exact[column] += p
    at_least = [0.0] * count
    tail = above
    for column in range(count - 1, -1, -1):
        tail += exact[column]
        at_least[column] = min(1.0, tail)
    return exact, at_least


def _mean_mark(draw: ImageDraw.ImageDraw, x: float, y: float, index: int, colour: RGB, r: int) -> None:
    """A small triangle pointing down at the mean: filled for the first series, hollow for the
    second; unlike the round and square points of the data, it marks a line, not a result."""
    points = [(x - r, y - r), (x + r, y - r), (x, y + r)]
    if index == 0:
        draw.polygon(points, fill=colour)
    else:
        draw.polygon(points, outline=colour, width=max(2, r // 3))


def render_odds_chart(
    series: Sequence[tuple[str, Distribution]],
    *,
    title: str,
    x_label: str,
    theme: Theme = "dark",
    size: int = 800,
    t: Translator | None = None,
) -> bytes:
    """A PNG of one or two distributions: bars for P(exactly k), the mean, a curve for P(at least k).

    ``series`` is ``[(label, distribution)]`` with one or two entries; ``size`` is the width. The
    work is linear in the number of results (:func:`rules.distribution.check_chart` refuses a
    chart past its budget first); past :data:`MAX_COLUMNS` results, a bar stands for a range of
    results and the chart says so. A title too long for one line is wrapped, then shortened.
    Its words and numbers are ``t``'s language (English by default); ``title``, ``x_label`` and
    the series' labels come in it.

    >>> from rules.distribution import uniform
    >>> a, b = uniform(1, 6), uniform(2, 4)
    >>> len(render_odds_chart([("d6", a), ("d3+1", b)], title="compare", x_label="result")) > 1000
    True
    """
    if not 1 <= len(series) <= MAX_SERIES:
        raise ValueError(f"one or two series, not {len(series)}")
    check_chart([d for _, d in series])
    t = words(t)
    palette = PALETTES[theme]
    width = max(MIN_WIDTH, min(MAX_WIDTH, size))
    u = width / 1000  # every length below is for a 1000-pixel-wide chart
    big, mid, small = font(int(40 * u), bold=True), font(int(30 * u)), font(int(26 * u))
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    title_lines = _wrap(measure, title, big, width - int(64 * u))
    extra = (len(title_lines) - 1) * int(48 * u)
    height = int((800 + 32 * len(series)) * u) + extra
    image = Image.new("RGB", (width, height), palette.bg)
    draw = _surface(image)

    # title and legend
    for line_number, line in enumerate(title_lines):
        _text(draw, (int(32 * u), int(20 * u) + line_number * int(48 * u)), line, big, palette.text)
    legend_y = int(74 * u) + extra
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
        mean_text = "  " + t("(mean {mean})", mean=t.number(dist.mean, 2))
        room = width - int(32 * u) - (box[2] + int(44 * u)) - draw.textlength(mean_text, font=mid)
        text = _fit(draw, label, mid, room) + mean_text
        _text(draw, (box[2] + int(44 * u), legend_y + int(2 * u)), text, mid, palette.text)
        x = box[2] + int(44 * u) + int(draw.textlength(text, font=mid)) + int(36 * u)
        if index == 0 and len(series) > 1:
            nxt = f"{series[1][0]}  " + t("(mean {mean})", mean=t.number(series[1][1].mean, 2))
            if x + int(84 * u) + draw.textlength(nxt, font=mid) > width - int(32 * u):
                legend_y += int(42 * u)
                x = int(32 * u)
    top = legend_y + int(58 * u)

    low, high, trimmed = _axis_range(series)
    first, per, count = _columns(low, high)
    # the percentage axis needs room for "100 %" in a language that spaces its sign
    left = max(int(110 * u), int(draw.textlength(fixed_percent(t, 1.0, 0), font=small)) + int(32 * u))
    right = width - int(30 * u)
    strip = top + int(40 * u)  # one row per series for the mean labels
    bars_top = strip + len(series) * int(32 * u) + int(14 * u)
    bars_bottom = bars_top + int(220 * u)
    curve_top = bars_bottom + int(92 * u)
    curve_bottom = height - int(90 * u)
    slot = (right - left) / count
    offset = 0.5 if per == 1 else 0.0  # one result per bar: its value sits in the bar's middle

    def px(value: float) -> float:
        return left + (value - first + offset) / per * slot

    columns = [_per_column(d, first, per, count) for _, d in series]

    # bars: chance of exactly k (or of each range of results)
    peak = max(max(exact) for exact, _ in columns) or 1.0
    scale_top = min(1.0, nice_ceiling(peak))
    if per == 1:
        heading = t("chance of exactly")
    else:
        second = first + per
        heading = t(
            "chance of each range of {width} ({first}–{last}, {next}–{next_last}, …)",
            width=per,
            first=first,
            last=second - 1,
            next=second,
            next_last=second + per - 1,
        )
    _text(draw, (left, top), _fit(draw, heading, small, right - left), small, palette.muted)
    for frac in (0.0, 0.5, 1.0):
        y = bars_bottom - frac * (bars_bottom - bars_top)
        draw.line([(left, y), (right, y)], fill=palette.grid, width=max(1, int(2 * u)))
        _text(draw, (left - int(12 * u), y), axis_percent(frac * scale_top, t), small, palette.muted, "rm")
    gap = max(1.0, slot * 0.12) if slot >= 4 else 0.0
    bar_w = (slot - 2 * gap) / len(series)
    for index, (exact, _) in enumerate(columns):
        colour = palette.series[index]
        for column, p in enumerate(exact):
            if p <= 0:
                continue
            x0 = left + column * slot + gap + index * bar_w
            y0 = bars_bottom - (p / scale_top) * (bars_bottom - bars_top)
            box = (int(x0), int(min(y0, bars_bottom - 1)), int(x0 + max(1.0, bar_w - 1)), int(bars_bottom))
            if index == 0:
                draw.rectangle(box, fill=colour)
            else:
                if box[2] - box[0] >= 3:
                    draw.rectangle(box, outline=colour, width=max(1, min(int(3 * u), (box[2] - box[0]) // 3)))
                hatch(image, box, colour, max(6, int(10 * u)))
    # the means: a dashed line through the bars, a triangle and its label in the series' own row;
    # with two series the lower mean's label goes left of its line and the higher's right, so
    # they never cross each other's line
    means = [min(max(px(d.mean), left), right) for _, d in series]
    for index, (_, dist) in enumerate(series):
        mean_x = means[index]
        row_y = strip + index * int(32 * u) + int(16 * u)
        _dashed(draw, [(mean_x, row_y), (mean_x, bars_bottom)], palette.mean, max(2, int(4 * u)), int(12 * u))
        _mean_mark(draw, mean_x, row_y, index, palette.series[index], int(10 * u))
        label = t("mean {mean}", mean=t.number(dist.mean, 1))
        if len(series) > 1:
            right_side = means[index] >= means[1 - index] if means[0] != means[1] else index == 1
        else:
            right_side = mean_x < (left + right) / 2
        room = draw.textlength(label, font=small) + int(16 * u)
        if right_side and mean_x + room > width - int(8 * u):
            right_side = False
        elif not right_side and mean_x - room < int(8 * u):
            right_side = True
        lx = mean_x + int(16 * u) if right_side else mean_x - int(16 * u)
        _text(draw, (lx, row_y), label, small, palette.mean, "lm" if right_side else "rm")

    # curve: chance of at least k (at each range's first value)
    _text(draw, (left, bars_bottom + int(44 * u)), t("chance of at least"), small, palette.muted)
    for frac in (0.0, 0.5, 1.0):
        y = curve_bottom - frac * (curve_bottom - curve_top)
        draw.line([(left, y), (right, y)], fill=palette.grid, width=max(1, int(2 * u)))
        _text(draw, (left - int(12 * u), y), fixed_percent(t, frac, 0), small, palette.muted, "rm")
    marker_every = max(1, math.ceil(count / 25))
    for index, (_, at_least) in enumerate(columns):
        colour = palette.series[index]
        points = [
            (px(first + column * per), curve_bottom - p * (curve_bottom - curve_top))
            for column, p in enumerate(at_least)
        ]
        line_w = max(2, int(4 * u))
        if index == 0:
            draw.line(points, fill=colour, width=line_w, joint="curve")
        else:
            _dashed(draw, points, colour, line_w, int(14 * u))
        for i, (cx, cy) in enumerate(points):
            if i % marker_every == 0:
                _marker(draw, cx, cy, index, colour, palette.bg, max(4, int(8 * u)))

    # x axis, shared by both panels
    step = per * _nice_step(count, max(2, int((right - left) / (70 * u))))
    for k in range(first, first + count * per, step):
        _text(draw, (px(k), curve_bottom + int(12 * u)), t.number(k), small, palette.muted, "ma")
    hidden = "  " + t("(results under {share} not shown)", share=fixed_percent(t, TRIM, 1)) if trimmed else ""
    footer = _fit(draw, x_label, small, width - int(40 * u) - draw.textlength(hidden, font=small)) + hidden
    _text(draw, ((left + right) / 2, height - int(14 * u)), footer, small, palette.muted, "md")

    out = io.BytesIO()
    # a palette image made of the theme's own colours (and blends for smooth text edges) keeps
    # every drawn colour exact and encodes several times faster than full colour
    image.quantize(palette=palette_image(theme), dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=3
    )
    return out.getvalue()
