"""``python -m bot migrate-db``: copy every row of one database into another.

The tables come from the source's schema, not from a list written here, so a table a later
migration adds is copied too. Both sides are migrated first, so they have the same tables.
Rows keep their ids; a row whose id (or other unique key) is already in the target is left
alone, so running the copy twice adds nothing the second time. Afterwards every source row's
key must be found in the target, or the copy reports what is missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.storage.database import Database

#: Rows read and written per statement batch.
BATCH = 500


@dataclass
class TableCopy:
    table: str
    source_rows: int
    copied: int
    already_there: int
    missing: int = 0


@dataclass
class CopyReport:
    source: str
    target: str
    tables: list[TableCopy] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(t.missing == 0 for t in self.tables)

    def lines(self) -> list[str]:
        out = [f"copied {self.source} -> {self.target}"]
        for t in self.tables:
            line = f"  {t.table}: {t.source_rows} rows, {t.copied} copied, {t.already_there} already there"
            if t.missing:
                line += f", {t.missing} MISSING in the target"
            out.append(line)
        out.append("counts match: every row is in the target" if self.ok else "counts do NOT match")
        return out


def _key(columns: list[str]) -> list[str]:
    """The columns that name a row: ``id`` when the table has one, else its first column (meta's key)."""
    return ["id"] if "id" in columns else columns[:1]


async def copy_database(source: Database, target: Database) -> CopyReport:
    """Copy every table of ``source`` into ``target`` (both open); see the module docstring."""
    await source.migrate()
    await target.migrate()
    report = CopyReport(source.label, target.label)
    tables = await source.tables()
    target_tables = set(await target.tables())
    for table in tables:
        if table not in target_tables:
            raise RuntimeError(f"table {table} is in {source.label} but not in {target.label}")
        wanted = set(await target.columns(table))
        columns = [c for c in await source.columns(table) if c in wanted]
        key = _key(columns)
        report.tables.append(await _copy_table(source, target, table, columns, key))
    await target.after_copy(tables)
    return report


async def _copy_table(
    source: Database, target: Database, table: str, columns: list[str], key: list[str]
) -> TableCopy:
    names = ", ".join(f'"{c}"' for c in columns)
    marks = ", ".join("?" for _ in columns)
    insert = f'INSERT INTO "{table}" ({names}) VALUES ({marks}) ON CONFLICT DO NOTHING'
    order = ", ".join(f'"{k}"' for k in key)
    async with source.reading() as tx:
        rows = await tx.fetchall(f'SELECT {names} FROM "{table}" ORDER BY {order}')
    copied = 0
    for start in range(0, len(rows), BATCH):
        async with target.transaction() as tx:
            for row in rows[start : start + BATCH]:
                copied += await tx.execute(insert, [row[c] for c in columns])
    # Check: every source key is now in the target.
    async with target.reading() as tx:
        present = {tuple(r) for r in await tx.fetchall(f'SELECT {order} FROM "{table}"')}
    missing = sum(1 for row in rows if tuple(row[k] for k in key) not in present)
    return TableCopy(table, len(rows), copied, len(rows) - copied, missing)
