"""ITS look-up, its autocomplete and the score sheet render."""

from __future__ import annotations

from renderers.its_scoresheet import render_score_sheet
from rules.its.content import load_scenarios
from rules.its.scoring import apply, new_sheet, score_sheet
from tests.bench import Case, SizeCase

_LIBRARY = load_scenarios()


def _score_png() -> bytes:
    scenario = _LIBRARY.get("cryogenics")
    sheet = new_sheet(scenario, 300)
    sheet = apply(scenario, sheet, "a", "tech_coffins_activated", True)
    sheet = apply(scenario, sheet, "a", "dominant_breacher", [True, False, True])
    sheet = apply(scenario, sheet, "b", "hvt_quadrants", {"dominate": 1, "threaten": 1})
    return render_score_sheet(scenario, sheet, score_sheet(scenario, sheet), names=("Alice", "Bob"))


CASES = [
    Case(
        "/its mission name:Frostbyte tier:300",
        lambda d, _: d.command("its mission", name="Frostbyte", tier=300),
        target_p99_ms=10,
        contains="Frostbyte",
    ),
    Case(
        "/its mission (all tiers)",
        lambda d, _: d.command("its mission", name="capture and protect"),
        target_p99_ms=10,
    ),
    Case(
        "/its mission autocomplete 'cla'",
        lambda d, _: d.autocomplete("its mission", "name", "cla"),
        target_p99_ms=10,
        expect="choices",
    ),
    Case(
        "/its mission unknown name (did you mean)",
        lambda d, _: d.command("its mission", name="frostbit"),
        target_p99_ms=10,
        expect="refused",
        contains="Did you mean",
    ),
    Case(
        "/its rule autocomplete 'breach'",
        lambda d, _: d.autocomplete("its rule", "topic", "breach"),
        target_p99_ms=10,
        expect="choices",
    ),
    SizeCase("/its score sheet PNG (Cryogenics)", _score_png, target_ms=150, target_kb=500),
]
