"""The dice engine: d20's grammar, success pools, D33/D66 and the limits."""

from __future__ import annotations

import contextlib
import random
import re

import d20
import d20.expression as d20_expression
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import MAX_DICE, MAX_EXPRESSION_LENGTH, MAX_WORK, DiceError, RollKind, roll
from rules.errors import RuleError


def shown_values(detail: str) -> list[str]:
    inside = detail[detail.index("(") + 1 : detail.index(")")]
    return [v.strip() for v in inside.split(",")]


@pytest.mark.parametrize(
    ("expression", "low", "high"),
    [
        ("2d6+3", 5, 15),
        ("4d6kh3", 3, 18),
        ("4d6pl1", 3, 18),
        ("d%", 0, 90),
        ("1d20ro1", 1, 20),
        ("3d6rr<3", 9, 18),
        ("2d6mi3ma5", 6, 10),
        ("(1d6,2d4)kh1", 1, 8),
        ("(2d6+1)*2", 6, 26),
        ("4d6 kh3", 3, 18),  # spaces are forgiven
        ("d66", 11, 66),
        ("d33", 11, 33),
        ("2d33+1", 23, 67),
    ],
)
def test_totals_stay_in_range(expression: str, low: int, high: int) -> None:
    rng = random.Random(5)
    for _ in range(200):
        result = roll(expression, rng)
        assert result.kind is RollKind.TOTAL
        assert low <= result.total <= high


@pytest.mark.parametrize(
    ("expression", "test"),
    [
        ("12d6>4", lambda v: v > 4),
        ("12d6<3", lambda v: v < 3),
        ("12d6==6", lambda v: v == 6),
        ("12d6!=1", lambda v: v != 1),
        ("12D6>=4", lambda v: v >= 4),  # capitals are forgiven
    ],
)
def test_every_comparison_counts_dice(expression: str, test) -> None:
    result = roll(expression, random.Random(4))
    values = [int(v.strip("*")) for v in shown_values(result.detail)]
    assert result.kind is RollKind.SUCCESSES
    assert result.successes == sum(map(test, values))


@pytest.mark.parametrize("expression", ["(10d6>=4)*2", "10d6>=4+2", "d66>=40", "2+1d6>3"])
def test_a_comparison_inside_arithmetic_is_refused_not_misread(expression: str) -> None:
    with pytest.raises(DiceError, match="whole roll"):
        roll(expression, random.Random(0))


def test_one_success_is_singular() -> None:
    rng = random.Random(0)
    details = {roll("1d6>=4", rng).detail.rsplit("= ", 1)[1] for _ in range(40)}
    assert details == {"**0** successes", "**1** success"}


def test_d66_reads_two_dice_as_tens_and_units() -> None:
    rng = random.Random(11)
    seen = set()
    for _ in range(500):
        result = roll("d66", rng)
        tens, units = divmod(result.total, 10)
        assert 1 <= tens <= 6 and 1 <= units <= 6
        assert f"D66: {tens} {units}" in result.detail
        seen.add(result.total)
    assert len(seen) == 36  # every combination turns up, and nothing else


def test_success_pool_counts_dice_at_or_above_the_target() -> None:
    result = roll("10d6>=4", random.Random(1))
    values = shown_values(result.detail)
    assert len(values) == 10
    hits = [v for v in values if v.startswith("**")]
    assert result.kind is RollKind.SUCCESSES
    assert result.successes == len(hits) == sum(int(v.strip("*")) >= 4 for v in values)
    assert f"**{result.successes}** successes" in result.detail


def test_success_pool_at_or_below() -> None:
    result = roll("12d6<=2", random.Random(2))
    values = [int(v.strip("*")) for v in shown_values(result.detail)]
    assert result.successes == sum(v <= 2 for v in values)


