"""Names players choose are shown inert in public (issue 26, item 2), and text typed with NUL and
other control characters is cleaned before any handler or database sees it (item 6).

Every command that stores a name gets each hostile name; then every public message the bot posted
(replies, thread posts, follow-ups) is checked: no live masked link, mention, heading, code
fence, spoiler or bold, and no direction override or control character anywhere.
"""

from __future__ import annotations

import pytest

from bot.offline import Channel, OfflineDriver, Reply
from tests.cogs.hostile import COMBINED, HOSTILE, INVISIBLE, LINK, SHORT, VICTIM, live_markup, plain_parts
from tests.cogs.tournament_helpers import pair


def public_leaks(driver: OfflineDriver) -> list[str]:
    leaks = []
    for message in driver.messages.values():
        if message.ephemeral:
            continue
        leaks += live_markup(message)
        leaks += [f"invisible character in {p!r}" for p in plain_parts(message) if INVISIBLE.search(p)]
        assert VICTIM not in message.pings
    return leaks


def ok(reply: Reply) -> Reply:
    assert reply.answered and "Incident `" not in reply.text, reply.text
    return reply


@pytest.mark.parametrize("name", [*HOSTILE, COMBINED])
async def test_tournament_names_and_factions_show_inert(driver: OfflineDriver, name: str) -> None:
    ok(await driver.command("tournament create", name=name[:80], tier=300, user="olga"))
    for user in ("ann", "bo", "cy"):
        ok(await driver.command("tournament join", faction=name[:80], unlisted=True, user=user))
    ok(await driver.command("tournament add", player=driver.user("di"), faction=name[:80], user="olga"))
    ok(await pair(driver))
    ok(await driver.command("/tournament standings", user="ann"))
    ok(await driver.command("/tournament missing", user="ann"))
    ok(await driver.command("/tournament info", user="ann"))
    assert public_leaks(driver) == []


@pytest.mark.parametrize("name", [*HOSTILE, COMBINED])
async def test_space_infantry_squad_and_vehicle_names_show_inert(driver: OfflineDriver, name: str) -> None:
    ok(await driver.command("/si boss start boss:elder_leviathan"))
    ok(await driver.command("si squad add", name=name, wounds=3))
    ok(await driver.command("si vehicle add", name=name[:32], sp=3, dmg=5))
    ok(await driver.command("/si status"))
    assert public_leaks(driver) == []


@pytest.mark.parametrize("name", [*HOSTILE, COMBINED])
async def test_roll_labels_show_inert(driver: OfflineDriver, name: str) -> None:
    ok(await driver.command("roll", expression="2d6", label=name))
    ok(await driver.command("roll", expression=f"2d6 # {name}"))
    ok(await driver.command("dice save", name="pwn", expression=f"2d6 # {name}"))
    ok(await driver.command("/roll expression:pwn"))
    assert public_leaks(driver) == []


async def test_nul_and_control_characters_never_reach_a_handler_or_the_database(
    any_backend: OfflineDriver,
) -> None:
    driver = any_backend
    si = driver.add_channel("si")
    ok(await driver.command("/si boss start boss:elder_leviathan", channel=si))
    added = ok(await driver.command("si squad add", name="Ka\x00i\u202e", wounds=3, channel=si))
    assert "Kai joins the squad" in added.text
    saved = ok(await driver.command("dice save", name="fire\x00ball", expression="2d6 # la\x00bel\x07"))
    assert "fireball" in saved.text
    rolled = ok(await driver.command("/roll expression:fireball"))
    assert "label" in rolled.message.card.title
    made = ok(await driver.command("tournament create", name="Cup\x00\x1b[31m", tier=300, user="olga"))
    assert "Cup" in made.text and not made.message.ephemeral
    ok(await driver.command("tournament join", faction="Ariadna\x00", user="ann"))
    form = await driver.command("/tournament info", user="ann")
    assert "Cup" in ok(form).text
    for message in driver.messages.values():
        assert not INVISIBLE.search(message.text), message.text


