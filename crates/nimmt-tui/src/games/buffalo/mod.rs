//! The *Schlagt den Büffel* screen: the four rows with their stop signs and *7 nimmt!* marks, the
//! cards revealed this turn with their owners, the buffalo's stack and pile, the team's pile, the
//! open special cards, your hand; the choices offered are exactly the legal actions of the
//! moment (a card, a row for a low card, a use of a special card or a pass in a window).
//!
//! - this module: the screen's state and its keys; `events`: how each event changes the picture;
//! - [`layout`] says where each part lies;
//! - [`draw`] paints;
//! - [`text`] holds the screen's texts in English and German.

pub mod draw;
mod events;
pub mod layout;
pub mod text;

use crate::app::{App, GameScreen, Key};
use crate::text::Lang;
use nimmt_core::cards::Card;
use nimmt_core::games::buffalo::{Action, Buffalo, Decision, Event, Owner, PhaseView, View};
use nimmt_core::Seat;
use text::B;

/// The client at a buffalo table.
pub type BuffaloApp = App<BuffaloScreen>;

/// What the buffalo screen keeps beside the view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuffaloScreen {
    /// The selected card of the hand.
    pub cursor: usize,
    /// The selected row for a low card.
    pub row: usize,
    /// The selected use in a window.
    pub pick: usize,
}

impl App<BuffaloScreen> {
    /// The selected card of the hand.
    pub fn selected_card(&self) -> Option<Card> {
        let hand = &self.view().hand;
        hand.get(self.screen.cursor.min(hand.len().saturating_sub(1)))
            .copied()
    }

    /// The uses of special cards offered in a window now (the legal actions but `pass`).
    pub fn uses(&self) -> Vec<Action> {
        if self.asked() != Some(Decision::Window) {
            return Vec::new();
        }
        self.legal()
            .iter()
            .filter(|a| !a.is_pass())
            .cloned()
            .collect()
    }

    /// The rows the player may take for a low card now.
    pub fn rows_to_take(&self) -> Vec<usize> {
        self.legal()
            .iter()
            .filter_map(|a| match a {
                Action::TakeRow { row } => Some(*row),
                _ => None,
            })
            .collect()
    }

    /// The player's low card waiting for a row.
    pub fn low_card(&self) -> Option<Card> {
        match self.view().phase {
            PhaseView::TakeRow { seat, card } if seat == self.me() => Some(card),
            _ => None,
        }
    }

    /// Who owns a played card, in short (the buffalo by its name).
    pub fn owner_name(&self, owner: Owner) -> String {
        match owner {
            Owner::Seat(s) => self.name(s),
            Owner::Buffalo => B::BuffaloName.t(self.lang).to_owned(),
        }
    }

    /// What an action does, in words.
    pub fn describe(&self, action: &Action) -> String {
        let lang = self.lang;
        let rows = &self.view().rows;
        let card_at = |row: usize, at: usize| rows.get(row).and_then(|r| r.cards.get(at)).copied();
        match action {
            Action::Play { card } => card.to_string(),
            Action::TakeRow { row } => (row + 1).to_string(),
            Action::Pass => B::Pass.t(lang).to_owned(),
            Action::PassCard => B::PassCard.t(lang).to_owned(),
            Action::PassGame => B::PassGame.t(lang).to_owned(),
            Action::AskAgain => B::AskAgain.t(lang).to_owned(),
            Action::SevenTakes { row } => B::SevenTakes.fill(lang, &[&(row + 1)]),
            Action::Stop { row } => B::Stop.fill(lang, &[&(row + 1)]),
            Action::RemoveStop { row } => B::RemoveStop.fill(lang, &[&(row + 1)]),
            Action::Replace { card, with } => B::Replace.fill(lang, &[card, with]),
            Action::Insert { card, row, at } => match card_at(*row, *at) {
                Some(before) => B::Insert.fill(lang, &[card, &(row + 1), &before]),
                None => B::InsertEnd.fill(lang, &[card, &(row + 1)]),
            },
            Action::Shift {
                row,
                at,
                to_row,
                to_at,
            } => {
                let card = card_at(*row, *at)
                    .map(|c| c.to_string())
                    .unwrap_or_default();
                let target = rows.get(*to_row);
                if target.is_some_and(|r| r.cards.is_empty()) {
                    B::ShiftEmpty.fill(lang, &[&card, &(row + 1), &(to_row + 1)])
                } else if let Some(before) = card_at(*to_row, *to_at) {
                    B::Shift.fill(lang, &[&card, &(row + 1), &(to_row + 1), &before])
                } else {
                    B::ShiftEnd.fill(lang, &[&card, &(row + 1), &(to_row + 1)])
                }
            }
            Action::First { card } => B::First.fill(lang, &[card]),
            Action::Last { card } => B::Last.fill(lang, &[card]),
            Action::Sort { order } => {
                let order: Vec<String> = order.iter().map(|c| c.to_string()).collect();
                B::Sort.fill(lang, &[&order.join(" ")])
            }
        }
    }

