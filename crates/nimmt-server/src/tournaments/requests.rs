//! Registering, withdrawing and starting, as a connection asks (`join_tournament`,
//! `leave_tournament`, `start_tournament`): who asks is checked here (accounts only, bot
//! accounts included; an operator may start any tournament), the rest by the tournament.

use super::{refusal_of, storage, store, Tournaments};
use crate::conn::{Conn, Refusal};
use nimmt_protocol::{ErrorCode, TournamentId};
use nimmt_room::tournament::{Entrant, TournamentError};
use sqlx::AnyPool;

/// `conn` registers for tournament `id` (with the invitation link's `code`, where needed), at
/// their rating in its game (the starting rating before their first rated game).
pub async fn join(
    tournaments: &Tournaments,
    pool: &AnyPool,
    conn: &Conn,
    id: TournamentId,
    code: Option<String>,
) -> Result<(), Refusal> {
    let account = crate::accounts::account::of_player(pool, &conn.player)
        .await
        .map_err(storage)?;
    if account.is_none() && !conn.bot {
        return Err(Refusal::new(ErrorCode::NotAllowed).keyed("tournament_accounts_only"));
    }
    let Some(stored) = store::load(pool, id).await.map_err(storage)? else {
        return Err(refusal_of(&TournamentError::Unknown));
    };
    let game = stored.run.setup.game;
    let me = [Some(conn.player.clone())];
    // The connection goes back to the pool before the tournament's task is asked (it saves).
    let found = {
        let mut db = pool.acquire().await.map_err(storage)?;
        crate::ratings::shown::of_seats(&mut db, game.name(), &me, None)
            .await
            .map_err(storage)?
    };
    let rating = found
        .into_iter()
        .next()
        .flatten()
        .map_or(crate::ratings::constants::START_POINTS, |r| r.rating);
    let entrant = Entrant {
        player: conn.player.clone(),
        name: conn.name.clone(),
        rating: rating.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
    };
    tournaments.register(id, entrant, conn.bot, code).await
}

/// `conn` withdraws from tournament `id`.
pub async fn leave(
    tournaments: &Tournaments,
    conn: &Conn,
    id: TournamentId,
) -> Result<(), Refusal> {
    tournaments.withdraw(id, conn.player.clone()).await
}

/// `conn` starts tournament `id` now (its creator, or an operator).
pub async fn start(
    tournaments: &Tournaments,
    pool: &AnyPool,
    conn: &Conn,
    id: TournamentId,
) -> Result<(), Refusal> {
    let operator = crate::moderation::operators::is_operator(pool, &conn.player)
        .await
        .map_err(storage)?;
    tournaments.start(id, conn.player.clone(), operator).await
}
