"""Buttons, selects and modals of the ITS cog, all persistent.

Every item is a :class:`~bot.views.PersistentButton` or :class:`~bot.views.PersistentSelect`
whose custom id carries what it needs (game id, step, seat or side, page), so it
still works after a restart. The items only parse their id and hand over to the cog, which
loads the game, checks who pressed, calls the rules and answers.

Custom ids (all under 100 characters):

=====================================  ==================================================
``its:pg:<kind>:<tier>:<page>:<ref>``   page of a mission (``m``) or rule (``r``)
``its:dym:<kind>:<tier>:<ref>``         "did you mean": show that mission, rule or card
``its:keep:<game>:<seat>:<step>:<i>``   keep card ``i`` of the pair (step = cards kept so far)
``its:intel:<game>:<seat>:<0|1>``       declare the first kept card INTELCOM or not
``its:hvt:<game>:<seat>:<i|x>``         swap kept card ``i`` for Secure HVT (``x``: keep all)
``its:cm:<game>:t<step>:<act>:<i>``     Countermeasures tracker (step = tracker presses so far)
``its:ed:<game>:s<step>:<a|b>``         score sheet: choose an objective of side A or B
``its:ok:<game>:s<step>:<a|b>``         score sheet: side A or B confirms (or takes it back)
``its:sm:<game>:<a|b>:<message>:<id>``  the modal that sets one entry (handled statelessly)
``its:end:<game>``                      confirm ``/its end`` for that match
=====================================  ==================================================

The tracker's and the sheet's steps count only their own changes (``ItsMatch.tracker_step`` and
``ItsMatch.sheet_step``), so a draw step never stales the sheet and a sheet edit never stales the
tracker. Ids from before the steps carried the whole match's version instead (no ``t``/``s``):
they still parse, and pressing one says how to get current controls.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.limits import MAX_CUSTOM_ID, MAX_MODAL_LABEL, clip
from bot.views import PersistentButton, PersistentSelect
from rules.its.classified import ClassifiedState, Phase, Step
from rules.its.scoring import Control, ControlKind, EntryValue, ScoreInputError, SheetSide, Side

if TYPE_CHECKING:
    from cogs.its.commands import Its

MODAL_PREFIX = "its:sm:"
#: Discord's limits: a button label 80 characters, a select option 100, a modal title or a
#: text input label 45, a placeholder 100, five text inputs per modal.
BUTTON_LABEL = 80
MODAL_FIELDS = 5


def _cog(interaction: discord.Interaction) -> Its:
    cog = interaction.client.get_cog("ITS")  # type: ignore[attr-defined]
    assert cog is not None, "the ITS cog is not loaded"
    return cog  # type: ignore[return-value]


def fits(custom_id: str) -> bool:
    return len(custom_id) <= MAX_CUSTOM_ID


# --- look-up ---------------------------------------------------------------------------------


class PageButton(PersistentButton, template=r"its:pg:(?P<kind>[mr]):(?P<tier>\d+):(?P<page>\d+):(?P<ref>.+)"):
    def __init__(
        self, kind: str, tier: int, page: int, ref: str, *, label: str, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=f"its:pg:{kind}:{tier}:{page}:{ref}",
                disabled=disabled,
                style=discord.ButtonStyle.secondary,
            )
        )
        self.kind, self.tier, self.page, self.ref = kind, tier, page, ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> PageButton:
        return cls(match["kind"], int(match["tier"]), int(match["page"]), match["ref"], label="page")

    async def pressed(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).show_lookup(interaction, self.kind, self.ref, self.tier, self.page, edit=True)


class SuggestButton(PersistentButton, template=r"its:dym:(?P<kind>[mrc]):(?P<tier>\d+):(?P<ref>.+)"):
    def __init__(self, kind: str, tier: int, ref: str, *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                custom_id=f"its:dym:{kind}:{tier}:{ref}",
                style=discord.ButtonStyle.primary,
            )
        )
        self.kind, self.tier, self.ref = kind, tier, ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> SuggestButton:
        return cls(match["kind"], int(match["tier"]), match["ref"], label="?")

    async def pressed(self, interaction: discord.Interaction) -> None:
        # Posted to the channel, as the command typed with the exact name would have been.
        await _cog(interaction).show_lookup(interaction, self.kind, self.ref, self.tier, 0, edit=False)


def pager(kind: str, ref: str, tier: int, page: int, pages: int) -> discord.ui.View | None:
    """Previous / next buttons, or None for a single page (or a reference too long for an id)."""
    if pages <= 1 or not fits(f"its:pg:{kind}:{tier}:{page}:{ref}"):
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(kind, tier, max(page - 1, 0), ref, label="◀ Previous", disabled=page <= 0))
    view.add_item(
        PageButton(kind, tier, min(page + 1, pages - 1), ref, label="Next ▶", disabled=page >= pages - 1)
    )
    return view


def suggestions(kind: str, tier: int, options: list[tuple[str, str]]) -> discord.ui.View:
    """One button per (label, reference) suggestion."""
    view = discord.ui.View(timeout=None)
    for label, ref in options:
        if fits(f"its:dym:{kind}:{tier}:{ref}"):
            view.add_item(SuggestButton(kind, tier, ref, label=label))
    return view


# --- classified ------------------------------------------------------------------------------


class KeepButton(
    PersistentButton, template=r"its:keep:(?P<game>\d+):(?P<seat>\d):(?P<step>\d+):(?P<pick>\d)"
):
    def __init__(self, game: int, seat: int, step: int, pick: int, *, label: str = "Keep") -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                custom_id=f"its:keep:{game}:{seat}:{step}:{pick}",
                style=discord.ButtonStyle.success,
            )
        )
        self.game, self.seat, self.step, self.pick = game, seat, step, pick

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> KeepButton:
        return cls(int(match["game"]), int(match["seat"]), int(match["step"]), int(match["pick"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).keep(interaction, self.game, self.seat, self.step, self.pick)


class IntelcomButton(PersistentButton, template=r"its:intel:(?P<game>\d+):(?P<seat>\d):(?P<use>[01])"):
    def __init__(self, game: int, seat: int, use: bool, *, label: str = "INTELCOM") -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                custom_id=f"its:intel:{game}:{seat}:{int(use)}",
                style=discord.ButtonStyle.primary if use else discord.ButtonStyle.secondary,
            )
        )
        self.game, self.seat, self.use = game, seat, use

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> IntelcomButton:
        return cls(int(match["game"]), int(match["seat"]), match["use"] == "1")

    async def pressed(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).declare_intelcom(interaction, self.game, self.seat, self.use)


class SecureHvtButton(PersistentButton, template=r"its:hvt:(?P<game>\d+):(?P<seat>\d):(?P<pick>\d+|x)"):
    def __init__(self, game: int, seat: int, pick: int | None, *, label: str = "Secure HVT") -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                custom_id=f"its:hvt:{game}:{seat}:{'x' if pick is None else pick}",
                style=discord.ButtonStyle.secondary if pick is None else discord.ButtonStyle.danger,
            )
        )
        self.game, self.seat, self.pick = game, seat, pick

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> SecureHvtButton:
        pick = None if match["pick"] == "x" else int(match["pick"])
        return cls(int(match["game"]), int(match["seat"]), pick)

    async def pressed(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).secure_hvt(interaction, self.game, self.seat, self.pick)


def private_view(game_id: int, draw: ClassifiedState, seat: int) -> discord.ui.View | None:
    """The owner's buttons: keep one of the pair, or the Secure HVT choice at the end."""
    p = draw.players[seat]
    view = discord.ui.View(timeout=None)
    if draw.phase is Phase.DRAWING and p.step is not Step.DONE and p.pair:
        for i, key in enumerate(p.pair):
            view.add_item(KeepButton(game_id, seat, len(p.kept), i, label=f"Keep {draw.card(key).label}"))
    if draw.phase is Phase.SECURE_HVT and not p.secure_hvt_decided:
        options = draw.secure_hvt_options(seat)
        for key in options:
            view.add_item(
                SecureHvtButton(
                    game_id, seat, p.kept.index(key), label=f"Swap {draw.card(key).label} for Secure HVT"
                )
            )
        if options:
            view.add_item(SecureHvtButton(game_id, seat, None, label="No swap: I keep my objectives"))
    return view if view.children else None


