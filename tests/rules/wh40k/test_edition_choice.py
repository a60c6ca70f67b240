"""Which edition an attack runs under is a rule (issue 34, item 21: it lived in a cog)."""

from __future__ import annotations

from types import SimpleNamespace

from rules.wh40k.editions import edition_for
from rules.wh40k.profiles import DEFAULT_EDITION, Edition


def test_the_option_wins_then_the_first_saved_profile_then_the_default() -> None:
    tenth = SimpleNamespace(name="bolter", edition=Edition.TENTH)
    typed = SimpleNamespace(name=None, edition=None)  # a line typed out, not a saved profile
    assert edition_for("11th", tenth).edition is Edition.ELEVENTH
    assert edition_for(None, typed, tenth).text == "10th edition (saved with bolter)"
    assert edition_for(None, typed).edition is DEFAULT_EDITION
