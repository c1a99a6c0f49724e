//! The lobby's bot accounts driven input by input at times the test chooses: `bot_ready` and
//! its refusals, the bot list and its news, the question for one bot by name, the rest after
//! too many faults, and the ladder's tables.

use super::tests::{conn, only_answer};
use super::*;
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_core::GameKind;
use nimmt_protocol::{BotDeclaration, ErrorCode, OnlineBot};
use serde_json::json;

struct Room {
    lobby: Lobby<u64>,
    wall_ms: u64,
}

fn room() -> Room {
    Room {
        lobby: Lobby::new(0, LobbySettings::default()),
        wall_ms: 1_000_000,
    }
}

fn bot(id: u64, name: &str) -> Conn {
    conn(id, name).as_bot(true)
}

fn declaration(v: serde_json::Value) -> BotDeclaration {
    serde_json::from_value(v).unwrap()
}

fn ladder_bot() -> BotDeclaration {
    declaration(json!({"games": [{"game": "classic"}], "ladder": true, "most_games": 1}))
}

impl Room {
    fn feed(&mut self, input: LobbyInput<u64>) -> Vec<LobbyEffect<u64>> {
        let now = Moment {
            wall_ms: self.wall_ms,
            ..Moment::default()
        };
        self.lobby.handle(input, now)
    }

    fn later(&mut self, ms: u64) {
        self.wall_ms += ms;
    }

    fn ready(&mut self, conn: &Conn, d: BotDeclaration) -> Result<(), Refusal> {
        let input = LobbyInput::BotReady {
            conn: conn.clone(),
            declaration: d,
            ratings: Default::default(),
        };
        match only_answer(self.feed(input)) {
            LobbyAnswer::BotReady(r) => r,
            other => panic!("not the answer to bot_ready: {other:?}"),
        }
    }

    fn bots(&mut self) -> Vec<String> {
        match only_answer(self.feed(LobbyInput::ListBots)) {
            LobbyAnswer::Bots(list) => list.into_iter().map(|b| b.name).collect(),
            other => panic!("not the bot list: {other:?}"),
        }
    }

    fn find(&mut self, name: &str) -> Option<OnlineBot> {
        let input = LobbyInput::OnlineBot { name: name.into() };
        match only_answer(self.feed(input)) {
            LobbyAnswer::OnlineBot(found) => found,
            other => panic!("not the answer about a bot: {other:?}"),
        }
    }

    /// A ladder tick, with each table it opens opened by the shell in turn: the seats of each.
    fn tick(&mut self) -> (Vec<Vec<String>>, Vec<LobbyEffect<u64>>) {
        let mut tables = Vec::new();
        let mut all = Vec::new();
        let mut effects = self.feed(LobbyInput::LadderTick);
        loop {
            let open = effects.iter().find_map(|e| match e {
                LobbyEffect::OpenTable { id, request } => Some((*id, request.again.clone())),
                _ => None,
            });
            assert!(
                !effects.iter().any(|e| matches!(e, LobbyEffect::Answer(_))),
                "a tick is no request: nobody waits for an answer"
            );
            all.extend(effects);
            let Some((id, again)) = open else { break };
            let meta: crate::table::Meta =
                serde_json::from_str(&again.expect("seats given").meta).unwrap();
            assert!(meta.table_options.rated, "ladder tables are rated");
            assert!(meta.seats.iter().all(|s| s.bot_account));
            assert_eq!(
                meta.bot_terms.len(),
                meta.seats.len(),
                "the terms of each bot kept"
            );
            tables.push(meta.seats.iter().map(|s| s.name.clone()).collect());
            effects = self.feed(LobbyInput::Opened {
                result: Ok((id, id)),
            });
        }
        (tables, all)
    }
}

