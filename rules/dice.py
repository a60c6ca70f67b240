"""Dice expressions: the whole d20 grammar, plus success pools and D33/D66.

The d20 library (https://github.com/avrae/d20) parses and rolls standard notation: ``NdM``,
``d%``, keep/drop (``kh3``, ``pl1``, ``k>4``), rerolls (``rr1``, ``ro<2``, ``ra6``), explosions
(``e6``), minimum/maximum (``mi2``, ``ma5``), arithmetic, parentheses and sets (``(1d6,2d4)kh1``).
Wargamers also need two things d20 does not give:

* success pools: ``10d6>=4`` counts the dice showing 4 or more, ``10d6<=2`` those showing 2 or
  less; the pool may reroll and explode first (``10d6rr1e6>=4``);
* D33 and D66: two dice read as tens and units (``d66`` gives 11..66, ``2d33`` two such rolls).

Every failure a player can cause raises :class:`DiceError`, a :class:`~rules.errors.RuleError`.

>>> import random
>>> result = roll("4d6kh3", random.Random(1))
>>> result.total
10
>>> roll("10d6>=4", random.Random(1)).successes
6
"""

from __future__ import annotations

import contextlib
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

#: Most dice one roll may throw, rerolls and explosions included.
MAX_DICE = 1000
#: Longest expression accepted, in characters.
MAX_EXPRESSION_LENGTH = 200
#: Totals beyond this are refused: they are typing mistakes, and they do not fit a message.
MAX_ABS_TOTAL = 10**15
#: Most work one request may cost, in die-visits: rolling a die costs 1, a keep/drop/reroll/explode
#: selector costs one visit per die it looks at (``h``/``l`` sort, so ``n·log2 n``). About 60 ms of
#: CPU here; the work is bounded so that no input can stall the bot (``1000d6kh999kh999...``).
MAX_WORK = 150_000

_TENS_UNITS = re.compile(r"(?<![\w)\]])(\d*)d(33|66)(?![\w%])", re.IGNORECASE)
_BRACKETED = re.compile(r"(\[[^\]]*\])")
_TENS_UNITS_MODIFIED = re.compile(r"(?<![\w)\]])\d*d(33|66)[a-z]", re.IGNORECASE)
_SINGLE_EQUALS = re.compile(r"(?<![<>=!])=(?!=)")


class DiceError(RuleError):
    """A dice expression that cannot be rolled; the message says what and where."""


class _Meter(d20.RollContext):
    """d20's roll counter (dice per roll), plus the work of a whole request across rolls."""

    def __init__(self, max_rolls: int, budget: int = MAX_WORK) -> None:
        self.work = 0
        self.budget = budget
        super().__init__(max_rolls=max_rolls)

    def charge(self, units: int) -> None:
        self.work += units
        if self.work > self.budget:
            raise _TooMuchWork

    def count_roll(self, n: int = 1) -> None:
        super().count_roll(n)
        self.charge(n)


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

    def keep(self, target: _d20_expression.Number) -> None:
        chosen = self.select(target)
        for value in target.keptset:
            if value not in chosen:
                value.drop()

    # Rerolls and explosions repeat until no die qualifies. d20 re-selects the whole set on each
    # pass (``1d1e1`` looks at 1 + 2 + ... + 1000 dice). A die's own value decides whether a
    # value selector (``1``, ``<3``, ``>5``) picks it, and a pass changes only the dice it rerolls
    # or adds, so later passes look at those alone. Highest/lowest selectors keep d20's way.

    def _by_value(self) -> bool:
        return all(selector.cat not in ("h", "l") for selector in self.sels)

    def _pick(self, dice: list[_d20_expression.Die]) -> set[_d20_expression.Die]:
        self._meter.charge(len(dice) * len(self.sels))
        tests = {None: lambda v, n: v == n, "<": lambda v, n: v < n, ">": lambda v, n: v > n}
        return {
            die
            for die in dice
            if die.kept and any(tests[sel.cat](die.total, sel.num) for sel in self.sels)
        }

    def reroll(self, target: _d20_expression.Dice) -> None:
        if not self._by_value():
            super().reroll(target)
            return
        to_reroll = self._pick(target.values)
        while to_reroll:
            for die in to_reroll:
                die.reroll()
            to_reroll = self._pick(list(to_reroll))

    def explode(self, target: _d20_expression.Dice) -> None:
        if not self._by_value():
            super().explode(target)
            return
        to_explode = self._pick(target.values)
        while to_explode:
            start = len(target.values)
            for die in to_explode:
                die.explode()
                target.roll_another()
            to_explode = self._pick(target.values[start:])


