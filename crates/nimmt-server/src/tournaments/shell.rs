//! The tournaments' task: it owns the director of the tournaments this node runs, feeds it the
//! commands and the clock with the wall-clock time, and has `effects` carry out what it says.

use super::{refusal_of, storage, store, Cmd, Created, TournamentsConfig};
use crate::conn::Refusal;
use nimmt_protocol::{ErrorCode, TableId, TournamentId};
use nimmt_room::tournament::{Director, DirectorInput, Phase, TournamentError};
use std::collections::HashMap;
use tokio::sync::mpsc;

/// The task's state.
pub(super) struct Shell {
    pub(super) director: Director,
    /// The version each tournament run here was last saved (or read) with.
    pub(super) versions: HashMap<TournamentId, i64>,
    pub(super) config: TournamentsConfig,
}

/// The wall clock, as the director takes it.
pub(super) fn now_ms() -> u64 {
    crate::clock::now_ms().max(0) as u64
}

impl Shell {
    pub(super) fn new(config: TournamentsConfig) -> Shell {
        Shell {
            director: Director::new(),
            versions: HashMap::new(),
            config,
        }
    }

    pub(super) async fn run(mut self, mut rx: mpsc::UnboundedReceiver<Cmd>) {
        let mut ticks = tokio::time::interval(self.config.tick);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.command(cmd).await,
                    None => return,
                },
                _ = ticks.tick() => self.tick().await,
            }
        }
    }

    async fn command(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Create {
                setup,
                creator,
                creator_name,
                reply,
            } => {
                let _ = reply.send(self.create(setup, creator, creator_name).await);
            }
            Cmd::Register {
                id,
                entrant,
                bot_account,
                code,
                reply,
            } => {
                let (player, name) = (entrant.player.clone(), entrant.name.clone());
                let input = DirectorInput::Register {
                    id,
                    entrant,
                    bot_account,
                    code,
                };
                let done = self.apply(id, input).await;
                if done.is_ok() {
                    let pool = &self.config.pool;
                    if let Err(e) = store::add_player(pool, id, &player, &name).await {
                        tracing::warn!("tournament {id}: {player} not noted as a player: {e}");
                    }
                }
                let _ = reply.send(done);
            }
            Cmd::Withdraw { id, player, reply } => {
                let before = self.phase_of(id).await;
                let input = DirectorInput::Withdraw {
                    id,
                    player: player.clone(),
                };
                let done = self.apply(id, input).await;
                if done.is_ok() && before == Some(Phase::Registration) {
                    let pool = &self.config.pool;
                    if let Err(e) = store::remove_player(pool, id, &player).await {
                        tracing::warn!("tournament {id}: {player} not taken off its players: {e}");
                    }
                }
                let _ = reply.send(done);
            }
            Cmd::Start {
                id,
                by,
                operator,
                reply,
            } => {
                let input = DirectorInput::Start { id, by, operator };
                let _ = reply.send(self.apply(id, input).await);
            }
        }
    }

    /// The phase of tournament `id` before a command (run here, or as stored).
    async fn phase_of(&self, id: TournamentId) -> Option<Phase> {
        if let Some(run) = self.director.get(id) {
            return Some(run.core.phase);
        }
        let stored = store::load(&self.config.pool, id).await.ok().flatten()?;
        Some(stored.run.core.phase)
    }

    async fn create(
        &mut self,
        setup: nimmt_protocol::TournamentSetup,
        creator: String,
        creator_name: String,
    ) -> Result<Created, Refusal> {
        let game_min = nimmt_core::registry::find(setup.game.name())
            .map_err(|_| Refusal::new(ErrorCode::BadOptions).keyed("tournament_game"))?
            .descriptor()
            .players
            .0;
        let code = setup
            .invitation
            .then(|| crate::moderation::new_id()[..10].to_owned());
        let now = crate::clock::now_ms();
        let until = now + self.config.lease.as_millis() as i64;
        let id = store::create(
            &self.config.pool,
            &setup,
            (&creator, &creator_name),
            code.as_deref(),
            now,
            (&self.config.node, until),
        )
        .await
        .map_err(storage)?;
        self.versions.insert(id, 0);
        let input = DirectorInput::Create {
            id,
            setup,
            creator,
            creator_name,
            code: code.clone(),
            game_min,
        };
        match self.feed(id, input).await {
            Ok(()) => Ok(Created { id, code }),
            Err(r) => {
                self.versions.remove(&id);
                let _ = store::forget(&self.config.pool, id).await;
                Err(r)
            }
        }
    }

    /// Applies a command to tournament `id`: here if this node runs it (or may run it now),
    /// else to the stored state (see [`Shell::apply_stored`]).
    async fn apply(&mut self, id: TournamentId, input: DirectorInput) -> Result<(), Refusal> {
        if self.director.get(id).is_none() {
            self.claim(id).await;
        }
        if self.director.get(id).is_some() {
            return self.feed(id, input).await;
        }
        self.apply_stored(id, input).await
    }

    /// Feeds one input to the director and carries out its effects.
    pub(super) async fn feed(
        &mut self,
        id: TournamentId,
        input: DirectorInput,
    ) -> Result<(), Refusal> {
        let effects = self
            .director
            .step(now_ms(), input)
            .map_err(|e| refusal_of(&e))?;
        if self.carry_out(effects).await {
            Ok(())
        } else {
            // Not saved: the tournament is as stored, loaded again at the next tick.
            let _ = id;
            Err(Refusal::new(ErrorCode::Storage))
        }
    }

    /// A command for a tournament another node runs: applied to the stored state by a director
    /// of its own, saved over the version read (tried again if another save came first); its
    /// news told from here, its tables left to the node that runs it.
    async fn apply_stored(
        &mut self,
        id: TournamentId,
        input: DirectorInput,
    ) -> Result<(), Refusal> {
        for _ in 0..3 {
            let Some(stored) = store::load(&self.config.pool, id).await.map_err(storage)? else {
                return Err(refusal_of(&TournamentError::Unknown));
            };
            let mut director = Director::new();
            let now = now_ms();
            director
                .step(now, DirectorInput::Load(Box::new(stored.run)))
                .map_err(|e| refusal_of(&e))?;
            let effects = director
                .step(now, input.clone())
                .map_err(|e| refusal_of(&e))?;
            match self.carry_out_stored(effects, stored.version).await? {
                true => return Ok(()),
                false => continue,
            }
        }
        Err(Refusal::new(ErrorCode::Storage))
    }

    /// Once a second: the leases, the clock, and the results of the tables that ended.
    async fn tick(&mut self) {
        self.renew_and_claim().await;
        let effects = match self.director.step(now_ms(), DirectorInput::Tick) {
            Ok(effects) => effects,
            Err(e) => {
                tracing::warn!("tournaments: the clock refused: {e}");
                Vec::new()
            }
        };
        self.carry_out(effects).await;
        self.read_results().await;
        self.forget_finished().await;
    }

    /// Feeds the result of every table of a round being played that ended (read from the store).
    async fn read_results(&mut self) {
        let mut due = Vec::new();
        for run in self.director.runs() {
            let Some(round) = run.core.current_round() else {
                continue;
            };
            for t in round.tables.iter().filter(|t| t.places.is_none()) {
                for (table_ref, table_id) in &run.tables {
                    if *table_ref == t.id {
                        due.push((run.id, *table_id));
                    }
                }
            }
        }
        let open: Vec<TableId> = due.iter().map(|(_, t)| *t).collect();
        let ended = match store::ended_among(&self.config.pool, &open).await {
            Ok(ended) => ended,
            Err(e) => {
                tracing::warn!("tournaments: the tables' results unread: {e}");
                return;
            }
        };
        due.retain(|(_, t)| ended.contains(t));
        for (id, table_id) in due {
            let ended = match store::ended_table(&self.config.pool, table_id).await {
                Ok(Some(ended)) => ended,
                Ok(None) => continue,
                Err(e) => {
                    tracing::warn!("tournament {id}: table {table_id}'s result unread: {e}");
                    continue;
                }
            };
            let (places, bot_played) = ended;
            let input = DirectorInput::TableEnded {
                table_id,
                places,
                bot_played,
            };
            if let Err(r) = self.feed(id, input).await {
                tracing::debug!("tournament {id}: table {table_id}'s result: {}", r.key);
            }
        }
    }

    /// Tournaments that are over leave this node (and their lease goes).
    async fn forget_finished(&mut self) {
        let over: Vec<TournamentId> = self
            .director
            .runs()
            .filter(|r| matches!(r.core.phase, Phase::Finished | Phase::Cancelled))
            .map(|r| r.id)
            .collect();
        for id in over {
            self.drop_run(id);
            if let Err(e) = store::release(&self.config.pool, id, &self.config.node).await {
                tracing::warn!("tournament {id}: its lease not given back: {e}");
            }
        }
    }

    /// This node no longer runs tournament `id`.
    pub(super) fn drop_run(&mut self, id: TournamentId) {
        self.versions.remove(&id);
        let _ = self.director.step(now_ms(), DirectorInput::Drop { id });
    }
}
