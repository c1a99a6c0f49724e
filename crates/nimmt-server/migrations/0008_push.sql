-- Web Push subscriptions (one schema for SQLite and PostgreSQL; times are milliseconds since the
-- Unix epoch): one row per browser an account subscribed. `endpoint` is the push service's URL
-- for that browser (one browser, one account: subscribing again under another account moves
-- it); `p256dh` and `auth` the browser's public key and authentication secret in base64url
-- (RFC 8291); `lang` the language of its notifications. A push service that answers 404 or 410
-- has dropped the subscription, and so does the room.
CREATE TABLE IF NOT EXISTS nimmt_push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    player_id TEXT NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    lang TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS nimmt_push_subscriptions_player ON nimmt_push_subscriptions (player_id);
