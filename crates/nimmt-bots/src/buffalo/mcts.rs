//! A member's card by the flat Monte-Carlo search ([`crate::search`]): each of the sampled
//! worlds deals what the member cannot see (teammates' hands and choices, the buffalo's stack,
//! the order of the special card stack) from the cards it has not seen; every card of the hand
//! is tried in the same worlds and the deal played out as the team plays: greedy members, and in
//! each window the team policy's choice for the turn ([`TeamPolicy::decide_for_turn`]), so the
//! special cards are used in the playouts as at the table. Without the team policy (a member
//! that passes in windows) the special cards are put away and every window passed. The card
//! with the lowest mean of the team's points minus the buffalo's is played.
//!
//! With every card open ([`open_card`], a measure of what the card choice loses to what the
//! member cannot see) the one world is the game itself.

use super::greedy::{greedy_card, play_out_with, WindowChoice};
use super::policy::TeamPolicy;
use crate::search::{flat_in, worlds_for, Worlds};
use nimmt_core::cards::Card;
use nimmt_core::games::buffalo::{Action, Buffalo, View};
use nimmt_core::Seat;
use rand_chacha::ChaCha8Rng;

/// The card for a member's view, from `iters` playouts shared among the cards of the hand (at
/// least two worlds); the team plays the playouts' windows by `windows` (`None`: passes).
pub fn search_card(
    view: &View,
    iters: u64,
    windows: Option<&TeamPolicy>,
    aim: Aim,
    rng: &mut ChaCha8Rng,
) -> Card {
    chosen(
        view,
        Ask {
            open: None,
            iters,
            windows,
            aim,
        },
        rng,
    )
}

/// What the search wants of a playout, and how sure it must be to leave greedy's card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Aim {
    /// A playout is worth the loss (1 when the team does not win) rather than the margin (which
    /// then only breaks ties).
    pub win: bool,
    /// Greedy's card is played unless another card's estimate beats it by more than this many
    /// points (tenths of a loss with `win`).
    pub lean: u64,
}

impl Aim {
    fn value(self, margin: f64) -> f64 {
        if self.win {
            f64::from(u8::from(margin >= 0.0)) + margin / 1000.0
        } else {
            margin
        }
    }

    fn lean(self) -> f64 {
        if self.win {
            self.lean as f64 / 10.0
        } else {
            self.lean as f64
        }
    }
}

/// The card [`search_card`] would choose if the member saw every card: its one world is `game`
/// itself (the playouts are deterministic, so one world is exact). `view` is `game`'s view for
/// the member asked.
pub fn open_card(
    game: &Buffalo,
    view: &View,
    windows: Option<&TeamPolicy>,
    aim: Aim,
    rng: &mut ChaCha8Rng,
) -> Card {
    chosen(
        view,
        Ask {
            open: Some(game),
            iters: 0,
            windows,
            aim,
        },
        rng,
    )
}

/// What a search is asked: its worlds (sampled, or the one open game), its playouts, how the
/// team plays the windows and what it aims at.
#[derive(Clone, Copy)]
struct Ask<'a> {
    open: Option<&'a Buffalo>,
    iters: u64,
    windows: Option<&'a TeamPolicy>,
    aim: Aim,
}

/// The searched card (see [`estimates`]); a last card is played without a search.
fn chosen(view: &View, ask: Ask<'_>, rng: &mut ChaCha8Rng) -> Card {
    if view.hand.len() == 1 {
        return view.hand[0];
    }
    best_card(view, &estimates(view, ask, rng), ask.aim)
}

/// The card with the lowest estimate; ties (rare with many worlds), and cards that beat
/// greedy's card by no more than the aim's lean, go to greedy's card.
fn best_card(view: &View, totals: &[f64], aim: Aim) -> Card {
    let hand = &view.hand;
    let favourite = greedy_card(view);
    let best = totals.iter().copied().fold(f64::INFINITY, f64::min);
    let f = hand.iter().position(|&c| c == favourite);
    if f.is_some_and(|f| totals[f] <= best + aim.lean() + 1e-9) {
        return favourite;
    }
    let first = (0..hand.len()).find(|&i| totals[i] <= best + 1e-9);
    hand[first.expect("a card in hand")]
}

/// Every card of the member's hand with its estimate: the mean of the team's points minus the
/// buffalo's at the game's end over the sampled worlds (`iters` playouts shared among the
/// cards, at least two worlds), every card tried in the same worlds, the team using its special
/// cards by the team policy.
pub fn card_estimates(view: &View, iters: u64, rng: &mut ChaCha8Rng) -> Vec<(Card, f64)> {
    let policy = TeamPolicy::default();
    let ask = Ask {
        open: None,
        iters,
        windows: Some(&policy),
        aim: Aim::default(),
    };
    let found = estimates(view, ask, rng);
    view.hand.iter().copied().zip(found).collect()
}

/// The estimates of the cards of the hand, in hand order: from `iters` playouts in sampled
/// worlds, or from the one world `open`.
fn estimates(view: &View, ask: Ask<'_>, rng: &mut ChaCha8Rng) -> Vec<f64> {
    let Ask {
        open,
        iters,
        windows,
        aim,
    } = ask;
    let me = view.seat().expect("a member decides");
    let hand = &view.hand;
    let worlds = match open {
        Some(_) => 1,
        None => worlds_for(iters, hand.len() as u64, 2),
    };
    let mut source = MemberWorlds {
        view,
        open,
        me,
        windows,
        aim,
        rng,
    };
    flat_in(&mut source, hand, worlds).means
}

/// Worlds sampled from a member's view (or the open game), the special cards put away when the
/// team passes in windows.
struct MemberWorlds<'a> {
    view: &'a View,
    open: Option<&'a Buffalo>,
    me: Seat,
    windows: Option<&'a TeamPolicy>,
    aim: Aim,
    rng: &'a mut ChaCha8Rng,
}

impl Worlds for MemberWorlds<'_> {
    type Choice = Card;
    type World = Buffalo;

    fn sample(&mut self) -> Buffalo {
        let mut world = match self.open {
            Some(game) => game.clone(),
            None => Buffalo::from_view(self.view, self.rng),
        };
        if self.windows.is_none() {
            world.put_specials_away();
        }
        world
    }

    /// The team's points minus the buffalo's at the game's end (lower is better).
    fn play_out(&mut self, world: &Buffalo, &card: &Card) -> f64 {
        let mut w = world.clone();
        w.act_quiet(self.me, &Action::Play { card })
            .expect("a card of the hand");
        let windows = self.windows.map(|p| p as &dyn WindowChoice);
        self.aim.value(play_out_with(&mut w, windows))
    }
}
