"""The stored Boss Fight game and the one way a turn action is made and shown.

``BFGame`` is the rules' table (``rules.boss_fight.table``: the lobby, seats, builds, placing,
conceding and, once the pieces go down, the engine's ``fight``) as the game store keeps it; who may
do what is decided there, not here. The cog never edits ``fight``
by hand: :func:`act` runs the engine's ``apply`` inside one kit step. ``KIT`` is the game's
play-by-post kit; :func:`step_post` is the ONE public message every action is answered with (what
happened with every die, the board, who is next, pinging them).

Hands are private: nothing here names a card in a hand. The log lines of the engine name only
played cards, and the turn prompt says how many cards a hand holds, never which.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import discord

from bot.games import GameKind, Seat
from bot.games import GameState as StoredState
from bot.limits import clip
from bot.play import Card, Change, GameKit, Image, Post
from renderers.hex_board import Overlay, render_hex_board
from rules.boss_fight import (
    Action,
    Attack,
    HeroicFeat,
    Move,
    Phase,
    Sacrifice,
    StepResult,
    UseAbility,
    UseItem,
    all_placed,
    apply,
    parse_label,
    status_lines,
)
from rules.boss_fight import GameState as FightState
from rules.boss_fight.building import DECK_SIZE, deck_count
from rules.boss_fight.narration import report_step
from rules.boss_fight.narration import turn_prompt as narrate
from rules.boss_fight.placing import deployment_overlay
from rules.boss_fight.table import Pending, Table, check_actor, controller, mention, setup_board
from rules.boss_fight.views import BoardOverlay
from rules.errors import RuleError
from rules.i18n import N_, SOURCE, Message, Translator, _, translator

KIND = GameKind(
    key="boss_fight",
    label="a Boss Fight",
    start_hint="/bf new",
    end_hint="/bf end",
    seats=lambda game: seats(game),
    noun=_("Boss Fight game"),
    called=_("a Boss Fight game"),
)
BOARD_FILE = "board.png"
BOARD_SIZE = 1000
COLOUR = discord.Colour.from_rgb(155, 89, 182)
DONE_COLOUR = discord.Colour.from_rgb(87, 242, 135)
SUMMARY_LIMIT = 300


class BFGame(Table, StoredState):
    """A Boss Fight as the game store keeps it: the lobby, then the engine's game."""

    SCHEMA_VERSION: ClassVar[int] = 1


KIT = GameKit(KIND, BFGame, moved_on="This has moved on: use the newest message, or /bf hand again.")


def rng_of(interaction: discord.Interaction) -> Any:
    return interaction.client.rng  # type: ignore[attr-defined]


# -- actions as short codes (for buttons and select values) -------------------------------------


def _tile(text: str) -> Any:
    return None if text in ("", "-") else parse_label(text, 30, 30)


def encode(action: Action) -> str:
    """A short text for an action: ``mv|walk|C4|-|-``, ``at|basic_attack|longsword|D5`` ..."""

    def t(h: Any) -> str:
        return "-" if h is None else h.label()

    if isinstance(action, Move):
        rot = "-" if action.rotation is None else str(action.rotation)
        return f"mv|{action.card or '-'}|{t(action.to)}|{t(action.pivot)}|{rot}"
    if isinstance(action, Attack):
        return f"at|{action.card}|{action.equipment}|{t(action.target)}"
    if isinstance(action, UseItem):
        return f"it|{action.card}|{t(action.target)}"
    if isinstance(action, Sacrifice):
        return f"sc|{action.card}"
    if isinstance(action, UseAbility):
        return f"ab|{action.ability}|{t(action.target)}|{action.sacrifice or '-'}"
    if isinstance(action, HeroicFeat):
        return f"ft|{t(action.target)}"
    raise ValueError(f"no code for {action!r}")


