"""Reading a 40k weapon line, a target line and the situation, as players type them.

The weapon is a datasheet line, its abilities typed as printed (brackets and capitals are
forgiven)::

    A4 BS3+ S5 AP-1 D2, lethal hits, sustained hits 1, anti-infantry 4+, twin-linked

Random characteristics are dice: ``AD6+1``, ``A 2D6``, ``DD3``, ``D D6+1``. ``D3`` and ``D6`` alone
are refused as damage: a datasheet prints them for a roll, but ``D`` is also the damage letter, so
they could be a flat 3 or 6; write ``DD6`` (``DD3``) for the roll and ``D 6`` (``D 3``) for the
flat amount. ``x3`` says three models carry the weapon. Besides the printed
abilities, buffs go on the weapon line too: ``+1 hit``, ``-1 wound``, ``reroll hits``,
``reroll hits 1``, ``reroll wounds``, ``reroll wounds 1``, ``reroll damage``.

The target is ``T4 Sv3+ W2 x5 inv5+ fnp6+`` plus keywords for Anti-X (``infantry`` and the
others of :data:`KNOWN_KEYWORDS`; any other as ``keyword:name``) and the defensive abilities
``stealth``, ``cover``, ``-1 damage``, ``half damage``, ``-1 hit``, ``-1 wound``. An unknown
word is refused with a guess at what was meant.

A unit is several weapon lines separated by ``;``, each optionally named
(``bolt rifle: A2 BS3+ S4 AP-1 D1 x9; plasma gun: A1 BS3+ S8 AP-3 D2 x1``): see :func:`parse_unit`.

Every mistake raises :class:`ProfileError` naming the part that is wrong, with a marker under
it.

>>> weapon = parse_weapon("A4 BS3+ S5 AP-1 D2, lethal hits, sustained hits 1")
>>> weapon.skill, weapon.strength, weapon.ap, weapon.lethal_hits, weapon.sustained_hits.text
(3, 5, 1, True, '1')
>>> target = parse_target("T4 Sv3+ W2 x5 inv5+ fnp6+ infantry")
>>> target.models, target.invulnerable, target.keywords
(5, 5, ('infantry',))
"""

from __future__ import annotations

import difflib
import random
import re
from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.distribution import Distribution, convolve, power, uniform
from rules.errors import RuleError
from rules.i18n import N_, Message, _

MAX_ATTACKS = 200
"""Most attacks one calculation may make (every model, every extra attack counted at its maximum)."""
MAX_TARGET_MODELS = 50
MAX_ATTACKING_MODELS = 50
MAX_WOUNDS = 50
"""Most wounds a target model may have."""
MAX_STAT = 30
"""Largest Strength, Toughness or flat Damage / Attacks accepted."""
MAX_LINE_LENGTH = 300


class ProfileError(RuleError):
    """A weapon, target or situation line that can't be read; the message points at the part."""


class Reroll(StrEnum):
    """Which results of a hit or wound roll are re-rolled."""

    NONE = "none"
    ONES = "ones"
    FAILS = "fails"


class DamageReduction(StrEnum):
    """The target's defensive ability against Damage."""

    NONE = "none"
    MINUS_ONE = "minus_one"
    HALVE = "halve"


class Edition(StrEnum):
    """Which edition's core rules an attack follows (11th unless told otherwise)."""

    TENTH = "10th"
    ELEVENTH = "11th"


DEFAULT_EDITION = Edition.ELEVENTH


def parse_edition(text: str | None) -> Edition:
    """``"10"``, ``"10th"``, ``"11th edition"`` ... -> :class:`Edition`; empty means the default.

    >>> parse_edition("10").value, parse_edition(None).value
    ('10th', '11th')
    """
    if text is None or not str(text).strip():
        return DEFAULT_EDITION
    digits = re.sub(r"\D", "", str(text))
    for edition in Edition:
        if digits == edition.value[:2]:
            return edition
    raise ProfileError(
        _(
            "`{typed}` is not an edition Herald knows: use `11th` (the default) or `10th`.",
            typed=str(text)[:20],
        )
    )


KNOWN_KEYWORDS = (
    "infantry", "vehicle", "monster", "character", "beast", "swarm", "mounted", "fly", "psyker",
    "titanic", "walker", "battleline", "transport", "aircraft", "fortification", "towering", "daemon",
    "epic-hero", "grenades", "smoke", "leader", "tank", "artillery", "cavalry",
)  # fmt: skip
"""Keywords a target line may carry (for Anti-X) without the ``keyword:`` prefix."""
COVER_KEYWORDS = ("infantry", "beast", "swarm")
"""In 11th edition only units with one of these keywords get cover from standing in terrain."""
_CUSTOM_KEYWORD = re.compile(r"^keyword:([a-z][a-z0-9'-]{0,30})$")


_AMOUNT_PATTERN = re.compile(r"^(?:(\d*)d(3|6))?(?:([+-]?)(\d+))?$", re.IGNORECASE)


class Amount(BaseModel):
    """A characteristic that is a number or dice: ``count``D``sides`` + ``bonus``.

    >>> Amount.parse("D6+1").maximum, Amount.parse("3").distribution().mean
    (7, 3.0)
    """

    model_config = ConfigDict(frozen=True)

    count: int = 0
    sides: int = 0
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> Amount:
        """Read ``3``, ``D3``, ``2D6``, ``D6+1``; raise ``ValueError`` otherwise."""
        match = _AMOUNT_PATTERN.match(text.strip())
        if not match or not text.strip() or (match.group(2) is None and match.group(3) == "-"):
            raise ValueError(text)
        count = int(match.group(1) or 1) if match.group(2) else 0
        sides = int(match.group(2) or 0)
        bonus = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
        if count > 10:
            raise ValueError(text)
        return cls(count=count, sides=sides, bonus=bonus)

    @classmethod
    def flat(cls, value: int) -> Amount:
        return cls(bonus=value)

    @property
    def random(self) -> bool:
        return self.count > 0

    @property
    def minimum(self) -> int:
        return max(0, self.count + self.bonus)

    @property
    def maximum(self) -> int:
        return max(0, self.count * self.sides + self.bonus)

    @property
    def text(self) -> str:
        dice = f"{'' if self.count == 1 else self.count}D{self.sides}" if self.count else ""
        if not dice:
            return str(self.bonus)
        return dice + (f"{self.bonus:+d}" if self.bonus else "")

    def distribution(self) -> Distribution:
        if not self.count:
            return Distribution.constant(max(0, self.bonus))
        dice = power(uniform(1, self.sides), self.count)
        return convolve(dice, Distribution.constant(self.bonus)).map(lambda v: max(0, v))

    def roll(self, rng: random.Random) -> tuple[int, list[int]]:
        """The value and the dice thrown for it (none for a flat number)."""
        dice = [rng.randint(1, self.sides) for _unused in range(self.count)]
        return max(0, sum(dice) + self.bonus), dice


