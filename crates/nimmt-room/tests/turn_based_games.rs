//! Issue's "done when": a game of every kind for three at a turn-based table with a one-day
//! deadline, played to its end in simulated time, with one missed deadline, one vacation and a
//! restart in between. Cem misses his first deadline (the default move is played for him and
//! counted), takes a two-day vacation at his next question (a day and an hour later nothing was
//! played for him; then he moves himself), and the room restarts after that; the game ends
//! with the missed count and the vacation kept.

mod turn_room;

use nimmt_core::Seat;
use nimmt_protocol::TableState;
use turn_room::{Room, HOUR};

const DAY: std::time::Duration = std::time::Duration::from_secs(24 * 3600);
const CEM: usize = 2;

fn asked(room: &Room, i: usize) -> bool {
    room.table()
        .running_game()
        .is_some_and(|g| g.is_pending(Seat(i as u8)))
}

fn said(room: &mut Room, i: usize, key: &str) -> bool {
    room.notices(i).iter().any(|(k, _)| k == key)
}

fn a_whole_game_with_a_miss_a_vacation_and_a_restart(game: &str) {
    let mut room = Room::three_of(game, &[("pace", "1d"), ("vacation", "yes")]);
    room.say(0, "/start");
    assert!(room.table().running_game().is_some(), "{game}: started");
    let (mut missed, mut vacationed, mut restarted) = (false, false, false);
    for _ in 0..20_000 {
        if room.table().state() == TableState::Finished {
            break;
        }
        // Ann and Bea move whenever asked.
        let mut moved = room.move_if_asked(0) | room.move_if_asked(1);
        if asked(&room, CEM) && !asked(&room, 0) && !asked(&room, 1) {
            if !missed {
                let before = room.moves_of(CEM as u8);
                room.wait(DAY);
                assert!(
                    room.moves_of(CEM as u8) > before,
                    "{game}: the deadline played"
                );
                assert_eq!(room.missed(CEM), 1, "{game}");
                missed = true;
                continue;
            }
            if !vacationed {
                room.notices(CEM);
                room.say(CEM, "/vacation 2");
                assert!(said(&mut room, CEM, "vacation_started"), "{game}");
                let before = room.moves_of(CEM as u8);
                room.wait(DAY + HOUR);
                assert_eq!(room.moves_of(CEM as u8), before, "{game}: on vacation");
                vacationed = true;
            }
            moved |= room.move_if_asked(CEM);
        }
        if vacationed && !restarted {
            room.restart();
            for i in 0..3 {
                room.come(i);
            }
            restarted = true;
            continue;
        }
        if !moved {
            room.wait(HOUR);
        }
    }
    assert_eq!(room.table().state(), TableState::Finished, "{game}: over");
    assert!(
        missed && vacationed && restarted,
        "{game}: every event happened"
    );
    assert_eq!(room.missed(CEM), 1, "{game}: the missed deadline is kept");
    let turns = room
        .table()
        .meta()
        .turns
        .clone()
        .expect("a turn-based clock");
    assert_eq!(
        turns.vacations[CEM].len(),
        1,
        "{game}: the vacation is kept"
    );
    assert!(!room.table().played_by_bot(CEM));
}

#[test]
fn classic_for_three_a_day_a_move() {
    a_whole_game_with_a_miss_a_vacation_and_a_restart("classic");
}

#[test]
fn help_for_three_a_day_a_move() {
    a_whole_game_with_a_miss_a_vacation_and_a_restart("help");
}

#[test]
fn the_buffalo_for_three_a_day_a_move() {
    a_whole_game_with_a_miss_a_vacation_and_a_restart("buffalo");
}

#[test]
fn the_board_game_for_three_a_day_a_move() {
    a_whole_game_with_a_miss_a_vacation_and_a_restart("board");
}
