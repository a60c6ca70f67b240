"""Every docstring example in rules/ runs as a test, so the examples stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import rules

MODULES = sorted(m.name for m in pkgutil.walk_packages(rules.__path__, "rules."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_the_engines_have_examples() -> None:
    tried = sum(doctest.testmod(importlib.import_module(n), optionflags=doctest.ELLIPSIS)[1] for n in MODULES)
    assert tried >= 50
