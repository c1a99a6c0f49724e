//! # nimmt-bots
//!
//! Bots see exactly one seat's view, never the full state. A bot is asked only when its view
//! says the seat must decide (`view.asked`), and answers with an action of that game.

use nimmt_core::Rules;

/// A player that decides from its seat's view alone.
pub trait Bot<R: Rules>: Send {
    /// The action for the decision the view asks. Must be legal for that view.
    fn decide(&mut self, view: &R::View) -> R::Action;

    /// A short name, e.g. `greedy` or `mcts:ms=100`.
    fn name(&self) -> String;
}
pub mod help;
