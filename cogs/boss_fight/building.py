"""/bf new, join, add, remove, deck, build, map, place and start: the lobby commands, and the lobby's
Join buttons (a press shows a private menu of presets). Lobby changes edit the lobby message and
answer the player with one private line; placing posts the board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.i18n import channel, reader
from bot.play import Change, Post, Shown, StepButton, StepSelect, View, autocomplete, edit_stored
from bot.send import holding_response
from cogs.boss_fight import lobby
from cogs.boss_fight.game import (
    BOARD_FILE,
    KIT,
    BFGame,
    board_image,
    drawn_counts,
    logged,
    placing_hint,
    rng_of,
    setup_overlay,
    summarise,
    table_post,
)
from cogs.boss_fight.views import announce
from rules.boss_fight import GameSettings, table
from rules.boss_fight.building import CARD_SECTIONS, card_side
from rules.boss_fight.content import Side
from rules.boss_fight.placing import placement_tiles
from rules.boss_fight.state import DEFAULT_ROUND_LIMIT
from rules.boss_fight.table import catalog
from rules.errors import RuleError
from rules.i18n import N_, SOURCE, Message, Translator, _, translator

SIDES = [app_commands.Choice(name="boss", value="boss"), app_commands.Choice(name="hero", value="hero")]


def _matches(current: str, *names: str) -> bool:
    c = current.strip().lower()
    return not c or any(c in n.lower() for n in names)


def lobby_view(shown: Shown[BFGame], t: Translator | None = None) -> discord.ui.View | None:
    if shown.state.fight is not None:
        return None
    t = t or translator(SOURCE)
    return View(
        JoinButton(shown.id, 0, "boss", label=t("Join as the boss"), style=discord.ButtonStyle.danger),
        JoinButton(shown.id, 0, "hero", label=t("Join as a hero"), style=discord.ButtonStyle.primary),
    )


async def lobby_change(
    interaction: discord.Interaction,
    name: str,
    make: Callable[[BFGame], tuple[BFGame, Message | str]],
    *,
    game_id: int | None = None,
) -> None:
    """One lobby step: the lobby message shows it, and the player gets one private line."""
    said: list[Message | str] = []

    def change(game: BFGame) -> Change[BFGame]:
        new, line = make(game)
        said.append(line)
        return Change(new, summary=str(line)[:300], detail={"action": name})

    shown = await KIT.step(interaction, name, change, game_id=game_id)
    t = await channel(interaction)
    post = lobby.lobby_post(
        shown.state, game_id=shown.id, version=shown.version, latest=said[0], view=lobby_view(shown, t), t=t
    )
    edited = await edit_stored(interaction, shown.state.lobby_message, post)
    if edited:
        await Post(content=lobby.said(reader(interaction), said[0]), ephemeral=True).send(interaction)
    else:
        await post.send(interaction)


class JoinButton(StepButton, prefix="bf:join"):
    async def run(self, interaction: discord.Interaction) -> None:
        side = self.arg or "hero"
        cat = catalog()
        if side == "boss":
            found = [(f"{p.build.name} ({p.id})", p.id) for p in cat.boss_presets.values()]
        else:
            found = [(cat.heroes[p.build.hero].name + f" ({p.id})", p.id) for p in cat.hero_presets.values()]
        t = reader(interaction)
        menu = PresetSelect(
            self.game,
            0,
            side,
            options=found,
            placeholder=t("Pick a boss preset…") if side == "boss" else t("Pick a hero preset…"),
        )
        await Post(
            content=t("Join as the boss: pick a preset (or use `/bf join` to start from an empty build).")
            if side == "boss"
            else t("Join as a hero: pick a preset (or use `/bf join` to start from an empty build)."),
            view=View(menu),
            ephemeral=True,
        ).send(interaction)


class PresetSelect(StepSelect, prefix="bf:preset"):
    async def run(self, interaction: discord.Interaction) -> None:
        chosen = self.selected(interaction)
        side = self.arg or "hero"
        user = interaction.user.id
        await lobby_change(
            interaction,
            "join",
            lambda g: table.join(g, user, side, chosen[0] if chosen else None),
            game_id=self.game,
        )


class LobbyCommands:
    """The lobby half of the /bf group (mixed into the cog)."""

    @app_commands.command(name="new", description="Open a Boss Fight here, with a lobby to join")
    @app_commands.describe(
        points="Points limit per side (default: the content's recommendation)",
        map="The board (the boss player may change it)",
        defenders_choose="Defenders choose whether to roll for defence",
        rounds="Rounds before the fight ends on the health left (1-99; default 0: none, a side must fall)",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        points: app_commands.Range[int, 1, 5000] | None = None,
        map: str | None = None,
        defenders_choose: bool = False,
        rounds: app_commands.Range[int, 0, 99] = DEFAULT_ROUND_LIMIT or 0,
    ) -> None:
        cat = catalog()
        board = cat.get("maps", map) if map else next(iter(cat.maps.values()))
        async with holding_response(interaction):
            if not interaction.response.is_done():
                await interaction.response.defer(thinking=True)
        placeholder = await interaction.original_response()
        game = BFGame(
            host=interaction.user.id,
            points=points or cat.recommended_points,
            map_id=board.id,
            settings=GameSettings(defenders_choose=defenders_choose, round_limit=rounds or None),
            lobby_message=placeholder.id,
        )
        shown = await KIT.start(interaction, game, summary="opened a Boss Fight")
        t = await channel(interaction)
        await lobby.lobby_post(
            game,
            game_id=shown.id,
            version=shown.version,
            latest=t("Opened by {player}.", player=interaction.user.mention),
            view=lobby_view(shown, t),
            t=t,
        ).send(interaction)

    @app_commands.command(name="join", description="Play the boss, or add a hero (again for another hero)")
    @app_commands.describe(
        side="boss or hero (default: a boss preset's side, else the boss while nobody plays it, else a hero)",
        preset="A preset (a hero card also works for a hero)",
    )
    @app_commands.choices(side=SIDES)
    async def join(
        self, interaction: discord.Interaction, side: str | None = None, preset: str | None = None
    ) -> None:
        user = interaction.user.id
        await lobby_change(interaction, "join", lambda g: table.join(g, user, side, preset))

    @app_commands.command(
        name="add", description="Add a card to your build (a piece, equipment, ability or deck card)"
    )
    @app_commands.describe(
        card="The card",
        character="Whose build, if you play several",
        piece="Boss equipment: the piece it goes on",
    )
    async def add(
        self,
        interaction: discord.Interaction,
        card: str,
        character: str | None = None,
        piece: str | None = None,
    ) -> None:
        user = interaction.user.id
        await lobby_change(interaction, "add", lambda g: table.edit(g, user, character, card, piece=piece))

    @app_commands.command(
        name="remove", description="Take a card out of your build (one copy of a deck card)"
    )
    @app_commands.describe(card="The card", character="Whose build, if you play several")
    async def remove(self, interaction: discord.Interaction, card: str, character: str | None = None) -> None:
        user = interaction.user.id
        await lobby_change(interaction, "remove", lambda g: table.edit(g, user, character, card, remove=True))

    @app_commands.command(name="deck", description="Take a preset's deck, or show your deck")
    @app_commands.describe(
        preset="The preset whose deck to take (leave out to see the deck)",
        character="Whose deck, if you play several",
    )
    async def deck(
        self, interaction: discord.Interaction, preset: str | None = None, character: str | None = None
    ) -> None:
        user = interaction.user.id
        if preset:
            await lobby_change(interaction, "deck", lambda g: table.set_deck(g, user, character, preset))
            return
        await self._show_build(interaction, character)

    @app_commands.command(name="build", description="Show a whole build: cards, points, slots and deck")
    @app_commands.describe(character="Whose build (default: yours)")
    async def build(self, interaction: discord.Interaction, character: str | None = None) -> None:
        await self._show_build(interaction, character)

    async def _show_build(self, interaction: discord.Interaction, character: str | None) -> None:
        game = (await KIT.load(interaction)).state
        try:
            index, build, name = table.my_build(game, interaction.user.id, character)
        except RuleError:
            if not character:
                raise
            index, build, name = _anyone(game, character)
        text = table.build_text(game, index, build, reader(interaction))
        await Post(content=f"**{name}**\n{text}", ephemeral=True).send(interaction)

    @app_commands.command(name="map", description="Choose the board (the boss player, before placing)")
    @app_commands.describe(name="The board")
    async def map(self, interaction: discord.Interaction, name: str) -> None:
        user = interaction.user.id
        await lobby_change(interaction, "map", lambda g: table.set_map(g, user, name))
        game = await KIT.load(interaction)
        t = await channel(interaction)
        embed = discord.Embed(
            title=t("Boss Fight #{id}: the map", id=game.id), description=placing_hint(game.state, t),
            colour=lobby.COLOUR,
        )
        embed.set_image(url=f"attachment://{BOARD_FILE}")
        board = table.setup_board(game.state)
        image = board_image(board, setup_overlay(game.state), t=t)
        await Post(embeds=[embed], images=[image]).send(interaction)

    @app_commands.command(name="place", description="Place your piece: the boss first, then each hero")
    @app_commands.describe(tile="A tile label such as C4", rotation="The boss's rotation, 0-5")
    async def place(
        self, interaction: discord.Interaction, tile: str, rotation: app_commands.Range[int, 0, 5] = 0
    ) -> None:
        user, rng = interaction.user.id, rng_of(interaction)
        said: list[list[Message]] = []

        def change(game: BFGame) -> Change[BFGame]:
            new, lines = table.place(game, user, tile, rotation, rng)
            said.append(lines)
            drawn = drawn_counts(game.fight, new.fight) if game.fight and new.fight else {}
            detail = {"action": "place", "log": logged(lines), "drawn": drawn}
            return Change(new, summary=summarise(lines), detail=detail)

        shown = await KIT.step(interaction, "place", change)
        if shown.before is not None and shown.before.fight is None:
            await edit_stored(
                interaction,
                shown.state.lobby_message,
                lobby.lobby_post(
                    shown.state,
                    game_id=shown.id,
                    version=shown.version,
                    latest=_("Placing has begun."),
                    t=await channel(interaction),
                ),
            )
        t = await channel(interaction)
        await table_post(
            shown.state,
            game_id=shown.id,
            version=shown.version,
            title=t("Placing the pieces"),
            lines=said[0],
            t=t,
        ).send(interaction)

    @app_commands.command(name="start", description="Start the fight once every piece is placed")
    async def start(self, interaction: discord.Interaction) -> None:
        user, rng = interaction.user.id, rng_of(interaction)

        def change(game: BFGame) -> Change[BFGame]:
            new, lines = table.start(game, user, rng)
            drawn = drawn_counts(game.fight, new.fight) if game.fight and new.fight else {}
            detail = {"action": "begin", "log": logged(lines), "drawn": drawn}
            return Change(new, summary="started the fight", detail=detail, result=(lines, []))

        # Not "start": the game store keeps that event name for opening a game and never undoes it.
        shown = await KIT.step(interaction, "begin", change)
        await announce(interaction, shown, title=N_("The fight begins"))

    # -- autocomplete ------------------------------------------------------------------------

    @join.autocomplete("preset")
    @deck.autocomplete("preset")
    @autocomplete
    async def _presets(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        cat = catalog()
        side = getattr(interaction.namespace, "side", None)
        out: list[tuple[str, str]] = []
        if side != "hero":
            out += [
                (f"boss: {p.build.name}", p.id)
                for p in cat.boss_presets.values()
                if _matches(current, p.id, p.build.name)
            ]
        if side != "boss":
            out += [
                (f"hero: {cat.heroes[p.build.hero].name} ({p.id})", p.id)
                for p in cat.hero_presets.values()
                if _matches(current, p.id, cat.heroes[p.build.hero].name)
            ]
            if side == "hero":
                out += [
                    (f"hero card: {h.name} (empty build)", f"{table.HERO_CARD_PREFIX}{h.id}")
                    for h in cat.heroes.values()
                    if _matches(current, h.id, h.name)
                ]
        return out

    @add.autocomplete("card")
    @remove.autocomplete("card")
    @autocomplete
    async def _cards(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        game = await KIT.find(interaction)
        side = table.side_of(game.state, interaction.user.id) if game is not None else None
        return card_choices(current, side={"boss": Side.BOSS, "heroes": Side.HERO}.get(side or ""))

    @place.autocomplete("tile")
    @autocomplete
    async def _place_tiles(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        game = await KIT.find(interaction)
        if game is None:
            return []
        rotation = getattr(interaction.namespace, "rotation", None)
        return place_choices(game.state, interaction.user.id, current, rotation, t=reader(interaction))

    @map.autocomplete("name")
    @new.autocomplete("map")
    @autocomplete
    async def _maps(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        return [
            (f"{m.name} ({m.width}×{m.height})", m.id)
            for m in catalog().maps.values()
            if _matches(current, m.id, m.name)
        ]


def place_choices(
    game: BFGame, user: int, current: str, rotation: int | None = None, t: Translator | None = None
) -> list[tuple[str, str]]:
    """The tiles this player's piece may go on now (the boss: anchors for ``rotation``, default 0),
    those starting with what is typed first, then those containing it."""
    refused = table.placing_refused(game)
    if refused:
        # One entry that says why, rather than tiles `/bf place` would refuse (picking it gets
        # the same refusal).
        return [((t or translator(SOURCE))(refused).replace("`", ""), current.strip() or "-")]
    fight = game.fight if game.fight is not None else table.setup_board(game)
    placer = fight.current
    if placer is None:
        return []
    if placer.controller not in (None, str(user)) or (game.fight is None and game.boss_player != user):
        return [(f"Not your piece: {placer.name} is placed next, by its player.", current.strip() or "-")]
    rotation = int(rotation) if rotation is not None else 0
    tiles = placement_tiles(fight, placer.id, rotation)
    typed = current.strip().upper()
    boss = placer.id == fight.boss.id
    out = []
    for h in tiles:
        label = h.label()
        if typed and typed not in label:
            continue
        gap = 0
        if boss:
            name = f"{label} ({placer.name} at rotation {rotation})"
        else:
            gap = min(h.distance(t) for t in fight.boss.tiles()) if fight.boss.tiles() else 0
            name = f"{label} ({gap} tiles from the boss)"
        out.append(((not label.startswith(typed), 0 if typed else gap), name, label))
    # Typed: the tiles starting with it first, in board order. Not typed: a hero's nearest-to-the-boss
    # tiles first (where a fight starts), a boss's in board order.
    return [(name, label) for _unused, name, label in sorted(out, key=lambda x: x[0])]


def card_choices(current: str, *, side: Side | None = None) -> list[tuple[str, str]]:
    """Cards matching ``current``; with ``side``, the ones that side can add first (no hero cards:
    those are chosen by joining) and the other side's after them, marked."""
    cat = catalog()
    mine, theirs = [], []
    for section in CARD_SECTIONS:
        if side is not None and section == "heroes":
            continue
        for spec in getattr(cat, section).values():
            if not _matches(current, spec.id, spec.name):
                continue
            owner = card_side(section, spec)
            label = f"{spec.name} ({section}, {getattr(spec, 'points', 0)} pts)"
            if side is None or owner in (None, side):
                mine.append((label, spec.id))
            else:
                theirs.append((f"{label}: {owner.value if owner else '?'} only", spec.id))
    return mine + theirs


def _anyone(game: BFGame, character: str) -> tuple[int | None, Any, str]:
    """Any player's build by name (builds are public)."""
    wanted = character.strip().lower()
    if game.boss is not None and wanted in (game.boss.name.lower(), "boss"):
        return None, game.boss, game.boss.name
    for i, seat in enumerate(game.heroes):
        if table.hero_name(seat).lower() == wanted:
            return i, seat.build, table.hero_name(seat)
    raise RuleError(_("Nobody in this game is called {name}.", name=repr(character.strip()[:40])))


LOBBY_ITEMS: tuple[type, ...] = (JoinButton, PresetSelect)
