"""The Boss Fight engine: set-up, rounds, turns, cards, combat, effects, death and the end.

``apply(state, action, rng)`` checks the action against the rules, raises a :class:`RuleError`
subclass that says what is wrong when it is illegal, and otherwise returns a
:class:`StepResult`: the new state (the old one is never changed), plain-text log lines and
every die rolled. ``legal_actions(state)`` lists what the current character may do.

Readings of the seed chosen here (each easy to change):

* Initiative: highest current agility first, rolled at the start of each round *before* the
  last round's statistic changes run out, so a card that cut a hero's agility "until the end of
  the round" moves the hero down the next round's order (the seed compares the current agility,
  and a change that never reached an initiative roll would be pointless for it). Ties, on which
  the seed is silent, go to the heroes before the boss (the boss already has 3 actions to a
  hero's 2), and among heroes to the party's order.
* Heroic feats: as many a turn as the hero can pay for; the seed's only limit is the cost (cards
  expended from the discard pile). A table may cap them (``GameSettings.feats_per_turn``).
* Draws happen for every living character at the start of each round (4 cards in the first
  round, then 2 per hero and 3 for the boss). A character that is Stunned when the round starts
  draws nothing, one that is Dazzled draws 1.
* Immobilised, Dazzled and Stunned take hold on the character's next turn that *starts* after
  they were inflicted and are removed at the end of that turn. Poisoned hurts 1 per action
  played from the moment it lands, and a D6 of 5-6 at the start of the character's turn removes
  it before any action.
* A turn ends by itself when its actions are used (so heroic feats and free abilities come
  before the last action), or when the character has nothing it can do (an empty hand and no
  free walk): the remaining actions are lost.
* A 1-legged boss moves half the card's tiles, rounding up as the seed's one stated halving
  (damage) does, so that one leg always moves a boss further than none; move bonuses are added
  first.
* Healing never raises health above the built health.
* The boss's cap of 2 attack actions a turn counts every action that attacks: an Attack card, and
  an item card or an ability taking an action that deals damage to enemies (see
  :func:`attacks`). Effects that only hinder (poison, stuns, lost agility) are not attacks, and
  abilities that take no action are not actions at all.
* The fight ends as the seed says, when a side is wiped out. A round limit is an option the
  players may set (``GameSettings.round_limit``, none by default): when the last round allowed is
  over, the side with the larger share of its starting health left wins. A fight that stalls ends
  in a draw when nobody could act for 3 rounds, or when both sides agree (:func:`agree_draw`). A
  side may give up (:func:`concede`).

>>> from rules.boss_fight import quick_game
>>> state = quick_game(seed=1)
>>> state.phase, state.round, len(state.current.piles.hand)
(<Phase.PLAYING: 'playing'>, 1, 4)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from pydantic import BaseModel, Field

from rules.boss_fight.building import build_boss, build_hero, check_party, check_points
from rules.boss_fight.combat import (
    ATTACK_KINDS,
    CARD_KINDS,
    STAT_NAMES,
    STATUS_NAMES,
    compare_damage,
    compare_rule,
    damage_words,
    resolve_hit,
    stat_words,
)
from rules.boss_fight.content import (
    Affects,
    Area,
    AreaShape,
    BossBuild,
    CardType,
    Catalog,
    EffectKind,
    EffectTo,
    EquipmentSpec,
    HeroBuild,
    PassiveKind,
    Side,
    Stat,
    Status,
    TargetKind,
    Usable,
)
from rules.boss_fight.hexgrid import Hex, board_tiles, parse_label
from rules.boss_fight.movement import ShapeMover, hero_reach, push_path, rotate_offset
from rules.boss_fight.sight import Point, Sightlines, sightlines
from rules.boss_fight.state import (
    Action,
    Attack,
    BoardToken,
    Character,
    DieRoll,
    GameSettings,
    GameState,
    HeroicFeat,
    Move,
    Outcome,
    Phase,
    PlaceBoss,
    PlaceHero,
    Sacrifice,
    SetDefence,
    StartFight,
    StatMod,
    StatusMark,
    UseAbility,
    UseItem,
    Withdraw,
    pose_tiles,
)
from rules.errors import RuleError
from rules.i18n import N_, Message, Text, _, ngettext

HERO_ACTIONS = 2
BOSS_ACTIONS = 3
BOSS_MAX_ATTACKS = 2
FIRST_DRAW = 4
HERO_DRAW = 2
BOSS_DRAW = 3
PLACEMENT_GAP = 2
FREE_WALK_TILES = 2
IDLE_ROUNDS_TO_DRAW = 3
DEATH_TOKEN = "death"


class IllegalAction(RuleError):
    """An action the rules do not allow right now; the message says why and what to do instead."""


class HitRecord(BaseModel):
    """One damaging strike as data: the numbers behind its log line.

    ``defence`` is the defender's statistic plus the roll; ``rule`` the comparison line used;
    ``dealt`` the damage after the comparison and armour (0 on a miss).
    """

    attacker: str
    defender: str
    what: str
    stat: Stat
    damage: int
    attack_stat: int
    defence_stat: int
    roll: int | None
    defence: int
    missed: bool
    rule: str
    armour: int = 0
    dealt: int = 0
    health_before: int
    health_after: int
    max_health: int


class StepResult(BaseModel):
    """The outcome of one action: the new state, what happened, every die rolled and every strike."""

    state: GameState
    log: list[Message] = Field(default_factory=list)
    rolls: list[DieRoll] = Field(default_factory=list)
    hits: list[HitRecord] = Field(default_factory=list)


@dataclass
class _Ctx:
    state: GameState
    rng: random.Random
    log: list[Message] = field(default_factory=list)
    rolls: list[DieRoll] = field(default_factory=list)
    hits: list[HitRecord] = field(default_factory=list)
    acted: bool = False

    def say(self, text: Message) -> None:
        self.log.append(text)

    def d6(self, who: Character, why: Message) -> int:
        value = self.rng.randint(1, 6)
        self.rolls.append(DieRoll(who=who.name, why=why, value=value))
        return value


# ---- new game ---------------------------------------------------------------------------------


def _slug(name: str) -> str:
    out = "".join(ch if ch.isalnum() else "_" for ch in name.lower()).strip("_")
    return "_".join(p for p in out.split("_") if p) or "hero"


def new_game(catalog: Catalog, *, boss: BossBuild, heroes: list[HeroBuild], map_id: str,
             settings: GameSettings | None = None, rng: random.Random,
             controllers: dict[str, str] | None = None, hold_start: bool = False) -> GameState:
    """A game in set-up: builds checked, points checked, decks shuffled, the boss to place first.

    ``controllers`` maps a character's name to its player (kept for the cog; the engine does
    not use it). ``hold_start``: the last placement leaves the game in set-up with nobody to act,
    and round 1 (initiative, first draws) waits for a :class:`StartFight`; without it, the last
    placement starts round 1 at once.

    >>> from rules.boss_fight.loading import load_catalog
    >>> c = load_catalog()
    >>> s = new_game(c, boss=c.boss_presets["bone_colossus"].build,
    ...              heroes=[c.hero_presets["mira_the_warden"].build], map_id="crossroads",
    ...              rng=random.Random(1))
    >>> s.phase, s.active
    (<Phase.SETUP: 'setup'>, 'boss')
    """
    settings = settings or GameSettings()
    controllers = controllers or {}
    board = catalog.get("maps", map_id)
    b = build_boss(catalog, boss, controller=controllers.get(boss.name))
    party = []
    for hb in heroes:
        name = hb.name or catalog.get("heroes", hb.hero).name
        party.append(build_hero(catalog, hb, key=_slug(name), controller=controllers.get(name)))
    check_party(party)
    if any(h.id == b.id for h in party):
        raise RuleError(_("A hero cannot be called 'boss': rename that hero."))
    check_points([b], settings.points_limit, "boss")
    check_points(party, settings.points_limit, "hero party")
    chars = [b, *party]
    for c in chars:
        rng.shuffle(c.piles.deck)
    used_cards = {cid for c in chars for cid in c.piles.deck}
    obstacles = [parse_label(t, board.width, board.height) for t in board.obstacles]
    state = GameState(
        settings=settings, board=board, obstacles=obstacles,
        cards={cid: catalog.actions[cid] for cid in sorted(used_cards)},
        token_specs=dict(catalog.tokens), characters=chars, active=b.id, hold_start=hold_start,
    )
    if DEATH_TOKEN not in state.token_specs:
        raise RuleError(_("The content has no 'death' token; restore data/boss_fight's tokens."))
    return state


# ---- the board --------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _board_set(width: int, height: int) -> frozenset[tuple[int, int]]:
    return frozenset((h.q, h.r) for h in board_tiles(width, height))


def on_board(state: GameState) -> frozenset[tuple[int, int]]:
    """Every tile of the board as axial pairs.

    >>> from rules.boss_fight import quick_game
    >>> len(on_board(quick_game(seed=1)))
    144
    """
    return _board_set(state.board.width, state.board.height)


def _blocked_static(state: GameState) -> set[tuple[int, int]]:
    out = {(h.q, h.r) for h in state.obstacles}
    out |= {(t.tile.q, t.tile.r) for t in state.tokens if t.blocks_movement}
    return out


def enemies_of(state: GameState, c: Character) -> list[Character]:
    """The living, placed characters on the other side.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> [e.name for e in enemies_of(s, s.boss)]
    ['Mira Vale', 'Kestrel', 'Orrin the Sage']
    """
    return [o for o in state.characters if o.side is not c.side and o.alive and o.anchor is not None]


def allies_of(state: GameState, c: Character) -> list[Character]:
    """The living, placed characters on the same side, itself included.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> [a.name for a in allies_of(s, s.boss)]
    ['Bone Colossus']
    """
    return [o for o in state.characters if o.side is c.side and o.alive and o.anchor is not None]


def passable_for(state: GameState, c: Character) -> set[tuple[int, int]]:
    """Tiles ``c`` may walk over: on the board, no obstacle or blocking token, no enemy piece.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> (s.heroes[0].anchor.q, s.heroes[0].anchor.r) in passable_for(s, s.boss)
    False
    """
    tiles = on_board(state) - _blocked_static(state)
    for e in enemies_of(state, c):
        tiles -= {(h.q, h.r) for h in e.tiles()}
    return tiles


def _occupied_by_others(state: GameState, c: Character) -> set[tuple[int, int]]:
    return {(h.q, h.r) for o in state.characters if o.id != c.id for h in o.tiles()}


def sightlines_for(state: GameState, viewer: Character) -> Sightlines:
    """The line-of-sight tester for ``viewer``: obstacles, sight-blocking tokens and enemy pieces.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> set(s.obstacles) <= sightlines_for(s, s.boss).blocking
    True
    """
    blocking = set(state.obstacles) | {t.tile for t in state.tokens if t.blocks_sight}
    if not viewer.has_passive(PassiveKind.KEEN_SIGHT):
        for e in enemies_of(state, viewer):
            blocking |= set(e.tiles())
    return sightlines(frozenset(blocking))


def can_see(state: GameState, viewer: Character, target: Character) -> bool:
    """Whether ``viewer`` has line of sight to ``target`` right now.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> can_see(s, s.boss, s.heroes[0]), s.heroes[0].tiles()[0].label()
    (True, 'J7')
    """
    if viewer.anchor is None or target.anchor is None or viewer.dead or target.dead:
        return False
    return sightlines_for(state, viewer).sees(viewer.tiles(), target.tiles())


def sight_line(state: GameState, viewer: Character, target: Character) -> tuple[Point, Point] | None:
    """The clear corner-to-corner line (lattice points) ``viewer`` sees ``target`` by, if any.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> (sight_line(s, s.boss, s.heroes[0]) is not None) == can_see(s, s.boss, s.heroes[0])
    True
    """
    if viewer.anchor is None or target.anchor is None or viewer.dead or target.dead:
        return None
    return sightlines_for(state, viewer).clear_line(viewer.tiles(), target.tiles())


def visible_enemies(state: GameState, viewer: Character) -> list[str]:
    """Ids of the enemies ``viewer`` can see now.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> set(visible_enemies(s, s.boss)) <= {h.id for h in s.heroes}
    True
    """
    lines = sightlines_for(state, viewer)
    mine = viewer.tiles()
    return [e.id for e in enemies_of(state, viewer) if lines.sees(mine, e.tiles())]


def piece_distance(a: list[Hex], b: list[Hex]) -> int:
    """The fewest steps between any tile of ``a`` and any tile of ``b``.

    >>> piece_distance([Hex.from_label("A1")], [Hex.from_label("C1"), Hex.from_label("A4")])
    2
    """
    return min(x.distance(y) for x in a for y in b)


# ---- movement allowances and reach -------------------------------------------------------------


def move_allowance(c: Character, tiles: int) -> int:
    """Tiles a move of ``tiles`` gives ``c``: move bonuses, then the boss's legs rule.

    0 legs: 0; 1 leg: half, rounding up (the seed rounds its other halving, of damage, up too);
    2 or more: all of it. Heroes have no legs rule.

    >>> from rules.boss_fight.content import StatBlock
    >>> boss = Character(id="boss", name="B", side=Side.BOSS, stats=StatBlock(health=9), health=9, legs=1)
    >>> legless = boss.model_copy(update={"legs": 0})
    >>> move_allowance(boss, 4), move_allowance(boss, 3), move_allowance(legless, 4)
    (2, 2, 0)
    """
    total = tiles + c.passive_total(PassiveKind.MOVE_BONUS)
    if c.legs is None or c.legs >= 2:
        return total
    return (total + 1) // 2 if c.legs == 1 else 0


def reachable(state: GameState, c: Character, tiles: int) -> dict[Hex, int]:
    """Where a one-tile piece can end a move of up to ``tiles`` (not its own tile), with the steps.

    For the boss, see :func:`boss_destinations`.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> max(reachable(s, s.heroes[0], 2).values())
    2
    """
    if c.anchor is None:
        return {}
    start = (c.anchor.q, c.anchor.r)
    occupied = _occupied_by_others(state, c)
    reach = hero_reach(passable_for(state, c), occupied, start, tiles)
    return {Hex.axial(q, r): d for (q, r), d in reach.items() if (q, r) != start}


Pose = tuple[int, int, int]


def boss_reach(state: GameState, c: Character, tiles: int) -> dict[Pose, tuple[int, int]]:
    """Every new pose within ``tiles`` pivot steps, with the fewest steps and a pivot (shape index) for it.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> all(steps <= 2 for steps, _ in boss_reach(s, s.boss, 2).values())
    True
    """
    if c.anchor is None:
        return {}
    passable = passable_for(state, c) - _occupied_by_others(state, c)
    mover = ShapeMover(c.shape, passable)
    current = (c.anchor.q, c.anchor.r, c.rotation)
    best: dict[Pose, tuple[int, int]] = {}
    for i in range(len(c.shape)):
        poses = mover.poses_from((c.anchor.q, c.anchor.r), c.rotation, pivot=i, steps=tiles)
        for pose, steps in poses.items():
            if pose != current and (pose not in best or steps < best[pose][0]):
                best[pose] = (steps, i)
    return best


def boss_destinations(state: GameState, c: Character, tiles: int,
                      reach: dict[Pose, tuple[int, int]] | None = None) -> dict[Pose, tuple[Hex, Hex]]:
    """Every new pose (anchor q, anchor r, rotation) the piece can reach within ``tiles`` pivot steps.

    Each pose maps to one (pivot tile now, where the pivot ends) that reaches it, which is what
    a :class:`Move` names. ``reach`` (from :func:`boss_reach` with at least ``tiles``) saves the
    search when several move cards are listed.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> all(pivot in s.boss.tiles() for pivot, _ in boss_destinations(s, s.boss, 2).values())
    True
    """
    reach = boss_reach(state, c, tiles) if reach is None else reach
    now_tiles = c.tiles()
    out: dict[Pose, tuple[Hex, Hex]] = {}
    for pose, (steps, i) in reach.items():
        if steps <= tiles:
            dq, dr = rotate_offset(c.shape[i], pose[2])
            out[pose] = (now_tiles[i], Hex.axial(pose[0] + dq, pose[1] + dr))
    return out


def _move_to(state: GameState, c: Character, to: Hex, pivot: Hex | None, rotation: int | None,
             tiles: int) -> tuple[Hex, int]:
    """The new (anchor, rotation) of a legal move, or :class:`IllegalAction`."""
    if len(c.shape) == 1:
        if pivot is not None and pivot != c.anchor:
            raise IllegalAction(_("{name} covers one tile: leave the pivot out.", name=c.name))
        dest = reachable(state, c, tiles)
        if to not in dest:
            raise IllegalAction(ngettext(
                "{name} cannot get to {tile} with {n} tile of movement: pick a clear tile within reach "
                "(obstacles and enemies block the way).",
                "{name} cannot get to {tile} with {n} tiles of movement: pick a clear tile within reach "
                "(obstacles and enemies block the way).", tiles, name=c.name, tile=to.label(), n=tiles))
        return to, rotation if rotation is not None else c.rotation
    current = c.tiles()
    pivot = pivot or current[0]
    if pivot not in current:
        raise IllegalAction(_("{pivot} is not one of {name}'s tiles: the pivot must be one of {tiles}.",
                              pivot=pivot.label(), name=c.name, tiles=", ".join(h.label() for h in current)))
    i = current.index(pivot)
    rot = c.rotation if rotation is None else rotation
    passable = passable_for(state, c) - _occupied_by_others(state, c)
    mover = ShapeMover(c.shape, passable)
    oq, or_ = mover.rotated[rot][i]
    pose = (to.q - oq, to.r - or_, rot)
    poses = mover.poses_from((c.anchor.q, c.anchor.r), c.rotation, pivot=i, steps=tiles)  # type: ignore[union-attr]
    if pose not in poses or pose == (c.anchor.q, c.anchor.r, c.rotation):  # type: ignore[union-attr]
        raise IllegalAction(_("{name} cannot end with {pivot} on {tile} facing {rotation} within {n} "
                              "tile(s): every tile must end clear and the whole shape must fit through on "
                              "the way (turning is free). Try another tile or rotation.",
                              name=c.name, pivot=pivot.label(), tile=to.label(), rotation=rot, n=tiles))
    return Hex.axial(pose[0], pose[1]), rot


# ---- set-up -----------------------------------------------------------------------------------


def _clear_tiles(state: GameState, c: Character) -> set[tuple[int, int]]:
    return set(on_board(state)) - _blocked_static(state) - _occupied_by_others(state, c)


def _pose_clear(state: GameState, c: Character, anchor: Hex, rotation: int,
                ok: set[tuple[int, int]] | None = None) -> bool:
    ok = _clear_tiles(state, c) if ok is None else ok
    return all((t.q, t.r) in ok for t in pose_tiles(c.shape, anchor, rotation))


def boss_placements(state: GameState) -> list[PlaceBoss]:
    """Every (anchor, rotation) where the boss fits on clear tiles (one per distinct tile set).

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> s.boss.anchor = None
    >>> len(boss_placements(s)) > 10
    True
    """
    boss = state.boss
    seen: set[frozenset[Hex]] = set()
    out = []
    ok = _clear_tiles(state, boss)
    for h in board_tiles(state.board.width, state.board.height):
        for rot in range(6):
            if _pose_clear(state, boss, h, rot, ok):
                key = frozenset(pose_tiles(boss.shape, h, rot))
                if key not in seen:
                    seen.add(key)
                    out.append(PlaceBoss(anchor=h, rotation=rot))
    return out


def hero_placements(state: GameState, hero: Character) -> list[Hex]:
    """Clear tiles more than 2 tiles from the boss; any clear tile when there are none.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> all(piece_distance([h], s.boss.tiles()) > 2 for h in hero_placements(s, s.heroes[0]))
    True
    """
    ok = _clear_tiles(state, hero)
    clear = [h for h in board_tiles(state.board.width, state.board.height) if (h.q, h.r) in ok]
    boss_tiles = state.boss.tiles()
    far = [h for h in clear if piece_distance([h], boss_tiles) > PLACEMENT_GAP]
    return far or clear


def _place_boss(ctx: _Ctx, a: PlaceBoss) -> None:
    s = ctx.state
    boss = s.boss
    if boss.anchor is not None:
        raise IllegalAction(_("The boss is already on the board: place the heroes now."))
    if not _pose_clear(s, boss, a.anchor, a.rotation):
        raise IllegalAction(_("{name} does not fit at {tile} facing {rotation}: every tile must be on the "
                              "board and clear of obstacles. Try another tile or rotation.",
                              name=boss.name, tile=a.anchor.label(), rotation=a.rotation))
    boss.anchor, boss.rotation = a.anchor, a.rotation
    ctx.say(_("{name} takes its place at {tiles}.", name=boss.name,
              tiles=", ".join(h.label() for h in boss.tiles())))
    s.active = s.heroes[0].id


def _place_hero(ctx: _Ctx, a: PlaceHero) -> None:
    s = ctx.state
    if s.boss.anchor is None:
        raise IllegalAction(_("The boss player places the boss first."))
    hero = s.character(a.character)
    if hero.side is not Side.HERO:
        raise IllegalAction(_("Place the boss with its anchor tile and rotation."))
    if hero.anchor is not None:
        raise IllegalAction(_("{name} is already on the board.", name=hero.name))
    allowed = hero_placements(s, hero)
    if a.tile not in allowed:
        if _pose_clear(s, hero, a.tile, 0):
            raise IllegalAction(_("{tile} is within {gap} tiles of the boss: heroes start more than {gap} "
                                  "tiles away while such tiles are left.", tile=a.tile.label(),
                                  gap=PLACEMENT_GAP))
        raise IllegalAction(_("{tile} is not clear (an obstacle or another piece): pick a clear tile.",
                              tile=a.tile.label()))
    hero.anchor = a.tile
    ctx.say(_("{name} takes position at {tile}.", name=hero.name, tile=a.tile.label()))
    left = [h for h in s.heroes if h.anchor is None]
    if left:
        s.active = left[0].id
        return
    if s.hold_start:
        s.active = None
        ctx.say(_("Every piece is placed: the fight begins when the players start it."))
        return
    s.phase = Phase.PLAYING
    ctx.say(_("Every piece is placed: the fight begins."))
    _start_round(ctx)


def all_placed(state: GameState) -> bool:
    """Whether every piece is on the board (set-up has nothing left to place).

    >>> from rules.boss_fight import quick_game
    >>> all_placed(quick_game(seed=1))
    True
    """
    return all(c.anchor is not None for c in state.characters)


def _start_fight(ctx: _Ctx) -> None:
    s = ctx.state
    if not all_placed(s):
        left = ", ".join(c.name for c in s.characters if c.anchor is None)
        raise IllegalAction(_("Not every piece is placed yet: {names} still to place.", names=left))
    s.phase = Phase.PLAYING
    ctx.say(_("The fight begins."))
    _start_round(ctx)


# ---- rounds and turns -------------------------------------------------------------------------


def initiative(state: GameState) -> list[str]:
    """Ids of the living characters in turn order: highest current agility first.

    Ties: heroes before the boss, heroes in party order. The engine rolls it as a round starts,
    before the last round's statistic changes end (see the module notes).

    >>> from rules.boss_fight import quick_game
    >>> initiative(quick_game(seed=1))
    ['kestrel', 'boss', 'mira_vale', 'orrin_the_sage']
    """
    living = [(i, c) for i, c in enumerate(state.characters) if c.alive]
    ordered = sorted(living, key=lambda ic: (-ic[1].current(Stat.AGILITY), ic[1].side is Side.BOSS, ic[0]))
    return [c.id for _i, c in ordered]


def draw(ctx: _Ctx, c: Character, n: int) -> int:
    """``c`` draws ``n`` cards, reshuffling the discard and expended piles when the deck runs out.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> draw(_Ctx(s, random.Random(0)), s.boss, 2), len(s.boss.piles.hand)
    (2, 6)
    """
    drawn = 0
    for _unused in range(n):
        if not c.piles.deck:
            pool = c.piles.discard + c.piles.expended
            if not pool:
                break
            ctx.rng.shuffle(pool)
            c.piles.deck, c.piles.discard, c.piles.expended = pool, [], []
            ctx.say(_("{name}'s deck is empty: the discard and expended piles ({n} cards) are shuffled into "
                      "a new deck.", name=c.name, n=len(pool)))
        c.piles.hand.append(c.piles.deck.pop())
        drawn += 1
    return drawn


def _start_round(ctx: _Ctx) -> None:
    s = ctx.state
    if s.round and not ctx.acted:
        s.idle_rounds += 1
    else:
        s.idle_rounds = 0
    if s.idle_rounds >= IDLE_ROUNDS_TO_DRAW:
        ctx.say(_("Nobody could act for {n} rounds: the fight ends in a draw.", n=IDLE_ROUNDS_TO_DRAW))
        s.phase, s.outcome, s.active = Phase.OVER, Outcome.DRAW, None
        return
    ctx.acted = False
    if s.settings.round_limit is not None and s.round >= s.settings.round_limit:
        _end_at_round_limit(ctx)
        return
    s.round += 1
    # The order comes from the agility as the last round ends, its changes still on (see above).
    s.order = initiative(s)
    for c in s.characters:
        c.mods = []
    faded: dict[str, list[str]] = {}
    for t in list(s.tokens):
        if t.rounds_left is not None:
            t.rounds_left -= 1
            if t.rounds_left <= 0:
                s.tokens.remove(t)
                faded.setdefault(t.name, []).append(t.tile.label())
    for name, where in faded.items():
        ctx.say(_("The {token} at {tiles} fades.", token=name, tiles=", ".join(where)))
    names = ", ".join(s.character(i).name for i in s.order)
    ctx.say(_("Round {round}. Initiative: {names}.", round=s.round, names=names))
    for cid in s.order:
        c = s.character(cid)
        n = FIRST_DRAW if s.round == 1 else (BOSS_DRAW if c.side is Side.BOSS else HERO_DRAW)
        why = None
        if c.has(Status.STUNNED):
            n, why = 0, STATUS_NAMES[Status.STUNNED]
        elif c.has(Status.DAZZLED):
            n, why = min(n, 1), STATUS_NAMES[Status.DAZZLED]
        got = draw(ctx, c, n)
        if why is None:
            ctx.say(ngettext("{name} draws {n} card.", "{name} draws {n} cards.", got, name=c.name, n=got))
        else:
            ctx.say(ngettext("{name} draws {n} card ({why}).", "{name} draws {n} cards ({why}).", got,
                             name=c.name, n=got, why=why))
    s.turn_index = -1
    _next_turn(ctx)


def health_shares(state: GameState) -> tuple[float, float]:
    """The share of its starting health each side has left: (boss, heroes), from 0 to 1.

    >>> from rules.boss_fight import quick_game
    >>> health_shares(quick_game(seed=1))
    (1.0, 1.0)
    """
    boss = state.boss
    heroes = state.heroes
    boss_share = max(0, boss.health) / boss.max_health if boss.alive and boss.max_health else 0.0
    total = sum(h.max_health for h in heroes)
    left = sum(max(0, h.health) for h in heroes if h.alive)
    return boss_share, (left / total if total else 0.0)


def _end_at_round_limit(ctx: _Ctx) -> None:
    s = ctx.state
    boss, heroes = health_shares(s)
    if abs(boss - heroes) < 1e-9:
        outcome, verdict = Outcome.DRAW, _("a draw")
    elif heroes > boss:
        outcome, verdict = Outcome.HEROES, _("the heroes win")
    else:
        outcome, verdict = Outcome.BOSS, _("the boss wins")
    ctx.say(_("The round limit ({limit}) is reached: the boss keeps {boss} of its health, the heroes "
              "{heroes} of theirs: {verdict}.", limit=s.settings.round_limit, boss=format(boss, ".0%"),
              heroes=format(heroes, ".0%"), verdict=verdict))
    s.phase, s.outcome, s.active, s.actions_left = Phase.OVER, outcome, None, 0


def _can_act(state: GameState, c: Character) -> bool:
    if c.dead or state.actions_left <= 0:
        return False
    if c.piles.hand:
        return True
    return (state.settings.free_walk and not c.active_status(Status.IMMOBILISED)
            and bool(_walk_destinations(state, c)))


def _next_turn(ctx: _Ctx) -> None:
    s = ctx.state
    while s.phase is Phase.PLAYING:
        s.turn_index += 1
        if s.turn_index >= len(s.order):
            _start_round(ctx)
            return
        c = s.character(s.order[s.turn_index])
        if c.dead:
            continue
        _begin_turn(ctx, c)
        if s.phase is not Phase.PLAYING:
            return
        if _can_act(s, c):
            return
        if s.actions_left > 0 and not c.dead:
            ctx.say(ngettext("{name} has no card to play and loses {n} action.",
                             "{name} has no card to play and loses {n} actions.", s.actions_left,
                             name=c.name, n=s.actions_left))
        _end_turn(ctx, c, advance=False)


def _begin_turn(ctx: _Ctx, c: Character) -> None:
    s = ctx.state
    s.active, s.attacks_made, s.feats_used = c.id, 0, 0
    for m in c.statuses:
        m.active = True
    ctx.say(_("{name}'s turn.", name=c.name))
    regen = c.passive_total(PassiveKind.REGENERATE)
    if regen and c.health < c.max_health:
        _heal(ctx, c, regen, regenerates=True)
    if c.has(Status.POISONED):
        roll = ctx.d6(c, _("shake off poison (5-6)"))
        if roll >= 5:
            c.statuses = [m for m in c.statuses if m.status is not Status.POISONED]
            ctx.say(_("{name} rolls {roll} and shakes off the poison.", name=c.name, roll=roll))
        else:
            ctx.say(_("{name} rolls {roll}: still poisoned.", name=c.name, roll=roll))
    actions = BOSS_ACTIONS if c.side is Side.BOSS else HERO_ACTIONS
    if c.active_status(Status.STUNNED):
        actions = 0
        ctx.say(_("{name} is stunned and cannot act this turn.", name=c.name))
    elif c.active_status(Status.DAZZLED):
        actions = min(actions, 1)
        ctx.say(_("{name} is dazzled: 1 action this turn.", name=c.name))
    s.actions_left = actions
    c.seen_this_turn = visible_enemies(s, c)


def _end_turn(ctx: _Ctx, c: Character, *, advance: bool = True) -> None:
    s = ctx.state
    timed = (Status.IMMOBILISED, Status.DAZZLED, Status.STUNNED)
    gone = tuple(STATUS_NAMES[m.status] for m in c.statuses if m.active and m.status in timed)
    c.statuses = [m for m in c.statuses if not (m.active and m.status in timed)]
    if gone:
        ctx.say(_("{name} is no longer {statuses}.", name=c.name, statuses=gone))
    if c.alive:
        c.seen_last_turn = sorted(set(c.seen_this_turn) | set(visible_enemies(s, c)))
    c.seen_this_turn = []
    s.actions_left = 0
    if advance:
        _next_turn(ctx)


def _after_action(ctx: _Ctx, c: Character) -> None:
    """Spend the action, apply poison, remember who was seen, and end the turn when it is over."""
    s = ctx.state
    ctx.acted = True
    s.actions_left -= 1
    if c.alive and c.has(Status.POISONED):
        ctx.say(_("Poison burns {name} for 1.", name=c.name))
        _damage(ctx, c, 1)
    if s.phase is not Phase.PLAYING:
        return
    if c.alive:
        c.seen_this_turn = sorted(set(c.seen_this_turn) | set(visible_enemies(s, c)))
    if not _can_act(s, c):
        _end_turn(ctx, c)


# ---- damage, healing, death -------------------------------------------------------------------


def _heal(ctx: _Ctx, c: Character, amount: int, *, regenerates: bool = False) -> None:
    before = c.health
    c.health = min(c.max_health, c.health + amount)
    values = {"name": c.name, "n": c.health - before, "health": c.health, "max": c.max_health}
    if regenerates:
        ctx.say(_("{name} regenerates {n} ({health}/{max}).", **values))
    else:
        ctx.say(_("{name} heals {n} ({health}/{max}).", **values))


def _damage(ctx: _Ctx, c: Character, amount: int) -> None:
    c.health -= amount
    if c.health <= 0 and c.alive:
        _die(ctx, c)


def _die(ctx: _Ctx, c: Character) -> None:
    s = ctx.state
    tiles = c.tiles()
    c.dead = True
    c.statuses = []
    spec = s.token_specs[DEATH_TOKEN]
    s.tokens.append(BoardToken(token=spec.id, name=spec.name, tile=tiles[0], of=c.id,
                               blocks_sight=spec.blocks_sight, blocks_movement=spec.blocks_movement))
    ctx.say(_("{name} falls at {tile}.", name=c.name, tile=tiles[0].label()))
    _end_if_a_side_is_gone(ctx)


def _end_if_a_side_is_gone(ctx: _Ctx) -> None:
    """The seed's ending: the fight is over once the boss or every hero is out of it."""
    s = ctx.state
    boss_dead = s.boss.dead
    heroes_dead = all(h.dead for h in s.heroes)
    if boss_dead or heroes_dead:
        s.phase, s.active, s.actions_left = Phase.OVER, None, 0
        winner = Outcome.HEROES if boss_dead else Outcome.BOSS
        s.outcome = Outcome.DRAW if boss_dead and heroes_dead else winner
        fallen = (_("Every hero has fallen: the boss wins!") if not any(h.withdrawn for h in s.heroes)
                  else _("Every hero has fallen or withdrawn: the boss wins!"))
        ctx.say({Outcome.HEROES: _("The boss is slain: the heroes win!"),
                 Outcome.BOSS: fallen,
                 Outcome.DRAW: _("The boss and the last hero fall together: a draw.")}[s.outcome])


