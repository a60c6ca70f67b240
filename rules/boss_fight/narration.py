"""Boss Fight in words: whose turn it is and what they can do, what a step did, and card texts.

Three things a play-by-post front end posts, all pure text built from the rules:

* :func:`turn_prompt` -- who acts (or places) next and what they can do. ``prompt.public`` is
  safe for the channel: it never names a card in a hand (only how many there are).
  ``prompt.cards`` and :meth:`TurnPrompt.private_lines` go through the hand card by card, with what
  each needs; show those only to the character's player.
* :func:`report_step` -- what one step did: the log, every die, the damage arithmetic, who
  fell and the outcome. Public: the engine names a card only once it is played, and draws and
  random discards only by count.
* :func:`describe_card` -- any card's text and points, for a look-up at any time.

>>> import random
>>> from rules.boss_fight import apply, legal_actions, quick_game
>>> state = quick_game(seed=1)
>>> prompt = turn_prompt(state)
>>> prompt.name, prompt.actions_left
('Kestrel', 2)
>>> result = apply(state, legal_actions(state)[0], random.Random(0))
>>> lines = report_step(state, result)
>>> str(lines[0]).startswith("Kestrel")
True
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rules.boss_fight.combat import ATTACK_KINDS, STATUS_NAMES
from rules.boss_fight.content import (
    AbilitySpec,
    ActionCardSpec,
    Area,
    AreaShape,
    AttackKind,
    AttackProfile,
    CardSet,
    CardType,
    Catalog,
    Constitution,
    Effect,
    EffectKind,
    EffectTo,
    EquipmentSpec,
    HeroSpec,
    Passive,
    PassiveKind,
    PieceSpec,
    PieceType,
    Side,
    Stat,
    Status,
    TargetKind,
    TokenSpec,
    Usable,
)
from rules.boss_fight.engine import StepResult, all_placed, legal_actions
from rules.boss_fight.hexgrid import Hex
from rules.boss_fight.state import (
    Action,
    Attack,
    Character,
    GameState,
    HeroicFeat,
    Move,
    Phase,
    PlaceBoss,
    PlaceHero,
    Sacrifice,
    UseAbility,
    UseItem,
)
from rules.boss_fight.views import piece_poses
from rules.errors import NotFoundError
from rules.i18n import N_, Message, Text, _, ngettext

MAX_TILES_LISTED = 8
"""Tiles named in one option before it says "and N more" (an embed field is 1,024 characters)."""


# ---- the turn prompt --------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One thing the acting character can do, with the legal actions behind it.

    ``card`` is a card id from the hand (private) or None (an ability, the feat, the free walk,
    a placement). ``needs`` says in words what the player must still choose. ``actions`` may name
    hand cards (a sacrifice): never post them.
    """

    kind: str
    name: Text
    needs: Text
    card: str | None = None
    actions: tuple[Action, ...] = ()

    @property
    def playable(self) -> bool:
        """Whether there is at least one legal way to do it now."""
        return bool(self.actions)

    def line(self) -> Message:
        """``Name (kind): needs``, in the reader's language when rendered."""
        kind = OPTION_KINDS.get(self.kind)
        return _("{name} ({kind}): {needs}", name=self.name, kind=_(kind) if kind else self.kind,
                 needs=self.needs)


@dataclass(frozen=True)
class TurnPrompt:
    """Who acts next and what they can do.

    ``public`` lines may be posted in the channel; ``cards`` (one :class:`Option` per distinct
    card in hand) only to the character's player, see :meth:`private_lines`. ``others`` are the
    public options (abilities, the heroic feat, the free walk, placements).
    """

    phase: Phase
    round: int
    character: str | None
    name: str | None
    side: Side | None
    controller: str | None
    actions_left: int
    hand_size: int
    headline: Text
    public: tuple[Text, ...]
    cards: tuple[Option, ...] = ()
    others: tuple[Option, ...] = ()
    warnings: tuple[str, ...] = field(default=())

    def public_text(self) -> str:
        """The headline and the public lines, one per line (for a turn message)."""
        return "\n".join(str(line) for line in [self.headline, *self.public])

    def private_lines(self) -> list[Message]:
        """The hand card by card (playable first), then the other options: for the owner only.

        >>> from rules.boss_fight import quick_game
        >>> lines = turn_prompt(quick_game(seed=1)).private_lines()
        >>> str(lines[0]).startswith("Hand (4 cards)")
        True
        """
        if self.character is None:
            return []
        out = [_("Hand ({cards}), {actions} left:", cards=ngettext("{n} card", "{n} cards", self.hand_size,
                                                                     n=self.hand_size),
                 actions=_actions(self.actions_left))]
        for opt in sorted(self.cards, key=lambda o: (not o.playable, str(o.name))):
            out.append(_("- {option}", option=opt.line()))
        if self.hand_size:
            out.append(_("- Any card can be sacrificed (discarded) to spend an action."))
        out.extend(_("- {option}", option=o.line()) for o in self.others)
        return out


