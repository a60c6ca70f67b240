"""The offline driver runs real views, persistent buttons and modals, across a restart."""

from __future__ import annotations

import copy
import dataclasses
import re

import discord
import pytest
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
    assert bad.message.ephemeral and bad.message.text == "Not that name."


# -- Discord's component rules: the driver refuses what Discord refuses -------------------------------
# Each limit below is Discord's component reference (https://discord.com/developers/docs/components/
# reference) or its OpenAPI spec (github.com/discord/discord-api-spec, specs/openapi.json), which
# answer a broken payload with 400 Invalid Form Body (error 50035).


def _button(custom_id: str, label: str = "Go") -> dict:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def _row(*components: dict) -> dict:
    return {"type": 1, "components": list(components)}


def _menu(custom_id: str = "menu", n: int = 3, **extra: object) -> dict:
    options = [{"label": f"Option {i}", "value": f"v{i}"} for i in range(n)]
    return {"type": 3, "custom_id": custom_id, "options": options, **extra}


async def _post(driver: OfflineDriver, payload: dict) -> dict:
    """POST /channels/{id}/messages with a raw body, as the bot's HTTP client sends it."""
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=driver.channel.id)
    return await driver.bot.http.request(route, json=payload)


async def _refused(driver: OfflineDriver, payload: dict, words: str) -> None:
    with pytest.raises(discord.HTTPException) as caught:
        await _post(driver, payload)
    assert caught.value.status == 400 and caught.value.code == 50035
    assert words in caught.value.text, caught.value.text


async def test_the_rules_accept_a_full_legal_message(driver: OfflineDriver) -> None:
    """Five rows: four of five buttons and one menu of 25 options, every limit at its edge."""
    rows = [_row(*(_button(f"b{r}{i}", "x" * 80) for i in range(5))) for r in range(4)]
    menu = _menu(n=25, max_values=25, placeholder="p" * 150)
    menu["options"][0]["description"] = "d" * 100
    await _post(driver, {"content": "ok", "components": [*rows, _row(menu)]})
    assert len(driver.history()[-1].buttons) == 20 and len(driver.history()[-1].selects) == 1


async def test_at_most_five_action_rows(driver: OfflineDriver) -> None:
    """"Legacy messages allow up to 5 action rows as top-level components" (component reference,
    Legacy Message Component Behavior)."""
    rows = [_row(_button(f"b{i}")) for i in range(6)]
    await _refused(driver, {"content": "x", "components": rows}, "5 action rows")


async def test_at_most_five_buttons_in_a_row(driver: OfflineDriver) -> None:
    """Action Row: "Up to 5 interactive button components" (component reference, Action Row)."""
    row = _row(*(_button(f"b{i}") for i in range(6)))
    await _refused(driver, {"content": "x", "components": [row]}, "1 to 5")


async def test_a_select_menu_fills_its_row_alone(driver: OfflineDriver) -> None:
    """Action Row: "Up to 5 interactive button components or a single select component"."""
    await _refused(driver, {"content": "x", "components": [_row(_menu(), _button("b"))]}, "alone")


async def test_custom_ids_are_unique_within_a_message(driver: OfflineDriver) -> None:
    """"Multiple components on the same message must not share the same custom_id" (component
    reference, Custom ID)."""
    payload = {"content": "x", "components": [_row(_button("same")), _row(_menu("same"))]}
    await _refused(driver, payload, "used twice")


async def test_a_custom_id_is_not_empty(driver: OfflineDriver) -> None:
    """custom_id: "a string of 1 to 100 characters" (component reference, Custom ID)."""
    await _refused(driver, {"content": "x", "components": [_row(_button(""))]}, "between 1 and 100")


async def test_an_option_description_is_at_most_100_characters(driver: OfflineDriver) -> None:
    """Select Option: description "max 100 characters" (component reference, String Select)."""
    menu = _menu()
    menu["options"][1]["description"] = "d" * 101
    await _refused(driver, {"content": "x", "components": [_row(menu)]}, "description must be 100")


async def test_a_select_menu_has_at_least_one_option(driver: OfflineDriver) -> None:
    """String Select options: minItems 1, maxItems 25 (OpenAPI StringSelectComponentForMessageRequest)."""
    await _refused(driver, {"content": "x", "components": [_row(_menu(n=0))]}, "1 to 25 options")


@pytest.mark.parametrize(
    ("max_values", "options", "words"), [(30, 25, "1 <= max <= 25"), (4, 3, "more than")]
)
async def test_max_values_is_at_most_25_and_at_most_the_options(
    driver: OfflineDriver, max_values: int, options: int, words: str
) -> None:
    """max_values: "max 25" (component reference, String Select); a menu cannot ask for more
    choices than it offers."""
    menu = _menu(n=options, max_values=max_values)
    await _refused(driver, {"content": "x", "components": [_row(menu)]}, words)


