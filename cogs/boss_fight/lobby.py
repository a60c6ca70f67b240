"""The lobby: seats, builds and placing, as kit changes of a :class:`BFGame`.

Each function takes the stored game and returns a new one (or raises a RuleError saying what to
change); the building rules themselves are in ``rules.boss_fight.building``.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.limits import clip
from bot.play import Post
from cogs.boss_fight.game import COLOUR, BFGame, HeroSeat, catalog, hero_name, mention, start_fight
from rules.boss_fight import (
    MAX_HEROES,
    MAX_PLAYERS,
    BossBuild,
    HeroBuild,
    PlaceBoss,
    PlaceHero,
    all_placed,
    apply,
    new_game,
    parse_tile,
)
from rules.boss_fight.building import add_card, build_points, deck_count, remove_card, slots
from rules.boss_fight.state import Phase
from rules.errors import NotFoundError, RuleError, quote

BOSS_CHARACTER = "boss"


def _open(game: BFGame) -> None:
    if game.fight is not None:
        raise RuleError(
            "The pieces are being placed, so the builds are fixed: /bf undo the placements to change them."
        )


def join(game: BFGame, user: int, side: str, preset: str | None) -> tuple[BFGame, str]:
    """A player takes the boss (one player) or adds a hero (a player may add several)."""
    _open(game)
    cat = catalog()
    if side == "boss":
        if game.boss_player not in (None, user):
            raise RuleError(f"{mention(game.boss_player)} already plays the boss; join as a hero instead.")
        if any(s.player == user for s in game.heroes):
            raise RuleError("You play a hero already; one player cannot play both sides.")
        if preset:
            build = cat.get("boss_presets", preset).build
        else:
            build = game.boss or BossBuild(name="Boss", pieces=[], deck={})
        new = game.model_copy(update={"boss_player": user, "boss": build})
        return new, f"{mention(user)} plays the boss: {build.name}."
    if game.boss_player == user:
        raise RuleError("You play the boss; one player cannot play both sides.")
    if not preset:
        raise RuleError("Name a hero: `/bf join side:hero preset:<a hero preset or hero card>`.")
    # A whole preset name, then a whole hero card name (a bare hero, built card by card), then
    # the unique start of a preset's or a hero's name.
    build = None
    for table, whole in (("hero_presets", True), ("heroes", True), ("hero_presets", False)):
        try:
            found = cat.get(table, preset, prefix=not whole)
        except RuleError:
            continue
        build = found.build if table == "hero_presets" else HeroBuild(hero=found.id, deck={})
        break
    if build is None:
        raise NotFoundError(
            f"No hero preset or hero card is called {quote(preset, 40)}. Presets (a ready build): "
            f"{', '.join(sorted(cat.hero_presets))}; hero cards (an empty build to fill with /bf add): "
            f"{', '.join(sorted(cat.heroes))}."
        )
    seat = HeroSeat(player=user, build=build)
    name = hero_name(seat)
    if any(hero_name(s).lower() == name.lower() for s in game.heroes):
        raise RuleError(f"{name} is already in the party: pick another hero.")
    if len(game.heroes) >= MAX_HEROES:
        raise RuleError(f"A party has at most {MAX_HEROES} heroes.")
    players = {s.player for s in game.heroes} | {user}
    if len(players) + 1 > MAX_PLAYERS:
        raise RuleError(
            f"A game has at most {MAX_PLAYERS} players (the boss player and {MAX_PLAYERS - 1} hero players)."
        )
    new = game.model_copy(update={"heroes": [*game.heroes, seat]})
    return new, f"{mention(user)} adds {name} to the party."


def my_build(game: BFGame, user: int, character: str | None) -> tuple[int | None, BossBuild | HeroBuild, str]:
    """Which build ``user`` means: ``(hero index or None for the boss, build, name)``."""
    mine: list[tuple[int | None, BossBuild | HeroBuild, str]] = []
    if game.boss_player == user and game.boss is not None:
        mine.append((None, game.boss, game.boss.name))
    mine += [(i, s.build, hero_name(s)) for i, s in enumerate(game.heroes) if s.player == user]
    if not mine:
        raise RuleError("You have no character in this game: `/bf join` first.")
    if character:
        wanted = character.strip().lower()
        found = [m for m in mine if m[2].lower() == wanted or (m[0] is None and wanted == BOSS_CHARACTER)]
        if not found:
            raise RuleError(f"You play {', '.join(m[2] for m in mine)}; pick one of those as the character.")
        return found[0]
    if len(mine) > 1:
        raise RuleError(f"You play {', '.join(m[2] for m in mine)}: say which with `character:`.")
    return mine[0]


def side_points(game: BFGame, index: int | None) -> int:
    """What the rest of that build's side costs."""
    if index is None:
        return 0
    return sum(build_points(catalog(), s.build) for i, s in enumerate(game.heroes) if i != index)


