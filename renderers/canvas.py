"""The one canvas kit every picture is drawn with: themes and the shared surface colours, fonts,
text that fits a width, aligned text, paging, a table's head row and PNG encoding under a size cap.

Every renderer draws its words through :func:`fit`, :func:`wrap`, :func:`centre` and
:func:`right` on a :func:`draw` surface, so there is one place where a picture's text is measured,
and one place where a picture becomes PNG bytes within Discord's sizes. The words are the
reader's: a renderer takes ``t`` (a :class:`~rules.i18n.Translator`, English by default, see
:func:`words`) and never picks a language itself. :func:`recording` lets a test read every word
a picture drew.

>>> from PIL import Image, ImageDraw
>>> draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
>>> fit(draw, "Commander Mordecai of the Iron Warriors", font(20), 120).endswith("…")
True
>>> page_count(64, 32), page_count(0, 32)
(2, 1)
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, fields
from typing import Any, Literal

from PIL import Image, ImageDraw

from renderers._fonts import Font, font
from rules.i18n import Translator, translator

__all__ = [
    "RGB",
    "SURFACES",
    "Font",
    "Surface",
    "Theme",
    "centre",
    "draw",
    "encode_png",
    "fit",
    "font",
    "head_row",
    "page_count",
    "page_of",
    "palette",
    "recording",
    "right",
    "say",
    "words",
    "wrap",
]

Theme = Literal["dark", "light"]
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Surface:
    """The colours every table-like picture shares: the page, its alternating rows, body and
    muted text, and rules. A renderer's own palette adds its accents to these."""

    bg: RGB
    row: RGB
    row_alt: RGB
    text: RGB
    muted: RGB
    rule: RGB


#: Opaque in both Discord themes: a picture reads the same whichever theme the viewer uses.
SURFACES: dict[str, Surface] = {
    "dark": Surface(
        bg=(30, 31, 34),
        row=(43, 45, 49),
        row_alt=(37, 39, 43),
        text=(242, 243, 245),
        muted=(170, 176, 186),
        rule=(90, 94, 104),
    ),
    "light": Surface(
        bg=(250, 250, 252),
        row=(236, 238, 242),
        row_alt=(246, 247, 250),
        text=(22, 24, 28),
        muted=(90, 96, 108),
        rule=(190, 194, 204),
    ),
}


def palette(cls: type[Any], theme: str, **accents: Any) -> Any:
    """A renderer's palette (a dataclass extending :class:`Surface`) for ``theme``: the shared
    surface colours plus the renderer's ``accents`` (any of which may override a surface colour)."""
    base = {f.name: getattr(SURFACES[theme], f.name) for f in fields(Surface)}
    return cls(**{**base, **accents})


# -- words and the surface they are drawn on ------------------------------------------------------


def words(t: Translator | None) -> Translator:
    """The translator a renderer draws with: the caller's ``t``, else English.

    >>> words(None)("Round {n}", n=2)
    'Round 2'
    """
    return t if t is not None else translator(None)


def say(t: Translator, text: object) -> str:
    """A text the rules gave (a label, a lazy message, or a sentence not marked yet) in ``t``'s
    language: a marked msgid or a message is translated, anything else is drawn as it is; an empty
    text stays empty (gettext's empty msgid is the catalogue's header).

    >>> say(words(None), ""), say(words(None), "Round")
    ('', 'Round')
    """
    return t(text) if text else ""  # type: ignore[arg-type]


_drawn: ContextVar[list[str] | None] = ContextVar("canvas_drawn", default=None)


