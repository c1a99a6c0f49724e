//! The *6 nimmt!* screen: the four rows, the players' points, the cards of a turn laid one by one,
//! the draft pool, your hand; keys to pick a card (with the *Zahlendreher*), a row, a draft card.
//!
//! - this module: the screen's state, its keys and how each event changes the picture;
//! - [`layout`] says where each part lies (shared by drawing and mouse hits);
//! - [`draw`] paints.

pub mod draw;
pub mod layout;

use crate::app::{App, GameScreen, Key, Pause};
use crate::text::{Lang, T};
use nimmt_core::games::classic::{
    Action, Classic, Decision, Event, Fan, Marker, PhaseView, Play, Rows, View, ROWS,
};
use nimmt_core::Card;

/// The client at a classic table.
pub type ClassicApp = App<ClassicScreen>;

/// What the classic screen keeps beside the view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClassicScreen {
    /// Selected card of the hand or of the draft pool.
    pub cursor: usize,
    /// Selected row for a low card.
    pub row_cursor: usize,
    /// Play the next card with the *Zahlendreher*.
    pub swap: bool,
    /// The cards of the last reveal and how many of them are laid.
    revealed: Vec<Play>,
    laid: usize,
    revealed_turn: u32,
}

impl App<ClassicScreen> {
    /// The cards of the last reveal, how many are laid, and the turn.
    pub fn revealed(&self) -> (&[Play], usize, u32) {
        (
            &self.screen.revealed,
            self.screen.laid,
            self.screen.revealed_turn,
        )
    }

    /// The card a low card must take a row for, when it is the player's.
    pub fn low_card(&self) -> Option<Card> {
        match &self.view().phase {
            PhaseView::Place { queue } => queue
                .first()
                .filter(|p| p.seat == self.me())
                .map(|p| p.card),
            _ => None,
        }
    }

    /// Whether the player may play the *Zahlendreher* now.
    pub fn swap_available(&self) -> bool {
        let v = self.view();
        v.options.fan == Some(Fan::DigitSwap)
            && v.swap_left.get(self.me().index()).copied().unwrap_or(false)
    }

    /// The selected card of the hand.
    pub fn selected_card(&self) -> Option<Card> {
        let hand = &self.view().hand;
        hand.get(self.screen.cursor.min(hand.len().saturating_sub(1)))
            .copied()
    }

    /// The value the selected card counts as, when it is played with the *Zahlendreher*.
    pub fn swap_preview(&self) -> Option<(Card, Option<u8>)> {
        if !self.screen.swap {
            return None;
        }
        let card = self.selected_card()?;
        let value = self.view().swapped.get(card.number() as usize - 1).copied();
        Some((card, value.filter(|_| self.swappable(card))))
    }

    /// Whether `card` may be played with the *Zahlendreher* now, as the legal actions say.
    fn swappable(&self, card: Card) -> bool {
        self.legal().contains(&Action::Play { card, swap: true })
    }

    fn play_selected(&mut self) -> Option<Action> {
        let card = self.selected_card()?;
        let swap = self.screen.swap && self.swap_available();
        if swap && !self.swappable(card) {
            self.log(self.lang.t(T::SwapNotForThis).to_owned());
            return None;
        }
        Some(Action::Play { card, swap })
    }

    fn key_play(&mut self, key: Key) -> Option<Action> {
        let n = self.view().hand.len();
        if n == 0 {
            return None;
        }
        let s = &mut self.screen;
        match key {
            Key::Left => s.cursor = (s.cursor + n - 1) % n,
            Key::Right | Key::Tab => s.cursor = (s.cursor + 1) % n,
            Key::Home => s.cursor = 0,
            Key::End => s.cursor = n - 1,
            Key::Char(c @ '0'..='9') => {
                let i = if c == '0' {
                    9
                } else {
                    c as usize - '1' as usize
                };
                if i < n {
                    s.cursor = i;
                }
            }
            Key::Char('z' | 'Z') if self.swap_available() => self.screen.swap = !self.screen.swap,
            Key::Enter | Key::Char(' ') => return self.play_selected(),
            _ => {}
        }
        None
    }

    fn key_row(&mut self, key: Key) -> Option<Action> {
        let s = &mut self.screen;
        match key {
            Key::Up | Key::Left => s.row_cursor = (s.row_cursor + ROWS - 1) % ROWS,
            Key::Down | Key::Right => s.row_cursor = (s.row_cursor + 1) % ROWS,
            Key::Char(c @ '1'..='4') => s.row_cursor = c as usize - '1' as usize,
            Key::Enter | Key::Char(' ') => return Some(Action::TakeRow { row: s.row_cursor }),
            _ => {}
        }
        None
    }

