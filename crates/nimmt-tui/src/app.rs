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
use nimmt_core::{Rules, ScoreSense, Seat};
use std::collections::VecDeque;

pub use crate::input::{Effect, Input, Key, TICK_MS};
pub use game_screen::{ActionOf, DecisionOf, EventOf, GameScreen, ViewOf};

mod game_screen;
mod handle;
mod steps;

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
}

/// Points a game counts without sign, as the shell's results hold them.
pub fn to_i32(points: &[u32]) -> Vec<i32> {
    points
        .iter()
        .map(|&p| i32::try_from(p).unwrap_or(i32::MAX))
        .collect()
}
