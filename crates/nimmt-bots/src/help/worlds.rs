//! The worlds the HELP! search samples: full game states that agree with a seat's view, the
//! cards it cannot see dealt to the other hands and the draw pile, at random or by what the
//! seat believes of each hand ([`Weights`], learnt by [`super::belief`]).

use nimmt_core::games::help::{
    card_playable, hand_playable, Help, HelpCard, PhaseView, Position, Stage, View,
};
use nimmt_core::Seat;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Per seat and card kind ([`HelpCard::index`]): how likely the seat holds a card of that kind,
/// relative to a card dealt at random (1 = nothing known).
pub type Weights = Vec<[f64; 15]>;

/// A full game state that agrees with `view`: the cards the viewer cannot see are dealt at
/// random to the other hands (keeping their sizes) and the draw pile.
pub fn sample_world(view: &View, rng: &mut ChaCha8Rng) -> Help {
    sample_world_with(view, None, rng)
}

/// A world with the other seats holding `hands` (the real ones), the draw pile shuffled.
pub(super) fn open_world(view: &View, hands: &[Vec<HelpCard>], rng: &mut ChaCha8Rng) -> Help {
    let me = view.seat().expect("a seat's view");
    let mut pool = view.unseen_cards();
    for hand in Seat::all(view.players)
        .filter(|&s| s != me)
        .map(|s| &hands[s.index()])
    {
        for c in hand {
            if let Some(i) = pool.iter().position(|p| p == c) {
                pool.swap_remove(i);
            }
        }
    }
    pool.shuffle(rng);
    let hands = Seat::all(view.players)
        .map(|s| {
            if s == me {
                view.hand.clone()
            } else {
                hands[s.index()].clone()
            }
        })
        .collect();
    world_from(view, hands, pool, rng)
}

/// [`sample_world`] with the other hands dealt by `weights` (per seat and card kind, see
/// [`Belief`]) where given.
pub fn sample_world_with(view: &View, weights: Option<&Weights>, rng: &mut ChaCha8Rng) -> Help {
    let me = view.seat().expect("a seat's view");
    let mut pool = view.unseen_cards();
    pool.shuffle(rng);
    let mut hands: Vec<Vec<HelpCard>> = vec![Vec::new(); view.players];
    hands[me.index()] = view.hand.clone();
    // A player who asked for help could play none of its cards, and a Switch helps it exactly
    // when it holds a number: deal its hand first, agreeing with that when it can.
    let asking = match view.phase {
        PhaseView::GiveHelp {
            asker,
            switch_helps,
            ..
        } if asker != me => Some((asker, None, switch_helps)),
        PhaseView::GiveBack {
            asker,
            helper,
            card: Some(card),
        } if helper == me => Some((asker, Some(card), None)),
        _ => None,
    };
    if let Some((asker, passed, switch_helps)) = asking {
        let size = view.hand_sizes[asker.index()] - usize::from(passed.is_some());
        for _ in 0..64 {
            let hand = &pool[pool.len() - size..];
            let stuck = !hand_playable(hand, &view.row);
            let switch_ok = switch_helps
                .is_none_or(|sh| card_playable(HelpCard::Switch, hand, &view.row) == sh);
            if stuck && switch_ok {
                break;
            }
            pool.shuffle(rng);
        }
        let at = pool.len() - size;
        hands[asker.index()] = pool.split_off(at);
        hands[asker.index()].extend(passed);
    }
    for s in Seat::all(view.players).filter(|&s| s != me) {
        let size = view.hand_sizes[s.index()];
        match weights {
            Some(w) if hands[s.index()].len() < size => {
                deal_weighted(&mut pool, &w[s.index()], size, &mut hands[s.index()], rng);
            }
            _ => {
                while hands[s.index()].len() < size {
                    hands[s.index()].push(pool.pop().expect("enough unseen cards"));
                }
            }
        }
    }
    if weights.is_some() {
        pool.shuffle(rng);
    }
    world_from(view, hands, pool, rng)
}

/// The world of `view` with `hands` and the draw pile `pool`.
fn world_from(
    view: &View,
    hands: Vec<Vec<HelpCard>>,
    pool: Vec<HelpCard>,
    rng: &mut ChaCha8Rng,
) -> Help {
    let stage = match view.phase {
        PhaseView::Turn { seat, helped } => Stage::Turn { seat, helped },
        PhaseView::GiveHelp {
            asker,
            helper,
            switch_helps,
        } => Stage::GiveHelp {
            asker,
            helper,
            switch_helps: switch_helps.unwrap_or_else(|| {
                card_playable(HelpCard::Switch, &hands[asker.index()], &view.row)
            }),
        },
        PhaseView::GiveBack {
            asker,
            helper,
            card,
        } => Stage::GiveBack {
            asker,
            helper,
            card: card.unwrap_or(HelpCard::No),
        },
        PhaseView::Over => panic!("the game is over"),
    };
    Help::from_position(Position {
        options: view.options,
        deal: view.deal,
        direction: view.direction,
        hands,
        row: view.row.clone(),
        draw: Some(pool),
        discard: view.discard.clone(),
        marks: view.marks.clone(),
        totals: view.totals.clone(),
        stage,
        seed: rng.random(),
    })
    .expect("a world dealt from the view adds up")
}

/// Deals the cards of `pool` to `seat` up to `size`, each drawn with its kind's weight.
pub fn deal_weighted(
    pool: &mut Vec<HelpCard>,
    weights: &[f64; 15],
    size: usize,
    hand: &mut Vec<HelpCard>,
    rng: &mut ChaCha8Rng,
) {
    while hand.len() < size {
        let total: f64 = pool.iter().map(|c| weights[c.index()]).sum();
        let mut x = rng.random::<f64>() * total;
        let mut pick = pool.len() - 1;
        for (i, c) in pool.iter().enumerate() {
            x -= weights[c.index()];
            if x < 0.0 {
                pick = i;
                break;
            }
        }
        hand.push(pool.swap_remove(pick));
    }
}
