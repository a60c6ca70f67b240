-- The units of each imported army list, one row each, written at import: what autocomplete and
-- the unit lookup of /40k attack and /40k odds read, so a keystroke never loads a list's JSON.
-- `name_key` is the unit's name as players type it (case, accents and apostrophes folded), and
-- `list_key` its list's name so (for `List / Unit`);
-- `target` its target line (NULL: no T/Sv/W); `ranged`/`melee` the labels of its volleys (NULL:
-- none); `weapons` one weapon a line, its name, label and weapon line separated by tabs;
-- `options` the names of the abilities a player may switch on (one a line); `leads` the units its
-- Leader ability names (one a line; empty: no Leader, or the file does not say).
CREATE TABLE army_list_units (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    list_id   INTEGER NOT NULL REFERENCES army_lists (id) ON DELETE CASCADE,
    owner_id  INTEGER NOT NULL,
    list_key  TEXT    NOT NULL,
    position  INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    name_key  TEXT    NOT NULL,
    target    TEXT,
    ranged    TEXT,
    melee     TEXT,
    weapons   TEXT    NOT NULL,
    options   TEXT    NOT NULL DEFAULT '',
    leads     TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX army_list_units_by_name ON army_list_units (owner_id, name_key);
CREATE INDEX army_list_units_by_list ON army_list_units (list_id);
-- Lists imported before this table existed are indexed the first time their owner uses them.
ALTER TABLE army_lists ADD COLUMN indexed INTEGER NOT NULL DEFAULT 0;
