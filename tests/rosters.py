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


# -- units as real exports shape them (issue 31): mixed models, conditional abilities, leaders --


def model(
    name: str,
    number: int,
    *profiles: dict[str, Any],
    selections: list[dict[str, Any]] | None = None,
    rules: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """A model selection: its own profiles (a Unit profile when its kind differs), wargear."""
    node: dict[str, Any] = {"name": name, "type": "model", "number": number, "profiles": list(profiles)}
    node["selections"] = selections or []
    if rules:
        node["rules"] = rules
    return node


def unit(
    name: str,
    *models: dict[str, Any],
    profiles: list[dict[str, Any]] | None = None,
    rules: list[dict[str, str]] | None = None,
    categories: tuple[str, ...] = ("Infantry",),
    kind: str = "unit",
) -> dict[str, Any]:
    return {
        "name": name,
        "type": kind,
        "number": 1,
        "categories": [{"name": c} for c in categories],
        "rules": rules or [],
        "profiles": profiles or [],
        "selections": list(models),
    }


WAAAGH = {
    "name": "Waaagh!",
    "description": "Once per battle, at the start of your Command phase, you can call a Waaagh!. Until the "
    "start of your next Command phase, models in this unit have a 5+ invulnerable save.",
}


def boyz(*, profiles_on_the_unit: bool = False) -> dict[str, Any]:
    """Nine Boyz (W1) and their Boss Nob (W2); the Waaagh! is theirs only once per battle. One export
    puts each kind's Unit profile on its model, another puts both on the unit, named for them."""
    boy = unit_profile("Boy", 5, "5+", 1)
    nob = unit_profile("Boss Nob", 5, "5+", 2)
    slugga = weapon_profile("Slugga", 1, "5+", 4, 0, 1, "Pistol")
    choppa = weapon_profile("Choppa", 3, "3+", 4, -1, 1, melee=True)
    big_choppa = weapon_profile("Big choppa", 3, "3+", 7, -1, 2, melee=True)
    nob_model = model(
        "Boss Nob",
        1,
        *([] if profiles_on_the_unit else [nob]),
        selections=[upgrade("Slugga", 1, slugga), upgrade("Big choppa", 1, big_choppa)],
    )
    boy_model = model(
        "Boy",
        9,
        *([] if profiles_on_the_unit else [boy]),
        selections=[upgrade("Slugga", 9, slugga), upgrade("Choppa", 9, choppa)],
    )
    return unit(
        "Boyz",
        nob_model,
        boy_model,
        profiles=[nob, boy] if profiles_on_the_unit else [],
        rules=[WAAAGH],
        categories=("Infantry", "Battleline", "Mob"),
    )


def silent_king() -> dict[str, Any]:
    """One king (W16, his own 4+ invulnerable save) and two Menhirs (W5): 26 wounds, not 48."""
    return unit(
        "The Silent King",
        model(
            "Szarekh",
            1,
            unit_profile("Szarekh", 11, "2+", 16),
            ability("Invulnerable Save", "4+"),
            selections=[
                upgrade("Staff of stars", 1, weapon_profile("Staff of stars", 6, "2+", 8, -2, 2, melee=True))
            ],
        ),
        model(
            "Triarch Menhir",
            2,
            unit_profile("Triarch Menhir", 9, "3+", 5),
            selections=[
                upgrade("Annihilator beam", 2, weapon_profile("Annihilator beam", 1, "4+", 14, -4, "D6"))
            ],
        ),
        categories=("Vehicle", "Character", "Epic Hero"),
    )


def warbikers() -> dict[str, Any]:
    """Two Warbikers (W3) and one Nob on a warbike (W4)."""
    return unit(
        "Warbikers",
        model("Warbiker", 2, unit_profile("Warbiker", 6, "4+", 3)),
        model("Warbike Nob", 1, unit_profile("Warbike Nob", 6, "4+", 4)),
        categories=("Mounted",),
    )


def runtherds() -> dict[str, Any]:
    """A Runtherd (W2) herding ten Gretchin (W1): not eleven Gretchin."""
    return unit(
        "Gretchin",
        model("Runtherd", 1, unit_profile("Runtherd", 3, "6+", 2)),
        model("Gretchin", 10, unit_profile("Gretchin", 2, "7+", 1)),
    )


def trukk() -> dict[str, Any]:
    """A vehicle whose own profile has a 6+ invulnerable save; the Waaagh! (5+) is conditional."""
    return unit(
        "Trukk",
        profiles=[
            unit_profile("Trukk", 8, "4+", 10),
            ability("Invulnerable Save (6+)", ""),
            weapon_profile("Spiked wheels", 3, "4+", 6, 0, 1, melee=True),
        ],
        rules=[WAAAGH],
        categories=("Vehicle", "Transport"),
        kind="model",
    )


def hearthkyn() -> dict[str, Any]:
    """Nine warriors and a Theyn whose own wargear (a crest) gives the bearer a 4+ invulnerable
    save; the Theyn's only gun is a pistol."""
    pistol = weapon_profile("Bolt pistol", 1, "4+", 4, 0, 1, "Pistol")
    return unit(
        "Hearthkyn Warriors",
        model(
            "Hearthkyn Warrior",
            9,
            selections=[
                upgrade(
                    "Autoch-pattern combi-bolter",
                    9,
                    weapon_profile("Autoch-pattern combi-bolter", 2, "4+", 4, 0, 1),
                ),
                upgrade("Bolt pistol", 9, pistol),
                upgrade(
                    "Close combat weapon",
                    9,
                    weapon_profile("Close combat weapon", 1, "4+", 4, 0, 1, melee=True),
                ),
            ],
        ),
        model(
            "Theyn",
            1,
            unit_profile("Theyn", 5, "4+", 2),
            selections=[
                upgrade("Bolt pistol", 1, pistol),
                upgrade(
                    "Weavefield crest",
                    1,
                    ability("Weavefield crest", "The bearer has a 4+ invulnerable save."),
                ),
                upgrade("Plasma knife", 1, weapon_profile("Plasma knife", 3, "3+", 5, -2, 1, melee=True)),
            ],
        ),
        profiles=[unit_profile("Hearthkyn Warrior", 5, "4+", 1)],
    )


def deathshroud() -> dict[str, Any]:
    """Terminators whose Feel No Pain protects only a Character leading them."""
    return unit(
        "Deathshroud Terminators",
        model("Deathshroud Terminator", 3),
        profiles=[
            unit_profile("Deathshroud Terminator", 6, "2+", 4),
            ability("Invulnerable Save", "4+"),
            ability(
                "Silent Bodyguard",
                "While a Character model is leading this unit, that Character model "
                "has the Feel No Pain 4+ ability.",
            ),
        ],
    )


def headtakers() -> dict[str, Any]:
    """Three Headtakers, two with storm shields (the bearer: 4+ invulnerable), and three wolves."""
    shield = ability("Storm shield", "The bearer has a 4+ invulnerable save.")
    return unit(
        "Headtakers",
        model("Headtaker", 1, selections=[upgrade("Storm shield", 1, shield)]),
        model("Headtaker with shield", 1, selections=[upgrade("Storm shield", 1, shield)]),
        model("Headtaker ", 1),
        model("Hunting Wolf", 3, unit_profile("Hunting Wolf", 4, "6+", 1)),
        profiles=[unit_profile("Headtaker", 5, "3+", 3)],
    )


def redemptor() -> dict[str, Any]:
    """A walker that takes 1 less damage from each attack, unconditionally, and fires two grenade
    launchers from one selection whose name counts them."""
    walker = unit(
        "Redemptor Dreadnought",
        profiles=[
            unit_profile("Redemptor Dreadnought", 10, "2+", 12),
            ability(
                "Duty Eternal",
                "Each time an attack is allocated to this model, subtract 1 from the "
                "Damage characteristic of that attack.",
            ),
            weapon_profile("Redemptor fist", 5, "3+", 12, -2, 3, melee=True),
        ],
        categories=("Vehicle", "Walker"),
        kind="model",
    )
    walker["selections"] = [
        upgrade(
            "2 Fragstorm Grenade Launchers",
            1,
            weapon_profile("Fragstorm grenade launcher", "D6", "3+", 4, 0, 1, "Blast"),
        ),
    ]
    return walker


def hive_tyrant() -> dict[str, Any]:
    """One monster with two melee weapons (it fights with one) and an Extra Attacks whip."""
    return unit(
        "Hive Tyrant",
        profiles=[unit_profile("Hive Tyrant", 10, "2+", 10), ability("Invulnerable Save", "4+")],
        categories=("Monster", "Character"),
        kind="model",
    ) | {
        "selections": [
            upgrade(
                "Monstrous scything talons",
                1,
                weapon_profile("Monstrous scything talons", 6, "2+", 7, -2, 2, melee=True),
            ),
            upgrade(
                "Monstrous bonesword", 1, weapon_profile("Monstrous bonesword", 4, "2+", 9, -2, 3, melee=True)
            ),
            upgrade(
                "Lash whip", 1, weapon_profile("Lash whip", 2, "2+", 6, -1, 1, "Extra Attacks", melee=True)
            ),
        ]
    }


def deffkoptas() -> dict[str, Any]:
    """A name with a typographic apostrophe and an accent, as builders print them."""
    return unit(
        "Deffkoptas Ère",
        model(
            "Deffkopta",
            3,
            selections=[
                upgrade(
                    "Spinnin’ blades", 3, weapon_profile("Spinnin’ blades", 3, "4+", 5, 0, 1, melee=True)
                ),
                upgrade("Kopta rokkits", 3, weapon_profile("Kopta rokkits", 2, "5+", 9, -2, 3)),
            ],
        ),
        profiles=[unit_profile("Deffkopta", 6, "4+", 4)],
        categories=("Mounted", "Fly"),
    )


def warboss() -> dict[str, Any]:
    """A Leader: its Leader ability names the units it may be attached to."""
    return unit(
        "Warboss",
        profiles=[
            unit_profile("Warboss", 6, "4+", 6),
            ability(
                "Leader",
                "This model can be attached to the following units:\n\n"
                "\u25a0 Boyz\n\u25a0 Beast Snagga Boyz\n\n"
                "You can attach this model to a Boyz unit even if another Character is attached.",
            ),
            weapon_profile("Attack squig", 1, "4+", 4, 0, 1, "Extra Attacks", melee=True),
        ],
        categories=("Infantry", "Character"),
        kind="model",
    )


# -- defences as real exports write them (issue 39): core rule text, scopes, steps, models named --

CORE_FNP_TEXT = (
    "Some models have 'Feel No Pain x+' listed in their abilities. Each time a model with this "
    "ability would lose a wound, roll one D6: if the result is x or more, that wound is not lost."
)


def poxwalkers() -> dict[str, Any]:
    """Ten W1 models whose Feel No Pain 5+ comes as the core rule's own text ("if the result...")."""
    return unit(
        "Poxwalkers",
        model(
            "Poxwalker",
            10,
            selections=[
                upgrade(
                    "Improvised weapon", 10, weapon_profile("Improvised weapon", 2, "4+", 3, 0, 1, melee=True)
                )
            ],
        ),
        profiles=[unit_profile("Poxwalker", 4, "7+", 1)],
        rules=[{"name": "Feel No Pain 5+", "description": CORE_FNP_TEXT}],
    )


def prosecutors() -> dict[str, Any]:
    """Ten W1 models whose Feel No Pain holds against Psychic attacks and mortal wounds only."""
    return unit(
        "Prosecutors",
        model("Prosecutor", 10),
        profiles=[
            unit_profile("Prosecutor", 3, "2+", 1),
            ability(
                "Psychic Hunters",
                "Models in this unit have the Feel No Pain 3+ ability against Psychic Attacks and "
                "mortal wounds.",
            ),
        ],
    )


def shield_wall() -> dict[str, Any]:
    """Five models with an invulnerable save against ranged attacks only, written whilst."""
    return unit(
        "Shield Wall",
        model("Shieldbearer", 5),
        profiles=[
            unit_profile("Shieldbearer", 4, "3+", 2),
            ability("Warded", "Models in this unit have a 4+ invulnerable save against ranged attacks."),
            ability(
                "Steadfast",
                "Whilst this unit is within range of an objective marker, models in this unit have the "
                "Feel No Pain 6+ ability.",
            ),
        ],
    )


def medic_squad() -> dict[str, Any]:
    """Four troopers and a medic whose Medipack protects every model of the bearer's unit."""
    return unit(
        "Medic Squad",
        model("Trooper", 4),
        model(
            "Medic",
            1,
            selections=[
                upgrade(
                    "Medipack",
                    1,
                    ability("Medipack", "Models in the bearer's unit have the Feel No Pain 6+ ability."),
                )
            ],
        ),
        profiles=[unit_profile("Trooper", 3, "5+", 1)],
    )


def mixed_toughness(*, kill_team: bool = False) -> dict[str, Any]:
    """Four T4 models and one T5 model; with ``kill_team``, a datasheet rule: the majority's T."""
    profiles = []
    if kill_team:
        profiles.append(
            ability(
                "Kill Team",
                "If this unit contains models with different Toughness characteristics, use the "
                "Toughness characteristic of the majority of the models when resolving attacks.",
            )
        )
    return unit(
        "Kill Team" if kill_team else "Breacher Team",
        model("Operative", 4, unit_profile("Operative", 4, "3+", 2)),
        model("Heavy Operative", 1, unit_profile("Heavy Operative", 5, "3+", 3)),
        profiles=profiles,
    )


def tyrant_biology() -> dict[str, Any]:
    """A monster with a stepped Feel No Pain: 5+ always, 4+ instead once wounded."""
    return unit(
        "Winged Tyrant",
        profiles=[
            unit_profile("Winged Tyrant", 10, "2+", 10),
            ability(
                "Adaptive Biology",
                "This model has the Feel No Pain 5+ ability. Each time an attack targets this model, if "
                "it has lost one or more wounds, it has the Feel No Pain 4+ ability instead.",
            ),
        ],
        categories=("Monster", "Character"),
        kind="model",
    )


def geomancer() -> dict[str, Any]:
    """A Leader whose list of units carries the export's ``^^**`` keyword markup."""
    return unit(
        "Geomancer",
        profiles=[
            unit_profile("Geomancer", 4, "4+", 4),
            ability(
                "Leader",
                "This model can be attached to the following units: ^^**Canoptek Macrocytes**^^, "
                "^^**Necron Warriors**^^",
            ),
        ],
        categories=("Infantry", "Character"),
        kind="model",
    )


def hunter_pack() -> dict[str, Any]:
    """Five hunters and a mastiff left out of their Feel No Pain ("excluding")."""
    return unit(
        "Hunter Pack",
        model("Hunter", 5),
        model("Cyber-mastiff", 1, unit_profile("Cyber-mastiff", 4, "5+", 1)),
        profiles=[
            unit_profile("Hunter", 3, "5+", 1),
            ability(
                "Stubborn",
                "Models in this unit (excluding the Cyber-mastiff) have the Feel No Pain 5+ ability.",
            ),
        ],
    )


def shard() -> dict[str, Any]:
    """One model whose own selection carries the core Feel No Pain rule."""
    node = unit(
        "Star Shard",
        profiles=[unit_profile("Star Shard", 11, "4+", 12), ability("Invulnerable Save", "4+")],
        rules=[{"name": "Feel No Pain 5+", "description": CORE_FNP_TEXT}],
        categories=("Monster",),
        kind="model",
    )
    return node


def intercessors(*, whole_unit: bool = False) -> dict[str, Any]:
    """Ten models with bolt rifles: a sergeant's selection and nine troopers' (New Recruit's
    shape), or with ``whole_unit`` the rifles as one selection of the unit (BattleScribe's)."""
    rifle = weapon_profile("Bolt rifle", 2, "3+", 4, -1, 1, "Assault, Heavy")
    if whole_unit:
        node = unit(
            "Intercessor Squad",
            model("Intercessor Sergeant", 1),
            model("Intercessor", 9),
            profiles=[unit_profile("Intercessor", 4, "3+", 2)],
        )
        node["selections"].append(upgrade("Bolt rifle", 10, rifle))
        return node
    return unit(
        "Intercessor Squad",
        model("Intercessor Sergeant", 1, selections=[upgrade("Bolt rifle", 1, rifle)]),
        model("Intercessor", 9, selections=[upgrade("Bolt rifle", 9, rifle)]),
        profiles=[unit_profile("Intercessor", 4, "3+", 2)],
    )


def hellblasters() -> dict[str, Any]:
    """Five models, each with a two-profile plasma incinerator (standard, supercharge)."""
    standard = weapon_profile("Plasma incinerator - standard", 2, "3+", 7, -2, 1, "Assault, Heavy")
    supercharge = weapon_profile(
        "Plasma incinerator - supercharge", 2, "3+", 8, -3, 2, "Assault, Heavy, Hazardous"
    )
    return unit(
        "Hellblaster Squad",
        model(
            "Hellblaster Sergeant", 1, selections=[upgrade("Plasma incinerator", 1, standard, supercharge)]
        ),
        model("Hellblaster", 4, selections=[upgrade("Plasma incinerator", 4, standard, supercharge)]),
        profiles=[unit_profile("Hellblaster", 4, "3+", 2)],
    )
