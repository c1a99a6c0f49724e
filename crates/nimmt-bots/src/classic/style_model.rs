//! Which style each other seat plays, learnt from its revealed plays.
//!
//! A Bayesian posterior over the field of styles ([`super::styles::FIELD`]) per seat. Each play a
//! seat reveals is scored under every style: the chance that the style plays that card from a
//! hand holding it and cards the bot could not see (estimated over sampled hands, ties shared),
//! mixed with a small chance of any card (no one plays a rule perfectly). The cards a seat shows
//! later were in its hand when it played: once a deal is over, its plays count as scored again
//! with them in the hand. A seat that one style explains steadily, in the finished deals and the
//! deal in play scored so, can be trusted ([`TableModel::trusted`]). The log-likelihoods add up
//! over the turns of the deal and over the earlier deals of the game: the model is kept until
//! the bot is reseeded for a new game. Within the first deal the posterior is the one-time
//! scoring alone. The search deals each seat a style from its posterior in every sampled world,
//! and weighs the hidden cards by it ([`super::inference`]).

use super::inference::{only, Memory, TurnModel, TurnStart};
use super::net::Net;
use super::styles::{Style, FIELD, STYLES};
use nimmt_core::games::classic::kernel::MAX_SEATS;
use nimmt_core::games::classic::{Play, View};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// The chance of each style before any play is seen: the one-turn risk minimiser is the most
/// common way to play, the others share the rest.
const PRIOR_GREEDY: f64 = 0.3;
/// The chance that a seat plays any card instead of its style's.
const SLIP: f64 = 0.15;
/// The same chance for a seat that plays its style steadily: one that only ever plays by its
/// rule explains its plays better with this than with [`SLIP`].
const STEADY_SLIP: f64 = 0.01;
/// The plays of a deal a seat must have made before that deal alone can make it trusted.
const EARLIEST_TRUST: usize = 3;
/// Hands sampled to score one play.
const HANDS: usize = 24;

/// What a seat's plays say of its style: the log-likelihood of each style (in the order of
/// [`FIELD`]) with the usual slips ([`SLIP`]) and as played steadily ([`STEADY_SLIP`]).
#[derive(Clone, Copy, Debug, Default)]
struct Evidence {
    loose: [f64; STYLES],
    steady: [f64; STYLES],
}

impl Evidence {
    fn add(&mut self, [loose, steady]: [[f64; STYLES]; 2]) {
        for (l, x) in self.loose.iter_mut().zip(loose) {
            *l += x.ln();
        }
        for (l, x) in self.steady.iter_mut().zip(steady) {
            *l += x.ln();
        }
    }

    fn merge(&mut self, other: &Evidence) {
        for (l, x) in self.loose.iter_mut().zip(other.loose) {
            *l += x;
        }
        for (l, x) in self.steady.iter_mut().zip(other.steady) {
            *l += x;
        }
    }
}

/// The posterior over the styles of every seat at the table.
#[derive(Clone, Debug, Default)]
pub struct TableModel {
    /// Per seat: the finished deals of the game, every play scored knowing the hand it was
    /// played from (the seat's later cards of the deal, with the card of its last decision
    /// still drawn).
    past: Vec<Evidence>,
    /// Per seat: this deal's plays, each scored once when its turn was revealed, the rest of
    /// the hand drawn from the cards the bot could not see; and how many are scored.
    current: Vec<[f64; STYLES]>,
    scored: Vec<usize>,
    /// Per seat: this deal's plays scored again with the cards the seat has shown since; it
    /// joins `past` when the deal ends.
    hindsight: Vec<Evidence>,
    /// The deal whose plays are being scored.
    deal: u32,
    /// The bot's own seat: it plays the search's own style in the playouts, not a style drawn
    /// from the prior.
    me: Option<usize>,
    /// Whether the learned policy ([`Style::Net`]) is in the field (`opponents=table`) or left
    /// out (`opponents=styles`: its prior and its scores are zero).
    without_net: bool,
}

impl TableModel {
    /// Puts the learned policy in the field the seats are learnt from, or leaves it out.
    pub fn learn_net(&mut self, on: bool) {
        self.without_net = !on;
    }

