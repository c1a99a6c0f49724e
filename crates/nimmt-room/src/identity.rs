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

/// Whether `identity` is the one [`of`] gives for these (without writing it out).
pub fn is(
    identity: Option<&str>,
    player: Option<&str>,
    left: Option<&str>,
    bot_level: Option<&str>,
) -> bool {
    match (player.or(left), bot_level) {
        (Some(p), _) => identity == Some(p),
        (None, Some(level)) => identity.and_then(self::bot_level) == Some(level),
        (None, None) => identity.is_none(),
    }
}

/// Whether the identity is a person's (not a bot level's).
pub fn is_person(identity: &str) -> bool {
    bot_level(identity).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_holds_what_of_gives() {
        let some = [None, Some("a"), Some("b"), Some("bot:a")];
        for player in some {
            for left in some {
                for bot in some {
                    let id = of(player, left, bot);
                    for other in some.iter().copied().chain([id.as_deref()]) {
                        assert_eq!(
                            is(other, player, left, bot),
                            other == id.as_deref(),
                            "{other:?} {player:?} {left:?} {bot:?}"
                        );
                    }
                }
            }
        }
    }
}
