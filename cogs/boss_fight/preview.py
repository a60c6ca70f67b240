"""What an action would do, before it is confirmed: the private preview's text and board overlay
(a move's reach and, for the boss, its whole piece where it will stand; an attack's damage for each
defence roll and its line of sight), and why two move cards reach the same places when they do.
"""

from __future__ import annotations

from typing import Any

from renderers.hex_board import Overlay
from rules.boss_fight import (
    Action,
    Attack,
    HeroicFeat,
    Move,
    UseAbility,
    UseItem,
    preview_attack,
    reachable_tiles,
)
from rules.boss_fight import GameState as FightState
from rules.boss_fight.engine import move_allowance
from rules.boss_fight.views import BoardOverlay, OverlayKind, OverlayMark, piece_poses
from rules.i18n import SOURCE, Translator, translator


def same_reach_note(fight: FightState, card: str | None, t: Translator | None = None) -> str:
    """Why another move card in the hand reaches exactly the same places as ``card``, when one does
    (empty otherwise): the boss's legs rule, or the board hemming the piece in; in ``t``'s language."""
    t = t or translator(SOURCE)
    c = fight.current
    if c is None or card is None or card not in fight.cards or fight.cards[card].move is None:
        return ""

    def places(x: str) -> set[frozenset[Any]]:
        return {frozenset(p.tiles) for p in piece_poses(fight, c.id, x)}

    mine = places(card)
    printed = fight.cards[card].move.tiles  # type: ignore[union-attr]
    others = [x for x in dict.fromkeys(c.piles.hand) if x != card and fight.cards[x].move is not None]
    same = [x for x in others if fight.cards[x].move.tiles != printed and places(x) == mine]  # type: ignore[union-attr]
    if not same:
        return ""
    names = ", ".join(fight.cards[x].name for x in same)
    given = {move_allowance(c, fight.cards[x].move.tiles) for x in [card, *same]}  # type: ignore[union-attr]
    if len(given) == 1:
        n = given.pop()
        if c.legs == 0:
            why = t("with no legs, {name} cannot move at all", name=c.name)
        elif c.legs == 1:
            why = t("with one leg, every move card's tiles are halved for {name}: each gives {n}",
                    name=c.name, n=n)
        else:
            why = t("each gives {n} tiles of movement", n=n)
    else:
        why = t("the extra tiles lead nowhere new (obstacles, other pieces or the board's edge hem it in)")
    return t("{card} reaches the same places as {names} here: {why}.", card=fight.cards[card].name,
             names=names, why=why)


def preview(
    fight: FightState, action: Action, t: Translator | None = None
) -> tuple[str, Overlay | BoardOverlay]:
    """What an action would do, before it is confirmed, in ``t``'s language (the player's)."""
    t = t or translator(SOURCE)
    c = fight.current
    assert c is not None
    if isinstance(action, Move):
        reach = reachable_tiles(fight, c.id, action.card)
        here = c.tiles()[0].label() if c.tiles() else "?"
        note = same_reach_note(fight, action.card, t)
        if len(c.shape) > 1:
            # The whole piece where it will stand, not only the tile its pivot ends on.
            pose = next((p for p in piece_poses(fight, c.id, action.card) if p.move == action), None)
            ghost = set(pose.tiles) if pose is not None else {action.to}
            marks = [OverlayMark(tile=h, layer="reach") for h in reach if h not in ghost]
            marks += [OverlayMark(tile=h, layer="ghost") for h in sorted(ghost, key=lambda h: (h.col, h.row))]
            where = pose.label() if pose is not None else action.to.label()
            overlay = BoardOverlay(
                kind=OverlayKind.MOVES,
                focus=c.id,
                title=t("Preview: {name} to {tile}", name=c.name, tile=where.split(":")[0]),
                marks=tuple(marks),
                legend=(
                    ("reach", t("a tile of the piece can end here")),
                    ("ghost", t("where {name} will stand", name=c.name)),
                ),
            )
            moved = t("{name} moves to {where} (outlined on the board).", name=c.name, where=where)
            return (f"{moved} {note}" if note else moved), overlay
        marks = [OverlayMark(tile=h, layer="reach") for h in reach if h != action.to]
        marks.append(OverlayMark(tile=action.to, layer="token", label="→"))
        overlay = BoardOverlay(
            kind=OverlayKind.MOVES,
            focus=c.id,
            title=t("Preview: {name} to {tile}", name=c.name, tile=action.to.label()),
            marks=tuple(marks),
            legend=(("reach", t("can end the move here")), ("token", t("the tile you chose"))),
        )
        moved = t.n(
            "{name} moves from {here} to {tile} ({n} tile reachable with this card, shaded on the board).",
            "{name} moves from {here} to {tile} ({n} tiles reachable with this card, shaded on the board).",
            len(reach), name=c.name, here=here, tile=action.to.label(), n=len(reach),
        )
        return (f"{moved} {note}" if note else moved), overlay
    if isinstance(action, Attack):
        lines = []
        sight = None
        for p in preview_attack(fight, c.id, action.card, action.equipment, action.target):
            miss = t("a miss")
            rolls = ", ".join(f"{r}: {miss if r == 6 else d}" for r, d in sorted(p.by_roll.items()))
            lines.append(
                t(
                    "**{defender}**: your {attack} against their {defence} plus the defence roll. Damage by "
                    "that roll: {rolls}; {no_roll} if they do not roll; about {average} on average.",
                    defender=p.defender, attack=p.attack_stat, defence=p.defence_stat, rolls=rolls,
                    no_roll=p.no_roll, average=t.number(p.expected, 1),
                )
            )
            target = next((x for x in fight.characters if x.name == p.defender), None)
            if target is not None and sight is None:
                sight = (c.id, target.id)
        return "\n".join(lines) or t("No enemy in that area."), Overlay(area=[action.target], sight=sight)
    if isinstance(action, UseItem | UseAbility | HeroicFeat):
        if action.target is None:
            return t("{name} uses it on itself.", name=c.name), Overlay()
        used = t("{name} uses it on {tile}.", name=c.name, tile=action.target.label())
        return used, Overlay(area=[action.target])
    return "", Overlay()