def decode(code: str) -> Action:
    """The action :func:`encode` wrote."""
    kind, *parts = code.split("|")
    try:
        if kind == "mv":
            card, to, pivot, rot = parts
            return Move(
                card=None if card == "-" else card,
                to=_tile(to),
                pivot=_tile(pivot),
                rotation=None if rot == "-" else int(rot),
            )
        if kind == "at":
            return Attack(card=parts[0], equipment=parts[1], target=_tile(parts[2]))
        if kind == "it":
            return UseItem(card=parts[0], target=_tile(parts[1]))
        if kind == "sc":
            return Sacrifice(card=parts[0])
        if kind == "ab":
            return UseAbility(
                ability=parts[0], target=_tile(parts[1]), sacrifice=None if parts[2] == "-" else parts[2]
            )
        if kind == "ft":
            return HeroicFeat(target=_tile(parts[0]))
    except (ValueError, IndexError):
        pass
    raise RuleError(_("That choice is no longer understood: run /bf hand again."))


# -- one action as one stored step ---------------------------------------------------------------


def summarise(lines: list[Message] | list[str]) -> str:
    """The step's English summary for the event log (``/bf log``, an undo's notice)."""
    text = " ".join(str(line) for line in lines)
    return text if len(text) <= SUMMARY_LIMIT else text[: SUMMARY_LIMIT - 1] + "…"


def logged(lines: list[Message] | list[str]) -> list[object]:
    """The step's lines as an event's detail keeps them: each message as JSON (rendered later in
    the reader's language, :meth:`rules.i18n.Message.from_json`), a plain string as it is."""
    return [line.to_json() if isinstance(line, Message) else line for line in lines]


def stored_log(detail: dict[str, Any] | None, t: Translator) -> str:
    """A logged step's lines in ``t``'s language, on one line (empty when it kept none). A step
    logged before the lines were messages kept English strings: they read as they were."""
    lines = (detail or {}).get("log") or []
    text = " ".join(t(Message.from_json(line)) for line in lines)
    return text if len(text) <= SUMMARY_LIMIT else text[: SUMMARY_LIMIT - 1] + "…"


def drawn_counts(before: FightState, after: FightState) -> dict[str, int]:
    """How many cards each character drew in a step (counts only: hands stay private)."""
    out = {}
    for b, a in zip(before.characters, after.characters, strict=True):
        got = len(b.piles.deck) - len(a.piles.deck)
        if got > 0:
            out[a.name] = got
    return out


def run_actions(game: BFGame, actions: list[Action], rng: Any, *, name: str) -> Change[BFGame]:
    """Apply ``actions`` to the fight in order and record the log, every die and the draw counts."""
    assert game.fight is not None
    fight, lines, rolls = game.fight, [], []
    for action in actions:
        result: StepResult = apply(fight, action, rng)
        lines.extend(report_step(fight, result))
        fight = result.state
        rolls.extend(r.model_dump(mode="json") for r in result.rolls)
    new = game.model_copy(update={"fight": fight, "pending": None})
    return Change(
        new,
        summary=summarise(lines),
        detail={
            "action": name, "log": logged(lines), "rolls": rolls, "drawn": drawn_counts(game.fight, fight)
        },
        result=(lines, rolls),
    )


def act(user: int, action: Action, rng: Any, *, name: str) -> Callable[[BFGame], Change[BFGame]]:
    """The kit change for a turn action by ``user``; an attack under ``defenders_choose`` waits."""

    def change(game: BFGame) -> Change[BFGame]:
        fight = check_actor(game, user)
        if isinstance(action, Attack) and fight.settings.defenders_choose:
            defenders = defenders_of(fight, action)
            if defenders:
                # Check the attack is legal now (on throwaway dice), before anyone is asked.
                apply(fight, action, random.Random(0))
                pending = Pending(action=encode(action), attacker=user, waiting=defenders)
                return Change(
                    game.model_copy(update={"pending": pending}),
                    summary=f"{fight.current.name if fight.current else '?'} attacks; "
                    "waiting for the defence choice",
                    detail={"action": "attack (pending)"},
                    result=([], []),
                )
        return run_actions(game, [action], rng, name=name)

    return change


def defenders_of(fight: FightState, action: Attack) -> list[str]:
    """Ids of the enemies an attack would hit (those asked whether to roll)."""
    from rules.boss_fight import preview_attack

    assert fight.current is not None
    found = preview_attack(fight, fight.current.id, action.card, action.equipment, action.target)
    names = {p.defender for p in found}
    return [c.id for c in fight.characters if c.name in names]


