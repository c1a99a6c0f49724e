//! What the other seats' plays say about the cards they still hold.
//!
//! A seat that plays well rarely keeps a card that would clearly have served it better than the
//! one it played. [`Memory`] remembers the rows at the start of every turn the bot saw; once the
//! plays of that turn are revealed (they are public), every card the bot has not seen is rated
//! for every other seat with the [`Mimic`] model: a card that seat would have preferred to the
//! one it played becomes less likely to be in its hand ([`Knowledge::weights`]).
//!
//! The styles judge the plain rows, as they do when seated: with a fan card its marker is not
//! looked at. `greedy` samples its turns under the fan card's rules, so its model reads the rows
//! bent towards the fan card ([`super::fan_model`]).

use super::fan_model::{fan_rows, plain_rows};
use super::mimic::Mimic;
use super::styles::{Key, Style, FIELD, STYLES};
use super::Knowledge;
use nimmt_core::games::classic::kernel::Kernel;
use nimmt_core::games::classic::{PhaseView, View};

/// How much less likely a card becomes each time its holder would clearly have preferred it to
/// the card it played.
pub const UNLIKELY: f32 = 0.15;

/// The same for a seat the table model is sure of (see [`super::style_model::TableModel::trusted`]):
/// a style that is only ever seen played by its rule does not keep a card it prefers.
pub const UNLIKELY_STEADY: f32 = 0.001;

/// Styles less likely than this at a seat are left out of its weights.
const MATTERS: f64 = 0.02;

/// A certain style.
pub(crate) fn only(style: Style) -> [f64; STYLES] {
    FIELD.map(|s| if s == style { 1.0 } else { 0.0 })
}

/// Expected costs closer than this count as equal (then the closer card is preferred).
const SAME_COST: f32 = 0.3;

/// The start of one turn as the bot saw it.
#[derive(Clone, Debug)]
pub(crate) struct TurnStart {
    pub rows: Kernel,
    /// With the cow or the mountain: the rows as `greedy` reads them.
    pub bent: Option<Kernel>,
    /// Cards not yet revealed then (the bot's hand included), a bit per card.
    pub hidden: u128,
    /// The bot's own hand then, a bit per card.
    pub mine: u128,
    /// How many plays each seat had revealed before this turn.
    pub index: usize,
}

/// The turns of the current deal the bot has seen start.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    deal: u32,
    turns: Vec<TurnStart>,
}

impl Memory {
    /// Remembers the turn `view` starts (a card decision), forgetting earlier deals.
    pub fn observe(&mut self, view: &View) {
        if view.deal != self.deal {
            self.deal = view.deal;
            self.turns.clear();
        }
        if !matches!(view.phase, PhaseView::Choose { .. }) {
            return;
        }
        let Some(me) = view.seat() else { return };
        let index = view.played.get(me.index()).map_or(0, Vec::len);
        let mut hidden = 0u128;
        for c in view.unseen_cards().iter().chain(&view.hand) {
            hidden |= 1 << c.number();
        }
        let mut mine = 0u128;
        for c in &view.hand {
            mine |= 1 << c.number();
        }
        // Within a deal turns only go on and cards only come to light: anything else is
        // another game (a bot may sit at a table for several).
        if let Some(last) = self.turns.last() {
            let other_game = last.index > index
                || hidden & !last.hidden != 0
                || (last.index == index && last.hidden != hidden);
            if other_game {
                self.turns.clear();
            } else if last.index == index {
                return;
            }
        }
        let placement = view.options.placement;
        self.turns.push(TurnStart {
            rows: plain_rows(&view.rows, placement, view.players),
            bent: fan_rows(&view.rows, placement, view.players),
            hidden,
            mine,
            index,
        });
    }

    /// The deal the remembered turns belong to.
    pub(crate) fn deal(&self) -> u32 {
        self.deal
    }

    /// The turns of this deal the bot saw start, in order.
    pub(crate) fn turns(&self) -> &[TurnStart] {
        &self.turns
    }

    /// Weighs `knowledge`'s unknown cards per seat by the plays revealed since (see the module),
    /// every seat taken to play like `greedy`.
    pub fn weigh(&self, view: &View, knowledge: &mut Knowledge) {
        let greedy = vec![only(Style::Greedy); knowledge.players];
        self.weigh_styles(view, knowledge, &greedy, 0);
    }

