"""/si: every wrong input gets an ephemeral message saying what was wrong and how to fix it."""

from __future__ import annotations

import logging

import pytest

from bot.offline import OfflineDriver
from cogs.space_infantry.setup import log_bad_files
from rules.space_infantry import load_bosses
from tests.cogs.test_space_infantry_fight import noted, refused, script, shows_map


async def fight(driver: OfflineDriver, *units: str) -> None:
    shows_map(await driver.command("/si boss start boss:elder_leviathan", user="alice"))
    for unit in units:
        noted(await driver.command(f"/si squad add {unit}", user="alice"))


async def test_no_fight_yet(driver: OfflineDriver) -> None:
    for line in (
        "/si status",
        "/si turn",
        "/si undo",
        "/si end",
        "/si engage unit:Kai zone:Mouth",
        "/si squad add name:Kai",
        "/si hit unit:Kai damage:3",
        "/si vehicle add name:T dmg:4 sp:2",
    ):
        refused(
            await driver.command(line),
            "There is no Space Infantry boss fight in this channel",
            "/si boss start",
        )


async def test_boss_start_errors(driver: OfflineDriver) -> None:
    refused(await driver.command("/si boss start boss:Leviathn"), "Did you mean Elder Leviathan?")
    await fight(driver)
    refused(
        await driver.command("/si boss start boss:brood_queen", user="bob"),
        "already has a Space Infantry boss fight going",
        "/si end",
        "new thread",
    )
    # Another channel (a thread) can hold its own fight.
    thread = driver.add_channel("queen-fight", thread=True)
    shows_map(await driver.command("/si boss start boss:brood_queen", user="bob", channel=thread))


async def test_squad_and_engagement_errors(driver: OfflineDriver) -> None:
    await fight(driver, "name:Kai wounds:2", "name:Lee wounds:2", "name:Doc kind:specialist")
    refused(await driver.command("/si squad add name:kai"), "already a unit called kai")
    refused(
        await driver.command("/si squad remove name:Kia"),
        "no unit in the squad called 'Kia'",
        "Did you mean Kai?",
    )
    refused(await driver.command("/si engage unit:Kia zone:Mouth"), "Did you mean Kai?")
    refused(await driver.command("/si engage unit:Kai zone:Mouht"), "Did you mean Mouth?")
    refused(
        await driver.command("/si engage unit:Kai zone:Body"), "Body is an internal zone: destroy Mouth first"
    )
    refused(
        await driver.command("/si engage unit:Doc zone:Mouth"),
        "Doc is a specialist",
        "Engage Kai and Lee first",
    )
    noted(await driver.command("/si engage unit:Kai zone:Mouth"))
    noted(await driver.command("/si engage unit:Lee zone:Mouth", user="bob"))
    refused(
        await driver.command("/si engage unit:Doc zone:Mouth"),
        "at most 2 units can engage it, and Kai and Lee already do",
    )
    refused(await driver.command("/si disengage unit:Doc"), "Doc is not engaged")
    refused(await driver.command("/si hit unit:Kai damage:3"), "during the combat turn")
    script(driver, 1, 3)
    await driver.command("/si turn")
    await driver.command("/si turn")
    refused(await driver.command("/si engage unit:Doc zone:Mouth"), "Units engage only after the range")
    refused(await driver.command("/si hit unit:Doc damage:3"), "Doc is not engaged")
    refused(await driver.command("/si turn"), "Turn 1 is not finished", "Mouth")
    refused(await driver.command("/si wound unit:Zed wounds:1"), "no unit in the squad called 'Zed'")
    refused(await driver.command("/si wound unit:Kai wounds:0"), "Give a number of wounds")


async def test_successes_modal_refuses_what_is_not_a_number(driver: OfflineDriver) -> None:
    await fight(driver, "name:Kai wounds:2")
    script(driver, 1, 3)
    await driver.command("/si turn")
    activated = (await driver.command("/si turn")).message
    opened = await driver.press(activated, "Mouth: enter successes")
    assert opened.modal is not None
    refused(await driver.submit(opened.modal, {"Successes": "two"}), "not a number of successes")
    refused(await driver.submit(opened.modal, {"Successes": "99"}), "Successes must be between 0 and 50")
    # Zero successes needs no allocation: it resolves at once.
    zero = shows_map(await driver.submit(opened.modal, {"Successes": "0"}))
    assert "Mouth scores 0 successes" in zero.text
    # The zone's button on the old message now answers politely.
    refused(await driver.press(activated, "Mouth: enter successes"), "already resolved")
    own_bad = await driver.command("/si wound unit:Kai wounds:5")
    assert "Kai is out." in shows_map(own_bad).text


async def test_allocation_modal_reports_unreadable_text(driver: OfflineDriver) -> None:
    await fight(driver, "name:Kai wounds:2", "name:Lee wounds:2")
    script(driver, 1, 3)
    await driver.command("/si turn")
    activated = (await driver.command("/si turn")).message
    opened = await driver.press(activated, "Mouth: enter successes")
    assert opened.modal is not None
    proposal = (await driver.submit(opened.modal, {"Successes": "1"})).message
    own = await driver.press(proposal, "Give my own allocation")
    assert own.modal is not None
    refused(
        await driver.submit(own.modal, {"Successes per unit": "Kai two"}),
        "I can't read 'Kai two'",
        "name:successes",
        "Kai:2, Lee:1",
    )
    # The old reading (1 success = 2 wounds split 1 + 1) is refused, and says why.
    refused(
        await driver.submit(own.modal, {"Successes per unit": "Kai:1, Lee:1"}),
        "Mouth scored 1 success (2 wounds: each success is 2 wounds on one unit), but your allocation "
        "gives out 2 successes. Type the successes each unit takes, adding up to 1.",
    )
    refused(await driver.submit(own.modal, {"Successes per unit": "Kai:2"}), "gives out 2 successes")
    refused(
        await driver.submit(own.modal, {"Successes per unit": "Zed:1"}), "no unit in the squad called 'Zed'"
    )
    done = shows_map(await driver.submit(own.modal, {"Successes per unit": "lee:1"}))
    assert "Lee takes 1 success = 2 wounds (0/2 left)." in done.text and "Kai takes" not in done.text


