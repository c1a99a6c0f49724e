use super::*;
use crate::classic::mcts::{MctsBot, MctsConfig};
use crate::classic::testing::play;
use crate::classic::{Budget, GreedyBot};
use crate::Bot;
use nimmt_core::games::classic::Classic;
use nimmt_core::{OptionMap, Rules};
use rand::SeedableRng;

/// Every view of a game (of `deals=N` deals, else one) of four `greedy` seats that asks a seat
/// for a card.
fn card_views(options: &[&str], seed: u64) -> Vec<View> {
    let mut map = OptionMap::parse(options.iter().copied()).expect("options");
    if map.get("deals").is_none() {
        map.set("deals", "1");
    }
    let mut g = Classic::from_setup(4, &map, seed).expect("setup");
    let mut bots: Vec<Box<dyn Bot<Classic>>> = (0..4)
        .map(|s| Box::new(GreedyBot::new(s)) as Box<dyn Bot<Classic>>)
        .collect();
    let mut views = Vec::new();
    play(&mut g, &mut bots, |_, _, view, _| {
        if view.asked == Some(Decision::PlayCard) {
            views.push(view.clone());
        }
    });
    views
}

#[test]
fn the_searched_cards_are_the_policys_best_and_cover_its_mass() {
    let views = card_views(&["deals=2"], 11);
    assert!(views.len() > 40);
    let mut narrowed = 0;
    for view in &views {
        let out = read(view).expect("a plain four-player game is guided");
        let legal = view.legal_actions();
        let kept = searched(&out, &legal);
        assert!(kept.iter().all(|a| legal.contains(a)));
        assert!(kept.len() >= LEAST_SEARCHED.min(legal.len()));
        // The network's own choice is always searched.
        let best = crate::classic::net2::choose(shipped(), view).expect("a card");
        assert!(kept.contains(&best), "{best:?} not in {kept:?}");
        narrowed += usize::from(kept.len() < legal.len());
    }
    assert!(narrowed > 0, "the policy never ruled a card out");
}

#[test]
fn only_plain_four_player_card_decisions_are_guided() {
    let view = &card_views(&["fan=cow"], 3)[0];
    assert!(read(view).is_none(), "a fan card");
    let view = &card_views(&["placement=both-ends"], 3)[0];
    assert!(read(view).is_none(), "both ends");
}

#[test]
fn the_belief_keeps_every_hidden_hand_dealt_in_full() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for view in card_views(&[], 7).iter().step_by(5) {
        let mut knowledge = Knowledge::from_view(view);
        let out = read(view).expect("guided");
        weigh(&out, &mut knowledge);
        assert_eq!(knowledge.weights.len(), knowledge.unknown.len());
        assert!(knowledge
            .weights
            .iter()
            .flatten()
            .all(|w| w.is_finite() && *w > 0.0));
        for _ in 0..20 {
            let hands = knowledge.sample(&mut rng);
            for (s, hand) in hands.iter().enumerate().filter(|(s, _)| *s != knowledge.me) {
                assert_eq!(hand.len(), knowledge.holds[s].max(knowledge.known[s].len()));
            }
        }
    }
}

#[test]
fn a_guided_search_never_plays_a_card_it_did_not_search() {
    let config = MctsConfig {
        guide: true,
        ..MctsConfig::new(Budget::Iters(200))
    };
    let mut bot = MctsBot::new(config, 1);
    let views = card_views(&[], 13);
    let mine = views
        .iter()
        .filter(|v| v.seat().map(|s| s.index()) == Some(0) && v.legal_actions().len() > 1);
    for view in mine {
        let stats = bot.search(view);
        let out = read(view).expect("guided");
        let kept = searched(&out, &view.legal_actions());
        for s in &stats {
            assert_eq!(s.playouts > 0, kept.contains(&s.action), "{s:?}");
        }
        let chosen = bot.decide(view);
        assert!(kept.contains(&chosen));
    }
}