def _put(game: BFGame, index: int | None, build: BossBuild | HeroBuild) -> BFGame:
    if index is None:
        return game.model_copy(update={"boss": build})
    heroes = list(game.heroes)
    heroes[index] = heroes[index].model_copy(update={"build": build})
    return game.model_copy(update={"heroes": heroes})


def edit(
    game: BFGame,
    user: int,
    character: str | None,
    card: str,
    *,
    remove: bool = False,
    piece: str | None = None,
) -> tuple[BFGame, str]:
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
    verb = "removes" if remove else "adds"
    spec = cat.get(*_section_of(card))
    return _put(game, index, new_build), f"{name} {verb} {spec.name}. {build_line(game, index, new_build)}"


def _section_of(card: str) -> tuple[str, str]:
    from rules.boss_fight.building import find_card

    section, spec = find_card(catalog(), card)
    return section, spec.id


def set_deck(game: BFGame, user: int, character: str | None, preset: str) -> tuple[BFGame, str]:
    """Replace a deck with a preset's deck."""
    _open(game)
    index, build, name = my_build(game, user, character)
    cat = catalog()
    table = "boss_presets" if index is None else "hero_presets"
    deck = cat.get(table, preset).build.deck
    new_build = build.model_copy(update={"deck": dict(deck)})
    return _put(
        game, index, new_build
    ), f"{name} takes that preset's deck. {build_line(game, index, new_build)}"


def build_line(game: BFGame, index: int | None, build: BossBuild | HeroBuild) -> str:
    """Points (and the side's total against the limit), slots and deck size."""
    cat = catalog()
    pts = build_points(cat, build)
    side = pts + side_points(game, index)
    limit = f" of {game.points}" if game.points else ""
    party = f", party {side}{limit}" if index is not None else limit
    used, total = slots(cat, build)
    return f"{pts} points{party}; slots {used}/{total} ({total - used} left); deck {deck_count(build)}/30."


def build_text(game: BFGame, index: int | None, build: BossBuild | HeroBuild) -> str:
    """A whole build, card by card."""
    cat = catalog()
    lines = [build_line(game, index, build)]
    if isinstance(build, BossBuild):
        lines.append("Pieces: " + (", ".join(cat.pieces[p].name for p in build.pieces) or "none"))
        lines.append(
            "Equipment: "
            + (
                ", ".join(
                    cat.equipment[e.id].name + (f" (on {e.piece})" if e.piece else "")
                    for e in build.equipment
                )
                or "none"
            )
        )
    else:
        lines.append(f"Hero: {cat.heroes[build.hero].name}")
        lines.append("Equipment: " + (", ".join(cat.equipment[e].name for e in build.equipment) or "none"))
    lines.append("Abilities: " + (", ".join(cat.abilities[a].name for a in build.abilities) or "none"))
    deck = ", ".join(f"{n}× {cat.actions[c].name}" for c, n in sorted(build.deck.items()))
    lines.append(f"Deck ({deck_count(build)}/30): {deck or 'empty'}")
    return "\n".join(lines)


