"""/bf as a new player trips over it: typed plays preview first, concede and end agree, and the
messages before /bf start say what to do. Each test failed before its fix.
"""

from __future__ import annotations

from bot.offline import OfflineDriver
from cogs.boss_fight.game import BFGame
from rules.boss_fight import Move, legal_actions
from tests.cogs.test_boss_fight_game import PLAYERS, place_everyone, public, shows_board, stored


async def lobby_placed(driver: OfflineDriver) -> None:
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="carol")
    await place_everyone(driver)


async def test_a_typed_play_shows_a_private_preview_and_plays_on_confirm(driver: OfflineDriver) -> None:
    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")
    game = await stored(driver)
    fight = game.fight
    assert fight is not None and fight.current is not None
    user = PLAYERS[fight.current.id]
    move = next(a for a in legal_actions(fight) if isinstance(a, Move) and a.card)
    public_before = [m.id for m in driver.history() if not m.ephemeral]

    preview = (await driver.command("bf play", user=user, card=move.card, tile=move.to.label())).message
    assert preview.ephemeral and preview.text.startswith("Preview"), preview.text
    assert move.to.label() in preview.text and "Confirm" in preview.text
    assert [a.filename for a in preview.attachments] == ["preview.png"]
    assert (await stored(driver)) == game, "a preview changes nothing"
    assert [m.id for m in driver.history() if not m.ephemeral] == public_before

    played = public(await driver.press(preview, "Confirm", user=user))
    shows_board(played)
    after = (await stored(driver)).fight
    assert after is not None and after.character(fight.current.id).tiles()[0] == move.to
    # The same preview pressed again is refused: the game has moved on.
    again = await driver.press(preview, "Confirm", user=user)
    assert again.message.ephemeral and "moved on" in again.message.text

    # at_once plays without the preview, for players who are sure (sacrificing until a move is open).
    for _ in range(12):
        fight = (await stored(driver)).fight
        assert fight is not None and fight.current is not None
        user = PLAYERS[fight.current.id]
        actions = legal_actions(fight)
        move = next((a for a in actions if isinstance(a, Move) and a.card), None)
        if move is not None:
            break
        await driver.command("bf sacrifice", user=user, card=fight.current.piles.hand[0])
    assert move is not None
    at_once = await driver.command("bf play", user=user, card=move.card, tile=move.to.label(), at_once="true")
    shows_board(public(at_once))
    after = (await stored(driver)).fight
    assert after is not None and after.character(fight.current.id).tiles()[0] == move.to


async def test_a_hero_player_concedes_for_the_party_only_when_the_other_hero_players_agree(
    driver: OfflineDriver,
) -> None:
    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")
    question = (await driver.command("/bf concede", user="bob")).message
    assert question.ephemeral and "Ask the party to concede?" in question.text
    asked = public(await driver.press(question, "Confirm: concede", user="bob"))
    assert "wants the heroes to concede" in asked.text and asked.pings == {driver.user("carol").id}
    assert (await stored(driver)).conceded is None
    boss = (await driver.press(asked, "Concede too", user="alice")).message
    assert boss.ephemeral and "Only the hero players asked" in boss.text
    twice = (await driver.press(asked, "Concede too", user="bob")).message
    assert twice.ephemeral and "already agreed" in twice.text
    assert (await stored(driver)).conceded is None

    done = public(await driver.press(asked, "Concede too", user="carol"))
    assert "concede for the heroes: the boss wins" in done.text and "/bf end" in done.text
    shows_board(done)
    assert (await stored(driver)).conceded == "heroes"
    late = (await driver.command("/bf concede", user="carol")).message
    assert late.ephemeral and "already over" in late.text
    # The message says /bf end closes it, and it does (anyone, once the fight is over).
    closed = public(await driver.command("/bf end", user="dave"))
    assert "closed" in closed.text


