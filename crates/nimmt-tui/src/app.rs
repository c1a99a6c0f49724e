//! The client as a pure state machine: [`App`] holds everything on screen, [`App::handle`] turns
//! one [`Input`] into changes and [`Effect`]s, and [`crate::ui::draw`] paints it. No clock and no
//! terminal in here: time arrives as [`Input::Tick`], so tests drive a whole game.

use crate::offline::OfflineTable;
use crate::text::{Lang, T};
use crate::ui;
use nimmt_core::games::classic::{
    can_swap, swapped_digits, Action, Decision, Event, Fan, Marker, PhaseView, Play, View, ROWS,
};
use nimmt_core::{Card, Seat};
use std::collections::VecDeque;

/// A key, as the client understands it (the terminal loop translates crossterm's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Enter,
    Esc,
    Backspace,
    Tab,
    Left,
    Right,
    Up,
    Down,
    Home,
    End,
    F1,
    CtrlC,
}

/// Something that happened to the client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Key(Key),
    /// A left click at this cell.
    Click {
        x: u16,
        y: u16,
    },
    /// Time passes (the loop sends one every [`TICK_MS`] milliseconds).
    Tick,
    Resize {
        width: u16,
        height: u16,
    },
    /// A remote table changed: the events this seat may see, in order, and its view after them.
    Remote {
        events: Vec<Event>,
        view: Box<View>,
    },
}

/// What the loop must do after an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Leave the client (restoring the terminal).
    Quit,
    /// The game is over: write the game record now, if one was asked for.
    SaveRecord,
    /// At a remote table: send this action for the player's seat.
    Act(Action),
}

/// Milliseconds between two ticks.
pub const TICK_MS: u64 = 100;
/// Ticks a step of the reveal stays on screen before the next one.
pub const STEP_TICKS: u32 = 8;
/// Ticks a deal's or the game's result stands before Enter dismisses it.
pub const PAUSE_TICKS: u32 = 6;

/// A window over the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    Help,
    ConfirmQuit,
}

/// A result the player reads before going on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pause {
    DealOver {
        deal: u32,
        points: Vec<u32>,
        totals: Vec<u32>,
    },
    GameOver {
        scores: Vec<u32>,
        winners: Vec<Seat>,
    },
}

/// Where the game runs.
pub enum Source {
    /// In this process, against bots.
    Offline(Box<OfflineTable>),
    /// On a server: the latest view it sent.
    Remote(Box<View>),
}

/// The whole client.
pub struct App {
    pub lang: Lang,
    pub width: u16,
    pub height: u16,
    source: Source,
    /// The player's seat.
    me: Seat,
    names: Vec<String>,
    /// What the screen shows: the game's view, or while the reveal runs, the view as the steps
    /// so far left it.
    shown: View,
    /// Events not yet shown.
    steps: VecDeque<Event>,
    ticks: u32,
    /// Ticks a step stays on screen.
    pub step_ticks: u32,
    /// The cards of the last reveal and how many of them are laid.
    revealed: Vec<Play>,
    laid: usize,
    revealed_turn: u32,
    /// The latest things that happened, newest last.
    log: Vec<String>,
    /// Selected card of the hand or of the draft pool.
    pub cursor: usize,
    /// Selected row for a low card.
    pub row_cursor: usize,
    /// Play the next card with the *Zahlendreher*.
    pub swap: bool,
    pub overlay: Option<Overlay>,
    pub pause: Option<Pause>,
    /// Ticks since the result on screen appeared.
    pause_age: u32,
    saved: bool,
}

impl App {
    /// A client for an offline table, the player at seat 0.
    pub fn new(table: OfflineTable, lang: Lang) -> App {
        let mut names = vec![lang.t(T::You).to_owned()];
        names.extend((1..table.players()).map(|i| lang.fill(T::BotName, &[&i])));
        let shown = table.view();
        let me = crate::offline::ME;
        App::with_source(Source::Offline(Box::new(table)), shown, me, names, lang)
    }

    /// A client for a remote table where the player sits at `me`; `names` has one per seat.
    pub fn remote(view: View, me: Seat, names: Vec<String>, lang: Lang) -> App {
        App::with_source(
            Source::Remote(Box::new(view.clone())),
            view,
            me,
            names,
            lang,
        )
    }

