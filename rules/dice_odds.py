"""Exact odds of any dice expression ``/roll`` accepts, worked out from the same parse.

:func:`odds` takes what :func:`rules.dice.roll` takes. It starts from :func:`rules.dice.parse`
(the checks and rewrites every form goes through), parses with d20 as ``roll`` does, finds a
success pool with the same :func:`rules.dice._pool`, and reads D33/D66 as the two dice they
are (tens x 10 + units). Then, instead of rolling, each node of d20's tree becomes a
:class:`~rules.distribution.Distribution`:

* numbers, arithmetic and sets of independent parts: convolutions and products;
* dice whose operations each act on one die at a time (re-rolls, explosions and keep/drop by
  value, minimum and maximum): one die's outcome, then the sum of N copies;
* a keep/drop of the highest or lowest after those: an order-statistics dynamic program;
* anything else (a re-roll after a keep-highest, ``ra``): every multiset of dice, enumerated.

Explosions are followed to a stated depth (the chance of going deeper is below one in a million
and is counted as stopping there); the result says so in ``notes``. Every calculation has a work
budget checked before the work is done: an expression whose exact odds would take too long is
refused with :class:`~rules.dice.DiceError` saying why, never left running.

>>> round(odds("2d6").distribution.probability(7), 4)
0.1667
>>> odds("10d6>=4").distribution.mean
5.0
>>> odds("d66").distribution.outcomes[:3]
(11, 12, 13)
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable
from dataclasses import dataclass

import d20
from d20 import diceast

from rules.dice import (
    _BRACKETED,
    _COMPARE,
    _TENS_UNITS,
    MAX_DICE,
    DiceError,
    RollKind,
    _pool,
    _syntax_message,
    parse,
    parse_tree,
    reroll_explode_runs,
)
from rules.distribution import Distribution, combine, convolve, count_work, mixture
from rules.i18n import Message, _

MAX_WORK = 2_000_000
"""Budget of elementary steps (one probability multiplied in) for one expression, ~1 s here."""
MAX_STATES = 100_000
"""Most multisets of dice (or combinations of set members) one expression may enumerate."""
EXPLOSION_TAIL = 1e-6
"""Explosions are followed until the chance of one more is below this."""
MAX_EXPLOSION_DEPTH = 30
MAX_FACES = 10_000
"""Largest die whose exact odds are worked out (its faces are listed one by one)."""
MAX_ODDS_DICE = MAX_DICE
"""Most dice of one term whose exact odds are worked out, as many as one roll may throw."""

_BINARY: dict[str, Callable[[float, float], float]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
}

State = tuple[int, ...]
"""A multiset of kept dice, sorted."""
Selectors = tuple[diceast.SetSelector, ...] | list[diceast.SetSelector]
"""The selectors of one operation: a die is picked if any of them picks it."""


@dataclass(frozen=True)
class DiceOdds:
    """The exact distribution of one expression: of its total, or of a pool's successes.

    >>> result = odds("4d6kh3")
    >>> result.kind.value, round(result.distribution.mean, 4)
    ('total', 12.2446)
    """

    expression: str
    kind: RollKind
    distribution: Distribution

    @property
    def notes(self) -> tuple[str, ...]:
        return self.distribution.notes


def _too_much(what: str | Message, needed: int | None = None) -> DiceError:
    cost = _("over the budget")
    if needed is not None:
        cost = _("at least {needed} steps", needed=format(needed, ","))
    return DiceError(
        _(
            "Working out the exact odds of that would take too long ({what}: {cost}, and one request "
            "may take {limit}). Try fewer dice, smaller dice or a simpler keep/reroll; `/roll` can "
            "still roll it.",
            what=what,
            cost=cost,
            limit=format(MAX_WORK, ","),
        )
    )


def _tens_units_as_dice(text: str) -> str:
    """``d66`` -> ``(1d6*10+1d6)``, ``2d33`` -> two such terms: the same dice, readable by d20."""

    def replace(match: object) -> str:
        count = int(match.group(1) or 1)  # type: ignore[attr-defined]
        sides = 3 if match.group(2) == "33" else 6  # type: ignore[attr-defined]
        if count > 100:
            raise _too_much(_("{count} D{kind} rolls", count=count, kind=match.group(2)))  # type: ignore[attr-defined]
        return "(" + "+".join([f"(1d{sides}*10+1d{sides})"] * count) + ")"

    pieces = _BRACKETED.split(text)
    return "".join(p if p.startswith("[") else _TENS_UNITS.sub(replace, p) for p in pieces)


def odds(expression: str) -> DiceOdds:
    """The exact distribution of ``expression``; :class:`DiceError` if it can't be rolled or worked out.

    Failures taken off the successes count as the roll counts them (each die scores 1, 0 or -1):

    >>> result = odds("10d6 4+ 1-")
    >>> result.expression, round(result.distribution.mean, 4), result.distribution.minimum
    ('10d6>=4 1-', 3.3333, -10)
    >>> str(odds("1d6e6").notes[0])[:48]
    'Explosions are followed to 8 extra dice per die;'
    >>> odds("1000d1000")
    Traceback (most recent call last):
    ...
    rules.dice.DiceError: Working out the exact odds of that would take too long (1000d1000: at least ...
    """
    spec = parse(expression)
    text = spec.canonical
    try:
        parse_tree(text)  # syntax errors with the player's own columns
        tree = parse_tree(_tens_units_as_dice(text))
    except d20.RollSyntaxError as error:
        raise DiceError(_syntax_message(error, text)) from None
    pool = _pool(tree)
    evaluator = _Evaluator()
    try:
        if pool is None:
            result = evaluator.eval(tree).map(int)
            kind = RollKind.TOTAL
        else:
            dice_node, (op, target) = pool
            fail = spec.failures

            def score(value: int) -> int:
                # as the roll counts them: each kept die scores a success, and (``10d6 4+ 1-``)
                # loses one if it shows a failure too
                hit = int(_COMPARE[op](value, target))
                return hit - int(_COMPARE[fail[0]](value, fail[1])) if fail else hit

            result = evaluator.dice_node(dice_node, score)
            kind = RollKind.SUCCESSES
    except RecursionError:
        raise _too_much(_("the expression nests too deep")) from None
    shown = f"{text} {spec.failures[1]}-" if spec.failures else text
    return DiceOdds(expression=shown, kind=kind, distribution=result.with_notes(*evaluator.notes))


class _Evaluator:
    """Walks d20's tree; ``work`` counts the steps spent against :data:`MAX_WORK`."""

    def __init__(self) -> None:
        self.work = 0
        self.notes: list[str] = []

    def spend(self, amount: int, what: str | Message) -> None:
        """Charge ``amount`` steps about to be done; refuse (before doing them) past the budget."""
        if self.work + amount > MAX_WORK:
            raise _too_much(what, self.work + amount)
        self.work += amount

    # ---- numbers and arithmetic -------------------------------------------------------------
    def eval(self, node: diceast.Node) -> Distribution:
        if isinstance(node, diceast.Expression):
            return self.eval(node.roll)
        if isinstance(node, diceast.AnnotatedNumber | diceast.Parenthetical):
            return self.eval(node.value)
        if isinstance(node, diceast.Literal):
            return Distribution.constant(node.value)
        if isinstance(node, diceast.UnOp):
            inner = self.eval(node.value)
            return inner.map(operator.neg) if node.op == "-" else inner
        if isinstance(node, diceast.BinOp):
            return self.binary(node)
        if isinstance(node, diceast.OperatedDice | diceast.Dice):
            return self.dice_node(node, None)
        if isinstance(node, diceast.OperatedSet):
            return self.operated_set(node)
        if isinstance(node, diceast.NumberSet):
            total = Distribution.constant(0)
            for value in node.values:
                part = self.eval(value)
                self.spend(len(total.outcomes) * len(part.outcomes), _("a long set"))
                total = convolve(total, part)
            return total
        raise DiceError(_("I can't work out the odds of that part ({part}).", part=type(node).__name__))

    def binary(self, node: diceast.BinOp) -> Distribution:
        left, right = self.eval(node.left), self.eval(node.right)
        if node.op not in _BINARY:
            raise DiceError(_("I can't work out the odds of `{op}` here.", op=node.op))
        if node.op in ("/", "//", "%") and 0 in right.outcomes:
            raise DiceError(
                _("The divisor can be 0, and dividing by zero has no result: change the expression.")
            )
        self.spend(
            len(left.outcomes) * len(right.outcomes), _("`{op}` between two wide results", op=node.op)
        )
        if len(left.outcomes) * len(right.outcomes) > MAX_STATES:
            raise _too_much(_("`{op}` between two wide results", op=node.op))
        return combine(left, right, _BINARY[node.op])

    # ---- sets ---------------------------------------------------------------------------------
    def operated_set(self, node: diceast.OperatedSet) -> Distribution:
        inner: diceast.Node = node.value
        while isinstance(inner, diceast.Parenthetical) and isinstance(
            inner.value, diceast.Parenthetical | diceast.Dice | diceast.OperatedDice
        ):
            inner = inner.value
        if isinstance(inner, diceast.Dice | diceast.OperatedDice):
            # ``(4d6)kh3``: d20 applies the set's operations to the dice themselves
            base = inner.value if isinstance(inner, diceast.OperatedDice) else inner
            extra = inner.operations if isinstance(inner, diceast.OperatedDice) else []
            return self.dice(base, [*extra, *node.operations], None)
        members = inner.values if isinstance(inner, diceast.NumberSet) else [inner]
        for op in node.operations:
            if op.op not in ("k", "p"):
                raise DiceError(_("Sets can only keep (`k`) or drop (`p`), not `{op}`.", op=op.op))
        parts = [self.eval(m) for m in members]
        size = math.prod(len(p.outcomes) for p in parts)
        if size > MAX_STATES:
            raise _too_much(
                _("a set of {n} rolls with {size} combinations", n=len(parts), size=format(size, ","))
            )
        self.spend(size * len(parts), _("a large set"))
        out: dict[float, float] = {}
        count_work(size * len(parts))
        for combo in itertools.product(*(list(p.items()) for p in parts)):
            values = [v for v, _ in combo]
            kept = set(range(len(values)))
            for op in node.operations:
                chosen = _select([values[i] for i in sorted(kept)], op.sels)
                indices = sorted(kept)
                picked = {indices[j] for j in chosen}
                kept = picked if op.op == "k" else kept - picked
            total = sum(values[i] for i in kept)
            out[total] = out.get(total, 0.0) + math.prod(q for _, q in combo)
        return Distribution.of(out)

    # ---- dice ---------------------------------------------------------------------------------
    def dice_node(self, node: diceast.Node, success: Callable[[int], int] | None) -> Distribution:
        if isinstance(node, diceast.OperatedDice):
            return self.dice(node.value, list(node.operations), success)
        if isinstance(node, diceast.Dice):
            return self.dice(node, [], success)
        raise DiceError(_("A success pool needs dice on the left, like `10d6>=4`."))

    def dice(
        self,
        dice: diceast.Dice,
        operations: list[diceast.SetOperator],
        success: Callable[[int], int] | None,
    ) -> Distribution:
        n = dice.num
        if n > MAX_ODDS_DICE:
            term = f"{n}d{dice.size}"
            raise DiceError(
                _(
                    "`{dice}` is {n} dice; exact odds take at most {limit} dice in one term.",
                    dice=term,
                    n=format(n, ","),
                    limit=format(MAX_ODDS_DICE, ","),
                )
            )
        if dice.size == "%":
            faces = list(range(0, 100, 10))
        else:
            if int(dice.size) < 1:
                raise DiceError(_("Cannot roll a 0-sided die. Check the die sizes and divisors."))
            if int(dice.size) > MAX_FACES:  # checked before the faces are listed
                raise DiceError(
                    _(
                        "A d{size} has too many faces for exact odds: they take dice of 1 to {limit} "
                        "sides. `/roll` can still roll it.",
                        size=dice.size,
                        limit=format(MAX_FACES, ","),
                    )
                )
            faces = list(range(1, int(dice.size) + 1))
        score = success or (lambda v: v)
        ops = _steps(operations, faces)
        for op in ops:
            if op.op in ("mi", "ma") and op.sels[-1].cat is not None:  # d20 reads the last one
                raise DiceError(
                    _("{sel} is not a valid selector for `{op}`.", sel=_sel_text(op.sels[-1]), op=op.op)
                )
            if op.op == "rr" and any(sel.cat in ("h", "l") for sel in op.sels):
                raise DiceError(_("Re-rolling the highest or lowest die (`rrh`, `rrl`) would never end."))
        split = next((i for i, op in enumerate(ops) if not _per_die(op)), len(ops))
        lineage: dict[State, float] = {(face,): 1 / len(faces) for face in faces}
        rest = ops[split:]
        last_explodes = not rest and split > 0 and ops[split - 1].op == "e"
        for op in ops[: split - 1] if last_explodes else ops[:split]:
            lineage = self.apply(lineage, op, faces)
        if n == 0:
            return Distribution.constant(0)
        if last_explodes:
            # only the score of what the explosions add matters: no need to list the dice
            sel = ops[split - 1].sels
            added = self.chain_scores(ops[split - 1].draws or faces, sel, score)
            parts = []
            powers: dict[int, Distribution] = {}
            for state, p in lineage.items():
                hot = len(_select(list(state), sel))
                if hot not in powers:
                    powers[hot] = self.power(added, hot, _("explosions"))
                self.spend(1 + len(state) + len(powers[hot].outcomes), f"{n}d{dice.size}")
                own = Distribution.constant(sum(score(v) for v in state))
                parts.append((p, convolve(own, powers[hot])))
            return self.power(mixture(parts), n, f"{n}d{dice.size}")
        if not rest:
            one = _score(lineage, score)
            return self.power(one, n, f"{n}d{dice.size}")
        if (
            len(rest) == 1
            and rest[0].op in ("k", "p")
            and len(rest[0].sels) == 1
            and all(len(s) <= 1 for s in lineage)
        ):
            return self.keep_highest_lowest(lineage, n, rest[0], score, f"{n}d{dice.size}")
        pool = self.merge(lineage, n, f"{n}d{dice.size}")
        for op in rest:
            pool = self.apply(pool, op, faces)
        return _score(pool, score)

    def power(self, one: Distribution, n: int, what: str | Message) -> Distribution:
        """The sum of ``n`` copies, by repeated squaring, the work checked before it is done."""
        if n <= 1:
            return one if n == 1 else Distribution.constant(0)
        self.spend(len(one.outcomes), what)
        # Whole-number results: a sum of copies has at most one result per whole number of its
        # span (and never more than the pairs that made it); a sparse die such as a tens die
        # (0, 10, ... 90) counts its span in its own steps (tens); a die made uneven (a minimum of 2 on
        # it) fills that span as copies are added, so the span bounds the results, not 2n - 1.
        whole = all(float(v).is_integer() for v in one.outcomes)
        step = math.gcd(*(int(v - one.minimum) for v in one.outcomes)) if whole else 0
        planned, size_result, span_result, k = 0, 1, 0, n
        size_base, span_base = len(one.outcomes), int(one.maximum - one.minimum) // (step or 1)
        while k:
            if k & 1:
                planned += size_result * size_base
                span_result += span_base
                product = size_result * size_base
                size_result = min(product, span_result + 1) if whole else product
            k >>= 1
            if k:
                planned += size_base * size_base
                span_base *= 2
                square = size_base * size_base
                size_base = min(square, span_base + 1) if whole else square
        self.spend(planned, what)
        result, base = Distribution.constant(0), one
        while n:
            if n & 1:
                result = convolve(result, base)
            n >>= 1
            if n:
                base = convolve(base, base)
        return result

    def merge(self, lineage: dict[State, float], n: int, what: str | Message) -> dict[State, float]:
        """Every multiset of the dice of ``n`` independent lineages, with its probability."""
        longest = max((len(s) for s in lineage), default=0)
        faces = len({v for s in lineage for v in s}) or 1
        estimate = min(math.comb(n * max(1, longest) + faces - 1, faces - 1), len(lineage) ** n)
        # a loose upper bound: refuse the hopeless at once, leave the rest to the work budget
        if estimate > 100 * MAX_STATES:
            raise _too_much(
                _(
                    "{what}: about {n} different sets of dice to go through",
                    what=what,
                    n=format(estimate, ","),
                )
            )
        pool: dict[State, float] = {(): 1.0}
        for _step in range(n):
            longest_now = max((len(a) for a in pool), default=0) + longest
            self.spend(len(pool) * len(lineage) * (5 + longest_now), what)  # sorting tuples costs more
            if len(pool) > MAX_STATES:
                raise _too_much(
                    _(
                        "{what}: more than {n} different sets of dice to go through",
                        what=what,
                        n=format(MAX_STATES, ","),
                    )
                )
            nxt: dict[State, float] = {}
            count_work(len(pool) * len(lineage) * (1 + longest_now))
            for a, p in pool.items():
                for b, q in lineage.items():
                    key = tuple(sorted(a + b))
                    nxt[key] = nxt.get(key, 0.0) + p * q
            pool = nxt
        return pool

    def keep_highest_lowest(
        self,
        lineage: dict[State, float],
        n: int,
        op: _Step,
        score: Callable[[int], int],
        what: str | Message,
    ) -> Distribution:
        """Keep or drop the ``k`` highest/lowest of ``n`` independent dice (some may be gone already).

        Faces are taken from the end that is selected first; for each face, how many of the
        dice not yet placed show it (binomial), and how many of those the selector takes.
        """
        sel = op.sels[0]  # one selector (several take the general way)
        k = sel.num
        single = {s[0]: p for s, p in lineage.items() if s}
        order = sorted(single, reverse=sel.cat == "h")
        # from the second face on, every count of dice placed so far (0 to n) is a state, and each
        # tries every count of the dice left: a lower bound on the work, refused before any of it
        floor = (n + 1) + max(0, len(order) - 2) * (n + 1) * (n + 2) // 2
        if floor > MAX_WORK - self.work:
            raise _too_much(what, self.work + floor)
        states: dict[tuple[int, int], dict[int, float]] = {(0, 0): {0: 1.0}}
        remaining_mass = 1.0
        for face in order:
            chance = single[face] / remaining_mass if remaining_mass > 0 else 0.0
            chance = min(1.0, chance)
            nxt: dict[tuple[int, int], dict[int, float]] = {}
            self.spend(sum((1 + len(acc)) * (n - j + 1) for (j, _), acc in states.items()), what)
            value = score(face)
            rows: dict[int, list[float]] = {}
            for (j, taken), acc in states.items():
                left = n - j
                if left not in rows:
                    rows[left] = _binomial(left, chance)
                count_work((1 + len(acc)) * (left + 1))
                for c, w in enumerate(rows[left]):
                    if w == 0.0:
                        continue
                    now = min(k, taken + c)
                    chosen = now - taken
                    kept = chosen if op.op == "k" else c - chosen
                    bucket = nxt.setdefault((j + c, now), {})
                    for total, q in acc.items():
                        key = total + value * kept
                        bucket[key] = bucket.get(key, 0.0) + q * w
            states = nxt
            remaining_mass -= single[face]
        out: dict[int, float] = {}
        for acc in states.values():
            for total, q in acc.items():
                out[total] = out.get(total, 0.0) + q
        return Distribution.of(out)

    # ---- one operation on a distribution of multisets -----------------------------------------
    def apply(self, states: dict[State, float], op: _Step, faces: list[int]) -> dict[State, float]:
        sel = op.sels
        out: dict[State, float] = {}

        def add(state: State, p: float) -> None:
            key = tuple(sorted(state))
            out[key] = out.get(key, 0.0) + p

        fresh = [((face,), 1 / len(faces)) for face in faces]
        replacements: list[tuple[State, float]] | None = None
        self.spend(len(faces) + sum(5 * (1 + len(state)) for state in states), _("dice operations"))
        for state, p in states.items():
            count_work(1 + len(state))
            chosen = _select(list(state), sel)
            others = tuple(v for i, v in enumerate(state) if i not in chosen)
            picked = [state[i] for i in sorted(chosen)]
            if op.op == "k":
                add(tuple(picked), p)
            elif op.op == "p":
                add(others, p)
            elif op.op == "mi":
                add(tuple(max(v, sel[-1].num) for v in state), p)
            elif op.op == "ma":
                add(tuple(min(v, sel[-1].num) for v in state), p)
            elif op.op in ("rr", "ro", "e"):
                if not picked:
                    add(state, p)
                    continue
                if replacements is None:  # worked out once, for the first state that needs it
                    replacements = self.replacements(op, faces, fresh)
                each = replacements
                combos = 1
                for _die in picked:
                    combos *= len(each)
                if combos > MAX_STATES:
                    raise _too_much(_("{n} dice re-rolled or exploded at once", n=len(picked)))
                self.spend(combos * (5 + len(state)), _("re-rolls and explosions"))
                base = others if op.op != "e" else state
                count_work(combos * (1 + len(state)))
                for combo in itertools.product(each, repeat=len(picked)):
                    extra: State = tuple(v for part, _ in combo for v in part)
                    add(base + extra, p * math.prod(q for _, q in combo))
            elif op.op == "ra":
                if picked:
                    for face_state, q in fresh:
                        add(state + face_state, p * q)
                else:
                    add(state, p)
            else:
                raise DiceError(f"I can't work out the odds of `{op.op}`.")
        return out

    def replacements(
        self, op: _Step, faces: list[int], fresh: list[tuple[State, float]]
    ) -> list[tuple[State, float]]:
        """What replaces (``rr``, ``ro``) or follows (``e``) one selected die, with its chance."""
        sel = op.sels
        if op.op == "rr":
            self.spend(len(faces), _("re-rolls"))
            allowed = [f for f in faces if not _select([f], sel)]
            if not allowed:
                raise DiceError(
                    _("`rr{sel}` re-rolls every face, so it would never end.", sel=_sel_text(sel))
                )
            return [((f,), 1 / len(allowed)) for f in allowed]
        if op.op == "ro":
            return fresh
        return list(self.chain(list(op.draws or faces), sel).items())

    def explosion_depth(self, faces: list[int], sel: Selectors) -> tuple[list[int], int]:
        """The faces that explode and how deep explosions are followed (noted in the result)."""
        self.spend(len(faces), _("explosions"))
        hot = [f for f in faces if _select([f], sel)]
        p_hot = len(hot) / len(faces)
        if p_hot >= 1:
            raise DiceError(_("`e{sel}` explodes on every face, so it would never end.", sel=_sel_text(sel)))
        depth = 1
        while p_hot**depth > EXPLOSION_TAIL and depth < MAX_EXPLOSION_DEPTH:
            depth += 1
        if p_hot > 0:
            beyond = p_hot**depth
            chance = _("below 1 in a million") if beyond <= EXPLOSION_TAIL else f"{beyond:.2%}"
            note = _(
                "Explosions are followed to {depth} extra dice per die; the chance of more ({chance}) "
                "is left out.",
                depth=depth,
                chance=chance,
            )
            if note not in self.notes:
                self.notes.append(note)
        return hot, depth

    def chain_scores(
        self, faces: list[int], sel: Selectors, score: Callable[[int], int]
    ) -> Distribution:
        """The summed score of the dice one exploding die adds (each may explode again)."""
        hot_list, depth = self.explosion_depth(faces, sel)
        hot = set(hot_list)
        done: dict[int, float] = {}
        level: dict[int, float] = {0: 1.0}
        for step in range(depth):
            self.spend(len(level) * len(faces), _("explosions"))
            nxt: dict[int, float] = {}
            count_work(len(level) * len(faces))
            for total, p in level.items():
                for f in faces:
                    key = total + score(f)
                    target = nxt if f in hot and step + 1 < depth else done
                    target[key] = target.get(key, 0.0) + p / len(faces)
            level = nxt
        return Distribution.of(done)

    def chain(self, faces: list[int], sel: Selectors) -> dict[State, float]:
        """The new dice one exploding die adds: each one that is selected again explodes again."""
        hot_list, depth = self.explosion_depth(faces, sel)
        hot = set(hot_list)
        h = len(hot)
        if not h:
            return {(): 1.0}  # nothing explodes: a die adds no dice
        estimate = sum(math.comb(length + h - 1, max(h - 1, 0)) for length in range(depth)) * len(faces)
        if estimate > MAX_STATES:
            raise _too_much(
                _(
                    "explosions that keep going on {h} faces, with dice kept or re-rolled after", h=h
                )
            )
        # after ``depth`` dice the last one simply does not explode again
        chains: dict[State, float] = {}
        level: dict[State, float] = {(): 1.0}
        for step in range(depth):
            self.spend(len(level) * len(faces), _("explosions"))
            nxt: dict[State, float] = {}
            count_work(len(level) * len(faces))
            for prefix, p in level.items():
                for f in faces:
                    key = tuple(sorted((*prefix, f)))
                    if f in hot and step + 1 < depth:
                        nxt[key] = nxt.get(key, 0.0) + p / len(faces)
                    else:
                        chains[key] = chains.get(key, 0.0) + p / len(faces)
            level = nxt
        return chains


def _binomial(n: int, p: float) -> list[float]:
    """P(c successes in n tries of chance p) for c = 0..n, in floats (no huge binomials).

    >>> [round(w, 3) for w in _binomial(2, 0.5)]
    [0.25, 0.5, 0.25]
    """
    if p <= 0.0:
        return [1.0] + [0.0] * n
    if p >= 1.0:
        return [0.0] * n + [1.0]
    log_p, log_q, top = math.log(p), math.log1p(-p), math.lgamma(n + 1)
    return [
        math.exp(top - math.lgamma(c + 1) - math.lgamma(n - c + 1) + c * log_p + (n - c) * log_q)
        for c in range(n + 1)
    ]


def _per_die(op: _Step) -> bool:
    """Whether the operation treats each die on its own (so N dice are N independent copies)."""
    if op.op in ("mi", "ma"):
        return True
    return op.op in ("k", "p", "rr", "ro", "e") and all(sel.cat in (None, "<", ">") for sel in op.sels)


def _sel_text(sel: diceast.SetSelector | Selectors) -> str:
    if isinstance(sel, tuple | list):
        return "".join(_sel_text(one) for one in sel)
    return f"{sel.cat or ''}{sel.num}"


@dataclass(frozen=True)
class _Step:
    """One operation on dice, as the roller applies it: ``draws`` are the faces a die added by an
    explosion can end on (a run ``rr1e6`` rerolls the dice it adds too), None for every face."""

    op: str
    sels: Selectors
    draws: tuple[int, ...] | None = None


def _steps(ops: list[diceast.SetOperator], faces: list[int]) -> list[_Step]:
    """d20's operations as the roller applies them: several selectors of one operation together
    (``rr1rr2`` rerolls 1s and 2s), and a run of rerolls and explosions as one rule in either
    order (see :func:`rules.dice.reroll_explode_runs`): rerolls first, then explosions whose new
    dice are rerolled as well.

    >>> steps = _steps(parse_tree("6d6e6rr1").roll.operations, [1, 2, 3, 4, 5, 6])
    >>> [(s.op, _sel_text(s.sels), s.draws) for s in steps]
    [('rr', '1', None), ('e', '6', (2, 3, 4, 5, 6))]
    """
    steps: list[_Step] = []
    for together, run in reroll_explode_runs(ops):
        if not together:
            steps.extend(_Step(op.op, tuple(op.sels)) for op in run)
            continue
        rerolls = tuple(sel for op in run if op.op == "rr" for sel in op.sels)
        explosions = tuple(sel for op in run if op.op == "e" for sel in op.sels)
        if rerolls:
            steps.append(_Step("rr", rerolls))
        if explosions:
            kept = tuple(f for f in faces if not _select([f], rerolls)) if rerolls else None
            steps.append(_Step("e", explosions, kept or None))
    return steps


def _select(values: list[int], sels: Selectors | diceast.SetSelector) -> set[int]:
    """Indices chosen by d20's selectors among ``values`` (which are in ascending order for h/l):
    every die any of them picks.

    >>> sorted(_select([1, 2, 6], parse_tree("1d6rr1rr2").roll.operations[0].sels))
    [0, 1]
    """
    if isinstance(sels, tuple | list):
        chosen: set[int] = set()
        for one in sels:
            chosen |= _select(values, one)
        return chosen
    sel = sels
    if sel.cat == "h":
        order = sorted(range(len(values)), key=lambda i: values[i], reverse=True)
        return set(order[: sel.num])
    if sel.cat == "l":
        order = sorted(range(len(values)), key=lambda i: values[i])
        return set(order[: sel.num])
    if sel.cat == "<":
        return {i for i, v in enumerate(values) if v < sel.num}
    if sel.cat == ">":
        return {i for i, v in enumerate(values) if v > sel.num}
    return {i for i, v in enumerate(values) if v == sel.num}


def _score(states: dict[State, float], score: Callable[[int], int]) -> Distribution:
    out: dict[int, float] = {}
    count_work(sum(1 + len(state) for state in states))
    for state, p in states.items():
        total = sum(score(v) for v in state)
        out[total] = out.get(total, 0.0) + p
    return Distribution.of(out)