@pytest.mark.parametrize("expression", ["10d6rr1e6>=4", "10d6e6rr1>=4"])
def test_pool_with_rerolls_and_explosions_counts_only_kept_dice(expression: str) -> None:
    rng = random.Random(3)
    added = 0
    for _ in range(200):
        result = roll(expression, rng)
        values = shown_values(result.detail)
        kept = [v.strip("*") for v in values if not v.startswith("~~")]
        # one rule in either order: no 1 is left, not even on a die an explosion added, and
        # every 6 explodes, even one a reroll showed
        assert "1" not in [v.strip("!") for v in kept]
        assert all(v.endswith("!") == (v.strip("!") == "6") for v in kept)
        exploded = sum(v.endswith("!") for v in kept)
        assert len(kept) == 10 + exploded  # each 6 added a die
        added += exploded
        assert result.successes == sum(int(v.strip("!")) >= 4 for v in kept)
    assert added > 100  # explosions happened, so their dice were checked too


def test_rerolls_and_explosions_give_the_same_dice_in_either_order() -> None:
    for seed in range(50):
        first = roll("6d6rr1e6", random.Random(seed))
        second = roll("6d6e6rr1", random.Random(seed))
        assert first.total == second.total
        assert first.detail.split(" (", 1)[1] == second.detail.split(" (", 1)[1]


def test_the_same_seed_gives_the_same_roll() -> None:
    assert roll("20d10e10>=7", random.Random(9)) == roll("20d10e10>=7", random.Random(9))


@pytest.mark.parametrize(
    ("expression", "needle"),
    [
        ("4d6k", "column 4"),
        ("2d6+", "column"),
        ("hello", "column 1"),
        ("1d0", "`1d0` is a die with no sides"),
        ("1/0", "divides by 0"),
        (f"{MAX_DICE + 1}d6", f"more than {MAX_DICE} dice"),
        ("1d1e1", f"more than {MAX_DICE} dice"),  # an explosion that never ends
        ("1d1rr1", "reroll or explosion"),  # nor does a reroll
        ("2d", "die size"),
        ("d66kh1", "no keep, reroll"),
        ("4d66kh2", "no keep, reroll"),
        ("d33rr11", "no keep, reroll"),
        ("10d6=4", "Use `==`"),
        ("600d66", f"more than {MAX_DICE} dice"),
        ("1" * (MAX_EXPRESSION_LENGTH + 1), f"limit is {MAX_EXPRESSION_LENGTH}"),
        ("   ", "something to roll"),
        ("999999999*999999999*999999999", "beyond"),
    ],
)
def test_bad_expressions_say_what_is_wrong(expression: str, needle: str) -> None:
    with pytest.raises(DiceError) as caught:
        roll(expression, random.Random(0))
    assert needle in str(caught.value)


def test_syntax_error_points_at_the_column() -> None:
    with pytest.raises(DiceError) as caught:
        roll("2d6+x", random.Random(0))
    message = str(caught.value)
    column = int(re.search(r"column (\d+)", message).group(1))
    pointer_line = message.splitlines()[2]
    assert pointer_line.index("^") == column  # the caret sits under the bad character (after the backtick)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_string_rolls_or_raises_rule_error(text: str) -> None:
    try:
        result = roll(text, random.Random(0))
    except RuleError:
        return
    assert isinstance(result.total, int)
    assert result.dice_rolled <= MAX_DICE


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789d%+-*/()khlpe<>=rroamix, ", max_size=40))
def test_dice_shaped_strings_roll_or_raise_rule_error(text: str) -> None:
    with contextlib.suppress(RuleError):
        roll(text, random.Random(1))


@given(n=st.integers(1, 60), sides=st.integers(2, 20), target=st.integers(1, 20))
def test_successes_never_exceed_the_dice(n: int, sides: int, target: int) -> None:
    result = roll(f"{n}d{sides}>={target}", random.Random(n * sides + target))
    assert 0 <= result.successes <= n


# --- the work of a roll is bounded (issue 16, item 1) ---------------------------------------------

