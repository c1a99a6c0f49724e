//! A tournament's table, driven in simulated time: it opens with every seat given and its game
//! starts at once; nobody hosts it (starting, options, bots, sending away, rematches and new
//! seats are refused with the tournament's text); a player who never came or left has a bot play
//! the seat after the reconnection window, noted once in the table's mark (stored, so a restart
//! keeps it); a player who comes back plays on; the game runs to its end even with nobody there;
//! and the lobby counts the table against nobody's tables.

mod turn_room;

use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{
    Lang, Role, TableState, TableTournament, Text, TournamentFormat, TournamentSetup,
};
use nimmt_room::lobby::{LobbyAnswer, LobbyEffect, LobbySettings, TableRequest};
use nimmt_room::sim::client::SimLink;
use nimmt_room::table::{
    tournament_meta, Again, Meta, TournamentTag, MOST_MISSED, TOURNAMENT_BOT_LEVEL,
};
use nimmt_room::tournament::{Entrant, TableRef, TableSpec};
use nimmt_room::{Input, Lobby, LobbyInput, Moment, Table};
use std::time::Duration;
use turn_room::{Room, TABLE};

const ANN: usize = 0;
const BEA: usize = 1;
const CEM: usize = 2;
const DAN: usize = 3;
const SECOND: Duration = Duration::from_secs(1);
/// The room's reconnection window (`TableConfig::default`).
const WINDOW: Duration = Duration::from_secs(60);
const AT: TableRef = TableRef { round: 2, table: 3 };

fn setup() -> TournamentSetup {
    let mut options = OptionMap::default();
    options.set("deals", "1");
    options.set("hand_size", "4");
    TournamentSetup {
        name: "Sunday Swiss".to_owned(),
        game: GameKind::new("classic"),
        options,
        format: TournamentFormat::Swiss { rounds: 3 },
        table_size: 4,
        start_ms: 0,
        rated: true,
        invitation: false,
        bots_fill: true,
    }
}

/// The spec of a table seating `players` of the room's people, and `bots` bots.
fn spec(room: &Room, players: &[usize], bots: usize) -> TableSpec {
    TableSpec {
        id: AT,
        players: players
            .iter()
            .map(|&i| Entrant {
                player: room.people[i].player.clone(),
                name: room.people[i].name.clone(),
                rating: 1500,
            })
            .collect(),
        bots,
    }
}

fn meta_of(room: &Room, spec: &TableSpec, setup: &TournamentSetup) -> Meta {
    let tag = TournamentTag::new(9, "Sunday Swiss", spec.id);
    tournament_meta(spec, tag, setup, &[], &room.config).unwrap()
}

/// The table of round 2, table 3 of "Sunday Swiss": Ann, Bea and Cem, then a bot; Dan is
/// around. Nobody is connected when it opens.
fn opened() -> Room {
    opened_as(&setup())
}

/// [`opened`], the tournament set up as `setup`.
fn opened_as(setup: &TournamentSetup) -> Room {
    let mut room = Room::new(&["Ann", "Bea", "Cem", "Dan"], &[]);
    let meta = meta_of(&room, &spec(&room, &[ANN, BEA, CEM], 1), setup);
    let again = Again {
        meta: serde_json::to_string(&meta).unwrap(),
        history: Vec::new(),
    };
    let table = Table::again(TABLE, again, room.config.clone(), 1, room.now).unwrap();
    room.table = Some(table);
    room.feed(Input::Opened);
    room
}

/// `who` move whenever asked and time passes a second at a time, until `done`.
fn play_until(room: &mut Room, who: &[usize], done: impl Fn(&Room) -> bool) {
    let mut waited = 0;
    while !done(room) {
        while who.iter().any(|&i| room.move_if_asked(i)) {}
        room.wait(SECOND);
        waited += 1;
        assert!(waited < 2_000, "it never happens");
    }
}

/// The players `who` move whenever asked, and time passes, until the game is over.
fn play_out(room: &mut Room, who: &[usize]) {
    play_until(room, who, |r| r.table().state() == TableState::Finished);
}

/// Ann and Bea come and play; Cem never came, and the window from the opening is over: a bot
/// made his first move.
fn cem_missing() -> Room {
    let mut room = opened();
    room.come(ANN);
    room.come(BEA);
    while room.move_if_asked(ANN) || room.move_if_asked(BEA) {}
    room.wait(WINDOW + SECOND);
    room
}