async def test_a_conceded_fight_can_be_undone_and_then_closed(driver: OfflineDriver) -> None:
    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")
    question = (await driver.command("/bf concede", user="alice")).message
    done = public(await driver.press(question, "Confirm: concede", user="alice"))
    assert "concedes for the boss: the heroes win" in done.text
    undone = public(await driver.command("/bf undo", user="alice"))  # alice hosts: at once
    assert "undid" in undone.text
    assert (await stored(driver)).conceded is None
    refused = (await driver.command("/bf end", user="dave")).message
    assert refused.ephemeral and "Only the host" in refused.text


async def test_before_start_the_hand_says_to_start_and_the_host_can_undo_the_start(
    driver: OfflineDriver,
) -> None:
    await lobby_placed(driver)
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is None  # nobody acts (or holds cards) until /bf start
    early = (await driver.command("/bf hand", user="bob")).message
    assert early.ephemeral and "/bf start" in early.text and "not this character's turn" not in early.text
    assert not early.buttons

    public(await driver.command("/bf start", user="bob"))
    # The host takes the start back (here: a piece went down on the wrong tile).
    undone = public(await driver.command("/bf undo", user="alice"))
    assert "undid" in undone.text
    assert not (await stored(driver)).started
    # And then the last placement, as every other step.
    undone = public(await driver.command("/bf undo", user="alice"))
    assert "undid" in undone.text and "takes position" in undone.text


async def test_an_unknown_hero_names_the_presets_and_the_hero_cards(driver: OfflineDriver) -> None:
    await driver.command("/bf new", user="alice")
    wrong = (await driver.command("bf join", user="bob", side="hero", preset="bone_colossus" * 500)).message
    assert wrong.ephemeral and "mira_the_warden" in wrong.text and "hero cards" in wrong.text
    assert len(wrong.text) < 600


async def test_after_an_undo_the_idle_reminder_is_armed_for_the_game_as_it_is_now(
    driver: OfflineDriver,
) -> None:
    from cogs.boss_fight.game import nudge

    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    user = PLAYERS[fight.current.id]
    await driver.command("bf sacrifice", user=user, card=fight.current.piles.hand[0])
    public(await driver.command("/bf undo", user="alice"))  # the host: at once
    game = await driver.bot.games.find(driver.channel.id, BFGame, "boss_fight")
    assert game is not None
    jobs = await driver.bot.scheduler.pending("bf:nudge")
    assert [j.payload["version"] for j in jobs] == [game.version]
    await nudge(driver.bot, jobs[0].payload)
    reminder = driver.history()[-1]
    assert "Reminder" in reminder.text and reminder.pings == {driver.user(user).id}


async def test_typing_concede_agrees_with_an_open_request_and_an_action_cancels_it(
    driver: OfflineDriver,
) -> None:
    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")
    question = (await driver.command("/bf concede", user="bob")).message
    public(await driver.press(question, "Confirm: concede", user="bob"))
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    await driver.command("bf sacrifice", user=PLAYERS[fight.current.id], card=fight.current.piles.hand[0])
    question = (await driver.command("/bf concede", user="carol")).message  # bob's vote lapsed
    asked = public(await driver.press(question, "Confirm: concede", user="carol"))
    assert "wants the heroes to concede" in asked.text and asked.pings == {driver.user("bob").id}
    assert (await stored(driver)).conceded is None
    done = public(await driver.command("/bf concede", user="bob"))  # typed, not the button
    assert "concede for the heroes: the boss wins" in done.text
    assert (await stored(driver)).conceded == "heroes"


async def test_a_conceded_fight_is_over_on_the_board_and_says_who_won(driver: OfflineDriver) -> None:
    # Issue 34, item 17: the board still read "Round 2 · Venom Wyrm to act · 3 action(s) left".
    from renderers.hex_board import header_line

    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")
    question = (await driver.command("/bf concede", user="alice")).message
    done = public(await driver.press(question, "Confirm: concede", user="alice"))
    fight = (await stored(driver)).fight
    assert fight is not None and fight.is_over() and fight.active is None
    assert header_line(fight) == "Over after round 1. The heroes win: the boss conceded."
    assert "The heroes win: the boss conceded." in done.text and "to act" not in done.text
    public(await driver.command("/bf undo", user="alice"))
    fight = (await stored(driver)).fight
    assert fight is not None and not fight.is_over() and "to act" in header_line(fight)
