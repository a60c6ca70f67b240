"""The quick plays: a short menu of the legal plays worth making now, each named in full (card,
equipment, target or tile, the damage to expect), so a usual action is ``/bf hand`` and one choice.

A choice plays at once (``/bf undo`` is the safety net); the card buttons under it keep the long
way (options, a preview, Confirm) for a player who wants to look first. Discord allows 25 options
in a select and 100 characters a label: attacks that hit someone come first (most damage first),
then items, abilities and the feat, then moves toward the nearest enemy, each card's best few.
"""

from __future__ import annotations

from typing import Any

from cogs.boss_fight.game import encode
from rules.boss_fight import Action, Attack, HeroicFeat, Move, Sacrifice, UseAbility, UseItem, legal_actions
from rules.boss_fight import GameState as FightState
from rules.boss_fight.engine import enemies_of, piece_distance
from rules.boss_fight.views import piece_poses, preview_attack
from rules.i18n import SOURCE, Translator, translator

MAX_PLAYS = 25
MAX_ATTACKS = 14
MAX_OTHER_PER_USE = 3
MOVES_PER_CARD = 4


def _who(fight: FightState, tile: Any, t: Translator) -> str:
    if tile is None:
        return t("itself")
    who = fight.occupant(tile)
    return f"{who.name} ({tile.label()})" if who else tile.label()


def _equipment(fight: FightState, key: str) -> str:
    c = fight.current
    assert c is not None
    return next((e.name for e in c.equipment if e.id == key), key)


def attack_plays(fight: FightState, legal: list[Action], t: Translator) -> list[tuple[float, str, Action]]:
    """Every attack that would hit an enemy: (expected damage, label, action), one per card,
    equipment and set of enemies hit (the aim that hits them; areas can be aimed many ways)."""
    c = fight.current
    assert c is not None
    best: dict[tuple[str, str, frozenset[str]], tuple[float, str, Action]] = {}
    for a in legal:
        if not isinstance(a, Attack):
            continue
        try:
            found = preview_attack(fight, c.id, a.card, a.equipment, a.target)
        except Exception:  # a preview refusing means the aim is not worth offering
            continue
        if not found:
            continue
        expected = sum(p.expected for p in found)
        hit = ", ".join(p.defender for p in found)
        where = _who(fight, a.target, t) if len(found) == 1 else t("{hit} (aim {tile})", hit=hit,
                                                                     tile=a.target.label())
        label = t("{card} · {equipment} → {where} · ~{expected} damage", card=fight.cards[a.card].name,
                  equipment=_equipment(fight, a.equipment), where=where, expected=t.number(expected, 1))
        key = (a.card, a.equipment, frozenset(p.defender for p in found))
        if key not in best or expected > best[key][0]:
            best[key] = (expected, label, a)
    return sorted(best.values(), key=lambda x: -x[0])


def _enemy_tiles(fight: FightState) -> list[Any]:
    c = fight.current
    assert c is not None
    return [t for e in enemies_of(fight, c) if e.alive for t in e.tiles()]


def _gap(enemy_tiles: list[Any], tiles: list[Any]) -> int:
    return piece_distance(tiles, enemy_tiles) if enemy_tiles else 0


def move_plays(fight: FightState, legal: list[Action], t: Translator) -> list[tuple[int, str, Action]]:
    """A few moves per move card (and the free walk), the ones ending nearest an enemy; a tile
    reached by several cards is offered once, with the shortest card."""
    c = fight.current
    assert c is not None
    cards: list[str | None] = []
    for a in legal:
        if isinstance(a, Move) and a.card not in cards:
            cards.append(a.card)

    def allowance(card: str | None) -> int:
        spec = fight.cards[card].move if card is not None else None
        return spec.tiles if spec is not None else 0

    cards.sort(key=allowance)
    legal_moves = {encode(a) for a in legal if isinstance(a, Move)}
    enemy_tiles = _enemy_tiles(fight)
    seen: set[frozenset[Any]] = {frozenset(c.tiles())}
    out: list[tuple[int, str, Action]] = []
    for card in cards:
        name = fight.cards[card].name if card is not None else t("Free walk")
        poses = piece_poses(fight, c.id, card)
        gaps = [(_gap(enemy_tiles, list(p.tiles)), p.steps, i, p) for i, p in enumerate(poses)]
        kept = 0
        for gap, _a, _b, p in sorted(gaps, key=lambda x: x[:3]):
            key = frozenset(p.tiles)
            if key in seen or encode(p.move) not in legal_moves:
                continue
            seen.add(key)
            where = p.anchor.label()
            if len(c.shape) > 1:
                where = t("anchor {tile}, rotation {rotation}", tile=where, rotation=p.rotation)
            out.append((gap, t("{name} → {where} · {gap} from the nearest enemy", name=name, where=where,
                               gap=gap),
                        p.move))
            kept += 1
            if kept >= MOVES_PER_CARD:
                break
    return sorted(out, key=lambda x: x[0])


def other_plays(fight: FightState, legal: list[Action], t: Translator) -> list[tuple[str, Action]]:
    """Items, abilities and the feat: a few aims each, those on a character first."""
    c = fight.current
    assert c is not None
    groups: dict[str, list[tuple[str, Action]]] = {}
    for a in legal:
        if isinstance(a, UseItem):
            key, name = f"c.{a.card}", fight.cards[a.card].name
        elif isinstance(a, UseAbility):
            ab = next((x.name for x in c.abilities if x.id == a.ability), a.ability)
            if a.sacrifice:
                name = t("Ability {ability}, sacrificing {card}", ability=ab,
                         card=fight.cards[a.sacrifice].name)
            else:
                name = t("Ability {ability}", ability=ab)
            key = f"a.{a.ability}{a.sacrifice or ''}"
        elif isinstance(a, HeroicFeat):
            key, name = "f", t("Feat {feat}", feat=c.feat.name if c.feat else "").strip()
        else:
            continue
        groups.setdefault(key, []).append((t("{name} → {whom}", name=name, whom=_who(fight, a.target, t)), a))
    out: list[tuple[str, Action]] = []
    for found in groups.values():
        found.sort(key=lambda la: fight.occupant(la[1].target) is None if la[1].target is not None else False)
        out += found[:MAX_OTHER_PER_USE]
    return out


def quick_plays(fight: FightState, t: Translator | None = None) -> list[tuple[str, str]]:
    """``(label, action code)`` for the quick menu: at most 25, the likeliest plays first, labelled
    in ``t``'s language (the hand's owner's).

    With nothing else legal, the sacrifices (a card discarded for an action) are listed instead.
    """
    t = t or translator(SOURCE)
    if fight.current is None:
        return []
    legal = legal_actions(fight)
    attacks = [(label, a) for _unused, label, a in attack_plays(fight, legal, t)][:MAX_ATTACKS]
    others = other_plays(fight, legal, t)
    room = MAX_PLAYS - len(attacks) - min(len(others), 6)
    moves = [(label, a) for _gap, label, a in move_plays(fight, legal, t)][: max(room, 5)]
    plays = attacks + moves + others[: max(0, MAX_PLAYS - len(attacks) - len(moves))]
    if not plays:
        plays = [
            (t("Sacrifice {card} (discard it for an action)", card=fight.cards[a.card].name), a)
            for a in legal
            if isinstance(a, Sacrifice)
        ]
    out: list[tuple[str, str]] = []
    codes: set[str] = set()
    for label, a in plays:
        code = encode(a)
        if code not in codes:
            codes.add(code)
            out.append((label[:100], code))
    return out[:MAX_PLAYS]
