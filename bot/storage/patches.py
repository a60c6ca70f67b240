"""Reverse patches: what an undo needs, instead of a full copy of the state before each step.

``reverse_patch(after, before)`` records only what differs, so that
``apply_patch(after, patch) == before``. A Space Infantry step changes a few numbers in a state
of several kilobytes; its patch is a few dozen bytes.

>>> before = {"turn": 1, "units": [{"name": "Kai", "wounds": 2}], "phase": "setup"}
>>> after = {"turn": 2, "units": [{"name": "Kai", "wounds": 1}], "range": "short"}
>>> patch = reverse_patch(after, before)
>>> apply_patch(after, patch) == before
True
"""

from __future__ import annotations

import copy
from typing import Any

Path = list[str | int]


def reverse_patch(after: Any, before: Any) -> dict[str, list[Any]]:
    """The changes that turn ``after`` back into ``before`` (JSON-like values)."""
    sets: list[list[Any]] = []
    dels: list[Path] = []
    _diff(after, before, [], sets, dels)
    return {"set": sets, "del": dels}


def _diff(after: Any, before: Any, path: Path, sets: list[list[Any]], dels: list[Path]) -> None:
    if type(after) is type(before) and isinstance(after, dict):
        for key in after:
            if key not in before:
                dels.append([*path, key])
        for key, value in before.items():
            if key not in after:
                sets.append([[*path, key], value])
            else:
                _diff(after[key], value, [*path, key], sets, dels)
        return
    if type(after) is type(before) and isinstance(after, list) and len(after) == len(before):
        for index, (a, b) in enumerate(zip(after, before, strict=True)):
            _diff(a, b, [*path, index], sets, dels)
        return
    if type(after) is not type(before) or after != before:
        sets.append([path, before])


def apply_patch(after: Any, patch: dict[str, list[Any]]) -> Any:
    """``after`` with ``patch`` applied (a new value; ``after`` is left as it was)."""
    result = copy.deepcopy(after)
    for path in patch.get("del", []):
        parent = _walk(result, path[:-1])
        del parent[path[-1]]
    for path, value in patch.get("set", []):
        if not path:
            result = copy.deepcopy(value)
            continue
        parent = _walk(result, path[:-1])
        parent[path[-1]] = copy.deepcopy(value)
    return result


def _walk(value: Any, path: Path) -> Any:
    for key in path:
        value = value[key]
    return value
