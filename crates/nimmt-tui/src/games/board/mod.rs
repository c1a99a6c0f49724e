//! The *6 nimmt! Brettspiel* screen: the board's rows with their fields, tiles and stop signs,
//! the score track with the clovers, the players (score, tiles, action and luck cards), your
//! tiles and cards. The choices offered are exactly the legal actions of the moment.
//!
//! - this module: the screen's state and its keys;
//! - [`fold`] copies what each event changed into the picture, [`narrate`] logs it;
//! - [`layout`] says where each part lies;
//! - [`draw`] paints;
//! - [`text`] holds the texts in English and German and the fields' symbols.

pub mod draw;
pub mod fold;
pub mod layout;
pub mod narrate;
pub mod text;

use crate::app::{App, GameScreen, Key, Pause};
use crate::text::{Lang, T};
use nimmt_core::games::board::{Action, Board, Decision, Event, Placement, StageView, View};
use nimmt_core::Seat;
use text::{action_card_name, luck_card_name, tr};

/// The client at a Brettspiel table.
pub type BoardApp = App<BoardScreen>;

/// What the Brettspiel screen keeps beside the view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardScreen {
    /// The selected tile of your tiles.
    pub cursor: usize,
    /// The tiles marked to be played together (a two-tiles round).
    pub marked: Vec<u8>,
    /// The selected entry of the list of choices.
    pub choice: usize,
}

impl App<BoardScreen> {
    /// Whether the decision now is answered from a list (everything but choosing tiles).
    pub fn list_decision(&self) -> bool {
        matches!(self.asked(), Some(d) if !matches!(d, Decision::Choose { .. }))
    }

    /// The choices of the list: the legal actions, when the decision is answered from a list.
    pub fn choices(&self) -> &[Action] {
        if self.list_decision() {
            self.legal()
        } else {
            &[]
        }
    }

    /// The selected tile of your tiles.
    pub fn selected_tile(&self) -> Option<u8> {
        let hand = &self.view().hand;
        hand.get(self.screen.cursor.min(hand.len().saturating_sub(1)))
            .copied()
    }

    /// How many tiles must be chosen now, when tiles are chosen.
    pub fn count(&self) -> Option<usize> {
        match self.asked()? {
            Decision::Choose { count } => Some(count),
            _ => None,
        }
    }

    /// The row and field the selection points at: where the selected tile would go by the
    /// rules, the field a card in the list would use, the row a choice opens.
    pub fn selected_field(&self) -> Option<(usize, usize)> {
        let v = self.view();
        // Where the tile goes by the rules: the view says.
        let rule_end = |tile: u8, skip: bool| {
            v.landing
                .iter()
                .find(|&&(t, _, _)| t == tile)
                .map(|&(_, row, field)| (row, field + usize::from(skip)))
        };
        let clamp = |(row, field): (usize, usize)| {
            let last = v.rows.get(row)?.cells.len().checked_sub(1)?;
            Some((row, field.min(last)))
        };
        match self.asked()? {
            Decision::Choose { .. } => clamp(rule_end(self.selected_tile()?, false)?),
            Decision::BeforeLaying { tile } => {
                let StageView::BeforeLaying { plan, .. } = &v.stage else {
                    return None;
                };
                let at = match (self.choices().get(self.screen.choice)?, plan.placement) {
                    (Action::Ascending { row }, _) => (*row, v.rows[*row].end()),
                    (Action::ToStart { row }, _) => (*row, v.rows[*row].first_hole()),
                    (Action::Stop { row }, _) => (*row, v.rows[*row].end()),
                    (Action::Skip, Placement::Ascending { row }) => (row, v.rows[row].end() + 1),
                    (Action::Skip, _) => rule_end(tile, true)?,
                    (Action::Lay { .. }, Placement::Ascending { row }) => {
                        (row, v.rows[row].end() + usize::from(plan.skip))
                    }
                    (Action::Lay { .. }, Placement::ToStart { row }) => {
                        (row, v.rows[row].first_hole())
                    }
                    (Action::Lay { .. }, Placement::Rule) => rule_end(tile, plan.skip)?,
                    _ => return None,
                };
                clamp(at)
            }
            Decision::OpenRow { .. } => match self.choices().get(self.screen.choice)? {
                Action::OpenRow { row } => Some((*row, 0)),
                _ => None,
            },
            Decision::CountPositive { .. } | Decision::TakeLuck { .. } => None,
        }
    }

