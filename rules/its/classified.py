"""Choosing Classified Objectives for an ITS Season 14 game, as a pure state machine.

The caller describes the scenario's classified rules in a small :class:`DrawSetup` (so this
module does not depend on the scenario schema), picks the decks, and starts a draw with
:func:`new_draw`. The state is a pydantic model: store it as JSON, and move it on with
``state = state.apply(action, rng)``. Every mistake a player can make raises a
:class:`~rules.errors.RuleError` subclass whose message says how to fix it.

How the seed's procedure maps onto the phases:

* ``drawing``: for each Classified Objective a player is dealt two cards and keeps one; the
  next pair is dealt only after that choice. Highly Classified deals four open Main Classified
  Objectives (two from each player's deck, duplicates redrawn), then each player picks a
  private Secondary from a pair (High Difficulty Mode: one card, no choice). With physical
  cards the players draw from their own decks and ``Record`` what they kept instead.
* ``intelcom``: where the scenario allows it, each player says whether their first kept
  card is a Classified Objective or their INTELCOM Card; a die roll decides who says it first.
  This comes as soon as both players have kept their first card: nobody is dealt a further
  pair until both have declared, then the draw goes back to ``drawing`` for the rest.
* ``secure_hvt``: the game is being played. At its end each player may swap one classified
  objective (never the INTELCOM card; in Highly Classified only the Secondary) for Secure HVT.
* ``countermeasures``: the Countermeasures scenario's three shared Current Mission Objectives.
* ``over``.

>>> import random
>>> from rules.its.decks import load_decks
>>> deck = load_decks().decks["its14-standard"]
>>> state = new_draw(DrawSetup(classified_count=1), players=["Ann", "Bo"], deck=deck,
...                  rng=random.Random(1))
>>> len(state.players[0].pair)
2
>>> state = state.apply(Keep(player=0, card=state.players[0].pair[0]), random.Random(2))
>>> len(state.players[0].kept)
1
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator, model_validator
from rapidfuzz import fuzz, process

from rules.errors import NotFoundError, RuleError, quote
from rules.i18n import Message, _, ngettext
from rules.its.decks import Card, Deck, DeckKind, normalize
from rules.text import small_number, spelled_digits

#: Most Classified Objectives any scenario gives a player (Frontline has 4); a guard for bad data.
MAX_CLASSIFIED = 8
#: Main Classified Objectives in Highly Classified.
HIGHLY_CLASSIFIED_MAINS = 4
#: Current Mission Objectives on the table in Countermeasures.
COUNTERMEASURES_CURRENT = 3
#: The die rolled to decide who declares their INTELCOM use first (Infinity rolls a d20).
INTELCOM_DIE = 20
#: Schema version of the stored state.
STATE_VERSION = 1


# ---------------------------------------------------------------------------------------------
# Errors


class ClassifiedError(RuleError):
    """Something a player asked for that the classified procedure does not allow right now."""


class UnknownCardError(NotFoundError):
    """A card reference that matches no card in the decks in play."""


class DuplicateCardError(ClassifiedError):
    """The same card given twice, or a card that repeats one already chosen."""


class DeckUnavailableError(ClassifiedError):
    """The setup needs a deck (usually the red Extreme deck) that is not loaded."""


# ---------------------------------------------------------------------------------------------
# Setup


class DrawMode(StrEnum):
    """How a scenario hands out Classified Objectives."""

    NORMAL = "normal"
    """Each player has ``classified_count`` private objectives, each kept from a pair."""
    HIGHLY_CLASSIFIED = "highly_classified"
    """Four open Main objectives shared by both players plus a private Secondary kept from a pair."""
    HIGH_DIFFICULTY = "high_difficulty"
    """Highly Classified in High Difficulty Mode: the Secondary is a single card, no choice."""
    COUNTERMEASURES = "countermeasures"
    """Three shared Current Mission Objectives from one deck, replaced as they are achieved."""


class CardSource(StrEnum):
    """Who draws the cards: Herald deals them, or the players draw printed cards and record them."""

    DEALT = "dealt"
    PHYSICAL = "physical"


class DrawSetup(BaseModel):
    """What the scenario (and the event's Extras) say about classified objectives.

    Built by the caller from the scenario, for example Frontline is
    ``DrawSetup(classified_count=4, intelcom=True)`` and Capture and Protect is
    ``DrawSetup(classified_count=1, hvt_in_use=False)``.

    >>> DrawSetup(classified_count=1, mode="high_difficulty").secondary_pair_size
    1
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    classified_count: int = Field(
        default=1,
        ge=0,
        le=MAX_CLASSIFIED,
        description="Private objectives per player; in Highly Classified the number of Secondaries (1).",
    )
    mode: DrawMode = DrawMode.NORMAL
    extreme: bool = Field(default=False, description="Use the red Extreme deck instead of the green one.")
    double_deck: bool = Field(
        default=False, description="The Double Deck Extra: green and red shuffled together."
    )
    intelcom: bool = Field(
        default=False, description="The scenario lets a player use their first kept card as INTELCOM Card."
    )
    hvt_in_use: bool = Field(
        default=True, description="False when the scenario says HVT not used: HVT cards leave the deck."
    )
    secure_hvt: bool = Field(default=True, description="Secure HVT may replace a classified objective.")

    @model_validator(mode="after")
    def _consistent(self) -> DrawSetup:
        if self.extreme and self.double_deck:
            # Raised as a RuleError (pydantic lets it through) because players pick these options.
            raise ClassifiedError(
                _("Extreme Mode and the Double Deck extra can't be combined: pick one of them.")
            )
        if self.intelcom and self.mode is not DrawMode.NORMAL:
            raise ClassifiedError(
                _(
                    "INTELCOM cards only exist in scenarios with ordinary classified objectives: "
                    "turn INTELCOM off for this mode."
                )
            )
        return self

    @property
    def highly_classified(self) -> bool:
        """True for Highly Classified in either difficulty."""
        return self.mode in (DrawMode.HIGHLY_CLASSIFIED, DrawMode.HIGH_DIFFICULTY)

    @property
    def secondary_pair_size(self) -> int:
        """Cards offered for each private objective: 1 in High Difficulty Mode, otherwise 2."""
        return 1 if self.mode is DrawMode.HIGH_DIFFICULTY else 2

    @property
    def secure_hvt_offered(self) -> bool:
        """Whether the end-of-game Secure HVT swap exists in this setup."""
        return self.hvt_in_use and self.secure_hvt and self.mode is not DrawMode.COUNTERMEASURES


#: How each Season 14 scenario hands out classified objectives, keyed by scenario id. The
#: scenario schema does not carry INTELCOM or "HVT not used", so this table is the reference.
#: Scenarios without the Classified Deck (Annihilation, Decapitation, Unmasking, Direct Action)
#: are absent on purpose.
SEASON14_DRAW_SETUPS: dict[str, DrawSetup] = {
    "acquisition": DrawSetup(classified_count=1),
    "biotechvore": DrawSetup(classified_count=3),
    "capture-and-protect": DrawSetup(classified_count=1, hvt_in_use=False),
    "countermeasures": DrawSetup(
        classified_count=COUNTERMEASURES_CURRENT, mode=DrawMode.COUNTERMEASURES, secure_hvt=False
    ),
    "cryogenics": DrawSetup(classified_count=1),
    "firefight": DrawSetup(classified_count=3),
    "frontline": DrawSetup(classified_count=4, intelcom=True),
    "frostbyte": DrawSetup(classified_count=2),
    "highly-classified": DrawSetup(classified_count=1, mode=DrawMode.HIGHLY_CLASSIFIED),
    "looting-and-sabotaging": DrawSetup(classified_count=1),
    "mindwipe": DrawSetup(classified_count=1),
    "panic-room": DrawSetup(classified_count=1, hvt_in_use=False),
    "power-pack": DrawSetup(classified_count=2),
    "quadrant-control": DrawSetup(classified_count=1, intelcom=True),
    "rescue": DrawSetup(classified_count=1),
    "supplies": DrawSetup(classified_count=2),
    "supremacy": DrawSetup(classified_count=1),
    "the-armory": DrawSetup(classified_count=1, intelcom=True),
}
#: Scenarios with an Extreme Mode (red deck) and with a High Difficulty Mode.
EXTREME_MODE_SCENARIOS = frozenset({"countermeasures", "highly-classified"})
HIGH_DIFFICULTY_SCENARIOS = frozenset({"highly-classified"})


def draw_setup_for(
    scenario_id: str,
    *,
    extreme: bool = False,
    high_difficulty: bool = False,
    double_deck: bool = False,
    scenario_name: str | None = None,
) -> DrawSetup:
    """The :class:`DrawSetup` of a Season 14 scenario, with the event's options applied.

    ``extreme`` means the red deck: the scenario's Extreme Mode, or an organiser who chose the
    red deck for the whole event. ``double_deck`` is the Double Deck Extra.

    >>> draw_setup_for("frontline").intelcom
    True
    >>> draw_setup_for("highly-classified", high_difficulty=True).mode
    <DrawMode.HIGH_DIFFICULTY: 'high_difficulty'>
    """
    setup = SEASON14_DRAW_SETUPS.get(scenario_id)
    shown = scenario_name or scenario_id
    if setup is None:
        raise ClassifiedError(
            _(
                "{shown} has no Classified Deck draw (either it uses no Classified Objectives or it "
                "is not a Season 14 scenario).",
                shown=shown,
            )
        )
    changes: dict[str, object] = {"extreme": extreme, "double_deck": double_deck}
    if high_difficulty:
        if scenario_id not in HIGH_DIFFICULTY_SCENARIOS:
            raise ClassifiedError(
                _("{shown} has no High Difficulty Mode; only Highly Classified does.", shown=shown)
            )
        changes["mode"] = DrawMode.HIGH_DIFFICULTY
    return DrawSetup.model_validate({**setup.model_dump(), **changes})


class PoolCard(BaseModel):
    """A card as the draw knows it: enough to show and match it without reloading the deck."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str
    deck_id: str
    kind: DeckKind
    number: int | None
    name: str
    hvt: bool
    requirements: str
    objective: str

    @classmethod
    def from_card(cls, deck: Deck, card: Card) -> PoolCard:
        """Wrap a deck card; the key is ``deck-id:normalized-name``."""
        return cls(
            key=f"{deck.id}:{normalize(card.name)}",
            deck_id=deck.id,
            kind=deck.kind,
            number=card.number,
            name=card.name,
            hvt=bool(card.hvt),
            requirements=card.requirements,
            objective=card.objective,
        )

    @property
    def label(self) -> str:
        """``"#6 HVT: Inoculation"``, with ``(red)`` added for Extreme cards."""
        text = f"#{self.number} {self.name}" if self.number is not None else self.name
        return f"{text} (red)" if self.kind is DeckKind.EXTREME else text


def build_pool(setup: DrawSetup, deck: Deck | None, extreme_deck: Deck | None = None) -> list[PoolCard]:
    """The cards one player's deck holds under ``setup``.

    ``deck`` is the green Standard deck, ``extreme_deck`` the red one when an organiser has
    loaded it. Raises :class:`DeckUnavailableError` when the setup needs a deck that is missing.

    >>> from rules.its.decks import load_decks
    >>> deck = load_decks().decks["its14-standard"]
    >>> len(build_pool(DrawSetup(hvt_in_use=False), deck))
    13
    """
    if setup.extreme or setup.double_deck:
        if extreme_deck is None:
            why = _("Extreme Mode") if setup.extreme else _("The Double Deck extra")
            raise DeckUnavailableError(
                _(
                    "{why} needs the red Extreme Classified Deck, and no extreme deck is loaded. Ask an "
                    "organiser to add a deck file with `kind: extreme`, or play with the Standard deck.",
                    why=why,
                )
            )
        if extreme_deck.kind is not DeckKind.EXTREME:
            raise DeckUnavailableError(
                _("{name} is a standard deck, not an Extreme one.", name=extreme_deck.name)
            )
    decks: list[Deck] = []
    if not setup.extreme:
        if deck is None:
            raise DeckUnavailableError(
                _("No Standard Classified Deck is loaded: add one to the deck folder.")
            )
        decks.append(deck)
    if (setup.extreme or setup.double_deck) and extreme_deck is not None:
        decks.append(extreme_deck)
    pool = [PoolCard.from_card(d, c) for d in decks for c in d.cards]
    if not setup.hvt_in_use:
        pool = [c for c in pool if not c.hvt]
    return pool


# ---------------------------------------------------------------------------------------------
# Actions


class Keep(BaseModel):
    """Keep one card of the pair you were dealt (a key, printed number or name)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["keep"] = "keep"
    player: int
    card: str


class Record(BaseModel):
    """Record the printed cards you drew and kept yourself (numbers or names)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["record"] = "record"
    player: int
    cards: list[str]

    @field_validator("cards", mode="before")
    @classmethod
    def _as_text(cls, value: object) -> object:
        if isinstance(value, list | tuple):
            return [str(v) for v in value]
        return value


class DeclareIntelcom(BaseModel):
    """Say whether your first kept card is your INTELCOM Card (``use=True``) or stays an objective."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["intelcom"] = "intelcom"
    player: int
    use: bool


class SecureHvt(BaseModel):
    """At the end of the game, swap one classified objective for Secure HVT (``replace=None``: keep all)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["secure_hvt"] = "secure_hvt"
    player: int
    replace: str | None = None


class CmSwap(BaseModel):
    """Countermeasures: in your Tactical Phase, discard one Current Mission Objective for a new one."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["cm_swap"] = "cm_swap"
    player: int
    card: str


class CmAccomplish(BaseModel):
    """Countermeasures: the players (one, or both in the same Order) achieved a current objective."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["cm_accomplish"] = "cm_accomplish"
    players: list[int] = Field(min_length=1, max_length=2)
    card: str


class CmEndTurn(BaseModel):
    """Countermeasures: the Player Turn ends; refill the current objectives to three.

    ``player`` is who ends it: only the player whose turn it is may. None is an umpire (or a
    tracker stored before turns were known), who may end any turn."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["cm_end_turn"] = "cm_end_turn"
    player: int | None = None


class CmFirstPlayer(BaseModel):
    """Countermeasures: ``player`` has the first Player Turn (the Initiative roll-off says who).

    Only before the first Player Turn is under way: nothing swapped, achieved or ended yet."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["cm_first_player"] = "cm_first_player"
    player: int


class CmFinish(BaseModel):
    """Countermeasures: the game is over."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["cm_finish"] = "cm_finish"


Action = Annotated[
    Keep
    | Record
    | DeclareIntelcom
    | SecureHvt
    | CmSwap
    | CmAccomplish
    | CmEndTurn
    | CmFirstPlayer
    | CmFinish,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: dict[str, object] | str) -> Action:
    """Turn stored JSON (a dict or a string) back into an action.

    >>> parse_action({"type": "keep", "player": 0, "card": "Predator"})
    Keep(type='keep', player=0, card='Predator')
    """
    if isinstance(data, str):
        return ACTION_ADAPTER.validate_json(data)
    return ACTION_ADAPTER.validate_python(data)


# ---------------------------------------------------------------------------------------------
# State


class Phase(StrEnum):
    """Where the procedure is."""

    DRAWING = "drawing"
    INTELCOM = "intelcom"
    SECURE_HVT = "secure_hvt"
    COUNTERMEASURES = "countermeasures"
    OVER = "over"


class Step(StrEnum):
    """What one player still has to do while drawing."""

    MAINS = "mains"
    """Highly Classified with physical cards: record your two Main Classified Objectives."""
    CLASSIFIED = "classified"
    """Keep one card of a pair (or record your kept cards)."""
    DONE = "done"


class PlayerDraw(BaseModel):
    """One player's side of the draw. ``kept`` is private until the objective is achieved."""

    model_config = ConfigDict(extra="forbid")

    name: str
    step: Step = Step.CLASSIFIED
    library: list[str] = Field(
        default_factory=list, description="Undrawn cards of this player's deck, top first."
    )
    discards: list[str] = Field(default_factory=list)
    pair: list[str] = Field(default_factory=list, description="Cards dealt and waiting for a choice.")
    kept: list[str] = Field(default_factory=list)
    mains: list[str] = Field(default_factory=list, description="Highly Classified: this player's main cards.")
    intelcom: bool | None = None
    intelcom_roll: list[int] = Field(default_factory=list)
    secure_hvt_decided: bool = False
    secure_hvt_replaces: str | None = None


class ClassifiedState(BaseModel):
    """The whole classified procedure for one game. Serializes to JSON and back.

    >>> import random
    >>> from rules.its.decks import load_decks
    >>> s = new_draw(DrawSetup(), players=["Ann"], deck=load_decks().decks["its14-standard"],
    ...              rng=random.Random(3))
    >>> ClassifiedState.model_validate_json(s.model_dump_json()) == s
    True
    """

    model_config = ConfigDict(extra="forbid")

    version: int = STATE_VERSION
    setup: DrawSetup
    source: CardSource = CardSource.DEALT
    pool: list[PoolCard]
    players: list[PlayerDraw] = Field(min_length=1, max_length=2)
    phase: Phase = Phase.DRAWING
    main: list[str] = Field(default_factory=list, description="Highly Classified: the open Main objectives.")
    intelcom_order: list[int] = Field(default_factory=list)
    current: list[str] = Field(
        default_factory=list, description="Countermeasures: Current Mission Objectives."
    )
    shared_library: list[str] = Field(default_factory=list)
    shared_discards: list[str] = Field(default_factory=list)
    swapped: list[bool] = Field(default_factory=list, description="Countermeasures: swapped this turn.")
    turn_player: int | None = Field(
        default=None,
        description=(
            "Countermeasures: whose Player Turn it is, the first player's from the start and "
            "passed on at each end of turn; None only in a tracker stored before turns were kept."
        ),
    )
    cm_turn: int = Field(
        default=0,
        description="Countermeasures: the Player Turn under way, from 1 (0: stored before turns counted).",
    )
    waiting: list[int] = Field(
        default_factory=list,
        description="Players dealt for before they arrived: the draw stays open until they join.",
    )

    # ----- look-ups ---------------------------------------------------------------------------

    def card(self, key: str) -> PoolCard:
        """The pool card with this key (raises :class:`UnknownCardError`)."""
        for c in self.pool:
            if c.key == key:
                return c
        raise UnknownCardError(_("There is no card {key} in this draw.", key=f"{key!r}"))

    def resolve(self, ref: str | int, *, among: list[str] | None = None) -> str:
        """Turn a player's reference (key, printed number, name, optionally "red 3") into a key.

        With ``among`` the card must be one of those keys; the error lists them when it is not.
        """
        text = str(ref).strip()
        if not text:
            raise UnknownCardError(
                _("Give a card: its name, or its printed number if your deck has numbers.")
            )
        key = text if any(c.key == text for c in self.pool) else self._match(text)
        if among is not None and key not in among:
            options = " or ".join(self.card(k).label for k in among) or "nothing"
            raise ClassifiedError(
                _(
                    "{label} is not one of your options here: pick {options}.",
                    label=self.card(key).label,
                    options=options,
                )
            )
        return key

    def _match(self, text: str) -> str:
        kind: DeckKind | None = None
        m = re.match(r"^(green|standard|red|extreme)[\s:#-]+(.+)$", text, re.IGNORECASE)
        body = text
        if m and any(normalize(c.name) == normalize(text) for c in self.pool):
            m = None  # a card whose own name starts with a deck word ("Extreme Prejudice")
        if m:
            kind = DeckKind.STANDARD if m.group(1).lower() in ("green", "standard") else DeckKind.EXTREME
            body = m.group(2).strip()
        cards = [c for c in self.pool if kind is None or c.kind is kind]
        digits = spelled_digits(body)
        if digits is not None:
            body, number = digits, small_number(digits)
            hits = [c for c in cards if number is not None and c.number == number]
            if not hits:
                if all(c.number is None for c in cards):
                    raise UnknownCardError(
                        _(
                            "This deck's card numbers are not confirmed, so card {body} can't be found by "
                            "number: give the card's name instead.",
                            body=quote(body, 12),
                        )
                    )
                numbered = sorted(c.number for c in cards if c.number is not None)
                raise UnknownCardError(
                    _(
                        "No card number {body} is in play in this draw: its cards are numbered {value} to "
                        "{value2}.",
                        body=quote(body, 12),
                        value=numbered[0],
                        value2=numbered[-1],
                    )
                )
        else:
            wanted = normalize(body)
            hits = [
                c
                for c in cards
                if wanted and wanted in (normalize(c.name), normalize(c.name).removeprefix("hvt"))
            ]
            if not hits:
                names = sorted({c.name for c in self.pool})
                close = [
                    n
                    for n, score, _ in process.extract(body, names, scorer=fuzz.WRatio, limit=3)
                    if score >= 60
                ]
                said = repr(body)
                if not self.setup.hvt_in_use and normalize(body).startswith("hvt"):
                    raise UnknownCardError(
                        _(
                            "No card called {body} is in play in this draw. HVT cards are taken out of "
                            "the deck in this scenario.",
                            body=said,
                        )
                    )
                if close:
                    raise UnknownCardError(
                        _(
                            "No card called {body} is in play in this draw. Did you mean {names}?",
                            body=said,
                            names=", ".join(close),
                        )
                    )
                raise UnknownCardError(_("No card called {body} is in play in this draw.", body=said))
        if len(hits) > 1:
            raise UnknownCardError(
                _("Both decks have {card}: say 'green {body}' or 'red {body}'.", card=hits[0].name, body=body)
                if not body.isdecimal()
                else _("Both decks have a card {body}: say 'green {body}' or 'red {body}'.", body=body)
            )
        return hits[0].key

    def _player(self, index: int) -> PlayerDraw:
        if not 0 <= index < len(self.players):
            raise ClassifiedError(
                _(
                    "There is no player {value} in this draw (it has {n}).",
                    value=index + 1,
                    n=len(self.players),
                )
            )
        return self.players[index]

    # ----- the Game/State interface -------------------------------------------------------------

    def is_over(self) -> bool:
        """True once nothing is left to decide."""
        return self.phase is Phase.OVER

    @property
    def selection_done(self) -> bool:
        """True once classified objectives are chosen (the game itself can start)."""
        return self.phase in (Phase.SECURE_HVT, Phase.COUNTERMEASURES, Phase.OVER)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action that :meth:`apply` accepts now, optionally for one player only.

        Physical ``Record`` steps are not listed (the choices are too many); see
        :meth:`record_request` for what to record.
        """
        actions: list[Action] = []
        who = range(len(self.players)) if player is None else [player]
        if self.phase is Phase.DRAWING and self.source is CardSource.DEALT:
            for i in who:
                p = self.players[i]
                if p.step is Step.CLASSIFIED:
                    actions.extend(Keep(player=i, card=k) for k in p.pair)
        elif self.phase is Phase.INTELCOM:
            nxt = self._next_intelcom()
            if nxt is not None and nxt in who:
                actions.extend(DeclareIntelcom(player=nxt, use=use) for use in (False, True))
        elif self.phase is Phase.SECURE_HVT:
            for i in who:
                if not self.players[i].secure_hvt_decided:
                    actions.append(SecureHvt(player=i, replace=None))
                    actions.extend(SecureHvt(player=i, replace=k) for k in self.secure_hvt_options(i))
        elif self.phase is Phase.COUNTERMEASURES:
            for i in who:
                if self._may_swap(i):
                    actions.extend(CmSwap(player=i, card=k) for k in self.current)
                for k in self.current:
                    actions.append(CmAccomplish(players=[i], card=k))
                if self.turn_player is None or self.turn_player == i:
                    actions.append(CmEndTurn(player=i))
                if self.first_player_open and self.turn_player != i:
                    actions.append(CmFirstPlayer(player=i))
            if player is None:
                if len(self.players) == 2:
                    actions.extend(CmAccomplish(players=[0, 1], card=k) for k in self.current)
                actions.append(CmFinish())
        return actions

    def join(self, player: int, name: str, rng: random.Random) -> ClassifiedState:
        """Return the state after a waiting ``player`` arrives and takes their hand as ``name``.

        >>> import random
        >>> from rules.its.decks import load_decks
        >>> s = new_draw(draw_setup_for("highly-classified", high_difficulty=True),
        ...              players=["Ann", "?"], deck=load_decks().decks["its14-standard"],
        ...              rng=random.Random(3), waiting=[1])
        >>> s.phase.value, next_steps(s)
        ('drawing', [])
        >>> s.join(1, "Bo", random.Random(3)).phase.value
        'secure_hvt'
        """
        new = self.model_copy(deep=True)
        new._player(player).name = name.strip()
        new.waiting = [i for i in new.waiting if i != player]
        if new.phase is not Phase.OVER:
            new._advance(rng)
        return new

    def apply(self, action: Action, rng: random.Random) -> ClassifiedState:
        """Return the state after ``action``; the state itself is not changed.

        ``rng`` is used when the step needs chance (dealing the next cards, the INTELCOM roll).
        """
        if self.phase is Phase.OVER:
            raise ClassifiedError(_("The classified objectives for this game are settled: start a new draw."))
        new = self.model_copy(deep=True)
        match action:
            case Keep():
                new._keep(action, rng)
            case Record():
                new._record(action)
            case DeclareIntelcom():
                new._declare_intelcom(action)
            case SecureHvt():
                new._secure_hvt(action)
            case CmSwap() | CmAccomplish() | CmEndTurn() | CmFirstPlayer() | CmFinish():
                new._countermeasures(action, rng)
            case _:
                raise ClassifiedError(_("Unknown action {action}.", action=f"{action!r}"))
        new._advance(rng)
        return new

    def record_request(self, player: int) -> tuple[int, list[str]]:
        """With physical cards: how many cards ``player`` must record now, and the allowed keys.

        ``(0, [])`` when the player has nothing to record at the moment.
        """
        p = self._player(player)
        if self.phase is not Phase.DRAWING or self.source is not CardSource.PHYSICAL or p.step is Step.DONE:
            return 0, []
        if p.step is Step.MAINS:
            taken = {normalize(self.card(k).name) for k in self.main}
            return self._main_quota(player), [c.key for c in self.pool if normalize(c.name) not in taken]
        if self.setup.highly_classified and not self._mains_complete():
            return 0, []
        blocked = self._main_names() | set(p.kept)
        allowed = [c.key for c in self.pool if c.key not in blocked and normalize(c.name) not in blocked]
        if self._intelcom_gate(player):
            # The first card alone, then the INTELCOM declaration, then the rest.
            return (0 if p.kept else 1), allowed
        return self.setup.classified_count - len(p.kept), allowed

    def secure_hvt_options(self, player: int) -> list[str]:
        """The kept cards ``player`` may swap for Secure HVT (empty when Secure HVT is not offered)."""
        p = self._player(player)
        if not self.setup.secure_hvt_offered:
            return []
        options = list(p.kept)
        if p.intelcom:
            options = options[1:]
        return options

    def secure_hvt_pending(self, player: int) -> bool:
        """True while ``player`` may still swap an objective for Secure HVT (the game's end choice).

        >>> import random
        >>> from rules.its.decks import load_decks
        >>> s = new_draw(DrawSetup(classified_count=1), players=["Ann"],
        ...              deck=load_decks().decks["its14-standard"], rng=random.Random(3))
        >>> s.secure_hvt_pending(0)
        False
        >>> s = s.apply(Keep(player=0, card=s.players[0].pair[0]), random.Random(1))
        >>> s.secure_hvt_pending(0), s.apply(SecureHvt(player=0), random.Random(1)).secure_hvt_pending(0)
        (True, False)
        """
        p = self._player(player)
        return (
            self.phase is Phase.SECURE_HVT
            and not p.secure_hvt_decided
            and bool(self.secure_hvt_options(player))
        )

    def objectives(self, player: int) -> list[str]:
        """The keys that count as ``player``'s private classified objectives now.

        Leaves out the INTELCOM card and the card swapped for Secure HVT.
        """
        p = self._player(player)
        keys = list(p.kept)
        if p.intelcom and keys:
            keys = keys[1:]
        if p.secure_hvt_replaces in keys:
            keys.remove(p.secure_hvt_replaces)
        return keys

    # ----- steps ------------------------------------------------------------------------------

    def _require_phase(self, phase: Phase, what: Message) -> None:
        if self.phase is not phase:
            raise ClassifiedError(
                _("You can't {what} now: {phase_hint}", what=what, phase_hint=_phase_hint(self))
            )

    def _keep(self, action: Keep, rng: random.Random) -> None:
        self._require_phase(Phase.DRAWING, _("keep a card"))
        p = self._player(action.player)
        if self.source is CardSource.PHYSICAL:
            raise ClassifiedError(
                _("This draw uses printed cards: record the card you kept with `record` instead of `keep`.")
            )
        if p.step is Step.DONE:
            raise ClassifiedError(
                _(
                    "{name} has already kept every classified objective; waiting for the other player.",
                    name=p.name,
                )
            )
        key = self.resolve(action.card, among=p.pair)
        p.kept.append(key)
        p.discards.extend(k for k in p.pair if k != key)
        p.pair = []
        if len(p.kept) >= self.setup.classified_count:
            p.step = Step.DONE
        elif not self._intelcom_gate(action.player):
            self._deal_pair(action.player)

    def _record(self, action: Record) -> None:
        self._require_phase(Phase.DRAWING, _("record cards"))
        p = self._player(action.player)
        if self.source is not CardSource.PHYSICAL:
            raise ClassifiedError(
                _(
                    "Herald is dealing this draw: choose from your pair with `keep`. "
                    "To use printed cards, start a new draw with physical cards."
                )
            )
        if p.step is Step.DONE:
            raise ClassifiedError(_("{name} has already recorded every card this draw needs.", name=p.name))
        if self._intelcom_gate(action.player) and p.kept:
            raise ClassifiedError(
                _(
                    "{name}: wait for the INTELCOM declarations before recording your other cards.",
                    name=p.name,
                )
            )
        if self.setup.highly_classified and p.step is Step.CLASSIFIED and not self._mains_complete():
            raise ClassifiedError(
                _(
                    "Record the Secondary only after both players have recorded their Main Classified "
                    "Objectives."
                )
            )
        count, allowed = self.record_request(action.player)
        if len(action.cards) != count:
            if p.step is Step.MAINS:
                message = ngettext(
                    "{name} must record exactly {count} Main Classified Objective now, not {n}.",
                    "{name} must record exactly {count} Main Classified Objectives now, not {n}.",
                    count,
                    name=p.name,
                    count=count,
                    n=len(action.cards),
                )
            else:
                message = ngettext(
                    "{name} must record exactly {count} kept classified card now, not {n}.",
                    "{name} must record exactly {count} kept classified cards now, not {n}.",
                    count,
                    name=p.name,
                    count=count,
                    n=len(action.cards),
                )
            raise ClassifiedError(message)
        keys = [self.resolve(ref) for ref in action.cards]
        seen: set[str] = set()
        for ref, key in zip(action.cards, keys, strict=True):
            name = normalize(self.card(key).name)
            if key in seen or (p.step is Step.MAINS and name in {normalize(self.card(k).name) for k in seen}):
                raise DuplicateCardError(
                    _("{label} is listed twice: each card counts once.", label=self.card(key).label)
                )
            seen.add(key)
            if key not in allowed:
                raise DuplicateCardError(_blocked_reason(self, p, key, ref))
        if p.step is Step.MAINS:
            p.mains = keys
            self.main.extend(keys)
            p.step = Step.CLASSIFIED
        else:
            p.kept.extend(keys)
            if len(p.kept) >= self.setup.classified_count:
                p.step = Step.DONE

    def _declare_intelcom(self, action: DeclareIntelcom) -> None:
        self._require_phase(Phase.INTELCOM, _("declare your INTELCOM Card"))
        p = self._player(action.player)
        nxt = self._next_intelcom()
        if p.intelcom is not None:
            raise ClassifiedError(_("{name} has already declared how they use their card.", name=p.name))
        if nxt != action.player:
            assert nxt is not None
            raise ClassifiedError(
                _(
                    "{name} won the roll and declares first; {name2} declares after them.",
                    name=self.players[nxt].name,
                    name2=p.name,
                )
            )
        p.intelcom = action.use

    def _secure_hvt(self, action: SecureHvt) -> None:
        self._require_phase(Phase.SECURE_HVT, _("choose Secure HVT"))
        p = self._player(action.player)
        if p.secure_hvt_decided:
            raise ClassifiedError(_("{name} has already made their Secure HVT choice.", name=p.name))
        if action.replace is not None:
            options = self.secure_hvt_options(action.player)
            if not options:
                raise ClassifiedError(
                    _("{name} has no classified objective that Secure HVT can replace.", name=p.name)
                )
            if p.intelcom and p.kept and self._matches(action.replace, p.kept[0]):
                raise ClassifiedError(
                    _(
                        "A card used as your INTELCOM Card can't be swapped for Secure HVT: "
                        "pick another objective."
                    )
                )
            p.secure_hvt_replaces = self.resolve(action.replace, among=options)
        p.secure_hvt_decided = True

    def _matches(self, ref: str, key: str) -> bool:
        try:
            return self.resolve(ref) == key
        except RuleError:
            return False

    # ----- Countermeasures --------------------------------------------------------------------

    @property
    def first_player_open(self) -> bool:
        """Countermeasures: who has the first Player Turn may still be changed (nothing happened yet).

        >>> import random
        >>> from rules.its.decks import load_decks
        >>> s = new_draw(DrawSetup(mode=DrawMode.COUNTERMEASURES), players=["Ann", "Bo"],
        ...              deck=load_decks().decks["its14-standard"], rng=random.Random(3))
        >>> ended = s.apply(CmEndTurn(player=0), random.Random(1))
        >>> s.turn_player, s.first_player_open, ended.turn_player, ended.first_player_open
        (0, True, 1, False)
        """
        return (
            self.phase is Phase.COUNTERMEASURES
            and self.cm_turn == 1
            and not any(self.swapped)
            and not any(p.kept for p in self.players)
        )

    def _countermeasures(
        self, action: CmSwap | CmAccomplish | CmEndTurn | CmFirstPlayer | CmFinish, rng: random.Random
    ) -> None:
        self._require_phase(Phase.COUNTERMEASURES, _("use Countermeasures actions"))
        match action:
            case CmSwap():
                p = self._player(action.player)
                if self.swapped[action.player]:
                    raise ClassifiedError(
                        _("{name} has already swapped a Current Mission Objective this turn.", name=p.name)
                    )
                if not self._may_swap(action.player):
                    raise ClassifiedError(self._swap_refusal(action.player))
                key = self.resolve(action.card, among=self.current)
                self.current.remove(key)
                self.shared_discards.append(key)
                self._cm_draw(rng)
                self.swapped[action.player] = True
                self.turn_player = action.player
            case CmAccomplish():
                for i in action.players:
                    self._player(i)
                if len(set(action.players)) != len(action.players):
                    raise DuplicateCardError(_("Name each player once."))
                key = self.resolve(action.card, among=self.current)
                self.current.remove(key)
                for i in action.players:
                    self.players[i].kept.append(key)
            case CmEndTurn():
                if action.player is not None:
                    self._player(action.player)
                    turn = self.turn_player
                    if turn is not None and turn != action.player:
                        name = self.players[turn].name
                        raise ClassifiedError(
                            _(
                                "It is {name}'s Player Turn: only {name} ends it, when their turn is over.",
                                name=name,
                            )
                        )
                while len(self.current) < COUNTERMEASURES_CURRENT and self._cm_draw(rng):
                    pass
                self.swapped = [False] * len(self.players)
                if self.turn_player is not None and len(self.players) == 2:
                    self.turn_player = 1 - self.turn_player
                if self.cm_turn:
                    self.cm_turn += 1
            case CmFirstPlayer():
                self._player(action.player)
                if not self.first_player_open:
                    raise ClassifiedError(
                        _(
                            "The first Player Turn is under way (an objective was swapped or achieved, or "
                            "a turn ended), so who goes first can no longer change."
                        )
                    )
                self.turn_player = action.player
            case CmFinish():
                self.phase = Phase.OVER

    def _may_swap(self, player: int) -> bool:
        """Only the player whose Player Turn it is swaps, once: nobody else swaps in that turn."""
        if any(self.swapped):
            return False
        return self.turn_player is None or self.turn_player == player

    def _swap_refusal(self, player: int) -> str:
        done = next((i for i, flag in enumerate(self.swapped) if flag), None)
        if done is not None:
            return (
                f"{self.players[done].name} already swapped a Current Mission Objective in this Player "
                "Turn. Only the player whose turn it is may swap, once, at the start of their Tactical "
                "Phase; end the Player Turn first."
            )
        assert self.turn_player is not None
        return (
            f"It is {self.players[self.turn_player].name}'s Player Turn, so only they may swap now. "
            f"{self.players[player].name} can swap at the start of their own Tactical Phase, after "
            "this turn is ended."
        )

    def _cm_draw(self, rng: random.Random) -> bool:
        if not self.shared_library and self.shared_discards:
            self.shared_library = list(self.shared_discards)
            self.shared_discards = []
            rng.shuffle(self.shared_library)
        if not self.shared_library:
            return False
        self.current.append(self.shared_library.pop(0))
        return True

    # ----- dealing ----------------------------------------------------------------------------

    def _main_names(self) -> set[str]:
        return {normalize(self.card(k).name) for k in self.main}

    def _main_quota(self, player: int) -> int:
        n = len(self.players)
        base, extra = divmod(HIGHLY_CLASSIFIED_MAINS, n)
        return base + (1 if player < extra else 0)

    def _mains_complete(self) -> bool:
        return len(self.main) >= HIGHLY_CLASSIFIED_MAINS

    def _draw_one(self, player: int, *, avoid: set[str]) -> str:
        """Top card of the player's deck, discarding cards whose name is in ``avoid``."""
        p = self.players[player]
        while p.library:
            key = p.library.pop(0)
            if normalize(self.card(key).name) in avoid or key in avoid:
                p.discards.append(key)
                continue
            return key
        raise ClassifiedError(
            _("{name}'s deck ran out of cards: the deck in use is too small for this scenario.", name=p.name)
        )

    def _deal_pair(self, player: int) -> None:
        p = self.players[player]
        size = self.setup.secondary_pair_size if self.setup.highly_classified else 2
        avoid = self._main_names()
        p.pair = [self._draw_one(player, avoid=avoid) for _ in range(size)]
        if self.setup.mode is DrawMode.HIGH_DIFFICULTY:
            p.kept.append(p.pair[0])
            p.pair = []
            if len(p.kept) >= self.setup.classified_count:
                p.step = Step.DONE
            else:
                self._deal_pair(player)

    def _next_intelcom(self) -> int | None:
        for i in self.intelcom_order:
            if self.players[i].intelcom is None:
                return i
        return None

    def _intelcom_gate(self, player: int) -> bool:
        """True while ``player`` must not see more cards: the scenario has INTELCOM and the
        declarations (taken right after everyone's first kept card) are not all made yet."""
        return self.setup.intelcom and not self.intelcom_order_done

    @property
    def intelcom_order_done(self) -> bool:
        """True once every INTELCOM declaration is made (or the scenario has none)."""
        return bool(self.intelcom_order) and self._next_intelcom() is None

    def _advance(self, rng: random.Random) -> None:
        """Move to the next phase when everyone has finished the current one."""
        if self.phase is Phase.DRAWING:
            if self.source is CardSource.PHYSICAL and self.setup.highly_classified and self._mains_complete():
                for p in self.players:
                    if p.step is Step.MAINS:
                        p.step = Step.CLASSIFIED
            ready = not self.waiting and all(p.kept for p in self.players)
            if self.setup.intelcom and not self.intelcom_order and ready:
                self._enter_intelcom(rng)
        if self.phase is Phase.INTELCOM and self._next_intelcom() is None:
            # Everyone has declared: the players draw (or record) the rest of their objectives.
            self.phase = Phase.DRAWING
            for i, p in enumerate(self.players):
                if p.step is Step.CLASSIFIED and not p.pair and self.source is CardSource.DEALT:
                    self._deal_pair(i)
        finished = all(p.step is Step.DONE for p in self.players) and not self.waiting
        if self.phase is Phase.DRAWING and finished:
            self._enter_secure_hvt()
        if self.phase is Phase.SECURE_HVT:
            for i, p in enumerate(self.players):
                if not p.secure_hvt_decided and not self.secure_hvt_options(i):
                    p.secure_hvt_decided = True
            if all(p.secure_hvt_decided for p in self.players):
                self.phase = Phase.OVER

    def _enter_intelcom(self, rng: random.Random) -> None:
        self.phase = Phase.INTELCOM
        order = list(range(len(self.players)))
        if len(order) == 2:
            while True:
                a, b = rng.randint(1, INTELCOM_DIE), rng.randint(1, INTELCOM_DIE)
                self.players[0].intelcom_roll.append(a)
                self.players[1].intelcom_roll.append(b)
                if a != b:
                    break
            order = [0, 1] if a > b else [1, 0]
        self.intelcom_order = order

    def _enter_secure_hvt(self) -> None:
        self.phase = Phase.SECURE_HVT


def _blocked_reason(state: ClassifiedState, p: PlayerDraw, key: str, ref: str) -> str:
    card = state.card(key)
    name = normalize(card.name)
    if key in p.kept:
        return f"{card.label} is already one of {p.name}'s kept cards."
    if name in state._main_names():
        if p.step is Step.MAINS:
            return (
                f"{card.label} is already a Main Classified Objective: discard it, draw another card "
                "and record that one instead."
            )
        return (
            f"{card.label} is a Main Classified Objective, so it can't be the Secondary: discard it and "
            "draw again."
        )
    return f"{card.label} ({ref}) can't be recorded here."


def _phase_hint(state: ClassifiedState) -> Message:
    return {
        Phase.DRAWING: _("the players are still choosing their classified objectives."),
        Phase.INTELCOM: _("the players are declaring whether they use their card as INTELCOM Card."),
        Phase.SECURE_HVT: _("the objectives are chosen; only the end-of-game Secure HVT choice is left."),
        Phase.COUNTERMEASURES: _("this is the Countermeasures tracker."),
        Phase.OVER: _("everything is settled; start a new draw."),
    }[state.phase]


# ---------------------------------------------------------------------------------------------
# Starting a draw


def new_draw(
    setup: DrawSetup,
    *,
    players: list[str],
    deck: Deck | None,
    rng: random.Random,
    extreme_deck: Deck | None = None,
    source: CardSource = CardSource.DEALT,
    waiting: list[int] | None = None,
) -> ClassifiedState:
    """Start choosing classified objectives for one game.

    ``players`` are one or two display names (index 0 and 1 in actions). Each player shuffles
    their own copy of the deck. ``waiting`` lists players who have not arrived yet: the draw
    does not move past choosing cards until they :meth:`~ClassifiedState.join`.

    Raises :class:`ClassifiedError` when the scenario has no classified objectives, and
    :class:`DeckUnavailableError` when a needed deck is missing.

    >>> import random
    >>> from rules.its.decks import load_decks
    >>> deck = load_decks().decks["its14-standard"]
    >>> s = new_draw(DrawSetup(mode="highly_classified"), players=["Ann", "Bo"], deck=deck,
    ...              rng=random.Random(5))
    >>> len(s.main), len({s.card(k).name for k in s.main})
    (4, 4)
    """
    source = CardSource(source)
    if not 1 <= len(players) <= 2:
        raise ClassifiedError(_("A classified draw is for one or two players."))
    if len({p.strip().casefold() for p in players}) != len(players):
        raise ClassifiedError(_("Give the two players different names."))
    if setup.mode is DrawMode.NORMAL and setup.classified_count == 0:
        raise ClassifiedError(_("This scenario has no Classified Objectives, so there is nothing to draw."))
    if setup.highly_classified and setup.classified_count == 0:
        raise ClassifiedError(
            _("Highly Classified needs one Secondary Classified Objective: set the count to 1.")
        )
    pool = build_pool(setup, deck, extreme_deck)
    distinct = len({normalize(c.name) for c in pool})
    if setup.mode is DrawMode.COUNTERMEASURES:
        needed = COUNTERMEASURES_CURRENT
    elif setup.highly_classified:
        needed = HIGHLY_CLASSIFIED_MAINS + setup.classified_count * setup.secondary_pair_size
    else:
        needed = 2 * setup.classified_count
    if (distinct if setup.highly_classified else len(pool)) < needed:
        raise ClassifiedError(
            _(
                "The deck in play has {n} usable cards, too few for this scenario (it needs {needed}).",
                n=len(pool),
                needed=needed,
            )
        )
    keys = [c.key for c in pool]
    state = ClassifiedState(
        setup=setup,
        source=source,
        pool=pool,
        players=[PlayerDraw(name=name.strip()) for name in players],
        waiting=sorted({i for i in waiting or [] if 0 <= i < len(players)}),
    )
    if setup.mode is DrawMode.COUNTERMEASURES:
        if source is CardSource.PHYSICAL:
            raise ClassifiedError(
                _(
                    "Countermeasures shares one deck on the table; Herald can only track it "
                    "when it deals the cards."
                )
            )
        state.phase = Phase.COUNTERMEASURES
        state.shared_library = list(keys)
        rng.shuffle(state.shared_library)
        state.swapped = [False] * len(players)
        # The first player (seat 0 until the players say otherwise with CmFirstPlayer) has turn 1.
        state.turn_player = 0
        state.cm_turn = 1
        for p in state.players:
            p.step = Step.DONE
        for _unused in range(COUNTERMEASURES_CURRENT):
            state._cm_draw(rng)
        return state
    if source is CardSource.PHYSICAL:
        for p in state.players:
            p.step = Step.MAINS if setup.highly_classified else Step.CLASSIFIED
        return state
    for p in state.players:
        p.library = list(keys)
        rng.shuffle(p.library)
    if setup.highly_classified:
        for i in range(len(state.players)):
            for _unused in range(state._main_quota(i)):
                key = state._draw_one(i, avoid=state._main_names())
                state.players[i].mains.append(key)
                state.main.append(key)
    for i in range(len(state.players)):
        state._deal_pair(i)
    state._advance(rng)
    return state


# ---------------------------------------------------------------------------------------------
# Presentation helpers the cog can show


class CardView(BaseModel):
    """A card as shown to a player."""

    key: str
    label: str
    requirements: str
    objective: str


class PlayerSummary(BaseModel):
    """What one player may see of their own side (or, for others, only counts)."""

    name: str
    step: Step
    pair: list[CardView] = Field(default_factory=list)
    kept: list[CardView] = Field(default_factory=list)
    kept_count: int = 0
    intelcom: bool | None = None
    secure_hvt_replaces: CardView | None = None


class DrawSummary(BaseModel):
    """Everything the cog needs to show the draw to one viewer."""

    phase: Phase
    mode: DrawMode
    main: list[CardView]
    current: list[CardView]
    players: list[PlayerSummary]
    next_steps: list[str]
    steps: list[Any] = Field(default_factory=list)
    """:class:`NextStep` s: the same as ``next_steps``, said in the reader's language."""
    intelcom_rolls: list[list[int]]


def _view(state: ClassifiedState, key: str) -> CardView:
    c = state.card(key)
    return CardView(key=key, label=c.label, requirements=c.requirements, objective=c.objective)


@dataclass(frozen=True)
class NextStep:
    """Who has to do what next: ``own`` said to that player, ``other`` the same step told to the
    other player (as what they wait for); ``player`` None for a step everyone shares."""

    player: str | None
    own: Message
    other: Message | None = None

    def english(self) -> str:
        return f"{self.player}: {self.own}" if self.player is not None else str(self.own)


def next_steps(state: ClassifiedState) -> list[str]:
    """Plain sentences saying who has to do what next (the English of :func:`steps_next`).

    >>> import random
    >>> from rules.its.decks import load_decks
    >>> s = new_draw(DrawSetup(), players=["Ann"], deck=load_decks().decks["its14-standard"],
    ...              rng=random.Random(3))
    >>> next_steps(s)
    ['Ann: keep one of the two cards you were dealt (1 of 1 objectives).']
    """
    return [step.english() for step in steps_next(state)]


def steps_next(state: ClassifiedState) -> list[NextStep]:
    """Who has to do what next, as lazy messages (see :class:`NextStep`)."""
    steps: list[NextStep] = []
    count = state.setup.classified_count
    if state.phase is Phase.DRAWING:
        for i, p in enumerate(state.players):
            if p.step is Step.DONE or i in state.waiting:
                continue
            name = p.name
            if state._intelcom_gate(i) and p.kept:
                steps.append(
                    NextStep(
                        name,
                        _(
                            "wait for the INTELCOM roll-off; it starts once both players have kept "
                            "their first card, and your next cards come after the declarations."
                        ),
                        _(
                            "wait for the INTELCOM roll-off; it starts once both players have kept "
                            "their first card, and their next cards come after the declarations."
                        ),
                    )
                )
                continue
            if state.source is CardSource.PHYSICAL:
                n, _unused = state.record_request(i)
                if p.step is Step.MAINS:
                    steps.append(
                        NextStep(
                            name,
                            _(
                                "draw {n} cards from your deck, show them, and record them as Main "
                                "Classified Objectives (redraw any card that repeats one already recorded).",
                                n=n,
                            ),
                            _(
                                "draw {n} cards from their deck, show them, and record them as Main "
                                "Classified Objectives (redraw any card that repeats one already recorded).",
                                n=n,
                            ),
                        )
                    )
                elif n == 0:
                    steps.append(NextStep(name, _("wait until every Main Classified Objective is recorded.")))
                elif state.setup.highly_classified:
                    if state.setup.mode is DrawMode.HIGH_DIFFICULTY:
                        steps.append(
                            NextStep(
                                name,
                                _("draw one card (redraw any Main objective), then record your Secondary."),
                                _("draw one card (redraw any Main objective), then record their Secondary."),
                            )
                        )
                    else:
                        steps.append(
                            NextStep(
                                name,
                                _(
                                    "draw two cards and keep one (redraw any Main objective), then record "
                                    "your Secondary."
                                ),
                                _(
                                    "draw two cards and keep one (redraw any Main objective), then record "
                                    "their Secondary."
                                ),
                            )
                        )
                elif state._intelcom_gate(i):
                    steps.append(
                        NextStep(
                            name,
                            _(
                                "draw two cards, keep one and record it now: it is the card you "
                                "declare as Classified Objective or INTELCOM Card before drawing the rest."
                            ),
                            _(
                                "draw two cards, keep one and record it now: it is the card they "
                                "declare as Classified Objective or INTELCOM Card before drawing the rest."
                            ),
                        )
                    )
                elif n == 1:
                    steps.append(NextStep(name, _("draw two cards and keep one; record the card you kept.")))
                else:
                    steps.append(
                        NextStep(
                            name,
                            _(
                                "for each objective draw two cards and keep one; record the {n} cards you "
                                "kept.",
                                n=n,
                            ),
                            _(
                                "for each objective draw two cards and keep one; record the {n} cards "
                                "they kept.",
                                n=n,
                            ),
                        )
                    )
            elif state.setup.highly_classified:
                steps.append(
                    NextStep(
                        name,
                        _("keep one of the two cards you were dealt (Secondary Classified Objective)."),
                        _("keep one of the two cards they were dealt (Secondary Classified Objective)."),
                    )
                )
            else:
                steps.append(
                    NextStep(
                        name,
                        _(
                            "keep one of the two cards you were dealt ({n} of {count} objectives).",
                            n=len(p.kept) + 1,
                            count=count,
                        ),
                        _(
                            "keep one of the two cards they were dealt ({n} of {count} objectives).",
                            n=len(p.kept) + 1,
                            count=count,
                        ),
                    )
                )
    elif state.phase is Phase.INTELCOM:
        nxt = state._next_intelcom()
        if nxt is not None:
            steps.append(
                NextStep(
                    state.players[nxt].name,
                    _(
                        "say whether your first kept card is your Classified "
                        "Objective or your INTELCOM Card (the card itself stays secret)."
                    ),
                    _(
                        "say whether their first kept card is their Classified "
                        "Objective or their INTELCOM Card (the card itself stays secret)."
                    ),
                )
            )
    elif state.phase is Phase.SECURE_HVT:
        steps.append(
            NextStep(
                None,
                _(
                    "Play the game. At its end, as each player reveals their classified objectives, they may "
                    "first swap one for Secure HVT (or keep them all)."
                ),
            )
        )
        waiting = [p.name for p in state.players if not p.secure_hvt_decided]
        if len(waiting) == 1:
            steps.append(
                NextStep(
                    None, _("Secure HVT is still open to {names} (until they reveal).", names=waiting[0])
                )
            )
        elif waiting:
            names = _("{first} and {second}", first=", ".join(waiting[:-1]), second=waiting[-1])
            steps.append(
                NextStep(None, _("Secure HVT is still open to {names} (until they reveal).", names=names))
            )
    elif state.phase is Phase.COUNTERMEASURES:
        steps.append(
            NextStep(
                None,
                _(
                    "At the start of your Tactical Phase you may swap one Current Mission Objective; record "
                    "achieved objectives as they happen, and end each Player Turn to refill to three."
                ),
            )
        )
    else:
        steps.append(NextStep(None, _("All settled.")))
    return steps


def summary(state: ClassifiedState, viewer: int | None = None) -> DrawSummary:
    """What ``viewer`` (a player index) may see; ``None`` is the public view of the channel.

    Private cards (pairs, kept cards, the card used as INTELCOM) are shown only to their owner;
    Main objectives in Highly Classified and Countermeasures objectives are open.

    >>> import random
    >>> from rules.its.decks import load_decks
    >>> s = new_draw(DrawSetup(), players=["Ann", "Bo"], deck=load_decks().decks["its14-standard"],
    ...              rng=random.Random(3))
    >>> summary(s).players[0].pair
    []
    >>> len(summary(s, viewer=0).players[0].pair)
    2
    """
    open_info = state.setup.mode is DrawMode.COUNTERMEASURES
    players = []
    for i, p in enumerate(state.players):
        mine = viewer == i or open_info
        players.append(
            PlayerSummary(
                name=p.name,
                step=p.step,
                pair=[_view(state, k) for k in p.pair] if mine else [],
                kept=[_view(state, k) for k in p.kept] if mine else [],
                kept_count=len(p.kept),
                intelcom=p.intelcom,
                secure_hvt_replaces=(
                    _view(state, p.secure_hvt_replaces) if mine and p.secure_hvt_replaces else None
                ),
            )
        )
    rolls = [p.intelcom_roll for p in state.players] if state.intelcom_order else []
    return DrawSummary(
        phase=state.phase,
        mode=state.setup.mode,
        main=[_view(state, k) for k in state.main],
        current=[_view(state, k) for k in state.current],
        players=players,
        next_steps=next_steps(state),
        steps=steps_next(state),
        intelcom_rolls=rolls,
    )


def describe(state: ClassifiedState, viewer: int | None = None) -> str:
    """A short markdown text of :func:`summary`, for an embed or a plain reply.

    >>> import random
    >>> from rules.its.decks import load_decks
    >>> s = new_draw(DrawSetup(), players=["Ann"], deck=load_decks().decks["its14-standard"],
    ...              rng=random.Random(3))
    >>> describe(s).splitlines()[0]
    '**Classified objectives** (normal, drawing)'
    """
    s = summary(state, viewer)
    lines = [
        f"**Classified objectives** ({s.mode.value.replace('_', ' ')}, {s.phase.value.replace('_', ' ')})"
    ]
    if s.main:
        lines.append("Main Classified Objectives (open): " + ", ".join(c.label for c in s.main))
    if s.current:
        lines.append("Current Mission Objectives: " + ", ".join(c.label for c in s.current))
    for p in s.players:
        bits = [f"kept {p.kept_count}"]
        if p.pair:
            bits.append("choose from: " + " / ".join(c.label for c in p.pair))
        if p.kept:
            bits.append("kept: " + ", ".join(c.label for c in p.kept))
        if p.intelcom is not None:
            bits.append("first card used as INTELCOM" if p.intelcom else "no INTELCOM")
        if p.secure_hvt_replaces:
            bits.append(f"Secure HVT replaces {p.secure_hvt_replaces.label}")
        lines.append(f"- **{p.name}**: " + "; ".join(bits))
    if s.intelcom_rolls:
        lines.append("INTELCOM roll: " + " vs ".join("/".join(map(str, r)) for r in s.intelcom_rolls))
    lines.extend(f"Next: {step}" for step in s.next_steps)
    return "\n".join(lines)
