use super::*;
use crate::classic::testing::{game, play};
use nimmt_core::games::classic::kernel::MAX_SEATS;
use nimmt_core::Rules;

fn points(p: &[u32]) -> Points {
    let mut out = [0; MAX_SEATS];
    out[..p.len()].copy_from_slice(p);
    out
}

/// The outcome `utility` prefers for seat 0 (lower value is better).
fn prefers(utility: Utility, bonus: f64, a: &[u32], b: &[u32]) -> char {
    let v = |p: &[u32]| {
        let p = points(p);
        value(utility, &p, 0, 4) - bonus * win_share(&p, 0, 4)
    };
    if v(a) < v(b) {
        'a'
    } else {
        'b'
    }
}

#[test]
fn the_win_utilities_prefer_the_deal_won_to_the_cheaper_one_lost() {
    // a: one bull head while another seat takes none (lost, but far below the mean);
    // b: two bull heads, shared with another seat, the fewest at the table (half a win).
    let lost = [1, 0, 12, 12];
    let shared = [2, 2, 3, 3];
    assert_eq!(prefers(Utility::Relative, 0.0, &lost, &shared), 'a');
    assert_eq!(prefers(Utility::Own, 0.0, &lost, &shared), 'a');
    assert_eq!(prefers(Utility::Win, 0.0, &lost, &shared), 'b');
    assert_eq!(prefers(Utility::Margin, 0.0, &lost, &shared), 'b');
    assert_eq!(prefers(Utility::Relative, 20.0, &lost, &shared), 'b');
    // among deals won, the fewer points
    assert_eq!(
        prefers(Utility::Win, 0.0, &[0, 1, 5, 5], &[3, 4, 5, 5]),
        'a'
    );
}

/// The views seat 0 is asked for a card with, in a game with `options` played by `greedy`.
fn card_views(options: &[&str]) -> Vec<View> {
    use super::super::{testing, GreedyBot};
    use nimmt_core::{OptionMap, Rules};
    let map = OptionMap::parse(options.iter().copied()).expect("options");
    let mut game = Classic::from_setup(4, &map, 7).expect("setup");
    let mut bots: Vec<Box<dyn Bot<Classic>>> = (0..4)
        .map(|s| Box::new(GreedyBot::new(s)) as Box<dyn Bot<Classic>>)
        .collect();
    let mut views = Vec::new();
    testing::play(&mut game, &mut bots, |_, seat, view, action| {
        if seat.index() == 0 && matches!(action, Action::Play { .. }) {
            views.push(view.clone());
        }
    });
    views
}

/// The first view of deal `deal` that asks seat 0 for a card.
fn asked_view(options: &[&str], deal: u32) -> View {
    card_views(options)
        .into_iter()
        .find(|v| v.deal == deal)
        .expect("a card decision in that deal")
}

#[test]
fn a_one_deal_game_is_played_for_the_win() {
    let view = asked_view(&["deals=1"], 1);
    assert_eq!(
        Utility::Game.for_decision(&view),
        (Utility::Win, [0; MAX_SEATS])
    );
    // The experiment settings stay as they are.
    assert_eq!(Utility::Relative.for_decision(&view).0, Utility::Relative);
    assert_eq!(MctsConfig::new(Budget::Iters(10)).utility, Utility::Game);
}

#[test]
fn every_point_counts_before_the_last_deal() {
    // The first deal of a game to 66 points (C1), and of a game of three deals.
    assert_eq!(
        Utility::Game.for_decision(&asked_view(&[], 1)).0,
        Utility::Relative
    );
    let view = asked_view(&["deals=3"], 2);
    assert_eq!(Utility::Game.for_decision(&view).0, Utility::Relative);
}

#[test]
fn the_last_deal_is_played_for_the_game_on_the_totals() {
    let view = asked_view(&["deals=2"], 2);
    let (utility, totals) = Utility::Game.for_decision(&view);
    assert_eq!(utility, Utility::Win);
    assert_eq!(&totals[..4], &view.totals[..]);
    assert!(totals.iter().any(|&t| t > 0), "the first deal cost points");
}

#[test]
fn a_game_to_n_points_is_played_for_the_game_once_somebody_has_reached_n() {
    let (mut before, mut after) = (0, 0);
    for view in card_views(&["end_at=12"]) {
        let reached = (0..4).any(|s| view.totals[s] + view.deal_points[s] >= 12);
        let expected = if reached {
            after += 1;
            Utility::Win
        } else {
            before += 1;
            Utility::Relative
        };
        let utility = Utility::Game.for_decision(&view).0;
        assert_eq!(utility, expected, "deal {} turn {}", view.deal, view.turn);
    }
    assert!(
        before > 0 && after > 0,
        "{before} decisions before, {after} after"
    );
}

