"""Load ITS scenario files (YAML) into :class:`~rules.its.scenario.Scenario` models.

A file that does not validate raises :class:`~rules.errors.ContentError` naming the file, the
field and the reason, so a community adding its own scenario can fix it.

>>> library = load_scenarios()
>>> library.get("capture & protect").name
'Capture and Protect'
"""

from __future__ import annotations

import difflib
from pathlib import Path

import yaml
from pydantic import ValidationError

from rules.errors import ContentError, NotFoundError
from rules.its.scenario import Scenario, ScenarioKind, normalise_name

DEFAULT_SCENARIO_DIR = Path(__file__).resolve().parents[2] / "data" / "its" / "scenarios"


def load_scenario(path: Path | str) -> Scenario:
    """Read and validate one scenario file.

    >>> load_scenario(DEFAULT_SCENARIO_DIR / "acquisition.yaml").kind.value
    'its'
    """
    path = Path(path)
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(f"{path.name}: cannot be read ({exc.strerror}).") from exc
    except yaml.YAMLError as exc:
        raise ContentError(f"{path.name}: is not valid YAML ({exc}).") from exc
    if not isinstance(raw, dict):
        raise ContentError(f"{path.name}: should hold a mapping of scenario fields.")
    try:
        return Scenario.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "(top level)"
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise ContentError(f"{path.name}: field {field}: {first['msg']}{more}.") from exc


class ScenarioLibrary:
    """Every loaded scenario, looked up by id, name or alias (case and punctuation ignored)."""

    def __init__(self, scenarios: list[Scenario]) -> None:
        self._by_id = {s.id: s for s in sorted(scenarios, key=lambda s: s.name)}
        self._keys: dict[str, str] = {}
        for scenario in self._by_id.values():
            for key in (scenario.id, scenario.name, *scenario.aliases):
                self._keys.setdefault(normalise_name(key), scenario.id)

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._by_id.values())

    def ids(self) -> list[str]:
        return list(self._by_id)

    def of_kind(self, kind: ScenarioKind) -> list[Scenario]:
        return [s for s in self._by_id.values() if s.kind is kind]

    def get(self, name: str) -> Scenario:
        """The scenario called ``name``; raises NotFoundError with close matches if none is."""
        key = normalise_name(name)
        if key in self._keys:
            return self._by_id[self._keys[key]]
        close = difflib.get_close_matches(key, list(self._keys), n=3, cutoff=0.6)
        names = sorted({self._by_id[self._keys[c]].name for c in close})
        hint = f" Did you mean {', '.join(names)}?" if names else ""
        raise NotFoundError(f"No ITS scenario called {name!r}.{hint}")

    def search(self, text: str, limit: int = 25) -> list[Scenario]:
        """Scenarios whose name or alias contains ``text`` (for autocomplete)."""
        key = normalise_name(text)
        hits = [
            s
            for s in self._by_id.values()
            if any(key in normalise_name(k) for k in (s.id, s.name, *s.aliases))
        ]
        return hits[:limit]


def load_scenarios(directory: Path | str | None = None) -> ScenarioLibrary:
    """Load every ``*.yaml`` file in ``directory`` (default ``data/its/scenarios``)."""
    folder = Path(directory) if directory is not None else DEFAULT_SCENARIO_DIR
    if not folder.is_dir():
        raise ContentError(f"{folder}: no such scenario folder.")
    scenarios: list[Scenario] = []
    seen: dict[str, str] = {}
    for path in sorted(folder.glob("*.yaml")):
        scenario = load_scenario(path)
        if scenario.id in seen:
            raise ContentError(
                f"{path.name}: field id: {scenario.id!r} is already used by {seen[scenario.id]}."
            )
        seen[scenario.id] = path.name
        scenarios.append(scenario)
    return ScenarioLibrary(scenarios)


def load_scenarios_tolerant(directory: Path | str | None = None) -> tuple[ScenarioLibrary, list[str]]:
    """Like :func:`load_scenarios`, but skip files that do not validate and return their errors.

    The bot uses this, so one community file with a typo never hides every other scenario.

    >>> library, errors = load_scenarios_tolerant()
    >>> len(library), errors
    (25, [])
    """
    folder = Path(directory) if directory is not None else DEFAULT_SCENARIO_DIR
    if not folder.is_dir():
        return ScenarioLibrary([]), [f"{folder}: no such scenario folder."]
    scenarios: list[Scenario] = []
    errors: list[str] = []
    seen: dict[str, str] = {}
    for path in sorted(folder.glob("*.yaml")):
        try:
            scenario = load_scenario(path)
        except ContentError as exc:
            errors.append(exc.message)
            continue
        if scenario.id in seen:
            errors.append(f"{path.name}: field id: {scenario.id!r} is already used by {seen[scenario.id]}.")
            continue
        seen[scenario.id] = path.name
        scenarios.append(scenario)
    return ScenarioLibrary(scenarios), errors
