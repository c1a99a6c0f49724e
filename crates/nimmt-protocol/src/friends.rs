//! Friends on the wire: following players, challenges and the settings that govern both. The
//! messages that carry them are `follow`, `unfollow`, `friends`, `friend_settings`, `challenge`
//! and `answer_challenge` (client → server) and `friends`, `challenge_received` and
//! `challenge_answered` (server → client); these are the types they carry.

use crate::{TableId, TableState};
use nimmt_core::{GameKind, OptionMap};
use serde::{Deserialize, Serialize};

/// A challenge as both players see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Challenge {
    /// The challenge's number (to answer it).
    pub id: String,
    /// The challenger's name (the host of the table an accepted challenge opens).
    pub from: String,
    /// The challenged player's name.
    pub to: String,
    pub game: GameKind,
    /// Game options and the table options `pace` and `rated`, as the challenger gave them.
    pub options: OptionMap,
    /// When it expires unanswered (milliseconds since the Unix epoch, the server's clock).
    pub expires_ms: u64,
}

/// What became of a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum ChallengeOutcome {
    /// Accepted: a table opened with both seated (`table`).
    Accepted,
    Declined,
}

/// A followed player as the "Following" list shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Followed {
    pub name: String,
    /// Connected to the room now.
    pub online: bool,
    /// The open or running tables they sit at; empty when they hide where they play.
    pub tables: Vec<FollowedTable>,
}

/// A table a followed player sits at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FollowedTable {
    pub table: TableId,
    pub game: GameKind,
    pub state: TableState,
}

/// Whose challenges a player takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum ChallengePolicy {
    /// Anyone's.
    #[default]
    Everyone,
    /// Only from players they follow.
    Followed,
    /// Nobody's.
    Nobody,
}

impl ChallengePolicy {
    pub fn name(self) -> &'static str {
        match self {
            ChallengePolicy::Everyone => "everyone",
            ChallengePolicy::Followed => "followed",
            ChallengePolicy::Nobody => "nobody",
        }
    }

    pub fn parse(s: &str) -> Option<ChallengePolicy> {
        [
            ChallengePolicy::Everyone,
            ChallengePolicy::Followed,
            ChallengePolicy::Nobody,
        ]
        .into_iter()
        .find(|p| p.name() == s)
    }
}

/// An account's settings for friends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FriendSettings {
    /// Whose challenges they take.
    pub challenges: ChallengePolicy,
    /// Whether those who follow them see at which tables they play.
    pub show_tables: bool,
}

impl Default for FriendSettings {
    fn default() -> Self {
        FriendSettings {
            challenges: ChallengePolicy::Everyone,
            show_tables: true,
        }
    }
}
