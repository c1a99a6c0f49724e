//! Classic 6 nimmt!: a terminal that shows each update only through its events draws what the
//! server's next view says. Random games with every fan card, with both ends and with a draft:
//! after each move the screen's copy of the view, built from the view before and the move's
//! events alone, equals the next view in every field the screen draws.

mod common;
use common::Dice;

use nimmt_core::games::classic::{Action, Classic, ClassicOptions, Event, PhaseView, View};
use nimmt_core::{Audience, OptionMap, Rules, Seat, Viewer};
use nimmt_tui::app::GameScreen;
use nimmt_tui::games::classic::{ClassicApp, ClassicScreen};
use nimmt_tui::Lang;

/// What the screen draws of a view.
fn drawn(v: &View) -> String {
    let phase = match &v.phase {
        // The others' choices stay hidden; the own one shows.
        PhaseView::Choose { chosen, mine } => format!("choose {chosen:?} {mine:?}"),
        other => format!("{other:?}"),
    };
    format!(
        "deal {} turn {}\nrows {:?}\nhand {:?}\nphase {phase}\ntaken {:?}\ndeal points {:?}\n\
         totals {:?}\nhistory {:?}\nswap left {:?}\ndrafted {:?}\noutcome {:?}",
        v.deal,
        v.turn,
        v.rows,
        v.hand,
        v.taken,
        v.deal_points,
        v.totals,
        v.history,
        v.swap_left,
        v.drafted,
        v.outcome,
    )
}

/// What happened in the random games, to show that each kind of event was met.
#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    low_cards: usize,
    left_end: usize,
    rows_taken: usize,
    two_rows_by_one_card: usize,
    markers_moved: usize,
    swaps: usize,
    draft_picks: usize,
    games: usize,
}

/// Plays one random game and checks every move for the seats in `watchers`.
fn check_game(players: usize, options: &[&str], seed: u64, seen: &mut Seen) {
    let map = OptionMap::parse(options.iter().copied()).unwrap();
    let options = ClassicOptions::parse(players, &map).unwrap();
    let mut game = <Classic as Rules>::new(players, options, seed);
    let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let watchers = [Seat(0), Seat((players - 1) as u8)];
    let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
    let mut shown: Vec<View> = watchers
        .iter()
        .map(|&s| game.view(Viewer::Seat(s)))
        .collect();
    while game.outcome().is_none() {
        let pending = game.pending();
        let (seat, _) = pending[dice.below(pending.len())];
        let legal = game.legal_actions(seat);
        let action = legal[dice.below(legal.len())];
        let events = game.act(seat, &action).unwrap();
        seen.moves += 1;
        note(
            &events.iter().map(|e| &e.event).collect::<Vec<_>>(),
            &action,
            seen,
        );
        for (w, &me) in watchers.iter().enumerate() {
            let mut app = ClassicApp::remote(shown[w].clone(), me, names.clone(), Lang::En);
            if seat == me {
                // The screen shows its own move as made before the server answers.
                ClassicScreen::acted(&mut app, &action);
            }
            for e in events.iter().filter(|e| e.to.admits(Viewer::Seat(me))) {
                ClassicScreen::apply(&mut app, e.event.clone());
            }
            let next = game.view(Viewer::Seat(me));
            assert_eq!(
                drawn(app.view()),
                drawn(&next),
                "seat {me} after {action:?} by {seat} (seed {seed}), events {:?}",
                events
                    .iter()
                    .filter(|e| e.to.admits(Viewer::Seat(me)))
                    .map(|e| &e.event)
                    .collect::<Vec<_>>()
            );
            shown[w] = next;
        }
        assert!(
            events
                .iter()
                .all(|e| e.to == Audience::Public || matches!(e.event, Event::HandDealt { .. })),
            "only a dealt hand is private"
        );
    }
    seen.games += 1;
}

fn note(events: &[&Event], action: &Action, seen: &mut Seen) {
    if matches!(action, Action::Play { swap: true, .. }) {
        seen.swaps += 1;
    }
    if matches!(action, Action::Draft { .. }) {
        seen.draft_picks += 1;
    }
    let mut taken_by_card = 0;
    for e in events {
        match e {
            Event::Placed { low, end, .. } => {
                if taken_by_card > 1 {
                    seen.two_rows_by_one_card += 1;
                }
                taken_by_card = 0;
                seen.low_cards += usize::from(*low);
                seen.left_end += usize::from(*end == nimmt_core::games::classic::End::Left);
            }
            Event::RowTaken { .. } => {
                seen.rows_taken += 1;
                taken_by_card += 1;
            }
            Event::MarkerMoved { .. } => seen.markers_moved += 1,
            _ => {}
        }
    }
    if taken_by_card > 1 {
        seen.two_rows_by_one_card += 1;
    }
}

