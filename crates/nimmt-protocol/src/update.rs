//! The `update` frame a move sends to each member: the same JSON as [`ServerMsg::Update`], with
//! the view and the legal actions written straight from the rules' types into the frame (a move
//! sends one per seat: no JSON tree is built). The move's events are written once for all its
//! frames ([`UpdateEvents`]).

#[cfg(doc)]
use crate::ServerMsg;
use crate::{Deadline, TableId};
use nimmt_core::{Addressed, Audience, Game, Viewer};
use serde_json::Value;
use std::fmt::Write;

/// A move's events, each written once as JSON text, with who may see it.
pub struct UpdateEvents<'a> {
    events: Vec<(&'a Audience, String)>,
    /// The length of all texts together.
    len: usize,
}

impl<'a> UpdateEvents<'a> {
    pub fn new(events: &'a [Addressed<Value>]) -> UpdateEvents<'a> {
        let events: Vec<(&Audience, String)> = events
            .iter()
            .map(|e| (&e.to, e.event.to_string()))
            .collect();
        let len = events.iter().map(|(_, t)| t.len() + 1).sum();
        UpdateEvents { events, len }
    }
}

/// The `update` of table `table` at `version` for `viewer`: the `events` it may see, its `view`
/// (the game's view text for it) and legal actions now, its seat's `deadline`, and `ack`, the
/// request it answers.
#[allow(clippy::too_many_arguments)]
pub fn update_frame(
    table: TableId,
    version: u64,
    game: &Game,
    viewer: Viewer,
    view: &str,
    events: &UpdateEvents<'_>,
    deadline: Option<Deadline>,
    ack: Option<u64>,
) -> String {
    let legal = viewer
        .seat()
        .map(|seat| game.legal_text(seat))
        .filter(|l| l != "[]");
    // What the frame holds besides its numbers (which the spare room is for).
    let len = 160 + events.len + view.len() + legal.as_ref().map_or(0, String::len);
    let mut f = String::with_capacity(len);
    let _ = write!(
        f,
        r#"{{"type":"update","table":{table},"version":{version},"events":["#
    );
    let mut first = true;
    for (to, text) in &events.events {
        if to.admits(viewer) {
            if !first {
                f.push(',');
            }
            f.push_str(text);
            first = false;
        }
    }
    f.push_str(r#"],"view":"#);
    f.push_str(view);
    if let Some(legal) = legal {
        f.push_str(r#","legal":"#);
        f.push_str(&legal);
    }
    if let Some(d) = deadline {
        let _ = write!(
            f,
            r#","deadline":{{"at":{},"left_ms":{}}}"#,
            d.at, d.left_ms
        );
    }
    if let Some(ack) = ack {
        let _ = write!(f, r#","ack":{ack}"#);
    }
    f.push('}');
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ServerMsg;
    use nimmt_core::record::RecordedGame;
    use nimmt_core::{registry, Seat, Setup};

    /// The message as the protocol's type writes it.
    fn typed(
        game: &Game,
        viewer: Viewer,
        events: &[Addressed<Value>],
        deadline: Option<Deadline>,
        ack: Option<u64>,
    ) -> ServerMsg {
        ServerMsg::Update {
            table: 7,
            version: 42,
            events: events
                .iter()
                .filter(|e| e.to.admits(viewer))
                .map(|e| e.event.clone())
                .collect(),
            view: game.view(viewer),
            legal: viewer
                .seat()
                .map(|s| game.legal_actions(s))
                .unwrap_or_default(),
            deadline,
            ack,
        }
    }

    /// Every game, every viewer, every move of a random game: the frame reads back as the
    /// protocol's `update` with the same events, view, legal actions, deadline and ack.
    #[test]
    fn every_update_frame_is_the_protocols_update() {
        for game_type in registry::games() {
            let d = game_type.descriptor();
            let players = d.players.0.max(3).min(d.players.1);
            let setup = Setup::new(game_type.kind(), players, Default::default(), 9);
            let mut recorded = RecordedGame::new(setup).unwrap();
            let mut events = recorded.game().opening_events();
            let mut moves = 0;
            while !recorded.game().is_over() && moves < 400 {
                let game = recorded.game().clone();
                let mut viewers = vec![Viewer::Spectator];
                viewers.extend(Seat::all(players).map(Viewer::Seat));
                let views = game.view_texts(&viewers);
                for (i, (viewer, view)) in viewers.into_iter().zip(&views).enumerate() {
                    let deadline = (i % 2 == 1).then_some(Deadline {
                        at: 1_700_000_000_000,
                        left_ms: 29_500,
                    });
                    let ack = (i == 1).then_some(3);
                    let sent: ServerMsg = serde_json::from_str(&update_frame(
                        7,
                        42,
                        &game,
                        viewer,
                        view,
                        &UpdateEvents::new(&events),
                        deadline,
                        ack,
                    ))
                    .unwrap();
                    assert_eq!(
                        sent,
                        typed(&game, viewer, &events, deadline, ack),
                        "{} move {moves}, {viewer:?}",
                        d.name
                    );
                }
                let pending = game.pending();
                // Any legal move will do; a spread of them over the game.
                let (seat, _) = pending[moves % pending.len()];
                let legal = game.legal_actions(seat);
                let action = legal[(moves * 7 + 3) % legal.len()].clone();
                events = recorded.act(seat, &action).unwrap();
                moves += 1;
            }
            assert!(moves > 0, "{} was played", d.name);
        }
    }
}