class _Roller(d20.Roller):
    def __init__(self, meter: _Meter) -> None:
        super().__init__(context=meter)
        self._meter = meter

    def _eval_operatedset(self, node: diceast.OperatedSet) -> _d20_expression.Number:
        target = self._eval(node.value)
        for op in node.operations:
            selectors = [_d20_expression.SetSelector.from_ast(n) for n in op.sels]
            operator = _Operator(op.op, selectors, self._meter)
            operator.operate(target)
            target.operations.append(operator)
        return target


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
    #: Die-visits this roll cost (see :data:`MAX_WORK`).
    work: int = 0

    @property
    def value(self) -> int:
        """The number a player cares about: the success count for a pool, else the total."""
        return self.successes if self.successes is not None else self.total


class _Stringifier(d20.MarkdownStringifier):
    """d20's markdown, with success marking for pools."""

    def __init__(self, success: tuple[str, int] | None = None) -> None:
        super().__init__()
        self._success = success

    def _str_die(self, node: _d20_expression.Die) -> str:
        # d20 bolds 1s and maximums (critical hits in D&D); here bold means a success.
        parts = []
        for value in node.values:
            text = self._stringify(value)
            if self._success is not None and value.kept and _meets(value.number, self._success):
                text = f"**{text}**"
            parts.append(text)
        return ", ".join(parts)


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


_SOURCE_LOCK = threading.Lock()


@contextlib.contextmanager
def _dice_source(rng: _random.Random) -> Iterator[None]:
    # d20 draws from the module-level ``random``. Swapping its source for the duration of one roll
    # lets callers inject a fair or a seeded generator; the lock keeps two rolls on different
    # threads (the bot rolls off its event loop) from swapping it under each other.
    with _SOURCE_LOCK:
        previous = _d20_expression.random
        _d20_expression.random = rng  # type: ignore[assignment]
        try:
            yield
        finally:
            _d20_expression.random = previous  # type: ignore[assignment]


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
            raise DiceError(f"That is more than {MAX_DICE} dice in one roll; roll fewer.")
        terms = []
        for _ in range(count):
            tens, units = rng.randint(1, sides), rng.randint(1, sides)
            terms.append(f"{tens * 10 + units}[D{match.group(2)}: {tens} {units}]")
        joined = "+".join(terms)
        return f"({joined})" if count > 1 else joined

    pieces = _BRACKETED.split(expression)  # never inside [annotations]
    expanded = "".join(p if p.startswith("[") else _TENS_UNITS.sub(replace, p) for p in pieces)
    return expanded, dice


def _syntax_message(error: d20.RollSyntaxError, expression: str) -> str:
    column = max(int(error.col), 1)
    got = str(error.got)
    where = f"unexpected {got!r} at column {column}" if got else f"it stops too early at column {column}"
    pointer = f"`{expression}`\n`{' ' * (column - 1)}^`"
    expected = ", ".join(sorted({_friendly_token(t) for t in error.expected})[:6])
    return (
        f"I can't read that expression: {where}.\n{pointer}\n"
        f"Expected {expected}. Examples: `2d6+3`, `4d6kh3`, `10d6>=4`, `d66`."
    )


def _friendly_token(token: str) -> str:
    if token.startswith(("_", "__ANON")):
        return "an operator"
    return {
        "INTEGER": "a number",
        "DECIMAL": "a number",
        "SELTYPE": "a selector (h, l, < or >)",
        "$END": "the end",
        "DICE_VALUE": "a die size",
        "LPAR": "`(`",
        "RPAR": "`)`",
        "U_OP": "a sign",
        "A_OP": "`+` or `-`",
        "M_OP": "`*` or `/`",
        "COMMA": "`,`",
    }.get(token, f"`{token.lower()}`")


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
            "A comparison counts successes only as a whole roll: dice, a comparison, then one number, "
            "like `10d6>=4` or `6d6rr1==6`. Roll the pool on its own (D33/D66 can't be pools)."
        )
    return None


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


