"""Turn views: the private hand with a button per card, the card flow (what it needs, a preview, then
Confirm), the defender's choice and the undo confirmation. Every component is persistent: its
custom id carries the game and the step it was made for (``bf:<what>:<game>:<step>[:<arg>]``),
so a press after a restart still works and a press on an old message gets "moved on".
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from typing import Any

import discord

from bot.games import MovedOn
from bot.i18n import channel, reader
from bot.play import Post, Shown, StepButton, StepSelect, View
from cogs.boss_fight.game import KIT, BFGame, act, decode, encode, rng_of, run_actions, table_post
from cogs.boss_fight.preview import preview, same_reach_note
from cogs.boss_fight.quick import quick_plays
from rules.boss_fight import (
    Action,
    Attack,
    HeroicFeat,
    Move,
    Sacrifice,
    SetDefence,
    UseAbility,
    UseItem,
    legal_actions,
)
from rules.boss_fight import GameState as FightState
from rules.boss_fight.narration import hand_lines
from rules.boss_fight.table import check_actor, controller, mention
from rules.boss_fight.views import piece_poses
from rules.errors import RuleError
from rules.i18n import SOURCE, Translator, _, translator

MAX_OPTIONS = 25
MAX_BUTTONS = 25


# -- after an action -------------------------------------------------------------------------------


async def schedule_nudge(interaction: discord.Interaction, shown: Shown[BFGame]) -> None:
    """(Re)arm the idle reminder for whoever acts next (none when the setting is 0 or the game is over)."""
    client: Any = interaction.client
    hours = getattr(client.settings, "boss_fight_nudge_hours", 0) if hasattr(client, "settings") else 0
    key = f"bf:nudge:{shown.id}"
    fight = shown.state.fight
    if not hours or fight is None or fight.is_over() or fight.current is None or shown.state.conceded:
        await client.scheduler.cancel(key)
        return
    user = controller(shown.state, fight.current.id)
    payload = {"channel": interaction.channel_id, "game": shown.id, "version": shown.version, "user": user}
    await client.scheduler.schedule("bf:nudge", in_=timedelta(hours=hours), payload=payload, key=key)


def defence_view(shown: Shown[BFGame], t: Translator | None = None) -> discord.ui.View | None:
    """The defenders' roll / don't roll buttons, in the channel's language (``t``)."""
    t = t or translator(SOURCE)
    pending = shown.state.pending
    if pending is None or shown.state.fight is None:
        return None
    items = []
    for cid in pending.waiting[:12]:
        name = shown.state.fight.character(cid).name
        items.append(DefenceButton(shown.id, shown.version, f"{cid}|1", label=t("{name}: roll", name=name)))
        dont = t("{name}: don't roll", name=name)
        items.append(DefenceButton(shown.id, shown.version, f"{cid}|0", label=dont))
    return View(*items)


async def announce(
    interaction: discord.Interaction, shown: Shown[BFGame], *, title: str | None = None
) -> None:
    """The ONE public message after an action: what happened, the dice, the board, who is next."""
    fight = shown.state.fight
    assert fight is not None
    lines, _rolls = shown.result if shown.result else ([], [])
    before = shown.before.fight if shown.before is not None else None
    actor = before.current.name if before is not None and before.current is not None else "?"
    t = await channel(interaction)
    if shown.state.pending is not None and not lines:
        lines = [t("{actor} attacks; the defenders choose whether to roll.", actor=actor)]
    post = table_post(
        shown.state,
        game_id=shown.id,
        version=shown.version,
        title=t(title) if title else t("Round {round} · {actor}", round=fight.round, actor=actor),
        lines=lines,
        view=defence_view(shown, t),
        t=t,
    )
    await post.send(interaction)
    await schedule_nudge(interaction, shown)


async def perform(
    interaction: discord.Interaction,
    action: Action,
    *,
    name: str,
    game_id: int | None = None,
    version: int | None = None,
) -> None:
    """Apply one turn action for the player pressing or typing, and announce it."""
    change = act(interaction.user.id, action, rng_of(interaction), name=name)
    shown = await KIT.step(interaction, name, change, game_id=game_id, version=version)
    await announce(interaction, shown)


# -- options for a card, an ability or the feat ------------------------------------------------------


