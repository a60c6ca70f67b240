"""A Boss Fight table: who plays what, the lobby's seats and builds, placing and starting, and
conceding, as pure functions of a :class:`Table` (each returns a new one or raises a RuleError
saying what to change).

The engine (``rules.boss_fight.engine``) plays the fight itself; a table adds the people: one boss
player, hero players who may run several heroes, the host, and what they agree on. The bot stores
a table as its game state (``cogs/boss_fight/game.py``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from rules.boss_fight.building import (
    MAX_HEROES,
    MAX_PLAYERS,
    add_card,
    build_boss,
    build_points,
    deck_count,
    remove_card,
    slots,
)
from rules.boss_fight.content import BossBuild, Catalog, HeroBuild, Side
from rules.boss_fight.engine import agree_draw, all_placed, apply, concede, new_game
from rules.boss_fight.hexgrid import parse_label
from rules.boss_fight.loading import load_catalog
from rules.boss_fight.narration import report_step
from rules.boss_fight.placing import nearest_tiles, placement_tiles
from rules.boss_fight.state import GameSettings, Phase, PlaceBoss, PlaceHero, StartFight, Withdraw
from rules.boss_fight.state import GameState as FightState
from rules.boss_fight.views import parse_tile
from rules.errors import NotFoundError, RuleError, quote
from rules.i18n import Message, Text, _


@functools.cache
def catalog() -> Catalog:
    """The shipped cards, maps and presets (loaded once)."""
    return load_catalog()


class HeroSeat(BaseModel):
    """One hero and the Discord user who plays it."""

    player: int
    build: HeroBuild


class Pending(BaseModel):
    """An attack waiting for its defenders to choose whether to roll."""

    action: str
    attacker: int
    waiting: list[str] = Field(default_factory=list)
    choices: dict[str, bool] = Field(default_factory=dict)


class Table(BaseModel):
    """One Boss Fight table: the lobby (host, points, map, seats, builds) and, once the pieces go
    down, the engine's game with what the table adds to it (the start, a defence being chosen, a
    concession and the votes for one)."""

    host: int
    points: int | None = None
    map_id: str = "crossroads"
    settings: GameSettings = Field(default_factory=GameSettings)
    boss_player: int | None = None
    boss: BossBuild | None = None
    heroes: list[HeroSeat] = Field(default_factory=list)
    lobby_message: int | None = None
    fight: FightState | None = None
    started: bool = False
    pending: Pending | None = None
    conceded: str | None = None
    #: Hero players who agreed to concede for the party, valid while the fight's step is concede_step
    #: (any action in between cancels the question).
    concede_votes: list[int] = Field(default_factory=list)
    concede_step: int = -1
    #: Players who agreed to end the fight as a draw, valid while the fight's step is draw_step.
    draw_votes: list[int] = Field(default_factory=list)
    draw_step: int = -1


# -- who plays what ------------------------------------------------------------------------------


def hero_name(seat: HeroSeat) -> str:
    return seat.build.name or catalog().get("heroes", seat.build.hero).name


def controller(game: Table, character_id: str) -> int | None:
    """The user who plays a character of the fight."""
    if game.fight is None:
        return None
    owner = game.fight.character(character_id).controller
    return int(owner) if owner and owner.isdigit() else None


def side_of(game: Table, user: int) -> str | None:
    """``"boss"``, ``"heroes"`` or ``None`` for a user (the boss side wins a tie)."""
    if game.boss_player == user:
        return "boss"
    if any(s.player == user for s in game.heroes):
        return "heroes"
    return None


def mention(user: int | None) -> str:
    return f"<@{user}>" if user else "nobody yet"


def whose_turn(game: Table) -> Message:
    """ "Mira's turn (<@1>)" for the character to act (or to place)."""
    fight = game.fight
    if fight is None or fight.current is None:
        return _("nobody's turn")
    return _(
        "{name}'s turn ({player})",
        name=fight.current.name,
        player=mention(controller(game, fight.current.id)),
    )


class NotYourTurn(RuleError):
    """Someone acting for a character they do not play."""


def check_actor(game: Table, user: int) -> FightState:
    """The fight, when ``user`` plays the character to act now; a refusal naming whose turn it is."""
    fight = game.fight
    if fight is None or not game.started:
        raise RuleError(_("The fight has not started yet: place every piece, then /bf start."))
    if fight.is_over() or game.conceded:
        raise RuleError(_("The fight is over: /bf end closes it, /bf new starts another."))
    if game.pending is not None:
        names = ", ".join(fight.character(c).name for c in game.pending.waiting)
        raise RuleError(
            _("Waiting for {names} to choose whether to roll for defence (the buttons above).", names=names)
        )
    if fight.current is None or controller(game, fight.current.id) != user:
        raise NotYourTurn(_("It is {turn}: only that player can act now.", turn=whose_turn(game)))
    return fight


def start_fight(game: Table, rng: Any) -> tuple[Table, list[str]]:
    """The game with the fight started, and what to say about it.

    A game placed with ``hold_start`` is dealt now (initiative and first hands, by the engine's
    StartFight); a game stored before that flag dealt round 1 at its last placement already.
    """
    fight = game.fight
    assert fight is not None
    if fight.phase is Phase.SETUP:
        result = apply(fight, StartFight(), rng)
        lines = report_step(fight, result)
        fight = result.state
    else:
        order = ", ".join(fight.character(c).name for c in fight.order)
        lines = [
            _("The fight begins! Round {round}; initiative: {order}.", round=fight.round, order=order)
        ]
    lines.append(_("Every player has drawn a first hand: see it with `/bf hand`."))
    return game.model_copy(update={"fight": fight, "started": True}), lines


BOSS_CHARACTER = "boss"


def _open(game: Table) -> None:
    if game.fight is not None:
        raise RuleError(
            _("The pieces are being placed, so the builds are fixed: /bf undo the placements to change them.")
        )


def join_side(game: Table, user: int, preset: str | None) -> str:
    """The side ``/bf join`` without ``side:`` takes, as the lobby's two buttons would lead: a
    boss preset joins the boss, any other preset (or hero card) a hero; with no preset, a player
    who plays a hero adds another, else the boss while nobody plays it, else a hero.

    >>> join_side(Table(host=1, points=100, map_id="crossroads"), 1, None)
    'boss'
    >>> join_side(Table(host=1, points=100, map_id="crossroads"), 1, "brannoc")
    'hero'
    """
    if preset:
        try:
            catalog().get("boss_presets", preset)
        except NotFoundError:
            return "hero"
        return "boss"
    if any(s.player == user for s in game.heroes):
        return "hero"
    return "boss" if game.boss_player in (None, user) else "hero"


def join(game: Table, user: int, side: str | None, preset: str | None) -> tuple[Table, Message]:
    """A player takes the boss (one player) or adds a hero (a player may add several); ``side``
    None: the side :func:`join_side` picks."""
    _open(game)
    side = side or join_side(game, user, preset)
    cat = catalog()
    if side == "boss":
        if game.boss_player not in (None, user):
            raise RuleError(
                _(
                    "{player} already plays the boss; join as a hero instead.",
                    player=mention(game.boss_player),
                )
            )
        if any(s.player == user for s in game.heroes):
            raise RuleError(_("You play a hero already; one player cannot play both sides."))
        if preset:
            build = cat.get("boss_presets", preset).build
        else:
            build = game.boss or BossBuild(name="Boss", pieces=[], deck={})
        new = game.model_copy(update={"boss_player": user, "boss": build})
        return new, _("{player} plays the boss: {boss}.", player=mention(user), boss=build.name)
    if game.boss_player == user:
        raise RuleError(_("You play the boss; one player cannot play both sides."))
    if not preset:
        raise RuleError(_("Name a hero: `/bf join side:hero preset:<a hero preset or hero card>`."))
    build, note = _hero_build(preset)
    seat = HeroSeat(player=user, build=build)
    name = hero_name(seat)
    if any(hero_name(s).lower() == name.lower() for s in game.heroes):
        raise RuleError(_("{name} is already in the party: pick another hero.", name=name))
    if len(game.heroes) >= MAX_HEROES:
        raise RuleError(_("A party has at most {n} heroes.", n=MAX_HEROES))
    players = {s.player for s in game.heroes} | {user}
    if len(players) + 1 > MAX_PLAYERS:
        raise RuleError(
            _(
                "A game has at most {n} players (the boss player and {heroes} hero players).",
                n=MAX_PLAYERS,
                heroes=MAX_PLAYERS - 1,
            )
        )
    new = game.model_copy(update={"heroes": [*game.heroes, seat]})
    added = _("{player} adds {name} to the party.", player=mention(user), name=name)
    if note:
        return new, _("{added} {note}", added=added, note=note)
    return new, added


#: Typed before a hero card's id, it picks the bare hero card (an empty build) over a preset.
HERO_CARD_PREFIX = "card:"


def _hero_build(preset: str) -> tuple[HeroBuild, Message | str]:
    """The build a typed ``preset:`` names, and a note when the text could mean two things.

    A preset wins when its name or id is the text or starts with it ("brannoc" is the preset
    Brannoc the Brawler, a ready build, not the bare hero card Brannoc): a player who types a
    hero's name wants to play that hero, and an empty build silently taken is worse than a ready
    one. ``card:brannoc`` takes the bare hero card, to build card by card.

    >>> _hero_build("brannoc")[0].equipment != [], "card:brannoc" in str(_hero_build("brannoc")[1])
    (True, True)
    >>> _hero_build("card:brannoc")[0].equipment
    []
    """
    cat = catalog()
    text = preset.strip()
    if text.lower().startswith(HERO_CARD_PREFIX):
        card = cat.get("heroes", text[len(HERO_CARD_PREFIX) :], prefix=False)
        return HeroBuild(hero=card.id, deck={}), ""
    found = None
    for whole in (True, False):
        try:
            found = cat.get("hero_presets", text, prefix=not whole)
            break
        except RuleError:
            continue  # none, or the start of several: a hero card may still be meant
    if found is not None:
        try:
            card = cat.get("heroes", text, prefix=False)
        except RuleError:
            return found.build, ""
        return found.build, _(
            "({typed} is also the hero card {card}: this is the preset {preset}, a ready build; "
            "`/bf join side:hero preset:{prefix}{id}` starts {card} from an empty build instead.)",
            typed=quote(text, 40),
            card=card.name,
            preset=found.id,
            prefix=HERO_CARD_PREFIX,
            id=card.id,
        )
    try:
        card = cat.get("heroes", text, prefix=False)
    except RuleError:
        card = None
    if card is not None:
        return HeroBuild(hero=card.id, deck={}), ""
    raise NotFoundError(
        _(
            "No hero preset or hero card is called {typed}. Presets (a ready build): {presets}; "
            "hero cards (an empty build to fill with /bf add): {cards}.",
            typed=quote(preset, 40),
            presets=", ".join(sorted(cat.hero_presets)),
            cards=", ".join(HERO_CARD_PREFIX + h for h in sorted(cat.heroes)),
        )
    )


def my_build(game: Table, user: int, character: str | None) -> tuple[int | None, BossBuild | HeroBuild, str]:
    """Which build ``user`` means: ``(hero index or None for the boss, build, name)``."""
    mine: list[tuple[int | None, BossBuild | HeroBuild, str]] = []
    if game.boss_player == user and game.boss is not None:
        mine.append((None, game.boss, game.boss.name))
    mine += [(i, s.build, hero_name(s)) for i, s in enumerate(game.heroes) if s.player == user]
    if not mine:
        raise RuleError(_("You have no character in this game: `/bf join` first."))
    if character:
        wanted = character.strip().lower()
        found = [m for m in mine if m[2].lower() == wanted or (m[0] is None and wanted == BOSS_CHARACTER)]
        if not found:
            raise RuleError(
                _(
                    "You play {names}; pick one of those as the character.",
                    names=", ".join(m[2] for m in mine),
                )
            )
        return found[0]
    if len(mine) > 1:
        raise RuleError(
            _("You play {names}: say which with `character:`.", names=", ".join(m[2] for m in mine))
        )
    return mine[0]


def side_points(game: Table, index: int | None) -> int:
    """What the rest of that build's side costs."""
    if index is None:
        return 0
    return sum(build_points(catalog(), s.build) for i, s in enumerate(game.heroes) if i != index)