fn bot_played(room: &Room) -> Vec<String> {
    room.table().tournament().unwrap().bot_played.clone()
}

/// The mark as stored with the table.
fn stored_bot_played(room: &Room) -> Vec<String> {
    let meta: Meta = serde_json::from_str(&room.store.rows[&TABLE].meta).unwrap();
    meta.tournament.unwrap().bot_played
}

#[test]
fn the_game_starts_at_once_with_every_seat_given_and_nobody_hosting() {
    let room = opened();
    let table = room.table();
    assert_eq!(table.state(), TableState::Playing);
    assert!(table.running_game().is_some());
    let seats: Vec<&str> = table.meta().seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(seats, ["Ann", "Bea", "Cem", "Bot 1"]);
    assert_eq!(
        table.meta().seats[3].bot.as_deref(),
        Some(TOURNAMENT_BOT_LEVEL)
    );
    assert_eq!(table.meta().host, None);
    assert!(table.meta().table_options.rated);
    let info = table.info();
    assert_eq!(info.host, None);
    assert_eq!(
        info.tournament,
        Some(TableTournament {
            id: 9,
            name: "Sunday Swiss".to_owned(),
            round: 2,
            table: 3,
        })
    );
    // The lobby hears of it as nobody's table, listed with its mark.
    let news = room.news.last().expect("the lobby heard");
    assert_eq!(news.host, None);
    assert_eq!(news.info.state, TableState::Playing);
    assert!(news.info.tournament.is_some());
    // Its game's setup is stored with the mark.
    let stored: Meta = serde_json::from_str(&room.store.rows[&TABLE].meta).unwrap();
    assert_eq!(stored.tournament.unwrap().table_ref(), AT);
}

#[test]
fn host_powers_and_new_seats_are_refused_with_the_tournaments_text() {
    let mut room = opened();
    room.come(ANN);
    room.come(BEA);
    room.keys(ANN);
    let before = serde_json::to_string(room.table().meta()).unwrap();
    for line in [
        "/start",
        "/option timer=30",
        "/bot add",
        "/bot remove",
        "/kick Bea",
        "/rematch",
    ] {
        room.say(ANN, line);
        assert_eq!(room.errors(ANN), ["tournament_table_fixed"], "{line}");
    }
    assert_eq!(serde_json::to_string(room.table().meta()).unwrap(), before);
    // Players chat; a visitor watches, and may not take a seat.
    room.frames(BEA);
    room.say(ANN, "good luck");
    assert!(room.frames(BEA).iter().any(|m| m["type"] == "chat"));
    room.attach(DAN, Role::Spectator);
    assert!(room.errors(DAN).is_empty());
    room.say(DAN, "/join");
    assert_eq!(room.errors(DAN), ["tournament_table_fixed"]);
    assert_eq!(room.table().meta().seats.len(), 4);
}

#[test]
fn the_refusal_reads_in_english_and_german() {
    let text = |lang| Text::new(lang, "tournament_table_fixed", []).text;
    assert_eq!(
        text(Lang::En),
        "This is a tournament table: its seats and options are fixed."
    );
    assert_eq!(
        text(Lang::De),
        "Das ist ein Turniertisch: Seine Plätze und Optionen stehen fest."
    );
}

#[test]
fn a_player_who_never_came_is_played_by_a_bot_after_the_window_and_noted_once() {
    let mut room = opened();
    room.come(ANN);
    room.come(BEA);
    // Within the window from the opening Cem's seat waits for him.
    while room.move_if_asked(ANN) || room.move_if_asked(BEA) {}
    room.wait(WINDOW - 10 * SECOND);
    assert_eq!(room.moves_of(CEM as u8), 0);
    assert!(bot_played(&room).is_empty());
    room.wait(11 * SECOND);
    assert_eq!(room.moves_of(CEM as u8), 1, "a bot plays his seat");
    let cem = room.people[CEM].player.clone();
    assert_eq!(bot_played(&room), vec![cem.clone()]);
    assert_eq!(stored_bot_played(&room), vec![cem.clone()]);
    play_out(&mut room, &[ANN, BEA]);
    assert!(room.moves_of(CEM as u8) > 1);
    assert_eq!(bot_played(&room), vec![cem.clone()], "noted once");
    assert_eq!(stored_bot_played(&room), [cem]);
}

