"""/roll and /help as a player sees them, through real interactions."""

from __future__ import annotations

import logging

import pytest
from discord import app_commands

from bot.offline import OfflineDriver, OfflineError


async def test_roll_shows_every_die_the_label_and_the_total(driver: OfflineDriver) -> None:
    reply = await driver.command("/roll expression:4d6kh3 label:fireball", user="alice")
    message = reply.message
    assert not message.ephemeral
    embed = message.card
    assert embed.title == "🎲 fireball"
    assert embed.author.name == "Alice"
    assert embed.description.startswith("4d6kh3 (") and "~~" in embed.description  # the dropped die
    total = int(embed.fields[0].value.strip("*"))
    assert embed.fields[0].name == "Total" and 3 <= total <= 18
    assert f"`{total}`" in embed.description


async def test_success_pool_shows_the_count(driver: OfflineDriver) -> None:
    embed = (await driver.command("/roll expression:10d6>=4")).message.card
    assert embed.fields[0].name == "Successes"
    assert "successes" in embed.description


async def test_private_roll_is_ephemeral_and_unseen_by_others(driver: OfflineDriver) -> None:
    reply = await driver.command("/roll expression:2d6 private:true", user="alice")
    assert reply.message.ephemeral
    assert reply.message not in driver.history(user=driver.user("bob"))
    assert reply.message in driver.history(user=driver.user("alice"))


@pytest.mark.parametrize(
    ("expression", "needle"),
    [
        ("4d6k", "column 4"),
        ("1001d6", "more than 1000 dice"),
        ("1d0", "I can't roll `1d0`: `1d0` is a die with no sides"),
        ("2d6/0", "I can't roll `2d6/0`: it divides by 0"),
        ("9" * 201, "limit is 200"),
    ],
)
async def test_bad_expressions_get_an_ephemeral_explanation(
    driver: OfflineDriver, expression: str, needle: str
) -> None:
    message = (await driver.command("roll", expression=expression)).message
    assert message.ephemeral
    assert needle in message.text
    assert "Traceback" not in message.text


async def test_help_lists_every_command_from_the_tree(driver: OfflineDriver) -> None:
    message = (await driver.command("/help")).message
    assert message.ephemeral
    for command in driver.bot.tree.walk_commands():
        if not isinstance(command, app_commands.Group):
            assert f"`/{command.qualified_name}`" in message.text
    assert len(message.text) < 6000  # Discord's limit for one message's embeds


async def test_help_topic_explains_each_command_of_a_game_and_refuses_an_unknown_one(
    driver: OfflineDriver,
) -> None:
    shown = (await driver.command("/help topic:bf")).message
    assert shown.ephemeral and shown.card.title == "/bf"
    group = driver.bot.tree.get_command("bf")
    for command in group.walk_commands():
        if not isinstance(command, app_commands.Group):
            assert f"`/{command.qualified_name}` {command.description}" in shown.text
    refused = (await driver.command("/help topic:nope")).message
    assert refused.ephemeral and "There is no command called nope" in refused.text and "`bf`" in refused.text


async def test_unexpected_errors_show_only_an_incident_id(driver: OfflineDriver, caplog, monkeypatch) -> None:
    def explode(*args, **kwargs):
        raise KeyError("secret internals")

    import sys

    monkeypatch.setattr(sys.modules["cogs.dice"], "roll_spec", explode)
    with caplog.at_level(logging.ERROR, logger="herald.errors"):
        message = (await driver.command("/roll expression:2d6")).message
    assert message.ephemeral
    assert "Incident `" in message.text
    assert "secret internals" not in message.text and "KeyError" not in message.text
    incident = message.text.split("`")[1]
    assert any(incident in record.getMessage() for record in caplog.records)


async def test_two_players_rolling_at_once(driver: OfflineDriver) -> None:
    import asyncio

    replies = await asyncio.gather(*(driver.command("/roll expression:1d20", user=n) for n in ("ann", "ben")))
    assert {r.message.card.author.name for r in replies} == {"Ann", "Ben"}


