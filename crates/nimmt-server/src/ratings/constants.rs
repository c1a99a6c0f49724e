//! The rating model's constants, all in one place: the start of a new rating, Weng-Lin's β and
//! τ, the scale ratings are shown on and the games a rating stays provisional.
//!
//! Chosen from the room's own games: 240 recorded games of each rated game between its four bot
//! levels (`level-games.json`, recorded by `nimmt-bots`' example `rated_level_games`), replayed
//! through this room's update for each candidate by `tuning` (`cargo test -p nimmt-server --lib
//! ratings::tuning -- --ignored --nocapture` prints the table; `docs/ratings.md`, *The numbers*,
//! has it and the reasons). Changing them changes every rating: run `nimmt ratings --rebuild`
//! after.

/// A new rating's mu (Weng-Lin's default).
pub const START_MU: f64 = 25.0;
/// A new rating's sigma (Weng-Lin's default, 25/3): how far from `START_MU` a new player's
/// skill may lie.
pub const START_SIGMA: f64 = 25.0 / 3.0;
/// β: the spread of one game's performance around a player's skill. The crate's default, 25/6,
/// is for games of skill; in these games luck decides much more. 50/3 (twice `START_SIGMA`)
/// predicts the recorded level games' next outcome best (the least mean log-loss over classic,
/// HELP! and the Brettspiel): classic alone would take about 10, the luckier two more than 30.
pub const BETA: f64 = 50.0 / 3.0;
/// τ: how far a skill may drift between two games, added to sigma before each game (sigma² + τ²)
/// so that a settled rating keeps following a player who gets better (or a bot level whose spec
/// changes) instead of freezing. σ₀/100, as TrueSkill and OpenSkill take it: the level games
/// (whose skills do not drift) cannot tell it from none (log-loss 0.6126 against 0.6125).
pub const TAU: f64 = 25.0 / 300.0;
/// The rating shown for a new player (mu = `START_MU`).
pub const START_POINTS: i64 = 1500;
/// Points shown per unit of mu: 400 / (ln 10 · √2 · β), so that, as with Elo, a difference of 400
/// shown points between two settled players means odds of 10 to 1 of placing above the other
/// (Weng-Lin's Bradley-Terry model: p = 1 / (1 + e^(−Δμ / (√2 β)))). In the recorded classic
/// games the master placed above the beginner in 95.4% of them; their ratings lie 518 apart, which
/// means 95.2%.
pub const SCALE: f64 = 7.370_221_756_456_504;
/// Rated games before a rating counts as settled (shown without "?", on the leaderboard).
pub const PROVISIONAL_GAMES: i64 = 5;

/// The model's constants as one value, so that candidates can be compared with the room's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    pub beta: f64,
    pub tau: f64,
    /// Points shown per unit of mu.
    pub scale: f64,
}

/// The constants the room rates with.
pub const ROOM: Model = Model {
    beta: BETA,
    tau: TAU,
    scale: SCALE,
};
