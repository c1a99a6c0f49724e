//! The HELP! trace: one JSON line per action, and one for each deal's opening card, which the
//! rules lay for the starter (`docs/record-format.md`, "Trace").

use super::{Action, DealEnd, Event, Help, RowCard};
use crate::rules::{Rules, Tracer};
use crate::seat::{Addressed, Seat};
use serde::Serialize;

/// One step of a HELP! trace.
#[derive(Serialize)]
struct Step {
    deal: u64,
    step: u32,
    seat: u8,
    action: Action,
    /// Laid by the rules for the starter at the start of a deal (H1), not chosen.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    opening: bool,
    row: Vec<RowCard>,
    hands: Vec<usize>,
    draw: usize,
    discard: usize,
    points: Vec<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reshuffled: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deal_end: Option<DealEnd>,
}

/// What the table showed after the last line (the state a deal ended in).
#[derive(Clone, Default)]
struct Table {
    row: Vec<RowCard>,
    hands: Vec<usize>,
    draw: usize,
    discard: usize,
}

impl Table {
    fn of(game: &Help) -> Table {
        Table {
            row: game.row().to_vec(),
            hands: Seat::all(Rules::players(game))
                .map(|s| game.hand(s).len())
                .collect(),
            draw: game.draw_pile().len(),
            discard: game.discard_pile().len(),
        }
    }
}

/// Numbers the steps and keeps the table of the last line.
pub struct HelpTracer {
    deal: u64,
    step: u32,
    players: usize,
    last: Table,
}

impl HelpTracer {
    pub fn new(game: &Help, first_deal: u64) -> HelpTracer {
        HelpTracer {
            deal: first_deal,
            step: 0,
            players: Rules::players(game),
            last: Table::default(),
        }
    }

    fn line(
        &mut self,
        seat: Seat,
        action: Action,
        table: Table,
        more: impl FnOnce(&mut Step),
    ) -> String {
        self.step += 1;
        let mut step = Step {
            deal: self.deal,
            step: self.step,
            seat: seat.0,
            action,
            opening: false,
            row: table.row.clone(),
            hands: table.hands.clone(),
            draw: table.draw,
            discard: table.discard,
            points: vec![0; self.players],
            reshuffled: None,
            deal_end: None,
        };
        more(&mut step);
        self.last = table;
        serde_json::to_string(&step).expect("a trace line serializes")
    }

    /// The line of a deal's opening card, if the starter laid one.
    fn opening_line(&mut self, game: &Help, events: &[Addressed<Event>]) -> Option<String> {
        let laid = events.iter().find_map(|e| match &e.event {
            Event::Laid { seat, card, .. } => Some((*seat, card.value)),
            _ => None,
        });
        let (seat, card) = laid?;
        Some(self.line(seat, Action::Lay { card }, Table::of(game), |s| {
            s.opening = true
        }))
    }
}

impl Tracer<Help> for HelpTracer {
    fn opening(&mut self, game: &Help) -> Vec<String> {
        self.last = Table::of(game);
        let events = game.opening_events();
        self.opening_line(game, &events).into_iter().collect()
    }

    fn lines(
        &mut self,
        game: &Help,
        seat: Seat,
        action: &Action,
        events: &[Addressed<Event>],
    ) -> Vec<String> {
        let reshuffled = events.iter().find_map(|e| match e.event {
            Event::Reshuffled { cards } => Some(cards),
            _ => None,
        });
        let ended = events
            .iter()
            .position(|e| matches!(e.event, Event::DealEnded { .. }));
        let Some(k) = ended else {
            let line = self.line(seat, *action, Table::of(game), |s| {
                s.reshuffled = reshuffled
            });
            return vec![line];
        };
        // Asking for help changes no card: the deal ended on the table of the last line.
        let Event::DealEnded { result, .. } = &events[k].event else {
            unreachable!("found above")
        };
        let table = self.last.clone();
        let mut out = vec![self.line(seat, *action, table, |s| {
            s.points = result.points.clone();
            s.deal_end = Some(result.end);
        })];
        self.deal += 1;
        self.step = 0;
        if !game.is_over() {
            out.extend(self.opening_line(game, &events[k..]));
        }
        self.last = Table::of(game);
        out
    }
}
