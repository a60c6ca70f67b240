"""/bf building end to end: custom builds refused over the points limit, with 29 cards, with a fourth
copy; the look-ups; the defenders' choice buttons; the idle nudge."""

from __future__ import annotations

from bot.offline import Message, OfflineDriver, Reply
from cogs.boss_fight.game import BFGame, nudge
from rules.boss_fight import Attack, legal_actions
from rules.boss_fight.engine import hero_placements
from tests.cogs.test_boss_fight_game import choose, typed


def private(reply: Reply, *fragments: str) -> str:
    message = reply.message
    assert message.ephemeral, message.text
    for fragment in fragments:
        assert fragment in message.text, message.text
    return message.text


def public(reply: Reply) -> Message:
    message = reply.messages[0]
    assert not message.ephemeral, message.text
    return message


async def stored(driver: OfflineDriver) -> BFGame:
    game = await driver.bot.games.find(driver.channel.id, BFGame, "boss_fight")
    assert game is not None
    return game.state


async def test_a_custom_build_is_refused_over_points_at_29_cards_and_at_a_fourth_copy(
    driver: OfflineDriver,
) -> None:
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:venom_wyrm", user="alice")
    # A hero from the bare hero card: an empty deck, built card by card.
    private(await driver.command("/bf join side:hero preset:card:mira", user="bob"), "adds Mira Vale")
    await driver.command("/bf join side:hero preset:brannoc_the_brawler", user="bob")
    await driver.command("/bf join side:hero preset:orrin_the_sage", user="carol")
    private(
        await driver.command("/bf add card:longsword character:Mira Vale", user="bob"),
        "Mira Vale adds Longsword",
    )
    over = private(
        await driver.command("/bf add card:warhammer character:Mira Vale", user="bob"),
        "would cost 137 points",  # Mira 25 + Longsword 8 + Warhammer 14, Brannoc 47, Orrin 43
        "over the limit of 130",
    )
    game = await stored(driver)
    assert "drop 7 point(s)" in over and game.heroes[0].build.equipment == ["longsword"]

    # Several heroes: the player must say which; Mira's deck grows card by card.
    private(await driver.command("/bf add card:walk", user="bob"), "say which with `character:`")
    for _ in range(3):
        await driver.command("/bf add card:run character:Mira Vale", user="bob")
    private(
        await driver.command("/bf add card:run character:Mira Vale", user="bob"),
        "already has 3 Run: at most 3 copies",
    )
    private(
        await driver.command("/bf deck preset:mira_the_warden character:Mira Vale", user="bob"), "deck 30/30"
    )
    private(await driver.command("/bf remove card:walk character:Mira Vale", user="bob"), "deck 29/30")
    private(await driver.command("/bf build character:Mira Vale", user="carol"), "Deck (29/30)")
    # Someone else's build cannot be changed.
    private(await driver.command("/bf add card:walk character:Mira Vale", user="carol"), "You play Orrin")

    # Placing checks every build: 29 cards are refused, and the boss's player places first anyway.
    private(await driver.command("/bf place tile:F6", user="alice"), "Mira Vale's deck has 29 cards", "add 1")
    await driver.command("/bf add card:walk character:Mira Vale", user="bob")
    private(await driver.command("/bf start", user="alice"), "Place every piece first")
    placed = await driver.command("/bf place tile:F6", user="alice")
    assert not placed.message.ephemeral
    private(await driver.command("/bf add card:walk character:Mira Vale", user="bob"), "builds are fixed")

    # Look-ups work for anyone.
    private(await driver.command("/bf cards name:Longsword", user="dave"), "Longsword")
    private(await driver.command("/bf piles character:Mira Vale", user="dave"), "Discard: empty")
    board = (await driver.command("/bf board overlay:sight", user="dave")).message
    assert board.ephemeral and [a.filename for a in board.attachments] == ["board.png"]


async def test_the_defender_chooses_whether_to_roll_and_the_attack_waits(driver: OfflineDriver) -> None:
    await driver.command("/bf new defenders_choose:true", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="bob")
    await driver.command("/bf place tile:F6", user="alice")
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    tile = hero_placements(fight, fight.current)[0].label()
    await driver.command(f"/bf place tile:{tile}", user="bob")
    await driver.command("/bf start", user="alice")
    players = {"boss": "alice", "kestrel": "bob"}
    for _ in range(100):
        fight = (await stored(driver)).fight
        assert fight is not None and fight.current is not None and not fight.is_over()
        attack = next((a for a in legal_actions(fight) if isinstance(a, Attack)), None)
        user = players[fight.current.id]
        if attack is not None:
            break
        await typed(driver, fight, choose(fight), players)
    else:
        raise AssertionError("no attack came up")
    target = fight.occupant(attack.target)
    assert target is not None
    defender = players[target.id]
    asked = (
        await driver.command(
            "bf play",
            user=user,
            card=attack.card,
            target=target.name,
            equipment=attack.equipment,
            at_once="true",
        )
    ).message
    assert not asked.ephemeral and asked.pings == {driver.user(defender).id}
    assert "choose whether to roll" in asked.text
    # The attacker's turn waits; only the defender chooses.
    private(await driver.command("bf sacrifice", user=user, card=attack.card), "Waiting for")
    private(await driver.press(asked, f"{target.name}: roll", user=user), f"Only {target.name}'s player")
    done = (await driver.press(asked, f"{target.name}: don't roll", user=defender)).message
    assert not done.ephemeral and "board.png" in [a.filename for a in done.attachments]
    assert target.name in done.text
    assert (await stored(driver)).pending is None


