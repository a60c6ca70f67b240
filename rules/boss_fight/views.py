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

from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel

from rules.boss_fight.combat import ATTACK_KINDS, expected_damage, resolve_hit
from rules.boss_fight.content import AreaShape, AttackKind, CardType, PassiveKind, Side, Stat, Status
from rules.boss_fight.engine import (
    FREE_WALK_TILES,
    IllegalAction,
    area_tiles,
    attack_targets,
    boss_destinations,
    boss_reach,
    can_see,
    check_aim,
    enemies_of,
    move_allowance,
    on_board,
    reachable,
    sightlines_for,
)
from rules.boss_fight.hexgrid import Hex, parse_label
from rules.boss_fight.state import Character, GameState, Move, Outcome, pose_tiles
from rules.errors import RuleError, quote
from rules.i18n import Message, Text, _, ngettext


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


@dataclass(frozen=True)
class PiecePose:
    """Where a move can leave a whole piece: its anchor tile and rotation (as ``/bf place`` names
    them), the tiles it would cover, the fewest steps to get there, and the :class:`Move` that does."""

    anchor: Hex
    rotation: int
    tiles: tuple[Hex, ...]
    steps: int
    move: Move

    def label(self) -> str:
        """``"anchor K10, rotation 2: covers J9 J10 K9 K10 L10"`` (tiles by column, then row)."""
        covered = " ".join(h.label() for h in sorted(self.tiles, key=lambda h: (h.col, h.row)))
        return f"anchor {self.anchor.label()}, rotation {self.rotation}: covers {covered}"


def piece_poses(state: GameState, character: str, card: str | None = None) -> list[PiecePose]:
    """Every pose the character's piece can end in with a move card (or the walk), nearest first.

    One entry per set of tiles the piece can cover (``legal_actions`` gives one per pivot and end
    tile): a rotation matters only through the tiles it covers, so a symmetric piece turning in
    place is no choice, and of the poses covering the same tiles the nearest is kept, in the
    current rotation when it can be. A one-tile piece has one pose per reachable tile.

    >>> from rules.boss_fight import legal_actions, quick_game
    >>> s = quick_game(seed=1)
    >>> card = next(x for x in s.boss.piles.hand if s.cards[x].move)
    >>> s.active = s.boss.id
    >>> poses = piece_poses(s, "boss", card)
    >>> len({frozenset(p.tiles) for p in poses}) == len(poses) > 0
    True
    >>> all(p.move in legal_actions(s) for p in poses)
    True
    """
    c = state.character(character)
    spec = state.cards[card].move if card is not None else None
    tiles = FREE_WALK_TILES if card is None else (spec.tiles if spec else 0)
    allowance = move_allowance(c, tiles)
    if len(c.shape) == 1:
        ends = sorted(reachable(state, c, allowance).items(), key=lambda hd: (hd[1], hd[0].q, hd[0].r))
        return [PiecePose(anchor=h, rotation=c.rotation, tiles=(h,), steps=d, move=Move(card=card, to=h))
                for h, d in ends]
    reach = boss_reach(state, c, allowance)
    out = []
    for (q, r, rot), (pivot, end) in boss_destinations(state, c, allowance, reach).items():
        anchor = Hex.axial(q, r)
        move = Move(card=card, to=end, pivot=pivot, rotation=rot)
        out.append(PiecePose(anchor=anchor, rotation=rot, tiles=tuple(pose_tiles(c.shape, anchor, rot)),
                             steps=reach[(q, r, rot)][0], move=move))
    out.sort(key=lambda p: (p.steps, p.rotation != c.rotation, p.anchor.q, p.anchor.r, p.rotation))
    seen = {frozenset(c.tiles())}
    kept = []
    for p in out:
        if (key := frozenset(p.tiles)) not in seen:
            seen.add(key)
            kept.append(p)
    return kept


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
        raise IllegalAction(_("'{card}' is not an attack card.", card=card))
    eq = next((e for e in c.equipment if equipment.lower() in (e.id, e.name.lower())), None)
    if eq is None:
        raise IllegalAction(_("{name} has no '{equipment}' equipped.", name=c.name, equipment=equipment))
    prof = eq.profile(spec.attack.profile)
    if prof is None:
        raise IllegalAction(_("{equipment} has no {kind} attack.", equipment=eq.name,
                              kind=ATTACK_KINDS.get(spec.attack.profile.value, spec.attack.profile.value)))
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


