//! Bot accounts at a table, driven in simulated time: a seated player seats an online bot account
//! by name (`/bot add @NAME`), the table keeps what the bot declared it takes (options, size,
//! rated or casual) and refuses a change it does not take; a bot's illegal, malformed or late
//! move is a fault that the table answers with the default move, going on; a disconnected bot's
//! seat is played by the default move until it is back; a restart forgets nothing of it.

mod turn_room;

use nimmt_protocol::{OnlineBot, Role};
use nimmt_room::table::BOT_MOVE_LIMIT;
use serde_json::{json, Value};
use std::time::Duration;
use turn_room::{Room, TABLE};

const ANN: usize = 0;
const BEA: usize = 1;
const ROBO: usize = 2;

/// Ann opens a classic table of `seats`; Bea is around, and the bot account Robo is online with
/// `declared`.
fn robo_room(seats: usize, declared: Value) -> Room {
    let mut room = Room::opened("classic", seats, &[], &["Ann", "Bea", "Robo"], &[ROBO]);
    room.online.push(OnlineBot {
        player: room.people[ROBO].player.clone(),
        name: "Robo".to_owned(),
        declaration: serde_json::from_value(declared).unwrap(),
        ratings: Default::default(),
        playing: 0,
    });
    room
}

/// A table of three where Robo takes any classic game.
fn open_three() -> Room {
    robo_room(3, json!({"games": [{"game": "classic"}], "most_games": 3}))
}

/// Ann, Bea and Robo seated at a started table of three, Robo connected.
fn playing() -> Room {
    let mut room = open_three();
    room.come(BEA);
    room.say(ANN, "/bot add @Robo");
    room.come(ROBO);
    room.say(ANN, "/start");
    assert!(room.table().running_game().is_some());
    for i in 0..3 {
        room.frames(i);
    }
    room
}

#[test]
fn a_seated_player_seats_an_online_bot_account_by_name() {
    let mut room = open_three();
    room.come(BEA);
    room.keys(ANN);
    room.say(ANN, "/bot add @robo");
    let seat = &room.table().meta().seats[2];
    assert_eq!(seat.name, "Robo");
    assert!(seat.bot_account && seat.bot.is_none());
    assert_eq!(seat.player.as_ref(), Some(&room.people[ROBO].player));
    assert!(room.keys(ANN).contains(&"bot_account_seated".to_owned()));
    // The bot is told where it sits, and joins: no "back" notice, it gets the table's state.
    assert_eq!(room.told.len(), 1);
    assert_eq!(room.told[0].0, room.people[ROBO].player);
    assert_eq!(
        room.told[0].1,
        json!({"type": "bot_seated", "table": TABLE, "game": "classic"})
    );
    room.come(ROBO);
    assert!(!room.keys(BEA).contains(&"back".to_owned()));
    let state = room.frames(ROBO);
    let state = state.iter().find(|m| m["type"] == "state").expect("state");
    assert_eq!(state["you"]["seat"], 2);
    assert_eq!(state["table"]["seats"][2]["bot_account"], true);
    // `/bot remove` takes the last bot: the bot account leaves (and hears so).
    room.say(BEA, "/bot remove");
    assert_eq!(room.table().meta().seats.len(), 2);
    assert!(room.table().meta().bot_terms.is_empty());
    assert!(room.frames(ROBO).iter().any(|m| m["type"] == "left"));
}

#[test]
fn a_bot_that_is_offline_declines_busy_or_asked_by_the_wrong_one_is_not_seated() {
    // Not online.
    let mut room = open_three();
    room.say(ANN, "/bot add @Nobody");
    assert_eq!(room.keys(ANN), vec!["bot_unavailable"]);
    // It does not play this game, or not rated ones.
    let mut room = robo_room(3, json!({"games": [{"game": "help"}]}));
    room.say(ANN, "/bot add @Robo");
    assert_eq!(room.keys(ANN), vec!["bot_declines_game"]);
    let mut room = robo_room(3, json!({"games": [{"game": "classic"}], "rated": false}));
    room.say(ANN, "/bot add @Robo");
    assert_eq!(room.keys(ANN), vec!["bot_declines_rated"]);
    // It plays as many games as it takes.
    let mut room = open_three();
    room.online[0].playing = 3;
    room.say(ANN, "/bot add @Robo");
    assert_eq!(room.keys(ANN), vec!["bot_busy"]);
    // Only a seated player, and only before the start.
    let mut room = open_three();
    room.attach(BEA, Role::Spectator);
    room.keys(BEA);
    room.say(BEA, "/bot add @Robo");
    assert_eq!(room.keys(BEA), vec!["not_seated"]);
    let mut room = playing();
    room.say(ANN, "/bot add @Robo");
    assert_eq!(room.keys(ANN), vec!["already_started"]);
    // Refused, nothing changed: no seat, nobody told.
    let mut room = open_three();
    room.say(ANN, "/bot add @Nobody");
    assert_eq!(room.table().meta().seats.len(), 1);
    assert!(room.told.is_empty());
}