    /// Scores the plays revealed since the last call (the turns `memory` saw start), and every
    /// play of this deal again with the cards its seat has shown since.
    pub fn observe(&mut self, view: &View, memory: &Memory) {
        let n = view.players;
        let Some(me) = view.seat().map(|s| s.index()) else {
            return;
        };
        if self.current.len() != n {
            *self = TableModel {
                past: vec![Evidence::default(); n],
                current: vec![[0.0; STYLES]; n],
                scored: vec![0; n],
                hindsight: vec![Evidence::default(); n],
                deal: view.deal,
                me: Some(me),
                without_net: self.without_net,
            };
        }
        self.me = Some(me);
        if view.deal != self.deal {
            self.deal = view.deal;
            for (past, seen) in self.past.iter_mut().zip(&self.hindsight) {
                past.merge(seen);
            }
            self.hindsight = vec![Evidence::default(); n];
            self.current = vec![[0.0; STYLES]; n];
            self.scored = vec![0; n];
        }
        if memory.deal() != view.deal {
            return;
        }
        let mut unseen = 0u128;
        for c in view.unseen_cards() {
            unseen |= 1 << c.number();
        }
        self.hindsight = vec![Evidence::default(); n];
        for turn in memory.turns() {
            let revealed = (0..n)
                .map(|s| view.played.get(s).and_then(|p| p.get(turn.index)))
                .collect::<Option<Vec<_>>>();
            let mut shown = 0u128;
            for p in revealed.iter().flatten() {
                shown |= 1 << p.card.number();
            }
            for s in (0..n).filter(|&s| s != me) {
                let Some(plays) = view.played.get(s) else {
                    continue;
                };
                let Some(play) = plays.get(turn.index) else {
                    continue;
                };
                let seed = (u64::from(view.deal) << 32) ^ ((turn.index as u64) << 8) ^ s as u64;
                if revealed.is_some() && self.scored[s] <= turn.index {
                    let pool = turn.hidden & !turn.mine & !shown;
                    let [like, _] = likelihoods(turn, play, 0, pool, seed, self.without_net);
                    for (l, x) in self.current[s].iter_mut().zip(like) {
                        *l += x.ln();
                    }
                    self.scored[s] = turn.index + 1;
                }
                let mut later = 0u128;
                for p in &plays[turn.index + 1..] {
                    later |= 1 << p.card.number();
                }
                self.hindsight[s].add(likelihoods(
                    turn,
                    play,
                    later,
                    unseen,
                    seed,
                    self.without_net,
                ));
            }
        }
    }

    /// The chance of each style (in the order of [`FIELD`]) at seat `seat`, another seat than
    /// the bot's own (whose plays are not scored).
    pub fn posterior(&self, seat: usize) -> [f64; STYLES] {
        let (Some(past), Some(current)) = (self.past.get(seat), self.current.get(seat)) else {
            return normalised([0.0; STYLES], self.without_net);
        };
        let mut loglik = past.loose;
        for (l, x) in loglik.iter_mut().zip(current) {
            *l += x;
        }
        normalised(loglik, self.without_net)
    }

    /// The style the model is sure seat `seat` plays, judged on the finished deals and, once
    /// the seat has made [`EARLIEST_TRUST`] plays in this deal, on those plays scored with the
    /// cards it has shown since: one style (not `random`) that holds at least `trust` of that
    /// evidence's posterior and explains the plays better as played steadily ([`STEADY_SLIP`])
    /// than with the usual slips. The bot's own seat is never scored, so never trusted.
    pub fn trusted(&self, seat: usize, trust: f64) -> Option<Style> {
        let mut evidence = *self.past.get(seat)?;
        if self.me == Some(seat) {
            return None;
        }
        if self.scored.get(seat).is_some_and(|&n| n >= EARLIEST_TRUST) {
            evidence.merge(&self.hindsight[seat]);
        }
        let p = normalised(evidence.loose, self.without_net);
        let (at, top) =
            p.iter().copied().enumerate().fold(
                (0, 0.0),
                |best, (i, x)| if x > best.1 { (i, x) } else { best },
            );
        let steady = evidence.steady[at] > evidence.loose[at];
        (top >= trust && steady && FIELD[at] != Style::Random).then_some(FIELD[at])
    }

