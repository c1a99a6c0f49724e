//! Properties of classic 6 nimmt! over random games with random options: cards are conserved,
//! an action is accepted exactly when it is listed as legal (and a refused one changes nothing),
//! views never show what a seat may not see, and the fast kernel agrees with the engine.

use nimmt_core::games::classic::kernel::{Kernel, LowRow};
use nimmt_core::games::classic::{Action, Classic, ClassicOptions, Decision, Placement, ROWS};
use nimmt_core::{Card, OptionMap, Rules, Seat, Viewer};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn options_strategy() -> impl Strategy<Value = (usize, Vec<String>)> {
    (
        2usize..=10,
        prop::sample::select(vec!["full", "tactic"]),
        prop::sample::select(vec!["random", "draft"]),
        prop::sample::select(vec!["right", "both-ends"]),
        prop::sample::select(vec!["none", "even-odd", "mountain", "cow", "digit-swap"]),
        1u32..=3,
        prop::sample::select(vec![3u32, 6, 10]),
    )
        .prop_map(|(n, deck, deal, placement, fan, deals, hand)| {
            let hand = hand.min(100 / n as u32);
            (
                n,
                vec![
                    format!("deck={deck}"),
                    format!("deal={deal}"),
                    format!("placement={placement}"),
                    format!("fan={fan}"),
                    format!("deals={deals}"),
                    format!("hand_size={hand}"),
                ],
            )
        })
}

fn new_game(n: usize, opts: &[String], seed: u64) -> Classic {
    let map = OptionMap::parse(opts.iter().map(String::as_str)).unwrap();
    Classic::from_setup(n, &map, seed).unwrap()
}

/// A random action, legal or not: any seat, any card, any row.
fn any_action(rng: &mut ChaCha8Rng, n: usize) -> (Seat, Action) {
    let seat = Seat(rng.random_range(0..=n as u8));
    let card = Card::new(rng.random_range(1..=104)).unwrap();
    let action = match rng.random_range(0..4) {
        0 => Action::play(card),
        1 => Action::Play { card, swap: true },
        2 => Action::TakeRow {
            row: rng.random_range(0..ROWS + 1),
        },
        _ => Action::Draft { card },
    };
    (seat, action)
}

