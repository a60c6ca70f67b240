"""What a play-by-post front end needs besides ``apply``: public and private views, previews, lookups.

Hands are private (:func:`private_view`, for the character's player only); everything else is
public (:func:`public_view`): the seed has the discard, expended and used piles face up, the
deck face down (only its size is shown).

>>> from rules.boss_fight import quick_game
>>> s = quick_game(seed=1)
>>> view = public_view(s)
>>> view.characters[0].hand_size, view.characters[0].deck_size
(4, 26)
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.boss_fight.combat import expected_damage, resolve_hit
from rules.boss_fight.content import AttackKind, CardType, PassiveKind, Side, Stat
from rules.boss_fight.engine import (
    IllegalAction,
    area_tiles,
    attack_targets,
    boss_destinations,
    can_see,
    check_aim,
    enemies_of,
    move_allowance,
    reachable,
)
from rules.boss_fight.hexgrid import Hex, parse_label
from rules.boss_fight.state import Character, GameState
from rules.errors import RuleError


class PublicCharacter(BaseModel):
    """What everyone at the table may know about one character."""

    id: str
    name: str
    side: Side
    health: int
    max_health: int
    intelligence: int
    strength: int
    agility: int
    statuses: list[str]
    tiles: list[str]
    dead: bool
    hand_size: int
    deck_size: int
    discard: list[str]
    expended: list[str]
    used: list[str]
    equipment: list[str]
    abilities: list[str]


class PublicView(BaseModel):
    """The table as everyone sees it."""

    round: int
    phase: str
    active: str | None
    actions_left: int
    order: list[str]
    outcome: str | None
    characters: list[PublicCharacter]


class PrivateView(BaseModel):
    """A character's hand, for its player only: card ids and names, in hand order."""

    character: str
    cards: list[tuple[str, str]]


def _names(state: GameState, ids: list[str]) -> list[str]:
    return [state.cards[i].name for i in ids]


def public_view(state: GameState) -> PublicView:
    """Everything but the hands and the order of the decks."""
    chars = []
    for c in state.characters:
        chars.append(PublicCharacter(
            id=c.id, name=c.name, side=c.side, health=c.health, max_health=c.max_health,
            intelligence=c.current(Stat.INTELLIGENCE), strength=c.current(Stat.STRENGTH),
            agility=c.current(Stat.AGILITY), statuses=[m.status.value for m in c.statuses],
            tiles=[h.label() for h in c.tiles()], dead=c.dead, hand_size=len(c.piles.hand),
            deck_size=len(c.piles.deck), discard=_names(state, c.piles.discard),
            expended=_names(state, c.piles.expended), used=_names(state, c.piles.used),
            equipment=[e.name for e in c.equipment], abilities=[a.name for a in c.abilities],
        ))
    return PublicView(round=state.round, phase=state.phase.value, active=state.active,
                      actions_left=state.actions_left, order=list(state.order),
                      outcome=state.outcome.value if state.outcome else None, characters=chars)


def private_view(state: GameState, character: str) -> PrivateView:
    """One character's hand (ids and names): show it only to that character's player.

    >>> from rules.boss_fight import quick_game
    >>> len(private_view(quick_game(seed=1), "boss").cards)
    4
    """
    c = state.character(character)
    return PrivateView(character=c.id, cards=[(x, state.cards[x].name) for x in c.piles.hand])


def parse_tile(state: GameState, text: str) -> Hex:
    """A tile label typed by a player, checked against this game's board.

    >>> from rules.boss_fight import quick_game
    >>> parse_tile(quick_game(seed=1), "c4").label()
    'C4'
    """
    return parse_label(text, state.board.width, state.board.height)


def reachable_tiles(state: GameState, character: str, card: str | None = None) -> list[Hex]:
    """Tiles the character's piece (its pivot, for the boss) can end on with a move card (or the walk).

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> len(reachable_tiles(s, s.active, "walk")) > 0
    True
    """
    c = state.character(character)
    tiles = 2 if card is None else (state.cards[card].move.tiles if state.cards[card].move else 0)
    allowance = move_allowance(c, tiles)
    if len(c.shape) == 1:
        return sorted(reachable(state, c, allowance), key=lambda h: (h.q, h.r))
    ends = {end for _, end in boss_destinations(state, c, allowance).values()}
    return sorted(ends, key=lambda h: (h.q, h.r))


def targets_in_sight(state: GameState, character: str) -> list[str]:
    """Names of the enemies the character can see now.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> isinstance(targets_in_sight(s, "boss"), list)
    True
    """
    c = state.character(character)
    return [e.name for e in enemies_of(state, c) if can_see(state, c, e)]


