-- Army lists handed in for a tournament: one per player per tournament (a game row), replaced
-- on resubmission. ``entry`` is the list's summary as JSON (rules.tournament.lists.SubmittedList),
-- ``roster`` the parsed roster's JSON for a roster file (NULL for a typed list).
CREATE TABLE tournament_lists (
    game_id      INTEGER NOT NULL,
    player_id    TEXT    NOT NULL,
    entry        TEXT    NOT NULL,
    roster       TEXT,
    submitted_by INTEGER NOT NULL,
    submitted_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