    /// [`Self::weigh`] for seats that play the styles of the field with the chances of
    /// `styles` (per seat, in the order of [`FIELD`]): a card becomes less likely as far as the
    /// styles that would have preferred it are likely; for the seats of `steady` (a bit per
    /// seat) all but ruled out ([`UNLIKELY_STEADY`]).
    pub fn weigh_styles(
        &self,
        view: &View,
        knowledge: &mut Knowledge,
        styles: &[[f64; STYLES]],
        steady: u32,
    ) {
        if view.deal != self.deal || self.turns.is_empty() {
            return;
        }
        let n = knowledge.players;
        let mut weights = vec![vec![1.0f32; n]; knowledge.unknown.len()];
        for turn in &self.turns {
            for s in (0..n).filter(|&s| s != knowledge.me) {
                let Some(play) = view.played.get(s).and_then(|p| p.get(turn.index)) else {
                    continue;
                };
                let played = play.card.number();
                let model = TurnModel::new(turn, turn.hidden & !(1u128 << played));
                let unlikely = if steady >> s & 1 == 1 {
                    UNLIKELY_STEADY
                } else {
                    UNLIKELY
                };
                for (&style, &p) in FIELD.iter().zip(&styles[s]) {
                    if style == Style::Random || p < MATTERS {
                        continue;
                    }
                    // The learned policy rates whole hands; its cards are read as `greedy`'s
                    // (it learnt from a search that plays close to them), never as certain.
                    let (style, unlikely) = match style {
                        Style::Net => (Style::Greedy, UNLIKELY),
                        _ => (style, unlikely),
                    };
                    // A card played with the Zahlendreher counts by its changed value (F5).
                    let chosen = model.key(style, play.value());
                    let doubt = (1.0 - unlikely) * p as f32;
                    for (w, card) in weights.iter_mut().zip(&knowledge.unknown) {
                        if preferred(model.key(style, card.number()), chosen) {
                            w[s] *= 1.0 - doubt;
                        }
                    }
                }
            }
        }
        knowledge.weights = weights;
    }
}

/// How a seat that had not seen some cards rated its cards at the start of a turn: on the plain
/// rows, and for `greedy` with a fan card on the rows bent towards it.
pub(crate) struct TurnModel<'a> {
    plain: Mimic<'a>,
    bent: Option<Mimic<'a>>,
}

impl<'a> TurnModel<'a> {
    /// The model of `turn` for a seat that had not seen the cards of `unseen`.
    pub(crate) fn new(turn: &'a TurnStart, unseen: u128) -> TurnModel<'a> {
        TurnModel {
            plain: Mimic::new(&turn.rows, unseen),
            bent: turn.bent.as_ref().map(|k| Mimic::new(k, unseen)),
        }
    }

    /// The model of the plain rows (every style but `greedy` with a fan card judges them).
    pub(crate) fn plain(&self) -> &Mimic<'a> {
        &self.plain
    }

    /// The rating of card `c` under `style`.
    pub(crate) fn key(&self, style: Style, c: u8) -> Key {
        match &self.bent {
            Some(bent) if style == Style::Greedy => style.key(bent, c),
            _ => style.key(&self.plain, c),
        }
    }
}

