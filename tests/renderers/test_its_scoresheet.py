"""The ITS score sheet PNG, tested by structure: format, size, theme colours, every scenario."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.its_scoresheet import MAX_PNG_BYTES, PALETTES, WIDTH, render_score_sheet
from rules.its.content import load_scenarios
from rules.its.scoring import apply, best_case, new_sheet, score_sheet

LIBRARY = load_scenarios()


def _seven_six():
    acquisition = LIBRARY.get("acquisition")
    sheet = new_sheet(acquisition, 300)
    for side, entry, value in (
        ("a", "antennas_activated", 1),
        ("a", "antennas_controlled", 1),
        ("a", "tech_coffin", True),
        ("a", "classified", 1),
        ("b", "antennas_activated", 2),
        ("b", "antennas_controlled", 1),
        ("b", "classified", 1),
    ):
        sheet = apply(acquisition, sheet, side, entry, value)
    return acquisition, sheet, score_sheet(acquisition, sheet)


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_png_shape_size_and_theme_background(theme: str) -> None:
    scenario, sheet, result = _seven_six()
    data = render_score_sheet(scenario, sheet, result, names=("Alice", "Bob"), theme=theme)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "RGB"
    assert image.width == WIDTH and 500 < image.height < 2000
    assert len(data) < MAX_PNG_BYTES
    palette = PALETTES[theme]
    assert image.getpixel((image.width // 2, image.height - 5)) == palette.bg
    assert image.getpixel((5, 5)) == palette.header
    # The winner banner under the header is green: Alice won 7-6.
    assert image.getpixel((5, 130)) == palette.win


def test_a_tie_has_a_grey_banner() -> None:
    scenario = LIBRARY.get("acquisition")
    sheet = new_sheet(scenario, 150)
    image = Image.open(
        io.BytesIO(
            render_score_sheet(scenario, sheet, score_sheet(scenario, sheet), names=("A", "B"), theme="light")
        )
    )
    assert image.getpixel((5, 130)) == PALETTES["light"].muted


@pytest.mark.parametrize("scenario_id", sorted(LIBRARY.ids()))
def test_every_scenario_renders_at_its_best_with_long_names(scenario_id: str) -> None:
    scenario = LIBRARY.get(scenario_id)
    tier = scenario.tier_list[-1]
    sheet = new_sheet(scenario, tier).model_copy(update={"a": best_case(scenario, tier)})
    data = render_score_sheet(
        scenario, sheet, score_sheet(scenario, sheet), names=("A very long display name indeed", "Ö" * 40)
    )
    assert len(data) < MAX_PNG_BYTES
    assert Image.open(io.BytesIO(data)).height > 500
