"""/bf end to end: a three-player game from /bf new to its result, through the offline driver.

The boss player (alice) and two hero players (bob with Mira, carol with Kestrel) use presets; the
game survives a restart, refuses a player acting out of turn, undoes a step with the other side's
confirmation, and never shows a card in a hand in a public message before it is played.
"""

from __future__ import annotations

import re

from bot.offline import Message, OfflineDriver, Reply
from cogs.boss_fight.game import BFGame
from rules.boss_fight import Attack, Move, Sacrifice, UseItem, legal_actions
from rules.boss_fight import GameState as FightState
from rules.boss_fight.engine import piece_distance

PLAYERS = {"boss": "alice", "mira_vale": "bob", "kestrel": "carol"}
MAX_STEPS = 400


async def stored(driver: OfflineDriver) -> BFGame:
    game = await driver.bot.games.find(driver.channel.id, BFGame, "boss_fight")
    assert game is not None
    return game.state


class HandWatch:
    """Checks every public message against the cards in hands that were never played."""

    def __init__(self, driver: OfflineDriver) -> None:
        self.driver = driver
        self.seen: set[int] = set()
        self.revealed: set[str] = set()
        self.checked = 0

    async def check(self) -> None:
        fight = (await stored(self.driver)).fight
        if fight is None:
            return
        for c in fight.characters:
            for pile in (c.piles.discard, c.piles.used, c.piles.expended):
                self.revealed |= {fight.cards[x].name for x in pile}
        hidden = {fight.cards[x].name for c in fight.characters for x in c.piles.hand} - self.revealed
        for message in self.driver.history():
            if message.ephemeral or (message.id in self.seen and not message.edits):
                continue
            self.seen.add(message.id)
            self.checked += 1
            for name in hidden:
                assert not re.search(rf"\b{re.escape(name)}\b", message.text), (name, message.text)


def public(reply: Reply) -> Message:
    message = reply.message
    assert not message.ephemeral, message.text
    return message


def shows_board(message: Message) -> None:
    assert [a.filename for a in message.attachments] == ["board.png"], message.text
    assert message.attachments[0].data.startswith(b"\x89PNG")


def choose(fight: FightState) -> object:
    """Lean play: attack when possible, else close in on the nearest enemy, else sacrifice."""
    actions = legal_actions(fight)
    me = fight.current
    assert me is not None
    attacks = [a for a in actions if isinstance(a, Attack)]
    if attacks:
        return attacks[0]
    enemies = [c for c in fight.characters if c.side is not me.side and c.alive]

    def gap(tile: object) -> int:
        return min(piece_distance([tile], e.tiles()) for e in enemies)  # type: ignore[list-item]

    moves = [a for a in actions if isinstance(a, Move) and a.card and (len(me.shape) == 1 or a.pivot == a.to)]
    if moves and me.tiles():
        best = min(moves, key=lambda m: gap(m.to))
        if gap(best.to) < min(gap(t) for t in me.tiles()):
            return best
    heals = [a for a in actions if isinstance(a, UseItem) and a.target is None]
    if heals and me.health < me.max_health:
        return heals[0]
    return next(a for a in actions if isinstance(a, Sacrifice))


async def typed(
    driver: OfflineDriver,
    fight: FightState,
    action: object,
    players: dict[str, str] = PLAYERS,
    *,
    preview: bool = True,
) -> Reply:
    """Play ``action`` by typing /bf play (or /bf sacrifice) as the acting character's player; a
    typed play answers with a private preview, confirmed here with its button (``preview=False``
    types ``at_once:true`` instead)."""
    user = players[fight.current.id]  # type: ignore[union-attr]
    options: dict[str, str] = {}
    if isinstance(action, Attack):
        target = fight.occupant(action.target)
        assert target is not None
        options = {"target": target.name, "equipment": action.equipment}
    elif isinstance(action, Move):
        options = {"tile": action.to.label()}
    if isinstance(action, Attack | Move | UseItem):
        if not preview:
            return await driver.command("bf play", user=user, card=action.card, at_once="true", **options)
        shown = (await driver.command("bf play", user=user, card=action.card, **options)).message
        assert shown.ephemeral and shown.text.startswith("Preview"), shown.text
        return await driver.press(shown, "Confirm", user=user)
    assert isinstance(action, Sacrifice)
    return await driver.command("bf sacrifice", user=user, card=action.card)


async def place_everyone(driver: OfflineDriver) -> None:
    from rules.boss_fight.engine import hero_placements

    wrong = await driver.command("/bf place tile:F6", user="bob")
    assert wrong.message.ephemeral
    # bob reads it in his client's language (the Spanish tests reuse this helper).
    assert any(
        said in wrong.message.text
        for said in ("Bone Colossus is placed next", "Bone Colossus se coloca a continuación")
    )
    shows_board(public(await driver.command("/bf place tile:F6", user="alice")))
    for _ in range(2):
        fight = (await stored(driver)).fight
        assert fight is not None and fight.current is not None
        tile = hero_placements(fight, fight.current)[0].label()
        shows_board(public(await driver.command(f"/bf place tile:{tile}", user=PLAYERS[fight.current.id])))


