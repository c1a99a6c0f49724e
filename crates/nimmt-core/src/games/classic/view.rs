//! What one viewer of a classic table sees: everything on the table, the viewer's own hand and
//! choice, and of the others only how many cards they hold and whether they have chosen.

use super::actions::{swapped_digits, Decision, Play};
use super::options::{ClassicOptions, Fan};
use super::rows::Rows;
use super::{Classic, Phase};
use crate::cards::{bull_heads, Card};
use crate::rules::{Outcome, Rules};
use crate::seat::{Seat, Viewer};
use serde::{Deserialize, Serialize};

/// A viewer's picture of a classic table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ClassicView"))]
pub struct View {
    pub viewer: Viewer,
    pub players: usize,
    pub options: ClassicOptions,
    /// The bull heads of each card of the table's deck, card `n` at index `n − 1`: what a client
    /// draws on a card.
    #[serde(default)]
    pub card_heads: Vec<u8>,
    /// With the *Zahlendreher* (F5): the value each card counts as when played with it, card `n`
    /// at index `n − 1`; empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub swapped: Vec<u8>,
    pub deal: u32,
    pub turn: u32,
    pub rows: Rows,
    /// The viewer's hand (sorted); empty for a spectator.
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    /// Whether each seat still holds its *Zahlendreher* (F5).
    pub swap_left: Vec<bool>,
    /// Cards each seat picked in this deal's draft, in order (the picks are public, C4); empty
    /// lists without a draft.
    #[serde(default)]
    pub drafted: Vec<Vec<Card>>,
    pub phase: PhaseView,
    /// Cards each seat has taken this deal (everyone saw them taken).
    pub taken: Vec<Vec<Card>>,
    /// Plays each seat has revealed this deal, in turn order (everyone saw them revealed).
    #[serde(default)]
    pub played: Vec<Vec<Play>>,
    /// Points each seat has taken this deal.
    pub deal_points: Vec<u32>,
    /// Points of the finished deals.
    pub totals: Vec<u32>,
    /// Points per finished deal.
    pub history: Vec<Vec<u32>>,
    /// What the viewer is asked now.
    pub asked: Option<Decision>,
    /// Every seat that must decide now.
    pub waiting_for: Vec<Seat>,
    pub outcome: Option<Outcome>,
}

/// The phase of the table as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ClassicPhase"))]
pub enum PhaseView {
    Draft {
        pool: Vec<Card>,
        next: Seat,
    },
    Choose {
        /// Who has chosen (not what).
        chosen: Vec<bool>,
        /// The viewer's own choice, if made.
        mine: Option<Play>,
    },
    /// The revealed cards still to be laid; the first waits for its player's row choice.
    Place {
        queue: Vec<Play>,
    },
    Over,
}

impl View {
    /// The viewer's seat, if a player.
    pub fn seat(&self) -> Option<Seat> {
        self.viewer.seat()
    }

    /// The actions the viewer may take now (what [`super::Classic::legal_actions`] lists for it).
    pub fn legal_actions(&self) -> Vec<super::Action> {
        use super::{can_swap, Action, ROWS};
        let Some(seat) = self.seat() else {
            return Vec::new();
        };
        match (self.asked, &self.phase) {
            (Some(Decision::DraftPick), PhaseView::Draft { pool, .. }) => {
                pool.iter().map(|&card| Action::Draft { card }).collect()
            }
            (Some(Decision::PlayCard), _) => {
                let mut out: Vec<Action> = self.hand.iter().map(|&c| Action::play(c)).collect();
                if self.swap_left.get(seat.index()).copied().unwrap_or(false) {
                    out.extend(
                        self.hand
                            .iter()
                            .filter(|&&c| can_swap(c))
                            .map(|&card| Action::Play { card, swap: true }),
                    );
                }
                out
            }
            (Some(Decision::TakeRow), _) => (0..ROWS).map(|row| Action::TakeRow { row }).collect(),
            _ => Vec::new(),
        }
    }

    /// Cards whose place is not known to the viewer: in other hands, or out of play this deal.
    pub fn unseen_cards(&self) -> Vec<Card> {
        let mut seen = [false; 105];
        let mine = match &self.phase {
            PhaseView::Choose { mine: Some(p), .. } => Some(p.card),
            _ => None,
        };
        let queue: Vec<Card> = match &self.phase {
            PhaseView::Place { queue } => queue.iter().map(|p| p.card).collect(),
            PhaseView::Draft { pool, .. } => pool.clone(),
            _ => Vec::new(),
        };
        for c in self
            .hand
            .iter()
            .chain(self.rows.rows.iter().flatten())
            .chain(self.taken.iter().flatten())
            .chain(queue.iter())
            .chain(mine.iter())
        {
            seen[c.number() as usize] = true;
        }
        (1..=self.options.deck_size(self.players) as u8)
            .filter(|&n| !seen[n as usize])
            .filter_map(Card::new)
            .collect()
    }
}

