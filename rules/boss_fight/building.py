"""Building a boss from pieces and a hero from a hero card, and checking decks and points.

Boss statistics start at zero and add up from the pieces. The boss's size is the union of the
pieces' tiles (offsets from one anchor); no tiles at all means a single tile. Each equipment card
is attached to one piece and must fit in that piece's free slots. Decks hold exactly 30 cards,
at most 3 copies of a card unless the card allows more, from the side's own set and the neutral
set.

>>> from rules.boss_fight.loading import load_catalog
>>> catalog = load_catalog()
>>> boss = build_boss(catalog, catalog.boss_presets["bone_colossus"].build)
>>> boss.stats.health > 0, len(boss.piles.deck)
(True, 30)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

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

    >>> from rules.boss_fight.loading import load_catalog
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

    >>> from rules.boss_fight.content import BossBuild
    >>> from rules.boss_fight.loading import load_catalog
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

    >>> from rules.boss_fight.loading import load_catalog
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


# ---- editing a build card by card (for a front end's "add" and "remove") ---------------------

#: Where a card a player names is looked for, in this order.
CARD_SECTIONS = ("pieces", "equipment", "abilities", "actions", "heroes")
_SECTION_WORD = {"pieces": "boss piece", "equipment": "equipment card", "abilities": "ability card",
                 "actions": "action card", "heroes": "hero card"}


def find_card(catalog: Catalog, key: str) -> tuple[str, Any]:
    """The section and spec of a card named by id or name (ignoring case), in any section.

    >>> from rules.boss_fight.loading import load_catalog
    >>> find_card(load_catalog(), "Bone Club")[0]
    'equipment'
    """
    wanted = key.strip().lower()
    for section in CARD_SECTIONS:
        table = getattr(catalog, section)
        if wanted in table:
            return section, table[wanted]
    for section in CARD_SECTIONS:
        for spec in getattr(catalog, section).values():
            if spec.name.lower() == wanted:
                return section, spec
    from rules.errors import NotFoundError
    from rules.i18n import _

    raise NotFoundError(_("No card is called '{key}'. Try /bf cards to look one up.", key=key.strip()[:40]))


def build_points(catalog: Catalog, build: BossBuild | HeroBuild) -> int:
    """What a build costs so far (cards that are not in the catalog count 0).

    >>> from rules.boss_fight.loading import load_catalog
    >>> c = load_catalog()
    >>> build_points(c, c.hero_presets["kestrel_the_archer"].build)
    35
    """
    def cost(section: str, key: str) -> int:
        spec = getattr(catalog, section).get(key)
        return spec.points if spec is not None else 0

    if isinstance(build, BossBuild):
        return (sum(cost("pieces", p) for p in build.pieces)
                + sum(cost("equipment", e.id) for e in build.equipment)
                + sum(cost("abilities", a) for a in build.abilities))
    return (cost("heroes", build.hero) + sum(cost("equipment", e) for e in build.equipment)
            + sum(cost("abilities", a) for a in build.abilities))


def slots(catalog: Catalog, build: BossBuild | HeroBuild) -> tuple[int, int]:
    """Equipment slots ``(used, total)`` of a build.

    >>> from rules.boss_fight.loading import load_catalog
    >>> c = load_catalog()
    >>> slots(c, c.hero_presets["kestrel_the_archer"].build)
    (2, 2)
    """
    if isinstance(build, BossBuild):
        total = sum(catalog.pieces[p].slots for p in build.pieces if p in catalog.pieces)
        used = sum(catalog.equipment[e.id].slots for e in build.equipment if e.id in catalog.equipment)
    else:
        hero = catalog.heroes.get(build.hero)
        total = hero.slots if hero else 0
        used = sum(catalog.equipment[e].slots for e in build.equipment if e in catalog.equipment)
    return used, total


def deck_count(build: BossBuild | HeroBuild) -> int:
    """How many cards the build's deck holds."""
    return sum(build.deck.values())


def card_side(section: str, spec: Any) -> Side | None:
    """The side a card can go into the build of (``None``: either side's).

    Boss pieces are the boss's; equipment and abilities are marked with their side; action cards
    by their set (neutral ones go in either deck); hero cards are heroes (chosen by joining).

    >>> from rules.boss_fight.loading import load_catalog
    >>> c = load_catalog()
    >>> card_side("pieces", c.pieces["horned_skull"]), card_side("actions", c.actions["walk"])
    (<Side.BOSS: 'boss'>, None)
    """
    if section == "pieces":
        return Side.BOSS
    if section == "heroes":
        return Side.HERO
    if section == "actions":
        return None if spec.set.value == "neutral" else Side(spec.set.value)
    return getattr(spec, "side", None)


