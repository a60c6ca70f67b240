"""Load the Boarding Actions missions and mission families, and look missions up.

Mission files are ``data/boarding_actions/missions/<id>.yaml``; a file that does not validate is
reported (file, field, reason) and skipped, so a community's broken file never hides the rest.
``families.yaml`` lists the mission families of the book, saying which ones Herald includes.

>>> library = load_missions_strict()
>>> library.lookup("deck sweeper").name
'Deck Sweepers'
>>> library.by_roll("symmetric", 21).name
'Power Struggle'
>>> library.lookup("D6 2").name
'Pull Their Teeth'
"""

from __future__ import annotations

import contextlib
import re
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from rules.boarding_actions.lookup import MAX_QUERY_CHARS, SEARCH_CUTOFF, NameIndex, key_of
from rules.boarding_actions.missions import Mission, MissionKind
from rules.content import read_model
from rules.errors import ContentError, NotFoundError
from rules.i18n import _

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "boarding_actions"
DEFAULT_MISSION_DIR = DATA_DIR / "missions"
DEFAULT_FAMILIES_FILE = DATA_DIR / "families.yaml"

#: "21", "d33 21", "D6: 4", "roll 3": a mission asked for by its roll value.
_ROLL = re.compile(r"^\s*(?:roll\s*)?(?:(d33|d6)\s*[:=]?\s*)?(\d{1,2})\s*$", re.IGNORECASE)


