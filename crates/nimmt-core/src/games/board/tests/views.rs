//! What each viewer sees, and the worlds a seat's view leaves open.

use super::*;

#[test]
fn the_view_shows_own_tiles_and_others_counts() {
    let mut g = Board::new(3, BoardOptions::on_default_board(Version::ProLuck), 3);
    let t = g.hand(Seat(1))[0];
    choose(&mut g, Seat(1), &[t]);
    let v = g.view(Viewer::Seat(Seat(0)));
    assert_eq!(v.hand, g.hand(Seat(0)));
    assert!(v.chosen.is_empty());
    assert_eq!(v.hand_sizes[1], 11);
    assert_eq!(v.action_cards, g.action_hand(Seat(0)));
    let v1 = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(v1.chosen, vec![t]);
    assert!(v1.legal_actions().is_empty());
    let s = g.view(Viewer::Spectator);
    assert!(s.hand.is_empty() && s.action_cards.is_empty());
}

#[test]
fn hidden_tiles_and_cards_are_dealt_anew_but_the_view_stays() {
    // What a seat may not see (other screens, tiles chosen face down, supply, action cards of
    // the others and the stack) changes under `hide_from`; its own view does not.
    let mut g = Board::new(3, BoardOptions::on_default_board(Version::ProLuck), 8);
    let t = g.hand(Seat(1))[0];
    choose(&mut g, Seat(1), &[t]);
    assert!(!g.log_is_public(), "a tile lies face down");
    let other = g.hide_from(Viewer::Seat(Seat(0)), 99);
    assert_eq!(
        other.view(Viewer::Seat(Seat(0))),
        g.view(Viewer::Seat(Seat(0)))
    );
    assert_eq!(other.hand(Seat(0)), g.hand(Seat(0)));
    assert_ne!(other.hand(Seat(1)), g.hand(Seat(1)));
    assert_eq!(other.hand(Seat(1)).len(), g.hand(Seat(1)).len());
    let mut census = other.census();
    census.sort();
    let mut before = g.census();
    before.sort();
    assert_eq!(census, before);
}

#[test]
fn a_world_sampled_from_a_seats_view_shows_that_view_and_keeps_every_tile() {
    // Bots search in worlds built from their view alone: those must agree with it.
    for version in Version::ALL {
        for players in [2, 4, 6] {
            for steps in [0, 7, 30, 75, 140] {
                let seed = steps as u64 * 13 + players as u64;
                let g = random_game(players, version, seed, steps);
                for seat in Seat::all(players) {
                    let view = g.view(Viewer::Seat(seat));
                    let world = sample_world(&view, seed);
                    assert_eq!(world.view(Viewer::Seat(seat)), view, "{version:?} {steps}");
                    assert_conserved(&world);
                    assert_eq!(world.legal_actions(seat), g.legal_actions(seat));
                }
            }
        }
    }
}

#[test]
fn the_view_says_where_each_own_tile_would_go() {
    // 000 "Regel 2": Basti's 57 fits rows 1, 3 and 4; the 56 is closest. "Regel 3": his 1 is
    // lower than every last tile and goes to the row with the highest, the 70.
    let g = Board::from_position(Position::new(
        Version::Base,
        hands(&[&[57, 1], &[60, 2], &[93, 3]]),
        rows(&[&[40], &[70], &[50], &[56], &[]]),
    ))
    .unwrap();
    let v = g.view(Viewer::Seat(BASTI));
    assert_eq!(v.landing, vec![(1, 1, 1), (57, 3, 1)]);
    assert!(g.view(Viewer::Spectator).landing.is_empty());
}
