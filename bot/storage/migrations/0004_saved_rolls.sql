-- Saved dice rolls (/dice save). A player's own rolls have guild_id 0 and follow them to every
-- server; a server-wide roll has user_id 0. Names are stored lower-case.
CREATE TABLE saved_rolls (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    expression TEXT    NOT NULL,
    created_by INTEGER NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id, name)
);
