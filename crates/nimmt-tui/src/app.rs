//! The client at one table, as a pure state machine that knows no game: [`App`] holds where the
//! game runs (here against bots, or on a server), what the screen shows, the events still to be
//! shown one by one, the log, the help and quit windows and the results; [`App::handle`] turns
//! one [`Input`] into changes and [`Effect`]s. Everything a game adds (its keys, how an event
//! changes the picture, how the table is drawn) comes from its [`GameScreen`]. No clock and no
//! terminal in here: time arrives as [`Input::Tick`], so tests drive a whole game.
//!
//! Drawing depends on this model, never the reverse: the only thing the model asks of a screen's
//! geometry is whether the table fits ([`GameScreen::min_size`]).

use crate::offline::{OfflineTable, ME};
use crate::text::{Lang, T};
use nimmt_bots::registry::GameBots;
use nimmt_core::{ActionError, Rules, ScoreSense, Seat};
use ratatui::Frame;
use std::collections::VecDeque;

pub use crate::input::{Effect, Input, Key, TICK_MS};

/// Ticks a step of the reveal stays on screen before the next one.
pub const STEP_TICKS: u32 = 8;
/// Ticks a deal's or the game's result stands before Enter dismisses it.
pub const PAUSE_TICKS: u32 = 6;

/// The action, view, event and decision types of the game a screen shows.
pub type ActionOf<S> = <<S as GameScreen>::R as Rules>::Action;
pub type ViewOf<S> = <<S as GameScreen>::R as Rules>::View;
pub type EventOf<S> = <<S as GameScreen>::R as Rules>::Event;
pub type DecisionOf<S> = <<S as GameScreen>::R as Rules>::Decision;

/// One game's part of the terminal client: its own cursor state (`Self`), its keys, how its
/// events change the picture and the log, and how its table is drawn. The shell ([`App`]) does
/// everything else. Registered by one line in `games/mod.rs`.
pub trait GameScreen: Sized + 'static {
    /// The game.
    type R: GameBots;

    /// The screen's own state (cursors) for a table showing `view`.
    fn new(view: &ViewOf<Self>) -> Self;
    /// The game's title on screen.
    fn title(lang: Lang) -> &'static str;
    /// The help window's title and text.
    fn help_title(lang: Lang) -> &'static str;
    fn help_text(lang: Lang) -> &'static str;
    /// What `view` asks its viewer now.
    fn asked(view: &ViewOf<Self>) -> Option<DecisionOf<Self>>;
    /// The deal `view` shows.
    fn deal(view: &ViewOf<Self>) -> u32;
    /// The points of the last finished deal, for the game's result (in the game's own sense:
    /// [`App::higher_wins`]; they may be negative).
    fn last_points(view: &ViewOf<Self>) -> Option<Vec<i32>>;
    /// The game's result in words, when the seats' scores alone do not tell it (a team against
    /// an automaton): the banner and the lines beneath it. `None`: the seats ranked by score.
    fn result(_app: &App<Self>) -> Option<(String, Vec<String>)> {
        None
    }
    /// What a finished deal's window says above the points: how the deal ended, in words
    /// (none: the points alone).
    fn deal_note(_app: &App<Self>) -> Vec<String> {
        Vec::new()
    }
    /// Whether the event gets its own moment on screen.
    fn is_slow(event: &EventOf<Self>) -> bool;
    /// Whether the event ends the game.
    fn ends_game(event: &EventOf<Self>) -> bool;
    /// Changes what the screen shows by one event (the log line, a result to read).
    fn apply(app: &mut App<Self>, event: EventOf<Self>);
    /// The player pressed `key` while asked: the action it chooses, if any.
    fn key(app: &mut App<Self>, key: Key) -> Option<ActionOf<Self>>;
    /// The player clicked at (`x`, `y`) while asked: the action it chooses, if any.
    fn click(app: &mut App<Self>, x: u16, y: u16) -> Option<ActionOf<Self>>;
    /// The action was accepted (offline) or sent (online): the screen may show it made at once.
    fn acted(_app: &mut App<Self>, _action: &ActionOf<Self>) {}
    /// Whether the steps an action brings begin at once (the player's own choice needs no pause).
    fn shows_at_once(_action: &ActionOf<Self>) -> bool {
        false
    }
    /// Esc while asked: steps back from a choice the screen has open; `false` when none is.
    fn escape(_app: &mut App<Self>) -> bool {
        false
    }
    /// The screen shows the game's own view again: keep the cursors in range.
    fn settled(_app: &mut App<Self>) {}
    /// The smallest terminal (columns, lines) the table fits in now.
    fn min_size(app: &App<Self>) -> (u16, u16);
    /// Paints the table (the shell adds the windows over it).
    fn draw(app: &App<Self>, frame: &mut Frame);
}

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
        points: Vec<i32>,
        totals: Vec<i32>,
    },
    GameOver {
        scores: Vec<i32>,
        winners: Vec<Seat>,
    },
}

