"""`make bench` keeps its figures and compares them with a baseline (issue 33, item 2)."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

from tests.bench import record
from tests.bench.record import Figures, compare, print_comparison


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(record).failed == 0


def test_figures_round_trip_through_json(tmp_path: Path) -> None:
    figures = Figures()
    figures.add("/roll 4d6kh3", 0.41, 0.78, 2)
    figures.add("start-up", 120.0, 400.0, 1000)
    path = tmp_path / "bench" / "latest.json"
    figures.save(path)
    data = json.loads(path.read_text())
    assert data["cases"]["/roll 4d6kh3"] == {"p50": 0.41, "p99": 0.78, "target": 2}
    assert "when" in data["meta"]
    assert Figures.load(path).cases == figures.cases


def test_a_case_keeps_the_json_size_of_its_card(tmp_path: Path) -> None:
    from tests.bench.__main__ import card_bytes

    class Sent:
        components = [{"type": 17, "components": [{"type": 10, "content": "## Roll"}]}]
        embeds: list = []
        content = ""

    class Reply:
        messages = [Sent()]
        edited: list = []

    size = card_bytes(Reply())
    assert size is not None and size > len("## Roll") and card_bytes(object()) is None
    figures = Figures()
    figures.add("/roll 4d6kh3", 0.41, 0.78, 2, calls=1000, card_bytes=size)
    figures.save(tmp_path / "f.json")
    assert Figures.load(tmp_path / "f.json").cases["/roll 4d6kh3"]["card_bytes"] == size


def test_a_case_is_a_regression_when_much_slower_or_past_its_target() -> None:
    old = Figures({"fast": {"p99": 1.0}, "steady": {"p99": 10.0}, "target": {"p99": 1.0}})
    new = Figures(
        {
            "fast": {"p99": 1.6, "target": None},  # 1.6x: slower than the 1.5x allowed
            "steady": {"p99": 14.0, "target": 50},  # 1.4x and under target: fine
            "target": {"p99": 1.2, "target": 1.0},  # only 1.2x, but past its target
            "new": {"p99": 3.0, "target": None},  # not in the baseline: no ratio, no regression
        }
    )
    rows = {row.name: row for row in compare(new, old)}
    assert rows["fast"].regression == "slower 1.60x"
    assert rows["steady"].regression is None
    assert rows["target"].regression == "past target 1 ms"
    assert rows["new"].ratio is None and rows["new"].regression is None


def test_the_comparison_counts_regressions(capsys) -> None:
    old = Figures({"a": {"p99": 1.0}, "b": {"p99": 1.0}})
    new = Figures({"a": {"p99": 2.0, "target": None}, "b": {"p99": 1.0, "target": None}})
    assert print_comparison(compare(new, old), Path("baseline.json")) == 1
    out = capsys.readouterr().out
    assert "REGRESSION: slower 2.00x" in out
    assert "1 regression(s) in 2 case(s)" in out


def test_a_case_of_few_calls_is_compared_by_its_median() -> None:
    """Thirty calls: the p99 is the one slowest call, so an outlier there is no regression, a
    slower median is, and the target still holds the p99."""
    old = Figures({"parse": {"p50": 40.0, "p99": 45.0}, "odds": {"p50": 10.0, "p99": 11.0}})
    new = Figures(
        {
            "parse": {"p50": 42.0, "p99": 70.0, "target": 200, "calls": 30},  # one slow call
            "odds": {"p50": 16.0, "p99": 17.0, "target": 15, "calls": 30},  # slower all through
        }
    )
    rows = {row.name: row for row in compare(new, old)}
    parse = rows["parse"]
    assert (parse.measure, round(parse.ratio, 2), parse.regression) == ("p50", 1.05, None)
    assert rows["odds"].regression == "slower 1.60x; past target 15 ms"
