"""Dice expressions: the whole d20 grammar, plus success pools, D33/D66 and players' habits.

The d20 library (https://github.com/avrae/d20) parses and rolls standard notation: ``NdM``,
``d%``, keep/drop (``kh3``, ``pl1``, ``k>4``), rerolls (``rr1``, ``ro<2``, ``ra6``), explosions
(``e6``), minimum/maximum (``mi2``, ``ma5``), arithmetic, parentheses and sets (``(1d6,2d4)kh1``).
Wargamers also need two things d20 does not give:

* success pools: ``10d6>=4`` counts the dice showing 4 or more, ``10d6<=2`` those showing 2 or
  less; the pool may reroll and explode first (``10d6rr1e6>=4``);
* D33 and D66: two dice read as tens and units (``d66`` gives 11..66; a bare ``2d66`` is two
  table results, never added).

Players also type the habits of Dice Maiden and Avrae: ``10d6 4+``, ``t4``, ``1-``, ``10wh4+``,
``6 4d6kh3``, ``1d20 adv``, ``4dF``, ``# comments``. There is still one grammar: :func:`parse`
rewrites what was typed into a canonical expression (d20's grammar plus a trailing pool
comparison, ``RollSpec.canonical``) and :func:`roll_spec` rolls that. Spaces separate: two
numbers a space keeps apart are never joined (``10d6 4`` is refused, not rolled as ``10d64``).

Work is bounded as well as dice: every die and every keep/drop/reroll/explode selection is
charged, and a request past :data:`MAX_WORK` is refused (:func:`work_bound` gives an upper bound
before rolling, so a caller can decide where to roll).

Every failure a player can cause raises :class:`DiceError`, a :class:`~rules.errors.RuleError`.

>>> import random
>>> result = roll("4d6kh3", random.Random(1))
>>> result.total
10
>>> roll("10d6>=4", random.Random(1)).successes
6
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random as _random
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

import d20
import d20.expression as _d20_expression
from d20 import diceast

from rules.errors import RuleError
from rules.i18n import N_, Message, _, ngettext

#: Most dice one roll may throw, rerolls and explosions included.
MAX_DICE = 1000
#: Longest expression accepted, in characters.
MAX_EXPRESSION_LENGTH = 200
#: Totals beyond this are refused: they are typing mistakes, and they do not fit a message.
MAX_ABS_TOTAL = 10**15
#: Most work one request may cost, in units of about 0.07 µs here: rolling a die (and showing it)
#: costs :data:`DIE_COST`; a keep/drop/reroll/explode selector costs one unit per die it looks at
#: (``h``/``l`` sort, so ``n·log2 n``). The budget is about 30 ms of CPU, all repeats together,
#: so that no input can hold up the bot (``1000d6kh999kh999...`` is refused).
MAX_WORK = 400_000
DIE_COST = 100

_TENS_UNITS = re.compile(r"(?<![\w)\]])(\d*)d(33|66)(?![\w%])", re.IGNORECASE)
_BRACKETED = re.compile(r"(\[[^\]]*\])")
_TENS_UNITS_MODIFIED = re.compile(r"(?<![\w)\]])\d*d(33|66)[a-z]", re.IGNORECASE)
_SINGLE_EQUALS = re.compile(r"(?<![<>=!])=(?!=)")


class DiceError(RuleError):
    """A dice expression that cannot be rolled; the message says what and where."""


# d20 keeps parsed trees in one module-wide LFU cache (cachetools, 256 entries) that it checks and
# then reads: with more distinct expressions than it holds, a thread rolling off the event loop
# can evict the entry another thread just found, whose read then raises KeyError. One lock around
# the parse serialises that bookkeeping; a parse is short, and the trees it returns are only read.
_PARSE_LOCK = threading.Lock()


def parse_tree(text: str) -> diceast.Expression:
    """d20's syntax tree of ``text`` (no comments), safe to call from several threads at once.

    Raises d20's ``RollSyntaxError``; callers turn it into a :class:`DiceError`.

    >>> type(parse_tree("2d6+3").roll).__name__
    'BinOp'
    """
    with _PARSE_LOCK:
        return d20.parse(text, allow_comments=False)


class _Meter(d20.RollContext):
    """d20's roll counter (dice per roll), plus the work of a whole request across rolls."""

    def __init__(self, max_rolls: int, rng: _random.Random, budget: int = MAX_WORK) -> None:
        self.work = 0
        self.budget = budget
        self.rng = rng
        super().__init__(max_rolls=max_rolls)

    def charge(self, units: int) -> None:
        self.work += units
        if self.work > self.budget:
            raise _TooMuchWork

    def count_roll(self, n: int = 1) -> None:
        super().count_roll(n)
        self.charge(n * DIE_COST)


class _TooMuchWork(Exception):
    pass


class _Operator(_d20_expression.SetOperator):
    """d20's set operator with its cost charged, and ``keep`` in one selection instead of one per die.

    d20's ``keep`` re-selects the whole set for every die it looks at (``n²·log n``: 1000 dice
    kept highest take about half a second). Dropping a value the selection did not pick never
    changes what the selection picks, so selecting once gives the same dice.
    """

    __slots__ = ("_meter",)

    def __init__(self, op: str, sels: list[_d20_expression.SetSelector], meter: _Meter) -> None:
        super().__init__(op, sels)
        self._meter = meter

    def select(self, target: _d20_expression.Number, max_targets: int | None = None) -> set:  # type: ignore[type-arg]
        size = len(target.set)
        for selector in self.sels:
            sorts = selector.cat in ("h", "l")
            self._meter.charge(size * max(1, size.bit_length()) if sorts else size)
        return super().select(target, max_targets=max_targets)

    def minimum(self, target: _d20_expression.Dice) -> None:
        self._meter.charge(len(target.values))
        super().minimum(target)

    def maximum(self, target: _d20_expression.Dice) -> None:
        self._meter.charge(len(target.values))
        super().maximum(target)

    def keep(self, target: _d20_expression.Number) -> None:
        chosen = self.select(target)
        for value in target.keptset:
            if value not in chosen:
                value.drop()

    # Rerolls and explosions by value (``rr1``, ``e>5``) go through :func:`_reroll_and_explode`;
    # by highest or lowest (``rrl1``) they keep d20's way, a full selection per pass (charged).


class _Die(_d20_expression.Die):
    """A die drawing from the request's generator (d20's own draws from the ``random`` module)."""

    __slots__ = ()

    def _add_roll(self) -> None:
        if self.size != "%" and self.size < 1:
            raise d20.RollValueError("Cannot roll a 0-sided die.")
        context: _Meter = self._context
        context.count_roll()
        if self.size == "%":
            value = context.rng.randrange(0, 100, 10)
        else:
            value = context.rng.randrange(self.size) + 1
        self.values.append(_d20_expression.Literal(value))


class _Dice(_d20_expression.Dice):
    __slots__ = ()

    @classmethod
    def new(cls, num: int, size: int | str, context: d20.RollContext | None = None) -> _Dice:
        return cls(num, size, [_Die.new(size, context=context) for _die in range(num)], context=context)

    def roll_another(self) -> None:
        self.values.append(_Die.new(self.size, context=self._context))


class _Roller(d20.Roller):
    def __init__(self, meter: _Meter) -> None:
        super().__init__(context=meter)
        self.meter = meter

    def _eval_dice(self, node: diceast.Dice) -> _Dice:
        return _Dice.new(node.num, node.size, context=self.meter)

    def _eval_operatedset(self, node: diceast.OperatedSet) -> _d20_expression.Number:
        target = self._eval(node.value)
        for together, ops in reroll_explode_runs(node.operations):
            operators = [
                _Operator(op.op, [_d20_expression.SetSelector.from_ast(n) for n in op.sels], self.meter)
                for op in ops
            ]
            if together and isinstance(target, _d20_expression.Dice):
                _reroll_and_explode(target, operators, self.meter)
            else:
                for operator in operators:
                    operator.operate(target)
            target.operations.extend(operators)
        return target


