use super::*;
use nimmt_core::games::help::{PhaseView, View};
use nimmt_core::Seat;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn every_bot_plays_whole_games_with_legal_actions_only() {
    // play_game panics on a refused action.
    for players in 3..=5 {
        for seed in 0..6 {
            for name in ["random", "greedy"] {
                let mut bots: Vec<Box<dyn Bot<Help>>> = (0..players)
                    .map(|s| by_name(name, s as u64).unwrap())
                    .collect();
                let outcome = play_game(&mut bots, seed);
                assert!(!outcome.winners.is_empty());
                assert!(outcome
                    .winners
                    .iter()
                    .all(|w| outcome.scores[w.index()] >= 3));
            }
        }
        // Reading the hands from the table at one table size.
        let mcts = if players == 4 {
            "mcts:iters=16,infer=yes"
        } else {
            "mcts:iters=16"
        };
        let mut bots: Vec<Box<dyn Bot<Help>>> = (0..players)
            .map(|s| by_name(if s == 0 { mcts } else { "greedy" }, s as u64).unwrap())
            .collect();
        play_game(&mut bots, players as u64);
    }
}

#[test]
fn bot_names_parse() {
    assert_eq!(by_name("mcts:iters=50", 1).unwrap().name(), "mcts:iters=50");
    assert_eq!(
        by_name("mcts:ms=20,horizon=game", 1).unwrap().name(),
        "mcts:ms=20"
    );
    assert_eq!(by_name("mcts", 1).unwrap().name(), "mcts:iters=3000");
    assert!(by_name("mcts:iters=0", 1).is_none());
    assert_eq!(by_name("greedy", 1).unwrap().name(), "greedy");
    assert!(by_name("mcts:depth=3", 1).is_none());
    assert!(by_name("mcts:infer=yes", 1).is_some());
    assert!(by_name("mcts:infer=maybe", 1).is_none());
    assert!(by_name("oracle", 1).is_none());
    let build = |s: &str| {
        let spec: crate::spec::BotSpec = s.parse().unwrap();
        crate::registry::build::<Help>(&spec, 1, std::time::Duration::from_secs(1))
    };
    assert_eq!(build("mcts:iters=200").unwrap().name(), "mcts:iters=200");
    assert_eq!(build("mcts:ms=30").unwrap().name(), "mcts:ms=30");
    // An outside HELP! bot is a process, with greedy standing in for bad answers.
    assert_eq!(build("cmd:true").unwrap().name(), "cmd:true");
}

/// Views of seats asked to decide, from random games.
fn decision_views(seed: u64, count: usize) -> Vec<View> {
    let mut out = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Help::new(3 + (seed % 3) as usize, Default::default(), seed);
    while out.len() < count {
        if game.is_over() {
            game = Help::new(4, Default::default(), rng.random());
        }
        let (seat, _) = game.pending()[0];
        out.push(game.view(Viewer::Seat(seat)));
        let legal = game.legal_actions(seat);
        game.act(seat, &legal[rng.random_range(0..legal.len())])
            .unwrap();
    }
    out
}

#[test]
fn sampled_worlds_agree_with_the_view_they_come_from() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for seed in 0..4 {
        for view in decision_views(seed, 150) {
            let me = view.seat().unwrap();
            let world = sample_world(&view, &mut rng);
            let again = world.view(Viewer::Seat(me));
            assert_eq!(again.hand, view.hand);
            assert_eq!(again.hand_sizes, view.hand_sizes);
            assert_eq!(again.row, view.row);
            assert_eq!(again.marks, view.marks);
            assert_eq!(again.draw_size, view.draw_size);
            assert_eq!(again.discard, view.discard);
            assert_eq!(again.totals, view.totals);
            assert_eq!(again.phase, view.phase);
            assert_eq!(again.asked, view.asked);
            assert_eq!(again.legal_actions(), view.legal_actions());
        }
    }
}

