-- Saved 40k attack profiles: a weapon or target line kept under a name, for one player in one
-- server (owner_id is the player) or for the whole server (owner_id 0). guild_id 0 is a DM.

CREATE TABLE attack_profiles (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    owner_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('weapon', 'target')),
    line        TEXT    NOT NULL,
    created_by  INTEGER NOT NULL,
    updated_at  TEXT    NOT NULL
);
-- One name per owner and server, whatever its kind, so "/40k profile delete name" is never ambiguous.
CREATE UNIQUE INDEX attack_profiles_one_name ON attack_profiles (guild_id, owner_id, name_key);
