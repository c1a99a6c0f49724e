//! How a round's players are split into tables: k and k - 1 first, then bots or byes.

use nimmt_room::tournament::{layout, Layout, Settings};

fn settings(table_size: usize, game_min: usize, bots_fill: bool) -> Settings {
    Settings {
        game_min,
        bots_fill,
        ..Settings::swiss(3, table_size)
    }
}

fn shape(players: &[usize], bots: &[usize], byes: usize) -> Layout {
    Layout {
        players: players.to_vec(),
        bots: bots.to_vec(),
        byes,
    }
}

#[test]
fn as_few_tables_as_can_be_their_sizes_even() {
    let four = settings(4, 2, false);
    assert_eq!(layout(&four, 64), shape(&[4; 16], &[0; 16], 0));
    assert_eq!(
        layout(&four, 63),
        shape(
            &[4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3],
            &[0; 16],
            0
        )
    );
    assert_eq!(layout(&four, 9), shape(&[3, 3, 3], &[0; 3], 0));
    assert_eq!(layout(&four, 0), Layout::default());
}

#[test]
fn byes_only_when_k_and_k_minus_one_do_not_fit() {
    // 7 at tables of 6: a table of 6 and a bye (no table of 1).
    assert_eq!(layout(&settings(6, 2, false), 7), shape(&[6], &[0], 1));
    // With bots: two tables of 5 seats, bots filling.
    assert_eq!(layout(&settings(6, 2, true), 7), shape(&[4, 3], &[1, 2], 0));
    // Fewer than k - 1 players left but enough for the game: one small table.
    assert_eq!(layout(&settings(5, 2, false), 3), shape(&[3], &[0], 0));
    // Not even the game's minimum: everyone waits.
    assert_eq!(layout(&settings(5, 4, false), 3), shape(&[], &[], 3));
}
