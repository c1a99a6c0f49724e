-- Moderation: operators, sanctions, the audit log, reports and personal mutes. Players are
-- named by their identity (`nimmt_players.id`); times are milliseconds since the Unix epoch.

-- Identities the command line made operators (`nimmt admin grant NAME`).
CREATE TABLE IF NOT EXISTS nimmt_operators (
    player_id TEXT PRIMARY KEY,
    granted_at_ms BIGINT NOT NULL
);

-- A mute (no chat) or a ban (no hello) of an identity, until a time or, without one, until it is
-- lifted. A ban keeps the address its identity was last seen from, and until when no new guest
-- identity may come from there.
CREATE TABLE IF NOT EXISTS nimmt_sanctions (
    id TEXT PRIMARY KEY,
    player_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL,
    until_ms BIGINT,
    address TEXT,
    address_until_ms BIGINT,
    by_player TEXT NOT NULL,
    lifted_at_ms BIGINT,
    lifted_by TEXT
);
CREATE INDEX IF NOT EXISTS nimmt_sanctions_player ON nimmt_sanctions (player_id, kind);
CREATE INDEX IF NOT EXISTS nimmt_sanctions_address ON nimmt_sanctions (address);

-- The address (IPv4, or an IPv6 /64) an identity last said hello from: a ban stops new guests
-- from it.
CREATE TABLE IF NOT EXISTS nimmt_player_addresses (
    player_id TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    seen_at_ms BIGINT NOT NULL
);

-- Every act of an operator: who, when, what, to whom or what, and why.
CREATE TABLE IF NOT EXISTS nimmt_audit (
    id TEXT PRIMARY KEY,
    at_ms BIGINT NOT NULL,
    operator_id TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    reason TEXT NOT NULL,
    detail TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS nimmt_audit_at ON nimmt_audit (at_ms);

-- A player's report of a chat line (with the line as it was said) or of a player, waiting for an
-- operator (`open`) until one handles it (`resolved` or `dismissed`).
CREATE TABLE IF NOT EXISTS nimmt_reports (
    id TEXT PRIMARY KEY,
    at_ms BIGINT NOT NULL,
    reporter_id TEXT NOT NULL,
    player_id TEXT NOT NULL,
    table_id BIGINT,
    line_id BIGINT,
    line_text TEXT,
    reason TEXT NOT NULL,
    status TEXT NOT NULL,
    handled_by TEXT,
    handled_at_ms BIGINT
);
CREATE INDEX IF NOT EXISTS nimmt_reports_status ON nimmt_reports (status, at_ms);

-- Players a player does not want to read: their chat lines are not sent to them.
CREATE TABLE IF NOT EXISTS nimmt_personal_mutes (
    player_id TEXT NOT NULL,
    muted_id TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (player_id, muted_id)
);
CREATE INDEX IF NOT EXISTS nimmt_personal_mutes_muted ON nimmt_personal_mutes (muted_id);
