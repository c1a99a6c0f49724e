//! One table the bot account sits at, as the bridge follows it: the last version and view the
//! room sent, what the seat is asked, whether a decision is with the bot or a move on its way,
//! and how the game ends. Pure: each input returns what to do ([`Do`]); the session carries it out.

use super::endings::ViewEndings;
use nimmt_bots::endings::DealEnd;
use nimmt_core::{GameKind, Outcome};
use serde_json::Value;

/// What the session does for a table.
#[derive(Debug, PartialEq)]
pub enum Do {
    /// Start the table's bot process (once, at the first view of a running game).
    Start,
    /// Ask the bot for the seat's decision in `view` (at `version`).
    Ask { version: u64, view: Value },
    /// A deal ended: tell the bot.
    DealEnded { view: Value, end: DealEnd },
    /// Ask the room for the table's full state again (`resync`).
    Resync,
    /// The game ended: tell the bot (its input then closes) and log the result.
    GameEnded(Outcome),
}

/// One table of the bot account.
#[derive(Debug)]
pub struct Table {
    pub id: u64,
    pub game: GameKind,
    /// The seats' names, in seat order (from the last `state`).
    pub names: Vec<String>,
    version: u64,
    legal: Vec<Value>,
    view: Option<Value>,
    started: bool,
    /// A decision is with the bot (asked, not answered yet).
    thinking: bool,
    /// The request id and action of a move sent and not yet acknowledged or refused.
    pending: Option<(u64, Value)>,
    /// The legal actions of a question whose move the room refused: not asked again (the table
    /// plays its default move when its timer runs out).
    refused: Option<Vec<Value>>,
    /// The legal actions of the question last asked.
    asked_legal: Vec<Value>,
    /// The version of the view of the question last asked.
    asked_version: u64,
    endings: ViewEndings,
    over: bool,
}

impl Table {
    pub fn new(id: u64, game: GameKind) -> Table {
        Table {
            id,
            game,
            names: Vec::new(),
            version: 0,
            legal: Vec::new(),
            view: None,
            started: false,
            thinking: false,
            pending: None,
            refused: None,
            asked_legal: Vec::new(),
            asked_version: 0,
            endings: ViewEndings::default(),
            over: false,
        }
    }

    #[cfg(test)]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// A `state` or `update` for the bot's seat.
    pub fn on_view(&mut self, version: u64, view: Option<Value>, legal: Vec<Value>) -> Vec<Do> {
        self.version = version;
        self.legal = legal;
        let mut out = Vec::new();
        if let Some(view) = view {
            if !self.started && !self.over {
                self.started = true;
                out.push(Do::Start);
            }
            let ended = self.endings.after(&view);
            for end in ended.deals {
                out.push(Do::DealEnded {
                    view: view.clone(),
                    end,
                });
            }
            if let Some(outcome) = ended.game {
                self.over = true;
                out.push(Do::GameEnded(outcome));
            }
            self.view = Some(view);
        }
        out.extend(self.ask());
        out
    }

    /// The room acknowledged the move of request `id` (an `update` with `ack`): the move, if it
    /// was this table's.
    pub fn on_ack(&mut self, id: u64) -> Option<Value> {
        if !self.is_pending(id) {
            return None;
        }
        self.refused = None;
        self.pending.take().map(|(_, action)| action)
    }

    /// Whether request `id` is this table's move on its way.
    pub fn is_pending(&self, id: u64) -> bool {
        self.pending.as_ref().is_some_and(|(p, _)| *p == id)
    }

    /// The room refused the move of request `id`. A move made on a view older than the question
    /// (`stale`) is made again on the newest view (after a `resync` when no newer one came);
    /// any other refusal is final: the question is not asked again, and the table plays its
    /// default move when the seat's time runs out.
    pub fn on_refused(&mut self, id: u64, stale: bool) -> Vec<Do> {
        if !self.is_pending(id) {
            return Vec::new();
        }
        self.pending = None;
        if !stale {
            self.refused = Some(std::mem::take(&mut self.asked_legal));
        } else if self.version <= self.asked_version {
            return vec![Do::Resync];
        }
        self.ask().into_iter().collect()
    }

    /// The bot answered; `sent`: the request id and action of the move sent for it (`None`: no
    /// move, the bot had none to give).
    pub fn on_answer(&mut self, sent: Option<(u64, Value)>) -> Vec<Do> {
        self.thinking = false;
        match sent {
            Some(move_sent) => {
                self.pending = Some(move_sent);
                Vec::new()
            }
            None => {
                self.refused = Some(std::mem::take(&mut self.asked_legal));
                self.ask().into_iter().collect()
            }
        }
    }