HOSTILE = "1000d6" + "kh999" * 38  # 196 characters: took 20-26 s of event-loop time before the budget


def test_the_hostile_keep_chain_is_refused_with_a_reason() -> None:
    assert len(HOSTILE) <= MAX_EXPRESSION_LENGTH
    with pytest.raises(DiceError, match="too much work"):
        roll(HOSTILE, random.Random(0))


@pytest.mark.parametrize("expression", ["1000d6kh500kl250", "1000d6" + "kh999" * 10, "1000d6>=4", "999d6rr1"])
def test_big_but_reasonable_rolls_stay_inside_the_budget(expression: str) -> None:
    try:
        result = roll(expression, random.Random(2))
    except DiceError as error:
        assert "more than 1000 dice" in str(error)  # rr1 on 999 dice may need more than 1000 rolls
        return
    assert 0 < result.work <= MAX_WORK


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(1, 40),
    ops=st.lists(
        st.sampled_from(["kh3", "kl2", "k>3", "k<5", "k4", "ph1", "pl2", "p>5"]),
        min_size=1,
        max_size=4,
    ),
    seed=st.integers(0, 10_000),
)
def test_one_selection_per_keep_gives_the_same_dice_as_d20(n: int, ops: list[str], seed: int) -> None:
    expression = f"{n}d6{''.join(ops)}"
    ours = roll(expression, random.Random(seed))
    previous = d20_expression.random
    d20_expression.random = random.Random(seed)
    try:
        # d20 reads Dice Maiden's ``k4`` as "keep the 4s": give it the canonical form (``kh4``).
        theirs = d20.roll(parse(expression).canonical, stringifier=d20.MarkdownStringifier())
    finally:
        d20_expression.random = previous
    assert ours.total == theirs.total
    assert ours.detail == theirs.result.replace("**", "")  # the same dice struck out


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789dkhlpre<>()+,", min_size=1, max_size=MAX_EXPRESSION_LENGTH))
def test_no_input_costs_more_than_the_budget(text: str) -> None:
    try:
        result = roll(text, random.Random(3))
    except RuleError:
        return
    assert result.work <= MAX_WORK


# --- issue 14: what players type --------------------------------------------------------------

from rules.dice import (  # noqa: E402
    BIG_POOL,
    MAX_REPEATS,
    by_face,
    parse,
    roll_all,
    roll_spec,
    saved_name,
    with_times,
)


@pytest.mark.parametrize(
    ("typed", "canonical", "repeat", "comment", "failures"),
    [
        ("6 4d6kh3", "4d6kh3", 6, None, None),
        ("2d6 + 3", "2d6+3", 1, None, None),
        ("4D6 kh3", "4d6kh3", 1, None, None),
        ("4d6 kh 3", "4d6kh3", 1, None, None),
        ("10d6 e 6 >= 4", "10d6e6>=4", 1, None, None),
        ("10d6 4+", "10d6>=4", 1, None, None),
        ("10d6 t4", "10d6>=4", 1, None, None),
        ("10d6t4f1", "10d6>=4", 1, None, ("<=", 1)),
        ("10d6 4+ 1-", "10d6>=4", 1, None, ("<=", 1)),
        ("10d6 t4 f1", "10d6>=4", 1, None, ("<=", 1)),
        ("10wh4+", "10d6>=4", 1, None, None),
        ("10wh4+ 1-", "10d6>=4", 1, None, ("<=", 1)),
        ("1d20 adv", "2d20kh1", 1, None, None),
        ("d20+5 dis", "2d20kl1+5", 1, None, None),
        ("1d20+1d20 ADV", "2d20kh1+1d20", 1, None, None),
        ("4dF", "(4d3[dF]-8)", 1, None, None),
        ("dF+2", "(1d3[dF]-2)+2", 1, None, None),
        ("2d66", "d66", 2, None, None),
        ("3 2d33", "d33", 6, None, None),
        ("2d33+1", "2d33+1", 1, None, None),  # arithmetic on D33 stays a sum, as before
        ("2d6+3 # to hit", "2d6+3", 1, "to hit", None),
        ("1d20 ! Attack #2", "1d20", 1, "Attack #2", None),
        ("10d6!=1", "10d6!=1", 1, None, None),  # != is a comparison, not a comment
        ("1d6 [fire damage] + 2", "1d6[fire damage]+2", 1, None, None),
    ],
)
def test_player_habits_read_into_one_canonical_form(
    typed: str, canonical: str, repeat: int, comment: str | None, failures: tuple[str, int] | None
) -> None:
    spec = parse(typed)
    assert (spec.canonical, spec.repeat, spec.comment) == (canonical, repeat, comment)
    assert spec.failures == failures
    assert spec.typed == typed


