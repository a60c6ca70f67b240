"""Building a boss from pieces and a hero from a hero card, and checking decks and points.

Boss statistics start at zero and add up from the pieces. The boss's size is the union of the
pieces' tiles (offsets from one anchor); no tiles at all means a single tile. Each equipment card
is attached to one piece and must fit in that piece's free slots. Decks hold exactly 30 cards,
at most 3 copies of a card unless the card allows more, from the side's own set and the neutral
set.

>>> from rules.boss_fight.content import load_catalog
>>> catalog = load_catalog()
>>> boss = build_boss(catalog, catalog.boss_presets["bone_colossus"].build)
>>> boss.stats.health > 0, len(boss.piles.deck)
(True, 30)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rules.boss_fight.content import (
    AbilitySpec,
    ActionCardSpec,
    BossBuild,
    CardSet,
    Catalog,
    HeroBuild,
    Passive,
    PassiveKind,
    PieceType,
    Requirement,
    Side,
    Stat,
    StatBlock,
)
from rules.boss_fight.state import BOSS_ID, Character, Piles
from rules.errors import RuleError

DECK_SIZE = 30
MAX_HEROES = 8
MAX_PLAYERS = 5


class BuildError(RuleError):
    """A boss, hero, deck or side that breaks a building rule."""


def check_deck(catalog: Catalog, deck: dict[str, int], side: Side, who: str) -> list[ActionCardSpec]:
    """The deck's cards (one entry per copy) after checking size, copy limits and sets.

    >>> from rules.boss_fight.content import load_catalog
    >>> check_deck(load_catalog(), {"walk": 30}, Side.HERO, "Mira")
    Traceback (most recent call last):
    ...
    rules.boss_fight.building.BuildError: Mira's deck has 30 Walk: at most 6 copies of that card are allowed.
    """
    cards: list[ActionCardSpec] = []
    for key, count in deck.items():
        card = catalog.get("actions", key)
        if count < 1:
            raise BuildError(f"{who}'s deck lists {card.name} {count} times: give a count of 1 or more, or "
                             "leave it out.")
        if card.set not in (CardSet.NEUTRAL, CardSet(side.value)):
            raise BuildError(f"{card.name} is a {card.set.value} card: {who} may only use {side.value} and "
                             "neutral cards. Take it out of the deck.")
        if count > card.copies:
            raise BuildError(f"{who}'s deck has {count} {card.name}: at most {card.copies} copies of that "
                             "card are allowed.")
        cards.extend([card] * count)
    if len(cards) != DECK_SIZE:
        change = "add" if len(cards) < DECK_SIZE else "remove"
        raise BuildError(f"{who}'s deck has {len(cards)} cards; a deck needs exactly {DECK_SIZE}: {change} "
                         f"{abs(DECK_SIZE - len(cards))}.")
    return cards


def _stat_sum(blocks: Iterable[StatBlock], passives: list[Passive]) -> StatBlock:
    total = {s.value: 0 for s in Stat}
    for b in blocks:
        for s in Stat:
            total[s.value] += b.get(s)
    for p in passives:
        if p.kind is PassiveKind.STAT and p.stat is not None:
            total[p.stat.value] += p.amount
    return StatBlock(**{k: max(0, min(99, v)) for k, v in total.items()})


def _requirement_problem(req: Requirement | None, *, stats: StatBlock, piece_types: set[PieceType],
                         constitution: object) -> str | None:
    if req is None:
        return None
    if req.piece_type and req.piece_type not in piece_types:
        return f"needs a {req.piece_type.value} piece"
    if req.stat and stats.get(req.stat) < req.at_least:
        return f"needs {req.stat.value} {req.at_least} or more (this character has {stats.get(req.stat)})"
    if req.constitution and req.constitution != constitution:
        return f"needs the {req.constitution.value} constitution"
    return None


def _abilities(catalog: Catalog, ids: list[str], side: Side, who: str) -> list[AbilitySpec]:
    out = []
    for key in ids:
        ab = catalog.get("abilities", key)
        if ab.side is not side:
            raise BuildError(f"{ab.name} is a {ab.side.value} ability: {who} can only take {side.value} "
                             "abilities.")
        if any(a.id == ab.id for a in out):
            raise BuildError(f"{who} lists {ab.name} twice: each ability card is taken once.")
        out.append(ab)
    return out


def build_boss(catalog: Catalog, build: BossBuild, *, controller: str | None = None) -> Character:
    """The boss a build describes, unplaced, with its 30 cards in the deck (not yet shuffled).

    >>> from rules.boss_fight.content import BossBuild, load_catalog
    >>> c = load_catalog()
    >>> build_boss(c, BossBuild(name="Blob", pieces=["slime_core"], deck={"walk": 3})).shape
    Traceback (most recent call last):
    ...
    rules.boss_fight.building.BuildError: Blob's deck has 3 cards; a deck needs exactly 30: add 27.
    """
    if not build.pieces:
        raise BuildError("A boss needs at least one boss piece.")
    pieces = [catalog.get("pieces", p) for p in build.pieces]
    who = build.name
    equipment = []
    free = [p.slots for p in pieces]
    unplaced = []
    for item in build.equipment:
        eq = catalog.get("equipment", item.id)
        if eq.side is not Side.BOSS:
            raise BuildError(f"{eq.name} is hero equipment: a boss can only use boss equipment.")
        if item.piece is not None:
            wanted = item.piece.strip().lower()
            idx = next((i for i, p in enumerate(pieces) if wanted in (p.id, p.name.lower())), None)
            if idx is None:
                raise BuildError(f"{eq.name} is put on '{item.piece}', which is not one of {who}'s pieces.")
            if free[idx] < eq.slots:
                raise BuildError(f"{eq.name} takes {eq.slots} slot(s) but {pieces[idx].name} has {free[idx]} "
                                 "free: attach it to another piece or drop some equipment.")
            free[idx] -= eq.slots
        else:
            unplaced.append(eq)
        equipment.append(eq)
    for eq in sorted(unplaced, key=lambda e: -e.slots):
        idx = next((i for i, f in enumerate(free) if f >= eq.slots), None)
        if idx is None:
            total = sum(p.slots for p in pieces)
            raise BuildError(f"{eq.name} takes {eq.slots} slot(s) and no piece of {who} has that many free "
                             f"({total} slot(s) in all, {sum(free)} free): drop equipment or add a piece "
                             "with slots.")
        free[idx] -= eq.slots
    card_abilities = _abilities(catalog, build.abilities, Side.BOSS, who)
    abilities = card_abilities + [p.ability for p in pieces if p.ability]
    passives = [x for p in pieces for x in p.passives] + [x for e in equipment for x in e.passives]
    passives += [x for a in abilities for x in a.passives]
    stats = _stat_sum((p.stats for p in pieces), passives)
    types = {p.type for p in pieces}
    for thing in [*equipment, *abilities]:
        problem = _requirement_problem(thing.requires, stats=stats, piece_types=types, constitution=None)
        if problem:
            raise BuildError(f"{thing.name} {problem}: change {who}'s build or drop it.")
    if stats.health < 1:
        raise BuildError(f"{who} has 0 health: add a piece that gives health (a body, for example).")
    shape: list[tuple[int, int]] = []
    for p in pieces:
        shape.extend(t for t in p.shape if t not in shape)
    if not shape:
        shape = [(0, 0)]
    cards = check_deck(catalog, build.deck, Side.BOSS, who)
    points = sum(p.points for p in pieces) + sum(e.points for e in equipment)
    points += sum(a.points for a in card_abilities)
    return Character(
        id=BOSS_ID, name=who, side=Side.BOSS, controller=controller, stats=stats, health=stats.health,
        shape=shape, legs=sum(1 for p in pieces if p.type is PieceType.LEG), equipment=equipment,
        abilities=abilities, passives=passives, piles=Piles(deck=[c.id for c in cards]), points=points,
        pieces=[p.id for p in pieces],
    )


def build_hero(catalog: Catalog, build: HeroBuild, *, key: str | None = None,
               controller: str | None = None) -> Character:
    """The hero a build describes, unplaced, with its 30 cards in the deck.

    >>> from rules.boss_fight.content import load_catalog
    >>> c = load_catalog()
    >>> build_hero(c, c.hero_presets["mira_the_warden"].build).constitution
    <Constitution.MIGHT: 'might'>
    """
    hero = catalog.get("heroes", build.hero)
    who = build.name or hero.name
    equipment = [catalog.get("equipment", e) for e in build.equipment]
    for eq in equipment:
        if eq.side is not Side.HERO:
            raise BuildError(f"{eq.name} is boss equipment: {who} can only use hero equipment.")
    used = sum(e.slots for e in equipment)
    if used > hero.slots:
        raise BuildError(f"{who} has {hero.slots} equipment slot(s) but the equipment takes {used}: drop "
                         f"{used - hero.slots} slot(s) of equipment.")
    abilities = [*_abilities(catalog, build.abilities, Side.HERO, who), hero.ability]
    passives = [x for e in equipment for x in e.passives] + [x for a in abilities for x in a.passives]
    stats = _stat_sum([hero.stats], passives)
    for thing in [*equipment, *abilities]:
        problem = _requirement_problem(thing.requires, stats=stats, piece_types=set(),
                                       constitution=hero.constitution)
        if problem:
            raise BuildError(f"{thing.name} {problem}: give it to another hero or drop it.")
    cards = check_deck(catalog, build.deck, Side.HERO, who)
    points = hero.points + sum(e.points for e in equipment) + sum(a.points for a in abilities[:-1])
    return Character(
        id=key or hero.id, name=who, side=Side.HERO, controller=controller, stats=stats, health=stats.health,
        equipment=equipment, abilities=abilities, passives=passives, feat=hero.feat, feat_cost=hero.feat_cost,
        constitution=hero.constitution, piles=Piles(deck=[c.id for c in cards]), points=points,
        pieces=[hero.id],
    )


def check_points(characters: list[Character], limit: int | None, side: str) -> int:
    """A side's total points, or :class:`BuildError` when it is over ``limit``.

    >>> check_points([], 100, "hero party")
    0
    """
    total = sum(c.points for c in characters)
    if limit is not None and total > limit:
        detail = ", ".join(f"{c.name} {c.points}" for c in characters)
        over = total - limit
        raise BuildError(f"The {side} costs {total} points ({detail}), over the limit of {limit}: drop "
                         f"{over} point{'s' if over != 1 else ''} of cards, or agree a higher limit.")
    return total


def check_party(heroes: list[Character]) -> None:
    """Hero count and unique names (the limits in the core).

    >>> check_party([])
    Traceback (most recent call last):
    ...
    rules.boss_fight.building.BuildError: The hero party needs at least one hero.
    """
    if not heroes:
        raise BuildError("The hero party needs at least one hero.")
    if len(heroes) > MAX_HEROES:
        raise BuildError(f"A party has at most {MAX_HEROES} heroes; this one has {len(heroes)}.")
    ids = Counter(h.id for h in heroes)
    names = Counter(h.name.lower() for h in heroes)
    if any(n > 1 for n in ids.values()) or any(n > 1 for n in names.values()):
        raise BuildError("Two heroes share a name: give each hero its own name in the build.")
    controllers = {h.controller for h in heroes if h.controller}
    if len(controllers) + 1 > MAX_PLAYERS:
        raise BuildError(f"A game has at most {MAX_PLAYERS} players (the boss player and "
                         f"{MAX_PLAYERS - 1} hero players); this party has {len(controllers)} hero players.")
