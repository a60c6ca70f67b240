"""/40k list import|show|delete: rosters from New Recruit and BattleScribe, each its importer's,
hostile files refused with nothing kept, and the units used by name in /40k attack and odds."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.offline import Attachment, OfflineDriver
from rules.wh40k import profiles
from rules.wh40k.roster import MAX_ROSTER_BYTES, MAX_UNPACKED_BYTES
from tests import rosters
from tests.cogs.test_wh40k import public_chart, refused

FILES = Path(__file__).parents[1] / "data" / "rosters"


def roster_file(suffix: str = "json") -> Attachment:
    return Attachment(f"cinder_host.{suffix}", (FILES / f"cinder_host.{suffix}").read_bytes())


async def nothing_kept(driver: OfflineDriver, user: str = "alice") -> None:
    shown = (await driver.command("/40k list show", user=user)).message
    assert shown.ephemeral and "No army lists yet" in shown.text


@pytest.mark.parametrize("suffix", ["json", "ros", "rosz"])
async def test_a_roster_is_imported_in_each_format(driver: OfflineDriver, suffix: str) -> None:
    reply = (await driver.command("/40k list import", file=roster_file(suffix))).message
    assert reply.ephemeral
    text = reply.text
    assert "Imported Cinder Host Patrol" in text and "4 units · Cinder Host · 500 pts" in text
    assert (
        "**Ash Wardens** (10 models): Flare lance - focused, Cinder pistol x10, Ash blade x10, "
        "Ember carbine x9 · `T4 Sv3+ W2 x10 inv5+ infantry battleline`" in text
    )
    assert "`T10 Sv3+ W12 fnp6+ vehicle walker`" in text
    assert (
        "Could not be read (the rest was imported)] - Lantern Seer: Whisper hex (A `*`) can't be read."
        in text
    )
    assert len(driver.downloads) == 1
    listed = (await driver.command("/40k list show")).message
    assert listed.ephemeral and "**Cinder Host Patrol**: 4 units" in listed.text
    one = (await driver.command('/40k list show name:"cinder host patrol"')).message
    assert "**Gravel Hulk** (1 model)" in one.text


async def test_the_console_can_give_a_file_by_path(driver: OfflineDriver) -> None:
    reply = await driver.command(f"/40k list import file:{FILES / 'cinder_host.ros'} name:Patrol")
    assert "Imported Patrol" in reply.message.text


async def test_a_list_is_its_importers_and_replaced_by_name(driver: OfflineDriver) -> None:
    await driver.command("/40k list import", file=roster_file(), user="alice")
    await nothing_kept(driver, "bob")
    refused(
        await driver.command("/40k list delete name:Cinder Host Patrol", user="bob"), "no army list called"
    )
    assert await driver.autocomplete("40k odds", "target", "gravel", user="bob") == []
    smaller = rosters.roster_tree([rosters.gravel_hulk()])
    again = await driver.command(
        "/40k list import name:cinder host patrol",
        file=Attachment("small.json", rosters.as_json(smaller)),
        user="alice",
    )
    assert "Replaced your list cinder host patrol" in again.message.text
    listed = (await driver.command("/40k list show")).message
    assert "**cinder host patrol**: 1 units" in listed.text and "Your army lists (1)" in listed.text
    choices = await driver.autocomplete("40k list delete", "name", "cinder")
    assert [c["value"] for c in choices] == ["cinder host patrol"]
    gone = (await driver.command("/40k list delete name:Cinder Host Patrol")).message
    assert gone.ephemeral and "Deleted your army list **cinder host patrol** (1 units)" in gone.text
    await nothing_kept(driver)


async def test_an_oversized_file_is_refused_before_it_is_downloaded(driver: OfflineDriver) -> None:
    big = Attachment("huge.json", b"{" + b" " * MAX_ROSTER_BYTES + b"}")
    refused(
        await driver.command("/40k list import", file=big),
        "`huge.json` is 2.0 MiB; a roster may be at most 2 MiB",
    )
    assert driver.downloads == []
    await nothing_kept(driver)


@pytest.mark.parametrize(
    ("filename", "data", "fragment"),
    [
        (
            "bomb.rosz",
            rosters.zipped({"r.ros": b"<roster>" + b" " * (MAX_UNPACKED_BYTES + 1) + b"</roster>"}),
            "unpacks to more than 8 MiB",
        ),
        (
            "nested.rosz",
            rosters.zipped({"inner.rosz": rosters.as_rosz(rosters.roster_tree())}),
            "another zip",
        ),
        (
            "laughs.ros",
            b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "ha"><!ENTITY b "&a;&a;">]><roster>&b;</roster>',
            "declares a DTD or entities",
        ),
        ("broken.json", b'{"roster": {"forces": [', "is not valid JSON"),
        ("broken.ros", b"<roster><forces></roster>", "is not valid XML"),
        ("notes.json", b'{"shopping": ["bread"]}', "is not an army roster"),
        ("photo.png", b"\x89PNG\r\n\x1a\n", "not a roster Herald can read"),
        ("deep.json", b'{"roster": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nested deeper"),
    ],
)
async def test_hostile_files_are_refused_and_nothing_kept(
    driver: OfflineDriver, filename: str, data: bytes, fragment: str
) -> None:
    refused(await driver.command("/40k list import", file=Attachment(filename, data)), fragment)
    await nothing_kept(driver)


async def test_units_are_used_by_name_in_attack_and_odds(driver: OfflineDriver) -> None:
    await driver.command("/40k list import", file=roster_file("rosz"))
    odds = public_chart(
        await driver.command('/40k odds weapon:"ash wardens: ember carbine" target:"Gravel Hulk"')
    )
    assert (
        r"**Ash Wardens\: Ember carbine**" in odds.text
        and "A2 BS3+ S4 AP-1 D1 x9, sustained hits 1" in odds.text
    )
    assert "**Gravel Hulk**: `T10 Sv3+ W12 fnp6+ vehicle walker`" in odds.text
    # the same odds as the lines typed by hand
    typed = public_chart(
        await driver.command(
            '/40k odds weapon:"A2 BS3+ S4 AP-1 D1 x9, sustained hits 1" '
            'target:"T10 Sv3+ W12 fnp6+ vehicle walker"'
        )
    )
    means = [line for line in typed.text.splitlines() if line.startswith(("wounds dealt:", "models slain:"))]
    assert len(means) == 2 and all(line in odds.text for line in means)
    # a unit with one melee weapon fights as a whole already
    rolled = (
        await driver.command('/40k attack weapon:"Lantern Seer (melee)" target:"Ash Wardens (2)"')
    ).message
    assert not rolled.ephemeral and "Hit rolls (3+)" in rolled.text
    assert (
        "A2 WS3+ S5 AP-1 DD3, devastating wounds, psychic`" in rolled.text
        and "`T4 Sv3+ W2 x5 inv5+ infantry battleline`" in rolled.text
    )
    # typed lines still work beside them
    typed_line = (
        await driver.command('/40k attack weapon:"A1 BS3+ S4 AP0 D1" target:"Lantern Seer"')
    ).message
    assert "`T3 Sv5+ W4 inv4+ infantry character psyker`" in typed_line.text


async def test_a_whole_unit_fires_together_or_asks_for_one_weapon(driver: OfflineDriver) -> None:
    await driver.command("/40k list import", file=roster_file())
    reply = await driver.command('/40k odds weapon:"Gravel Hulk" target:"T4 Sv3+ W1"')
    # Until the unit engine (weapon lines joined by ";", issue 21) is merged, a unit with two ranged
    # weapons is refused with the weapons to pick from; with it, the two fire as one volley.
    if hasattr(profiles, "parse_unit"):
        text = public_chart(reply).text
        assert "**Gravel Hulk**" in text and "AD6+1 BS4+ S9 AP-2 D 3" in text and "A3 BS4+ S5 AP0 D1" in text
    else:
        refused(
            reply,
            "Gravel Hulk fires 2 weapons",
            "`Gravel Hulk: Quake cannon`, `Gravel Hulk: Twin rivet gun`",
        )


async def test_wrong_unit_references_say_what_to_do(driver: OfflineDriver) -> None:
    await driver.command("/40k list import", file=roster_file())
    refused(
        await driver.command('/40k odds weapon:"Gravel Hulk: laser" target:"T4 Sv3+ W1"'),
        "Gravel Hulk has no weapon called `laser`; it has: Crushing treads, Quake cannon, Twin rivet gun.",
    )
    refused(
        await driver.command('/40k odds weapon:"Lantern Seer" target:"T4 Sv3+ W1"'),
        "Lantern Seer has no ranged weapon",
    )


async def test_autocomplete_offers_units_and_their_weapons(driver: OfflineDriver) -> None:
    await driver.command("/40k list import", file=roster_file())
    weapons = await driver.autocomplete("40k attack", "weapon", "gravel")
    assert weapons[0] == {
        "name": "Gravel Hulk: Quake cannon, Twin rivet gun",  # the volley fires no melee weapon
        "value": "Gravel Hulk",
    }
    assert {"name": "Gravel Hulk (melee): Crushing treads", "value": "Gravel Hulk (melee)"} in weapons
    one = await driver.autocomplete("40k attack", "weapon", "gravel hulk: qu")
    assert one[0]["value"] == "Gravel Hulk: Quake cannon" and "AD6+1 BS4+ S9 AP-2 D 3" in one[0]["name"]
    targets = await driver.autocomplete("40k odds", "target", "ash")
    assert [t["value"] for t in targets] == ["Ash Wardens", "Ash Wardens (2)"]
    assert targets[0]["name"] == "Ash Wardens · T4 Sv3+ W2 x10 inv5+ infantry battleline"


async def test_units_of_the_same_name_in_two_lists_are_told_apart(driver: OfflineDriver) -> None:
    await driver.command("/40k list import name:First", file=roster_file())
    await driver.command(
        "/40k list import name:Second",
        file=Attachment("s.json", rosters.as_json(rosters.roster_tree([rosters.gravel_hulk()]))),
    )
    targets = await driver.autocomplete("40k odds", "target", "gravel")
    assert sorted(t["value"] for t in targets) == ["First / Gravel Hulk", "Second / Gravel Hulk"]
    rolled = (
        await driver.command('/40k attack weapon:"A1 BS3+ S4 AP0 D1" target:"second / gravel hulk"')
    ).message
    assert "`T10 Sv3+ W12 fnp6+ vehicle walker`" in rolled.text


async def test_a_big_list_fits_one_reply(driver: OfflineDriver) -> None:
    big = rosters.as_json(rosters.strike_force(6000))
    reply = (await driver.command("/40k list import", file=Attachment("big.json", big))).message
    embed = reply.embeds[0]
    assert embed["description"].startswith("60 units") and "more units." in embed["description"]
    assert len(embed["description"]) <= 4096
    assert (
        sum(len(f["value"]) + len(f["name"]) for f in embed.get("fields", [])) + len(embed["description"])
        < 6000
    )
    assert "Could not be read" in reply.text and "Lantern Seer C: Whisper hex" in reply.text


async def test_markdown_in_a_roster_name_is_shown_as_written(driver: OfflineDriver) -> None:
    hulk = rosters.gravel_hulk()
    hulk["name"] = "**Loud** _Hulk_"
    await driver.command(
        "/40k list import", file=Attachment("l.json", rosters.as_json(rosters.roster_tree([hulk])))
    )
    rolled = (
        await driver.command('/40k attack weapon:"**loud** _hulk_: quake cannon" target:"T4 Sv3+ W1"')
    ).message
    # (bot.text.public escapes ':' too, so no typed URL is a link; Discord hides the backslashes)
    assert r"\*\*Loud\*\* \_Hulk\_\: Quake cannon" in rolled.text


async def test_a_unit_name_two_lists_share_is_refused_without_the_list(driver: OfflineDriver) -> None:
    # Typed without its list, a name two lists hold must not silently pick one of them (the two
    # Gravel Hulks could differ); the refusal says how to name each.
    await driver.command("/40k list import name:First", file=roster_file())
    await driver.command(
        "/40k list import name:Second",
        file=Attachment("s.json", rosters.as_json(rosters.roster_tree([rosters.gravel_hulk()]))),
    )
    for option in (
        'weapon:"Gravel Hulk" target:"T4 Sv3+ W2"',
        'weapon:"A1 BS3+ S4 AP0 D1" target:"Gravel Hulk"',
    ):
        refused(
            await driver.command(f"/40k odds {option}"),
            "Gravel Hulk",
            "`First / Gravel Hulk`",
            "`Second / Gravel Hulk`",
        )
    refused(
        await driver.command('/40k odds weapon:"Gravel Hulk: Quake cannon" target:"T4 Sv3+ W2"'),
        "`First / Gravel Hulk`",
    )
    # a unit only one list holds still needs no list name
    shown = (await driver.command('/40k odds weapon:"A1 BS3+ S4 AP0 D1" target:"Lantern Seer"')).message
    assert not shown.ephemeral and "T3 Sv5+ W4" in shown.text


async def test_a_hostile_unit_name_is_inert_in_a_public_reply(driver: OfflineDriver) -> None:
    # A roster is anyone's file: its unit names reach public odds replies through bot.text's one
    # door, so a mention in one neither pings nor shows as a mention, and no markdown link forms.
    unit = rosters.gravel_hulk()
    unit["name"] = "<@123> @everyone [x](https://x.example)"
    tree = rosters.roster_tree([unit])
    await driver.command("/40k list import", file=Attachment("h.json", rosters.as_json(tree)))
    for option in ('weapon:"A1 BS3+ S4 AP0 D1" target:"{}"', 'weapon:"{}" target:"T4 Sv3+ W2"'):
        odds = public_chart(await driver.command(f"/40k odds {option.format(unit['name'])}"))
        assert not odds.pings
        assert "<@123>" not in odds.text and "@everyone" not in odds.text and "](https" not in odds.text


async def test_a_unit_name_on_the_chart_has_no_escapes(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A chart is plain text: markdown escapes meant for the reply's text would show as backslashes.
    from cogs.wh40k import replies

    seen: list[tuple[str, ...]] = []
    real = replies.chart_png

    def spy(series: tuple, title: str, x_label: str) -> bytes:  # type: ignore[type-arg]
        seen.append((title, *(label for label, _ in series)))
        return real(series, title, x_label)

    monkeypatch.setattr(replies, "chart_png", spy)
    await driver.command("/40k list import", file=roster_file())
    command = '/40k odds weapon:"Ash Wardens: Ember carbine" target:"Ash Wardens (2)"'
    odds = public_chart(await driver.command(command + ' compare:"Ash Wardens (melee)"'))
    title = "Models slain: Ash Wardens (2) (11th ed.)"
    assert seen == [(title, "A: Ash Wardens: Ember carbine", "B: Ash Wardens (melee)")]
    assert r"**Ash Wardens\: Ember carbine**" in odds.text
