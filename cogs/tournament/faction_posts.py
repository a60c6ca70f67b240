"""The faction table as a post: a line per faction and the picture for sharing (``/tournament
factions``). Split from ``posts.py``."""

from __future__ import annotations

from bot.cards import Card
from bot.play import Image, Post
from bot.text import public
from cogs.tournament.words import COLOUR, ENGLISH
from renderers.factions import render_faction_table
from rules.errors import RuleError
from rules.i18n import SOURCE, Translator, _
from rules.tournament.faction_table import FEW_GAMES, FactionRow, ordinal, percent

FACTION_LINES = 25
"""Factions listed in the message's text (all of them are in the picture, up to its cap)."""


def _english(tr: Translator) -> bool:
    return tr.language == SOURCE


def faction_post(rows: list[FactionRow], *, title: str, subtitle: str, tr: Translator = ENGLISH) -> Post:
    """The faction table: a line per faction and the picture for sharing."""
    if not rows:
        raise RuleError(
            _("{title}: nobody has joined with a faction yet, so there is no faction table.", title=title)
        )
    lines = []
    for row in rows[:FACTION_LINES]:
        average = row.average_battle_points
        # English keeps its own figures (62.5%, 1st); another language writes them its way.
        rate = percent(row.win_rate) if _english(tr) or row.win_rate is None else tr.percent(row.win_rate)
        avg = "–" if average is None else (f"{average:.1f}" if _english(tr) else tr.number(average, 1))
        line = " · ".join(
            [
                f"**{public(row.faction, 60)}**",
                tr.n("{n} player", "{n} players", row.players, n=row.players),
                tr.n("{n} game", "{n} games", row.games, n=row.games),
                f"{row.wins}-{row.draws}-{row.losses}",
                rate,
                tr(_("avg BP {average}", average=avg)),
            ]
        )
        if row.mirrors:
            line += " · " + tr.n("{n} mirror left out", "{n} mirrors left out", row.mirrors, n=row.mirrors)
        if row.best is not None:
            rank = ordinal(row.best.rank) if _english(tr) else tr(_("{n}.º", n=row.best.rank))
            line += " · " + tr(_("best: {player} ({rank})", player=public(row.best.name, 40), rank=rank))
        if row.few:
            line += " ⚠️"
        lines.append(line)
    if len(rows) > FACTION_LINES:
        more = len(rows) - FACTION_LINES
        lines.append(
            tr.n(
                "…and {n} more faction in the picture.",
                "…and {n} more factions in the picture.",
                more,
                n=more,
            )
        )
    note = tr(
        _(
            "W-D-L and win rate leave mirror matches out; a draw counts as half a win. "
            "⚠️ fewer than {few} games: the rate says little.",
            few=FEW_GAMES,
        )
    )
    image = Image(lambda: render_faction_table(rows, title=title, subtitle=subtitle), "factions.png")
    card = Card(
        title=f"{public(title, 80)}: {subtitle}",
        text="\n".join(lines),
        footer=note,
        pictures=["factions.png"],
        colour=COLOUR,
    )
    return Post(card=card, images=[image])
