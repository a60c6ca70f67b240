"""Every docstring example in rules/ runs as a test, so the examples stay true."""

from __future__ import annotations

import doctest
import functools
import importlib
import pkgutil

import pytest

import rules

MODULES = sorted(m.name for m in pkgutil.walk_packages(rules.__path__, "rules."))


@functools.cache
def run_examples(name: str) -> doctest.TestResults:
    """Run a module's examples once per test process: both tests below need the results."""
    return doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failures, _ = run_examples(name)
    assert failures == 0


def test_the_engines_have_examples() -> None:
    tried = sum(run_examples(n).attempted for n in MODULES)
    assert tried >= 50
