"""/40k with mixed units and attached Leaders, and the small things a player met (issue 31 items
1-2, issue 34 items 14-16): every reply as a player sees it."""

from __future__ import annotations

from bot.offline import Attachment, OfflineDriver
from rules.wh40k import parse_target, parse_weapon
from rules.wh40k.attack import distribution
from tests import rosters
from tests.cogs.test_wh40k import public_chart, refused

BOYZ = "T5 Sv5+ W1 x9 + Boss Nob: W2 Sv4+"


async def test_odds_against_a_mixed_unit_say_the_order_and_count_every_wound(driver: OfflineDriver) -> None:
    weapon = "A6 BS3+ S5 AP-1 D1"
    message = public_chart(await driver.command(f'/40k odds weapon:"{weapon}" target:"{BOYZ}"'))
    odds = distribution(parse_weapon(weapon), parse_target(BOYZ))
    assert f"wounds dealt: **{odds.wounds.mean:.2f}** (of 11)" in message.text
    assert f"models slain: **{odds.slain.mean:.2f}** (of 10)" in message.text
    assert "[Models slain]" in message.text  # the Nob's 2 wounds: wounds and models differ
    assert "ordinary models first and the better profile last" in message.text
    assert "`order:typed`" in message.text
    assert "`T5 Sv5+ W1 x9 + Boss Nob: Sv4+ W2`" in message.text


async def test_attack_on_a_mixed_unit_names_each_save_and_stops_at_the_last_model(
    driver: OfflineDriver,
) -> None:
    # twenty sure wounds of damage 3 into three models: after the last, nothing more is rolled
    message = (
        await driver.command(
            '/40k attack weapon:"A20 S8 AP0 D 3, torrent" target:"T4 Sv7+ W1 x2 + Nob: W2 Sv4+"'
        )
    ).message
    assert not message.ephemeral
    assert "Saves (group 1 none, Nob armour 4+)" in message.text
    assert "(Nob) loses 2, slain" in message.text
    assert "had no model left" in message.text
    assert "loses 0" not in message.text
    assert "3/3 models slain" in message.card.data["title"]


async def test_one_hit_and_one_wound_are_singular(driver: OfflineDriver) -> None:
    message = (await driver.command('/40k attack weapon:"A1 BS2+ S8 AP0 D1" target:"T4 Sv7+ W1"')).message
    assert "1 hits" not in message.text and "1 wounds" not in message.text
    assert "-> 1 hit" in message.text or "-> 0 hits" in message.text


async def test_situation_words_may_be_apart(driver: OfflineDriver) -> None:
    message = (
        await driver.command(
            '/40k attack weapon:"A2 BS3+ S4 AP0 D1, heavy" target:"T4 Sv4+ W1 x5 infantry" '
            'situation:"stationary cover"'
        )
    ).message
    assert not message.ephemeral and "[Situation] stationary, cover" in message.text
    refused(
        await driver.command(
            '/40k attack weapon:"A2 BS3+ S4 AP0 D1" target:"T4 Sv4+ W1" situation:"stationary cvr"'
        ),
        "`cvr` is wrong",
        "`cover`?",
    )


async def test_a_bad_group_is_refused_with_the_grammar(driver: OfflineDriver) -> None:
    refused(
        await driver.command('/40k odds weapon:"A2 BS3+ S4 AP0 D1" target:"T4 Sv3+ W1 x5 + "'),
        "empty group",
        "`T5 Sv5+ W1 x9 + W2 x1 sv4+`",
    )


def _army() -> Attachment:
    hulk = rosters.gravel_hulk()
    hulk["name"] = "Arc Hulk"
    hulk["profiles"][0]["name"] = "Arc Hulk"
    tree = rosters.roster_tree([rosters.ash_wardens(), hulk, rosters.lantern_seer()])
    return Attachment("host.json", rosters.as_json(tree))


async def test_autocomplete_puts_names_starting_with_the_text_first(driver: OfflineDriver) -> None:
    await driver.command("/40k list import", file=_army())
    # "ar" is inside "Ash Wardens" too, which comes first in the list
    found = await driver.autocomplete("40k attack", "weapon", "ar")
    assert found[0]["value"] == "Arc Hulk", found


