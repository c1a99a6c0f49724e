-- Friends: who follows whom, challenges from one account to another, and each account's
-- settings for both (one schema for SQLite and PostgreSQL). Players are named by their identity
-- (`nimmt_players.id`); times are milliseconds since the Unix epoch.

-- `player_id` follows `followed_id`.
CREATE TABLE IF NOT EXISTS nimmt_follows (
    player_id TEXT NOT NULL,
    followed_id TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (player_id, followed_id)
);
CREATE INDEX IF NOT EXISTS nimmt_follows_followed ON nimmt_follows (followed_id);

-- A challenge: the game, its options (JSON: game options and the table options `pace` and
-- `rated`), when it was made, and once answered how (`accepted` or `declined`), when, and the
-- table an accepted one opened. An unanswered one expires a day after `created_at_ms`.
CREATE TABLE IF NOT EXISTS nimmt_challenges (
    id TEXT PRIMARY KEY,
    from_id TEXT NOT NULL,
    to_id TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL,
    answer TEXT,
    answered_at_ms BIGINT,
    table_id BIGINT
);
CREATE INDEX IF NOT EXISTS nimmt_challenges_to ON nimmt_challenges (to_id, created_at_ms);
CREATE INDEX IF NOT EXISTS nimmt_challenges_from ON nimmt_challenges (from_id, created_at_ms);

-- Whose challenges an account takes (`everyone`, `followed`, `nobody`) and whether those who
-- follow it see where it plays (1) or not (0). No row: everyone, shown.
CREATE TABLE IF NOT EXISTS nimmt_friend_settings (
    player_id TEXT PRIMARY KEY,
    challenges TEXT NOT NULL,
    show_tables BIGINT NOT NULL
);
