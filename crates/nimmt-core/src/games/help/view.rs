//! What one viewer of a HELP! table sees: the row with the Jokers' values, the No! cards in
//! front of players, the discard pile, the viewer's own hand and of the others only how many
//! cards they hold. A card handed over during HELP! is seen only by the two players involved.
//! The order of the draw pile and the random generator never appear.

use super::actions::{Call, DealResult, Decision, Direction, NoMark};
use super::cards::{hand_playable, joker_value, HelpCard, RowCard, DECK_SIZE};
use super::options::HelpOptions;
use super::{give_back_cards, helps, play_actions, Action, Help, Phase, Stage};
use crate::rules::{Outcome, Rules};
use crate::seat::{Seat, Viewer};
use serde::{Deserialize, Serialize};

/// A viewer's picture of a HELP! table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "HelpView"))]
pub struct View {
    pub viewer: Viewer,
    pub players: usize,
    pub options: HelpOptions,
    pub deal: u32,
    /// Turns played in this deal.
    pub turn: u32,
    pub direction: Direction,
    /// The row, lowest first, each card with the value it counts for.
    pub row: Vec<RowCard>,
    /// For each place of the row (0 = before the first card, the row's length = after the
    /// last), the value a Joker laid there would count for (H2); `None` where it may not go.
    pub joker_values: Vec<Option<u8>>,
    /// The viewer's hand (sorted); empty for a spectator.
    pub hand: Vec<HelpCard>,
    pub hand_sizes: Vec<usize>,
    /// The No! in front of each seat.
    pub marks: Vec<NoMark>,
    pub draw_size: usize,
    /// The discard pile (every card in it was seen going there), sorted.
    pub discard: Vec<HelpCard>,
    /// The lowest numbers called at the start of this deal and who began (H1).
    pub calls: Vec<Call>,
    pub starter: Seat,
    pub phase: PhaseView,
    /// Points of the finished deals.
    pub totals: Vec<u32>,
    pub history: Vec<DealResult>,
    /// Whom the viewer would ask for help now: the player before them in the direction of
    /// play, passing over those with a No! in front (H4, H5). `None` for a spectator, and when
    /// every other player has a No! in front (asking then ends the deal: only the viewer scores).
    pub would_ask: Option<Seat>,
    /// What the viewer is asked now.
    pub asked: Option<Decision>,
    /// Every seat that must decide now (one at most).
    pub waiting_for: Vec<Seat>,
    pub outcome: Option<Outcome>,
}

/// Who decides what, as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "HelpPhase"))]
pub enum PhaseView {
    /// `seat` is to play; `helped` once it has been helped this turn.
    Turn {
        seat: Seat,
        helped: bool,
    },
    /// `asker` asked `helper` for help. Whether a Switch would help is known to the two only.
    GiveHelp {
        asker: Seat,
        helper: Seat,
        switch_helps: Option<bool>,
    },
    /// `helper` handed a card to `asker`, who gives one back; the card is known to the two
    /// only.
    GiveBack {
        asker: Seat,
        helper: Seat,
        card: Option<HelpCard>,
    },
    Over,
}

impl View {
    /// The viewer's seat, if a player.
    pub fn seat(&self) -> Option<Seat> {
        self.viewer.seat()
    }

