"""A usual action in two interactions (issue 24, item 7): /bf hand and one choice from its menu of
legal plays (most damage first), played at once; /bf play's autocomplete offers the legal targets and
tiles of the chosen card and lists the playable cards first."""

from __future__ import annotations

from bot.offline import OfflineDriver
from cogs.boss_fight.game import decode
from cogs.boss_fight.quick import quick_plays
from cogs.boss_fight.turns import hand_choices, target_choices, tile_choices
from rules.boss_fight import Attack, Move, Sacrifice, apply, legal_actions
from tests.cogs.test_boss_fight_game import PLAYERS, public, shows_board, stored
from tests.cogs.test_boss_fight_try import lobby_placed
from tests.rules.boss_fight.helpers import ScriptedRandom, hand_of
from tests.rules.boss_fight.test_narration import _boss_beside_mira


def _boss_to_attack():
    state = _boss_beside_mira()
    while state.active != "boss":
        state = apply(state, Sacrifice(card=state.current.piles.hand[0]), ScriptedRandom(default=1)).state
    return hand_of(state, "boss", ["basic_attack", "walk", "heavy_attack"])


def test_the_quick_menu_puts_an_attack_on_a_visible_enemy_first_with_its_damage():
    state = _boss_to_attack()
    plays = quick_plays(state)
    assert 1 < len(plays) <= 25 and all(len(label) <= 100 and len(code) <= 100 for label, code in plays)
    first, code = plays[0]
    assert "Mira Vale" in first and "damage" in first and "Attack" in first, first
    legal = legal_actions(state)
    assert all(decode(c) in legal for _, c in plays), "every entry is a legal play"
    assert isinstance(decode(code), Attack)
    assert any(isinstance(decode(c), Move) for _, c in plays), "a move is offered too"
    expected = [float(label.split("~")[1].split()[0]) for label, _ in plays if "~" in label]
    assert expected == sorted(expected, reverse=True)


def test_play_autocomplete_lists_playable_cards_first_and_the_cards_targets_and_tiles():
    state = _boss_to_attack()
    cards = hand_choices(state, "")
    assert [v for _, v in cards][:2] != [] and all("sacrifice only" not in n for n, _ in cards[:1])
    targets = target_choices(state, "basic_attack", "")
    assert targets and targets[0][1] == "Mira Vale" and "damage" in targets[0][0]
    tiles = tile_choices(state, "walk", "")
    legal = {a.to.label() for a in legal_actions(state) if isinstance(a, Move) and a.card == "walk"}
    assert tiles and {v for _, v in tiles} <= legal
    assert tile_choices(state, "not a card", "") == [] and target_choices(state, "walk", "") == []


async def test_a_usual_action_is_hand_then_one_choice(driver: OfflineDriver) -> None:
    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")
    game = await stored(driver)
    fight = game.fight
    assert fight is not None and fight.current is not None
    user = PLAYERS[fight.current.id]
    hand = (await driver.command("/bf hand", user=user)).message
    assert hand.ephemeral and hand.selects, hand.text
    menu = hand.selects[0]
    assert 1 <= len(menu.options) <= 25 and all(len(label) <= 100 for label, _ in menu.options)
    assert len(hand.buttons) <= 20, "a select takes a row: at most 20 buttons beside it"
    _, code = menu.options[0]
    played = public(await driver.choose(hand, code, user=user))
    shows_board(played)
    after = await stored(driver)
    assert after.fight != fight and after.fight is not None
    assert after.fight.step == fight.step + 1
    # The same menu chosen again is refused: the game has moved on.
    again = (await driver.choose(hand, code, user=user)).message
    assert again.ephemeral and "moved on" in again.text


async def test_play_autocomplete_through_the_driver(driver: OfflineDriver) -> None:
    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    user = PLAYERS[fight.current.id]
    cards = await driver.autocomplete("bf play", "card", "", user=user)
    assert cards and len(cards) <= 25
    playable = {a.card for a in legal_actions(fight) if isinstance(a, Move | Attack) and a.card}
    marked = [c for c in cards if "sacrifice only" in c["name"]]
    assert all(c["value"] not in playable for c in marked)
    assert cards[: len(cards) - len(marked)] == [c for c in cards if "sacrifice only" not in c["name"]]
    move = next((a for a in legal_actions(fight) if isinstance(a, Move) and a.card), None)
    if move is not None:
        tiles = await driver.autocomplete("bf play", "tile", "", user=user, card=move.card)
        assert move.to.label() in {t["value"] for t in tiles} or len(tiles) == 25
    other = next(u for u in ("alice", "bob", "carol") if u != user)
    assert await driver.autocomplete("bf play", "card", "", user=other) == [], "only the actor's hand"
    wrong = (await driver.command("bf play", user=user, card="nonsense")).message
    assert wrong.ephemeral and "has no 'nonsense' in hand" in wrong.text


def test_the_attack_preview_says_the_sum_in_a_players_words():
    from cogs.boss_fight.preview import preview

    state = _boss_to_attack()
    attack = next(a for a in legal_actions(state) if isinstance(a, Attack) and a.card == "basic_attack")
    text, _ = preview(state, attack)
    assert "**Mira Vale**: your 7 against their 4 plus the defence roll." in text, text
    assert "6: a miss" in text and "if they do not roll" in text and "on average" in text
    assert "vs" not in text and "1:" in text
