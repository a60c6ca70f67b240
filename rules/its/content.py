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

from rules.content import read_model
from rules.errors import ContentError, NotFoundError, quote
from rules.i18n import _
from rules.its.scenario import Scenario, ScenarioKind, normalise_name

DEFAULT_SCENARIO_DIR = Path(__file__).resolve().parents[2] / "data" / "its" / "scenarios"


def load_scenario(path: Path | str) -> Scenario:
    """Read and validate one scenario file.

    >>> load_scenario(DEFAULT_SCENARIO_DIR / "acquisition.yaml").kind.value
    'its'
    """
    path = Path(path)
    try:
        return read_model(path, Scenario)
    except ContentError as exc:
        # Name the file only, as community authors see it in the start-up log.
        raise ContentError(str(exc).replace(str(path), path.name, 1)) from exc


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
        if names:
            raise NotFoundError(
                _(
                    "No ITS scenario called '{name}'. Did you mean {names}?",
                    name=quote(name),
                    names=", ".join(names),
                )
            )
        raise NotFoundError(_("No ITS scenario called '{name}'.", name=quote(name)))

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