@pytest.mark.parametrize("name", [LINK, COMBINED, "@everyone **bold** ||spoiler||"])
async def test_display_names_show_inert_in_its_and_boarding_actions(driver: OfflineDriver, name: str) -> None:
    host, guest = driver.user(name), driver.user(f"{name} 2")
    scored = ok(await driver.command("its score", mission="Acquisition", tier=300, opponent=guest, user=host))
    invitation, accept = next(
        (m, b.label) for m in scored.messages for b in m.buttons if b.label.startswith("Accept")
    )
    assert "\\" not in accept and "*" not in accept and "[" not in accept  # a label shows no markdown
    ok(await driver.press(invitation, accept, user=guest))
    battle = driver.add_channel("battle")
    started = await driver.command(
        "ba battle start", mission="deck-sweepers", attacker=host, defender=guest, user=host, channel=battle
    )
    ok(started)
    ok(await driver.command("/ba status", user=host, channel=battle))
    ok(await driver.command("/ba end", user=guest, channel=battle))
    assert public_leaks(driver) == []


async def test_every_string_option_of_every_command_shows_hostile_text_inert(driver: OfflineDriver) -> None:
    """As tests/cogs/test_long_inputs.py, with each free-text option holding every trick at once
    (dice expressions carry them in their label); then no public message shows one live."""
    from discord import AppCommandOptionType, app_commands

    from tests.cogs.test_long_inputs import _order, _prepare, _value

    commands = sorted(
        (c for c in driver.bot.tree.walk_commands() if isinstance(c, app_commands.Command)), key=_order
    )
    channels: dict[str, Channel] = {}
    tried = 0
    for command in commands:
        strings = [p for p in command.parameters if p.type is AppCommandOptionType.string and not p.choices]
        if not strings:
            continue
        group = command.qualified_name.split()[0]
        if group not in channels:
            channels[group] = await _prepare(driver, group)
        options = {p.display_name: _value(p, driver) for p in command.parameters}
        for p in strings:
            hostile = f"2d6 # {SHORT}" if p.display_name == "expression" else SHORT
            options[p.display_name] = hostile[: int(p.max_value or len(hostile))]
        ok(await driver.command(command.qualified_name, channel=channels[group], **options))
        tried += 1
    assert tried >= 30
    shown = [m for m in driver.messages.values() if not m.ephemeral and "Free Nitro" in m.text]
    assert shown  # the roll's label at least; most other commands refuse such text privately
    assert public_leaks(driver) == []


async def test_an_error_quoting_another_players_name_shows_no_masked_link(driver: OfflineDriver) -> None:
    ok(await driver.command("tournament create", name=LINK, tier=300, user="olga"))
    refused = ok(await driver.command("/tournament pair", user="olga"))
    assert refused.message.ephemeral and "Free Nitro" in refused.text
    assert not [p for p in live_markup(refused.message) if p.startswith("masked link")]


async def test_embed_authors_show_a_display_name_as_one_clean_line(driver: OfflineDriver) -> None:
    # Issue 34, item 21: six embed authors took display_name as it came (direction overrides).
    user = driver.user("kai \u202eevil\u202c\u200f " + "x" * 300)
    for command in ("/roll expression:2d6", "/odds expression:2d6", "/inf roll sv:12"):
        message = ok(await driver.command(command, user=user)).message
        author = message.card.data["author"]["name"]
        assert author.startswith("Kai Evil") and not INVISIBLE.search(author) and len(author) <= 256, author


def test_every_embed_author_goes_through_plain() -> None:
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for path in sorted((root / "cogs").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "set_author":
                name = next(k.value for k in node.keywords if k.arg == "name")
                called = getattr(getattr(name, "func", None), "id", None)
                assert called in ("plain", "kept_name"), f"{path.name}:{node.lineno} shows a raw author name"
