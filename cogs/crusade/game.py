"""The stored campaign, who waits on whom (for ``/games``), and how a campaign is shown.

Every change is a kit step (``KIT.play``) whose change function calls the rules in
:mod:`rules.crusade.engine` on the state it is given, so two players recording at once never
lose each other's step: the second runs again on the state the first saved.
"""

from __future__ import annotations

import csv
import io
import json
from typing import ClassVar

import discord

from bot.cards import Card, Field
from bot.games import GameKind, GameState, Seat
from bot.play import GameKit, Image, Post
from bot.text import public
from renderers.crusade import render_order_of_battle
from rules.crusade.engine import standings
from rules.crusade.model import Battle, Campaign, CrusadeUnit, Force

COLOUR = 0xB8892F


def seats(game: CrusadeGame) -> list[Seat]:
    """Every force's player; a battle waits on its player (details, an Out of Action choice) or
    on the opponent (the confirmation)."""
    c = game.campaign
    found = [Seat(f.player_id) for f in c.forces]
    for b in c.battles:
        if b.stage == "details":
            found.append(Seat(b.player_id, f"Crusade battle #{b.id}: say which units took part"))
        elif b.stage == "confirm":
            found.append(Seat(b.opponent_id, f"Crusade battle #{b.id}: confirm the result"))
        elif b.stage == "done" and b.open_choices:
            found.append(Seat(b.player_id, f"Crusade battle #{b.id}: choose Scar or Devastating Blow"))
    return found


KIND = GameKind(
    key="crusade",
    label="a Crusade campaign",
    start_hint="/crusade create",
    end_hint="/crusade end",
    seats=lambda game: seats(game),
)


class CrusadeGame(GameState):
    """A campaign as the game store keeps it."""

    SCHEMA_VERSION: ClassVar[int] = 1

    campaign: Campaign


def card(
    title: str,
    text: str = "",
    *,
    fields: list[tuple[str, str]] | None = None,
    view: discord.ui.View | None = None,
    images: list[Image] | None = None,
    ephemeral: bool = False,
    mentions: discord.AllowedMentions | None = None,
    footer: str = "",
) -> Post:
    """One Crusade reply as a card: a title, its text, fields, a picture and controls (the one
    place a Crusade message is laid out)."""
    pictures = [image.filename for image in images or []]
    built = Card(
        title=title,
        text=text or None,
        fields=[Field(name, value or "—") for name, value in fields or []],
        footer=footer or None,
        pictures=pictures,
        controls=view,
        colour=COLOUR,
    )
    return Post(card=built, images=images or [], ephemeral=ephemeral, mentions=mentions)


def unit_line(unit: CrusadeUnit) -> str:
    extra = []
    if unit.honours:
        extra.append("honours: " + ", ".join(public(h.name, 40) for h in unit.honours))
    if unit.scars:
        extra.append("scars: " + ", ".join(public(s, 40) for s in unit.scars))
    if unit.honours_due:
        extra.append(f"{unit.honours_due} honour(s) to choose")
    tail = f" ({'; '.join(extra)})" if extra else ""
    return (
        f"**{public(unit.name, 60)}** · {unit.rank.label} · {unit.xp} XP · {unit.crusade_points} CP · "
        f"{unit.points} pts{tail}"
    )


def force_text(force: Force) -> str:
    head = (
        f"{public(force.player_name, 40)} · Supply {force.supply_used}/{force.supply_limit} · "
        f"RP {force.rp} · Battles {force.battles} · Victories {force.victories} · "
        f"Crusade Points {force.crusade_points}"
    )
    if force.supply_used > force.supply_limit:
        head += f"\nOver the Supply Limit by {force.supply_used - force.supply_limit} points."
    return head + "\n" + "\n".join(unit_line(u) for u in force.units)


def show_force(force: Force, *, ephemeral: bool = False, note: str = "") -> Post:
    image = Image(lambda: render_order_of_battle(force), "order_of_battle.png")
    text = f"{note}\n{force_text(force)}" if note else force_text(force)
    return card(public(force.name, 80), text, images=[image], ephemeral=ephemeral)


def battle_text(battle: Battle, force: Force) -> str:
    def names(keys) -> str:
        return ", ".join(public(u.name, 40) for k in keys if (u := force.unit(k))) or "none"

    kills = (
        ", ".join(f"{public(u.name, 40)} {n}" for k, n in battle.kills.items() if (u := force.unit(k)))
        or "none"
    )
    marked = force.unit(battle.marked) if battle.marked else None
    return (
        f"{public(force.player_name, 40)} vs {public(battle.opponent_name, 40)}: **{battle.result.value}**\n"
        f"Took part: {names(battle.took_part)}\nDestroyed: {names(battle.destroyed)}\n"
        f"Units destroyed by each: {kills}\nMarked for Greatness: "
        f"{public(marked.name, 40) if marked else 'none'}"
    )


def standings_text(campaign: Campaign, order: str | None = None) -> str:
    rows = standings(campaign, order)
    if not rows:
        return "No force yet: `/crusade join file:`."
    return "\n".join(
        f"{i}. **{public(f.player_name, 40)}** ({public(f.name, 40)}): {f.victories} victories, "
        f"{f.battles} battles, {f.crusade_points} Crusade Points"
        for i, f in enumerate(rows, 1)
    )


def export_json(force: Force) -> bytes:
    return json.dumps(force.model_dump(mode="json"), ensure_ascii=False, indent=1).encode()


def export_csv(force: Force) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "unit",
            "points",
            "roles",
            "xp",
            "rank",
            "crusade_points",
            "honours",
            "scars",
            "kills",
            "battles",
            "wins",
        ]
    )
    for u in force.units:
        name = u.name
        if name[:1] in "=+-@":  # a spreadsheet must not read a name as a formula
            name = "'" + name
        writer.writerow(
            [
                name,
                u.points,
                " ".join(sorted(r.value for r in u.roles)),
                u.xp,
                u.rank.label,
                u.crusade_points,
                "; ".join(h.name for h in u.honours),
                "; ".join(u.scars),
                u.kills,
                u.battles,
                u.wins,
            ]
        )
    return out.getvalue().encode()


KIT: GameKit[CrusadeGame] = GameKit(KIND, CrusadeGame)
