//! Tournaments in the room: the shell around the room's tournament director
//! ([`nimmt_room::tournament::Director`], a state machine without IO).
//!
//! One task per node (`shell`) owns the director of the tournaments this node runs. It feeds it
//! the commands of its channel (create, register, withdraw, start) and, every second, the clock,
//! the leases and the results of the tournament tables that ended (read from the store: a game's
//! end and its places commit together). It carries out the director's effects in order
//! (`effects`): saves first (with the version read: a lost race drops the tournament and loads
//! it again), then opens tables (like an accepted challenge), tells players where they sit,
//! tells the lobby a tournament changed, notes the final places.
//!
//! - [`store`]: the rows (state, version, lease; the players' rows for profiles);
//! - `lease`: which node runs which tournament, renewed every tick and taken over once expired;
//! - [`setup`]: the checks of a new tournament's settings (`POST /api/tournaments`);
//! - [`requests`]: join, leave and start as the WebSocket asks them.
//!
//! In a cluster every node runs this task; a tournament is run by the node holding its lease,
//! and a node that loses it stops (forgets it). A command for a tournament another node runs is
//! applied to the stored state with the same version check; the node running it sees the new
//! version at its next tick and loads it again (opening what is due, like after a restart).

mod effects;
mod lease;
pub mod requests;
pub mod setup;
mod shell;
pub mod store;

use crate::conn::{Conn, Frame, Link, Refusal};
use crate::handles::LobbyHandle;
use nimmt_protocol::{CloseReason, ErrorCode, Lang, PlayerId, TournamentId, TournamentSetup};
use nimmt_room::tournament::{Entrant, TournamentError};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// What the tournaments' task needs.
#[derive(Clone)]
pub struct TournamentsConfig {
    pub pool: sqlx::AnyPool,
    pub lobby: LobbyHandle,
    /// This node's name in the leases (`local` on a single node).
    pub node: String,
    /// How long a lease lasts unless renewed.
    pub lease: Duration,
    /// How often the clock ticks (the results are read, the leases renewed).
    pub tick: Duration,
    pub tables: Arc<nimmt_room::TableConfig>,
}

/// A new tournament as created: its number and the invitation link's code, if any.
#[derive(Clone, Debug)]
pub struct Created {
    pub id: TournamentId,
    pub code: Option<String>,
}

/// What the tournaments' task is asked to do.
pub(crate) enum Cmd {
    Create {
        setup: TournamentSetup,
        creator: PlayerId,
        creator_name: String,
        reply: oneshot::Sender<Result<Created, Refusal>>,
    },
    Register {
        id: TournamentId,
        entrant: Entrant,
        bot_account: bool,
        code: Option<String>,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    Withdraw {
        id: TournamentId,
        player: PlayerId,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    Start {
        id: TournamentId,
        by: PlayerId,
        operator: bool,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
}

/// The way to reach the tournaments' task.
#[derive(Clone, Debug)]
pub struct Tournaments {
    tx: mpsc::UnboundedSender<Cmd>,
    task: tokio::task::AbortHandle,
}

/// A refusal of the tournament core, with its text key and parameters.
pub fn refusal_of(e: &TournamentError) -> Refusal {
    let r = Refusal::new(ErrorCode::Tournament).keyed(e.key());
    match e {
        TournamentError::TooFew { needed } => r.with("needed", needed),
        _ => r,
    }
}

/// The link of a connection nobody reads (a tournament table is opened in a player's name
/// through one; a setup is checked as a table's would be).
#[derive(Debug)]
struct Nobody;

impl Link for Nobody {
    fn push(&self, _: Frame) -> bool {
        false
    }
    fn close(&self, _: CloseReason) {}
}

fn nobody(player: PlayerId, name: String) -> Conn {
    Conn::new(0, player, name, Lang::En, Arc::new(Nobody))
}

fn storage(e: impl std::fmt::Display) -> Refusal {
    tracing::warn!("tournaments: {e}");
    Refusal::new(ErrorCode::Storage)
}

impl Tournaments {
    /// Starts the task: it loads the tournaments this node may run and ticks every
    /// `config.tick`.
    pub fn spawn(config: TournamentsConfig) -> Tournaments {
        let (tx, rx) = mpsc::unbounded_channel();
        let task = tokio::spawn(shell::Shell::new(config).run(rx)).abort_handle();
        Tournaments { tx, task }
    }

    /// Stops the task (the server stops): the tournaments stay as stored.
    pub fn stop(&self) {
        self.task.abort();
    }

    async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<Result<T, Refusal>>) -> Cmd,
    ) -> Result<T, Refusal> {
        let (reply, rx) = oneshot::channel();
        if self.tx.send(make(reply)).is_err() {
            return Err(Refusal::new(ErrorCode::Storage));
        }
        rx.await
            .unwrap_or_else(|_| Err(Refusal::new(ErrorCode::Storage)))
    }

    /// Opens a tournament (its settings checked already, see [`setup`]).
    pub async fn create(
        &self,
        setup: TournamentSetup,
        creator: PlayerId,
        creator_name: String,
    ) -> Result<Created, Refusal> {
        self.ask(|reply| Cmd::Create {
            setup,
            creator,
            creator_name,
            reply,
        })
        .await
    }

    pub async fn register(
        &self,
        id: TournamentId,
        entrant: Entrant,
        bot_account: bool,
        code: Option<String>,
    ) -> Result<(), Refusal> {
        self.ask(|reply| Cmd::Register {
            id,
            entrant,
            bot_account,
            code,
            reply,
        })
        .await
    }

    pub async fn withdraw(&self, id: TournamentId, player: PlayerId) -> Result<(), Refusal> {
        self.ask(|reply| Cmd::Withdraw { id, player, reply }).await
    }

    pub async fn start(
        &self,
        id: TournamentId,
        by: PlayerId,
        operator: bool,
    ) -> Result<(), Refusal> {
        self.ask(|reply| Cmd::Start {
            id,
            by,
            operator,
            reply,
        })
        .await
    }
}
