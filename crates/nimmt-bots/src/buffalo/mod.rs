//! Bots for *Schlagt den Büffel*: members of the team, each deciding from its own view.
//!
//! A member bot is a way to choose its card — `random`, `greedy` (the card with the least
//! one-turn risk) or `mcts` (information-set sampling, [`mcts`]) — and, in the windows before
//! each card is laid, either the team policy for the special cards ([`TeamPolicy`]) or passing:
//! `NAME[:specials=on|off]`, on by default; `mcts` also takes `iters=N` (playouts per card
//! choice, default 200), `aim=points|win` (a playout worth the team's margin, or its loss) and
//! `lean=N` (greedy's card unless another beats it by more than N points, tenths of a loss). A
//! low card takes the row with the fewest bull heads. At a table with people in the team the
//! bots leave the special cards to them and pass (`specials=off`) unless the spec says
//! `specials=on`.

mod greedy;
mod mcts;
mod policy;

pub use greedy::{greedy_card, play_out, play_out_with, risk, safest_card, unseen};
pub use mcts::{card_estimates, open_card, search_card, Aim};
pub use policy::{finish_turn, TeamPolicy};

use crate::game_bots::{unknown, BotContext, GameBots};
use crate::spec::{Builtin, SpecError};
use crate::Bot;
use nimmt_core::games::buffalo::{Action, Buffalo, Decision, View};
use nimmt_core::{Outcome, Rules, Seat, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How a member chooses its card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chooser {
    Random,
    Greedy,
    /// Playouts per decision.
    Mcts {
        iters: u64,
        aim: Aim,
    },
}

/// A member of the team (see the module documentation).
pub struct MemberBot {
    pub chooser: Chooser,
    /// The team policy in windows; `None`: pass.
    pub specials: Option<TeamPolicy>,
    rng: ChaCha8Rng,
}

impl MemberBot {
    pub fn new(chooser: Chooser, specials: bool, seed: u64) -> MemberBot {
        MemberBot {
            chooser,
            specials: specials.then(TeamPolicy::default),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot<Buffalo> for MemberBot {
    fn decide(&mut self, view: &View) -> Action {
        match view.asked.expect("asked to decide") {
            Decision::PlayCard => {
                let card = match self.chooser {
                    Chooser::Random => view.hand[self.rng.random_range(0..view.hand.len())],
                    Chooser::Greedy => greedy_card(view),
                    Chooser::Mcts { iters, aim } => {
                        search_card(view, iters, self.specials.as_ref(), aim, &mut self.rng)
                    }
                };
                Action::Play { card }
            }
            Decision::TakeRow => Action::TakeRow {
                row: greedy::cheapest(&view.rows),
            },
            Decision::Window => match (&self.specials, self.chooser) {
                (None, _) => Action::PassCard,
                (Some(_), Chooser::Random) => {
                    let legal = view.legal_actions();
                    legal[self.rng.random_range(0..legal.len())].clone()
                }
                (Some(policy), _) => policy.decide(view, &mut self.rng),
            },
        }
    }

    fn name(&self) -> String {
        let base = match self.chooser {
            Chooser::Random => "random".to_owned(),
            Chooser::Greedy => "greedy".to_owned(),
            Chooser::Mcts { iters, aim } => {
                let mut s = format!("mcts:iters={iters}");
                if aim.win {
                    s.push_str(",aim=win");
                }
                if aim.lean > 0 {
                    s.push_str(&format!(",lean={}", aim.lean));
                }
                s
            }
        };
        match (self.specials.is_some(), base.contains(':')) {
            (true, _) => base,
            (false, true) => format!("{base},specials=off"),
            (false, false) => format!("{base}:specials=off"),
        }
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}

/// Playouts per card choice of `mcts` without `iters`.
pub const DEFAULT_ITERS: u64 = 200;

impl GameBots for Buffalo {
    fn bot_names() -> &'static [&'static str] {
        &["greedy", "random", "mcts"]
    }

    fn builtin(spec: &Builtin, seed: u64) -> Result<Box<dyn Bot<Buffalo>>, SpecError> {
        let chooser = match spec.name.as_str() {
            "random" | "greedy" => {
                spec.only(&["specials"], "specials=on|off")?;
                if spec.name == "random" {
                    Chooser::Random
                } else {
                    Chooser::Greedy
                }
            }
            "mcts" => {
                spec.only(
                    &["iters", "specials", "aim", "lean"],
                    "iters=N, specials=on|off, aim=points|win or lean=N",
                )?;
                Chooser::Mcts {
                    iters: spec.number("iters")?.unwrap_or(DEFAULT_ITERS),
                    aim: Aim {
                        win: spec.word("aim", &["points", "win"])? == Some("win"),
                        lean: spec.number("lean")?.unwrap_or(0),
                    },
                }
            }
            other => return Err(unknown::<Buffalo>(other)),
        };
        let specials = spec.word("specials", &["on", "off"])? != Some("off");
        Ok(Box::new(MemberBot::new(chooser, specials, seed)))
    }

    /// With people in the team, the bots pass in windows unless their spec says `specials=on`.
    fn builtin_with(
        spec: &Builtin,
        seed: u64,
        ctx: &BotContext,
    ) -> Result<Box<dyn Bot<Buffalo>>, SpecError> {
        if ctx.humans_at_table && spec.get("specials").is_none() {
            let mut quiet = spec.clone();
            quiet
                .settings
                .push(("specials".to_owned(), "off".to_owned()));
            return Buffalo::builtin(&quiet, seed);
        }
        Buffalo::builtin(spec, seed)
    }
}

/// A bot by spec (`greedy`, `greedy:specials=off`, `mcts:iters=100`), or `None`.
pub fn by_name(spec: &str, seed: u64) -> Option<Box<dyn Bot<Buffalo>>> {
    match spec.parse().ok()? {
        crate::spec::BotSpec::Builtin(b) => Buffalo::builtin(&b, seed).ok(),
        crate::spec::BotSpec::Cmd(_) => None,
    }
}

/// Plays one whole game with one bot per member, asking the first member asked each time.
/// Panics on an illegal action.
pub fn play_game(bots: &mut [Box<dyn Bot<Buffalo>>], seed: u64) -> Outcome {
    let game = Buffalo::new(bots.len(), Default::default(), seed);
    play_to_end(game, |_, seat, view| {
        let bot = &mut bots[seat.index()];
        (bot.decide(view), bot.name())
    })
}

/// Plays one whole game (dealt from `seed`) with every member `mcts` with the team policy,
/// except that each card is searched with every card open ([`open_card`]: teammates' hands and
/// choices, the buffalo's stack, the special card stack): the ceiling of the search's card
/// choice. The windows are the team policy's, from each member's own view; member `i` is seeded
/// with `seed_of(i)`. Panics on an illegal action.
pub fn play_game_open(
    players: usize,
    aim: Aim,
    seed: u64,
    seed_of: impl Fn(usize) -> u64,
) -> Outcome {
    let mut bots: Vec<MemberBot> = (0..players)
        .map(|i| MemberBot::new(Chooser::Greedy, true, seed_of(i)))
        .collect();
    let game = Buffalo::new(players, Default::default(), seed);
    play_to_end(game, |game, seat, view| {
        let bot = &mut bots[seat.index()];
        let action = match view.asked {
            Some(Decision::PlayCard) => Action::Play {
                card: open_card(game, view, bot.specials.as_ref(), aim, &mut bot.rng),
            },
            _ => bot.decide(view),
        };
        (action, "open mcts".to_owned())
    })
}

/// Plays `game` to its end, asking the first member asked each time: `decide` answers with the
/// action and the name of the bot that chose it. Panics on an illegal action.
fn play_to_end(
    mut game: Buffalo,
    mut decide: impl FnMut(&Buffalo, Seat, &View) -> (Action, String),
) -> Outcome {
    loop {
        if let Some(outcome) = game.outcome() {
            return outcome;
        }
        let (seat, _) = game.pending()[0];
        let view = game.view(Viewer::Seat(seat));
        let (action, name) = decide(&game, seat, &view);
        if let Err(e) = game.act(seat, &action) {
            panic!("{name} at {seat} chose {action:?}: {e}");
        }
    }
}

#[cfg(test)]
mod tests;