def reroll_explode_runs(
    operations: list[diceast.SetOperator],
) -> Iterator[tuple[bool, list[diceast.SetOperator]]]:
    """The operations in order, each run of rerolls (``rr``) and explosions (``e``) by value kept
    together (``True``): such a run works the same in any order (see :func:`_reroll_and_explode`).

    >>> operations = parse_tree("6d6e6rr1kh3").roll.operations
    >>> [(t, [o.op for o in ops]) for t, ops in reroll_explode_runs(operations)]
    [(True, ['e', 'rr']), (False, ['k'])]
    """
    run: list[diceast.SetOperator] = []
    for op in operations:
        if op.op in ("rr", "e") and all(sel.cat not in ("h", "l") for sel in op.sels):
            run.append(op)
            continue
        if run:
            yield True, run
            run = []
        yield False, [op]
    if run:
        yield True, run


def _reroll_and_explode(target: _d20_expression.Dice, operators: list[_Operator], meter: _Meter) -> None:
    """Rerolls and explosions written next to each other, in either order (``rr1e6``, ``e6rr1``):
    every die, those an explosion adds included, is rerolled until no reroll picks it (``rr1``: it
    shows no 1), then explodes if an explosion picks it, adding a die that does the same.

    Players read ``rr1`` as "no 1 is left" and ``e6`` as "every 6 adds a die"; d20 alone applies
    them one after the other, so ``10d6rr1e6`` kept the 1s explosions added and ``6d6e6rr1``
    never exploded the 6s its rerolls showed.
    """
    rerolls = [sel for op in operators if op.op == "rr" for sel in op.sels]
    explosions = [sel for op in operators if op.op == "e" for sel in op.sels]

    def picks(selectors: list[_d20_expression.SetSelector], die: _d20_expression.Die) -> bool:
        meter.charge(len(selectors))
        tests = {None: lambda v, n: v == n, "<": lambda v, n: v < n, ">": lambda v, n: v > n}
        return any(tests[sel.cat](die.total, sel.num) for sel in selectors)

    pending = [die for die in target.values if die.kept]
    while pending:
        added = []
        for die in pending:
            while rerolls and picks(rerolls, die):
                die.reroll()
            if explosions and picks(explosions, die):
                die.explode()
                target.roll_another()
                added.append(target.values[-1])
        pending = added


class RollKind(StrEnum):
    TOTAL = "total"
    SUCCESSES = "successes"


@dataclass(frozen=True)
class DiceResult:
    """One rolled expression.

    ``detail`` is Discord markdown showing every die: dropped and rerolled dice struck through,
    exploded dice marked ``!``, successes (in a pool) in bold.
    """

    expression: str
    kind: RollKind
    total: int
    successes: int | None
    detail: str
    dice_rolled: int
    #: Work spent up to the end of this roll, repeats before it included (see :data:`MAX_WORK`).
    work: int = 0
    #: In a pool: dice counted as failures (``10d6 4+ 1-``), the kept dice by face, and the tests.
    failures: int | None = None
    faces: tuple[tuple[int, int], ...] = ()
    success: tuple[str, int] | None = None
    fail: tuple[str, int] | None = None
    #: Natural 20s and 1s on d20s, shown in bold; ``grouped``: the dice are shown counted by face.
    naturals: int = 0
    grouped: bool = False
    #: ``detail`` as a lazy message when it has words (a pool's test, dropped dice counted by face,
    #: a detail cut short), for the reader's language; None when it is dice and numbers only.
    said: Message | None = None

    @property
    def value(self) -> int:
        """The number a player cares about: the success count for a pool, else the total."""
        return self.successes if self.successes is not None else self.total


class _Stringifier(d20.MarkdownStringifier):
    """d20's markdown, with successes in bold and failures underlined in pools, and Fate dice."""

    def __init__(
        self, success: tuple[str, int] | None = None, failure: tuple[str, int] | None = None
    ) -> None:
        super().__init__()
        self._nodes = {**self._nodes, _Dice: self._str_dice, _Die: self._str_die}
        self._success = success
        self._failure = failure
        #: Natural 20s and 1s on kept d20s, shown in bold (outside pools, where bold is a success).
        self.naturals = 0

    def _stringify(self, node: _d20_expression.Number) -> str:
        fate = _fate_dice(node)
        if fate is not None and node.kept:
            faces = ", ".join(_FATE_FACES.get(int(die.number), "?") for die in fate.values)
            return f"{fate.num}dF ({faces})"
        return str(super()._stringify(node))

    def _str_die(self, node: _d20_expression.Die) -> str:
        # d20 bolds 1s and maximums (critical hits in D&D); here bold means a success.
        parts = []
        for value in node.values:
            text = self._stringify(value)
            if self._success is None and node.size == 20 and value.kept and value.number in (1, 20):
                text = f"**{text}**"  # a natural 20 or 1 stands out, as in Avrae
                self.naturals += 1
            elif self._success is not None and value.kept and _meets(value.number, self._success):
                text = f"**{text}**"
            elif self._failure is not None and value.kept and _meets(value.number, self._failure):
                text = f"__{text}__"
            parts.append(text)
        return ", ".join(parts)


def _fate_dice(node: _d20_expression.Number) -> _d20_expression.Dice | None:
    """The d3s of a rewritten ``NdF`` term, ``(Nd3[dF]-2N)``, or None."""
    if not isinstance(node, _d20_expression.Parenthetical):
        return None
    inner = node.value
    if (
        isinstance(inner, _d20_expression.BinOp)
        and inner.op == "-"
        and isinstance(inner.left, _d20_expression.Dice)
        and inner.left.annotation == _FATE_MARK
    ):
        return inner.left
    return None


_COMPARE = {
    ">=": lambda v, t: v >= t,
    "<=": lambda v, t: v <= t,
    ">": lambda v, t: v > t,
    "<": lambda v, t: v < t,
    "==": lambda v, t: v == t,
    "!=": lambda v, t: v != t,
}


def _meets(value: int | float, success: tuple[str, int]) -> bool:
    op, target = success
    return bool(_COMPARE[op](value, target))


def _normalise(expression: str) -> str:
    """Drop whitespace and capitals outside ``[annotations]``: d20 refuses ``4D6 kh3``, players type it."""
    pieces = _BRACKETED.split(expression)
    return "".join(p if p.startswith("[") else re.sub(r"\s+", "", p).lower() for p in pieces)


def _expand_tens_units(expression: str, rng: _random.Random) -> tuple[str, int]:
    """Replace each D33/D66 term by its rolled value, annotated with the two dice."""
    dice = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal dice
        count = int(match.group(1) or 1)
        sides = 3 if match.group(2) == "33" else 6
        dice += 2 * count
        if dice > MAX_DICE:
            raise DiceError(
                _(
                    "That is more than {max_dice} dice in one roll; roll fewer.",
                    max_dice=MAX_DICE,
                )
            )
        terms = []
        for _pair in range(count):
            tens, units = rng.randint(1, sides), rng.randint(1, sides)
            terms.append(f"{tens * 10 + units}[D{match.group(2)}: {tens} {units}]")
        joined = "+".join(terms)
        return f"({joined})" if count > 1 else joined

    pieces = _BRACKETED.split(expression)  # never inside [annotations]
    expanded = "".join(p if p.startswith("[") else _TENS_UNITS.sub(replace, p) for p in pieces)
    return expanded, dice


def _syntax_message(error: d20.RollSyntaxError, expression: str, typed: str | None = None) -> Message:
    column = max(int(error.col), 1)
    got = str(error.got)
    where = (
        _("unexpected {got} at column {column}", got=repr(got), column=column)
        if got
        else _("it stops too early at column {column}", column=column)
    )
    pointer = f"`{expression}`\n`{' ' * (column - 1)}^`"
    tokens = {_friendly_token(t) for t in error.expected}
    expected = sorted(tokens, key=lambda m: m if isinstance(m, str) else m.msgid)[:6]
    return _(
        "I can't read `{typed}`: {where}.\n{pointer}\n"
        "Expected {expected}. Examples: `2d6+3`, `4d6kh3`, `10d6 4+`, `d66`, `1d20 adv`.",
        typed=typed if typed is not None else expression,
        where=where,
        pointer=pointer,
        expected=tuple(expected),
    )