def _put(game: Table, index: int | None, build: BossBuild | HeroBuild) -> Table:
    if index is None:
        return game.model_copy(update={"boss": build})
    heroes = list(game.heroes)
    heroes[index] = heroes[index].model_copy(update={"build": build})
    return game.model_copy(update={"heroes": heroes})


def edit(
    game: Table,
    user: int,
    character: str | None,
    card: str,
    *,
    remove: bool = False,
    piece: str | None = None,
) -> tuple[Table, Message]:
    """Add or remove one card; the line says the points total and the slots and deck left."""
    _open(game)
    index, build, name = my_build(game, user, character)
    cat = catalog()
    if remove:
        new_build = remove_card(cat, build, card)
    else:
        new_build = add_card(
            cat, build, card, piece=piece, others=side_points(game, index), limit=game.points
        )
    spec = cat.get(*_section_of(card))
    line = build_line(game, index, new_build)
    if remove:
        return _put(game, index, new_build), _("{name} removes {card}. {build}", name=name, card=spec.name,
                                               build=line)
    return _put(game, index, new_build), _("{name} adds {card}. {build}", name=name, card=spec.name,
                                           build=line)


def _section_of(card: str) -> tuple[str, str]:
    from rules.boss_fight.building import find_card

    section, spec = find_card(catalog(), card)
    return section, spec.id


