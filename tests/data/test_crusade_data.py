"""Every Crusade table and the requisitions validate; a broken file names itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.content import read_model
from rules.crusade.tables import DATA_DIR, TABLE_FILES, Table, load_requisitions, load_tables
from rules.errors import ContentError


def test_every_crusade_file_validates_with_its_source():
    tables = load_tables()
    assert set(tables) == set(TABLE_FILES)
    for table in tables.values():
        assert table.source and table.edition in ("10th", "11th")
        assert all(len(e.effect) <= 160 for e in table.entries)
    relics = tables["relics"]
    assert sorted(e.tier for e in relics.entries) == [1, 2, 3]
    reqs = load_requisitions()
    keys = {r.key for r in reqs.requisitions}
    assert {"increase-supply-limit", "legendary-veterans", "repair-and-recuperate"} <= keys
    assert reqs.find("Legendary Veterans").min_cost == 3
    assert sorted(p.name for p in DATA_DIR.glob("*.yaml")) == sorted(
        [f"{n}.yaml" for n in TABLE_FILES] + ["requisitions.yaml"]
    )


def test_a_bad_table_names_its_file_and_field(tmp_path: Path):
    bad = tmp_path / "battle_scars.yaml"
    bad.write_text("title: X\nkind: scar\nedition: 12th\nsource: here\nentries: []\n")
    with pytest.raises(ContentError, match=r"battle_scars\.yaml.*edition"):
        read_model(bad, Table)
