"""Issue 38, item 15: a team event's players' standings picture has a Team column."""

from __future__ import annotations

import io

from PIL import Image

from renderers.tournament import HEADER_H, TEAM_COLUMN_W, render_standings
from rules.tournament import create_tournament
from rules.tournament.formats import format_of
from rules.tournament.teams import add_team_player, create_team


def _inked(png: bytes, box: tuple[int, int, int, int]) -> int:
    """How many colours the box holds (1: nothing drawn there but the background)."""
    image = Image.open(io.BytesIO(png)).convert("RGB").crop(box)
    return len(image.getcolors(maxcolors=1 << 20) or [])


def test_a_team_events_players_standings_name_each_players_team() -> None:
    t = create_tournament("Team Cup", 300).model_copy(update={"team_size": 3})
    for team, players in (("Owls", "abc"), ("Bears", "def")):
        t = create_team(t, team, players[0], players[0].upper(), "Nomads")
        for pid in players[1:]:
            t = add_team_player(t, t.teams[-1].id, pid, pid.upper(), "Ariadna")
    singles = create_tournament("Cup", 300)
    team_png, singles_png = render_standings(t), render_standings(singles)
    # The head row's "Team" sits just right of the narrowed Player column.
    x = 1000 - 28 - sum(c.width for c in format_of(t).columns) - 12 - TEAM_COLUMN_W + 12
    head = (x, HEADER_H + 8, x + 60, HEADER_H + 40)
    assert _inked(team_png, head) > 1
    assert _inked(singles_png, head) == 1