def add_card(catalog: Catalog, build: BossBuild | HeroBuild, key: str, *, piece: str | None = None,
             others: int = 0, limit: int | None = None) -> BossBuild | HeroBuild:
    """The build with one more card: a piece, equipment, ability, or one copy in the deck.

    ``others`` is what the rest of the side costs; with ``limit``, a side that would go over it
    is refused with its total.

    >>> from rules.boss_fight.content import HeroBuild
    >>> from rules.boss_fight.loading import load_catalog
    >>> c = load_catalog()
    >>> add_card(c, HeroBuild(hero="mira", deck={}), "walk").deck
    {'walk': 1}
    >>> add_card(c, HeroBuild(hero="mira", deck={}), "bone club")
    Traceback (most recent call last):
    ...
    rules.boss_fight.building.BuildError: Bone Club is boss equipment: a hero can only use hero equipment.
    """
    section, spec = find_card(catalog, key)
    boss = isinstance(build, BossBuild)
    side = Side.BOSS if boss else Side.HERO
    who = "the boss" if boss else "a hero"
    name = spec.name
    if section == "heroes":
        raise BuildError(f"{name} is a hero card: it is chosen by /bf join side:hero, not added.")
    if section == "pieces":
        if not boss:
            raise BuildError(f"{name} is a boss piece: only the boss is built from pieces.")
        if len(build.pieces) >= 40:
            raise BuildError("A boss has at most 40 pieces.")
        new = build.model_copy(update={"pieces": [*build.pieces, spec.id]})
    elif section == "equipment":
        if spec.side is not side:
            raise BuildError(f"{name} is {spec.side.value} equipment: {who} can only use {side.value} "
                             "equipment.")
        used, total = slots(catalog, build)
        if used + spec.slots > total:
            fix = " or add a piece with slots." if boss else "."
            raise BuildError(f"{name} takes {spec.slots} slot(s) but only {total - used} of {total} are "
                             f"free: remove some equipment first{fix}")
        if boss:
            entry = {"id": spec.id, "piece": piece} if piece else {"id": spec.id}
            new = BossBuild.model_validate({**build.model_dump(), "equipment": [
                *build.model_dump()["equipment"], entry]})
        else:
            new = build.model_copy(update={"equipment": [*build.equipment, spec.id]})
    elif section == "abilities":
        if spec.side is not side:
            raise BuildError(f"{name} is a {spec.side.value} ability: {who} can only take {side.value} "
                             "abilities.")
        if spec.id in build.abilities:
            raise BuildError(f"{name} is already in this build: each ability card is taken once.")
        new = build.model_copy(update={"abilities": [*build.abilities, spec.id]})
    else:
        if spec.set not in (CardSet.NEUTRAL, CardSet(side.value)):
            raise BuildError(f"{name} is a {spec.set.value} card: {who} may only use {side.value} and "
                             "neutral cards.")
        have = build.deck.get(spec.id, 0)
        if have + 1 > spec.copies:
            raise BuildError(f"The deck already has {have} {name}: at most {spec.copies} copies of that "
                             "card are allowed.")
        if deck_count(build) >= DECK_SIZE:
            raise BuildError(f"The deck already has {DECK_SIZE} cards: remove one before adding {name}.")
        new = build.model_copy(update={"deck": {**build.deck, spec.id: have + 1}})
    total = others + build_points(catalog, new)
    if limit is not None and total > limit and section != "actions":
        side_name = "boss" if boss else "hero party"
        raise BuildError(f"With {name} the {side_name} would cost {total} points, over "
                         f"the limit of {limit}: drop {total - limit} point(s) of cards first, or agree a "
                         "higher limit.")
    return new


def remove_card(catalog: Catalog, build: BossBuild | HeroBuild, key: str) -> BossBuild | HeroBuild:
    """The build with one card fewer (one copy, for a deck card).

    >>> from rules.boss_fight.content import HeroBuild
    >>> from rules.boss_fight.loading import load_catalog
    >>> remove_card(load_catalog(), HeroBuild(hero="mira", deck={"walk": 2}), "Walk").deck
    {'walk': 1}
    """
    section, spec = find_card(catalog, key)
    cid, name = spec.id, spec.name
    if section == "pieces" and isinstance(build, BossBuild) and cid in build.pieces:
        pieces = list(build.pieces)
        pieces.remove(cid)
        return build.model_copy(update={"pieces": pieces})
    if section == "equipment":
        if isinstance(build, BossBuild):
            kept = [e for e in build.equipment]
            hit = next((e for e in kept if e.id == cid), None)
            if hit is not None:
                kept.remove(hit)
                return build.model_copy(update={"equipment": kept})
        elif cid in build.equipment:
            items = list(build.equipment)
            items.remove(cid)
            return build.model_copy(update={"equipment": items})
    if section == "abilities" and cid in build.abilities:
        return build.model_copy(update={"abilities": [a for a in build.abilities if a != cid]})
    if section == "actions" and build.deck.get(cid):
        deck = dict(build.deck)
        deck[cid] -= 1
        if not deck[cid]:
            del deck[cid]
        return build.model_copy(update={"deck": deck})
    raise BuildError(f"This build has no {name} ({_SECTION_WORD[section]}) to remove.")