async def test_end_by_the_starter_or_a_manager_only(driver: OfflineDriver) -> None:
    await fight(driver)
    refused(
        await driver.command("/si end", user="bob"), "Only the one who started this fight", "Manage Server"
    )
    driver.user("mod", manage_guild=True)
    ended = shows_map(await driver.command("/si end", user="mod"))
    assert "Ended by" in ended.text
    shows_map(await driver.command("/si boss start boss:brood_queen", user="bob"))


async def test_undo_rules(driver: OfflineDriver) -> None:
    await fight(driver)
    refused(await driver.command("/si undo", user="alice"), "nothing to undo")
    noted(await driver.command("/si squad add name:Kai", user="bob"))
    refused(
        await driver.command("/si undo", user="carol"),
        "only they, the game's starter or a Manage Server member",
    )
    undone = shows_map(await driver.command("/si undo", user="bob"))
    assert "Undone: Kai joins the squad" in undone.text
    refused(await driver.command("/si undo", user="bob"), "nothing to undo")


async def test_vehicle_errors(driver: OfflineDriver) -> None:
    await fight(driver, "name:Kai wounds:2")
    noted(await driver.command("/si vehicle add name:Titan dmg:4 sp:2"))
    refused(await driver.command("/si vehicle add name:titan dmg:3 sp:1"), "already a vehicle called titan")
    refused(await driver.command("/si vehicle attack unit:Kai target:Titn sl:1"), "Did you mean Titan?")
    refused(
        await driver.command("/si vehicle attack unit:Kai target:Titan sl:1 scorpio:true"),
        "The squad has no Scorpio",
    )
    refused(await driver.command("/si squad scorpio have:false"), "The squad has no Scorpio")


def test_bad_community_boss_files_are_logged_and_skipped(tmp_path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "broken.yaml").write_text("name: Broken\nzones: []\nrange_table: []\n")
    (tmp_path / "garbage.yaml").write_text("name: [unclosed\n")
    bosses, errors = load_bosses(tmp_path)
    assert bosses == {}
    with caplog.at_level(logging.WARNING, logger="herald.space_infantry"):
        log_bad_files(errors)
    text = caplog.text
    assert "broken.yaml: zones:" in text and "garbage.yaml: (file): cannot read it as YAML" in text


async def test_the_command_tree_fits_discords_limits(driver: OfflineDriver) -> None:
    from discord import app_commands

    group = driver.bot.tree.get_command("si")
    assert isinstance(group, app_commands.Group)
    commands = list(group.walk_commands())
    assert len(group.commands) <= 25
    for command in commands:
        assert 1 <= len(command.description) <= 100, command.qualified_name
        if isinstance(command, app_commands.Command):
            assert len(command.parameters) <= 25
            for param in command.parameters:
                assert 1 <= len(param.description) <= 100, (command.qualified_name, param.name)
    names = {c.qualified_name for c in commands if isinstance(c, app_commands.Command)}
    assert names >= {
        "si boss start",
        "si squad add",
        "si squad remove",
        "si engage",
        "si disengage",
        "si turn",
        "si hit",
        "si wound",
        "si status",
        "si undo",
        "si end",
        "si vehicle add",
        "si vehicle attack",
        "si av",
    }
    driver.bot.command_tree_hash()  # every command serialises the way a sync would send it
    help_text = (await driver.command("/help")).text
    assert "/si boss start" in help_text


async def test_odd_text_in_the_forms_is_answered_never_an_incident(driver: OfflineDriver) -> None:
    await fight(driver, "name:Kai wounds:2", "name:Lee wounds:2")
    script(driver, 1, 3)
    await driver.command("/si turn")
    activated = (await driver.command("/si turn")).message
    opened = await driver.press(activated, "Mouth: enter successes")
    assert opened.modal is not None
    for text in ["", " ", "-1", "²", "1.5", "1e3", "٣٣٣٣", "0x2", "🎲", "NaN"]:
        reply = await driver.submit(opened.modal, {"Successes": text})
        assert reply.incident is None and "Incident" not in reply.text, text
        assert reply.message.ephemeral, text
    proposal = (await driver.submit(opened.modal, {"Successes": "٢"})).message  # Arabic-Indic 2 reads as 2
    assert "4 wounds" in proposal.text
    own = await driver.press(proposal, "Give my own allocation")
    assert own.modal is not None
    for text in [
        "",
        ":",
        "Kai:",
        ":3",
        "Kai:²",
        "Kai:99999999999999999999",
        "Kai:-4, Lee:8",
        "<@1>:2",
        "a" * 400,
    ]:
        reply = await driver.submit(own.modal, {"Successes per unit": text})
        assert "Incident" not in reply.text and reply.message.ephemeral, text