class MissionFamily(BaseModel):
    """A family of missions in the book; only some are included in Herald."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
    name: str = Field(min_length=1)
    aliases: list[str] = Field(default_factory=list)
    included: bool
    kind: MissionKind | None = None
    """For an included family, the kind of its missions."""
    summary: str = Field(min_length=1)


class FamilyFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    families: list[MissionFamily] = Field(min_length=1)


class MissionLibrary:
    """Every loaded mission, by id, roll value, name or alias (fuzzy)."""

    def __init__(self, missions: list[Mission], families: list[MissionFamily] | None = None) -> None:
        ordered = sorted(missions, key=lambda m: (m.kind is MissionKind.ASYMMETRIC, m.roll))
        self._by_id = {m.id: m for m in ordered}
        self._by_roll = {(m.kind, m.roll): m for m in ordered}
        self.families = list(families or [])
        self._index = NameIndex(
            [(m.name, m.id) for m in ordered]
            + [(alias, m.id) for m in ordered for alias in m.aliases]
            + [(m.id, m.id) for m in ordered]
        )
        self._families = NameIndex(
            [(f.name, f.id) for f in self.families if not f.included]
            + [(a, f.id) for f in self.families if not f.included for a in f.aliases]
        )

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._by_id.values())

    def ids(self) -> list[str]:
        return list(self._by_id)

    def of_kind(self, kind: MissionKind | str) -> list[Mission]:
        """Missions of one kind, in roll order."""
        kind = MissionKind(kind)
        return [m for m in self._by_id.values() if m.kind is kind]

    def get(self, mission_id: str) -> Mission:
        """The mission with this exact id; NotFoundError otherwise."""
        try:
            return self._by_id[mission_id]
        except KeyError:
            raise NotFoundError(_("There is no Boarding Actions mission with the id {id}.",
                                  id=repr(mission_id))) from None

    def by_roll(self, kind: MissionKind | str, value: int) -> Mission:
        """The mission a D33 (symmetric) or D6 (asymmetric) result picks.

        >>> load_missions_strict().by_roll("asymmetric", 6).name
        'Corrupt the Machine Spirit'
        """
        kind = MissionKind(kind)
        found = self._by_roll.get((kind, value))
        if found is None:
            if kind is MissionKind.SYMMETRIC:
                raise NotFoundError(
                    _(
                        "No symmetric mission has the D33 result {value}; use 11-13, 21-23 or 31-33.",
                        value=value,
                    )
                )
            raise NotFoundError(
                _("No asymmetric mission has the D6 result {value}; use 1 to 6.", value=value)
            )
        return found

    def _roll_query(self, text: str) -> Mission | None:
        match = _ROLL.match(text)
        if match is None:
            return None
        die, value = match[1], int(match[2])
        if die:
            kind = MissionKind.SYMMETRIC if die.lower() == "d33" else MissionKind.ASYMMETRIC
        else:
            kind = MissionKind.SYMMETRIC if value >= 10 else MissionKind.ASYMMETRIC
        return self.by_roll(kind, value)

    def lookup(self, text: str) -> Mission:
        """The mission ``text`` names (id, name, alias, a close spelling, or a roll value).

        Raises :class:`NotFoundError` saying what was close, or that a family is not included.

        >>> load_missions_strict().lookup("corupt machine spirit").roll
        6
        """
        text = text.strip()[:MAX_QUERY_CHARS]
        if not text:
            raise NotFoundError(_("Name a mission, for example `Deck Sweepers`, or a roll such as `21`."))
        by_roll = self._roll_query(text)
        if by_roll is not None:
            return by_roll
        exact = self._index.exact(text)
        if exact is not None:
            return self._by_id[exact]
        # A family's name wins over a fuzzy mission: "Dark Depths" is not "Death in the Dark".
        family = self._families.resolve(text)
        if family is not None:
            chosen = next(f for f in self.families if f.id == family)
            raise NotFoundError(
                _(
                    "Not included in Herald: {family}. Only the symmetric (D33) and asymmetric (D6) "
                    "missions are; play the others from the book and keep their score by hand.",
                    family=chosen.name,
                )
            )
        found = self._index.resolve(text)
        if found is not None:
            return self._by_id[found]
        names = [self._by_id[v].name for v in self.suggest(text)]
        if names:
            raise NotFoundError(
                _(
                    "No Boarding Actions mission is called {typed}. Did you mean {names}?",
                    typed=repr(text),
                    names=", ".join(names),
                )
            )
        raise NotFoundError(_("No Boarding Actions mission is called {typed}.", typed=repr(text)))

    def suggest(self, text: str, *, limit: int = 3) -> list[str]:
        """Ids of the missions closest to ``text`` (for "did you mean" buttons)."""
        return self._index.suggest(text, limit=limit)

    def search(self, text: str, *, limit: int = 25) -> list[Mission]:
        """Missions for an autocomplete: all (in roll order) when empty, else the close ones.

        >>> [m.name for m in load_missions_strict().search("power")]
        ['Power Struggle', 'Power the Generators']
        """
        if not key_of(text):
            return list(self._by_id.values())[:limit]
        by_roll = None
        with contextlib.suppress(NotFoundError):
            by_roll = self._roll_query(text)
        if by_roll is not None:
            return [by_roll]
        hits = self._index.search(text, limit=limit, cutoff=SEARCH_CUTOFF)
        return [self._by_id[h.value] for h in hits]

    def choices(self, text: str, *, limit: int = 25) -> list[tuple[str, str]]:
        """``(label, id)`` pairs for a slash-command autocomplete, e.g. ``("21 Power Struggle
        (symmetric)", "power-struggle")``."""
        return [(f"{m.roll} {m.name} ({m.kind.value})", m.id) for m in self.search(text, limit=limit)]

    def not_included(self) -> list[MissionFamily]:
        return [f for f in self.families if not f.included]


class MissionLoad(BaseModel):
    """What :func:`load_missions` found: the missions, and the errors of the files it skipped."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    missions: list[Mission] = Field(default_factory=list)
    families: list[MissionFamily] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)

    @property
    def library(self) -> MissionLibrary:
        return MissionLibrary(self.missions, self.families)


def load_mission(path: Path | str) -> Mission:
    """Read and validate one mission file; ContentError names the file, the field and the reason.

    >>> load_mission(DEFAULT_MISSION_DIR / "strongrooms.yaml").first_turn.value
    'attacker'
    """
    path = Path(path)
    try:
        return read_model(path, Mission)
    except ContentError as exc:
        raise ContentError(str(exc).replace(str(path), path.name, 1)) from exc


def load_families(path: Path = DEFAULT_FAMILIES_FILE) -> list[MissionFamily]:
    """The mission families listed in ``families.yaml``."""
    try:
        return read_model(path, FamilyFile).families
    except ContentError as exc:
        raise ContentError(str(exc).replace(str(path), path.name, 1)) from exc


def load_missions(
    directory: Path = DEFAULT_MISSION_DIR, families_file: Path = DEFAULT_FAMILIES_FILE
) -> MissionLoad:
    """Load every mission file, skipping bad ones (their errors are collected), and refusing a
    second mission with the same id or the same roll value.

    >>> load = load_missions()
    >>> len(load.missions), load.errors
    (15, [])
    """
    result = MissionLoad()
    if not directory.is_dir():
        result.errors.append(f"{directory}: no such mission folder.")
        return result
    ids: dict[str, str] = {}
    rolls: dict[tuple[MissionKind, int], str] = {}
    for path in sorted(directory.glob("*.yaml")):
        try:
            mission = load_mission(path)
        except ContentError as exc:
            result.errors.append(exc.message)
            continue
        if mission.id in ids:
            used = ids[mission.id]
            result.errors.append(f"{path.name}: field id: {mission.id!r} is already used by {used}.")
            continue
        roll = (mission.kind, mission.roll)
        if roll in rolls:
            result.errors.append(
                f"{path.name}: field roll: {mission.kind.die} {mission.roll} already picks {rolls[roll]}."
            )
            continue
        ids[mission.id] = path.name
        rolls[roll] = path.name
        result.missions.append(mission)
    if families_file.exists():
        try:
            result.families = load_families(families_file)
        except ContentError as exc:
            result.errors.append(exc.message)
    return result


def load_missions_strict(
    directory: Path = DEFAULT_MISSION_DIR, families_file: Path = DEFAULT_FAMILIES_FILE
) -> MissionLibrary:
    """Load every mission; raise :class:`ContentError` listing every problem."""
    load = load_missions(directory, families_file)
    if load.errors:
        raise ContentError(" | ".join(load.errors))
    return load.library


@lru_cache(maxsize=1)
def default_library() -> MissionLibrary:
    """The shipped missions, loaded once (bad files skipped)."""
    return load_missions().library