#[test]
fn a_player_back_plays_on_and_the_bot_stops() {
    let mut room = cem_missing();
    let played = room.moves_of(CEM as u8);
    assert_eq!(played, 1);
    room.come(CEM);
    // Ann and Bea play on; once Cem is asked, his seat waits for him however long he takes.
    play_until(&mut room, &[ANN, BEA], |r| r.asked(CEM));
    room.wait(3 * WINDOW);
    assert_eq!(room.moves_of(CEM as u8), played, "no bot moves for him");
    assert!(room.move_if_asked(CEM));
    assert_eq!(room.moves_of(CEM as u8), played + 1);
    play_out(&mut room, &[ANN, BEA, CEM]);
    assert_eq!(bot_played(&room), [room.people[CEM].player.clone()]);
}

#[test]
fn a_player_who_leaves_has_a_bot_play_on_and_is_noted() {
    let mut room = opened();
    for i in [ANN, BEA, CEM] {
        room.come(i);
    }
    room.say(ANN, "/leave");
    assert_eq!(room.table().meta().seats[ANN].player, None);
    play_until(&mut room, &[BEA, CEM], |r| r.moves_of(ANN as u8) > 0);
    let ann = room.people[ANN].player.clone();
    assert_eq!(bot_played(&room), vec![ann.clone()]);
    // She takes her seat back and plays on; the table still has no host.
    room.come(ANN);
    assert_eq!(room.table().meta().seats[ANN].player, Some(ann.clone()));
    assert_eq!(room.table().meta().host, None);
    play_out(&mut room, &[ANN, BEA, CEM]);
    assert_eq!(bot_played(&room), [ann]);
}

#[test]
fn the_mark_survives_a_restart_and_the_game_runs_to_its_end() {
    let mut room = cem_missing();
    let cem = room.people[CEM].player.clone();
    assert_eq!(bot_played(&room), vec![cem.clone()]);
    room.restart();
    let tag = room
        .table()
        .tournament()
        .cloned()
        .expect("still a tournament table");
    assert_eq!(tag.table_ref(), AT);
    assert_eq!(tag.name, "Sunday Swiss");
    assert_eq!(tag.bot_played, vec![cem.clone()]);
    assert_eq!(room.table().meta().host, None);
    room.come(ANN);
    room.come(BEA);
    play_out(&mut room, &[ANN, BEA]);
    assert_eq!(stored_bot_played(&room), [cem]);
    assert_eq!(room.store.rows[&TABLE].state, "finished");
}

#[test]
fn a_table_nobody_came_to_plays_to_its_end_with_every_seats_place() {
    let mut room = opened();
    play_out(&mut room, &[]);
    assert!(!room.table().is_paused());
    let outcome = room.table().running_game().unwrap().outcome().unwrap();
    assert_eq!(
        outcome.scores.len(),
        4,
        "a score, so a place, for every seat"
    );
    let mut noted = bot_played(&room);
    noted.sort();
    let players: Vec<String> = (0..3).map(|i| room.people[i].player.clone()).collect();
    assert_eq!(noted, players);
    assert_eq!(room.store.rows[&TABLE].state, "finished");
}

#[test]
fn a_table_of_the_wrong_size_or_a_player_seated_twice_is_refused() {
    let room = Room::new(&["Ann", "Bea", "Cem", "Dan"], &[]);
    let tag = || TournamentTag::new(9, "Sunday Swiss", AT);
    // Classic takes 2 to 10 players.
    let too_big = spec(&room, &[ANN], 10);
    assert!(tournament_meta(&too_big, tag(), &setup(), &[], &room.config).is_err());
    let twice = spec(&room, &[ANN, ANN, BEA], 1);
    assert!(tournament_meta(&twice, tag(), &setup(), &[], &room.config).is_err());
    // A bot account's seat is marked as one.
    let bea = room.people[BEA].player.clone();
    let meta = tournament_meta(
        &spec(&room, &[ANN, BEA], 2),
        tag(),
        &setup(),
        &[bea],
        &room.config,
    )
    .unwrap();
    let marks: Vec<bool> = meta.seats.iter().map(|s| s.bot_account).collect();
    assert_eq!(marks, [false, true, false, false]);
}

