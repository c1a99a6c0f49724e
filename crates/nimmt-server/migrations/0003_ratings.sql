-- Ratings, results and game history (one schema for SQLite and PostgreSQL).

-- One row per seat of every finished game, written in the transaction that stores the game's
-- end. `identity` is the player's id (`nimmt_players.id`) or a bot level's identity
-- (`bot:LEVEL`); `seq` numbers finished games in the order they were stored (ratings are
-- computed in this order, and rebuilt in it).
CREATE TABLE IF NOT EXISTS nimmt_results (
    table_id BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    game TEXT NOT NULL,
    identity TEXT NOT NULL,
    name TEXT NOT NULL,
    score BIGINT NOT NULL,
    place BIGINT NOT NULL,
    won BIGINT NOT NULL,
    seats BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    finished_at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
-- A player's games, newest first, all games or one (profile, "my games", paging by `seq`).
CREATE INDEX IF NOT EXISTS nimmt_results_identity ON nimmt_results (identity, seq);
CREATE INDEX IF NOT EXISTS nimmt_results_identity_game ON nimmt_results (identity, game, seq);
-- The buffalo's team records per team size, read from the index alone.
CREATE INDEX IF NOT EXISTS nimmt_results_teams ON nimmt_results (identity, game, seats, won);
-- The next game's number, and the rebuild's walk in order.
CREATE INDEX IF NOT EXISTS nimmt_results_seq ON nimmt_results (seq);

-- Each identity's standing in each game: the Weng-Lin rating (mu, sigma) after its rated
-- games, and its counts over all its finished games (rated or casual).
CREATE TABLE IF NOT EXISTS nimmt_ratings (
    identity TEXT NOT NULL,
    game TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    rated_games BIGINT NOT NULL,
    games BIGINT NOT NULL,
    won BIGINT NOT NULL,
    score_sum BIGINT NOT NULL,
    PRIMARY KEY (identity, game)
);
-- The leaderboard: one game's ratings, best first.
CREATE INDEX IF NOT EXISTS nimmt_ratings_board ON nimmt_ratings (game, mu);

-- Every change of a rating: the rating before and after the game `seq` (the profile's chart,
-- the result dialog's change).
CREATE TABLE IF NOT EXISTS nimmt_rating_history (
    identity TEXT NOT NULL,
    game TEXT NOT NULL,
    seq BIGINT NOT NULL,
    table_id BIGINT NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    finished_at BIGINT NOT NULL,
    PRIMARY KEY (identity, game, seq)
);
-- A page of games with what each moved one player's rating.
CREATE INDEX IF NOT EXISTS nimmt_rating_history_table ON nimmt_rating_history (table_id, identity);