async def test_the_driver_refuses_what_discord_would(driver: OfflineDriver) -> None:
    with pytest.raises(OfflineError, match="no option"):
        await driver.command("/roll expresion:2d6")
    with pytest.raises(OfflineError, match="needs expression"):
        await driver.command("/roll")
    with pytest.raises(OfflineError, match="true or false"):
        await driver.command("/roll expression:2d6 private:maybe")


# --- no roll stalls the bot (issue 16, item 1) ---------------------------------------------------

HOSTILE = "1000d6" + "kh999" * 38


async def test_the_hostile_keep_chain_is_refused_privately(driver: OfflineDriver) -> None:
    message = (await driver.command("roll", expression=HOSTILE)).message
    assert message.ephemeral
    assert "too much work" in message.text


@pytest.mark.parametrize(
    ("expression", "off_loop"),
    [("2d6", False), ("20 4d6kh3", False), ("1000d6kh500kl250", True), ("10d6e6", True), ("4 1000d6", True)],
)
async def test_only_cheap_rolls_run_on_the_event_loop(
    driver: OfflineDriver, monkeypatch, expression: str, off_loop: bool
) -> None:
    import random
    import sys
    import threading

    from rules.dice import INLINE_WORK, parse, roll_all, work_bound

    module = sys.modules["cogs.dice"]
    real = module.roll_spec
    threads: list[threading.Thread] = []

    def spy(*args, **kwargs):
        threads.append(threading.current_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "roll_spec", spy)
    message = (await driver.command("roll", expression=expression)).message
    assert not message.ephemeral  # rolled
    assert len(threads) == 1 and (threads[0] is not threading.main_thread()) == off_loop
    # On the loop only what is bounded by INLINE_WORK (a few ms), whatever the dice show.
    bound = work_bound(parse(expression))
    assert (bound > INLINE_WORK) == off_loop
    assert roll_all(expression, random.Random(5)).work <= bound


async def test_a_roll_elsewhere_is_answered_while_a_heavy_one_runs(driver: OfflineDriver) -> None:
    import asyncio
    import random

    from rules.dice import INLINE_WORK, MAX_WORK, parse, roll, work_bound

    heavy_roll = "1000d6" + "kh999" * 10
    other = driver.add_channel("other")
    heavy, light = await asyncio.gather(
        driver.command("roll", expression=heavy_roll, user="ann"),
        driver.command("/roll expression:2d6", user="ben", channel=other),
    )
    assert light.message.card.fields[0].name == "Total"
    assert heavy.message.card.fields[0].name == "Total"
    # The heavy roll goes to a thread (its bound is over INLINE_WORK) and its work is bounded, so
    # it holds the interpreter briefly; the light one's work on the loop is bounded by INLINE_WORK.
    assert work_bound(parse(heavy_roll)) > INLINE_WORK
    assert roll(heavy_roll, random.Random(0)).work <= MAX_WORK
    assert work_bound(parse("2d6")) <= INLINE_WORK


# --- issue 14: what Dice Maiden and Avrae users type ---------------------------------------------

import re  # noqa: E402

import discord  # noqa: E402

from bot.limits import (  # noqa: E402
    MAX_CUSTOM_ID,
    MAX_EMBED_DESCRIPTION,
    MAX_EMBED_TITLE,
    MAX_EMBED_TOTAL,
    MAX_FIELD_VALUE,
)
from bot.offline import Message  # noqa: E402


def within_limits(message: Message) -> None:
    assert len(message.text) <= 2000
    for raw in (c.data for c in message.cards):
        embed = discord.Embed.from_dict(raw)
        assert len(embed) <= MAX_EMBED_TOTAL
        assert len(embed.title or "") <= MAX_EMBED_TITLE
        assert len(embed.description or "") <= MAX_EMBED_DESCRIPTION
        assert all(len(f.value) <= MAX_FIELD_VALUE for f in embed.fields)
    assert all(len(b.custom_id or "") <= MAX_CUSTOM_ID for b in message.buttons)


def pool_values(description: str) -> list[int]:
    """The dice of a one-line pool, without their bold (successes) or underline (failures)."""
    inside = description[description.index("(") + 1 :].split(")")[0]
    return [int(v.strip("*_")) for v in inside.split(", ")]


