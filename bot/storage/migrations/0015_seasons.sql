-- Seasons (/season): a server's events ranked together by each player's best N results.
-- events is a JSON list of the tournaments' game ids (games.id), in the order they were added;
-- name_key is the name folded for look-ups, one season of a name per server; token is the
-- unguessable address of the season's web page (/s/<token>).
CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    name_key   TEXT    NOT NULL,
    best       INTEGER NOT NULL,
    events     TEXT    NOT NULL DEFAULT '[]',
    token      TEXT    NOT NULL,
    created_by INTEGER NOT NULL,
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
CREATE UNIQUE INDEX seasons_one_name_per_guild ON seasons (guild_id, name_key);
CREATE UNIQUE INDEX seasons_by_token ON seasons (token);
