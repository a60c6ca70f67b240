"""/crusade end to end: a campaign of three battles with hand-worked XP, ranks, RP and CP; an
Out of Action test failed and scarred; a fourth scar refused; the 30 XP cap and Legendary
Veterans; Dealers of Death across battles; two players at once; a restart mid-sequence."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.offline import Attachment, OfflineDriver
from rules.i18n import force_offer
from tests import rosters
from tests.cogs.hostile import _LIVE, COMBINED, SHORT, live_markup


class Dice(random.Random):
    """The bot's dice: these D6 rolls first, then 6s."""

    def __init__(self, *rolls: int) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0) if self.rolls else b


def live_in_cards(message) -> list[str]:
    """What a hostile name left live in a card's title, text and fields (tests/cogs/hostile.py
    reads content and embeds only)."""
    found = []
    for card in message.cards:
        for part in [
            card.title or "",
            card.description or "",
            *(f"{f.name}\n{f.value}" for f in card.fields),
        ]:
            for what, pattern in _LIVE:
                if pattern.search(part):
                    found.append(what)
    return found


def plain(message) -> str:
    """What a player reads: Discord shows an escaped character as the character."""
    return message.text.replace("\\", "")


def army(name: str = "Ember Host", extra: int = 0) -> Attachment:
    return Attachment(f"{name}.json", rosters.as_json(rosters.crusade_force(name, extra=extra)))


async def campaign(driver: OfflineDriver) -> None:
    await driver.command("/crusade create name:Autumn Crusade", user="olga")
    joined = (await driver.command("/crusade join", file=army(), user="alice")).message
    assert "Supply 760/1000" in plain(joined) and "RP 5" in plain(joined)
    await driver.command("/crusade join", file=army("Iron Tide"), user="bob")


async def battle(driver: OfflineDriver, options: str, *, user: str = "alice", opponent: str = "bob"):
    reply = await driver.command(f"/crusade battle opponent:@{opponent} {options}", user=user)
    asked = reply.message
    assert "waiting for the opponent" in asked.text
    return (await driver.press(asked, "Confirm", user=opponent)).message


async def unit_text(driver: OfflineDriver, name: str, user: str = "alice") -> str:
    return plain((await driver.command(f'/crusade unit name:"{name}"', user=user)).message)


async def test_a_campaign_of_three_battles(driver: OfflineDriver) -> None:
    await campaign(driver)
    done = await battle(
        driver,
        'result:win took_part:"Intercessors, Captain, Marneus Calgar" '
        'kills:"Intercessors 2, Captain 1" marked:Intercessors',
    )
    assert "Requisition Points: 6" in plain(done)
    assert "Intercessors: Battle Experience +1, Marked for Greatness +3 → 4 XP" in plain(done)
    assert "4 XP" in await unit_text(driver, "Intercessors")
    assert "0 XP" in await unit_text(driver, "Marneus Calgar")  # an Epic Hero gains none
    # battle 2: the third kill over the campaign gives Dealers of Death; 9 XP is Blooded
    done = await battle(
        driver, 'result:loss took_part:Intercessors kills:"Intercessors 1" marked:Intercessors'
    )
    assert "Dealers of Death +1" in plain(done) and "now Blooded" in plain(done)
    refused = (await driver.press(done, "Roll a Battle Trait: Intercessors", user="bob")).message
    assert refused.ephemeral and "Only a force's own player" in plain(refused)
    assert "Requisition Points: 7" in plain(done)
    honour = (await driver.command('/crusade honour unit:Intercessors table:weapon text:"Brutal"')).message
    assert "gains the Battle Honour Brutal (1 Crusade Points)" in plain(honour)
    # battle 3: the TITANIC Knight kills 6 (two thirds: +2) and is marked: 6 XP; an honour is 2 CP
    done = await battle(
        driver, 'result:draw took_part:"Knight Paladin" kills:"Knight Paladin 6" marked:"Knight Paladin"'
    )
    assert (
        "Knight Paladin: Battle Experience +1, Dealers of Death +2, Marked for Greatness +3 → 6 XP"
        in plain(done)
    )
    honour = (await driver.command('/crusade honour unit:"Knight Paladin" roll:true')).message
    assert "(2 Crusade Points)" in plain(honour)
    shown = (await driver.command("/crusade show", user="alice")).message
    assert "RP 8 · Battles 3 · Victories 1 · Crusade Points 3" in plain(shown)
    assert shown.attachments and shown.attachments[0].filename == "order_of_battle.png"
    standings = (await driver.command("/crusade standings", user="bob")).message
    assert plain(standings).lower().index("alice") < plain(standings).lower().index("bob")