    fn with_source(source: Source, shown: View, me: Seat, names: Vec<String>, lang: Lang) -> App {
        let mut app = App {
            lang,
            width: 80,
            height: 24,
            source,
            me,
            names,
            shown,
            steps: VecDeque::new(),
            ticks: 0,
            step_ticks: STEP_TICKS,
            revealed: Vec::new(),
            laid: 0,
            revealed_turn: 0,
            log: Vec::new(),
            cursor: 0,
            row_cursor: 0,
            swap: false,
            overlay: None,
            pause: None,
            pause_age: 0,
            saved: false,
        };
        app.log(app.lang.fill(T::NewDeal, &[&app.shown.deal]));
        app
    }

    /// The player's seat.
    pub fn me(&self) -> Seat {
        self.me
    }

    // ----- what the screen reads -----

    pub fn view(&self) -> &View {
        &self.shown
    }
    pub fn names(&self) -> &[String] {
        &self.names
    }
    pub fn bot_names(&self) -> Vec<String> {
        match &self.source {
            Source::Offline(t) => t.bot_names(),
            Source::Remote(_) => Vec::new(),
        }
    }
    pub fn log_lines(&self) -> &[String] {
        &self.log
    }
    pub fn revealed(&self) -> (&[Play], usize, u32) {
        (&self.revealed, self.laid, self.revealed_turn)
    }
    /// The offline table, if the game runs here.
    pub fn offline(&self) -> Option<&OfflineTable> {
        match &self.source {
            Source::Offline(t) => Some(t),
            Source::Remote(_) => None,
        }
    }
    /// Whether a bot of this process must still decide.
    pub fn bot_pending(&self) -> bool {
        self.offline().is_some_and(|t| t.bot_pending())
    }
    /// Whether the reveal is still being shown step by step.
    pub fn animating(&self) -> bool {
        !self.steps.is_empty()
    }
    /// Whether the result on screen has stood long enough to be dismissed by Enter.
    pub fn pause_ready(&self) -> bool {
        self.pause.is_some() && self.pause_age >= PAUSE_TICKS
    }
    /// The game's result in one line (winner first, then everyone by points), once it is over.
    pub fn result_line(&self) -> Option<String> {
        let Some(Pause::GameOver { scores, winners }) = &self.pause else {
            return None;
        };
        let lang = self.lang;
        let banner = if winners.contains(&self.me) {
            lang.t(if winners.len() > 1 {
                T::YouShareWin
            } else {
                T::YouWin
            })
            .to_owned()
        } else {
            let names: Vec<&str> = winners
                .iter()
                .map(|s| self.names[s.index()].as_str())
                .collect();
            if names.len() > 1 {
                lang.fill(T::ShareWin, &[&names.join(", ")])
            } else {
                lang.fill(T::Wins, &[&names.join("")])
            }
        };
        let mut order: Vec<usize> = (0..scores.len()).collect();
        order.sort_by_key(|&s| (scores[s], s));
        let ranking: Vec<String> = order
            .iter()
            .map(|&s| format!("{} {}", self.names[s], scores[s]))
            .collect();
        Some(format!("{banner} · {}", ranking.join(", ")))
    }

    /// Events still to be shown.
    pub fn steps_left(&self) -> usize {
        self.steps.len()
    }
    /// What the player is asked now, if the screen is ready for an answer.
    pub fn asked(&self) -> Option<Decision> {
        if self.animating() || self.pause.is_some() {
            None
        } else {
            self.shown.asked
        }
    }
    /// The card a low card must take a row for, when it is the player's.
    pub fn low_card(&self) -> Option<Card> {
        match &self.shown.phase {
            PhaseView::Place { queue } => {
                queue.first().filter(|p| p.seat == self.me).map(|p| p.card)
            }
            _ => None,
        }
    }
    pub fn is_over(&self) -> bool {
        matches!(self.pause, Some(Pause::GameOver { .. }))
    }

    /// Adds a line to what the table panel tells.
    pub fn note(&mut self, line: String) {
        self.log(line);
    }

    fn log(&mut self, line: String) {
        self.log.push(line);
        if self.log.len() > 50 {
            self.log.remove(0);
        }
    }

    // ----- input -----

