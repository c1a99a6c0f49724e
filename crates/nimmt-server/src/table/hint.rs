//! A hint at a table with `hints=yes` (never rated): a seated player asks (`/hint`) and is told,
//! alone, the choice the search prefers for the decision its seat is asked now, with the estimate
//! of every choice (`nimmt_bots::analysis::hint`), searched on a blocking thread with a small
//! budget.

use super::Table;
use crate::conn::{Conn, Refusal};
use nimmt_bots::analysis::{self, Measure};
use nimmt_core::Viewer;
use nimmt_protocol::{ErrorCode, TableState};

/// The playouts of a hint: a quarter of an analysis's, about 25 ms a decision.
fn budget(kind: nimmt_core::GameKind) -> u64 {
    (analysis::default_budget(kind) / 4).max(50)
}

impl Table {
    pub(super) async fn hint(&mut self, conn: &Conn) -> Result<(), Refusal> {
        if !self.meta.table_options.hints {
            return Err(Refusal::new(ErrorCode::BadCommand).keyed("hints_off"));
        }
        if self.state != TableState::Playing {
            return Err(Refusal::new(ErrorCode::NotStarted));
        }
        let seat = self
            .members
            .get(&conn.player)
            .and_then(|m| m.seat)
            .ok_or_else(|| Refusal::new(ErrorCode::NotSeated))?;
        let Some(game) = self.game() else {
            return Err(Refusal::new(ErrorCode::NotStarted));
        };
        let seat = nimmt_core::Seat(seat as u8);
        if !game.is_pending(seat) {
            return Err(Refusal::new(ErrorCode::BadCommand).keyed("hint_not_asked"));
        }
        let kind = game.kind();
        let view = game.view(Viewer::Seat(seat));
        let seed = self.version;
        let found =
            tokio::task::spawn_blocking(move || analysis::hint(kind, &view, budget(kind), seed))
                .await;
        let choices = match found {
            Ok(Ok(Some(choices))) => choices,
            _ => return Err(Refusal::new(ErrorCode::BadCommand).keyed("hint_not_asked")),
        };
        let unit = match Measure::of(kind) {
            Measure::DealPoints => "hint_unit_points",
            Measure::WinChance => "hint_unit_win",
            Measure::TeamMargin => "hint_unit_margin",
            Measure::Standing => "hint_unit_standing",
        };
        let listed: Vec<String> = choices
            .iter()
            .map(|c| format!("{} {:.1}", analysis::label(&c.action), c.estimate))
            .collect();
        let unit = nimmt_protocol::Text::new(conn.lang, unit, []).text;
        conn.notice(
            Some(self.id),
            "hint",
            vec![
                ("best", analysis::label(&choices[0].action)),
                ("choices", listed.join(" · ")),
                ("unit", unit),
            ],
        );
        Ok(())
    }
}