@pytest.mark.parametrize(
    ("typed", "needles"),
    [
        ("10d6 4", ["`10d6 4`", "`10d6>=4`", "`10d6 4+`"]),
        ("2d6 6", ["`2d6 6`", "`2d6>=6`"]),
        ("6 4", ["`6 4`", "`6+4`"]),
        ("1d6 2d6", ["`1d6 2d6`", "`1d6+2d6`"]),
        ("2d6 adv", ["`2d6 adv`", "plain `1d20`"]),
        ("10d6 1-", ["`10d6 1-`", "`10d6 4+ 1-`"]),
        ("21 d6", ["`21 d6`", "at most 20"]),
        ("0 d6", ["`0 d6`", "from 1 to 20"]),
        ("11 2d66", ["at most 20"]),
        ("10d6>=4 5+", ["a comparison and a target"]),
        ("4dFkh2", ["take no modifiers"]),
        ("# only words", ["nothing to roll"]),
        ("adv", ["nothing to roll"]),
        ("2d6+x # to hit", ["I can't read `2d6+x # to hit`", "column 5"]),
        ("2d6+1 4+", ["`2d6+1 4+`", "whole roll"]),
        ("2d6 fire at will", ["`2d6 fire at will`", "a label: `2d6 # fire at will`"]),
        ("1d20 adv+5", ["`1d20 adv+5`", "Did you mean `1d20+5 adv`?"]),
        ("1d20 dis -1 # save", ["Did you mean `1d20-1 dis # save`?"]),
        ("3 1d20+2 adv+3", ["Did you mean `3 1d20+2+3 adv`?"]),
    ],
)
def test_what_cannot_be_read_is_refused_quoting_the_player(typed: str, needles: list[str]) -> None:
    with pytest.raises(DiceError) as caught:
        parse(typed)
    for needle in needles:
        assert needle in str(caught.value)


def _digit_runs(text: str) -> set[str]:
    return set(re.findall(r"\d+", text))


@settings(max_examples=300, deadline=None)
@given(
    left=st.sampled_from(["{a}", "{a}d6", "{a}d{b}", "d{b}", "{a}d6kh{a}", "{a}d6+{b}"]),
    right=st.sampled_from(["{c}", "{c}d6", "{c}d{b}", "{c}+{b}", "{c}d6>={b}"]),
    a=st.integers(1, 30),
    b=st.integers(2, 12),
    c=st.integers(0, 99),
    spaces=st.text(alphabet=" \t", min_size=1, max_size=3),
)
def test_spaces_between_two_numbers_never_join_them(
    left: str, right: str, a: int, b: int, c: int, spaces: str
) -> None:
    left, right = left.format(a=a, b=b), right.format(b=b, c=c)
    seam = re.search(r"\d+$", left).group(0) + re.match(r"\d+", right).group(0)
    typed = f"{left}{spaces}{right}"
    try:
        series = roll_all(typed, random.Random(a * 100 + c))
    except RuleError as error:
        assert f"`{typed.strip()}`" in str(error) or "column" in str(error)  # quoted as typed
        return
    for result in series.results:
        if seam not in _digit_runs(left) | _digit_runs(right):
            assert seam not in _digit_runs(result.expression)