    fn key_draft(&mut self, key: Key) -> Option<Action> {
        let per_line = layout::pool_per_line(self).max(1);
        let PhaseView::Draft { pool, .. } = &self.view().phase else {
            return None;
        };
        let n = pool.len();
        if n == 0 {
            return None;
        }
        let pick = pool[self.screen.cursor.min(n - 1)];
        let s = &mut self.screen;
        match key {
            Key::Left => s.cursor = (s.cursor + n - 1) % n,
            Key::Right | Key::Tab => s.cursor = (s.cursor + 1) % n,
            Key::Up => s.cursor = s.cursor.saturating_sub(per_line),
            Key::Down => s.cursor = (s.cursor + per_line).min(n - 1),
            Key::Home => s.cursor = 0,
            Key::End => s.cursor = n - 1,
            Key::Enter | Key::Char(' ') => return Some(Action::Draft { card: pick }),
            _ => {}
        }
        None
    }
}

impl GameScreen for ClassicScreen {
    type R = Classic;

    fn new(_view: &View) -> Self {
        ClassicScreen::default()
    }

    fn title(lang: Lang) -> &'static str {
        lang.t(T::Title)
    }

    fn help_title(lang: Lang) -> &'static str {
        lang.t(T::HelpTitle)
    }

    fn help_text(lang: Lang) -> &'static str {
        lang.t(T::HelpText)
    }

    fn asked(view: &View) -> Option<Decision> {
        view.asked
    }

    fn deal(view: &View) -> u32 {
        view.deal
    }

    fn last_points(view: &View) -> Option<Vec<i32>> {
        view.history.last().map(|p| crate::app::to_i32(p))
    }

    fn is_slow(e: &Event) -> bool {
        matches!(
            e,
            Event::Placed { .. }
                | Event::RowTaken { .. }
                | Event::DealEnded { .. }
                | Event::GameEnded { .. }
        )
    }

    fn ends_game(e: &Event) -> bool {
        matches!(e, Event::GameEnded { .. })
    }

    fn key(app: &mut ClassicApp, key: Key) -> Option<Action> {
        match app.asked()? {
            Decision::PlayCard => app.key_play(key),
            Decision::TakeRow => app.key_row(key),
            Decision::DraftPick => app.key_draft(key),
        }
    }

    fn click(app: &mut ClassicApp, x: u16, y: u16) -> Option<Action> {
        let target = layout::hit(app, x, y)?;
        match (app.asked()?, target) {
            (Decision::PlayCard, layout::Target::Hand(i)) if i < app.view().hand.len() => {
                app.screen.cursor = i;
                app.play_selected()
            }
            (Decision::TakeRow, layout::Target::Row(r)) => {
                app.screen.row_cursor = r;
                Some(Action::TakeRow { row: r })
            }
            (Decision::DraftPick, layout::Target::Pool(i)) => {
                let PhaseView::Draft { pool, .. } = &app.view().phase else {
                    return None;
                };
                let card = *pool.get(i)?;
                app.screen.cursor = i;
                Some(Action::Draft { card })
            }
            _ => None,
        }
    }

    fn acted(app: &mut ClassicApp, action: &Action) {
        if let Action::Play { card, swap } = *action {
            let me = app.me();
            let v = app.view_mut();
            v.hand.retain(|&c| c != card);
            if let PhaseView::Choose { mine, .. } = &mut v.phase {
                *mine = Some(Play {
                    seat: me,
                    card,
                    swap,
                });
            }
            app.screen.swap = false;
        }
        if app.is_remote() {
            app.view_mut().asked = None;
        }
    }

    fn shows_at_once(action: &Action) -> bool {
        // The row the player just chose is laid at once.
        matches!(action, Action::TakeRow { .. })
    }

    fn settled(app: &mut ClassicApp) {
        let hand = app.view().hand.len();
        let mut cursor = app.screen.cursor.min(hand.saturating_sub(1));
        if let PhaseView::Draft { pool, .. } = &app.view().phase {
            cursor = cursor.min(pool.len().saturating_sub(1));
        }
        app.screen.cursor = cursor;
        if !app.swap_available() {
            app.screen.swap = false;
        }
    }

    fn min_size(app: &ClassicApp) -> (u16, u16) {
        (layout::MIN_WIDTH, layout::min_height(app))
    }

    fn draw(app: &ClassicApp, frame: &mut ratatui::Frame) {
        draw::draw(app, frame)
    }

    fn apply(app: &mut ClassicApp, event: Event) {
        // Every event carries the state after it: the screen copies, it works no rule out.
        let lang = app.lang;
        let me = app.me();
        match event {
            Event::DealStarted {
                deal,
                rows,
                pool,
                first_pick,
                swap_left,
            } => {
                let v = app.view_mut();
                v.deal = deal;
                v.turn = 0;
                v.rows = rows.unwrap_or_else(Rows::empty);
                v.phase = match (pool, first_pick) {
                    (Some(pool), Some(next)) => PhaseView::Draft { pool, next },
                    _ => PhaseView::Over,
                };
                v.hand.clear();
                v.swap_left = swap_left;
                for cards in v.taken.iter_mut().chain(v.drafted.iter_mut()) {
                    cards.clear();
                }
                for plays in &mut v.played {
                    plays.clear();
                }
                v.deal_points.iter_mut().for_each(|p| *p = 0);
                app.screen.revealed.clear();
                app.screen.laid = 0;
                app.log(lang.fill(T::NewDeal, &[&deal]));
            }
            Event::HandDealt { seat, hand } if seat == me => app.view_mut().hand = hand,
            Event::HandDealt { .. } => {}
            Event::Drafted { seat, card, next } => {
                let v = app.view_mut();
                if let PhaseView::Draft { pool, next: picker } = &mut v.phase {
                    pool.retain(|&c| c != card);
                    if let Some(next) = next {
                        *picker = next;
                    }
                }
                if let Some(d) = v.drafted.get_mut(seat.index()) {
                    d.push(card);
                }
                if seat == me {
                    let hand = &mut v.hand;
                    hand.insert(hand.partition_point(|&c| c < card), card);
                }
                let line = if seat == me {
                    lang.fill(T::YouPick, &[&card])
                } else {
                    lang.fill(T::Drafted, &[&app.name(seat), &card])
                };
                app.log(line);
            }
            Event::RowsLaid { rows } => {
                app.view_mut().rows = rows;
                app.log(lang.t(T::RowsLaidOut).to_owned());
            }
            Event::TurnStarted { deal, turn } => {
                let v = app.view_mut();
                v.deal = deal;
                v.turn = turn;
                v.phase = PhaseView::Choose {
                    chosen: vec![false; v.players],
                    mine: None,
                };
            }
            Event::Chosen { seat, .. } => {
                if let PhaseView::Choose { chosen, .. } = &mut app.view_mut().phase {
                    if let Some(c) = chosen.get_mut(seat.index()) {
                        *c = true;
                    }
                }
            }
            Event::Revealed {
                turn,
                plays,
                swap_left,
            } => {
                app.screen.revealed = plays.clone();
                app.screen.laid = 0;
                app.screen.revealed_turn = turn;
                let v = app.view_mut();
                v.swap_left = swap_left;
                v.phase = PhaseView::Place { queue: plays };
                app.log(lang.t(T::Revealed).to_owned());
            }
            Event::Placed {
                seat,
                card,
                row,
                low,
                row_cards,
                ..
            } => {
                let v = app.view_mut();
                if let PhaseView::Place { queue } = &mut v.phase {
                    queue.retain(|p| p.card != card);
                }
                if let Some(cards) = v.rows.rows.get_mut(row) {
                    *cards = row_cards;
                }
                app.screen.laid = (app.screen.laid + 1).min(app.screen.revealed.len());
                let who = app.name(seat);
                let line = if low {
                    lang.fill(T::LowTakes, &[&who, &card, &(row + 1)])
                } else {
                    lang.fill(T::Lays, &[&who, &card, &(row + 1)])
                };
                app.log(line);
            }
            Event::RowChoice { seat, card } => {
                let line = if seat == me {
                    // The cursor starts on the row a timer would take (C6).
                    app.screen.row_cursor = app.view().rows.cheapest_row();
                    lang.fill(T::YouChooseRow, &[&card])
                } else {
                    lang.fill(T::ChoosesRow, &[&app.name(seat), &card])
                };
                app.log(line);
            }
            Event::RowTaken {
                seat,
                taken,
                points,
                row_cards,
                deal_points,
                ..
            } => {
                let v = app.view_mut();
                if let Some(cards) = v.rows.rows.get_mut(taken.row) {
                    *cards = row_cards;
                }
                if let Some(t) = v.taken.get_mut(seat.index()) {
                    t.extend(&taken.cards);
                }
                if let Some(p) = v.deal_points.get_mut(seat.index()) {
                    *p = deal_points;
                }
                let cards = taken
                    .cards
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                let line = if seat == me {
                    lang.fill(T::YouTake, &[&cards, &points])
                } else {
                    lang.fill(T::TakesRow, &[&app.name(seat), &cards, &points])
                };
                app.log(line);
            }
            Event::MarkerMoved { marker } => {
                app.view_mut().rows.marker = Some(marker);
                let line = match marker {
                    Marker::Cow { row } => lang.fill(T::CowJumps, &[&(row + 1)]),
                    Marker::EvenOdd { row, even } => {
                        let parity = lang.t(if even { T::Even } else { T::Odd });
                        lang.fill(T::MarkerEvenOdd, &[&(row + 1), &parity])
                    }
                    Marker::Mountain { row, .. } => lang.fill(T::ClimberMoves, &[&(row + 1)]),
                };
                app.log(line);
            }
            Event::TurnEnded { rows, .. } => {
                let v = app.view_mut();
                v.rows = rows;
                // Nobody chooses until the next turn (or deal) begins.
                v.phase = PhaseView::Over;
            }
            Event::DealEnded {
                deal,
                points,
                totals,
            } => {
                let v = app.view_mut();
                v.totals = totals.clone();
                v.history.push(points.clone());
                app.log(lang.fill(T::DealOver, &[&deal]));
                app.show_result(Pause::DealOver {
                    deal,
                    points: crate::app::to_i32(&points),
                    totals: crate::app::to_i32(&totals),
                });
            }
            Event::GameEnded { outcome } => {
                let scores = outcome.scores.clone();
                let v = app.view_mut();
                v.outcome = Some(outcome.clone());
                v.phase = PhaseView::Over;
                app.show_result(Pause::GameOver {
                    scores,
                    winners: outcome.winners,
                });
            }
        }
    }
}
