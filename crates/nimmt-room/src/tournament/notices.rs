//! How the core's effects reach the room: the tables to open, and what each player concerned
//! is told (a round started, a bye and its points, a bot played for them, their final place,
//! the tournament was cancelled).

use super::director::{DirectorEffect, Run};
use super::standings::BYE;
use super::{Announcement, Effect};

/// The director's effects for the core's `effects`, read against the run after its step.
pub(super) fn carry(run: &Run, effects: Vec<Effect>) -> Vec<DirectorEffect> {
    let mut out = Vec::new();
    for effect in effects {
        match effect {
            Effect::OpenTables { tables, .. } => {
                out.extend(tables.into_iter().map(|spec| DirectorEffect::OpenTable {
                    id: run.id,
                    name: run.setup.name.clone(),
                    setup: run.setup.clone(),
                    spec,
                }));
            }
            Effect::Byes { round, players } => {
                for player in players {
                    let params = vec![("round", round.to_string()), ("points", BYE.to_string())];
                    out.push(notice(run, player, "tournament_bye", params));
                }
            }
            Effect::Announce(announcement) => announce(run, announcement, &mut out),
            Effect::Finished { standings } => {
                let of = standings.len().to_string();
                for line in &standings {
                    let params = vec![("place", line.rank.to_string()), ("of", of.clone())];
                    out.push(notice(run, line.player.clone(), "tournament_over", params));
                }
                out.push(DirectorEffect::Finished {
                    id: run.id,
                    standings,
                });
            }
        }
    }
    out
}

fn announce(run: &Run, announcement: Announcement, out: &mut Vec<DirectorEffect>) {
    match announcement {
        Announcement::RoundStarted { round } => {
            let Some(tables) = run.core.rounds.get(round as usize - 1).map(|r| &r.tables) else {
                return;
            };
            for &seat in tables.iter().flat_map(|t| &t.seats) {
                let player = run.core.entries[seat].entrant.player.clone();
                let params = vec![("round", round.to_string())];
                out.push(notice(run, player, "tournament_round_started", params));
            }
        }
        Announcement::BotPlays { table, player } => {
            let params = vec![("round", table.round.to_string())];
            out.push(notice(run, player, "tournament_bot_played", params));
        }
        Announcement::Cancelled { entrants, needed } => {
            for entry in &run.core.entries {
                let params = vec![
                    ("entrants", entrants.to_string()),
                    ("needed", needed.to_string()),
                ];
                let player = entry.entrant.player.clone();
                out.push(notice(run, player, "tournament_cancelled", params));
            }
        }
        Announcement::Registered { .. }
        | Announcement::Withdrew { .. }
        | Announcement::Started { .. }
        | Announcement::RoundOver { .. } => {}
    }
}

/// A notice naming the tournament (`{name}`) with `params`.
fn notice(
    run: &Run,
    player: String,
    key: &'static str,
    mut params: Vec<(&'static str, String)>,
) -> DirectorEffect {
    params.insert(0, ("name", run.setup.name.clone()));
    DirectorEffect::Notice {
        player,
        key,
        params,
    }
}