async def test_a_three_player_game_from_lobby_to_result(driver: OfflineDriver) -> None:
    watch = HandWatch(driver)
    lobby = public(await driver.command("/bf new", user="alice"))
    assert "points limit: 130" in lobby.text and {b.label for b in lobby.buttons} == {
        "Join as the boss",
        "Join as a hero",
    }
    # alice joins by the lobby's button and a preset menu; the others type.
    menu = (await driver.press(lobby, "Join as the boss", user="alice")).message
    assert menu.ephemeral and menu.selects
    joined = await driver.choose(menu, "bone_colossus", user="alice")
    assert "plays the boss: Bone Colossus" in joined.text
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="carol")
    assert "Bone Colossus" in lobby.text and "Mira Vale" in lobby.text and "Kestrel" in lobby.text
    build = (await driver.command("/bf build", user="carol")).message
    assert build.ephemeral and "35 points" in build.text and "deck 30/30" in build.text

    await place_everyone(driver)
    begins = public(await driver.command("/bf start", user="bob"))
    shows_board(begins)
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    first = PLAYERS[fight.current.id]
    assert begins.pings == {driver.user(first).id}
    await watch.check()

    # A player acting out of turn is told whose turn it is.
    wrong = next(p for p in PLAYERS.values() if p != first)
    refused = (await driver.command("bf sacrifice", user=wrong, card="walk")).message
    assert refused.ephemeral and f"It is {fight.current.name}'s turn" in refused.text
    # Autocomplete offers a hand's cards to its player only.
    assert await driver.autocomplete("bf play", "card", "", user=wrong) == []
    offered = {c["value"] for c in await driver.autocomplete("bf play", "card", "", user=first)}
    assert offered == set(fight.current.piles.hand)

    # The acting player's hand: private, a button per card; a card leads to a preview and Confirm.
    hand = (await driver.command("/bf hand", user=first)).message
    assert hand.ephemeral and "only you see this" in hand.text
    for card in {fight.cards[c].name for c in fight.current.piles.hand}:
        assert any(b.label == card for b in hand.buttons)

    # A restart: the hand's buttons still work.
    await driver.restart()
    played = False
    for button in [b for b in hand.buttons if not b.label.startswith(("Ability", "Feat"))]:
        step = (await driver.press(hand, button.label, user=first)).message
        assert step.ephemeral
        if not step.selects:
            continue
        shown = (await driver.choose(step, step.selects[0].options[0][1], user=first)).message
        assert shown.ephemeral and "Preview" in shown.text and shown.attachments
        after = public(await driver.press(shown, "Confirm", user=first))
        shows_board(after)
        played = True
        break
    if not played:
        sacrificed = (await driver.press(hand, 1, user=first)).message
        public(await driver.press(sacrificed, "Sacrifice it", user=first))
    await watch.check()

    # An undo: the player asks, the other side confirms; the dice of the step are thrown away.
    fight = (await stored(driver)).fight
    assert fight is not None and fight.current is not None
    actor = PLAYERS[fight.current.id]
    await typed(driver, fight, choose(fight))
    await watch.check()
    before_undo = (await stored(driver)).fight
    asked = public(await driver.command("/bf undo", user=actor))
    assert "asks to undo" in asked.text
    others = {"bob", "carol"} if actor == "alice" else {"alice"}
    assert asked.pings == {driver.user(u).id for u in others}, "the side that confirms is pinged"
    same_side = "alice" if actor == "alice" else ("carol" if actor == "bob" else "bob")
    if actor != "alice":
        nope = await driver.press(asked, "Confirm the undo", user=same_side)
        assert nope.message.ephemeral and "A player of the boss side" in nope.message.text
    confirmer = "bob" if actor == "alice" else "alice"
    undone = public(await driver.press(asked, "Confirm the undo", user=confirmer))
    assert "undid" in undone.text
    assert (await stored(driver)).fight != before_undo
    assert (await stored(driver)).fight == fight
    await watch.check()

    # Play on to the end, typing, with the hand watch after every step.
    for _ in range(MAX_STEPS):
        fight = (await stored(driver)).fight
        assert fight is not None
        if fight.is_over():
            break
        reply = await typed(driver, fight, choose(fight), preview=False)
        shows_board(public(reply))
        await watch.check()
    fight = (await stored(driver)).fight
    assert fight is not None and fight.is_over(), "the game did not finish"
    last = driver.history()[-1]
    assert any(w in last.text for w in ("The heroes win!", "The boss wins!", "A draw.")), last.text
    assert watch.checked > 20

    log = (await driver.command("/bf log", user="dave")).message
    assert log.ephemeral and fight.outcome is not None
    assert "the last steps" in log.text and len(log.text.splitlines()) >= 12
    ended = public(await driver.command("/bf end", user="dave"))
    assert "closed" in ended.text