async def test_a_leader_attached_to_a_unit_as_target_and_weapon(driver: OfflineDriver) -> None:
    await driver.command("/40k list import", file=_army())
    choices = await driver.autocomplete("40k odds", "target", "Ash Wardens + ")
    assert choices[0]["value"] == "Ash Wardens + Lantern Seer"  # a Character first
    assert all(c["value"].startswith("Ash Wardens + ") for c in choices)
    message = public_chart(
        await driver.command('/40k odds weapon:"A10 BS3+ S4 AP0 D1" target:"Ash Wardens + Lantern Seer"')
    )
    assert "Ash Wardens: T4 Sv3+ W2 x10 inv5+ infantry battleline character psyker" in message.text
    assert "Lantern Seer: T3 Sv5+ W4 inv4+ leader" in message.text
    assert "only once its Bodyguard is slain" in message.text
    assert "(of 11)" in message.text  # models: ten wardens and the seer
    # the bodyguard's Toughness 4: S4 wounds on 4+
    rolled = (
        await driver.command('/40k attack weapon:"A10 BS3+ S4 AP0 D1" target:"Ash Wardens + Lantern Seer"')
    ).message
    assert "Wound rolls (4+)" in rolled.text
    # as the weapon: both units' volleys together
    both = public_chart(
        await driver.command('/40k odds weapon:"Ash Wardens + Arc Hulk" target:"T4 Sv3+ W1 x10"')
    )
    assert "Ember carbine" in both.text and "Quake cannon" in both.text
    refused(
        await driver.command('/40k odds weapon:"A1 BS3+ S4 AP0 D1" target:"Ash Wardens + Nobody"'),
        "Nobody",
    )


async def test_a_hostile_leader_name_is_inert(driver: OfflineDriver) -> None:
    seer = rosters.lantern_seer()
    seer["name"] = "@everyone **Seer** <@123>"
    tree = rosters.roster_tree([rosters.ash_wardens(), seer])
    await driver.command("/40k list import", file=Attachment("host.json", rosters.as_json(tree)))
    message = public_chart(
        await driver.command(
            '/40k odds weapon:"A4 BS3+ S4 AP0 D1" target:"Ash Wardens + @everyone **Seer** <@123>"'
        )
    )
    assert "@everyone" not in message.text.replace("@\u200beveryone", "")
    assert "<@123>" not in message.text and "**Seer**" not in message.text
    assert "everyone Seer 123: T3 Sv5+ W4 inv4+ leader" in message.text


async def test_help_topic_40k_holds_the_groups_and_the_list_kept_from_10th(driver: OfflineDriver) -> None:
    message = await driver.command("/help topic:40k")  # two cards, cut between whole fields
    assert "[Several kinds of model, Leaders]" in message.text and "`order:typed`" in message.text
    kept = message.text.split("[11th edition: kept from 10th]")[1]
    assert "the wound table" in kept and "+1/-1 caps" in kept


async def test_a_model_with_melee_alternatives_fights_with_the_best_against_the_target(
    driver: OfflineDriver,
) -> None:
    tree = rosters.roster_tree([rosters.hive_tyrant()])
    await driver.command("/40k list import", file=Attachment("swarm.json", rosters.as_json(tree)))
    # against one-wound models the six talon attacks do more; against T8 the S9 bonesword
    horde = public_chart(
        await driver.command('/40k odds weapon:"Hive Tyrant (melee)" target:"T4 Sv3+ W1 x10"')
    )
    assert "fights with its Monstrous scything talons" in horde.text
    assert "Monstrous scything talons: A6" in horde.text and "Monstrous bonesword: A4" not in horde.text
    assert "Lash whip" in horde.text  # Extra Attacks on top
    big = (await driver.command('/40k attack weapon:"Hive Tyrant (melee)" target:"T8 Sv3+ W10"')).message
    assert not big.ephemeral and "fights with its Monstrous bonesword" in big.text
    assert "Monstrous bonesword: A4" in big.text and "Monstrous scything talons: A6" not in big.text


async def test_the_pairs_offered_follow_the_leader_abilities(driver: OfflineDriver) -> None:
    tree = rosters.roster_tree([rosters.boyz(), rosters.warboss(), rosters.trukk()], name="Waaagh Band")
    await driver.command("/40k list import", file=Attachment("orks.json", rosters.as_json(tree)))
    choices = await driver.autocomplete("40k odds", "target", "Boyz + ")
    assert [c["value"] for c in choices] == ["Boyz + Warboss"]  # the Trukk leads nobody
    assert choices[0]["name"].startswith("Boyz led by Warboss · ")
    message = public_chart(
        await driver.command('/40k odds weapon:"A10 BS3+ S4 AP0 D1" target:"Boyz + Warboss"')
    )
    assert "Boss Nob" in message.text and "leader" in message.text
    rolled = (await driver.command('/40k attack weapon:"A10 BS3+ S4 AP0 D1" target:"Boyz + Warboss"')).message
    assert "Wound rolls (5+)" in rolled.text  # S4 against the Boyz' T5, not the Warboss's