def verdict(state: GameState) -> Text:
    """Who won an ended fight, and how if a side gave up ("" while it goes on).

    >>> from rules.boss_fight import quick_game
    >>> from rules.boss_fight.engine import concede
    >>> str(verdict(concede(quick_game(seed=1), Side.HERO).state))
    'The boss wins: the heroes conceded.'
    """
    if not state.is_over():
        return ""
    if state.conceded is Side.HERO:
        return _("The boss wins: the heroes conceded.")
    if state.conceded is Side.BOSS:
        return _("The heroes win: the boss conceded.")
    said = {Outcome.HEROES: _("The heroes win."), Outcome.BOSS: _("The boss wins."),
            Outcome.DRAW: _("A draw.")}
    return said.get(state.outcome, _("The fight is over.")) if state.outcome else _("The fight is over.")


def status_lines(state: GameState) -> list[Message]:
    """A short text summary of the table, one line per character, for an embed (messages, shown
    in the reader's language).

    >>> from rules.boss_fight import quick_game
    >>> str(status_lines(quick_game(seed=1))[0]).startswith("Round 1")
    True
    """
    when = _("Round {round}", round=state.round) if state.round else _("Set-up")
    if state.is_over():
        head = _("{when}: over. {verdict}", when=when, verdict=verdict(state))
    elif state.current is not None:
        head = ngettext("{when}: {name} to act ({n} action left)", "{when}: {name} to act ({n} actions left)",
                        state.actions_left, when=when, name=state.current.name, n=state.actions_left)
    else:
        head = when
    lines = [head]
    for c in state.characters:
        lines.append(_line(c))
    return lines


def _line(c: Character) -> Message:
    if c.dead:
        return _("{name}: withdrew", name=c.name) if c.withdrawn else _("{name}: dead", name=c.name)
    from rules.boss_fight.combat import STATUS_NAMES

    values = {"name": c.name, "health": c.health, "max": c.max_health, "int": c.current(Stat.INTELLIGENCE),
              "str": c.current(Stat.STRENGTH), "agi": c.current(Stat.AGILITY), "hand": len(c.piles.hand)}
    where = _("at {tile}", tile=c.tiles()[0].label()) if c.tiles() else _("(not placed yet)")
    line = _("{name} {health}/{max} hp {where}; INT {int} STR {str} AGI {agi}; hand {hand}", where=where,
             **values)
    if c.statuses:
        return _("{line} [{statuses}]", line=line, statuses=tuple(STATUS_NAMES[m.status] for m in c.statuses))
    return line


# ---- board overlays ---------------------------------------------------------------------------


class OverlayKind(StrEnum):
    """What a board overlay shows for one character."""

    MOVES = "moves"
    SIGHT = "sight"
    AREAS = "areas"


@dataclass(frozen=True)
class OverlayMark:
    """One tile of an overlay: its layer (a colour in the renderer's legend) and a short label."""

    tile: Hex
    layer: str
    label: str = ""


@dataclass(frozen=True)
class BoardOverlay:
    """An overlay worked out from public facts only (never from a hand), for any renderer.

    ``marks``: tiles by layer; ``sight``: (viewer id, target id) lines to draw; ``legend``:
    (layer, words) in the order to show; ``notes``: short remarks (an immobilised piece...).
    Layers: ``reach`` and ``reach_far`` (moves; the label is the tiles of movement needed),
    ``seen`` (tiles in sight), ``range`` (within attack range), ``area`` (an ability's zone
    around the piece), ``token`` (a lasting token; the label is the rounds left).
    """

    kind: OverlayKind
    focus: str
    title: Text
    marks: tuple[OverlayMark, ...] = ()
    sight: tuple[tuple[str, str], ...] = ()
    legend: tuple[tuple[str, Text], ...] = ()
    notes: tuple[Text, ...] = ()