    /// What an action does, in words.
    pub fn describe(&self, action: &Action) -> String {
        let lang = self.lang;
        let row = |r: usize| r + 1;
        let card = |a: &Action| action_card_name(lang, a.action_card().expect("an action card"));
        match action {
            Action::Choose { tiles } => {
                let t: Vec<String> = tiles.iter().map(u8::to_string).collect();
                format!("{} {}", tr(lang, "Play", "Spiele"), t.join(" + "))
            }
            Action::Lay { luck: None } => tr(lang, "Lay the tile", "Plättchen legen").into(),
            Action::Lay { luck: Some(l) } => format!(
                "{} {}",
                tr(lang, "Lay the tile with", "Plättchen legen mit"),
                luck_card_name(lang, *l)
            ),
            Action::Stop { row: r } | Action::ToStart { row: r } | Action::Ascending { row: r } => {
                format!("{}: {} {}", card(action), tr(lang, "row", "Reihe"), row(*r))
            }
            Action::SwapTile { tile } => format!(
                "{}: {} {tile}",
                card(action),
                tr(lang, "lay instead", "stattdessen")
            ),
            Action::ExtraTile { tile } => {
                format!("{}: {} {tile}", card(action), tr(lang, "also play", "auch"))
            }
            Action::Skip => card(action).to_owned(),
            Action::CountPositive { tiles } => format!(
                "{} {} + {}",
                tr(lang, "Count as plus points:", "Als Pluspunkte zählen:"),
                tiles[0],
                tiles[1]
            ),
            Action::OpenRow { row: r } => {
                format!("{} {}", tr(lang, "Open row", "Reihe öffnen:"), row(*r))
            }
            Action::TakeLuck { card } => format!(
                "{} {}",
                tr(lang, "Take a luck card:", "Glückskarte nehmen:"),
                luck_card_name(lang, *card)
            ),
        }
    }

    fn select(&mut self, i: usize) {
        if i < self.view().hand.len() {
            self.screen.cursor = i;
        }
    }

    /// Space: marks or unmarks the selected tile (no more than the count).
    fn toggle_mark(&mut self) {
        let (Some(tile), Some(count)) = (self.selected_tile(), self.count()) else {
            return;
        };
        if let Some(i) = self.screen.marked.iter().position(|&t| t == tile) {
            self.screen.marked.remove(i);
        } else if self.screen.marked.len() < count {
            self.screen.marked.push(tile);
        }
    }

    /// Enter while choosing: the marked tiles (with the selected one when one is missing), if
    /// the rules allow them.
    fn choose(&mut self) -> Option<Action> {
        let count = self.count()?;
        let mut tiles = self.screen.marked.clone();
        if tiles.len() < count {
            let t = self.selected_tile()?;
            if !tiles.contains(&t) {
                tiles.push(t);
            }
        }
        tiles.sort_unstable();
        let action = Action::Choose { tiles };
        if self.legal().contains(&action) {
            Some(action)
        } else {
            let line = tr(
                self.lang,
                "Mark as many tiles as asked (space), then Enter",
                "So viele Plättchen markieren wie verlangt (Leertaste), dann Enter",
            );
            self.log(line.to_owned());
            None
        }
    }
}

impl GameScreen for BoardScreen {
    type R = Board;

    fn new(_view: &View) -> Self {
        BoardScreen::default()
    }

