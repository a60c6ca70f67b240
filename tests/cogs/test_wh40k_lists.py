"""/40k list import|show|delete: rosters from New Recruit and BattleScribe, each its importer's,
hostile files refused with nothing kept, and the units used by name in /40k attack and odds."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.offline import Attachment, OfflineDriver
from bot.storage.army_lists import MAX_LISTS_PER_OWNER
from cogs.wh40k.army import index_of, roster_of
from rules.wh40k import profiles
from rules.wh40k.roster import MAX_ROSTER_BYTES, MAX_UNPACKED_BYTES, Roster
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
    assert "**cinder host patrol**: 1 unit, imported" in listed.text and "Your army lists (1)" in listed.text
    choices = await driver.autocomplete("40k list delete", "name", "cinder")
    assert [c["value"] for c in choices] == ["cinder host patrol"]
    gone = (await driver.command("/40k list delete name:Cinder Host Patrol")).message
    assert gone.ephemeral and "Deleted your army list **cinder host patrol** (1 unit)" in gone.text
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
        r"**Ash Wardens\: Ember carbine x9**" in odds.text
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
    embed = reply.card.data
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

    def spy(series: tuple, title: str, x_label: str, t: object = None) -> bytes:  # type: ignore[type-arg]
        seen.append((title, *(label for label, _ in series)))
        return real(series, title, x_label, t)

    monkeypatch.setattr(replies, "chart_png", spy)
    await driver.command("/40k list import", file=roster_file())
    command = '/40k odds weapon:"Ash Wardens: Ember carbine" target:"Ash Wardens (2)"'
    odds = public_chart(await driver.command(command + ' compare:"Ash Wardens (melee)"'))
    title = "Models slain: Ash Wardens (2) (11th ed.)"
    assert seen == [(title, "A: Ash Wardens: Ember carbine …", "B: Ash Wardens (melee)")]
    assert r"**Ash Wardens\: Ember carbine x9**" in odds.text


# -- bounds (issue 32 items 2 and 7) -----------------------------------------------------------


def _keyword_bomb() -> bytes:
    """An 8 MB ``kw,kw,...`` Keywords on one weapon, zipped to a few KB (the review's file)."""
    hulk = rosters.gravel_hulk()
    hulk["selections"][0]["profiles"][0]["characteristics"][-1]["$text"] = "REPLACE"
    ros = rosters.as_ros(rosters.roster_tree([hulk]))
    return rosters.zipped(
        {"roster.ros": ros.replace(b"REPLACE", b"kw," * ((MAX_UNPACKED_BYTES - 8192) // 3))}
    )


async def _stored_bytes(driver: OfflineDriver) -> int:
    async with driver.bot.db.reading() as tx:  # type: ignore[attr-defined]
        row = await tx.fetchone("SELECT SUM(LENGTH(roster)) AS n FROM army_lists")
    return int(row["n"] or 0) if row is not None else 0


async def test_a_keyword_bomb_is_bounded_stored_small_and_said(driver: OfflineDriver) -> None:
    bomb = _keyword_bomb()
    assert len(bomb) < 64 * 1024
    for i in range(10):  # the review imported it 10 times: 155 MB
        reply = (
            await driver.command(f"/40k list import name:bomb{i}", file=Attachment("kw.rosz", bomb))
        ).message
        assert "Imported bomb" in reply.text
    assert (
        "Keywords past 12 (or 400 characters) on one weapon were cut: Gravel Hulk: Quake cannon" in reply.text
    )
    assert "Weapon keywords Herald does not calculate with were left out: kw." in reply.text
    assert await _stored_bytes(driver) < 10 * 8 * 1024


async def test_another_players_roll_is_answered_while_a_file_is_still_being_read(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot import uploads

    reading = asyncio.Event()
    release = asyncio.Event()
    real = uploads.run_isolated

    async def held(*args: Any, **kwargs: Any) -> Any:
        reading.set()
        await release.wait()
        return await real(*args, **kwargs)

    monkeypatch.setattr(uploads, "run_isolated", held)
    importing = asyncio.create_task(driver.command("/40k list import", file=roster_file(), user="mallory"))
    await asyncio.wait_for(reading.wait(), 10)
    roll = await asyncio.wait_for(driver.command("/roll expression:2d6", user="bob"), 10)
    assert not roll.message.ephemeral and "2d6" in roll.message.text
    assert not importing.done()
    release.set()
    assert "Imported Cinder Host Patrol" in (await importing).message.text


async def test_a_file_the_reader_gives_up_on_is_refused_and_nothing_kept(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot import heavy

    monkeypatch.setattr(heavy, "ISOLATED_TIMEOUT", 0.0)
    reply = (await driver.command("/40k list import", file=roster_file("rosz"))).message
    assert reply.ephemeral
    assert "Reading `cinder_host.rosz` took longer than 0 s, so I stopped" in reply.text
    await nothing_kept(driver)


async def test_the_twenty_first_list_is_refused_with_what_to_do(driver: OfflineDriver) -> None:
    data = rosters.as_json(rosters.roster_tree([rosters.gravel_hulk()]))
    for i in range(MAX_LISTS_PER_OWNER):
        reply = (await driver.command(f"/40k list import name:L{i}", file=Attachment("l.json", data))).message
        assert f"Imported L{i}" in reply.text
    refused(
        await driver.command("/40k list import name:L20", file=Attachment("l.json", data)),
        "You keep 20 army lists already",
        "`/40k list delete`",
    )
    assert "Your army lists (20)" in (await driver.command("/40k list show")).message.text
    await driver.command("/40k list delete name:L0")
    assert (
        "Imported L20"
        in (await driver.command("/40k list import name:L20", file=Attachment("l.json", data))).message.text
    )


async def test_a_list_too_big_to_keep_is_refused_with_what_to_do(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.storage import army_lists

    monkeypatch.setattr(army_lists, "MAX_LIST_BYTES", 1024)
    refused(
        await driver.command("/40k list import", file=roster_file()),
        "KB once read; Herald keeps lists of at most 1 KB. Split the roster in two",
    )
    await nothing_kept(driver)


async def test_a_png_holding_roster_json_says_what_was_read(driver: OfflineDriver) -> None:
    reply = (
        await driver.command("/40k list import", file=Attachment("photo.png", roster_file().data))
    ).message
    assert "Imported Cinder Host Patrol" in reply.text
    assert "`photo.png` read as New Recruit JSON." in reply.text
    rosz = (await driver.command("/40k list import name:z", file=roster_file("rosz"))).message
    assert "read as BattleScribe zipped XML (.rosz)." in rosz.text


async def test_autocomplete_reads_the_index_never_a_list(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: autocomplete loaded and validated every list's JSON per keystroke (3.2 s a key)."""
    big = Attachment("big.json", rosters.as_json(rosters.strike_force(6000)))
    reply = await driver.command("/40k list import name:Big0", file=big)
    assert "Imported Big0" in reply.message.text
    # The other 19 copies are stored as the import stored the first (reading the same file 19
    # more times only made the test slow).
    first = await driver.bot.army_lists.find(owner_id=driver.user("alice").id, name="Big0")
    roster = roster_of(first)
    for i in range(1, MAX_LISTS_PER_OWNER):
        await driver.bot.army_lists.save(
            owner_id=driver.user("alice").id,
            name=f"Big{i}",
            units=len(roster.units),
            roster=first.roster,
            index=index_of(roster),
        )
    assert len(await driver.bot.army_lists.all(owner_id=driver.user("alice").id)) == MAX_LISTS_PER_OWNER
    validated: list[int] = []
    real = Roster.model_validate_json

    def counting(data: str | bytes, **kwargs: object) -> Roster:
        validated.append(len(data))
        return real(data, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Roster, "model_validate_json", counting)
    for typed in ("", "a", "ash wardens a", "Big3 / Gravel Hulk B: qu", "gravel"):
        choices = await driver.autocomplete("40k attack", "weapon", typed)
        assert len(choices) <= 25
        await driver.autocomplete("40k odds", "target", typed)
    assert validated == []
    assert [
        c["value"] for c in await driver.autocomplete("40k attack", "weapon", "big3 / gravel hulk b: qu")
    ] == ["Big3 / Gravel Hulk B: Quake cannon"]
    # a command loads the one list that holds the unit, and only it
    shown = (
        await driver.command('/40k odds weapon:"A1 BS3+ S4 AP0 D1" target:"Big3 / Gravel Hulk B"')
    ).message
    assert "T10 Sv3+ W12" in shown.text and len(validated) == 1


async def test_lists_kept_before_the_index_are_indexed_once(
    driver: OfflineDriver, monkeypatch: pytest.MonkeyPatch
) -> None:
    await driver.command("/40k list import", file=roster_file())
    async with driver.bot.db.transaction() as tx:  # type: ignore[attr-defined]
        await tx.execute("DELETE FROM army_list_units")
        await tx.execute("UPDATE army_lists SET indexed = 0")
    targets = await driver.autocomplete("40k odds", "target", "gravel")
    assert [t["value"] for t in targets] == ["Gravel Hulk"]
    calls: list[int] = []
    monkeypatch.setattr(Roster, "model_validate_json", lambda *a, **k: calls.append(1))
    assert [t["value"] for t in await driver.autocomplete("40k odds", "target", "gravel")] == ["Gravel Hulk"]
    assert calls == []


# -- units as they really are (issue 31, the import side) --------------------------------------


def _file(
    *units: dict, system: str = "Warhammer 40,000 10th Edition", name: str = "Waaagh Band"
) -> Attachment:
    tree = rosters.roster_tree(list(units), name=name)
    tree["roster"]["gameSystemName"] = system
    return Attachment("band.json", rosters.as_json(tree))


async def test_the_import_says_what_it_applied_and_what_it_offers(driver: OfflineDriver) -> None:
    reply = (
        await driver.command(
            "/40k list import", file=_file(rosters.boyz(), rosters.trukk(), rosters.hive_tyrant())
        )
    ).message
    text = reply.text
    assert "3 units · Cinder Host · 500 pts · 10th edition" in text
    assert (
        "`Boy: T5 Sv5+ W1 x9 + Boss Nob: W2 infantry battleline` · can switch on: `waaagh` (inv5+, Waaagh!)"
        in text
    )
    assert (
        "`T8 Sv4+ W10 inv6+ vehicle transport` · Invulnerable Save (6+): inv6+ applied to every model "
        "· can switch on: `waaagh` (inv5+, Waaagh!)" in text
    )
    assert (
        "each Hive Tyrant fights with one of Monstrous bonesword or Monstrous scything talons "
        "(each attack names the one used)" in text
    )


async def test_a_conditional_save_is_switched_on_by_name(driver: OfflineDriver) -> None:
    await driver.command("/40k list import", file=_file(rosters.trukk()))
    plain = public_chart(await driver.command('/40k odds weapon:"A1 BS3+ S4 AP-1 D1" target:"Trukk"'))
    assert "`T8 Sv4+ W10 inv6+ vehicle transport`" in plain.text
    waaagh = public_chart(
        await driver.command('/40k odds weapon:"A1 BS3+ S4 AP-1 D1" target:"trukk, Waaagh"')
    )
    assert "**Trukk, waaagh**" in waaagh.text and "`T8 Sv4+ W10 inv5+ vehicle transport`" in waaagh.text
    # issue 39: a switched-on option says which models it changed
    assert "waaagh (Waaagh!): inv5+ on every model of Trukk." in waaagh.text
    refused(
        await driver.command('/40k odds weapon:"A1 BS3+ S4 AP-1 D1" target:"Trukk, stealthy"'),
        "Trukk has no ability `stealthy` to switch on; its list offers: `waaagh` (inv5+).",
    )
    choices = await driver.autocomplete("40k odds", "target", "truk")
    assert [c["value"] for c in choices] == ["Trukk", "Trukk, waaagh"]


async def test_a_tenth_edition_list_fires_in_tenth(driver: OfflineDriver) -> None:
    await driver.command("/40k list import", file=_file(rosters.redemptor()))
    odds = public_chart(
        await driver.command('/40k odds weapon:"A2 BS3+ S8 AP-2 D2" target:"Redemptor Dreadnought"')
    )
    title = next(line for line in odds.text.splitlines() if line.startswith("## "))
    # issue 38 item 21: the title names the edition and why (never "saved with" for a list)
    assert "10th edition (Redemptor Dreadnought's army list was built for it" in title
    assert "saved with" not in odds.text
    assert "`T10 Sv2+ W12 -1 damage vehicle walker`" in odds.text
    typed = public_chart(await driver.command('/40k odds weapon:"A2 BS3+ S8 AP-2 D2" target:"T10 Sv2+ W12"'))
    title = next(line for line in typed.text.splitlines() if line.startswith("## "))
    assert "11th edition (the default for typed lines" in title
    rolled = await driver.command('/40k attack weapon:"A2 BS3+ S8 AP-2 D2" target:"Redemptor Dreadnought"')
    title = next(line for line in rolled.message.text.splitlines() if line.startswith("## "))
    assert "wounds dealt" in title or "wound dealt" in title
    assert "10th edition (Redemptor Dreadnought's army list was built for it" in title
    chosen = public_chart(
        await driver.command(
            '/40k odds weapon:"A2 BS3+ S8 AP-2 D2" target:"Redemptor Dreadnought" edition:11th'
        )
    )
    assert "11th edition (chosen)" in chosen.text
    fired = public_chart(
        await driver.command('/40k odds weapon:"Redemptor Dreadnought" target:"T4 Sv3+ W2 x5"')
    )
    assert "AD6 BS3+ S4 AP0 D1 x2, blast" in fired.text and "10th edition" in fired.text


@pytest.mark.parametrize(
    "system", ["Kill Team (2021)", "Warhammer 40,000 9th Edition", "Horus Heresy 3rd Edition"]
)
async def test_another_game_is_refused_by_name(driver: OfflineDriver, system: str) -> None:
    refused(
        await driver.command("/40k list import", file=_file(rosters.gravel_hulk(), system=system)),
        f"`band.json` is a {system} roster; Herald reads Warhammer 40,000 10th and 11th edition lists.",
    )
    await nothing_kept(driver)


async def test_names_are_matched_as_players_type_them(driver: OfflineDriver) -> None:
    await driver.command("/40k list import", file=_file(rosters.deffkoptas()))
    rolled = (
        await driver.command('/40k attack weapon:"deffkoptas ere: spinnin\' blades" target:"T4 Sv3+ W1"')
    ).message
    assert not rolled.ephemeral and "A3 WS4+ S5 AP0 D1 x3" in rolled.text
    typographic = (
        await driver.command('/40k attack weapon:"DEFFKOPTAS ÈRE: Spinnin’ Blades" target:"T4 Sv3+ W1"')
    ).message
    assert not typographic.ephemeral
    choices = await driver.autocomplete("40k attack", "weapon", "deffkoptas ere: spinnin'")
    assert [c["value"] for c in choices] == ["Deffkoptas Ère: Spinnin’ blades"]
    assert [c["value"] for c in await driver.autocomplete("40k odds", "target", "koptas ère")] == [
        "Deffkoptas Ère"
    ]


@pytest.mark.skipif(
    not hasattr(profiles, "MAX_TARGET_GROUPS"), reason="needs the grammar of model groups (wh40k)"
)
async def test_a_mixed_unit_is_a_target_of_its_real_wounds(driver: OfflineDriver) -> None:
    """Issue 31: Boyz had 20 wounds (or 10); with their Boss Nob they have 11, and fight as models do."""
    await driver.command("/40k list import", file=_file(rosters.boyz(), rosters.hive_tyrant()))
    odds = public_chart(await driver.command('/40k odds weapon:"A6 BS3+ S4 AP0 D1" target:"Boyz, waaagh"'))
    assert "(of 11)" in odds.text and "inv5+" in odds.text and "Boss Nob" in odds.text
    assert "10th edition" in odds.text
    rolled = (await driver.command('/40k attack weapon:"Hive Tyrant (melee)" target:"Boyz"')).message
    # against one-wound Boyz the six talon attacks deal more than the bonesword (issue 31 item 4)
    assert "fights with its Monstrous scything talons" in rolled.text and "Lash whip" in rolled.text
    assert "Monstrous bonesword: A" not in rolled.text


async def test_leaders_are_offered_for_the_units_they_may_lead(driver: OfflineDriver) -> None:
    """For ``Bodyguard + Leader`` autocomplete (issue 31 item 2): from the index, no list loaded."""
    from types import SimpleNamespace

    from cogs.wh40k import army

    await driver.command(
        "/40k list import",
        file=_file(rosters.boyz(), rosters.warboss(), rosters.trukk(), rosters.hive_tyrant()),
    )
    user = driver.user("alice")
    interaction = SimpleNamespace(client=driver.bot, user=SimpleNamespace(id=user.id))
    found = await army.leader_choices(interaction, "boyz", "")  # type: ignore[arg-type]
    assert [(entry.name, leads) for entry, leads in found] == [("Warboss", True)]
    assert await army.leader_choices(interaction, "nobody", "") == []  # type: ignore[arg-type]
    # lists without leader data offer every other unit
    await driver.command("/40k list delete name:Waaagh Band")
    await driver.command("/40k list import", file=_file(rosters.boyz(), rosters.trukk()))
    found = await army.leader_choices(interaction, "boyz", "")  # type: ignore[arg-type]
    assert [(entry.name, leads) for entry, leads in found] == [("Trukk", False)]


async def test_a_list_name_before_a_unit_is_matched_as_typed(driver: OfflineDriver) -> None:
    hulk = Attachment("s.json", rosters.as_json(rosters.roster_tree([rosters.gravel_hulk()])))
    await driver.command("/40k list import name:Café’s Host", file=hulk)
    await driver.command("/40k list import name:Second", file=hulk)
    shown = (
        await driver.command('/40k attack weapon:"A1 BS3+ S4 AP0 D1" target:"cafe\'s host / gravel hulk"')
    ).message
    assert not shown.ephemeral and "T10 Sv3+ W12" in shown.text
    targets = await driver.autocomplete("40k odds", "target", "cafe's")
    assert [t["value"] for t in targets] == ["Café’s Host / Gravel Hulk"]