/// Where the game runs.
enum Source<R: GameBots> {
    /// In this process, against bots.
    Offline(Box<OfflineTable<R>>),
    /// On a server: the latest view it sent, and the actions it said the seat may take (`None`:
    /// worked out from the view).
    Remote {
        view: Box<R::View>,
        legal: Option<Vec<R::Action>>,
    },
}

/// The client at one table.
pub struct App<S: GameScreen> {
    pub lang: Lang,
    pub width: u16,
    pub height: u16,
    source: Source<S::R>,
    /// The player's seat.
    me: Seat,
    names: Vec<String>,
    /// What the screen shows: the game's view, or while the steps run, the view as the steps
    /// so far left it.
    shown: ViewOf<S>,
    /// The actions the shown view allows the player.
    legal: Vec<ActionOf<S>>,
    /// At a remote table: a move was sent and its answer has not come yet.
    sent: bool,
    /// Events not yet shown.
    steps: VecDeque<EventOf<S>>,
    ticks: u32,
    /// Ticks a step stays on screen.
    pub step_ticks: u32,
    /// The latest things that happened, newest last.
    log: Vec<String>,
    pub overlay: Option<Overlay>,
    pub pause: Option<Pause>,
    /// Ticks since the result on screen appeared.
    pause_age: u32,
    saved: bool,
    /// The game's own screen state.
    pub screen: S,
}

impl<S: GameScreen> App<S> {
    /// A client for an offline table, the player at seat 0.
    pub fn new(table: OfflineTable<S::R>, lang: Lang) -> App<S> {
        let mut names = vec![lang.t(T::You).to_owned()];
        names.extend((1..table.players()).map(|i| lang.fill(T::BotName, &[&i])));
        let shown = table.view();
        App::with_source(Source::Offline(Box::new(table)), shown, ME, names, lang)
    }

    /// A client for a remote table where the player sits at `me`; `names` has one per seat.
    pub fn remote(view: ViewOf<S>, me: Seat, names: Vec<String>, lang: Lang) -> App<S> {
        let source = Source::Remote {
            view: Box::new(view.clone()),
            legal: None,
        };
        App::with_source(source, view, me, names, lang)
    }

    fn with_source(
        source: Source<S::R>,
        shown: ViewOf<S>,
        me: Seat,
        names: Vec<String>,
        lang: Lang,
    ) -> App<S> {
        let mut app = App {
            lang,
            width: 80,
            height: 24,
            source,
            me,
            names,
            screen: S::new(&shown),
            legal: S::R::legal_in_view(&shown),
            shown,
            sent: false,
            steps: VecDeque::new(),
            ticks: 0,
            step_ticks: STEP_TICKS,
            log: Vec::new(),
            overlay: None,
            pause: None,
            pause_age: 0,
            saved: false,
        };
        app.log(app.lang.fill(T::NewDeal, &[&S::deal(&app.shown)]));
        app
    }

    /// The player's seat.
    pub fn me(&self) -> Seat {
        self.me
    }

    // ----- what the screen reads -----

