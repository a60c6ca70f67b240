-- Undo keeps a reverse patch per step instead of a full copy of the state before it, and marks
-- the steps it undid, so finding the step to undo is one indexed query however long the game.
ALTER TABLE game_events ADD COLUMN undo_patch TEXT;
ALTER TABLE game_events ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
UPDATE game_events SET undone = 1
 WHERE id IN (SELECT CAST(json_extract(detail, '$.undid') AS INTEGER) FROM game_events WHERE action = 'undo');
CREATE INDEX game_events_undoable ON game_events (game_id, undone, id);
CREATE INDEX games_ended ON games (status, updated_at);
