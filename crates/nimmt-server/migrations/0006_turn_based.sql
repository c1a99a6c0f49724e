-- Turn-based games: each result keeps the pace its table was played at (`realtime`, or the
-- deadline per move: `1h`, `12h`, `1d`, `2d`, `3d`), so a profile says which games ran across
-- days. Results stored before paces existed were played in real time.
ALTER TABLE nimmt_results ADD COLUMN pace TEXT NOT NULL DEFAULT 'realtime';