    pub fn view(&self) -> &ViewOf<S> {
        &self.shown
    }
    /// The shown view, for a screen that changes it by an event.
    pub fn view_mut(&mut self) -> &mut ViewOf<S> {
        &mut self.shown
    }
    pub fn names(&self) -> &[String] {
        &self.names
    }
    /// The name of a seat.
    pub fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| seat.to_string())
    }
    pub fn bot_names(&self) -> Vec<String> {
        match &self.source {
            Source::Offline(t) => t.bot_names(),
            Source::Remote { .. } => Vec::new(),
        }
    }
    pub fn log_lines(&self) -> &[String] {
        &self.log
    }
    /// The offline table, if the game runs here.
    pub fn offline(&self) -> Option<&OfflineTable<S::R>> {
        match &self.source {
            Source::Offline(t) => Some(t),
            Source::Remote { .. } => None,
        }
    }
    /// Whether the game runs on a server.
    pub fn is_remote(&self) -> bool {
        matches!(self.source, Source::Remote { .. })
    }
    /// Whether a bot of this process must still decide.
    pub fn bot_pending(&self) -> bool {
        self.offline().is_some_and(|t| t.bot_pending())
    }
    /// Whether the steps are still being shown one by one.
    pub fn animating(&self) -> bool {
        !self.steps.is_empty()
    }
    /// Whether the result on screen has stood long enough to be dismissed by Enter.
    pub fn pause_ready(&self) -> bool {
        self.pause.is_some() && self.pause_age >= PAUSE_TICKS
    }
    /// Events still to be shown.
    pub fn steps_left(&self) -> usize {
        self.steps.len()
    }
    /// What the player is asked now, if the screen is ready for an answer.
    pub fn asked(&self) -> Option<DecisionOf<S>> {
        if self.animating() || self.pause.is_some() || self.sent {
            None
        } else {
            S::asked(&self.shown)
        }
    }
    /// The actions the player may take now (empty when not asked): offline, what the rules allow
    /// the view; online, what the server said.
    pub fn legal(&self) -> &[ActionOf<S>] {
        if self.asked().is_some() {
            &self.legal
        } else {
            &[]
        }
    }
    pub fn is_over(&self) -> bool {
        matches!(self.pause, Some(Pause::GameOver { .. }))
    }
    /// Whether the table fits in the terminal.
    pub fn fits(&self) -> bool {
        let (w, h) = S::min_size(self);
        self.width >= w && self.height >= h
    }

    /// Whether higher scores win in this game.
    pub fn higher_wins(&self) -> bool {
        S::R::descriptor().sense == ScoreSense::Higher
    }

    /// Seats in the order of a result: the best first.
    pub fn ranking(&self, scores: &[i32]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..scores.len()).collect();
        if self.higher_wins() {
            order.sort_by_key(|&s| (std::cmp::Reverse(scores[s]), s));
        } else {
            order.sort_by_key(|&s| (scores[s], s));
        }
        order
    }

    /// The banner of the game's result: you win, share the win, or who wins.
    pub fn banner(&self, winners: &[Seat]) -> String {
        let lang = self.lang;
        if winners.contains(&self.me) {
            lang.t(if winners.len() > 1 {
                T::YouShareWin
            } else {
                T::YouWin
            })
            .to_owned()
        } else {
            let names: Vec<String> = winners.iter().map(|&s| self.name(s)).collect();
            if names.len() > 1 {
                lang.fill(T::ShareWin, &[&names.join(", ")])
            } else {
                lang.fill(T::Wins, &[&names.join("")])
            }
        }
    }

    /// The game's result in one line (winner first, then everyone by points), once it is over.
    pub fn result_line(&self) -> Option<String> {
        let Some(Pause::GameOver { scores, winners }) = &self.pause else {
            return None;
        };
        if let Some((banner, lines)) = S::result(self) {
            let lines: Vec<String> = lines
                .iter()
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect();
            return Some(format!("{banner} · {}", lines.join(", ")));
        }
        let ranking: Vec<String> = self
            .ranking(scores)
            .iter()
            .map(|&s| format!("{} {}", self.name(Seat(s as u8)), scores[s]))
            .collect();
        Some(format!("{} · {}", self.banner(winners), ranking.join(", ")))
    }

    /// Adds a line to what the table tells.
    pub fn note(&mut self, line: String) {
        self.log(line);
    }

    /// Adds a line to the log.
    pub fn log(&mut self, line: String) {
        self.log.push(line);
        if self.log.len() > 50 {
            self.log.remove(0);
        }
    }

    /// Shows a result the player reads before going on.
    pub fn show_result(&mut self, pause: Pause) {
        self.pause_age = 0;
        self.pause = Some(pause);
    }

    /// The next event still to be shown.
    pub fn next_step(&self) -> Option<&EventOf<S>> {
        self.steps.front()
    }

    // ----- a remote table -----

    /// The server sent news of the table: the events this seat may see, in order, its view
    /// after them, and the actions it may take now (`None`: worked out from the view).
    pub fn remote_update(
        &mut self,
        events: Vec<EventOf<S>>,
        view: ViewOf<S>,
        legal: Option<Vec<ActionOf<S>>>,
    ) -> Vec<Effect<ActionOf<S>>> {
        let mut effects = Vec::new();
        if let Source::Remote { view: v, legal: l } = &mut self.source {
            **v = view;
            *l = legal;
            self.sent = false;
            self.push_events(events, &mut effects);
        }
        effects
    }

    // ----- input -----

    /// Handles one input; returns what the loop must do.
    pub fn handle(&mut self, input: Input) -> Vec<Effect<ActionOf<S>>> {
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
        }
        effects
    }

    fn tick(&mut self, effects: &mut Vec<Effect<ActionOf<S>>>) {
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

    fn key(&mut self, key: Key, effects: &mut Vec<Effect<ActionOf<S>>>) {
        if !self.fits() {
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
            // Esc leaves, unless the game's screen has a choice open to step back from.
            Key::Esc if self.asked().is_some() && S::escape(self) => return,
            Key::Char('q') | Key::Esc => {
                self.overlay = Some(Overlay::ConfirmQuit);
                return;
            }
            _ => {}
        }
        if self.pause.is_some() && !self.pause_ready() {
            // A result stays a moment, so that keys meant for the steps do not skip it.
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
        if self.asked().is_none() {
            return;
        }
        if let Some(action) = S::key(self, key) {
            self.act(action, effects);
        }
    }

    fn click(&mut self, x: u16, y: u16, effects: &mut Vec<Effect<ActionOf<S>>>) {
        if self.overlay.is_some() || self.pause.is_some() || self.animating() || !self.fits() {
            // A click anywhere moves the steps on, like Enter.
            if self.overlay.is_none() && self.pause.is_none() && self.animating() {
                self.advance(effects);
            }
            return;
        }
        if self.asked().is_none() {
            return;
        }
        if let Some(action) = S::click(self, x, y) {
            self.act(action, effects);
        }
    }

    fn act(&mut self, action: ActionOf<S>, effects: &mut Vec<Effect<ActionOf<S>>>) {
        let result: Result<Vec<EventOf<S>>, ActionError> = match &mut self.source {
            Source::Offline(table) => table.act(action.clone()),
            Source::Remote { .. } => {
                // The server answers with the events; until then the screen shows the move as
                // made, and asks nothing more.
                effects.push(Effect::Act(action.clone()));
                S::acted(self, &action);
                self.sent = true;
                return;
            }
        };
        match result {
            Ok(events) => {
                S::acted(self, &action);
                self.push_events(events, effects);
                if S::shows_at_once(&action) && self.animating() {
                    self.advance(effects);
                }
            }
            Err(e) => self.log(self.lang.fill(T::Refused, &[&e])),
        }
    }

    // ----- the events, one step at a time -----

    fn push_events(&mut self, events: Vec<EventOf<S>>, effects: &mut Vec<Effect<ActionOf<S>>>) {
        self.steps.extend(events);
        self.drain_instant(effects);
    }

    /// Shows every event up to the next one that deserves its own moment on screen.
    fn drain_instant(&mut self, effects: &mut Vec<Effect<ActionOf<S>>>) {
        while let Some(e) = self.steps.front() {
            if S::is_slow(e) || self.pause.is_some() {
                break;
            }
            let e = self.steps.pop_front().expect("a step");
            self.apply(e, effects);
        }
        self.settle();
    }

    /// Shows the next event now.
    fn advance(&mut self, effects: &mut Vec<Effect<ActionOf<S>>>) {
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
        let (shown, legal) = match &self.source {
            Source::Offline(table) => {
                let v = table.view();
                let legal = S::R::legal_in_view(&v);
                (v, legal)
            }
            Source::Remote { view, legal } => {
                let legal = legal.clone().unwrap_or_else(|| S::R::legal_in_view(view));
                ((**view).clone(), legal)
            }
        };
        if self.sent {
            // The move sent is shown made until the server answers.
            return;
        }
        self.shown = shown;
        self.legal = legal;
        S::settled(self);
    }

    fn apply(&mut self, event: EventOf<S>, effects: &mut Vec<Effect<ActionOf<S>>>) {
        S::apply(self, event);
        if self.is_over() && !self.saved {
            self.saved = true;
            effects.push(Effect::SaveRecord);
        }
        // A finished deal gives way to the game's result when the game ends with it.
        if matches!(self.pause, Some(Pause::DealOver { .. }))
            && self.steps.front().is_some_and(S::ends_game)
        {
            self.pause = None;
            let e = self.steps.pop_front().expect("the game's end");
            self.apply(e, effects);
        }
    }
}

/// Points a game counts without sign, as the shell's results hold them.
pub fn to_i32(points: &[u32]) -> Vec<i32> {
    points
        .iter()
        .map(|&p| i32::try_from(p).unwrap_or(i32::MAX))
        .collect()
}