/// Whether a seat would clearly have played a card rated `a` rather than one rated `b`: a lower
/// expected cost, or about the same cost with a smaller certain cost or gap.
fn preferred(a: Key, b: Key) -> bool {
    a.0 + SAME_COST < b.0 || ((a.0 - b.0).abs() <= SAME_COST && (a.1, a.2) < (b.1, b.2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimmt_core::games::classic::{Action, Classic, Position, Rows};
    use nimmt_core::{Card, Rules, Seat, Viewer};

    fn c(n: u8) -> Card {
        Card::new(n).unwrap()
    }

    /// Three seats, rows 10 | 20 | 30 | 40; seat 1 plays the low card 5 (taking a row), seat 2
    /// plays 45. Returns the weights seat 0 then gives its unknown cards.
    fn weights_after_first_turn() -> (Knowledge, Memory) {
        let rows = Rows::new([c(10), c(20), c(30), c(40)], None);
        let hands = vec![vec![c(60), c(61)], vec![c(5), c(90)], vec![c(45), c(91)]];
        let mut position = Position::new(rows, hands);
        position.options.hand_size = 2;
        let mut game = Classic::from_position(position).unwrap();
        let mut memory = Memory::default();
        memory.observe(&game.view(Viewer::Seat(Seat(0))));
        for (s, card) in [(0, 60), (1, 5), (2, 45)] {
            game.act(Seat(s), &Action::play(c(card))).unwrap();
        }
        if let Some((seat, _)) = game.pending().first().cloned() {
            if game.view(Viewer::Seat(seat)).asked
                == Some(nimmt_core::games::classic::Decision::TakeRow)
            {
                game.act(seat, &Action::TakeRow { row: 3 }).unwrap();
            }
        }
        let view = game.view(Viewer::Seat(Seat(0)));
        assert_eq!(
            view.asked,
            Some(nimmt_core::games::classic::Decision::PlayCard)
        );
        memory.observe(&view);
        memory.observe(&view);
        assert_eq!(
            memory.turns.len(),
            2,
            "a turn seen twice is remembered once"
        );
        let mut knowledge = Knowledge::from_view(&view);
        memory.weigh(&view, &mut knowledge);
        (knowledge, memory)
    }

    fn weight(k: &Knowledge, card: u8, seat: usize) -> f32 {
        let i = k.unknown.iter().position(|&x| x == c(card)).unwrap();
        k.weights[i][seat]
    }

    #[test]
    fn a_seat_that_took_a_row_with_a_low_card_probably_held_no_safe_card() {
        let (k, _) = weights_after_first_turn();
        // 70 would have joined the 40 safely: seat 1 would rather have played it than take
        // three bull heads; seat 2, whose 45 was closer to its row, might well hold it.
        assert!(weight(&k, 70, 1) < 1.0);
        assert_eq!(weight(&k, 70, 2), 1.0);
        // 42 lies closer to the 40 than seat 2's 45: seat 2 would have played it.
        assert!(weight(&k, 42, 2) < 1.0);
        // 2 is a low card too, but cheaper than nothing it is not: no reason to doubt seat 1.
        assert_eq!(weight(&k, 2, 1), 1.0);
    }

    #[test]
    fn weighted_samples_keep_hand_sizes_and_unseen_cards_only() {
        use rand::SeedableRng;
        let (k, _) = weights_after_first_turn();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut low = [0; 3];
        for _ in 0..2000 {
            let hands = k.sample(&mut rng);
            assert_eq!(hands[0], k.known[0]);
            for s in 1..3 {
                assert_eq!(hands[s].len(), k.holds[s]);
                assert!(hands[s].iter().all(|x| k.unknown.contains(x)));
                low[s] += hands[s].iter().filter(|x| x.number() < 10).count();
            }
        }
        // The inference shows in the worlds: seat 1, which took a row rather than play a safe
        // card, is dealt one of the low cards left (1–4, 6–9) far more often than seat 2.
        assert!(low[1] > 2 * low[2], "{low:?}");
    }

    #[test]
    fn a_new_game_at_the_same_deal_number_forgets_the_old_one() {
        let (_, mut memory) = weights_after_first_turn();
        assert_eq!(memory.turns.len(), 2);
        let game = Classic::from_setup(3, &nimmt_core::OptionMap::default(), 1).unwrap();
        let view = game.view(Viewer::Seat(Seat(0)));
        assert_eq!(view.deal, memory.deal);
        memory.observe(&view);
        assert_eq!(memory.turns.len(), 1, "only the new game's first turn");
        assert_eq!(memory.turns[0].index, 0);
    }

    #[test]
    fn a_new_deal_forgets_the_old_one() {
        let (_, mut memory) = weights_after_first_turn();
        assert_eq!(memory.turns.len(), 2);
        let game = Classic::from_setup(3, &nimmt_core::OptionMap::default(), 1).unwrap();
        let mut view = game.view(Viewer::Seat(Seat(0)));
        view.deal = 2;
        memory.observe(&view);
        assert_eq!(memory.turns.len(), 1);
    }
}
