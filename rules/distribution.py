"""Exact probability distributions over whole numbers, and the small dynamic program behind them.

Every "what are my chances" answer in Herald (``/odds``, the 40k attack odds, the Space Infantry
A-V odds) is a :class:`Distribution`: outcome -> probability, with its mean and the chance of at
least ``k``. The engines build them with three operations kept here: :func:`convolve` (the sum
of two independent results), :func:`power` (the sum of ``n`` independent copies) and
:func:`mixture` (a result whose recipe is itself random, such as D6 attacks).

Why our own dynamic program and not ``icepool``
-----------------------------------------------
``icepool`` 2.1 (pure Python, exact, with big-integer counts) was measured on this machine
against this module for the issue's reference case: 40 attacks, BS3+ re-rolling 1s, Lethal Hits,
Sustained Hits 1, Twin-linked, Devastating Wounds, Feel No Pain 6+, against 10 models of 2
wounds. icepool takes about 27 ms for the number of unsaved attacks alone (without Sustained
Hits) and has no notion of damage lost past a model: written as ``icepool.map`` over that
number, the allocation took 2.7 s. :mod:`rules.wh40k.attack` does the whole sequence,
allocation included, in about 5 ms (the same means to 12 digits). The program is also shorter to
read than the icepool version (a few list convolutions and one Markov chain over "models slain,
damage on the current model"), keeps a dependency out of the core, and its work is easy to bound
before starting, which is how every engine refuses a calculation that would take too long
instead of hanging. The price: probabilities are floats, exact to about 1e-12, not fractions,
and every result shows them rounded.

>>> two_d6 = power(uniform(1, 6), 2)
>>> round(two_d6.probability(7), 4), round(two_d6.mean, 9)
(0.1667, 7.0)
>>> round(two_d6.at_least(10), 4)
0.1667
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from rules.errors import RuleError
from rules.i18n import SOURCE, Message, Translator, _

#: Probabilities smaller than this are dropped from a result (they cannot show in a reply).
NEGLIGIBLE = 1e-15
#: Most results (of all its series together) one chart may draw. Drawing is linear in them
#: (about 1 µs each here), so this bounds a chart to a fraction of a second.
MAX_CHART_RESULTS = 200_000

_WORK: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar("distribution_work", default=None)


def count_work(steps: int) -> None:
    """Record ``steps`` inner-loop steps actually done, when :func:`counting_work` listens.

    The engines plan their work before doing it; this counts what was done, so a test can check
    that the plans are honest (no request does more than its budget)."""
    counter = _WORK.get()
    if counter is not None:
        counter[0] += steps


@contextlib.contextmanager
def counting_work() -> Iterator[list[int]]:
    """``with counting_work() as done:`` ``done[0]`` is the steps done inside the block.

    >>> d6 = uniform(1, 6)
    >>> with counting_work() as done:
    ...     _ = convolve(d6, d6)
    >>> done[0]  # 36 pairs, then 11 sums sorted
    58
    """
    counter = [0]
    token = _WORK.set(counter)
    try:
        yield counter
    finally:
        _WORK.reset(token)


@dataclass(frozen=True)
class Distribution:
    """Outcome -> probability, sorted by outcome, probabilities adding up to 1.

    ``notes`` says what a reader must know about how it was worked out (an explosion depth, a
    truncated tail); an empty tuple means exact.

    >>> d = Distribution.of({0: 0.25, 1: 0.5, 2: 0.25})
    >>> d.mean, d.at_least(1), d.at_most(0)
    (1.0, 0.75, 0.25)
    """

    outcomes: tuple[int, ...]
    probabilities: tuple[float, ...]
    notes: tuple[str, ...] = field(default=())

    @classmethod
    def of(cls, weights: Mapping[int, float], notes: Iterable[str] = ()) -> Distribution:
        """A distribution from outcome -> weight; the weights are scaled to add up to 1.

        >>> Distribution.of({3: 2.0, 1: 2.0}).outcomes
        (1, 3)
        """
        count_work(2 * len(weights))
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("a distribution needs some weight")
        kept = sorted((k, w / total) for k, w in weights.items() if w / total > NEGLIGIBLE)
        return cls(tuple(k for k, _ in kept), tuple(p for _, p in kept), tuple(notes))

    @classmethod
    def constant(cls, value: int) -> Distribution:
        """The distribution of a number that is not random.

        >>> Distribution.constant(4).mean
        4.0
        """
        return cls((value,), (1.0,))

    def items(self) -> Iterable[tuple[int, float]]:
        return zip(self.outcomes, self.probabilities, strict=True)

    def as_dict(self) -> dict[int, float]:
        return dict(self.items())

    def probability(self, value: int) -> float:
        """P(result == value)."""
        return self.as_dict().get(value, 0.0)

    @property
    def mean(self) -> float:
        return float(sum(k * p for k, p in self.items()))

    @property
    def minimum(self) -> int:
        return self.outcomes[0]

    @property
    def maximum(self) -> int:
        return self.outcomes[-1]

    def at_least(self, value: int) -> float:
        """P(result >= value), clipped to [0, 1] against rounding."""
        return min(1.0, max(0.0, sum(p for k, p in self.items() if k >= value)))

    def at_most(self, value: int) -> float:
        """P(result <= value)."""
        return min(1.0, max(0.0, sum(p for k, p in self.items() if k <= value)))

    def at_least_table(self) -> list[tuple[int, float]]:
        """(k, P(result >= k)) for every outcome k, smallest first.

        >>> Distribution.of({1: 1, 2: 1}).at_least_table()
        [(1, 1.0), (2, 0.5)]
        """
        rows, tail = [], 0.0
        for k, p in reversed(list(self.items())):
            tail += p
            rows.append((k, min(1.0, tail)))
        return rows[::-1]

    def at_least_rows(self, max_rows: int = 12) -> list[tuple[int, float]]:
        """The informative rows of :meth:`at_least_table` for a reply: from the last result that
        is all but certain (99.9%+) to the last one still above 0.1%, thinned evenly to
        ``max_rows``.

        >>> [(k, round(p, 3)) for k, p in power(uniform(1, 6), 2).at_least_rows(4)]
        [(2, 1.0), (5, 0.833), (9, 0.278), (12, 0.028)]
        """
        rows = self.at_least_table()
        first = max((i for i, (_, p) in enumerate(rows) if p >= 0.999), default=0)
        last = max((i for i, (_, p) in enumerate(rows) if p >= 0.001), default=len(rows) - 1)
        rows = rows[first : last + 1]
        if len(rows) <= max_rows or max_rows < 2:
            return rows[: max(1, max_rows)]
        picks = sorted({round(i * (len(rows) - 1) / (max_rows - 1)) for i in range(max_rows)})
        return [rows[i] for i in picks]

    def grouped_rows(self, max_rows: int = 12, *, noun: str = "result") -> GroupedRows:
        """Every possible result in at most ``max_rows`` rows (see :func:`table_rows`), each with
        the chance of any result in it and of at least its first.

        >>> rows = power(uniform(1, 6), 2).grouped_rows(5)
        >>> [(r.low, r.high, round(r.exactly, 3)) for r in rows.rows]
        [(2, 2, 0.028), (3, 5, 0.25), (6, 8, 0.444), (9, 11, 0.25), (12, 12, 0.028)]
        """
        layout = table_rows([self], max_rows, noun=noun)
        table = dict(self.at_least_table())
        rows = []
        for low, high in layout.ranges:
            exactly = sum(p for k, p in self.items() if low <= k <= high)
            rows.append(Row(low, high, min(1.0, exactly), table[low]))
        return GroupedRows(tuple(rows), layout.notes, layout.said)

    def map(self, function: Callable[[int], int]) -> Distribution:
        """The distribution of ``function(result)``.

        >>> uniform(1, 6).map(lambda v: int(v >= 4)).probability(1)
        0.5
        """
        out: dict[int, float] = {}
        count_work(len(self.outcomes))
        for k, p in self.items():
            key = function(k)
            out[key] = out.get(key, 0.0) + p
        return Distribution.of(out, self.notes)

    def with_notes(self, *notes: str) -> Distribution:
        merged = tuple(dict.fromkeys((*self.notes, *(n for n in notes if n))))
        return Distribution(self.outcomes, self.probabilities, merged)


@dataclass(frozen=True)
class Row:
    """Results ``low`` to ``high`` (one result when equal): the chance of any of them, and of at
    least ``low``."""

    low: int
    high: int
    exactly: float
    at_least: float


@dataclass(frozen=True)
class GroupedRows:
    """:meth:`Distribution.grouped_rows`: the rows, and the sentences saying how rows were grouped."""

    rows: tuple[Row, ...]
    notes: tuple[str, ...] = ()
    #: The notes as lazy messages, for a reader of another language.
    said: tuple[Message, ...] = ()

    @property
    def grouped(self) -> bool:
        return any(r.low != r.high for r in self.rows)


#: A rare end of a table: the results at one end whose chance, all together, is under this.
RARE = 0.001


@dataclass(frozen=True)
class TableRows:
    """The rows of an odds table as (first, last) value ranges, smallest first, and the sentences
    a reply shows under the table saying what shares a row (none when every value has its own)."""

    ranges: tuple[tuple[int, int], ...]
    notes: tuple[str, ...] = ()
    said: tuple[Message, ...] = ()

    @property
    def grouped(self) -> bool:
        return any(low != high for low, high in self.ranges)


def table_rows(
    series: Sequence[Distribution], max_rows: int = 16, *, noun: str = "value", always: Iterable[int] = ()
) -> TableRows:
    """Rows for every value any of ``series`` can take (and the ``always`` values, such as 0 wounds
    dealt), in at most ``max_rows`` rows (at least 5).

    Every value has its own row when they fit. When they do not, the smallest and the largest
    value still have their own rows (a natural 20, every model slain), each rare end (values
    whose chance, all of them together, is under :data:`RARE` in every series) shares one row,
    and the values between are folded evenly into the rows left. The notes say each of those.

    >>> layout = table_rows([power(uniform(1, 6), 10)], 16)
    >>> layout.ranges[:3], layout.ranges[-3:]
    (((10, 10), (11, 18), (19, 20)), ((49, 51), (52, 59), (60, 60)))
    >>> for note in layout.notes:
    ...     print(note)
    neighbouring values share rows: a row like `19-20` gives the chance of any value from 19 to 20, ...
    `11-18` and `52-59` are rare ends in one row, under 0.1%
    """
    values = sorted({int(k) for d in series for k in d.outcomes} | set(always))
    notes: list[Message] = []
    results = noun == "result"  # the odds of a roll; "value" elsewhere, each sentence whole
    if values and values[-1] - values[0] + 1 > len(values):
        if results:
            notes.append(_("results that cannot happen are left out"))
        else:
            notes.append(Message(f"{noun}s that cannot happen are left out"))
    if len(values) <= max_rows:
        return _table_rows(tuple((v, v) for v in values), notes)
    inner = values[1:-1]
    at_most = [_cumulative(d, inner, below=True) for d in series]
    at_least = [_cumulative(d, inner, below=False) for d in series]
    low_end = [v for i, v in enumerate(inner) if all(c[i] < RARE for c in at_most)]
    high_end = [v for i, v in enumerate(inner) if all(c[i] < RARE for c in at_least)]
    middle = inner[len(low_end) : len(inner) - len(high_end)]
    room = max(1, max_rows - 2 - bool(low_end) - bool(high_end))
    if len(middle) <= room:
        folded = [(v, v) for v in middle]
    else:
        parts = [middle[g * len(middle) // room : (g + 1) * len(middle) // room] for g in range(room)]
        folded = [(part[0], part[-1]) for part in parts]
        low, high = next(r for r in folded if r[0] != r[1])
        row = span(low, high)
        if results:
            notes.append(
                _(
                    "neighbouring results share rows: a row like `{row}` gives the chance of any result "
                    "from {low} to {high}, and of at least {low}",
                    row=row,
                    low=low,
                    high=high,
                )
            )
        else:
            notes.append(
                Message(
                    f"neighbouring {noun}s share rows: a row like `{row}` gives the chance of any "
                    f"{noun} from {low} to {high}, and of at least {low}"
                )
            )
    ends = [
        f"`{span(low, high)}`"
        for low, high in ((part[0], part[-1]) for part in (low_end, high_end) if len(part) > 1)
    ]
    if len(ends) == 1:
        notes.append(_("{row} is a rare end in one row, under 0.1%", row=ends[0]))
    elif ends:
        notes.append(
            _("{first} and {last} are rare ends in one row, under 0.1%", first=ends[0], last=ends[1])
        )
    ranges = [(values[0], values[0])]
    ranges += [(low_end[0], low_end[-1])] if low_end else []
    ranges += folded
    ranges += [(high_end[0], high_end[-1])] if high_end else []
    ranges.append((values[-1], values[-1]))
    return _table_rows(tuple(ranges), notes)


def _table_rows(ranges: tuple[tuple[int, int], ...], notes: list[Message]) -> TableRows:
    return TableRows(ranges, tuple(str(note) for note in notes), tuple(notes))


def span(low: int, high: int) -> str:
    """A table row's values as a reply writes them: ``7``, ``9-11``, or ``-9 to -5`` (a dash
    between negative numbers would read as a minus).

    >>> span(7, 7), span(9, 11), span(-9, -5), span(-1, 2)
    ('7', '9-11', '-9 to -5', '-1 to 2')
    """
    if low == high:
        return str(low)
    return f"{low} to {high}" if low < 0 else f"{low}-{high}"


def _cumulative(dist: Distribution, values: Sequence[int], *, below: bool) -> list[float]:
    """P(result <= v) (``below``) or P(result >= v) for each of ``values`` (ascending), in one pass."""
    pairs = list(dist.items())
    count_work(len(pairs) + len(values))
    out: list[float] = []
    if below:
        total, i = 0.0, 0
        for v in values:
            while i < len(pairs) and pairs[i][0] <= v:
                total += pairs[i][1]
                i += 1
            out.append(min(1.0, total))
        return out
    total, i = 0.0, len(pairs) - 1
    for v in reversed(values):
        while i >= 0 and pairs[i][0] >= v:
            total += pairs[i][1]
            i -= 1
        out.append(min(1.0, total))
    return out[::-1]


def check_chart(series: Iterable[Distribution]) -> int:
    """The work of charting ``series`` (their results, counted), or :class:`RuleError` past
    :data:`MAX_CHART_RESULTS`: what a renderer checks before it draws anything.

    >>> check_chart([uniform(1, 6), uniform(1, 20)])
    26
    """
    results = sum(len(d.outcomes) for d in series)
    if results > MAX_CHART_RESULTS:
        raise RuleError(
            _(
                "That chart would have {results} different results to draw; a chart takes at most "
                "{limit}. Ask for fewer or smaller dice.",
                results=format(results, ","),
                limit=format(MAX_CHART_RESULTS, ","),
            )
        )
    return results


def uniform(low: int, high: int, step: int = 1) -> Distribution:
    """A fair die showing ``low``, ``low + step``, ... ``high``.

    >>> uniform(0, 90, 10).outcomes[:3]
    (0, 10, 20)
    """
    faces = range(low, high + 1, step)
    return Distribution.of({face: 1.0 for face in faces})


def convolve(a: Distribution, b: Distribution) -> Distribution:
    """The distribution of the sum of two independent results.

    >>> convolve(uniform(1, 2), uniform(1, 2)).as_dict()
    {2: 0.25, 3: 0.5, 4: 0.25}
    """
    out: dict[int, float] = {}
    count_work(len(a.outcomes) * len(b.outcomes))
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return Distribution.of(out, (*a.notes, *b.notes))


def combine(a: Distribution, b: Distribution, operation: Callable[[int, int], int]) -> Distribution:
    """The distribution of ``operation(x, y)`` for independent ``x`` from ``a`` and ``y`` from ``b``.

    >>> combine(uniform(1, 2), Distribution.constant(3), lambda x, y: x * y).outcomes
    (3, 6)
    """
    out: dict[int, float] = {}
    count_work(len(a.outcomes) * len(b.outcomes))
    for x, p in a.items():
        for y, q in b.items():
            key = operation(x, y)
            out[key] = out.get(key, 0.0) + p * q
    return Distribution.of(out, (*a.notes, *b.notes))


def power(a: Distribution, n: int) -> Distribution:
    """The sum of ``n`` independent copies of ``a`` (by repeated squaring).

    >>> power(uniform(1, 6), 3).probability(18) * 216
    1.0
    """
    if n < 0:
        raise ValueError("n must be 0 or more")
    result = Distribution.constant(0)
    base = a
    while n:
        if n & 1:
            result = convolve(result, base)
        n >>= 1
        if n:
            base = convolve(base, base)
    return result


def powers(a: Distribution, n: int) -> list[Distribution]:
    """``[a^0, a^1, ... a^n]``: the sums of 0 to ``n`` independent copies, one convolution each.

    >>> [d.mean for d in powers(uniform(1, 2), 2)]
    [0.0, 1.5, 3.0]
    """
    out = [Distribution.constant(0)]
    for _copy in range(n):
        out.append(convolve(out[-1], a))
    return out


def mixture(parts: Iterable[tuple[float, Distribution]]) -> Distribution:
    """Pick a recipe with the given probability, then its result: ``sum(p * d)``.

    >>> mixture([(0.5, Distribution.constant(0)), (0.5, Distribution.constant(2))]).mean
    1.0
    """
    out: dict[int, float] = {}
    notes: list[str] = []
    for weight, dist in parts:
        count_work(len(dist.outcomes))
        notes.extend(dist.notes)
        for k, p in dist.items():
            out[k] = out.get(k, 0.0) + weight * p
    return Distribution.of(out, notes)


def bernoulli(p: float) -> Distribution:
    """1 with probability ``p``, else 0.

    >>> bernoulli(0.25).mean
    0.25
    """
    if p <= 0:
        return Distribution.constant(0)
    if p >= 1:
        return Distribution.constant(1)
    return Distribution((0, 1), (1 - p, p))


def percent(p: float, t: Translator | None = None) -> str:
    """A chance as a reply shows it: one decimal, and never rounded to a certainty it is not;
    with a translator ``t``, written its language's way (``12,5 %`` in Spanish).

    >>> [percent(p) for p in (1.0, 0.99995, 0.5, 0.0004, 0.0)]
    ['100%', '>99.9%', '50.0%', '<0.1%', '0%']
    """
    english = _percent(p)
    if t is None or t.language == SOURCE:
        return english
    sign = english[0] if english[0] in "<>" else ""
    number = english[len(sign) : -1]
    decimals = len(number.partition(".")[2])
    suffix = t.percent(0.0).replace("0", "", 1)  # "%" or " %", where the language puts it
    return sign + t.number(float(number), decimals) + suffix


def _percent(p: float) -> str:
    if p >= 1 - 5e-13:
        return "100%"
    if p > 0.999:
        return ">99.9%"
    if p <= 0:
        return "0%"
    if p < 0.001:
        return "<0.1%"
    return f"{p:.1%}"