def _friendly_token(token: str) -> Message | str:
    if token.startswith(("_", "__ANON")):
        return _("an operator")
    words: dict[str, Message | str] = {
        "INTEGER": _("a number"),
        "DECIMAL": _("a number"),
        "SELTYPE": _("a selector (h, l, < or >)"),
        "$END": _("the end"),
        "DICE_VALUE": _("a die size"),
        "LPAR": "`(`",
        "RPAR": "`)`",
        "U_OP": _("a sign"),
        "A_OP": _("`+` or `-`"),
        "M_OP": _("`*` or `/`"),
        "COMMA": "`,`",
    }
    return words.get(token, f"`{token.lower()}`")


def _pool(node: diceast.Node) -> tuple[diceast.Node, tuple[str, int]] | None:
    """If the expression is ``dice OP N`` (OP one of >= <= > < == !=), the dice and the test.

    A comparison anywhere else would compare totals (d20's meaning, 1 or 0), which no wargamer
    means by ``10d6>4``: it is refused with a pointer to the pool form.
    """
    root = node.roll if isinstance(node, diceast.Expression) else node
    if (
        isinstance(root, diceast.BinOp)
        and root.op in _COMPARE
        and isinstance(root.left, diceast.OperatedDice | diceast.Dice)
        and isinstance(root.right, diceast.Literal)
    ):
        return root.left, (root.op, int(root.right.value))
    if _has_comparison(root):
        raise DiceError(
            _(
                "A comparison counts successes only as a whole roll: dice, a comparison, then one "
                "number, like `10d6>=4` or `6d6rr1==6`. Roll the pool on its own (D33/D66 can't be pools)."
            )
        )
    return None


_TEST_WORDS = {
    ">=": N_("{t} or more"),
    "<=": N_("{t} or less"),
    ">": N_("more than {t}"),
    "<": N_("less than {t}"),
    "==": N_("exactly {t}"),
    "!=": N_("anything but {t}"),
}


def _pool_notes(tree: diceast.Node) -> list[Message]:
    """A pool whose test no face of its die can pass (``10d6 7+``), or every face passes: said.

    >>> [str(note) for note in _pool_notes(parse_tree("10d6>=7"))]
    ['no d6 can show 7 or more: this pool can never score a success']
    """
    pool = _pool(tree)
    if pool is None:
        return []
    dice, (op, target) = pool
    plain = dice.value if isinstance(dice, diceast.OperatedDice) else dice
    if not isinstance(plain, diceast.Dice) or plain.size == "%":
        return []
    low, high = 1, int(plain.size)
    for operation in dice.operations if isinstance(dice, diceast.OperatedDice) else []:
        for selector in operation.sels:
            if operation.op == "mi" and selector.cat is None:
                low = min(max(low, selector.num), high)
            elif operation.op == "ma" and selector.cat is None:
                high = max(min(high, selector.num), low)
    passing = [face for face in range(low, high + 1) if _COMPARE[op](face, target)]
    test = Message(_TEST_WORDS[op], {"t": target})
    if not passing:
        return [
            _("no d{size} can show {test}: this pool can never score a success", size=plain.size, test=test)
        ]
    if len(passing) == high - low + 1:
        return [_("every d{size} shows {test}: every die is a success", size=plain.size, test=test)]
    return []


def _has_comparison(node: diceast.Node) -> bool:
    if isinstance(node, diceast.BinOp) and node.op in _COMPARE:
        return True
    return any(_has_comparison(child) for child in node.children)


def _parts(node: _d20_expression.Number) -> list[_d20_expression.Number]:
    # d20's Dice keeps its Die objects in ``values`` and reports no ``children``.
    return node.values if isinstance(node, _d20_expression.Dice) else node.children


def _count_dice(node: _d20_expression.Number) -> int:
    if isinstance(node, _d20_expression.Die):
        return len(node.values)
    return sum(_count_dice(child) for child in _parts(node))


def _successes(node: _d20_expression.Number, success: tuple[str, int]) -> int:
    if isinstance(node, _d20_expression.Die):
        return int(node.kept and _meets(node.number, success))
    return sum(_successes(child, success) for child in _parts(node) if child.kept)


# --- reading what players type ------------------------------------------------------------------
#
# One grammar: every habit below (Dice Maiden, Avrae, Warhammer shorthand) is rewritten into the
# canonical form, d20's grammar plus the success pool, before d20 sees it. ``parse`` gives that
# form; ``roll_canonical`` rolls it; an odds engine can read ``RollSpec.canonical`` alone.

_TARGET = re.compile(r"^(\d+)\+$")  # 4+
_DM_TARGET = re.compile(r"^t(\d+)$", re.IGNORECASE)  # Dice Maiden: t4
_FAIL = re.compile(r"^(\d+)-$")  # 1-
_DM_FAIL = re.compile(r"^f(\d+)$", re.IGNORECASE)  # Dice Maiden: f1
_ADVANTAGE = {"adv": "kh1", "advantage": "kh1", "dis": "kl1", "disadvantage": "kl1"}
_DM_ATTACHED = re.compile(r"^(.*[\d)])t(\d+)(?:f(\d+))?$", re.IGNORECASE)  # 10d6t4, 10d6t4f1
_REPEAT = re.compile(r"^\d+$")
#: German players write a die with W (Würfel): ``2W6``, ``W20``, ``3w6+2``. Read as ``d`` when a
#: number or ``%`` follows (so ``10wh4+`` stays Warhammer's notation), and not glued to a term
#: before it (``2d6w2`` is a typo, not ``2d6d2``).
_GERMAN_DIE = re.compile(r"(?<![\w)\]])(\d*)w(?=\d|%)", re.IGNORECASE)
_JOINS_LEFT = tuple("+-*/(,<>=")
_JOINS_RIGHT = tuple("+-*/),<>=![")
_OPERATOR_WORD = re.compile(r"^(k|p|rr|ro|ra|e|mi|ma)[hl<>]?(\d|$)", re.IGNORECASE)  # 4d6 kh3, 4d6 kh 3
_OPERATOR_END = re.compile(r"(?<=[\d)])(k|p|rr|ro|ra|e|mi|ma)[hl<>]?$", re.IGNORECASE)  # 4d6kh 3
_WARHAMMER = re.compile(r"^(\d*)wh(\d+)\+?$")  # 10wh4+: ten D6 hitting on 4+
_FATE = re.compile(r"(?<![\w)\]])(\d*)df(?![\w%])")
_FATE_MODIFIED = re.compile(r"(?<![\w)\]])\d*df[a-z]")
_PLAIN_D20 = re.compile(r"(?<![\w)\]])1?d20(?![\w%])")
_TABLES = re.compile(r"^(\d+)d(33|66)$")
_FATE_MARK = "[dF]"
# Dice Maiden's keep and drop: ``4d6k3`` keeps the highest 3 (d20 alone reads ``k3`` as "keep the
# dice showing 3", which nobody typing it means) and ``4d6d1`` drops the lowest 1 (``dl1``/``dh1``
# name the end). Only right after a dice term, so ``2d6+d4`` stays a die.
_DM_KEEP = re.compile(r"(?<=[\d%)])k(\d+)")
_DM_DROP = re.compile(
    r"(?<![\w)\]])(\d*d(?:\d+|%)(?:(?:k|p|rr|ro|ra|e|mi|ma)[hl<>]?\d+)*)d([lh]?)(\d+)"
)
_FATE_FACES = {1: "-", 2: "0", 3: "+"}

#: Most rolls in one message (a leading count, ``times``, or ``2d66``'s table results).
MAX_REPEATS = 20
#: A pool of more dice than this is also shown grouped by face.
BIG_POOL = 20
#: A roll of one term of more dice than this (``1000d6``) is shown counted by face, not die by die.
LIST_LIMIT = 100
#: Saved rolls: names are short words; each player and each server keeps at most this many.
MAX_SAVED_NAME = 32
MAX_SAVED_ROLLS = 50
_SAVED_NAME = re.compile(rf"^[a-z][a-z0-9_-]{{0,{MAX_SAVED_NAME - 1}}}$")


@dataclass(frozen=True)
class RollSpec:
    """What a player typed, read into one canonical expression and how often to roll it.

    ``canonical`` is d20's grammar plus a trailing pool comparison (``10d6>=4``); ``failures``
    (``("<=", 1)``) counts those dice against the successes; ``comment`` is the text after ``#``
    or ``!``, kept as typed.
    """

    typed: str
    expression: str
    canonical: str
    repeat: int = 1
    comment: str | None = None
    failures: tuple[str, int] | None = None
    notes: tuple[Message, ...] = ()

    def again(self) -> str:
        """The text that rolls this again, comment included.

        >>> parse("6 4d6kh3 # stats").again()
        '6 4d6kh3 # stats'
        """
        return f"{self.expression} # {self.comment}" if self.comment else self.expression


