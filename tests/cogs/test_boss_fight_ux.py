"""/bf as players find it (issue 24): concede asks first, an undo request can be refused, /bf end
says how a conceded fight ended. Each test failed before its fix.
"""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.test_boss_fight_game import PLAYERS, public, stored, typed
from tests.cogs.test_boss_fight_try import lobby_placed


async def started(driver: OfflineDriver) -> None:
    await lobby_placed(driver)
    await driver.command("/bf start", user="bob")


async def test_concede_asks_the_conceder_first_and_cancel_changes_nothing(driver: OfflineDriver) -> None:
    await started(driver)
    before = await stored(driver)
    asked = (await driver.command("/bf concede", user="alice")).message
    assert asked.ephemeral and "the heroes win" in asked.text
    assert {b.label for b in asked.buttons} == {"Confirm: concede", "Cancel"}
    assert await stored(driver) == before, "asking changes nothing"
    cancelled = (await driver.press(asked, "Cancel", user="alice")).message
    assert "Nothing conceded" in cancelled.text
    assert (await stored(driver)).conceded is None

    asked = (await driver.command("/bf concede", user="alice")).message
    done = public(await driver.press(asked, "Confirm: concede", user="alice"))
    assert "concedes for the boss: the heroes win" in done.text
    assert (await stored(driver)).conceded == "boss"
    again = (await driver.command("/bf concede", user="bob")).message
    assert again.ephemeral and "already over" in again.text and not again.buttons


async def test_a_stale_concede_confirmation_is_refused(driver: OfflineDriver) -> None:
    await started(driver)
    asked = (await driver.command("/bf concede", user="alice")).message
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    await driver.command("bf sacrifice", user=PLAYERS[fight.current.id], card=fight.current.piles.hand[0])
    late = (await driver.press(asked, "Confirm: concede", user="alice")).message
    assert late.ephemeral and "moved on" in late.text
    assert (await stored(driver)).conceded is None


async def test_a_non_player_gets_an_error_not_a_question(driver: OfflineDriver) -> None:
    await started(driver)
    reply = (await driver.command("/bf concede", user="dave")).message
    assert reply.ephemeral and "Only a player of this game" in reply.text and not reply.buttons


async def test_end_after_a_concession_says_who_won(driver: OfflineDriver) -> None:
    await started(driver)
    asked = (await driver.command("/bf concede", user="alice")).message
    await driver.press(asked, "Confirm: concede", user="alice")
    closed = public(await driver.command("/bf end", user="dave"))
    assert "The boss conceded: the heroes win." in closed.text
    assert not closed.text.rstrip().endswith(":")


async def test_an_undo_request_can_be_refused_by_the_other_side(driver: OfflineDriver) -> None:
    await started(driver)
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    actor = PLAYERS[fight.current.id]
    await driver.command("bf sacrifice", user=actor, card=fight.current.piles.hand[0])
    after = await stored(driver)
    asked = public(await driver.command("/bf undo", user=actor))
    assert {b.label for b in asked.buttons} == {"Confirm the undo", "Refuse"}
    own = (await driver.press(asked, "Refuse", user=actor)).message
    assert own.ephemeral and "the other side answers" in own.text
    other = "bob" if actor == "alice" else "alice"
    refused = (await driver.press(asked, "Refuse", user=other)).message
    assert "refused to undo" in refused.text and "it stands" in refused.text
    assert not refused.buttons, "the request is closed"
    assert await stored(driver) == after, "a refusal changes nothing"


async def test_the_table_summary_says_not_placed_plainly(driver: OfflineDriver) -> None:
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    placed = public(await driver.command("/bf place tile:F6", user="alice"))
    assert "hp at not placed" not in placed.text
    assert "not placed yet" in placed.text


__all__ = ["typed"]


# -- item 6: presets win over hero cards, /bf deck says what it copies, /bf add lists your side first


async def test_a_preset_starting_with_the_typed_text_wins_over_the_hero_card(driver: OfflineDriver) -> None:
    await driver.command("/bf new", user="alice")
    joined = (await driver.command("/bf join side:hero preset:brannoc", user="bob")).message
    assert joined.ephemeral and "adds Brannoc" in joined.text
    assert "also the hero card Brannoc" in joined.text and "preset:card:brannoc" in joined.text
    game = await stored(driver)
    assert game.heroes[0].build.equipment and sum(game.heroes[0].build.deck.values()) == 30
    bare = (await driver.command("/bf join side:hero preset:card:vex", user="carol")).message
    assert "adds Vex" in bare.text and "also the hero card" not in bare.text
    game = await stored(driver)
    assert game.heroes[1].build.equipment == [] and game.heroes[1].build.deck == {}
    wrong = (await driver.command("/bf join side:hero preset:card:nobody", user="dave")).message
    assert wrong.ephemeral and "nobody" in wrong.text.lower()
    # The menu offers the bare hero card under the name that picks it.
    offered = await driver.autocomplete("bf join", "preset", "brannoc", user="dave", side="hero")
    values = [c["value"] for c in offered]
    assert values[0] == "brannoc_the_brawler" and "card:brannoc" in values