def _stat_parts(c: Character, stat: Stat, extra: int = 0, extra_why: str = "the card") -> tuple[int, Message]:
    """A combat statistic now and how it adds up ("Strength 5, +1 from Frenzy, +1 from the card: 7")."""
    mods = [(m.amount, m.source) for m in c.mods if m.stat is stat and m.amount]
    if extra:
        mods.append((extra, extra_why))
    total = c.current(stat) + extra
    return total, stat_words(stat.value, c.stats.get(stat), mods, total)


def _strike(ctx: _Ctx, attacker: Character, defender: Character, damage: int, stat: Stat, what: Text,
            stat_bonus: int = 0) -> bool:
    """One damaging hit with the combat comparison and the defence roll; True if it landed.

    The log line carries the whole arithmetic; :attr:`StepResult.hits` the same as data.
    """
    s = ctx.state
    att, att_text = _stat_parts(attacker, stat, stat_bonus)
    dfn = defender.current(stat)
    rolls = defender.defends or not s.settings.defenders_choose
    roll = ctx.d6(defender, _("defence against {what}", what=what)) if rolls else None
    armour = defender.passive_total(PassiveKind.ARMOUR)
    hit = resolve_hit(damage, attack_stat=att, defence_stat=dfn, roll=roll, armour=armour)
    rolled = (_("{name} rolls {roll} for defence", name=defender.name, roll=roll) if roll is not None
              else _("{name} does not roll for defence", name=defender.name))
    before = defender.health
    record = HitRecord(attacker=attacker.name, defender=defender.name, what=str(what), stat=stat,
                       damage=damage,
                       attack_stat=att, defence_stat=dfn, roll=roll, defence=hit.defence, missed=hit.missed,
                       rule=compare_rule(att, hit.defence), armour=armour, dealt=hit.damage,
                       health_before=before, health_after=max(0, before - hit.damage),
                       max_health=defender.max_health)
    ctx.hits.append(record)
    if hit.missed:
        ctx.say(_("{attacker}'s {what} at {defender}: {defender} rolls a 6 for defence: a miss!",
                  attacker=attacker.name, what=what, defender=defender.name))
        return False
    _unused, dfn_text = _stat_parts(defender, stat, roll or 0, "rolled")
    compared = compare_damage(damage, att, hit.defence)
    arithmetic = damage_words(damage, att, hit.defence, compared, armour, hit.damage)
    ctx.say(_("{attacker}'s {what} at {defender}: {rolled}. Attack: {attack}. Defence: {defence}. "
              "{arithmetic}. {defender} {before} -> {after}/{max} health.",
              attacker=attacker.name, what=what, defender=defender.name, rolled=rolled, attack=att_text,
              defence=dfn_text, arithmetic=arithmetic, before=before, after=record.health_after,
              max=defender.max_health))
    _damage(ctx, defender, hit.damage)
    return True