#[test]
fn sampled_worlds_vary_the_hidden_cards() {
    let view = decision_views(5, 1).remove(0);
    let me = view.seat().unwrap();
    let other = Seat::all(view.players).find(|&s| s != me).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let hands: std::collections::BTreeSet<Vec<_>> = (0..20)
        .map(|_| sample_world(&view, &mut rng).hand(other).to_vec())
        .collect();
    assert!(
        hands.len() > 10,
        "other hands are dealt at random: {hands:?}"
    );
}

#[test]
fn the_helper_keeps_knowing_the_card_it_handed_over() {
    let views = decision_views(11, 4000);
    let view = views
        .iter()
        .find(|v| matches!(v.phase, PhaseView::GiveBack { .. }))
        .expect("someone was helped");
    let PhaseView::GiveBack {
        asker,
        helper,
        card: Some(card),
    } = view.phase
    else {
        panic!("the asker sees the card");
    };
    assert_eq!(view.seat(), Some(asker));
    assert!(view.hand.contains(&card));
    let _ = helper;
}

#[test]
fn greedy_beats_random() {
    // Mean win share of one greedy seat among three random ones, over 200 games; no edge would
    // be 0.25.
    let share = arena("greedy", "random", 4, 200, 1);
    assert!(share > 0.3, "greedy's win share against random: {share:.3}");
}

