//! The Weng-Lin update (Bradley-Terry, full pairing) of one game, through `skillratings`: every
//! seat is a team of one; a seat gains against every seat placed below it, loses against every
//! seat above it and draws with a seat of its place. Before the game each seat's sigma grows by
//! τ (sigma² + τ²: a skill may have drifted since the last game). The constants are in
//! `constants`.

use super::constants::{Model, ROOM, START_MU, START_SIGMA};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// A Weng-Lin rating: the skill's estimate `mu` and its uncertainty `sigma`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
}

impl Default for Rating {
    /// A new player's rating: mu 25, sigma 25/3.
    fn default() -> Self {
        Rating {
            mu: START_MU,
            sigma: START_SIGMA,
        }
    }
}

/// The crate's configuration for `model` (its β).
pub fn config(model: &Model) -> WengLinConfig {
    WengLinConfig {
        beta: model.beta,
        ..WengLinConfig::new()
    }
}

/// Each seat's rating after a game, from its rating before and its place (1 = best, equal
/// places share), in seat order, with the room's constants.
pub fn after_game(seats: &[(Rating, usize)]) -> Vec<Rating> {
    after_game_with(&ROOM, seats)
}

/// [`after_game`] with the constants of `model`.
pub fn after_game_with(model: &Model, seats: &[(Rating, usize)]) -> Vec<Rating> {
    let teams: Vec<[WengLinRating; 1]> = seats
        .iter()
        .map(|(r, _)| {
            [WengLinRating {
                rating: r.mu,
                uncertainty: r.sigma.hypot(model.tau),
            }]
        })
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(seats)
        .map(|(team, (_, place))| (&team[..], MultiTeamOutcome::new(*place)))
        .collect();
    weng_lin_multi_team(&ranked, &config(model))
        .into_iter()
        .map(|team| Rating {
            mu: team[0].rating,
            sigma: team[0].uncertainty,
        })
        .collect()
}