    /// The team's points as the rules count them (doubled for one or two players), from the view.
    pub fn team_points(&self) -> u32 {
        self.view().team_points
    }

    /// Seat names joined: `Ann, Bob`.
    fn names_of(&self, seats: &[Seat]) -> String {
        let names: Vec<String> = seats.iter().map(|&s| self.name(s)).collect();
        names.join(", ")
    }

    /// `seat` is no longer asked.
    fn stop_waiting_for(&mut self, seat: Seat) {
        let me = self.me();
        let v = self.view_mut();
        v.waiting_for.retain(|&s| s != seat);
        if seat == me {
            v.asked = None;
        }
    }

    /// `seat` passed in the open window.
    fn mark_passed(&mut self, seat: Seat) {
        if let PhaseView::Window { passed } = &mut self.view_mut().phase {
            if let Some(p) = passed.get_mut(seat.index()) {
                *p = true;
            }
        }
        self.stop_waiting_for(seat);
    }

    fn select(&mut self, i: usize) {
        if i < self.view().hand.len() {
            self.screen.cursor = i;
        }
    }

    fn move_pick(&mut self, by: isize) {
        let n = self.uses().len();
        if n == 0 {
            return;
        }
        let to = self.screen.pick as isize + by;
        self.screen.pick = to.clamp(0, n as isize - 1) as usize;
    }

    fn move_row(&mut self, down: bool) {
        let rows = self.rows_to_take();
        if rows.is_empty() {
            return;
        }
        let i = rows.iter().position(|&r| r == self.screen.row);
        let next = match (i, down) {
            (None, _) => 0,
            (Some(i), true) => (i + 1) % rows.len(),
            (Some(i), false) => (i + rows.len() - 1) % rows.len(),
        };
        self.screen.row = rows[next];
    }

    /// Enter on the selected card: play it, if that is legal.
    fn play_selected(&mut self) -> Option<Action> {
        let card = self.selected_card()?;
        let action = Action::Play { card };
        self.legal().contains(&action).then_some(action)
    }

    /// Take row `row` for the low card, if that is legal.
    fn take(&self, row: usize) -> Option<Action> {
        let action = Action::TakeRow { row };
        self.legal().contains(&action).then_some(action)
    }

    /// Enter in a window: the selected use, or a pass when there is none.
    fn use_selected(&self) -> Option<Action> {
        let uses = self.uses();
        match uses.get(self.screen.pick) {
            Some(a) => Some(a.clone()),
            None if uses.is_empty() => self.pass(),
            None => None,
        }
    }

    /// The plain pass: nothing more this turn.
    fn pass(&self) -> Option<Action> {
        self.legal_pass(Action::Pass)
    }

    /// `action` (one of the three passes, or asking to be asked again), if legal now.
    fn legal_pass(&self, pass: Action) -> Option<Action> {
        self.legal().contains(&pass).then_some(pass)
    }
}

impl GameScreen for BuffaloScreen {
    type R = Buffalo;

    fn new(_view: &View) -> Self {
        BuffaloScreen::default()
    }

