//! Carrying out the director's effects, in order: a save first (a lost race or a failed write
//! drops the tournament here: the rest of its effects are not carried out, and the next tick
//! loads it again as stored), then the tables opened (the way an accepted challenge opens one,
//! answered to the director with the room table's number), the players told where they sit,
//! the lobby and the players told that it changed, the final places noted.

use super::shell::{now_ms, Shell};
use super::store;
use crate::conn::Refusal;
use crate::handles::TableCmd;
use nimmt_protocol::{ServerMsg, TableId, TournamentId};
use nimmt_room::table::{tournament_meta, Again, TournamentTag};
use nimmt_room::tournament::{DirectorEffect, DirectorInput, TableSpec};
use std::collections::{HashSet, VecDeque};

impl Shell {
    /// Carries out `effects` in order; `false` if a save failed (that tournament's later
    /// effects were left out).
    pub(super) async fn carry_out(&mut self, effects: Vec<DirectorEffect>) -> bool {
        let mut queue: VecDeque<DirectorEffect> = effects.into();
        let mut unsaved: HashSet<TournamentId> = HashSet::new();
        while let Some(effect) = queue.pop_front() {
            match effect {
                DirectorEffect::Save(run) => {
                    let id = run.id;
                    if unsaved.contains(&id) {
                        continue;
                    }
                    let Some(read) = self.versions.get(&id).copied() else {
                        unsaved.insert(id);
                        continue;
                    };
                    let (pool, node) = (&self.config.pool, &self.config.node);
                    match store::save(pool, &run, read, Some(node)).await {
                        Ok(true) => {
                            self.versions.insert(id, read + 1);
                        }
                        Ok(false) => {
                            tracing::info!("tournament {id}: saved elsewhere first; read again");
                            unsaved.insert(id);
                            self.drop_run(id);
                        }
                        Err(e) => {
                            tracing::warn!("tournament {id}: not saved: {e}");
                            unsaved.insert(id);
                            self.drop_run(id);
                        }
                    }
                }
                DirectorEffect::OpenTable {
                    id,
                    name,
                    setup,
                    spec,
                } => {
                    if unsaved.contains(&id) {
                        continue;
                    }
                    let table = spec.id;
                    match self.open_table(id, &name, &setup, &spec).await {
                        Ok(table_id) => {
                            let input = DirectorInput::TableOpened {
                                id,
                                table,
                                table_id,
                            };
                            match self.director.step(now_ms(), input) {
                                Ok(more) => {
                                    for e in more.into_iter().rev() {
                                        queue.push_front(e);
                                    }
                                }
                                Err(e) => tracing::warn!("tournament {id}: table {table}: {e}"),
                            }
                        }
                        Err(r) => {
                            // Opened again when the tournament is loaded again (next tick).
                            tracing::warn!("tournament {id}: table {table} not opened: {}", r.key);
                            unsaved.insert(id);
                            self.drop_run(id);
                        }
                    }
                }
                other => {
                    if let Some(id) = effect_tournament(&other) {
                        if unsaved.contains(&id) {
                            continue;
                        }
                    }
                    self.tell(other).await;
                }
            }
        }
        unsaved.is_empty()
    }

    /// The effects of a command applied to the stored state (by another node's director): the
    /// save over `read` (`false`: another save came first, try again), then the news; the tables
    /// are the running node's to open.
    pub(super) async fn carry_out_stored(
        &mut self,
        effects: Vec<DirectorEffect>,
        read: i64,
    ) -> Result<bool, Refusal> {
        for effect in effects {
            match effect {
                DirectorEffect::Save(run) => {
                    let pool = &self.config.pool;
                    if !store::save(pool, &run, read, None)
                        .await
                        .map_err(super::storage)?
                    {
                        return Ok(false);
                    }
                }
                DirectorEffect::OpenTable { .. } | DirectorEffect::Seated { .. } => {}
                other => self.tell(other).await,
            }
        }
        Ok(true)
    }

    /// The effects that only tell: players, the lobby, the profiles, surplus tables.
    async fn tell(&mut self, effect: DirectorEffect) {
        let lobby = &self.config.lobby;
        match effect {
            DirectorEffect::Surplus { table_id } => {
                if let Some(h) = lobby.get(table_id).await {
                    let (reply, _rx) = tokio::sync::oneshot::channel();
                    let act = crate::moderation::acts::TableAct::Close {
                        reason: "a second table for the same tournament table".to_owned(),
                    };
                    h.send(TableCmd::Moderate { act, reply }).await;
                }
            }
            DirectorEffect::Seated {
                id,
                name,
                player,
                round,
                table_id,
            } => {
                let Some(run) = self.director.get(id) else {
                    return;
                };
                let game = run.setup.game;
                let bot = run.bot_accounts.contains(&player);
                let msg = ServerMsg::TournamentTable {
                    tournament: id,
                    name,
                    round,
                    table: table_id,
                    game,
                };
                lobby.tell(player.clone(), msg);
                if bot {
                    let seated = ServerMsg::BotSeated {
                        table: table_id,
                        game,
                    };
                    lobby.tell(player, seated);
                }
            }
            DirectorEffect::Changed { id } => {
                let players = self
                    .director
                    .get(id)
                    .map(|r| {
                        r.core
                            .entries
                            .iter()
                            .map(|e| e.entrant.player.clone())
                            .collect()
                    })
                    .unwrap_or_default();
                lobby.tournament_changed(id, players);
            }
            // The places were noted with the save that finished it (`store::save`).
            DirectorEffect::Finished { .. } => {}
            DirectorEffect::Notice {
                player,
                key,
                params,
            } => {
                lobby.tournament_notice(player, key, params);
            }
            DirectorEffect::Save(_) | DirectorEffect::OpenTable { .. } => {}
        }
    }

    /// Opens the room table for a tournament table: its settings from the tournament's, marked
    /// with the table's tag; opened like an accepted challenge (the game starts at once).
    async fn open_table(
        &self,
        id: TournamentId,
        name: &str,
        setup: &nimmt_protocol::TournamentSetup,
        spec: &TableSpec,
    ) -> Result<TableId, Refusal> {
        let bot_accounts = self
            .director
            .get(id)
            .map(|r| r.bot_accounts.clone())
            .unwrap_or_default();
        let tag = TournamentTag::new(id, name, spec.id);
        let meta = tournament_meta(spec, tag, setup, &bot_accounts, &self.config.tables)?;
        let meta = serde_json::to_string(&meta).map_err(super::storage)?;
        // In the first player's name (a table of bots only: the tournament's): nobody hosts it.
        let (player, who) = match spec.players.first() {
            Some(p) => (p.player.clone(), p.name.clone()),
            None => (format!("tournament-{id}"), name.to_owned()),
        };
        let conn = super::nobody(player, who);
        let again = Again {
            meta,
            history: Vec::new(),
        };
        let h = self
            .config
            .lobby
            .create_again(conn, setup.game, again)
            .await?;
        Ok(h.id)
    }
}

/// The tournament an effect is about, if it names one.
fn effect_tournament(effect: &DirectorEffect) -> Option<TournamentId> {
    match effect {
        DirectorEffect::Save(run) => Some(run.id),
        DirectorEffect::OpenTable { id, .. }
        | DirectorEffect::Seated { id, .. }
        | DirectorEffect::Changed { id }
        | DirectorEffect::Finished { id, .. } => Some(*id),
        DirectorEffect::Surplus { .. } | DirectorEffect::Notice { .. } => None,
    }
}