def line_values(description: str) -> list[int]:
    """The result of each numbered line of a repeated roll."""
    return [int(v) for v in re.findall(r"= `(-?\d+)`$", description, re.MULTILINE)]


@pytest.mark.parametrize(
    ("typed", "squeezed", "suggestions"),
    [
        ("10d6 4", "10d64", ["`10d6>=4`", "`10d6 4+`"]),
        ("2d6 6", "2d66", ["`2d6>=6`", "`2d6+6`"]),
        ("1d6 2", "1d62", ["`1d6>=2`", "`1d6+2`"]),
        ("1d6 2d6", "1d62d6", ["`1d6+2d6`"]),
    ],
)
async def test_spaces_separate_and_the_refusal_quotes_what_was_typed(
    driver: OfflineDriver, typed: str, squeezed: str, suggestions: list[str]
) -> None:
    reply = await driver.command("roll", expression=typed)
    message = reply.message
    assert message.ephemeral and message.card.title is None  # refused, nothing rolled in public
    assert f"`{typed}`" in message.text
    assert squeezed not in message.text
    for suggestion in suggestions:
        assert suggestion in message.text


async def test_spaces_inside_an_operator_joined_expression_are_fine(driver: OfflineDriver) -> None:
    embed = (await driver.command("roll", expression="2d6 + 3")).message.card
    assert 5 <= int(embed.fields[0].value.strip("*")) <= 15
    assert embed.footer.text.startswith("2d6+3 ·")


async def test_a_leading_count_repeats_the_roll_instead_of_joining_it(driver: OfflineDriver) -> None:
    message = (await driver.command("/roll expression:6 4d6kh3", user="alice")).message
    embed = message.card
    assert "64d6" not in message.text
    assert embed.footer.text.startswith("4d6kh3 × 6")
    values = line_values(embed.description)
    assert len(values) == 6 and all(3 <= v <= 18 for v in values)
    assert embed.fields[0].name == "Results"
    assert embed.fields[0].value == ", ".join(map(str, values))
    within_limits(message)


async def test_the_times_option_repeats_too_and_pools_add_up(driver: OfflineDriver) -> None:
    embed = (await driver.command("roll", expression="10d6 4+", times=3)).message.card
    counts = [int(c) for c in re.findall(r"= \*\*(\d+)\*\* success", embed.description)]
    assert len(counts) == 3
    assert embed.fields[0].name == "Successes"
    assert embed.fields[0].value == f"**{sum(counts)}** over 3 rolls"


@pytest.mark.parametrize(
    ("options", "needle"),
    [
        ({"expression": "21 d6"}, "at most 20"),
        ({"expression": "6 4d6kh3", "times": 2}, "already says how many"),
    ],
)
async def test_too_many_repeats_are_refused(driver: OfflineDriver, options: dict, needle: str) -> None:
    message = (await driver.command("roll", **options)).message
    assert message.ephemeral and needle in message.text


async def test_discord_itself_caps_times(driver: OfflineDriver) -> None:
    with pytest.raises(OfflineError, match="at most 20"):
        await driver.command("roll", expression="d6", times=21)


@pytest.mark.parametrize("typed", ["10d6 4+", "10d6 t4", "10d6t4", "10wh4+"])
async def test_wargame_targets_count_dice_at_or_above(driver: OfflineDriver, typed: str) -> None:
    embed = (await driver.command("roll", expression=typed)).message.card
    assert embed.footer.text.startswith("10d6>=4 ·")
    values = pool_values(embed.description)
    assert len(values) == 10
    assert embed.fields[0].name == "Successes"
    assert int(embed.fields[0].value.strip("*")) == sum(v >= 4 for v in values)


async def test_ones_as_failures_only_when_asked_and_the_reply_says_so(driver: OfflineDriver) -> None:
    plain = (await driver.command("roll", expression="20d6 4+")).message
    assert "fail" not in plain.text
    embed = (await driver.command("roll", expression="10d6 4+ 1-")).message.card
    values = pool_values(embed.description)
    hits, ones = sum(v >= 4 for v in values), values.count(1)
    assert int(embed.fields[0].value.strip("*")) == hits - ones
    assert f"{hits} − {ones} = " in embed.description
    assert "1 or less are failures, taken off the successes" in embed.footer.text