fn deck(game: &Classic) -> Vec<Card> {
    let size = game.options().deck_size(game.players());
    (1..=size as u8).map(|n| Card::new(n).unwrap()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn cards_are_conserved_and_accepted_iff_legal((n, opts) in options_strategy(), seed in any::<u64>()) {
        let mut game = new_game(n, &opts, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        let full = deck(&game);
        let mut steps = 0;
        while !game.is_over() {
            let mut all = game.cards_in_play();
            all.sort();
            prop_assert_eq!(&all, &full, "cards conserved at step {}", steps);
            // A random action, legal or not, is accepted exactly when listed.
            let (seat, action) = any_action(&mut rng, n);
            let legal = game.legal_actions(seat).contains(&action);
            let before = game.clone();
            let result = game.act(seat, &action);
            prop_assert_eq!(result.is_ok(), legal, "{:?} by {:?}: {:?}", action, seat, result);
            if result.is_err() {
                prop_assert!(game == before, "a refused action changed the state");
            }
            // Then a legal move to go on.
            if let Some(&(seat, _)) = game.pending().first() {
                let legal = game.legal_actions(seat);
                prop_assert!(!legal.is_empty());
                let a = legal[rng.random_range(0..legal.len())];
                prop_assert!(game.act(seat, &a).is_ok());
            }
            steps += 1;
        }
        prop_assert!(game.pending().is_empty());
        prop_assert_eq!(game.history().len() as u32, game.deal_number());
    }

    #[test]
    fn views_do_not_depend_on_hidden_cards((n, opts) in options_strategy(), seed in any::<u64>(), moves in 0usize..40) {
        // Two games with the same public course but other hidden hands give the same view.
        let mut game = new_game(n, &opts, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..moves {
            let Some(&(seat, _)) = game.pending().first() else { break };
            let legal = game.legal_actions(seat);
            let a = legal[rng.random_range(0..legal.len())];
            game.act(seat, &a).unwrap();
        }
        let viewer = Seat(rng.random_range(0..n as u8));
        if let Some(other) = shuffle_hidden(&game, viewer, seed) {
            prop_assert_eq!(game.view(Viewer::Seat(viewer)), other.view(Viewer::Seat(viewer)));
            prop_assert_eq!(game.view(Viewer::Spectator), other.view(Viewer::Spectator));
            // And the views of the players whose cards moved do differ: the test can fail.
            let differ = Seat::all(n).any(|s| game.view(Viewer::Seat(s)) != other.view(Viewer::Seat(s)));
            prop_assert!(differ);
        }
    }

    #[test]
    fn kernel_agrees_with_the_engine(n in 2usize..=10, both in any::<bool>(), seed in any::<u64>()) {
        let placement = if both { "both-ends" } else { "right" };
        let mut game = new_game(n, &[format!("placement={placement}"), "deals=1".into()], seed);
        let mut kernel = Kernel::new(
            game.options().placement,
            &game.rows().rows,
            &Seat::all(n).map(|s| game.hand(s).to_vec()).collect::<Vec<_>>(),
        );
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !game.is_over() {
            let cards: Vec<u8> = Seat::all(n)
                .map(|s| {
                    let hand = game.hand(s);
                    hand[rng.random_range(0..hand.len())].number()
                })
                .collect();
            for (s, &card) in cards.iter().enumerate() {
                prop_assert!(kernel.remove_card(s, card));
                game.act(Seat(s as u8), &Action::play(Card::new(card).unwrap())).unwrap();
                while let Some(&(seat, Decision::TakeRow)) = game.pending().first() {
                    let row = game.rows().cheapest_row();
                    game.act(seat, &Action::TakeRow { row }).unwrap();
                }
            }
            kernel.turn(&cards, LowRow::Cheapest, &mut rng);
            if !game.is_over() {
                for r in 0..ROWS {
                    let row = &game.rows().rows[r];
                    let k = kernel.rows[r];
                    prop_assert_eq!((k.first, k.last, k.len as usize), (row[0].number(), row[row.len() - 1].number(), row.len()));
                    prop_assert_eq!(k.heads as u32, game.rows().heads(r));
                }
            }
        }
        let points: Vec<u32> = kernel.points[..n].iter().map(|&p| p as u32).collect();
        prop_assert_eq!(points, game.totals().to_vec());
    }
}

/// The same game with the hidden cards of the seats other than `viewer` dealt anew (their hands
/// and not-yet-revealed choices), and another random generator; `None` when nothing is hidden.
fn shuffle_hidden(game: &Classic, viewer: Seat, seed: u64) -> Option<Classic> {
    let n = game.players();
    let others: Vec<Seat> = Seat::all(n).filter(|&s| s != viewer).collect();
    let hidden: Vec<Card> = others.iter().flat_map(|&s| game.hand(s).to_vec()).collect();
    if game.is_over() || game.pending().iter().any(|p| p.1 == Decision::DraftPick) {
        return None;
    }
    // The hidden cards: other hands and the cards set aside (in no view).
    let mut pool = hidden.clone();
    let mut seen: Vec<Card> = game.cards_in_play();
    seen.sort();
    pool.extend(
        (1..=game.options().deck_size(n) as u8)
            .filter_map(Card::new)
            .filter(|c| seen.binary_search(c).is_err()),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(1));
    let mut shuffled = pool.clone();
    let mut tries = 0;
    loop {
        use rand::seq::SliceRandom;
        shuffled.shuffle(&mut rng);
        let mut a = shuffled[..hidden.len()].to_vec();
        let mut b = hidden.clone();
        a.sort();
        b.sort();
        if a != b {
            break;
        }
        tries += 1;
        if tries > 20 {
            return None;
        }
    }
    let mut it = shuffled.into_iter();
    let hands: Vec<Vec<Card>> = Seat::all(n)
        .map(|s| {
            if s == viewer {
                game.hand(s).to_vec()
            } else {
                let mut h: Vec<Card> = (0..game.hand(s).len())
                    .map(|_| it.next().unwrap())
                    .collect();
                h.sort();
                h
            }
        })
        .collect();
    Some(game.with_hands(hands, seed.wrapping_mul(31)))
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let opts = vec!["deals=2".to_string()];
    let a = new_game(4, &opts, 99);
    let b = new_game(4, &opts, 99);
    assert_eq!(a, b);
    assert_ne!(a, new_game(4, &opts, 100));
}

#[test]
fn default_options_are_the_base_game() {
    let g = new_game(4, &[], 1);
    assert_eq!(*g.options(), ClassicOptions::default());
    assert_eq!(g.options().placement, Placement::Right);
}

#[test]
fn a_card_aimed_at_a_missing_row_goes_to_the_next_closest_end() {
    let c = |n| Card::new(n).unwrap();
    let rows = [vec![c(10)], vec![c(20)], vec![c(30)], vec![c(40)]];
    let k = Kernel::new(Placement::Right, &rows, &[Vec::new(), Vec::new()]);
    assert_eq!(k.target(25), Some((1, false)));
    assert_eq!(k.target_besides(25, 1), Some((0, false)));
    assert_eq!(k.target_besides(15, 0), None, "no other row ends below 15");
    let both = Kernel::new(Placement::BothEnds, &rows, &[Vec::new(), Vec::new()]);
    assert_eq!(both.target(5), Some((0, true)));
    assert_eq!(both.target_besides(5, 0), Some((1, true)));
}

proptest! {
    #[test]
    fn target_besides_a_row_is_the_target_whenever_that_row_is_not_chosen(
        n in 2usize..=10, both in any::<bool>(), seed in any::<u64>(), card in 1u8..=104,
    ) {
        let placement = if both { "both-ends" } else { "right" };
        let game = new_game(n, &[format!("placement={placement}"), "deals=1".into()], seed);
        let k = Kernel::new(game.options().placement, &game.rows().rows, &vec![Vec::new(); n]);
        prop_assert_eq!(k.target_besides(card, ROWS), k.target(card));
        for skip in 0..ROWS {
            let besides = k.target_besides(card, skip);
            prop_assert!(besides.is_none_or(|(r, _)| r != skip));
            if k.target(card).is_none_or(|(r, _)| r != skip) {
                prop_assert_eq!(besides, k.target(card));
            }
        }
    }
}
