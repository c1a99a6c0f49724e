//! The classic trace: one JSON line per turn (everyone plays a card, all are laid), built from
//! the events as they come (`docs/record-format.md`, "Trace").

use super::{Classic, Event, Marker, Rows};
use crate::rules::{Rules, Tracer};
use crate::seat::{Addressed, Seat};
use serde::Serialize;

/// One turn of a classic trace.
#[derive(Serialize)]
struct TraceTurn {
    deal: u64,
    turn: u32,
    rows_before: Vec<Vec<u8>>,
    played: Vec<(u8, u8)>,
    taken: Vec<(u8, usize, Vec<u8>)>,
    rows_after: Vec<Vec<u8>>,
    points: Vec<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    marker_before: Option<Marker>,
    #[serde(skip_serializing_if = "Option::is_none")]
    marker_after: Option<Marker>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    swapped: Vec<(u8, u8, u8)>,
}

/// Collects a turn's plays, rows taken and points until the turn ends.
pub struct ClassicTracer {
    deal: u64,
    players: usize,
    rows_before: Rows,
    played: Vec<(u8, u8)>,
    taken: Vec<(u8, usize, Vec<u8>)>,
    points: Vec<u32>,
    swapped: Vec<(u8, u8, u8)>,
}

impl ClassicTracer {
    pub fn new(game: &Classic, first_deal: u64) -> ClassicTracer {
        let players = Rules::players(game);
        ClassicTracer {
            deal: first_deal,
            players,
            rows_before: Rows::empty(),
            played: Vec::new(),
            taken: Vec::new(),
            points: vec![0; players],
            swapped: Vec::new(),
        }
    }

    fn observe(&mut self, event: &Event, out: &mut Vec<String>) {
        match event {
            Event::RowsLaid { rows }
            | Event::DealStarted {
                rows: Some(rows), ..
            } => self.rows_before = rows.clone(),
            Event::Revealed { plays, .. } => {
                self.played = plays.iter().map(|p| (p.seat.0, p.card.number())).collect();
                self.swapped = plays
                    .iter()
                    .filter(|p| p.swap)
                    .map(|p| (p.seat.0, p.card.number(), p.value()))
                    .collect();
            }
            Event::RowTaken {
                seat,
                taken,
                points,
                ..
            } => {
                self.points[seat.index()] += points;
                self.taken.push((
                    seat.0,
                    taken.row,
                    taken.cards.iter().map(|c| c.number()).collect(),
                ));
            }
            Event::TurnEnded { turn, rows, .. } => {
                let line = TraceTurn {
                    deal: self.deal,
                    turn: *turn,
                    rows_before: self.rows_before.numbers(),
                    played: std::mem::take(&mut self.played),
                    taken: std::mem::take(&mut self.taken),
                    rows_after: rows.numbers(),
                    points: std::mem::replace(&mut self.points, vec![0; self.players]),
                    marker_before: self.rows_before.marker,
                    marker_after: rows.marker,
                    swapped: std::mem::take(&mut self.swapped),
                };
                out.push(serde_json::to_string(&line).expect("a trace line serializes"));
                self.rows_before = rows.clone();
            }
            Event::DealEnded { .. } => self.deal += 1,
            _ => {}
        }
    }
}

impl Tracer<Classic> for ClassicTracer {
    fn opening(&mut self, game: &Classic) -> Vec<String> {
        let mut out = Vec::new();
        for e in game.opening_events() {
            self.observe(&e.event, &mut out);
        }
        out
    }

    fn lines(
        &mut self,
        _game: &Classic,
        _seat: Seat,
        _action: &super::Action,
        events: &[Addressed<Event>],
    ) -> Vec<String> {
        let mut out = Vec::new();
        for e in events {
            self.observe(&e.event, &mut out);
        }
        out
    }
}
