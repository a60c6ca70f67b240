"""What the chart renderers share: the dark and light palettes, the width bounds, the hatching that
tells a second series apart without colour, axis labels, and the small PNG palette.

``odds_chart`` (one or two distributions) and ``f2f_chart`` (a face-to-face roll) both draw with
these, so a chart looks the same whichever command made it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw

from rules.i18n import Translator

Theme = Literal["dark", "light"]
RGB = tuple[int, int, int]
MIN_WIDTH = 480
MAX_WIDTH = 2000


@dataclass(frozen=True)
class Palette:
    bg: RGB
    text: RGB
    muted: RGB
    grid: RGB
    series: tuple[RGB, RGB]
    mean: RGB


PALETTES: dict[str, Palette] = {
    "dark": Palette(
        bg=(49, 51, 56),
        text=(242, 243, 245),
        muted=(181, 186, 193),
        grid=(78, 80, 88),
        series=((88, 166, 255), (250, 176, 5)),
        mean=(237, 66, 69),
    ),
    "light": Palette(
        bg=(255, 255, 255),
        text=(22, 24, 28),
        muted=(78, 84, 96),
        grid=(214, 217, 222),
        series=((25, 95, 200), (196, 110, 0)),
        mean=(200, 30, 40),
    ),
}


def hatch(image: Image.Image, box: tuple[int, int, int, int], colour: RGB, spacing: int) -> None:
    """Diagonal lines inside ``box``: the second series' bars read apart without colour."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if w < 1 or h < 1:
        return
    mask = Image.new("L", (w, h), 0)
    pen = ImageDraw.Draw(mask)
    width = max(2, spacing // 3)
    for c in range(-h, w + h, spacing):
        pen.line([(c, h), (c + h, 0)], fill=255, width=width)
    image.paste(colour, (x0, y0, x1, y1), mask)


@functools.lru_cache(maxsize=4)
def palette_image(theme: str) -> Image.Image:
    palette = PALETTES[theme]
    inks = [palette.text, palette.muted, palette.grid, *palette.series, palette.mean]
    colours: list[RGB] = [palette.bg, *inks]
    for ink in inks:
        for step in range(1, 8):
            t = step / 8
            blend: RGB = tuple(round(b + (c - b) * t) for b, c in zip(palette.bg, ink, strict=True))  # type: ignore[assignment]
            # Pillow maps to a palette through a coarse cache: entries too close to another
            # would steal its pixels (the background turning into a faint grid colour)
            if all(sum(abs(x - y) for x, y in zip(blend, other, strict=True)) >= 30 for other in colours):
                colours.append(blend)
    flat = [channel for colour in colours for channel in colour]
    flat += flat[-3:] * (256 - len(colours))
    holder = Image.new("P", (1, 1))
    holder.putpalette(flat)
    return holder


def fixed_percent(t: Translator, p: float, digits: int) -> str:
    """``p`` as a percentage with exactly ``digits`` decimals, the language's way: ``5.0%`` in
    English, ``5,0 %`` in Spanish (a chart's labels keep one width from bar to bar).

    >>> from rules.i18n import translator
    >>> fixed_percent(translator("en"), 0.05, 1), fixed_percent(translator("en"), 0.5, 0)
    ('5.0%', '50%')
    """
    from babel.numbers import format_percent

    pattern = t.locale.percent_formats[None].pattern
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1) if "." not in pattern else pattern
    return format_percent(p, format=pattern, locale=t.locale)


def axis_percent(p: float, t: Translator) -> str:
    return fixed_percent(t, p, 0 if round(p * 100, 6).is_integer() else 1)


def nice_ceiling(p: float) -> float:
    """The bar axis top: the smallest of 5%, 10%, 20%, 25%, 50%, 100%... at or above ``p``."""
    for top in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.4, 0.5, 0.6, 0.8, 1.0):
        if p <= top + 1e-12:
            return top
    return 1.0