class Weapon(BaseModel):
    """One weapon profile with its abilities and the buffs typed with it."""

    model_config = ConfigDict(frozen=True)

    attacks: Amount
    skill: int | None
    """BS or WS needed to hit (2 to 6); ``None`` only for a Torrent weapon printed without one."""
    melee: bool = False
    strength: int
    ap: int = 0
    """Armour Penetration as a positive number: AP-2 is 2."""
    damage: Amount
    models: int = 1
    lethal_hits: bool = False
    sustained_hits: Amount | None = None
    devastating_wounds: bool = False
    twin_linked: bool = False
    anti: tuple[tuple[str, int], ...] = ()
    melta: Amount | None = None
    lance: bool = False
    heavy: bool = False
    ignores_cover: bool = False
    rapid_fire: Amount | None = None
    blast: int = 0
    """Extra attacks per five target models: ``blast`` is 1, ``blast 2`` (11th edition) is 2."""
    cleave: int = 0
    """Cleave X (11th edition): X extra attacks per five target models."""
    torrent: bool = False
    hazardous: bool = False
    psychic: bool = False
    crit_hit: int = 6
    """The unmodified hit roll that is a Critical Hit (``crit hit 5+``)."""
    crit_wound: int = 6
    """The unmodified wound roll that is a Critical Wound (``crit wound 5+``); Anti-X may lower it."""
    name: str = ""
    """What the player called the weapon (``bolt rifle: A2 ...``); empty when unnamed."""
    hit_modifier: int = 0
    wound_modifier: int = 0
    reroll_hits: Reroll = Reroll.NONE
    reroll_wounds: Reroll = Reroll.NONE
    reroll_damage: bool = False
    ignored: tuple[str, ...] = ()
    """Abilities recognised but without effect on one attack sequence (Pistol, Assault...)."""
    text: str = ""

    def describe(self) -> str:
        """The weapon as Herald read it, in the same notation (to echo back, or to save).

        >>> parse_weapon("a d6 bs 3+ s 5 ap -1 d d3 [LETHAL HITS]").describe()
        'AD6 BS3+ S5 AP-1 DD3, lethal hits'
        """
        skill = f"{'WS' if self.melee else 'BS'}{self.skill}+" if self.skill else ""
        damage = damage_token(self.damage.text)
        stats = [
            f"A{self.attacks.text}",
            skill,
            f"S{self.strength}",
            f"AP-{self.ap}" if self.ap else "AP0",
            damage,
        ]
        if self.models > 1:
            stats.append(f"x{self.models}")
        abilities = [
            name
            for flag, name in (
                (self.lethal_hits, "lethal hits"),
                (
                    self.sustained_hits,
                    f"sustained hits {self.sustained_hits.text if self.sustained_hits else ''}",
                ),
                (self.devastating_wounds, "devastating wounds"),
                (self.twin_linked, "twin-linked"),
                (self.melta, f"melta {self.melta.text if self.melta else ''}"),
                (self.lance, "lance"),
                (self.heavy, "heavy"),
                (self.ignores_cover, "ignores cover"),
                (self.rapid_fire, f"rapid fire {self.rapid_fire.text if self.rapid_fire else ''}"),
                (self.blast, "blast" if self.blast == 1 else f"blast {self.blast}"),
                (self.cleave, f"cleave {self.cleave}"),
                (self.torrent, "torrent"),
                (self.hazardous, "hazardous"),
                (self.psychic, "psychic"),
                (self.crit_hit < 6, f"crit hit {self.crit_hit}+"),
                (self.crit_wound < 6, f"crit wound {self.crit_wound}+"),
                (self.hit_modifier, f"{self.hit_modifier:+d} hit"),
                (self.wound_modifier, f"{self.wound_modifier:+d} wound"),
                (
                    self.reroll_hits is not Reroll.NONE,
                    f"reroll hits{' 1' if self.reroll_hits is Reroll.ONES else ''}",
                ),
                (
                    self.reroll_wounds is not Reroll.NONE,
                    f"reroll wounds{' 1' if self.reroll_wounds is Reroll.ONES else ''}",
                ),
                (self.reroll_damage, "reroll damage"),
            )
            if flag
        ]
        abilities += [
            f"anti-{keyword if keyword in KNOWN_KEYWORDS else 'keyword:' + keyword} {value}+"
            for keyword, value in self.anti
        ]
        abilities += list(self.ignored)
        line = ", ".join([" ".join(s for s in stats if s), *abilities])
        return f"{self.name}: {line}" if self.name else line

    @property
    def label(self) -> str:
        """The weapon's name, or its characteristics when it has none."""
        return self.name or self.describe()


SCOPES = ("ranged", "melee", "psychic", "mortal", "d1")
"""What a scoped defence may apply to (``fnp3+ vs psychic/mortal``): ranged or melee attacks,
Psychic attacks, mortal wounds (Devastating Wounds'), attacks with a Damage characteristic of 1.
Several words join by ``/`` and the defence applies when any of them does."""
_SCOPE_SAID = {
    "ranged": "ranged attacks",
    "melee": "melee attacks",
    "psychic": "Psychic attacks",
    "mortal": "mortal wounds",
    "d1": "attacks of Damage 1",
}
DEFENCE_KINDS = ("inv", "fnp", "-1 damage", "half damage")


class Defence(BaseModel):
    """A defence that holds only against some attacks (``fnp3+ vs mortal``, ``inv4+ vs ranged``).

    Two defences of one kind never add: a model uses the best one that applies to the attack.

    >>> d = Defence(kind="fnp", value=3, scope=("psychic", "mortal"))
    >>> d.word, d.applies(melee=False, psychic=False, damage_one=False, mortal=True)
    ('fnp3+ vs psychic/mortal', True)
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    value: int = 0
    scope: tuple[str, ...]

    @property
    def word(self) -> str:
        head = f"{self.kind}{self.value}+" if self.kind in ("inv", "fnp") else self.kind
        return f"{head} vs {'/'.join(self.scope)}"

    @property
    def said(self) -> str:
        """``against mortal wounds or Psychic attacks``: the scope in words."""
        return "against " + " or ".join(_SCOPE_SAID[s] for s in self.scope)

    def applies(self, *, melee: bool, psychic: bool, damage_one: bool, mortal: bool) -> bool:
        """Whether it holds for one attack (or one of its mortal wounds when ``mortal``)."""
        met = {
            "ranged": not melee,
            "melee": melee,
            "psychic": psychic,
            "mortal": mortal,
            "d1": damage_one,
        }
        return any(met[s] for s in self.scope)


class ModelGroup(BaseModel):
    """Models of one profile inside a target unit (a unit of one profile is one group).

    ``leader`` marks an attached Leader: attacks go to its Bodyguard's models first, and only
    Precision reaches it while they live.
    """

    model_config = ConfigDict(frozen=True)

    count: int = 1
    toughness: int
    save: int
    wounds: int
    invulnerable: int | None = None
    feel_no_pain: int | None = None
    damage_reduction: DamageReduction = DamageReduction.NONE
    name: str = ""
    leader: bool = False
    scoped: tuple[Defence, ...] = ()
    """Defences that hold only against some attacks (see :class:`Defence`)."""

    def label(self, index: int) -> str:
        """Its name, or ``group N`` (1-based) when it has none."""
        return self.name or f"group {index + 1}"

    def stats(self) -> str:
        """``W2 Sv4+ inv5+``: what tells this group's models apart (for replies)."""
        parts = [f"W{self.wounds}", f"Sv{self.save}+"]
        if self.invulnerable:
            parts.append(f"inv{self.invulnerable}+")
        if self.feel_no_pain:
            parts.append(f"fnp{self.feel_no_pain}+")
        if self.damage_reduction is DamageReduction.MINUS_ONE:
            parts.append("-1 damage")
        elif self.damage_reduction is DamageReduction.HALVE:
            parts.append("half damage")
        parts += [d.word for d in self.scoped]
        return " ".join(parts)


MAX_TARGET_GROUPS = 8
"""Most model groups one target line may have."""


