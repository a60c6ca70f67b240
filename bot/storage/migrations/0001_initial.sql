-- Key/value facts about this deployment (for example the hash of the last synced command tree).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- One row per play-by-post game. A channel (a thread is a channel) holds at most one active game.
CREATE TABLE games (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER,
    channel_id     INTEGER NOT NULL,
    kind           TEXT    NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
    state          TEXT    NOT NULL,
    schema_version INTEGER NOT NULL,
    version        INTEGER NOT NULL DEFAULT 1,
    created_by     INTEGER NOT NULL,
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status = 'active';
CREATE INDEX games_by_guild ON games (guild_id, kind, status);

-- Append-only log: who did what, when. state_before lets a step be undone.
CREATE TABLE game_events (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version      INTEGER NOT NULL,
    actor_id     INTEGER NOT NULL,
    action       TEXT    NOT NULL,
    summary      TEXT    NOT NULL DEFAULT '',
    detail       TEXT    NOT NULL DEFAULT '{}',
    state_before TEXT,
    at           TEXT    NOT NULL
);
CREATE INDEX game_events_by_game ON game_events (game_id, id);