def _apply_status(ctx: _Ctx, c: Character, status: Status) -> None:
    if c.resists(status):
        ctx.say(_("{name} resists being {status}.", name=c.name, status=STATUS_NAMES[status]))
    elif c.has(status):
        ctx.say(_("{name} is already {status}.", name=c.name, status=STATUS_NAMES[status]))
    else:
        c.statuses.append(StatusMark(status=status))
        ctx.say(_("{name} is {status}.", name=c.name, status=STATUS_NAMES[status]))


# ---- areas and targets ------------------------------------------------------------------------


def area_tiles(state: GameState, user: Character, target: Hex, area: Area) -> list[Hex]:
    """The tiles an area covers when aimed at ``target`` by ``user``.

    ``single``: the target; ``blast``: within ``size`` of it; ``line``: the straight line from
    the user through the target, ``size`` tiles long; ``cleave``: the target and the tiles next to
    both it and the user; ``nova``: within ``size`` of any of the user's tiles.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> len(area_tiles(s, s.boss, Hex.from_label("F6"), Area(shape=AreaShape.BLAST, size=1)))
    7
    """
    mine = user.tiles()
    if area.shape is AreaShape.SINGLE:
        return [target]
    if area.shape is AreaShape.BLAST:
        return target.spiral(area.size)
    if area.shape is AreaShape.NOVA:
        out: list[Hex] = []
        for h in mine:
            out.extend(t for t in h.spiral(area.size) if t not in out and t not in mine)
        return out
    start = min(mine, key=lambda h: (h.distance(target), h.q, h.r))
    if area.shape is AreaShape.CLEAVE:
        near = set(target.neighbours())
        return [target] + [h for h in start.neighbours() if h in near and h not in mine]
    d = max(1, start.distance(target))
    k = -(-area.size // d)
    far = start + (target - start).scale(k)
    return [h for h in start.line_to(far)[1:] if h not in mine][: area.size]


def _pieces_in(state: GameState, tiles: list[Hex], who: list[Character]) -> list[Character]:
    spots = set(tiles)
    return [c for c in who if spots & set(c.tiles())]


def _affected(state: GameState, user: Character, usable: Usable, tiles: list[Hex]) -> list[Character]:
    reach = usable.reaches
    if reach is Affects.SELF:
        return [user]
    pool = enemies_of(state, user) if reach is Affects.ENEMIES else allies_of(state, user)
    return _pieces_in(state, tiles, pool)


def _range_bonus(c: Character) -> int:
    return c.passive_total(PassiveKind.RANGE_BONUS)


def check_aim(state: GameState, user: Character, target: Hex | None, kind: TargetKind, rng_: int, los: bool,
               what: str) -> None:
    """:class:`IllegalAction` unless ``target`` suits ``kind`` within range and sight.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> check_aim(s, s.boss, Hex.from_label("A1"), TargetKind.ENEMY, 1, True, "a bite")
    Traceback (most recent call last):
    ...
    rules.boss_fight.engine.IllegalAction: A1 is ... tiles away; a bite reaches 1.
    """
    if kind is TargetKind.SELF:
        return
    if target is None:
        raise IllegalAction(_("{what} needs a target tile.", what=what))
    if (target.q, target.r) not in on_board(state):
        raise IllegalAction(_("{tile} is off the board.", tile=target.label()))
    mine = user.tiles()
    dist = piece_distance(mine, [target])
    if dist > rng_:
        raise IllegalAction(_("{tile} is {dist} tiles away; {what} reaches {range}.", tile=target.label(),
                              dist=dist, what=what, range=rng_))
    occupant = state.occupant(target)
    if kind is TargetKind.ENEMY:
        if occupant is None or occupant.side is user.side:
            raise IllegalAction(_("No enemy stands on {tile}: aim {what} at an enemy.", tile=target.label(),
                                  what=what))
        if not can_see(state, user, occupant) and (los or occupant.id not in user.seen_last_turn):
            if los:
                raise IllegalAction(_("{name} cannot see {target}: {what} needs line of sight.",
                                      name=user.name, target=occupant.name, what=what))
            raise IllegalAction(_("{name} cannot see {target} and did not see it on its last turn: {what} "
                                  "needs line of sight.", name=user.name, target=occupant.name, what=what))
    elif kind is TargetKind.ALLY:
        if occupant is None or occupant.side is not user.side:
            raise IllegalAction(_("No ally stands on {tile}: aim {what} at an ally (or yourself).",
                                  tile=target.label(), what=what))
        if los and occupant.id != user.id and not can_see_tiles(state, user, [target]):
            raise IllegalAction(_("{name} cannot see {target}: {what} needs line of sight.",
                                  name=user.name, target=target.label(), what=what))
    elif los and not can_see_tiles(state, user, [target]):
        raise IllegalAction(_("{name} cannot see {target}: {what} needs line of sight.",
                              name=user.name, target=target.label(), what=what))


def can_see_tiles(state: GameState, viewer: Character, tiles: list[Hex]) -> bool:
    """Whether ``viewer`` has line of sight to a set of tiles (not a piece).

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> can_see_tiles(s, s.boss, [s.boss.tiles()[0].neighbours()[0]])
    True
    """
    return sightlines_for(state, viewer).sees(viewer.tiles(), tiles)


# ---- effects ----------------------------------------------------------------------------------


def _run_usable(ctx: _Ctx, user: Character, usable: Usable, target: Hex | None, what: str) -> None:
    s = ctx.state
    aim = target if target is not None else user.tiles()[0]
    tiles = area_tiles(s, user, aim, usable.area)
    affected = _affected(s, user, usable, tiles)
    missed: set[str] = set()
    for e in usable.effects:
        if s.phase is not Phase.PLAYING:
            return
        if e.kind is EffectKind.MOVE:
            if target is None:
                raise IllegalAction(_("{what} needs a destination tile.", what=what))
            _relocate(ctx, user, target, e.amount, what)
            continue
        if e.kind is EffectKind.TOKEN:
            _place_tokens(ctx, user, e.token or "", tiles)
            continue
        recipients = [user] if e.to is EffectTo.USER else [c for c in affected if c.id not in missed]
        if not recipients and e.to is not EffectTo.USER and e is usable.effects[0]:
            ctx.say(_("{what} reaches nobody.", what=what))
        for r in recipients:
            if r.dead:
                continue
            _effect_on(ctx, user, r, e, what, missed)


def _effect_on(ctx: _Ctx, user: Character, r: Character, e, what: str, missed: set[str]) -> None:
    k = e.kind
    if k is EffectKind.DAMAGE:
        if not _strike(ctx, user, r, e.amount, e.stat, what):
            missed.add(r.id)
    elif k is EffectKind.HEAL:
        _heal(ctx, r, e.amount)
    elif k is EffectKind.PUSH:
        _push(ctx, user, r, e.amount)
    elif k is EffectKind.STATUS:
        _apply_status(ctx, r, e.status)
    elif k is EffectKind.CLEANSE:
        before = len(r.statuses)
        r.statuses = [m for m in r.statuses if e.status is not None and m.status is not e.status]
        ctx.say(_("{name} is cleansed.", name=r.name) if len(r.statuses) < before
                else _("{name} had nothing to cleanse.", name=r.name))
    elif k is EffectKind.DRAW:
        got = draw(ctx, r, e.amount)
        ctx.say(_("{name} draws {n}.", name=r.name, n=got))
    elif k is EffectKind.DISCARD:
        n = min(e.amount, len(r.piles.hand))
        for _unused in range(n):
            card = r.piles.hand.pop(ctx.rng.randrange(len(r.piles.hand)))
            r.piles.discard.append(card)
        ctx.say(ngettext("{name} discards {n} card at random.", "{name} discards {n} cards at random.", n,
                         name=r.name, n=n))
    elif k is EffectKind.MODIFY:
        r.mods.append(StatMod(stat=e.stat, amount=e.amount, source=str(what)))
        ctx.say(_("{name}'s {stat} {amount} until the end of the round.", name=r.name,
                  stat=STAT_NAMES.get(e.stat.value, e.stat.value), amount=format(e.amount, "+d")))


def _push(ctx: _Ctx, user: Character, r: Character, amount: int) -> None:
    s = ctx.state
    passable = passable_for(s, r) - _occupied_by_others(s, r)
    tiles = [(h.q, h.r) for h in r.tiles()]
    shift = push_path(passable, tiles, [(h.q, h.r) for h in user.tiles()], amount)
    if shift == (0, 0):
        ctx.say(_("{name} cannot be pushed: the way is blocked.", name=r.name))
        return
    r.anchor = r.anchor + Hex.axial(*shift)  # type: ignore[operator]
    pushed = Hex.axial(*shift).length()
    ctx.say(ngettext("{name} is pushed {n} tile to {tile}.", "{name} is pushed {n} tiles to {tile}.", pushed,
                     name=r.name, n=pushed, tile=r.tiles()[0].label()))


def _relocate(ctx: _Ctx, c: Character, to: Hex, amount: int, what: str) -> None:
    tiles = move_allowance(c, amount)
    pivot = None if len(c.shape) == 1 else _best_pivot(ctx.state, c, to, tiles)
    anchor, rot = _move_to(ctx.state, c, to, pivot, None, tiles)
    c.anchor, c.rotation = anchor, rot
    ctx.say(_("{name} moves to {tile} ({what}).", name=c.name, tile=to.label(), what=what))


def _best_pivot(state: GameState, c: Character, to: Hex, tiles: int) -> Hex | None:
    for pose, (pivot, end) in boss_destinations(state, c, tiles).items():
        if end == to and pose[2] == c.rotation:
            return pivot
    return None


def _place_tokens(ctx: _Ctx, user: Character, token: str, tiles: list[Hex]) -> None:
    s = ctx.state
    spec = s.token_specs.get(token)
    if spec is None:
        raise IllegalAction(_("This game has no '{token}' token.", token=token))
    board = on_board(s)
    placed = 0
    obstacles = set(s.obstacles)
    for t in tiles:
        there = any(x.tile == t and x.token == token for x in s.tokens)
        if (t.q, t.r) in board and t not in obstacles and not there:
            s.tokens.append(BoardToken(token=spec.id, name=spec.name, tile=t, blocks_sight=spec.blocks_sight,
                                       blocks_movement=spec.blocks_movement, rounds_left=spec.rounds,
                                       of=user.id))
            placed += 1
    ctx.say(ngettext("{name} places {n} {token} token.", "{name} places {n} {token} tokens.", placed,
                     name=user.name, n=placed, token=spec.name))


# ---- the actions ------------------------------------------------------------------------------


_HAND_USES = {
    "play": N_("{name} has no '{card}' in hand to play. In hand: {names}."),
    "attack with": N_("{name} has no '{card}' in hand to attack with. In hand: {names}."),
    "use": N_("{name} has no '{card}' in hand to use. In hand: {names}."),
    "sacrifice": N_("{name} has no '{card}' in hand to sacrifice. In hand: {names}."),
}


def _take_from_hand(c: Character, card: str, state: GameState, what: str) -> None:
    if card not in c.piles.hand:
        names = ", ".join(sorted({state.cards[x].name for x in c.piles.hand})) or _("nothing")
        raise IllegalAction(_(_HAND_USES[what], name=c.name, card=_card_name(state, card), names=names))


def _card_name(state: GameState, card: str) -> str:
    spec = state.cards.get(card)
    return spec.name if spec else card


def _card_of(state: GameState, c: Character, card: str, kind: CardType, what: str):
    _take_from_hand(c, card, state, what)
    spec = state.cards[card]
    if spec.type is not kind:
        raise IllegalAction(_("{card} is a {kind} card, not a {wanted} card.", card=spec.name,
                              kind=CARD_KINDS[spec.type], wanted=CARD_KINDS[kind]))
    return spec


def _discard(c: Character, card: str, *, used: bool = False) -> None:
    c.piles.hand.remove(card)
    (c.piles.used if used else c.piles.discard).append(card)


def _walk_destinations(state: GameState, c: Character) -> dict:
    tiles = move_allowance(c, FREE_WALK_TILES)
    if len(c.shape) == 1:
        return reachable(state, c, tiles)
    return boss_destinations(state, c, tiles)


def _move(ctx: _Ctx, c: Character, a: Move) -> None:
    s = ctx.state
    if c.active_status(Status.IMMOBILISED):
        raise IllegalAction(_("{name} is immobilised this turn: play something other than a move.",
                              name=c.name))
    card_name = None
    if a.card is None:
        if not s.settings.free_walk:
            raise IllegalAction(_("The free walk is not in use in this game: play a move card."))
        allowance = move_allowance(c, FREE_WALK_TILES)
    else:
        spec = _card_of(s, c, a.card, CardType.MOVE, "play")
        allowance, card_name = move_allowance(c, spec.move.tiles), spec.name
        if allowance < max(1, spec.move.minimum):
            raise IllegalAction(_("{card} needs at least {need} tile(s) of movement and {name} has {has}: it "
                                  "cannot be played (sacrifice it instead).", card=spec.name,
                                  need=max(1, spec.move.minimum), name=c.name, has=allowance))
    anchor, rot = _move_to(s, c, a.to, a.pivot, a.rotation, allowance)
    before = c.tiles()[0].label()
    c.anchor, c.rotation = anchor, rot
    if a.card is not None:
        _discard(c, a.card)
    after = c.tiles()[0].label()
    values = {"name": c.name, "card": card_name, "before": before, "after": after, "rotation": rot}
    if card_name is None and len(c.shape) > 1:
        ctx.say(_("{name} walks: {before} -> {after}, facing {rotation}.", **values))
    elif card_name is None:
        ctx.say(_("{name} walks: {before} -> {after}.", **values))
    elif len(c.shape) > 1:
        ctx.say(_("{name} plays {card}: {before} -> {after}, facing {rotation}.", **values))
    else:
        ctx.say(_("{name} plays {card}: {before} -> {after}.", **values))
    _after_action(ctx, c)


def _equipment(c: Character, key: str) -> EquipmentSpec:
    wanted = key.strip().lower()
    for eq in c.equipment:
        if wanted in (eq.id, eq.name.lower()):
            return eq
    names = ", ".join(e.name for e in c.equipment) or _("no equipment")
    raise IllegalAction(_("{name} has no '{key}' equipped; it has {names}.", name=c.name,
                          key=key.strip()[:40], names=names))


def attacks(usable: Usable) -> bool:
    """Whether using ``usable`` as an action is an attack: it deals damage to enemies.

    The seed caps the boss at 2 attack actions a turn and names Attack as a type of action card;
    an item or an ability that hurts enemies is the same kind of action, so it counts too (the
    Tail Sting is an attack, the Spit Venom's poison is not).

    >>> from rules.boss_fight.loading import load_catalog
    >>> cat = load_catalog()
    >>> attacks(cat.abilities["tremor"].use), attacks(cat.actions["spit_venom"].item)
    (True, False)
    """
    return usable.reaches is Affects.ENEMIES and any(
        e.kind is EffectKind.DAMAGE and e.to is EffectTo.AFFECTED for e in usable.effects)


def attack_capped(state: GameState, c: Character) -> bool:
    """Whether ``c`` is the boss and has made its 2 attack actions this turn.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> attack_capped(s, s.boss)
    False
    """
    return c.side is Side.BOSS and state.active == c.id and state.attacks_made >= BOSS_MAX_ATTACKS


def _check_attack_cap(state: GameState, c: Character, what: str) -> None:
    if attack_capped(state, c):
        raise IllegalAction(_("{name} has made {n} attacks this turn, the most a boss may, and {what} "
                              "attacks too: use the other action on a move, an item that deals no damage "
                              "or a sacrifice.", name=c.name, n=BOSS_MAX_ATTACKS, what=what))


def _attack(ctx: _Ctx, c: Character, a: Attack) -> None:
    s = ctx.state
    spec = _card_of(s, c, a.card, CardType.ATTACK, "attack with")
    _check_attack_cap(s, c, spec.name)
    eq = _equipment(c, a.equipment)
    prof = eq.profile(spec.attack.profile)
    if prof is None:
        raise IllegalAction(_("{equipment} has no {kind} attack: pick equipment that has one.",
                              equipment=eq.name, kind=ATTACK_KINDS[spec.attack.profile]))
    rng_ = prof.range + spec.attack.bonus_range + _range_bonus(c)
    what = _("{card} with {equipment}", card=spec.name, equipment=eq.name)
    check_aim(s, c, a.target, TargetKind.ENEMY, max(1, rng_), prof.los, what)
    _discard(c, a.card)
    s.attacks_made += 1
    stat = Stat((prof.stat or eq.stat).value)
    damage = max(1, prof.damage + spec.attack.bonus_damage)
    tiles = area_tiles(s, c, a.target, prof.area)
    victims = _pieces_in(s, tiles, enemies_of(s, c))
    ctx.say(_("{name} plays {card} with {equipment} at {tile}.", name=c.name, card=spec.name,
              equipment=eq.name, tile=a.target.label()))
    for v in victims:
        if s.phase is not Phase.PLAYING:
            break
        if _strike(ctx, c, v, damage, stat, what, spec.attack.stat_bonus) and v.alive:
            for e in prof.effects:
                recipient = c if e.to is EffectTo.USER else v
                if recipient.alive and s.phase is Phase.PLAYING:
                    _effect_on(ctx, c, recipient, e, what, set())
    if s.phase is Phase.PLAYING:
        _after_action(ctx, c)


def _use_item(ctx: _Ctx, c: Character, a: UseItem) -> None:
    s = ctx.state
    spec = _card_of(s, c, a.card, CardType.ITEM, "use")
    item = spec.item
    if attacks(item):
        _check_attack_cap(s, c, spec.name)
    _check_usable(s, c, item, a.target, spec.name)
    _discard(c, a.card, used=True)
    if attacks(item):
        s.attacks_made += 1
    ctx.say(_("{name} uses {card}.", name=c.name, card=spec.name))
    _run_usable(ctx, c, item, a.target, spec.name)
    if s.phase is Phase.PLAYING:
        _after_action(ctx, c)


def _check_usable(state: GameState, c: Character, usable: Usable, target: Hex | None, what: str) -> None:
    check_aim(state, c, target, usable.target, usable.range, usable.los, what)
    for e in usable.effects:
        if e.kind is EffectKind.MOVE:
            if c.active_status(Status.IMMOBILISED):
                raise IllegalAction(_("{name} is immobilised this turn and cannot use {what}.", name=c.name,
                                      what=what))
            allowance = move_allowance(c, e.amount)
            if len(c.shape) == 1:
                if target not in reachable(state, c, allowance):
                    where = target.label() if target else "?"
                    raise IllegalAction(_("{what} cannot take {name} to {tile}: pick a clear tile within "
                                          "{n}.", what=what, name=c.name, tile=where, n=allowance))
            elif target is None or _best_pivot(state, c, target, allowance) is None:
                raise IllegalAction(_("{what} cannot take {name} there: pick a tile its shape can reach.",
                                      what=what, name=c.name))


def _sacrifice(ctx: _Ctx, c: Character, a: Sacrifice) -> None:
    _take_from_hand(c, a.card, ctx.state, "sacrifice")
    _discard(c, a.card)
    ctx.say(_("{name} sacrifices {card}.", name=c.name, card=_card_name(ctx.state, a.card)))
    _after_action(ctx, c)


def ability_ready(state: GameState, c: Character, ability_id: str) -> bool:
    """Whether a usable ability was not used this round or the previous one.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> ability_ready(s, s.boss, "tremor")
    True
    """
    last = c.ability_used_round.get(ability_id)
    return last is None or state.round - last >= 2


def _expend(c: Character, n: int) -> None:
    moved, c.piles.discard = c.piles.discard[:n], c.piles.discard[n:]
    c.piles.expended.extend(moved)


def _use_ability(ctx: _Ctx, c: Character, a: UseAbility) -> None:
    s = ctx.state
    ab = next((x for x in c.abilities if a.ability.strip().lower() in (x.id, x.name.lower())), None)
    if ab is None:
        names = ", ".join(x.name for x in c.abilities if x.use) or _("none")
        raise IllegalAction(_("{name} has no ability '{ability}'. Usable: {names}.", name=c.name,
                              ability=a.ability.strip()[:40], names=names))
    if ab.use is None:
        raise IllegalAction(_("{ability} is passive: it always applies and is never used.", ability=ab.name))
    if not ability_ready(s, c, ab.id):
        last = c.ability_used_round[ab.id]
        raise IllegalAction(_("{ability} was used in round {last}: it is ready again in round {ready}.",
                              ability=ab.name, last=last, ready=last + 2))
    if len(c.piles.discard) < ab.expend:
        raise IllegalAction(_("{ability} expends {n} card(s) from the discard pile and {name} has {has} "
                              "there.",
                              ability=ab.name, n=ab.expend, name=c.name, has=len(c.piles.discard)))
    if ab.takes_action:
        if attacks(ab.use):
            _check_attack_cap(s, c, ab.name)
        if a.sacrifice is None:
            raise IllegalAction(_("{ability} takes an action: name a card from the hand to sacrifice for it.",
                                  ability=ab.name))
        _take_from_hand(c, a.sacrifice, s, "sacrifice")
    elif a.sacrifice is not None:
        raise IllegalAction(_("{ability} does not take an action: leave the sacrifice out.", ability=ab.name))
    _check_usable(s, c, ab.use, a.target, ab.name)
    if ab.takes_action and a.sacrifice is not None:
        _discard(c, a.sacrifice)
    _expend(c, ab.expend)
    c.ability_used_round[ab.id] = s.round
    if ab.takes_action and attacks(ab.use):
        s.attacks_made += 1
    cost = []
    if ab.takes_action:
        cost.append(_("sacrificing {card}", card=_card_name(s, a.sacrifice or "")))
    if ab.expend:
        cost.append(_("expending {n}", n=ab.expend))
    if cost:
        ctx.say(_("{name} uses {ability} ({cost}).", name=c.name, ability=ab.name, cost=tuple(cost)))
    else:
        ctx.say(_("{name} uses {ability}.", name=c.name, ability=ab.name))
    _run_usable(ctx, c, ab.use, a.target, ab.name)
    if s.phase is Phase.PLAYING and ab.takes_action:
        _after_action(ctx, c)


def _heroic_feat(ctx: _Ctx, c: Character, a: HeroicFeat) -> None:
    s = ctx.state
    if c.feat is None:
        raise IllegalAction(_("{name} has no heroic feat.", name=c.name))
    if s.settings.feats_per_turn is not None and s.feats_used >= s.settings.feats_per_turn:
        raise IllegalAction(_("{name} has used {n} heroic feat(s) this turn, the most this game allows.",
                              name=c.name, n=s.feats_used))
    if len(c.piles.discard) < c.feat_cost:
        raise IllegalAction(_("{ability} expends {n} card(s) from the discard pile and {name} has {has} "
                              "there.",
                              ability=c.feat.name, n=c.feat_cost, name=c.name, has=len(c.piles.discard)))
    _check_usable(s, c, c.feat.use, a.target, c.feat.name)
    _expend(c, c.feat_cost)
    s.feats_used += 1
    ctx.acted = True
    ctx.say(_("{name} performs the heroic feat {feat} (expending {n}).", name=c.name, feat=c.feat.name,
              n=c.feat_cost))
    _run_usable(ctx, c, c.feat.use, a.target, c.feat.name)
    if s.phase is Phase.PLAYING and c.alive and not _can_act(s, c):
        _end_turn(ctx, c)


def _withdraw(ctx: _Ctx, a: Withdraw) -> None:
    s = ctx.state
    c = s.character(a.character)
    if c.side is not Side.HERO:
        raise IllegalAction(_("Only a hero can withdraw: the boss player concedes instead."))
    if s.phase is not Phase.PLAYING:
        raise IllegalAction(_("Heroes withdraw once the fight is under way; before that, ask the host to "
                              "start the table again without the hero."))
    if c.dead:
        if c.withdrawn:
            raise IllegalAction(_("{name} has already withdrawn: there is nothing to withdraw.", name=c.name))
        raise IllegalAction(_("{name} has fallen: there is nothing to withdraw.", name=c.name))
    where = c.tiles()[0].label() if c.tiles() else _("the board")
    was_acting = s.active == c.id
    c.dead, c.withdrawn, c.statuses = True, True, []
    ctx.acted = True
    ctx.say(_("{name} withdraws from the fight and leaves {where}.", name=c.name, where=where))
    _end_if_a_side_is_gone(ctx)
    if s.phase is Phase.PLAYING and was_acting:
        _end_turn(ctx, c)


def _set_defence(ctx: _Ctx, a: SetDefence) -> None:
    s = ctx.state
    if not s.settings.defenders_choose:
        raise IllegalAction(_("This game always rolls for defence (the roll can only help): there is "
                              "nothing to set."))
    c = s.character(a.character)
    c.defends = a.roll
    ctx.say(_("{name} will roll for defence.", name=c.name) if a.roll
            else _("{name} will not roll for defence.", name=c.name))


_TURN_ACTIONS = {Move: _move, Attack: _attack, UseItem: _use_item, Sacrifice: _sacrifice,
                 UseAbility: _use_ability, HeroicFeat: _heroic_feat}


def copy_state(state: GameState) -> GameState:
    """A copy whose mutable parts are fresh; content specs (frozen models) are shared.

    Much faster than a deep copy, and safe because the engine never changes a spec.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> t = copy_state(s)
    >>> t == s and t.characters[0].piles is not s.characters[0].piles
    True
    """
    chars = []
    for c in state.characters:
        p = c.piles
        chars.append(c.model_copy(update={
            "mods": [m.model_copy() for m in c.mods],
            "statuses": [m.model_copy() for m in c.statuses],
            "piles": p.model_copy(update={"deck": list(p.deck), "hand": list(p.hand),
                                          "discard": list(p.discard), "expended": list(p.expended),
                                          "used": list(p.used)}),
            "ability_used_round": dict(c.ability_used_round),
            "seen_last_turn": list(c.seen_last_turn), "seen_this_turn": list(c.seen_this_turn),
            "equipment": list(c.equipment), "abilities": list(c.abilities), "passives": list(c.passives),
            "shape": list(c.shape), "pieces": list(c.pieces),
        }))
    return state.model_copy(update={
        "characters": chars, "tokens": [t.model_copy() for t in state.tokens],
        "order": list(state.order), "obstacles": list(state.obstacles), "cards": dict(state.cards),
        "token_specs": dict(state.token_specs),
        "settings": state.settings.model_copy(),
    })


def apply(state: GameState, action: Action, rng: random.Random) -> StepResult:
    """Apply one action and return the new state, the log and the dice; :class:`RuleError` if illegal.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=2)
    >>> card = s.current.piles.hand[0]
    >>> r = apply(s, Sacrifice(card=card), random.Random(0))
    >>> str(r.log[0]).endswith(".") and r.state.step == s.step + 1
    True
    """
    s = copy_state(state)
    ctx = _Ctx(s, rng)
    if s.phase is Phase.OVER:
        raise IllegalAction(_("The fight is over: start a new game."))
    if isinstance(action, SetDefence):
        _set_defence(ctx, action)
    elif isinstance(action, Withdraw):
        _withdraw(ctx, action)
    elif s.phase is Phase.SETUP:
        if isinstance(action, PlaceBoss):
            _place_boss(ctx, action)
        elif isinstance(action, PlaceHero):
            _place_hero(ctx, action)
        elif isinstance(action, StartFight):
            _start_fight(ctx)
        else:
            raise IllegalAction(_("The pieces are still being placed: place the boss, then every hero."))
    else:
        if isinstance(action, PlaceBoss | PlaceHero):
            raise IllegalAction(_("Every piece is already on the board."))
        if isinstance(action, StartFight):
            raise IllegalAction(_("The fight has already begun."))
        c = s.current
        if c is None:
            raise IllegalAction(_("Nobody is taking a turn."))
        if isinstance(action, HeroicFeat) and c.side is not Side.HERO:
            raise IllegalAction(_("Only heroes have heroic feats."))
        _TURN_ACTIONS[type(action)](ctx, c, action)
    s.step += 1
    return StepResult(state=s, log=ctx.log, rolls=ctx.rolls, hits=ctx.hits)


def agree_draw(state: GameState) -> StepResult:
    """The fight ended as a draw because both sides agreed to stop (the seed has no such ending;
    it is for a fight the players no longer want to finish). Who must agree is the table's rule
    (``rules.boss_fight.table.offering_draw``); the engine only ends the fight.

    >>> from rules.boss_fight import quick_game
    >>> r = agree_draw(quick_game(seed=1))
    >>> r.state.is_over(), r.state.outcome.value, [str(line) for line in r.log]
    (True, 'draw', ['Both sides agree to end the fight: a draw.'])
    """
    if state.phase is not Phase.PLAYING:
        raise IllegalAction(_("Only a fight under way can end in an agreed draw."))
    s = copy_state(state)
    s.phase, s.outcome, s.active, s.actions_left = Phase.OVER, Outcome.DRAW, None, 0
    s.step += 1
    return StepResult(state=s, log=[_("Both sides agree to end the fight: a draw.")])


def concede(state: GameState, side: Side) -> StepResult:
    """The fight ended because ``side`` gave up: the other side wins. Who may concede for the
    party is the table's rule (``rules.boss_fight.table.conceding``); the engine only ends the
    fight and records who gave up (``state.conceded``), so the board can say so.

    >>> from rules.boss_fight import quick_game
    >>> r = concede(quick_game(seed=1), Side.HERO)
    >>> r.state.is_over(), r.state.outcome.value, r.state.conceded.value, [str(line) for line in r.log]
    (True, 'boss', 'hero', ['The heroes concede: the boss wins.'])
    """
    if state.is_over():
        raise IllegalAction(_("The fight is already over."))
    s = copy_state(state)
    winner = Outcome.BOSS if side is Side.HERO else Outcome.HEROES
    s.phase, s.outcome, s.active, s.actions_left, s.conceded = Phase.OVER, winner, None, 0, side
    s.step += 1
    said = (_("The heroes concede: the boss wins.") if side is Side.HERO
            else _("The boss concedes: the heroes win."))
    return StepResult(state=s, log=[said])


# ---- legal actions ----------------------------------------------------------------------------


def _usable_targets(state: GameState, c: Character, usable: Usable) -> list[Hex | None]:
    if usable.target is TargetKind.SELF:
        return [None]
    rng_ = usable.range
    out: list[Hex | None] = []
    if usable.target in (TargetKind.ENEMY, TargetKind.ALLY):
        pool = enemies_of(state, c) if usable.target is TargetKind.ENEMY else allies_of(state, c)
        for o in pool:
            tile = min(o.tiles(), key=lambda h: (piece_distance(c.tiles(), [h]), h.q, h.r))
            try:
                _check_usable(state, c, usable, tile, "it")
            except RuleError:
                continue
            out.append(tile)
        return out
    mine = c.tiles()
    board = on_board(state)
    candidates = {t for m in mine for t in m.spiral(rng_) if (t.q, t.r) in board and t not in mine}
    moves = [e for e in usable.effects if e.kind is EffectKind.MOVE]
    if moves:
        if c.active_status(Status.IMMOBILISED):
            return []
        allowance = move_allowance(c, moves[0].amount)
        if len(c.shape) == 1:
            candidates &= set(reachable(state, c, allowance))
        else:
            candidates &= {end for pose, (_pivot, end) in boss_destinations(state, c, allowance).items()
                           if pose[2] == c.rotation}
    if usable.los:
        lines = sightlines_for(state, c)
        candidates = {h for h in candidates if lines.sees(mine, [h])}
    out.extend(sorted(candidates, key=lambda h: (h.q, h.r)))
    return out


def attack_targets(state: GameState, c: Character, card: str, eq: EquipmentSpec) -> list[Hex]:
    """One tile per enemy that ``card`` with ``eq`` may be aimed at now (the enemy's nearest tile).

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> attack_targets(s, s.boss, "basic_attack", s.boss.equipment[0])  # the club reaches 1, Mira is at J7
    []
    """
    spec = state.cards[card]
    prof = eq.profile(spec.attack.profile) if spec.attack else None
    if prof is None:
        return []
    rng_ = max(1, prof.range + spec.attack.bonus_range + _range_bonus(c))
    out = []
    for e in enemies_of(state, c):
        tile = min(e.tiles(), key=lambda h: (piece_distance(c.tiles(), [h]), h.q, h.r))
        try:
            check_aim(state, c, tile, TargetKind.ENEMY, rng_, prof.los, "it")
        except RuleError:
            continue
        out.append(tile)
    return out


def move_actions(state: GameState, c: Character, card: str | None, tiles: int,
                 reach: dict[Pose, tuple[int, int]] | None = None) -> list[Move]:
    """Every legal :class:`Move` of up to ``tiles`` (already adjusted) with ``card``.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> all(m.card == "walk" for m in move_actions(s, s.heroes[0], "walk", 2))
    True
    """
    if len(c.shape) == 1:
        return [Move(card=card, to=h) for h in sorted(reachable(state, c, tiles), key=lambda h: (h.q, h.r))]
    return [Move(card=card, to=end, pivot=pivot, rotation=pose[2])
            for pose, (pivot, end) in boss_destinations(state, c, tiles, reach).items()]


def legal_actions(state: GameState) -> list[Action]:
    """Everything the character to act may do now (set-up placements included).

    Attacks list one target tile per enemy; boss moves list one pivot per reachable pose;
    abilities that take an action list each distinct card in hand as the sacrifice.
    :class:`SetDefence` is not listed (it is a standing choice, not a turn action).

    >>> from rules.boss_fight import quick_game
    >>> any(a.kind == "sacrifice" for a in legal_actions(quick_game(seed=3)))
    True
    """
    s = state
    if s.phase is Phase.OVER:
        return []
    if s.phase is Phase.SETUP:
        if s.boss.anchor is None:
            return list(boss_placements(s))
        if all_placed(s):
            return [StartFight()]
        hero = s.current
        if hero is None:
            return []
        return [PlaceHero(character=hero.id, tile=h) for h in hero_placements(s, hero)]
    c = s.current
    if c is None or s.actions_left <= 0:
        return []
    out: list[Action] = []
    immobile = c.active_status(Status.IMMOBILISED)
    capped = attack_capped(s, c)
    reach = None
    if len(c.shape) > 1 and not immobile:
        # One search at the longest move in hand serves every move card (and the free walk).
        longest = [move_allowance(c, s.cards[x].move.tiles) for x in c.piles.hand if s.cards[x].move]
        if s.settings.free_walk:
            longest.append(move_allowance(c, FREE_WALK_TILES))
        reach = boss_reach(s, c, max(longest, default=0))
    for card in sorted(set(c.piles.hand)):
        spec = s.cards[card]
        if spec.type is CardType.MOVE and not immobile:
            allowance = move_allowance(c, spec.move.tiles)
            if allowance >= max(1, spec.move.minimum):
                out.extend(move_actions(s, c, card, allowance, reach))
        elif spec.type is CardType.ATTACK and not capped:
            for eq in c.equipment:
                targets = attack_targets(s, c, card, eq)
                out.extend(Attack(card=card, equipment=eq.id, target=t) for t in targets)
        elif spec.type is CardType.ITEM and not (capped and attacks(spec.item)):
            out.extend(UseItem(card=card, target=t) for t in _usable_targets(s, c, spec.item))
        out.append(Sacrifice(card=card))
    if s.settings.free_walk and not immobile:
        out.extend(move_actions(s, c, None, move_allowance(c, FREE_WALK_TILES), reach))
    hand = sorted(set(c.piles.hand))
    for ab in c.abilities:
        if ab.use is None or not ability_ready(s, c, ab.id) or len(c.piles.discard) < ab.expend:
            continue
        if ab.takes_action and (not hand or (capped and attacks(ab.use))):
            continue
        for t in _usable_targets(s, c, ab.use):
            if ab.takes_action:
                out.extend(UseAbility(ability=ab.id, target=t, sacrifice=x) for x in hand)
            else:
                out.append(UseAbility(ability=ab.id, target=t))
    feats_left = s.settings.feats_per_turn is None or s.feats_used < s.settings.feats_per_turn
    if c.feat and c.side is Side.HERO and feats_left and len(c.piles.discard) >= c.feat_cost:
        out.extend(HeroicFeat(target=t) for t in _usable_targets(s, c, c.feat.use))
    return out


def hand(state: GameState, character: str) -> list[str]:
    """The card names in a character's hand: private, for that character's player only.

    >>> from rules.boss_fight import quick_game
    >>> len(hand(quick_game(seed=1), "boss"))
    4
    """
    c = state.character(character)
    return [state.cards[x].name for x in c.piles.hand]
