"""The stored campaign, who waits on whom (for ``/games``), and how a campaign is shown.

Every change is a kit step (``KIT.play``) whose change function calls the rules in
:mod:`rules.crusade.engine` on the state it is given, so two players recording at once never
lose each other's step: the second runs again on the state the first saved.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from typing import ClassVar

import discord

from bot.cards import Card, Field
from bot.games import GameKind, GameState, Seat
from bot.play import GameKit, Image, Post
from bot.text import public
from renderers.crusade import render_order_of_battle
from rules.crusade.engine import RANK_NAMES, RESULT_NAMES, standings
from rules.crusade.model import Battle, Campaign, CrusadeUnit, Force
from rules.crusade.words import Said
from rules.i18n import Translator, _, translator

COLOUR = 0xB8892F


def seats(game: CrusadeGame) -> list[Seat]:
    """Every force's player; a battle waits on its player (details, an Out of Action choice) or
    on the opponent (the confirmation)."""
    c = game.campaign
    found = [Seat(f.player_id) for f in c.forces]
    for b in c.battles:
        if b.stage == "details":
            found.append(Seat(b.player_id, _("Crusade battle #{id}: say which units took part", id=b.id)))
        elif b.stage == "confirm":
            found.append(Seat(b.opponent_id, _("Crusade battle #{id}: confirm the result", id=b.id)))
        elif b.stage == "done" and b.open_choices:
            what = _("Crusade battle #{id}: choose Scar or Devastating Blow", id=b.id)
            found.append(Seat(b.player_id, what))
    return found


KIND = GameKind(
    key="crusade",
    label="a Crusade campaign",
    start_hint="/crusade create",
    end_hint="/crusade end",
    seats=lambda game: seats(game),
    noun=_("Crusade campaign"),
    called=_("a Crusade campaign"),
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


#: The words of a Crusade reply: ``t("...", **values)``, ``t.n(one, many, n, **values)`` and
#: ``t(said)`` for what the rules said (docs/i18n.md).
Words = Translator
ENGLISH = translator(None)


def lines(t: Words, said: Iterable[Said]) -> str:
    """What the rules said, one line each, in the reader's words; names in it shown inert."""
    return "\n".join(public(t(x), 300) for x in said)


def unit_line(unit: CrusadeUnit, t: Words = ENGLISH) -> str:
    extra = []
    if unit.honours:
        extra.append(t("honours: {names}", names=", ".join(public(h.name, 40) for h in unit.honours)))
    if unit.scars:
        extra.append(t("scars: {names}", names=", ".join(public(s, 40) for s in unit.scars)))
    if unit.honours_due:
        extra.append(
            t.n("{n} honour to choose", "{n} honours to choose", unit.honours_due, n=unit.honours_due)
        )
    values = {
        "unit": public(unit.name, 60),
        "rank": t(RANK_NAMES[unit.rank]),
        "xp": unit.xp,
        "cp": unit.crusade_points,
        "extra": f" ({'; '.join(extra)})" if extra else "",
    }
    if unit.points is None:  # its list gave none: unknown, which is not 0
        return t("**{unit}** · {rank} · {xp} XP · {cp} CP · points unknown{extra}", **values)
    return t("**{unit}** · {rank} · {xp} XP · {cp} CP · {points} pts{extra}", points=unit.points, **values)


def force_text(force: Force, t: Words = ENGLISH) -> str:
    head = t(force.tally(public(force.player_name, 40)))
    if force.supply_used > force.supply_limit:
        over = force.supply_used - force.supply_limit
        head += "\n" + t("Over the Supply Limit by {points} points.", points=over)
    if force.unpriced:
        head += "\n" + t.n(
            "{n} unit has no points in its list: it counts 0 against the Supply Limit.",
            "{n} units have no points in their list: they count 0 against the Supply Limit.",
            force.unpriced,
            n=force.unpriced,
        )
    return head + "\n" + "\n".join(unit_line(u, t) for u in force.units)


def show_force(force: Force, *, t: Words = ENGLISH, ephemeral: bool = False, note: str = "") -> Post:
    image = Image(lambda: render_order_of_battle(force, t=t), "order_of_battle.png")
    text = f"{note}\n{force_text(force, t)}" if note else force_text(force, t)
    return card(public(force.name, 80), text, images=[image], ephemeral=ephemeral)


def battle_text(battle: Battle, force: Force, t: Words = ENGLISH) -> str:
    none = "—"

    def names(keys: Iterable[str]) -> str:
        return ", ".join(public(u.name, 40) for k in keys if (u := force.unit(k))) or none

    kills = ", ".join(f"{public(u.name, 40)} {n}" for k, n in battle.kills.items() if (u := force.unit(k)))
    marked = force.unit(battle.marked) if battle.marked else None
    return t(
        "{player} vs {opponent}: **{result}**\nTook part: {took}\nDestroyed: {destroyed}\n"
        "Units destroyed by each: {kills}\nMarked for Greatness: {marked}",
        player=public(force.player_name, 40),
        opponent=public(battle.opponent_name, 40),
        result=t(RESULT_NAMES[battle.result]),
        took=names(battle.took_part),
        destroyed=names(battle.destroyed),
        kills=kills or none,
        marked=public(marked.name, 40) if marked else none,
    )


def standings_text(campaign: Campaign, order: str | None = None, t: Words = ENGLISH) -> str:
    rows = standings(campaign, order)
    if not rows:
        return t("No force yet: `/crusade join file:`.")
    return "\n".join(
        t(
            "{place}. **{player}** ({force}): {victories} victories, {battles} battles, "
            "{points} Crusade Points",
            place=i,
            player=public(f.player_name, 40),
            force=public(f.name, 40),
            victories=f.victories,
            battles=f.battles,
            points=f.crusade_points,
        )
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


async def own_units(interaction: discord.Interaction, current: str) -> list[str]:
    """The names of the player's units that contain what they typed (the player's own force, or
    the one named by ``player:``)."""
    game = await KIT.find(interaction)
    if game is None:
        return []
    chosen = getattr(interaction.namespace, "player", None)
    force = game.state.campaign.force(chosen.id if chosen is not None else interaction.user.id)
    typed = current.lower()
    return [u.name for u in (force.units if force else ()) if typed in u.name.lower()]
