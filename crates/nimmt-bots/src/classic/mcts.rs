//! `mcts`: the flat Monte-Carlo search ([`crate::search`]) over information sets.
//!
//! For every decision the bot samples worlds consistent with its view (the cards it has not
//! seen dealt to the other seats by their hand sizes; with a draft the public picks stay with
//! their pickers), plays every legal action in each world followed by a playout of the rest of
//! the deal, and takes the action with the least mean cost over all worlds. All actions are
//! played out in the same world with the same playout randomness (common random numbers), so
//! their comparison is not blurred by the luck of the deal. Without fan cards the playouts run
//! on the engine's allocation-free kernel.

use super::inference::{only, Memory};
use super::style_model::TableModel;
use super::styles::Style;
use super::world::{Playout, Points, Styles, Template, World};
use super::Knowledge;
pub use crate::search::Budget;
use crate::search::{flat, Worlds};
use crate::Bot;
use nimmt_core::games::classic::kernel::MAX_SEATS;
use nimmt_core::games::classic::{Action, Classic, ClassicOptions, Placement, View};
use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What a playout's result is worth to the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utility {
    /// The bot's own points in the deal.
    Own,
    /// The bot's points minus the mean of the others' (a deal is won against the table).
    Relative,
    /// The bot's share of the win (fewest points; a tie shares it), with its points as a small
    /// tie-breaker.
    Win,
    /// The bot's points minus the fewest points of another seat: the deal is won when this is
    /// below zero, and the search plays against the best of the others, not their mean.
    Margin,
    /// Plays for the game: in the game's last deal (the game surely ends with it) the bot's
    /// share of the game's win (the fewest points in all; a tie shares it), its points as a
    /// small tie-breaker, as [`Utility::Win`] on the game's totals; before it `Relative`, since
    /// every point still counts towards the total.
    Game,
}

impl Utility {
    /// The utility the decision `view` asks is searched with, and the points of the finished
    /// deals it counts on top of a playout's: [`Utility::Game`] turns into `Win` on the totals in
    /// the game's last deal and into `Relative` before it; the others stay as they are and
    /// count this deal only.
    pub fn for_decision(self, view: &View) -> (Utility, Points) {
        let mut totals = [0u32; MAX_SEATS];
        if self != Utility::Game {
            return (self, totals);
        }
        // Points only ever rise, so a game that would end with the points taken so far surely
        // ends with this deal.
        let so_far = view
            .totals
            .iter()
            .zip(&view.deal_points)
            .map(|(t, p)| t + p);
        if !view.options.end.ends_after(view.deal, so_far) {
            return (Utility::Relative, totals);
        }
        for (t, &p) in totals.iter_mut().zip(&view.totals) {
            *t = p;
        }
        (Utility::Win, totals)
    }
}

/// Who the search takes the other players to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponents {
    /// Everyone plays like `greedy` (the [`Playout::Mimic`] model).
    Greedy,
    /// Each seat plays a style of the field, learnt from its plays ([`TableModel`]); the
    /// learned policy ([`Style::Net`]) is one of them.
    Table,
    /// The same without the learned policy: only the hand-written styles (the search before
    /// the model, kept to measure what the model adds).
    Styles,
    /// Every other seat plays the learned policy ([`super::net`], [`Style::Net`]); the bot's own
    /// seat plays [`MctsConfig::own_style`].
    Net,
}

/// The default of [`MctsConfig::trust`], in percent (`docs/bots.md`, "The table learnt over the
/// deals of a game" and "A seat trusted within the deal").
pub const DEFAULT_TRUST: u8 = 50;

/// Settings of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MctsConfig {
    pub budget: Budget,
    pub playout: Playout,
    pub utility: Utility,
    /// Read the other seats' hands from their plays ([`super::inference`]).
    pub infer: bool,
    /// The model of the other players in `Mimic` playouts.
    pub opponents: Opponents,
    /// What winning the deal (a tie shares it) is worth, in points, on top of the utility.
    pub win_bonus: u32,
    /// How the bot's own seat plays its later cards in the playouts (with the learnt table);
    /// `None`: as [`MctsConfig::own_style`] says.
    pub own: Option<Style>,
    /// With the learnt table: a seat taken for one style with at least this many percent is
    /// played as that style alone, without random cards, and a card that style would have
    /// preferred to one it played is all but ruled out ([`TableModel::trusted`]); `None`: never.
    pub trust: Option<u8>,
    /// The card-token network guides the search ([`guide`]): its policy chooses the cards
    /// searched, its belief weighs the dealing of the hidden hands.
    pub guide: bool,
}

