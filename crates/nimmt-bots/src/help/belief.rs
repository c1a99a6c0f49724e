//! What the other seats' public actions say about the cards they hold.
//!
//! The bot sees the table only when it decides. [`Belief`] keeps the view of its last decision
//! and the action it took; at the next decision of the same deal it works out which public
//! actions of the seats in between lead from the one to the other (laying a number, a Joker,
//! a Switch, a Zap or a No!; a row cleared by its sixth card), trying each in a world sampled
//! from the old view. Every seat is taken to play like `greedy` ([`super::greedy::score`]): a
//! card that would have given it a play it likes better than the one it made becomes less
//! likely to be in its hand. The same goes for the lowest numbers called at the start of the
//! deal, for the card a helper chose to hand over and for a player who asked for help. Each
//! turn a seat plays replaces one of its four cards, so what was learnt of it fades by a
//! quarter per turn.

use super::greedy::score;
use super::worlds::{sample_world, Weights};
use nimmt_core::games::help::{
    card_playable, helps, joker_spots, play_actions, Action, Help, HelpCard, PhaseView, Position,
    RowCard, Stage, View,
};
use nimmt_core::{Rules, Seat};
use rand_chacha::ChaCha8Rng;

/// How much less likely a card becomes when its holder would clearly have preferred it.
pub const UNLIKELY: f64 = 0.1;

/// The share of a hand that was there before the seat's latest turn (three cards of four).
const KEPT: f64 = 0.75;

/// Explanations looked for between two decisions, at most.
const EXPLANATIONS: usize = 8;

/// What the bot has learnt in this deal (see the module).
#[derive(Clone, Debug, Default)]
pub struct Belief {
    weights: Weights,
    last: Option<(View, Action)>,
    found: bool,
}

/// One public action of a seat worked out between two decisions: the row it played on.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    pub seat: Seat,
    pub row: Vec<RowCard>,
    pub action: Action,
}

impl Belief {
    /// The weights for sampling the hidden hands.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Whether the last [`Belief::observe`] worked out what the others did since the decision
    /// before (false at the first decision of a deal).
    pub fn found_plays(&self) -> bool {
        self.found
    }

    /// Takes in `view`, a decision of the bot's seat: starts afresh in a new deal (from the
    /// calls), else learns from what the others did since the last decision.
    pub fn observe(&mut self, view: &View, rng: &mut ChaCha8Rng) {
        let same_deal = self.last.as_ref().is_some_and(|(last, _)| {
            last.deal == view.deal
                && last.totals == view.totals
                && last.turn <= view.turn
                && last.players == view.players
        });
        self.found = false;
        if !same_deal {
            self.start(view);
        } else if let Some((last, action)) = self.last.take() {
            let between = turns_between(&last, view);
            for s in between {
                self.fade(s);
            }
            if let Some(plays) = agreed_plays(&last, &action, view, rng) {
                self.found = true;
                for play in plays {
                    self.learn_play(&play);
                }
            }
        }
        let me = view.seat().expect("a seat's view");
        match view.phase {
            // Whom the bot asked handed over the card it liked least to keep.
            PhaseView::GiveBack {
                asker,
                helper,
                card: Some(card),
            } if asker == me => {
                let liked = score(&view.row, &Action::GiveHelp { card });
                let switch_helps = card_playable(HelpCard::Switch, &view.hand, &view.row);
                for k in HelpCard::KINDS {
                    let better = score(&view.row, &Action::GiveHelp { card: k }) > liked;
                    if better && helps(k, &view.row, switch_helps) {
                        self.lower(helper, k, KEPT);
                    }
                }
            }
            // The asker could play none of its cards (the sampler deals it so); once it has
            // played, three of its cards are still such.
            PhaseView::GiveHelp { asker, .. } if asker != me => {
                self.learn_stuck(asker, &view.row);
            }
            _ => {}
        }
    }

    /// Remembers the bot's decision: `action` taken at `view`.
    pub fn remember(&mut self, view: &View, action: Action) {
        self.last = Some((view.clone(), action));
    }

    fn start(&mut self, view: &View) {
        self.weights = vec![[1.0; 15]; view.players];
        self.last = None;
        let me = view.seat();
        // Every number lower than a seat's call was not in its hand as dealt; the starter
        // laid its call and drew one card.
        for call in &view.calls {
            if Some(call.seat) == me {
                continue;
            }
            let below = call.lowest.unwrap_or(12);
            for n in 1..below {
                self.lower(call.seat, HelpCard::Number(n), 1.0);
            }
        }
        for s in turns_since_start(view) {
            self.fade(s);
        }
    }