def set_deck(game: Table, user: int, character: str | None, preset: str) -> tuple[Table, Message]:
    """Replace a deck with a preset's deck."""
    _open(game)
    index, build, name = my_build(game, user, character)
    cat = catalog()
    table = "boss_presets" if index is None else "hero_presets"
    source = cat.get(table, preset)
    new_build = build.model_copy(update={"deck": dict(source.build.deck)})
    left = [cat.equipment[e if isinstance(e, str) else e.id].name for e in source.build.equipment]
    left += [cat.abilities[a].name for a in source.build.abilities]
    if index is None:
        left = [cat.pieces[p].name for p in source.build.pieces] + left
    values = {"name": name, "n": deck_count(new_build), "preset": source.id, "others": ", ".join(left),
              "build": build_line(game, index, new_build)}
    if index is None and left:
        line = _("{name} takes the {n}-card deck of the preset {preset}. Only the deck is copied: {name}'s "
                 "pieces, equipment and abilities stay as they were (the preset also has {others}: "
                 "`/bf add card:` each one you want). {build}", **values)
    elif index is None:
        line = _("{name} takes the {n}-card deck of the preset {preset}. Only the deck is copied: {name}'s "
                 "pieces, equipment and abilities stay as they were. {build}", **values)
    elif left:
        line = _("{name} takes the {n}-card deck of the preset {preset}. Only the deck is copied: {name}'s "
                 "equipment and abilities stay as they were (the preset also has {others}: `/bf add card:` "
                 "each one you want). {build}", **values)
    else:
        line = _("{name} takes the {n}-card deck of the preset {preset}. Only the deck is copied: {name}'s "
                 "equipment and abilities stay as they were. {build}", **values)
    return _put(game, index, new_build), line


