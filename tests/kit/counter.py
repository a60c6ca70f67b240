"""The kit's smallest game, as in bot/play.py's docstring: a counter anyone in the channel raises.

Loaded into an offline bot by the kit's tests (``await bot.load_extension("tests.kit.counter")``).
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GameKind, GameState
from bot.play import Change, GameKit, Post, Shown, StepButton, Suggestion, View, autocomplete, did_you_mean
from rules.errors import RuleError


class Counter(GameState):
    value: int = 0
    note: str = ""


KIT = GameKit(GameKind("counter", "a counter", "/counter start", "/counter end"), Counter)
NUDGES: list[dict[str, Any]] = []


def show(game: Shown[Counter]) -> Post:
    embed = discord.Embed(title=f"Count: {game.state.value}", description=game.state.note or None)
    embed.set_footer(text=f"Counter #{game.id} · step {game.version}")
    return Post(embeds=[embed], view=View(PlusOne(game.id, game.version)))


def add(by: int) -> Any:
    def change(state: Counter) -> Change[Counter]:
        if state.value + by > 1000:
            raise RuleError(f"A counter stops at 1000: {state.value} + {by} is too many.")
        return Change(state.model_copy(update={"value": state.value + by}), summary=f"added {by}")

    return change


class PlusOne(StepButton, prefix="counter:plus"):
    label = "+1"

    async def run(self, interaction: discord.Interaction) -> None:
        await KIT.play(interaction, "plus", add(1), show, game_id=self.game, version=self.step, edit=True)


NAMES = {"alpha": "Alpha", "alphabet": "Alphabet", "beta": "Beta"}


class Named(Suggestion, prefix="counter:named"):
    async def run(self, interaction: discord.Interaction, ref: str) -> None:
        await Post(content=f"Found {NAMES[ref]}").send(interaction)


async def nudge(bot: Any, payload: dict[str, Any]) -> None:
    NUDGES.append(payload)


class CounterCog(commands.GroupCog, group_name="counter", group_description="A counter (kit tests)"):
    @app_commands.command(name="start", description="Start a counter here")
    async def start(self, interaction: discord.Interaction) -> None:
        await KIT.begin(interaction, Counter(), show, summary="started a counter")

    @app_commands.command(name="add", description="Add to the counter")
    async def add_command(self, interaction: discord.Interaction, by: int, note: str = "") -> None:
        def change(state: Counter) -> Change[Counter]:
            made = add(by)(state)
            made.state = made.state.model_copy(update={"note": note})
            return made

        await KIT.play(interaction, "add", change, show)

    @app_commands.command(name="remind", description="Nudge the channel later")
    async def remind(self, interaction: discord.Interaction, seconds: int) -> None:
        game = await KIT.load(interaction)
        await interaction.client.scheduler.schedule(  # type: ignore[attr-defined]
            "counter:nudge",
            in_=timedelta(seconds=seconds),
            payload={"game": game.id},
            key=f"counter:{game.id}",
        )
        await Post(content=f"Reminder set for {seconds} s.", ephemeral=True).send(interaction)

    @app_commands.command(name="slow", description="Answers late (acknowledgement tests)")
    async def slow(self, interaction: discord.Interaction, seconds: float, fail: bool = False) -> None:
        # Busy until the bot has acknowledged the interaction (or ``seconds`` have passed): as late
        # as an answer can be, without keeping the tests waiting any longer than that.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while not interaction.response.is_done() and loop.time() < deadline:
            await asyncio.sleep(0.01)
        if fail:
            raise RuleError("That went wrong, and only you should see it.")
        await Post(content="Done at last.").send(interaction)

    @app_commands.command(name="pick", description="Autocomplete test")
    async def pick(self, interaction: discord.Interaction, name: str) -> None:
        await Post(content=f"Picked {name}").send(interaction)

    @app_commands.command(name="find", description="Did-you-mean test")
    async def find(self, interaction: discord.Interaction, name: str) -> None:
        if name in NAMES:
            await Post(content=f"Found {NAMES[name]}").send(interaction)
            return
        close = [(label, ref) for ref, label in NAMES.items() if ref[:2] == name[:2]]
        await did_you_mean(interaction, what="name", typed=name, options=close, button=Named)

    @pick.autocomplete("name")
    @autocomplete
    async def _names(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        if current == "boom":
            raise ValueError("autocomplete exploded")
        return [(f"{current} option {i} " + "x" * 200, f"v{i}" * 80) for i in range(40)]


async def setup(bot: commands.Bot) -> None:
    KIT.register(bot)
    bot.add_dynamic_items(PlusOne, Named)
    bot.scheduler.register("counter:nudge", nudge)  # type: ignore[attr-defined]
    await bot.add_cog(CounterCog())


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(PlusOne, Named)
