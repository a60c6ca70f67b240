"""The figures of one ``make bench`` run, kept as JSON, and their comparison with an earlier run.

A figure is one case's timing: ``p50`` and ``p99`` in milliseconds (for start-up, the median and
the maximum), with the case's target when it has one. Comparing two runs gives each case's ratio
of p99 (new over old); a case is a regression when that ratio passes :data:`SLOWER` or when the
new p99 misses its target. A case timed fewer than :data:`FEW_CALLS` times has for p99 its one
slowest call, so its p50 is compared instead (its target still applies to its p99).

>>> old = Figures({"/roll 4d6kh3": {"p50": 1.0, "p99": 1.5, "target": 2.0}})
>>> new = Figures({"/roll 4d6kh3": {"p50": 1.2, "p99": 2.5, "target": 2.0}})
>>> [(row.name, round(row.ratio, 2), row.regression) for row in compare(new, old)]
[('/roll 4d6kh3', 1.67, 'slower 1.67x; past target 2 ms')]
"""

from __future__ import annotations

import json
import platform
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

SLOWER = 1.5
"""A case whose p99 is more than this many times its baseline's is a regression."""
FEW_CALLS = 100
"""Below this many calls a case's p99 is its slowest call, one outlier: in two quiet runs that made
a 30-call roster parse (1.54x) and a 50-call odds case (1.71x) regressions, their p50 unchanged."""


@dataclass
class Figures:
    """Every timed case of one run, by name."""

    cases: dict[str, dict[str, float | None]] = field(default_factory=dict)
    meta: dict[str, str] = field(default_factory=dict)
    #: What the figure cases printed (ratios under load, sizes...), kept as text beside the timings.
    printed: dict[str, str] = field(default_factory=dict)

    def add(
        self,
        name: str,
        p50: float,
        p99: float,
        target: float | None = None,
        calls: int | None = None,
        card_bytes: int | None = None,
    ) -> None:
        """``card_bytes``: the JSON size of the largest card the case's reply sent (issue 40: a
        card never costs more than the embed it replaced), kept beside the timing."""
        self.cases[name] = {"p50": round(p50, 3), "p99": round(p99, 3), "target": target}
        if calls is not None:
            self.cases[name]["calls"] = calls
        if card_bytes is not None:
            self.cases[name]["card_bytes"] = card_bytes

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = {
            "when": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "python": platform.python_version(),
            "machine": platform.machine(),
            **self.meta,
        }
        data = {"meta": meta, "cases": self.cases, "printed": self.printed}
        path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")

    @classmethod
    def load(cls, path: Path) -> Figures:
        data = json.loads(path.read_text())
        return cls(cases=data.get("cases", {}), meta=data.get("meta", {}), printed=data.get("printed", {}))


@dataclass(frozen=True)
class Row:
    name: str
    p99: float
    base_p99: float | None
    ratio: float | None
    regression: str | None
    measure: str = "p99"
    """What the ratio compares: ``p99``, or ``p50`` for a case of few calls."""


def compare(new: Figures, old: Figures) -> list[Row]:
    """One row per case of ``new``: its p99 (or p50), the baseline's, the ratio and why it
    regressed (or None)."""
    rows = []
    for name, figure in new.cases.items():
        calls = figure.get("calls")
        measure = "p50" if calls is not None and calls < FEW_CALLS else "p99"
        value = float(figure.get(measure) or 0.0)
        base = old.cases.get(name)
        base_value = float(base[measure]) if base and base.get(measure) else None
        ratio = value / base_value if base_value else None
        reasons = []
        if ratio is not None and ratio > SLOWER:
            reasons.append(f"slower {ratio:.2f}x")
        target = figure.get("target")
        if target is not None and float(figure["p99"] or 0.0) >= float(target):
            reasons.append(f"past target {float(target):g} ms")
        rows.append(Row(name, value, base_value, ratio, "; ".join(reasons) or None, measure))
    return rows


def print_comparison(rows: list[Row], baseline: Path) -> int:
    """Print the comparison; return the number of regressions."""
    print(f"\nCompared with {baseline} (a regression: more than {SLOWER}x slower, or past its target)")
    regressions = 0
    for row in rows:
        base = f"{row.base_p99:9.2f}" if row.base_p99 is not None else "      new"
        ratio = f"{row.ratio:6.2f}x" if row.ratio is not None else "       "
        mark = f"REGRESSION: {row.regression}" if row.regression else ""
        regressions += bool(row.regression)
        print(f"{row.name:<48} {row.measure} {row.p99:9.2f} ms  baseline {base} ms  {ratio}  {mark}")
    print(f"{regressions} regression(s) in {len(rows)} case(s)")
    return regressions