def build_line(game: Table, index: int | None, build: BossBuild | HeroBuild) -> Message:
    """Points (and the side's total against the limit), slots and deck size."""
    cat = catalog()
    pts = build_points(cat, build)
    side = pts + side_points(game, index)
    used, total = slots(cat, build)
    values = dict(pts=pts, side=side, limit=game.points, used=used, total=total, left=total - used)
    values["deck"] = deck_count(build)
    if index is None and game.points:
        return _("{pts} points of {limit}; slots {used}/{total} ({left} left); deck {deck}/30.", **values)
    if index is None:
        return _("{pts} points; slots {used}/{total} ({left} left); deck {deck}/30.", **values)
    if game.points:
        return _(
            "{pts} points, party {side} of {limit}; slots {used}/{total} ({left} left); deck {deck}/30.",
            **values,
        )
    return _("{pts} points, party {side}; slots {used}/{total} ({left} left); deck {deck}/30.", **values)


def build_text(game: Table, index: int | None, build: BossBuild | HeroBuild,
               t: Callable[[Text], str] = str) -> str:
    """A whole build, card by card; ``t`` renders each line (a reader's translator), English by
    default. Card names stay as printed."""
    cat = catalog()
    lines: list[Text] = [build_line(game, index, build)]
    none = "—"  # no word: "none" agrees in gender with what it stands for in Spanish
    if isinstance(build, BossBuild):
        pieces = ", ".join(cat.pieces[p].name for p in build.pieces)
        lines.append(_("Pieces: {cards}", cards=pieces or none))
        gear: list[Text] = [
            _("{card} (on {piece})", card=cat.equipment[e.id].name, piece=e.piece) if e.piece
            else cat.equipment[e.id].name
            for e in build.equipment
        ]
        lines.append(_("Equipment: {cards}", cards=tuple(gear) or none))
    else:
        lines.append(_("Hero: {name}", name=cat.heroes[build.hero].name))
        equipment = ", ".join(cat.equipment[e].name for e in build.equipment)
        lines.append(_("Equipment: {cards}", cards=equipment or none))
    abilities = ", ".join(cat.abilities[a].name for a in build.abilities)
    lines.append(_("Abilities: {cards}", cards=abilities or none))
    deck = ", ".join(f"{n}× {cat.actions[c].name}" for c, n in sorted(build.deck.items()))
    lines.append(_("Deck ({n}/30): {cards}", n=deck_count(build), cards=deck or _("empty")))
    return "\n".join(t(line) for line in lines)


