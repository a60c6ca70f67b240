"""What ``python -m bot check`` reports: the schema version and how many rows each table holds."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.database import Database


@dataclass(frozen=True)
class Health:
    label: str
    backend: str
    schema_version: int
    applied_now: list[int]
    counts: dict[str, int]

    def lines(self) -> list[str]:
        now = f" (applied now: {', '.join(map(str, self.applied_now))})" if self.applied_now else ""
        return [
            f"database: {self.label} ({self.backend})",
            f"schema version: {self.schema_version}{now}",
            *(f"  {table}: {count} rows" for table, count in self.counts.items()),
        ]


async def schema_version(db: Database) -> int:
    async with db.reading() as tx:
        row = await tx.fetchone("SELECT MAX(version) FROM schema_migrations")
    return int(row[0]) if row is not None and row[0] is not None else 0


async def row_counts(db: Database) -> dict[str, int]:
    counts: dict[str, int] = {}
    tables = await db.tables()
    async with db.reading() as tx:
        for table in tables:
            row = await tx.fetchone(f'SELECT COUNT(*) FROM "{table}"')
            counts[table] = int(row[0]) if row is not None else 0
    return counts


async def check(db: Database) -> Health:
    """Apply pending migrations, then report the version and the counts."""
    applied = await db.migrate()
    return Health(db.label, db.dialect.name, await schema_version(db), applied, await row_counts(db))