#[test]
fn options_and_a_start_the_seated_bot_does_not_take_are_refused() {
    let declared = json!({
        "games": [{"game": "classic", "players": [3, 4], "options": {"deck": ["full"]}}],
        "casual": false
    });
    let mut room = robo_room(4, declared);
    room.say(ANN, "/bot add @Robo");
    room.come(ROBO);
    room.keys(ANN);
    room.say(ANN, "/option deck=tactic");
    assert_eq!(room.keys(ANN), vec!["bot_declines_option"]);
    room.say(ANN, "/option rated=no");
    assert_eq!(room.keys(ANN), vec!["bot_declines_casual"]);
    let meta = room.table().meta();
    assert!(meta.table_options.rated);
    assert_eq!(meta.options.0.get("deck"), None);
    // Two seats are too few for Robo; with Bea the game starts.
    room.say(ANN, "/start");
    assert_eq!(room.keys(ANN), vec!["bot_declines_size"]);
    assert!(room.table().running_game().is_none());
    room.come(BEA);
    room.say(ANN, "/option timer=30");
    assert!(room.keys(ANN).contains(&"option_set".to_owned()));
    room.say(ANN, "/start");
    assert!(room.table().running_game().is_some());
}

#[test]
fn an_illegal_move_is_refused_and_the_default_move_is_played_at_once() {
    let mut room = playing();
    assert!(room.asked(ROBO));
    room.act(ROBO, json!({"type": "play", "card": 1000}));
    let errors: Vec<Value> = room
        .frames(ROBO)
        .into_iter()
        .filter(|m| m["type"] == "error")
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(["illegal_action", "malformed"].contains(&errors[0]["code"].as_str().unwrap()));
    // The table played for Robo and goes on; everyone hears why, the lobby counts the fault.
    assert_eq!(room.moves_of(ROBO as u8), 1);
    assert!(!room.asked(ROBO));
    assert!(room.keys(ANN).contains(&"bot_fault".to_owned()));
    assert_eq!(room.faults, vec![room.people[ROBO].player.clone()]);
    // A person's illegal move is only refused.
    room.act(ANN, json!({"type": "play", "card": 1000}));
    assert_eq!(room.moves_of(ANN as u8), 0);
    assert_eq!(room.faults.len(), 1);
    // A well-formed move out of turn is no fault either.
    room.act(ROBO, json!({"type": "play", "card": 1}));
    assert_eq!(room.faults.len(), 1);
}

#[test]
fn a_bot_that_does_not_move_in_time_gets_the_default_move() {
    let mut room = playing();
    // People at a table without a timer have all the time they want; the bot has its limit.
    room.wait(BOT_MOVE_LIMIT - Duration::from_secs(1));
    assert_eq!(room.moves_of(ROBO as u8), 0);
    room.wait(Duration::from_secs(1));
    assert_eq!(room.moves_of(ROBO as u8), 1);
    assert_eq!(room.moves_of(ANN as u8), 0);
    assert!(room.keys(BEA).contains(&"bot_fault_late".to_owned()));
    assert_eq!(room.faults.len(), 1);
    // Robo's state told it its deadline.
    let mut room = playing();
    room.drop_connection(ROBO);
    room.come(ROBO);
    let frames = room.frames(ROBO);
    let state = frames.iter().find(|m| m["type"] == "state").unwrap();
    assert!(state["deadline"]["left_ms"].as_u64().unwrap() <= 10_000);
}

#[test]
fn a_disconnected_bot_is_played_by_the_default_move_until_it_is_back() {
    let mut room = playing();
    room.drop_connection(ROBO);
    let mut turns = 0;
    while room.moves_of(ROBO as u8) < 3 {
        while room.move_if_asked(ANN) || room.move_if_asked(BEA) {}
        room.wait(BOT_MOVE_LIMIT);
        turns += 1;
        assert!(turns < 10, "the table waits for Robo");
    }
    // No fault while away: it is not there to make one.
    assert!(room.faults.is_empty());
    // Past the reconnection window no bot stands in: each question still waits its limit.
    room.wait(Duration::from_secs(61));
    assert!(!room.keys(ANN).contains(&"standing_in".to_owned()));
    assert!(!room.table().info().seats[ROBO].bot_standing_in);
    while !room.asked(ROBO) {
        assert!(room.move_if_asked(ANN) || room.move_if_asked(BEA));
    }
    let asked_at = room.moves_of(ROBO as u8);
    room.wait(BOT_MOVE_LIMIT - Duration::from_secs(1));
    assert_eq!(room.moves_of(ROBO as u8), asked_at);
    room.wait(Duration::from_secs(1));
    assert_eq!(room.moves_of(ROBO as u8), asked_at + 1);
    // Back: it gets the state and plays its own moves again.
    while room.move_if_asked(ANN) || room.move_if_asked(BEA) {}
    let before = room.moves_of(ROBO as u8);
    room.come(ROBO);
    assert!(room.frames(ROBO).iter().any(|m| m["type"] == "state"));
    if !room.asked(ROBO) {
        room.wait(room.config.bot_delay);
    }
    assert!(room.move_if_asked(ROBO));
    assert_eq!(room.moves_of(ROBO as u8), before + 1);
    assert!(room.faults.is_empty());
}