def _split_comment(text: str) -> tuple[str, str | None]:
    depth = 0
    for index, char in enumerate(text):
        if char == "[":
            depth += 1
        elif char == "]":
            depth = max(depth - 1, 0)
        elif depth == 0 and (
            char == "#" or (char == "!" and text[index + 1 : index + 2] != "=" and not _explodes(text, index))
        ):
            comment = text[index + 1 :].strip()
            return text[:index].strip(), comment or None
    return text.strip(), None


# Roll20's and Dice Maiden's explosion: ``3d6!`` (each 6 rolls again, added), ``3d6!5`` (each 5),
# ``3d6!>5`` (5 or more: Roll20's ``>`` includes the value), ``3d6!<2`` (2 or less); ``!!`` compounds.
# A ``!`` glued to a dice term (its modifiers too) is one of these; after a space it starts a label.
_DICE_BEFORE_BANG = re.compile(
    r"(?<![\w)\]])\d*d(?:\d+|%|f)(?:(?:k|p|rr|ro|ra|e|mi|ma)[hl<>]?\d+)*!?$", re.IGNORECASE
)
_BANG = re.compile(
    r"(?<![\w)\]])(\d*d(\d+|%|f)(?:(?:k|p|rr|ro|ra|e|mi|ma)[hl<>]?\d+)*)!(?!=)(!(?!=))?([<>]?\d+)?"
)


def _explodes(text: str, index: int) -> bool:
    """Is the ``!`` at ``index`` an explosion (glued to a dice term) rather than a label's start?"""
    if index == 0 or text[index - 1].isspace():
        return False
    before = _GERMAN_DIE.sub(r"\1d", re.sub(r"\s+", "", text[:index]))  # 3W6! explodes as 3d6!
    return bool(_DICE_BEFORE_BANG.search(before))


def _bang(canonical: str, notes: list[Message]) -> str:
    """Roll20's ``!`` explosions in d20's words (``3d6!`` -> ``3d6e6``), each reading noted;
    ``!!`` (compounding) refused with what to type.

    >>> notes = []
    >>> _bang("3d6!+4d8!>7", notes), len(notes)
    ('3d6e6+4d8e>6', 2)
    """

    def explode(match: re.Match[str]) -> str:
        dice, size, compound, threshold = match.groups()
        typed = match.group(0)
        if size == "f":
            raise DiceError(
                _(
                    "`{typed}`: Fate dice (`4dF`) take no modifiers and do not explode; add to the total "
                    "instead, like `4dF+2`.",
                    typed=typed,
                )
            )
        sides = 100 if size == "%" else int(size)
        face: Message
        if threshold is None:
            operator, face = f"e{sides}", _("showing {n}", n=sides)
        elif threshold[0] == ">":
            least = int(threshold[1:])
            operator, face = f"e>{max(least - 1, 0)}", _("showing {n} or more", n=least)
        elif threshold[0] == "<":
            most = int(threshold[1:])
            operator, face = f"e<{most + 1}", _("showing {n} or less", n=most)
        else:
            operator, face = f"e{int(threshold)}", _("showing {n}", n=int(threshold))
        read = f"{dice}{operator}"
        if compound:
            instead = f"{dice}!{threshold or ''}"
            raise DiceError(
                _(
                    "`{typed}` asks for compounding explosions (a die's extra rolls added into that one "
                    "die), which I can't roll. For the total they make no difference: type `{instead}` "
                    "(the same as `{read}`), where each die {face} is rolled again and added.",
                    typed=typed,
                    instead=instead,
                    read=read,
                    face=face,
                )
            )
        notes.append(
            _(
                "`{typed}` read as `{read}`: each die {face} is rolled again and added",
                typed=typed,
                read=read,
                face=face,
            )
        )
        return f"{dice}{operator}"

    pieces = _BRACKETED.split(canonical)  # never inside [annotations]
    return "".join(p if p.startswith("[") else _BANG.sub(explode, p) for p in pieces)


def _tokens(text: str) -> list[str]:
    """Split on whitespace, except inside ``[annotations]``."""
    tokens: list[str] = []
    current = ""
    depth = 0
    for char in text:
        if char == "[":
            depth += 1
        elif char == "]":
            depth = max(depth - 1, 0)
        if char.isspace() and depth == 0:
            if current:
                tokens.append(current)
            current = ""
        else:
            current += char
    if current:
        tokens.append(current)
    return tokens


def _joinable(left: str, right: str) -> bool:
    return (
        left.endswith(_JOINS_LEFT)
        or right.startswith(_JOINS_RIGHT)
        or bool(_OPERATOR_WORD.match(right))
        or bool(_OPERATOR_END.search(left) and right[:1].isdigit())
    )


def _not_joined(typed: str, left: str, right: str, before: str) -> DiceError:
    """Two pieces a space keeps apart: refuse, quoting the player, with what they may have meant."""
    dice = "d" in left.lower()
    rest = typed[typed.index(right, len(before)) :] if right in typed[len(before) :] else right
    labelled = f"{before} # {rest}"
    label: tuple[Message | str, list[str]] = (_("a label: `{labelled}`", labelled=labelled), [labelled])
    # Each option with the rolls it suggests: an option is offered only if they all parse.
    options: list[tuple[Message | str, list[str]]]
    drop = re.match(r"^d([lh]?)(\d+)$", right, re.IGNORECASE)  # Dice Maiden's drop, spaced
    count = re.match(r"^(\d*)d\d+$", left, re.IGNORECASE)
    advantage = _advantage_moved(typed, right, before)
    if advantage is not None:
        # `1d20 adv+5`: the modifier belongs to the roll and `adv` at the end (a label would drop both)
        options = [(f"`{advantage}`", [advantage])]
    elif drop and count and int(drop.group(2)) < int(count.group(1) or 1):
        joined = left + right
        dropped = (
            _("`{roll}` (drop the highest {count})", roll=joined, count=drop.group(2))
            if drop.group(1).lower() == "h"
            else _("`{roll}` (drop the lowest {count})", roll=joined, count=drop.group(2))
        )
        options = [
            (dropped, [f"{left}{right}"]),
            (f"`{left}+{right}`", [f"{left}+{right}"]),
            (_("two rolls: `{first}` then `{second}`", first=left, second=right), [left, right]),
        ]
    elif right[:1].isalpha() and not re.match(r"^\d*d[\d%f]", right, re.IGNORECASE):
        options = [label]
    elif _REPEAT.match(right) and dice:
        pool, target = f"{left}>={right}", f"{left} {right}+"
        options = [
            (
                _(
                    "`{pool}` or `{target}` (dice showing {value} or more)",
                    pool=pool,
                    target=target,
                    value=right,
                ),
                [pool, target],
            ),
            (f"`{left}+{right}`", [f"{left}+{right}"]),
        ]
    elif "d" in right.lower():
        options = [
            (f"`{left}+{right}`", [f"{left}+{right}"]),
            (_("two rolls: `{first}` then `{second}`", first=left, second=right), [left, right]),
        ]
    else:
        options = [(f"`{left}+{right}`", [f"{left}+{right}"]), label]
    offered = [text for text, rolls in options if all(_reads(r) for r in rolls)]
    if len(offered) >= 3:
        question: Message | str = _(
            "Did you mean {first} or {second} or {third}?",
            first=offered[0],
            second=offered[1],
            third=offered[2],
        )
    elif len(offered) == 2:
        question = _("Did you mean {first} or {second}?", first=offered[0], second=offered[1])
    elif offered:
        question = _("Did you mean {first}?", first=offered[0])
    else:
        question = ""
    return DiceError(
        _(
            "I can't read `{typed}`: a space separates `{left}` and `{right}`, and I never join what a "
            "space separates. {question}",
            typed=typed,
            left=left,
            right=right,
            question=question,
        )
    )


_ADVANTAGE_FIRST = re.compile(r"^(adv|advantage|dis|disadvantage)(?![a-z])", re.IGNORECASE)