    /// Every seat's posterior, for [`Memory::weigh_styles`]. The bot's own seat plays `own` for
    /// certain (with its own share of random cards), whatever the others are taken for.
    pub fn posteriors(&self, players: usize, own: Style) -> Vec<[f64; STYLES]> {
        (0..players)
            .map(|s| {
                if self.me == Some(s) {
                    only(own)
                } else {
                    self.posterior(s)
                }
            })
            .collect()
    }

    /// A style for each seat, drawn from `posteriors` (the bot's own seat plays its own style).
    pub fn draw<R: Rng>(posteriors: &[[f64; STYLES]], rng: &mut R) -> [Style; MAX_SEATS] {
        let mut styles = [Style::Greedy; MAX_SEATS];
        for (style, p) in styles.iter_mut().zip(posteriors) {
            let mut x = rng.random::<f64>();
            for (s, &q) in FIELD.iter().zip(p) {
                if q <= 0.0 {
                    continue;
                }
                *style = *s;
                if x < q {
                    break;
                }
                x -= q;
            }
        }
        styles
    }
}

/// The posterior over the styles (in the order of [`FIELD`]) from the prior and the
/// log-likelihoods `loglik`; the learned policy has none `without_net`.
fn normalised(loglik: [f64; STYLES], without_net: bool) -> [f64; STYLES] {
    let others = (STYLES - 1 - usize::from(without_net)) as f64;
    let prior = |s: Style| match s {
        Style::Greedy => PRIOR_GREEDY,
        Style::Net if without_net => 0.0,
        _ => (1.0 - PRIOR_GREEDY) / others,
    };
    let top = loglik.iter().copied().fold(f64::MIN, f64::max);
    let mut p = [0.0; STYLES];
    for ((p, l), s) in p.iter_mut().zip(loglik).zip(FIELD) {
        *p = prior(s) * (l - top).exp();
    }
    let sum: f64 = p.iter().sum();
    p.map(|x| x / sum)
}

/// The chance under each style that a seat plays `play` at `turn` (slipping from it with
/// [`SLIP`], and with [`STEADY_SLIP`]), holding with it the cards
/// `later` it has played since and, for the rest of its hand, cards drawn from `unseen` (those
/// the bot has still not seen). Only `greedy` spends the Zahlendreher (F5): it does when the
/// changed value is rated below every card of the hand.
fn likelihoods(
    turn: &TurnStart,
    play: &Play,
    later: u128,
    unseen: u128,
    seed: u64,
    without_net: bool,
) -> [[f64; STYLES]; 2] {
    let played = play.card.number();
    let size = turn.mine.count_ones() as usize;
    let like = [[1.0 / size.max(1) as f64; STYLES]; 2];
    if size < 2 {
        return like;
    }
    let mut hand = vec![played];
    hand.extend((1..=104u8).filter(|&c| later >> c & 1 == 1));
    let known = hand.len();
    let pool_bits = unseen & !later & !(1u128 << played);
    let mut pool: Vec<u8> = (1..=104u8).filter(|&c| pool_bits >> c & 1 == 1).collect();
    if known > size || pool.len() < size - known {
        return like;
    }
    hand.resize(size, played);
    // With the whole hand known one look is enough.
    let hands = if known == size { 1 } else { HANDS };
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut hits = [0.0f64; STYLES];
    for _ in 0..hands {
        let (drawn, _) = pool.partial_shuffle(&mut rng, size - known);
        hand[known..].copy_from_slice(drawn);
        let mut bits = 0u128;
        for &c in &hand {
            bits |= 1 << c;
        }
        let model = TurnModel::new(turn, turn.hidden & !bits);
        for (hit, style) in hits.iter_mut().zip(FIELD) {
            if style == Style::Random || (play.swap && style != Style::Greedy) {
                continue;
            }
            if style == Style::Net {
                if !without_net {
                    *hit += net_share(&model, &hand);
                }
                continue;
            }
            // The card played counts by the value it was laid by.
            let keys: Vec<_> = hand
                .iter()
                .enumerate()
                .map(|(i, &c)| model.key(style, if i == 0 { play.value() } else { c }))
                .collect();
            let low = keys
                .iter()
                .copied()
                .fold(keys[0], |a, b| if b < a { b } else { a });
            if keys[0] == low {
                *hit += 1.0 / keys.iter().filter(|&&k| k == low).count() as f64;
            }
        }
    }
    let mut like = like;
    for (like, slip) in like.iter_mut().zip([SLIP, STEADY_SLIP]) {
        for ((l, hit), style) in like.iter_mut().zip(hits).zip(FIELD) {
            if style != Style::Random {
                *l = (1.0 - slip) * hit / hands as f64 + slip / size as f64;
            }
        }
    }
    like
}

