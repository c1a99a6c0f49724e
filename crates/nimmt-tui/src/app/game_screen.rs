//! What a game brings to the shell: its [`GameScreen`], and the types of the game it shows.

use super::{App, Key};
use crate::text::Lang;
use nimmt_bots::registry::GameBots;
use nimmt_core::Rules;
use ratatui::Frame;

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
