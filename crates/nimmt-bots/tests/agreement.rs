//! Diagnostic (ignored): how often the playout policy picks the same card as `greedy`.
use nimmt_bots::classic::{GreedyBot, Playout};
use nimmt_bots::classic::mcts::PolicyBot;
use nimmt_bots::Bot;
use nimmt_core::games::classic::{Classic, Decision};
use nimmt_core::{OptionMap, Rules, Viewer};

#[test]
#[ignore]
fn policy_agrees_with_greedy() {
    for policy in [Playout::Risk, Playout::Cautious] {
        let mut same = 0;
        let mut total = 0;
        for seed in 0..300u64 {
            let mut game = Classic::from_setup(4, &OptionMap::parse(["deals=1"]).unwrap(), seed).unwrap();
            let mut greedy = GreedyBot::new(seed);
            let mut p = PolicyBot::new(policy, seed);
            while !game.is_over() {
                for (seat, _) in game.pending() {
                    let view = game.view(Viewer::Seat(seat));
                    if view.asked.is_none() { continue; }
                    let a = greedy.decide(&view);
                    if view.asked == Some(Decision::PlayCard) && view.hand.len() > 1 {
                        total += 1;
                        if p.decide(&view) == a { same += 1; }
                    }
                    game.act(seat, &a).unwrap();
                }
            }
        }
        println!("{policy:?}: {same}/{total} = {:.1}%", 100.0 * same as f64 / total as f64);
    }
}
