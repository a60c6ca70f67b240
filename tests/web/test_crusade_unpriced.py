"""A Crusade unit whose list gave no points (points None) reads as unknown on the campaign's web
page, as in the reply and the picture: never the word 'None'."""

from __future__ import annotations

from rules.crusade import engine
from rules.crusade.engine import UnitSpec
from web.crusade import campaign_page


def test_a_unit_without_points_is_unknown_on_the_campaign_page() -> None:
    c = engine.create("Autumn", organiser_id=1)
    c = engine.join(
        c,
        player_id=10,
        player_name="Ann",
        name="Host",
        units=[UnitSpec("Servitors", None), UnitSpec("Tank", 150)],
    )
    html = campaign_page(c)
    assert "None" not in html
    assert '<td class="name">Servitors</td><td>?</td>' in html
    assert '<td class="name">Tank</td><td>150</td>' in html