@pytest.mark.parametrize(("typed", "keep"), [("1d20 adv", "kh1"), ("1d20+5 dis", "kl1")])
async def test_advantage_and_disadvantage(driver: OfflineDriver, typed: str, keep: str) -> None:
    embed = (await driver.command("roll", expression=typed)).message.card
    assert embed.description.startswith(f"2d20{keep} (")
    assert embed.description.count("~~") == 2  # the other d20 struck out
    first, second = (int(v.strip("~")) for v in embed.description.split("(")[1].split(")")[0].split(", "))
    best = max(first, second) if keep == "kh1" else min(first, second)
    assert int(embed.fields[0].value.strip("*")) == best + (5 if "+5" in typed else 0)


async def test_fate_dice(driver: OfflineDriver) -> None:
    embed = (await driver.command("roll", expression="4dF")).message.card
    faces = embed.description.split("(")[1].split(")")[0].split(", ")
    assert len(faces) == 4 and set(faces) <= {"-", "0", "+"}
    assert int(embed.fields[0].value.strip("*")) == faces.count("+") - faces.count("-")
    assert embed.footer.text.startswith("4dF ·")


@pytest.mark.parametrize("typed", ["2d6+3 # to hit", "2d6+3 ! to hit", "2d6+3 #to hit"])
async def test_comments_become_the_label_as_typed(driver: OfflineDriver, typed: str) -> None:
    message = (await driver.command("roll", expression=typed)).message
    assert message.card.title == "🎲 to hit"
    assert "tohit" not in message.text
    assert message.card.footer.text.startswith("2d6+3 ·")


async def test_the_label_option_stays(driver: OfflineDriver) -> None:
    embed = (await driver.command("/roll expression:1d20 label:attack")).message.card
    assert embed.title == "🎲 attack"


async def test_a_long_label_says_it_was_shortened(driver: OfflineDriver) -> None:
    message = (await driver.command("roll", expression="2d6", label="x" * 300)).message
    assert len(message.card.title) <= MAX_EMBED_TITLE
    assert "label shortened" in message.card.footer.text
    within_limits(message)


async def test_roll_again_is_a_new_roll_by_whoever_presses_it(driver: OfflineDriver) -> None:
    first = (await driver.command("/roll expression:6 4d6kh3 # stats", user="alice")).message
    again = await driver.press(first, "Roll again", user="bob")
    second = again.message
    assert second is not first and not second.ephemeral
    assert second.card.author.name == "Bob"
    assert second.card.title == "🎲 stats"
    assert second.card.footer.text.startswith("4d6kh3 × 6")
    assert first.card.author.name == "Alice"  # the first roll is untouched
    assert second.button("Roll again")


async def test_roll_again_keeps_label_and_times_and_survives_a_restart(driver: OfflineDriver) -> None:
    first = (await driver.command("roll", expression="10d6 4+", label="bolters", times=2)).message
    await driver.restart()
    second = (await driver.press(first, "Roll again", user="carol")).message
    assert second.card.title == "🎲 bolters"
    assert second.card.fields[0].value.endswith("over 2 rolls")


async def test_private_rolls_have_no_roll_again(driver: OfflineDriver) -> None:
    message = (await driver.command("/roll expression:2d6 private:true")).message
    assert message.ephemeral and not message.buttons


async def test_a_roll_too_long_for_a_button_says_so(driver: OfflineDriver) -> None:
    long = "+".join(["1d6"] * 30)  # 119 characters: more than a custom id holds
    message = (await driver.command("roll", expression=long)).message
    assert not message.buttons
    assert "too long for a Roll again button" in message.card.footer.text
    within_limits(message)


async def test_big_pools_are_also_grouped_by_face(driver: OfflineDriver) -> None:
    embed = (await driver.command("roll", expression="30d6 4+")).message.card
    grouped = next(f for f in embed.fields if f.name == "By face")
    counts = {int(face.strip("*")): int(n) for face, n in re.findall(r"(\**\d\**) x(\d+)", grouped.value)}
    assert sum(counts.values()) == 30
    assert grouped.value.endswith(f"**{embed.fields[0].value.strip('*')}** successes")
    assert sum(n for face, n in counts.items() if face >= 4) == int(embed.fields[0].value.strip("*"))
    small = (await driver.command("roll", expression="20d6 4+")).message.card
    assert all(f.name != "By face" for f in small.fields)


