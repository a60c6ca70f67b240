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
    if warning := uneven_sides(game):
        lines.append(warning)
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
