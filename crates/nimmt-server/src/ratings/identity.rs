//! Whose result a seat's result is: a player's (`nimmt_players.id`, kept when a guest makes an
//! account) or a bot level's (`bot:LEVEL`: every bot of a level is one rated player).

/// The prefix of a bot level's identity.
pub const BOT_PREFIX: &str = "bot:";

/// The identity a bot of `level` plays under.
pub fn bot(level: &str) -> String {
    format!("{BOT_PREFIX}{level}")
}

/// The level of a bot identity, if it is one.
pub fn bot_level(identity: &str) -> Option<&str> {
    identity.strip_prefix(BOT_PREFIX)
}

/// Who a seat's result belongs to: its `player`; a player who `left` the running game (a bot
/// finished it for them: leaving does not escape a result); else the `bot` level that played it.
pub fn of(player: Option<&str>, left: Option<&str>, bot_level: Option<&str>) -> Option<String> {
    player
        .or(left)
        .map(str::to_owned)
        .or_else(|| bot_level.map(bot))
}

/// Whether the identity is a person's (not a bot level's).
pub fn is_person(identity: &str) -> bool {
    bot_level(identity).is_none()
}