class Target(BaseModel):
    """The target unit: one or more groups of models (see :class:`ModelGroup`).

    ``toughness`` is the unit's Toughness for wound rolls (the Bodyguard's, else the majority's);
    ``models`` counts every model; ``save``, ``wounds``, ``invulnerable``, ``feel_no_pain`` and
    ``damage_reduction`` are the first group's. ``groups`` is empty for a unit of one profile;
    :attr:`model_groups` always lists them.
    """

    model_config = ConfigDict(frozen=True)

    toughness: int
    save: int
    wounds: int
    models: int = 1
    invulnerable: int | None = None
    feel_no_pain: int | None = None
    keywords: tuple[str, ...] = ()
    damage_reduction: DamageReduction = DamageReduction.NONE
    scoped: tuple[Defence, ...] = ()
    """The first group's defences that hold only against some attacks."""
    hit_modifier: int = 0
    wound_modifier: int = 0
    stealth: bool = False
    """Stealth: -1 to ranged hit rolls in 10th edition; the Benefit of Cover in 11th."""
    cover: bool = False
    """In a terrain area that gives cover (the same as the situation's ``cover``)."""
    groups: tuple[ModelGroup, ...] = ()
    """Two or more model groups as typed (``W1 x9 + W2 sv4+``); empty for one profile."""
    typed_order: bool = False
    """``order:typed``: wounds go to the groups in the order typed, not the usual defender's order."""
    toughness_rule: str = ""
    """How :attr:`toughness` was chosen among models of different T: empty for the rules' default
    (the highest, the Bodyguard's in an attached unit), ``majority`` for a datasheet's own rule
    (the Kill Team ability: the majority's, ties to the highest), ``typed`` for ``toughness:N``."""
    text: str = ""

    @property
    def toughness_reason(self) -> str:
        """Why the unit's Toughness is what it is, for replies."""
        if self.toughness_rule == "typed":
            return "typed with `toughness:`"
        if self.toughness_rule == "majority":
            return "the majority's, ties to the highest: its own rule for mixed Toughness (Kill Team)"
        guard = " of the Bodyguard" if any(g.leader for g in self.model_groups) else ""
        return f"the highest{guard} among its models, as the rules say; `toughness:N` sets another"

    @property
    def model_groups(self) -> tuple[ModelGroup, ...]:
        if self.groups:
            return self.groups
        return (
            ModelGroup(
                count=self.models,
                toughness=self.toughness,
                save=self.save,
                wounds=self.wounds,
                invulnerable=self.invulnerable,
                feel_no_pain=self.feel_no_pain,
                damage_reduction=self.damage_reduction,
                scoped=self.scoped,
            ),
        )

    @property
    def mixed(self) -> bool:
        """Whether the unit has more than one kind of model."""
        return len(self.groups) > 1

    @property
    def total_wounds(self) -> int:
        return sum(g.count * g.wounds for g in self.model_groups)

    def allocation_order(self) -> tuple[int, ...]:
        """The groups (indexes) in the order they take wounds, Leaders last.

        By default the defender's usual choice: the models with the fewest wounds and the worst
        saves first, the larger group first among equals, so a Nob or a sergeant goes last;
        with ``order:typed``, as typed.

        >>> parse_target("T5 Sv4+ W2 x1 + W1 x9 sv5+").allocation_order()
        (1, 0)
        """
        groups = self.model_groups
        indexes = list(range(len(groups)))
        if not self.typed_order:
            indexes.sort(key=lambda i: _sturdiness(groups[i]))
        return tuple(sorted(indexes, key=lambda i: groups[i].leader))

    def describe(self) -> str:
        """The target as Herald read it, in the same notation.

        >>> parse_target("t 4 sv 3+ w 2 5x 4++ FNP 6+ -1 damage infantry").describe()
        'T4 Sv3+ W2 x5 inv4+ fnp6+ -1 damage infantry'
        >>> parse_target("T5 Sv5+ W1 x9 + Nob: W2 x1 sv4+ infantry").describe()
        'T5 Sv5+ W1 x9 infantry + Nob: Sv4+ W2'
        """
        unit: list[str] = []
        if self.hit_modifier:
            unit.append(f"{self.hit_modifier:+d} hit")
        if self.wound_modifier:
            unit.append(f"{self.wound_modifier:+d} wound")
        if self.stealth:
            unit.append("stealth")
        if self.cover:
            unit.append("cover")
        if self.typed_order:
            unit.append("order:typed")
        if self.toughness_rule == "majority":
            unit.append("toughness:majority")
        elif self.toughness_rule == "typed":
            unit.append(f"toughness:{self.toughness}")
        unit += [k if k in KNOWN_KEYWORDS else f"keyword:{k}" for k in self.keywords]
        parts: list[str] = []
        previous: ModelGroup | None = None
        for group in self.model_groups:
            words = [f"{group.name}:"] if group.name else []
            if previous is None or group.toughness != previous.toughness:
                words.append(f"T{group.toughness}")
            if previous is None or group.save != previous.save:
                words.append(f"Sv{group.save}+")
            words.append(f"W{group.wounds}")
            if group.count > 1:
                words.append(f"x{group.count}")
            before = previous or ModelGroup(toughness=1, save=7, wounds=1)
            if group.invulnerable != before.invulnerable:
                words.append(f"inv{group.invulnerable}+" if group.invulnerable else "no inv")
            if group.feel_no_pain != before.feel_no_pain:
                words.append(f"fnp{group.feel_no_pain}+" if group.feel_no_pain else "no fnp")
            if group.damage_reduction is not before.damage_reduction:
                words.append(_REDUCTION_WORDS[group.damage_reduction])
            if group.scoped != before.scoped:
                words += [d.word for d in group.scoped] if group.scoped else ["no scoped"]
            if group.leader:
                words.append("leader")
            if previous is None:
                words += unit
            parts.append(" ".join(words))
            previous = group
        return " + ".join(parts)


_REDUCTION_WORDS = {
    DamageReduction.NONE: "full damage",
    DamageReduction.MINUS_ONE: "-1 damage",
    DamageReduction.HALVE: "half damage",
}


def _sturdiness(group: ModelGroup) -> tuple[int, ...]:
    """Larger for a model a defender would rather keep (more wounds, better saves)."""
    return (
        group.wounds,
        -group.save,
        -(group.invulnerable or 7),
        -(group.feel_no_pain or 7),
        list(_REDUCTION_WORDS).index(group.damage_reduction),
        -group.count,
    )


class Situation(BaseModel):
    """What the table says about this attack.

    >>> parse_situation("half range, cover").half_range
    True
    """

    model_config = ConfigDict(frozen=True)

    half_range: bool = False
    charged: bool = False
    stationary: bool = False
    cover: bool = False


@dataclass(frozen=True)
class _Token:
    text: str
    start: int
    end: int


def _pointer(line: str, token: _Token) -> str:
    width = max(1, token.end - token.start)
    return f"`{line}`\n`{' ' * token.start}{'^' * width}`"


def _error(what: str, line: str, token: _Token, reason: Message | str) -> ProfileError:
    values = {"token": token.text, "reason": reason, "pointer": _pointer(line, token)}
    if what == "weapon":
        return ProfileError(_("In the weapon line, `{token}` is wrong: {reason}\n{pointer}", **values))
    if what == "target":
        return ProfileError(_("In the target line, `{token}` is wrong: {reason}\n{pointer}", **values))
    return ProfileError(_("In the situation line, `{token}` is wrong: {reason}\n{pointer}", **values))


_EMPTY = {
    "weapon": N_("The weapon line is empty. Example: {example}"),
    "target": N_("The target line is empty. Example: {example}"),
    "situation": N_("The situation line is empty. Example: {example}"),
}
_LONG = {
    "weapon": N_("The weapon line is {n} characters long; keep it under {limit}."),
    "target": N_("The target line is {n} characters long; keep it under {limit}."),
    "situation": N_("The situation line is {n} characters long; keep it under {limit}."),
}


def _chunks(line: str) -> list[list[_Token]]:
    """Parts between commas (or printed [BRACKETS]), each a list of tokens with their columns."""
    parts: list[list[_Token]] = []
    # one character for one character, so columns still point into the line as typed
    line = line.replace("\u2212", "-").replace("\u2013", "-")
    for chunk in re.finditer(r"[^,;\[\]]+", line):
        tokens = [
            _Token(m.group(0), chunk.start() + m.start(), chunk.start() + m.end())
            for m in re.finditer(r"\S+", chunk.group(0))
        ]
        if tokens:
            parts.append(tokens)
    return parts


def _join(tokens: list[_Token]) -> _Token:
    return _Token(" ".join(t.text for t in tokens), tokens[0].start, tokens[-1].end)


def _check_line(line: str, what: str, limit: int = MAX_LINE_LENGTH) -> str:
    if not isinstance(line, str) or not line.strip():
        raise ProfileError(_(_EMPTY[what], example=_EXAMPLES[what]))
    if len(line) > limit:
        raise ProfileError(_(_LONG[what], n=len(line), limit=limit))
    return line


_EXAMPLES = {
    "weapon": "`A4 BS3+ S5 AP-1 D2, lethal hits, sustained hits 1`",
    "target": "`T4 Sv3+ W2 x5 inv5+ fnp6+`",
    "situation": "`half range, charged, stationary, cover`",
}

_WEAPON_STAT = re.compile(r"^(ap|a|bs|ws|s|d|x)[:=]?(.*)$", re.IGNORECASE)
_STAT_KEYS = {"a", "bs", "ws", "s", "ap", "d", "x"}
_STAT_HELP = {
    "a": "A (attacks) is a number or dice, like `A4`, `AD6` or `A2D6`.",
    "bs": "BS is the roll needed to hit, from `BS2+` to `BS6+`.",
    "ws": "WS is the roll needed to hit, from `WS2+` to `WS6+`.",
    "s": "S (strength) is a number, like `S5`.",
    "ap": "AP is written `AP0` to `AP-6`.",
    "d": "D (damage) is a number or dice, like `D2`, `DD3`, `DD6+1` or `D 2D6` (a flat 6 is `D 6`).",
    "x": "`x5` says five models carry the weapon.",
}
_AMOUNT = r"\d*d[36](?:[+-]\d+)?|\d+"

_ABILITY_NAMES = [
    "lethal hits",
    "sustained hits 1",
    "devastating wounds",
    "twin-linked",
    "anti-infantry 4+",
    "melta 2",
    "lance",
    "heavy",
    "ignores cover",
    "rapid fire 1",
    "blast",
    "blast 2",
    "cleave 1",
    "torrent",
    "hazardous",
    "crit hit 5+",
    "crit wound 5+",
    "+1 hit",
    "-1 hit",
    "+1 wound",
    "-1 wound",
    "reroll hits",
    "reroll hits 1",
    "reroll wounds",
    "reroll wounds 1",
    "reroll damage",
    "melee",
    "assault",
    "pistol",
    "precision",
    "extra attacks",
    "one shot",
    "psychic",
    "indirect fire",
]
_NO_EFFECT = {"assault", "pistol", "precision", "extra attacks", "one shot", "close-quarters"}