def intelcom_view(game_id: int, draw: ClassifiedState, names: list[str]) -> discord.ui.View | None:
    """Buttons for the player whose turn it is to declare how they use their first card."""
    if draw.phase is not Phase.INTELCOM:
        return None
    nxt = next((i for i in draw.intelcom_order if draw.players[i].intelcom is None), None)
    if nxt is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(IntelcomButton(game_id, nxt, False, label=f"{names[nxt]}: keep it as Classified Objective"))
    view.add_item(IntelcomButton(game_id, nxt, True, label=f"{names[nxt]}: use it as INTELCOM Card"))
    return view


class CountermeasuresButton(
    PersistentButton,
    template=r"its:cm:(?P<game>\d+):(?P<tag>t?)(?P<step>\d+):(?P<act>[asef]):(?P<pick>\d)",
):
    """Countermeasures tracker: achieved (``a``), swap (``s``), end the turn (``e``), finish (``f``).

    ``step`` is None for a button from before tracker steps existed: it only explains itself."""

    def __init__(self, game: int, step: int | None, act: str, pick: int = 0, *, label: str = "?") -> None:
        style = {
            "a": discord.ButtonStyle.success,
            "s": discord.ButtonStyle.secondary,
            "e": discord.ButtonStyle.primary,
            "f": discord.ButtonStyle.danger,
        }[act]
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                custom_id=f"its:cm:{game}:t{step or 0}:{act}:{pick}",
                style=style,
            )
        )
        self.game, self.step, self.act, self.pick = game, step, act, pick

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> CountermeasuresButton:
        step = int(match["step"]) if match["tag"] else None
        return cls(int(match["game"]), step, match["act"], int(match["pick"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).countermeasures(interaction, self.game, self.step, self.act, self.pick)


def countermeasures_view(game_id: int, step: int, draw: ClassifiedState) -> discord.ui.View | None:
    """One row of "achieved", one of "swap", then end of turn and game over."""
    if draw.phase is not Phase.COUNTERMEASURES:
        return None
    view = discord.ui.View(timeout=None)
    for i, key in enumerate(draw.current):
        view.add_item(CountermeasuresButton(game_id, step, "a", i, label=f"✔ {draw.card(key).label}"))
    for i, key in enumerate(draw.current):
        view.add_item(CountermeasuresButton(game_id, step, "s", i, label=f"⇄ {draw.card(key).label}"))
    view.add_item(CountermeasuresButton(game_id, step, "e", label="End Player Turn (refill)"))
    view.add_item(CountermeasuresButton(game_id, step, "f", label="Game over"))
    return view


# --- ending ----------------------------------------------------------------------------------


class EndButton(PersistentButton, template=r"its:end:(?P<game>\d+)"):
    """The confirmation ``/its end`` asks for: it ends only the match it was offered for."""

    def __init__(self, game: int, *, label: str = "End the match") -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL), custom_id=f"its:end:{game}", style=discord.ButtonStyle.danger
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> EndButton:
        return cls(int(match["game"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).end_confirmed(interaction, self.game)


def end_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(EndButton(game_id, label="Yes, end this match"))
    return view


# --- the score sheet -------------------------------------------------------------------------


class SheetSelect(PersistentSelect, template=r"its:ed:(?P<game>\d+):(?P<tag>s?)(?P<step>\d+):(?P<side>[ab])"):
    """``step`` is None for a menu from before sheet steps existed: it only explains itself."""

    def __init__(
        self,
        game: int,
        step: int | None,
        side: Side,
        *,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"its:ed:{game}:s{step or 0}:{side.value}",
                placeholder=clip(placeholder, 150) or None,
                options=options or [discord.SelectOption(label="-", value="-")],
                min_values=1,
                max_values=1,
            )
        )
        self.game, self.step, self.side = game, step, side

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> SheetSelect:
        step = int(match["step"]) if match["tag"] else None
        return cls(int(match["game"]), step, Side(match["side"]))

    async def chosen(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        await _cog(interaction).open_entry(interaction, self.game, self.step, self.side, str(values[0]))


class ConfirmButton(
    PersistentButton, template=r"its:ok:(?P<game>\d+):(?P<tag>s?)(?P<step>\d+):(?P<side>[ab])"
):
    """``step`` is None for a button from before sheet steps existed: it only explains itself."""

    def __init__(
        self, game: int, step: int | None, side: Side, *, label: str = "Confirm", done: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                custom_id=f"its:ok:{game}:s{step or 0}:{side.value}",
                style=discord.ButtonStyle.secondary if done else discord.ButtonStyle.success,
            )
        )
        self.game, self.step, self.side = game, step, side

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ConfirmButton:
        step = int(match["step"]) if match["tag"] else None
        return cls(int(match["game"]), step, Side(match["side"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).confirm(interaction, self.game, self.step, self.side)


def sheet_view(
    game_id: int,
    step: int,
    names: tuple[str, str],
    sides: tuple[SheetSide, SheetSide],
    controls: list[Control],
    confirmed: list[Side],
    describe: Any,
) -> discord.ui.View:
    """Two "choose an objective" menus (one per side) and the two confirm buttons."""
    view = discord.ui.View(timeout=None)
    for side, name, values in ((Side.A, names[0], sides[0]), (Side.B, names[1], sides[1])):
        options = [
            discord.SelectOption(
                label=clip(c.label, 100),
                value=entry_ref(c, i),
                description=clip(
                    f"now: {describe(c, values.values.get(c.entry_id), values.victory_points)}"
                    + (f" · {c.help}" if c.help else ""),
                    100,
                ),
            )
            for i, c in enumerate(controls[:25])
        ]
        view.add_item(
            SheetSelect(
                game_id, step, side, placeholder=f"{name}: choose an objective to edit", options=options
            )
        )
    for side, name in ((Side.A, names[0]), (Side.B, names[1])):
        done = side in confirmed
        label = f"{name}: take back confirmation" if done else f"{name}: confirm"
        view.add_item(ConfirmButton(game_id, step, side, label=label, done=done))
    return view


#: Entry ids longer than this travel as ``#<position>`` so custom ids and option values stay short.
MAX_ENTRY_REF = 40


def entry_ref(control: Control, index: int) -> str:
    """How a sheet entry is named in a select value or a modal's custom id."""
    return control.entry_id if len(control.entry_id) <= MAX_ENTRY_REF else f"#{index}"


def find_entry(controls: list[Control], ref: str) -> tuple[int, Control] | None:
    """The (position, control) a reference from :func:`entry_ref` names, or None."""
    for index, control in enumerate(controls):
        if ref in (control.entry_id, f"#{index}"):
            return index, control
    return None


def entry_modal(
    *,
    game_id: int,
    side: Side,
    message_id: int,
    control: Control,
    index: int,
    name: str,
    value: EntryValue | None,
    victory_points: int,
) -> discord.ui.Modal:
    """A modal prefilled with the entry's current value, shown with :func:`bot.views.open_form`:
    the cog answers it from the custom id alone, so it works even across a restart."""
    modal = discord.ui.Modal(
        title=clip(f"{name}: {control.label}", MAX_MODAL_LABEL),
        custom_id=f"{MODAL_PREFIX}{game_id}:{side.value}:{message_id}:{entry_ref(control, index)}",
        timeout=None,
    )
    for i, (label, default, placeholder) in enumerate(modal_fields(control, value, victory_points)):
        modal.add_item(
            discord.ui.TextInput(
                label=clip(label, MAX_MODAL_LABEL),
                custom_id=f"f{i}",
                default=default,
                placeholder=clip(placeholder, 100) or None,
                required=False,
                max_length=60,
            )
        )
    return modal


def _yes(flag: object) -> str:
    return "yes" if flag else "no"


def modal_fields(
    control: Control, value: EntryValue | None, victory_points: int
) -> list[tuple[str, str, str]]:
    """(label, prefilled value, placeholder) for each text input of an entry's modal."""
    rounds = control.rounds or 0
    match control.kind:
        case ControlKind.TOGGLE:
            return [(control.label, _yes(value), f"yes or no · {control.help}")]
        case ControlKind.ROUND_TOGGLES:
            current = list(value or []) + [False] * rounds  # type: ignore[arg-type]
            if rounds <= MODAL_FIELDS:
                return [(f"Game Round {i + 1}", _yes(current[i]), "yes or no") for i in range(rounds)]
            return [
                (control.label, ", ".join(_yes(v) for v in current[:rounds]), f"{rounds} × yes/no, commas")
            ]
        case ControlKind.ROUND_COUNTERS:
            current = list(value or []) + [0] * rounds  # type: ignore[arg-type]
            if rounds <= MODAL_FIELDS:
                return [
                    (f"Game Round {i + 1}", str(current[i]), f"0 to {control.max}") for i in range(rounds)
                ]
            return [(control.label, ", ".join(str(v) for v in current[:rounds]), f"{rounds} numbers, commas")]
        case ControlKind.CHOICE:
            counts = value if isinstance(value, dict) else {}
            labels = dict(control.options)
            picked = next((labels[k] for k, n in counts.items() if n and k in labels), "none")
            names = " / ".join(label for _, label in control.options)
            return [(control.label, picked, f"{names} / none")]
        case ControlKind.OPTION_COUNTERS:
            counts = value if isinstance(value, dict) else {}
            if len(control.options) <= MODAL_FIELDS:
                return [
                    (label, str(counts.get(option_id, 0)), f"how many (all together at most {control.max})")
                    for option_id, label in control.options
                ]
            return [(control.label, "", "option=count, commas")]
        case ControlKind.ARMY_POINTS:
            current = victory_points if control.entry_id == "victory_points" else int(value or 0)  # type: ignore[arg-type]
            return [(control.label, str(current), f"army points, 0 to {control.max} · {control.help}")]
    return [(control.label, str(int(value or 0)), f"0 to {control.max} · {control.help}")]  # type: ignore[arg-type]


ALL_ITEMS = (
    EndButton,
    CountermeasuresButton,
    PageButton,
    SuggestButton,
    KeepButton,
    IntelcomButton,
    SecureHvtButton,
    SheetSelect,
    ConfirmButton,
)


_YES = {"yes", "y", "true", "1", "x", "✓", "✅", "done", "on"}
_NO = {"no", "n", "false", "0", "", "-", "✗", "off", "none"}


def _flag(text: str, label: str) -> bool:
    folded = text.strip().casefold()
    if folded in _YES:
        return True
    if folded in _NO:
        return False
    raise ScoreInputError(f"'{label}': type yes or no, not {text.strip()!r}.")


def _number(text: str, label: str, high: int | None) -> int:
    folded = text.strip().lower().removesuffix("pts").removesuffix("points").strip()
    if folded == "":
        return 0
    if not folded.isdecimal():
        limit = f" from 0 to {high}" if high is not None else ""
        raise ScoreInputError(f"'{label}' needs a whole number{limit}, not {text.strip()!r}.")
    return int(folded)


def _split(text: str) -> list[str]:
    return [part for part in re.split(r"[,;\s]+", text.strip()) if part != ""]


def parse_entry(control: Control, texts: list[str]) -> object:
    """Turn a submitted modal's texts into the value :func:`rules.its.scoring.apply` expects.

    Ranges are checked by the rules; this only reads the text, raising a ScoreInputError that
    says what to type when it cannot.
    """
    texts = texts or [""]
    rounds = control.rounds or 0
    match control.kind:
        case ControlKind.TOGGLE:
            return _flag(texts[0], control.label)
        case ControlKind.ROUND_TOGGLES:
            parts = texts if rounds <= MODAL_FIELDS else _split(texts[0])
            return [_flag(t, f"{control.label}, round {i + 1}") for i, t in enumerate(parts)]
        case ControlKind.ROUND_COUNTERS:
            parts = texts if rounds <= MODAL_FIELDS else _split(texts[0])
            return [_number(t, f"{control.label}, round {i + 1}", control.max) for i, t in enumerate(parts)]
        case ControlKind.CHOICE:
            wanted = texts[0].strip()
            if wanted.casefold() in _NO:
                return None
            folded = re.sub(r"[^a-z0-9]", "", wanted.casefold())
            for n, (option_id, label) in enumerate(control.options, start=1):
                if folded in (re.sub(r"[^a-z0-9]", "", label.casefold()), option_id.replace("_", ""), str(n)):
                    return option_id
            names = ", ".join(label for _, label in control.options)
            raise ScoreInputError(f"'{control.label}': type one of {names}, or none (you typed {wanted!r}).")
        case ControlKind.OPTION_COUNTERS:
            if len(control.options) <= MODAL_FIELDS:
                return {
                    option_id: _number(t, label, control.max)
                    for (option_id, label), t in zip(control.options, texts, strict=False)
                }
            counts: dict[str, int] = {}
            for part in [p for p in re.split(r"[,;]+", texts[0]) if p.strip()]:
                key, _, count = part.partition("=")
                counts[key.strip()] = _number(count, f"{control.label}: {key.strip()}", control.max)
            return counts
    return _number(texts[0], control.label, control.max)