# -- what players see ----------------------------------------------------------------------------


def board_image(
    fight: FightState,
    overlay: Overlay | BoardOverlay | str | None = None,
    *,
    focus: str | None = None,
    filename: str = BOARD_FILE,
    t: Translator | None = None,
) -> Image:
    """The board, drawn off the event loop; ``overlay`` a preview or ``moves``/``sight``/``areas``."""
    return Image(
        lambda: render_hex_board(fight, theme="dark", size=BOARD_SIZE, overlay=overlay, focus=focus, t=t),
        filename,
    )


def seats(game: BFGame) -> list[Seat]:
    """For /games: the host and every player, and whose action the table waits for."""
    found = [Seat(u) for u in (game.host, game.boss_player, *(s.player for s in game.heroes)) if u]
    fight = game.fight
    if fight is None:
        # Placing needs every deck at 30 cards: a player still building is the one it waits on.
        short = [(game.boss_player, game.boss)] if game.boss is not None else []
        short += [(s.player, s.build) for s in game.heroes]
        building = [
            Seat(
                u,
                _(
                    "finish your build (deck {count}/{size}): `/bf add` or `/bf deck`",
                    count=deck_count(b),
                    size=DECK_SIZE,
                ),
            )
            for u, b in short
            if u and deck_count(b) != DECK_SIZE
        ]
        if building:
            return [*found, *building]
        return [*found, Seat(game.host, _("gather the players' builds, then place the pieces: `/bf place`"))]
    if game.conceded or fight.is_over():
        return [*found, Seat(game.host, _("the fight is over: close it with `/bf end`"))]
    if game.pending is not None:
        waits = _("choose whether to roll for defence (the buttons on the last message)")
        return [*found, *(Seat(controller(game, c) or 0, waits) for c in game.pending.waiting)]
    if not game.started and all_placed(fight):
        return [*found, Seat(game.host, _("every piece is placed: `/bf start`"))]
    if fight.current is None:
        return found
    who = controller(game, fight.current.id) or 0
    if fight.phase is Phase.SETUP:
        return [*found, Seat(who, _("place {name}: `/bf place`", name=fight.current.name))]
    return [*found, Seat(who, _("{name}'s turn: `/bf hand`", name=fight.current.name))]


def turn_prompt(game: BFGame, t: Translator | None = None) -> str:
    """Who acts and what they can do, without naming a card in their hand (in ``t``'s language)."""
    t = t or translator(SOURCE)
    fight = game.fight
    if fight is None:
        return t("Build, then /bf place.")
    if game.conceded:
        if game.conceded == "boss":
            return t("The boss conceded: /bf end closes the game.")
        return t("The heroes conceded: /bf end closes the game.")
    if fight.is_over():
        outcome = {"heroes": N_("The heroes win!"), "boss": N_("The boss wins!"), "draw": N_("A draw.")}
        over = N_("Over.")
        said = t(outcome.get(fight.outcome.value if fight.outcome else "", over))
        return t("{outcome} /bf end closes the game.", outcome=said)
    if not game.started and all_placed(fight):
        return t("Every piece is placed. {host} or any player: `/bf start`.", host=mention(game.host))
    c = fight.current
    if c is None:
        return t("Nobody can act.")
    who = mention(controller(game, c.id))
    if fight.phase is Phase.SETUP:
        if c.id == fight.boss.id:
            return t("{who}: place the boss (anchor tile and rotation 0-5) with `/bf place tile:<label>`.",
                     who=who)
        return t("{who}: place {name} with `/bf place tile:<label>`.", who=who, name=c.name)
    if game.pending is not None:
        names = ", ".join(
            f"{fight.character(x).name} ({mention(controller(game, x))})" for x in game.pending.waiting
        )
        return t("Waiting for {names} to choose whether to roll for defence.", names=names)
    prompt = narrate(fight)
    said = " ".join(in_words(t, line) for line in [prompt.headline, *prompt.public])
    return t("{who}: {said} `/bf hand` to play.", who=who, said=said)