    /// One turn of `seat` since: a quarter of what was learnt of it is gone.
    fn fade(&mut self, seat: Seat) {
        for w in &mut self.weights[seat.index()] {
            *w = 1.0 - (1.0 - *w) * KEPT;
        }
    }

    /// `kind` is less likely in `seat`'s hand, for a `share` of its cards.
    fn lower(&mut self, seat: Seat, kind: HelpCard, share: f64) {
        let w = &mut self.weights[seat.index()][kind.index()];
        *w *= 1.0 - (1.0 - UNLIKELY) * share;
    }

    fn learn_play(&mut self, play: &Play) {
        let made = score(&play.row, &play.action);
        for k in HelpCard::KINDS {
            if best_with(k, &play.row).is_some_and(|s| s > made) {
                self.lower(play.seat, k, KEPT);
            }
        }
    }

    fn learn_stuck(&mut self, seat: Seat, row: &[RowCard]) {
        for k in HelpCard::KINDS {
            if best_with(k, row).is_some() {
                self.lower(seat, k, KEPT);
            }
        }
    }
}

/// The best `greedy` score of the plays holding a `kind` card adds on `row` (a Switch depends
/// on the other cards: not judged).
pub fn best_with(kind: HelpCard, row: &[RowCard]) -> Option<i32> {
    let actions: Vec<Action> = match kind {
        HelpCard::Number(n) => card_playable(kind, &[], row)
            .then_some(Action::Lay { card: n })
            .into_iter()
            .collect(),
        HelpCard::Joker => joker_spots(row).map(|at| Action::Joker { at }).collect(),
        HelpCard::Zap => (!row.is_empty())
            .then_some(Action::Zap)
            .into_iter()
            .collect(),
        HelpCard::No => vec![Action::No],
        HelpCard::Switch => Vec::new(),
    };
    actions.iter().map(|a| score(row, a)).max()
}

/// The seats that played a turn between the two decisions (each once; approximate when a
/// seat was skipped).
fn turns_between(last: &View, now: &View) -> Vec<Seat> {
    let me = now.seat().expect("a seat's view");
    let turns = now.turn.saturating_sub(last.turn) as usize;
    let mut seats = Vec::new();
    let mut s = me;
    for _ in 0..turns.min(now.players - 1) {
        s = now.direction.next(s, now.players);
        seats.push(s);
    }
    seats
}

/// The seats that played before the bot's first decision of a deal (the starter's opening
/// card included).
fn turns_since_start(view: &View) -> Vec<Seat> {
    let mut seats = Vec::new();
    let mut s = view.starter;
    for _ in 0..view.turn {
        if Some(s) != view.seat() {
            seats.push(s);
        }
        s = view.direction.next(s, view.players);
    }
    seats
}

/// The plays every explanation of the table between `last` (where the bot took `action`) and
/// `now` agrees on; `None` when there is no explanation.
pub fn agreed_plays(
    last: &View,
    action: &Action,
    now: &View,
    rng: &mut ChaCha8Rng,
) -> Option<Vec<Play>> {
    let me = now.seat().expect("a seat's view");
    let mut world = sample_world(last, rng);
    world.act_quiet(me, action).ok()?;
    let mut found: Vec<Vec<Play>> = Vec::new();
    let mut path = Vec::new();
    explain(&world, me, now, &mut path, &mut found, 0);
    let first = found.first()?;
    Some(
        first
            .iter()
            .filter(|p| found.iter().all(|other| other.contains(p)))
            .cloned()
            .collect(),
    )
}

