//! A simulated bot account: a program connected with its token that says `bot_ready` with its
//! declaration, joins every table it is told of (`bot_seated`), and plays many tables at once by
//! its temperament: a careful bot plays a legal action when asked, a sloppy one sometimes sends
//! an illegal or malformed move, a slow one sometimes lets the table's deadline pass; a flaky
//! one drops its connection now and then (the driver decides when).

use super::client::{Picture, SimLink};
use crate::conn::Conn;
use nimmt_protocol::{BotDeclaration, Lang, PlayerId, TableId};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Arc;

/// How a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Temperament {
    Careful,
    /// One move in five illegal or malformed.
    Sloppy,
    /// One move in three left to the deadline.
    Slow,
    /// Drops its connection now and then.
    Flaky,
}

/// What a bot does at a table where it is asked.
#[derive(Clone, Debug, PartialEq)]
pub enum BotMove {
    Act {
        version: u64,
        action: Value,
    },
    /// Lets the deadline pass.
    Wait,
}

/// One simulated bot account.
pub struct SimBot {
    pub player: PlayerId,
    pub name: String,
    pub declaration: BotDeclaration,
    pub temperament: Temperament,
    pub conn: Option<(Conn, Arc<SimLink>)>,
    /// Listed in the lobby (its `bot_ready` was taken on this connection).
    pub ready: bool,
    /// What it last saw of each table it plays.
    pub tables: BTreeMap<TableId, Picture>,
    /// Tables it was told of and has not joined yet.
    pub seated: Vec<TableId>,
    /// Its faults (ms since the epoch) and until when it rests, by the rule, counted here.
    pub faults: Vec<u64>,
    pub rests_until: u64,
}

impl SimBot {
    pub fn new(i: usize, declaration: BotDeclaration, temperament: Temperament) -> SimBot {
        SimBot {
            player: format!("bot{i}"),
            name: format!("Bot{i}"),
            declaration,
            temperament,
            conn: None,
            ready: false,
            tables: BTreeMap::new(),
            seated: Vec::new(),
            faults: Vec::new(),
            rests_until: 0,
        }
    }

    /// Connects anew (`id`: the connection's number).
    pub fn connect(&mut self, id: u64) -> Conn {
        let (conn, link) = SimLink::conn(id, &self.player, &self.name, Lang::En);
        let conn = conn.as_bot(true);
        self.conn = Some((conn.clone(), link));
        conn
    }

    /// Reads what it was sent: the tables it is seated at, and its picture of each.
    pub fn read(&mut self) -> Vec<Value> {
        let Some((_, link)) = &self.conn else {
            return Vec::new();
        };
        let frames = link.take();
        let mut read = Vec::new();
        for f in frames {
            let Ok(msg) = serde_json::from_str::<Value>(f.as_str()) else {
                continue;
            };
            let table = msg
                .get("table")
                .and_then(|t| t.as_u64().or_else(|| t.get("id")?.as_u64()));
            match (msg["type"].as_str().unwrap_or(""), table) {
                ("bot_seated", Some(id)) => self.seated.push(id),
                ("state" | "update", Some(id)) => {
                    let p = self.tables.entry(id).or_default();
                    p.version = msg["version"].as_u64().unwrap_or(p.version);
                    p.view = msg.get("view").filter(|v| !v.is_null()).cloned();
                    p.legal = msg["legal"].as_array().cloned().unwrap_or_default();
                }
                ("left", Some(id)) => {
                    self.tables.remove(&id);
                }
                _ => {}
            }
            read.push(msg);
        }
        read
    }

    /// Its move at `table`, if it is asked there.
    pub fn decide(&self, table: TableId, rng: &mut ChaCha8Rng) -> Option<BotMove> {
        let p = self.tables.get(&table).filter(|p| !p.legal.is_empty())?;
        let roll = rng.random_range(0..15);
        let action = match self.temperament {
            Temperament::Sloppy if roll == 0 => json!({"type": "play", "card": 999}),
            Temperament::Sloppy if roll < 3 => json!({"nonsense": true}),
            Temperament::Slow if roll < 5 => return Some(BotMove::Wait),
            _ => p.legal[rng.random_range(0..p.legal.len())].clone(),
        };
        Some(BotMove::Act {
            version: p.version,
            action,
        })
    }

    /// Whether its game at `table` is over.
    pub fn over(&self, table: TableId) -> bool {
        self.tables
            .get(&table)
            .and_then(|p| p.view.as_ref())
            .is_some_and(|v| !v["outcome"].is_null())
    }
}