async def test_2d66_is_two_table_results_never_added(driver: OfflineDriver) -> None:
    embed = (await driver.command("roll", expression="2d66")).message.card
    results = [int(v) for v in embed.fields[0].value.split(", ")]
    assert embed.fields[0].name == "Results" and len(results) == 2
    for value in results:
        tens, units = divmod(value, 10)
        assert 1 <= tens <= 6 and 1 <= units <= 6
    assert all(f.name != "Total" for f in embed.fields)  # no sum anywhere
    assert line_values(embed.description) == results
    assert "never added" in embed.footer.text


@pytest.mark.parametrize(
    "typed", ["20 200d6", "20 199d6 4+", "4 1000d6 4+", "20 100d6kh50", "20 1d6", "10 2d66"]
)
async def test_twenty_big_repeats_fit_one_message(driver: OfflineDriver, typed: str) -> None:
    message = (await driver.command("roll", expression=typed)).message
    within_limits(message)
    count = int(typed.split()[0]) * (2 if "d66" in typed else 1)
    assert message.card.footer.text.split(" ·")[0].endswith(f"× {count}")


async def test_twenty_expensive_repeats_are_refused_for_their_work(driver: OfflineDriver) -> None:
    message = (await driver.command("roll", expression="20 999d6kh500")).message
    assert message.ephemeral and "too much work" in message.text and "`20 999d6kh500`" in message.text
    refused = (await driver.command("roll", expression="20 1000d6 4+")).message
    assert refused.ephemeral and "too much work" in refused.text


# --- saved rolls ----------------------------------------------------------------------------------


async def test_save_roll_list_and_delete_a_roll(driver: OfflineDriver) -> None:
    saved = (await driver.command("/dice save name:Fireball expression:8d6 # fire", user="alice")).message
    assert saved.ephemeral and "`fireball`" in saved.text
    rolled = (await driver.command("/roll expression:fireball", user="alice")).message
    assert rolled.card.title == "🎲 fire"
    assert rolled.card.footer.text.startswith("8d6 ·")
    choices = await driver.autocomplete("roll", "expression", "fire", user="alice")
    assert [c["value"] for c in choices] == ["fireball"]
    assert await driver.autocomplete("roll", "expression", "fire", user="bob") == []  # alice's own
    listed = (await driver.command("/dice list", user="alice")).message
    assert listed.ephemeral and "`fireball`: `8d6 # fire`" in listed.text
    deleted = (await driver.command("/dice delete name:fireball", user="alice")).message
    assert "Deleted" in deleted.text
    gone = (await driver.command("/roll expression:fireball", user="alice")).message
    assert gone.ephemeral and "No saved roll is called `fireball`" in gone.text


async def test_server_wide_rolls_need_manage_server(driver: OfflineDriver) -> None:
    line = "/dice save name:bolter expression:10d6 3+ server:true"
    refused = (await driver.command(line, user="bob")).message
    assert refused.ephemeral and "Manage Server" in refused.text
    driver.user("mod", manage_guild=True)
    await driver.command(line, user="mod")
    embed = (await driver.command("/roll expression:bolter", user="bob")).message.card
    assert embed.title == "🎲 bolter" and embed.fields[0].name == "Successes"
    choices = await driver.autocomplete("roll", "expression", "", user="bob")
    assert choices and "(server)" in choices[0]["name"]
    refused = (await driver.command("/dice delete name:bolter server:true", user="bob")).message
    assert "Manage Server" in refused.text


