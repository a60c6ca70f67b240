"""The offline driver refuses the messages Discord refuses: mentions, empty messages, files.

Sources: Discord's message resource (https://discord.com/developers/docs/resources/message), its
Uploading Files reference (https://discord.com/developers/docs/reference#uploading-files) and its
OpenAPI spec (github.com/discord/discord-api-spec, specs/openapi.json).
"""

from __future__ import annotations

import io

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route, handle_message_parameters

from bot.offline import ATTACHMENT_SIZE_LIMIT, OfflineDriver


async def _post(driver: OfflineDriver, payload: dict) -> dict:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=driver.channel.id)
    return await driver.bot.http.request(route, json=payload)


async def _send_files(driver: OfflineDriver, sizes: list[int]) -> None:
    files = [discord.File(io.BytesIO(b"x" * size), filename=f"f{i}.png") for i, size in enumerate(sizes)]
    with handle_message_parameters(content="files", files=files) as params:
        await driver.bot.http.send_message(driver.channel.id, params=params)


# -- allowed mentions ----------------------------------------------------------------------------------


async def test_allowed_mentions_name_at_most_100_users(driver: OfflineDriver) -> None:
    """allowed_mentions.users: "Array of user ids to mention, max 100" (message resource, Allowed
    Mentions Structure)."""
    users = [str(1000 + i) for i in range(100)]
    await _post(driver, {"content": "hi", "allowed_mentions": {"users": users}})
    with pytest.raises(discord.HTTPException) as caught:
        await _post(driver, {"content": "hi", "allowed_mentions": {"users": [*users, "99"]}})
    assert caught.value.status == 400 and "users must be 100 or fewer" in caught.value.text


@pytest.mark.loose_pings  # it sends parse: users itself, as a bot must not
async def test_parse_users_excludes_a_list_of_users(driver: OfflineDriver) -> None:
    """"the parse field is mutually exclusive with the other fields ... includes both parse and
    users ... causing a validation error"; an empty users list "does not trigger a validation
    error" (message resource, Allowed Mentions Examples)."""
    await _post(driver, {"content": "hi", "allowed_mentions": {"parse": ["users"], "users": []}})
    await _post(driver, {"content": "hi", "allowed_mentions": {"parse": ["everyone"], "users": ["12"]}})
    with pytest.raises(discord.HTTPException) as caught:
        await _post(driver, {"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["12"]}})
    assert caught.value.status == 400 and "mutually exclusive" in caught.value.text


# -- empty messages ------------------------------------------------------------------------------------


@pytest.mark.parametrize("payload", [{}, {"content": ""}, {"content": "  \n"}, {"content": "", "embeds": []}])
async def test_a_message_needs_content_embeds_components_or_files(
    driver: OfflineDriver, payload: dict
) -> None:
    """Create Message: "At least one of content, embeds, sticker_ids, components, files[n], poll, or
    shared_client_theme is required" (message resource); Discord answers 50006 "Cannot send an
    empty message" (opcodes and status codes)."""
    with pytest.raises(discord.HTTPException) as caught:
        await _post(driver, payload)
    assert caught.value.status == 400 and caught.value.code == 50006
    await _post(driver, {"embeds": [{"title": "only an embed"}]})
    await _post(driver, {"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go",
                                                                    "custom_id": "go"}]}]})
    assert len(driver.history()) == 2


class Empty(commands.Cog):
    @app_commands.command(name="empty")
    async def empty(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message()

    @app_commands.command(name="blank")
    async def blank(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("soon blank")
        await interaction.edit_original_response(content="")


async def test_an_interaction_reply_or_edit_cannot_be_empty(driver: OfflineDriver, caplog) -> None:
    """The same rule holds for interaction replies and for an edit that would empty a message."""
    await driver.bot.add_cog(Empty())
    empty = await driver.command("/empty")  # refused: the error handler's incident reply instead
    assert "Incident" in empty.message.text and "Cannot send an empty message" in caplog.text
    caplog.clear()
    blank = await driver.command("/blank")
    assert blank.message.content == "soon blank" and "Cannot send an empty message" in caplog.text


# -- files ---------------------------------------------------------------------------------------------


async def test_at_most_ten_files_per_message(driver: OfflineDriver) -> None:
    """attachments: maxItems 10 (OpenAPI MessageCreateRequest)."""
    await _send_files(driver, [10] * 10)
    with pytest.raises(discord.HTTPException) as caught:
        await _send_files(driver, [10] * 11)
    assert caught.value.status == 400 and "at most 10 files" in caught.value.text


async def test_a_file_past_the_default_upload_limit_is_refused(driver: OfflineDriver) -> None:
    """"The file upload size limit applies to each file in a request. The default limit is 10 MiB"
    (reference, Uploading Files); "The maximum request size when sending a message is 25 MiB"
    (message resource, Create Message). Past either Discord answers 413 (40005, Request entity
    too large)."""
    await _send_files(driver, [ATTACHMENT_SIZE_LIMIT])
    for sizes in ([ATTACHMENT_SIZE_LIMIT + 1], [9 * 1024 * 1024] * 3):
        with pytest.raises(discord.HTTPException) as caught:
            await _send_files(driver, sizes)
        assert caught.value.status == 413 and caught.value.code == 40005
    assert len(driver.history()) == 1


class Limit(commands.Cog):
    @app_commands.command(name="limit")
    async def limit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"limit {interaction.filesize_limit}")


async def test_interactions_advertise_the_default_upload_limit(driver: OfflineDriver) -> None:
    """attachment_size_limit on an interaction is the server's upload limit: 10 MiB without boosts."""
    await driver.bot.add_cog(Limit())
    assert (await driver.command("/limit")).message.content == f"limit {10 * 1024 * 1024}"


class Slow(commands.Cog):
    @app_commands.command(name="slow")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("done")


async def test_a_deferred_replys_first_content_is_a_new_message_not_an_edit(driver: OfflineDriver) -> None:
    """The follow-up after "thinking" fills the placeholder: players see one new message (the
    console printed it twice, once as edited)."""
    await driver.bot.add_cog(Slow())
    reply = await driver.command("/slow")
    assert reply.deferred and [m.content for m in reply.messages] == ["done"] and reply.edited == []