#[test]
fn a_bot_chats_only_where_it_is_seated() {
    let mut room = open_three();
    room.attach(ROBO, Role::Spectator);
    room.keys(ROBO);
    room.say(ROBO, "hello");
    assert_eq!(room.keys(ROBO), vec!["bot_chat_seated"]);
    let mut room = playing();
    room.say(BEA, "/who");
    let who = room.frames(BEA);
    let who = who.iter().find(|m| m["key"] == "who").expect("who");
    assert_eq!(who["params"]["players"], "Ann, Bea, Robo (bot)");
    room.say(ROBO, "good luck");
    let line = room
        .frames(ANN)
        .into_iter()
        .find(|m| m["type"] == "chat")
        .expect("the line");
    assert_eq!(line["bot"], true);
}

#[test]
fn a_restart_keeps_the_bot_account_and_what_it_takes() {
    let declared = json!({"games": [{"game": "classic", "options": {"deck": ["full"]}}]});
    let mut room = robo_room(3, declared);
    room.say(ANN, "/bot add @Robo");
    room.restart();
    let meta = room.table().meta();
    assert!(meta.seats[1].bot_account);
    assert!(meta.bot_terms.contains_key(&room.people[ROBO].player));
    room.come(ANN);
    room.come(ROBO);
    room.keys(ANN);
    room.say(ANN, "/option deck=tactic");
    assert_eq!(room.keys(ANN), vec!["bot_declines_option"]);
    // And a running game's bot seat keeps its limit.
    let mut room = playing();
    room.restart();
    room.come(ANN);
    room.come(BEA);
    room.come(ROBO);
    assert!(room.table().meta().seats[2].bot_account);
    room.wait(BOT_MOVE_LIMIT);
    assert_eq!(room.moves_of(ROBO as u8), 1);
}

#[test]
fn a_rematch_seats_the_bot_account_again_and_tells_it() {
    let mut room = playing();
    let mut rounds = 0;
    while room.table().state() != nimmt_protocol::TableState::Finished {
        while room.move_if_asked(ANN) || room.move_if_asked(BEA) || room.move_if_asked(ROBO) {}
        room.wait(Duration::from_secs(1));
        rounds += 1;
        assert!(rounds < 500, "the game does not end");
    }
    assert!(room.faults.is_empty());
    room.told.clear();
    room.say(ANN, "/rematch");
    assert_eq!(room.told.len(), 1, "{:?}", room.told);
    assert_eq!(room.told[0].0, room.people[ROBO].player);
    assert_eq!(room.told[0].1["type"], "bot_seated");
    assert_eq!(room.told[0].1["table"], TABLE + 1);
}

#[test]
fn a_finished_game_is_not_kept_for_its_bot_accounts() {
    let mut room = playing();
    while room.table().state() != nimmt_protocol::TableState::Finished {
        while room.move_if_asked(ANN) || room.move_if_asked(BEA) || room.move_if_asked(ROBO) {}
        room.wait(Duration::from_secs(1));
    }
    room.frames(ROBO);
    room.drop_connection(ANN);
    assert!(!room.table().closing());
    // The last person goes: the table closes, and Robo, still there, hears it left.
    room.drop_connection(BEA);
    assert!(room.table().closing());
    let frames = room.frames(ROBO);
    assert!(frames.iter().any(|m| m["type"] == "left"), "{frames:?}");
}

#[test]
fn a_paused_table_gives_the_bot_its_whole_limit_when_it_resumes() {
    let mut room = open_three();
    room.come(BEA);
    room.say(ANN, "/bot add @Robo");
    room.come(ROBO);
    room.say(ANN, "/option reconnect=5");
    room.say(ANN, "/start");
    assert!(room.move_if_asked(ANN) && room.move_if_asked(BEA));
    assert!(room.asked(ROBO));
    for i in [ANN, BEA, ROBO] {
        room.drop_connection(i);
    }
    // Paused after the reconnection window, before Robo's limit: nothing moves meanwhile.
    room.wait(Duration::from_secs(100));
    assert!(room.table().is_paused());
    assert_eq!(room.moves_of(ROBO as u8), 0);
    // Ann is back: the table goes on, and Robo has its limit from now.
    room.come(ANN);
    room.wait(BOT_MOVE_LIMIT - Duration::from_secs(1));
    assert_eq!(room.moves_of(ROBO as u8), 0);
    room.wait(Duration::from_secs(1));
    assert_eq!(room.moves_of(ROBO as u8), 1);
}