/// `cargo test -p nimmt-bots --release --lib -- --ignored help_mcts_against_greedy --nocapture`;
/// `GAMES=N`, `MCTS=<bot>`, `FIELD=<bot>` and `SEED=N` change the number of games, the bots
/// and the seed (2026).
#[test]
#[ignore = "long: run in release"]
fn help_mcts_against_greedy() {
    let games: usize = std::env::var("GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(1000);
    let mcts = std::env::var("MCTS").unwrap_or_else(|_| "mcts".into());
    let field = std::env::var("FIELD").unwrap_or_else(|_| "greedy".into());
    let seed = std::env::var("SEED")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(2026);
    let start = std::time::Instant::now();
    let share = arena(&mcts, &field, 4, games, seed);
    println!(
        "{mcts} against 3 × {field}, 4 players, {games} games: win share {:.3} (no edge: 0.250), {:.1} s",
        share,
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn game_values_are_win_shares() {
    let mut v = GameValues::default();
    let even = v.get(&[0, 0, 0, 0], 3);
    for s in &even {
        assert!(
            (s - 0.25).abs() < 1e-9,
            "no seat has an edge at 0:0:0:0: {even:?}"
        );
    }
    let ahead = v.get(&[2, 0, 0, 0], 3);
    assert!(ahead[0] > 0.5 && ahead[1] < 0.25, "{ahead:?}");
    assert!((ahead.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert_eq!(
        v.get(&[3, 3, 1, 0], 3),
        vec![0.5, 0.5, 0.0, 0.0],
        "finished: shared win"
    );
}

/// Plays greedy games, `Belief` following seat 0's decisions. Returns how much likelier (the
/// mean natural log of the ratio) the weights make the cards the other seats really hold than
/// a card dealt at random among those seat 0 cannot see, and at how many of its decisions it
/// found the others' plays.
fn belief_against_the_truth(games: u64) -> (f64, usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut gain, mut held) = (0.0, 0usize);
    let (mut explained, mut decisions) = (0, 0);
    for seed in 0..games {
        let mut game = Help::new(4, Default::default(), 100 + seed);
        let mut belief = Belief::default();
        while !game.is_over() {
            let (seat, _) = game.pending()[0];
            let view = game.view(Viewer::Seat(seat));
            let action = greedy_action(&view.row, &view.legal_actions()).unwrap();
            if seat == Seat(0) {
                belief.observe(&view, &mut rng);
                decisions += 1;
                if belief.found_plays() {
                    explained += 1;
                }
                let w = belief.weights();
                let unseen = view.unseen_cards();
                for s in Seat::all(4).filter(|&s| s != seat) {
                    let w = &w[s.index()];
                    let mean =
                        unseen.iter().map(|c| w[c.index()]).sum::<f64>() / unseen.len() as f64;
                    for c in game.hand(s) {
                        gain += (w[c.index()] / mean).ln();
                        held += 1;
                    }
                }
                belief.remember(&view, action);
            }
            game.act(seat, &action).unwrap();
        }
    }
    (gain / held as f64, explained, decisions)
}

#[test]
fn the_others_plays_make_the_cards_they_hold_likelier() {
    // Over 30 games: 0.063 (the calls alone 0.034); 80% of the decisions explained.
    let (gain, explained, decisions) = belief_against_the_truth(6);
    assert!(
        gain > 0.05,
        "the cards held are only {gain:.3} (log) likelier than the average unseen card"
    );
    assert!(
        explained * 2 > decisions,
        "the others' plays were found at {explained} of {decisions} decisions"
    );
}

/// What the hidden hands cost the search: `mcts` deciding with every hand shown against three
/// greedy, seats rotating, with the seeds of [`arena`].
/// `GAMES=N ITERS=N SEED=N cargo test -p nimmt-bots --release --lib -- --ignored
/// help_mcts_with_open_hands --nocapture`
#[test]
#[ignore = "long: run in release"]
fn help_mcts_with_open_hands() {
    let var = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (games, iters, seed) = (var("GAMES", 300), var("ITERS", 3000), var("SEED", 31));
    let players = 4;
    let mut total = 0.0;
    for g in 0..games as usize {
        let at = g % players;
        let mut bot = MctsBot::new(seed.wrapping_add((g * players + at) as u64));
        bot.budget = Budget::Iters(iters);
        let mut game = Help::new(
            players,
            Default::default(),
            seed.wrapping_add(g as u64 * 7919),
        );
        let outcome = loop {
            if let Some(outcome) = game.outcome() {
                break outcome;
            }
            let (seat, _) = game.pending()[0];
            let view = game.view(Viewer::Seat(seat));
            let action = if seat.index() == at {
                let hands = Seat::all(players).map(|s| game.hand(s).to_vec()).collect();
                bot.decide_knowing(&view, hands)
            } else {
                greedy_action(&view.row, &view.legal_actions()).unwrap()
            };
            game.act(seat, &action).unwrap();
        };
        total += win_shares(&outcome, players)[at];
    }
    println!(
        "mcts:iters={iters} with open hands against 3 × greedy, 4 players, {games} games, seed {seed}: win share {:.3}",
        total / games as f64
    );
}

#[test]
fn a_high_call_keeps_low_numbers_out_of_the_sampled_hand() {
    // The first decision of seat 0 in a game where another seat called 4 or more: sampled
    // with the belief, that seat holds numbers below its call less often than dealt uniformly.
    let (view, caller, call) = (0..50)
        .find_map(|seed| {
            let game = Help::new(4, Default::default(), seed);
            let (seat, _) = game.pending()[0];
            let view = game.view(Viewer::Seat(seat));
            let call = view
                .calls
                .iter()
                .find(|c| c.seat != seat && c.lowest.is_some_and(|l| l >= 4))?;
            Some((view.clone(), call.seat, call.lowest.unwrap()))
        })
        .expect("a high call");
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut belief = Belief::default();
    belief.observe(&view, &mut rng);
    let low = |weights: Option<&worlds::Weights>, rng: &mut ChaCha8Rng| {
        (0..300)
            .map(|_| {
                let world = sample_world_with(&view, weights, rng);
                world
                    .hand(caller)
                    .iter()
                    .filter(|c| c.value().is_some_and(|n| n < call))
                    .count()
            })
            .sum::<usize>()
    };
    let uniform = low(None, &mut rng);
    let weighed = low(Some(belief.weights()), &mut rng);
    assert!(
        weighed * 2 < uniform,
        "numbers below the call {call}: {weighed} weighed, {uniform} uniform"
    );
}
