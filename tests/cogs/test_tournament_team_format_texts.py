"""The captains' panel and the reveal speak the team format's ritual: refused attackers who play
each other, and the last pick of the refused-play format (issue 43, item 4)."""

from __future__ import annotations

import random

from cogs.tournament.team_posts import panel_text, reveal_text
from rules.tournament.ritual import Side, Step
from rules.tournament.teams import (
    add_team_player,
    create_team,
    current_match,
    new_team_event,
    pair_team_round,
    ritual_pick,
    set_team_format,
)


def test_the_refused_play_panel_and_the_last_pick() -> None:
    t = set_team_format(new_team_event("Cup", None, 5, game="40k"), "refused-play")
    for k, prefix in enumerate("ox"):
        t = create_team(t, f"Team {prefix}", f"{prefix}1", f"{prefix.upper()}1")
        for j in range(2, 6):
            t = add_team_player(t, f"t{k + 1}", f"{prefix}{j}", f"{prefix.upper()}{j}")
    t = pair_team_round(t, random.Random(0))
    match, _ = current_match(t, "t1")
    a, b = match.a, match.b
    pa, pb = match.ritual.roster_a, match.ritual.roster_b
    for team, kind, players in [
        (a, "defender", (pa[0],)), (b, "defender", (pb[0],)),
        (a, "attackers", (pa[1], pa[2])), (b, "attackers", (pb[1], pb[2])),
        (a, "refuse", (pb[1],)),
    ]:  # fmt: skip
        t = ritual_pick(t, team, kind, players)
    match, _ = current_match(t, "t1")
    assert "the refused attackers play each other" in panel_text(t, match, Side.B, 1)
    t = ritual_pick(t, b, "refuse", (pa[1],))
    match, _ = current_match(t, "t1")
    assert match.ritual.step is Step.DEFENDER and len(match.ritual.pool_a) == 2
    assert "**last pick**" in panel_text(t, match, Side.A, 1)
    before = match.ritual
    t = ritual_pick(t, a, "defender", (pa[3],))
    t = ritual_pick(t, b, "defender", (pb[4],))
    match, _ = current_match(t, "t1")
    assert match.paired
    text = reveal_text(t, match, before.model_copy(update={"picks_a": match.ritual.picks_a}), 1)
    assert text is not None and "the last pick is revealed. The pairing is complete" in text
    assert text.count("Table") == 5


def test_the_champion_step_is_asked_for_and_revealed() -> None:
    t = set_team_format(new_team_event("Cup", None, 3, game="40k"), "champion")
    for k, prefix in enumerate("ox"):
        t = create_team(t, f"Team {prefix}", f"{prefix}1", f"{prefix.upper()}1")
        for j in range(2, 4):
            t = add_team_player(t, f"t{k + 1}", f"{prefix}{j}", f"{prefix.upper()}{j}")
    t = pair_team_round(t, random.Random(0))
    match, _ = current_match(t, "t1")
    assert "pick your **champion**" in panel_text(t, match, Side.A, 1)
    before = match.ritual
    t = ritual_pick(t, match.a, "champion", (match.ritual.roster_a[2],))
    match, _ = current_match(t, "t1")
    assert "**champion**" not in panel_text(t, match, Side.B, 1).split("Now:")[0]  # A's pick is secret
    before = match.ritual
    t = ritual_pick(t, match.b, "champion", (match.ritual.roster_b[0],))
    match, _ = current_match(t, "t1")
    text = reveal_text(t, match, before, 1)
    assert text is not None and "champions revealed" in text and "pick your defenders" in text
    assert "**last pick**" in panel_text(t, match, Side.A, 1)
