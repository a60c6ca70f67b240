-- Saved 40k profiles may hold a whole unit (weapon lines joined by ";") and remember the edition
-- they were saved for ('10th' or '11th'; NULL: none chosen, the commands' default applies).
-- SQLite cannot change a CHECK constraint in place, so the table is rebuilt with its rows.
CREATE TABLE attack_profiles_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    owner_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('weapon', 'target', 'unit')),
    line        TEXT    NOT NULL,
    created_by  INTEGER NOT NULL,
    updated_at  TEXT    NOT NULL,
    edition     TEXT    CHECK (edition IS NULL OR edition IN ('10th', '11th'))
);
INSERT INTO attack_profiles_new (id, guild_id, owner_id, name, name_key, kind, line, created_by, updated_at)
    SELECT id, guild_id, owner_id, name, name_key, kind, line, created_by, updated_at FROM attack_profiles;
DROP TABLE attack_profiles;
ALTER TABLE attack_profiles_new RENAME TO attack_profiles;
CREATE UNIQUE INDEX attack_profiles_one_name ON attack_profiles (guild_id, owner_id, name_key);
