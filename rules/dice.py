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

_TENS_UNITS = re.compile(r"(?<![\w)\]])(\d*)d(33|66)(?![\w%])", re.IGNORECASE)
_BRACKETED = re.compile(r"(\[[^\]]*\])")
_TENS_UNITS_MODIFIED = re.compile(r"(?<![\w)\]])\d*d(33|66)[a-z]", re.IGNORECASE)
_SINGLE_EQUALS = re.compile(r"(?<![<>=!])=(?!=)")


class DiceError(RuleError):
    """A dice expression that cannot be rolled; the message says what and where."""


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


@contextlib.contextmanager
def _dice_source(rng: _random.Random) -> Iterator[None]:
    # d20 draws from the module-level ``random``; rolling is synchronous, so swapping its source
    # for the duration of one roll is safe and lets callers inject a fair or a seeded generator.
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


def prepare(expression: str) -> str:
    """Check a player's expression and write it the way d20 parses it (D33/D66 still in it).

    :func:`roll` and the exact odds (:mod:`rules.dice_odds`) both start here, so every form a
    player may type is rewritten in this one place. Raises :class:`DiceError`.

    >>> prepare(" 4D6 kh3 ")
    '4d6kh3'
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
    return text


def roll(expression: str, rng: _random.Random) -> DiceResult:
    """Roll ``expression`` with ``rng`` and return every die with the total or success count.

    Raises :class:`DiceError` for anything that cannot be rolled: a syntax error (with the
    column), more than :data:`MAX_DICE` dice, a zero-sided die, division by zero, or an
    expression longer than :data:`MAX_EXPRESSION_LENGTH` characters.

    >>> import random
    >>> roll("d66", random.Random(3)).detail
    '25 [D66: 2 5] = `25`'
    """
    text = prepare(expression)
    try:
        expanded, tens_units_dice = _expand_tens_units(text, rng)
        tree = d20.parse(expanded, allow_comments=False)
        pool = _pool(tree)
        context = d20.RollContext(max_rolls=MAX_DICE - tens_units_dice)
        roller = d20.Roller(context=context)
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
    )
