//! Points per place at a table, with shared places.

use nimmt_room::tournament::{points_for, Points};

#[test]
fn a_win_is_sixty_the_last_place_nothing() {
    for seats in 2..=6 {
        assert_eq!(points_for(1, 1, seats), Points::whole(60));
        assert_eq!(points_for(seats, 1, seats), Points::whole(0));
    }
    let four: Vec<String> = (1..=4).map(|p| points_for(p, 1, 4).to_string()).collect();
    assert_eq!(four, ["60", "40", "20", "0"]);
    let five: Vec<String> = (1..=5).map(|p| points_for(p, 1, 5).to_string()).collect();
    assert_eq!(five, ["60", "45", "30", "15", "0"]);
    let six: Vec<String> = (1..=6).map(|p| points_for(p, 1, 6).to_string()).collect();
    assert_eq!(six, ["60", "48", "36", "24", "12", "0"]);
}

#[test]
fn a_shared_place_shares_its_points() {
    // Two share the win at a table of 5: (60 + 45) / 2.
    assert_eq!(points_for(1, 2, 5).to_string(), "52.5");
    // Three share second at a table of 4: (40 + 20 + 0) / 3.
    assert_eq!(points_for(2, 3, 4).to_string(), "20");
    // Everybody ties at a table of 6: the average, 30.
    assert_eq!(points_for(1, 6, 6).to_string(), "30");
}

/// The tournament page tells the browser the points per place of its table size, and a bye's.
#[test]
fn the_page_carries_the_points_per_place_of_its_table_size() {
    use nimmt_core::{GameKind, OptionMap};
    use nimmt_protocol::{TournamentFormat, TournamentSetup};
    use nimmt_room::tournament::{Director, DirectorInput};
    let expected: [&[f64]; 4] = [
        &[60.0, 30.0, 0.0],
        &[60.0, 40.0, 20.0, 0.0],
        &[60.0, 45.0, 30.0, 15.0, 0.0],
        &[60.0, 48.0, 36.0, 24.0, 12.0, 0.0],
    ];
    for (table_size, points) in (3..=6).zip(expected) {
        let mut director = Director::new();
        let setup = TournamentSetup {
            name: "Cup".into(),
            game: GameKind::new("classic"),
            options: OptionMap::new(),
            format: TournamentFormat::Swiss { rounds: 2 },
            table_size,
            start_ms: 10_000,
            rated: false,
            invitation: false,
            bots_fill: false,
        };
        let create = DirectorInput::Create {
            id: 1,
            setup,
            creator: "ann".into(),
            creator_name: "Ann".into(),
            code: None,
            game_min: 2,
        };
        director.step(0, create).unwrap();
        let page = director.get(1).unwrap().page(None, false);
        assert_eq!(page.place_points, points, "a table of {table_size}");
        assert_eq!(page.bye_points, 30.0);
    }
}
