//! The thin terminal loop: raw mode, the alternate screen and mouse capture on the way in, all
//! restored on the way out — also after Ctrl-C, an error or a panic.

use crate::games;
use crate::input::{Effect, Input, Key, TICK_MS};
use crate::offline::OfflineSetup;
use crate::screen::Screen;
use crate::text::{Lang, T};
use anyhow::Context;
use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event as TermEvent, KeyCode, KeyEvent,
    KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::io::{self, Stdout};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Everything `nimmt play` needs for an offline game.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// The game, by its name in the registry.
    pub game: String,
    pub setup: OfflineSetup,
    pub lang: Lang,
    /// Where to write the game record.
    pub record: Option<PathBuf>,
}

/// A crossterm event as the app's input, if the app cares about it.
pub fn translate(event: TermEvent) -> Option<Input> {
    match event {
        TermEvent::Key(KeyEvent {
            code,
            modifiers,
            kind,
            ..
        }) if kind != KeyEventKind::Release => {
            let ctrl = modifiers.contains(KeyModifiers::CONTROL);
            let key = match code {
                KeyCode::Char('c' | 'C') if ctrl => Key::CtrlC,
                KeyCode::Char(c) if !ctrl => Key::Char(c),
                KeyCode::Enter => Key::Enter,
                KeyCode::Esc => Key::Esc,
                KeyCode::Left => Key::Left,
                KeyCode::Right => Key::Right,
                KeyCode::Up => Key::Up,
                KeyCode::Down => Key::Down,
                KeyCode::Home => Key::Home,
                KeyCode::End => Key::End,
                KeyCode::Tab => Key::Tab,
                KeyCode::BackTab => Key::Left,
                KeyCode::Backspace => Key::Backspace,
                KeyCode::F(1) => Key::F1,
                _ => return None,
            };
            Some(Input::Key(key))
        }
        TermEvent::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
            Some(Input::Click {
                x: m.column,
                y: m.row,
            })
        }
        TermEvent::Resize(width, height) => Some(Input::Resize { width, height }),
        _ => None,
    }
}

fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}

/// Restores the terminal when dropped, whatever way the loop is left.
pub(crate) struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

pub(crate) fn enter() -> anyhow::Result<(Terminal<CrosstermBackend<Stdout>>, Guard)> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        hook(info);
    }));
    enable_raw_mode().context("cannot switch the terminal to raw mode (is this a terminal?)")?;
    let guard = Guard;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    let terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    Ok((terminal, guard))
}

/// Writes the game record so far to `path` (pretty JSON, as `nimmt replay` reads it).
pub fn save_record(app: &dyn Screen, path: &std::path::Path) -> anyhow::Result<()> {
    let Some(record) = app.record() else {
        return Ok(());
    };
    std::fs::write(path, serde_json::to_string_pretty(&record)? + "\n")
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Plays an offline game in this terminal until the player leaves.
pub fn run_offline(config: PlayConfig) -> anyhow::Result<()> {
    // A bad setup is refused before the screen changes.
    let entry = games::find(&config.game).ok_or_else(|| {
        anyhow::anyhow!(
            "the terminal client does not play {} (it plays {})",
            config.game,
            games::names().join(", ")
        )
    })?;
    let mut app = (entry.offline)(&config.setup, config.lang)?;
    let mut saved = false;
    {
        let (mut terminal, _guard) = enter()?;
        let size = terminal.size()?;
        app.handle(Input::Resize {
            width: size.width,
            height: size.height,
        });
        let tick = Duration::from_millis(TICK_MS);
        let mut last_tick = Instant::now();
        'outer: loop {
            terminal.draw(|f| app.draw(f))?;
            let wait = tick.saturating_sub(last_tick.elapsed());
            let mut inputs = Vec::new();
            if event::poll(wait)? {
                if let Some(input) = translate(event::read()?) {
                    inputs.push(input);
                }
            }
            if last_tick.elapsed() >= tick {
                last_tick = Instant::now();
                inputs.push(Input::Tick);
            }
            for input in inputs {
                for effect in app.handle(input) {
                    match effect {
                        Effect::Quit => break 'outer,
                        Effect::Act(_) => {}
                        Effect::SaveRecord => {
                            if let Some(path) = &config.record {
                                save_record(app.as_ref(), path)?;
                                saved = true;
                                let note = config.lang.fill(T::RecordSaved, &[&path.display()]);
                                app.note(note);
                            }
                        }
                    }
                }
            }
        }
    }
    // Left before the end: the record so far still replays.
    if let (Some(path), false) = (&config.record, saved) {
        save_record(app.as_ref(), path)?;
    }
    if let Some(line) = app.result_line() {
        println!("{line}");
    }
    if let Some(path) = &config.record {
        println!("{}", config.lang.fill(T::RecordSaved, &[&path.display()]));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEventState, MouseEvent};

    fn key(code: KeyCode, modifiers: KeyModifiers, kind: KeyEventKind) -> TermEvent {
        TermEvent::Key(KeyEvent {
            code,
            modifiers,
            kind,
            state: KeyEventState::NONE,
        })
    }

    #[test]
    fn terminal_events_become_inputs() {
        let press = KeyEventKind::Press;
        assert_eq!(
            translate(key(KeyCode::Char('c'), KeyModifiers::CONTROL, press)),
            Some(Input::Key(Key::CtrlC))
        );
        assert_eq!(
            translate(key(KeyCode::Char('c'), KeyModifiers::NONE, press)),
            Some(Input::Key(Key::Char('c')))
        );
        assert_eq!(
            translate(key(
                KeyCode::Enter,
                KeyModifiers::NONE,
                KeyEventKind::Release
            )),
            None
        );
        assert_eq!(
            translate(key(KeyCode::F(1), KeyModifiers::NONE, press)),
            Some(Input::Key(Key::F1))
        );
        let click = TermEvent::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 12,
            row: 7,
            modifiers: KeyModifiers::NONE,
        });
        assert_eq!(translate(click), Some(Input::Click { x: 12, y: 7 }));
        assert_eq!(
            translate(TermEvent::Resize(100, 30)),
            Some(Input::Resize {
                width: 100,
                height: 30
            })
        );
    }
}
