"""Issue 41, items 3 and 7: pictures speak their reader's language.

Every renderer takes ``t`` and draws on the canvas kit's surface, so
:func:`renderers.canvas.recording` reads back each word a picture drew: Spanish words and decimal
commas in a Spanish picture, and the English picture unchanged.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw

from renderers.canvas import font, recording
from renderers.f2f_chart import render_f2f_chart
from renderers.factions import render_faction_table
from renderers.odds_chart import render_odds_chart
from renderers.teams import render_team_standings
from renderers.tournament import WIDTH, render_pairings, render_standings
from rules.distribution import power, uniform
from rules.i18n import force_offer, translator
from rules.infinity import distribution, parse_side
from rules.tournament import (
    GameResult,
    Tournament,
    add_player,
    create_tournament,
    pair_next_round,
    record_result,
)
from rules.tournament.faction_table import faction_table
from rules.tournament.teams import add_team_player, create_team


@pytest.fixture(autouse=True)
def _spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


def _drawn(render, *args, **kwargs) -> tuple[list[str], bytes]:
    with recording() as drawn:
        png = render(*args, **kwargs)
    return drawn, png


def _event(players: int = 6, rounds: int = 2, *, game: str = "its") -> Tournament:
    rng = random.Random(4)
    t = create_tournament("Copa de Otoño", 300, rounds=3, game=game)
    for i in range(players):
        t = add_player(t, str(i), f"Jugadora {i}", "Nomads" if i % 2 else "Haqqislam")
    for _unused in range(rounds):
        t = pair_next_round(t, rng)
        for g in t.current.games:
            if g.b is not None:
                if game == "its":
                    op_a, op_b, vp_a = rng.randint(0, 10), rng.randint(0, 10), rng.randint(0, 300)
                    result = GameResult(op_a=op_a, op_b=op_b, vp_a=vp_a)
                else:
                    result = GameResult(vp_a=rng.randint(0, 90), vp_b=rng.randint(0, 90))
                t = record_result(t, g.a, g.b, result)
    return t


def test_spanish_standings_say_their_stage_heads_and_points_in_spanish() -> None:
    t = _event()
    drawn, png = _drawn(render_standings, t, t=translator("es-ES"))
    assert "Clasificación tras la ronda 2 de 3 · 300 puntos" in drawn
    assert {"Jugador", "TP", "PO", "PV", "PO riv.", "Byes"} <= set(drawn)
    assert Image.open(io.BytesIO(png)).width == WIDTH
    english, _png = _drawn(render_standings, t)
    assert "Standings after round 2 of 3 · 300 points" in english
    assert {"Player", "TP", "OP", "VP", "Opp. OP", "Byes"} <= set(english)
    assert not {"Jugador", "PO", "PV"} & set(english)


def test_english_standings_are_drawn_as_before() -> None:
    """``t`` defaults to English, and an explicit English translator draws the same PNG."""
    t = _event()
    assert render_standings(t) == render_standings(t, t=translator("en-US"))


def test_spanish_record_standings_head_w_d_l_and_the_columns_hold_their_heads() -> None:
    t = _event(game="40k")
    drawn, _png = _drawn(render_standings, t, t=translator("es-ES"))
    assert {"V-E-D", "PV±", "Jugador"} <= set(drawn)
    assert any(text.startswith("Clasificación tras la ronda 2 de 3") for text in drawn)


def test_spanish_pairings_name_the_round_table_player_and_opponent() -> None:
    t = _event(players=5, rounds=1)
    drawn, _png = _drawn(render_pairings, t, t=translator("es-ES"))
    assert {"Mesa", "Jugador", "Rival", "Bye", "vs"} <= set(drawn)
    assert any(text.startswith("Ronda 1 de 3 · ") and "300 puntos" in text for text in drawn)
    assert any(text.startswith("Bye: una Victoria que vale") for text in drawn)
    english, _png = _drawn(render_pairings, t)
    assert {"Table", "Player", "Opponent", "v"} <= set(english)


def test_spanish_team_standings_head_team_points_and_the_captain() -> None:
    t = create_tournament("Copa por Equipos", 300).model_copy(update={"team_size": 2})
    for team, players in (("Búhos", "ab"), ("Osos", "cd")):
        t = create_team(t, team, players[0], players[0].upper(), "Nomads")
        t = add_team_player(t, t.teams[-1].id, players[1], players[1].upper(), "Ariadna")
    drawn, _png = _drawn(render_team_standings, t, t=translator("es-ES"))
    assert {"Equipo", "Pts", "V-E-D", "capitán A"} <= set(drawn)
    assert "Equipos (aún sin ronda emparejada) · equipos de 2" in drawn


def test_spanish_odds_chart_titles_its_axes_and_writes_decimal_commas() -> None:
    three = power(uniform(1, 6), 3)
    es = translator("es-ES")
    drawn, _png = _drawn(render_odds_chart, [("3d6", three)], title="Tirar 3d6", x_label="total", t=es)
    assert "probabilidad de sacar exactamente" in drawn
    assert "probabilidad de sacar al menos" in drawn
    assert "media 10,5" in drawn  # the mean's label, with a decimal comma
    assert "3d6  (media 10,50)" in drawn
    assert "50\xa0%" in drawn  # the "at least" axis, as Spanish writes a percentage (a no-break space)
    english, _png = _drawn(render_odds_chart, [("3d6", three)], title="Odds of 3d6", x_label="total")
    assert {"mean 10.5", "3d6  (mean 10.50)", "50%", "chance of exactly"} <= set(english)


def test_spanish_face_to_face_chart_names_the_roll_and_the_sides() -> None:
    odds = distribution(parse_side("SV16 B3 PS4 DA"), parse_side("SV13 ARM2"))
    drawn, _png = _drawn(render_f2f_chart, odds, t=translator("es-ES"))
    assert any(text.startswith("Tirada Enfrentada · ") for text in drawn)
    assert any(text.startswith("activo ") and " gana " in text and "%" in text for text in drawn)
    assert any("gana el bando reactivo" in text for text in drawn)


def test_spanish_faction_table_heads_its_columns() -> None:
    t = _event()
    drawn, _png = _drawn(
        render_faction_table, faction_table([t]), title=t.name, subtitle="facciones", t=translator("es-ES")
    )
    assert {"Facción", "Jugadores", "Partidas", "V-E-D", "% victorias", "PB medios"} <= set(drawn)
    assert any("," in text and "\xa0%" in text for text in drawn)  # a win rate: 58,3 %


def test_a_longer_spanish_head_widens_its_column_instead_of_running_into_the_next() -> None:
    from renderers.tournament import widths

    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    head = font(22, bold=True)
    wide = widths(draw, [("Clasificación", 60), ("PV", 90)])
    assert wide[0][1] >= draw.textlength("Clasificación", font=head) + 14
    assert wide[1] == ("PV", 90)


def test_spanish_its_score_sheet_names_its_totals_and_the_winner() -> None:
    from renderers.its_scoresheet import render_score_sheet
    from rules.its.content import load_scenarios
    from rules.its.scoring import apply, new_sheet, score_sheet

    acquisition = load_scenarios().get("acquisition")
    sheet = new_sheet(acquisition, 300)
    for side, entry, value in (("a", "tech_coffin", True), ("a", "classified", 1), ("b", "classified", 1)):
        sheet = apply(acquisition, sheet, side, entry, value)
    result = score_sheet(acquisition, sheet)
    es = translator("es-ES")
    drawn, _png = _drawn(render_score_sheet, acquisition, sheet, result, names=("Ana", "Bo"), t=es)
    assert {"Adquisición", "300 puntos · ITS Temporada 14", "Gana Ana", "Objetivo"} <= set(drawn)
    assert {"Puntos de Objetivo (máx. 10)", "Puntos de Victoria"} <= set(drawn)
    assert "Herald · confirmado por ambos jugadores" in drawn
    assert any(text.startswith(("victoria ", "derrota ")) for text in drawn)
    english, _png = _drawn(render_score_sheet, acquisition, sheet, result, names=("Ana", "Bo"))
    assert {"Acquisition", "300 points · ITS Season 14", "Ana wins", "Objective"} <= set(english)
    assert "Herald · confirmed by both players" in english


def test_spanish_boarding_actions_scoreboard_names_roles_columns_and_totals() -> None:
    from renderers.boarding_actions import render_scoreboard
    from rules.boarding_actions.battle import Player, new_battle, position_message
    from rules.boarding_actions.content import load_missions_strict
    from rules.boarding_actions.scoreboard import scoreboard

    teeth = load_missions_strict().get("pull-their-teeth")
    state = new_battle(teeth, attacker=Player(name="Ana"), defender=Player(name="Bo"))
    es = translator("es-ES")
    drawn, _png = _drawn(render_scoreboard, scoreboard(state), t=es, position=es(position_message(state)))
    assert {"Atacante", "Defensor", "Objetivo", "Inicio", "PV", "Total", "Battle Ready: no"} <= set(drawn)
    assert {"Misión asimétrica · D6 2", "PV de misión (máx. 90)"} <= set(drawn)
    assert "Herald · Acciones de Abordaje" in drawn
    assert any(text.startswith("Ronda de batalla 1") for text in drawn)
    english, _png = _drawn(render_scoreboard, scoreboard(state))
    assert {"Attacker", "Objective", "Start", "VP", "Mission VP (max 90)"} <= set(english)
    assert "Asymmetric mission · D6 2" in english


def test_spanish_hex_board_says_whose_turn_and_labels_a_previews_legend() -> None:
    from renderers.hex_board import Overlay, header_line, render_hex_board
    from rules.boss_fight import quick_game

    fight = quick_game(seed=1)
    es = translator("es-ES")
    preview = Overlay(sight=(fight.heroes[0].id, "boss"))
    drawn, _png = _drawn(render_hex_board, fight, overlay=preview, t=es)
    assert "Ronda 1 · actúa Kestrel · le quedan 2 acciones" in drawn
    assert {"línea de visión despejada", "sin línea de visión"} & set(drawn)
    english, _png = _drawn(render_hex_board, fight, overlay=preview)
    assert "Round 1 · Kestrel to act · 2 actions left" in english
    assert header_line(fight) == "Round 1 · Kestrel to act · 2 actions left"


def test_spanish_boss_map_names_the_turn_the_zones_state_and_the_squad() -> None:
    from renderers.boss_map import render_boss_map
    from tests.renderers.test_boss_map import fought

    state, _first = fought("brood_queen", units=2)
    drawn, _png = _drawn(render_boss_map, state, t=translator("es-ES"))
    assert {"Turno 1 · combate", "ALCANCE", "FIRE", "Escuadra", "Vehículos", "DESTRUIDA"} <= set(drawn)
    assert any(text.endswith("HP · exterior") or text.endswith("HP · interna") for text in drawn)
    assert "quedan 2/2 SP" in drawn and "libre" in drawn
    english, _png = _drawn(render_boss_map, state)
    assert {"Turn 1 · combat", "RANGE", "Squad", "Vehicles", "DESTROYED", "2/2 SP left"} <= set(english)


def test_a_record_formats_footer_says_its_w_d_l_rule_in_spanish() -> None:
    t = _event(game="40k")
    drawn, _png = _drawn(render_standings, t, t=translator("es-ES"))
    assert any(text.startswith("V-E-D: ") for text in drawn), drawn[-2:]