def set_map(game: Table, user: int, map_id: str) -> tuple[Table, Message]:
    _open(game)
    if user not in (game.boss_player, game.host):
        raise RuleError(_("The boss player ({player}) chooses the map.", player=mention(game.boss_player)))
    board = catalog().get("maps", map_id)
    return game.model_copy(update={"map_id": board.id}), _("The map is now {name}.", name=board.name)


def setup_board(game: Table) -> FightState:
    """The board to show while nobody has placed yet: the chosen map with its obstacles and, when
    the boss's pieces are chosen, the boss waiting to be placed (so its deployment can be drawn).
    Once placing has begun, the fight itself.

    >>> t = Table(host=1, map_id="great_hall")
    >>> b = setup_board(t)
    >>> b.board.id, b.characters
    ('great_hall', [])
    >>> t = join(t, 1, "boss", "the_gazer")[0]
    >>> len(setup_board(t).boss.shape), setup_board(t).boss.anchor
    (9, None)
    """
    if game.fight is not None:
        return game.fight
    cat = catalog()
    board = cat.get("maps", game.map_id)
    characters = []
    if game.boss is not None and game.boss.pieces:
        # The shape comes from the pieces alone: an unfinished deck is lent a preset's for the picture.
        for deck in (game.boss.deck, *(p.build.deck for p in cat.boss_presets.values())):
            try:
                characters = [build_boss(cat, game.boss.model_copy(update={"deck": dict(deck)}))]
                break
            except RuleError:
                continue
    return FightState(
        settings=game.settings,
        board=board,
        obstacles=[parse_label(t, board.width, board.height) for t in board.obstacles],
        characters=characters,
        active=characters[0].id if characters else None,
    )


