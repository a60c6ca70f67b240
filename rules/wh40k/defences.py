"""Reading a unit's defensive abilities as the rules write them: each invulnerable save, Feel No
Pain and damage reduction with what it holds against, whom it protects and from when.

An ability text from a roster (New Recruit's or BattleScribe's, which carry the data's own text)
is read into a :class:`Reading`:

- ``applied``: target words that always hold (``fnp5+``, ``inv4+ vs ranged``);
- ``offered``: target words that hold only while a condition does (a step "or 4+ instead
  while ...", once per battle, while leading a unit): offered by name, never applied;
- ``to``: whom it protects: the unit's models (``unit``), a Character leading the unit
  (``leader``: Silent Bodyguard), the whole unit of the model carrying the wargear
  (``bearer's unit``: a Medipack), models other than those named (``excluding``), or models of
  one keyword (``keyword``);
- ``unclear``: a defence Herald found but could not read the limits of: it is offered by name,
  never applied, and said.

The core rules' own text (a rule named ``Feel No Pain 5+`` whose text is the core rule, "if the
result is...") is the unit's own ability, always: its name carries the value.

>>> read_defence("Feel No Pain 5+", "Some models have 'Feel No Pain x+' listed in their abilities. "
...     "Each time a model with this ability would lose a wound, roll one D6: if the result equals "
...     "or exceeds x, that wound is not lost.").applied
('fnp5+',)
>>> stepped = read_defence("Adaptive Biology", "This model has the Feel No Pain 5+ ability. Each time "
...     "an attack targets this model, if it has lost one or more wounds, it has the Feel No Pain 4+ "
...     "ability instead.")
>>> stepped.applied, stepped.offered
(('fnp5+',), ('fnp4+',))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_MARKUP = re.compile(r"\^\^|\*\*|[\[\]]")
_CORE = re.compile(
    r"^\s*(feel no pain|invulnerable save|damage reduction)\s*\(?\s*([2-6])\s*\+\s*\)?\s*$", re.IGNORECASE
)
_VALUE = re.compile(
    r"(?P<inv_a>[2-6])\+\s*invulnerable save|"
    r"invulnerable save(?: characteristic)?\s*(?:of\s*)?\(?(?P<inv_b>[2-6])\+|"
    r"feel no pain\s*\(?(?P<fnp_a>[2-6])\+|(?P<bare>[2-6])\+",
    re.IGNORECASE,
)
_MINUS_ONE = re.compile(
    r"subtract 1 from the damage characteristic|"
    r"reduce the damage characteristic[^.]{0,40}\bby 1\b|-1 damage\b",
    re.IGNORECASE,
)
_HALF = re.compile(r"halve the damage characteristic|damage characteristic[^.]{0,40}is halved", re.IGNORECASE)
_BENIGN = re.compile(
    r"each time (?:an?|one) (?:(?P<kind>ranged|melee|psychic) )?attack (?:targets|is allocated to) "
    r"(?:this (?:unit|model)|a model in this unit|the bearer(?:'s unit)?)|"
    r"each time (?:this model|a model in this unit|a model with this ability) would lose a wound|"
    r"if the result (?:equals or exceeds|is)|\(including wounds lost (?:due to|to) mortal wounds\)|"
    r"roll one d6|that wound is not lost|against that attack|"
    r"(?:and\s+)?against mortal wounds caused by psychic abilities",
    re.IGNORECASE,
)
_CONDITION = re.compile(
    r"once per (?:battle|turn|phase)|\bwhile\b|\bwhilst\b|\buntil\b|\bleading\b|\bled by\b|\bwaa+gh\b|"
    r"\bif\b|\bwhen\b|\bselect\b|\bwithin\b|\baura\b|\bstratagem\b|\bthe bearer\b|\bat the start\b|"
    r"\bin your\b|\bbattle-shocked\b|\buse this\b|\bdestroyed\b|\bfirst time\b|\bfrom your army\b|"
    r"\bfriendly\b|\bcan spend\b|\byou can\b",
    re.IGNORECASE,
)
_UNCLEAR = re.compile(
    r"\bagainst\b|\binstead\b|\bexcept\b|\bonly\b|\bunless\b|\bimprove|\bworsen|\bcannot\b|"
    r"\bhalf\b|\bsubtract\b",
    re.IGNORECASE,
)
_AGAINST = r"(?:(?:against|vs\.?|from)\s+(?:an?\s+|all\s+)?)?"
_ONLY = r"(?:\s+only)?"
_SCOPES = (
    (
        "psychic",
        re.compile(
            _AGAINST + r"(?:psychic (?:attack|weapon)s?|attacks? with the psychic keyword)" + _ONLY,
            re.IGNORECASE,
        ),
    ),
    ("mortal", re.compile(_AGAINST + r"(?:mortal wounds?)" + _ONLY, re.IGNORECASE)),
    (
        "ranged",
        re.compile(_AGAINST + r"(?:ranged (?:attack|weapon)s?|in the shooting phase)" + _ONLY, re.IGNORECASE),
    ),
    (
        "melee",
        re.compile(_AGAINST + r"(?:melee (?:attack|weapon)s?|in the fight phase)" + _ONLY, re.IGNORECASE),
    ),
    (
        "d1",
        re.compile(
            _AGAINST + r"(?:(?:attacks? with )?an? (?:unmodified )?damage characteristic of 1\b)" + _ONLY,
            re.IGNORECASE,
        ),
    ),
)
_LEADER_GUARD = re.compile(
    r"while (?:a|this) character model is leading this unit,? that character(?: model)? has", re.IGNORECASE
)
_BEARERS_UNIT = re.compile(r"models in the bearer'?s unit|the bearer'?s unit", re.IGNORECASE)
_EXCLUDING = re.compile(
    r"\(?\bexcluding (?!against\b)(?:the )?([^).,;]{2,60}?)(?: models?)?[).,;]", re.IGNORECASE
)
_KEYWORD_MODELS = re.compile(
    r"\b(vehicle|daemon|monster|infantry|mounted|character) models?\b", re.IGNORECASE
)


_DEFENCE_WORDS = ("invulnerable", "feel no pain", "damage characteristic", "-1 damage")
"""A text without any of these gives no defence (checked first: most abilities are not defences)."""


@dataclass(frozen=True)
class Reading:
    """One ability's defences as read (see the module's text)."""

    applied: tuple[str, ...] = ()
    offered: tuple[str, ...] = ()
    to: str = "unit"
    """``unit``, ``leader``, ``bearer's unit``, ``excluding`` or ``keyword``."""
    names: tuple[str, ...] = ()
    """For ``excluding``, the models left out; for ``keyword``, the keyword."""
    unclear: bool = False
    core: bool = False
    guards: tuple[str, ...] = ()
    """What a Character leading the unit gets (Silent Bodyguard), beside the unit's own."""
    """The core rules' own text, the value in its name."""

    @property
    def any(self) -> bool:
        return bool(self.applied or self.offered or self.guards)