    /// Handles one input; returns what the loop must do.
    pub fn handle(&mut self, input: Input) -> Vec<Effect> {
        let mut effects = Vec::new();
        match input {
            Input::Resize { width, height } => {
                self.width = width;
                self.height = height;
            }
            Input::Tick => self.tick(&mut effects),
            Input::Key(Key::CtrlC) => effects.push(Effect::Quit),
            Input::Key(key) => self.key(key, &mut effects),
            Input::Click { x, y } => self.click(x, y, &mut effects),
            Input::Remote { events, view } => {
                if let Source::Remote(v) = &mut self.source {
                    *v = view;
                    self.push_events(events, &mut effects);
                }
            }
        }
        effects
    }

    fn tick(&mut self, effects: &mut Vec<Effect>) {
        if self.pause.is_some() {
            self.pause_age = self.pause_age.saturating_add(1);
        }
        if self.overlay.is_some() || self.pause.is_some() {
            return;
        }
        if !self.steps.is_empty() {
            self.ticks += 1;
            if self.ticks >= self.step_ticks {
                self.advance(effects);
            }
            return;
        }
        if let Source::Offline(table) = &mut self.source {
            if let Some(events) = table.bot_step() {
                self.push_events(events, effects);
            }
        }
    }

    fn key(&mut self, key: Key, effects: &mut Vec<Effect>) {
        if !ui::fits(self) {
            if matches!(key, Key::Char('q') | Key::Esc) {
                effects.push(Effect::Quit);
            }
            return;
        }
        match self.overlay {
            Some(Overlay::ConfirmQuit) => {
                match key {
                    Key::Char('y' | 'Y' | 'j' | 'J') => effects.push(Effect::Quit),
                    Key::Char('n' | 'N' | 'q') | Key::Esc => self.overlay = None,
                    _ => {}
                }
                return;
            }
            Some(Overlay::Help) => {
                if matches!(key, Key::Esc | Key::Char('?' | 'q') | Key::F1 | Key::Enter) {
                    self.overlay = None;
                }
                return;
            }
            None => {}
        }
        match key {
            Key::Char('?') | Key::F1 => {
                self.overlay = Some(Overlay::Help);
                return;
            }
            Key::Char('q') if self.is_over() => {
                effects.push(Effect::Quit);
                return;
            }
            Key::Char('q') | Key::Esc => {
                self.overlay = Some(Overlay::ConfirmQuit);
                return;
            }
            _ => {}
        }
        if self.pause.is_some() && !self.pause_ready() {
            // A result stays a moment, so that keys meant for the reveal do not skip it.
            return;
        }
        match &self.pause {
            Some(Pause::GameOver { .. }) => {
                if key == Key::Enter {
                    effects.push(Effect::Quit);
                }
                return;
            }
            Some(Pause::DealOver { .. }) => {
                if matches!(key, Key::Enter | Key::Char(' ')) {
                    self.pause = None;
                    self.drain_instant(effects);
                }
                return;
            }
            None => {}
        }
        if self.animating() {
            if matches!(key, Key::Enter | Key::Char(' ')) {
                self.advance(effects);
            }
            return;
        }
        match self.asked() {
            Some(Decision::PlayCard) => self.key_play(key, effects),
            Some(Decision::TakeRow) => self.key_row(key, effects),
            Some(Decision::DraftPick) => self.key_draft(key, effects),
            None => {}
        }
    }

    fn key_play(&mut self, key: Key, effects: &mut Vec<Effect>) {
        let n = self.shown.hand.len();
        if n == 0 {
            return;
        }
        match key {
            Key::Left => self.cursor = (self.cursor + n - 1) % n,
            Key::Right | Key::Tab => self.cursor = (self.cursor + 1) % n,
            Key::Home => self.cursor = 0,
            Key::End => self.cursor = n - 1,
            Key::Char(c @ '0'..='9') => {
                let i = if c == '0' {
                    9
                } else {
                    c as usize - '1' as usize
                };
                if i < n {
                    self.cursor = i;
                }
            }
            Key::Char('z' | 'Z') if self.swap_available() => self.swap = !self.swap,
            Key::Enter | Key::Char(' ') => self.play_selected(effects),
            _ => {}
        }
    }