    /// The actions the viewer may take now (what [`super::Help`]'s `legal_actions` lists).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match (self.asked, self.phase) {
            (Some(Decision::Play), PhaseView::Turn { helped, .. }) => {
                play_actions(&self.hand, &self.row, &mut out);
                if out.is_empty() && !helped {
                    out.push(Action::AskHelp);
                }
            }
            (
                Some(Decision::GiveHelp { .. }),
                PhaseView::GiveHelp {
                    switch_helps: Some(switch_helps),
                    ..
                },
            ) => {
                let mut cards = self.hand.clone();
                cards.dedup();
                out.extend(
                    cards
                        .into_iter()
                        .filter(|&c| helps(c, &self.row, switch_helps))
                        .map(|card| Action::GiveHelp { card }),
                );
            }
            (Some(Decision::GiveBack { .. }), _) => out.extend(
                give_back_cards(&self.hand, &self.row)
                    .into_iter()
                    .map(|card| Action::GiveBack { card }),
            ),
            _ => {}
        }
        out
    }

    /// Whether the viewer could play a card of its hand now.
    pub fn can_play(&self) -> bool {
        hand_playable(&self.hand, &self.row)
    }

    /// How many cards of each kind (index [`HelpCard::index`]) the viewer cannot place: in
    /// other hands or in the draw pile.
    pub fn unseen_counts(&self) -> [usize; 15] {
        let mut left = [0usize; 15];
        for k in HelpCard::KINDS {
            left[k.index()] = k.copies();
        }
        let mut see = |c: HelpCard| left[c.index()] = left[c.index()].saturating_sub(1);
        self.hand.iter().for_each(|&c| see(c));
        self.row.iter().for_each(|c| see(c.card));
        self.discard.iter().for_each(|&c| see(c));
        self.marks
            .iter()
            .filter(|m| m.protects())
            .for_each(|_| see(HelpCard::No));
        if let (
            PhaseView::GiveBack {
                card: Some(card),
                asker,
                ..
            },
            Some(me),
        ) = (self.phase, self.seat())
        {
            if me != asker {
                // The helper knows the asker holds the card it handed over.
                see(card);
            }
        }
        left
    }

    /// The cards the viewer cannot place, in kind order.
    pub fn unseen_cards(&self) -> Vec<HelpCard> {
        let left = self.unseen_counts();
        let cards: Vec<HelpCard> = HelpCard::KINDS
            .iter()
            .flat_map(|&k| std::iter::repeat_n(k, left[k.index()]))
            .collect();
        debug_assert!(cards.len() <= DECK_SIZE);
        cards
    }
}

pub(super) fn view(game: &Help, viewer: Viewer) -> View {
    let me = viewer.seat().filter(|s| s.index() < game.players);
    let involved = |a: Seat, b: Seat| me == Some(a) || me == Some(b);
    let phase = match game.phase {
        Phase::Playing(Stage::Turn { seat, helped }) => PhaseView::Turn { seat, helped },
        Phase::Playing(Stage::GiveHelp {
            asker,
            helper,
            switch_helps,
        }) => PhaseView::GiveHelp {
            asker,
            helper,
            switch_helps: involved(asker, helper).then_some(switch_helps),
        },
        Phase::Playing(Stage::GiveBack {
            asker,
            helper,
            card,
        }) => PhaseView::GiveBack {
            asker,
            helper,
            card: involved(asker, helper).then_some(card),
        },
        Phase::Over(_) => PhaseView::Over,
    };
    let mut discard = game.discard.clone();
    discard.sort();
    View {
        viewer,
        players: game.players,
        options: game.options,
        deal: game.deal,
        turn: game.turn,
        direction: game.direction,
        row: game.row.clone(),
        joker_values: (0..=game.row.len())
            .map(|at| joker_value(&game.row, at))
            .collect(),
        hand: me
            .map(|s| game.hands[s.index()].clone())
            .unwrap_or_default(),
        hand_sizes: game.hands.iter().map(Vec::len).collect(),
        marks: game.marks.clone(),
        draw_size: game.draw.len(),
        discard,
        calls: game.calls.clone(),
        starter: game.starter,
        phase,
        totals: game.totals.clone(),
        history: game.history.clone(),
        would_ask: me.and_then(|s| game.player_to_ask(s).0),
        asked: me.and_then(|s| game.asked(s)),
        waiting_for: Seat::all(game.players)
            .filter(|&s| game.asked(s).is_some())
            .collect(),
        outcome: match &game.phase {
            Phase::Over(o) => Some(o.clone()),
            Phase::Playing(_) => None,
        },
    }
}
