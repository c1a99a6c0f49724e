//! Friends in the lobby: where followed players are (online here, and the open or running tables
//! they sit at), and a message to a player wherever they are online here (a challenge, its
//! answer). Also the rules of a challenge that need no IO: when it expires and whether a player
//! takes it, each a pure function of what is stored and the time, so tests choose the time.

use super::{Lobby, LobbyAnswer};
use crate::refusal::Refusal;
use crate::table::MOST_TURN_BASED_TABLES;
use nimmt_protocol::{ChallengePolicy, ErrorCode, FollowedTable, PlayerId, ServerMsg, TableState};

/// How long a challenge stays open unanswered: one day.
pub const CHALLENGE_LIFETIME_MS: u64 = 24 * 3600 * 1000;

/// What the lobby is asked about friends.
#[derive(Debug)]
pub enum FriendsInput {
    /// Where each of `players` is (answered with
    /// [`LobbyAnswer::Whereabouts`](super::LobbyAnswer::Whereabouts), in the same order).
    Whereabouts { players: Vec<PlayerId> },
    /// `msg` to `player`'s connection, if they are online here (no answer).
    Tell {
        player: PlayerId,
        msg: Box<ServerMsg>,
    },
}

/// Where a player is, as the lobby knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Whereabouts {
    pub player: PlayerId,
    /// Connected here now.
    pub online: bool,
    /// The open or running tables they sit at, in table order.
    pub tables: Vec<FollowedTable>,
}

impl<H: Clone> Lobby<H> {
    /// Handles a question or message about friends.
    pub(super) fn friends(&mut self, input: FriendsInput) {
        match input {
            FriendsInput::Whereabouts { players } => {
                let found = players.iter().map(|p| self.whereabouts(p)).collect();
                self.answer(LobbyAnswer::Whereabouts(found));
            }
            FriendsInput::Tell { player, msg } => {
                if let Some(conn) = self.online.get(&player).map(|o| o.conn.clone()) {
                    self.send(&conn, &msg);
                }
            }
        }
    }

    fn whereabouts(&self, player: &PlayerId) -> Whereabouts {
        // A private table is nobody's business but its players'.
        let tables = self
            .seats
            .of(player)
            .iter()
            .filter_map(|id| self.tables.get(id)?.info.as_ref())
            .filter(|i| matches!(i.state, TableState::Open | TableState::Playing))
            .filter(|i| !super::private::private(i))
            .map(|i| FollowedTable {
                table: i.id,
                game: i.game,
                state: i.state,
            })
            .collect();
        Whereabouts {
            player: player.clone(),
            online: self.online.contains_key(player),
            tables,
        }
    }
}

/// Where a stored challenge stands at `now_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeState {
    Open,
    /// Unanswered for longer than [`CHALLENGE_LIFETIME_MS`].
    Expired,
    /// Accepted or declined.
    Answered,
}

/// When a challenge made at `created_ms` expires.
pub fn expires_ms(created_ms: u64) -> u64 {
    created_ms.saturating_add(CHALLENGE_LIFETIME_MS)
}

/// Where a challenge made at `created_ms` stands at `now_ms` (`answered`: it was accepted or
/// declined).
pub fn challenge_state(created_ms: u64, answered: bool, now_ms: u64) -> ChallengeState {
    if answered {
        ChallengeState::Answered
    } else if now_ms >= expires_ms(created_ms) {
        ChallengeState::Expired
    } else {
        ChallengeState::Open
    }
}

/// The refusal of answering a challenge that is not open.
pub fn closed_refusal(state: ChallengeState) -> Option<Refusal> {
    let key = match state {
        ChallengeState::Open => return None,
        ChallengeState::Expired => "challenge_expired",
        ChallengeState::Answered => "challenge_answered",
    };
    Some(Refusal::new(ErrorCode::ChallengeClosed).keyed(key))
}

/// What the challenged player's side says about a challenge from someone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stance {
    /// Whose challenges they take.
    pub policy: ChallengePolicy,
    /// They follow the challenger.
    pub follows_challenger: bool,
    /// They blocked (muted) the challenger.
    pub blocked: bool,
}

/// Whether `name` (the challenged player) takes a challenge, given their `stance` towards the
/// challenger.
pub fn takes_challenge(name: &str, stance: Stance) -> Result<(), Refusal> {
    let key = if stance.blocked {
        "challenge_blocked"
    } else {
        match stance.policy {
            ChallengePolicy::Everyone => return Ok(()),
            ChallengePolicy::Followed if stance.follows_challenger => return Ok(()),
            ChallengePolicy::Followed => "challenges_followed_only",
            ChallengePolicy::Nobody => "challenges_off",
        }
    };
    Err(Refusal::new(ErrorCode::NotAllowed)
        .keyed(key)
        .with("name", name))
}

