"""Draw the outcomes of an Infinity Face to Face Roll as a PNG: one bar per outcome, left to right
from the active side's biggest win to the reactive side's, with "no wounds" in the middle.

The odds chart (:mod:`renderers.odds_chart`) draws a distribution of one number with its mean
and an "at least" curve; a Face to Face Roll's outcomes are not one number (active wins with 3
wounds, nobody, reactive wins with 1 wound), so this chart lays them out the way the usual
calculators do, and borrows the odds chart's palettes so both look alike. The two sides stay
apart without colour: the active side's bars are solid, the reactive side's hatched, and "no
wounds" is grey. Wound counts whose chance of happening or more is under 0.1% are folded into
the last bar shown ("4+"), so the bars still add up to 100%.

>>> from rules.infinity import distribution, parse_side
>>> png = render_f2f_chart(distribution(parse_side("SV16 B3 PS4 DA"), parse_side("SV13 ARM2")))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers._chart import (
    MAX_WIDTH,
    MIN_WIDTH,
    PALETTES,
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
from rules.i18n import N_, Translator
from rules.infinity import Distribution, SideName

TRIM = 0.001
"""A wound count is folded into the one below when the chance of it or more is under this."""
MAX_BARS_PER_SIDE = 10
"""At most this many bars per side; the last one reads "10+"."""
SIDE_NAMES = {SideName.ACTIVE: N_("active"), SideName.REACTIVE: N_("reactive")}
NONE_LABEL = N_("none")


@dataclass(frozen=True)
class Bar:
    """One bar: whose win it is (None: no wounds), its label under the axis, and its chance."""

    side: SideName | None
    label: str
    chance: float


def chart_bars(odds: Distribution) -> list[Bar]:
    """The bars to draw, active side's most wounds first, the rare tails folded into "k+".

    >>> from rules.infinity import Side, distribution
    >>> bars = chart_bars(distribution(Side(attribute=20, ps=10), Side(burst=0)))
    >>> [(b.side and b.side.value, b.label, round(b.chance, 4)) for b in bars]
    [('active', '2', 0.0125), ('active', '1', 0.5), (None, 'none', 0.4875)]
    """

    def side_bars(side: SideName, chances: list[float]) -> list[Bar]:
        at_least = [sum(chances[w:]) for w in range(len(chances))]
        shown = [w for w in range(1, len(chances)) if at_least[w] >= TRIM][:MAX_BARS_PER_SIDE]
        bars = []
        for w in shown:
            folded = w == shown[-1] and w < len(chances) - 1
            chance = at_least[w] if folded else chances[w]
            bars.append(Bar(side, f"{w}+" if folded else str(w), chance))
        return bars

    active = side_bars(SideName.ACTIVE, odds.active)
    reactive = side_bars(SideName.REACTIVE, odds.reactive)
    return [*reversed(active), Bar(None, "none", odds.no_wounds), *reactive]


def _percent(p: float, t: Translator) -> str:
    if p >= 0.1:
        return fixed_percent(t, p, 0)
    if p >= 0.001:
        return fixed_percent(t, p, 1)
    return "<" + fixed_percent(t, 0.001, 1) if p > 0 else fixed_percent(t, 0, 0)


def _fitting_font(
    draw: ImageDraw.ImageDraw, texts: list[str], room: float, largest: int, smallest: int
) -> Font:
    """The largest font (down to ``smallest``) in which every text fits ``room`` pixels."""
    for size in range(largest, smallest - 1, -2):
        fnt = font(size)
        if all(draw.textlength(text, font=fnt) <= room for text in texts):
            return fnt
    return font(smallest)


def _axis_labels(
    draw: ImageDraw.ImageDraw, bars: list[Bar], room: float, largest: int, smallest: int, t: Translator
) -> tuple[list[str], Font]:
    """The labels under the bars and the largest font (down to ``smallest``) in which each fits
    its slot; "none" becomes "0" when even the smallest font is too wide for it."""
    labels = [t(NONE_LABEL) if b.side is None else b.label for b in bars]
    fnt = _fitting_font(draw, labels, room, largest, smallest)
    if all(draw.textlength(label, font=fnt) <= room for label in labels):
        return labels, fnt
    return ["0" if b.side is None else b.label for b in bars], fnt


def render_f2f_chart(
    odds: Distribution, *, theme: Theme = "dark", size: int = 800, t: Translator | None = None
) -> bytes:
    """A PNG of every outcome of a Face to Face Roll; ``size`` is the width in pixels. Its words
    and numbers are ``t``'s language (English by default).

    >>> from rules.infinity import Edition, distribution, parse_side
    >>> d = distribution(parse_side("SV12 B2"), parse_side("SV12"), edition=Edition.N4)
    >>> len(render_f2f_chart(d, theme="light", size=600)) > 1000
    True
    """
    t = words(t)
    palette = PALETTES[theme]
    width = max(MIN_WIDTH, min(MAX_WIDTH, size))
    u = width / 1000  # every length below is for a 1000-pixel-wide chart
    height = int(760 * u)
    image = Image.new("RGB", (width, height), palette.bg)
    draw = _surface(image)
    big, mid, small = font(int(40 * u), bold=True), font(int(30 * u)), font(int(26 * u))
    colours = {SideName.ACTIVE: palette.series[0], SideName.REACTIVE: palette.series[1], None: palette.muted}
    spacing = max(6, int(10 * u))

    def swatch(box: tuple[int, int, int, int], side: SideName | None) -> None:
        colour = colours[side]
        if side is SideName.REACTIVE:
            if box[2] - box[0] >= 3:
                draw.rectangle(box, outline=colour, width=max(1, min(int(3 * u), (box[2] - box[0]) // 3)))
            hatch(image, box, colour, spacing)
        else:
            draw.rectangle(box, fill=colour)

    # title and legend: each side's line, its chance of winning, and "no wounds"
    margin = int(32 * u)
    title = t("Face to Face Roll · {edition}", edition=odds.edition.value)
    draw.text((margin, int(20 * u)), _fit(draw, title, big, width - 2 * margin), font=big, fill=palette.text)
    wins = {SideName.ACTIVE: odds.active_wins, SideName.REACTIVE: odds.reactive_wins}
    sides = {SideName.ACTIVE: odds.active_side, SideName.REACTIVE: odds.reactive_side}
    y = int(76 * u)
    for side in (SideName.ACTIVE, SideName.REACTIVE):
        if sides[side].rolls:
            swatch((margin, y + int(4 * u), margin + int(40 * u), y + int(34 * u)), side)
            tail = "  " + t("wins {share}", share=_percent(wins[side], t))
        else:
            tail = "  " + t("does not roll")
        room = width - margin * 2 - int(56 * u) - draw.textlength(tail, font=mid)
        text = _fit(draw, f"{t(SIDE_NAMES[side])} {sides[side].describe()}", mid, room) + tail
        draw.text((margin + int(56 * u), y + int(2 * u)), text, font=mid, fill=palette.text)
        y += int(42 * u)
    swatch((margin, y + int(4 * u), margin + int(40 * u), y + int(34 * u)), None)
    nobody = t(
        "no wounds {share} (nobody wins {nobody})",
        share=_percent(odds.no_wounds, t),
        nobody=_percent(odds.nobody, t),
    )
    nobody = _fit(draw, nobody, mid, width - margin * 2 - int(56 * u))
    draw.text((margin + int(56 * u), y + int(2 * u)), nobody, font=mid, fill=palette.text)

    bars = chart_bars(odds)
    # the percentage axis needs room for "100 %" in a language that spaces its sign
    left = max(int(110 * u), int(draw.textlength(fixed_percent(t, 1.0, 0), font=small)) + int(32 * u))
    right = width - int(30 * u)
    bars_top, bars_bottom = y + int(110 * u), height - int(160 * u)
    slot = (right - left) / len(bars)
    peak = max(b.chance for b in bars) or 1.0
    scale_top = nice_ceiling(peak)
    for frac in (0.0, 0.5, 1.0):
        gy = bars_bottom - frac * (bars_bottom - bars_top)
        draw.line([(left, gy), (right, gy)], fill=palette.grid, width=max(1, int(2 * u)))
        draw.text(
            (left - int(12 * u), gy),
            axis_percent(frac * scale_top, t),
            font=small,
            fill=palette.muted,
            anchor="rm",
        )
    gap = max(2.0, slot * 0.14)
    shares = [_percent(b.chance, t) for b in bars]
    percent_font = _fitting_font(draw, shares, slot, int(26 * u), int(18 * u))
    labels, label_font = _axis_labels(draw, bars, slot - 4, int(30 * u), max(12, int(20 * u)), t)
    for i, bar in enumerate(bars):
        x0, x1 = left + i * slot + gap, left + (i + 1) * slot - gap
        top = bars_bottom - min(1.0, bar.chance / scale_top) * (bars_bottom - bars_top)
        if bar.chance > 0:
            swatch((int(x0), int(min(top, bars_bottom - 1)), int(x1), int(bars_bottom)), bar.side)
        centre = (x0 + x1) / 2
        text = shares[i]
        if draw.textlength(text, font=percent_font) <= slot:
            draw.text((centre, top - int(6 * u)), text, font=percent_font, fill=palette.text, anchor="md")
        draw.text(
            (centre, bars_bottom + int(12 * u)), labels[i], font=label_font, fill=palette.text, anchor="ma"
        )

    # group captions under the bars: whose win, and what the numbers count
    caption_y = bars_bottom + int(64 * u)
    for side, x, anchor in ((SideName.ACTIVE, left, "la"), (SideName.REACTIVE, right, "ra")):
        if any(b.side is side for b in bars):
            unit = t("wounds") if sides[side].ammo.causes_wounds else t("failed saves")
            caption = t("{side} wins: {unit}", side=t(SIDE_NAMES[side]), unit=unit)
            caption = _fit(draw, caption, small, (right - left) / 2 - int(10 * u))
            arrow = f"← {caption}" if side is SideName.ACTIVE else f"{caption} →"
            draw.text((x, caption_y), arrow, font=small, fill=colours[side], anchor=anchor)
    folded = any(b.label.endswith("+") for b in bars)
    if folded:
        note = _fit(draw, t("n+: n or more (rarer counts folded in)"), small, width - 2 * margin)
        draw.text(
            ((left + right) / 2, height - int(14 * u)), note, font=small, fill=palette.muted, anchor="md"
        )

    out = io.BytesIO()
    image.quantize(palette=palette_image(theme), dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=3
    )
    return out.getvalue()
