"""Issue 40: every message Herald sends is a Components V2 card (bot/cards.py), Discord's rules for
cards are kept by the offline driver, and messages posted before cards keep working as embeds."""

from __future__ import annotations

import io
import json
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route, handle_message_parameters

from bot.cards import MAX_CARD_TEXT, MAX_COMPONENTS, NEAR_BLACK, Card, Field, Section, cards_from, layout
from bot.offline import (
    IS_COMPONENTS_V2,
    Message,
    OfflineDriver,
    OfflineError,
    check_card,
    walk_components,
)
from bot.send import acknowledge, edit_in, send


def assert_card(message: Message) -> None:
    """A valid card: the V2 flag, no content or embeds, one container at least, and Discord's limits."""
    assert message.v2 and not message.content and not message.embeds, message
    assert any(c.get("type") == 17 for c in message.components)
    check_card(message.content, message.embeds, message.components, message.attachments)


def _count(view: discord.ui.LayoutView) -> int:
    return sum(1 for _ in walk_components(view.to_components()))


# -- the kit ----------------------------------------------------------------------------------------


class Nothing(discord.ui.Button):
    pass


def _buttons(n: int, prefix: str = "b") -> list[discord.ui.Item[Any]]:
    return [Nothing(label=f"{prefix}{i}", custom_id=f"{prefix}{i}") for i in range(n)]


def test_a_card_orders_title_picture_text_fields_footer_then_controls() -> None:
    card = Card(
        title="Round 2",
        text="Alice moves.",
        fields=[Field("Score", "3 - 1")],
        footer="Game #4",
        pictures=["board.png"],
        controls=_buttons(2),
        colour=0x5865F2,
    )
    (view,) = layout([card])
    (container,) = view.to_components()
    kinds = [c["type"] for c in container["components"]]
    assert kinds == [10, 12, 10, 10, 10, 1]  # title, gallery, text, field, footer, a row
    assert container["accent_color"] == 0x5865F2
    assert container["components"][1]["items"][0]["media"]["url"] == "attachment://board.png"
    assert container["components"][4]["content"] == "-# Game #4"


def test_pure_black_is_never_an_accent_discord_py_would_drop() -> None:
    (view,) = layout([Card(text="x", colour=0)])
    assert view.to_components()[0]["accent_color"] == NEAR_BLACK


def test_a_section_puts_a_button_beside_its_text() -> None:
    again = Nothing(label="Roll again", custom_id="again")
    (view,) = layout([Card(title="Roll", sections=[Section("2d6 = 7", button=again)])])
    section = next(c for c in walk_components(view.to_components()) if c["type"] == 9)
    assert section["components"][0]["content"] == "2d6 = 7" and section["accessory"]["custom_id"] == "again"


def test_too_many_parts_are_fitted_within_40_components() -> None:
    card = Card(
        title="Big",
        fields=[Field(f"f{i}", "v") for i in range(25)],
        sections=[Section(f"s{i}", button=b) for i, b in enumerate(_buttons(4, "s"))],
        controls=_buttons(25),
        pictures=["a.png"],
    )
    (view,) = layout([card])
    assert _count(view) <= MAX_COMPONENTS
    ids = {c.get("custom_id") for c in walk_components(view.to_components())}
    assert {"s0", "s3", "b0"} <= ids  # the sections' buttons are kept before the last controls


def test_a_long_new_message_goes_on_in_more_cards_and_an_edit_is_shortened() -> None:
    text = "\n".join(f"line {i} " + "x" * 60 for i in range(200))  # about 14,000 characters
    views = layout([Card(title="Log", text=text, controls=_buttons(1))])
    assert 2 <= len(views) <= 5
    assert all(v.content_length() <= MAX_CARD_TEXT and _count(v) <= MAX_COMPONENTS for v in views)
    shown = "\n".join(str(c.get("content")) for v in views for c in walk_components(v.to_components()))
    assert "line 0 " in shown and "line 150 " in shown and "(continued)" in shown
    # The controls and pictures stay on the first card, the one later edits replace.
    assert any(c["type"] == 1 for c in walk_components(views[0].to_components()))
    (edited,) = layout([Card(title="Log", text=text)], can_continue=False)
    assert edited.content_length() <= MAX_CARD_TEXT and "more not shown" in json.dumps(edited.to_components())


