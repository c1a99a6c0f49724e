//! Which style each other seat plays, learnt from its revealed plays.
//!
//! A Bayesian posterior over the field of styles ([`super::styles::FIELD`]) per seat. Each play a
//! seat reveals is scored under every style: the chance that the style plays that card from a
//! hand holding it and cards the bot could not see (estimated over sampled hands, ties shared),
//! mixed with a small chance of any card (no one plays a rule perfectly). The log-likelihoods add
//! up over the turns of the deal and over the earlier deals of the game: the model is kept until
//! the bot is reseeded for a new game. The search deals each seat a style from its posterior in
//! every sampled world, and weighs the hidden cards by it ([`super::inference`]).

use super::inference::{only, Memory, TurnModel, TurnStart};
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
/// Hands sampled to score one play.
const HANDS: usize = 24;

/// The posterior over the styles of every seat at the table.
#[derive(Clone, Debug, Default)]
pub struct TableModel {
    /// Per seat: the log-likelihood of each style, over every play scored in this game.
    loglik: Vec<[f64; STYLES]>,
    /// The deal whose plays are being scored, and per seat how many of its plays are.
    deal: u32,
    scored: Vec<usize>,
    /// The bot's own seat: it plays the search's own style in the playouts, not a style drawn
    /// from the prior.
    me: Option<usize>,
}

impl TableModel {
    /// Scores the plays revealed since the last call (the turns `memory` saw start).
    pub fn observe(&mut self, view: &View, memory: &Memory) {
        let n = view.players;
        let Some(me) = view.seat().map(|s| s.index()) else {
            return;
        };
        if self.loglik.len() != n {
            *self = TableModel {
                loglik: vec![[0.0; STYLES]; n],
                deal: view.deal,
                scored: vec![0; n],
                me: Some(me),
            };
        }
        self.me = Some(me);
        if view.deal != self.deal {
            self.deal = view.deal;
            self.scored = vec![0; n];
        }
        if memory.deal() != view.deal {
            return;
        }
        for turn in memory.turns() {
            let Some(plays) = (0..n)
                .map(|s| view.played.get(s).and_then(|p| p.get(turn.index)))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let mut shown = 0u128;
            for p in &plays {
                shown |= 1 << p.card.number();
            }
            for s in (0..n).filter(|&s| s != me) {
                if self.scored[s] > turn.index {
                    continue;
                }
                let seed = (u64::from(view.deal) << 32) ^ ((turn.index as u64) << 8) ^ s as u64;
                let like = likelihoods(turn, plays[s], shown, seed);
                for (l, x) in self.loglik[s].iter_mut().zip(like) {
                    *l += x.ln();
                }
                self.scored[s] = turn.index + 1;
            }
        }
    }

    /// The chance of each style (in the order of [`FIELD`]) at seat `seat`, another seat than
    /// the bot's own (whose plays are not scored).
    pub fn posterior(&self, seat: usize) -> [f64; STYLES] {
        let prior = |s: Style| {
            if s == Style::Greedy {
                PRIOR_GREEDY
            } else {
                (1.0 - PRIOR_GREEDY) / (STYLES - 1) as f64
            }
        };
        let Some(loglik) = self.loglik.get(seat) else {
            return FIELD.map(prior);
        };
        let top = loglik.iter().copied().fold(f64::MIN, f64::max);
        let mut p = [0.0; STYLES];
        for ((p, l), s) in p.iter_mut().zip(loglik).zip(FIELD) {
            *p = prior(s) * (l - top).exp();
        }
        let sum: f64 = p.iter().sum();
        p.map(|x| x / sum)
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

/// The chance under each style that a seat plays `play` at `turn`, its other cards drawn from
/// those the bot could not see (`shown`: the turn's revealed cards). Only `greedy` spends the
/// Zahlendreher (F5): it does when the changed value is rated below every card of the hand.
fn likelihoods(turn: &TurnStart, play: &Play, shown: u128, seed: u64) -> [f64; STYLES] {
    let played = play.card.number();
    let size = turn.mine.count_ones() as usize;
    let mut like = [1.0 / size.max(1) as f64; STYLES];
    if size < 2 {
        return like;
    }
    let pool_bits = turn.hidden & !turn.mine & !shown;
    let mut pool: Vec<u8> = (1..=104u8).filter(|&c| pool_bits >> c & 1 == 1).collect();
    if pool.len() < size - 1 {
        return like;
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut hits = [0.0f64; STYLES];
    let mut hand = vec![played; size];
    for _ in 0..HANDS {
        let (drawn, _) = pool.partial_shuffle(&mut rng, size - 1);
        hand[1..].copy_from_slice(drawn);
        let mut bits = 0u128;
        for &c in &hand {
            bits |= 1 << c;
        }
        let model = TurnModel::new(turn, turn.hidden & !bits);
        for (hit, style) in hits.iter_mut().zip(FIELD) {
            if style == Style::Random || (play.swap && style != Style::Greedy) {
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
    for ((l, hit), style) in like.iter_mut().zip(hits).zip(FIELD) {
        if style != Style::Random {
            *l = (1.0 - SLIP) * hit / HANDS as f64 + SLIP / size as f64;
        }
    }
    like
}
