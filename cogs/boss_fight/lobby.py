"""The lobby: seats, builds and placing, as kit changes of a :class:`BFGame`.

Each function takes the stored game and returns a new one (or raises a RuleError saying what to
change); the building rules themselves are in ``rules.boss_fight.building``.
"""

from __future__ import annotations

import discord

from bot.limits import clip
from bot.play import Post
from cogs.boss_fight.game import COLOUR, BFGame
from rules.boss_fight.table import build_line, catalog, hero_name, mention, uneven_sides
from rules.i18n import SOURCE, Message, Translator, translator


def said(t: Translator, line: Message | str) -> str:
    """A lobby line from rules/ in the reader's language (a line not yet marked stays as it is)."""
    return t(line) if isinstance(line, Message) else line


def lobby_post(
    game: BFGame,
    *,
    game_id: int,
    version: int,
    latest: Message | str = "",
    view: discord.ui.View | None = None,
    t: Translator | None = None,
) -> Post:
    """The lobby message: points limit, map, who has joined with what (in ``t``'s language)."""
    t = t or translator(SOURCE)
    cat = catalog()
    board = cat.maps.get(game.map_id)
    lines = [
        t(
            "Host: {host} · points limit: {points} · map: {map} ({width}×{height})",
            host=mention(game.host),
            points=game.points or t("no limit"),
            map=board.name,
            width=board.width,
            height=board.height,
        )
        if board
        else ""
    ]
    limit = game.settings.round_limit
    lines.append(
        t(
            "Round limit: {limit} (then the side with the larger share of its starting health wins).",
            limit=limit,
        )
        if limit
        else t("No round limit: the fight goes on until one side is wiped out.")
    )
    if game.settings.defenders_choose:
        lines.append(t("Defenders choose whether to roll."))
    if game.boss is not None:
        lines.append(
            t(
                "**Boss**: {name} ({player}): {build}",
                name=game.boss.name,
                player=mention(game.boss_player),
                build=build_line(game, None, game.boss),
            )
        )
    else:
        lines.append(t("**Boss**: nobody yet."))
    for i, seat in enumerate(game.heroes):
        lines.append(
            t(
                "**Hero**: {name} ({player}): {build}",
                name=hero_name(seat),
                player=mention(seat.player),
                build=build_line(game, i, seat.build),
            )
        )
    if not game.heroes:
        lines.append(t("**Heroes**: nobody yet."))
    if warning := uneven_sides(game):
        lines.append(t(warning))
    lines.append("")
    lines.append(
        t(
            "Join with the buttons or `/bf join`; build with `/bf add`, `/bf remove`, `/bf deck`, "
            "`/bf build`; the boss player picks `/bf map`; then `/bf place` (boss first) and `/bf start`."
        )
    )
    if latest:
        lines.append(t("Latest: {latest}", latest=said(t, latest)))
    embed = discord.Embed(
        title=t("Boss Fight: lobby"), description=clip("\n".join(lines), 3800), colour=COLOUR
    )
    embed.set_footer(text=t("Boss Fight #{id} · step {version}", id=game_id, version=version))
    return Post(embeds=[embed], view=view)
