//! Friends: accounts follow accounts, and challenge them to a game. This module holds what needs
//! the database: finding the account a name belongs to, the challenged player's stance towards a
//! challenger (their settings, whether they follow or muted them), and the challenges as both
//! players see them. The rules without IO (expiry, whose challenges a player takes, the cap on
//! turn-based tables) are the room's (`nimmt_room::lobby::friends`); the WebSocket requests that
//! use both, and the lobby, are in `ws/friends.rs`.
//!
//! Following and challenges are for accounts only: a guest's name is not unique.

pub mod store;

use crate::accounts::account::{self, Account};
use crate::moderation::mutes;
use nimmt_core::OptionMap;
use nimmt_protocol::{Challenge, ErrorCode, PlayerId};
use nimmt_room::lobby::{expires_ms, Stance};
use nimmt_room::Refusal;
use sqlx::AnyPool;

/// The most accounts one account follows (the list is read whole for every `friends`).
pub const MOST_FOLLOWED: usize = 200;

/// The refusal of a database that could not answer.
fn storage(e: impl std::fmt::Display) -> Refusal {
    tracing::warn!("friends: {e}");
    Refusal::new(ErrorCode::Storage)
}

/// `player`'s account, or the refusal of a guest.
pub async fn own_account(pool: &AnyPool, player: &PlayerId) -> Result<Account, Refusal> {
    account::of_player(pool, player)
        .await
        .map_err(storage)?
        .ok_or_else(|| Refusal::new(ErrorCode::NotAllowed).keyed("account_needed"))
}

/// The account called `name` (a deleted one is no longer called anything).
pub async fn account_named(pool: &AnyPool, name: &str) -> Result<Account, Refusal> {
    account::by_name(pool, name.trim())
        .await
        .map_err(storage)?
        .ok_or_else(|| {
            Refusal::new(ErrorCode::NoSuchPlayer)
                .keyed("no_such_account")
                .with("name", name.trim())
        })
}

/// How `challenged` stands towards a challenge from `challenger`.
pub async fn stance(
    pool: &AnyPool,
    challenged: &PlayerId,
    challenger: &PlayerId,
) -> Result<Stance, Refusal> {
    let settings = store::settings(pool, challenged).await.map_err(storage)?;
    let follows_challenger = store::follows(pool, challenged, challenger)
        .await
        .map_err(storage)?;
    // There are no blocks: a personal mute counts as one.
    let blocked = mutes::muted_by(pool, challenged)
        .await
        .map_err(storage)?
        .contains(challenger);
    Ok(Stance {
        policy: settings.challenges,
        follows_challenger,
        blocked,
    })
}

/// A stored challenge as both players see it.
pub fn wire(c: &store::Stored) -> Challenge {
    Challenge {
        id: c.id.clone(),
        from: c.from_name.clone(),
        to: c.to_name.clone(),
        game: c.game,
        options: c.options.clone(),
        expires_ms: expires_ms(c.created_ms),
    }
}

/// The pace a challenge's options name (`realtime` when they name none).
pub fn pace_of(options: &OptionMap) -> &str {
    options.0.get("pace").map_or("realtime", String::as_str)
}

/// Whether a challenge's game would be rated (`rated=no` makes it casual).
pub fn rated(options: &OptionMap) -> bool {
    options.0.get("rated").is_none_or(|r| r != "no")
}