async def test_out_of_action_failed_scarred_and_a_fourth_scar_refused(driver: OfflineDriver) -> None:
    await campaign(driver)
    driver.bot.rng = Dice(1)
    done = await battle(driver, "result:loss took_part:Intercessors destroyed:Intercessors")
    assert "Out of Action test for Intercessors: 1 (failed" in plain(done)
    refused = await driver.press(done, "Scar: Intercessors", user="bob")
    assert refused.message.ephemeral and "Only a force's own player" in refused.message.text
    scarred = (await driver.press(done, "Scar: Intercessors", user="alice")).message
    assert "gains the Battle Scar" in plain(scarred)
    assert "-1 CP" in await unit_text(driver, "Intercessors")
    await driver.command("/crusade scar unit:Intercessors text:Fatigued")
    await driver.command("/crusade scar unit:Intercessors text:Deep Scars")
    fourth = (await driver.command("/crusade scar unit:Intercessors text:Disgraced")).message
    assert fourth.ephemeral and "already has 3 Battle Scars" in plain(fourth)


async def test_a_non_character_stops_at_30_until_legendary_veterans(driver: OfflineDriver) -> None:
    await campaign(driver)
    for _ in range(8):  # 4 XP a battle: 28, then 30 (not 32)
        done = await battle(driver, "result:win took_part:Intercessors marked:Intercessors")
    assert "stops at 30 XP" in plain(done)
    assert "30 XP" in await unit_text(driver, "Intercessors")
    bought = (await driver.command("/crusade requisition name:legendary-veterans unit:Intercessors")).message
    assert "may pass 30 XP" in plain(bought) and "7 RP left" in plain(bought)
    await battle(driver, "result:win took_part:Intercessors marked:Intercessors")
    assert "34 XP" in await unit_text(driver, "Intercessors")


async def test_menus_then_a_restart_mid_sequence(driver: OfflineDriver) -> None:
    await campaign(driver)
    steps = (await driver.command("/crusade battle opponent:@bob result:win")).message
    steps = (await driver.choose(steps, ["Intercessors", "Captain"], select=1)).message
    steps = (await driver.choose(steps, ["Captain"], select=3)).message
    assert "Marked for Greatness: Captain" in plain(steps)
    form = (await driver.press(steps, "Kills…")).modal
    await driver.restart()
    steps = (await driver.submit(form, {"kills": "Captain 3"})).message
    assert "Units destroyed by each: Captain 3" in plain(steps)
    games = (await driver.command("/games", user="alice")).message
    assert "say which units took part" in games.text
    await driver.restart()
    asked = (await driver.press(steps, "Send to opponent")).message
    await driver.restart()
    games = (await driver.command("/games", user="bob")).message
    assert "confirm the result" in games.text
    done = (await driver.press(asked, "Confirm", user="bob")).message
    assert "Captain: Battle Experience +1, Dealers of Death +1, Marked for Greatness +3 → 5 XP" in plain(done)