/// The share of the network's best cards of `hand` (its first card the one played): 1 if the
/// `net` bot plays it alone, split on a tie, 0 otherwise.
fn net_share(model: &TurnModel<'_>, hand: &[u8]) -> f64 {
    let (scores, n) = Net::shipped().scores(model.plain(), hand);
    let top = scores[..n].iter().copied().fold(f32::MIN, f32::max);
    if scores[0] < top {
        return 0.0;
    }
    1.0 / scores[..n].iter().filter(|&&x| x == top).count() as f64
}

#[cfg(test)]
mod tests {
    use crate::classic::testing::game;
    use crate::classic::{Budget, GreedyBot, MctsBot, MctsConfig};
    use crate::Bot;
    use nimmt_core::games::classic::Classic;
    use nimmt_core::Rules;

    /// Plays `g` to its end, a small search in seat 0 and three seats played by `other`; the
    /// search as it ends.
    fn search_against(
        g: &mut Classic,
        seed: u64,
        other: &impl Fn(u64) -> Box<dyn Bot<Classic>>,
    ) -> MctsBot {
        let mut me = MctsBot::new(MctsConfig::new(Budget::Iters(40)), seed);
        let mut others: Vec<Box<dyn Bot<Classic>>> = (1..4).map(|s| other(seed * 10 + s)).collect();
        while !g.is_over() {
            for (seat, _) in g.pending() {
                let view = g.view(nimmt_core::Viewer::Seat(seat));
                if view.asked.is_none() {
                    continue;
                }
                let action = match seat.index() {
                    0 => me.decide(&view),
                    s => others[s - 1].decide(&view),
                };
                g.act(seat, &action).expect("a legal action");
            }
        }
        me
    }

    /// The search's belief, after one deal with `options`, that each of three other seats
    /// (played by `other`) plays `style`; averaged over `games` games.
    fn style_belief(
        games: u64,
        options: &[&str],
        style: crate::classic::styles::Style,
        other: impl Fn(u64) -> Box<dyn Bot<Classic>>,
    ) -> f64 {
        use crate::classic::styles::FIELD;
        let at = FIELD.iter().position(|&s| s == style).unwrap();
        let mut belief = 0.0;
        for seed in 1..=games {
            let mut g = game(4, options, seed);
            let me = search_against(&mut g, seed, &other);
            for seat in 1..4 {
                belief += me.style_posterior(seat)[at] / (3 * games) as f64;
            }
        }
        belief
    }

    /// Plays `games` games of `deals` deals, the search in seat 0 and three seats played by
    /// `other`; the share of those seats the search is sure of at the end of each game, as
    /// playing `style`, and as playing anything.
    fn trusted_share(
        games: u64,
        deals: u32,
        style: crate::classic::styles::Style,
        other: impl Fn(u64) -> Box<dyn Bot<Classic>>,
    ) -> (f64, f64) {
        let mut options = nimmt_core::OptionMap::default();
        options.set("deals", &deals.to_string());
        let (mut right, mut any) = (0.0, 0.0);
        for seed in 1..=games {
            let mut g = Classic::from_setup(4, &options, seed).expect("setup");
            let me = search_against(&mut g, seed, &other);
            for seat in 1..4 {
                let trusted = me.trusted_style(seat);
                right += f64::from(u8::from(trusted == Some(style))) / (3 * games) as f64;
                any += f64::from(u8::from(trusted.is_some())) / (3 * games) as f64;
            }
        }
        (right, any)
    }