@pytest.mark.parametrize("times", [2, MAX_REPEATS])
def test_times_repeats_and_is_capped(times: int) -> None:
    series = roll_all("3d6", random.Random(1), times=times)
    assert len(series.results) == times
    with pytest.raises(DiceError, match="already says"):
        with_times(parse("2 3d6"), times)
    with pytest.raises(DiceError, match="from 1 to"):
        with_times(parse("3d6"), MAX_REPEATS + 1)


def test_failures_are_taken_off_the_successes() -> None:
    rng = random.Random(8)
    for _ in range(100):
        result = roll_all("10d6 4+ 1-", rng).results[0]
        values = [int(v.strip("*_")) for v in shown_values(result.detail)]
        assert result.failures == values.count(1)
        assert result.successes == sum(v >= 4 for v in values) - values.count(1)


def test_advantage_keeps_the_better_of_two_d20() -> None:
    rng = random.Random(4)
    for _ in range(200):
        result = roll("1d20+2 adv", rng)
        pair = [int(v.strip("~*")) for v in shown_values(result.detail)]  # a natural 20 or 1 is bold
        assert len(pair) == 2 and result.total == max(pair) + 2


def test_fate_dice_run_from_minus_to_plus_the_count() -> None:
    rng = random.Random(6)
    seen = {roll("4dF", rng).total for _ in range(600)}
    assert seen == set(range(-4, 5))


def test_big_pools_group_by_face_and_small_ones_do_not() -> None:
    rng = random.Random(2)
    small = roll(f"{BIG_POOL}d6>=4", rng)
    assert by_face(small) is None
    big = roll(f"{BIG_POOL + 1}d6>=4", rng)
    assert sum(n for _, n in big.faces) == BIG_POOL + 1
    assert str(by_face(big)).endswith(f"**{big.successes}** successes")
    assert by_face(roll("30d6", rng)) is None  # a total, not a pool


@pytest.mark.parametrize(("name", "ok"), [("Fireball", "fireball"), ("bolter-hits", "bolter-hits")])
def test_saved_names(name: str, ok: str) -> None:
    assert saved_name(name) == ok


@pytest.mark.parametrize("name", ["d6", "2d6", "4df", "x" * 40, "9lives", "a b", ""])
def test_bad_saved_names(name: str) -> None:
    with pytest.raises(DiceError):
        saved_name(name)


@pytest.mark.parametrize(
    "expression", ["10d6eh1", "100d6rrl1", "1000d6" + "mi2" * 60, "20d6rr<3e6kh10", "(1d6,2d6,3d6)kh1pl1"]
)
def test_the_work_bound_holds_for_every_operator(expression: str) -> None:
    from rules.dice import work_bound

    spec = parse(expression)
    try:
        work = roll_spec(spec, random.Random(4)).work
    except DiceError as error:
        assert "too much work" in str(error) or "more than 1000 dice" in str(error)
        return
    assert work <= work_bound(spec)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789dkhlpremiao<>()+*,F ", min_size=1, max_size=60))
def test_the_work_bound_is_never_below_the_work(text: str) -> None:
    from rules.dice import work_bound

    try:
        spec = parse(text)
        series = roll_spec(spec, random.Random(4))
    except RuleError:
        return
    assert series.work <= work_bound(spec)


def test_rolls_on_several_threads_each_follow_their_own_generator() -> None:
    from concurrent.futures import ThreadPoolExecutor

    expected = [roll_all("20 40d6e6 4+", random.Random(seed)).successes for seed in range(8)]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda seed: roll_all("20 40d6e6 4+", random.Random(seed)).successes, range(8)))
    assert got == expected
    assert d20_expression.random is random  # d20's own source is never swapped


