"""The score sheet's entry form: what it asks for one objective, and how its answers are read.

The form is a modal whose custom id ``its:sm:<game>:<a|b>:<message>:<entry>`` carries what it
needs, so :mod:`cogs.its.sheet` answers it even across a restart (see :func:`bot.views.open_form`).
"""

from __future__ import annotations

import re

import discord

from bot.limits import MAX_MODAL_LABEL, clip
from rules.i18n import Translator, _, translator
from rules.its.scoring import Control, ControlKind, EntryValue, ScoreInputError, Side

MODAL_PREFIX = "its:sm:"
#: Discord's limit: five text inputs per modal.
MODAL_FIELDS = 5


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
    typed: list[str] | None = None,
    t: Translator | None = None,
) -> discord.ui.Modal:
    """A modal prefilled with the entry's current value (or with ``typed``, what the player typed
    in a form that had a bad value), shown with :func:`bot.views.open_form`: the cog answers it
    from the custom id alone, so it works even across a restart. ``t``: the language of the
    player who opens it (its labels, hints and its yes/no; both languages' words are read back)."""
    t = t if t is not None else translator(None)
    modal = discord.ui.Modal(
        title=clip(t("{name}: {objective}", name=name, objective=control.label), MAX_MODAL_LABEL),
        custom_id=f"{MODAL_PREFIX}{game_id}:{side.value}:{message_id}:{entry_ref(control, index)}",
        timeout=None,
    )
    for i, (label, default, placeholder) in enumerate(modal_fields(control, value, victory_points, t)):
        if typed is not None:
            default = typed[i][:60] if i < len(typed) else ""
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


def _yes(flag: object, t: Translator) -> str:
    return t("yes") if flag else t("no")


def _hint(t: Translator, hint: str, help: str) -> str:
    """A placeholder: what to type, then the objective's own help when it has one."""
    return t("{hint} · {help}", hint=hint, help=help) if help else hint


def modal_fields(
    control: Control, value: EntryValue | None, victory_points: int, t: Translator | None = None
) -> list[tuple[str, str, str]]:
    """(label, prefilled value, placeholder) for each text input of an entry's modal, in ``t``'s
    language (English without it)."""
    t = t if t is not None else translator(None)
    rounds = control.rounds or 0
    match control.kind:
        case ControlKind.TOGGLE:
            return [(control.label, _yes(value, t), _hint(t, t("yes or no"), control.help))]
        case ControlKind.ROUND_TOGGLES:
            current = list(value or []) + [False] * rounds  # type: ignore[arg-type]
            if rounds <= MODAL_FIELDS:
                return [
                    (t("Game Round {round}", round=i + 1), _yes(current[i], t), t("yes or no"))
                    for i in range(rounds)
                ]
            return [
                (
                    control.label,
                    ", ".join(_yes(v, t) for v in current[:rounds]),
                    t("{rounds} × yes/no, commas", rounds=rounds),
                )
            ]
        case ControlKind.ROUND_COUNTERS:
            current = list(value or []) + [0] * rounds  # type: ignore[arg-type]
            if rounds <= MODAL_FIELDS:
                return [
                    (
                        t("Game Round {round}", round=i + 1),
                        str(current[i]),
                        t("0 to {most}", most=control.max),
                    )
                    for i in range(rounds)
                ]
            return [
                (
                    control.label,
                    ", ".join(str(v) for v in current[:rounds]),
                    t("{rounds} numbers, commas", rounds=rounds),
                )
            ]
        case ControlKind.CHOICE:
            counts = value if isinstance(value, dict) else {}
            labels = dict(control.options)
            picked = next((labels[k] for k, n in counts.items() if n and k in labels), t("none"))
            names = " / ".join(label for _unused, label in control.options)
            return [(control.label, picked, t("{options} / none", options=names))]
        case ControlKind.OPTION_COUNTERS:
            counts = value if isinstance(value, dict) else {}
            if len(control.options) <= MODAL_FIELDS:
                return [
                    (
                        label,
                        str(counts.get(option_id, 0)),
                        t("how many (all together at most {most})", most=control.max),
                    )
                    for option_id, label in control.options
                ]
            return [(control.label, "", t("option=count, commas"))]
        case ControlKind.ARMY_POINTS:
            current = victory_points if control.entry_id == "victory_points" else int(value or 0)  # type: ignore[arg-type]
            return [
                (
                    control.label,
                    str(current),
                    _hint(t, t("army points, 0 to {most}", most=control.max), control.help),
                )
            ]
    return [(control.label, str(int(value or 0)), _hint(t, t("0 to {most}", most=control.max), control.help))]  # type: ignore[arg-type]


#: What a yes/no field reads, in every language Herald speaks: a Spanish player's "sí" and an
#: English player's "yes" both count, whichever language the form was shown in.
_YES = {"yes", "y", "true", "1", "x", "✓", "✅", "done", "on", "sí", "si", "s", "hecho", "conseguido"}
_NO = {"no", "n", "false", "0", "", "-", "✗", "off", "none", "ninguno", "ninguna", "nada"}


def _flag(text: str, label: object) -> bool:
    folded = text.strip().casefold()
    if folded in _YES:
        return True
    if folded in _NO:
        return False
    raise ScoreInputError(_("'{label}': type yes or no, not {typed}.", label=label, typed=repr(text.strip())))


def _number(text: str, label: object, high: int | None) -> int:
    folded = text.strip().lower()
    for unit in ("pts", "points", "puntos", "ptos"):
        folded = folded.removesuffix(unit)
    folded = folded.strip()
    if folded == "":
        return 0
    if not folded.isdecimal():
        typed = repr(text.strip())
        if high is not None:
            raise ScoreInputError(
                _(
                    "'{label}' needs a whole number from 0 to {most}, not {typed}.",
                    label=label,
                    most=high,
                    typed=typed,
                )
            )
        raise ScoreInputError(_("'{label}' needs a whole number, not {typed}.", label=label, typed=typed))
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
            return [
                _flag(text, _("{objective}, round {round}", objective=control.label, round=i + 1))
                for i, text in enumerate(parts)
            ]
        case ControlKind.ROUND_COUNTERS:
            parts = texts if rounds <= MODAL_FIELDS else _split(texts[0])
            return [
                _number(
                    text, _("{objective}, round {round}", objective=control.label, round=i + 1), control.max
                )
                for i, text in enumerate(parts)
            ]
        case ControlKind.CHOICE:
            wanted = texts[0].strip()
            if wanted.casefold() in _NO:
                return None
            folded = re.sub(r"[^a-z0-9]", "", wanted.casefold())
            for n, (option_id, label) in enumerate(control.options, start=1):
                if folded in (re.sub(r"[^a-z0-9]", "", label.casefold()), option_id.replace("_", ""), str(n)):
                    return option_id
            names = ", ".join(label for _unused, label in control.options)
            raise ScoreInputError(
                _(
                    "'{objective}': type one of {options}, or none (you typed {typed}).",
                    objective=control.label,
                    options=names,
                    typed=repr(wanted),
                )
            )
        case ControlKind.OPTION_COUNTERS:
            if len(control.options) <= MODAL_FIELDS:
                return {
                    option_id: _number(text, label, control.max)
                    for (option_id, label), text in zip(control.options, texts, strict=False)
                }
            counts: dict[str, int] = {}
            for part in [p for p in re.split(r"[,;]+", texts[0]) if p.strip()]:
                key, _sep, count = part.partition("=")
                label = _("{objective}: {option}", objective=control.label, option=key.strip())
                counts[key.strip()] = _number(count, label, control.max)
            return counts
    return _number(texts[0], control.label, control.max)