/// Whether a turn-based challenge may open another table for both: each of them sits at
/// `seats` turn-based tables (the challenger first, then `other`, the challenged player's name).
pub fn room_for_turn_based(challenger: usize, other: usize, name: &str) -> Result<(), Refusal> {
    let max = MOST_TURN_BASED_TABLES;
    let full = |key| {
        Err(Refusal::new(ErrorCode::RateLimited)
            .keyed(key)
            .with("max", max)
            .with("name", name))
    };
    if challenger >= max {
        return full("too_many_turn_based");
    }
    if other >= max {
        return full("too_many_turn_based_other");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lobby::tests::{conn, only_answer, table_news};
    use crate::lobby::{LobbyEffect, LobbyInput, LobbySettings};
    use crate::Moment;
    use nimmt_core::GameKind;

    fn ask(lobby: &mut Lobby<u64>, players: &[&str]) -> Vec<Whereabouts> {
        let players = players.iter().map(|p| p.to_string()).collect();
        let input = LobbyInput::Friends(FriendsInput::Whereabouts { players });
        match only_answer(lobby.handle(input, Moment::default())) {
            LobbyAnswer::Whereabouts(w) => w,
            other => panic!("no whereabouts: {other:?}"),
        }
    }

    #[test]
    fn a_followed_player_is_seen_online_at_the_tables_they_sit_at() {
        let mut lobby = Lobby::new(0, LobbySettings::default());
        lobby.handle(
            LobbyInput::Online {
                conn: conn(1, "bea"),
            },
            Moment::default(),
        );
        for (id, state, players) in [
            (1, TableState::Playing, vec!["bea", "cem"]),
            (2, TableState::Finished, vec!["bea"]),
            (3, TableState::Open, vec!["cem"]),
        ] {
            let input = LobbyInput::Adopt {
                handle: id,
                news: table_news(id, state, &players),
            };
            lobby.handle(input, Moment::default());
        }
        let found = ask(&mut lobby, &["bea", "cem"]);
        assert!(found[0].online);
        // A finished table is no longer where she plays.
        assert_eq!(
            found[0].tables,
            vec![FollowedTable {
                table: 1,
                game: GameKind::new("classic"),
                state: TableState::Playing
            }]
        );
        assert!(!found[1].online, "cem never said hello");
        assert_eq!(found[1].tables.len(), 2);
        // Gone offline: no longer online, still seated.
        lobby.handle(
            LobbyInput::Offline {
                player: "bea".into(),
                conn_id: 1,
            },
            Moment::default(),
        );
        let found = ask(&mut lobby, &["bea"]);
        assert!(!found[0].online);
        assert_eq!(found[0].tables.len(), 1);
    }

    #[test]
    fn a_message_reaches_a_player_only_while_online_here() {
        let mut lobby: Lobby<u64> = Lobby::new(0, LobbySettings::default());
        let tell = |lobby: &mut Lobby<u64>| {
            let input = LobbyInput::Friends(FriendsInput::Tell {
                player: "cem".into(),
                msg: Box::new(ServerMsg::Replaced),
            });
            lobby.handle(input, Moment::default())
        };
        assert!(tell(&mut lobby).is_empty(), "nobody to tell");
        lobby.handle(
            LobbyInput::Online {
                conn: conn(7, "cem"),
            },
            Moment::default(),
        );
        match tell(&mut lobby).as_slice() {
            [LobbyEffect::Send { to, frame }] => {
                assert_eq!(to.id, 7);
                assert_eq!(frame.as_str(), r#"{"type":"replaced"}"#);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_challenge_is_open_for_one_day_and_until_answered() {
        let made = 1_000_000;
        assert_eq!(challenge_state(made, false, made), ChallengeState::Open);
        let day = CHALLENGE_LIFETIME_MS;
        assert_eq!(
            challenge_state(made, false, made + day - 1),
            ChallengeState::Open
        );
        assert_eq!(
            challenge_state(made, false, made + day),
            ChallengeState::Expired
        );
        assert_eq!(
            challenge_state(made, true, made + 5),
            ChallengeState::Answered
        );
        assert_eq!(expires_ms(made), made + 86_400_000);
        let r = closed_refusal(ChallengeState::Expired).unwrap();
        assert_eq!(
            (r.code, r.key),
            (ErrorCode::ChallengeClosed, "challenge_expired")
        );
        assert!(closed_refusal(ChallengeState::Open).is_none());
    }

    #[test]
    fn the_challenged_players_settings_decide() {
        let stance = |policy, follows_challenger, blocked| Stance {
            policy,
            follows_challenger,
            blocked,
        };
        let key = |s| takes_challenge("Cem", s).err().map(|r| r.key);
        assert_eq!(key(stance(ChallengePolicy::Everyone, false, false)), None);
        assert_eq!(key(stance(ChallengePolicy::Followed, true, false)), None);
        assert_eq!(
            key(stance(ChallengePolicy::Followed, false, false)),
            Some("challenges_followed_only")
        );
        assert_eq!(
            key(stance(ChallengePolicy::Nobody, true, false)),
            Some("challenges_off")
        );
        // A block counts whatever the policy.
        assert_eq!(
            key(stance(ChallengePolicy::Everyone, true, true)),
            Some("challenge_blocked")
        );
    }

    #[test]
    fn thirty_turn_based_tables_on_either_side_refuse_another() {
        let max = MOST_TURN_BASED_TABLES;
        assert!(room_for_turn_based(max - 1, max - 1, "Cem").is_ok());
        let you = room_for_turn_based(max, 0, "Cem").unwrap_err();
        assert_eq!(you.key, "too_many_turn_based");
        let them = room_for_turn_based(0, max, "Cem").unwrap_err();
        assert_eq!(them.key, "too_many_turn_based_other");
        assert!(them.params.contains(&("name", "Cem".to_owned())));
    }
}