    /// After games of `deals` deals (6 games): the share of three `dump-high` seats the search
    /// plays as `dump-high` exactly, and the share of three `montecarlo` seats it plays as any
    /// style exactly.
    fn steady_and_noisy_trusted(deals: u32) -> (f64, f64) {
        use crate::classic::styles::{Style, StyleBot};
        let (dump, _) = trusted_share(6, deals, Style::DumpHigh, |seed| {
            Box::new(StyleBot::new(Style::DumpHigh, seed))
        });
        let (_, noisy) = trusted_share(6, deals, Style::DumpHigh, |seed| {
            Box::new(crate::classic::montecarlo::MonteCarloBot::new(
                crate::classic::montecarlo::DEFAULT_ITERS,
                seed,
            ))
        });
        (dump, noisy)
    }

    #[test]
    fn after_two_deals_the_search_is_sure_of_a_steady_style_and_not_of_a_noisy_player() {
        // A `dump-high` seat plays by its rule every time: after two deals the table model
        // takes it for `dump-high` and plays it so without random cards. `montecarlo` samples
        // 64 playouts a card, so its plays follow no style of the field steadily: the search
        // keeps its doubts (docs/bots.md, "The table learnt over the deals of a game").
        let (dump, noisy) = steady_and_noisy_trusted(2);
        assert!(dump > 0.5, "dump-high trusted at {dump:.2}");
        assert!(noisy < 0.1, "montecarlo trusted at {noisy:.2}");
    }

    #[test]
    fn within_a_single_deal_the_search_grows_sure_of_a_steady_style_and_not_of_a_noisy_player() {
        // Once a seat has made three plays, the deal's plays scored with the cards it showed
        // since count too: by the end of one deal the search plays most `dump-high` seats as
        // that style exactly, still no `montecarlo` seat (docs/bots.md, "A seat trusted within
        // the deal").
        let (dump, noisy) = steady_and_noisy_trusted(1);
        assert!(dump > 0.5, "dump-high trusted at {dump:.2}");
        assert!(noisy < 0.1, "montecarlo trusted at {noisy:.2}");
    }

    #[test]
    fn with_a_fan_card_the_search_learns_which_style_each_seat_plays() {
        // Three seats dump their high cards; after a deal with the cow on the table the search
        // takes each of them for `dump-high` far more than its prior (10%) says (without the
        // fan model it learnt nothing: the prior).
        use crate::classic::styles::{Style, StyleBot};
        let belief = style_belief(3, &["fan=cow"], Style::DumpHigh, |seed| {
            Box::new(StyleBot::new(Style::DumpHigh, seed))
        });
        assert!(belief > 0.35, "dump-high believed at {belief:.2}");
    }

    #[test]
    fn after_one_deal_the_search_takes_the_learned_model_for_itself() {
        // Three seats play `net`; after a deal the search takes each of them for the learned
        // model (which it then plays in its playouts) far more than the prior of 10% says.
        use crate::classic::net::NetBot;
        use crate::classic::styles::Style;
        let belief = style_belief(4, &[], Style::Net, |_| Box::new(NetBot::new()));
        assert!(belief > 0.5, "net believed at {belief:.2}");
    }

    #[test]
    fn with_the_mountain_the_search_takes_greedy_for_greedy() {
        // `greedy` plays the mountain's downhill row by its rules (F3); scored on the plain rows
        // its plays looked like another style's (a belief of 35% over 20 games), on the rows
        // bent towards the mountain they look like its own (65%; the prior is 30%).
        use crate::classic::styles::Style;
        let belief = style_belief(10, &["fan=mountain"], Style::Greedy, |seed| {
            Box::new(GreedyBot::new(seed))
        });
        assert!(belief > 0.5, "greedy believed at {belief:.2}");
    }
}
