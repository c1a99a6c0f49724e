//! The lobby driven input by input, without a runtime: what its users see (the tables listed,
//! the cap on tables per identity, replaced connections, lobby chat and mutes, ended sessions)
//! read from the effects it returns.

use super::*;
use crate::conn::{Conn, Link};
use crate::refusal::Refusal;
use crate::table::TableNews;
use crate::Frame;
use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{ErrorCode, Lang, TableInfo, TableState};
use std::collections::HashSet;
use std::sync::Arc;

/// The lobby's frames are read from its effects; nothing goes out by the link.
#[derive(Debug)]
struct Unused;

impl Link for Unused {
    fn push(&self, _: Frame) -> bool {
        true
    }

    fn close(&self, _: CloseReason) {}
}

pub(super) fn conn(id: u64, player: &str) -> Conn {
    Conn::new(
        id,
        player.to_owned(),
        player.to_owned(),
        Lang::En,
        Arc::new(Unused),
    )
}

fn info(id: TableId, state: TableState) -> TableInfo {
    TableInfo {
        id,
        game: GameKind::new("classic"),
        options: OptionMap::default(),
        table_options: Default::default(),
        max_seats: 4,
        seats: Vec::new(),
        spectators: 0,
        host: None,
        state,
        tournament: None,
    }
}

/// `by` asks for a table of `game`.
fn create(by: &Conn, game: &'static str) -> LobbyInput<u64> {
    LobbyInput::Create(TableRequest {
        conn: by.clone(),
        game: GameKind::new(game),
        options: OptionMap::default(),
        seats: None,
        again: None,
    })
}

fn news(id: TableId, state: TableState, players: &[&str]) -> LobbyInput<u64> {
    LobbyInput::Changed(table_news(id, state, players))
}

pub(super) fn table_news(id: TableId, state: TableState, players: &[&str]) -> TableNews {
    TableNews {
        info: info(id, state),
        players: players.iter().map(|p| p.to_string()).collect(),
        host: players.first().map(|p| p.to_string()),
        waiting: Vec::new(),
    }
}

/// A lobby whose tables are reached by their numbers, and a clock that moves a millisecond
/// with every input.
pub(super) struct Room {
    lobby: Lobby<u64>,
    wall_ms: u64,
}

impl Room {
    pub(super) fn new(settings: LobbySettings) -> Room {
        Room {
            lobby: Lobby::new(0, settings),
            wall_ms: 1_000,
        }
    }

    pub(super) fn feed(&mut self, input: LobbyInput<u64>) -> Vec<LobbyEffect<u64>> {
        self.wall_ms += 1;
        let now = Moment {
            wall_ms: self.wall_ms,
            ..Moment::default()
        };
        self.lobby.handle(input, now)
    }

    /// Asks for a table for `by`; the shell opens it under the number the lobby chose.
    fn open(&mut self, by: &Conn) -> Result<u64, Refusal> {
        let effects = self.feed(create(by, "classic"));
        let request = effects.into_iter().find_map(|e| match e {
            LobbyEffect::OpenTable { id, request } => Some((id, request)),
            LobbyEffect::Answer(LobbyAnswer::Created(Err(r))) => panic!("refused: {r:?}"),
            _ => None,
        });
        let Some((id, request)) = request else {
            unreachable!("neither opened nor refused")
        };
        assert_eq!(request.conn.player, by.player);
        let answer = self.feed(LobbyInput::Opened {
            result: Ok((id, id)),
        });
        match only_answer(answer) {
            LobbyAnswer::Created(r) => r,
            other => panic!("not the answer to create: {other:?}"),
        }
    }

    /// Asks for a table for `by` and expects the refusal, with no table opened.
    fn refused(&mut self, by: &Conn) -> Refusal {
        let effects = self.feed(create(by, "classic"));
        match only_answer(effects) {
            LobbyAnswer::Created(Err(r)) => r,
            other => panic!("not refused: {other:?}"),
        }
    }

    fn listed(&mut self) -> Vec<TableId> {
        match only_answer(self.feed(LobbyInput::List)) {
            LobbyAnswer::Tables(t) => t.iter().map(|i| i.id).collect(),
            other => panic!("not a list: {other:?}"),
        }
    }
}