def _merge_keys(tokens: list[_Token], keys: set[str]) -> list[_Token]:
    """Join ``D D6`` into ``DD6`` (a key typed apart from its value)."""
    out: list[_Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if (
            token.text.lower().rstrip(":=") in keys
            and i + 1 < len(tokens)
            and re.match(r"^[-+\d]|^d\d|^n/?a$", tokens[i + 1].text, re.IGNORECASE)
        ):
            nxt = tokens[i + 1]
            out.append(_Token(token.text.rstrip(":=") + nxt.text, token.start, nxt.end))
            i += 2
            continue
        out.append(token)
        i += 1
    return out


def _amount(
    what: str, line: str, token: _Token, text: str, name: str, limit: int = MAX_STAT, letter: str = ""
) -> Amount:
    """``text`` as a number or dice; ``letter`` is the characteristic's letter typed before it
    (``A``, ``D``), so the examples read as the whole token (damage dice are ``DD3+1``)."""
    try:
        amount = Amount.parse(text)
    except ValueError:
        examples = f"`{letter}D6`, `{letter}2D6` or `{letter}D3+1`"
        reason = (
            _(
                "{name} must be a number or dice such as {examples} (a flat 6 is `D 6`).",
                name=name,
                examples=examples,
            )
            if letter == "D"
            else _("{name} must be a number or dice such as {examples}.", name=name, examples=examples)
        )
        raise _error(what, line, token, reason) from None
    if amount.maximum > limit:
        raise _error(what, line, token, _("{name} can be at most {limit}.", name=name, limit=limit))
    return amount


def damage_token(text: str) -> str:
    """The damage characteristic as a weapon line writes it, never the ambiguous ``D3``/``D6``.

    >>> damage_token("D6"), damage_token("6"), damage_token("3"), damage_token("2")
    ('DD6', 'D 6', 'D 3', 'D2')
    """
    return f"D {text}" if text in ("3", "6") else f"D{text}"


_AMBIGUOUS_DAMAGE = {"d3", "d6"}


def _ambiguous_damage(line: str, token: _Token) -> ProfileError:
    typed = line[token.start : token.end]
    size = typed[-1]
    return _error(
        "weapon",
        line,
        token,
        f"`{typed}` could mean two things: a datasheet prints it for a roll of one D{size}, but `D` is "
        f"also the damage letter, so it could be a flat {size} damage. Write `DD{size}` for the roll "
        f"of one D{size}, or `D {size}` (with a space) for a flat {size}.",
    )


def parse_weapon(line: str, *, flat_d6: bool = False) -> Weapon:
    """Read a weapon line into a :class:`Weapon`; raise :class:`ProfileError` pointing at a bad part.

    ``D3`` or ``D6`` typed alone as damage is refused (roll or flat amount?), unless ``flat_d6``:
    profiles Herald saved before that refusal wrote a flat 6 damage as ``D6``.

    >>> parse_weapon("A2 WS3+ S6 AP-2 DD3, [LANCE]").damage.text
    'D3'
    >>> parse_weapon("A4 BS3+ S5 AP-1 D2 lethl hits")
    Traceback (most recent call last):
    ...
    rules.wh40k.profiles.ProfileError: In the weapon line, `lethl hits` is wrong: ... `lethal hits`?...
    """
    line = _check_line(line, "weapon")
    fields: dict[str, object] = {"text": " ".join(line.split())}
    name, line = _weapon_name(line)
    if name:
        fields["name"] = name
    seen: set[str] = set()
    anti: list[tuple[str, int]] = []
    ignored: list[str] = []
    for chunk in _chunks(line):
        tokens = _merge_keys(chunk, _STAT_KEYS)
        i = 0
        while i < len(tokens):
            match = _WEAPON_STAT.match(tokens[i].text)
            if not match or not _is_weapon_stat(match.group(1).lower(), match.group(2)):
                if (
                    match
                    and len(tokens[i].text) <= 6
                    and (len(tokens[i].text) <= 3 or any(c.isdigit() for c in tokens[i].text))
                ):
                    raise _error("weapon", line, tokens[i], _STAT_HELP[match.group(1).lower()])
                break
            key = match.group(1).lower()
            typed = line[tokens[i].start : tokens[i].end].lower()
            if key == "d" and not flat_d6 and typed in _AMBIGUOUS_DAMAGE:
                raise _ambiguous_damage(line, tokens[i])
            _weapon_stat(line, tokens[i], key, match.group(2), fields, seen)
            i += 1
        end = len(tokens)
        while end > i + 1 and re.match(r"^x\d+$", tokens[end - 1].text, re.IGNORECASE):
            end -= 1  # "hazardous x3": the model count may come after an ability
            _weapon_stat(line, tokens[end], "x", tokens[end].text[1:], fields, seen)
        tokens = tokens[:end]
        if i < len(tokens):
            _ability(line, _join(tokens[i:]), fields, anti, ignored)
    for key, name in (("attacks", "A (attacks)"), ("strength", "S (strength)"), ("damage", "D (damage)")):
        if key not in fields:
            raise ProfileError(
                _(
                    "The weapon line has no {name}. Write the whole profile, for example {example}.",
                    name=name,
                    example=_EXAMPLES["weapon"],
                )
            )
    if "skill" not in fields and not fields.get("torrent"):
        raise ProfileError(
            _(
                "The weapon line has no BS or WS (the roll needed to hit). Add one, for example "
                "{example}, or `torrent` for a weapon that hits automatically.",
                example=_EXAMPLES["weapon"],
            )
        )
    fields.setdefault("skill", None)
    fields["anti"] = tuple(anti)
    fields["ignored"] = tuple(ignored)
    weapon = Weapon(**fields)  # type: ignore[arg-type]
    if weapon.models * weapon.attacks.maximum > MAX_ATTACKS:
        raise ProfileError(
            _(
                "That is up to {n} attacks; the limit is {limit} per weapon line. Split the unit into "
                "several lines.",
                n=weapon.models * weapon.attacks.maximum,
                limit=MAX_ATTACKS,
            )
        )
    return weapon


MAX_UNIT_LINES = 12
"""Most weapon lines one unit may fire in a volley."""
MAX_UNIT_LENGTH = 2000


class Unit(BaseModel):
    """Several weapon lines fired together, resolved in the order given.

    >>> unit = parse_unit("bolt rifle: A2 BS3+ S4 AP-1 D1 x9; plasma gun: A1 BS3+ S8 AP-3 D2")
    >>> [w.label for w in unit.weapons]
    ['bolt rifle', 'plasma gun']
    """

    model_config = ConfigDict(frozen=True)

    weapons: tuple[Weapon, ...]
    text: str = ""

    def describe(self) -> str:
        """The unit as Herald read it: its weapon lines joined by ``; ``."""
        return "; ".join(w.describe() for w in self.weapons)

    @property
    def label(self) -> str:
        return ", ".join(w.name or f"weapon {i}" for i, w in enumerate(self.weapons, 1))


def parse_unit(text: str, *, flat_d6: bool = False) -> Unit:
    """Read ``line; line; ...`` (each a weapon line as :func:`parse_weapon` reads it) into a :class:`Unit`.

    A mistake names the line it is in:

    >>> parse_unit("A2 BS3+ S4 AP0 D1; A1 BS3+ S4 AP0")
    Traceback (most recent call last):
    ...
    rules.wh40k.profiles.ProfileError: Weapon line 2 of 2: The weapon line has no D (damage)...
    """
    if not isinstance(text, str) or not text.strip():
        raise ProfileError(_("The unit is empty. Example: `{unit_example}`", unit_example=_UNIT_EXAMPLE))
    if len(text) > MAX_UNIT_LENGTH:
        raise ProfileError(
            _(
                "The unit is {n} characters long; keep it under {max_unit_length}.",
                n=len(text),
                max_unit_length=MAX_UNIT_LENGTH,
            )
        )
    lines = [part for part in text.split(";") if part.strip()]
    if len(lines) > MAX_UNIT_LINES:
        raise ProfileError(
            _(
                "That unit has {n} weapon lines; the limit is {max_unit_lines}. Split it into two volleys.",
                n=len(lines),
                max_unit_lines=MAX_UNIT_LINES,
            )
        )
    weapons = []
    for index, line in enumerate(lines, 1):
        try:
            weapons.append(parse_weapon(line.strip(), flat_d6=flat_d6))
        except ProfileError as error:
            if len(lines) == 1:
                raise
            raise ProfileError(
                _("Weapon line {index} of {count}: {error}", index=index, count=len(lines), error=error.text)
            ) from None
    if not weapons:
        raise ProfileError(
            _("The unit has no weapon line. Example: `{unit_example}`", unit_example=_UNIT_EXAMPLE)
        )
    return Unit(weapons=tuple(weapons), text=" ".join(text.split()))


_UNIT_EXAMPLE = "bolt rifle: A2 BS3+ S4 AP-1 D1 x9; plasma gun: A1 BS3+ S8 AP-3 D2"


_NAME_PREFIX = re.compile(r"^\s*([^:;,\[\]]{1,40}?)\s*:\s+(\S.*)$", re.DOTALL)


def _weapon_name(line: str) -> tuple[str, str]:
    """``bolt rifle: A2 BS3+ ...`` -> (``bolt rifle``, the line with the name blanked out).

    The name is replaced by spaces, not removed, so error markers still point into the line as typed.
    A prefix that is itself a characteristic (``A: 2``) is not a name.
    """
    match = _NAME_PREFIX.match(line)
    if not match:
        return "", line
    name = " ".join(match.group(1).split())
    stat = _WEAPON_STAT.match(name.replace(" ", ""))
    if name.lower() in _STAT_KEYS or (stat and _is_weapon_stat(stat.group(1).lower(), stat.group(2))):
        return "", line
    if not re.match(r"^[\w][\w '().&/+-]*$", name):
        raise ProfileError(
            _(
                "`{value}` can't be a weapon name: use letters, digits, spaces and `' ( ) . & / + -`.",
                value=name[:40],
            )
        )
    return name, " " * match.start(2) + line[match.start(2) :]


def _is_weapon_stat(key: str, value: str) -> bool:
    if key in ("bs", "ws"):
        return bool(re.match(r"^(\d+\+?|n/?a|-)$", value, re.IGNORECASE))
    if key == "ap":
        return bool(re.match(r"^[-+]?\d+$", value))
    if key == "x":
        return value.isdigit()
    return bool(re.match(rf"^({_AMOUNT})$", value, re.IGNORECASE)) or bool(re.match(r"^[-+\d]", value))


def _weapon_stat(
    line: str, token: _Token, key: str, value: str, fields: dict[str, object], seen: set[str]
) -> None:
    what = "weapon"
    name = {"bs": "skill", "ws": "skill"}.get(key, key)
    if name in seen:
        raise _error(what, line, token, _("this characteristic is given twice; keep one."))
    seen.add(name)
    if key == "a":
        fields["attacks"] = _amount(what, line, token, value, "A (attacks)", MAX_ATTACKS, "A")
    elif key in ("bs", "ws"):
        fields["melee"] = key == "ws"
        if re.match(r"^(n/?a|-)$", value, re.IGNORECASE):
            return
        skill = int(value.rstrip("+"))
        if not 2 <= skill <= 6:
            raise _error(what, line, token, _("{key} goes from {key}2+ to {key}6+.", key=key.upper()))
        fields["skill"] = skill
    elif key == "s":
        if not value.isdigit() or not 1 <= int(value) <= MAX_STAT:
            raise _error(what, line, token, _("S (strength) must be a number from 1 to {n}.", n=MAX_STAT))
        fields["strength"] = int(value)
    elif key == "ap":
        ap = abs(int(value))
        if ap > 6:
            raise _error(what, line, token, _("AP goes from AP0 to AP-6."))
        fields["ap"] = ap
    elif key == "d":
        fields["damage"] = _amount(what, line, token, value, "D (damage)", letter="D")
    elif key == "x":
        models = int(value)
        if not 1 <= models <= MAX_ATTACKING_MODELS:
            raise _error(
                what,
                line,
                token,
                _("the number of models with this weapon goes from 1 to {n}.", n=MAX_ATTACKING_MODELS),
            )
        fields["models"] = models


_REROLL = re.compile(
    r"^re-?roll(?:\s+all)?(?:\s+(?:failed|the))?\s+(hit|wound)(?:s|\s+rolls?|\s+roll)?"
    r"(?:\s+(?:of\s+)?(1s?|ones))?$"
)
_REROLL_ONES = re.compile(r"^re-?roll\s+(?:1s|ones)\s+to\s+(hit|wound)$")
_MODIFIER = re.compile(r"^([+-]1)\s*(?:to\s+)?(hit|wound)s?(?:\s+rolls?)?$")


def _ability(
    line: str, token: _Token, fields: dict[str, object], anti: list[tuple[str, int]], ignored: list[str]
) -> None:
    what = "weapon"
    text = " ".join(token.text.lower().split())
    flags = {
        "lethal hits": "lethal_hits",
        "devastating wounds": "devastating_wounds",
        "twin-linked": "twin_linked",
        "twin linked": "twin_linked",
        "lance": "lance",
        "heavy": "heavy",
        "ignores cover": "ignores_cover",
        "torrent": "torrent",
        "hazardous": "hazardous",
        "melee": "melee",
    }
    if text in flags:
        fields[flags[text]] = True
        return
    if text in _NO_EFFECT:
        ignored.append(text)
        return
    if text == "indirect fire":
        raise _error(
            what,
            line,
            token,
            "Indirect Fire isn't worked out here. When no target model is visible, "
            "type `-1 hit` on the weapon and tick cover (its 1-3 always failing is not modelled).",
        )
    match = re.match(rf"^(sustained hits|melta|rapid fire)\s*({_AMOUNT})?$", text)
    if match:
        key = match.group(1).replace(" ", "_")
        if key == "sustained_hits":
            key = "sustained_hits"
        if not match.group(2):
            raise _error(
                what, line, token, f"{match.group(1).title()} needs its number, like `{match.group(1)} 1`."
            )
        fields[key] = _amount(what, line, token, match.group(2), match.group(1).title())
        return
    match = re.match(r"^anti[-\s]?([a-z][a-z :'-]*?)\s*(\d)\+?$", text)
    if match:
        value = int(match.group(2))
        if not 2 <= value <= 6:
            raise _error(what, line, token, _("Anti-X goes from 2+ to 6+, like `anti-infantry 4+`."))
        anti.append((_anti_keyword(line, token, match.group(1).strip()), value))
        return
    match = re.match(r"^crit(?:ical)?\s+(hit|wound)s?(?:\s+on)?\s+(\d)\+?$", text)
    if match:
        value = int(match.group(2))
        if not 2 <= value <= 6:
            raise _error(what, line, token, _("a critical threshold goes from 2+ to 6+, like `crit hit 5+`."))
        fields[f"crit_{match.group(1)}"] = value
        return
    match = re.match(r"^(blast|cleave)(?:\s+(\d+))?$", text)
    if match:
        if match.group(1) == "cleave" and not match.group(2):
            raise _error(what, line, token, _("Cleave needs its number, like `cleave 1`."))
        value = int(match.group(2) or 1)
        if not 1 <= value <= 6:
            raise _error(
                what, line, token, _("{ability} X goes from 1 to 6.", ability=match.group(1).title())
            )
        fields[match.group(1)] = value
        return
    if text == "psychic":
        fields["psychic"] = True
        return
    match = _REROLL.match(text) or _REROLL_ONES.match(text)
    if match:
        ones = match.re is _REROLL_ONES or bool(match.group(2))
        fields[f"reroll_{match.group(1)}s"] = Reroll.ONES if ones else Reroll.FAILS
        return
    if re.match(r"^re-?roll(?:\s+the)?\s+damage(?:\s+rolls?)?$", text):
        fields["reroll_damage"] = True
        return
    match = _MODIFIER.match(text)
    if match:
        key = f"{match.group(2)}_modifier"
        fields[key] = int(fields.get(key, 0)) + int(match.group(1))  # type: ignore[call-overload]
        return
    guess = difflib.get_close_matches(text, _ABILITY_NAMES, n=1, cutoff=0.6)
    hint = _(" Did you mean `{guess}`?", guess=guess[0]) if guess else ""
    raise _error(
        what,
        line,
        token,
        _(
            "that is not an ability I know.{hint} Known: {known}.",
            hint=hint,
            known="lethal hits, sustained hits X, devastating wounds, twin-linked, anti-KEYWORD X+, "
            "melta X, lance, heavy, ignores cover, rapid fire X, blast (X), cleave X, torrent, hazardous, "
            "psychic, crit hit X+, crit wound X+, +1/-1 hit, +1/-1 wound, reroll hits (1), "
            "reroll wounds (1), reroll damage",
        ),
    )


def _anti_keyword(line: str, token: _Token, keyword: str) -> str:
    """An Anti-X keyword from the known list, or a custom one written ``keyword:name``."""
    keyword = keyword.replace(" ", "-")
    custom = _CUSTOM_KEYWORD.match(keyword)
    if custom:
        return custom.group(1)
    if keyword in KNOWN_KEYWORDS:
        return keyword
    guess = difflib.get_close_matches(keyword, KNOWN_KEYWORDS, n=1, cutoff=0.6)
    hint = _(" Did you mean `{guess}`?", guess="anti-" + guess[0]) if guess else ""
    raise _error(
        "weapon",
        line,
        token,
        _(
            "`{keyword}` is not a keyword I know.{hint} Known: {known}. For another, write "
            "`anti-keyword:{keyword} 4+` (and `keyword:{keyword}` on the target).",
            keyword=keyword,
            hint=hint,
            known=", ".join(KNOWN_KEYWORDS),
        ),
    )


_TARGET_PHRASES = [
    (re.compile(r"-\s*1\s*(?:to\s+)?(?:damage|dmg)\b|\bdr1\b", re.IGNORECASE), "reduce1"),
    (
        re.compile(
            r"\b(?:half|halve|halved|halves)\s+(?:the\s+)?(?:damage|dmg)\b|\bdamage\s+halved\b", re.IGNORECASE
        ),
        "halvedamage",
    ),
    (re.compile(r"([+-])\s*1\s*(?:to\s+)?(hit|wound)s?(?:\s+rolls?)?\b", re.IGNORECASE), None),
    (re.compile(r"\bno\s+inv(?:ulnerable)?(?:\s+save)?\b", re.IGNORECASE), "noinv"),
    (re.compile(r"\bno\s+(?:fnp|feel\s+no\s+pain)\b", re.IGNORECASE), "nofnp"),
    (re.compile(r"\bfull\s+damage\b", re.IGNORECASE), "fulldamage"),
    (re.compile(r"\bno\s+scoped\b", re.IGNORECASE), "noscoped"),
]


def _target_tokens(line: str) -> list[_Token]:
    """Whitespace/comma tokens, with the multi-word abilities each read as one token."""
    spans: list[tuple[int, int, str]] = []
    for pattern, name in _TARGET_PHRASES:
        for m in pattern.finditer(line):
            if any(s < m.end() and m.start() < e for s, e, _ in spans):
                continue
            label = name or f"{m.group(1)}1{m.group(2).lower()}"
            spans.append((m.start(), m.end(), label))
    tokens: list[_Token] = [_Token(label, s, e) for s, e, label in spans]
    for chunk in _chunks(line):
        for token in _merge_keys(chunk, {"t", "sv", "w", "x", "inv", "fnp"}):
            if not any(s < token.end and token.start < e for s, e, _ in spans):
                tokens.append(token)
    return sorted(tokens, key=lambda t: t.start)


_TARGET_WORDS = [
    "stealth", "cover", "-1 hit", "-1 wound", "-1 damage", "half damage", "inv4+", "fnp5+", "leader",
    "order:typed", "no inv", "no fnp", "full damage", "toughness:majority", "vs",
]  # fmt: skip
_GROUP_KEYS = {"toughness", "save", "wounds", "models", "invulnerable", "feel_no_pain", "damage_reduction"}
_INHERITED = ("toughness", "save", "wounds", "invulnerable", "feel_no_pain", "damage_reduction", "scoped")
MAX_TARGET_LENGTH = 600
"""Longest target line (a mixed unit with named groups is longer than one profile)."""


def parse_target(line: str) -> Target:
    """Read a target line into a :class:`Target`; raise :class:`ProfileError` pointing at a bad part.

    One profile: ``T4 Sv3+ W2 x5 inv5+ fnp6+``, then unit-wide words (``stealth``, ``cover``,
    ``-1 hit``, ``-1 wound``, keywords). Several kinds of model: groups joined by `` + ``,
    each ``[name:] [T<n>] [Sv<n>+] W<n> [x<n>] [inv<n>+] [fnp<n>+] [-1 damage|half damage]``
    (a count left out is 1). A later group inherits the T, Sv, W, inv, fnp and damage ability
    of the group before it unless it states its own; ``no inv``, ``no fnp`` and ``full damage``
    drop an inherited one. ``leader`` on a later group marks an attached Leader (its Bodyguard
    takes wounds first; only Precision reaches it). ``order:typed`` allocates wounds to the
    groups in the order typed instead of the usual defender's choice (ordinary models first,
    the better profile last; see :meth:`Target.allocation_order`). The unit's Toughness for
    wound rolls is that of the Bodyguard, else of the group with the most models.

    >>> t = parse_target("T10 Sv2+ W13 inv4+ -1 damage vehicle")
    >>> t.toughness, t.damage_reduction.value, t.keywords
    (10, 'minus_one', ('vehicle',))
    >>> boyz = parse_target("T5 Sv5+ W1 x9 + Boss Nob: W2 sv4+")
    >>> [(g.name, g.count, g.wounds, g.save) for g in boyz.groups], boyz.models, boyz.total_wounds
    ([('', 9, 1, 5), ('Boss Nob', 1, 2, 4)], 10, 11)
    """
    line = _check_line(line, "target", MAX_TARGET_LENGTH)
    unit: dict[str, object] = {"text": " ".join(line.split())}
    keywords: list[str] = []
    segments: list[list[_Token]] = [[]]
    for token in _target_tokens(line):
        if token.text == "+":
            segments.append([])
        else:
            segments[-1].append(token)
    if len(segments) > MAX_TARGET_GROUPS:
        raise ProfileError(
            _(
                "The target line has {n} groups of models; the limit is {max_target_groups}.",
                n=len(segments),
                max_target_groups=MAX_TARGET_GROUPS,
            )
        )
    groups: list[dict[str, object]] = []
    for index, tokens in enumerate(segments):
        if not tokens:
            raise ProfileError(
                _(
                    "The target line has an empty group (group {value}): groups are joined by ` + `, "
                    "like `T5 Sv5+ W1 x9 + W2 x1 sv4+`.",
                    value=index + 1,
                )
            )
        fields: dict[str, object] = {}
        tokens = _group_name(line, tokens, fields)
        position = 0
        while position < len(tokens):
            token = tokens[position]
            if position + 1 < len(tokens) and tokens[position + 1].text.lower() == "vs":
                fields["scoped"] = (*fields.get("scoped", ()), _scoped(line, token, tokens[position + 2 :]))  # type: ignore[misc]
                position += 3
                continue
            _target_token(line, token, index, fields, unit, keywords)
            position += 1
        groups.append(fields)
    first = groups[0]
    typed_toughness = unit.pop("typed_toughness", None)
    for key, name in (("toughness", "T (toughness)"), ("save", "Sv (save)"), ("wounds", "W (wounds)")):
        if key not in first:
            example = _EXAMPLES["target"]
            raise ProfileError(
                _(
                    "The first group of the target line has no {name}. Example: {example}.",
                    name=name,
                    example=example,
                )
                if len(groups) > 1
                else _("The target line has no {name}. Example: {example}.", name=name, example=example)
            )
    made: list[ModelGroup] = []
    for index, fields in enumerate(groups):
        if index:
            for key in _INHERITED:
                if key not in fields:
                    fields[key] = getattr(made[-1], key)
        fields.setdefault("count", fields.pop("models", 1))
        made.append(ModelGroup(**fields))  # type: ignore[arg-type]
    total = sum(g.count for g in made)
    if total > MAX_TARGET_MODELS:
        raise ProfileError(
            _(
                "The target has {total} models in all; the limit is {max_target_models}.",
                total=total,
                max_target_models=MAX_TARGET_MODELS,
            )
        )
    if all(g.leader for g in made):
        raise ProfileError(_("A Leader is attached to a Bodyguard unit: the first group is the Bodyguard."))
    unit["keywords"] = tuple(dict.fromkeys(keywords))
    head = made[0]
    unit.update(
        save=head.save,
        wounds=head.wounds,
        invulnerable=head.invulnerable,
        feel_no_pain=head.feel_no_pain,
        damage_reduction=head.damage_reduction,
        scoped=head.scoped,
        models=total,
        toughness=_unit_toughness(made, str(unit.get("toughness_rule", ""))),
    )
    if typed_toughness is not None:
        unit.update(toughness=typed_toughness, toughness_rule="typed")
    if len(made) > 1:
        unit["groups"] = tuple(made)
    return Target(**unit)  # type: ignore[arg-type]


def attach(bodyguard: Target, leader: Target, *, bodyguard_name: str = "", leader_name: str = "") -> Target:
    """A Leader attached to its Bodyguard unit, as one target: the Bodyguard's groups, then the
    Leader's marked ``leader`` (wounds go to the Bodyguard first; Precision reaches the Leader);
    the Bodyguard's Toughness; both units' keywords; the unit-wide abilities of either.

    >>> t = attach(parse_target("T4 Sv3+ W2 x5 infantry"), parse_target("T5 Sv2+ W6 inv4+ character"),
    ...            bodyguard_name="Wardens", leader_name="Seer")
    >>> t.describe()
    'Wardens: T4 Sv3+ W2 x5 infantry character + Seer: T5 Sv2+ W6 inv4+ leader'
    >>> t.toughness, t.models, t.total_wounds
    (4, 6, 16)
    """
    guard = [
        g.model_copy(
            update={
                "name": g.name or (group_name(bodyguard_name) if len(bodyguard.model_groups) == 1 else "")
            }
        )
        for g in bodyguard.model_groups
    ]
    lead = [
        g.model_copy(update={"leader": True, "name": g.name or group_name(leader_name)})
        for g in leader.model_groups
        if not g.leader
    ]
    groups = [*guard, *lead]
    if len(groups) > MAX_TARGET_GROUPS:
        raise ProfileError(
            _(
                "Together these units have {n} groups of models; the limit is {max_target_groups}.",
                n=len(groups),
                max_target_groups=MAX_TARGET_GROUPS,
            )
        )
    total = sum(g.count for g in groups)
    if total > MAX_TARGET_MODELS:
        raise ProfileError(
            _(
                "Together these units have {total} models; the limit is {max_target_models}.",
                total=total,
                max_target_models=MAX_TARGET_MODELS,
            )
        )
    rule = bodyguard.toughness_rule if bodyguard.toughness_rule != "typed" else ""
    made = Target(
        toughness=bodyguard.toughness
        if bodyguard.toughness_rule == "typed"
        else _unit_toughness(groups, rule),
        toughness_rule=bodyguard.toughness_rule,
        save=guard[0].save,
        wounds=guard[0].wounds,
        models=total,
        invulnerable=guard[0].invulnerable,
        feel_no_pain=guard[0].feel_no_pain,
        damage_reduction=guard[0].damage_reduction,
        scoped=guard[0].scoped,
        keywords=tuple(dict.fromkeys((*bodyguard.keywords, *leader.keywords))),
        hit_modifier=min(bodyguard.hit_modifier, leader.hit_modifier),
        wound_modifier=min(bodyguard.wound_modifier, leader.wound_modifier),
        stealth=bodyguard.stealth and leader.stealth,
        cover=bodyguard.cover or leader.cover,
        groups=tuple(groups),
        typed_order=bodyguard.typed_order,
    )
    return made.model_copy(update={"text": made.describe()})


def _unit_toughness(groups: list[ModelGroup], rule: str = "") -> int:
    """The unit's Toughness for wound rolls, from its Bodyguard's models (a Leader's do not count):
    the highest (the 10th-edition Rules Commentary), or with ``rule`` ``majority`` (a datasheet's
    own Kill Team rule) the majority's, ties going to the highest.

    >>> g = [ModelGroup(toughness=4, save=3, wounds=1, count=4), ModelGroup(toughness=5, save=3, wounds=1)]
    >>> _unit_toughness(g), _unit_toughness(g, "majority")
    (5, 4)
    """
    guards = [g for g in groups if not g.leader]
    if rule != "majority":
        return max(g.toughness for g in guards)
    counts: dict[int, int] = {}
    for group in guards:
        counts[group.toughness] = counts.get(group.toughness, 0) + group.count
    return max(counts, key=lambda t: (counts[t], t))


_STAT_LIKE = re.compile(
    r"^(?:t|sv|w|x|inv|fnp)?[:=]?\d+\+{0,2}$|^\d+x$|^(?:reduce1|halvedamage|[+-]1\w+)$", re.IGNORECASE
)
_GROUP_NAME = re.compile(r"^[^\W_](?:[^\W_]|[ '’().&/-]){0,39}$")
_NAME_CHARACTER = re.compile(r"[^\W_]|[ '’().&/-]")


def group_name(text: str) -> str:
    """``text`` as a group's name: letters, digits, spaces and ``' ( ) . & / -`` kept (no markdown,
    no mention, nothing the target grammar reads), at most 40 characters; may be empty.

    >>> group_name("<@123> **Boss** Nob: +1")
    '123 Boss Nob 1'
    """
    kept = "".join(c if _NAME_CHARACTER.fullmatch(c) else " " for c in text)
    name = " ".join(kept.split())[:40].strip()
    return name if _GROUP_NAME.match(name) else ""


def _group_name(line: str, tokens: list[_Token], fields: dict[str, object]) -> list[_Token]:
    """``Boss Nob: W2 ...``: the name before the first ``word:`` ending a token, if any."""
    for end, token in enumerate(tokens):
        text = token.text
        if not text.endswith(":") or len(text) < 2:
            if ":" in text or _STAT_LIKE.match(text):
                return tokens
            continue
        typed = " ".join(t.text for t in tokens[: end + 1])[:-1].strip()
        # an underscore (a roster's name may hold one) is read as a space: no markdown in replies
        name = " ".join(typed.replace("_", " ").split())
        if len(typed) > 40 or not _GROUP_NAME.match(name):
            raise _error(
                "target",
                line,
                _join(tokens[: end + 1]),
                "a group's name uses letters, digits, spaces and `' ( ) . & / -`, up to 40, "
                "starting with a letter or digit.",
            )
        fields["name"] = name
        return tokens[end + 1 :]
    return tokens


def _target_token(
    line: str,
    token: _Token,
    index: int,
    fields: dict[str, object],
    unit: dict[str, object],
    keywords: list[str],
) -> None:
    what = "target"
    low = token.text.lower()
    if low in ("reduce1", "halvedamage", "fulldamage"):
        if "damage_reduction" in fields:
            raise _error(what, line, token, _("give one damage ability: `-1 damage` or `half damage`."))
        fields["damage_reduction"] = {
            "reduce1": DamageReduction.MINUS_ONE,
            "halvedamage": DamageReduction.HALVE,
            "fulldamage": DamageReduction.NONE,
        }[low]
        return
    if low in ("noinv", "nofnp"):
        key = "invulnerable" if low == "noinv" else "feel_no_pain"
        if key in fields:
            raise _error(what, line, token, _("this is given twice; keep one."))
        fields[key] = None
        return
    match = re.match(r"^([+-])1(hit|wound)$", low)
    if match:
        unit[f"{match.group(2)}_modifier"] = int(f"{match.group(1)}1")
        return
    if re.match(r"^\d\+\+$", low):
        _target_stat(line, token, "inv", int(low[0]), fields)
        return
    match = re.match(r"^(t|sv|w|x|inv|invuln|fnp)[:=]?(\d+)(\+?)$", low) or re.match(r"^(\d+)(x)$", low)
    if match:
        key, number = (match.group(1), match.group(2)) if match.group(2) != "x" else ("x", match.group(1))
        _target_stat(line, token, key, int(number), fields)
        return
    if low in ("stealth", "cover"):
        unit[low] = True
        return
    if low == "order:typed":
        unit["typed_order"] = True
        return
    if low == "toughness:majority":
        unit["toughness_rule"] = "majority"
        return
    if match := re.match(r"^toughness:(\d{1,2})$", low):
        if not 1 <= int(match.group(1)) <= MAX_STAT:
            raise _error(what, line, token, _("T goes from 1 to 30."))
        unit["typed_toughness"] = int(match.group(1))
        return
    if low == "noscoped":
        fields["scoped"] = ()
        return
    if low == "leader" and index > 0:
        fields["leader"] = True
        return
    if low in KNOWN_KEYWORDS:
        keywords.append(low)
        return
    custom = _CUSTOM_KEYWORD.match(low)
    if custom:
        keywords.append(custom.group(1))
        return
    if low.startswith("order:"):
        raise _error(
            what,
            line,
            token,
            "`order:typed` allocates wounds to the groups in the order typed; without it Herald takes "
            "the usual defender's order (ordinary models first, the better profile last).",
        )
    guess = difflib.get_close_matches(low, [*_TARGET_WORDS, *KNOWN_KEYWORDS], n=1, cutoff=0.6)
    number = re.search(r"\d", low)
    if guess and number and re.search(r"\d", guess[0]):
        guess = [re.sub(r"\d", number.group(0), guess[0])]
    hint = _(" Did you mean `{guess}`?", guess=guess[0]) if guess else ""
    raise _error(
        what,
        line,
        token,
        _(
            "I can't read it as anything a target has.{hint} A target is written like {example}, with "
            "`stealth`, `cover`, `-1 hit`, `-1 wound`, `-1 damage`, `half damage`, and keywords for "
            "Anti-X ({keywords}, ...; any other as `keyword:name`). Several kinds of model are groups "
            "joined by ` + `: `T5 Sv5+ W1 x9 + W2 x1 sv4+`.",
            hint=hint,
            example=_EXAMPLES["target"],
            keywords=", ".join(KNOWN_KEYWORDS[:11]),
        ),
    )


_DEFENCE_TOKEN = re.compile(r"^(?:(inv|fnp)[:=]?([2-6])\+|([2-6])\+\+|(reduce1|halvedamage))$")


def _scoped(line: str, token: _Token, rest: list[_Token]) -> Defence:
    """``fnp3+ vs psychic/mortal``: the defence ``token`` names, holding only for the scope after
    ``vs`` (``rest``'s first token)."""
    match = _DEFENCE_TOKEN.match(token.text.lower())
    if match is None:
        raise _error(
            "target", line, token, "only `inv`, `fnp`, `-1 damage` or `half damage` may be followed by `vs`."
        )
    if not rest:
        raise _error(
            "target", line, token, _("`vs` needs what it holds against: {scopes}.", scopes=", ".join(SCOPES))
        )
    words = [w for w in re.split(r"[/+]", rest[0].text.lower()) if w]
    wrong = [w for w in words if w not in SCOPES]
    if wrong or not words:
        raise _error(
            "target",
            line,
            rest[0],
            f"a defence holds `vs` {', '.join(f'`{s}`' for s in SCOPES)} (several joined by `/`, "
            "like `fnp3+ vs psychic/mortal`).",
        )
    if match.group(4):
        kind = "-1 damage" if match.group(4) == "reduce1" else "half damage"
        return Defence(kind=kind, scope=tuple(dict.fromkeys(words)))
    kind, value = ("inv", match.group(3)) if match.group(3) else (match.group(1), match.group(2))
    return Defence(kind=kind, value=int(value), scope=tuple(dict.fromkeys(words)))


def _target_stat(line: str, token: _Token, key: str, value: int, fields: dict[str, object]) -> None:
    what = "target"
    name = {
        "t": "toughness",
        "sv": "save",
        "w": "wounds",
        "x": "models",
        "inv": "invulnerable",
        "invuln": "invulnerable",
        "fnp": "feel_no_pain",
    }[key]
    if name in fields:
        raise _error(what, line, token, _("this is given twice; keep one."))
    limits = {
        "toughness": (1, MAX_STAT, "T goes from 1 to 30"),
        "save": (2, 7, "Sv goes from 2+ to 6+ (7+ for no armour save)"),
        "wounds": (1, MAX_WOUNDS, f"W goes from 1 to {MAX_WOUNDS}"),
        "models": (1, MAX_TARGET_MODELS, f"the unit may have 1 to {MAX_TARGET_MODELS} models"),
        "invulnerable": (2, 6, "an invulnerable save goes from 2+ to 6+"),
        "feel_no_pain": (2, 6, "Feel No Pain goes from 2+ to 6+"),
    }
    low, high, reason = limits[name]
    if not low <= value <= high:
        raise _error(what, line, token, reason + ".")
    fields[name] = value


_SITUATIONS = {
    "half range": "half_range",
    "half": "half_range",
    "within half range": "half_range",
    "charged": "charged",
    "charge": "charged",
    "stationary": "stationary",
    "remained stationary": "stationary",
    "cover": "cover",
    "in cover": "cover",
    "benefit of cover": "cover",
}


def parse_situation(line: str | None) -> Situation:
    """Read ``half range, charged, stationary, cover`` (any of them, any order, commas or spaces
    between; empty for none).

    >>> parse_situation("").charged
    False
    >>> parse_situation("stationary cover").cover
    True
    """
    if line is None or not line.strip():
        return Situation()
    line = _check_line(line, "situation")
    fields: dict[str, bool] = {}
    for chunk in _chunks(line):
        for token in _situation_phrases(line, chunk):
            fields[_SITUATIONS[" ".join(token.text.lower().split())]] = True
    return Situation(**fields)


def _situation_phrases(line: str, chunk: list[_Token]) -> list[_Token]:
    """The chunk's words as known situations, the longest phrase first (``within half range``)."""
    out: list[_Token] = []
    i = 0
    longest = max(len(k.split()) for k in _SITUATIONS)
    while i < len(chunk):
        for size in range(min(longest, len(chunk) - i), 0, -1):
            token = _join(chunk[i : i + size])
            if " ".join(token.text.lower().split()) in _SITUATIONS:
                out.append(token)
                i += size
                break
        else:
            rest = _join(chunk[i:]) if len(chunk) - i <= longest else chunk[i]
            typed = " ".join(rest.text.lower().split())
            guess = difflib.get_close_matches(typed, list(_SITUATIONS), n=1, cutoff=0.6)
            hint = f" Did you mean `{guess[0]}`?" if guess else ""
            raise _error(
                "situation",
                line,
                rest,
                f"the situation can be half range, charged, stationary and cover.{hint}",
            )
    return out


ABILITY_SUGGESTIONS = [
    "lethal hits", "sustained hits 1", "sustained hits 2", "sustained hits D3", "devastating wounds",
    "twin-linked", "anti-infantry 4+", "anti-vehicle 4+", "anti-monster 4+", "melta 2", "melta 4", "lance",
    "heavy", "ignores cover", "rapid fire 1", "rapid fire 2", "blast", "torrent", "hazardous", "+1 hit",
    "-1 hit", "+1 wound", "-1 wound", "reroll hits", "reroll hits 1", "reroll wounds", "reroll wounds 1",
    "reroll damage", "pistol", "assault", "precision",
]  # fmt: skip
"""What autocomplete offers for the weapon line's abilities."""


def suggest_weapon_line(line: str, limit: int = 25, width: int = 100) -> list[str]:
    """Whole weapon lines completing the ability being typed (for Discord autocomplete).

    The part after the last comma is matched against the ability names (start first, then
    anywhere); abilities already on the line are not offered again. Each line fits ``width``.

    >>> suggest_weapon_line("A4 BS3+ S5 AP-1 D2, leth")
    ['A4 BS3+ S5 AP-1 D2, lethal hits']
    >>> suggest_weapon_line("A4 BS3+ S5 AP-1 D2, lethal hits, sus")[:2]
    ['A4 BS3+ S5 AP-1 D2, lethal hits, sustained hits 1', 'A4 BS3+ S5 AP-1 D2, lethal hits, sustained hits 2']
    """
    line = " ".join((line or "").split())
    head, _, fragment = line.rpartition(",")
    if not head:
        # no comma yet: still typing the characteristics, or an ability right after them
        tokens = line.split(" ")
        stats = [t for t in tokens if _WEAPON_STAT.match(t) and _is_weapon_stat(*_stat_parts(t))]
        head = " ".join(stats)
        fragment = " ".join(tokens[len(stats) :])
        if not head:
            return []
    fragment = fragment.strip().lower()
    present = {_ability_key(part) for part in head.split(",")[1:]} - {""}
    starts = [a for a in ABILITY_SUGGESTIONS if a.startswith(fragment)]
    inside = [a for a in ABILITY_SUGGESTIONS if fragment in a and a not in starts]
    out = []
    for ability in starts + inside:
        if _ability_key(ability) in present:
            continue
        candidate = f"{head.rstrip()}, {ability}"
        if len(candidate) <= width:
            out.append(candidate)
    return out[:limit]


def _ability_key(text: str) -> str:
    """An ability without its number: ``reroll hits 1`` -> ``reroll hits`` (modifiers -> '')."""
    return re.sub(r"\s*(?:[+-]?\d.*|d3.*|d6.*)$", "", text.strip().lower())


def _stat_parts(token: str) -> tuple[str, str]:
    match = _WEAPON_STAT.match(token)
    assert match is not None
    return match.group(1).lower(), match.group(2)
