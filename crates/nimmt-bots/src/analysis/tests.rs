use super::*;
use crate::registry;
use crate::spec::BotSpec;
use nimmt_core::cards::Card;
use nimmt_core::games::classic::{Action, Position, Rows};
use nimmt_core::record::RecordedGame;
use nimmt_core::{OptionMap, Rules, Setup};
use std::time::Duration;

fn cards(ns: &[u8]) -> Vec<Card> {
    ns.iter().map(|&n| Card::new(n).expect("a card")).collect()
}

/// Rows with a full first row of 27 bull heads (11, 22, 33, 44, 55) and three short ones.
fn full_row_and(others: [u8; 3]) -> Rows {
    Rows {
        rows: [
            cards(&[11, 22, 33, 44, 55]),
            cards(&[others[0]]),
            cards(&[others[1]]),
            cards(&[others[2]]),
        ],
        marker: None,
    }
}

fn judged(game: &Classic, chosen: Action) -> Decision {
    let view = game.view(Viewer::Seat(Seat(0)));
    let mut estimator = Classic::estimator(4000, 7);
    judge::<Classic>(
        &mut estimator,
        &view,
        &chosen,
        &Thresholds::of(Classic::KIND),
    )
    .expect("a decision with choices")
}

#[test]
fn a_card_that_takes_a_full_row_is_a_blunder_and_the_safe_card_is_not() {
    // The 56 is the full row's sixth card: 27 bull heads now. The 91 lands on the 90 safely,
    // and the 56 may wait for another player's card to take the row first.
    let game = Classic::from_position(Position::new(
        full_row_and([90, 95, 100]),
        vec![
            cards(&[56, 91, 96, 101, 102]),
            cards(&[57, 60, 61, 62, 63]),
            cards(&[64, 65, 66, 67, 68]),
            cards(&[69, 71, 72, 73, 74]),
        ],
    ))
    .unwrap();
    let blunder = judged(&game, Action::play(Card::new(56).unwrap()));
    assert_eq!(blunder.mark, Some(Mark::Blunder), "{blunder:?}");
    assert!(blunder.choices[blunder.chosen].estimate >= 27.0);
    assert_ne!(blunder.choices[0].label, "play 56");
    let safe = judged(&game, Action::play(Card::new(91).unwrap()));
    assert!(
        safe.mark.is_none() || safe.mark == Some(Mark::Inaccuracy),
        "{safe:?}"
    );
    assert!(safe.loss < blunder.loss - 10.0);
}

#[test]
fn taking_the_row_of_27_bull_heads_for_a_low_card_is_a_blunder() {
    let mut game = Classic::from_position(Position::new(
        full_row_and([61, 70, 80]),
        vec![cards(&[1, 102]), cards(&[71, 103])],
    ))
    .unwrap();
    game.act(Seat(0), &Action::play(Card::new(1).unwrap()))
        .unwrap();
    game.act(Seat(1), &Action::play(Card::new(71).unwrap()))
        .unwrap();
    let blunder = judged(&game, Action::TakeRow { row: 0 });
    assert_eq!(blunder.mark, Some(Mark::Blunder), "{blunder:?}");
    assert!(blunder.loss >= 25.0, "{blunder:?}");
    assert_eq!(
        blunder.choices[0].action,
        serde_json::json!({"type": "take_row", "row": 1})
    );
    let best = judged(&game, Action::TakeRow { row: 1 });
    assert_eq!((best.loss, best.mark), (0.0, None));
}

/// A whole game of `kind` played by `greedy` bots, as a record.
fn greedy_game(kind: &str, players: usize, options: &[&str], seed: u64) -> GameRecord {
    let kind: GameKind = kind.parse().expect("a game");
    let options = OptionMap::parse(options.iter().copied()).unwrap();
    let mut game = RecordedGame::new(Setup::new(kind, players, options, seed)).unwrap();
    let family = registry::family(kind).unwrap();
    let spec: BotSpec = "greedy".parse().unwrap();
    let mut bots: Vec<_> = (0..players)
        .map(|s| {
            family
                .json_bot(&spec, s as u64, Duration::from_secs(1))
                .unwrap()
        })
        .collect();
    while !game.game().is_over() {
        let (seat, _) = game.game().pending()[0];
        let view = game.game().view(Viewer::Seat(seat));
        let action = bots[seat.index()].decide(&view).unwrap();
        game.act(seat, &action).unwrap();
    }
    game.record()
}

#[test]
fn every_game_is_analysed_decision_by_decision_with_a_summary_per_seat() {
    for (kind, players, options) in [
        ("classic", 3, &["deals=1"][..]),
        ("help", 3, &["end_at=2"][..]),
        ("buffalo", 3, &[][..]),
        ("board", 2, &[][..]),
    ] {
        let record = greedy_game(kind, players, options, 5);
        let analysis = analyse(&record, 40, 1).unwrap();
        assert!(!analysis.decisions.is_empty(), "{kind}");
        for d in &analysis.decisions {
            assert!(d.choices.len() > 1, "{kind}: {d:?}");
            let best = d.choices[0].estimate;
            for c in &d.choices {
                assert!(
                    analysis.measure.loss(best, c.estimate) >= 0.0,
                    "{kind}: best first"
                );
            }
            assert_eq!(d.choices[d.chosen].action, record.actions[d.index].action);
            assert_eq!(d.mark, analysis.thresholds.mark(d.loss));
        }
        let counted: usize = analysis.seats.iter().map(|s| s.decisions).sum();
        assert_eq!(counted, analysis.decisions.len(), "{kind}");
        assert_eq!(analysis.seats.len(), players);
    }
}

#[test]
fn a_hint_names_every_choice_best_first() {
    let game = Classic::from_position(Position::new(
        full_row_and([90, 95, 100]),
        vec![cards(&[56, 91]), cards(&[57, 60])],
    ))
    .unwrap();
    let view = serde_json::to_value(game.view(Viewer::Seat(Seat(0)))).unwrap();
    let choices = hint(Classic::KIND, &view, 400, 1)
        .unwrap()
        .expect("a choice");
    assert_eq!(choices.len(), 2);
    assert_eq!(choices[0].label, "play 91");
}
