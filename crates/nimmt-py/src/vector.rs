//! Many classic tables stepped at once on the fast kernel, for training: seat 0 of every table
//! learns, the other seats play one of the bots' playing styles (random cards, `greedy`,
//! `dump-high`, ...), and a table whose deal is over is dealt anew.
//!
//! One step is one turn of one table: the learner's card and the others' random cards are laid
//! in ascending order. A low card takes the row with the fewest bull heads (the kernel's rule for
//! playouts), the learner's included. The reward is minus the bull heads the learner took in
//! the turn; a deal is an episode.

use nimmt_bots::classic::styles::{Style, FIELD};
use nimmt_core::games::classic::kernel::{Kernel, LowRow};
use nimmt_core::games::classic::{Placement, ROWS};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Cards in the deck.
pub const CARDS: usize = 104;

/// Where each part of an observation of the vectorised table starts.
pub mod layout {
    use super::{CARDS, ROWS};
    /// 1 for each card in the learner's hand (card n at HAND + n − 1).
    pub const HAND: usize = 0;
    /// 1 for each card seen this deal: the rows' first cards and every card played.
    pub const SEEN: usize = HAND + CARDS;
    /// Per row: first card / 104, last card / 104, cards / 5, bull heads / 30.
    pub const ROW_FEATURES: usize = SEEN + CARDS;
    /// Points the learner took this deal / 30.
    pub const POINTS: usize = ROW_FEATURES + 4 * ROWS;
    /// Turns played this deal / hand size.
    pub const TURN: usize = POINTS + 1;
    /// Length of the observation.
    pub const SIZE: usize = TURN + 1;
}

/// Why a step was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum StepError {
    /// The number of actions is not the number of tables.
    Count { expected: usize, got: usize },
    /// Table `table` was given a card that is not in the learner's hand.
    NotInHand { table: usize, action: i64 },
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StepError::Count { expected, got } => {
                write!(f, "{got} actions given for {expected} tables")
            }
            StepError::NotInHand { table, action } => write!(
                f,
                "table {table}: action {action} (card {}) is not in the learner's hand",
                action + 1
            ),
        }
    }
}

/// One table.
#[derive(Clone)]
struct Table {
    kernel: Kernel,
    deck: [u8; CARDS],
    /// Cards seen this deal, bit n for card n.
    seen: u128,
    turn: u8,
}

/// N classic tables of `players` seats.
pub struct VecClassic {
    tables: Vec<Table>,
    players: usize,
    hand_size: usize,
    opponents: Style,
    rng: SmallRng,
}

/// Every card of the deck, bit n for card n.
const DECK: u128 = ((1u128 << (CARDS + 1)) - 1) & !1;

/// The playing style of a name (`random`, `greedy`, `dump-high`, ...).
pub fn style(name: &str) -> Result<Style, String> {
    Style::named(name).ok_or_else(|| {
        let names: Vec<&str> = FIELD.iter().map(|s| s.name()).collect();
        format!("unknown opponents {name:?} (styles: {})", names.join(", "))
    })
}

impl VecClassic {
    /// `tables` tables of `players` seats (2–10), `hand_size` cards each, dealt from `seed`; the
    /// seats besides the learner play `opponents`.
    pub fn new(
        tables: usize,
        players: usize,
        hand_size: usize,
        seed: u64,
        opponents: Style,
    ) -> Result<Self, String> {
        if !(2..=10).contains(&players) {
            return Err(format!("classic is for 2–10 players, not {players}"));
        }
        if hand_size == 0 || players * hand_size + ROWS > CARDS {
            return Err(format!(
                "hand size {hand_size} does not fit {players} players in 104 cards"
            ));
        }
        if tables == 0 {
            return Err("at least one table is needed".into());
        }
        let table = Table {
            kernel: Kernel::empty(players, Placement::Right),
            deck: std::array::from_fn(|i| i as u8 + 1),
            seen: 0,
            turn: 0,
        };
        let mut env = VecClassic {
            tables: vec![table; tables],
            players,
            hand_size,
            opponents,
            rng: SmallRng::seed_from_u64(seed),
        };
        for t in 0..tables {
            env.deal(t);
        }
        Ok(env)
    }