def _advantage_moved(typed: str, right: str, before: str) -> str | None:
    """``1d20 adv+5`` written as it reads: ``1d20+5 adv`` (the comment kept); None if ``right``
    does not start with ``adv`` or ``dis`` followed by arithmetic.

    >>> _advantage_moved("1d20 adv +5 # hit", "adv", "1d20")
    '1d20+5 adv # hit'
    """
    word = _ADVANTAGE_FIRST.match(right)
    if word is None:
        return None
    text, comment = _split_comment(typed)
    start = text.find(right, len(before))
    if start < 0:
        return None
    after = re.sub(r"\s+", "", text[start + len(word.group(0)) :])
    if not after or after[0] not in "+-*/":
        return None
    moved = f"{text[:start].rstrip()}{after} {word.group(0)}"
    return f"{moved} # {comment}" if comment else moved


def _reads(expression: str) -> bool:
    """Does ``expression`` parse as a roll? (A suggestion is offered only if it does.)"""
    try:
        parse(expression)
    except DiceError:
        return False
    return True


def parse(expression: str) -> RollSpec:
    """Read what a player typed into a :class:`RollSpec` without rolling anything.

    Spaces separate: ``10d6 4`` is refused rather than read as ``10d64``. Understood on top of
    d20's grammar: a leading count (``6 4d6kh3``), targets (``10d6 4+``, ``10d6 t4``), failures
    (``10d6 4+ 1-``), ``10wh4+``, ``1d20 adv`` / ``dis``, ``4dF``, ``2d66`` as two table results
    and comments after ``#`` or ``!``.

    >>> parse("10d6 4+ 1-").canonical, parse("10d6 4+ 1-").failures
    ('10d6>=4', ('<=', 1))
    >>> spec = parse("6 4d6kh3 # stats")
    >>> spec.canonical, spec.repeat, spec.comment
    ('4d6kh3', 6, 'stats')
    >>> parse("1d20+5 adv").canonical
    '2d20kh1+5'
    """
    if not isinstance(expression, str) or not expression.strip():
        raise DiceError(_("Give me something to roll, for example `2d6+3` or `10d6>=4`."))
    if len(expression) > MAX_EXPRESSION_LENGTH:
        raise DiceError(
            _(
                "That expression is {length} characters long; the limit is {limit}. "
                "Split it into several rolls.",
                length=len(expression),
                limit=MAX_EXPRESSION_LENGTH,
            )
        )
    typed = expression.strip()
    text, comment = _split_comment(typed)
    if not text:
        raise DiceError(
            _(
                "`{typed}` has a comment but nothing to roll: put the dice first, like `2d6+3 # to hit`.",
                typed=typed,
            )
        )
    text = "".join(p if p.startswith("[") else _GERMAN_DIE.sub(r"\1d", p) for p in _BRACKETED.split(text))
    tokens = _tokens(text)
    notes: list[Message] = []

    target: int | None = None
    failure: int | None = None
    advantage: str | None = None
    while tokens:
        word = tokens[-1]
        lowered = word.lower()
        if m := _TARGET.match(word) or _DM_TARGET.match(word):
            if target is not None:
                raise DiceError(_("`{typed}` gives two targets; give one, like `10d6 4+`.", typed=typed))
            target = int(m.group(1))
        elif m := _FAIL.match(word) or _DM_FAIL.match(word):
            if failure is not None:
                raise DiceError(
                    _(
                        "`{typed}` gives failures twice; give one, like `10d6 4+ 1-`.",
                        typed=typed,
                    )
                )
            failure = int(m.group(1))
        elif lowered in _ADVANTAGE:
            if advantage is not None:
                raise DiceError(_("`{typed}`: choose `adv` or `dis`, once.", typed=typed))
            advantage = _ADVANTAGE[lowered]
        else:
            break
        tokens.pop()
    if tokens and target is None and (m := _DM_ATTACHED.match(tokens[-1])):
        tokens[-1] = m.group(1)
        target = int(m.group(2))
        if m.group(3):
            if failure is not None:
                raise DiceError(
                    _(
                        "`{typed}` gives failures twice; give one, like `10d6 4+ 1-`.",
                        typed=typed,
                    )
                )
            failure = int(m.group(3))

    repeat = 1
    if len(tokens) >= 2 and _REPEAT.match(tokens[0]) and not _joinable(tokens[0], tokens[1]):
        rest = " ".join(tokens[1:])
        if "d" in rest.lower() or "wh" in rest.lower():
            repeat = int(tokens[0])
            tokens = tokens[1:]
            if repeat < 1:
                raise DiceError(
                    _(
                        "`{typed}` asks for {repeat} rolls; give a count from 1 to {max_repeats}.",
                        typed=typed,
                        repeat=repeat,
                        max_repeats=MAX_REPEATS,
                    )
                )
    if not tokens:
        raise DiceError(
            _(
                "`{typed}` has nothing to roll; put the dice first, like `10d6 4+` or `1d20+5 adv`.",
                typed=typed,
            )
        )
    joined = tokens[0]
    for index, (left, right) in enumerate(itertools.pairwise(tokens), 1):
        if not _joinable(joined, right):
            raise _not_joined(typed, left, right, " ".join(tokens[:index]))
        joined += right
    canonical = _normalise(joined)
    canonical = _bang(canonical, notes)
    canonical = _dice_maiden(canonical, notes)

    if m := _WARHAMMER.match(canonical):
        if target is not None:
            raise DiceError(_("`{typed}` gives the target twice: `10wh4+` already says 4+.", typed=typed))
        canonical, target = f"{m.group(1)}d6", int(m.group(2))
    if (m := _TABLES.match(canonical)) and int(m.group(1)) > 1 and target is None and advantage is None:
        if 2 * int(m.group(1)) > MAX_DICE:
            raise DiceError(
                _(
                    "That is more than {max_dice} dice in one roll; roll fewer.",
                    max_dice=MAX_DICE,
                )
            )
        repeat *= int(m.group(1))
        canonical = f"d{m.group(2)}"
        notes.append(
            _(
                "`{typed}` is {n} table results, each read on its own, never added",
                typed=m.group(0),
                n=m.group(1),
            )
        )
    if _FATE_MODIFIED.search(_BRACKETED.sub("", canonical)):
        raise DiceError(
            _(
                "`{typed}`: Fate dice (`4dF`) take no modifiers; add to the total instead, like `4dF+2`.",
                typed=typed,
            )
        )
    canonical = _FATE.sub(_fate_term, canonical)
    if advantage is not None:
        if not _PLAIN_D20.search(canonical):
            raise DiceError(
                _(
                    "`{typed}`: `adv` and `dis` roll a d20 twice and keep the higher or lower one; they "
                    "need a plain `1d20` in the roll, like `1d20+5 adv`.",
                    typed=typed,
                )
            )
        canonical = _PLAIN_D20.sub(f"2d20{advantage}", canonical, count=1)
    if repeat > MAX_REPEATS:
        raise DiceError(
            _(
                "`{typed}` asks for {repeat} rolls; at most {max_repeats} fit in one message.",
                typed=typed,
                repeat=repeat,
                max_repeats=MAX_REPEATS,
            )
        )

    bare = _BRACKETED.sub("", canonical)  # annotations may say anything
    modified = _TENS_UNITS_MODIFIED.search(bare)
    if modified:
        raise DiceError(
            _(
                "D{sides} is read as two dice (tens and units), so it takes no keep, reroll, explode or "
                "min/max modifiers (`{written}`…). Roll `d{sides}` plain, or several in a set: "
                "`(d66,d66)kh1`.",
                sides=modified.group(1),
                written=modified.group(0),
            )
        )
    if _SINGLE_EQUALS.search(bare):
        raise DiceError(
            _(
                "Use `==` to count dice showing exactly a value (`10d6==6`), "
                "or `>=` / `<=` for at least or at most."
            )
        )
    if target is not None:
        if any(op in bare for op in _COMPARE):
            raise DiceError(
                _(
                    "`{typed}` has a comparison and a target; keep one, like `10d6>=4` or `10d6 4+`.",
                    typed=typed,
                )
            )
        canonical = f"{canonical}>={target}"
    tree = _check(canonical, typed)
    notes.extend(_pool_notes(tree))
    if failure is not None:
        if _pool(tree) is None:
            raise DiceError(
                _(
                    "`{typed}`: `{failure}-` counts dice showing {failure} or less as failures taken off "
                    "the successes, so it needs a target: `10d6 4+ {failure}-`.",
                    typed=typed,
                    failure=failure,
                )
            )
        notes.append(
            _("dice showing {failure} or less are failures, taken off the successes", failure=failure)
        )
    return RollSpec(
        typed=typed,
        expression=text,
        canonical=canonical,
        repeat=repeat,
        comment=comment,
        failures=("<=", failure) if failure is not None else None,
        notes=tuple(notes),
    )


