//! The bridge's connections to the room: `hello` with the API token, `bot_ready`, joining each
//! table the room seats the bot at, the moves of each table's bot, and reconnecting with back-off
//! when the connection is lost (0.5 s, doubling to 30 s, with jitter; in a room of several nodes
//! the attempts go round the first server and the nodes `welcome` named). A refused token or a
//! session the room ended stops the bridge with a clear message.

use super::seat::{Answer, SeatHandle, ToSeat};
use super::table::{Do, Table};
use super::Config;
use anyhow::anyhow;
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, Role, ServerMsg, PROTOCOL_VERSION};
use nimmt_server::client::Client;
use std::collections::BTreeMap;
use std::io::Write;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tracing::{info, warn};

/// How a connection ended.
enum End {
    /// For good: the bridge stops with this error.
    Stop(anyhow::Error),
    /// Lost: reconnect. `welcomed`: the room had said `welcome` (the back-off starts afresh).
    Lost { why: String, welcomed: bool },
}

/// The back-off between reconnections.
struct Backoff {
    next: Duration,
}

impl Backoff {
    const FIRST: Duration = Duration::from_millis(500);
    const MOST: Duration = Duration::from_secs(30);

    fn new() -> Backoff {
        Backoff { next: Self::FIRST }
    }

    /// The next wait: the current step with up to a quarter more or less, then the step doubles.
    fn wait(&mut self) -> Duration {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let jitter = 0.75 + f64::from(nanos % 1000) / 2000.0;
        let wait = self.next.mul_f64(jitter);
        self.next = (self.next * 2).min(Self::MOST);
        wait
    }
}

/// Runs the bridge until it is stopped (Ctrl-C) or the room refuses it for good.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let (answers_tx, mut answers) = unbounded_channel();
    let mut bridge = Bridge {
        config,
        tables: BTreeMap::new(),
        seats: BTreeMap::new(),
        answers_tx,
        ready_id: None,
        ready_again: None,
        name: String::new(),
        nodes: Vec::new(),
        attempt: 0,
        url: String::new(),
        resyncs: Vec::new(),
        hello_id: None,
        welcomed: false,
    };
    let mut backoff = Backoff::new();
    loop {
        let end = tokio::select! {
            end = bridge.session(&mut answers) => end,
            _ = tokio::signal::ctrl_c() => {
                info!("stopped");
                return Ok(());
            }
        };
        match end {
            End::Stop(e) => return Err(e),
            End::Lost { why, welcomed } => {
                if welcomed {
                    backoff = Backoff::new();
                }
                let wait = backoff.wait();
                warn!(
                    "connection to {} lost ({why}); reconnecting in {:.1} s",
                    bridge.url,
                    wait.as_secs_f64()
                );
                tokio::select! {
                    _ = tokio::time::sleep(wait) => {}
                    _ = tokio::signal::ctrl_c() => {
                        info!("stopped");
                        return Ok(());
                    }
                }
            }
        }
    }
}

struct Bridge {
    config: Config,
    tables: BTreeMap<u64, Table>,
    /// The bot process of each table whose game runs.
    seats: BTreeMap<u64, SeatHandle>,
    answers_tx: UnboundedSender<Answer>,
    ready_id: Option<u64>,
    /// When to say `bot_ready` again after the room refused it while the bot rests.
    ready_again: Option<tokio::time::Instant>,
    /// The account's name (from `welcome`).
    name: String,
    /// The room's other nodes (from `welcome`), where a reconnection may go too.
    nodes: Vec<String>,
    /// Connections tried since the last `welcome`: each goes to the next of the first server
    /// and the nodes.
    attempt: u32,
    /// Where this connection went.
    url: String,
    /// Tables whose full state to ask for again (`resync`).
    resyncs: Vec<u64>,
    hello_id: Option<u64>,
    welcomed: bool,
}

/// A failed send or receive: the connection is lost.
fn lost(welcomed: bool, e: impl std::fmt::Display) -> End {
    End::Lost {
        why: e.to_string(),
        welcomed,
    }
}

