"""The canvas kit every picture is drawn with (issue 40 item 5): one place for fitting words,
paging, the shared surface colours and PNG encoding."""

from __future__ import annotations

import ast
import io
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from renderers import canvas
from renderers.canvas import SURFACES, encode_png, fit, font, page_of, wrap

DRAW = ImageDraw.Draw(Image.new("RGB", (4, 4)))
ROOT = Path(__file__).resolve().parents[2]


@given(st.text(alphabet="abc XYZ…é", max_size=80), st.integers(min_value=20, max_value=600))
def test_fit_never_overflows_and_keeps_what_fits(text: str, width: int) -> None:
    out = fit(DRAW, text, font(20), width)
    if DRAW.textlength(text, font=font(20)) <= width:
        assert out == text
    else:
        assert out.endswith("…") and text.startswith(out[:-1].rstrip())
        assert DRAW.textlength(out, font=font(20)) <= width or out == "…"


def test_wrap_breaks_between_words_only() -> None:
    # The venue screen once broke "Carol" into "Caro / l": a word is never split across lines.
    text = "Carol Ann of the Combined Army"
    lines = wrap(DRAW, text, font(26), 90, lines=4)
    assert lines[0] == "Carol" and len(lines) == 4
    assert all(word in text.split() for line in lines[:-1] for word in line.split())
    assert lines[-1].endswith("…")  # the rest, shortened, on the last line allowed
    assert wrap(DRAW, text, font(26), 2000) == [text]
    assert wrap(DRAW, "", font(26), 90) == [""]
    assert len(wrap(DRAW, "one two three four five six seven", font(26), 60, lines=2)) <= 2


def test_pages() -> None:
    rows = list(range(65))
    assert page_of(rows, 3, 32) == ([64], 3, 3)
    with pytest.raises(ValueError, match="page 4 of 3"):
        page_of(rows, 4, 32)


def test_a_palette_takes_the_surface_and_its_accents() -> None:
    from renderers.tournament import PALETTES

    for theme in ("dark", "light"):
        assert PALETTES[theme].bg == SURFACES[theme].bg and PALETTES[theme].rule == SURFACES[theme].rule
    assert PALETTES["dark"].header != PALETTES["light"].header


def test_png_is_capped() -> None:
    noisy = Image.new("RGB", (400, 400))
    rng = random.Random(1)
    noisy.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(400 * 400)])
    plain = encode_png(noisy, max_bytes=10_000_000)
    capped = encode_png(noisy, max_bytes=100_000)
    assert len(plain) > 100_000 > 0 and len(capped) < len(plain)
    assert Image.open(io.BytesIO(capped)).size == (400, 400)


def test_no_renderer_keeps_its_own_copy_of_the_kit() -> None:
    # Each picture measures its words through the kit: one place to change (and to translate).
    kit = {"fit", "_fit", "wrap", "_wrap", "_centre", "_right", "_page", "encode_png"}
    for path in (ROOT / "renderers").glob("*.py"):
        if path.name == "canvas.py":
            continue
        defined = {n.name for n in ast.parse(path.read_text()).body if isinstance(n, ast.FunctionDef)}
        assert not defined & kit, f"{path.name} defines {sorted(defined & kit)}: use renderers.canvas"
    assert canvas.__all__