def test_an_embed_message_becomes_one_card_with_its_files_shown() -> None:
    embed = discord.Embed(title="Odds", description="Mean 7", colour=0x123456)
    embed.set_image(url="attachment://odds.png")
    embed.add_field(name="At least 7", value="58%")
    (card,) = cards_from(content="<@1> asked", embeds=[embed], files=["odds.png", "log.txt"])
    assert card.note == "<@1> asked" and card.pictures == ["odds.png", "log.txt"]
    (view,) = layout([card])
    parts = list(walk_components(view.to_components()))
    assert [p["type"] for p in parts if p["type"] in (12, 13)] == [12, 13]  # a gallery, then a file


# -- the driver holds Herald to Discord's rules --------------------------------------------------------


async def _post(driver: OfflineDriver, payload: dict[str, Any]) -> dict[str, Any]:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=driver.channel.id)
    return await driver.bot.http.request(route, json=payload)


def _text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def _container(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "components": list(children)}


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        ({"content": "hi", "components": [_container(_text("x"))]}, "content and embeds cannot be sent"),
        ({"embeds": [{"title": "t"}], "components": [_container(_text("x"))]}, "content and embeds"),
        ({"components": [_container(*[_text("x")] * 40)]}, "at most 40 components"),
        ({"components": [_container(_text("x" * 3000), _text("y" * 1001))]}, "4000 or fewer characters"),
        (
            {"components": [_container({"type": 12, "items": [{"media": {"url": "attachment://no.png"}}]})]},
            "does not have: no.png",
        ),
    ],
)
async def test_the_driver_refuses_a_card_discord_would_refuse(
    driver: OfflineDriver, payload: dict[str, Any], problem: str
) -> None:
    await _post(driver, {"flags": IS_COMPONENTS_V2, "components": [_container(_text("fine"))]})
    with pytest.raises(discord.HTTPException) as caught:
        await _post(driver, {"flags": IS_COMPONENTS_V2, **payload})
    assert caught.value.status == 400 and problem in caught.value.text


async def test_a_file_no_component_names_is_refused(driver: OfflineDriver) -> None:
    view = discord.ui.LayoutView()
    view.add_item(discord.ui.Container(discord.ui.TextDisplay("a picture follows")))
    with pytest.raises(discord.HTTPException) as caught:
        file = discord.File(io.BytesIO(b"png"), filename="board.png")
        with handle_message_parameters(view=view, files=[file]) as params:
            await driver.bot.http.send_message(driver.channel.id, params=params)
    assert caught.value.status == 400 and "no component shows: board.png" in caught.value.text


async def test_an_edit_cannot_take_the_flag_off_a_card(driver: OfflineDriver) -> None:
    posted = await _post(driver, {"flags": IS_COMPONENTS_V2, "components": [_container(_text("a card"))]})
    path = "/channels/{channel_id}/messages/{message_id}"
    route = Route("PATCH", path, channel_id=driver.channel.id, message_id=posted["id"])
    with pytest.raises(discord.HTTPException) as caught:
        await driver.bot.http.request(route, json={"flags": 0, "content": "an embed again", "components": []})
    assert caught.value.status == 400 and "cannot be removed" in caught.value.text
    # Adding content beside the card is refused too.
    with pytest.raises(discord.HTTPException) as beside:
        await driver.bot.http.request(route, json={"content": "and a line"})
    assert "content and embeds cannot be sent" in beside.value.text


class Cards(commands.Cog):
    """Commands that answer as the send path does, and one that breaks Discord's rule on deferrals."""

    @app_commands.command(name="slowcard")
    async def slowcard(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)  # "thinking": a deferral, which cannot carry the V2 flag
        await send(interaction, embed=discord.Embed(title="Done", description="after a while"))

    @app_commands.command(name="baddefer")
    async def baddefer(self, interaction: discord.Interaction) -> None:
        adapter = discord.webhook.async_.async_context.get()
        params = discord.http.MultipartParameters(
            payload={"type": 5, "data": {"flags": IS_COMPONENTS_V2}}, multipart=None, files=None
        )
        try:
            await adapter.create_interaction_response(
                interaction.id, interaction.token, session=interaction._session, params=params
            )
        except discord.HTTPException as error:
            Cards.refused = error.text  # type: ignore[attr-defined]

    @app_commands.command(name="touch")
    async def touch(self, interaction: discord.Interaction, message: str) -> None:
        await acknowledge(interaction)
        embed = discord.Embed(title="Touched", description=f"by {interaction.user.id}")
        await edit_in(interaction.channel, int(message), embeds=[embed])
        await send(interaction, content="done", ephemeral=True)


