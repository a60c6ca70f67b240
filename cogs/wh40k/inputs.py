"""Reading /40k's options: a saved profile's name or a line, and the autocomplete for both.

A weapon or target option holds either a line (``A4 BS3+ S5 AP-1 D2, lethal hits``) or the
name of a saved profile the player may use (their own first, then the server's). Every mistake
is the engine's :class:`~rules.wh40k.ProfileError`, which points at the part that is wrong.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, replace
from enum import StrEnum

import discord

from bot.storage.profiles import AttackProfile, SqliteAttackProfileRepository, name_key
from bot.text import public
from cogs.wh40k import army
from rules.i18n import Text, _
from rules.wh40k import ProfileError, Situation, Target, Weapon, parse_target, parse_weapon
from rules.wh40k.attack import best_weapon
from rules.wh40k.cost import check_odds_cost

# Re-exported for commands.py and replies.py: which edition applies is a rule (rules/wh40k/editions.py).
from rules.wh40k.editions import EditionUsed as EditionUsed
from rules.wh40k.editions import edition_for as edition_for
from rules.wh40k.profiles import (
    Edition,
    Unit,
    attach,
    parse_edition,
    parse_unit,
    suggest_weapon_line,
)

MAX_PROFILE_NAME = 40
_NAME = re.compile(r"^[^\W_][\w '.()/-]*$")
_SITUATION_WORDS = ["half range", "charged", "stationary", "cover"]
EXAMPLE_WEAPON = "A4 BS3+ S5 AP-1 D2, lethal hits"
EXAMPLE_TARGET = "T4 Sv3+ W2 x5 inv5+"


class Kind(StrEnum):
    """What a saved profile holds."""

    WEAPON = "weapon"
    TARGET = "target"
    UNIT = "unit"


EDITION_CHOICES = [e.value for e in Edition]


@dataclass(frozen=True)
class Read:
    """A weapon, unit or target as read from an option; the saved profile it came from, if any,
    and the edition that profile was saved for (``None``: not saved with one)."""

    profile: Weapon | Target | Unit
    name: str | None
    edition: Edition | None = None
    plain_name: str | None = None
    """``name`` for a picture, when ``name`` carries markdown escapes (a roster's unit)."""
    found: army.Found | None = None
    """The unit of an army list it came from, if any."""
    notes: tuple[Text, ...] = ()
    """What Herald chose for the player (which melee weapon a model fights with)."""
    listed: bool = False
    """A unit of an imported army list (its edition is the list's), not a saved profile."""

    @property
    def weapon(self) -> Weapon:
        assert isinstance(self.profile, Weapon)
        return self.profile

    @property
    def unit(self) -> Unit:
        """The weapon or unit as a unit (one line for a weapon)."""
        if isinstance(self.profile, Weapon):
            return Unit(weapons=(self.profile,), text=self.profile.text)
        assert isinstance(self.profile, Unit)
        return self.profile

    @property
    def target(self) -> Target:
        assert isinstance(self.profile, Target)
        return self.profile

    def label(self, limit: int = 28) -> str:
        text = self.name or self.profile.describe()
        return text if len(text) <= limit else text[: limit - 1] + "…"

    def chart_label(self, limit: int = 28) -> str:
        """:meth:`label` for the odds chart: no markdown escapes."""
        text = self.plain_name or self.name or self.profile.describe()
        return text if len(text) <= limit else text[: limit - 1] + "…"


def repository(interaction: discord.Interaction) -> SqliteAttackProfileRepository:
    return interaction.client.attack_profiles  # type: ignore[attr-defined,no-any-return]


def guild_of(interaction: discord.Interaction) -> int:
    """Profiles are kept per server; direct messages share the key 0."""
    return interaction.guild_id or 0


def parse(kind: Kind, line: str, *, saved: bool = False) -> Weapon | Target | Unit:
    """A saved profile's or an option's line read as ``kind``; a weapon option may hold a unit.
    A ``saved`` line may be one Herald stored when it wrote a flat 6 damage as ``D6``: read it so."""
    if kind is Kind.TARGET:
        return parse_target(line)
    if kind is Kind.UNIT or ";" in line:
        unit = parse_unit(line, flat_d6=saved)
        return unit.weapons[0] if kind is Kind.WEAPON and len(unit.weapons) == 1 else unit
    return parse_weapon(line, flat_d6=saved)


#: The refusal of a saved profile of the wrong kind, by (saved kind, option).
WRONG_KIND = {
    (Kind.TARGET, Kind.WEAPON): lambda name: _(
        "`{name}` is a saved target profile; the weapon option needs a weapon or unit line or profile.",
        name=name,
    ),
    (Kind.WEAPON, Kind.TARGET): lambda name: _(
        "`{name}` is a saved weapon profile; the target option needs a target line or profile.", name=name
    ),
    (Kind.UNIT, Kind.TARGET): lambda name: _(
        "`{name}` is a saved unit profile; the target option needs a target line or profile.", name=name
    ),
    (Kind.WEAPON, Kind.UNIT): lambda name: _(
        "`{name}` is a saved weapon profile; the unit option needs a unit line or profile.", name=name
    ),
    (Kind.TARGET, Kind.UNIT): lambda name: _(
        "`{name}` is a saved target profile; the unit option needs a unit line or profile.", name=name
    ),
}


def _accepts(option: Kind, saved: str) -> bool:
    # the weapon option takes a saved weapon or a saved unit
    return saved == option.value or (option is Kind.WEAPON and saved == Kind.UNIT.value)


def _edition(saved: str | None) -> Edition | None:
    return parse_edition(saved) if saved else None


async def read(interaction: discord.Interaction, kind: Kind, text: str) -> Read:
    """The weapon (or unit) or target an option names: a saved profile's line, the option as a line,
    or a unit of the player's imported army lists."""
    if text and len(text) <= MAX_PROFILE_NAME and name_key(text):
        found = await repository(interaction).find(
            guild_id=guild_of(interaction), user_id=interaction.user.id, name=text
        )
        if found is not None:
            if not _accepts(kind, found.kind):
                raise ProfileError(WRONG_KIND[(Kind(found.kind), kind)](found.name))
            return Read(parse(Kind(found.kind), found.line, saved=True), found.name, _edition(found.edition))
    try:
        return Read(parse(kind, text), None)
    except ProfileError as error:
        unit = await army.find(interaction, text)  # not a line: a unit of the player's army lists?
        if unit is not None:
            return army_read(kind, unit)
        pair = await _pair(interaction, text)
        if pair is not None:
            return attached_read(kind, *pair)
        if text.strip() and len(text) <= MAX_PROFILE_NAME and not any(ch.isdigit() for ch in text):
            either = (
                _(
                    "There is no saved target profile called `{name}` either: "
                    "`/40k profile list` shows the ones you can use.",
                    name=text,
                )
                if kind is Kind.TARGET
                else _(
                    "There is no saved weapon profile called `{name}` either: "
                    "`/40k profile list` shows the ones you can use.",
                    name=text,
                )
            )
            raise ProfileError(_("{error}\n{either}", error=error.text, either=either)) from None
        raise


def army_read(kind: Kind, found: army.Found) -> Read:
    """A unit of an imported list as the weapon (its volley, or one weapon) or as the target, with
    the edition its list was built for (when its file said)."""
    edition = _edition(found.edition)
    if kind is Kind.TARGET:
        switched = tuple(
            _(
                "{key} ({ability}): {effect} on every model of {unit}.",
                key=o.key,
                ability=public(o.name),
                effect=o.effect,
                unit=public(found.unit.name),
            )
            for o in found.unit.options
            if o.key in found.options
        )
        return Read(
            parse(kind, found.target_text()),
            found.label(),
            edition,
            plain_name=found.plain_label(),
            notes=switched,
            listed=True,
        )
    with contextlib.suppress(ProfileError):  # an engine that reads weapon names: "Ember carbine: A2 ..."
        return Read(
            parse(kind, found.weapon_text(named=True)),
            found.label(),
            edition,
            found.plain_label(),
            found,
            listed=True,
        )
    text = found.weapon_text()
    try:
        return Read(
            parse(kind, text),
            found.label(),
            edition,
            plain_name=found.plain_label(),
            found=found,
            listed=True,
        )
    except ProfileError as error:
        if ";" not in text:
            raise
        # Past the unit limits (lines, attacks): offer the unit's weapons one by one.
        weapons = found.unit.volley_weapons(melee=found.melee)
        names = ", ".join(f"`{found.unit.name}: {w.name}`" for w in weapons)
        raise ProfileError(
            _(
                "{unit} cannot fire as one volley: {error}\nPick one of its {n} weapons: {names}",
                unit=public(found.label()),
                error=error.text,
                n=len(weapons),
                names=names,
            )
        ) from None


def fight_with_best(read: Read, target: Target, situation: Situation, edition: Edition) -> Read:
    """A roster unit's melee volley with, for each kind of model that chooses between melee
    weapons, the one that deals this target the most wounds on average (said in ``notes``).
    Heavy enough to run off the event loop; anything else comes back as it was."""
    found = read.found
    if found is None or not found.melee or found.weapon is not None:
        return read
    choices = found.unit.melee_choices()
    if not choices:
        return read
    picks: list[str] = []
    notes: list[Text] = []
    for group, weapons in choices.items():
        lines = [parse_weapon(w.line()) for w in weapons]
        try:
            for line in lines:
                check_odds_cost(line, target, situation)
        except ProfileError:  # too big to compare exactly: the roster's own pick stands
            picks.append(weapons[0].name)
            continue
        best, means = best_weapon(lines, target, situation, edition=edition)
        picks.append(weapons[best].name)
        others = tuple(
            _("{weapon} {wounds}", weapon=w.name, wounds=float(m))
            for i, (w, m) in enumerate(zip(weapons, means, strict=True))
            if i != best
        )
        # The wounds are floats: the edge writes them the reader's way, with two decimals.
        notes.append(
            _(
                "Each {model} fights with its {weapon}: {wounds} wounds expected against this target "
                "({others}).",
                model=group or found.unit.name,
                weapon=weapons[best].name,
                wounds=float(means[best]),
                others=others,
            )
        )
    text = found.unit.volley(melee=True, named=True, picks=tuple(picks))
    return replace(read, profile=parse(Kind.WEAPON, text), notes=(*read.notes, *notes))


PAIR = " + "
"""Between a Bodyguard unit and the Leader attached to it: ``Ash Wardens + Lantern Seer``."""


async def _pair(interaction: discord.Interaction, text: str) -> tuple[army.Found, army.Found] | None:
    """``Unit + Leader``: two units of the player's lists, or ``None`` when the text is not that."""
    parts = [p.strip() for p in " ".join(text.split()).split(PAIR)]
    if len(parts) != 2 or not all(parts) or len(text) > 2 * army.MAX_REFERENCE + len(PAIR):
        return None
    guard = await army.find(interaction, parts[0])
    leader = await army.find(interaction, parts[1]) if guard is not None else None
    if guard is None or leader is None:
        return None
    if guard.weapon is not None or leader.weapon is not None:
        raise ProfileError(
            _("A Leader and its Bodyguard are two whole units (`Unit + Leader`), not one weapon of each.")
        )
    if name_key(guard.unit.name) == name_key(leader.unit.name) and guard.list_name == leader.list_name:
        raise ProfileError(
            _(
                "{unit} can't lead itself: name the Bodyguard unit, then its Leader.",
                unit=public(guard.label()),
            )
        )
    return guard, leader


def attached_read(kind: Kind, guard: army.Found, leader: army.Found) -> Read:
    """A Leader attached to its Bodyguard: as the target, one unit of both (the Bodyguard's T,
    wounds to its models first, Precision reaching the Leader); as the weapon, both volleys.
    Each unit is read as :func:`army_read` reads it alone."""
    name = f"{guard.label()}{PAIR}{leader.label()}"
    plain = f"{guard.plain_label()}{PAIR}{leader.plain_label()}"
    first = army_read(kind, guard)
    second = army_read(kind, leader)
    if kind is Kind.TARGET:
        led = parse_target(leader.unit.leader_line(guard.unit, leader.options))
        target = attach(first.target, led, bodyguard_name=guard.unit.name, leader_name=leader.unit.name)
        notes = (
            (
                _(
                    "{leader} has {words} while leading {unit}.",
                    leader=public(leader.unit.name),
                    words=guard.unit.guards,
                    unit=public(guard.unit.name),
                ),
            )
            if guard.unit.guards
            else ()
        )
        return Read(target, name, first.edition or second.edition, plain_name=plain, notes=notes, listed=True)
    text = f"{first.unit.describe()}; {second.unit.describe()}"
    return Read(parse(Kind.UNIT, text), name, first.edition or second.edition, plain_name=plain, listed=True)


def check_name(name: str, kind: Kind) -> str:
    """A profile name as it will be kept; :class:`ProfileError` if it can't be one."""
    name = " ".join(name.split())
    if not name or len(name) > MAX_PROFILE_NAME:
        raise ProfileError(_("A profile name has 1 to {n} characters.", n=MAX_PROFILE_NAME))
    if not _NAME.match(name):
        raise ProfileError(
            _(
                "`{name}` can't be a profile name: use letters, digits, spaces and `' . ( ) / -`, "
                "starting with a letter or digit.",
                name=name,
            )
        )
    try:
        parse(kind, name)
    except ProfileError:
        return name
    raise ProfileError(
        _(
            "`{name}` reads as a {kind} line itself: pick a name, such as `bolt rifle`.",
            name=name,
            kind=kind.value,
        )
    )


def _shown(profile: AttackProfile) -> tuple[str, str]:
    where = " (server)" if profile.server_wide else ""
    return f"{profile.name}{where} · {profile.line}", profile.name


async def saved_choices(interaction: discord.Interaction, kind: Kind, current: str) -> list[tuple[str, str]]:
    """The saved profiles of ``kind`` whose names contain what is typed, starts first."""
    if len(current) > MAX_PROFILE_NAME:
        return []
    usable = await repository(interaction).usable(
        guild_id=guild_of(interaction), user_id=interaction.user.id, kind=kind.value
    )
    key = name_key(current)
    starts = [p for p in usable if name_key(p.name).startswith(key)]
    inside = [p for p in usable if key in name_key(p.name) and p not in starts]
    return [_shown(p) for p in starts + inside]


async def weapon_choices(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
    """Saved weapons and units by name, units of imported lists, then the line completed with the
    ability being typed."""
    pairs = await pair_choices(interaction, current, target=False)
    if pairs:
        return pairs
    weapons = await saved_choices(interaction, Kind.WEAPON, current)
    found = (weapons + await saved_choices(interaction, Kind.UNIT, current))[:10]
    found += await army.weapon_choices(interaction, current)
    key = name_key(current)
    found.sort(key=lambda choice: not name_key(choice[1]).startswith(key))  # `Gh`: Ghazghkull first
    if not current.strip():
        return [*found, (f"example: {EXAMPLE_WEAPON}", EXAMPLE_WEAPON)]
    return found + [(line, line) for line in suggest_line(current)]


def suggest_line(current: str, width: int = 100) -> list[str]:
    """A weapon or unit line completed with the ability being typed in its last weapon line."""
    head, semicolon, last = current.rpartition(";")
    if not semicolon:
        return suggest_weapon_line(current, width=width)
    prefix = f"{head.rstrip()}; "
    room = width - len(prefix)
    if room < 20:
        return []
    return [prefix + line for line in suggest_weapon_line(last, width=room)]


async def pair_choices(
    interaction: discord.Interaction, current: str, *, target: bool
) -> list[tuple[str, str]]:
    """``Unit + Lea``: the units of the player's lists that may lead the one named first, as their
    Leader abilities say; when the lists carry no leader data, every other unit, Characters first.
    Empty when ``current`` is not ``Unit + ...`` (then the usual choices are offered)."""
    head, plus, tail = current.rpartition(PAIR.rstrip())
    head = head.strip()
    if not plus or not head:
        return []
    found = []
    for entry, leads in await army.leader_choices(interaction, head, tail.strip()):
        if target and entry.target is None:
            continue  # no T, Sv and W in its file: it can't join a target
        reference = f"{entry.list_name} / {entry.name}" if entry.shared else entry.name
        choice = f"{head}{PAIR}{reference}"
        if len(choice) > army.MAX_CHOICE_VALUE:
            continue
        label = (
            f"{head} led by {entry.name} · {entry.target}" if target else f"{head} and {entry.name} together"
        )
        character = "character" in (entry.target or "").split()
        found.append(((not leads, not character), label[:100], choice))
    found.sort(key=lambda c: c[0])
    return [(label, value) for _, label, value in found]


async def target_choices(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
    pairs = await pair_choices(interaction, current, target=True)
    if pairs:
        return pairs
    found = await saved_choices(interaction, Kind.TARGET, current)
    found += await army.target_choices(interaction, current)
    if not current.strip():
        return [*found, (f"example: {EXAMPLE_TARGET}", EXAMPLE_TARGET)]
    return found


def situation_choices(current: str) -> list[tuple[str, str]]:
    """The situation line completed with the conditions not yet in it."""
    head, _, fragment = current.rpartition(",")
    fragment = fragment.strip().lower()
    present = {" ".join(p.split()).lower() for p in head.split(",")} if head else set()
    prefix = f"{head.strip()}, " if head.strip() else ""
    return [
        (prefix + word, prefix + word)
        for word in _SITUATION_WORDS
        if word not in present and word.startswith(fragment)
    ]
