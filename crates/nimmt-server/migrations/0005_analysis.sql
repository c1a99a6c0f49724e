-- The analyses of finished games (`POST /api/games/{id}/analysis`): one per game, as the JSON
-- of `nimmt_bots::analysis::Analysis`, with the playouts per decision it was made with; times
-- are milliseconds since the Unix epoch.
CREATE TABLE IF NOT EXISTS nimmt_analyses (
    table_id BIGINT PRIMARY KEY,
    budget BIGINT NOT NULL,
    analysis TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL
);
