-- Accounts: a guest identity that chose a name and a password (one schema for SQLite and
-- PostgreSQL). The identity (`nimmt_players.id`) stays the same, so its seats, games and
-- ratings stay with it.

-- One row per account. `name_key` is the name after NFKC and case folding (unique: "Ann" and
-- "ＡＮＮ" are one name); `name_skeleton` its confusable skeleton (Unicode TR39), looked up so
-- that a look-alike name is refused too. `password_hash` is an Argon2id PHC string.
CREATE TABLE IF NOT EXISTS nimmt_accounts (
    player_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    name_skeleton TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    password_changed_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS nimmt_accounts_skeleton ON nimmt_accounts (name_skeleton);

-- Logged-in sessions of accounts: the SHA-256 of the session token (the token itself is only
-- ever in the client's hands). Every node of a cluster reads them here.
CREATE TABLE IF NOT EXISTS nimmt_sessions (
    token_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS nimmt_sessions_player ON nimmt_sessions (player_id);

-- Failed logins, per account name key (`name:KEY`, known or not) and per address
-- (`address:IP`): how many since the counter last started, and when the last one was.
CREATE TABLE IF NOT EXISTS nimmt_login_failures (
    subject TEXT PRIMARY KEY,
    failures BIGINT NOT NULL,
    last_at BIGINT NOT NULL
);

-- When an identity's account was deleted (its games stay, under the name "deleted player").
ALTER TABLE nimmt_players ADD COLUMN deleted_at BIGINT;