    fn title(lang: Lang) -> &'static str {
        tr(lang, "6 nimmt! Brettspiel", "6 nimmt! Brettspiel")
    }

    fn help_title(lang: Lang) -> &'static str {
        tr(
            lang,
            "Brettspiel: rules and keys",
            "Brettspiel: Regeln und Tasten",
        )
    }

    fn help_text(lang: Lang) -> &'static str {
        tr(lang, text::HELP_EN, text::HELP_DE)
    }

    fn asked(view: &View) -> Option<Decision> {
        view.asked
    }

    fn deal(_view: &View) -> u32 {
        1
    }

    fn last_points(_view: &View) -> Option<Vec<i32>> {
        // One game, no deals: the result shows the scores alone.
        None
    }

    fn is_slow(e: &Event) -> bool {
        matches!(
            e,
            Event::Revealed { .. }
                | Event::Laid { .. }
                | Event::LaidAtStart { .. }
                | Event::ActionCardPlayed { .. }
                | Event::RowTaken { .. }
                | Event::RoundEnded { .. }
                | Event::GameEnded { .. }
        )
    }

    fn ends_game(e: &Event) -> bool {
        matches!(e, Event::GameEnded { .. })
    }

    fn key(app: &mut BoardApp, key: Key) -> Option<Action> {
        if app.list_decision() {
            let len = app.choices().len();
            if len == 0 {
                return None;
            }
            let i = &mut app.screen.choice;
            match key {
                Key::Up => *i = (*i + len - 1) % len,
                Key::Down | Key::Tab => *i = (*i + 1) % len,
                Key::Home => *i = 0,
                Key::End => *i = len - 1,
                Key::Char(c @ '1'..='9') if (c as usize - '1' as usize) < len => {
                    *i = c as usize - '1' as usize
                }
                Key::Enter | Key::Char(' ') => {
                    let a = app.choices().get(app.screen.choice).cloned();
                    app.screen.choice = 0;
                    return a;
                }
                _ => {}
            }
            return None;
        }
        let n = app.view().hand.len();
        match key {
            Key::Left if n > 0 => app.select((app.screen.cursor + n - 1) % n),
            Key::Right | Key::Tab if n > 0 => app.select((app.screen.cursor + 1) % n),
            Key::Home => app.select(0),
            Key::End if n > 0 => app.select(n - 1),
            Key::Char(' ') => app.toggle_mark(),
            Key::Enter => return app.choose(),
            _ => {}
        }
        None
    }

    fn click(app: &mut BoardApp, x: u16, y: u16) -> Option<Action> {
        match layout::hit(app, x, y)? {
            layout::Target::Hand(i) => {
                app.select(i);
                if app.count() == Some(1) {
                    app.screen.marked.clear();
                    app.choose()
                } else {
                    app.toggle_mark();
                    None
                }
            }
            layout::Target::Choice(i) => app.choices().get(i).cloned(),
        }
    }

    fn acted(app: &mut BoardApp, action: &Action) {
        app.screen.marked.clear();
        app.screen.choice = 0;
        if app.is_remote() {
            // Until the server answers, the chosen tiles are shown gone from your tiles.
            if let Action::Choose { tiles } = action {
                app.view_mut().hand.retain(|t| !tiles.contains(t));
            }
        }
    }

    fn shows_at_once(_action: &Action) -> bool {
        true
    }

    fn settled(app: &mut BoardApp) {
        let n = app.view().hand.len();
        app.screen.cursor = app.screen.cursor.min(n.saturating_sub(1));
        let hand = app.view().hand.clone();
        app.screen.marked.retain(|t| hand.contains(t));
        if app.count().is_none() {
            app.screen.marked.clear();
        }
        let len = app.choices().len();
        if app.screen.choice >= len {
            app.screen.choice = 0;
        }
    }

    fn min_size(app: &BoardApp) -> (u16, u16) {
        (layout::MIN_WIDTH, layout::min_height(app))
    }

    fn draw(app: &BoardApp, frame: &mut ratatui::Frame) {
        draw::draw(app, frame)
    }

    fn apply(app: &mut BoardApp, event: Event) {
        if let Some(line) = app.narrate(&event) {
            app.log(line);
        }
        fold::fold(app.view_mut(), &event);
        if let Event::GameEnded { outcome } = event {
            app.log(app.lang.t(T::GameOver).to_owned());
            app.show_result(Pause::GameOver {
                scores: outcome.scores,
                winners: outcome.winners,
            });
        }
    }
}

/// A seat's short marker in the players' panel: `▶` must decide now, `✓` has chosen.
pub fn marker(view: &View, seat: Seat) -> char {
    match &view.stage {
        StageView::Choosing { chosen, .. } => {
            if chosen.get(seat.index()).copied().unwrap_or(false) {
                '✓'
            } else {
                '…'
            }
        }
        StageView::Over => ' ',
        _ if view.waiting_for.contains(&seat) => '▶',
        _ => ' ',
    }
}