async def test_every_select_menus_placeholder_is_at_most_150_characters(driver: OfflineDriver) -> None:
    """placeholder: "max 150 characters", for string and user selects alike (component reference)."""
    user_menu = {"type": 5, "custom_id": "who", "placeholder": "p" * 151}
    await _refused(driver, {"content": "x", "components": [_row(user_menu)]}, "placeholder must be 150")


# -- modals --------------------------------------------------------------------------------------------


class RawModal(discord.ui.Modal, title="Raw"):
    """A modal whose payload a test writes by hand, past discord.py's own checks."""

    def __init__(self, payload: dict) -> None:
        super().__init__()
        self.payload = payload

    def to_dict(self) -> dict:
        return self.payload


class ModalCog(commands.Cog):
    def __init__(self) -> None:
        self.payload: dict = {}
        self.refusal: discord.HTTPException | None = None

    @app_commands.command(name="rawmodal")
    async def rawmodal(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_modal(RawModal(self.payload))
        except discord.HTTPException as error:
            self.refusal = error
            await interaction.response.send_message(f"refused: {error.text}", ephemeral=True)


def _text_input(n: int = 0, **extra: object) -> dict:
    field = {"type": 4, "custom_id": f"f{n}", "style": 1, "label": f"F{n}", **extra}
    return {"type": 1, "components": [field]}


async def _modal(driver: OfflineDriver, **payload: object) -> ModalCog:
    cog = ModalCog()
    await driver.bot.add_cog(cog)
    cog.payload = {"custom_id": "raw", "title": "Raw", "components": [_text_input()], **payload}
    await driver.command("/rawmodal")
    return cog


async def test_a_legal_modal_opens(driver: OfflineDriver) -> None:
    """Five text inputs, max_length 4000 with a prefill of 4000: every limit at its edge."""
    fields = [_text_input(i, max_length=4000, value="v" * 4000) for i in range(5)]
    cog = await _modal(driver, title="t" * 45, components=fields)
    assert cog.refusal is None


@pytest.mark.parametrize("count", [0, 6])
async def test_a_modal_has_one_to_five_components(driver: OfflineDriver, count: int) -> None:
    """Modal components: "Between 1 and 5 (inclusive) components that make up the modal"
    (receiving-and-responding, Interaction Response Object, Modal)."""
    cog = await _modal(driver, components=[_text_input(i) for i in range(count)])
    assert cog.refusal is not None and cog.refusal.status == 400 and "1 to 5 components" in cog.refusal.text


async def test_a_modal_title_is_not_empty(driver: OfflineDriver) -> None:
    """Modal title: minLength 1, maxLength 45 (OpenAPI ModalInteractionCallbackRequestData)."""
    cog = await _modal(driver, title="")
    assert cog.refusal is not None and "title must be between 1 and 45" in cog.refusal.text


async def test_a_text_input_max_length_is_at_most_4000(driver: OfflineDriver) -> None:
    """Text Input max_length: "min 1, max 4000" (component reference, Text Input)."""
    cog = await _modal(driver, components=[_text_input(max_length=5000)])
    assert cog.refusal is not None and "max_length must be between 1 and 4000" in cog.refusal.text


async def test_a_text_input_prefill_fits_its_max_length(driver: OfflineDriver) -> None:
    """A pre-filled value longer than the input's max_length is refused: the player could not
    submit it unchanged (Discord: value "Must be N or fewer in length")."""
    cog = await _modal(driver, components=[_text_input(max_length=10, value="x" * 11)])
    assert cog.refusal is not None and "value must be 10" in cog.refusal.text


class FromButton(discord.ui.View):
    """A button that opens a modal, whose submit edits the message the button was on."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Rename", custom_id="test:rename")
    async def rename(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_modal(Rename())


class Rename(discord.ui.Modal, title="Rename"):
    name = discord.ui.TextInput(label="Name", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        assert interaction.message is not None, "Discord sends the button's message with the submit"
        text = f"renamed to {self.name.value} on {interaction.message.id}"
        await interaction.response.edit_message(content=text)


async def test_a_modal_submit_from_a_button_carries_its_message(driver: OfflineDriver) -> None:
    """Interaction.message: "For components or modals triggered by components, the message they
    were attached to" (receiving-and-responding, Interaction Structure): the submit may update it."""
    channel = driver.bot.get_partial_messageable(driver.channel.id)
    view = FromButton()
    driver.bot.add_view(view)
    await channel.send("a board", view=view)
    board = driver.history()[-1]
    opened = await driver.press(board, "Rename")
    assert opened.modal is not None and opened.modal.source is board
    done = await driver.submit(opened.modal, {"Name": "Kai"})
    assert done.message is board and board.content == f"renamed to Kai on {board.id}"