def set_map(game: BFGame, user: int, map_id: str) -> tuple[BFGame, str]:
    _open(game)
    if user not in (game.boss_player, game.host):
        raise RuleError(f"The boss player ({mention(game.boss_player)}) chooses the map.")
    board = catalog().get("maps", map_id)
    return game.model_copy(update={"map_id": board.id}), f"The map is now {board.name}."


def place(game: BFGame, user: int, tile: str, rotation: int, rng: Any) -> tuple[BFGame, list[str]]:
    """Put the next piece down: the boss first, then each hero, each by its own player."""
    if game.started:
        raise RuleError("Every piece is placed and the fight has started.")
    fight = game.fight
    if fight is None:
        if game.boss is None or game.boss_player is None:
            raise RuleError("Nobody plays the boss yet: `/bf join side:boss`.")
        if not game.heroes:
            raise RuleError("No hero has joined yet: `/bf join side:hero preset:<hero>`.")
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
        raise RuleError("Every piece is placed: `/bf start`.")
    owner = current.controller
    if owner != str(user):
        raise RuleError(f"{current.name} is placed next, by <@{owner}>.")
    where = parse_tile(fight, tile)
    if current.id == fight.boss.id:
        action: PlaceBoss | PlaceHero = PlaceBoss(anchor=where, rotation=rotation)
    else:
        action = PlaceHero(character=current.id, tile=where)
    result = apply(fight, action, rng)
    return game.model_copy(update={"fight": result.state}), list(result.log)


def start(game: BFGame, user: int, rng: Any) -> tuple[BFGame, list[str]]:
    if game.started:
        raise RuleError("The fight has already started.")
    if user != game.host and user != game.boss_player and all(s.player != user for s in game.heroes):
        raise RuleError("Only a player of this game (or its host) can start it.")
    if game.fight is None or not all_placed(game.fight):
        raise RuleError("Place every piece first: `/bf place` (the boss, then each hero).")
    return start_fight(game, rng)


def lobby_post(
    game: BFGame, *, game_id: int, version: int, latest: str = "", view: discord.ui.View | None = None
) -> Post:
    """The lobby message: points limit, map, who has joined with what."""
    cat = catalog()
    board = cat.maps.get(game.map_id)
    lines = [
        f"Host: {mention(game.host)} · points limit: {game.points or 'none'} · map: "
        f"{board.name if board else game.map_id} ({board.width}×{board.height})"
        if board
        else ""
    ]
    limit = game.settings.round_limit
    lines.append(
        f"Round limit: {limit} (then the side with the larger share of its starting health wins)."
        if limit
        else "No round limit: the fight goes on until one side is wiped out."
    )
    if game.settings.defenders_choose:
        lines.append("Defenders choose whether to roll.")
    if game.boss is not None:
        lines.append(
            f"**Boss**: {game.boss.name} ({mention(game.boss_player)}): {build_line(game, None, game.boss)}"
        )
    else:
        lines.append("**Boss**: nobody yet.")
    for i, seat in enumerate(game.heroes):
        lines.append(
            f"**Hero**: {hero_name(seat)} ({mention(seat.player)}): {build_line(game, i, seat.build)}"
        )
    if not game.heroes:
        lines.append("**Heroes**: nobody yet.")
    lines.append("")
    lines.append(
        "Join with the buttons or `/bf join`; build with `/bf add`, `/bf remove`, `/bf deck`, "
        "`/bf build`; the boss player picks `/bf map`; then `/bf place` (boss first) and `/bf start`."
    )
    if latest:
        lines.append(f"Latest: {latest}")
    embed = discord.Embed(title="Boss Fight: lobby", description=clip("\n".join(lines), 3800), colour=COLOUR)
    embed.set_footer(text=f"Boss Fight #{game_id} · step {version}")
    return Post(embeds=[embed], view=view)
