"""/40k attack and /40k odds honour each defence's scope (issue 39), for a typed target line and
for a unit of an imported list; each reply says whether the defence held."""

from __future__ import annotations

import pytest

from bot.offline import Attachment, OfflineDriver
from tests import rosters


def _file(*units: dict) -> Attachment:
    tree = rosters.roster_tree(list(units), name="Scopes")
    tree["roster"]["gameSystemName"] = "Warhammer 40,000 10th Edition"
    return Attachment("scopes.json", rosters.as_json(tree))


@pytest.mark.parametrize(
    ("target", "weapon", "said"),
    [
        ("T4 Sv3+ W1 x5 fnp5+ vs d1", "A4 BS3+ S4 AP0 D1", "used against this attack"),
        ("T4 Sv3+ W1 x5 fnp5+ vs d1", "A4 BS3+ S4 AP0 D 2", "not used"),
        ("T4 Sv3+ W1 x5 inv4+ vs ranged", "A4 BS3+ S4 AP-3 D1", "used against this attack"),
        ("T4 Sv3+ W1 x5 inv4+ vs ranged", "A4 WS3+ S4 AP-3 D1, melee", "not used"),
        ("T4 Sv3+ W1 x5 inv4+ vs melee", "A4 WS3+ S4 AP-3 D1, melee", "used against this attack"),
        ("T4 Sv3+ W1 x5 fnp2+ vs psychic", "A4 BS3+ S4 AP0 D1", "not used"),
        ("T4 Sv3+ W1 x5 fnp2+ vs psychic", "A4 BS3+ S4 AP0 D1, psychic", "used against this attack"),
        ("T4 Sv3+ W1 x5 fnp4+ vs mortal", "A4 BS3+ S4 AP0 D1", "not used"),
        (
            "T4 Sv3+ W1 x5 fnp4+ vs mortal",
            "A4 BS3+ S4 AP0 D1, devastating wounds",
            "used against its Devastating Wounds' mortal wounds only",
        ),
        ("T4 Sv3+ W1 x5 -1 damage vs melee", "A4 BS3+ S4 AP0 D 2", "not used"),
    ],
)
async def test_each_scope_is_read_by_attack(
    driver: OfflineDriver, target: str, weapon: str, said: str
) -> None:
    reply = (await driver.command(f'/40k attack weapon:"{weapon}" target:"{target}" edition:10th')).message
    word = target.split("x5 ", 1)[1]
    assert f"`{word}`" in reply.text
    assert said in reply.text


async def test_an_imported_units_scoped_defences_reach_attack_and_odds(driver: OfflineDriver) -> None:
    imported = await driver.command(
        "/40k list import", file=_file(rosters.prosecutors(), rosters.poxwalkers(), rosters.medic_squad())
    )
    # the import says what it applied, to whom
    assert "Feel No Pain 5+: fnp5+ applied to every model" in imported.message.text
    assert "Psychic Hunters: fnp3+ vs psychic/mortal applied to every model" in imported.message.text
    assert "Medipack: fnp6+ to the whole unit while its bearer lives" in imported.message.text
    bolters = (
        await driver.command('/40k odds weapon:"A1 S8 AP-6 D1 x12, torrent" target:"Prosecutors"')
    ).message
    assert "`T3 Sv2+ W1 x10 fnp3+ vs psychic/mortal infantry`" in bolters.text
    assert "not used" in bolters.text
    # 12 x 5/6 wounds, no save, no FNP: 9.5 slain of 10
    assert "9.5" in bolters.text
    psychic = (
        await driver.command('/40k odds weapon:"A1 S8 AP-6 D1 x12, torrent, psychic" target:"Prosecutors"')
    ).message
    assert "used against this attack" in psychic.text and "3.3" in psychic.text
    pox = (
        await driver.command('/40k attack weapon:"A1 S8 AP-6 D1 x12, torrent" target:"Poxwalkers"')
    ).message
    assert "`T4 Sv7+ W1 x10 fnp5+ infantry`" in pox.text
    assert "FNP" in pox.text  # Feel No Pain dice are rolled: it is applied, not offered


@pytest.mark.parametrize("whole_unit", [False, True])
async def test_a_units_weapon_fires_from_every_model_carrying_it(
    driver: OfflineDriver, whole_unit: bool
) -> None:
    await driver.command(
        "/40k list import", file=_file(rosters.intercessors(whole_unit=whole_unit), rosters.hellblasters())
    )
    rifles = (
        await driver.command('/40k odds weapon:"Intercessor Squad: Bolt rifle" target:"T4 Sv3+ W2 x5"')
    ).message
    assert "Bolt rifle x10" in rifles.text and "A2 BS3+ S4 AP-1 D1 x10" in rifles.text
    one = (
        await driver.command('/40k odds weapon:"Intercessor Squad: Bolt rifle x1" target:"T4 Sv3+ W2 x5"')
    ).message
    assert "A2 BS3+ S4 AP-1 D1, heavy" in one.text and "x10" not in one.text
    plasma = (
        await driver.command(
            '/40k odds weapon:"Hellblaster Squad: Plasma incinerator - supercharge" target:"T4 Sv3+ W2 x5"'
        )
    ).message
    assert "A2 BS3+ S8 AP-3 D2 x5" in plasma.text
    wrong = (
        await driver.command('/40k odds weapon:"Hellblaster Squad: lascannon" target:"T4 Sv3+ W2 x5"')
    ).message
    assert wrong.text.count("Plasma incinerator - supercharge") == 1