def _actions(n: int) -> Message:
    return ngettext("{n} action", "{n} actions", n, n=n)


def _side(side: Side) -> Message:
    return _("boss") if side is Side.BOSS else _("hero")


#: What an option is, as a hand line names it.
OPTION_KINDS = {
    "move": N_("move"),
    "attack": N_("attack"),
    "item": N_("item"),
    "ability": N_("ability"),
    "heroic feat": N_("heroic feat"),
    "no card needed": N_("no card needed"),
    "place": N_("place"),
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _tiles(tiles: list[str]) -> Text:
    unique = list(dict.fromkeys(tiles))
    if len(unique) <= MAX_TILES_LISTED:
        return ", ".join(unique)
    return _("{tiles} and {n} more", tiles=", ".join(unique[:MAX_TILES_LISTED]),
             n=len(unique) - MAX_TILES_LISTED)


def _who_on(state: GameState, label_tile) -> str:
    c = state.occupant(label_tile)
    return f"{c.name} ({label_tile.label()})" if c else label_tile.label()


def _move_needs(state: GameState, c: Character, moves: list[Move]) -> Message:
    if len(c.shape) > 1 and moves:
        # A large piece's choice is where its whole shape ends, not which tile its pivot lands on.
        poses = [p for p in piece_poses(state, c.id, moves[0].card) if p.steps > 0]
        nearest = _tiles([p.anchor.label() for p in poses])
        return ngettext("a position to move to ({n} position in reach, anchored at {tiles})",
                        "a position to move to ({n} positions in reach, anchored at {tiles})", len(poses),
                        n=len(poses), tiles=nearest)
    ends = [m.to.label() for m in moves]
    return _("a tile to move to ({n} in reach: {tiles})", n=len(set(ends)), tiles=_tiles(ends))


def _attack_needs(state: GameState, c: Character, attacks: list[Attack]) -> Message:
    by_eq: dict[str, list[str]] = {}
    for a in attacks:
        eq = next((e.name for e in c.equipment if e.id == a.equipment), a.equipment)
        by_eq.setdefault(eq, []).append(_who_on(state, a.target))
    parts = tuple(_("with {equipment} at {targets}", equipment=eq, targets=", ".join(dict.fromkeys(ts)))
                  for eq, ts in by_eq.items())
    return _("a target: {choices}", choices=parts)


def _aim_needs(state: GameState, usable: Usable, targets: list[Hex | None]) -> Message:
    if usable.target is TargetKind.SELF:
        return _("no target needed")
    tiles = [t for t in targets if t is not None]
    who = ", ".join(_who_on(state, t) for t in tiles)
    if usable.target is TargetKind.ENEMY:
        return _("an enemy: {targets}", targets=who)
    if usable.target is TargetKind.ALLY:
        return _("an ally: {targets}", targets=who)
    return _("a tile ({n} possible: {tiles})", n=len(tiles), tiles=_tiles([t.label() for t in tiles]))


def _why_not(state: GameState, c: Character, spec: ActionCardSpec) -> Message:
    from rules.boss_fight.engine import BOSS_MAX_ATTACKS, move_allowance

    if spec.move is not None:
        if c.active_status(Status.IMMOBILISED):
            return _("cannot be played: immobilised this turn")
        allowance = move_allowance(c, spec.move.tiles)
        if allowance < max(1, spec.move.minimum):
            need = max(1, spec.move.minimum)
            return _("cannot be played: it needs {need} tiles of movement and there are {has}", need=need,
                     has=allowance)
        return _("cannot be played: no clear tile in reach")
    if spec.attack is not None:
        if c.side is Side.BOSS and state.attacks_made >= BOSS_MAX_ATTACKS:
            return _("cannot be played: already {n} attacks this turn", n=BOSS_MAX_ATTACKS)
        if not any(e.profile(spec.attack.profile) for e in c.equipment):
            return _("cannot be played: no equipment has a {kind} attack",
                     kind=ATTACK_KINDS.get(spec.attack.profile.value, spec.attack.profile.value))
        return _("cannot be played: no enemy in range and sight")
    if spec.item is not None:
        from rules.boss_fight.engine import attack_capped, attacks

        if attacks(spec.item) and attack_capped(state, c):
            return _("cannot be played: already {n} attacks this turn", n=BOSS_MAX_ATTACKS)
    return _("cannot be played now: nothing it could be aimed at")


def _card_options(state: GameState, c: Character, actions: list[Action]) -> list[Option]:
    by_card: dict[str, list[Action]] = {}
    for a in actions:
        if isinstance(a, Move | Attack | UseItem) and a.card is not None:
            by_card.setdefault(a.card, []).append(a)
    out = []
    for card, n in sorted(Counter(c.piles.hand).items()):
        spec = state.cards[card]
        name = spec.name if n == 1 else f"{spec.name} x{n}"
        acts = by_card.get(card, [])
        if not acts:
            needs: Message = _("{why} (sacrifice it instead)", why=_why_not(state, c, spec))
        elif spec.move is not None:
            needs = _move_needs(state, c, [a for a in acts if isinstance(a, Move)])
        elif spec.attack is not None:
            needs = _attack_needs(state, c, [a for a in acts if isinstance(a, Attack)])
        else:
            needs = _aim_needs(state, spec.item, [a.target for a in acts if isinstance(a, UseItem)])
        out.append(Option(kind=spec.type.value, name=name, needs=needs, card=card, actions=tuple(acts)))
    return out


def _other_options(state: GameState, c: Character, actions: list[Action]) -> list[Option]:
    out = []
    walks = [a for a in actions if isinstance(a, Move) and a.card is None]
    if walks:
        out.append(Option(kind="no card needed", name=_("the free walk"), needs=_move_needs(state, c, walks),
                          actions=tuple(walks)))
    for ab in c.abilities:
        if ab.use is None:
            continue
        acts = [a for a in actions if isinstance(a, UseAbility) and a.ability == ab.id]
        cost = []
        if ab.takes_action:
            cost.append(_("takes an action and a card to sacrifice"))
        if ab.expend:
            cost.append(_("expends {n} from the discard pile", n=ab.expend))
        if acts:
            targets = list(dict.fromkeys(a.target for a in acts))
            needs: Message = _aim_needs(state, ab.use, targets)
        else:
            needs = _ability_not_ready(state, c, ab)
        if cost:
            needs = _("{needs}; {cost}", needs=needs, cost=tuple(cost))
        out.append(Option(kind="ability", name=ab.name, needs=needs, actions=tuple(acts)))
    if c.feat is not None and c.side is Side.HERO:
        acts = [a for a in actions if isinstance(a, HeroicFeat)]
        if acts:
            needs = _aim_needs(state, c.feat.use, [a.target for a in acts])
        elif state.settings.feats_per_turn is not None and state.feats_used >= state.settings.feats_per_turn:
            needs = _("not now: the heroic feat limit for this turn is reached")
        else:
            needs = _("not now: needs {n} in the discard pile, has {has}", n=c.feat_cost,
                      has=len(c.piles.discard))
        needs = _("{needs}; not an action, expends {n}", needs=needs, n=c.feat_cost)
        out.append(Option(kind="heroic feat", name=c.feat.name, needs=needs, actions=tuple(acts)))
    return out


def _ability_not_ready(state: GameState, c: Character, ab: AbilitySpec) -> Message:
    from rules.boss_fight.engine import BOSS_MAX_ATTACKS, attack_capped, attacks

    last = c.ability_used_round.get(ab.id)
    if last is not None and state.round - last < 2:
        return _("resting: used in round {last}, ready in round {ready}", last=last, ready=last + 2)
    if len(c.piles.discard) < ab.expend:
        return _("not now: needs {n} in the discard pile, has {has}", n=ab.expend, has=len(c.piles.discard))
    if ab.takes_action and not c.piles.hand:
        return _("not now: no card in hand to sacrifice")
    if ab.takes_action and ab.use is not None and attacks(ab.use) and attack_capped(state, c):
        return _("not now: already {n} attacks this turn", n=BOSS_MAX_ATTACKS)
    return _("not now: nothing in reach")


def _statuses(c: Character) -> Message | None:
    if not c.statuses:
        return None
    marks = tuple(STATUS_NAMES[m.status] if m.active else _("{status} (from next turn)",
                                                            status=STATUS_NAMES[m.status])
                  for m in c.statuses)
    return _("Statuses: {statuses}.", statuses=marks)


def turn_prompt(state: GameState) -> TurnPrompt:
    """Who acts (or places) next and what they can do, built from :func:`legal_actions`.

    >>> from rules.boss_fight import quick_game
    >>> p = turn_prompt(quick_game(seed=1))
    >>> str(p.headline)
    'Round 1: Kestrel (hero) acts, 2 actions left.'
    >>> str(p.public[0])
    'Kestrel holds 4 cards: play or sacrifice one per action (its player sees them with /bf hand).'
    """
    actions = legal_actions(state)
    if state.phase is Phase.OVER:
        result = {"heroes": _("the heroes win"), "boss": _("the boss wins"), "draw": _("a draw")}
        outcome = result.get(state.outcome.value if state.outcome else "", _("no result"))
        return TurnPrompt(phase=state.phase, round=state.round, character=None, name=None, side=None,
                          controller=None, actions_left=0, hand_size=0,
                          headline=_("The fight is over after round {round}: {outcome}.", round=state.round,
                                     outcome=outcome), public=())
    c = state.current
    if c is None:
        held = state.phase is Phase.SETUP and all_placed(state)
        headline = (_("Every piece is placed: round 1 begins when the players start the fight.")
                    if held else _("Nobody is to act."))
        return TurnPrompt(phase=state.phase, round=state.round, character=None, name=None, side=None,
                          controller=None, actions_left=0, hand_size=0, headline=headline, public=())
    if state.phase is Phase.SETUP:
        return _setup_prompt(state, c, actions)
    cards = _card_options(state, c, actions)
    others = _other_options(state, c, actions)
    n = len(c.piles.hand)
    headline = ngettext(
            "Round {round}: {name} ({side}) acts, {n} action left.",
            "Round {round}: {name} ({side}) acts, {n} actions left.",
            state.actions_left,
            round=state.round,
            name=c.name,
            side=_side(c.side),
            n=state.actions_left,
        )
    public: list[Text] = []
    if n:
        public.append(
            ngettext(
                    "{name} holds {n} card: play or sacrifice one per action "
                    "(its player sees them with /bf hand).",
                    "{name} holds {n} cards: play or sacrifice one per action "
                    "(its player sees them with /bf hand).",
                    n,
                    name=c.name,
                    n=n,
                )
        )
    else:
        public.append(_("{name} holds no cards.", name=c.name))
    if c.side is Side.BOSS:
        from rules.boss_fight.engine import BOSS_MAX_ATTACKS

        public.append(
            _(
                    "Attacks made this turn: {made} of at most {most}.",
                    made=state.attacks_made,
                    most=BOSS_MAX_ATTACKS,
                )
        )
    for o in others:
        if o.playable:
            public.append(_("Can also: {option}.", option=o.line()))
    resting = [str(o.name) for o in others if not o.playable and o.kind == "ability"]
    if resting:
        public.append(_("Not usable now: {names}.", names=", ".join(resting)))
    status = _statuses(c)
    if status is not None:
        public.append(status)
    return TurnPrompt(phase=state.phase, round=state.round, character=c.id, name=c.name, side=c.side,
                      controller=c.controller, actions_left=state.actions_left, hand_size=n,
                      headline=headline, public=tuple(public), cards=tuple(cards), others=tuple(others))


def hand_lines(state: GameState, character: str) -> list[Text]:
    """A character's hand in words, for its player only (``/bf hand``), at any time.

    On the character's own turn: what each card can do now (:meth:`TurnPrompt.private_lines`).
    Otherwise: each card with a short summary, and whose turn it is.

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1)
    >>> str(hand_lines(s, "boss")[0])
    'Bone Colossus holds 4 cards (Kestrel is acting now):'
    """
    c = state.character(character)
    if state.active == c.id and state.phase is Phase.PLAYING:
        return list(turn_prompt(state).private_lines())
    now: Text = state.current.name if state.current is not None else _("nobody")
    held = len(c.piles.hand)
    out: list[Text] = [ngettext("{name} holds {n} card ({now} is acting now):",
                                "{name} holds {n} cards ({now} is acting now):", held, name=c.name, n=held,
                                    now=now)]
    for card, n in sorted(Counter(c.piles.hand).items()):
        spec = state.cards[card]
        name = spec.name if n == 1 else f"{spec.name} x{n}"
        summary = spec.text or _describe(spec).lines[0]
        out.append(_("- {card} ({kind}): {summary}", card=name, kind=_(OPTION_KINDS[spec.type.value]),
                     summary=summary))
    return out


def _setup_prompt(state: GameState, c: Character, actions: list[Action]) -> TurnPrompt:
    if isinstance(c, Character) and c.side is Side.BOSS:
        anchors = [a.anchor.label() for a in actions if isinstance(a, PlaceBoss)]
        needs: Message = ngettext(
            "a tile and a rotation 0-5 for its {n} tile ({fit} tiles fit, e.g. {tiles})",
            "a tile and a rotation 0-5 for its {n} tiles ({fit} tiles fit, e.g. {tiles})", len(c.shape),
            n=len(c.shape), fit=len(set(anchors)), tiles=_tiles(anchors[:3]))
        public: tuple[Text, ...] = (_("{name} is placed first: {needs}.", name=c.name, needs=needs),)
        opt = Option(kind="place", name=_("Place {name}", name=c.name), needs=needs, actions=tuple(actions))
    else:
        tiles = [a.tile.label() for a in actions if isinstance(a, PlaceHero)]
        needs = (_("a clear tile more than 2 tiles from the boss ({n} possible: {tiles})", n=len(tiles),
                   tiles=_tiles(tiles)) if tiles else _("no tile is free"))
        public = (_("{name} is placed next: {needs}.", name=c.name, needs=needs),)
        opt = Option(kind="place", name=_("Place {name}", name=c.name), needs=needs, actions=tuple(actions))
    waiting = [h.name for h in state.heroes if h.anchor is None and h.id != c.id]
    extra = (_("Still to place after that: {names}.", names=", ".join(waiting)),) if waiting else ()
    return TurnPrompt(phase=state.phase, round=state.round, character=c.id, name=c.name, side=c.side,
                      controller=c.controller, actions_left=0, hand_size=len(c.piles.hand),
                      headline=_("Set-up: {name} ({side}) places.", name=c.name, side=_side(c.side)),
                      public=public + extra, others=(opt,))


# ---- the step report --------------------------------------------------------------------------


def report_step(before: GameState, result: StepResult) -> list[Message]:
    """What one step did, in order, for the public message after it.

    The engine's log (the card played, every strike with its arithmetic: the statistics with
    their modifiers and the defence roll, the comparison, armour, the damage and health left),
    then the dice that are not already in a strike line, who fell, the outcome when the game
    ended, and who is next. Never names a card in a hand: the engine names a card only when it
    is played, and a draw or a random discard only by count.

    >>> import random
    >>> from rules.boss_fight import Sacrifice, apply, quick_game
    >>> s = quick_game(seed=2)
    >>> r = apply(s, Sacrifice(card=s.current.piles.hand[0]), random.Random(0))
    >>> "sacrifices" in str(report_step(s, r)[0])
    True
    """
    after = result.state
    lines = list(result.log)
    in_strikes = {h.defender for h in result.hits}
    other_dice = [r for r in result.rolls
                  if not (str(r.why).startswith("defence against") and r.who in in_strikes)]
    if other_dice:
        dice = tuple(_("{name} {value} ({why})", name=r.who, value=r.value, why=r.why) for r in other_dice)
        lines.append(_("Dice: {dice}.", dice=dice))
    fallen = [c.name for c, was in zip(after.characters, before.characters, strict=False)
              if c.dead and not was.dead and not c.withdrawn]
    if fallen:
        lines.append(_("Fallen this step: {names}.", names=", ".join(fallen)))
    if after.is_over() and not before.is_over():
        lines.append(_outcome_line(after))
    elif after.current is not None and after.phase is not Phase.OVER:
        nxt = after.current
        if after.phase is Phase.SETUP:
            lines.append(_("Next to place: {name}.", name=nxt.name))
        elif nxt.id != (before.active or "") or after.round != before.round:
            lines.append(
                _(
                        "Next: {name} ({side}), {actions}.",
                        name=nxt.name,
                        side=_side(nxt.side),
                        actions=_actions(after.actions_left),
                    )
            )
        else:
            lines.append(
                ngettext(
                        "{name} has {n} action left.",
                        "{name} has {n} actions left.",
                        after.actions_left,
                        name=nxt.name,
                        n=after.actions_left,
                    )
            )
    return lines


def _outcome_line(state: GameState) -> Message:
    alive = ", ".join(f"{c.name} {c.health}/{c.max_health}" for c in state.characters if c.alive)
    outcome = state.outcome.value if state.outcome else ""
    n = state.round
    if outcome == "heroes":
        head = ngettext("The heroes win after {n} round.", "The heroes win after {n} rounds.", n, n=n)
    elif outcome == "boss":
        head = ngettext("The boss wins after {n} round.", "The boss wins after {n} rounds.", n, n=n)
    elif outcome == "draw":
        head = ngettext(
            "The fight is a draw after {n} round.", "The fight is a draw after {n} rounds.", n, n=n
        )
    else:
        head = ngettext("The fight is over after {n} round.", "The fight is over after {n} rounds.", n, n=n)
    if alive:
        return _("{head} Standing: {alive}.", head=head, alive=alive)
    return head


def describe_action(state: GameState, action: Action, *, private: bool = False) -> str:
    """An action in a few words, e.g. for a confirmation button.

    A card in the hand is named only when ``private`` is set (the player's own view).

    >>> from rules.boss_fight import quick_game, Sacrifice
    >>> s = quick_game(seed=1)
    >>> describe_action(s, Sacrifice(card="walk")), describe_action(s, Sacrifice(card="walk"), private=True)
    ('Sacrifice a card', 'Sacrifice Walk')
    """
    def card(cid: str | None) -> str:
        if cid is None:
            return "the free walk"
        return state.cards[cid].name if private and cid in state.cards else "a card"

    if isinstance(action, PlaceBoss):
        return f"Place the boss at {action.anchor.label()} facing {action.rotation}"
    if isinstance(action, PlaceHero):
        return f"Place {state.character(action.character).name} at {action.tile.label()}"
    if isinstance(action, Move):
        via = f" (pivot {action.pivot.label()}, facing {action.rotation})" if action.pivot else ""
        return f"Move to {action.to.label()}{via} with {card(action.card)}"
    if isinstance(action, Attack):
        c = state.current
        eq = next((e.name for e in c.equipment if e.id == action.equipment), action.equipment) if c else ""
        return f"Attack {_who_on(state, action.target)} with {card(action.card)} and {eq}"
    if isinstance(action, UseItem):
        at = f" on {_who_on(state, action.target)}" if action.target else ""
        return f"Use {card(action.card)}{at}"
    if isinstance(action, Sacrifice):
        return f"Sacrifice {card(action.card)}"
    if isinstance(action, UseAbility):
        c = state.current
        name = next((a.name for a in c.abilities if a.id == action.ability), action.ability) if c else ""
        at = f" on {_who_on(state, action.target)}" if action.target else ""
        pay = f", sacrificing {card(action.sacrifice)}" if action.sacrifice else ""
        return f"Use {name}{at}{pay}"
    if isinstance(action, HeroicFeat):
        c = state.current
        name = c.feat.name if c and c.feat else "the heroic feat"
        return f"Heroic feat {name}" + (f" on {_who_on(state, action.target)}" if action.target else "")
    return f"Set defence rolls for {action.character}: {'on' if action.roll else 'off'}"


# ---- card texts -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardDescription:
    """A card's name, what kind it is, its points and its text in lines (each rendered in the
    reader's language; the name is the card's as printed)."""

    id: str
    name: str
    kind: Text
    points: int | None
    lines: tuple[Text, ...]

    def heading(self) -> Message:
        """``Name (kind, N points)``."""
        if self.points is None:
            return _("{name} ({kind})", name=self.name, kind=self.kind)
        return _("{name} ({kind}, {points} points)", name=self.name, kind=self.kind, points=self.points)

    def text(self, t: Callable[[Text], str] = str) -> str:
        """The lines joined, headed by the name, kind and points; ``t`` renders each (a reader's
        translator), English by default."""
        return "\n".join([t(self.heading()), *(t(line) for line in self.lines)])


_SET_NAMES = {CardSet.BOSS: N_("Boss set"), CardSet.HERO: N_("Hero set"), CardSet.NEUTRAL: N_("Neutral set")}
_EQUIPMENT_SIDES = {Side.BOSS: N_("Boss equipment"), Side.HERO: N_("Hero equipment")}
_ABILITY_KINDS = {Side.BOSS: N_("boss ability"), Side.HERO: N_("hero ability")}
_ACTION_KINDS = {CardType.MOVE: N_("move card"), CardType.ATTACK: N_("attack card"),
                 CardType.ITEM: N_("item card")}
_PIECE_TYPES = {PieceType.HEAD: N_("Head piece"), PieceType.BODY: N_("Body piece"),
                PieceType.LEG: N_("Leg piece"), PieceType.ARM: N_("Arm piece"),
                PieceType.SPECIAL: N_("Special piece")}
_CONSTITUTIONS = {Constitution.MIGHT: N_("might"), Constitution.GRACE: N_("grace"),
                  Constitution.MIND: N_("mind"), Constitution.SPIRIT: N_("spirit")}
_STAT_WORDS = {Stat.HEALTH: N_("health"), Stat.INTELLIGENCE: N_("intelligence"),
               Stat.STRENGTH: N_("strength"), Stat.AGILITY: N_("agility")}
_PROFILE_NAMES = {"basic": N_("Basic"), "heavy": N_("Heavy"), "special": N_("Special")}


def _stat(stat: Stat | None) -> Text:
    return _(_STAT_WORDS[stat]) if stat else ""


def _status(status: Status | None) -> Text:
    return STATUS_NAMES[status.value] if status else ""


def _area(area: Area) -> Text:
    if area.shape is AreaShape.SINGLE:
        return ""
    words = {AreaShape.BLAST: _("everyone within {n} of the target", n=area.size),
             AreaShape.LINE: _("a line {n} tiles long", n=area.size),
             AreaShape.CLEAVE: _("the target and the tiles beside both it and the user"),
             AreaShape.NOVA: _("every tile within {n} of the user", n=area.size)}
    return words[area.shape]


def _effect(e: Effect) -> Message:
    k = e.kind
    n = e.amount
    text: Message = {
        EffectKind.DAMAGE: _("{n} damage ({stat})", n=n, stat=_stat(e.stat)),
        EffectKind.HEAL: _("heal {n}", n=n),
        EffectKind.MOVE: ngettext("move up to {n} tile", "move up to {n} tiles", n, n=n),
        EffectKind.PUSH: ngettext("push {n} tile away", "push {n} tiles away", n, n=n),
        EffectKind.STATUS: _("{status}", status=_status(e.status)),
        EffectKind.CLEANSE: (_("remove {status}", status=_status(e.status)) if e.status
                             else _("remove every status")),
        EffectKind.DRAW: _("draw {n}", n=n),
        EffectKind.DISCARD: _("discard {n} at random", n=n),
        EffectKind.MODIFY: _("{stat} {n} this round", stat=_stat(e.stat), n=f"{n:+d}"),
        EffectKind.TOKEN: _("place {token} tokens", token=e.token),
    }[k]
    if e.to is EffectTo.USER:
        return _("{effect} to the user", effect=text)
    return text


def _usable(u: Usable) -> Message:
    aim = {TargetKind.SELF: _("on yourself"), TargetKind.ALLY: _("on an ally within {n}", n=u.range),
           TargetKind.ENEMY: _("on an enemy within {n}", n=u.range),
           TargetKind.TILE: _("on a tile within {n}", n=u.range)}
    parts: list[Text] = [aim[u.target]]
    if u.target is not TargetKind.SELF:
        parts.append(_("in sight") if u.los else _("sight not needed"))
    area = _area(u.area)
    if area:
        parts.append(_("reaching {area}", area=area))
    return _("{aim}: {effects}", aim=tuple(parts), effects=tuple(_effect(e) for e in u.effects))


def _passive(p: Passive) -> Message:
    k = p.kind
    n = p.amount
    return {
        PassiveKind.ARMOUR: _("armour {n} (damage taken -{n}, at least 1)", n=n),
        PassiveKind.RESIST: _("cannot be {status}", status=_status(p.status)),
        PassiveKind.MOVE_BONUS: _("+{n} tiles on move cards", n=n),
        PassiveKind.RANGE_BONUS: _("+{n} range on attacks", n=n),
        PassiveKind.REGENERATE: _("heals {n} at the start of its turn", n=n),
        PassiveKind.KEEN_SIGHT: _("pieces never block its sight"),
        PassiveKind.STAT: _("{stat} {n}", stat=_stat(p.stat), n=f"{n:+d}"),
    }[k]


def _profile(kind: AttackKind, prof: AttackProfile, default_stat: Stat) -> Message:
    parts: list[Text] = [_("{n} damage", n=prof.damage), _("range {n}", n=prof.range),
                         _stat(prof.stat or default_stat)]
    if not prof.los:
        parts.append(_("sight not needed"))
    area = _area(prof.area)
    if area:
        parts.append(_("hits {area}", area=area))
    if prof.effects:
        parts.append(_("on a hit: {effects}", effects=tuple(_effect(e) for e in prof.effects)))
    return _("{profile}: {parts}", profile=_(_PROFILE_NAMES[kind.value]), parts=tuple(parts))


def _describe(item: object) -> CardDescription:
    lines: list[Text] = []
    kind: Text
    if isinstance(item, ActionCardSpec):
        if item.move:
            if item.move.minimum:
                lines.append(_("Move up to {n} tiles (cannot be played below {minimum}).", n=item.move.tiles,
                               minimum=item.move.minimum))
            else:
                lines.append(_("Move up to {n} tiles.", n=item.move.tiles))
        elif item.attack:
            a = item.attack
            bits: list[Text] = [_("uses an equipment card's {profile} profile",
                                  profile=ATTACK_KINDS[a.profile.value])]
            bits += [_("{what} {n}", what=what, n=f"{v:+d}")
                     for what, v in ((_("damage"), a.bonus_damage), (_("range"), a.bonus_range),
                                     (_("combat statistic"), a.stat_bonus)) if v]
            lines.append(_("Attack: {bits}.", bits=tuple(bits)))
        elif item.item:
            lines.append(_("Item, {use}. Goes to the used pile.", use=_usable(item.item)))
        lines.append(_("{set}, up to {n} per deck.", set=_(_SET_NAMES[item.set]), n=item.copies))
        kind, points = _(_ACTION_KINDS[item.type]), None
    elif isinstance(item, EquipmentSpec):
        for k in AttackKind:
            prof = item.profile(k)
            if prof:
                lines.append(_profile(k, prof, item.stat))
        lines += [_("Passive: {passive}", passive=_passive(p)) for p in item.passives]
        lines.append(ngettext("{equipment}, {n} slot.", "{equipment}, {n} slots.", item.slots,
                              equipment=_(_EQUIPMENT_SIDES[item.side]), n=item.slots))
        kind, points = _("equipment"), item.points
    elif isinstance(item, AbilitySpec):
        lines += _ability_lines(item)
        kind, points = _(_ABILITY_KINDS[item.side]), item.points
    elif isinstance(item, PieceSpec):
        st = item.stats
        tiles = (ngettext("{n} tile", "{n} tiles", len(item.shape), n=len(item.shape)) if item.shape
                 else _("no tiles of its own"))
        lines.append(_("{piece}: health {health}, intelligence {intelligence}, strength {strength}, agility "
                       "{agility}; {tiles}, {slots}.", piece=_(_PIECE_TYPES[item.type]), health=st.health,
                       intelligence=st.intelligence, strength=st.strength, agility=st.agility, tiles=tiles,
                       slots=ngettext("{n} equipment slot", "{n} equipment slots", item.slots, n=item.slots)))
        lines += [_("Passive: {passive}", passive=_passive(p)) for p in item.passives]
        if item.ability:
            lines.append(_("Ability {name}: {text}", name=item.ability.name,
                           text=_joined(_ability_lines(item.ability))))
        kind, points = _("boss piece"), item.points
    elif isinstance(item, HeroSpec):
        st = item.stats
        lines.append(_("Health {health}, intelligence {intelligence}, strength {strength}, "
                       "agility {agility}; {slots}; {constitution}.", health=st.health,
                       intelligence=st.intelligence, strength=st.strength, agility=st.agility,
                       slots=ngettext("{n} equipment slot", "{n} equipment slots", item.slots, n=item.slots),
                       constitution=_(_CONSTITUTIONS[item.constitution])))
        lines.append(_("Ability {name}: {text}", name=item.ability.name,
                       text=_joined(_ability_lines(item.ability))))
        lines.append(_("Heroic feat {name} (expends {cost}, not an action): {use}.", name=item.feat.name,
                       cost=item.feat_cost, use=_usable(item.feat.use)))
        kind, points = _("hero"), item.points
    elif isinstance(item, TokenSpec):
        if item.blocks_sight and item.blocks_movement:
            lines.append(_("Blocks sight and movement."))
        elif item.blocks_sight:
            lines.append(_("Blocks sight."))
        elif item.blocks_movement:
            lines.append(_("Blocks movement."))
        else:
            lines.append(_("Blocks nothing."))
        if item.rounds:
            lines.append(ngettext("Lasts {n} round.", "Lasts {n} rounds.", item.rounds, n=item.rounds))
        kind, points = _("token"), None
    else:
        raise TypeError(type(item).__name__)
    text = getattr(item, "text", "")
    if text:
        lines.insert(0, text)
    return CardDescription(id=item.id, name=item.name, kind=kind, points=points,
                           lines=tuple(lines))  # type: ignore[attr-defined]


def _joined(lines: list[Message]) -> Message:
    """Sentences one after another, each rendered in the reader's language."""
    out = lines[0] if lines else Message.verbatim("")
    for line in lines[1:]:
        out = _("{first} {then}", first=out, then=line)
    return out


def _ability_lines(ab: AbilitySpec) -> list[Message]:
    out = [_("Passive: {passive}.", passive=_passive(p)) for p in ab.passives]
    if ab.use:
        cost: list[Text] = []
        if ab.takes_action:
            cost.append(_("takes an action (sacrifice a card)"))
        if ab.expend:
            cost.append(_("expends {n}", n=ab.expend))
        if cost:
            out.append(_("Use {use}; {cost}; rests the round after use.", use=_usable(ab.use),
                         cost=tuple(cost)))
        else:
            out.append(_("Use {use}; rests the round after use.", use=_usable(ab.use)))
    return out


def _entries(source: Catalog | GameState) -> dict[str, object]:
    """Every describable card by lower-case id and name."""
    items: list[object] = []
    if isinstance(source, GameState):
        items += list(source.cards.values()) + list(source.token_specs.values())
        for c in source.characters:
            items += list(c.equipment) + list(c.abilities)
    else:
        for sec in ("actions", "equipment", "abilities", "pieces", "heroes", "tokens"):
            items += list(getattr(source, sec).values())
    out: dict[str, object] = {}
    for it in items:
        out.setdefault(it.id.lower(), it)  # type: ignore[attr-defined]
        out.setdefault(it.name.lower(), it)  # type: ignore[attr-defined]
    return out


def card_names(source: Catalog | GameState) -> list[str]:
    """Every card name :func:`describe_card` knows, sorted (for autocomplete).

    >>> from rules.boss_fight import load_catalog
    >>> "Walk" in card_names(load_catalog())
    True
    """
    return sorted({it.name for it in _entries(source).values()})  # type: ignore[attr-defined]


def describe_card(source: Catalog | GameState, name: str) -> CardDescription:
    """A card's text and points by id or name (any case): action cards, equipment, abilities,
    boss pieces, heroes and tokens. :class:`~rules.errors.NotFoundError` suggests close names.

    >>> from rules.boss_fight import load_catalog
    >>> d = describe_card(load_catalog(), "run")
    >>> d.name, str(d.kind), str(d.lines[-2])
    ('Run', 'move card', 'Move up to 4 tiles (cannot be played below 3).')
    """
    from rules.errors import quote

    entries = _entries(source)
    wanted = name.strip().lower()
    if wanted in entries:
        return _describe(entries[wanted])
    names = card_names(source)
    close = difflib.get_close_matches(name.strip(), names, n=3, cutoff=0.5)
    if not close:
        close = [n for n in names if wanted and wanted in n.lower()][:3]
    if close:
        raise NotFoundError(_("No card called {name}. Did you mean {close}?", name=quote(name),
                              close=", ".join(close)))
    raise NotFoundError(_("No card called {name}. Type a few letters and pick from the list.",
                          name=quote(name)))


__all__ = [
    "CardDescription", "Option", "TurnPrompt", "card_names", "describe_action", "describe_card", "hand_lines",
    "report_step", "turn_prompt",
]