def strip_markup(text: str) -> str:
    """The text without the exports' ``^^**...**^^`` keyword markup.

    >>> strip_markup("^^**Necron Warriors**^^, ^^**Royal Warden**^^")
    'Necron Warriors, Royal Warden'
    """
    if "^^" in text or "**" in text or "[" in text:
        text = _MARKUP.sub("", text)
    return " ".join(text.split())


def _word(kind: str, value: int, scope: list[str]) -> str:
    head = f"{kind}{value}+" if kind in ("inv", "fnp") else kind
    return f"{head} vs {'/'.join(dict.fromkeys(scope))}" if scope else head


def _scope(text: str) -> list[str]:
    return [name for name, pattern in _SCOPES if pattern.search(text)]


def read_defence(name: str, description: str, *, own: bool = True) -> Reading:
    """Read one ability (``name`` and its text) for the defences it gives; ``own`` is False for
    a rule the unit carries whole, True for a model's own or its wargear's (there "the bearer" is
    that model). An ability that gives no defence reads as an empty :class:`Reading`."""
    low = f"{name} {description}".lower()
    if not any(word in low for word in _DEFENCE_WORDS):  # most abilities: nothing to read
        return Reading()
    name, text = strip_markup(name), strip_markup(description)
    core = _CORE.match(name)
    if core:  # the core rule, its value in its name: whatever text the export gives it
        kind = {"feel no pain": "fnp", "invulnerable save": "inv"}.get(core.group(1).lower())
        if kind is None:
            return Reading(unclear=True, core=True)
        return Reading(applied=(f"{kind}{core.group(2)}+",), core=True)
    bare = re.match(r"^\(?([2-6])\+\)?$", text)
    if bare and re.search(r"invulnerable", name, re.IGNORECASE):
        return Reading(applied=(f"inv{bare.group(1)}+",), core=True)  # "Invulnerable Save: 4+"
    if bare and re.fullmatch(r"feel no pain", name.strip(), re.IGNORECASE):
        return Reading(applied=(f"fnp{bare.group(1)}+",), core=True)  # "Feel No Pain: 5+"
    whole = (
        f"{name}: {text}" if "invulnerable" in name.lower() and "invulnerable" not in text.lower() else text
    )
    to, names = "unit", ()
    if own and _BEARERS_UNIT.search(whole):
        to = "bearer's unit"
        whole = _BEARERS_UNIT.sub("models in this unit", whole)
    if excluded := _EXCLUDING.search(whole):
        to, names = "excluding", (excluded.group(1).strip(),)
        whole = whole[: excluded.start()] + whole[excluded.end() - 1 :]
    if to == "unit" and (keyword := _KEYWORD_MODELS.search(whole)):
        to, names = "keyword", (keyword.group(1).lower(),)
    checked = _BENIGN.sub(lambda m: f" {m.group('kind') or ''} attacks ", whole)
    if own:
        checked = re.sub(r"\bthe bearer\b", "this model", checked, flags=re.IGNORECASE)
    applied: list[str] = []
    offered: list[str] = []
    guards: list[str] = []
    unclear = False
    last = ""
    pending = False  # a condition said in a sentence before (once per battle ... if you do, ...)
    for sentence in re.split(r"(?<=\.)\s+|\n|\s(?=[■•]\s)", checked):
        guard = _LEADER_GUARD.search(sentence)
        if guard:  # "while a Character is leading this unit, that Character has ...": for the Leader
            sentence = sentence[guard.end() :]
        found = list(_VALUE.finditer(sentence))
        kinds: list[tuple[re.Match[str], str]] = []
        for match in found:
            if match.group("inv_a") or match.group("inv_b"):
                last = "inv"
            elif match.group("fnp_a"):
                last = "fnp"
            else:
                before = sentence[: match.start()]
                after = sentence[match.end() :]
                step = re.search(
                    r"(?:improved to|\bor|\bto|,)\s*(?:an?\s+)?$", before, re.IGNORECASE
                ) or re.match(r"\s*(?:instead|against)", after, re.IGNORECASE)
                if not step:
                    continue
                if not last:
                    low = before.lower()
                    last = "fnp" if "feel no pain" in low else "inv" if "invulnerable" in low else ""
            if last:
                kinds.append((match, last))
        prefix = sentence[: kinds[0][0].start()] if kinds else sentence
        for index, (match, kind) in enumerate(kinds):
            start = prefix if index == 0 else sentence[kinds[index - 1][0].end() : match.start()]
            if index:  # "6+ against melee attacks and a 5+ against ranged": the part after the last "and"
                start = re.split(r",|;|\band\b|\bor\b", start, flags=re.IGNORECASE)[-1]
            end = sentence[
                match.end() : kinds[index + 1][0].start() if index + 1 < len(kinds) else len(sentence)
            ]
            window = start + " " + sentence[match.start() : match.end()] + " " + end
            value = next(int(v) for v in match.groups() if v)
            scope = _scope(window)
            word = _word(kind, value, scope)
            conditional = (
                pending
                or _CONDITION.search(window if index else prefix + end)
                or (index and _CONDITION.search(prefix))
            )
            if guard:
                (offered if conditional else guards).append(word)
                continue
            if conditional:
                offered.append(word)
                continue
            if "d1" in scope and len(scope) > 1:  # "a melee attack with Damage 1": both, not either
                unclear = True
                offered.append(word)
                continue
            rest = window
            for _, pattern in _SCOPES:
                rest = pattern.sub(" ", rest)
            rest = re.sub(r"\b(?:this is |which is |is )?improved to\b", " ", rest, flags=re.IGNORECASE)
            if _UNCLEAR.search(rest):
                unclear = True
                offered.append(word)
            else:
                applied.append(word)
        if not kinds:
            for kind, pattern in (("half damage", _HALF), ("-1 damage", _MINUS_ONE)):
                if pattern.search(sentence):
                    scope = _scope(sentence)
                    word = _word(kind, 0, scope)
                    if pending or _CONDITION.search(sentence):
                        offered.append(word)
                    elif guard:
                        guards.append(word)
                    else:
                        applied.append(word)
                    break
            else:
                pending = pending or bool(_CONDITION.search(sentence))
    if guards and not applied:
        to, names = "leader", ()
    return Reading(
        applied=tuple(dict.fromkeys(applied)),
        offered=tuple(dict.fromkeys(w for w in offered if w not in applied)),
        to=to,
        names=names,
        unclear=unclear,
        guards=tuple(dict.fromkeys(guards)),
    )
