//! The shell around one table: a tokio task that feeds the room's table
//! ([`nimmt_room::Table`], a state machine without IO) its inputs with the time, and carries out
//! what it returns, in order: the writes first (a change is stored before anyone hears of it),
//! then the frames, the lobby's news, the bots' thinking on a blocking thread, the reads of
//! mutes and ratings. Everything a table decides is in `nimmt-room`; this file only does IO.

use crate::clock::{clock_start, now};
use crate::conn::{Conn, Refusal};
use crate::handles::{LobbyHandle, NewTable, TableCmd, TableHandle};
use crate::sleep::Sleep;
use crate::store::Store;
use nimmt_protocol::PlayerId;
use nimmt_room::table::{
    Effect, Input, Job, Meta, RatingsQuery, SeatRatingsRead, Step, TableConfig, TableNews, Thought,
};
use nimmt_room::{StoredTable, WriteFailed};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::sleep_until;

/// A table and what its shell needs to carry out its steps.
pub struct Table {
    table: nimmt_room::Table,
    store: Store,
    lobby: LobbyHandle,
    /// A new table: whoever opened it hears once it is stored (see `NewTable::stored`).
    opened: Option<oneshot::Sender<bool>>,
    /// The table was told it runs (`Input::Opened`) already.
    started: bool,
}

impl Table {
    /// Checks a request for a new table and starts its shell, the creator seated as host.
    pub fn open(
        new: NewTable,
        store: Store,
        tables: Arc<TableConfig>,
        sleep: Option<Arc<Sleep>>,
    ) -> Result<TableHandle, Refusal> {
        let table = match new.again {
            Some(again) => nimmt_room::Table::again(new.id, again, tables, rand::random(), now())?,
            None => {
                let meta = Meta::new(&new.conn, new.game, new.options, new.seats, &tables)?;
                nimmt_room::Table::create(new.id, meta, tables, rand::random(), now())
                    .with_member(&new.conn)
            }
        };
        let shell = Table {
            table,
            store,
            lobby: new.lobby,
            opened: new.stored,
            started: false,
        };
        Ok(shell.spawn(sleep))
    }

    /// Rebuilds a stored table: its setup and every logged action replayed.
    pub fn restore(
        stored: StoredTable,
        store: Store,
        lobby: LobbyHandle,
        tables: Arc<TableConfig>,
    ) -> anyhow::Result<Table> {
        let table = nimmt_room::Table::restore(stored, tables, rand::random(), now())?;
        Ok(Table {
            table,
            store,
            lobby,
            opened: None,
            started: false,
        })
    }

    /// How the table looks to the lobby.
    pub fn news(&self) -> TableNews {
        self.table.news()
    }

    /// Starts the table's actor; with `sleep`, a turn-based table nobody plays leaves memory
    /// after a while and comes back on its next command (see `sleep`).
    pub fn spawn(self, sleep: Option<Arc<Sleep>>) -> TableHandle {
        let id = self.table.id();
        let (handle, rx) = TableHandle::with_loader(id, sleep.as_ref().and_then(|s| s.loader()));
        self.run_on(handle.clone(), rx, sleep);
        handle
    }

    /// Starts the table's actor reading `rx`, reached through `handle`.
    pub fn run_on(
        self,
        handle: TableHandle,
        rx: mpsc::Receiver<TableCmd>,
        sleep: Option<Arc<Sleep>>,
    ) {
        tokio::spawn(self.run(handle, rx, sleep));
    }

    /// A restored table is told it runs; if it may sleep then, it sleeps from the start (no
    /// actor): the handle that loads it is returned with how it looks to the lobby.
    pub async fn settle(mut self, sleep: &Arc<Sleep>) -> Result<(TableHandle, TableNews), Self> {
        self.feed(Input::Opened).await;
        self.started = true;
        let Some(load) = sleep.loader().filter(|_| self.table.may_sleep()) else {
            return Err(self);
        };
        let handle = TableHandle::asleep(self.table.id(), load);
        if let Some(at) = self.wake_instant() {
            sleep.wake_at(at, handle.clone());
        }
        Ok((handle, self.table.news()))
    }

