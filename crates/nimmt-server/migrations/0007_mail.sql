-- E-mail for accounts (one schema for SQLite and PostgreSQL; times are milliseconds since the
-- Unix epoch). Tokens of links that work once (verification, reset) are stored as their SHA-256
-- only; the link itself is only ever in the mail.

-- An account's address: `address` as given, `address_key` lower case (one address, one
-- verified account: a partial unique index would differ between the two databases, so the
-- check is made when verifying, in the transaction that sets `verified_at`). `lang` is the
-- language of its mails; `your_move` says which "your move" mails it gets (`off`, `each`,
-- `digest`); `unsubscribe_token` the token in every mail's unsubscribe link, kept as it is (every
-- mail carries it again, and all it can do is turn these mails off).
CREATE TABLE IF NOT EXISTS nimmt_mail_addresses (
    player_id TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    address_key TEXT NOT NULL,
    verified_at BIGINT,
    lang TEXT NOT NULL,
    your_move TEXT NOT NULL,
    unsubscribe_token TEXT NOT NULL,
    last_digest_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS nimmt_mail_addresses_key ON nimmt_mail_addresses (address_key);
CREATE INDEX IF NOT EXISTS nimmt_mail_addresses_unsubscribe ON nimmt_mail_addresses (unsubscribe_token);

-- Links that work once: `purpose` is `verify` (for `address_key`) or `reset`; `used_at` is set
-- when it worked.
CREATE TABLE IF NOT EXISTS nimmt_mail_links (
    token_hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL,
    player_id TEXT NOT NULL,
    address_key TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX IF NOT EXISTS nimmt_mail_links_player ON nimmt_mail_links (player_id, purpose, created_at);

-- "Your move" mails sent (`each`: at most one per table an hour) and waits noted for the daily
-- digest (`digest`: listed once, then `sent_at` is set).
CREATE TABLE IF NOT EXISTS nimmt_mail_moves (
    player_id TEXT NOT NULL,
    table_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    deadline_ms BIGINT NOT NULL,
    noted_at BIGINT NOT NULL,
    sent_at BIGINT,
    PRIMARY KEY (player_id, table_id)
);

-- Password reset requests per subject (`address:KEY` or `name:KEY`, known or not) and per
-- client address (`ip:ADDR`): the times of the last hour's requests are counted here.
CREATE TABLE IF NOT EXISTS nimmt_mail_requests (
    subject TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS nimmt_mail_requests_subject ON nimmt_mail_requests (subject, at);
