-- Tournaments (one schema for SQLite and PostgreSQL). Times are milliseconds since the Unix
-- epoch; players are named by their identity (`nimmt_players.id`).

-- A tournament: what its creator chose (`setup`, JSON `TournamentSetup`), and its whole state as
-- the room's tournament director keeps it (`state`, JSON: the tournament core, which room table
-- plays which tournament table). `version` goes up by one with every save; a save names the
-- version it read, so two nodes never both move a tournament on. `node` and `lease_until` say
-- which node of a cluster runs it until when (NULL: not running on any node). `phase`
-- (`registration`, `running`, `finished`, `cancelled`) and `current_round` (the round played, 0
-- before the start) repeat the state's, for the lobby's list and the profiles.
CREATE TABLE IF NOT EXISTS nimmt_tournaments (
    id BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_by_name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    start_ms BIGINT NOT NULL,
    phase TEXT NOT NULL,
    current_round BIGINT NOT NULL,
    invitation_code TEXT,
    state TEXT NOT NULL,
    version BIGINT NOT NULL,
    node TEXT,
    lease_until BIGINT
);
CREATE INDEX IF NOT EXISTS nimmt_tournaments_phase ON nimmt_tournaments (phase, start_ms);

-- Who took part in which tournament (for profiles): written at registration, removed by a
-- withdrawal before the start; `place` and `of_players` once it finished.
CREATE TABLE IF NOT EXISTS nimmt_tournament_players (
    tournament_id BIGINT NOT NULL,
    player_id TEXT NOT NULL,
    name TEXT NOT NULL,
    place INTEGER,
    of_players INTEGER,
    PRIMARY KEY (tournament_id, player_id)
);
CREATE INDEX IF NOT EXISTS nimmt_tournament_players_player ON nimmt_tournament_players (player_id);