def _nearest(fight: FightState, tile: str, rotation: int) -> Message | None:
    """ "Nearest tiles that work: ..." for a refused placement (None when none can be named)."""
    try:
        wanted = parse_tile(fight, tile)
    except RuleError:
        return None
    legal = placement_tiles(fight, None, rotation)
    boss = fight.current is not None and fight.current.id == fight.boss.id
    if not legal:
        if boss:
            return _("The boss fits nowhere at rotation {rotation}: try another rotation.", rotation=rotation)
        return None
    near = ", ".join(h.label() for h in nearest_tiles(legal, wanted))
    if boss:
        return _("Nearest tiles that work at rotation {rotation}: {tiles} (`/bf place tile:` lists them "
                 "all).", rotation=rotation, tiles=near)
    return _("Nearest tiles that work: {tiles} (`/bf place tile:` lists them all).", tiles=near)


def placing_refused(game: Table) -> Message | None:
    """Why no piece can be placed now (for anyone), or None: `/bf place` refuses with it and its
    tile autocomplete shows it instead of tiles."""
    if game.started:
        return _("Every piece is placed and the fight has started.")
    if game.fight is None:
        if game.boss is None or game.boss_player is None:
            return _("Nobody plays the boss yet: `/bf join side:boss`.")
        if not game.heroes:
            return _("No hero has joined yet: `/bf join side:hero preset:<hero>` before placing.")
    return None


def place(game: Table, user: int, tile: str, rotation: int, rng: Any) -> tuple[Table, list[str]]:
    """Put the next piece down: the boss first, then each hero, each by its own player."""
    refused = placing_refused(game)
    if refused:
        raise RuleError(refused)
    fight = game.fight
    if fight is None:
        assert game.boss is not None and game.boss_player is not None
        controllers = {game.boss.name: str(game.boss_player)}
        controllers.update({hero_name(s): str(s.player) for s in game.heroes})
        fight = new_game(
            catalog(),
            boss=game.boss,
            heroes=[s.build for s in game.heroes],
            map_id=game.map_id,
            settings=game.settings.model_copy(update={"points_limit": game.points}),
            rng=rng,
            controllers=controllers,
            hold_start=True,
        )
    current = fight.current
    if fight.phase is not Phase.SETUP or current is None:
        raise RuleError(_("Every piece is placed: `/bf start`."))
    owner = current.controller
    if owner != str(user):
        player = mention(int(owner)) if owner and owner.isdigit() else owner
        raise RuleError(_("{name} is placed next, by {player}.", name=current.name, player=player))
    try:
        where = parse_tile(fight, tile)
        if current.id == fight.boss.id:
            action: PlaceBoss | PlaceHero = PlaceBoss(anchor=where, rotation=rotation)
        else:
            action = PlaceHero(character=current.id, tile=where)
        result = apply(fight, action, rng)
    except RuleError as refused:
        nearest = _nearest(fight, tile, rotation)
        if nearest is None:
            raise
        raise RuleError(_("{refusal} {nearest}", refusal=refused.text, nearest=nearest)) from refused
    return game.model_copy(update={"fight": result.state}), list(result.log)


#: The lobby warns when one side's points are below this share of the other's (a party of three
#: presets against a preset boss is about even; two heroes against it are not).
EVEN_SHARE = 0.75


def _totals(game: Table) -> tuple[int, int]:
    """The party's points and the boss's."""
    cat = catalog()
    boss = build_points(cat, game.boss) if game.boss is not None else 0
    return sum(build_points(cat, seat.build) for seat in game.heroes), boss