impl MctsConfig {
    pub fn new(budget: Budget) -> Self {
        MctsConfig {
            budget,
            playout: Playout::Mimic,
            utility: Utility::Game,
            infer: true,
            opponents: Opponents::Table,
            win_bonus: 0,
            own: None,
            trust: Some(DEFAULT_TRUST),
            guide: false,
        }
    }

    /// The style the bot's own seat plays in the playouts of a game with `options`: the one
    /// set, else `greedy-high` (the least expected penalty, the highest of equally safe cards
    /// first) on the plain rows with every card at the right end, and `greedy`'s model with
    /// both ends or a fan card, where the high card first did not play better (`docs/bots.md`,
    /// "The search's own later cards").
    pub fn own_style(&self, options: &ClassicOptions) -> Style {
        self.own.unwrap_or(
            if options.placement == Placement::Right && options.fan.is_none() {
                Style::GreedyHigh
            } else {
                Style::Greedy
            },
        )
    }
}

/// The search bot.
#[derive(Clone, Debug)]
pub struct MctsBot {
    config: MctsConfig,
    rng: ChaCha8Rng,
    /// The turns of this deal seen so far, for what the others' plays say of their hands.
    memory: Memory,
    /// The styles the other seats play, learnt over this game.
    table: TableModel,
    /// The posteriors of the decision being searched (`None`: everyone plays like `greedy`).
    styles: Option<Vec<[f64; super::styles::STYLES]>>,
    /// The seats of that decision the table model is sure of (a bit per seat).
    steady: u32,
}

/// What the search found for one action.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionStats {
    pub action: Action,
    /// Mean cost over the sampled worlds (lower is better).
    pub mean_cost: f64,
    pub playouts: u64,
}

impl MctsBot {
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        MctsBot {
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
            memory: Memory::default(),
            table: TableModel::default(),
            styles: None,
            steady: 0,
        }
    }

    pub fn config(&self) -> MctsConfig {
        self.config
    }

    /// Runs the search for the decision `view` asks and returns every legal action's result.
    pub fn search(&mut self, view: &View) -> Vec<ActionStats> {
        self.memory.observe(view);
        let mut knowledge = Knowledge::from_view(view);
        let learn = matches!(self.config.opponents, Opponents::Table | Opponents::Styles)
            && self.config.playout == Playout::Mimic;
        self.steady = 0;
        self.styles = if learn {
            self.table
                .learn_net(self.config.opponents == Opponents::Table);
            self.table.observe(view, &self.memory);
            let own = self.config.own_style(&view.options);
            let mut styles = self.table.posteriors(view.players, own);
            for (seat, p) in styles.iter_mut().enumerate() {
                if let Some(style) = self.trusted_style(seat) {
                    *p = only(style);
                    self.steady |= 1 << seat;
                }
            }
            Some(styles)
        } else {
            None
        };
        if self.config.infer {
            match &self.styles {
                Some(styles) => self
                    .memory
                    .weigh_styles(view, &mut knowledge, styles, self.steady),
                None => self.memory.weigh(view, &mut knowledge),
            }
        }
        self.search_with(view, knowledge)
    }

    /// The chance of each style of the field (in the order of [`super::styles::FIELD`]) that
    /// the bot gave seat `seat` in its last search (its own seat: the style it plays itself),
    /// or gives it now if it has not searched since it was reseeded.
    pub fn style_posterior(&self, seat: usize) -> [f64; super::styles::STYLES] {
        match &self.styles {
            Some(styles) => styles[seat],
            None => self.table.posterior(seat),
        }
    }

    /// The style the bot is sure seat `seat` plays, and plays it against without random cards
    /// ([`MctsConfig::trust`]), as of its last search.
    pub fn trusted_style(&self, seat: usize) -> Option<Style> {
        let trust = self.config.trust?;
        self.table.trusted(seat, f64::from(trust) / 100.0)
    }

    /// The seats' styles in the playouts when the others are played by the learned policy.
    fn model(&self, view: &View) -> Option<Styles> {
        if self.config.opponents != Opponents::Net || self.config.playout != Playout::Mimic {
            return None;
        }
        let mut styles = [Style::Net; MAX_SEATS];
        if let Some(me) = view.seat() {
            styles[me.index()] = self.config.own_style(&view.options);
        }
        Some(styles)
    }

    /// [`Self::search`] with what the bot knows of the hidden cards given.
    pub fn search_with(&mut self, view: &View, knowledge: Knowledge) -> Vec<ActionStats> {
        let legal = view.legal_actions();
        let mut stats: Vec<ActionStats> = legal
            .iter()
            .map(|&action| ActionStats {
                action,
                mean_cost: 0.0,
                playouts: 0,
            })
            .collect();
        if legal.len() <= 1 {
            return stats;
        }
        let mut knowledge = knowledge;
        let searched = match self.config.guide.then(|| guide::read(view)).flatten() {
            Some(network) => {
                guide::weigh(&network, &mut knowledge);
                guide::searched(&network, &legal)
            }
            None => legal.clone(),
        };
        let (utility, totals) = self.config.utility.for_decision(view);
        let mut worlds = SeatWorlds {
            template: Template::from_view(view),
            knowledge,
            styles: self.styles.as_deref(),
            model: self.model(view),
            steady: self.steady,
            rng: &mut self.rng,
            utility,
            totals,
            bonus: self.config.win_bonus as f64,
            policy: self.config.playout,
            players: view.players,
        };
        let found = flat(&mut worlds, &searched, self.config.budget);
        for s in &mut stats {
            // A card the network ruled out is never chosen.
            s.mean_cost = f64::INFINITY;
            if let Some(i) = searched.iter().position(|a| *a == s.action) {
                s.mean_cost = found.means[i];
                s.playouts = found.worlds;
            }
        }
        stats
    }
}

