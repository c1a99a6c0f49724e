//! The connection to a server: a WebSocket on its own thread (a small tokio runtime), spoken to
//! through channels, so the terminal loop stays synchronous.
//!
//! The line survives a drop: the thread tries again after a growing pause (0.5 s doubling up to
//! 8 s) and says hello with the token of its first welcome, which resumes the identity and its
//! seats. A room on several servers names its other nodes in the welcome; the attempts then go
//! round the first server and those nodes. A close because another connection of the same
//! identity took over ([`CloseReason::Replaced`]), one because its session ended
//! ([`CloseReason::SessionEnded`]), and the player's own quit, end it for good.

use crate::online::OnlineInput;
use crate::text::Lang;
use futures_util::{SinkExt, StreamExt};
use nimmt_protocol::{ClientMsg, CloseReason, Envelope, ErrorCode, ServerMsg, PROTOCOL_VERSION};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// How long one attempt to open the WebSocket may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// An open connection.
pub struct Connection {
    incoming: mpsc::Receiver<OnlineInput>,
    outgoing: tokio::sync::mpsc::UnboundedSender<(u64, ClientMsg)>,
    next_id: AtomicU64,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// The pause before the n-th attempt (0-based) after a drop: 0.5 s doubling up to 8 s.
pub fn backoff(attempt: u32) -> Duration {
    Duration::from_millis(500 << attempt.min(4))
}

/// Where the n-th attempt since the last welcome goes: the first server, then each other node
/// of the room in turn.
pub fn url_for(first: &str, nodes: &[String], attempt: u32) -> String {
    let mut urls = vec![first.to_owned()];
    for n in nodes.iter().map(|n| ws_url(n)) {
        if !urls.contains(&n) {
            urls.push(n);
        }
    }
    urls[attempt as usize % urls.len()].clone()
}

/// `ws://host:port` becomes `ws://host:port/ws`; a URL with a path stays as it is.
pub fn ws_url(server: &str) -> String {
    let s = server.trim().trim_end_matches('/');
    let s = if s.contains("://") {
        s.to_owned()
    } else {
        format!("ws://{s}")
    };
    let after_scheme = s.split_once("://").map(|(_, r)| r).unwrap_or(&s);
    if after_scheme.contains('/') {
        s
    } else {
        format!("{s}/ws")
    }
}

impl Connection {
    /// Connects to `server`, says hello as `name`, and starts passing messages.
    pub fn open(server: &str, name: &str, lang: Lang) -> anyhow::Result<Connection> {
        Self::open_as(server, name, lang, None)
    }