/// Asks the lobby for a table for `player` (a tournament's when `again` is given); answers the
/// table's number, or the refusal.
fn open_in(lobby: &mut Lobby<u64>, player: &str, again: Option<Again>) -> Result<u64, String> {
    let (conn, _) = SimLink::conn(1, player, player, Lang::En);
    let request = TableRequest {
        conn,
        game: GameKind::new("classic"),
        options: OptionMap::default(),
        seats: None,
        again,
    };
    let now = Moment::default();
    let effects = lobby.handle(LobbyInput::Create(request), now);
    for e in effects {
        match e {
            LobbyEffect::OpenTable { id, .. } => {
                lobby.handle(
                    LobbyInput::Opened {
                        result: Ok((id, id)),
                    },
                    now,
                );
                return Ok(id);
            }
            LobbyEffect::Answer(LobbyAnswer::Created(Err(r))) => return Err(r.key.to_string()),
            _ => {}
        }
    }
    panic!("neither opened nor refused");
}

#[test]
fn a_tournament_table_counts_against_nobodys_tables() {
    let room = Room::new(&["Ann", "Bea", "Cem", "Dan"], &[]);
    let mut lobby = Lobby::new(
        0,
        LobbySettings {
            tables_per_identity: 1,
            ..Default::default()
        },
    );
    let ann = room.people[ANN].player.clone();
    assert_eq!(open_in(&mut lobby, &ann, None), Ok(1));
    let meta = meta_of(&room, &spec(&room, &[ANN, BEA, CEM], 1), &setup());
    let again = || Again {
        meta: serde_json::to_string(&meta).unwrap(),
        history: Vec::new(),
    };
    // Ann hosts as many tables as she may: her tournament tables open all the same.
    assert_eq!(open_in(&mut lobby, &ann, Some(again())), Ok(2));
    assert_eq!(open_in(&mut lobby, &ann, Some(again())), Ok(3));
    assert_eq!(
        open_in(&mut lobby, &ann, None),
        Err("too_many_tables".to_owned())
    );
    let bea = room.people[BEA].player.clone();
    assert_eq!(open_in(&mut lobby, &bea, None), Ok(4));
}

#[test]
fn a_turn_based_tournament_table_counts_against_nobodys_turn_based_tables() {
    let mut daily = setup();
    daily.options.set("pace", "1d");
    let room = opened_as(&daily);
    let news = room.news.last().cloned().expect("the lobby heard");
    assert_eq!(news.info.table_options["pace"], "1d");
    let mut lobby: Lobby<u64> = Lobby::new(0, LobbySettings::default());
    let now = Moment::default();
    lobby.handle(
        LobbyInput::Adopt {
            handle: TABLE,
            news,
        },
        now,
    );
    let ann = room.people[ANN].player.clone();
    let answer = lobby.handle(LobbyInput::TurnBasedSeats { player: ann }, now);
    assert!(
        answer
            .iter()
            .any(|e| matches!(e, LobbyEffect::Answer(LobbyAnswer::Count(0)))),
        "{answer:?}"
    );
}

#[test]
fn a_turn_based_seat_a_bot_took_after_missed_deadlines_is_noted() {
    let mut hourly = setup();
    hourly.options.set("pace", "1h");
    hourly.options.set("hand_size", "6");
    let mut room = opened_as(&hourly);
    for i in [ANN, BEA, CEM] {
        room.come(i);
    }
    // Cem is there but never moves: his deadlines pass, then a bot takes his seat.
    let mut hours = 0;
    while room.table().state() != TableState::Finished {
        while room.move_if_asked(ANN) || room.move_if_asked(BEA) {}
        room.wait(Duration::from_secs(600));
        if room.missed(CEM) < MOST_MISSED {
            assert!(bot_played(&room).is_empty(), "a missed deadline alone");
        }
        hours += 1;
        assert!(hours < 1_000, "the game does not end");
    }
    assert_eq!(room.missed(CEM), MOST_MISSED);
    assert_eq!(bot_played(&room), vec![room.people[CEM].player.clone()]);
}

#[test]
fn a_player_who_drops_is_played_by_a_bot_after_the_window_and_noted() {
    let mut room = opened();
    for i in [ANN, BEA, CEM] {
        room.come(i);
    }
    while room.move_if_asked(ANN) || room.move_if_asked(BEA) || room.move_if_asked(CEM) {}
    room.drop_connection(CEM);
    play_until(&mut room, &[ANN, BEA], |r| r.asked(CEM));
    let before = room.moves_of(CEM as u8);
    room.wait(WINDOW - SECOND);
    assert_eq!(
        room.moves_of(CEM as u8),
        before,
        "his seat waits the window"
    );
    assert!(bot_played(&room).is_empty());
    play_out(&mut room, &[ANN, BEA]);
    assert!(room.moves_of(CEM as u8) > before);
    assert_eq!(bot_played(&room), vec![room.people[CEM].player.clone()]);
}