def _label(fight: FightState, action: Action, t: Translator | None = None) -> str:
    """An option of the where/whom menu in ``t``'s language (the player's)."""
    t = t or translator(SOURCE)

    def at(tile: Any) -> str:
        if tile is None:
            return t("on itself")
        who = fight.occupant(tile)
        return t("{name} at {tile}", name=who.name, tile=tile.label()) if who else tile.label()

    if isinstance(action, Move):
        me = fight.current
        turned = me is not None and action.rotation not in (None, me.rotation)
        if action.pivot is not None and action.pivot != action.to:
            if turned:
                return t("{pivot} moves to {tile}, turning to rotation {rotation}",
                         pivot=action.pivot.label(), tile=action.to.label(), rotation=action.rotation)
            return t("{pivot} moves to {tile}", pivot=action.pivot.label(), tile=action.to.label())
        if turned:
            return t("to {tile}, turning to rotation {rotation}", tile=action.to.label(),
                     rotation=action.rotation)
        return t("to {tile}", tile=action.to.label())
    if isinstance(action, Attack):
        assert fight.current is not None
        eq = next((e.name for e in fight.current.equipment if e.id == action.equipment), action.equipment)
        return f"{eq} → {at(action.target)}"
    if isinstance(action, UseItem):
        return at(action.target)
    if isinstance(action, UseAbility):
        if action.sacrifice:
            return t("{target}, sacrificing {card}", target=at(action.target),
                     card=fight.cards[action.sacrifice].name)
        return at(action.target)
    if isinstance(action, HeroicFeat):
        return at(action.target)
    return t("do it")


def _plays(action: Action, kind: str, key: str) -> bool:
    if kind == "c":
        return isinstance(action, Attack | UseItem) and action.card == key
    if kind == "a":
        return isinstance(action, UseAbility) and action.ability == key
    return kind == "f" and isinstance(action, HeroicFeat)


def options(fight: FightState, what: str, t: Translator | None = None) -> list[tuple[str, str]]:
    """``(label, code)`` for every legal way to play ``what``: ``c.<card>``, ``a.<ability>`` or ``f``."""
    kind, _dot, key = what.partition(".")
    found: list[Action] = []
    seen_tiles: set[Any] = set()
    assert fight.current is not None
    rotation = fight.current.rotation
    moves: dict[Any, Move] = {}
    for a in legal_actions(fight):
        if kind == "c" and isinstance(a, Move) and a.card == key:
            best = moves.get(a.to)
            if best is None or (a.rotation in (None, rotation) and best.rotation not in (None, rotation)):
                moves[a.to] = a
        elif _plays(a, kind, key):
            found.append(a)
    if moves and len(fight.current.shape) > 1:
        # One choice per pose of the whole piece, named as /bf place names it (anchor, rotation).
        return [(p.label(), encode(p.move)) for p in piece_poses(fight, fight.current.id, key)]
    if moves:
        here = fight.current.tiles()[0] if fight.current.tiles() else None
        found = sorted(moves.values(), key=lambda m: (here.distance(m.to) if here else 0, m.to.q, m.to.r))
    out = []
    for a in found:
        code = encode(a)
        if code in seen_tiles:
            continue
        seen_tiles.add(code)
        out.append((_label(fight, a, t), code))
    return out


async def _fight_at(interaction: discord.Interaction, game_id: int, version: int) -> FightState:
    game = await KIT.load(interaction, game_id=game_id)
    if game.version != version:
        raise MovedOn(_("The game has moved on since that message: run /bf hand again."))
    return check_actor(game.state, interaction.user.id)


def choice_post(
    fight: FightState, game_id: int, version: int, what: str, *, title: str, t: Translator | None = None
) -> Post:
    """The private step after a card, ability or feat is chosen: where or whom, and Sacrifice; in
    ``t``'s language (the player's)."""
    t = t or translator(SOURCE)
    found = options(fight, what, t)
    items: list[Any] = []
    if found:
        placeholder = t("Choose where / whom…")
        items.append(OptionSelect(game_id, version, what, options=found, placeholder=placeholder))
    if what.startswith("c."):
        card = what[2:]
        items.append(
            DoButton(
                game_id,
                version,
                encode(Sacrifice(card=card)),
                label=t("Sacrifice it"),
                style=discord.ButtonStyle.secondary,
            )
        )
    text = (
        t("**{title}**: choose an option for a preview, then Confirm.", title=title)
        if found
        else t("**{title}** cannot be played now (no legal target or tile).", title=title)
    )
    if what.startswith("c."):
        text += f"\n{fight.cards[what[2:]].text}"
        note = same_reach_note(fight, what[2:], t)
        if note:
            text += f"\n{note}"
    if len(found) > MAX_OPTIONS:
        text += "\n" + t(
            "The menu holds the first {n} of {total} choices (the nearest first); type `/bf play` with "
            "`tile:` or `target:` for another.",
            n=MAX_OPTIONS,
            total=len(found),
        )
    return Post(content=text, view=View(*items), ephemeral=True)