/// The one effect of a request that asks something: its answer.
pub(super) fn only_answer(effects: Vec<LobbyEffect<u64>>) -> LobbyAnswer<u64> {
    let mut answers: Vec<_> = effects
        .into_iter()
        .filter_map(|e| match e {
            LobbyEffect::Answer(a) => Some(a),
            _ => None,
        })
        .collect();
    assert_eq!(answers.len(), 1, "one answer per request");
    answers.remove(0)
}

/// The types of the messages sent to connection `id`, in order.
fn told(effects: &[LobbyEffect<u64>], id: u64) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            LobbyEffect::Send { to, frame } if to.id == id => {
                let msg: serde_json::Value = serde_json::from_str(frame.as_str()).unwrap();
                Some(msg["type"].as_str().unwrap().to_owned())
            }
            _ => None,
        })
        .collect()
}

/// The connections closed, with why.
fn closed(effects: &[LobbyEffect<u64>]) -> Vec<(u64, CloseReason)> {
    effects
        .iter()
        .filter_map(|e| match e {
            LobbyEffect::Close { conn, reason } => Some((conn.id, *reason)),
            _ => None,
        })
        .collect()
}

#[test]
fn an_identity_hosting_as_many_tables_as_allowed_is_refused_another() {
    let mut room = Room::new(LobbySettings {
        tables_per_identity: 2,
        peers: false,
        ..Default::default()
    });
    let (ann, bob) = (conn(1, "ann"), conn(2, "bob"));
    assert_eq!(room.open(&ann), Ok(1));
    assert_eq!(room.open(&ann), Ok(2));
    let refusal = room.refused(&ann);
    assert_eq!(refusal.code, ErrorCode::RateLimited);
    assert_eq!(refusal.key, "too_many_tables");
    assert_eq!(refusal.params, vec![("max", "2".to_owned())]);
    assert_eq!(room.open(&bob), Ok(3), "the cap is per identity");
    // A finished table no longer counts.
    room.feed(news(1, TableState::Finished, &["ann"]));
    assert_eq!(room.open(&ann), Ok(4));
}

#[test]
fn no_cap_lets_an_identity_host_any_number_of_tables() {
    let mut room = Room::new(LobbySettings::default());
    let ann = conn(1, "ann");
    for n in 1..=5 {
        assert_eq!(room.open(&ann), Ok(n));
    }
}

#[test]
fn a_table_the_opener_numbered_itself_keeps_its_number_and_the_next_follows_it() {
    let mut room = Room::new(LobbySettings::default());
    room.feed(create(&conn(1, "ann"), "classic"));
    let answer = room.feed(LobbyInput::Opened {
        result: Ok((40, 40)),
    });
    assert_eq!(only_answer(answer), LobbyAnswer::Created(Ok(40)));
    assert_eq!(room.open(&conn(2, "bob")), Ok(41));
}

#[test]
fn a_table_that_could_not_be_opened_is_refused_and_not_kept() {
    let mut room = Room::new(LobbySettings::default());
    room.feed(create(&conn(1, "ann"), "nonsense"));
    let bad_game = Refusal::new(ErrorCode::BadOptions);
    let answer = room.feed(LobbyInput::Opened {
        result: Err(bad_game.clone()),
    });
    assert_eq!(only_answer(answer), LobbyAnswer::Created(Err(bad_game)));
    let get = room.feed(LobbyInput::Get { table: 1 });
    assert_eq!(only_answer(get), LobbyAnswer::Table(None));
}