    fn title(lang: Lang) -> &'static str {
        B::Title.t(lang)
    }

    fn help_title(lang: Lang) -> &'static str {
        B::HelpTitle.t(lang)
    }

    fn help_text(lang: Lang) -> &'static str {
        B::HelpText.t(lang)
    }

    fn asked(view: &View) -> Option<Decision> {
        view.asked
    }

    fn deal(_view: &View) -> u32 {
        1
    }

    fn last_points(view: &View) -> Option<Vec<i32>> {
        let r = view.result.as_ref()?;
        Some(vec![r.team_points as i32; view.players])
    }

    fn is_slow(e: &Event) -> bool {
        matches!(
            e,
            Event::Revealed { .. }
                | Event::Laid { .. }
                | Event::Used { .. }
                | Event::Shifted { .. }
                | Event::TeamTook { .. }
                | Event::BuffaloTook { .. }
                | Event::GameEnded { .. }
        )
    }

    fn ends_game(e: &Event) -> bool {
        matches!(e, Event::GameEnded { .. })
    }

    fn key(app: &mut BuffaloApp, key: Key) -> Option<Action> {
        match app.asked()? {
            Decision::PlayCard => {
                let n = app.view().hand.len();
                match key {
                    Key::Left if n > 0 => app.select((app.screen.cursor + n - 1) % n),
                    Key::Right | Key::Tab if n > 0 => app.select((app.screen.cursor + 1) % n),
                    Key::Home => app.select(0),
                    Key::End if n > 0 => app.select(n - 1),
                    Key::Char(c @ '1'..='9') => app.select(c as usize - '1' as usize),
                    Key::Char('0') => app.select(9),
                    Key::Enter | Key::Char(' ') => return app.play_selected(),
                    Key::Char('a' | 'A') => return app.legal_pass(Action::AskAgain),
                    _ => {}
                }
                None
            }
            Decision::TakeRow => match key {
                Key::Up => {
                    app.move_row(false);
                    None
                }
                Key::Down | Key::Tab => {
                    app.move_row(true);
                    None
                }
                Key::Char(c @ '1'..='4') => app.take(c as usize - '1' as usize),
                Key::Enter | Key::Char(' ') => app.take(app.screen.row),
                _ => None,
            },
            Decision::Window => match key {
                Key::Up => {
                    app.move_pick(-1);
                    None
                }
                Key::Down | Key::Tab => {
                    app.move_pick(1);
                    None
                }
                Key::Home => {
                    app.screen.pick = 0;
                    None
                }
                Key::End => {
                    app.move_pick(isize::MAX / 2);
                    None
                }
                Key::Char('p' | 'P') => app.pass(),
                Key::Char('n' | 'N') => app.legal_pass(Action::PassCard),
                Key::Char('g' | 'G') => app.legal_pass(Action::PassGame),
                Key::Enter | Key::Char(' ') => app.use_selected(),
                _ => None,
            },
        }
    }

    fn click(app: &mut BuffaloApp, x: u16, y: u16) -> Option<Action> {
        match layout::hit(app, x, y)? {
            layout::Target::Hand(i) => {
                app.select(i);
                (app.asked() == Some(Decision::PlayCard))
                    .then(|| app.play_selected())
                    .flatten()
            }
            layout::Target::Row(r) => app.take(r),
            layout::Target::Use(i) => {
                app.screen.pick = i;
                app.use_selected()
            }
        }
    }

    fn acted(app: &mut BuffaloApp, action: &Action) {
        app.screen.pick = 0;
        if let (true, Action::Play { card }) = (app.is_remote(), action) {
            // Until the server answers, the card is shown chosen.
            let v = app.view_mut();
            v.hand.retain(|c| c != card);
            v.my_choice = Some(*card);
        }
    }

    fn shows_at_once(action: &Action) -> bool {
        // A use of a special card shows at once; a card chosen waits for the reveal.
        action.is_window() || matches!(action, Action::TakeRow { .. })
    }

    fn settled(app: &mut BuffaloApp) {
        let n = app.view().hand.len();
        app.screen.cursor = app.screen.cursor.min(n.saturating_sub(1));
        let uses = app.uses().len();
        app.screen.pick = app.screen.pick.min(uses.saturating_sub(1));
        let rows = app.rows_to_take();
        if !rows.is_empty() && !rows.contains(&app.screen.row) {
            app.screen.row = rows[0];
        }
    }

    /// Who won, with both scores: "The team beat the buffalo, 15 to 40" or "The buffalo wins,
    /// 40 to 15"; then the team's bull heads (and their doubling for one or two players) and the
    /// buffalo's pile, opened at the end. The team's points come first either way.
    fn result(app: &BuffaloApp) -> Option<(String, Vec<String>)> {
        let v = app.view();
        let r = v.result.as_ref()?;
        let lang = app.lang;
        let banner = if r.outcome.winners.is_empty() {
            B::BuffaloWins.fill(lang, &[&r.team_points, &r.buffalo_points])
        } else {
            B::TeamWins.fill(lang, &[&r.team_points, &r.buffalo_points])
        };
        let team = if v.doubled {
            B::TeamPointsDoubled.fill(lang, &[&v.team_heads, &r.team_points])
        } else {
            B::TeamPoints.fill(lang, &[&r.team_points])
        };
        let buffalo = B::BuffaloPoints.fill(lang, &[&r.buffalo_points, &r.buffalo_pile.len()]);
        Some((banner, vec![team, buffalo]))
    }

    fn min_size(app: &BuffaloApp) -> (u16, u16) {
        (layout::MIN_WIDTH, layout::min_height(app))
    }

    fn draw(app: &BuffaloApp, frame: &mut ratatui::Frame) {
        draw::draw(app, frame)
    }

    fn apply(app: &mut BuffaloApp, event: Event) {
        events::apply(app, event)
    }
}