def hand_post(game: BFGame, game_id: int, version: int, character: str, t: Translator | None = None) -> Post:
    """A character's hand, for its player only, with a button per card when it is their turn."""
    t = t or translator(SOURCE)
    fight = game.fight
    assert fight is not None
    c = fight.character(character)
    counts = Counter(c.piles.hand)
    names = ", ".join(f"{fight.cards[x].name}" + (f" ×{n}" if n > 1 else "") for x, n in counts.items())
    acting = (
        game.started
        and not game.conceded
        and not fight.is_over()
        and fight.current is not None
        and fight.current.id == c.id
    )
    lines = [t("**{name}'s hand** (only you see this): {cards}.", name=c.name, cards=names or t("empty"))]
    lines += [t(line) for line in hand_lines(fight, c.id)]
    items: list[Any] = []
    if acting and game.pending is None:
        plays = quick_plays(fight, t)
        if plays:
            menu = t.n(
                "Play now ({n} way, most damage first)…",
                "Play now ({n} ways, most damage first)…",
                len(plays),
                n=len(plays),
            )
            items.append(QuickSelect(game_id, version, options=plays, placeholder=menu))
            lines.append(
                t.n(
                    "{n} action left: pick a play from the menu to make it at once (`/bf undo` takes it "
                    "back), or press a card for all its choices, a preview, or to sacrifice it.",
                    "{n} actions left: pick a play from the menu to make it at once (`/bf undo` takes it "
                    "back), or press a card for all its choices, a preview, or to sacrifice it.",
                    fight.actions_left,
                    n=fight.actions_left,
                )
            )
        else:
            lines.append(
                t.n(
                    "{n} action left: press a card to play or sacrifice it.",
                    "{n} actions left: press a card to play or sacrifice it.",
                    fight.actions_left,
                    n=fight.actions_left,
                )
            )
        for card in counts:
            items.append(
                CardButton(
                    game_id,
                    version,
                    f"c.{card}",
                    label=fight.cards[card].name,
                    style=discord.ButtonStyle.primary,
                )
            )
        for ab in c.abilities:
            if ab.use is not None:
                items.append(
                    CardButton(game_id, version, f"a.{ab.id}", label=t("Ability: {name}", name=ab.name))
                )
        if c.feat:
            items.append(
                CardButton(
                    game_id,
                    version,
                    "f",
                    label=t("Feat: {name}", name=c.feat.name),
                    style=discord.ButtonStyle.success,
                )
            )
    elif not game.started:
        lines.append(
            t("The fight has not started: once `/bf start` is used, the cards are played on its turn.")
        )
    elif fight.is_over() or game.conceded:
        lines.append(t("The fight is over."))
    elif game.pending is not None:
        lines.append(t("An attack waits for the defence choice (the buttons on the board message)."))
    else:
        lines.append(
            t(
                "It is {turn}'s turn: {name}'s cards are played on its own turn.",
                turn=fight.current.name if fight.current else t("nobody"),
                name=c.name,
            )
        )
    # A select fills a row of its own: 5 rows hold it and 20 buttons.
    limit = MAX_BUTTONS - 5 if items and isinstance(items[0], QuickSelect) else MAX_BUTTONS
    return Post(content="\n".join(lines), view=View(*items[:limit]), ephemeral=True)


def preview_post(
    fight: FightState,
    game_id: int,
    version: int,
    action: Action,
    *,
    sacrifice: str | None = None,
    t: Translator | None = None,
) -> Post:
    """The private preview of one action (text and board) with its Confirm button (and, for a card
    with only this one use, the button to sacrifice it instead)."""
    from cogs.boss_fight.game import board_image

    t = t or translator(SOURCE)
    text, overlay = preview(fight, action, t)
    buttons = [
        DoButton(game_id, version, encode(action), label=t("Confirm"), style=discord.ButtonStyle.success)
    ]
    if sacrifice is not None:
        buttons.append(
            DoButton(
                game_id,
                version,
                encode(Sacrifice(card=sacrifice)),
                label=t("Sacrifice it"),
                style=discord.ButtonStyle.secondary,
            )
        )
    return Post(
        content=t(
            "Preview: {action}\n{text}\nConfirm to play it (only you see this).",
            action=_label(fight, action, t),
            text=text,
        ),
        view=View(*buttons),
        images=[board_image(fight, overlay, filename="preview.png", t=t)],
        ephemeral=True,
    )