#[test]
fn a_second_hello_of_the_same_identity_replaces_the_first_connection() {
    let mut room = Room::new(LobbySettings::default());
    let (first, second) = (conn(1, "ann"), conn(2, "ann"));
    room.feed(LobbyInput::Online {
        conn: first.clone(),
    });
    room.feed(LobbyInput::Subscribe { conn: first });
    let effects = room.feed(LobbyInput::Online { conn: second });
    assert_eq!(told(&effects, 1), ["replaced"]);
    assert_eq!(closed(&effects), [(1, CloseReason::Replaced)]);
    assert_eq!(CloseReason::Replaced.code(), 4001);
    // The replaced connection no longer hears the lobby's news.
    room.open(&conn(3, "bob")).unwrap();
    let effects = room.feed(news(1, TableState::Open, &["bob"]));
    assert!(told(&effects, 1).is_empty());
    // Its goodbye does not take the newer connection offline: a third hello replaces it.
    room.feed(LobbyInput::Offline {
        player: "ann".into(),
        conn_id: 1,
    });
    let effects = room.feed(LobbyInput::Online {
        conn: conn(4, "ann"),
    });
    assert_eq!(closed(&effects), [(2, CloseReason::Replaced)]);
}

#[test]
fn the_same_connection_saying_hello_again_is_not_replaced() {
    let mut room = Room::new(LobbySettings::default());
    let ann = conn(1, "ann");
    room.feed(LobbyInput::Online { conn: ann.clone() });
    let effects = room.feed(LobbyInput::Online { conn: ann });
    assert!(effects.is_empty());
}

#[test]
fn lobby_chat_does_not_reach_who_muted_the_speaker() {
    let mut room = Room::new(LobbySettings::default());
    for (id, who) in [(1, "ann"), (2, "bob"), (3, "cid")] {
        room.feed(LobbyInput::Subscribe {
            conn: conn(id, who),
        });
    }
    let effects = room.feed(LobbyInput::Chat {
        conn: conn(1, "ann"),
        text: "hello".into(),
        hidden_from: HashSet::from(["bob".to_owned()]),
    });
    assert_eq!(told(&effects, 1), ["chat"]);
    assert!(told(&effects, 2).is_empty(), "bob muted ann");
    assert_eq!(told(&effects, 3), ["chat"]);
    // The same for a line said on another node.
    let effects = room.feed(LobbyInput::Peer(PeerNews::Chat {
        from: "dan".into(),
        text: "hi".into(),
        player: Some("dan".into()),
        hidden_from: HashSet::from(["cid".to_owned()]),
    }));
    assert_eq!(told(&effects, 2), ["chat"]);
    assert!(told(&effects, 3).is_empty(), "cid muted dan");
}

#[test]
fn a_tables_news_reaches_the_subscribers_and_the_list() {
    let mut room = Room::new(LobbySettings::default());
    room.feed(LobbyInput::Subscribe {
        conn: conn(1, "ann"),
    });
    room.feed(LobbyInput::Online {
        conn: conn(2, "bob"),
    });
    let id = room.open(&conn(3, "cid")).unwrap();
    assert!(room.listed().is_empty(), "listed once it says how it looks");
    let effects = room.feed(news(id, TableState::Open, &["cid"]));
    assert_eq!(told(&effects, 1), ["table_changed"]);
    assert!(told(&effects, 2).is_empty(), "bob did not subscribe");
    assert_eq!(room.listed(), [id]);
    let seated = room.feed(LobbyInput::Seated {
        player: "cid".into(),
    });
    assert_eq!(only_answer(seated), LobbyAnswer::Handles(vec![id]));
}