#[test]
fn the_screen_built_from_events_alone_equals_the_next_view_with_every_fan_card_and_both_ends() {
    let mut seen = Seen::default();
    let fans = ["none", "even-odd", "mountain", "cow", "digit-swap"];
    let placements = ["right", "both-ends"];
    let mut seed = 1;
    for fan in fans {
        for placement in placements {
            for players in [2, 5, 10] {
                let fan = format!("fan={fan}");
                let placement = format!("placement={placement}");
                check_game(players, &[&fan, &placement, "deals=2"], seed, &mut seen);
                seed += 1;
            }
        }
    }
    assert!(seen.low_cards > 0 && seen.rows_taken > 0, "{seen:?}");
    assert!(
        seen.left_end > 0,
        "cards went to a row's left end: {seen:?}"
    );
    assert!(seen.markers_moved > 0 && seen.swaps > 0, "{seen:?}");
    assert!(
        seen.two_rows_by_one_card > 0,
        "the cow made one card take two rows: {seen:?}"
    );
}

#[test]
fn the_screen_built_from_events_alone_follows_a_draft() {
    let mut seen = Seen::default();
    for (seed, players) in [(40, 3), (41, 4), (42, 6)] {
        check_game(
            players,
            &["deal=draft", "deck=tactic", "hand_size=5", "deals=2"],
            seed,
            &mut seen,
        );
        check_game(
            players,
            &["deal=draft", "fan=digit-swap", "hand_size=6", "deals=2"],
            seed + 10,
            &mut seen,
        );
    }
    assert!(seen.draft_picks > 0 && seen.swaps > 0, "{seen:?}");
    assert_eq!(seen.games, 6);
}

#[test]
fn a_sixth_card_lies_on_its_row_until_the_row_is_taken() {
    use nimmt_core::games::classic::{Position, Rows};
    use nimmt_core::Card;
    use nimmt_tui::app::Input;
    let c = |n: u8| Card::new(n).unwrap();
    let rows = Rows {
        rows: [
            vec![c(1), c(2), c(3), c(4), c(5)],
            vec![c(20)],
            vec![c(30)],
            vec![c(40)],
        ],
        marker: None,
    };
    let mut game = Classic::from_position(Position::new(
        rows,
        vec![vec![c(6), c(90)], vec![c(21), c(91)]],
    ))
    .unwrap();
    let before = game.view(Viewer::Seat(Seat(0)));
    let mut app = ClassicApp::remote(before, Seat(0), vec!["Ann".into(), "Bob".into()], Lang::En);
    app.handle(Input::Resize {
        width: 80,
        height: 24,
    });
    game.act(Seat(1), &Action::play(c(21))).unwrap();
    let events = game.act(Seat(0), &Action::play(c(6))).unwrap();
    let row_line = |app: &ClassicApp| {
        common::screen(app)
            .lines()
            .find(|l| l.contains("[  1"))
            .map(str::to_owned)
    };
    let mut seen = Vec::new();
    for e in events.into_iter().map(|e| e.event) {
        let kind = match &e {
            Event::Placed { .. } => "placed",
            Event::RowTaken { .. } => "taken",
            _ => "",
        };
        ClassicScreen::apply(&mut app, e);
        if !kind.is_empty() {
            seen.push((kind, row_line(&app)));
        }
    }
    let (kind, line) = &seen[0];
    assert_eq!(*kind, "placed");
    let line = line.as_deref().expect("the full row is drawn");
    assert!(
        line.contains("[  5") && line.contains("[  6"),
        "the sixth card lies beside the five: {line}"
    );
    assert_eq!(seen[1].0, "taken");
    assert_eq!(
        seen[1].1, None,
        "once taken, the row starts with the 6 alone"
    );
    assert_eq!(app.view().rows.rows[0], vec![c(6)]);
    // 1, 2, 3 and 4 have a bull head each, 5 has two.
    assert_eq!(app.view().deal_points[0], 6);
}
