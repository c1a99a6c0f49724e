//! Whether a table may leave memory: a turn-based table (open or running) that nobody is
//! connected to and that has nothing to do before its next deadline waits days for its next
//! input. The server's shell then drops it and loads it again from the store when an input comes
//! or its deadline is due; everything it needs is stored (settings, clock, actions), so the table
//! loaded again is the same table.

use super::Table;
use nimmt_protocol::TableState;

impl Table {
    /// Whether the table may leave memory now (see the module's comment). A table in real time
    /// never does: it is played in one sitting.
    pub fn may_sleep(&self) -> bool {
        self.turn_based()
            && matches!(self.state, TableState::Open | TableState::Playing)
            && self.members.values().all(|m| m.conn.is_none())
            && !self.closing
            && !self.unsaved
            && !self.record_unsaved
            && self.bot_due.is_none()
            && self.bot_run.is_none()
            && self.undo.is_none()
            && !self.answer_later
            && self.rematch.awaited.is_empty()
    }
}
