//! HELP!'s own encoding: cards by kind and row places by position, so one number means the same
//! in every state (`docs/python.md` has the layout).

use crate::encoding::TypedEncoding;
use nimmt_core::games::help::{Action, Decision, Direction, Help, HelpCard, NoMark, View};
use nimmt_core::Seat;

/// Kinds of card: the numbers 1–11, then Joker, Switch, Zap, No!.
const KINDS: usize = HelpCard::KINDS.len();
/// Places in the row.
const ROW: usize = 6;
/// Most seats.
const SEATS: usize = 5;

/// Where each part of a HELP! observation starts, and the action numbers.
pub mod help_layout {
    use super::{KINDS, ROW, SEATS};
    /// Cards of each kind in the hand / 4.
    pub const HAND: usize = 0;
    /// Per place of the row: 1 if a card lies there, its value / 11, 1 if it is a Joker.
    pub const ROW_CARDS: usize = HAND + KINDS;
    /// Per place a Joker could go (0 = before the first card): its value / 11, 0 where none may.
    pub const JOKER: usize = ROW_CARDS + 3 * ROW;
    /// Cards of each kind in the discard pile / 10.
    pub const DISCARD: usize = JOKER + ROW + 1;
    /// Cards in each hand / 4, by seat from the observer on.
    pub const HAND_SIZES: usize = DISCARD + KINDS;
    /// The No! in front of each seat (0 none, 0.5 just laid, 1 turn skipped), from the observer.
    pub const MARKS: usize = HAND_SIZES + SEATS;
    /// Points of the finished deals / end_at, by seat from the observer on.
    pub const TOTALS: usize = MARKS + SEATS;
    /// Cards left to draw / 105.
    pub const DRAW: usize = TOTALS + SEATS;
    /// 1 when play goes clockwise.
    pub const CLOCKWISE: usize = DRAW + 1;
    /// What the observer is asked: play, hand over a card, give one back.
    pub const ASKED: usize = CLOCKWISE + 1;
    /// Length of the observation.
    pub const SIZE: usize = ASKED + 3;

    /// Lay number card n: LAY + n − 1.
    pub const LAY: usize = 0;
    /// Lay a Joker at place p: JOKER_AT + p.
    pub const JOKER_AT: usize = LAY + 11;
    /// Switch: take place t, give number n: SWITCH + t · 11 + n − 1.
    pub const SWITCH: usize = JOKER_AT + ROW + 1;
    pub const ZAP: usize = SWITCH + ROW * 11;
    pub const NO: usize = ZAP + 1;
    pub const ASK_HELP: usize = NO + 1;
    /// Hand over a card of kind k: GIVE_HELP + k.
    pub const GIVE_HELP: usize = ASK_HELP + 1;
    /// Give back a card of kind k: GIVE_BACK + k.
    pub const GIVE_BACK: usize = GIVE_HELP + KINDS;
    /// Number of actions.
    pub const ACTIONS: usize = GIVE_BACK + KINDS;
}

fn kind(card: HelpCard) -> usize {
    HelpCard::KINDS
        .iter()
        .position(|&k| k == card)
        .expect("every card is of a kind")
}

/// The action number of a HELP! action.
pub fn help_action_index(action: &Action) -> usize {
    use help_layout::*;
    match *action {
        Action::Lay { card } => LAY + card as usize - 1,
        Action::Joker { at } => JOKER_AT + at,
        Action::Switch { take, give } => SWITCH + take * 11 + give as usize - 1,
        Action::Zap => ZAP,
        Action::No => NO,
        Action::AskHelp => ASK_HELP,
        Action::GiveHelp { card } => GIVE_HELP + kind(card),
        Action::GiveBack { card } => GIVE_BACK + kind(card),
    }
}

/// Writes a HELP! view as numbers (see [`help_layout`]).
pub fn observe_help(view: &View, out: &mut [f32]) {
    use help_layout::*;
    out.fill(0.0);
    for &c in &view.hand {
        out[HAND + kind(c)] += 0.25;
    }
    for (p, rc) in view.row.iter().take(ROW).enumerate() {
        let at = ROW_CARDS + 3 * p;
        out[at] = 1.0;
        out[at + 1] = f32::from(rc.value) / 11.0;
        out[at + 2] = f32::from(u8::from(rc.card == HelpCard::Joker));
    }
    for (p, v) in view.joker_values.iter().take(ROW + 1).enumerate() {
        out[JOKER + p] = v.map_or(0.0, |v| f32::from(v) / 11.0);
    }
    for &c in &view.discard {
        out[DISCARD + kind(c)] += 0.1;
    }
    let n = view.players;
    let me = view.viewer.seat().map_or(0, Seat::index);
    let end_at = view.options.end_at.max(1) as f32;
    for i in 0..n.min(SEATS) {
        let s = (me + i) % n;
        out[HAND_SIZES + i] = view.hand_sizes.get(s).copied().unwrap_or(0) as f32 / 4.0;
        out[MARKS + i] = match view.marks.get(s) {
            Some(NoMark::Laid) => 0.5,
            Some(NoMark::Skipped) => 1.0,
            _ => 0.0,
        };
        out[TOTALS + i] = view.totals.get(s).copied().unwrap_or(0) as f32 / end_at;
    }
    out[DRAW] = view.draw_size as f32 / 105.0;
    out[CLOCKWISE] = f32::from(u8::from(view.direction == Direction::Clockwise));
    match view.asked {
        Some(Decision::Play) => out[ASKED] = 1.0,
        Some(Decision::GiveHelp { .. }) => out[ASKED + 1] = 1.0,
        Some(Decision::GiveBack { .. }) => out[ASKED + 2] = 1.0,
        None => {}
    }
}

/// HELP!, by kinds of card and places of the row.
pub struct HelpEncoding;

impl TypedEncoding for HelpEncoding {
    type Game = Help;
    const SIZE: usize = help_layout::SIZE;
    const ACTIONS: usize = help_layout::ACTIONS;

    fn index(action: &Action) -> usize {
        help_action_index(action)
    }

    fn observe_view(view: &View, out: &mut [f32]) {
        observe_help(view, out);
    }
}
