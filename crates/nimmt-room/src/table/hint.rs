//! A hint at a table with `hints=yes` (never rated): a seated player asks (`/hint`) and is told,
//! alone, the choice the search prefers for the decision its seat is asked now, with the estimate
//! of every choice (`nimmt_bots::analysis::hint`), searched on a blocking thread with a small
//! budget.

use super::job::Job;
use super::{Effect, Table};
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_bots::analysis::{self, Choice, Measure};
use nimmt_core::Viewer;
use nimmt_protocol::{ErrorCode, TableState};

/// The playouts of a hint: a quarter of an analysis's, about 25 ms a decision.
fn budget(kind: nimmt_core::GameKind) -> u64 {
    (analysis::default_budget(kind) / 4).max(50)
}

impl Table {
    pub(super) fn hint(&mut self, conn: &Conn, req: Option<u64>) -> Result<(), Refusal> {
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
        self.out.effect(Effect::Think(Job::Hint {
            conn: conn.clone(),
            req,
            game: kind,
            view,
            budget: budget(kind),
            seed,
        }));
        self.answer_later = true;
        Ok(())
    }

    /// The hint was found (see `Job::Hint`): told to the player who asked, alone.
    pub(super) fn hinted(&mut self, conn: &Conn, req: Option<u64>, choices: Option<Vec<Choice>>) {
        let Some(choices) = choices.filter(|c| !c.is_empty()) else {
            let r = Refusal::new(ErrorCode::BadCommand).keyed("hint_not_asked");
            self.out.refuse(conn, req, Some(self.id), &r);
            return;
        };
        let kind = self.meta.game;
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
        self.out.notice(
            conn,
            Some(self.id),
            "hint",
            vec![
                ("best", analysis::label(&choices[0].action)),
                ("choices", listed.join(" · ")),
                ("unit", unit),
            ],
        );
        self.out.ack(conn, req);
    }
}