impl Bridge {
    async fn session(&mut self, answers: &mut UnboundedReceiver<Answer>) -> End {
        self.welcomed = false;
        self.ready_id = None;
        self.ready_again = None;
        self.hello_id = None;
        self.url = nimmt_tui::net::url_for(&self.config.url, &self.nodes, self.attempt);
        self.attempt = self.attempt.wrapping_add(1);
        let mut client = match Client::connect(&self.url).await {
            Ok(c) => c,
            Err(e) => return lost(false, format!("{e:#}")),
        };
        let hello = ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
            // A token's hello plays under the account's own name; this one is only checked.
            name: "Bridge".to_owned(),
            token: Some(self.config.token.clone()),
            lang: Lang::En,
        };
        match client.send(hello).await {
            Ok(id) => self.hello_id = Some(id),
            Err(e) => return lost(false, e),
        }
        for table in self.tables.values_mut() {
            table.on_reconnect();
        }
        let mut ping = tokio::time::interval(Duration::from_secs(20));
        loop {
            tokio::select! {
                frame = client.recv_raw() => {
                    let text = match frame {
                        Ok(Some(text)) => text,
                        Ok(None) => return self.closed(&client),
                        Err(e) => return lost(self.welcomed, e),
                    };
                    let Ok(msg) = serde_json::from_str::<ServerMsg>(&text) else {
                        continue; // a message of a later version of the room
                    };
                    if let Err(end) = self.on_message(&mut client, msg, &text).await {
                        return end;
                    }
                }
                Some(answer) = answers.recv(), if self.welcomed => {
                    if let Err(end) = self.on_answer(&mut client, answer).await {
                        return end;
                    }
                }
                _ = tokio::time::sleep_until(self.ready_again.unwrap_or_else(tokio::time::Instant::now)),
                    if self.ready_again.is_some() => {
                    self.ready_again = None;
                    if let Err(end) = self.send_ready(&mut client).await {
                        return end;
                    }
                }
                _ = ping.tick() => {
                    if self.welcomed {
                        if let Err(e) = client.send(ClientMsg::Ping {}).await {
                            return lost(true, e);
                        }
                    }
                }
            }
        }
    }

    /// The room closed the connection: why, and whether to come back.
    fn closed(&self, client: &Client) -> End {
        match &client.closed {
            Some((4005, _)) => End::Stop(anyhow!(
                "the room ended this bot's session: the token was revoked, or the account was \
                 banned or deleted; make a new token on the account page"
            )),
            Some((4001, _)) => End::Stop(anyhow!(
                "another connection took over this bot account (is a second bridge running with \
                 its token?)"
            )),
            Some((code, reason)) => lost(self.welcomed, format!("closed: {code} {reason}")),
            None => lost(self.welcomed, "closed"),
        }
    }

    async fn on_message(
        &mut self,
        client: &mut Client,
        msg: ServerMsg,
        text: &str,
    ) -> Result<(), End> {
        let welcomed = self.welcomed;
        let send_failed = |e: anyhow::Error| lost(welcomed, e);
        match msg {
            ServerMsg::Welcome {
                name,
                seated,
                nodes,
                ..
            } => {
                self.welcomed = true;
                self.attempt = 0;
                self.nodes = nodes;
                if self.url != self.config.url && !self.nodes.contains(&self.url) {
                    // Keep the node that answered in the round as well.
                    self.nodes.insert(0, self.url.clone());
                }
                info!("connected to {} as {name}", self.url);
                self.name = name;
                self.send_ready(client).await?;
                if !seated.is_empty() {
                    info!("back at tables {seated:?}");
                }
            }
            ServerMsg::Notice { table, text: t } => {
                let ours = t.params.get("name") == Some(&self.name);
                if table.is_none() && t.key.starts_with("bot_") {
                    warn!("{}", t.text);
                } else if let (Some(table), true) = (table, ours && t.key.starts_with("bot_fault"))
                {
                    warn!("table {table}: {}", t.text);
                }
            }
            ServerMsg::Ack { id } if Some(id) == self.ready_id => {
                let games: Vec<&str> = self
                    .config
                    .declaration
                    .games
                    .iter()
                    .map(|g| g.game.name())
                    .collect();
                info!(
                    "online: plays {} (at most {} at once)",
                    games.join(", "),
                    self.config.declaration.most_games
                );
            }
            ServerMsg::BotSeated { table, game } => {
                info!("seated at table {table} ({game})");
                self.tables
                    .entry(table)
                    .or_insert_with(|| Table::new(table, game));
                let join = ClientMsg::Join {
                    table,
                    role: Role::Player,
                    invite: None,
                };
                client.send(join).await.map_err(send_failed)?;
            }
            ServerMsg::State {
                table: info,
                version,
                you,
                view,
                legal,
                ..
            } => {
                if you.role != Role::Player || you.seat.is_none() {
                    return Ok(());
                }
                let id = info.id;
                self.write_log(id, text);
                let table = self
                    .tables
                    .entry(id)
                    .or_insert_with(|| Table::new(id, info.game));
                table.names = info.seats.iter().map(|s| s.name.clone()).collect();
                let todo = table.on_view(version, view, legal);
                self.carry_out(id, todo);
            }
            ServerMsg::Update {
                table: id,
                version,
                view,
                legal,
                ack,
                ..
            } => {
                let Some(table) = self.tables.get_mut(&id) else {
                    return Ok(());
                };
                let acked = ack.and_then(|ack| table.on_ack(ack));
                let todo = table.on_view(version, Some(view), legal);
                self.write_log(id, text);
                if let Some(action) = acked {
                    let line = serde_json::json!({"type": "acked", "table": id, "action": action});
                    self.write_log(id, &line.to_string());
                }
                self.carry_out(id, todo);
            }
            ServerMsg::Error {
                id, code, text: t, ..
            } => {
                if code == ErrorCode::BadToken {
                    return Err(End::Stop(anyhow!(
                        "the room refused the token ({}): {}; check the token file, or make a new \
                         token on the account page",
                        code.name(),
                        t.text
                    )));
                }
                let passing = matches!(code, ErrorCode::RateLimited | ErrorCode::Storage);
                if id.is_some() && id == self.hello_id && passing {
                    // The room is busy or its database away for a moment: try again later.
                    return Err(lost(false, format!("hello refused ({})", code.name())));
                }
                if id.is_some() && id == self.hello_id {
                    return Err(End::Stop(anyhow!(
                        "the room refused hello ({}): {}",
                        code.name(),
                        t.text
                    )));
                }
                if id.is_some() && id == self.ready_id && t.key == "bot_resting" {
                    let minutes: u64 = t
                        .params
                        .get("minutes")
                        .and_then(|m| m.parse().ok())
                        .unwrap_or(1);
                    warn!(
                        "{} The bridge plays on at the tables it sits at and says bot_ready again in \
                         {minutes} min.",
                        t.text
                    );
                    self.ready_again = Some(
                        tokio::time::Instant::now() + Duration::from_secs(minutes.max(1) * 60 + 5),
                    );
                    return Ok(());
                }
                if id.is_some() && id == self.ready_id {
                    return Err(End::Stop(anyhow!(
                        "the room refused bot_ready ({}): {}",
                        code.name(),
                        t.text
                    )));
                }
                let owner = id.and_then(|id| {
                    self.tables
                        .values()
                        .find(|t| t.is_pending(id))
                        .map(|t| (t.id, id))
                });
                match owner {
                    Some((table, id)) => {
                        let stale = code == ErrorCode::Stale;
                        if stale {
                            info!("table {table}: the move came after the table moved on; asked again");
                        } else {
                            warn!(
                                "table {table}: the room refused the bot's move ({}): {}",
                                code.name(),
                                t.text
                            );
                        }
                        self.write_log(table, text);
                        let todo = self
                            .tables
                            .get_mut(&table)
                            .map(|t| t.on_refused(id, stale))
                            .unwrap_or_default();
                        self.carry_out(table, todo);
                        for table in std::mem::take(&mut self.resyncs) {
                            let resync = ClientMsg::Resync { table };
                            client.send(resync).await.map_err(send_failed)?;
                        }
                    }
                    None => warn!("the room says ({}): {}", code.name(), t.text),
                }
            }
            ServerMsg::Left { table } => {
                self.tables.remove(&table);
                self.seats.remove(&table);
            }
            ServerMsg::Replaced => {
                return Err(End::Stop(anyhow!(
                    "another connection took over this bot account (is a second bridge running \
                     with its token?)"
                )))
            }
            _ => {}
        }
        Ok(())
    }

    fn carry_out(&mut self, id: u64, todo: Vec<Do>) {
        for step in todo {
            let Some(table) = self.tables.get_mut(&id) else {
                return;
            };
            match step {
                Do::Start => {
                    let seat = SeatHandle::start(
                        id,
                        table.game,
                        self.config.command.clone(),
                        self.config.timeout,
                        self.answers_tx.clone(),
                    );
                    self.seats.insert(id, seat);
                }
                Do::Ask { version, view } => {
                    let asked = self
                        .seats
                        .get(&id)
                        .is_some_and(|s| s.send(ToSeat::Decide { version, view }));
                    if !asked {
                        warn!("table {id}: the bot's process has ended; the table plays the default move");
                        table.on_answer(None);
                    }
                }
                Do::Resync => self.resyncs.push(id),
                Do::DealEnded { view, end } => {
                    if let Some(seat) = self.seats.get(&id) {
                        seat.send(ToSeat::DealEnded { view, end });
                    }
                }
                Do::GameEnded(outcome) => {
                    if let Some(seat) = self.seats.remove(&id) {
                        seat.send(ToSeat::GameEnded(outcome.clone()));
                    }
                    let name = |s: usize| {
                        table
                            .names
                            .get(s)
                            .cloned()
                            .unwrap_or_else(|| format!("seat {s}"))
                    };
                    let scores: Vec<String> = outcome
                        .scores
                        .iter()
                        .enumerate()
                        .map(|(s, p)| format!("{} {p}", name(s)))
                        .collect();
                    let winners: Vec<String> = outcome
                        .winners
                        .iter()
                        .map(|s| name(usize::from(s.0)))
                        .collect();
                    info!(
                        table = id,
                        game = %table.game,
                        seats = %table.names.join(", "),
                        "game over: {}; won: {}",
                        scores.join(", "),
                        if winners.is_empty() { "nobody".to_owned() } else { winners.join(", ") }
                    );
                    // The bot stays seated at the finished table: a rematch keeps its seat (and
                    // the room tells it with `bot_seated`); the table is forgotten at `left`.
                }
            }
        }
    }

    /// Says what the bot plays (`bot_ready`).
    async fn send_ready(&mut self, client: &mut Client) -> Result<(), End> {
        let ready = ClientMsg::BotReady {
            declaration: self.config.declaration.clone(),
        };
        let sent = client.send(ready).await.map_err(|e| lost(true, e))?;
        self.ready_id = Some(sent);
        Ok(())
    }

    async fn on_answer(&mut self, client: &mut Client, answer: Answer) -> Result<(), End> {
        let Answer {
            table: id,
            version,
            action,
        } = answer;
        if !self.tables.contains_key(&id) {
            return Ok(());
        }
        let sent = match action {
            Ok(action) => {
                let act = ClientMsg::Act {
                    table: id,
                    version,
                    action: action.clone(),
                };
                let line = serde_json::to_string(&act).unwrap_or_default();
                let request = client.send(act).await.map_err(|e| lost(true, e))?;
                self.write_log(id, &line);
                Some((request, action))
            }
            Err(why) => {
                warn!("table {id}: no move from the bot ({why}); the table plays the default move");
                None
            }
        };
        let todo = match self.tables.get_mut(&id) {
            Some(t) => t.on_answer(sent),
            None => Vec::new(),
        };
        self.carry_out(id, todo);
        Ok(())
    }

    /// Appends one protocol line to the table's log, with `--log-dir`.
    fn write_log(&self, table: u64, line: &str) {
        let Some(dir) = &self.config.log_dir else {
            return;
        };
        let path = dir.join(format!("table-{table}.jsonl"));
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut f| writeln!(f, "{line}"));
        if let Err(e) = written {
            warn!("cannot write {}: {e}", path.display());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_back_off_doubles_to_half_a_minute_with_jitter() {
        let mut b = Backoff::new();
        let waits: Vec<Duration> = (0..10).map(|_| b.wait()).collect();
        assert!(waits[0] >= Duration::from_millis(375) && waits[0] <= Duration::from_millis(625));
        assert!(waits[1] >= Duration::from_millis(750) && waits[1] <= Duration::from_millis(1250));
        assert!(
            waits[9] <= Duration::from_millis(37_500) && waits[9] >= Duration::from_millis(22_500)
        );
    }
}