def uneven_sides(game: Table) -> Message | None:
    """A warning when the party's points and the boss's are far apart, None when they are close
    (or a side is still empty).

    The points limit caps each side; it does not make them meet, so a 35-point party may face a
    125-point boss unless someone says so.
    """
    if game.boss is None or not game.heroes:
        return None
    party, boss = _totals(game)
    if min(boss, party) >= EVEN_SHARE * max(boss, party):
        return None
    if party < boss:
        advice = _("add a hero (`/bf join side:hero`) or cards (`/bf add`), or start anyway")
    else:
        advice = _("add cards to the boss (`/bf add`), or start anyway")
    return _(
        "⚠️ Uneven sides: the party has {party} points against the boss's {boss}, so the fight is "
        "likely one-sided; {advice}.",
        party=party,
        boss=boss,
        advice=advice,
    )


def start(game: Table, user: int, rng: Any) -> tuple[Table, list[str]]:
    if game.started:
        raise RuleError(_("The fight has already started."))
    if user != game.host and user != game.boss_player and all(s.player != user for s in game.heroes):
        raise RuleError(_("Only a player of this game (or its host) can start it."))
    if game.fight is None or not all_placed(game.fight):
        raise RuleError(_("Place every piece first: `/bf place` (the boss, then each hero)."))
    started, lines = start_fight(game, rng)
    if uneven_sides(game):
        # said again where the fight begins, for whoever missed the lobby
        party, boss = _totals(game)
        lines.insert(0, f"⚠️ Uneven sides: the party has {party} points against the boss's {boss}.")
    return started, lines


def hero_players(state: Table) -> list[int]:
    """The hero players who still have a hero in play (the ones a party's concession needs)."""
    fight = state.fight
    assert fight is not None
    found: list[int] = []
    for c in fight.characters:
        user = controller(state, c.id)
        if c.id != fight.boss.id and c.alive and user is not None and user not in found:
            found.append(user)
    return found


def check_concede(state: Table, user: int) -> str:
    side = side_of(state, user)
    if side is None:
        raise RuleError(_("Only a player of this game can concede."))
    if state.fight is None or not state.started:
        raise RuleError(_("The fight has not started: leave the lobby by asking the host to `/bf end`."))
    if state.conceded or state.fight.is_over():
        raise RuleError(_("The fight is already over: `/bf end` closes it."))
    return side


def concede_voters(state: Table) -> list[int]:
    """The hero players who agreed to concede since the fight's last step."""
    assert state.fight is not None
    return list(state.concede_votes) if state.concede_step == state.fight.step else []


def conceding(state: Table, user: int, *, answering: bool) -> Table:
    """``state`` with ``user``'s concession: the boss player's at once; a hero player's counted as
    a vote, and the party's once every hero player with a hero in play agrees."""
    side = check_concede(state, user)
    assert state.fight is not None
    if side == "boss":
        if answering:
            raise RuleError(
                _("Only the hero players asked answer this; the boss player concedes with `/bf concede`.")
            )
        return state.model_copy(update={"conceded": "boss", "fight": concede(state.fight, Side.BOSS).state})
    needed = hero_players(state)
    votes = concede_voters(state)
    if answering and not votes:
        raise RuleError(_("The fight has moved on since that was asked: `/bf concede` asks again."))
    if user in votes:
        raise RuleError(_("You have already agreed: the other hero players are asked."))
    votes.append(user)
    update: dict[str, object] = {"concede_votes": votes, "concede_step": state.fight.step}
    if all(u in votes for u in needed):
        ended = concede(state.fight, Side.HERO).state
        # The votes stay the ones that ended the fight (they count from the fight's step).
        update.update(conceded="heroes", fight=ended, concede_step=ended.step)
    return state.model_copy(update=update)


# -- an agreed draw ------------------------------------------------------------------------------


