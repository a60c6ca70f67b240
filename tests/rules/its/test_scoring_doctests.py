"""The docstring examples of the ITS scenario and scoring modules run as tests."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from rules.its import content, scenario, scoring, tiers


@pytest.mark.parametrize("module", [tiers, scenario, content, scoring], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failures == 0