    /// As [`Connection::open`], resuming the identity of `token` when one is given.
    pub fn open_as(
        server: &str,
        name: &str,
        lang: Lang,
        token: Option<String>,
    ) -> anyhow::Result<Connection> {
        let first = ws_url(server);
        let (in_tx, incoming) = mpsc::channel();
        let (outgoing, out_rx) = tokio::sync::mpsc::unbounded_channel::<(u64, ClientMsg)>();
        let (ready_tx, ready_rx) = mpsc::channel::<Result<(), String>>();
        let mut link = Link {
            first,
            name: name.to_owned(),
            lang: match lang {
                Lang::En => nimmt_protocol::Lang::En,
                Lang::De => nimmt_protocol::Lang::De,
            },
            token,
            nodes: Vec::new(),
            in_tx,
            queue: Vec::new(),
        };
        let thread = std::thread::spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(r) => r,
                Err(e) => {
                    let _ = ready_tx.send(Err(e.to_string()));
                    return;
                }
            };
            runtime.block_on(async move {
                // The first attempt tells the caller whether the server is there at all.
                let socket = match open_socket(&link.first).await {
                    Ok(s) => s,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(()));
                link.run(socket, out_rx).await;
            });
        });
        match ready_rx.recv() {
            Ok(Ok(())) => Ok(Connection {
                incoming,
                outgoing,
                next_id: AtomicU64::new(1),
                thread: Some(thread),
            }),
            Ok(Err(e)) => Err(anyhow::anyhow!(e)),
            Err(_) => Err(anyhow::anyhow!("the connection thread ended")),
        }
    }

    /// Sends `msg` now, or after the next welcome while the line is down (moves and resyncs made
    /// offline are dropped: the state sent on resuming replaces them). Returns its request id.
    pub fn send(&self, msg: ClientMsg) -> u64 {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let _ = self.outgoing.send((id, msg));
        id
    }

    /// The next input from the server, if one is waiting.
    pub fn try_recv(&self) -> Option<OnlineInput> {
        self.incoming.try_recv().ok()
    }

    /// Waits up to `timeout` for the next input from the server.
    pub fn recv_timeout(&self, timeout: Duration) -> Option<OnlineInput> {
        self.incoming.recv_timeout(timeout).ok()
    }

    /// Whether the connection ended for good (the player's quit, another connection of the
    /// same identity, a server it cannot understand): no new attempt will be made. What it said
    /// before may still wait to be read.
    pub fn ended(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }

    /// Closes the connection and waits for its thread.
    pub fn close(mut self) {
        let (tx, _) = tokio::sync::mpsc::unbounded_channel();
        drop(std::mem::replace(&mut self.outgoing, tx));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// How one connection ended.
enum End {
    /// The client closed it.
    Quit,
    /// Another connection of the same identity took over: no new attempt.
    Replaced,
    /// The session it said hello with ended, or the identity was banned (4005): its token
    /// opens nothing any more, no new attempt.
    SessionEnded,
    /// The server cannot be understood: no new attempt.
    Broken(String),
    /// The line dropped: try again.
    Lost(String),
}

type Outgoing = tokio::sync::mpsc::UnboundedReceiver<(u64, ClientMsg)>;

/// What the connection thread keeps across connections.
struct Link {
    first: String,
    name: String,
    lang: nimmt_protocol::Lang,
    token: Option<String>,
    nodes: Vec<String>,
    in_tx: mpsc::Sender<OnlineInput>,
    /// Messages the player sent while offline (no moves, no resyncs: the state sent on
    /// resuming replaces them), sent after the next welcome.
    queue: Vec<(u64, ClientMsg)>,
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn frame(id: Option<u64>, msg: ClientMsg) -> Message {
    Message::text(serde_json::to_string(&Envelope::new(id, msg)).expect("messages serialize"))
}

/// Whether a message still means something once the line is back.
fn keeps(msg: &ClientMsg) -> bool {
    !matches!(msg, ClientMsg::Act { .. } | ClientMsg::Resync { .. })
}

async fn open_socket(url: &str) -> Result<Socket, String> {
    match tokio::time::timeout(CONNECT_TIMEOUT, tokio_tungstenite::connect_async(url)).await {
        Ok(Ok((s, _))) => Ok(s),
        Ok(Err(e)) => Err(format!("cannot connect to {url}: {e}")),
        Err(_) => Err(format!("cannot connect to {url}: no answer")),
    }
}

impl Link {
    fn hello(&self) -> ClientMsg {
        ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
            name: self.name.clone(),
            token: self.token.clone(),
            lang: self.lang,
        }
    }

    /// Passes messages both ways until the connection ends.
    async fn session(&mut self, url: &str, socket: Socket, out_rx: &mut Outgoing) -> (End, bool) {
        let mut welcomed = false;
        let end = self.pass(url, socket, out_rx, &mut welcomed).await;
        (end, welcomed)
    }

    async fn pass(
        &mut self,
        url: &str,
        mut socket: Socket,
        out_rx: &mut Outgoing,
        welcomed: &mut bool,
    ) -> End {
        if let Err(e) = socket.send(frame(None, self.hello())).await {
            return End::Lost(e.to_string());
        }
        let mut replaced = false;
        loop {
            tokio::select! {
                frame_in = socket.next() => match frame_in {
                    Some(Ok(Message::Text(t))) => {
                        let msg = match serde_json::from_str::<ServerMsg>(&t) {
                            Ok(msg) => msg,
                            Err(e) => return End::Broken(format!("unreadable message: {e}")),
                        };
                        match &msg {
                            ServerMsg::Welcome { token, nodes, .. } => {
                                *welcomed = true;
                                self.token = Some(token.clone());
                                // The node that answered stays a place to come back to, also
                                // when it names none (the others it knew went away).
                                self.nodes = nodes.clone();
                                if url != self.first && !self.nodes.iter().any(|n| n == url) {
                                    self.nodes.insert(0, url.to_owned());
                                }
                            }
                            ServerMsg::Replaced => replaced = true,
                            // The server forgot this identity (a new database): start afresh.
                            ServerMsg::Error { code: ErrorCode::BadToken, .. }
                                if !*welcomed && self.token.is_some() =>
                            {
                                self.token = None;
                                if let Err(e) = socket.send(frame(None, self.hello())).await {
                                    return End::Lost(e.to_string());
                                }
                            }
                            _ => {}
                        }
                        let welcome = matches!(msg, ServerMsg::Welcome { .. });
                        if self.in_tx.send(OnlineInput::Server(msg)).is_err() {
                            return End::Quit;
                        }
                        if welcome {
                            for (id, m) in std::mem::take(&mut self.queue) {
                                if let Err(e) = socket.send(frame(Some(id), m)).await {
                                    return End::Lost(e.to_string());
                                }
                            }
                        }
                    }
                    Some(Ok(Message::Close(close))) => {
                        let closed_as = close
                            .as_ref()
                            .and_then(|c| CloseReason::from_code(u16::from(c.code)));
                        if replaced || closed_as == Some(CloseReason::Replaced) {
                            return End::Replaced;
                        }
                        if closed_as == Some(CloseReason::SessionEnded) {
                            return End::SessionEnded;
                        }
                        let reason = match close {
                            Some(c) if !c.reason.is_empty() => c.reason.to_string(),
                            _ => "closed by the server".into(),
                        };
                        return End::Lost(reason);
                    }
                    None if replaced => return End::Replaced,
                    None => return End::Lost("closed by the server".into()),
                    Some(Ok(_)) => {}
                    Some(Err(_)) if replaced => return End::Replaced,
                    Some(Err(e)) => return End::Lost(e.to_string()),
                },
                msg = out_rx.recv() => match msg {
                    Some((id, msg)) if *welcomed => {
                        if let Err(e) = socket.send(frame(Some(id), msg)).await {
                            return End::Lost(e.to_string());
                        }
                    }
                    Some((id, msg)) => {
                        if keeps(&msg) {
                            self.queue.push((id, msg));
                        }
                    }
                    // The client is done: close politely.
                    None => {
                        let _ = socket.close(None).await;
                        return End::Quit;
                    }
                },
            }
        }
    }

    /// Waits `pause` while keeping what the player sends. `false`: the client is done.
    async fn wait(&mut self, pause: Duration, out_rx: &mut Outgoing) -> bool {
        let sleep = tokio::time::sleep(pause);
        tokio::pin!(sleep);
        loop {
            tokio::select! {
                _ = &mut sleep => return true,
                msg = out_rx.recv() => match msg {
                    Some((id, msg)) => {
                        if keeps(&msg) {
                            self.queue.push((id, msg));
                        }
                    }
                    None => return false,
                },
            }
        }
    }

    /// Opens a WebSocket to `url` while keeping what the player sends; `None`: the client quit
    /// meanwhile (it is not kept waiting for a server that does not answer).
    async fn open_or_quit(
        &mut self,
        url: &str,
        out_rx: &mut Outgoing,
    ) -> Option<Result<Socket, String>> {
        let open = open_socket(url);
        tokio::pin!(open);
        loop {
            tokio::select! {
                r = &mut open => return Some(r),
                msg = out_rx.recv() => match msg {
                    Some((id, msg)) => {
                        if keeps(&msg) {
                            self.queue.push((id, msg));
                        }
                    }
                    None => return None,
                },
            }
        }
    }

    /// Runs connections one after another until the client quits or the line ends for good.
    async fn run(&mut self, first: Socket, mut out_rx: Outgoing) {
        let mut socket = Some(first);
        let mut attempt = 0u32;
        loop {
            let (end, welcomed) = match socket.take() {
                Some(s) => {
                    let first = self.first.clone();
                    self.session(&first, s, &mut out_rx).await
                }
                None => {
                    let url = url_for(&self.first, &self.nodes, attempt);
                    match self.open_or_quit(&url, &mut out_rx).await {
                        None => return,
                        Some(Ok(s)) => self.session(&url, s, &mut out_rx).await,
                        Some(Err(e)) => (End::Lost(e), false),
                    }
                }
            };
            if welcomed {
                attempt = 0;
            }
            match end {
                End::Quit => return,
                End::Replaced => {
                    let _ = self.in_tx.send(OnlineInput::Closed("replaced".into()));
                    return;
                }
                End::SessionEnded => {
                    let _ = self.in_tx.send(OnlineInput::Closed("session_ended".into()));
                    return;
                }
                End::Broken(reason) => {
                    let _ = self.in_tx.send(OnlineInput::Closed(reason));
                    return;
                }
                End::Lost(reason) => {
                    if self.in_tx.send(OnlineInput::Lost(reason)).is_err() {
                        return;
                    }
                    let pause = backoff(attempt);
                    attempt = attempt.saturating_add(1);
                    if !self.wait(pause, &mut out_rx).await {
                        return;
                    }
                }
            }
        }
    }
}

/// Plays online in this terminal until the player leaves; with `token` (an account's session),
/// as that identity.
pub fn run_online(
    server: &str,
    name: &str,
    lang: Lang,
    token: Option<String>,
) -> anyhow::Result<()> {
    use crate::online::{Online, OnlineEffect};
    use std::time::{Duration, Instant};
    let conn = Connection::open_as(server, name, lang, token)?;
    let mut online = Online::new(server, name, lang);
    {
        let (mut terminal, _guard) = crate::term::enter()?;
        let size = terminal.size()?;
        online.handle(OnlineInput::Resize {
            width: size.width,
            height: size.height,
        });
        let tick = Duration::from_millis(crate::input::TICK_MS);
        let mut last_tick = Instant::now();
        'outer: loop {
            terminal.draw(|f| online.draw(f))?;
            let mut inputs = Vec::new();
            while let Some(i) = conn.try_recv() {
                inputs.push(i);
            }
            let wait = if inputs.is_empty() {
                tick.saturating_sub(last_tick.elapsed())
                    .min(Duration::from_millis(20))
            } else {
                Duration::ZERO
            };
            if crossterm::event::poll(wait)? {
                if let Some(input) = crate::term::translate(crossterm::event::read()?) {
                    inputs.push(match input {
                        crate::input::Input::Key(k) => OnlineInput::Key(k),
                        crate::input::Input::Click { x, y } => OnlineInput::Click { x, y },
                        crate::input::Input::Resize { width, height } => {
                            OnlineInput::Resize { width, height }
                        }
                        _ => continue,
                    });
                }
            }
            if last_tick.elapsed() >= tick {
                last_tick = Instant::now();
                inputs.push(OnlineInput::Tick);
            }
            for input in inputs {
                for effect in online.handle(input) {
                    match effect {
                        OnlineEffect::Send(msg) => {
                            conn.send(msg);
                        }
                        OnlineEffect::Quit => break 'outer,
                    }
                }
            }
        }
    }
    conn.close();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_addresses_get_the_websocket_path() {
        assert_eq!(ws_url("ws://127.0.0.1:8080"), "ws://127.0.0.1:8080/ws");
        assert_eq!(ws_url("ws://127.0.0.1:8080/"), "ws://127.0.0.1:8080/ws");
        assert_eq!(ws_url("127.0.0.1:8080"), "ws://127.0.0.1:8080/ws");
        assert_eq!(
            ws_url("ws://example.org/room/ws"),
            "ws://example.org/room/ws"
        );
    }

    #[test]
    fn the_pause_grows_from_half_a_second_to_eight() {
        let pauses: Vec<u64> = (0..7).map(|n| backoff(n).as_millis() as u64).collect();
        assert_eq!(pauses, [500, 1000, 2000, 4000, 8000, 8000, 8000]);
        assert_eq!(backoff(u32::MAX), Duration::from_secs(8));
    }

    #[test]
    fn attempts_go_round_the_first_server_and_the_other_nodes() {
        let first = "ws://a:1/ws";
        assert_eq!(url_for(first, &[], 0), first);
        assert_eq!(url_for(first, &[], 5), first);
        let nodes = vec![
            "ws://b:2/ws".to_owned(),
            "ws://a:1/ws".to_owned(),
            "ws://c:3".to_owned(),
        ];
        let order: Vec<String> = (0..4).map(|n| url_for(first, &nodes, n)).collect();
        // The first server is not tried twice in a round; an address gets its path.
        assert_eq!(
            order,
            ["ws://a:1/ws", "ws://b:2/ws", "ws://c:3/ws", "ws://a:1/ws"]
        );
    }
}