def draw_players(state: Table) -> list[int]:
    """Who must agree to a draw: the boss player and every hero player with a hero in play."""
    assert state.fight is not None
    boss = [state.boss_player] if state.boss_player is not None else []
    return boss + [u for u in hero_players(state) if u not in boss]


def draw_voters(state: Table) -> list[int]:
    """The players who agreed to a draw since the fight's last step."""
    assert state.fight is not None
    return list(state.draw_votes) if state.draw_step == state.fight.step else []


def offering_draw(state: Table, user: int, *, answering: bool = False) -> tuple[Table, list[str]]:
    """``state`` with ``user``'s agreement to end the fight as a draw, and what to say.

    A stalled fight the players no longer want to finish ends in a draw when both sides agree:
    the boss player and every hero player who still has a hero in play. Each agreement is a vote,
    like a party's concession, and any action in between cancels the question; the last vote ends
    the fight (the engine's :func:`~rules.boss_fight.engine.agree_draw`).
    """
    side = side_of(state, user)
    if side is None:
        raise RuleError(_("Only a player of this game can offer or agree to a draw."))
    fight = state.fight
    if fight is None or not state.started:
        raise RuleError(_("The fight has not started: there is nothing to call a draw."))
    if state.conceded or fight.is_over():
        raise RuleError(_("The fight is already over: `/bf end` closes it."))
    votes = draw_voters(state)
    if answering and not votes:
        raise RuleError(_("The fight has moved on since the draw was offered: `/bf draw` offers it again."))
    if user in votes:
        raise RuleError(_("You have already agreed to the draw: the other players are asked."))
    votes.append(user)
    needed = draw_players(state)
    waiting = [u for u in needed if u not in votes]
    if waiting:
        new = state.model_copy(update={"draw_votes": votes, "draw_step": fight.step})
        return new, [
            _("{who} offers to end the fight as a draw. Still to agree: {waiting}; any action declines it.",
              who=mention(user), waiting=", ".join(mention(u) for u in waiting))
        ]
    result = agree_draw(fight)
    ended = {"fight": result.state, "draw_votes": votes, "draw_step": result.state.step}
    return state.model_copy(update=ended), [*result.log]


# -- a hero player leaving -----------------------------------------------------------------------


def withdraw(game: Table, user: int, rng: Any, character: str | None = None) -> tuple[Table, list[str]]:
    """``user``'s heroes taken out of play (or only ``character``), so the player can leave while
    the others fight on; the engine's :class:`~rules.boss_fight.state.Withdraw`, once per hero.

    The boss player concedes instead. The fight ends as usual if no hero is left. ``rng``: the
    withdrawn hero's turn may end, and the next turn or round can roll dice (poison, reshuffles).
    """
    fight = game.fight
    if fight is None or not game.started:
        raise RuleError(_("The fight has not started: leave the lobby by asking the host to `/bf end`."))
    if fight.is_over() or game.conceded:
        raise RuleError(_("The fight is already over: `/bf end` closes it."))
    if game.boss_player == user:
        raise RuleError(_("The boss player cannot withdraw the boss: `/bf concede` gives the fight up."))
    mine = [c for c in fight.heroes if controller(game, c.id) == user]
    if not mine:
        raise RuleError(_("You play no hero in this fight."))
    if character:
        wanted = character.strip().lower()
        chosen = [c for c in mine if wanted in (c.id, c.name.lower())]
        if not chosen:
            raise RuleError(_("You play {names}: name one of those.", names=", ".join(c.name for c in mine)))
    else:
        chosen = [c for c in mine if c.alive]
    if not chosen or all(c.dead for c in chosen):
        raise RuleError(_("Your heroes are already out of the fight."))
    lines: list[str] = []
    for c in chosen:
        if fight.is_over():
            break
        result = apply(fight, Withdraw(character=c.id), rng)
        lines += report_step(fight, result)
        fight = result.state
    return game.model_copy(update={"fight": fight}), lines
