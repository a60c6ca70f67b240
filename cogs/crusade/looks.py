"""``/crusade`` commands that only look: an Order of Battle, a unit's card, the standings, the
campaign's story and the export. Mixed into the ``/crusade`` group by :mod:`cogs.crusade.commands`."""

from __future__ import annotations

import io
from typing import Literal

import discord
from discord import app_commands

from bot.cards import Card
from bot.i18n import channel
from bot.links import web_page
from bot.play import Change, autocomplete, is_manager, send
from bot.text import public
from cogs.crusade.game import (
    COLOUR,
    KIT,
    CrusadeGame,
    card,
    export_csv,
    export_json,
    lines,
    own_units,
    show_force,
    standings_text,
    unit_line,
)
from rules.crusade import engine


def _page_button(url: str | None, name: str) -> discord.ui.View | None:
    """The campaign's web page as a link button labelled with its name (a label shows no
    markdown and pings nobody), when the pages are served."""
    if url is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=name[:80], url=url, emoji="🌐"))
    return view


class LookCommands:
    """/crusade show, unit, standings, log and export."""

    @app_commands.command(name="show", description="An Order of Battle, as a picture and as text")
    @app_commands.describe(player="Whose (yours if left out)")
    async def show(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        game = await KIT.load(interaction)
        force = engine.require_force(game.state.campaign, (player or interaction.user).id)
        await show_force(force, t=await channel(interaction)).send(interaction)

    @app_commands.command(name="unit", description="One unit's Crusade card")
    @app_commands.describe(name="The unit", player="Whose (yours if left out)")
    async def unit(
        self, interaction: discord.Interaction, name: str, player: discord.User | None = None
    ) -> None:
        game = await KIT.load(interaction)
        force = engine.require_force(game.state.campaign, (player or interaction.user).id)
        unit = engine.find_unit(force, name)
        t = await channel(interaction)
        none = "—"
        fields = [
            (t("Battle Honours"), "\n".join(public(h.name, 60) for h in unit.honours) or none),
            (t("Battle Scars"), "\n".join(public(s, 60) for s in unit.scars) or none),
        ]
        text = unit_line(unit, t) + "\n"
        text += t(
            "Battles {battles} · Wins {wins} · Units destroyed {kills}",
            battles=unit.battles,
            wins=unit.wins,
            kills=unit.kills,
        )
        if unit.xp_cap is not None and unit.gains_xp:
            text += "\n" + t("XP stops at {cap} (not a CHARACTER).", cap=unit.xp_cap)
        if not unit.gains_xp:
            text += "\n" + t("Gains no XP (Epic Hero, Fortification, Swarm or summoned).")
        await card(public(unit.name, 80), text, fields=fields).send(interaction)

    @unit.autocomplete("name")
    @autocomplete
    async def unit_names(self, interaction: discord.Interaction, current: str):
        return await own_units(interaction, current)

    @app_commands.command(name="standings", description="The campaign's standings")
    @app_commands.describe(order="Organiser: sort by this from now on")
    async def standings(
        self, interaction: discord.Interaction, order: Literal["victories", "battles", "points"] | None = None
    ) -> None:
        t = await channel(interaction)
        if order is None:
            game = await KIT.load(interaction)
            await card(
                t("{campaign}: standings", campaign=public(game.state.campaign.name, 80)),
                standings_text(game.state.campaign, t=t),
                view=_page_button(await web_page(interaction.client, game.id, "c"), game.state.campaign.name),
            ).send(interaction)
            return
        organiser = is_manager(interaction)

        def change(state: CrusadeGame) -> Change[CrusadeGame]:
            c = engine.set_order(state.campaign, order, actor_id=interaction.user.id, organiser=organiser)
            return Change(state.model_copy(update={"campaign": c}), summary=f"standings by {order}")

        await KIT.play(
            interaction,
            "order",
            change,
            lambda s: card(
                t("{campaign}: standings", campaign=public(s.state.campaign.name, 80)),
                standings_text(s.state.campaign, t=t),
            ),
        )

    @app_commands.command(name="log", description="The campaign's story: battles, deeds, ranks and scars")
    async def log(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction)
        t = await channel(interaction)
        said = game.state.campaign.log[-30:]
        await card(
            t("{campaign}: the story so far", campaign=public(game.state.campaign.name, 80)),
            lines(t, said) or t("Nothing yet."),
        ).send(interaction)

    @app_commands.command(name="export", description="An Order of Battle as JSON and CSV files")
    @app_commands.describe(player="Whose (yours if left out)")
    async def export(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        game = await KIT.load(interaction)
        force = engine.require_force(game.state.campaign, (player or interaction.user).id)
        t = await channel(interaction)
        files = [
            discord.File(io.BytesIO(export_json(force)), filename="order_of_battle.json"),
            discord.File(io.BytesIO(export_csv(force)), filename="order_of_battle.csv"),
        ]
        await send(
            interaction,
            card=Card(
                title=t("{force}: Order of Battle as JSON and CSV.", force=public(force.name, 80)),
                colour=COLOUR,
            ),
            files=files,
        )