def in_words(t: Translator, line: str | Message) -> str:
    """A narration line in ``t``'s language: a lazy message is rendered, a plain string (a name,
    or a line stored before it was marked) stays as it is."""
    if isinstance(line, Message):
        return t(line)
    return line


def table_post(
    game: BFGame,
    *,
    game_id: int,
    version: int,
    title: str,
    lines: list[str],
    view: discord.ui.View | None = None,
    overlay: Overlay | None = None,
    ping: bool = True,
    t: Translator | None = None,
) -> Post:
    """The public message: what happened, every die, the board, and whose action is next (pinged)."""
    t = t or translator(SOURCE)
    fight = game.fight
    assert fight is not None
    done = fight.is_over() or bool(game.conceded)
    embed = Card(  # built at once, not from an embed: every action shows it
        title=clip(title, 256),
        text=clip("\n".join(in_words(t, line) for line in lines) or "—", 3800),
        colour=DONE_COLOUR if done else COLOUR,
    )
    embed.add_field(name=t("Table"), value=clip("\n".join(t(line) for line in status_lines(fight)), 1024),
                    inline=False)
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    embed.set_footer(text=t("Boss Fight #{id} · step {version}", id=game_id, version=version))
    prompt = turn_prompt(game, t)
    next_user = None if done or fight.current is None else controller(game, fight.current.id)
    if game.pending is not None:
        users = [controller(game, x) for x in game.pending.waiting]
    else:
        users = [next_user] if next_user else []
    mentions = (
        discord.AllowedMentions(users=[discord.Object(u) for u in users if u], everyone=False, roles=False)
        if ping and users
        else None
    )
    return Post(
        content=clip(t("Next: {prompt}", prompt=prompt), 1900),
        card=embed,
        view=view,
        images=[board_image(fight, overlay if overlay is not None else setup_overlay(game), t=t)],
        mentions=mentions,
    )


def placing_hint(game: BFGame, t: Translator | None = None) -> str:
    """Before the fight: the map, who places next and how, in ``t``'s language."""
    t = t or translator(SOURCE)
    cat_map = setup_board(game).board
    head = t("Map: {name} ({width}×{height}).", name=cat_map.name, width=cat_map.width, height=cat_map.height)
    if game.fight is not None:
        return f"{head} {turn_prompt(game, t)}"
    if game.boss is None or game.boss_player is None:
        return head + " " + t("Nobody plays the boss yet: `/bf join side:boss`; the boss is placed first.")
    return head + " " + t(
        "{player} places {boss} first with `/bf place tile:` (the menu lists the anchor tiles where its "
        "whole shape fits; `rotation:` turns it), then each hero more than 2 tiles from it.",
        player=mention(game.boss_player),
        boss=game.boss.name,
    )


def setup_overlay(game: BFGame) -> BoardOverlay | None:
    """During set-up, where the piece to place next may go (None once the fight is on)."""
    fight = game.fight if game.fight is not None else setup_board(game)
    if game.started or fight.phase is not Phase.SETUP:
        return None
    return deployment_overlay(fight)


async def nudge(bot: Any, payload: dict[str, Any]) -> None:
    """The idle reminder: ping the player to act once, if the game has not moved since (in the
    server's language: no interaction is at hand)."""
    from bot.i18n import guild_locale
    from bot.send import send_to

    game = await bot.games.find(int(payload["channel"]), BFGame, KIT.kind.key)
    if game is None or game.id != payload["game"] or game.version != payload["version"]:
        return
    fight = game.state.fight
    if fight is None or fight.is_over() or not payload.get("user"):
        return
    user = int(payload["user"])
    known = bot.get_channel(int(payload["channel"]))
    t = translator(await guild_locale(bot, getattr(getattr(known, "guild", None), "id", None)))
    await send_to(
        bot.get_partial_messageable(int(payload["channel"])),
        content=t("⏰ Reminder: {prompt}", prompt=turn_prompt(game.state, t)),
        mentions=discord.AllowedMentions(users=[discord.Object(user)], everyone=False, roles=False),
    )
