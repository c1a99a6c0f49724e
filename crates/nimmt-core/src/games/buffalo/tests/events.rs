//! What the events say, in order: each event that carries the rows carries the rows after
//! exactly its own step (`001` rule 3, rule 4 and "7 nimmt!": the row is taken, the sign leaves
//! with it, then a low card starts the row), so a client that draws event by event never shows
//! a card or a sign one step early.

use super::*;

/// An event's name, the cards of each row after it, and each row's capacity.
type Step = (&'static str, Vec<Vec<u8>>, Vec<usize>);

fn rows_of(events: &[Event]) -> Vec<Step> {
    events
        .iter()
        .filter_map(|e| {
            let (name, rows) = match e {
                Event::Laid { rows, .. } => ("laid", rows),
                Event::TeamTook { rows, .. } => ("team_took", rows),
                Event::BuffaloTook { rows, .. } => ("buffalo_took", rows),
                Event::SevenTakesDiscarded { rows, .. } => ("seven_takes_discarded", rows),
                Event::Shifted { rows, .. } => ("shifted", rows),
                _ => return None,
            };
            let cards = rows.iter().map(|r| numbers(&r.cards)).collect();
            let caps = rows.iter().map(|r| r.capacity).collect();
            Some((name, cards, caps))
        })
        .collect()
}

#[test]
fn a_low_card_taking_a_seven_takes_row_starts_it_after_the_sign_left() {
    // 001 "7 nimmt!": "bis jemand die Reihe nimmt, dann kommt sie aus dem Spiel"; rule 4: the
    // low card starts the row taken. Taken, sign gone, then the card: three events, three rows.
    let p = Position::new(&[&[1]], &[99], &[&[10], &[20, 21], &[30], &[40]])
        .with_open(&[Special::SevenTakes]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[1]);
    act(&mut g, 0, Action::SevenTakes { row: 1 });
    let events = act(&mut g, 0, Action::TakeRow { row: 1 });
    let cards = |r1: Vec<u8>| vec![vec![10], r1, vec![30], vec![40]];
    let steps: Vec<_> = rows_of(&events).into_iter().take(3).collect();
    assert_eq!(
        steps,
        vec![
            ("team_took", cards(vec![]), vec![5, 6, 5, 5]),
            ("seven_takes_discarded", cards(vec![]), vec![5, 5, 5, 5]),
            ("laid", cards(vec![1]), vec![5, 5, 5, 5]),
        ]
    );
}

#[test]
fn a_seventh_card_lies_in_its_row_until_the_take_and_the_sign_leaves_after_it() {
    // 001 "7 nimmt!": the seventh card takes six; rule 3: the card laid stays as the row's
    // first card. Laid (seven cards, the sign beside), taken (the sign still beside), sign gone.
    let p = Position::new(
        &[&[6], &[7]],
        &[99],
        &[&[1, 2, 3, 4, 5], &[20], &[30], &[40]],
    )
    .with_open(&[Special::SevenTakes]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[6, 7]);
    // The last open card used: no window asks any more, the cards are laid.
    let events = act(&mut g, 0, Action::SevenTakes { row: 0 });
    let cards = |r0: Vec<u8>, r3: Vec<u8>| vec![r0, vec![20], vec![30], r3];
    assert_eq!(
        rows_of(&events),
        vec![
            (
                "laid",
                cards(vec![1, 2, 3, 4, 5, 6], vec![40]),
                vec![6, 5, 5, 5]
            ),
            (
                "laid",
                cards(vec![1, 2, 3, 4, 5, 6, 7], vec![40]),
                vec![6, 5, 5, 5]
            ),
            ("team_took", cards(vec![7], vec![40]), vec![6, 5, 5, 5]),
            (
                "seven_takes_discarded",
                cards(vec![7], vec![40]),
                vec![5, 5, 5, 5]
            ),
            ("laid", cards(vec![7], vec![40, 99]), vec![5, 5, 5, 5]),
        ]
    );
}

#[test]
fn a_sixth_card_lies_in_its_row_until_the_take() {
    // 001 rule 3, the buffalo's card: laid as the sixth, then the buffalo takes the five.
    let p = Position::new(&[&[50]], &[6], &[&[1, 2, 3, 4, 5], &[20], &[30], &[40]]);
    let mut g = Buffalo::from_position(p).unwrap();
    let events = act(&mut g, 0, Action::Play { card: c(50) });
    let steps: Vec<_> = rows_of(&events)
        .into_iter()
        .map(|(name, rows, _)| (name, rows[0].clone()))
        .collect();
    assert_eq!(
        steps,
        vec![
            ("laid", vec![1, 2, 3, 4, 5, 6]),
            ("buffalo_took", vec![6]),
            ("laid", vec![6]),
        ]
    );
}

/// The rows a client would draw, changed only by what each event itself says.
struct Drawn {
    rows: Vec<Row>,
    open: Vec<Special>,
}

impl Drawn {
    /// Applies `e` as a client would, then checks the rows `e` carries against it.
    fn follow(&mut self, e: &Event, seen: &mut [usize; 5]) {
        let check = |drawn: &[Row], rows: &[Row], what: &str| {
            assert_eq!(drawn, rows, "{what}: {e:?}");
        };
        match e {
            Event::Used {
                action, rows, open, ..
            } => {
                match *action {
                    Action::SevenTakes { row } => self.rows[row].capacity += 1,
                    Action::Stop { row } => self.rows[row].blocked = true,
                    Action::RemoveStop { row } => self.rows[row].blocked = false,
                    _ => {}
                }
                check(&self.rows, rows, "a use changes only its sign");
                self.open = open.clone();
            }
            Event::Laid {
                row,
                at,
                card,
                rows,
                ..
            } => {
                self.rows[*row].cards.insert(*at, *card);
                check(
                    &self.rows,
                    rows,
                    "laid: the card at its place, nothing taken",
                );
            }
            Event::Shifted {
                card,
                row,
                to_row,
                to_at,
                rows,
            } => {
                self.rows[*row].cards.retain(|c| c != card);
                self.rows[*to_row].cards.insert(*to_at, *card);
                check(&self.rows, rows, "shifted: the card moved, nothing taken");
            }
            Event::TeamTook {
                row, cards, rows, ..
            } => {
                let r = &mut self.rows[*row];
                assert_eq!(&r.cards[..cards.len()], &cards[..], "the first cards go");
                r.cards.drain(..cards.len());
                check(&self.rows, rows, "team_took: only the cards taken left");
                seen[0] += 1;
            }
            Event::BuffaloTook {
                row, count, rows, ..
            } => {
                self.rows[*row].cards.drain(..*count);
                check(&self.rows, rows, "buffalo_took: only the cards taken left");
                seen[1] += 1;
            }
            Event::SevenTakesDiscarded { row, rows, .. } => {
                assert_eq!(self.rows[*row].capacity, CLASSIC_CAPACITY + 1);
                assert!(
                    self.rows[*row].len() <= 1,
                    "the sign leaves a taken row: {e:?}"
                );
                if self.rows[*row].is_empty() {
                    seen[4] += 1; // taken for a low card, not yet started again
                }
                self.rows[*row].capacity = CLASSIC_CAPACITY;
                check(
                    &self.rows,
                    rows,
                    "seven_takes_discarded: only the sign left",
                );
                seen[2] += 1;
            }
            Event::SpecialTurnedUp { special, open, .. } => {
                self.open.push(*special);
                assert_eq!(&self.open, open, "the open cards after the one turned up");
                seen[3] += 1;
            }
            _ => {}
        }
    }
}

#[test]
fn in_random_games_every_event_carries_the_rows_after_exactly_its_step() {
    let mut seen = [0; 5];
    for seed in 0..40 {
        let players = 2 + (seed as usize % 5);
        let mut g = Buffalo::new(players, BuffaloOptions::default(), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut drawn = Drawn {
            rows: g.rows().to_vec(),
            open: g.open_specials().to_vec(),
        };
        while let Some(seat) = g
            .pending()
            .into_iter()
            .map(|(s, _)| s)
            .find(|&s| !g.legal_actions(s).is_empty())
        {
            let legal = g.legal_actions(seat);
            // Uses more often than in a real game, so that signs and overflows are frequent.
            let a = if legal.contains(&Action::PassCard) && rng.random_bool(0.5) {
                Action::PassCard
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            };
            let events = act(&mut g, seat.0, a);
            for e in &events {
                drawn.follow(e, &mut seen);
            }
            assert_eq!(drawn.rows, g.rows(), "seed {seed}: every change told");
            assert_eq!(drawn.open, g.open_specials(), "seed {seed}");
        }
    }
    // Team takes, buffalo takes, signs gone (once with a low card), cards turned up: all seen.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}
