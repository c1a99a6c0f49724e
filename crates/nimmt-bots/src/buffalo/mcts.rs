//! A member's card by the flat Monte-Carlo search ([`crate::search`]): each of the sampled
//! worlds deals what the member cannot see (teammates' hands and choices, the buffalo's stack)
//! from the cards it has not seen;
//! every card of the hand is tried in the same worlds and the deal played out with greedy
//! members and special cards left unused. The card with the lowest mean of the team's points
//! minus the buffalo's is played.

use super::greedy::{greedy_card, play_out};
use crate::search::{flat_in, worlds_for, Worlds};
use nimmt_core::cards::Card;
use nimmt_core::games::buffalo::{Action, Buffalo, View};
use nimmt_core::Seat;
use rand_chacha::ChaCha8Rng;

/// The card for a member's view, from `iters` playouts shared among the cards of the hand (at
/// least two worlds).
pub fn search_card(view: &View, iters: u64, rng: &mut ChaCha8Rng) -> Card {
    let hand = &view.hand;
    if hand.len() == 1 {
        return hand[0];
    }
    let totals: Vec<f64> = card_estimates(view, iters, rng)
        .into_iter()
        .map(|(_, e)| e)
        .collect();
    // Ties (rare with many worlds) go to greedy's card.
    let favourite = greedy_card(view);
    let best = totals.iter().copied().fold(f64::INFINITY, f64::min);
    let tied: Vec<usize> = (0..hand.len())
        .filter(|&i| totals[i] <= best + 1e-9)
        .collect();
    tied.iter()
        .find(|&&i| hand[i] == favourite)
        .map_or(hand[tied[0]], |&i| hand[i])
}

/// Every card of the member's hand with its estimate: the mean of the team's points minus the
/// buffalo's at the game's end over the sampled worlds (`iters` playouts shared among the
/// cards, at least two worlds), every card tried in the same worlds.
pub fn card_estimates(view: &View, iters: u64, rng: &mut ChaCha8Rng) -> Vec<(Card, f64)> {
    let me = view.seat().expect("a member decides");
    let hand = &view.hand;
    let worlds = worlds_for(iters, hand.len() as u64, 2);
    let found = flat_in(&mut MemberWorlds { view, me, rng }, hand, worlds);
    hand.iter().copied().zip(found.means).collect()
}

/// Worlds sampled from a member's view, the special cards put away.
struct MemberWorlds<'a> {
    view: &'a View,
    me: Seat,
    rng: &'a mut ChaCha8Rng,
}

impl Worlds for MemberWorlds<'_> {
    type Choice = Card;
    type World = Buffalo;

    fn sample(&mut self) -> Buffalo {
        let mut world = Buffalo::from_view(self.view, self.rng);
        world.put_specials_away();
        world
    }

    /// The team's points minus the buffalo's at the game's end (lower is better).
    fn play_out(&mut self, world: &Buffalo, &card: &Card) -> f64 {
        let mut w = world.clone();
        w.act_quiet(self.me, &Action::Play { card })
            .expect("a card of the hand");
        play_out(&mut w)
    }
}