async def test_a_deferred_command_is_followed_by_a_card_and_the_deferral_has_no_flag(
    driver: OfflineDriver,
) -> None:
    await driver.bot.add_cog(Cards())
    reply = await driver.command("/slowcard")
    assert reply.deferred and len(reply.messages) == 1
    assert_card(reply.message)
    assert reply.message.card.title == "Done" and "after a while" in reply.text
    await driver.command("/baddefer")
    assert "deferred response cannot have the IS_COMPONENTS_V2 flag" in Cards.refused  # type: ignore[attr-defined]


# -- every cog's main replies ---------------------------------------------------------------------------


async def test_a_roll_is_a_card_whose_roll_again_works_and_survives_a_restart(driver: OfflineDriver) -> None:
    rolled = (await driver.command("/roll expression:2d6+3 label:fireball")).message
    assert_card(rolled)
    assert rolled.card.title == "🎲 fireball" and rolled.card.colour is not None
    container = rolled.components[0]
    assert container["type"] == 17 and any(c["type"] == 2 for c in walk_components([container]))
    # Roll again sits beside the roll it repeats: a section's accessory.
    (section,) = [c for c in container["components"] if c["type"] == 9]
    assert section["accessory"]["label"] == "Roll again" and " = " in section["components"][0]["content"]
    again = await driver.press(rolled, "Roll again", user="bob")
    assert_card(again.message)
    assert again.message is not rolled and again.message.card.title == "🎲 fireball"
    await driver.restart()
    after = await driver.press(rolled, "Roll again", user="carol")
    assert_card(after.message)
    assert "[Total]" in after.message.text


async def test_an_odds_chart_is_inside_its_card(driver: OfflineDriver) -> None:
    odds = (await driver.command("/odds expression:3d6")).message
    assert_card(odds)
    assert odds.card.images == ["odds.png"] and [a.filename for a in odds.attachments] == ["odds.png"]
    assert "[image: odds.png]" in odds.text
    f2f = (await driver.command('/inf odds active:"SV13 B2" reactive:"SV12"')).message
    assert_card(f2f)
    assert f2f.card.images == [a.filename for a in f2f.attachments] and f2f.card.images


async def test_a_board_after_a_move_is_one_card_with_the_map_and_its_buttons(driver: OfflineDriver) -> None:
    started = (await driver.command("/si boss start boss:elder_leviathan")).message
    assert_card(started)
    assert started.card.images == ["boss.png"]
    await driver.command("/si squad add name:Kai wounds:3")
    turn = (await driver.command("/si turn")).message
    assert_card(turn)
    container = turn.components[0]
    kinds = [c["type"] for c in container["components"]]
    assert 12 in kinds and kinds.index(12) < max(i for i, k in enumerate(kinds) if k == 10)


async def test_help_games_and_errors_are_cards(driver: OfflineDriver) -> None:
    for line in ("/help", "/games", "/roll expression:banana"):
        reply = await driver.command(line)
        for message in [*reply.messages, *reply.edited]:
            assert_card(message)


async def test_a_tournament_posts_pairings_and_standings_as_cards(driver: OfflineDriver) -> None:
    await driver.command('/tournament create name:"Store Cup" tier:300', user="org")
    for name in ("ann", "ben", "cat", "dan"):
        await driver.command('/tournament join faction:"PanOceania"', user=name)
    pairing = await driver.command("/tournament pair", user="org")
    standings = await driver.command("/tournament standings", user="org")
    messages = [*pairing.messages, *pairing.edited, *standings.messages, *standings.edited]
    assert messages
    for message in messages:
        assert_card(message)
    assert any(m.card.images for m in standings.messages if m.card)


# -- old messages keep working --------------------------------------------------------------------------


def _as_old_embed_message(message: Message) -> None:
    """Turn a stored card back into the embed message a Herald of before cards posted."""
    card = message.card
    assert card is not None
    rows = [c for c in walk_components(message.components) if c.get("type") == 1]
    message.embeds = [card.data]
    message.components = rows
    message.v2 = False


async def test_an_old_embed_message_is_edited_as_an_embed_after_a_restart(driver: OfflineDriver) -> None:
    await driver.bot.load_extension("tests.kit.counter")
    posted = (await driver.command("/counter start")).message
    assert_card(posted)
    _as_old_embed_message(posted)
    await driver.restart()
    await driver.bot.load_extension("tests.kit.counter")
    pressed = await driver.press(posted, "+1", user="bob")
    assert pressed.message is posted and not posted.v2  # a message never changes kind
    assert posted.embeds[0]["title"] == "Count: 1" and posted.buttons[0].label == "+1"
    assert "[Count" not in posted.text and "## Count: 1" in posted.text
    # The next message of that game is a card.
    added = (await driver.command("/counter add by:2")).message
    assert_card(added)
    assert added.card.title == "Count: 3"