#[test]
fn a_closed_table_leaves_the_list() {
    let mut room = Room::new(LobbySettings::default());
    room.feed(LobbyInput::Subscribe {
        conn: conn(1, "ann"),
    });
    room.feed(LobbyInput::Adopt {
        handle: 7,
        news: table_news(7, TableState::Playing, &["bob"]),
    });
    assert_eq!(room.listed(), [7]);
    let effects = room.feed(LobbyInput::Closed { id: 7 });
    let LobbyEffect::Send { frame, .. } = &effects[0] else {
        panic!("the subscriber is not told: {effects:?}")
    };
    assert!(frame.as_str().contains(r#""closed":true"#));
    assert!(room.listed().is_empty());
    let get = room.feed(LobbyInput::Get { table: 7 });
    assert_eq!(only_answer(get), LobbyAnswer::Table(None));
    // A restored table's number is taken: the next new table follows it.
    assert_eq!(room.open(&conn(2, "bob")), Ok(8));
}

#[test]
fn a_newer_hello_on_another_node_replaces_the_local_connection() {
    let mut room = Room::new(LobbySettings::default());
    room.feed(LobbyInput::Online {
        conn: conn(1, "ann"),
    });
    let said_hello_at = room.wall_ms;
    let older = room.feed(LobbyInput::Peer(PeerNews::Online {
        player: "ann".into(),
        at: said_hello_at - 1,
        wins_tie: true,
    }));
    assert!(closed(&older).is_empty(), "the local connection is newer");
    let tie_lost = room.feed(LobbyInput::Peer(PeerNews::Online {
        player: "ann".into(),
        at: said_hello_at,
        wins_tie: false,
    }));
    assert!(closed(&tie_lost).is_empty());
    let newer = room.feed(LobbyInput::Peer(PeerNews::Online {
        player: "ann".into(),
        at: said_hello_at,
        wins_tie: true,
    }));
    assert_eq!(told(&newer, 1), ["replaced"]);
    assert_eq!(closed(&newer), [(1, CloseReason::Replaced)]);
}

/// What the other nodes are told of a hello, a lobby chat line, a table's news and its close.
fn peers_told(settings: LobbySettings) -> (Vec<ToPeers>, u64) {
    let mut room = Room::new(settings);
    let inputs = [
        LobbyInput::Online {
            conn: conn(1, "ann"),
        },
        LobbyInput::Chat {
            conn: conn(1, "ann"),
            text: "hello".into(),
            hidden_from: HashSet::new(),
        },
        news(5, TableState::Open, &["ann"]),
        LobbyInput::Closed { id: 5 },
    ];
    let hello_at = room.wall_ms + 1;
    let told = inputs
        .into_iter()
        .flat_map(|input| room.feed(input))
        .filter_map(|e| match e {
            LobbyEffect::Peers(p) => Some(p),
            _ => None,
        })
        .collect();
    (told, hello_at)
}

#[test]
fn peers_hear_of_hellos_chat_and_tables_only_in_a_cluster() {
    let (alone, _) = peers_told(LobbySettings::default());
    assert!(alone.is_empty());
    let (told, hello_at) = peers_told(LobbySettings {
        tables_per_identity: 0,
        peers: true,
        ..Default::default()
    });
    assert!(
        matches!(&told[0], ToPeers::Online { player, at } if player == "ann" && *at == hello_at),
        "the hello is told with its time: {told:?}"
    );
    assert!(
        matches!(&told[1], ToPeers::Chat { from, text, .. } if from == "ann" && text == "hello")
    );
    assert!(matches!(&told[2], ToPeers::Changed(n) if n.info.id == 5));
    assert!(matches!(told[3], ToPeers::Closed { id: 5 }));
    assert_eq!(told.len(), 4);
}

#[test]
fn an_ended_session_closes_only_the_connection_opened_with_it() {
    let mut room = Room::new(LobbySettings::default());
    let ann = conn(1, "ann").with_session(Some("laptop".into()));
    room.feed(LobbyInput::Online { conn: ann.clone() });
    room.feed(LobbyInput::Subscribe { conn: ann });
    let other = room.feed(LobbyInput::EndSessions {
        player: "ann".into(),
        which: Ending::Only("phone".into()),
        refusal: None,
    });
    assert!(closed(&other).is_empty());
    assert_eq!(only_answer(other), LobbyAnswer::Done);
    let banned = room.feed(LobbyInput::EndSessions {
        player: "ann".into(),
        which: Ending::All,
        refusal: Some(Refusal::new(ErrorCode::Banned)),
    });
    assert_eq!(told(&banned, 1), ["error"], "told why first");
    assert_eq!(closed(&banned), [(1, CloseReason::SessionEnded)]);
    assert_eq!(CloseReason::SessionEnded.code(), 4005);
    assert_eq!(only_answer(banned), LobbyAnswer::Done);
    // No longer subscribed.
    let effects = room.feed(LobbyInput::Adopt {
        handle: 1,
        news: table_news(1, TableState::Open, &[]),
    });
    assert!(effects.is_empty());
    let effects = room.feed(news(1, TableState::Playing, &[]));
    assert!(told(&effects, 1).is_empty());
}
