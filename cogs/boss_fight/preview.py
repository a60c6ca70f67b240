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


def same_reach_note(fight: FightState, card: str | None) -> str:
    """Why another move card in the hand reaches exactly the same places as ``card``, when one does
    (empty otherwise): the boss's legs rule, or the board hemming the piece in."""
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
            why = f"with no legs, {c.name} cannot move at all"
        elif c.legs == 1:
            why = f"with one leg, every move card's tiles are halved for {c.name}: each gives {n}"
        else:
            why = f"each gives {n} tiles of movement"
    else:
        why = "the extra tiles lead nowhere new (obstacles, other pieces or the board's edge hem it in)"
    return f"{fight.cards[card].name} reaches the same places as {names} here: {why}."


def preview(fight: FightState, action: Action) -> tuple[str, Overlay | BoardOverlay]:
    """What an action would do, before it is confirmed."""
    c = fight.current
    assert c is not None
    if isinstance(action, Move):
        reach = reachable_tiles(fight, c.id, action.card)
        here = c.tiles()[0].label() if c.tiles() else "?"
        note = same_reach_note(fight, action.card)
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
                title=f"Preview: {c.name} to {where.split(':')[0]}",
                marks=tuple(marks),
                legend=(
                    ("reach", "a tile of the piece can end here"),
                    ("ghost", f"where {c.name} will stand"),
                ),
            )
            return (
                f"{c.name} moves to {where} (outlined on the board).{' ' + note if note else ''}",
                overlay,
            )
        marks = [OverlayMark(tile=h, layer="reach") for h in reach if h != action.to]
        marks.append(OverlayMark(tile=action.to, layer="token", label="→"))
        overlay = BoardOverlay(
            kind=OverlayKind.MOVES,
            focus=c.id,
            title=f"Preview: {c.name} to {action.to.label()}",
            marks=tuple(marks),
            legend=(("reach", "can end the move here"), ("token", "the tile you chose")),
        )
        return (
            f"{c.name} moves from {here} to {action.to.label()} ({len(reach)} tiles reachable with this "
            f"card, shaded on the board).{' ' + note if note else ''}",
            overlay,
        )
    if isinstance(action, Attack):
        lines = []
        sight = None
        for p in preview_attack(fight, c.id, action.card, action.equipment, action.target):
            rolls = ", ".join(f"{r}: {'a miss' if r == 6 else d}" for r, d in sorted(p.by_roll.items()))
            lines.append(
                f"**{p.defender}**: your {p.attack_stat} against their {p.defence_stat} plus the defence "
                f"roll. Damage by that roll: {rolls}; {p.no_roll} if they do not roll; about "
                f"{p.expected:.1f} on average."
            )
            target = next((x for x in fight.characters if x.name == p.defender), None)
            if target is not None and sight is None:
                sight = (c.id, target.id)
        return "\n".join(lines) or "No enemy in that area.", Overlay(area=[action.target], sight=sight)
    if isinstance(action, UseItem | UseAbility | HeroicFeat):
        where = action.target.label() if action.target is not None else "itself"
        return f"{c.name} uses it on {where}.", Overlay(area=[action.target] if action.target else [])
    return "", Overlay()
