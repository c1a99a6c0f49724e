//! Registration, withdrawal and the start.

use super::{Announcement, Effect, Entrant, Entry, Format, Phase, Tournament, TournamentError};

impl Tournament {
    /// Registers a player (before the start only).
    pub(super) fn register(&mut self, entrant: Entrant) -> Result<Vec<Effect>, TournamentError> {
        if self.phase != Phase::Registration {
            return Err(TournamentError::RegistrationClosed);
        }
        if self.entry_of(&entrant.player).is_some() {
            return Err(TournamentError::AlreadyRegistered);
        }
        let player = entrant.player.clone();
        self.entries.push(Entry {
            entrant,
            order: self.next_order,
            withdrawn: false,
            out_in: None,
        });
        self.next_order += 1;
        Ok(vec![Effect::Announce(Announcement::Registered { player })])
    }

    /// Withdraws a player: before the start they leave the list; later they get no further
    /// tables (a table they sit at now is played to its end and counts).
    pub(super) fn withdraw(&mut self, player: &str) -> Result<Vec<Effect>, TournamentError> {
        let index = self
            .entry_of(player)
            .ok_or(TournamentError::NotRegistered)?;
        match self.phase {
            Phase::Registration => {
                self.entries.remove(index);
            }
            Phase::Running { round } => {
                let entry = &mut self.entries[index];
                if entry.withdrawn {
                    return Err(TournamentError::AlreadyWithdrawn);
                }
                entry.withdrawn = true;
                if matches!(self.settings.format, Format::Elimination { .. }) {
                    entry.out_in.get_or_insert(round);
                }
            }
            Phase::Finished | Phase::Cancelled => return Err(TournamentError::NotRunning),
        }
        let withdrew = Announcement::Withdrew {
            player: player.to_string(),
        };
        Ok(vec![Effect::Announce(withdrew)])
    }

    /// Starts the first round, or cancels the tournament when too few registered.
    pub(super) fn start(&mut self) -> Vec<Effect> {
        let needed = self.settings.min_entrants();
        let entrants = self.entries.len();
        if entrants < needed {
            self.phase = Phase::Cancelled;
            return vec![Effect::Announce(Announcement::Cancelled {
                entrants,
                needed,
            })];
        }
        let mut effects = vec![Effect::Announce(Announcement::Started { entrants })];
        effects.extend(self.next_round());
        effects
    }

    /// Entries who still play: not withdrawn and not out.
    pub fn active(&self) -> Vec<usize> {
        (0..self.entries.len())
            .filter(|&i| !self.entries[i].withdrawn && self.entries[i].out_in.is_none())
            .collect()
    }
}
