-- One schema for SQLite and PostgreSQL (only types both understand: TEXT, BIGINT).

-- Identities: a nickname and the secret token its client keeps.
CREATE TABLE IF NOT EXISTS nimmt_players (
    id TEXT PRIMARY KEY,
    token TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- Tables of the room. `meta` (JSON) holds seats, options, host; `setup` (JSON, with the seed)
-- is set at the start; `record` (JSON game record) once the game is over.
CREATE TABLE IF NOT EXISTS nimmt_tables (
    id BIGINT PRIMARY KEY,
    game TEXT NOT NULL,
    state TEXT NOT NULL,
    meta TEXT NOT NULL,
    setup TEXT,
    record TEXT,
    version BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- The log of every accepted action of a table's game, in order. Replaying the setup and this
-- log rebuilds the game exactly.
CREATE TABLE IF NOT EXISTS nimmt_actions (
    table_id BIGINT NOT NULL,
    idx BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    version BIGINT NOT NULL,
    PRIMARY KEY (table_id, idx)
);
