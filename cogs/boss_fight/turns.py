"""/bf hand, play, sacrifice, ability and feat: acting on a turn (mixed into the cog).

``/bf hand`` answers privately with the hand and a button per card; ``/bf play`` does the same in
one command for players who type: the card, and a target (a character) or a tile.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import reader
from bot.play import autocomplete
from cogs.boss_fight.game import KIT, BFGame
from cogs.boss_fight.views import hand_post, perform, preview_post
from rules.boss_fight import (
    Action,
    Attack,
    HeroicFeat,
    Move,
    Sacrifice,
    UseAbility,
    UseItem,
    legal_actions,
    parse_tile,
)
from rules.boss_fight import GameState as FightState
from rules.boss_fight.table import check_actor, controller, mention, whose_turn
from rules.errors import RuleError, quote
from rules.i18n import _


def _card_in_hand(fight: FightState, card: str) -> str:
    c = fight.current
    assert c is not None
    wanted = card.strip().lower()
    for cid in c.piles.hand:
        if wanted in (cid, fight.cards[cid].name.lower()):
            return cid
    raise RuleError(
        _("{name} has no {card} in hand: see `/bf hand`.", name=c.name, card=repr(quote(card, 40)))
    )


def _tiles_of(fight: FightState, target: str | None, tile: str | None) -> set | None:
    if tile:
        return {parse_tile(fight, tile)}
    if target:
        return set(fight.character(target).tiles())
    return None


def _spot(action: Action) -> object:
    return getattr(action, "to", None) or getattr(action, "target", None)


def _pick(fight: FightState, found: list[Action], tiles: set | None, what: str, need: object) -> Action:
    """The one legal action aimed at ``tiles`` (or the only aim there is)."""
    if tiles is not None:
        found = [a for a in found if _spot(a) in tiles]
    if not found:
        raise RuleError(_("{what} cannot be played that way now: {need}", what=what, need=need))
    if tiles is None and len({_spot(a) for a in found}) > 1:
        raise RuleError(_("{what} needs {need}", what=what, need=need))
    c = fight.current
    rotation = c.rotation if c else 0
    found.sort(key=lambda a: getattr(a, "rotation", None) not in (None, rotation))
    return found[0]


def typed_action(
    fight: FightState, card: str, target: str | None, tile: str | None, equipment: str | None = None
) -> Action:
    """The legal action a typed ``/bf play`` names."""
    cid = _card_in_hand(fight, card)
    name = fight.cards[cid].name
    tiles = _tiles_of(fight, target, tile)
    legal = legal_actions(fight)
    moves = [a for a in legal if isinstance(a, Move) and a.card == cid]
    if moves:
        if tile is None:
            raise RuleError(_("{name} is a move: add `tile:` (the tile to end on).", name=name))
        return _pick(
            fight, moves, tiles, name, _("that tile is out of reach (see `/bf board overlay:moves`).")
        )
    attacks = [a for a in legal if isinstance(a, Attack) and a.card == cid]
    if equipment:
        attacks = [
            a
            for a in attacks
            if equipment.strip().lower()
            in (
                a.equipment,
                next((e.name.lower() for e in fight.current.equipment if e.id == a.equipment), ""),
            )
        ]
    if attacks:
        return _pick(fight, attacks, tiles, name, _("add `target:` (an enemy in range and sight)."))
    items = [a for a in legal if isinstance(a, UseItem) and a.card == cid]
    if items:
        return _pick(fight, items, tiles, name, _("add `target:` or `tile:`."))
    kind = fight.cards[cid].type.value
    raise RuleError(
        _(
            "{name} ({kind}) has no legal use now; `/bf sacrifice card:{name}` discards it for an "
            "action instead.",
            name=name,
            kind=kind,
        )
    )


async def _play_or_preview(
    interaction: discord.Interaction,
    game_id: int,
    version: int,
    fight: FightState,
    action: Action,
    at_once: bool,
    *,
    name: str,
) -> None:
    """A typed action: like the /bf hand flow, a private preview (reach, sight, damage) and Confirm,
    so a typo in a target or tile costs nothing; ``at_once`` skips it for players who are sure."""
    if at_once:
        await perform(interaction, action, name=name)
    else:
        await preview_post(fight, game_id, version, action, t=reader(interaction)).send(interaction)


class TurnCommands:
    """The turn half of the /bf group (mixed into the cog)."""

    @app_commands.command(
        name="hand", description="Your character's hand, only for you, with a button per card"
    )
    @app_commands.describe(character="Which character, if you play several (default: the one acting)")
    async def hand(self, interaction: discord.Interaction, character: str | None = None) -> None:
        game = await KIT.load(interaction)
        state: BFGame = game.state
        fight = state.fight
        if fight is None or fight.phase.value == "setup":
            raise RuleError(
                _("The hands are dealt when the fight starts: `/bf place` every piece, then `/bf start`.")
            )
        user = interaction.user.id
        mine = [c for c in fight.characters if controller(state, c.id) == user]
        if not mine:
            raise RuleError(_("You play no character in this fight; it is {turn}.", turn=whose_turn(state)))
        if character:
            chosen = fight.character(character)
            if chosen not in mine:
                raise RuleError(
                    _(
                        "{name}'s hand is private to {player}.",
                        name=chosen.name,
                        player=mention(controller(state, chosen.id)),
                    )
                )
        else:
            chosen = next(
                (c for c in mine if fight.current is not None and c.id == fight.current.id), mine[0]
            )
        await hand_post(state, game.id, game.version, chosen.id, reader(interaction)).send(interaction)

    @app_commands.command(name="play", description="Play a card from your hand in one command")
    @app_commands.describe(
        card="The card",
        target="An enemy or ally (attacks and items)",
        tile="A tile (moves, items aimed at a tile)",
        equipment="Attacks: the equipment to use",
        at_once="Play it at once, without the private preview and its Confirm button",
    )
    async def play(
        self,
        interaction: discord.Interaction,
        card: str,
        target: str | None = None,
        tile: str | None = None,
        equipment: str | None = None,
        at_once: bool = False,
    ) -> None:
        game = await KIT.load(interaction)
        fight = check_actor(game.state, interaction.user.id)
        action = typed_action(fight, card, target, tile, equipment)
        await _play_or_preview(interaction, game.id, game.version, fight, action, at_once, name=action.kind)

    @app_commands.command(name="sacrifice", description="Use an action to discard a card from your hand")
    @app_commands.describe(card="The card to discard")
    async def sacrifice(self, interaction: discord.Interaction, card: str) -> None:
        game = await KIT.load(interaction)
        fight = check_actor(game.state, interaction.user.id)
        await perform(interaction, Sacrifice(card=_card_in_hand(fight, card)), name="sacrifice")

    @app_commands.command(name="ability", description="Use a usable ability")
    @app_commands.describe(
        name="The ability",
        target="A character",
        tile="A tile",
        sacrifice="A card from your hand, for an ability that takes an action",
        at_once="Use it at once, without the private preview and its Confirm button",
    )
    async def ability(
        self,
        interaction: discord.Interaction,
        name: str,
        target: str | None = None,
        tile: str | None = None,
        sacrifice: str | None = None,
        at_once: bool = False,
    ) -> None:
        game = await KIT.load(interaction)
        fight = check_actor(game.state, interaction.user.id)
        c = fight.current
        assert c is not None
        ab = next((a for a in c.abilities if name.strip().lower() in (a.id, a.name.lower())), None)
        if ab is None:
            raise RuleError(
                _(
                    "{name} has no ability called {typed}: {abilities}.",
                    name=c.name,
                    typed=repr(quote(name, 40)),
                    abilities=", ".join(a.name for a in c.abilities) or _("it has none"),
                )
            )
        found: list[Action] = [
            a for a in legal_actions(fight) if isinstance(a, UseAbility) and a.ability == ab.id
        ]
        if sacrifice:
            sid = _card_in_hand(fight, sacrifice)
            found = [a for a in found if a.sacrifice == sid]  # type: ignore[union-attr]
        action = _pick(
            fight,
            found,
            _tiles_of(fight, target, tile),
            ab.name,
            _("a target or tile in range (and a card to sacrifice if it takes an action)."),
        )
        await _play_or_preview(interaction, game.id, game.version, fight, action, at_once, name="ability")

    @app_commands.command(name="feat", description="Use your hero's heroic feat (not an action)")
    @app_commands.describe(
        target="A character",
        tile="A tile",
        at_once="Use it at once, without the private preview and its Confirm button",
    )
    async def feat(
        self,
        interaction: discord.Interaction,
        target: str | None = None,
        tile: str | None = None,
        at_once: bool = False,
    ) -> None:
        game = await KIT.load(interaction)
        fight = check_actor(game.state, interaction.user.id)
        found: list[Action] = [a for a in legal_actions(fight) if isinstance(a, HeroicFeat)]
        c = fight.current
        what = c.feat.name if c and c.feat else _("A heroic feat")
        action = _pick(
            fight,
            found,
            _tiles_of(fight, target, tile),
            what,
            _(
                "enough cards in the discard pile ({cost}) and a target in range.",
                cost=c.feat_cost if c else "?",
            ),
        )
        await _play_or_preview(interaction, game.id, game.version, fight, action, at_once, name="feat")

    # -- autocomplete: only the asker's own hand ---------------------------------------------------

    @play.autocomplete("card")
    @sacrifice.autocomplete("card")
    @autocomplete
    async def _hand_cards(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        fight = await _my_turn(interaction)
        if fight is None:
            return []
        return hand_choices(fight, current)

    @play.autocomplete("target")
    @autocomplete
    async def _play_targets(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        fight = await _my_turn(interaction)
        card = getattr(interaction.namespace, "card", None)
        if fight is None or not card:
            return await _living(interaction, current)
        return target_choices(fight, card, current)

    @play.autocomplete("tile")
    @autocomplete
    async def _play_tiles(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        fight = await _my_turn(interaction)
        card = getattr(interaction.namespace, "card", None)
        if fight is None or not card:
            return []
        return tile_choices(fight, card, current)

    @ability.autocomplete("target")
    @feat.autocomplete("target")
    @autocomplete
    async def _characters(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        return await _living(interaction, current)


async def _living(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
    game = await KIT.find(interaction)
    if game is None or game.state.fight is None:
        return []
    return [
        (f"{c.name} ({', '.join(h.label() for h in c.tiles()[:1])})", c.name)
        for c in game.state.fight.characters
        if c.alive and current.lower() in c.name.lower()
    ]


async def _my_turn(interaction: discord.Interaction) -> FightState | None:
    """The fight when the asker plays the character to act (autocomplete lists only their hand)."""
    game = await KIT.find(interaction)
    if game is None or game.state.fight is None or game.state.fight.current is None:
        return None
    fight = game.state.fight
    if controller(game.state, fight.current.id) != interaction.user.id:
        return None
    return fight


def _card_actions(fight: FightState, card: str) -> list[Action]:
    """The legal plays of one card of the hand (by id or name); none when it is not in the hand."""
    try:
        cid = _card_in_hand(fight, card)
    except RuleError:
        return []
    return [a for a in legal_actions(fight) if isinstance(a, Move | Attack | UseItem) and a.card == cid]


def hand_choices(fight: FightState, current: str) -> list[tuple[str, str]]:
    """The hand for ``/bf play card:``: the cards with a legal play now first, the others marked."""
    c = fight.current
    assert c is not None
    playable = {a.card for a in legal_actions(fight) if isinstance(a, Move | Attack | UseItem)}
    names = sorted({fight.cards[x].name: x for x in c.piles.hand}.items())
    found = [(n, x) for n, x in names if current.lower() in n.lower()]
    now = [(n, x) for n, x in found if x in playable]
    later = [(f"{n} (no legal play now: sacrifice only)", x) for n, x in found if x not in playable]
    return now + later


def target_choices(fight: FightState, card: str, current: str) -> list[tuple[str, str]]:
    """The characters ``card`` can be aimed at now (an attack: with the damage to expect)."""
    from rules.boss_fight import preview_attack

    c = fight.current
    assert c is not None
    best: dict[str, tuple[float, str]] = {}
    for a in _card_actions(fight, card):
        tile = getattr(a, "target", None)
        who = fight.occupant(tile) if tile is not None else None
        if who is None or current.lower() not in who.name.lower():
            continue
        expected = 0.0
        label = f"{who.name} ({tile.label()})"
        if isinstance(a, Attack):
            try:
                found = preview_attack(fight, c.id, a.card, a.equipment, tile)
            except RuleError:
                continue
            expected = sum(p.expected for p in found if p.defender == who.name)
            label += f" · ~{expected:.1f} damage"
        if who.name not in best or expected > best[who.name][0]:
            best[who.name] = (expected, label)
    return [(label, name) for name, (_, label) in sorted(best.items(), key=lambda kv: -kv[1][0])]


def tile_choices(fight: FightState, card: str, current: str) -> list[tuple[str, str]]:
    """The tiles ``card`` can go to (a move) or be aimed at (an attack or item) now, nearest first."""
    c = fight.current
    assert c is not None
    here = c.tiles()
    typed = current.strip().upper()
    seen: dict[str, int] = {}
    for a in _card_actions(fight, card):
        tile = getattr(a, "to", None) or getattr(a, "target", None)
        if tile is None:
            continue
        label = tile.label()
        if typed and typed not in label:
            continue
        seen[label] = min(h.distance(tile) for h in here) if here else 0
    ordered = sorted(seen.items(), key=lambda kv: (not kv[0].startswith(typed), kv[1], kv[0]))
    out = []
    for label, gap in ordered:
        who = fight.occupant(parse_tile(fight, label))
        extra = f", {who.name}" if who is not None and who.id != c.id else ""
        out.append((f"{label} ({gap} away{extra})", label))
    return out
