"""Issue 40: a text too long for one card goes on in more, titled "(continued)" in its reader's
language: the cog's translator when it passes one, else the reader's by the rule of docs/i18n.md
(a private answer: the player's client; a public one: the channel's)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cards import Card, layout
from bot.offline import OfflineDriver, walk_components
from bot.send import send
from rules.i18n import force_offer, translator

LONG = "\n".join(f"line {i} " + "x" * 60 for i in range(120))  # about 8,000 characters


class LongLog(commands.Cog):
    @app_commands.command(name="longlog")
    async def longlog(
        self, interaction: discord.Interaction, private: bool = False, spanish: bool = False
    ) -> None:
        t = translator("es") if spanish else None  # a cog that knows its reader's language says it
        await send(interaction, card=Card(title="Log", text=LONG), ephemeral=private, t=t)


def _titles(reply) -> list[str | None]:
    return [m.card.title if m.card else None for m in reply.messages]


async def test_a_public_long_text_goes_on_in_cards_titled_in_the_channels_language(
    driver: OfflineDriver,
) -> None:
    await driver.bot.add_cog(LongLog())
    with force_offer("es"):
        english = await driver.command("/longlog")
        assert _titles(english)[:2] == ["Log", "Log (continued)"]
        driver.guild_locale = "es-ES"  # a server whose language is Spanish
        spanish = await driver.command("/longlog")
        assert _titles(spanish)[:2] == ["Log", "Log (continuación)"]
        assert "line 119 " in "\n".join(m.text for m in spanish.messages)


async def test_a_private_long_text_is_continued_in_its_readers_language(driver: OfflineDriver) -> None:
    await driver.bot.add_cog(LongLog())
    with force_offer("es"):
        driver.guild_locale = "es-ES"
        mine = await driver.command("/longlog private:True")  # an English client in a Spanish server
        assert all(m.ephemeral for m in mine.messages)
        assert _titles(mine)[1] == "Log (continued)"
        sofia = driver.user("sofia", locale="es-ES")
        driver.guild_locale = "en-US"
        hers = await driver.command("/longlog private:True", user=sofia)
        assert _titles(hers)[1] == "Log (continuación)"
        # The cog's own translator wins (a tournament's language, say).
        told = await driver.command("/longlog spanish:True")
        assert _titles(told)[1] == "Log (continuación)"


def test_layout_titles_further_cards_with_the_translator_it_is_given() -> None:
    with force_offer("es"):
        views = layout([Card(title="Registro", text=LONG)], t=translator("es"))
    assert len(views) >= 2
    heads = [c.get("content") for c in walk_components(views[1].to_components()) if c.get("type") == 10]
    assert heads[0] == "## Registro (continuación)"
    (english,) = layout([Card(title="Log", text="short")])  # one card: no translator needed
    assert "continued" not in str(english.to_components())


class ManyFields(commands.Cog):
    @app_commands.command(name="manyfields")
    async def manyfields(self, interaction: discord.Interaction) -> None:
        # 3,601 characters as said, past 4,000 as shown (each field's name is bold on its own line).
        card = Card(title="Log")
        for i in range(100):
            card.add_field(name="a", value=f"{i:03d} " + "y" * 31)
        await send(interaction, card=card, ephemeral=True)


async def test_a_text_long_only_as_laid_out_is_continued_in_its_readers_language(
    driver: OfflineDriver,
) -> None:
    await driver.bot.add_cog(ManyFields())
    with force_offer("es"):
        sofia = driver.user("sofia", locale="es-ES")
        hers = await driver.command("/manyfields", user=sofia)
        assert len(hers.messages) >= 2
        assert _titles(hers)[1] == "Log (continuación)"


def test_many_fields_merged_to_fit_the_count_stay_within_the_text_limit() -> None:
    # Past 40 components the fields are merged into one text display, a blank line between two:
    # those joins count towards the 4,000 characters too.
    from bot.cards import MAX_CARD_TEXT, text_length

    for fields, size in ((100, 31), (100, 30), (60, 60), (45, 80)):
        card = Card(title="Log")
        for i in range(fields):
            card.add_field(name="a", value=f"{i:03d} " + "y" * size)
        views = layout([card])
        assert all(text_length(v) <= MAX_CARD_TEXT for v in views), (fields, size)
        shown = "\n".join(str(v.to_components()) for v in views)
        assert f"{fields - 1:03d} " in shown, "nothing is lost"
