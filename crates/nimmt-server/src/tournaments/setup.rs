//! The checks of a new tournament's settings (`POST /api/tournaments`), each refused with a
//! clear text: the name, a competitive game, its options as a table of the tournament's size
//! would take them (pace and timer included), the table size, the start time. The format's
//! numbers (rounds, who goes on) are the tournament core's to check.

use crate::conn::Refusal;
use nimmt_core::GameKind;
use nimmt_protocol::tournaments::MAX_TOURNAMENT_NAME_CHARS;
use nimmt_protocol::{ErrorCode, TournamentSetup};
use nimmt_room::table::Meta;
use nimmt_room::tournament::format::TABLE_SIZES;

/// A start this far in the past is still taken as "now" (a form filled in a minute ago).
pub const START_SLACK_MS: u64 = 60_000;

/// The games a tournament may be played in: those where each seat plays for itself.
pub fn competitive_games() -> Vec<GameKind> {
    nimmt_core::registry::descriptors()
        .into_iter()
        .filter(|d| !d.team && d.automata.is_empty())
        .filter_map(|d| d.name.parse().ok())
        .collect()
}

/// Checks `setup` at wall-clock time `now_ms`; the name comes back trimmed.
pub fn check(
    mut setup: TournamentSetup,
    now_ms: u64,
    tables: &nimmt_room::TableConfig,
) -> Result<TournamentSetup, Refusal> {
    let name = nimmt_protocol::clean_chat(&setup.name).unwrap_or_default();
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_TOURNAMENT_NAME_CHARS {
        return Err(Refusal::new(ErrorCode::BadOptions)
            .keyed("tournament_name")
            .with("max", MAX_TOURNAMENT_NAME_CHARS));
    }
    setup.name = name;
    let games = competitive_games();
    if !games.contains(&setup.game) {
        let list: Vec<&str> = games.iter().map(|g| g.name()).collect();
        return Err(Refusal::new(ErrorCode::BadOptions)
            .keyed("tournament_game")
            .with("game", setup.game.name())
            .with("games", list.join(", ")));
    }
    if !TABLE_SIZES.contains(&setup.table_size) {
        return Err(Refusal::new(ErrorCode::BadOptions).keyed("tournament_table_size"));
    }
    // The options as a table of the tournament's size takes them (its seats within the game's).
    let someone = super::nobody("-".into(), "-".into());
    let seats = Some(setup.table_size);
    Meta::new(&someone, setup.game, setup.options.clone(), seats, tables)?;
    if setup.start_ms + START_SLACK_MS < now_ms {
        return Err(Refusal::new(ErrorCode::BadOptions).keyed("tournament_start_past"));
    }
    Ok(setup)
}
