from __future__ import annotations

import pytest

from rules.space_infantry import load_boss


@pytest.fixture
def leviathan():
    return load_boss("elder_leviathan")


@pytest.fixture
def crawler():
    return load_boss("siege_crawler")


@pytest.fixture
def queen():
    return load_boss("brood_queen")
