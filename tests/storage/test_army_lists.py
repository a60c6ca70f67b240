"""Imported army lists: per player across servers, replaced by name, bounded, on both backends."""

from __future__ import annotations

import pytest

from bot.storage import Database, connect
from bot.storage.army_lists import MAX_LISTS_PER_OWNER, ArmyListLimitError, ArmyListRepository


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
        assert [(a.name, a.units, a.roster) for a in mine] == [("CINDER HOST", 5, '{"c": 3}')]
        assert [a.roster for a in await repo.all(owner_id=2)] == ['{"b": 2}']
        gone = await repo.delete(owner_id=1, name=" cinder host ")
        assert gone is not None and gone.units == 5
        assert await repo.delete(owner_id=1, name="cinder host") is None
        assert await repo.all(owner_id=1) == []
        assert await repo.find(owner_id=2, name="Cinder Host") is not None
    finally:
        await db.close()


async def test_a_player_keeps_a_bounded_number(database_url: str) -> None:
    db, repo = await open_repo(database_url)
    try:
        for i in range(MAX_LISTS_PER_OWNER):
            await repo.save(owner_id=5, name=f"list {i}", units=1, roster="{}")
        with pytest.raises(ArmyListLimitError, match="delete one"):
            await repo.save(owner_id=5, name="one more", units=1, roster="{}")
        assert await repo.save(owner_id=5, name="list 3", units=2, roster="{}") is True
        assert len(await repo.all(owner_id=5)) == MAX_LISTS_PER_OWNER
    finally:
        await db.close()
