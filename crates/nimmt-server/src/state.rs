//! What every request handler shares: the lobby, the store, the configuration, this node's
//! part of a cluster, and the room's services. Only the edge (the routes, the WebSocket
//! sessions, the wiring in `lib.rs`) holds it; the layers below take what they need as
//! arguments.

use crate::handles::LobbyHandle;
use crate::store::Store;
use crate::{addr, analysis, cluster, shutdown, Config};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState {
    pub lobby: LobbyHandle,
    pub store: Store,
    pub config: Arc<Config>,
    pub next_conn: Arc<AtomicU64>,
    /// Connections and new identities per client address.
    pub addrs: Arc<addr::AddrLimits>,
    /// The origins whose pages may open the WebSocket (normalized; `*` = any).
    pub origins: Arc<Vec<String>>,
    /// This node's part of a cluster, if it is one.
    pub cluster: Option<Arc<cluster::Cluster>>,
    /// The queue of finished games waiting for their analysis.
    pub analysis: Arc<analysis::AnalysisQueue>,
    /// The open WebSocket sessions, and the signal that closes them for a restart.
    pub sessions: Arc<shutdown::Sessions>,
    /// Sends the room's mails (`None`: the room has no SMTP settings).
    pub mailer: Option<crate::mail::Mailer>,
    /// The tournaments this node runs.
    pub tournaments: crate::tournaments::Tournaments,
}