async def test_two_players_recording_at_once_lose_nothing(driver: OfflineDriver) -> None:
    await campaign(driver)
    await asyncio.gather(
        driver.command("/crusade scar unit:Intercessors text:Fatigued", user="alice"),
        driver.command("/crusade scar unit:Captain text:Deep Scars", user="bob"),
        driver.command('/crusade honour unit:Captain text:"Heirloom" table:weapon', user="alice"),
    )
    alice = (await driver.command("/crusade show", user="alice")).message.text
    bob = (await driver.command("/crusade show", user="bob")).message.text
    assert "Fatigued" in alice and "Heirloom" in alice and "Deep Scars" in bob


async def test_hostile_names_are_escaped_and_never_ping(driver: OfflineDriver) -> None:
    await driver.command(f"/crusade create name:{SHORT}", user="olga")
    tree = rosters.roster_tree(
        [rosters.crusade_unit(COMBINED[:60], 50), rosters.crusade_unit("Captain", 80, "Character")],
        name=COMBINED,
    )
    joined = (
        await driver.command(
            "/crusade join", file=Attachment("h.json", rosters.as_json(tree)), user="mallory"
        )
    ).message
    assert joined.attachments
    await driver.command(f"/crusade join name:{SHORT}", file=army(), user="alice")
    done = await battle(driver, "result:win took_part:Captain", user="mallory", opponent="alice")
    shown = [
        joined,
        done,
        (await driver.command("/crusade show player:@mallory", user="alice")).message,
        (await driver.command("/crusade standings", user="alice")).message,
        (await driver.command("/crusade log", user="alice")).message,
        (await driver.command("/crusade show", user="alice")).message,
    ]
    assert "Free Nitro" in shown[2].text and "Free Nitro" in shown[3].text  # shown, inert
    for message in shown:
        assert message.cards  # a card: its parts are checked below, as an embed's were
        assert live_markup(message) == [], (live_markup(message), message.text)
        assert live_in_cards(message) == [], (live_in_cards(message), message.text)
        assert not message.pings - {driver.user("alice").id}


async def test_export_and_only_players_change_forces(driver: OfflineDriver) -> None:
    await campaign(driver)
    refused = (
        await driver.command("/crusade scar unit:Intercessors text:Fatigued player:@alice", user="bob")
    ).message
    assert refused.ephemeral and "Only a force's own player" in plain(refused)
    said = (
        await driver.command("/crusade scar unit:Intercessors text:Fatigued player:@alice", user="olga")
    ).message
    assert "organiser's correction" in plain(said)
    exported = (await driver.command("/crusade export")).message
    assert sorted(a.filename for a in exported.attachments) == ["order_of_battle.csv", "order_of_battle.json"]


async def test_a_campaign_is_kept_on_both_backends_across_a_restart(any_backend: OfflineDriver) -> None:
    driver = any_backend
    await campaign(driver)
    steps = (await driver.command("/crusade battle opponent:@bob result:draw")).message
    steps = (await driver.choose(steps, ["Knight Paladin"], select=1)).message
    await driver.restart()
    asked = (await driver.press(steps, "Send to opponent")).message
    done = (await driver.press(asked, "Confirm", user="bob")).message
    assert "Knight Paladin: Battle Experience +1 → 1 XP" in plain(done)
    await driver.restart()
    assert "RP 6 · Battles 1 · Victories 0" in plain((await driver.command("/crusade show")).message)


async def test_a_list_over_the_supply_limit_is_taken_and_said(driver: OfflineDriver) -> None:
    await driver.command("/crusade create name:Big", user="olga")
    joined = (await driver.command("/crusade join", file=army(extra=20), user="alice")).message
    assert "160 points over the Supply Limit of 1000" in plain(joined)
    assert "Supply 1160/1000" in plain(joined)


async def test_a_new_rank_offers_its_honour_by_a_button(driver: OfflineDriver) -> None:
    await campaign(driver)
    await battle(driver, "result:win took_part:Captain marked:Captain")
    done = await battle(driver, "result:win took_part:Captain marked:Captain")
    assert "Captain is now Blooded" in plain(done)
    rolled = (await driver.press(done, "Roll a Battle Trait: Captain")).message
    assert "Captain gains the Battle Honour" in plain(rolled)
    again = (await driver.press(done, "Roll a Battle Trait: Captain")).message
    assert again.ephemeral and "no Battle Honour left to choose" in plain(again)