    pub fn len(&self) -> usize {
        self.tables.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// Deals every table anew from `seed`.
    pub fn reset(&mut self, seed: u64) {
        self.rng = SmallRng::seed_from_u64(seed);
        for t in 0..self.tables.len() {
            self.deal(t);
        }
    }

    fn deal(&mut self, t: usize) {
        let table = &mut self.tables[t];
        table
            .kernel
            .deal(&mut table.deck, self.hand_size, &mut self.rng);
        table.seen = table
            .kernel
            .rows
            .iter()
            .fold(0u128, |s, r| s | 1u128 << r.first);
        table.turn = 0;
    }

    /// Writes every table's observation (`len × SIZE`) and action mask (`len × 104`).
    pub fn observe(&self, obs: &mut [f32], mask: &mut [u8]) {
        for (t, table) in self.tables.iter().enumerate() {
            let o = &mut obs[t * layout::SIZE..(t + 1) * layout::SIZE];
            let m = &mut mask[t * CARDS..(t + 1) * CARDS];
            self.observe_table(table, o, m);
        }
    }

    fn observe_table(&self, table: &Table, o: &mut [f32], m: &mut [u8]) {
        use layout::*;
        o.fill(0.0);
        m.fill(0);
        let k = &table.kernel;
        for &c in &k.hands[0][..k.hand_len[0] as usize] {
            o[HAND + c as usize - 1] = 1.0;
            m[c as usize - 1] = 1;
        }
        let mut seen = table.seen;
        while seen != 0 {
            let c = seen.trailing_zeros() as usize;
            seen &= seen - 1;
            o[SEEN + c - 1] = 1.0;
        }
        for (r, row) in k.rows.iter().enumerate() {
            let at = ROW_FEATURES + 4 * r;
            o[at] = f32::from(row.first) / CARDS as f32;
            o[at + 1] = f32::from(row.last) / CARDS as f32;
            o[at + 2] = f32::from(row.len) / 5.0;
            o[at + 3] = f32::from(row.heads) / 30.0;
        }
        o[POINTS] = f32::from(k.points[0]) / 30.0;
        o[TURN] = f32::from(table.turn) / self.hand_size as f32;
    }

    /// A random legal action for every table: a card of the learner's hand (card n as n − 1).
    pub fn random_actions(&mut self, out: &mut [i64]) {
        for (t, table) in self.tables.iter().enumerate() {
            let k = &table.kernel;
            let i = self.rng.random_range(0..k.hand_len[0] as usize);
            out[t] = i64::from(k.hands[0][i]) - 1;
        }
    }

    /// Plays one turn at every table with the learner's `actions` (card n as n − 1), writing
    /// each table's reward and whether its deal ended; a table whose deal ended is dealt anew,
    /// so the observation after the step is the new deal's. Checks every action before playing
    /// any: on an error no table has moved.
    pub fn step(
        &mut self,
        actions: &[i64],
        rewards: &mut [f32],
        done: &mut [u8],
    ) -> Result<(), StepError> {
        if actions.len() != self.tables.len() {
            return Err(StepError::Count {
                expected: self.tables.len(),
                got: actions.len(),
            });
        }
        for (table, (t, &a)) in self.tables.iter().zip(actions.iter().enumerate()) {
            let k = &table.kernel;
            let held = (0..CARDS as i64).contains(&a)
                && k.hands[0][..k.hand_len[0] as usize].contains(&((a + 1) as u8));
            if !held {
                return Err(StepError::NotInHand {
                    table: t,
                    action: a,
                });
            }
        }
        let n = self.players;
        let mut cards = [0u8; 10];
        for t in 0..self.tables.len() {
            let table = &mut self.tables[t];
            let k = &mut table.kernel;
            cards[0] = (actions[t] + 1) as u8;
            k.remove_card(0, cards[0]);
            for (s, c) in cards.iter_mut().enumerate().take(n).skip(1) {
                *c = match self.opponents {
                    Style::Random => k.take_random_card(s, &mut self.rng),
                    style => {
                        let hand = &k.hands[s][..k.hand_len[s] as usize];
                        let own = hand.iter().fold(0u128, |b, &c| b | 1u128 << c);
                        let unseen = DECK & !table.seen & !own;
                        let card = hand[style.choose(k, hand, unseen, &mut self.rng)];
                        k.remove_card(s, card);
                        card
                    }
                };
            }
            let before = k.points[0];
            k.turn(&cards[..n], LowRow::Cheapest, &mut self.rng);
            rewards[t] = -f32::from(k.points[0] - before);
            for &c in &cards[..n] {
                table.seen |= 1u128 << c;
            }
            table.turn += 1;
            let over = k.hand_len[0] == 0;
            done[t] = u8::from(over);
            if over {
                self.deal(t);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mean bull heads per deal of a random learner against `opponents`.
    fn random_learner_points(opponents: Style) -> f32 {
        let mut env = VecClassic::new(256, 4, 10, 3, opponents).unwrap();
        let (mut actions, mut rewards, mut done) =
            (vec![0i64; 256], vec![0f32; 256], vec![0u8; 256]);
        let mut total = 0.0;
        for _ in 0..10 * 8 {
            env.random_actions(&mut actions);
            env.step(&actions, &mut rewards, &mut done).unwrap();
            total -= rewards.iter().sum::<f32>();
        }
        total / (256.0 * 8.0)
    }

    #[test]
    fn greedy_opponents_leave_a_random_learner_more_bull_heads_than_random_ones() {
        let random = random_learner_points(Style::Random);
        let greedy = random_learner_points(Style::Greedy);
        assert!(greedy > random + 1.0, "greedy {greedy}, random {random}");
        assert!(style("dump-high").is_ok());
        assert!(style("smart").unwrap_err().contains("greedy"));
    }

    #[test]
    fn a_deal_lasts_hand_size_turns_and_its_rewards_are_the_points_taken() {
        let mut env = VecClassic::new(3, 4, 10, 5, Style::Random).unwrap();
        let (mut obs, mut mask) = (vec![0f32; 3 * layout::SIZE], vec![0u8; 3 * CARDS]);
        let (mut actions, mut rewards, mut done) = (vec![0i64; 3], vec![0f32; 3], vec![0u8; 3]);
        let mut total = [0f32; 3];
        for turn in 1..=10 {
            env.observe(&mut obs, &mut mask);
            for t in 0..3 {
                let legal = mask[t * CARDS..(t + 1) * CARDS].iter().filter(|&&m| m == 1);
                assert_eq!(legal.count(), 11 - turn, "one card fewer each turn");
            }
            env.random_actions(&mut actions);
            env.step(&actions, &mut rewards, &mut done).unwrap();
            for t in 0..3 {
                assert!(rewards[t] <= 0.0);
                total[t] += rewards[t];
                assert_eq!(done[t] == 1, turn == 10);
            }
        }
        env.observe(&mut obs, &mut mask);
        for t in 0..3 {
            let hand = &obs[t * layout::SIZE..t * layout::SIZE + CARDS];
            assert_eq!(hand.iter().sum::<f32>(), 10.0, "a new deal was dealt");
            assert_eq!(obs[t * layout::SIZE + layout::POINTS], 0.0);
        }
        assert!(
            total.iter().any(|&p| p < 0.0),
            "someone took a row: {total:?}"
        );
    }

    #[test]
    fn a_card_not_in_hand_is_refused_and_no_table_moves() {
        let mut env = VecClassic::new(2, 4, 10, 9, Style::Random).unwrap();
        let (mut obs, mut mask) = (vec![0f32; 2 * layout::SIZE], vec![0u8; 2 * CARDS]);
        env.observe(&mut obs, &mut mask);
        let legal = mask[..CARDS].iter().position(|&m| m == 1).unwrap() as i64;
        let missing = mask[CARDS..].iter().position(|&m| m == 0).unwrap() as i64;
        let (mut rewards, mut done) = (vec![0f32; 2], vec![0u8; 2]);
        let e = env.step(&[legal, missing], &mut rewards, &mut done);
        assert_eq!(
            e,
            Err(StepError::NotInHand {
                table: 1,
                action: missing
            })
        );
        let mut after = vec![0f32; 2 * layout::SIZE];
        env.observe(&mut after, &mut mask);
        assert_eq!(obs, after);
        assert!(env.step(&[legal], &mut rewards, &mut done).is_err());
    }
}