async def test_deck_from_a_preset_says_only_the_deck_is_copied(driver: OfflineDriver) -> None:
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:hero preset:card:mira", user="bob")
    took = (await driver.command("/bf deck preset:mira_the_warden", user="bob")).message
    assert took.ephemeral and "30-card deck of the preset mira_the_warden" in took.text
    assert "Only the deck is copied" in took.text and "`/bf add card:`" in took.text
    game = await stored(driver)
    assert game.heroes[0].build.equipment == [] and sum(game.heroes[0].build.deck.values()) == 30


async def test_add_autocomplete_lists_what_your_side_can_take_first(driver: OfflineDriver) -> None:
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:card:mira", user="bob")
    hero = await driver.autocomplete("bf add", "card", "", user="bob")
    names = [c["name"] for c in hero]
    assert len(names) == 25 and not any("pieces" in n for n in names[:20]), names
    assert all("boss only" not in n for n in names[:20])
    boss = await driver.autocomplete("bf add", "card", "", user="alice")
    assert "pieces" in boss[0]["name"]
    marked = await driver.autocomplete("bf add", "card", "skull", user="bob")
    assert marked and all(c["name"].endswith("boss only") for c in marked)


# -- item 5: the board with the deployment areas from the map on; placing from a menu


async def test_the_map_shows_the_board_and_where_the_boss_may_stand(driver: OfflineDriver) -> None:
    await driver.command("/bf new", user="alice")
    empty = (await driver.command("/bf board", user="dave")).message
    assert empty.ephemeral and [a.filename for a in empty.attachments] == ["board.png"]
    assert "Nobody plays the boss yet" in empty.text
    await driver.command("/bf join side:boss preset:the_gazer", user="alice")
    chosen = await driver.command("/bf map name:great_hall", user="alice")
    shown = [m for m in chosen.messages if m.attachments]
    assert shown and not shown[0].ephemeral and shown[0].attachments[0].filename == "board.png"
    assert "Great Hall" in shown[0].text and "/bf place tile:" in shown[0].text
    board = (await driver.command("/bf board", user="bob")).message
    assert board.ephemeral and board.attachments and "places The Gazer first" in board.text


async def test_place_autocomplete_offers_only_tiles_that_work(driver: OfflineDriver) -> None:
    from rules.boss_fight import Hex
    from rules.boss_fight.state import pose_tiles

    await driver.command("/bf new map:great_hall", user="alice")
    await driver.command("/bf join side:boss preset:the_gazer", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    not_bobs = await driver.autocomplete("bf place", "tile", "", user="bob")
    assert [c["name"] for c in not_bobs] == ["Not your piece: The Gazer is placed next, by its player."]
    offered = await driver.autocomplete("bf place", "tile", "", user="alice")
    assert len(offered) == 25 and all("rotation 0" in c["name"] for c in offered)
    typed = await driver.autocomplete("bf place", "tile", "j1", user="alice")
    assert typed and typed[0]["value"].startswith("J1")
    # Every offered anchor is accepted (the engine agrees with the menu), e.g. the first one typed.
    placed = public(await driver.command(f"/bf place tile:{typed[0]['value']}", user="alice"))
    assert [a.filename for a in placed.attachments] == ["board.png"]
    fight = (await stored(driver)).fight
    assert fight is not None and fight.boss.anchor == Hex.from_label(typed[0]["value"])
    assert Hex.from_label("I3") not in pose_tiles(fight.boss.shape, fight.boss.anchor, 0)  # an obstacle
    heroes = await driver.autocomplete("bf place", "tile", "", user="bob")
    gaps = [int(c["name"].split("(")[1].split()[0]) for c in heroes]
    assert heroes and all(g > 2 for g in gaps) and gaps == sorted(gaps) and gaps[0] == 3, gaps


async def test_a_refused_placement_names_the_nearest_tiles_that_work(driver: OfflineDriver) -> None:
    await driver.command("/bf new map:great_hall", user="alice")
    await driver.command("/bf join side:boss preset:the_gazer", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    refused = (await driver.command("/bf place tile:I3", user="alice")).message  # an obstacle
    assert refused.ephemeral and "Nearest tiles that work at rotation 0:" in refused.text, refused.text
    await driver.command("/bf place tile:J10", user="alice")
    close = (await driver.command("/bf place tile:J13", user="bob")).message
    assert close.ephemeral and "within 2 tiles of the boss" in close.text
    assert "Nearest tiles that work:" in close.text
    near = close.text.split("Nearest tiles that work:")[1].split("(")[0]
    for label in near.replace(",", " ").split():
        ok = (await driver.command(f"/bf place tile:{label}", user="bob")).message
        assert not ok.ephemeral, ok.text
        break


async def test_wrong_map_and_tile_inputs_get_a_private_explanation(driver: OfflineDriver) -> None:
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:the_gazer", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    before = len([m for m in driver.history() if not m.ephemeral])
    notboss = (await driver.command("/bf map name:great_hall", user="bob")).message
    assert notboss.ephemeral and "chooses the map" in notboss.text
    nomap = (await driver.command("/bf map name:atlantis", user="alice")).message
    assert nomap.ephemeral and "atlantis" in nomap.text.lower()
    assert len([m for m in driver.history() if not m.ephemeral]) == before, "no board posted for a refusal"
    offboard = (await driver.command("/bf place tile:ZZ99", user="alice")).message
    assert offboard.ephemeral and "ZZ99" in offboard.text
    assert await driver.autocomplete("bf place", "tile", "zz", user="alice") == []