def test_parsing_on_eight_threads_past_the_parse_cache_never_fails() -> None:
    """d20 keeps parsed expressions in a 256-entry LFU cache (cachetools, not thread-safe), checked
    then read: with more distinct expressions than it holds, one thread evicts what another just
    found, and the read raises ``KeyError`` (or the cache's own bookkeeping breaks). Threads are
    switched far more often than usual so the overlap happens within a bounded number of parses."""
    import sys
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from rules.dice import parse
    from rules.dice_odds import odds

    expressions = [f"{n}d6+{m}" for n in range(1, 31) for m in range(1, 21)]  # 600 > 256
    start = threading.Barrier(8)

    def work(offset: int) -> list[str]:
        start.wait()
        failures = []
        for step in range(1500):
            text = expressions[(step * 7 + offset * 75) % len(expressions)]
            try:
                parse(text)
                if step % 50 == 0:
                    odds(text)
            except Exception as error:  # any failure at all is what this test looks for
                failures.append(f"{text}: {type(error).__name__} {error}")
        return failures

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        with ThreadPoolExecutor(8) as pool:
            failures = [f for found in pool.map(work, range(8)) for f in found]
    finally:
        sys.setswitchinterval(interval)
    assert failures == []


@pytest.mark.parametrize(
    ("typed", "needles"),
    [
        ("1d0", ["I can't roll `1d0`", "`1d0` is a die with no sides", "`1d6`"]),
        ("3d0+2", ["I can't roll `3d0+2`", "`3d0`", "`3d6`"]),
        ("2d6/0", ["I can't roll `2d6/0`", "divides by 0 (`/0`)", "`2d6/2`"]),
        ("2d6//(3-3) # dmg", ["I can't roll `2d6//(3-3) # dmg`", "divides by 0"]),
        ("10d6%0", ["`10d6%0`", "divides by 0"]),
    ],
)
def test_impossible_rolls_are_refused_when_read_quoting_what_was_typed(
    typed: str, needles: list[str]
) -> None:
    from rules.dice import parse

    with pytest.raises(DiceError) as caught:
        parse(typed)  # before any roll, so /dice save refuses it too
    for needle in needles:
        assert needle in str(caught.value)


def test_a_divisor_with_dice_that_rolls_0_quotes_the_roll() -> None:
    with pytest.raises(DiceError) as caught:
        roll("1d6/(1d1-1)", random.Random(0))  # 1d1-1 is always 0, but only rolling finds out
    assert "I can't finish `1d6/(1d1-1)`" in str(caught.value)
    assert "no divisor can roll 0" in str(caught.value)
    assert roll("1d6/1d2", random.Random(0)).total >= 0  # a divisor that can't be 0 is fine


@pytest.mark.parametrize(
    ("typed", "needle"),
    [
        ("1d1e1", "more than 1000 dice"),
        ("1d1rr1", "reroll or explosion"),
        ("20 1000d6kh999kh999", "too much work"),
    ],
)
def test_a_trial_roll_refuses_what_can_never_roll(typed: str, needle: str) -> None:
    from rules.dice import parse, try_roll

    spec = parse(typed)  # reads fine: only rolling finds it out
    with pytest.raises(DiceError, match=re.escape(needle)):
        try_roll(spec)
    try_roll(parse("10d6rr1e6 4+"))  # rolls fine: nothing raised


@pytest.mark.parametrize("typed", ["1d20 adv+5", "1d20 advantage + 5", "1d20 dis*2"])
def test_a_modifier_after_adv_is_never_suggested_as_a_label(typed: str) -> None:
    with pytest.raises(DiceError) as caught:
        parse(typed)
    message = str(caught.value)
    assert "label" not in message and "#" not in message
    suggested = re.search(r"Did you mean `([^`]+)`", message).group(1)
    assert parse(suggested).canonical.startswith("2d20k")  # the suggestion reads, with the advantage