pub(super) fn view(game: &Classic, viewer: Viewer) -> View {
    let me = viewer.seat().filter(|s| s.index() < game.players);
    let phase = phase_of(game, me);
    View {
        viewer,
        players: game.players,
        options: game.options,
        card_heads: card_heads(&game.options, game.players),
        swapped: swapped_values(&game.options, game.players),
        deal: game.deal,
        turn: game.turn,
        rows: game.rows.clone(),
        hand: me
            .map(|s| game.hands[s.index()].clone())
            .unwrap_or_default(),
        hand_sizes: game.hands.iter().map(Vec::len).collect(),
        swap_left: game.swap_left.clone(),
        drafted: game.drafted.clone(),
        phase,
        taken: game.taken.clone(),
        played: game.played.clone(),
        deal_points: game.deal_points(),
        totals: game.totals.clone(),
        history: game.history.clone(),
        asked: me.and_then(|s| game.asked(s)),
        waiting_for: Seat::all(game.players)
            .filter(|&s| game.asked(s).is_some())
            .collect(),
        outcome: match &game.phase {
            Phase::Over { outcome } => Some(outcome.clone()),
            _ => None,
        },
    }
}

/// [`view`] as JSON text for several viewers, each exactly `serde_json::to_string` of its
/// [`View`]: what every viewer sees (the rows, the taken cards, the points, ...) is written once,
/// and only the viewer, its hand, its phase (its own choice) and what it is asked per viewer.
/// The fields go in [`View`]'s order; a test holds the texts to the derived ones.
pub(super) fn view_texts(game: &Classic, viewers: &[Viewer]) -> Vec<String> {
    fn field<T: Serialize + ?Sized>(out: &mut Vec<u8>, key: &str, value: &T) {
        out.push(b',');
        out.push(b'"');
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(b"\":");
        serde_json::to_writer(&mut *out, value).expect("views serialize");
    }
    let mut before_hand = Vec::with_capacity(256);
    field(&mut before_hand, "players", &game.players);
    field(&mut before_hand, "options", &game.options);
    field(
        &mut before_hand,
        "card_heads",
        &card_heads(&game.options, game.players),
    );
    let swapped = swapped_values(&game.options, game.players);
    if !swapped.is_empty() {
        field(&mut before_hand, "swapped", &swapped);
    }
    field(&mut before_hand, "deal", &game.deal);
    field(&mut before_hand, "turn", &game.turn);
    field(&mut before_hand, "rows", &game.rows);
    let mut before_phase = Vec::with_capacity(128);
    let hand_sizes: Vec<usize> = game.hands.iter().map(Vec::len).collect();
    field(&mut before_phase, "hand_sizes", &hand_sizes);
    field(&mut before_phase, "swap_left", &game.swap_left);
    field(&mut before_phase, "drafted", &game.drafted);
    let mut before_asked = Vec::with_capacity(512);
    field(&mut before_asked, "taken", &game.taken);
    field(&mut before_asked, "played", &game.played);
    field(&mut before_asked, "deal_points", &game.deal_points());
    field(&mut before_asked, "totals", &game.totals);
    field(&mut before_asked, "history", &game.history);
    let mut end = Vec::with_capacity(64);
    let waiting_for: Vec<Seat> = Seat::all(game.players)
        .filter(|&s| game.asked(s).is_some())
        .collect();
    field(&mut end, "waiting_for", &waiting_for);
    let outcome = match &game.phase {
        Phase::Over { outcome } => Some(outcome),
        _ => None,
    };
    field(&mut end, "outcome", &outcome);
    end.push(b'}');
    // Only the choosing phase differs between viewers (each sees its own choice).
    let shared_phase = match &game.phase {
        Phase::Choose { .. } => None,
        _ => Some(phase_of(game, None)),
    };
    viewers
        .iter()
        .map(|&viewer| {
            let me = viewer.seat().filter(|s| s.index() < game.players);
            let mut out = Vec::with_capacity(
                before_hand.len() + before_phase.len() + before_asked.len() + end.len() + 128,
            );
            out.extend_from_slice(b"{\"viewer\":");
            serde_json::to_writer(&mut out, &viewer).expect("views serialize");
            out.extend_from_slice(&before_hand);
            let hand: &[Card] = me.map_or(&[], |s| &game.hands[s.index()]);
            field(&mut out, "hand", hand);
            out.extend_from_slice(&before_phase);
            match &shared_phase {
                Some(p) => field(&mut out, "phase", p),
                None => field(&mut out, "phase", &phase_of(game, me)),
            }
            out.extend_from_slice(&before_asked);
            field(&mut out, "asked", &me.and_then(|s| game.asked(s)));
            out.extend_from_slice(&end);
            String::from_utf8(out).expect("JSON is UTF-8")
        })
        .collect()
}

/// The bull heads of the cards 1 to the deck's highest.
fn card_heads(options: &ClassicOptions, players: usize) -> Vec<u8> {
    (1..=options.deck_size(players) as u8)
        .map(bull_heads)
        .collect()
}

/// The values of the cards 1 to the deck's highest with the *Zahlendreher*, when the table plays it.
fn swapped_values(options: &ClassicOptions, players: usize) -> Vec<u8> {
    if options.fan != Some(Fan::DigitSwap) {
        return Vec::new();
    }
    (1..=options.deck_size(players) as u8)
        .map(swapped_digits)
        .collect()
}

/// The phase as the player in seat `me` (none: a spectator) sees it.
fn phase_of(game: &Classic, me: Option<Seat>) -> PhaseView {
    match &game.phase {
        Phase::Draft { pool, next } => PhaseView::Draft {
            pool: pool.clone(),
            next: *next,
        },
        Phase::Choose { chosen } => PhaseView::Choose {
            chosen: chosen.iter().map(Option::is_some).collect(),
            mine: me.and_then(|s| chosen[s.index()]),
        },
        Phase::Place { queue } => PhaseView::Place {
            queue: queue.iter().copied().collect(),
        },
        Phase::Over { .. } => PhaseView::Over,
    }
}