    /// What loads a sleeping table of this room from `store` and starts its actor on the
    /// handle (see `sleep`).
    pub fn loader(
        store: Store,
        lobby: LobbyHandle,
        tables: Arc<TableConfig>,
        sleep: std::sync::Weak<Sleep>,
    ) -> crate::handles::LoadTable {
        Arc::new(move |handle: TableHandle| {
            let (store, lobby, tables, sleep) =
                (store.clone(), lobby.clone(), tables.clone(), sleep.clone());
            Box::pin(async move {
                let stored = match store.open_table(handle.id).await {
                    Ok(Some(s)) => s,
                    Ok(None) => return Ok(false),
                    Err(e) => {
                        tracing::warn!("table {}: not loaded: {e}", handle.id);
                        return Err(());
                    }
                };
                let table = Table::restore(stored, store, lobby, tables)
                    .map_err(|e| tracing::error!("table {}: cannot be loaded: {e}", handle.id))?;
                let rx = handle.loaded();
                crate::metrics::table_loaded();
                table.run_on(handle, rx, sleep.upgrade());
                Ok(true)
            })
        })
    }

    /// When the table wants to wake next, on the shells' clock.
    fn wake_instant(&self) -> Option<tokio::time::Instant> {
        self.table
            .next_wake()
            .map(|at| clock_start() + at.since_start())
    }

    async fn run(
        mut self,
        handle: TableHandle,
        mut rx: mpsc::Receiver<TableCmd>,
        sleep: Option<Arc<Sleep>>,
    ) {
        let _in_memory = crate::metrics::InMemory::new();
        if !self.started {
            self.feed(Input::Opened).await;
            self.started = true;
        }
        // Stored, and the lobby told: the opening is acknowledged now.
        if let Some(opened) = self.opened.take() {
            let _ = opened.send(!self.table.closing());
        }
        while !self.table.closing() {
            let wake = self.wake_instant();
            let far = tokio::time::Instant::now() + Duration::from_secs(3600);
            let idle = sleep
                .as_ref()
                .filter(|_| self.table.may_sleep() && handle.can_sleep())
                .map(|s| tokio::time::Instant::now() + s.after);
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.command(cmd).await,
                    None => break,
                },
                _ = sleep_until(wake.unwrap_or(far)), if wake.is_some() => {
                    self.feed(Input::Wake).await;
                }
                _ = sleep_until(idle.unwrap_or(far)), if idle.is_some() => {
                    let (queued, turn) = handle.fall_asleep(&mut rx).await;
                    if queued.is_empty() {
                        if let (Some(s), Some(at)) = (&sleep, wake) {
                            s.wake_at(at, handle.clone());
                        }
                        // Out of memory: the next command loads it again.
                        return;
                    }
                    // Commands came meanwhile: it stays awake and takes them first.
                    rx = handle.loaded();
                    drop(turn);
                    for cmd in queued {
                        self.command(cmd).await;
                    }
                }
            }
        }
        handle.closed();
        self.lobby.closed(self.table.id());
    }

    /// A command from a connection, the cluster or an operator, with what the table needs
    /// read for it first.
    async fn command(&mut self, cmd: TableCmd) {
        let input = match cmd {
            TableCmd::Attach {
                conn,
                role,
                req,
                invite,
            } => Input::Attach {
                invite,
                muted: muted_by(&self.store, &conn).await,
                conn,
                role,
                req,
            },
            TableCmd::Detach { player, conn_id } => Input::Detach { player, conn_id },
            TableCmd::Leave { conn, req } => Input::Leave { conn, req },
            TableCmd::Chat { conn, text, req } => {
                // Whoever muted the speaker does not get the line (a command has no line).
                let muting = if text.trim_start().starts_with('/') {
                    HashSet::new()
                } else {
                    crate::moderation::mutes::muting(self.store.pool(), &conn.player)
                        .await
                        .unwrap_or_default()
                };
                Input::Chat {
                    conn,
                    text,
                    req,
                    muting,
                }
            }
            TableCmd::Command { conn, command, req } => Input::Command { conn, command, req },
            TableCmd::Act {
                conn,
                version,
                action,
                req,
            } => Input::Act {
                conn,
                version,
                action,
                req,
            },
            TableCmd::Resync { conn, req } => Input::Resync { conn, req },
            TableCmd::Record { reply } => {
                let _ = reply.send(self.table.record_source());
                return;
            }
            TableCmd::Wake => Input::Wake,
            TableCmd::Moderate { act, reply } => {
                let outcome = self.feed(Input::Moderate { act }).await;
                let _ = reply.send(outcome.unwrap_or_default());
                return;
            }
        };
        self.feed(input).await;
    }

    /// Feeds one input and carries out everything it leads to (writes, effects, and the inputs
    /// that answer them) before the next. Returns an operator's answer, if one came.
    async fn feed(&mut self, input: Input) -> Option<nimmt_room::moderation::Outcome> {
        let mut answer = None;
        let mut pending = vec![input];
        while let Some(input) = pending.pop() {
            // The table's randomness for invitation links comes from here (see `invite_code`).
            if self.table.wants_code() {
                self.table.give_code(invite_code());
            }
            let mut step = self.table.handle(input, now());
            let mut answers = Vec::new();
            loop {
                // A step with a write has no effects: they wait until it is stored.
                let write = step.write.take();
                answers.extend(self.carry_out(step, &mut answer).await);
                let Some(ops) = write else { break };
                let result = self.store.write(ops).await.map_err(|e| WriteFailed {
                    refusal: e.refusal(),
                    reason: e.to_string(),
                });
                step = self.table.written(result, now());
            }
            // The answers to the effects come back before anything else, in order.
            answers.reverse();
            pending.extend(answers);
        }
        answer
    }

    /// Carries out a step's effects in order; returns the inputs that answer them.
    async fn carry_out(
        &mut self,
        step: Step,
        answer: &mut Option<nimmt_room::moderation::Outcome>,
    ) -> Vec<Input> {
        let mut answers = Vec::new();
        for effect in step.effects {
            match effect {
                Effect::Send { to, frame } => to.send_frame(frame),
                Effect::Close { conn, reason } => conn.close_for(reason),
                Effect::Lobby(news) => self.lobby.changed(news),
                Effect::Think(job) => answers.push(Input::Thought(think(job).await)),
                Effect::ReadRatings(query) => {
                    let seats = read_ratings(&self.store, &query).await;
                    if seats.is_none() {
                        tracing::debug!("table {}: ratings not read", self.table.id());
                    }
                    answers.push(Input::Ratings { query, seats });
                }
                Effect::OpenRematch {
                    by,
                    req,
                    game,
                    again,
                } => {
                    let result = self
                        .lobby
                        .create_again(by.clone(), game, again)
                        .await
                        .map(|h| h.id);
                    answers.push(Input::RematchOpened { by, req, result });
                }
                Effect::Moderated(outcome) => *answer = Some(outcome),
                Effect::WrongInvite { conn } => conn.wrong_invite(),
                Effect::SeekBot(seek) => {
                    let bot = self.lobby.online_bot(&seek.name).await;
                    answers.push(seek.answer(bot.as_ref()));
                }
                Effect::Tell { player, msg } => self.lobby.tell(player, *msg),
                Effect::BotFault { player } => self.lobby.bot_fault(player),
            }
        }
        answers
    }
}