    /// The connection was lost: a move on its way may or may not have arrived (the next
    /// `state` tells).
    pub fn on_reconnect(&mut self) {
        self.pending = None;
    }

    fn ask(&mut self) -> Option<Do> {
        if self.over || self.thinking || self.pending.is_some() || self.legal.is_empty() {
            return None;
        }
        if self.refused.as_deref() == Some(&self.legal[..]) {
            return None;
        }
        let view = self.view.clone()?;
        self.thinking = true;
        self.asked_legal = self.legal.clone();
        self.asked_version = self.version;
        Some(Do::Ask {
            version: self.version,
            view,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn classic() -> Table {
        Table::new(7, "classic".parse().unwrap())
    }

    fn view(deal: u32) -> Value {
        json!({"deal": deal, "totals": [0, 0], "outcome": null, "asked": {"type": "play_card"}})
    }

    fn play(card: u32) -> Value {
        json!({"type": "play", "card": card})
    }

    #[test]
    fn the_first_view_starts_the_bot_and_each_question_is_asked_once() {
        let mut t = classic();
        assert!(t.on_view(1, None, vec![]).is_empty(), "not started yet");
        let out = t.on_view(2, Some(view(1)), vec![play(3), play(9)]);
        assert_eq!(out[0], Do::Start);
        assert!(matches!(out[1], Do::Ask { version: 2, .. }));
        // Another seat moved while the bot thinks: not asked twice.
        assert!(t
            .on_view(3, Some(view(1)), vec![play(3), play(9)])
            .is_empty());
        assert!(t.on_answer(Some((11, play(3)))).is_empty());
        assert!(
            t.on_view(4, Some(view(1)), vec![play(3), play(9)])
                .is_empty(),
            "move on its way"
        );
        assert_eq!(t.on_ack(10), None, "not this table's move");
        assert_eq!(t.on_ack(11), Some(play(3)));
        let out = t.on_view(5, Some(view(1)), vec![play(9)]);
        assert!(matches!(out[..], [Do::Ask { version: 5, .. }]));
    }

    #[test]
    fn a_refused_move_is_not_asked_again_for_the_same_question() {
        let mut t = classic();
        t.on_view(2, Some(view(1)), vec![play(3), play(9)]);
        t.on_answer(Some((4, play(3))));
        assert!(t.on_refused(4, false).is_empty());
        assert!(t
            .on_view(3, Some(view(1)), vec![play(3), play(9)])
            .is_empty());
        // The table played the default move: the next question is asked.
        let out = t.on_view(4, Some(view(1)), vec![play(9)]);
        assert!(matches!(out[..], [Do::Ask { .. }]));
    }

    #[test]
    fn a_stale_move_is_made_again_on_the_newest_view() {
        let mut t = classic();
        t.on_view(2, Some(view(1)), vec![play(3), play(9)]);
        t.on_answer(Some((4, play(3))));
        // A newer view came before the refusal: asked again at once, on it.
        t.on_view(3, Some(view(1)), vec![play(3), play(9)]);
        let out = t.on_refused(4, true);
        assert!(matches!(out[..], [Do::Ask { version: 3, .. }]), "{out:?}");
        // None came: the room is asked for the table again, and its state asks the bot.
        t.on_answer(Some((5, play(3))));
        assert_eq!(t.on_refused(5, true), [Do::Resync]);
        let out = t.on_view(3, Some(view(1)), vec![play(3), play(9)]);
        assert!(matches!(out[..], [Do::Ask { version: 3, .. }]), "{out:?}");
    }

    #[test]
    fn the_outcome_ends_the_game_once_and_nothing_more_is_asked() {
        let mut t = classic();
        t.on_view(2, Some(view(1)), vec![]);
        let over = json!({"deal": 1, "totals": [0, 0], "asked": null,
            "outcome": {"scores": [3, 5], "winners": [0], "sense": "lower"}});
        let out = t.on_view(3, Some(over.clone()), vec![]);
        assert!(matches!(&out[..], [Do::DealEnded { .. }, Do::GameEnded(_)]));
        assert!(t.is_over());
        assert!(t.on_view(4, Some(over), vec![play(1)]).is_empty());
    }

    #[test]
    fn after_a_lost_connection_the_unacknowledged_move_is_asked_again() {
        let mut t = classic();
        t.on_view(2, Some(view(1)), vec![play(3)]);
        t.on_answer(Some((4, play(3))));
        t.on_reconnect();
        let out = t.on_view(2, Some(view(1)), vec![play(3)]);
        assert!(matches!(out[..], [Do::Ask { version: 2, .. }]));
    }
}
