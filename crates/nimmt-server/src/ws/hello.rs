//! The first message, `hello`: the protocol, the name and the token checked, the account and its
//! sanctions looked up, the welcome sent and the tables the player sits at rejoined.

use super::Session;
use crate::conn::{Conn, Refusal};
use crate::handles::{LobbyCmd, TableCmd};
use crate::metrics::ConnKind;
use crate::moderation::sanctions;
use crate::names;
use crate::store::{Op, StoreError};
use governor::DefaultDirectRateLimiter;
use nimmt_protocol::{ClientMsg, CloseReason, ErrorCode, ServerMsg, PROTOCOL_VERSION};

impl Session {
    /// The first message: who is this?
    pub(super) async fn hello(&mut self, id: Option<u64>, msg: ClientMsg) {
        let ClientMsg::Hello {
            protocol,
            name,
            token,
            lang,
        } = msg
        else {
            if matches!(msg, ClientMsg::Ping {}) {
                self.send(&ServerMsg::Pong { id });
            } else {
                self.refuse(id, None, ErrorCode::HelloFirst);
            }
            return;
        };
        self.lang = lang;
        if protocol != PROTOCOL_VERSION {
            self.refuse(
                id,
                None,
                Refusal::new(ErrorCode::Protocol)
                    .with("server", PROTOCOL_VERSION)
                    .with("client", protocol),
            );
            return;
        }
        let mut name = match names::check(&name) {
            Ok(n) => n,
            // A bot program's name is its account's: what it says is not used.
            Err(_)
                if token
                    .as_deref()
                    .is_some_and(crate::accounts::tokens::is_api_token) =>
            {
                String::new()
            }
            Err(e) => {
                self.refuse(id, None, e.refusal());
                return;
            }
        };
        let store = &self.state.store;
        // A guest may not take an account's name; the account comes with its session token.
        let owner = match crate::accounts::account::owner_of(store.pool(), &name).await {
            Ok(owner) => owner,
            Err(_) => {
                self.refuse(id, None, ErrorCode::Storage);
                return;
            }
        };
        let owned = |name: &str| {
            Refusal::new(ErrorCode::NameTaken)
                .keyed("name_owned")
                .with("name", name)
        };
        let (player, token) = match token {
            Some(token) if crate::accounts::tokens::is_api_token(&token) => {
                match crate::accounts::tokens::player_of(store.pool(), &token).await {
                    Ok(Some((player, account_name))) => {
                        // A bot program plays under its account's name.
                        name = account_name;
                        if let Err(e) = crate::accounts::tokens::used(store.pool(), &token).await {
                            tracing::debug!("the API token of {player} is not marked as used: {e}");
                        }
                        (player, token)
                    }
                    Ok(None) => {
                        self.refuse(id, None, ErrorCode::BadToken);
                        return;
                    }
                    Err(_) => {
                        self.refuse(id, None, ErrorCode::Storage);
                        return;
                    }
                }
            }
            Some(token) => match store.player_by_token(&token).await {
                Ok(Some((player, old_name))) => {
                    if crate::accounts::is_session_token(&token) {
                        // An account keeps its name.
                        name = old_name;
                        if let Err(e) = crate::accounts::sessions::seen(store.pool(), &token).await
                        {
                            tracing::debug!("the session of {player} is not marked as used: {e}");
                        }
                    } else if owner.as_ref().is_some_and(|o| *o != player) {
                        self.refuse(id, None, owned(&name));
                        return;
                    } else if old_name != name {
                        // The new name is stored before the welcome says it.
                        let rename = Op::RenamePlayer {
                            id: player.clone(),
                            name: name.clone(),
                        };
                        if let Err(e) = store.write(vec![rename]).await {
                            let refusal = match e {
                                StoreError::Fenced(_) => e.refusal(),
                                _ => {
                                    tracing::warn!("the new name of {player} is not stored: {e}");
                                    Refusal::new(ErrorCode::Storage)
                                        .keyed("name_not_stored")
                                        .with("name", &name)
                                }
                            };
                            self.refuse(id, None, refusal);
                            return;
                        }
                    }
                    (player, token)
                }
                Ok(None) => {
                    self.refuse(id, None, ErrorCode::BadToken);
                    return;
                }
                Err(e) => {
                    self.refuse(id, None, e.refusal());
                    return;
                }
            },
            None => {
                let address = crate::addr::client_key(self.peer).to_string();
                let pool = self.state.store.pool();
                if let Some(r) = sanctions::hello_refusal(pool, None, &address).await {
                    self.refuse(id, None, r);
                    return;
                }
                if owner.is_some() {
                    self.refuse(id, None, owned(&name));
                    return;
                }
                // Each hello without a token stores an identity: a few per address and minute.
                if let Err(wait) = self.state.addrs.new_identity(self.peer) {
                    self.refuse(
                        id,
                        None,
                        Refusal::new(ErrorCode::RateLimited)
                            .keyed("too_many_identities")
                            .with("retry_ms", wait.as_millis().max(1)),
                    );
                    return;
                }
                let player = hex::encode(rand::random::<[u8; 8]>());
                let token = hex::encode(rand::random::<[u8; 16]>());
                let op = Op::CreatePlayer {
                    id: player.clone(),
                    token: token.clone(),
                    name: name.clone(),
                };
                if let Err(e) = store.write(vec![op]).await {
                    self.refuse(id, None, e.refusal());
                    return;
                }
                (player, token)
            }
        };
        let address = crate::addr::client_key(self.peer).to_string();
        let pool = self.state.store.pool();
        if let Some(r) = sanctions::hello_refusal(pool, Some(&player), &address).await {
            self.refuse(id, None, r);
            return;
        }
        if let Err(e) = sanctions::note_address(pool, &player, &address).await {
            tracing::debug!("the address of {player} cannot be noted: {e}");
        }
        // An account's session or API token: the connection closes when it ends.
        let session_ends = crate::accounts::is_session_token(&token)
            || crate::accounts::tokens::is_api_token(&token);
        let bot = match crate::accounts::bot::is_bot(pool, &player).await {
            Ok(bot) => bot,
            Err(_) => {
                self.refuse(id, None, ErrorCode::Storage);
                return;
            }
        };
        let conn = Conn::new(
            self.conn_id,
            player.clone(),
            name.clone(),
            lang,
            self.outbox.clone(),
        )
        .with_session(session_ends.then(|| {
            let hash = crate::accounts::sessions::token_hash(&token);
            if crate::accounts::tokens::is_api_token(&token) {
                crate::accounts::tokens::session(&hash)
            } else {
                hash
            }
        }))
        .as_bot(bot);
        self.counted.is(if session_ends {
            ConnKind::Account
        } else {
            ConnKind::Guest
        });
        self.state
            .lobby
            .send(LobbyCmd::Online { conn: conn.clone() });
        // A session that ended while this hello was checked: its end found no connection here
        // yet (it closes any the lobby knows), so the session is looked up again now that the
        // lobby knows this one.
        if conn.session.is_some() && !self.still_opens(&token).await {
            self.state.lobby.send(LobbyCmd::Offline {
                player: player.clone(),
                conn_id: self.conn_id,
            });
            self.outbox.close(CloseReason::SessionEnded);
            return;
        }
        let seated = self.state.lobby.seated(player.clone()).await;
        let your_moves = self.state.lobby.your_moves(player.clone()).await;
        self.send(&ServerMsg::Welcome {
            id,
            protocol: PROTOCOL_VERSION,
            player,
            name,
            token,
            lang,
            seated: seated.iter().map(|h| h.id).collect(),
            games: nimmt_core::registry::descriptors()
                .into_iter()
                .map(|d| {
                    nimmt_core::games::board::options::offered(d, &self.state.config.game_data)
                })
                .collect(),
            nodes: self
                .state
                .cluster
                .as_ref()
                .map(|c| c.other_nodes())
                .unwrap_or_default(),
        });
        if !your_moves.is_empty() {
            self.send(&ServerMsg::YourMove { tables: your_moves });
        }
        if conn.bot {
            // A bot account plays many tables over this one connection: a larger budget.
            let limits = &self.state.config.limits;
            self.budget = DefaultDirectRateLimiter::direct(crate::limits::quota(
                limits.burst * crate::limits::BOT_BUDGET_FACTOR,
                limits.per_second * crate::limits::BOT_BUDGET_FACTOR,
            ));
        }
        self.conn = Some(conn.clone());
        // Resume every seat: each table sends a full state.
        for h in seated {
            if h.send(TableCmd::Attach {
                conn: conn.clone(),
                role: nimmt_protocol::Role::Player,
                req: None,
                invite: None,
            })
            .await
            {
                self.tables.insert(h.id, h);
            }
        }
    }

    /// Whether an account's session or API token still opens a connection (`true` when the
    /// database cannot tell: the ending's own path closes it then).
    async fn still_opens(&self, token: &str) -> bool {
        let pool = self.state.store.pool();
        if crate::accounts::tokens::is_api_token(token) {
            crate::accounts::tokens::player_of(pool, token)
                .await
                .map_or(true, |f| f.is_some())
        } else {
            self.state
                .store
                .player_by_token(token)
                .await
                .map_or(true, |f| f.is_some())
        }
    }
}