class DamagePreview(BaseModel):
    """What an attack would do to one defender: damage for each defence roll, and on average."""

    defender: str
    attack_stat: int
    defence_stat: int
    by_roll: dict[int, int]
    no_roll: int
    expected: float
    miss_chance: float


def preview_attack(state: GameState, character: str, card: str, equipment: str,
                   target: Hex) -> list[DamagePreview]:
    """The damage an attack card with an equipment card would deal to each enemy in its area.

    Raises :class:`~rules.boss_fight.engine.IllegalAction` when the attack could not be made.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> preview_attack(s, "boss", "basic_attack", "bone_club", Hex(99, 0, -99))
    Traceback (most recent call last):
    ...
    rules.boss_fight.engine.IllegalAction: ... is off the board.
    """
    c = state.character(character)
    spec = state.cards.get(card)
    if spec is None or spec.type is not CardType.ATTACK or spec.attack is None:
        raise IllegalAction(f"'{card}' is not an attack card.")
    eq = next((e for e in c.equipment if equipment.lower() in (e.id, e.name.lower())), None)
    if eq is None:
        raise IllegalAction(f"{c.name} has no '{equipment}' equipped.")
    prof = eq.profile(spec.attack.profile)
    if prof is None:
        raise IllegalAction(f"{eq.name} has no {spec.attack.profile.value} attack.")
    rng_ = max(1, prof.range + spec.attack.bonus_range + c.passive_total(PassiveKind.RANGE_BONUS))
    from rules.boss_fight.content import TargetKind

    check_aim(state, c, target, TargetKind.ENEMY, rng_, prof.los, f"{spec.name} with {eq.name}")
    stat = Stat((prof.stat or eq.stat).value)
    damage = max(1, prof.damage + spec.attack.bonus_damage)
    att = c.current(stat) + spec.attack.stat_bonus
    tiles = set(area_tiles(state, c, target, prof.area))
    out = []
    for e in enemies_of(state, c):
        if not tiles & set(e.tiles()):
            continue
        dfn = e.current(stat)
        armour = e.passive_total(PassiveKind.ARMOUR)
        by_roll = {r: resolve_hit(damage, attack_stat=att, defence_stat=dfn, roll=r, armour=armour).damage
                   for r in range(1, 7)}
        rolls = e.defends or not state.settings.defenders_choose
        out.append(DamagePreview(
            defender=e.name, attack_stat=att, defence_stat=dfn, by_roll=by_roll,
            no_roll=resolve_hit(damage, attack_stat=att, defence_stat=dfn, roll=None, armour=armour).damage,
            expected=expected_damage(damage, attack_stat=att, defence_stat=dfn, rolls=rolls, armour=armour),
            miss_chance=1 / 6 if rolls else 0.0,
        ))
    return out


def attack_options(state: GameState, character: str) -> list[tuple[str, str, list[str]]]:
    """For each attack card in hand and each equipment with that profile: the target tiles now.

    >>> from rules.boss_fight import quick_game
    >>> isinstance(attack_options(quick_game(seed=1), "boss"), list)
    True
    """
    c = state.character(character)
    out = []
    for card in sorted(set(c.piles.hand)):
        spec = state.cards[card]
        if spec.type is not CardType.ATTACK:
            continue
        for eq in c.equipment:
            if eq.profile(AttackKind(spec.attack.profile)) is None:
                continue
            out.append((card, eq.id, [t.label() for t in attack_targets(state, c, card, eq)]))
    return out


def status_lines(state: GameState) -> list[str]:
    """A short text summary of the table, one line per character, for an embed.

    >>> from rules.boss_fight import quick_game
    >>> status_lines(quick_game(seed=1))[0].startswith("Round 1")
    True
    """
    head = f"Round {state.round}" if state.round else "Set-up"
    if state.is_over():
        head += f": over, {state.outcome.value if state.outcome else 'no'} win"
    elif state.current is not None:
        head += f": {state.current.name} to act ({state.actions_left} action(s) left)"
    lines = [head]
    for c in state.characters:
        lines.append(_line(c))
    return lines


def _line(c: Character) -> str:
    if c.dead:
        return f"{c.name}: dead"
    where = c.tiles()[0].label() if c.tiles() else "not placed"
    status = f" [{', '.join(m.status.value for m in c.statuses)}]" if c.statuses else ""
    return (f"{c.name} {c.health}/{c.max_health} hp at {where}; INT {c.current(Stat.INTELLIGENCE)} "
            f"STR {c.current(Stat.STRENGTH)} AGI {c.current(Stat.AGILITY)}; hand {len(c.piles.hand)}{status}")


__all__ = [
    "DamagePreview", "PrivateView", "PublicCharacter", "PublicView", "RuleError", "attack_options",
    "parse_tile",
    "preview_attack", "private_view", "public_view", "reachable_tiles", "status_lines", "targets_in_sight",
]