def roll(expression: str, rng: _random.Random) -> DiceResult:
    """Roll ``expression`` with ``rng`` and return every die with the total or success count.

    Raises :class:`DiceError` for anything that cannot be rolled: a syntax error (with the
    column), more than :data:`MAX_DICE` dice, a zero-sided die, division by zero, or an
    expression longer than :data:`MAX_EXPRESSION_LENGTH` characters.

    >>> import random
    >>> roll("d66", random.Random(3)).detail
    '25 [D66: 2 5] = `25`'
    """
    if not isinstance(expression, str) or not expression.strip():
        raise DiceError("Give me something to roll, for example `2d6+3` or `10d6>=4`.")
    if len(expression) > MAX_EXPRESSION_LENGTH:
        raise DiceError(
            f"That expression is {len(expression)} characters long; the limit is "
            f"{MAX_EXPRESSION_LENGTH}. Split it into several rolls."
        )
    text = _normalise(expression.strip())
    bare = _BRACKETED.sub("", text)  # annotations may say anything
    modified = _TENS_UNITS_MODIFIED.search(bare)
    if modified:
        raise DiceError(
            f"D{modified.group(1)} is read as two dice (tens and units), so it takes no keep, reroll, "
            f"explode or min/max modifiers (`{modified.group(0)}`…). Roll `d{modified.group(1)}` plain, "
            "or several in a set: `(d66,d66)kh1`."
        )
    if _SINGLE_EQUALS.search(bare):
        raise DiceError(
            "Use `==` to count dice showing exactly a value (`10d6==6`), "
            "or `>=` / `<=` for at least or at most."
        )
    try:
        expanded, tens_units_dice = _expand_tens_units(text, rng)
        tree = d20.parse(expanded, allow_comments=False)
        pool = _pool(tree)
        meter = _Meter(max_rolls=MAX_DICE - tens_units_dice)
        roller = _Roller(meter)
        with _dice_source(rng):
            if pool is None:
                result = roller.roll(tree, stringifier=_Stringifier(), allow_comments=False)
                rolled = result.expr
                total = result.total
                detail = result.result
                successes = None
            else:
                dice_node, success = pool
                result = roller.roll(
                    diceast.Expression(dice_node), stringifier=_Stringifier(success), allow_comments=False
                )
                rolled = result.expr
                successes = _successes(rolled.roll, success)
                total = successes
                op, target = success
                noun = "success" if successes == 1 else "successes"
                detail = f"{result.result.rsplit(' = ', 1)[0]} {op} {target} = **{successes}** {noun}"
    except d20.RollSyntaxError as error:
        raise DiceError(_syntax_message(error, text)) from None
    except _TooMuchWork:
        raise DiceError(
            f"That roll asks for too much work (more than {MAX_WORK:,} die-visits: every keep, drop, "
            "reroll or explosion looks at each die again). Use fewer dice or fewer operators: "
            "`1000d6kh999kh999` keeps the same dice as `1000d6kh999`."
        ) from None
    except d20.TooManyRolls:
        raise DiceError(
            f"That would roll more than {MAX_DICE} dice (rerolls and explosions count). Roll fewer, "
            "and check that no reroll or explosion can trigger on every face (like `1d1e1` or `1d1rr1`)."
        ) from None
    except d20.RollValueError as error:
        message = str(error).rstrip(".")
        raise DiceError(f"{message}. Check the die sizes and divisors.") from None
    except (d20.RollError, ArithmeticError, ValueError, RecursionError) as error:
        raise DiceError(f"I can't roll that: {type(error).__name__}. Try a simpler expression.") from None

    if isinstance(total, float) and not math.isfinite(total):
        raise DiceError("That total is not a finite number. Check for divisions and huge numbers.")
    total = int(total)
    if abs(total) > MAX_ABS_TOTAL:
        raise DiceError(f"That total is beyond ±{MAX_ABS_TOTAL:,}; check the expression for a typo.")
    if len(detail) > 3500:
        detail = detail[:3480].rsplit(",", 1)[0] + ", … (too many dice to show them all)"
    return DiceResult(
        expression=text,
        kind=RollKind.SUCCESSES if successes is not None else RollKind.TOTAL,
        total=total,
        successes=successes,
        detail=detail,
        dice_rolled=_count_dice(rolled) + tens_units_dice,
        work=meter.work,
    )