# -- the components --------------------------------------------------------------------------------


class CardButton(StepButton, prefix="bf:card"):
    """A card (``c.<id>``), an ability (``a.<id>``) or the feat (``f``) in the private hand."""

    async def run(self, interaction: discord.Interaction) -> None:
        fight = await _fight_at(interaction, self.game, self.step)
        what = self.arg or ""
        title = self.label_for(fight, what)
        found = options(fight, what)
        if len(found) == 1:
            # One way to use it: no menu, straight to the preview and its Confirm.
            card = what[2:] if what.startswith("c.") else None
            post = preview_post(
                fight, self.game, self.step, decode(found[0][1]), sacrifice=card, t=reader(interaction)
            )
            await post.send(interaction)
            return
        post = choice_post(fight, self.game, self.step, what, title=title, t=reader(interaction))
        await post.send(interaction)

    @staticmethod
    def label_for(fight: FightState, what: str) -> str:
        kind, _dot, key = what.partition(".")
        c = fight.current
        assert c is not None
        if kind == "c":
            if key not in c.piles.hand:
                raise MovedOn(_("That card is no longer in the hand: run /bf hand again."))
            return fight.cards[key].name
        if kind == "a":
            return next((a.name for a in c.abilities if a.id == key), key)
        return c.feat.name if c.feat else "Heroic feat"


class OptionSelect(StepSelect, prefix="bf:opt"):
    placeholder = "Choose…"

    async def run(self, interaction: discord.Interaction) -> None:
        fight = await _fight_at(interaction, self.game, self.step)
        values = self.selected(interaction)
        if not values or values[0] == "-":
            raise RuleError(_("Nothing to choose there."))
        await preview_post(fight, self.game, self.step, decode(values[0]), t=reader(interaction)).send(
            interaction
        )


class QuickSelect(StepSelect, prefix="bf:quick"):
    """The hand's quick menu: the chosen play is made at once (``/bf undo`` takes it back)."""

    placeholder = "Play now…"

    async def run(self, interaction: discord.Interaction) -> None:
        values = self.selected(interaction)
        if not values or values[0] == "-":
            raise RuleError(_("Nothing to play there: run /bf hand again."))
        action = decode(values[0])
        await perform(interaction, action, name=action.kind, game_id=self.game, version=self.step)


class DoButton(StepButton, prefix="bf:do"):
    """Confirm one action (its code is the argument)."""

    async def run(self, interaction: discord.Interaction) -> None:
        action = decode(self.arg or "")
        await perform(interaction, action, name=action.kind, game_id=self.game, version=self.step)


class DefenceButton(StepButton, prefix="bf:def"):
    """A defender's choice: roll for defence (``<id>|1``) or not (``<id>|0``)."""

    async def run(self, interaction: discord.Interaction) -> None:
        character, _sep, roll = (self.arg or "").partition("|")
        rng = rng_of(interaction)
        user = interaction.user.id

        def change(game: BFGame) -> Any:
            pending = game.pending
            if pending is None or character not in pending.waiting:
                raise MovedOn(_("That choice has already been made."))
            if controller(game, character) != user:
                name = game.fight.character(character).name if game.fight else character
                raise RuleError(_("Only {name}'s player ({player}) chooses that.", name=name,
                                  player=mention(controller(game, character))))
            choices = {**pending.choices, character: roll == "1"}
            waiting = [c for c in pending.waiting if c != character]
            if waiting:
                new = pending.model_copy(update={"waiting": waiting, "choices": choices})
                from bot.play import Change

                return Change(
                    game.model_copy(update={"pending": new}),
                    summary="chose a defence roll",
                    detail={"action": "defence"},
                    result=([], []),
                )
            actions: list[Any] = [SetDefence(character=c, roll=r) for c, r in choices.items()]
            actions.append(decode(pending.action))
            return run_actions(game, actions, rng, name="attack")

        shown = await KIT.step(interaction, "defence", change, game_id=self.game)
        await announce(interaction, shown)


__all__ = ["DYNAMIC_ITEMS", "announce", "choice_post", "hand_post", "perform", "preview_post"]

DYNAMIC_ITEMS: tuple[type, ...] = (CardButton, OptionSelect, QuickSelect, DoButton, DefenceButton)
