"""Army rosters of our own, written in each format New Recruit and BattleScribe export.

Every unit, weapon and number here is invented for the tests (no builder's data is copied). A
roster is built once as the JSON tree (New Recruit's shape) and written out as ``.json``, as
``.ros`` XML and as a zipped ``.rosz``, so the three formats can be checked to read the same.
"""

from __future__ import annotations

import io
import json
import random
import zipfile
from typing import Any
from xml.sax.saxutils import escape, quoteattr

NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
_PLURALS = {"forces", "selections", "profiles", "characteristics", "rules", "categories", "costs"}


def characteristic(name: str, value: object) -> dict[str, Any]:
    return {"name": name, "typeId": f"c-{name.lower()}", "$text": value}


def unit_profile(name: str, t: object, sv: str, w: object) -> dict[str, Any]:
    stats = [("M", '6"'), ("T", t), ("SV", sv), ("W", w), ("LD", "6+"), ("OC", 2)]
    return {
        "name": name,
        "typeName": "Unit",
        "characteristics": [characteristic(k, v) for k, v in stats],
    }


def weapon_profile(
    name: str,
    a: object,
    skill: str,
    s: object,
    ap: object,
    d: object,
    keywords: str = "-",
    *,
    melee: bool = False,
) -> dict[str, Any]:
    stats = [
        ("Range", "Melee" if melee else '24"'),
        ("A", a),
        ("WS" if melee else "BS", skill),
        ("S", s),
        ("AP", ap),
        ("D", d),
        ("Keywords", keywords),
    ]
    return {
        "name": name,
        "typeName": "Melee Weapons" if melee else "Ranged Weapons",
        "characteristics": [characteristic(k, v) for k, v in stats],
    }


def ability(name: str, text: str) -> dict[str, Any]:
    return {"name": name, "typeName": "Abilities", "characteristics": [characteristic("Description", text)]}


def upgrade(name: str, number: int, *profiles: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "type": "upgrade", "number": number, "profiles": list(profiles)}


def ash_wardens(number: int = 9) -> dict[str, Any]:
    """Ten infantry models: a Prime with a two-mode flare lance and nine wardens with carbines."""
    return {
        "name": "Ash Wardens",
        "type": "unit",
        "number": 1,
        "costs": [{"name": "pts", "value": 180}],
        "categories": [{"name": "Infantry"}, {"name": "Battleline"}, {"name": "Faction: Cinder Host"}],
        "rules": [{"name": "Scatter", "description": "This unit may scatter after shooting."}],
        "profiles": [
            unit_profile("Ash Warden", 4, "3+", 2),
            ability("Cinder Ward", "Models in this unit have a 5+ invulnerable save."),
        ],
        "selections": [
            {
                "name": "Ash Warden Prime",
                "type": "model",
                "number": 1,
                "selections": [
                    upgrade(
                        "Flare lance",
                        1,
                        weapon_profile("➤ Flare lance - focused", 1, "3+", 8, -3, "D6", "Melta 2, Lance"),
                        weapon_profile(
                            "➤ Flare lance - scattered", "D6", "N/A", 5, 0, 1, "Torrent, Ignores Cover"
                        ),
                    ),
                    upgrade("Cinder pistol", 1, weapon_profile("Cinder pistol", 1, "3+", 4, 0, 1, "Pistol")),
                    upgrade("Ash blade", 1, weapon_profile("Ash blade", 3, "3+", 4, 0, 1, melee=True)),
                ],
            },
            {
                "name": "Ash Warden",
                "type": "model",
                "number": number,
                "selections": [
                    upgrade(
                        "Ember carbine",
                        number,
                        weapon_profile("Ember carbine", 2, "3+", 4, -1, 1, "Assault, Sustained Hits 1"),
                    ),
                    upgrade(
                        "Cinder pistol", number, weapon_profile("Cinder pistol", 1, "3+", 4, 0, 1, "Pistol")
                    ),
                    upgrade("Ash blade", number, weapon_profile("Ash blade", 3, "3+", 4, 0, 1, melee=True)),
                ],
            },
        ],
    }


def gravel_hulk() -> dict[str, Any]:
    """One walker: a model at the force's top level, its Feel No Pain stated as a rule."""
    return {
        "name": "Gravel Hulk",
        "type": "model",
        "number": 1,
        "costs": [{"name": "pts", "value": 210}],
        "categories": [{"name": "Vehicle"}, {"name": "Walker"}, {"name": "Smoke"}],
        "rules": [{"name": "Feel No Pain 6+", "description": "Ignore a wound on a 6+."}],
        "profiles": [
            unit_profile("Gravel Hulk", 10, "3+", 12),
            weapon_profile("Crushing treads", 6, "4+", 7, 0, 1, melee=True),
        ],
        "selections": [
            upgrade(
                "Quake cannon", 1, weapon_profile("Quake cannon", "D6+1", "4+", 9, -2, 3, "Blast, Heavy")
            ),
            upgrade(
                "Twin rivet gun",
                1,
                weapon_profile(
                    "Twin rivet gun", 3, "4+", 5, 0, 1, "Twin-linked, Anti-Infantry 4+, Indirect Fire"
                ),
            ),
        ],
    }