def _dice_maiden(canonical: str, notes: list[Message]) -> str:
    """Dice Maiden's ``k3`` (keep the highest 3) and ``d1`` (drop the lowest 1) in d20's words.

    Each reading is added to ``notes``, so the reply says how the roll was read.

    >>> notes = []
    >>> _dice_maiden("4d6k3+5d6d1", notes), len(notes)
    ('4d6kh3+5d6pl1', 2)
    """

    def keep(match: re.Match[str]) -> str:
        notes.append(_("`k{n}` read as `kh{n}`: keep the highest {n}", n=match.group(1)))
        return f"kh{match.group(1)}"

    def drop(match: re.Match[str]) -> str:
        end, count = match.group(2) or "l", match.group(3)
        typed, read = f"d{match.group(2)}{count}", f"p{end}{count}"
        if end == "l":
            notes.append(
                _("`{typed}` read as `{read}`: drop the lowest {n}", typed=typed, read=read, n=count)
            )
        else:
            notes.append(
                _("`{typed}` read as `{read}`: drop the highest {n}", typed=typed, read=read, n=count)
            )
        return f"{match.group(1)}p{end}{count}"

    pieces = _BRACKETED.split(canonical)  # never inside [annotations]
    return "".join(
        p if p.startswith("[") else _DM_DROP.sub(drop, _DM_KEEP.sub(keep, p)) for p in pieces
    )


def _fate_term(match: re.Match[str]) -> str:
    # NdF is N dice of -1, 0, +1: the same odds as Nd3 - 2N, which d20 can roll.
    count = int(match.group(1) or 1)
    return f"({count}d3{_FATE_MARK}-{2 * count})"


#: Largest number a roll may hold (a die size, a modifier, a target): anything longer is a typo.
MAX_NUMBER = MAX_ABS_TOTAL
_NUMBER = re.compile(r"\d+")
_DICE_COUNT = re.compile(r"(\d+)d", re.IGNORECASE)


def check_numbers(canonical: str, typed: str) -> None:
    """Refuse a number too long or too large before anything uses it: each number at most
    :data:`MAX_NUMBER`, each term at most :data:`MAX_DICE` dice (annotations may say anything).

    >>> check_numbers("1d99999999999999999999", "1d99999999999999999999")
    Traceback (most recent call last):
    ...
    rules.dice.DiceError: `1d99999999999999999999`: 99999999999999999999 is too large; numbers ...
    """
    bare = _BRACKETED.sub("", canonical)
    for match in _NUMBER.finditer(bare):
        digits = match.group(0)
        if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
            shown = digits if len(digits) <= 24 else _("a {count}-digit number", count=len(digits))
            raise DiceError(
                _(
                    "`{typed}`: {shown} is too large; numbers in a roll go from 0 to {max_number:,}.",
                    typed=_quote(typed),
                    shown=shown,
                    max_number=MAX_NUMBER,
                )
            )
    for match in _DICE_COUNT.finditer(bare):
        if int(match.group(1)) > MAX_DICE:
            raise DiceError(
                _(
                    "`{typed}` is more than {max_dice} dice in one roll: a term takes 0 to "
                    "{max_dice:,} dice.",
                    typed=_quote(typed),
                    max_dice=MAX_DICE,
                )
            )


def _quote(typed: str, limit: int = 60) -> str:
    return typed if len(typed) <= limit else typed[: limit - 1] + "…"


def _check(canonical: str, typed: str) -> diceast.Node:
    """Parse ``canonical`` (D33/D66 stand-ins for the dice) and check where comparisons sit."""
    check_numbers(canonical, typed)
    try:
        expanded, _count = _expand_tens_units(canonical, _random.Random(0))
        tree = parse_tree(expanded)
    except d20.RollSyntaxError as error:
        raise DiceError(_syntax_message(error, canonical, typed)) from None
    except (d20.RollError, RecursionError) as error:
        raise DiceError(
            _(
                "I can't read `{typed}`: {error}. Try a simpler expression.",
                typed=typed,
                error=type(error).__name__,
            )
        ) from None
    try:
        _pool(tree)
    except DiceError as error:
        raise DiceError(
            _(
                "I can't roll `{typed}` as it stands. {error}",
                typed=typed,
                error=error.text,
            )
        ) from None
    _refuse_impossible(tree, typed)
    return tree


def _refuse_impossible(node: diceast.Node, typed: str) -> None:
    """A die with no sides, or a division by a number that is always 0: refused before any roll
    (and before a roll is saved), quoting what the player typed.

    A divisor with dice in it (``1d6/(1d2-1)``) may or may not come out 0; the roll says so if it does.
    """
    if isinstance(node, diceast.Dice) and node.size == 0:
        raise DiceError(
            _(
                "I can't roll `{typed}`: `{die}` is a die with no sides. A die has at least one side: "
                "`{count}d6`, `{count}d20`.",
                typed=_quote(typed),
                die=str(node),
                count=node.num,
            )
        )
    if isinstance(node, diceast.BinOp) and node.op in ("/", "//", "%") and _constant(node.right) == 0:
        raise DiceError(
            _(
                "I can't roll `{typed}`: it divides by 0 (`{division}`), which has no result. "
                "Divide by another number, like `2d6/2`.",
                typed=_quote(typed),
                division=node.op + _constant_text(node.right),
            )
        )
    for child in node.children:
        _refuse_impossible(child, typed)


def _constant(node: diceast.Node) -> float | None:
    """The value of a part without dice (``3-3``), or None if it has dice or can't be worked out."""
    if isinstance(node, diceast.Literal):
        return float(node.value)
    if isinstance(node, diceast.AnnotatedNumber | diceast.Parenthetical):
        return _constant(node.value)
    if isinstance(node, diceast.UnOp):
        inner = _constant(node.value)
        return None if inner is None else (-inner if node.op == "-" else inner)
    if isinstance(node, diceast.BinOp) and node.op in ("+", "-", "*"):
        left, right = _constant(node.left), _constant(node.right)
        if left is None or right is None:
            return None
        return left + right if node.op == "+" else left - right if node.op == "-" else left * right
    return None


def _constant_text(node: diceast.Node) -> str:
    text = str(node)
    return text if len(text) <= 20 else "…"


#: Requests whose :func:`work_bound` is at most this may be rolled on the caller's thread (about
#: 4 ms of CPU at worst); the bot rolls anything dearer off its event loop.
INLINE_WORK = 50_000


def work_bound(spec: RollSpec) -> int:
    """An upper bound on the work rolling ``spec`` can cost, from the expression alone.

    Rerolls and explosions may roll up to :data:`MAX_DICE` dice, so an expression using them is
    bounded by that many. The bot uses this to decide whether a roll may run on its event loop.

    >>> work_bound(parse("4d6kh3")) <= INLINE_WORK < work_bound(parse("10d6e6"))
    True
    """
    expanded, tens_units = _expand_tens_units(spec.canonical, _random.Random(0))
    tree = parse_tree(expanded)
    dice, selecting = _bound(tree)
    return spec.repeat * (min(dice + tens_units, MAX_DICE) * DIE_COST + selecting)


