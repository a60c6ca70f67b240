"""The offline driver runs real views, persistent buttons and modals, across a restart."""

from __future__ import annotations

import copy
import dataclasses
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GameKind, GameState
from bot.offline import OfflineDriver
from bot.views import HeraldModal, PersistentButton
from rules.errors import RuleError


class Counter(GameState):
    value: int = 0


KIND = GameKind("test_counter", "a test counter", "/counter start", "/counter end")


class Bump(PersistentButton, template=r"test:bump:(?P<game>\d+):(?P<step>\d+)"):
    def __init__(self, game: int, step: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Bump", custom_id=f"test:bump:{game}:{step}", style=discord.ButtonStyle.primary
            )
        )
        self.game, self.step = game, step

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> Bump:
        return cls(int(match["game"]), int(match["step"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        store = interaction.client.games
        async with store.update(
            interaction.channel_id,
            Counter,
            kind=KIND.key,
            actor_id=interaction.user.id,
            action="bump",
            expect_game_id=self.game,
            expect_version=self.step,
        ) as game:
            game.state = Counter(value=game.state.value + 1)
            game.summary = "bump"
        view = discord.ui.View(timeout=None)
        view.add_item(Bump(game.id, game.version))
        await interaction.response.edit_message(content=f"value {game.state.value}", view=view)


class AskName(HeraldModal, title="Name"):
    name = discord.ui.TextInput(label="Name", max_length=10)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        if self.name.value == "bad":
            raise RuleError("Not that name.")
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


class CounterCog(commands.Cog):
    group = app_commands.Group(name="counter", description="A test counter")

    @group.command(name="start")
    async def start(self, interaction: discord.Interaction) -> None:
        game = await interaction.client.games.start(
            channel_id=interaction.channel_id,
            guild_id=interaction.guild_id,
            kind=KIND.key,
            state=Counter(),
            actor_id=interaction.user.id,
        )
        view = discord.ui.View(timeout=None)
        view.add_item(Bump(game.id, game.version))
        await interaction.response.send_message("value 0", view=view)

    @group.command(name="name")
    async def name(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(AskName())


async def install(driver: OfflineDriver) -> None:
    driver.bot.games.register_kind(KIND)
    driver.bot.add_dynamic_items(Bump)
    await driver.bot.add_cog(CounterCog())


async def test_persistent_button_survives_restart_and_stale_press_is_polite(driver: OfflineDriver) -> None:
    await install(driver)
    posted = (await driver.command("/counter start")).message
    first = await driver.press(posted, "Bump", user="bob")
    assert first.message.content == "value 1"
    assert first.message is posted  # the same message was edited in place

    await driver.restart()
    await install(driver)
    second = await driver.press(posted, "Bump", user="carol")
    assert second.message.content == "value 2"

    # A copy of the button from before the last press is stale: a polite ephemeral, no failure.
    posted_elsewhere = (await driver.command("/counter start", channel=driver.add_channel("other"))).message
    seen_by_dave = dataclasses.replace(
        posted_elsewhere, components=copy.deepcopy(posted_elsewhere.components)
    )
    await driver.press(posted_elsewhere, "Bump", user="erin")
    stale_again = await driver.press(seen_by_dave, 1, user="dave")  # its custom id still carries step 1
    assert stale_again.message.ephemeral
    assert "moved on" in stale_again.message.text


async def test_modal_submit_and_rule_error_in_modal(driver: OfflineDriver) -> None:
    await install(driver)
    reply = await driver.command("/counter name")
    assert reply.modal is not None and reply.modal.title == "Name"
    ok = await driver.submit(reply.modal, {"Name": "Ann"})
    assert ok.message.content == "hello Ann" and ok.message.ephemeral
    again = await driver.command("/counter name")
    assert again.modal is not None
    bad = await driver.submit(again.modal, {"Name": "bad"})
    assert bad.message.ephemeral and bad.message.content == "Not that name."