def lantern_seer() -> dict[str, Any]:
    """A character whose invulnerable save is a profile of its own, with one unreadable weapon."""
    return {
        "name": "Lantern Seer",
        "type": "unit",
        "number": 1,
        "categories": [{"name": "Infantry"}, {"name": "Character"}, {"name": "Psyker"}],
        "profiles": [
            unit_profile("Lantern Seer", 3, "5+", 4),
            ability("Invulnerable Save", "4+"),
        ],
        "selections": [
            {
                "name": "Lantern Seer",
                "type": "model",
                "number": 1,
                "selections": [
                    upgrade(
                        "Glimmer staff",
                        1,
                        weapon_profile(
                            "Glimmer staff", 2, "3+", 5, -1, "D3", "Devastating Wounds, Psychic", melee=True
                        ),
                    ),
                    upgrade("Whisper hex", 1, weapon_profile("Whisper hex", "*", "3+", 6, -1, 2, "Psychic")),
                ],
            }
        ],
    }


def battle_size() -> dict[str, Any]:
    """A selection that is no unit: it must be skipped quietly."""
    return {"name": "Battle Size", "type": "upgrade", "number": 1, "selections": [upgrade("Strike Force", 1)]}


def roster_tree(
    units: list[dict[str, Any]] | None = None, *, name: str = "Cinder Host Patrol", points: int = 500
) -> dict[str, Any]:
    """A whole roster in New Recruit's JSON shape."""
    if units is None:
        units = [battle_size(), ash_wardens(), gravel_hulk(), lantern_seer(), ash_wardens(4)]
    return {
        "roster": {
            "id": "r-1",
            "name": name,
            "generatedBy": "tests",
            "gameSystemName": "Warhammer 40,000",
            "costs": [{"name": "pts", "typeId": "points", "value": points}],
            "forces": [{"name": "Army Roster", "catalogueName": "Cinder Host", "selections": units}],
        }
    }


def as_json(tree: dict[str, Any]) -> bytes:
    return json.dumps(tree, ensure_ascii=False, indent=1).encode()


def _xml(tag: str, node: Any, out: list[str]) -> None:
    attributes = []
    children = []
    text = None
    for key, value in node.items():
        if key == "$text":
            text = str(value)
        elif key in _PLURALS or key == "description":
            children.append((key, value))
        else:
            attributes.append(
                f" {key}={quoteattr(str(value).lower() if isinstance(value, bool) else str(value))}"
            )
    out.append(f"<{tag}{''.join(attributes)}")
    if text is None and not children:
        out.append("/>")
        return
    out.append(">")
    if text is not None:
        out.append(escape(text))
    for key, value in children:
        if key == "description":
            out.append(f"<description>{escape(str(value))}</description>")
            continue
        out.append(f"<{key}>")
        for item in value:
            _xml(key[:-1] if key != "categories" else "category", item, out)
        out.append(f"</{key}>")
    out.append(f"</{tag}>")


def as_ros(tree: dict[str, Any]) -> bytes:
    """The roster as BattleScribe's XML, with the schema's namespace."""
    roster = dict(tree["roster"])
    roster["xmlns"] = NAMESPACE
    out: list[str] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n']
    _xml("roster", roster, out)
    return "".join(out).encode()


def as_rosz(tree: dict[str, Any], *, inner: str = "roster.ros") -> bytes:
    return zipped({inner: as_ros(tree)})


def zipped(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def strike_force(points: int = 2000, seed: int = 40) -> dict[str, Any]:
    """A generated 2,000-point roster: 20 units of invented names, every kind of profile, and as
    much ability and rule text per unit as a builder's export carries (some 10 KB)."""
    rng = random.Random(seed)
    units: list[dict[str, Any]] = [battle_size()]
    spent = 0
    index = 0
    makers = [ash_wardens, gravel_hulk, lantern_seer]
    words = [
        "ember",
        "ash",
        "cinder",
        "ward",
        "scatter",
        "hulk",
        "lantern",
        "seer",
        "glimmer",
        "quake",
        "rivet",
        "flare",
    ]
    while spent < points:
        maker = makers[index % len(makers)]
        unit = maker(rng.choice([4, 9])) if maker is ash_wardens else maker()
        unit["name"] = f"{unit['name']} {chr(65 + index % 26)}{index // 26 or ''}"
        for n in range(12):
            text = " ".join(rng.choice(words) for _ in range(80))
            unit["profiles"].append(ability(f"Invented ability {n}", text))
            unit.setdefault("rules", []).append({"name": f"Invented rule {n}", "description": text})
        units.append(unit)
        spent += 100
        index += 1
    return roster_tree(units, name=f"Strike Force {points}", points=points)
