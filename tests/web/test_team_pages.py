"""A team event's web page and JSON: the team standings first (names escaped), the players' own
on request."""

from __future__ import annotations

import json
import random

from rules.tournament.public import public_view
from rules.tournament.teams import add_team_player, create_team, new_team_event, pair_team_round
from web import pages

HOSTILE = '<script>alert(1)</script> & "Owls"'


def _event():
    t = new_team_event("Team Cup", 300, 3)
    for k, name in enumerate((HOSTILE, "Ravens")):
        t = create_team(t, name, f"{k}a", f"Cap {k}")
        for j in "bc":
            t = add_team_player(t, f"t{k + 1}", f"{k}{j}", f"Player {k}{j}")
    return pair_team_round(t, random.Random(1))


def test_the_page_shows_the_teams_first_and_escapes_their_names() -> None:
    view = public_view(_event(), reported=())
    html = pages.live(view, screen=False)
    assert html.index("Team standings") < html.index("Players' standings")
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Owls&quot;" in html
    assert "Cap 0, Player 0b, Player 0c" in html


def test_the_json_holds_the_team_standings() -> None:
    data = json.loads(public_view(_event(), reported=()).model_dump_json())
    assert data["team_size"] == 3 and data["team_columns"] == ["TP", "OP"]
    assert [t["name"] for t in data["teams"]] == [HOSTILE, "Ravens"]
    assert data["teams"][0]["players"] == ["Cap 0", "Player 0b", "Player 0c"]
