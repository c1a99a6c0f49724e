//! Helpers shared by the client's tests: tables with fixed seeds, driving by input, rendering
//! to text.
#![allow(dead_code)]

pub mod live_server;
pub mod online_client;

use nimmt_core::games::classic::Action;
use nimmt_core::OptionMap;
use nimmt_tui::app::{ActionOf, Effect, GameScreen, Input, Key};
pub use nimmt_tui::games::classic::ClassicApp as App;
use nimmt_tui::{Lang, OfflineSetup, OfflineTable};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

/// A table of any game against `greedy` bots on an 80×24 terminal, the player at seat 0.
pub fn offline<S: GameScreen>(
    players: usize,
    options: &[&str],
    seed: u64,
    lang: Lang,
) -> nimmt_tui::app::App<S> {
    let setup = OfflineSetup {
        players,
        options: OptionMap::parse(options.iter().copied()).unwrap(),
        bots: vec!["greedy".into(); players - 1],
        seed,
    };
    let mut app = nimmt_tui::app::App::<S>::new(OfflineTable::new(&setup).unwrap(), lang);
    app.handle(Input::Resize {
        width: 80,
        height: 24,
    });
    app
}

pub fn app_with(players: usize, options: &[&str], seed: u64, lang: Lang) -> App {
    offline(players, options, seed, lang)
}

pub fn app(seed: u64) -> App {
    app_with(4, &[], seed, Lang::En)
}

pub fn key(app: &mut App, k: Key) -> Vec<Effect<Action>> {
    app.handle(Input::Key(k))
}

pub fn keys(app: &mut App, ks: &[Key]) -> Vec<Effect<Action>> {
    ks.iter().flat_map(|&k| app.handle(Input::Key(k))).collect()
}

/// Ticks until the player must decide and no bot is left to decide before them, or a result
/// is shown.
pub fn until_me<S: GameScreen>(app: &mut nimmt_tui::app::App<S>) -> Vec<Effect<ActionOf<S>>> {
    let mut effects = Vec::new();
    for _ in 0..10_000 {
        if app.pause.is_some() || (app.asked().is_some() && !app.bot_pending()) {
            return effects;
        }
        effects.extend(app.handle(Input::Tick));
    }
    panic!("the player was never asked");
}

/// The screen as text, one line per terminal line, trailing blanks cut.
pub fn screen<S: GameScreen>(app: &nimmt_tui::app::App<S>) -> String {
    render(app.width, app.height, |f| nimmt_tui::widgets::draw(app, f))
}

/// What `draw` paints on a `width` × `height` terminal, as text: one line per terminal line,
/// trailing blanks cut.
pub fn render(width: u16, height: u16, draw: impl FnOnce(&mut ratatui::Frame)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(draw).unwrap();
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        let mut line = String::new();
        for x in 0..buffer.area.width {
            line.push_str(buffer[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A small generator of random choices, the same on every run and machine.
pub struct Dice(pub u64);

impl Dice {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