    fn key_row(&mut self, key: Key, effects: &mut Vec<Effect>) {
        match key {
            Key::Up | Key::Left => self.row_cursor = (self.row_cursor + ROWS - 1) % ROWS,
            Key::Down | Key::Right => self.row_cursor = (self.row_cursor + 1) % ROWS,
            Key::Char(c @ '1'..='4') => self.row_cursor = c as usize - '1' as usize,
            Key::Enter | Key::Char(' ') => self.act(
                Action::TakeRow {
                    row: self.row_cursor,
                },
                effects,
            ),
            _ => {}
        }
    }

    fn key_draft(&mut self, key: Key, effects: &mut Vec<Effect>) {
        let PhaseView::Draft { pool, .. } = &self.shown.phase else {
            return;
        };
        let n = pool.len();
        if n == 0 {
            return;
        }
        let per_line = ui::pool_per_line(self).max(1);
        match key {
            Key::Left => self.cursor = (self.cursor + n - 1) % n,
            Key::Right | Key::Tab => self.cursor = (self.cursor + 1) % n,
            Key::Up => self.cursor = self.cursor.saturating_sub(per_line),
            Key::Down => self.cursor = (self.cursor + per_line).min(n - 1),
            Key::Home => self.cursor = 0,
            Key::End => self.cursor = n - 1,
            Key::Enter | Key::Char(' ') => {
                let card = pool[self.cursor.min(n - 1)];
                self.act(Action::Draft { card }, effects);
            }
            _ => {}
        }
    }

