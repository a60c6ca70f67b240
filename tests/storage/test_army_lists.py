"""Imported army lists: per player across servers, replaced by name, bounded, their units indexed
for autocomplete, on both backends."""

from __future__ import annotations

import pytest

from bot.storage import Database, connect
from bot.storage.army_lists import (
    MAX_LIST_BYTES,
    MAX_LISTS_PER_OWNER,
    ArmyListLimitError,
    ArmyListRepository,
    IndexedWeapon,
    UnitEntry,
)


async def open_repo(url: str) -> tuple[Database, ArmyListRepository]:
    db = await connect(url, migrate=False)
    await db.migrate()
    return db, ArmyListRepository(db)


async def test_a_list_is_its_importers_and_replaced_by_name(database_url: str) -> None:
    db, repo = await open_repo(database_url)
    try:
        assert await repo.save(owner_id=1, name="Cinder  Host", units=4, roster='{"a": 1}') is False
        assert await repo.save(owner_id=2, name="Cinder Host", units=2, roster='{"b": 2}') is False
        found = await repo.find(owner_id=1, name="cinder host")
        assert found is not None and (found.name, found.units, found.roster) == ("Cinder Host", 4, '{"a": 1}')
        assert await repo.save(owner_id=1, name="CINDER HOST", units=5, roster='{"c": 3}') is True
        mine = await repo.all(owner_id=1)
        assert [(a.name, a.units) for a in mine] == [("CINDER HOST", 5)]
        again = await repo.find(owner_id=1, name="Cinder Host")
        assert again is not None and again.roster == '{"c": 3}'
        assert [a.name for a in await repo.all(owner_id=2)] == ["Cinder Host"]
        gone = await repo.delete(owner_id=1, name=" cinder host ")
        assert gone is not None and gone.units == 5
        assert await repo.delete(owner_id=1, name="cinder host") is None
        assert await repo.all(owner_id=1) == []
        assert await repo.find(owner_id=2, name="Cinder Host") is not None
    finally:
        await db.close()


async def test_a_player_keeps_a_bounded_number(database_url: str) -> None:
    """Issue 32: the 21st list is refused, saying what to do."""
    db, repo = await open_repo(database_url)
    try:
        assert MAX_LISTS_PER_OWNER == 20
        for i in range(MAX_LISTS_PER_OWNER):
            await repo.save(owner_id=5, name=f"list {i}", units=1, roster="{}")
        with pytest.raises(ArmyListLimitError, match="delete one with `/40k list delete`"):
            await repo.save(owner_id=5, name="one more", units=1, roster="{}")
        assert await repo.save(owner_id=5, name="list 3", units=2, roster="{}") is True
        assert len(await repo.all(owner_id=5)) == MAX_LISTS_PER_OWNER
    finally:
        await db.close()


async def test_a_list_too_big_to_keep_is_refused(database_url: str) -> None:
    db, repo = await open_repo(database_url)
    try:
        big = '{"x": "' + "a" * MAX_LIST_BYTES + '"}'
        with pytest.raises(ArmyListLimitError, match=r"at most 256 KB\. Split the roster"):
            await repo.save(owner_id=5, name="huge", units=1, roster=big)
        assert await repo.all(owner_id=5) == []
    finally:
        await db.close()


def _entry(position: int, name: str, key: str, **more: object) -> UnitEntry:
    return UnitEntry(position=position, name=name, key=key, **more)  # type: ignore[arg-type]


async def test_units_are_found_by_name_from_the_index(database_url: str) -> None:
    db, repo = await open_repo(database_url)
    try:
        carbine = IndexedWeapon("Ember carbine", "Ember carbine x9", "A2 BS3+ S4 AP-1 D1 x9")
        first = [
            _entry(0, "Ash Wardens", "ash wardens", target="T4 Sv3+ W2 x10", ranged="r", weapons=(carbine,)),
            _entry(1, "Spinnin’ Blades 100%_", "spinnin' blades 100%_", options=("waaagh",)),
        ]
        await repo.save(owner_id=1, name="First", units=2, roster="{}", index=first)
        await repo.save(owner_id=1, name="Second", units=1, roster="{}", index=first[:1])
        await repo.save(owner_id=2, name="Theirs", units=1, roster="{}", index=first[:1])
        found = await repo.units_containing(owner_id=1, typed="warden")
        assert [(e.list_name, e.name, e.shared) for e in found] == [
            ("Second", "Ash Wardens", True),
            ("First", "Ash Wardens", True),
        ]
        assert found[0].weapons == (carbine,) and found[0].target == "T4 Sv3+ W2 x10"
        assert [e.name for e in await repo.units_containing(owner_id=1, typed="100%_")] == [
            "Spinnin’ Blades 100%_"
        ]
        assert await repo.units_containing(owner_id=1, typed="0%x") == []
        assert [e.list_name for e in await repo.units_containing(owner_id=1, typed="first / ash")] == [
            "First"
        ]
        named = await repo.units_named(owner_id=1, typed="spinnin' blades 100%_, waaagh")
        assert [(e.name, e.options, e.shared) for e in named] == [
            ("Spinnin’ Blades 100%_", ("waaagh",), False)
        ]
        assert [
            e.list_name for e in await repo.units_named(owner_id=1, typed="second / ash wardens: ember")
        ] == ["Second"]
        replaced = [_entry(0, "Gravel Hulk", "gravel hulk")]
        await repo.save(owner_id=1, name="first", units=1, roster="{}", index=replaced)
        assert [e.name for e in await repo.units_containing(owner_id=1, typed="")] == [
            "Gravel Hulk",
            "Ash Wardens",
        ]
        await repo.delete(owner_id=1, name="First")
        assert [e.name for e in await repo.units_containing(owner_id=1, typed="")] == ["Ash Wardens"]
        assert (await repo.units_containing(owner_id=1, typed="ash"))[0].shared is False
    finally:
        await db.close()


async def test_lists_kept_before_the_index_are_indexed_once(database_url: str) -> None:
    db, repo = await open_repo(database_url)
    try:
        await repo.save(owner_id=1, name="Old", units=1, roster="{}")
        async with db.transaction() as tx:
            await tx.execute("UPDATE army_lists SET indexed = 0")
        [old] = await repo.unindexed(owner_id=1)
        await repo.index(owner_id=1, list_id=old.id, index=[_entry(0, "Gravel Hulk", "gravel hulk")])
        assert await repo.unindexed(owner_id=1) == []
        assert [e.name for e in await repo.units_containing(owner_id=1, typed="hulk")] == ["Gravel Hulk"]
    finally:
        await db.close()
