"""Reading content files: YAML validated by a pydantic model, errors naming file, field and reason.

Every game's data (scenarios, decks, topics, bosses) is YAML in ``data/`` that communities may
extend, so a bad file must say exactly what is wrong with it.

>>> from pydantic import BaseModel
>>> class Thing(BaseModel):
...     size: int
>>> problems_text(Thing, {"size": "big"})
'field size: Input should be a valid integer, unable to parse string as an integer'
"""

from __future__ import annotations

import functools
import pickle
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from rules.errors import ContentError

M = TypeVar("M", bound=BaseModel)


def field_path(loc: tuple[Any, ...] | list[Any]) -> str:
    """A pydantic error location as a dotted path (``objectives.0.points``)."""
    return ".".join(str(part) for part in loc) or "(top level)"


def describe_problems(error: ValidationError, *, prefix: str = "") -> str:
    """Every problem of a validation error as ``field x.y: reason``, joined by semicolons."""
    return "; ".join(
        f"field {prefix}{field_path(e['loc'])}: {e['msg']}" for e in error.errors(include_url=False)
    )


def problems_text(model: type[BaseModel], data: Any) -> str:
    """The problems ``data`` has as a ``model`` ('' when it validates)."""
    try:
        model.model_validate(data)
    except ValidationError as error:
        return describe_problems(error)
    return ""


#: libyaml's parser when PyYAML was built with it: the same safe types, ten times faster.
_FAST_LOADER = getattr(yaml, "CSafeLoader", None)


@functools.lru_cache(maxsize=1024)
def _parsed(text: str) -> bytes:
    try:
        data = yaml.load(text, Loader=_FAST_LOADER) if _FAST_LOADER else yaml.safe_load(text)
    except yaml.YAMLError:
        # The pure-Python parser decides and words the error, as it always has.
        data = yaml.safe_load(text)
    return pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)


def parse_yaml(text: str) -> Any:
    """``yaml.safe_load(text)``, parsed once per process for each distinct text.

    Every bot start (and every test's driver) reads the same content files; parsing YAML in pure
    Python is most of that cost. The cache is keyed by the text itself, so an edited file is parsed
    again, and each call gets its own copy (unpickled), so no caller can change what another sees.
    Errors are not cached: a broken file raises ``yaml.YAMLError`` on every call.

    >>> first = parse_yaml("a: [1, 2]")
    >>> first["a"].append(3)
    >>> parse_yaml("a: [1, 2]")
    {'a': [1, 2]}
    """
    return pickle.loads(_parsed(text))


def read_yaml(path: Path) -> dict[str, Any]:
    """The mapping at the top of a YAML file; ContentError when unreadable, invalid or not a mapping."""
    try:
        raw = parse_yaml(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(f"{path}: cannot be read ({exc.strerror or exc}).") from exc
    except yaml.YAMLError as exc:
        raise ContentError(f"{path}: is not valid YAML ({exc}).") from exc
    if not isinstance(raw, dict):
        raise ContentError(f"{path}: should hold a mapping of fields at the top level.")
    return raw


def read_model(path: Path, model: type[M]) -> M:
    """Read one YAML file and validate it as ``model``; ContentError names file, field and reason."""
    raw = read_yaml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise ContentError(f"{path}: {describe_problems(exc)}.") from exc
