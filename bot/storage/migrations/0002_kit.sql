-- The play-by-post kit: each Discord interaction writes at most one step, and scheduled jobs.

-- A redelivered or retried interaction must not apply its step twice.
ALTER TABLE game_events ADD COLUMN interaction_id INTEGER;
CREATE UNIQUE INDEX game_events_one_per_interaction ON game_events (interaction_id)
    WHERE interaction_id IS NOT NULL;

-- Work to do later (a turn nudge, a round timer). One loop in bot/ claims due rows, runs each
-- once and marks it done; a row claimed by a process that died is claimed again after a while.
CREATE TABLE jobs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT    NOT NULL,
    key         TEXT,
    due_at      TEXT    NOT NULL,
    payload     TEXT    NOT NULL DEFAULT '{}',
    status      TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
    claimed_by  TEXT,
    claimed_at  TEXT,
    attempts    INTEGER NOT NULL DEFAULT 0,
    last_error  TEXT,
    created_at  TEXT    NOT NULL
);
-- A keyed job (say "nudge:<game>") has at most one pending or running row: scheduling it again moves it.
CREATE UNIQUE INDEX jobs_one_live_per_key ON jobs (key) WHERE key IS NOT NULL AND status IN ('pending', 'running');
CREATE INDEX jobs_due ON jobs (status, due_at);