    fn click(&mut self, x: u16, y: u16, effects: &mut Vec<Effect>) {
        if self.overlay.is_some() || self.pause.is_some() || self.animating() || !ui::fits(self) {
            // A click anywhere moves the reveal on, like Enter.
            if self.overlay.is_none() && self.pause.is_none() && self.animating() {
                self.advance(effects);
            }
            return;
        }
        let Some(target) = ui::hit(self, x, y) else {
            return;
        };
        match (self.asked(), target) {
            (Some(Decision::PlayCard), ui::Target::Hand(i)) if i < self.shown.hand.len() => {
                self.cursor = i;
                self.play_selected(effects);
            }
            (Some(Decision::TakeRow), ui::Target::Row(r)) => {
                self.row_cursor = r;
                self.act(Action::TakeRow { row: r }, effects);
            }
            (Some(Decision::DraftPick), ui::Target::Pool(i)) => {
                if let PhaseView::Draft { pool, .. } = &self.shown.phase {
                    if let Some(&card) = pool.get(i) {
                        self.cursor = i;
                        self.act(Action::Draft { card }, effects);
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether the player may play the *Zahlendreher* now.
    pub fn swap_available(&self) -> bool {
        self.shown.options.fan == Some(Fan::DigitSwap)
            && self
                .shown
                .swap_left
                .get(self.me.index())
                .copied()
                .unwrap_or(false)
    }

    /// The selected card of the hand.
    pub fn selected_card(&self) -> Option<Card> {
        self.shown
            .hand
            .get(self.cursor.min(self.shown.hand.len().saturating_sub(1)))
            .copied()
    }

    fn play_selected(&mut self, effects: &mut Vec<Effect>) {
        let Some(card) = self.selected_card() else {
            return;
        };
        let swap = self.swap && self.swap_available();
        if swap && !can_swap(card) {
            self.log(self.lang.t(T::SwapNotForThis).to_owned());
            return;
        }
        self.act(Action::Play { card, swap }, effects);
    }

    fn act(&mut self, action: Action, effects: &mut Vec<Effect>) {
        let result = match &mut self.source {
            Source::Offline(table) => table.act(action),
            Source::Remote(_) => {
                // The server answers with the events; until then the card leaves the hand.
                effects.push(Effect::Act(action));
                Ok(Vec::new())
            }
        };
        match result {
            Ok(events) => {
                if let Action::Play { card, swap } = action {
                    self.shown.hand.retain(|&c| c != card);
                    if let PhaseView::Choose { mine, .. } = &mut self.shown.phase {
                        *mine = Some(Play {
                            seat: self.me,
                            card,
                            swap,
                        });
                    }
                    self.swap = false;
                }
                if matches!(self.source, Source::Remote(_)) {
                    // The server's update brings the events; until then the screen shows the
                    // move as made, and asks nothing more.
                    self.shown.asked = None;
                    return;
                }
                let own_row = matches!(action, Action::TakeRow { .. });
                self.push_events(events, effects);
                if own_row && self.animating() {
                    // The row the player just chose is laid at once.
                    self.advance(effects);
                }
            }
            Err(e) => self.log(self.lang.fill(T::Refused, &[&e])),
        }
    }

    // ----- the step-by-step reveal -----

    fn push_events(&mut self, events: Vec<Event>, effects: &mut Vec<Effect>) {
        self.steps.extend(events);
        self.drain_instant(effects);
    }

    /// Shows every event up to the next one that deserves its own moment on screen.
    fn drain_instant(&mut self, effects: &mut Vec<Effect>) {
        while let Some(e) = self.steps.front() {
            if is_slow(e) || self.pause.is_some() {
                break;
            }
            let e = self.steps.pop_front().expect("a step");
            self.apply(e, effects);
        }
        self.settle();
    }

    /// Shows the next event now.
    fn advance(&mut self, effects: &mut Vec<Effect>) {
        self.ticks = 0;
        if let Some(e) = self.steps.pop_front() {
            self.apply(e, effects);
        }
        self.drain_instant(effects);
    }

    /// Once every step is shown, the screen shows the game's own view again.
    fn settle(&mut self) {
        if !self.steps.is_empty() || self.pause.is_some() {
            return;
        }
        self.shown = match &self.source {
            Source::Offline(table) => table.view(),
            Source::Remote(view) => (**view).clone(),
        };
        let hand = self.shown.hand.len();
        self.cursor = self.cursor.min(hand.saturating_sub(1));
        if let PhaseView::Draft { pool, .. } = &self.shown.phase {
            self.cursor = self.cursor.min(pool.len().saturating_sub(1));
        }
        if !self.swap_available() {
            self.swap = false;
        }
    }

    fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| seat.to_string())
    }

    /// Changes what the screen shows by one event.
    fn apply(&mut self, event: Event, effects: &mut Vec<Effect>) {
        let lang = self.lang;
        match event {
            Event::DealStarted {
                deal,
                rows,
                pool,
                first_pick,
            } => {
                self.shown.deal = deal;
                self.shown.turn = 0;
                if let Some(rows) = rows {
                    self.shown.rows = rows;
                }
                if let (Some(pool), Some(next)) = (pool, first_pick) {
                    self.shown.phase = PhaseView::Draft { pool, next };
                    self.shown.hand.clear();
                }
                for t in &mut self.shown.taken {
                    t.clear();
                }
                self.shown.deal_points.iter_mut().for_each(|p| *p = 0);
                self.revealed.clear();
                self.laid = 0;
                self.log(lang.fill(T::NewDeal, &[&deal]));
            }
            Event::HandDealt { seat, hand } if seat == self.me => self.shown.hand = hand,
            Event::HandDealt { .. } => {}
            Event::Drafted { seat, card } => {
                if let PhaseView::Draft { pool, next } = &mut self.shown.phase {
                    pool.retain(|&c| c != card);
                    *next = Seat(((seat.index() + 1) % self.shown.players) as u8);
                }
                if let Some(d) = self.shown.drafted.get_mut(seat.index()) {
                    d.push(card);
                }
                if seat == self.me {
                    let hand = &mut self.shown.hand;
                    hand.insert(hand.partition_point(|&c| c < card), card);
                }
                let line = if seat == self.me {
                    lang.fill(T::YouPick, &[&card])
                } else {
                    let who = self.name(seat);
                    lang.fill(T::Drafted, &[&who, &card])
                };
                self.log(line);
            }
            Event::RowsLaid { rows } => {
                self.shown.rows = rows;
                self.log(lang.t(T::RowsLaidOut).to_owned());
            }
            Event::Chosen { seat } => {
                if let PhaseView::Choose { chosen, .. } = &mut self.shown.phase {
                    if let Some(c) = chosen.get_mut(seat.index()) {
                        *c = true;
                    }
                }
            }
            Event::Revealed { turn, plays } => {
                self.revealed = plays.clone();
                self.laid = 0;
                self.revealed_turn = turn;
                self.shown.phase = PhaseView::Place { queue: plays };
                self.log(lang.t(T::Revealed).to_owned());
            }
            Event::Placed {
                seat,
                card,
                row,
                end,
                low,
            } => {
                if let PhaseView::Place { queue } = &mut self.shown.phase {
                    if !queue.is_empty() {
                        queue.remove(0);
                    }
                }
                self.laid = (self.laid + 1).min(self.revealed.len());
                // The screen's copy of the rows follows the game's own placement rules.
                if low {
                    self.shown.rows.take_with(card, row);
                } else {
                    self.shown.rows.lay(card, row, end);
                }
                let who = self.name(seat);
                let line = if low {
                    lang.fill(T::LowTakes, &[&who, &card, &(row + 1)])
                } else {
                    lang.fill(T::Lays, &[&who, &card, &(row + 1)])
                };
                self.log(line);
            }
            Event::RowChoice { seat, card } => {
                let line = if seat == self.me {
                    self.row_cursor = self.shown.rows.cheapest_row();
                    lang.fill(T::YouChooseRow, &[&card])
                } else {
                    let who = self.name(seat);
                    lang.fill(T::ChoosesRow, &[&who, &card])
                };
                self.log(line);
            }
            Event::RowTaken {
                seat,
                taken,
                points,
            } => {
                if let Some(t) = self.shown.taken.get_mut(seat.index()) {
                    t.extend(&taken.cards);
                }
                if let Some(p) = self.shown.deal_points.get_mut(seat.index()) {
                    *p += points;
                }
                let cards = taken
                    .cards
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                let line = if seat == self.me {
                    lang.fill(T::YouTake, &[&cards, &points])
                } else {
                    let who = self.name(seat);
                    lang.fill(T::TakesRow, &[&who, &cards, &points])
                };
                self.log(line);
            }
            Event::MarkerMoved { marker } => {
                self.shown.rows.marker = Some(marker);
                let line = match marker {
                    Marker::Cow { row } => lang.fill(T::CowJumps, &[&(row + 1)]),
                    Marker::EvenOdd { row, even } => {
                        let parity = lang.t(if even { T::Even } else { T::Odd });
                        lang.fill(T::MarkerEvenOdd, &[&(row + 1), &parity])
                    }
                    Marker::Mountain { row, .. } => lang.fill(T::ClimberMoves, &[&(row + 1)]),
                };
                self.log(line);
            }
            Event::TurnEnded { rows, turn, .. } => {
                self.shown.rows = rows;
                // After the deal's last turn nobody chooses until the next deal is dealt.
                self.shown.phase = if turn >= u32::from(self.shown.options.hand_size) {
                    PhaseView::Over
                } else {
                    PhaseView::Choose {
                        chosen: vec![false; self.shown.players],
                        mine: None,
                    }
                };
            }
            Event::DealEnded {
                deal,
                points,
                totals,
            } => {
                self.shown.totals = totals.clone();
                self.shown.history.push(points.clone());
                self.log(lang.fill(T::DealOver, &[&deal]));
                self.pause_age = 0;
                self.pause = Some(Pause::DealOver {
                    deal,
                    points,
                    totals,
                });
            }
            Event::GameEnded { outcome } => {
                let scores = outcome.scores.iter().map(|&s| s.max(0) as u32).collect();
                self.shown.outcome = Some(outcome.clone());
                self.shown.phase = PhaseView::Over;
                self.pause_age = 0;
                self.pause = Some(Pause::GameOver {
                    scores,
                    winners: outcome.winners,
                });
                if !self.saved {
                    self.saved = true;
                    effects.push(Effect::SaveRecord);
                }
            }
        }
        // A finished deal gives way to the game's result when the game ends with it.
        if matches!(self.pause, Some(Pause::DealOver { .. }))
            && matches!(self.steps.front(), Some(Event::GameEnded { .. }))
        {
            self.pause = None;
            let e = self.steps.pop_front().expect("the game's end");
            self.apply(e, effects);
        }
    }

    /// The value the selected card counts as, when it is played with the *Zahlendreher*.
    pub fn swap_preview(&self) -> Option<(Card, Option<u8>)> {
        if !self.swap {
            return None;
        }
        let card = self.selected_card()?;
        Some((card, can_swap(card).then(|| swapped_digits(card.number()))))
    }
}

/// Events that get their own moment on screen during the reveal.
fn is_slow(e: &Event) -> bool {
    matches!(
        e,
        Event::Placed { .. }
            | Event::RowTaken { .. }
            | Event::DealEnded { .. }
            | Event::GameEnded { .. }
    )
}
