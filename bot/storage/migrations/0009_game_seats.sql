-- Who plays each active game and what the game waits for from them, written with the game's state
-- in the same transaction (the game kind's seats declaration), so /games answers a whole server
-- from one query. ``waiting`` is NULL when the game waits for nothing from that player; ``since``
-- is when that wait began (kept while the same wait goes on).
CREATE TABLE game_seats (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    waiting TEXT,
    since   TEXT    NOT NULL
);
CREATE UNIQUE INDEX game_seats_by_game ON game_seats (game_id, user_id);
CREATE INDEX game_seats_by_user ON game_seats (user_id, game_id);