def _deck_moves(state: GameState, c: Character) -> list[int]:
    """The move allowances the character's whole deck offers (public: the build), shortest first."""
    every = c.piles.deck + c.piles.hand + c.piles.discard + c.piles.expended + c.piles.used
    tiles = {move_allowance(c, state.cards[x].move.tiles) for x in every if state.cards[x].move}
    if state.settings.free_walk:
        tiles.add(move_allowance(c, FREE_WALK_TILES))
    return sorted(t for t in tiles if t > 0)


def _moves_overlay(state: GameState, c: Character) -> BoardOverlay:
    title = _("Moves: {name}", name=c.name)
    allowances = _deck_moves(state, c)
    notes: list[Text] = []
    if c.active_status(Status.IMMOBILISED):
        notes.append(_("{name} is immobilised this turn.", name=c.name))
    if not allowances or not c.tiles():
        notes.append(_("{name} cannot move.", name=c.name))
        return BoardOverlay(kind=OverlayKind.MOVES, focus=c.id, title=title, notes=tuple(notes))
    short, longest = allowances[0], allowances[-1]
    steps: dict[Hex, int] = {}
    if len(c.shape) == 1:
        steps = dict(reachable(state, c, longest))
    else:
        mine = set(c.tiles())
        from rules.boss_fight.state import pose_tiles

        for (q, r, rot), (n, _cost) in boss_reach(state, c, longest).items():
            for t in pose_tiles(c.shape, Hex.axial(q, r), rot):
                if t not in mine and n < steps.get(t, 99):
                    steps[t] = n
    marks = tuple(OverlayMark(tile=h, layer="reach" if n <= short else "reach_far", label=str(n))
                  for h, n in sorted(steps.items(), key=lambda hn: (hn[0].q, hn[0].r)))
    if len(c.shape) > 1 and any(n == 0 for n in steps.values()):
        notes.append(_("0: covered by turning where it stands (a move card is still played)."))
    legend: list[tuple[str, Text]] = [
        ("reach", _("within {n} (number: movement to cover it)", n=short) if len(c.shape) > 1
         else _("within {n} (number: movement needed)", n=short))]
    if longest > short:
        far = f"{short + 1}-{longest}" if longest > short + 1 else f"{longest}"
        legend.append(("reach_far", _("{far}: only with a longer move", far=far)))
    return BoardOverlay(kind=OverlayKind.MOVES, focus=c.id, title=title, marks=marks, legend=tuple(legend),
                        notes=tuple(notes))


def _sight_overlay(state: GameState, c: Character) -> BoardOverlay:
    title = _("Sight: {name}", name=c.name)
    if not c.tiles():
        return BoardOverlay(kind=OverlayKind.SIGHT, focus=c.id, title=title,
                            notes=(_("{name} is not on the board.", name=c.name),))
    lines = sightlines_for(state, c)
    mine = c.tiles()
    blocked = lines.blocking
    # A tile is marked when a one-tile piece standing there would be in sight: the test that decides
    # whether c sees an enemy (Sightlines.sees, via seen_tiles), so the picture and the rules agree.
    occupied = {t for o in state.characters for t in o.tiles()}
    tiles = [h for h in (Hex.axial(q, r) for q, r in sorted(on_board(state)))
             if h not in mine and h not in blocked and h not in occupied]
    marks = [OverlayMark(tile=h, layer="seen") for h in lines.seen_tiles(mine, tiles)]
    sight = tuple((c.id, e.id) for e in enemies_of(state, c))
    seen = [e.name for e in enemies_of(state, c) if can_see(state, c, e)]
    hidden = [e.name for e in enemies_of(state, c) if e.name not in seen]
    notes: list[Text] = [_("In sight: {names}.", names=", ".join(seen)) if seen else _("In sight: nobody.")]
    if hidden:
        notes.append(_("Out of sight: {names}.", names=", ".join(hidden)))
    legend: list[tuple[str, Text]] = [("seen", _("tiles in line of sight"))]
    if seen:
        legend.append(("sight_ok", _("clear line to an enemy")))
    if hidden:
        legend.append(("sight_blocked", _("no line to an enemy")))
    return BoardOverlay(kind=OverlayKind.SIGHT, focus=c.id, title=title, marks=tuple(marks), sight=sight,
                        legend=tuple(legend), notes=tuple(notes))