@pytest.mark.parametrize(
    ("name", "expression", "needle"),
    [
        ("d6", "2d6", "itself a roll"),
        ("two words", "2d6", "can't name"),
        ("ok", "10d6 4", "`10d6 4`"),
    ],
)
async def test_bad_saved_rolls_are_refused_with_a_reason(
    driver: OfflineDriver, name: str, expression: str, needle: str
) -> None:
    message = (await driver.command("dice save", name=name, expression=expression)).message
    assert message.ephemeral and needle in message.text


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("roll", {"expression": "2d6", "label": "L" * 6000}),
        ("roll", {"expression": "x" * 6000}),
        ("roll", {"expression": "2d6 # " + "c" * 190}),
        ("dice save", {"name": "n" * 6000, "expression": "2d6"}),
        ("dice save", {"name": "ok", "expression": "e" * 6000}),
        ("dice delete", {"name": "n" * 6000}),
    ],
)
async def test_huge_options_get_replies_within_discords_limits(
    driver: OfflineDriver, command: str, options: dict
) -> None:
    reply = await driver.command(command, **options)
    for message in reply.messages:
        within_limits(message)
    assert "Incident" not in reply.text


@pytest.mark.parametrize("private", [False, True])
async def test_a_slow_roll_is_acknowledged_then_answered_with_the_right_visibility(
    driver: OfflineDriver, monkeypatch, private: bool
) -> None:
    import sys
    import threading

    import bot.send

    module = sys.modules["cogs.dice"]
    real = module.roll_spec
    real_defer = bot.send.defer
    acknowledged = threading.Event()

    async def defer(interaction):
        await real_defer(interaction)
        acknowledged.set()

    def slow(*args, **kwargs):
        # In the worker thread: busy until the loop has acknowledged the command meanwhile.
        acknowledged.wait(timeout=10)
        return real(*args, **kwargs)

    monkeypatch.setattr(bot.send, "defer", defer)
    monkeypatch.setattr(module, "roll_spec", slow)
    reply = await driver.command("roll", expression="1000d6kh500kl250", private=private, user="alice")
    assert reply.deferred
    shown = [m for m in reply.messages if m.v2]
    assert len(shown) == 1 and shown[0].ephemeral == private
    assert shown[0].card.fields[0].name == "Total"
    assert (shown[0] in driver.history(user=driver.user("bob"))) != private


async def test_help_lists_a_games_commands_in_play_order_by_what_a_player_does(driver: OfflineDriver) -> None:
    # Issue 34, item 19: /help listed /bf draw first; commands came in no order.
    shown = (await driver.command("/help topic:bf")).message
    order = [line.split("`")[1] for line in shown.text.splitlines() if "`/bf " in line]
    assert order[:2] == ["/bf new", "/bf join"] and order.index("/bf place") < order.index("/bf play")
    assert order.index("/bf play") < order.index("/bf concede") and order[-1] == "/bf end"
    headings = [h for h in ("[Gather and build]", "[Your turn]", "[Fix, nudge or stop]") if h in shown.text]
    assert headings == ["[Gather and build]", "[Your turn]", "[Fix, nudge or stop]"]
    overview = (await driver.command("/help")).message.text
    assert overview.index("`/bf new`") < overview.index("`/bf play`") < overview.index("`/bf end`")


async def test_the_play_order_names_only_real_commands_and_misses_none(driver: OfflineDriver) -> None:
    from cogs.help import MORE, PLAY_ORDER, sections

    for group in driver.bot.tree.get_commands():
        if not isinstance(group, app_commands.Group):
            continue
        leaves = [c.qualified_name for c in group.walk_commands() if not isinstance(c, app_commands.Group)]
        listed = [c.qualified_name for _, found in sections(group) for c in found]
        assert sorted(listed) == sorted(leaves), group.name  # each exactly once, "More" included
        named = [f"{group.name} {n}" for _, names in PLAY_ORDER.get(group.name, ()) for n in names]
        assert set(named) <= set(leaves), f"{group.name}: {set(named) - set(leaves)} are not commands"
        more = [c.qualified_name for h, found in sections(group) if h == MORE for c in found]
        assert not more, f"place {more} under a heading of PLAY_ORDER['{group.name}'] in cogs/help.py"