/// Depth-first search for the public plays that lead from `world` to the table of `now`.
fn explain(
    world: &Help,
    me: Seat,
    now: &View,
    path: &mut Vec<Play>,
    found: &mut Vec<Vec<Play>>,
    depth: usize,
) {
    if found.len() >= EXPLANATIONS || depth > 2 * now.players || world.deal_number() != now.deal {
        return;
    }
    let Some(stage) = world.stage() else { return };
    let table_agrees = || {
        world.row() == now.row.as_slice()
            && world.marks() == now.marks.as_slice()
            && sorted(world.discard_pile()) == now.discard
    };
    match (stage, now.phase) {
        (Stage::Turn { seat, .. }, PhaseView::Turn { seat: s, .. }) if seat == me && s == me => {
            if table_agrees() {
                found.push(path.clone());
            }
            return;
        }
        (Stage::Turn { seat, .. }, PhaseView::GiveHelp { asker, .. }) if seat == asker => {
            // The asker could play nothing: it asked the bot.
            if table_agrees() {
                found.push(path.clone());
            }
            return;
        }
        _ => {}
    }
    match stage {
        Stage::Turn { seat, helped } if seat != me => {
            for action in candidates(world.row()) {
                let Some(mut next) = holding(world, seat, &action) else {
                    continue;
                };
                if next.act_quiet(seat, &action).is_err() || !may_lead_to(&next, now) {
                    continue;
                }
                if !helped {
                    path.push(Play {
                        seat,
                        row: world.row().to_vec(),
                        action,
                    });
                }
                explain(&next, me, now, path, found, depth + 1);
                if !helped {
                    path.pop();
                }
            }
        }
        // A hand-over between two others is not seen: any will do.
        Stage::GiveBack { asker: seat, .. } | Stage::GiveHelp { helper: seat, .. }
            if seat != me =>
        {
            let mut legal = Vec::new();
            world.legal_actions_into(seat, &mut legal);
            let mut next = world.clone();
            if let Some(a) = legal.first() {
                if next.act_quiet(seat, a).is_ok() {
                    explain(&next, me, now, path, found, depth + 1);
                }
            }
        }
        _ => {}
    }
}

fn sorted(cards: &[HelpCard]) -> Vec<HelpCard> {
    let mut v = cards.to_vec();
    v.sort();
    v
}

/// Whether the table of `world` can still become that of `now`: the discard pile only grows;
/// with nothing more to discard, the row only gains cards.
fn may_lead_to(world: &Help, now: &View) -> bool {
    let mut left = now.discard.clone();
    for c in world.discard_pile() {
        match left.iter().position(|d| d == c) {
            Some(i) => {
                left.remove(i);
            }
            None => return false,
        }
    }
    if left.iter().any(|&c| c != HelpCard::No) {
        return true;
    }
    let mut rest = now.row.iter();
    world.row().iter().all(|c| rest.any(|r| r == c))
}

/// Every public play on `row` some hand could make.
fn candidates(row: &[RowCard]) -> Vec<Action> {
    let mut out = Vec::new();
    let all: Vec<HelpCard> = HelpCard::KINDS.to_vec();
    play_actions(&all, row, &mut out);
    out
}

/// `world` with `seat` holding the cards `action` needs (swapped in from the draw pile or
/// another hand, never the bot's); `None` when they are nowhere to be had.
fn holding(world: &Help, seat: Seat, action: &Action) -> Option<Help> {
    let needs: Vec<HelpCard> = match *action {
        Action::Lay { card } => vec![HelpCard::Number(card)],
        Action::Joker { .. } => vec![HelpCard::Joker],
        Action::Switch { give, .. } => vec![HelpCard::Switch, HelpCard::Number(give)],
        Action::Zap => vec![HelpCard::Zap],
        Action::No => vec![HelpCard::No],
        _ => return None,
    };
    let mut hand = world.hand(seat).to_vec();
    let mut draw = world.draw_pile().to_vec();
    if needs.len() > hand.len() {
        return None;
    }
    for (i, &c) in needs.iter().enumerate() {
        if let Some(at) = hand[i..].iter().position(|&h| h == c) {
            hand.swap(i, i + at);
            continue;
        }
        let at = draw.iter().position(|&d| d == c)?;
        std::mem::swap(&mut hand[i], &mut draw[at]);
    }
    hand.sort();
    let players = world.totals().len();
    let hands = (0..players)
        .map(|s| {
            if s == seat.index() {
                hand.clone()
            } else {
                world.hand(Seat(s as u8)).to_vec()
            }
        })
        .collect();
    // The draw pile as the position takes it: top first.
    draw.reverse();
    Help::from_position(Position {
        options: *world.options(),
        deal: world.deal_number(),
        direction: world.direction(),
        hands,
        row: world.row().to_vec(),
        draw: Some(draw),
        discard: world.discard_pile().to_vec(),
        marks: world.marks().to_vec(),
        totals: world.totals().to_vec(),
        stage: world.stage()?,
        seed: 0,
    })
    .ok()
}