async def test_an_old_message_edited_from_elsewhere_stays_an_embed_and_a_card_stays_a_card(
    driver: OfflineDriver,
) -> None:
    await driver.bot.add_cog(Cards())
    old = (await driver.command("/roll expression:1d6")).message
    new = (await driver.command("/roll expression:1d6")).message
    _as_old_embed_message(old)
    await driver.command(f"/touch message:{old.id}")
    assert not old.v2 and old.embeds[0]["title"] == "Touched"
    await driver.command(f"/touch message:{new.id}")
    assert_card(new)
    assert new.card.title == "Touched"


# -- every command's reply ---------------------------------------------------------------------------


def _simple(param: app_commands.Parameter, driver: OfflineDriver) -> Any:
    if param.choices:
        return param.choices[0].value
    kind = param.type
    if kind is discord.AppCommandOptionType.string:
        return "alpha"
    if kind is discord.AppCommandOptionType.integer:
        return int(param.min_value) if param.min_value is not None else 1
    if kind is discord.AppCommandOptionType.number:
        return float(param.min_value if param.min_value is not None else 1)
    if kind is discord.AppCommandOptionType.boolean:
        return False
    if kind in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
        return driver.user("bob")
    if kind is discord.AppCommandOptionType.channel:
        return driver.add_channel("elsewhere")
    from bot.offline import Attachment

    return Attachment("list.json", b"{}")


async def test_every_commands_reply_is_a_valid_card(driver: OfflineDriver) -> None:
    """The walk of every command (as tests/cogs/test_long_inputs.py does, with ordinary values): each
    message a command posts or edits is a card within Discord's rules (the driver refuses any other,
    which shows here as an incident)."""
    commands_ = sorted(
        (c for c in driver.bot.tree.walk_commands() if isinstance(c, app_commands.Command)),
        key=lambda c: (c.name in {"end", "undo", "remove", "delete", "finish"}, c.qualified_name),
    )
    channel = driver.add_channel("walk")
    await driver.command("/si boss start boss:elder_leviathan", channel=channel)
    seen = 0
    failures: list[str] = []
    for command in commands_:
        options = {p.display_name: _simple(p, driver) for p in command.parameters if p.required}
        try:
            reply = await driver.command(command.qualified_name, channel=channel, **options)
        except OfflineError:
            continue
        if "Incident `" in reply.text:
            failures.append(f"/{command.qualified_name}: {reply.text[:200]}")
        for message in [*reply.messages, *reply.edited]:
            try:
                assert_card(message)
            except (AssertionError, discord.HTTPException) as error:
                failures.append(f"/{command.qualified_name}: {error}")
            seen += 1
    assert seen >= 60
    assert not failures, "\n".join(failures)


# -- forms ---------------------------------------------------------------------------------------------


async def test_a_form_shows_its_text_inputs_in_labels_and_is_answered(driver: OfflineDriver) -> None:
    from tests.cogs.test_space_infantry_entered import mouth_attacks

    activated = await mouth_attacks(driver)
    opened = await driver.press(activated, "Mouth: enter successes", user="bob")
    assert opened.modal is not None
    top = opened.modal.components
    assert [c["type"] for c in top] == [18] and top[0]["label"] == "Successes"
    assert top[0]["component"]["type"] == 4 and not top[0]["component"].get("label")
    proposal = (await driver.submit(opened.modal, {"Successes": "2"})).message
    assert_card(proposal)
    assert "Herald proposes" in proposal.text


def test_an_embeds_plain_author_and_footer_stay_inert_in_a_card() -> None:
    # An embed shows its author and footer as plain text, so a cog may put a name there as typed;
    # a card renders every line as markdown, so the card makes them inert.
    from bot.cards import Card

    embed = discord.Embed(title="Roll").set_author(name="[Free Nitro](https://evil.example) @everyone")
    embed.set_footer(text="**bold** ||s||")
    card = Card.from_embed(embed)
    assert card.author is not None and "\\[Free Nitro\\](" in card.author
    assert "@\u200beveryone" in card.author
    assert card.footer == "\\*\\*bold\\*\\* \\|\\|s\\|\\|"