def _areas_overlay(state: GameState, c: Character) -> BoardOverlay:
    title = _("Areas: {name}", name=c.name)
    board = on_board(state)
    obstacles = set(state.obstacles)
    mine = c.tiles()
    marks: dict[Hex, OverlayMark] = {}
    legend: list[tuple[str, Text]] = []
    notes: list[Text] = []
    reach = 0
    bonus = c.passive_total(PassiveKind.RANGE_BONUS)
    for eq in c.equipment:
        for kind in AttackKind:
            prof = eq.profile(kind)
            if prof:
                reach = max(reach, prof.range + bonus)
    zones = []
    for ab in c.abilities:
        if ab.use and ab.use.area.shape is AreaShape.NOVA:
            zones.append((ab.name, ab.use.area.size))
    if c.feat and c.feat.use.area.shape is AreaShape.NOVA:
        zones.append((c.feat.name, c.feat.use.area.size))
    zone = max((size for _name, size in zones), default=0)
    if mine:
        for m in mine:
            for t in m.spiral(max(reach, zone)):
                if (t.q, t.r) not in board or t in obstacles or t in mine:
                    continue
                d = min(x.distance(t) for x in mine)
                if d <= zone:
                    marks[t] = OverlayMark(tile=t, layer="area")
                elif d <= reach and t not in marks:
                    marks[t] = OverlayMark(tile=t, layer="range")
        if reach:
            legend.append(("range", _("within attack range {n} (equipment; cards may add more)", n=reach)))
        if zones:
            around = ", ".join(f"{n} ({s})" for n, s in zones)
            legend.append(("area", _("around the piece: {zones}", zones=around)))
    else:
        notes.append(_("{name} is not on the board.", name=c.name))
    lasting = [t for t in state.tokens if t.rounds_left is not None]
    for t in lasting:
        marks[t.tile] = OverlayMark(tile=t.tile, layer="token", label=str(t.rounds_left))
    if lasting:
        names = sorted({t.name for t in lasting})
        legend.append(("token", _("{tokens} (number: rounds left)", tokens=", ".join(names))))
    ordered = tuple(sorted(marks.values(), key=lambda m: (m.tile.q, m.tile.r)))
    return BoardOverlay(kind=OverlayKind.AREAS, focus=c.id, title=title, marks=ordered, legend=tuple(legend),
                        notes=tuple(notes))


def board_overlay(state: GameState, kind: OverlayKind | str, character: str | None = None) -> BoardOverlay:
    """What an overlay shows for ``character`` (the one to act by default), from public facts only.

    ``moves``: where the piece can get to with the move cards its deck holds (the number on a
    tile is the movement it takes), so the picture says nothing about the hand. ``sight``: the
    tiles it sees and a line to each enemy. ``areas``: its attack range, the zones its abilities
    reach around it, and lasting tokens with the rounds they have left.

    >>> from rules.boss_fight import quick_game
    >>> o = board_overlay(quick_game(seed=1), "moves")
    >>> str(o.title), o.marks[0].layer in ("reach", "reach_far")
    ('Moves: Kestrel', True)
    """
    try:
        kind = OverlayKind(str(kind).strip().lower())
    except ValueError:
        raise RuleError(_("There is no overlay called {name}: use moves, sight or areas.",
                          name=quote(str(kind)))) from None
    key = character or state.active or state.boss.id
    c = state.character(key)
    if kind is OverlayKind.MOVES:
        return _moves_overlay(state, c)
    if kind is OverlayKind.SIGHT:
        return _sight_overlay(state, c)
    return _areas_overlay(state, c)


__all__ = [
    "BoardOverlay",
    "DamagePreview",
    "OverlayKind",
    "OverlayMark",
    "PrivateView",
    "PublicCharacter",
    "PublicView",
    "RuleError",
    "attack_options",
    "board_overlay",
    "parse_tile",
    "preview_attack",
    "private_view",
    "public_view",
    "reachable_tiles",
    "status_lines",
    "targets_in_sight",
]