#[test]
fn on_the_totals_a_cheap_deal_can_still_lose_the_game() {
    // Seat 0 is 12 points behind: taking 1 point against the others' 10 still loses the
    // game, taking 3 while they take 20 wins it.
    let totals = points(&[20, 8, 8, 8]);
    let on = |deal: &[u32]| {
        let mut game = points(deal);
        for (g, t) in game.iter_mut().zip(&totals) {
            *g += t;
        }
        value(Utility::Win, &game, 0, 4)
    };
    assert!(on(&[3, 20, 20, 20]) < on(&[1, 10, 10, 10]));
    assert!(on(&[1, 10, 10, 10]) > -0.5, "not a win");
}

#[test]
fn a_tie_shares_the_win() {
    assert_eq!(win_share(&points(&[2, 2, 3, 3]), 0, 4), 0.5);
    assert_eq!(win_share(&points(&[0, 0, 0, 1]), 3, 4), 0.0);
    assert_eq!(win_share(&points(&[0, 1, 2]), 0, 3), 1.0);
}

#[test]
fn mcts_with_the_same_seed_and_iterations_chooses_the_same() {
    for options in [
        &[][..],
        &["fan=cow"][..],
        &["deal=draft", "deck=tactic"][..],
    ] {
        let run = |seed: u64| {
            let mut g = game(4, options, 9);
            let mut bots: Vec<Box<dyn Bot<Classic>>> = (0..4)
                .map(|s| {
                    Box::new(MctsBot::new(MctsConfig::new(Budget::Iters(100)), seed + s))
                        as Box<dyn Bot<Classic>>
                })
                .collect();
            let mut actions = Vec::new();
            play(&mut g, &mut bots, |_, _, _, a| actions.push(*a));
            actions
        };
        assert_eq!(run(5), run(5), "{options:?}");
    }
}

#[test]
fn the_search_plays_its_own_seat_as_itself_not_as_a_style_of_the_prior() {
    // The table model learns the other seats only; in every sampled world the bot's own seat
    // must keep the search's own policy (`own`, by default `greedy-high`), also after the
    // bot is reseeded for a new game. It used to be dealt a style from the prior like an
    // unknown seat (70% not `greedy`, 11.7% `random`).
    use crate::classic::style_model::TableModel;
    use crate::classic::styles::{Style, StyleBot};
    use rand::SeedableRng;
    for (set, own) in [
        (None, Style::GreedyHigh),
        (Some(Style::Greedy), Style::Greedy),
        (Some(Style::KeepLow), Style::KeepLow),
    ] {
        let mut g = game(4, &[], 3);
        let mine = 2;
        let config = MctsConfig {
            own: set,
            ..MctsConfig::new(Budget::Iters(40))
        };
        let mut me = MctsBot::new(config, 3);
        me.reseed(4);
        let mut others: Vec<StyleBot> = (0..4).map(|s| StyleBot::new(Style::DumpHigh, s)).collect();
        let mut searched = 0;
        while !g.is_over() {
            for (seat, _) in g.pending() {
                let view = g.view(nimmt_core::Viewer::Seat(seat));
                if view.asked.is_none() {
                    continue;
                }
                let action = if seat.index() == mine {
                    searched += 1;
                    me.decide(&view)
                } else {
                    others[seat.index()].decide(&view)
                };
                g.act(seat, &action).expect("a legal action");
            }
        }
        assert!(searched > 5);
        let posteriors: Vec<_> = (0..4).map(|s| me.style_posterior(s)).collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for _ in 0..200 {
            assert_eq!(TableModel::draw(&posteriors, &mut rng)[mine], own);
        }
    }
}

#[test]
fn the_own_cards_go_high_first_only_on_the_plain_rows_unless_set() {
    // Measured (docs/bots.md, "The search's own later cards"): the highest of equally safe
    // cards first played better with every card at the right end and no fan card; with
    // both ends or a fan card the search keeps `greedy`'s model for its own cards.
    use crate::classic::styles::Style;
    use nimmt_core::games::classic::{ClassicOptions, Fan, Placement};
    let auto = MctsConfig::new(Budget::Iters(40));
    assert_eq!(auto.own, None);
    let plain = ClassicOptions::default();
    let both = ClassicOptions {
        placement: Placement::BothEnds,
        ..ClassicOptions::default()
    };
    assert_eq!(auto.own_style(&plain), Style::GreedyHigh);
    assert_eq!(auto.own_style(&both), Style::Greedy);
    for fan in [Fan::EvenOdd, Fan::Mountain, Fan::Cow, Fan::DigitSwap] {
        let with_fan = ClassicOptions {
            fan: Some(fan),
            ..ClassicOptions::default()
        };
        assert_eq!(auto.own_style(&with_fan), Style::Greedy, "{fan:?}");
    }
    let set = MctsConfig {
        own: Some(Style::DumpHigh),
        ..auto
    };
    assert_eq!(set.own_style(&plain), Style::DumpHigh);
    assert_eq!(set.own_style(&both), Style::DumpHigh);
}