async def test_units_added_and_removed_and_the_campaign_ended(driver: OfflineDriver) -> None:
    await campaign(driver)
    added = (await driver.command('/crusade add unit:"Land Raider" points:240 keywords:"titanic"')).message
    assert "added Land Raider" in plain(added)
    over = (await driver.command("/crusade show")).message
    assert "Supply 1000/1000" in plain(over)
    bad = (await driver.command('/crusade add unit:X points:10 keywords:"psyker"')).message
    assert bad.ephemeral and "no Crusade keyword" in plain(bad)
    removed = (await driver.command('/crusade remove unit:"Land Raider"')).message
    assert "removed from Ember Host for good" in plain(removed)
    refused = (await driver.command("/crusade end", user="bob")).message
    assert refused.ephemeral and "Only the campaign's organiser" in plain(refused)
    ended = (await driver.command("/crusade end", user="olga")).message
    assert "has ended" in plain(ended)


async def test_unit_names_are_offered_as_typed(driver: OfflineDriver) -> None:
    await campaign(driver)
    offered = await driver.autocomplete("/crusade scar", "unit", "inter")
    assert [c["name"] for c in offered] == ["Intercessors"]
    theirs = await driver.autocomplete("/crusade honour", "unit", "kni", user="olga", player="@alice")
    assert [c["name"] for c in theirs] == ["Knight Paladin"]


@pytest.fixture
def spanish():
    with force_offer("es"):
        yield


async def test_a_spanish_server_reads_the_campaign_in_spanish(driver: OfflineDriver, spanish: None) -> None:
    driver.guild_locale = "es-ES"
    await campaign(driver)
    asked = (
        await driver.command("/crusade battle opponent:@bob result:win took_part:Captain marked:Captain")
    ).message
    assert "esperando al oponente" in plain(asked)
    done = (await driver.press(asked, "Confirmar", user="bob")).message
    assert "Batalla n.º 1: Alice (victoria) contra Bob." in plain(done)
    assert "Captain: Battle Experience +1, Marked for Greatness +3 → 4 XP." in plain(done)
    shown = (await driver.command("/crusade show")).message
    assert "Batallas 1 · Victorias 1" in plain(shown)
    driver.user("alice", locale="es-ES")
    refused = (await driver.command("/crusade scar unit:Nadie text:Fatigued")).message
    assert refused.ephemeral and "no tiene ninguna unidad llamada 'Nadie'" in plain(refused)


async def test_a_unit_whose_list_gives_no_points_is_unknown_not_zero(driver: OfflineDriver) -> None:
    await driver.command("/crusade create name:Pointless", user="olga")
    priced = rosters.crusade_unit("Captain", 80, "Character")
    unpriced = rosters.crusade_unit("Servitors", 0)
    del unpriced["costs"]  # some lists (and hand-made files) carry no cost for a unit
    tree = rosters.roster_tree([priced, unpriced], name="Half Priced")
    joined = (
        await driver.command("/crusade join", file=Attachment("h.json", rosters.as_json(tree)), user="alice")
    ).message
    text = joined.text
    assert "**Servitors** · Battle-ready · 0 XP · 0 CP · points unknown" in text, text
    assert "**Captain** · Battle-ready · 0 XP · 0 CP · 80 pts" in text
    assert "Supply 80/1000" in text
    assert "1 unit has no points in its list: it counts 0 against the Supply Limit." in text
    exported = (await driver.command("/crusade export", user="alice")).message
    csv_file = next(a for a in exported.attachments if a.filename.endswith(".csv"))
    rows = [line.split(",") for line in csv_file.data.decode().splitlines()]
    servitors = next(row for row in rows if row[0] == "Servitors")
    assert servitors[1] == ""  # unknown, not 0
