//! The board as data (RULING K2): the built-in board and tiles, bad data refused, other boards
//! loaded, played and carried in a record.

use super::*;

#[test]
fn default_data_is_valid_and_says_it_is_reconstructed() {
    let d = default_data::default_data();
    for text in [&d.base.about, &d.pro.about, &d.tiles.about] {
        assert!(text.contains("RECONSTRUCTED"), "{text}");
    }
    assert_eq!(d.base.rows.len(), 5);
    assert_eq!(d.pro.rows.len(), 6);
    let again = BoardData::from_json(&serde_json::to_string(&*d).unwrap()).unwrap();
    assert_eq!(again, *d);
}

#[test]
fn bad_data_is_refused_naming_the_field() {
    let mut v: serde_json::Value = serde_json::from_str(default_data::BASE_JSON).unwrap();
    v["rows"][2]["fields"][4] = serde_json::json!({"kind": "empty"});
    let e = BoardSide::from_json(&v.to_string()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "base.rows[2].fields[4]: the last field of a row must be take_row or take_row_to_screen"
    );
    v["rows"][2]["fields"][4] = serde_json::json!({"kind": "draw_tile"});
    let e = BoardSide::from_json(&v.to_string()).unwrap_err();
    assert!(e.to_string().starts_with("base.rows[2].fields[4]"), "{e}");
    v["rows"][2]["fields"][4] = serde_json::json!({"kind": "purple"});
    let e = BoardSide::from_json(&v.to_string()).unwrap_err();
    assert!(e.to_string().contains("board side"), "{e}");
    let mut t: serde_json::Value = serde_json::from_str(default_data::TILES_JSON).unwrap();
    t["bulls"][6] = serde_json::json!(4);
    let e = TileTable::from_json(&t.to_string()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "tiles.bulls[6] (tile 7): 4 bull heads, expected 1, 2, 3 or 5"
    );
}

#[test]
fn a_table_may_load_other_data() {
    let d = default_data::default_data();
    let mut other = (*d).clone();
    other.tiles.bulls = vec![1; 100];
    let combined = serde_json::to_string(&other).unwrap();
    let loaded = BoardData::from_json(&combined).unwrap();
    let g = Board::with_data(4, Version::Base, loaded.clone(), 7);
    assert_eq!(g.data(), &loaded);
    assert_eq!(g.view(Viewer::Spectator).bulls, vec![1; 100]);
}

#[test]
fn a_record_carries_its_board_and_replays_on_it() {
    // RULING K2: the board is data; a record of a game on another board replays on that board.
    use crate::game::Setup;
    use crate::record::{replay, RecordedGame};
    let mut other = (*default_data::default_data()).clone();
    other.tiles.bulls = vec![2; 100];
    let mut setup = Setup::new(Board::KIND, 3, OptionMap::new(), 4);
    setup
        .data
        .insert("board".into(), serde_json::to_value(&other).unwrap());
    let mut g = RecordedGame::new(setup).unwrap();
    while let Some((seat, _)) = g.game().pending().first().cloned() {
        let a = g.game().default_action(seat).unwrap();
        g.act(seat, &a).unwrap();
    }
    let record = g.record();
    assert_eq!(record.options.get("board"), Some("custom"));
    let text = serde_json::to_string(&record).unwrap();
    let back: crate::record::GameRecord = serde_json::from_str(&text).unwrap();
    let replayed = replay(&back).unwrap();
    assert_eq!(replayed.game.outcome(), g.game().outcome());
    let b = replayed.game.downcast_ref::<Board>().unwrap();
    assert_eq!(b.data(), &other);
    // A game on the built-in board writes the built-in board out as well.
    let plain = RecordedGame::new(Setup::new(Board::KIND, 3, OptionMap::new(), 4)).unwrap();
    let written = BoardData::from_value(plain.record().data["board"].clone()).unwrap();
    assert_eq!(written, *default_data::default_data());
    assert_eq!(plain.record().options.get("board"), Some("default"));
}

#[test]
fn board_custom_is_offered_only_with_board_data() {
    // RULING K2: another board is game data; a room without it cannot play `board=custom`.
    let values = |d: &crate::descriptor::GameDescriptor| match &d
        .options
        .iter()
        .find(|o| o.key == "board")
        .expect("the option board")
        .kind
    {
        crate::descriptor::OptionType::Choice { values } => values.clone(),
        other => panic!("{other:?}"),
    };
    let none = options::offered(Board::descriptor(), &crate::game::GameData::new());
    assert_eq!(values(&none), vec!["default"]);
    let mut data = crate::game::GameData::new();
    data.insert("board".into(), serde_json::json!({}));
    assert_eq!(
        values(&options::offered(Board::descriptor(), &data)),
        vec!["default", "custom"]
    );
}