async def test_the_idle_nudge_pings_the_player_once_if_nothing_moved(driver: OfflineDriver) -> None:
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:vex_the_knife", user="bob")
    await driver.command("/bf place tile:F6", user="alice")
    game = await driver.bot.games.find(driver.channel.id, BFGame, "boss_fight")
    assert game is not None and game.state.fight is not None
    tile = hero_placements(game.state.fight, game.state.fight.current)[0].label()  # type: ignore[arg-type]
    await driver.command(f"/bf place tile:{tile}", user="bob")
    await driver.command("/bf start", user="alice")
    jobs = await driver.bot.scheduler.pending("bf:nudge")
    assert len(jobs) == 1
    payload = jobs[0].payload
    before = len(driver.history())
    await nudge(driver.bot, payload)
    reminder = driver.history()[-1]
    assert len(driver.history()) == before + 1 and "Reminder" in reminder.text
    assert reminder.pings == {payload["user"]}
    # Once the game moved on, the old reminder stays silent.
    await driver.command("/bf remind", user="carol")
    await nudge(driver.bot, {**payload, "version": payload["version"] - 1})
    assert "Reminder" not in driver.history()[-1].text


async def test_undoing_a_draw_counts_the_cards_publicly_and_names_them_only_to_their_owner(
    driver: OfflineDriver,
) -> None:
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:vex_the_knife", user="bob")
    await driver.command("/bf place tile:F6", user="alice")
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    tile = hero_placements(fight, fight.current)[0].label()
    await driver.command(f"/bf place tile:{tile}", user="bob")
    await driver.command("/bf start", user="alice")  # everyone draws
    dealt = (await stored(driver)).fight
    assert dealt is not None
    vex_cards = {dealt.cards[c].name for c in dealt.character("vex").piles.hand}
    boss_cards = {dealt.cards[c].name for c in dealt.boss.piles.hand}
    reply = await driver.command("/bf undo", user="alice")
    shown = public(reply)
    assert "Vex's 4 drawn card(s) go back to the deck" in shown.text
    assert "Bone Colossus's 4 drawn card(s)" in shown.text
    for name in vex_cards | boss_cards:
        assert name not in shown.text
    told = [m for m in reply.messages if m.ephemeral]
    assert len(told) == 1 and told[0].visible_to == driver.user("alice").id
    assert all(name in told[0].text for name in boss_cards)
    assert "Bone Colossus" in told[0].text and "Vex" not in told[0].text


async def test_place_autocomplete_says_why_before_any_hero_has_joined(driver: OfflineDriver) -> None:
    # Issue 34, item 17: it offered tiles, and /bf place then refused every one of them.
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    shown = await driver.autocomplete("bf place", "tile", "F", user="alice")
    assert [c["name"] for c in shown] == [
        "No hero has joined yet: /bf join side:hero preset:<hero> before placing."
    ]
    picked = (await driver.command(f"/bf place tile:{shown[0]['value']}", user="alice")).message
    assert picked.ephemeral and "No hero has joined yet" in picked.text
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    tiles = await driver.autocomplete("bf place", "tile", "F", user="alice")
    assert tiles and all(c["value"].startswith("F") for c in tiles)
    other = await driver.autocomplete("bf place", "tile", "", user="bob")
    assert [c["name"] for c in other] == ["Not your piece: Bone Colossus is placed next, by its player."]


async def test_join_without_side_takes_the_side_the_buttons_would(driver: OfflineDriver) -> None:
    """Issue 38, item 20: `/bf join` needed `side:` although the lobby's buttons did not."""
    await driver.command("/bf new", user="alice")
    private(await driver.command("/bf join preset:brannoc_the_brawler", user="bob"), "adds Brannoc")
    private(await driver.command("/bf join preset:venom_wyrm", user="alice"), "plays the boss")
    private(await driver.command("/bf join preset:orrin_the_sage", user="carol"), "adds Orrin")
    private(await driver.command("/bf join", user="carol"), "Name a hero")  # the boss is taken
    game = await stored(driver)
    assert game.boss_player == driver.user("alice").id
    assert [s.player for s in game.heroes] == [driver.user("bob").id, driver.user("carol").id]
    await driver.command("/bf new", user="dan", channel=driver.add_channel("other"))
    private(await driver.command("/bf join", user="dan", channel=driver.channels["other"]), "plays the boss")
