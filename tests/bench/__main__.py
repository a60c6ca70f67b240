"""Run every benchmark case and print p50/p99 per command, start-up time and sizes.

``python -m tests.bench [NAME ...]`` runs the cases whose names contain one of the NAMEs (all of
them without any) and writes every figure to ``out/bench/latest.json``. ``--compare FILE`` then
prints each case's ratio to that earlier run and marks a regression: a case more than 1.5x slower
than there, or past its target. ``--strict`` makes a regression (or a failed case) exit non-zero.
A baseline of a quiet run is kept in ``tests/bench/baseline.json`` so the next round can compare.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import json
import logging
import pkgutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bot.app import create_bot
from bot.offline import OfflineDriver
from bot.settings import Settings
from tests import bench
from tests.bench import Case, FigureCase, SizeCase, mismatch
from tests.bench.record import Figures, compare, print_comparison


def _percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))
    return ordered[index]


def card_bytes(result: object) -> int | None:
    """The JSON size of the largest message a reply sent or edited (its components and flags, as
    Discord receives a card), or None when the case's result is no reply."""
    messages = [*getattr(result, "messages", []), *getattr(result, "edited", [])]
    said = [{"components": m.components, "embeds": m.embeds, "content": m.content} for m in messages]
    sizes = [len(json.dumps(one)) for one in said]
    return max(sizes) if sizes else None


def _mark(value: float, target: float | None) -> str:
    if target is None:
        return ""
    return f"(target < {target:g}: {'ok' if value < target else 'MISSED'})"


def _cases() -> list[Case | SizeCase | FigureCase]:
    found: list[Case | SizeCase | FigureCase] = []
    for info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if info.name.startswith("cases_"):
            module = importlib.import_module(f"tests.bench.{info.name}")
            found.extend(module.CASES)
    return found


async def _startup(directory: Path, runs: int = 5) -> list[float]:
    times = []
    for i in range(runs):
        started = time.perf_counter()
        bot = create_bot(Settings(database_path=directory / f"startup-{i}.sqlite3", _env_file=None))
        await bot._async_setup_hook()
        await bot.setup_hook()
        times.append((time.perf_counter() - started) * 1000)
        await bot.close()
    return times


async def main(selected: list[str], figures: Figures) -> int:
    directory = Path(tempfile.mkdtemp(prefix="herald-bench-"))
    if not selected or any(s in "start-up" for s in selected):
        startup = await _startup(directory)
        label = "start-up (create_bot + setup_hook, empty db)"
        print(
            f"{label:<48} median {statistics.median(startup):8.1f} ms "
            f"max {max(startup):8.1f} ms {_mark(max(startup), 1000)}"
        )
        figures.add("start-up", statistics.median(startup), max(startup), 1000, calls=len(startup))
    driver = await OfflineDriver.open(directory / "bench.sqlite3", rng_seed=7)
    cases = _cases()
    # The cases' own fixtures (512-player events, boss fight states) are built at import and live
    # for the whole run; frozen, they stay out of the garbage collections the loop probes measure,
    # which then reflect the bot's own heap.
    gc.collect()
    gc.freeze()
    failed: list[str] = []
    incidents = _Incidents()
    logging.getLogger().addHandler(incidents)
    try:
        for case in cases:
            if selected and not any(s in case.name for s in selected):
                continue
            # What earlier cases left (the offline driver keeps every message it was sent: tens of
            # thousands by the end) is frozen too, so no case pays for scanning another's heap in
            # its garbage collections: a bot keeps no such history.
            gc.collect()
            gc.freeze()
            if isinstance(case, FigureCase):
                for label, figure in await case.measure(driver):
                    print(f"{case.name + ': ' + label:<48} {figure}")
                    figures.printed[f"{case.name}: {label}"] = figure
                continue
            if isinstance(case, SizeCase):
                samples, size = [], 0
                await asyncio.to_thread(case.make)  # warms up (fonts, caches) and is not timed, as in Case
                for _ in range(case.calls):
                    started = time.perf_counter()
                    data = await asyncio.to_thread(case.make)
                    samples.append((time.perf_counter() - started) * 1000)
                    size = len(data)
                p99 = _percentile(samples, 99)
                print(
                    f"{case.name:<48} p50 {_percentile(samples, 50):8.2f} ms  p99 {p99:8.2f} ms "
                    f"{_mark(p99, case.target_ms)}  size {size / 1024:7.1f} KB "
                    f"{_mark(size / 1024, case.target_kb)}"
                )
                figures.add(case.name, _percentile(samples, 50), p99, case.target_ms, calls=case.calls)
                continue
            context = await case.setup(driver) if case.setup else None
            samples = []
            wrong = None
            for _ in range(case.calls + 1):  # the first call warms up and is not timed
                if case.prepare is not None:
                    await case.prepare(driver, context)
                started = time.perf_counter()
                result = await case.run(driver, context)
                elapsed = (time.perf_counter() - started) * 1000
                wrong = mismatch(case, result)
                if wrong is not None:
                    break
                samples.append(elapsed)
            if wrong is not None:
                failed.append(case.name)
                print(f"{case.name:<48} FAILED: not what the case claims to time: {wrong}")
                continue
            samples = samples[1:]
            p99 = _percentile(samples, 99)
            size = card_bytes(result)
            print(
                f"{case.name:<48} p50 {_percentile(samples, 50):8.2f} ms  p99 {p99:8.2f} ms "
                f"over {case.calls} calls {_mark(p99, case.target_p99_ms)}"
                + (f"  card {size / 1024:.1f} KB" if size is not None else "")
            )
            median = _percentile(samples, 50)
            figures.add(case.name, median, p99, case.target_p99_ms, calls=case.calls, card_bytes=size)
    finally:
        await driver.close()
        logging.getLogger().removeHandler(incidents)
    print(f"{'incidents logged during the run':<48} {len(incidents.records)} (target 0)")
    for record in incidents.records[:10]:
        print(f"    {record.name}: {record.getMessage()[:160]}")
    if failed:
        print(f"FAILED cases ({len(failed)}): {', '.join(failed)}")
    return 1 if failed or incidents.records else 0


class _Incidents(logging.Handler):
    """Every error Herald logs during the run (an incident, a failed task): none is expected."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="run only the cases whose names contain one of these")
    parser.add_argument(
        "--output", type=Path, default=Path("out/bench/latest.json"), help="where to write the figures"
    )
    parser.add_argument("--compare", type=Path, metavar="BASELINE", help="an earlier run's figures file")
    parser.add_argument("--strict", action="store_true", help="exit non-zero when a case regressed")
    args = parser.parse_args(argv)
    figures = Figures()
    status = asyncio.run(main(args.names, figures))
    figures.save(args.output)
    print(f"figures written to {args.output}")
    if args.compare:
        regressions = print_comparison(compare(figures, Figures.load(args.compare)), args.compare)
        if regressions and args.strict:
            status = status or 2
    return status


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
