-- Bot accounts and their API tokens (one schema for SQLite and PostgreSQL). Times are
-- milliseconds since the Unix epoch.

-- When an account became a bot account (NULL: a person's account). Set once, never unset.
ALTER TABLE nimmt_accounts ADD COLUMN bot_since BIGINT;

-- An account's API tokens: what a bot program sends in `hello` instead of a session token. Only
-- the token's SHA-256 is stored (the token is shown to its owner once); `name` is the owner's
-- label for it, `last_used_at` the last `hello` made with it.
CREATE TABLE IF NOT EXISTS nimmt_api_tokens (
    token_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
);
CREATE INDEX IF NOT EXISTS nimmt_api_tokens_player ON nimmt_api_tokens (player_id);