/// The `key` of each notice or error sent to connection `id`, with the message type.
fn texts(effects: &[LobbyEffect<u64>], id: u64) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            LobbyEffect::Send { to, frame } if to.id == id => {
                let msg: serde_json::Value = serde_json::from_str(frame.as_str()).unwrap();
                let key = msg["key"].as_str().or(msg["text"]["key"].as_str());
                let key = key.unwrap_or("");
                Some(format!("{}{key}", msg["type"].as_str().unwrap()))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn only_a_bot_account_with_a_sound_declaration_is_listed() {
    let mut room = room();
    let ann = conn(1, "ann");
    let refused = room.ready(&ann, ladder_bot()).unwrap_err();
    assert_eq!(refused.code, ErrorCode::NotBot);
    let robo = bot(2, "Robo");
    let none = declaration(json!({"games": [], "most_games": 0}));
    assert_eq!(room.ready(&robo, none).unwrap_err().key, "bot_most_games");
    let many = declaration(json!({"games": [], "most_games": 101}));
    assert_eq!(room.ready(&robo, many).unwrap_err().key, "bot_most_games");
    let eleven = declaration(json!({"games": [{"game": "classic", "players": [4, 11]}]}));
    let r = room.ready(&robo, eleven).unwrap_err();
    assert_eq!((r.code, r.key), (ErrorCode::BadOptions, "bot_players"));
    let twice = declaration(json!({"games": [{"game": "classic"}, {"game": "classic"}]}));
    assert_eq!(room.ready(&robo, twice).unwrap_err().key, "bot_game_twice");
    assert!(room.bots().is_empty(), "nothing refused is listed");
    assert_eq!(room.ready(&robo, ladder_bot()), Ok(()));
    assert_eq!(room.ready(&bot(3, "alpha"), ladder_bot()), Ok(()));
    assert_eq!(
        room.bots(),
        ["alpha", "Robo"],
        "sorted by name, whatever the case"
    );
}

#[test]
fn subscribers_hear_the_bot_list_when_it_changes_and_a_closed_bot_leaves_it() {
    let mut room = room();
    let ann = conn(1, "ann");
    room.feed(LobbyInput::Subscribe { conn: ann.clone() });
    let robo = bot(2, "Robo");
    room.feed(LobbyInput::Online { conn: robo.clone() });
    let effects = room.feed(LobbyInput::BotReady {
        conn: robo.clone(),
        declaration: ladder_bot(),
        ratings: Default::default(),
    });
    assert_eq!(texts(&effects, 1), ["bots"]);
    // The same declaration again changes nothing anyone sees.
    let effects = room.feed(LobbyInput::BotReady {
        conn: robo.clone(),
        declaration: ladder_bot(),
        ratings: Default::default(),
    });
    assert!(texts(&effects, 1).is_empty());
    // An older connection's goodbye leaves the bot listed.
    room.feed(LobbyInput::Offline {
        player: "Robo".into(),
        conn_id: 99,
    });
    assert_eq!(room.bots(), ["Robo"]);
    let effects = room.feed(LobbyInput::Offline {
        player: "Robo".into(),
        conn_id: 2,
    });
    assert_eq!(texts(&effects, 1), ["bots"]);
    assert!(room.bots().is_empty());
    assert_eq!(room.find("Robo"), None);
}

#[test]
fn a_newer_connection_of_a_bot_lists_it_only_once_it_says_bot_ready() {
    let mut room = room();
    let old = bot(2, "Robo");
    room.feed(LobbyInput::Online { conn: old.clone() });
    room.ready(&old, ladder_bot()).unwrap();
    let new = bot(3, "Robo");
    room.feed(LobbyInput::Online { conn: new.clone() });
    assert!(
        room.bots().is_empty(),
        "nobody seats it at the old connection"
    );
    room.ready(&new, ladder_bot()).unwrap();
    // The old connection's goodbye comes late: the bot stays listed.
    room.feed(LobbyInput::Offline {
        player: "Robo".into(),
        conn_id: 2,
    });
    assert_eq!(room.bots(), ["Robo"]);
    // A newer hello on another node takes it off the list here.
    room.feed(LobbyInput::Peer(PeerNews::Online {
        player: "Robo".into(),
        at: u64::MAX,
        wins_tie: true,
    }));
    assert!(room.bots().is_empty());
}

#[test]
fn a_bots_ratings_read_again_are_listed_and_told_at_the_next_tick() {
    let mut room = room();
    let ann = conn(1, "ann");
    room.feed(LobbyInput::Subscribe { conn: ann.clone() });
    room.ready(&bot(2, "Robo"), ladder_bot()).unwrap();
    let classic = GameKind::new("classic");
    let rating = nimmt_protocol::SeatRating {
        rating: 1620,
        provisional: true,
        games_to_settle: Some(3),
        change: None,
    };
    room.feed(LobbyInput::BotRatings {
        player: "Robo".into(),
        ratings: [(classic, rating)].into(),
    });
    assert_eq!(room.find("Robo").unwrap().ratings[&classic].rating, 1620);
    let (_, effects) = room.tick();
    assert_eq!(texts(&effects, 1), ["bots"]);
    let (_, effects) = room.tick();
    assert!(texts(&effects, 1).is_empty(), "told once");
}

#[test]
fn a_bot_is_found_by_its_name_as_names_are_matched() {
    let mut room = room();
    room.ready(&bot(2, "Robo"), ladder_bot()).unwrap();
    let found = room.find("ROBO").expect("found whatever the case");
    assert_eq!(found.name, "Robo");
    assert_eq!(found.playing, 0);
    assert_eq!(found.declaration, ladder_bot());
    assert_eq!(room.find("Rob"), None);
}

#[test]
fn five_faults_within_ten_minutes_rest_a_bot_for_ten_minutes() {
    let mut room = room();
    let robo = bot(2, "Robo");
    room.ready(&robo, ladder_bot()).unwrap();
    let fault = || LobbyInput::BotFault {
        player: "Robo".into(),
    };
    // Four faults, then one more after the first is ten minutes old: no rest.
    for _ in 0..4 {
        room.feed(fault());
        room.later(60_000);
    }
    room.later(FAULT_WINDOW_MS - 4 * 60_000);
    assert!(texts(&room.feed(fault()), 2).is_empty());
    assert_eq!(room.bots(), ["Robo"]);
    // A fifth within the window: it rests, and is told.
    let effects = room.feed(fault());
    assert_eq!(texts(&effects, 2), ["noticebot_rests"]);
    assert!(room.bots().is_empty(), "a resting bot is not listed");
    assert_eq!(room.find("Robo"), None, "nor seated");
    room.later(60_000);
    let r = room.ready(&robo, ladder_bot()).unwrap_err();
    assert_eq!((r.code, r.key), (ErrorCode::BotUnavailable, "bot_resting"));
    assert!(r.params.contains(&("minutes", "9".to_owned())), "{r:?}");
    // Once the rest is over it is back by itself, and told on the next tick.
    room.later(REST_MS);
    let (_, effects) = room.tick();
    assert_eq!(texts(&effects, 2), ["noticebot_back"]);
    assert_eq!(room.bots(), ["Robo"]);
    assert_eq!(room.ready(&robo, ladder_bot()), Ok(()));
}

#[test]
fn the_ladder_seats_opted_in_bots_with_room_and_tells_each() {
    let mut room = room();
    for (i, name) in ["a", "b", "c"].iter().enumerate() {
        room.ready(&bot(10 + i as u64, name), ladder_bot()).unwrap();
    }
    // Not on the ladder, casual only, or refusing the default options: never paired.
    let casual = declaration(json!({"games": [{"game": "classic"}], "ladder": true,
        "rated": false}));
    let tactic = declaration(json!({"games": [{"game": "classic",
        "options": {"deck": ["tactic"]}}], "ladder": true}));
    let plain = declaration(json!({"games": [{"game": "classic"}]}));
    room.ready(&bot(20, "d"), casual).unwrap();
    room.ready(&bot(21, "e"), tactic).unwrap();
    room.ready(&bot(22, "f"), plain).unwrap();
    let (tables, effects) = room.tick();
    assert_eq!(
        tables,
        [["a", "b", "c"]],
        "three of four, the most there are"
    );
    for id in 10..13 {
        assert_eq!(texts(&effects, id), ["bot_seated"]);
    }
    assert_eq!(room.find("a").unwrap().playing, 1);
    // Each plays at most one game at once, as declared: nothing more until it ends.
    assert!(room.tick().0.is_empty());
    room.feed(LobbyInput::Closed { id: 1 });
    assert_eq!(room.tick().0.len(), 1);
}

#[test]
fn the_ladder_prefers_four_at_classic_and_opens_its_tables_one_after_another() {
    let mut room = room();
    let two = declaration(json!({"games": [{"game": "classic"}], "ladder": true,
        "most_games": 2}));
    for i in 0..9u64 {
        room.ready(&bot(10 + i, &format!("b{i}")), two.clone())
            .unwrap();
    }
    let (tables, _) = room.tick();
    assert_eq!(tables.len(), 2, "{tables:?}");
    assert!(tables.iter().all(|t| t.len() == 4));
    // The bot left out goes first on the next tick; each bot at most one new table per tick.
    let (next, _) = room.tick();
    assert_eq!(next.len(), 2);
    let all: Vec<String> = (0..9).map(|i| format!("b{i}")).collect();
    let left_out: Vec<&String> = all
        .iter()
        .filter(|n| !tables.iter().flatten().any(|s| s == *n))
        .collect();
    assert_eq!(left_out.len(), 1);
    assert!(next.iter().flatten().any(|s| s == left_out[0]));
    // Two bots still have room: they make a table of two, the game's least; then nobody has.
    let (third, _) = room.tick();
    assert_eq!(third.iter().map(Vec::len).collect::<Vec<_>>(), [2]);
    assert!(room.tick().0.is_empty());
}

#[test]
fn the_ladder_pairs_each_game_among_the_bots_that_declared_it() {
    let mut room = room();
    let game = |g: &str| declaration(json!({"games": [{"game": g}], "ladder": true}));
    for (i, name) in ["h1", "h2", "h3"].iter().enumerate() {
        room.ready(&bot(10 + i as u64, name), game("help")).unwrap();
    }
    for (i, name) in ["c1", "c2"].iter().enumerate() {
        room.ready(&bot(20 + i as u64, name), game("classic"))
            .unwrap();
    }
    let (mut tables, _) = room.tick();
    tables.sort();
    assert_eq!(tables, [vec!["c1", "c2"], vec!["h1", "h2", "h3"]]);
}

#[test]
fn a_resting_bot_is_not_paired() {
    let mut room = room();
    for (i, name) in ["a", "b", "c"].iter().enumerate() {
        room.ready(&bot(10 + i as u64, name), ladder_bot()).unwrap();
    }
    for _ in 0..MOST_FAULTS {
        room.feed(LobbyInput::BotFault { player: "c".into() });
    }
    let (tables, _) = room.tick();
    assert_eq!(tables, [["a", "b"]]);
}

#[test]
fn the_rotation_takes_the_fewest_recent_games_then_the_closest_ratings() {
    let classic = GameKind::new("classic");
    let d = declaration(json!({"games": [{"game": "classic", "players": [2]}]}));
    let rated = |r: i64| {
        std::collections::BTreeMap::from([(
            classic,
            nimmt_protocol::SeatRating {
                rating: r,
                provisional: false,
                games_to_settle: None,
                change: None,
            },
        )])
    };
    let names = ["a", "b", "c", "d"];
    let players: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let ratings = [rated(1500), rated(1900), rated(1550), rated(2000)];
    let recent = [3, 0, 1, 1];
    let candidates: Vec<Candidate> = (0..4)
        .map(|k| Candidate {
            player: &players[k],
            name: names[k],
            declaration: &d,
            ratings: &ratings[k],
            recent: recent[k],
        })
        .collect();
    let tables = pair(&candidates, 0, &Default::default());
    let seats: Vec<Vec<&str>> = tables
        .iter()
        .map(|t| t.seats.iter().map(String::as_str).collect())
        .collect();
    // b has played least; of c and d (one game each) d's rating is closer to b's.
    assert_eq!(seats, [["b", "d"], ["c", "a"]]);
}