/// The worlds a seat searches: hands dealt as it knows them, each seat playing a style drawn
/// from the table model; a playout's result is the utility's cost of the deal's points.
struct SeatWorlds<'a> {
    template: Template,
    knowledge: Knowledge,
    styles: Option<&'a [[f64; super::styles::STYLES]]>,
    /// Each seat's style when the others are played by the learned policy.
    model: Option<Styles>,
    steady: u32,
    rng: &'a mut ChaCha8Rng,
    utility: Utility,
    /// The points of the finished deals counted on top of a playout's.
    totals: Points,
    bonus: f64,
    policy: Playout,
    players: usize,
}

impl Worlds for SeatWorlds<'_> {
    type Choice = Action;
    /// The world and the seed of its playouts' luck.
    type World = (World, u64);

    fn sample(&mut self) -> (World, u64) {
        let hands = self.knowledge.sample(self.rng);
        let mut world = self.template.world(&hands);
        if let Some(styles) = self.styles {
            world.set_styles(&TableModel::draw(styles, self.rng), self.steady);
        } else if let Some(model) = &self.model {
            world.set_styles(model, 0);
        }
        (world, self.rng.next_u64())
    }

    /// The cost (lower is better).
    fn play_out(&mut self, (world, seed): &(World, u64), action: &Action) -> f64 {
        let (me, n) = (self.knowledge.me, self.players);
        let mut rng = SmallRng::seed_from_u64(*seed);
        let points = world.clone().run(action, self.policy, &mut rng);
        let mut game = points;
        for (g, t) in game.iter_mut().zip(&self.totals) {
            *g += t;
        }
        value(self.utility, &game, me, n) - self.bonus * win_share(&points, me, n)
    }
}

/// What a deal's points are worth to seat `me` (lower is better).
fn value(utility: Utility, points: &Points, me: usize, n: usize) -> f64 {
    let mine = points[me] as f64;
    match utility {
        Utility::Own => mine,
        Utility::Relative => {
            let others: u32 = (0..n).filter(|&s| s != me).map(|s| points[s]).sum();
            mine - others as f64 / (n - 1) as f64
        }
        Utility::Win | Utility::Game => -win_share(points, me, n) + 0.01 * mine,
        Utility::Margin => {
            let best_other = (0..n).filter(|&s| s != me).map(|s| points[s]).min();
            mine - best_other.unwrap_or(0) as f64
        }
    }
}

/// Seat `me`'s share of the deal's win: 1 for the fewest points, shared on a tie.
fn win_share(points: &Points, me: usize, n: usize) -> f64 {
    let best = (0..n).map(|s| points[s]).min().unwrap_or(0);
    if points[me] != best {
        return 0.0;
    }
    1.0 / (0..n).filter(|&s| points[s] == best).count() as f64
}

impl Bot<Classic> for MctsBot {
    fn decide(&mut self, view: &View) -> Action {
        let stats = self.search(view);
        assert!(!stats.is_empty(), "mcts bot asked without a decision");
        stats
            .iter()
            .min_by(|a, b| a.mean_cost.total_cmp(&b.mean_cost))
            .map(|s| s.action)
            .expect("a legal action")
    }

    fn name(&self) -> String {
        self.config.budget.spec()
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.memory = Memory::default();
        self.table = TableModel::default();
        self.styles = None;
        self.steady = 0;
    }
}

pub mod guide;
#[cfg(test)]
mod tests;