def _bound(node: diceast.Node) -> tuple[int, int]:
    """(dice at most rolled, selection work at most) under ``node``."""
    if isinstance(node, diceast.Dice):
        return min(node.num, MAX_DICE + 1), 0
    if isinstance(node, diceast.OperatedSet):  # OperatedDice too
        dice, selecting = _bound(node.value)
        ops = {op.op for op in node.operations}
        if isinstance(node.value, diceast.Dice) and ops & {"rr", "e"}:
            dice = MAX_DICE
        elif isinstance(node.value, diceast.Dice) and ops & {"ro", "ra"}:
            dice = min(2 * dice, MAX_DICE)
        size = min(dice, MAX_DICE) if isinstance(node.value, diceast.Dice) else len(node.value.children)
        for op in node.operations:
            if op.op in ("mi", "ma"):
                selecting += size
                continue
            for selector in op.sels:
                sorts = selector.cat in ("h", "l")
                one = size * max(1, size.bit_length()) if sorts else size
                if sorts and op.op in ("rr", "e"):
                    one *= MAX_DICE  # d20's own loop: a full selection per pass, a die or more each
                selecting += one
            if op.op in ("rr", "e"):
                selecting += MAX_DICE * len(op.sels)  # the re-checks of rerolled and added dice
        return dice, selecting
    dice = selecting = 0
    for child in node.children:
        d, s = _bound(child)
        dice, selecting = dice + d, selecting + s
    return dice, selecting


def with_times(spec: RollSpec, times: int) -> RollSpec:
    """``spec`` rolled ``times`` times over (the ``times`` option), within :data:`MAX_REPEATS`.

    >>> with_times(parse("2d6"), 3).repeat
    3
    """
    if times == 1:
        return spec
    if spec.repeat > 1:
        raise DiceError(
            _("`{typed}` already says how many rolls; leave `times` out or the count off.", typed=spec.typed)
        )
    if not 1 <= times <= MAX_REPEATS:
        raise DiceError(_("`times` goes from 1 to {max_repeats}.", max_repeats=MAX_REPEATS))
    return dataclasses.replace(spec, repeat=times)


@dataclass(frozen=True)
class RollSeries:
    """Every roll one request made: ``spec.repeat`` results of ``spec.canonical``."""

    spec: RollSpec
    results: tuple[DiceResult, ...]

    @property
    def successes(self) -> int | None:
        """The successes of every roll together, for pools; else None."""
        if any(r.successes is None for r in self.results):
            return None
        return sum(r.successes or 0 for r in self.results)

    @property
    def work(self) -> int:
        return max((r.work for r in self.results), default=0)


def roll_spec(spec: RollSpec, rng: _random.Random) -> RollSeries:
    """Roll a parsed request, every repeat within one :data:`MAX_WORK` budget.

    >>> import random
    >>> series = roll_spec(parse("3 10d6 4+"), random.Random(1))
    >>> [r.successes for r in series.results], series.successes
    ([6, 6, 3], 15)
    """
    meter = _Meter(max_rolls=MAX_DICE, rng=rng)
    roller = _Roller(meter)
    results = tuple(_roll_canonical(spec, rng, roller) for _time in range(spec.repeat))
    return RollSeries(spec, results)


def try_roll(spec: RollSpec) -> None:
    """Roll ``spec`` once with a fixed generator, to refuse what can never roll before it is saved:
    an explosion or reroll on every face (``1d1e1``), more work than one message may take. A
    divisor with dice may still come out 0 on a later roll; the roll says so then.

    >>> try_roll(parse("1d1e1"))
    Traceback (most recent call last):
    ...
    rules.dice.DiceError: That would roll more than 1000 dice (rerolls and explosions count). ...
    """
    roll_spec(spec, _random.Random(0))


def roll_all(expression: str, rng: _random.Random, *, times: int = 1) -> RollSeries:
    """Parse ``expression`` as a player typed it and roll it (``times`` over).

    >>> import random
    >>> [r.total for r in roll_all("2d66", random.Random(3)).results]
    [25, 52]
    """
    return roll_spec(with_times(parse(expression), times), rng)


def roll(expression: str, rng: _random.Random) -> DiceResult:
    """Roll ``expression`` with ``rng`` and return every die with the total or success count.

    Raises :class:`DiceError` for anything that cannot be rolled: a syntax error (with the
    column), more than :data:`MAX_DICE` dice, a zero-sided die, division by zero, or an
    expression longer than :data:`MAX_EXPRESSION_LENGTH` characters. Repeated rolls
    (``6 4d6kh3``, ``2d66``) go through :func:`roll_all`.

    >>> import random
    >>> roll("d66", random.Random(3)).detail
    '25 [D66: 2 5] = `25`'
    """
    spec = parse(expression)
    if spec.repeat > 1:
        # A caller's mistake, not a player's (no command reaches it): not translated.
        raise DiceError(
            _("`{typed}` is {n} rolls; roll them with `roll_all`.", typed=spec.typed, n=spec.repeat)
        )
    return _roll_canonical(spec, rng, _Roller(_Meter(max_rolls=MAX_DICE, rng=rng)))


def _roll_canonical(spec: RollSpec, rng: _random.Random, roller: _Roller) -> DiceResult:
    text = spec.canonical
    try:
        expanded, tens_units_dice = _expand_tens_units(text, rng)
        tree = parse_tree(expanded)
        pool = _pool(tree)
        meter = roller.meter
        meter.max_rolls = MAX_DICE - tens_units_dice
        if pool is None:
            stringifier = _Stringifier()
            result = roller.roll(tree, stringifier=stringifier, allow_comments=False)
            rolled = result.expr
            total = result.total
            detail = result.result
            successes = None
            failures = None
            faces: tuple[tuple[int, int], ...] = ()
            naturals = stringifier.naturals
            said: Message | None = None
            if _dice_term(rolled.roll) and _count_dice(rolled) > LIST_LIMIT:
                detail, said = _grouped_detail(text, rolled.roll, result.total)
                naturals = 0
        else:
            dice_node, success = pool
            result = roller.roll(
                diceast.Expression(dice_node),
                stringifier=_Stringifier(success, spec.failures),
                allow_comments=False,
            )
            rolled = result.expr
            hits = _successes(rolled.roll, success)
            failures = _successes(rolled.roll, spec.failures) if spec.failures else None
            successes = hits - (failures or 0)
            total = successes
            op, target = success
            shown = result.result.rsplit(" = ", 1)[0]
            test = {"shown": shown, "op": op, "target": target, "n": successes}
            if failures is None:
                said = ngettext(
                    "{shown} {op} {target} = **{n}** success",
                    "{shown} {op} {target} = **{n}** successes",
                    abs(successes),
                    **test,
                )
            else:
                said = ngettext(
                    "{shown} {op} {target}, {fail} or less fails: {hits} − {failures} = **{n}** success",
                    "{shown} {op} {target}, {fail} or less fails: {hits} − {failures} = **{n}** successes",
                    abs(successes),
                    fail=spec.failures[1],  # type: ignore[index]
                    hits=hits,
                    failures=failures,
                    **test,
                )
            detail = str(said)
            faces = _faces(rolled.roll)
            naturals = 0
    except d20.RollSyntaxError as error:
        raise DiceError(_syntax_message(error, text, spec.typed)) from None
    except _TooMuchWork:
        raise DiceError(
            _(
                "`{typed}` asks for too much work for one message: every die costs, every keep, drop, "
                "reroll or explosion looks at each die again, and repeats add up (about 4,000 dice in "
                "all). Use fewer dice, repeats or operators: `1000d6kh999kh999` keeps the same dice as "
                "`1000d6kh999`.",
                typed=spec.typed,
            )
        ) from None
    except d20.TooManyRolls:
        raise DiceError(
            _(
                "That would roll more than {max_dice} dice (rerolls and explosions count). Roll fewer, "
                "and check that no reroll or explosion can trigger on every face (like `1d1e1` or `1d1rr1`).",
                max_dice=MAX_DICE,
            )
        ) from None
    except d20.RollValueError as error:
        if "divide by zero" in str(error):
            raise DiceError(
                _(
                    "I can't finish `{typed}`: a divisor with dice in it came out as 0 this time, and "
                    "dividing by 0 has no result. Make sure no divisor can roll 0 (`1d6/1d2`, not "
                    "`1d6/(1d2-1)`).",
                    typed=_quote(spec.typed),
                )
            ) from None
        message = str(error).rstrip(".")
        raise DiceError(
            _(
                "I can't roll `{typed}`: {reason}.",
                typed=_quote(spec.typed),
                reason=message,
            )
        ) from None
    except (d20.RollError, ArithmeticError, ValueError, RecursionError) as error:
        raise DiceError(
            _("I can't roll that: {error}. Try a simpler expression.", error=type(error).__name__)
        ) from None

    if isinstance(total, float) and not math.isfinite(total):
        raise DiceError(_("That total is not a finite number. Check for divisions and huge numbers."))
    total = int(total)
    if abs(total) > MAX_ABS_TOTAL:
        raise DiceError(
            _(
                "That total is beyond ±{max_total:,}; check the expression for a typo.",
                max_total=MAX_ABS_TOTAL,
            )
        )
    if len(detail) > 3500:
        said = _("{dice}, … (too many dice to show them all)", dice=detail[:3480].rsplit(",", 1)[0])
        detail = str(said)
    return DiceResult(
        expression=text,
        kind=RollKind.SUCCESSES if successes is not None else RollKind.TOTAL,
        total=total,
        successes=successes,
        detail=detail,
        dice_rolled=_count_dice(rolled) + tens_units_dice,
        work=meter.work,
        failures=failures,
        faces=faces,
        success=pool[1] if pool else None,
        fail=spec.failures,
        naturals=naturals,
        said=said,
        grouped=pool is None and _dice_term(rolled.roll) and _count_dice(rolled) > LIST_LIMIT,
    )