/// Whom `conn`'s player muted (their lines are not in the chat history it gets).
async fn muted_by(store: &Store, conn: &Conn) -> HashSet<PlayerId> {
    crate::moderation::mutes::muted_by(store.pool(), &conn.player)
        .await
        .unwrap_or_default()
}

/// The seats' ratings as `q` asks for them; `None` if they cannot be read.
async fn read_ratings(store: &Store, q: &RatingsQuery) -> Option<SeatRatingsRead> {
    let mut conn = store.pool().acquire().await.ok()?;
    crate::ratings::shown::of_seats(&mut conn, q.game, &q.identities, q.finished)
        .await
        .ok()
}

/// Does a job on a blocking thread (so this table, and every other, stays responsive).
async fn think(job: Job) -> Thought {
    let (kind, is_move) = (job.game(), job.is_move());
    let started = std::time::Instant::now();
    let given_up = job.given_up();
    let thought = tokio::task::spawn_blocking(move || job.run())
        .await
        .unwrap_or(given_up);
    if is_move {
        crate::metrics::bot_decided(kind, started.elapsed());
    }
    thought
}

/// A fresh invitation code: 128 bits from the operating system's generator, written URL-safe
/// (22 characters).
fn invite_code() -> String {
    use base64::Engine;
    use rand::TryRngCore;
    let mut bytes = [0u8; 16];
    if rand::rngs::OsRng.try_fill_bytes(&mut bytes).is_err() {
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut bytes);
    }
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}