class _Recorder(ImageDraw.ImageDraw):
    """A drawing surface that notes every text it draws (only while a test records)."""

    def text(self, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        found = _drawn.get()
        if found is not None:
            found.append(text.decode() if isinstance(text, bytes) else str(text))
        super().text(xy, text, *args, **kwargs)


def draw(image: Image.Image) -> ImageDraw.ImageDraw:
    """The surface every renderer draws ``image`` on: Pillow's own, or (while :func:`recording`)
    one that notes the words it draws."""
    if _drawn.get() is None:
        return ImageDraw.Draw(image)
    return _Recorder(image)


@contextlib.contextmanager
def recording() -> Iterator[list[str]]:
    """Every text drawn on a :func:`draw` surface inside the block, in order (tests read a
    picture's words this way).

    >>> with recording() as drawn:
    ...     centre(draw(Image.new("RGB", (90, 30))), 0, 90, 0, "Ronda 2", font(12), (255, 255, 255))
    >>> drawn
    ['Ronda 2']
    """
    found: list[str] = []
    token = _drawn.set(found)
    try:
        yield found
    finally:
        _drawn.reset(token)


# -- text -----------------------------------------------------------------------------------------


def fit(draw: ImageDraw.ImageDraw, text: str, face: Font, width: float) -> str:
    """``text`` shortened with an ellipsis until it is at most ``width`` pixels wide."""
    if draw.textlength(text, font=face) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with its ellipsis
        mid = (low + high + 1) // 2
        if draw.textlength(text[:mid].rstrip() + "…", font=face) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def wrap(draw: ImageDraw.ImageDraw, text: str, face: Font, width: float, lines: int = 2) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` pixels, broken between words only (a word is
    never split across lines), the last line shortened with an ellipsis if it still does not fit."""
    out: list[str] = []
    rest = " ".join(text.split())
    while rest and len(out) < lines - 1 and draw.textlength(rest, font=face) > width:
        words = rest.split(" ")
        line = words[0]
        for word in words[1:]:
            if draw.textlength(f"{line} {word}", font=face) > width:
                break
            line = f"{line} {word}"
        if draw.textlength(line, font=face) > width:
            break  # one word longer than the line: the ellipsis below shortens it
        out.append(line)
        rest = rest[len(line) :].strip()
    if rest:
        out.append(fit(draw, rest, face, width))
    return out or [""]


def centre(draw: ImageDraw.ImageDraw, x: float, w: float, y: float, text: str, face: Font, fill: RGB) -> None:
    """``text`` centred in the column from ``x`` that is ``w`` pixels wide, its top at ``y``."""
    draw.text((x + (w - draw.textlength(text, font=face)) / 2, y), text, font=face, fill=fill)


def right(draw: ImageDraw.ImageDraw, x_right: float, y: float, text: str, face: Font, fill: RGB) -> None:
    """``text`` ending at ``x_right``, its top at ``y``: numbers line up in their column."""
    draw.text((x_right - draw.textlength(text, font=face), y), text, font=face, fill=fill)


# -- tables and pages -----------------------------------------------------------------------------


def page_count(rows: int, per_page: int) -> int:
    """How many pages ``rows`` lines take (at least one)."""
    return max(1, -(-rows // per_page))


def page_of(rows: list, page: int, per_page: int) -> tuple[list, int, int]:
    """The rows of 1-based ``page``, the page and how many there are; ValueError past the last."""
    pages = page_count(len(rows), per_page)
    if not 1 <= page <= pages:
        raise ValueError(f"page {page} of {pages}")
    return rows[(page - 1) * per_page : page * per_page], page, pages


def head_row(
    draw: ImageDraw.ImageDraw,
    surface: Surface,
    *,
    top: float,
    height: float,
    left: float,
    width: float,
    labels: Sequence[tuple[float, str]],
    columns: Sequence[tuple[str, int]],
    face: Font | None = None,
) -> None:
    """A table's head row from ``left`` to ``width - left``: ``labels`` at their x positions
    (``#``, the name column...), then ``columns`` (label, width) right-aligned at the right edge,
    and a rule under it."""
    face = face or font(22, bold=True)
    for x, label in labels:
        draw.text((x, top + 12), label, font=face, fill=surface.muted)
    x = width - left - sum(w for _, w in columns)
    for label, w in columns:
        x += w
        right(draw, x, top + 12, label, face, surface.muted)
    draw.line((left, top + height - 2, width - left, top + height - 2), fill=surface.rule, width=2)


# -- bytes ----------------------------------------------------------------------------------------


def encode_png(image: Image.Image, *, max_bytes: int, level: int = 1) -> bytes:
    """``image`` as PNG bytes of at most about ``max_bytes``: as drawn first (zlib ``level``; 1 is
    the fastest and, for flat colours, barely larger), else reduced to 64 colours, which flat
    pictures survive unchanged to the eye."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=level)
    if out.tell() <= max_bytes:
        return out.getvalue()
    out = io.BytesIO()
    image.convert("P", palette=Image.Palette.ADAPTIVE, colors=64).save(out, format="PNG", optimize=True)
    return out.getvalue()
