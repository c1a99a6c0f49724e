//! A field of playing styles: ways people play 6 nimmt! that our bots meet at a table, each a
//! rule for the card to play from what a seat sees (the rows and the cards it has not seen).
//!
//! Every style rates each card of the hand with a key (lower is better) and plays the best; the
//! search uses the same rules to play the other seats in its playouts ([`super::world`]) and to
//! learn which style each seat plays ([`super::style_model`]). As seated bots ([`StyleBot`]) they judge
//! the plain rows (a fan card's marker is not looked at) and take the row with the fewest bull
//! heads for a low card (C6).

mod cautious;
mod dump_high;
mod greedy_high;
mod greedy_low;
mod keep_low;

use super::mimic::Mimic;
use crate::Bot;
use nimmt_core::games::classic::kernel::Kernel;
use nimmt_core::games::classic::{Action, Classic, Decision, View};
use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A card's rating under a style: lower is preferred, compared in order.
pub type Key = (f32, f32, f32);

/// A way to choose the card to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// The least expected penalty this turn (the [`Mimic`] model of `greedy`); ties: the smaller
    /// certain penalty, then the card closest to its row.
    Greedy,
    /// The least expected penalty this turn; ties go to the highest card.
    GreedyHigh,
    /// The least expected penalty this turn; ties go to the lowest card.
    GreedyLow,
    /// The highest card that is unlikely to cost anything this turn: high cards go early.
    DumpHigh,
    /// The least expected penalty, but low cards are kept for later (they count as dearer).
    KeepLow,
    /// Only what is certain: no full row, no row of four cards if it can help it.
    Cautious,
    /// Any card.
    Random,
    /// The learned policy ([`super::net`]): in the search's playouts its card is drawn from its
    /// distribution over the hand; the table model scores a seat's plays by the network's best
    /// card (the `net` bot's). It rates whole hands, so [`Style::key`] is flat.
    Net,
}

/// Every style, in the order the table model lists them.
pub const FIELD: [Style; 8] = [
    Style::Greedy,
    Style::GreedyHigh,
    Style::GreedyLow,
    Style::DumpHigh,
    Style::KeepLow,
    Style::Cautious,
    Style::Random,
    Style::Net,
];

/// The number of styles in the field.
pub const STYLES: usize = FIELD.len();

impl Style {
    /// The name a style's bot is seated by (`greedy` is the bot of its own module).
    pub fn name(self) -> &'static str {
        match self {
            Style::Greedy => "greedy",
            Style::GreedyHigh => "greedy-high",
            Style::GreedyLow => "greedy-low",
            Style::DumpHigh => "dump-high",
            Style::KeepLow => "keep-low",
            Style::Cautious => "cautious",
            Style::Random => "random",
            Style::Net => "net",
        }
    }

    /// The style of a name.
    pub fn named(name: &str) -> Option<Style> {
        FIELD.iter().copied().find(|s| s.name() == name)
    }

    /// The rating of card `c` under this style, with `m` the model of what the seat sees.
    pub fn key(self, m: &Mimic<'_>, c: u8) -> Key {
        match self {
            Style::Greedy => {
                let (cost, certain, gap) = m.key(c);
                (cost, certain as f32, gap as f32)
            }
            Style::GreedyHigh => greedy_high::key(m, c),
            Style::GreedyLow => greedy_low::key(m, c),
            Style::DumpHigh => dump_high::key(m, c),
            Style::KeepLow => keep_low::key(m, c),
            Style::Cautious => cautious::key(m, c),
            Style::Random | Style::Net => (0.0, 0.0, 0.0),
        }
    }

    /// The index in `hand` of the card this style plays, for a seat that has not seen the cards
    /// of `unseen` (a bit per card; its own hand is not in it). `Random` draws one.
    pub fn choose<R: Rng>(self, k: &Kernel, hand: &[u8], unseen: u128, rng: &mut R) -> usize {
        self.choose_in(&Mimic::new(k, unseen), hand, rng)
    }

    /// [`Self::choose`] with `m`, the model of what the seat sees.
    pub fn choose_in<R: Rng>(self, m: &Mimic<'_>, hand: &[u8], rng: &mut R) -> usize {
        if self == Style::Random || hand.len() < 2 {
            return if hand.is_empty() {
                0
            } else {
                rng.random_range(0..hand.len())
            };
        }
        if self == Style::Net {
            return super::net::Net::shipped().sample(m, hand, rng);
        }
        best(hand.iter().map(|&c| self.key(m, c)))
    }
}

/// The index of the least key (the first on a tie).
pub fn best(keys: impl Iterator<Item = Key>) -> usize {
    let mut at = 0;
    let mut low = (f32::MAX, f32::MAX, f32::MAX);
    for (i, key) in keys.enumerate() {
        if key < low {
            low = key;
            at = i;
        }
    }
    at
}

/// A seat played by one style.
#[derive(Clone, Debug)]
pub struct StyleBot {
    style: Style,
    rng: ChaCha8Rng,
}

impl StyleBot {
    pub fn new(style: Style, seed: u64) -> StyleBot {
        StyleBot {
            style,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot<Classic> for StyleBot {
    fn decide(&mut self, view: &View) -> Action {
        let legal = view.legal_actions();
        assert!(!legal.is_empty(), "style bot asked without a decision");
        match view.asked {
            Some(Decision::PlayCard) if view.hand.len() > 1 => {
                let hand: Vec<u8> = view.hand.iter().map(|c| c.number()).collect();
                let (k, unseen) = super::net::view_kernel(view);
                let i = self.style.choose(&k, &hand, unseen, &mut self.rng);
                Action::play(view.hand[i])
            }
            _ => super::row_and_draft::row_or_pick(view, &legal),
        }
    }

    fn name(&self) -> String {
        self.style.name().into()
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}

#[cfg(test)]
mod tests;
