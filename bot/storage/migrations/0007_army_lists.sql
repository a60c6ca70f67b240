-- Imported 40k army lists: a roster read from a New Recruit / BattleScribe file, kept for the
-- player who imported it and usable in every server. `roster` is the parsed roster as JSON (the
-- rules' Roster model), never the file itself.

CREATE TABLE army_lists (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id     INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    name_key     TEXT    NOT NULL,
    units        INTEGER NOT NULL,
    roster       TEXT    NOT NULL,
    imported_at  TEXT    NOT NULL
);
-- One list of a name per player: importing a list of the same name again replaces it.
CREATE UNIQUE INDEX army_lists_one_name ON army_lists (owner_id, name_key);
