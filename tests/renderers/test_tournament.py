"""Pairings and standings PNGs, tested by structure: format, pages, theme colours, medals, size."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from renderers.tournament import (
    HEAD_ROW_H,
    HEADER_H,
    MAX_PNG_BYTES,
    PAD,
    PAGE_ROWS,
    PALETTES,
    ROW_H,
    WIDTH,
    page_count,
    render_pairings,
    render_standings,
)
from rules.tournament import (
    GameResult,
    Tournament,
    add_player,
    create_tournament,
    drop_player,
    finish,
    pair_next_round,
    record_result,
    swap_players,
)


def _event(players: int, rounds: int = 3, *, seed: int = 1, name: str = "Store Cup") -> Tournament:
    rng = random.Random(seed)
    t = create_tournament(name, 300, rounds=max(3, rounds))
    for i in range(players):
        t = add_player(t, str(i), f"Player {i} " + "with a very long display name" * (i % 7 == 3), "Nomads")
    for _ in range(rounds):
        t = pair_next_round(t, rng)
        for g in t.current.games:
            if g.b is not None:
                result = GameResult(
                    op_a=rng.randint(0, 10), op_b=rng.randint(0, 10), vp_a=rng.randint(0, 300)
                )
                t = record_result(t, g.a, g.b, result)
    return t


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "RGB" and image.width == WIDTH
    assert len(data) < MAX_PNG_BYTES
    return image


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_standings_page_shape_theme_and_medals(theme: str) -> None:
    t = finish(_event(9, 4))
    image = _image(render_standings(t, theme=theme))
    palette = PALETTES[theme]
    assert image.height == HEADER_H + HEAD_ROW_H + 9 * ROW_H + 56
    assert image.getpixel((5, 5)) == palette.header
    assert image.getpixel((image.width // 2, image.height - 3)) == palette.bg
    for rank in range(3):
        middle = HEADER_H + HEAD_ROW_H + rank * ROW_H + ROW_H // 2
        assert image.getpixel((PAD + 6, middle)) == palette.medals[rank]
    fourth = HEADER_H + HEAD_ROW_H + 3 * ROW_H + ROW_H // 2
    assert image.getpixel((PAD + 6, fourth)) != palette.medals[2]


def test_sixty_four_players_make_two_pages_under_a_megabyte() -> None:
    t = _event(64, 3)
    assert page_count(len(t.players)) == 2 == 64 // PAGE_ROWS
    sizes = [len(render_standings(t, page=p)) for p in (1, 2)]
    assert all(size < MAX_PNG_BYTES for size in sizes)
    last = _image(render_standings(_event(70, 1), page=3))
    assert last.height == HEADER_H + HEAD_ROW_H + 6 * ROW_H + 56
    with pytest.raises(ValueError, match="page 4 of 3"):
        render_standings(_event(70, 1), page=4)


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_pairings_show_each_game_and_the_bye(theme: str) -> None:
    t = pair_next_round(_event(7, 1), random.Random(2))
    image = _image(render_pairings(t, theme=theme, scenario_name="Supplies"))
    assert image.height == HEADER_H + HEAD_ROW_H + 4 * ROW_H + 56  # 3 tables and the bye
    assert image.getpixel((5, 5)) == PALETTES[theme].header


def test_flags_and_hand_edits_are_drawn_as_badges() -> None:
    t = pair_next_round(_event(8, 1), random.Random(3))
    plain = render_pairings(t)
    # Seat A's round-1 opponent in place of A's current opponent: a rematch, flagged.
    first = t.current.games[0]
    old = t.opponents_of(first.a)[0]
    edited = swap_players(t, first.b, old)
    assert any(g.flags for g in edited.current.games)
    badge = PALETTES["dark"].warn
    assert badge not in {c for _, c in _image(plain).getcolors(1 << 16)}
    assert badge in {c for _, c in _image(render_pairings(edited)).getcolors(1 << 16)}


def test_an_earlier_round_and_a_dropped_player_render() -> None:
    t = drop_player(_event(10, 2), "0")
    _image(render_pairings(t, round_number=1))
    _image(render_standings(t, theme="light"))


def test_before_round_one_the_standings_list_the_players() -> None:
    t = add_player(create_tournament("Empty Cup", 200), "1", "Ann")
    _image(render_standings(t))
    _image(render_standings(create_tournament("Nobody Yet", 200)))
    _image(render_standings(create_tournament("Escalation", 200, extras=["escalation"]), theme="light"))
    with pytest.raises(ValueError):
        render_pairings(t)


def test_the_header_says_what_the_round_is(monkeypatch: pytest.MonkeyPatch) -> None:
    # Found trying a 40k event in the console: its pairings read "mission to be announced" (40k
    # rounds name no scenario here) and its standings "after round 1" while round 1 was playing.
    import renderers.tournament as drawing

    said: list[str] = []
    real = drawing._header
    monkeypatch.setattr(
        drawing, "_header", lambda d, pal, w, title, sub: said.append(sub) or real(d, pal, w, title, sub)
    )
    rng = random.Random(3)
    t = create_tournament("GT", game="40k", points=2000)
    for i in range(4):
        t = add_player(t, str(i), f"Player {i}", "Orks")
    t = pair_next_round(t, rng)
    render_pairings(t)
    render_standings(t)
    assert said[0] == "Round 1 of 3 · 2000 points"
    assert said[1].startswith("Standings during round 1 of 3")
    its = pair_next_round(_event(4, rounds=0), rng)
    render_pairings(its)
    assert "scenario to be announced" in said[2]