async def test_help_for_one_command_gives_its_options_and_the_notation_once(driver: OfflineDriver) -> None:
    # Issue 34, item 19: /help topic:roll repeated its description and had no notation table.
    from cogs.dice import NOTATION_HELP
    from rules.dice import parse

    shown = (await driver.command("/help topic:roll")).message
    description = driver.bot.tree.get_command("roll").description
    assert shown.text.count(description) == 1
    assert "`expression`" in shown.text and "`times` (optional)" in shown.text
    for title, _ in NOTATION_HELP:
        assert f"[{title}]" in shown.text
    assert len(shown.text) < 6000
    # Every example in the table rolls (but the one shown as refused, and saved names).
    examples = [e for _, text in NOTATION_HELP for e in re.findall(r"`([^`]+)`", text)]
    for example in examples:
        if example in ("10d6 4", "#") or "fireball" in example:
            continue
        parse(example)


@pytest.mark.parametrize(
    ("expression", "needle"),
    [
        ("1d0", "I can't roll `1d0`: `1d0` is a die with no sides"),
        ("2d6/0", "I can't roll `2d6/0`: it divides by 0"),
        ("1d1e1", "more than 1000 dice"),  # reads fine, but can never roll
    ],
)
async def test_a_roll_that_can_never_roll_is_refused_when_saved(
    driver: OfflineDriver, expression: str, needle: str
) -> None:
    refused = (await driver.command("dice save", name="bad", expression=expression, user="alice")).message
    assert refused.ephemeral and needle in refused.text, refused.text
    assert "Saved" not in refused.text
    listed = (await driver.command("/dice list", user="alice")).message
    assert "No saved rolls yet" in listed.text


async def test_a_roll_saved_before_the_check_names_itself_when_it_fails(driver: OfflineDriver) -> None:
    alice = driver.user("alice")
    saved = driver.bot.saved_rolls  # type: ignore[attr-defined]
    await saved.save(saved.scope(user_id=alice.id), "old", "1d0", created_by=alice.id)
    refused = (await driver.command("/roll expression:old", user="alice")).message
    assert refused.ephemeral
    assert "The saved roll `old`: I can't roll `1d0`" in refused.text
    assert "/dice save name:old" in refused.text and "/dice delete name:old" in refused.text
    # a saved roll that reads fine, refused for this request: no advice to save it again
    await driver.command("/dice save name:stats expression:6 4d6kh3", user="alice")
    twice = (await driver.command("roll", expression="stats", times=2, user="alice")).message
    assert twice.ephemeral and "The saved roll `stats`:" in twice.text
    assert "already says how many rolls" in twice.text
    assert "/dice save" not in twice.text


@pytest.mark.parametrize("typed", ["1d20 adv+5", "1d20 adv +5"])
async def test_a_modifier_after_adv_is_suggested_with_the_dice(driver: OfflineDriver, typed: str) -> None:
    message = (await driver.command("roll", expression=typed)).message
    assert message.ephemeral and message.card.title is None  # a refusal, not a roll
    assert "Did you mean `1d20+5 adv`?" in message.text
    assert "# adv" not in message.text  # never a label that drops the advantage and the +5
    rolled = (await driver.command("roll", expression="1d20+5 adv")).message.card
    assert rolled.footer.text.startswith("2d20kh1+5 ·")


@pytest.mark.parametrize("typed", ["20d6rr1e6", "20d6e6rr1"])
async def test_rerolls_and_explosions_leave_no_1_in_either_order(driver: OfflineDriver, typed: str) -> None:
    embed = (await driver.command("roll", expression=typed, times=10)).message.card
    lines = embed.description.splitlines()
    assert len(lines) == 10
    for line in lines:
        dice = line.split(" (", 1)[1].rsplit(")", 1)[0].split(", ")
        kept = [d for d in dice if not d.startswith("~~")]
        assert "1" not in [d.strip("!") for d in kept]  # not even on a die an explosion added
        assert all(d.endswith("!") == d.startswith("6") for d in kept)  # every 6 explodes
    assert "x! exploded" in embed.footer.text


async def test_help_for_roll_says_how_rerolls_and_explosions_combine(driver: OfflineDriver) -> None:
    message = (await driver.command("/help topic:roll")).message
    assert message.ephemeral
    assert "one rule, in either order (`10d6rr1e6` rolls as `10d6e6rr1`)" in message.text
