"""Boss Fight in Spanish (issue 41): the lobby in the server's language, private replies and
refusals in the player's, an English client unchanged. Card and character names stay as the data
files spell them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.offline import OfflineDriver
from rules.i18n import force_offer
from tests.cogs.test_boss_fight_game import place_everyone, public


@pytest.fixture
def spanish() -> Iterator[None]:
    with force_offer("es"):
        yield


async def test_a_spanish_servers_lobby_is_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    lobby = public(await driver.command("/bf new", user="alice"))  # alice: an English client
    assert "Boss Fight: sala" in lobby.text
    assert "límite de puntos: 130" in lobby.text and "**Jefe**: nadie todavía." in lobby.text
    assert {b.label for b in lobby.buttons} == {"Unirse como jefe", "Unirse como héroe"}
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    assert "plays the boss" not in lobby.text
    assert "**Jefe**: Bone Colossus" in lobby.text  # the card's name stays as printed
    assert "Último: " in lobby.text and "añade a Mira Vale al grupo." in lobby.text
    assert "**Héroe**: Mira Vale" in lobby.text and "puntos" in lobby.text and "mazo 30/30" in lobby.text


async def test_a_spanish_player_reads_their_lobby_line_and_refusals_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.user("ana", locale="es-419")
    lobby = public(await driver.command("/bf new", user="alice"))
    assert "Boss Fight: lobby" in lobby.text  # an English server: the public post stays English
    menu = (await driver.press(lobby, "Join as a hero", user="ana")).message
    assert menu.ephemeral and menu.text.startswith("Unirse como héroe: elige una plantilla")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    refused = (await driver.command("/bf join side:boss preset:bone_colossus", user="ana")).message
    assert refused.ephemeral and "ya juega el jefe; únete como héroe." in refused.text
    english = (await driver.command("/bf join side:boss preset:bone_colossus", user="bob")).message
    assert "already plays the boss; join as a hero instead." in english.text


async def test_a_typed_play_out_of_turn_is_refused_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("bob", locale="es-ES")
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="carol")
    await place_everyone(driver)
    await driver.command("/bf start", user="bob")
    from tests.cogs.test_boss_fight_game import PLAYERS, stored

    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    first = PLAYERS[fight.current.id]
    others = [p for p in ("alice", "bob", "carol") if p != first]
    for user in others:
        refused = (await driver.command("bf play", user=user, card="walk")).message
        assert refused.ephemeral
        if user == "bob":
            assert f"Es el turno de {fight.current.name}" in refused.text, refused.text
            assert "solo ese jugador puede actuar ahora." in refused.text
        else:
            assert f"It is {fight.current.name}'s turn" in refused.text, refused.text


async def test_the_hand_is_private_in_the_players_language_and_the_board_in_the_servers(
    driver: OfflineDriver, spanish: None
) -> None:
    from tests.cogs.test_boss_fight_game import PLAYERS, stored

    driver.guild_locale = "es-ES"
    driver.user("bob", locale="es-ES")
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="carol")
    await place_everyone(driver)
    begins = public(await driver.command("/bf start", user="bob"))
    assert "Mesa" in begins.text and "Siguiente: " in begins.text and "· paso " in begins.text
    # The narration: the first hands and who is next, in the server's language.
    assert "Cada jugador ha robado su primera mano: mírala con `/bf hand`." in begins.text
    assert "Every player has drawn" not in begins.text
    assert "Ronda 1: actúa " in begins.text and "`/bf hand` para jugar." in begins.text
    hand = (await driver.command("/bf hand", user="bob")).message
    assert hand.ephemeral and "**Mano de Mira Vale** (solo la ves tú):" in hand.text
    english = (await driver.command("/bf hand", user="carol")).message  # an English client
    assert "**Kestrel's hand** (only you see this):" in english.text
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    if PLAYERS[fight.current.id] == "bob":
        assert "Te quedan 2 acciones" in hand.text


def test_a_narration_line_is_a_message_stored_as_json_and_read_in_spanish() -> None:
    from rules.i18n import Message, _, translator

    line = _("Fallen this step: {names}.", names="Mira Vale")
    assert str(line) == "Fallen this step: Mira Vale."  # summaries stay English
    stored = Message.from_json(line.to_json())
    with force_offer("es"):
        assert translator("es-ES")(stored) == "Caídos en este paso: Mira Vale."


async def test_a_typed_play_previews_in_the_players_language(driver: OfflineDriver, spanish: None) -> None:
    from rules.boss_fight import Move, legal_actions
    from tests.cogs.test_boss_fight_game import PLAYERS, stored

    for name in ("alice", "bob", "carol"):
        driver.user(name, locale="es-ES")
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="carol")
    await place_everyone(driver)
    await driver.command("/bf start", user="bob")
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    move = next(a for a in legal_actions(fight) if isinstance(a, Move) and a.card and a.pivot in (None, a.to))
    user = PLAYERS[fight.current.id]
    shown = (await driver.command("bf play", user=user, card=move.card, tile=move.to.label())).message
    assert shown.ephemeral and shown.text.startswith("Vista previa: "), shown.text
    assert f"se mueve de {fight.current.tiles()[0].label()} a {move.to.label()} (" in shown.text, shown.text
    assert "alcanzable" in shown.text and "reachable" not in shown.text
    assert shown.text.startswith(f"Vista previa: a {move.to.label()}\n"), shown.text  # the option's label
    assert "Confirma para jugarla (solo lo ves tú)." in shown.text
    assert "Confirmar" in [b.label for b in shown.buttons]
    played = await driver.press(shown, "Confirmar", user=user)
    # The board post is public: an English server reads it in English, whatever the players' clients.
    assert not played.message.ephemeral and "Next: " in played.message.text
    assert "Siguiente" not in played.message.text


async def test_a_spanish_server_reads_the_engines_narration_and_refusals_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    # Before the engine's log was marked, the start post read "Round 1. Initiative: ..." and
    # "Mira Vale draws 4 cards." in English in a Spanish server, and its refusals were English.
    from rules.boss_fight import Move, legal_actions
    from rules.boss_fight.engine import hero_placements
    from tests.cogs.test_boss_fight_game import PLAYERS, stored

    driver.guild_locale = "es-ES"
    driver.user("bob", locale="es-ES")
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="carol")
    placed = public(await driver.command("/bf place tile:F6", user="alice"))
    assert "Bone Colossus ocupa su lugar en F6" in placed.text, placed.text
    # The engine refuses bob's hero on the boss's own tile, in bob's language.
    refused = (await driver.command("/bf place tile:F6", user="bob")).message
    assert refused.ephemeral and "F6 no está libre" in refused.text, refused.text
    assert "Casillas válidas más cercanas: " in refused.text
    english = (await driver.command("/bf place tile:F6", user="carol")).message
    assert english.ephemeral and "Mira Vale is placed next" in english.text, english.text
    for _unused in range(2):
        fight = (await stored(driver)).fight
        assert fight is not None and fight.current is not None
        tile = hero_placements(fight, fight.current)[0].label()
        await driver.command(f"/bf place tile:{tile}", user=PLAYERS[fight.current.id])
    begins = public(await driver.command("/bf start", user="bob"))
    assert "Empieza el combate." in begins.text and "Ronda 1. Iniciativa: " in begins.text
    assert "Mira Vale roba 4 cartas." in begins.text, begins.text
    assert "Initiative" not in begins.text and "draws" not in begins.text
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    user = PLAYERS[fight.current.id]
    move = next(a for a in legal_actions(fight) if isinstance(a, Move) and a.card and a.pivot in (None, a.to))
    played = await driver.command("bf play", user=user, card=move.card, tile=move.to.label())
    done = await driver.press(played.message, "Confirm" if user != "bob" else "Confirmar", user=user)
    post = done.message
    assert not post.ephemeral and f"{fight.current.name} juega " in post.text, post.text
    assert " plays " not in post.text


async def test_the_hands_lines_are_in_the_owners_language(driver: OfflineDriver, spanish: None) -> None:
    # The hand's lines (what each card needs, or what each holds off-turn) were English for every
    # client; now a Spanish client reads them in Spanish, an English one in English, and the board
    # stays in the server's language (English here).
    from tests.cogs.test_boss_fight_game import PLAYERS, stored

    driver.user("bob", locale="es-ES")
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="carol")
    await place_everyone(driver)
    begins = public(await driver.command("/bf start", user="bob"))
    assert "Round 1. Initiative: " in begins.text and "Ronda" not in begins.text
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    hand = (await driver.command("/bf hand", user="bob")).message
    assert hand.ephemeral
    if PLAYERS[fight.current.id] == "bob":
        assert "Mano (" in hand.text and "te quedan 2 acciones:" in hand.text, hand.text
        assert "- Cualquier carta puede sacrificarse" in hand.text
    else:
        assert f"Mira Vale tiene 4 cartas (ahora actúa {fight.current.name}):" in hand.text, hand.text
    assert " holds " not in hand.text and "left:" not in hand.text
    english = (await driver.command("/bf hand", user="carol")).message
    assert english.ephemeral and ("Kestrel holds " in english.text or "Hand (" in english.text), english.text


async def test_closing_a_game_and_its_refusal_are_in_spanish(driver: OfflineDriver) -> None:
    driver.guild_locale = "es-ES"
    driver.user("bob", locale="es-ES")
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:vex_the_knife", user="bob")
    await driver.command("/bf place tile:F6", user="alice")
    refused = (await driver.command("/bf end", user="bob")).message
    assert refused.ephemeral and "Solo el anfitrión" in refused.text, refused.text
    closed = (await driver.command("/bf end", user="alice")).message
    assert "cerrada por" in closed.text and "Cerrada antes de que empezara el combate." in closed.text


async def test_the_log_is_private_in_the_players_language(driver: OfflineDriver) -> None:
    driver.user("bob", locale="es-ES")
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    shown = (await driver.command("/bf log", user="bob")).message
    assert shown.ephemeral and "los últimos pasos" in shown.text, shown.text
    assert "the last steps" in (await driver.command("/bf log", user="alice")).message.text


async def test_a_spanish_player_reads_a_cards_text_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("ana", locale="es-ES")
    card = (await driver.command("/bf cards name:run", user="ana")).message
    assert card.ephemeral and card.text.startswith("Run (carta de movimiento)")  # the name as printed
    assert "Mueve hasta 4 casillas (no se puede jugar por debajo de 3)." in card.text
    assert "Conjunto neutral, hasta 3 por mazo." in card.text
    hero = (await driver.command("/bf cards name:kestrel", user="ana")).message
    assert "Salud " in hero.text and "Hazaña heroica " in hero.text and "puntos)" in hero.text
    missing = (await driver.command("/bf cards name:runn", user="ana")).message
    assert "No hay ninguna carta llamada" in missing.text and "Run" in missing.text
    english = (await driver.command("/bf cards name:run", user="bob")).message
    assert "Move up to 4 tiles (cannot be played below 3)." in english.text


async def test_a_spanish_player_reads_the_board_overlays_legend_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    from renderers.canvas import recording

    driver.user("dave", locale="es-ES")
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="bob")
    await driver.command("/bf place tile:F6", user="alice")
    with recording() as drawn:
        board = (await driver.command("/bf board overlay:sight", user="dave")).message
    assert board.ephemeral and [a.filename for a in board.attachments] == ["board.png"]
    assert any(text.startswith("Visión: ") for text in drawn), drawn
    assert "Kestrel no está en el tablero." in drawn  # a note under the board
    with recording() as drawn:
        await driver.command("/bf board overlay:sight", user="bob")  # an English client
    assert "Sight: Kestrel" in drawn and "Kestrel is not on the board." in drawn


async def test_a_spanish_player_reads_the_piles_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("dave", locale="es-ES")
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    await driver.command("/bf place tile:F6", user="alice")
    piles = (await driver.command("/bf piles character:Mira Vale", user="dave")).message
    assert piles.ephemeral and piles.text.startswith("**Mira Vale**: mazo "), piles.text
    assert "(privada)" in piles.text and "Descarte: vacía" in piles.text and "Agotadas: vacía" in piles.text
    english = (await driver.command("/bf piles character:Mira Vale", user="bob")).message
    assert "Discard: empty" in english.text


async def test_a_spanish_server_reads_the_concession_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    from tests.cogs.test_boss_fight_try import lobby_placed

    driver.guild_locale = "es-ES"
    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")
    driver.user("carol", locale="es-ES")
    asking = (await driver.command("/bf concede", user="carol")).message  # a private question: her language
    assert asking.ephemeral and asking.text.startswith("¿Pedir al grupo que se rinda?"), asking.text
    assert "Confirmar: rendirse" in [b.label for b in asking.buttons]
    question = (await driver.command("/bf concede", user="bob")).message  # bob: an English client
    assert "Ask the party to concede?" in question.text
    asked = public(await driver.press(question, "Confirm: concede", user="bob"))
    assert "quiere que los héroes se rindan" in asked.text and "wants" not in asked.text, asked.text
    assert "Rendirse también" in [b.label for b in asked.buttons]
    done = public(await driver.press(asked, "Rendirse también", user="carol"))
    assert "se rinden por los héroes: gana el jefe." in done.text, done.text
    assert "`/bf end` cierra la partida" in done.text


async def test_a_spanish_player_reads_a_build_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.user("carol", locale="es-ES")
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    shown = (await driver.command("/bf build character:Mira Vale", user="carol")).message
    assert shown.ephemeral and "Héroe: Mira Vale" in shown.text, shown.text
    assert "Equipo: " in shown.text and "Habilidades: " in shown.text and "Mazo (30/30): " in shown.text
    english = (await driver.command("/bf build character:Mira Vale", user="bob")).message
    assert "Hero: Mira Vale" in english.text and "Deck (30/30): " in english.text


async def test_a_spanish_server_reads_the_maps_title_and_its_legend_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    from renderers.canvas import recording

    driver.guild_locale = "es-ES"
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:the_gazer", user="alice")
    with recording() as drawn:
        chosen = await driver.command("/bf map name:great_hall", user="alice")
    shown = [m for m in chosen.messages if m.attachments]
    assert shown and not shown[0].ephemeral and ": el mapa" in shown[0].text, shown[0].text
    assert "Great Hall" in shown[0].text  # the map's name as printed
    assert "Mapa: Great Hall (" in shown[0].text and "coloca primero a The Gazer" in shown[0].text
    assert "Despliegue: The Gazer (se coloca primero)" in drawn, [x for x in drawn if len(x) > 4]
    assert "la casilla de anclaje del jefe puede ir aquí (rotación 0)" in drawn


async def test_a_spanish_player_reads_their_build_changes_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.user("bob", locale="es-ES")
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:venom_wyrm", user="alice")
    await driver.command("/bf join side:hero preset:card:mira", user="bob")
    added = (await driver.command("/bf add card:longsword character:Mira Vale", user="bob")).message
    assert added.ephemeral and "Mira Vale añade Longsword. " in added.text, added.text
    removed = (await driver.command("/bf remove card:longsword character:Mira Vale", user="bob")).message
    assert "Mira Vale quita Longsword. " in removed.text, removed.text
    decked = (await driver.command("/bf deck preset:mira_the_warden character:Mira Vale", user="bob")).message
    assert "Mira Vale toma el mazo de 30 cartas de la plantilla mira_the_warden." in decked.text, decked.text


async def test_placing_too_early_is_refused_in_the_players_language(
    driver: OfflineDriver, spanish: None
) -> None:
    driver.user("ana", locale="es-ES")
    await driver.command("/bf new", user="alice")
    refused = (await driver.command("/bf place tile:F6", user="ana")).message
    assert refused.ephemeral, refused.text
    assert "Nadie juega el jefe todavía: `/bf join side:boss`." in refused.text, refused.text
    english = (await driver.command("/bf place tile:F6", user="bob")).message
    assert "Nobody plays the boss yet" in english.text


async def test_a_spanish_player_reads_the_boards_heading_in_spanish(
    driver: OfflineDriver, spanish: None
) -> None:
    from tests.cogs.test_boss_fight_try import lobby_placed

    driver.user("dave", locale="es-ES")
    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")
    board = (await driver.command("/bf board", user="dave")).message
    assert board.ephemeral and " · ronda 1" in board.text and " · round 1" not in board.text, board.text
    english = (await driver.command("/bf board", user="bob")).message
    assert " · round 1" in english.text
