"""Fonts for the renderers: DejaVu Sans when the system has it, else Pillow's scalable default.

>>> font(24).size
24
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

_FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/local/share/fonts"),
)
_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=64)
def font(size: int, *, bold: bool = False) -> Font:
    """A font of ``size`` pixels; bold if asked and available."""
    for folder in _FONT_DIRS:
        path = folder / _FILES[bold]
        if path.exists():
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)