def _dice_term(node: _d20_expression.Number) -> bool:
    """Is ``node`` one term of dice (``1000d6``, ``1000d6kh999``), nothing added to it?"""
    return isinstance(node, _d20_expression.Dice) and node.size != "%"


def _grouped_detail(text: str, node: _d20_expression.Dice, total: int | float) -> tuple[str, Message | None]:
    """A big roll's kept dice counted by face: ``1000d6: 6 x170, 5 x160, ... = `3512```, and the
    same as a lazy message when it has words (dropped dice are said so)."""
    counts = ", ".join(f"{face} x{count}" for face, count in _faces(node))
    dropped = sum(1 for die in node.values if not die.kept)
    if not dropped:
        return f"{text}: {counts} = `{int(total)}`", None
    said = ngettext(
        "{dice}: {counts} (kept dice; {n} dropped) = `{total}`",
        "{dice}: {counts} (kept dice; {n} dropped) = `{total}`",
        dropped,
        dice=text,
        counts=counts,
        n=dropped,
        total=int(total),
    )
    return str(said), said


def _faces(node: _d20_expression.Number) -> tuple[tuple[int, int], ...]:
    counts: dict[int, int] = {}

    def walk(n: _d20_expression.Number) -> None:
        if isinstance(n, _d20_expression.Die):
            if n.kept:
                counts[int(n.number)] = counts.get(int(n.number), 0) + 1
            return
        for child in _parts(n):
            if child.kept:
                walk(child)

    walk(node)
    return tuple(sorted(counts.items(), reverse=True))


def by_face(result: DiceResult) -> Message | None:
    """A big pool's kept dice grouped by face, successes in bold; None for small pools and totals.

    >>> import random
    >>> str(by_face(roll("30d6>=5", random.Random(2))))
    '**6** x5, **5** x6, 4 x4, 3 x6, 2 x3, 1 x6: **11** successes'
    """
    if result.success is None or sum(n for _face, n in result.faces) <= BIG_POOL:
        return None
    parts = []
    for face, count in result.faces:
        mark = "**" if _meets(face, result.success) else ""
        fail = "__" if result.fail is not None and _meets(face, result.fail) else ""
        parts.append(f"{mark}{fail}{face}{fail}{mark} x{count}")
    return ngettext(
        "{faces}: **{n}** success",
        "{faces}: **{n}** successes",
        abs(result.successes or 0),
        faces=", ".join(parts),
        n=result.successes,
    )


def saved_name(name: str) -> str:
    """A saved roll's name, checked and lower-cased: a short word that is not itself a roll.

    >>> saved_name("Fireball")
    'fireball'
    """
    cleaned = name.strip().lower()
    if not _SAVED_NAME.match(cleaned):
        raise DiceError(
            _(
                "`{name}` can't name a saved roll: use a word of 1 to {max_length} letters, digits, `-` "
                "or `_`, starting with a letter, like `fireball` or `bolter-hits`.",
                name=name[:40],
                max_length=MAX_SAVED_NAME,
            )
        )
    try:
        parse(cleaned)
    except DiceError:
        return cleaned
    raise DiceError(
        _(
            "`{name}` is itself a roll, so it can't name one; try `my-{cleaned}`.",
            name=name,
            cleaned=cleaned,
        )
    )


def looks_like_name(text: str) -> bool:
    """Could ``text`` be a saved roll's name (so worth looking up before reading it as dice)?

    >>> looks_like_name("fireball"), looks_like_name("2d6+3")
    (True, False)
    """
    return bool(_SAVED_NAME.match(text.strip().lower()))


_WORD = re.compile(r"(?<![\w%-])([a-z][a-z0-9_-]*)(?![\w-])", re.IGNORECASE)
_SINGLE_DICE_TERM = re.compile(r"^\d*d(?:\d+|%)(?:(?:k|p|rr|ro|ra|e|mi|ma)[hl<>]?\d+)*$")


def _reserved(word: str) -> bool:
    """Words the roll grammar reads itself (``adv``, ``t4``, ``f1``): never a saved roll's stand-in."""
    return word in _ADVANTAGE or bool(_DM_TARGET.match(word) or _DM_FAIL.match(word))


def expand_saved(expression: str, saved: dict[str, str]) -> tuple[str, str | None]:
    """``expression`` with the saved rolls it names written out, and the name when it used one.

    ``saved`` maps names to the expressions saved under them. A name may stand alone, after a
    count (``3 fireball``: three rolls), or inside arithmetic and with a target (``fireball+5``,
    ``2*fireball``, ``hits 4+``). A saved pool, repeat count or failures can't be part of a bigger
    roll, and the error says so. Text without any saved name comes back unchanged, with None.

    >>> expand_saved("fireball+5", {"fireball": "8d6"})
    ('8d6+5', 'fireball')
    >>> expand_saved("3 fireball # big", {"fireball": "8d6 # fire"})
    ('3 8d6 # big', 'fireball')
    >>> expand_saved("2*heal", {"heal": "2d4+2"})
    ('2*(2d4+2)', 'heal')
    """
    typed = expression.strip()
    text, comment = _split_comment(typed)
    tokens = _tokens(text)
    names = [
        word.lower()
        for word in _WORD.findall(_BRACKETED.sub("", text))
        if word.lower() in saved and not _reserved(word.lower())
    ]
    if not names:
        return expression, None
    used = names[0] if len(set(names)) == 1 else None
    comments: list[str] = []

    def inner(name: str) -> tuple[RollSpec, str]:
        body, saved_comment = _split_comment(saved[name])
        if saved_comment:
            comments.append(saved_comment)
        return parse(saved[name]), body

    lowered = [t.lower() for t in tokens]
    if len(tokens) <= 2 and lowered[-1] in names and (len(tokens) == 1 or _REPEAT.match(tokens[0])):
        # The name alone, or after a count: the saved text as it was typed (targets, failures...).
        spec, body = inner(lowered[-1])
        if len(tokens) == 2 and spec.repeat > 1:
            raise DiceError(
                _(
                    "`{name}` is already {repeat} rolls (`{expression}`); roll it without a count.",
                    name=lowered[-1],
                    repeat=spec.repeat,
                    expression=spec.expression,
                )
            )
        rolled = body if len(tokens) == 1 else f"{tokens[0]} {body}"
    else:

        def replace(match: re.Match[str]) -> str:
            name = match.group(1).lower()
            if name not in saved or _reserved(name):
                return match.group(0)
            spec, _body = inner(name)
            if spec.repeat > 1 or spec.failures is not None or _pool(parse_tree(
                _expand_tens_units(spec.canonical, _random.Random(0))[0]
            )):
                raise DiceError(
                    _(
                        "`{name}` is saved as `{typed}`, which can't be part of a bigger roll (it counts "
                        "successes or rolls several times): roll `{name}` on its own, or `3 {name}` for "
                        "three rolls of it.",
                        name=name,
                        typed=spec.typed,
                    )
                )
            canonical = spec.canonical
            return canonical if _SINGLE_DICE_TERM.match(canonical) else f"({canonical})"

        pieces = _BRACKETED.split(text)
        rolled = "".join(p if p.startswith("[") else _WORD.sub(replace, p) for p in pieces)
    label = comment or (comments[0] if used and comments else None)
    return (f"{rolled} # {label}" if label else rolled), used
