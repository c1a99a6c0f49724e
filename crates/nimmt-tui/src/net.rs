//! The connection to a server: a WebSocket on its own thread (a small tokio runtime), spoken to
//! through channels, so the terminal loop stays synchronous.

use crate::online::OnlineInput;
use crate::text::Lang;
use futures_util::{SinkExt, StreamExt};
use nimmt_protocol::{ClientMsg, Envelope, ServerMsg, PROTOCOL_VERSION};
use std::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

/// An open connection.
pub struct Connection {
    incoming: mpsc::Receiver<OnlineInput>,
    outgoing: tokio::sync::mpsc::UnboundedSender<ClientMsg>,
    thread: Option<std::thread::JoinHandle<()>>,
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
        let url = ws_url(server);
        let (in_tx, incoming) = mpsc::channel();
        let (outgoing, mut out_rx) = tokio::sync::mpsc::unbounded_channel::<ClientMsg>();
        let (ready_tx, ready_rx) = mpsc::channel::<Result<(), String>>();
        let hello = ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
            name: name.to_owned(),
            token: None,
            lang: match lang {
                Lang::En => nimmt_protocol::Lang::En,
                Lang::De => nimmt_protocol::Lang::De,
            },
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
                let mut socket = match tokio_tungstenite::connect_async(url.as_str()).await {
                    Ok((s, _)) => s,
                    Err(e) => {
                        let _ = ready_tx.send(Err(format!("cannot connect to {url}: {e}")));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(()));
                let mut next_id = 1u64;
                let mut send = |msg: ClientMsg| {
                    let id = next_id;
                    next_id += 1;
                    Message::text(serde_json::to_string(&Envelope::new(Some(id), msg)).expect("messages serialize"))
                };
                if socket.send(send(hello)).await.is_err() {
                    let _ = in_tx.send(OnlineInput::Closed("hello".into()));
                    return;
                }
                loop {
                    tokio::select! {
                        frame = socket.next() => match frame {
                            Some(Ok(Message::Text(t))) => {
                                match serde_json::from_str::<ServerMsg>(&t) {
                                    Ok(msg) => {
                                        if in_tx.send(OnlineInput::Server(msg)).is_err() {
                                            return;
                                        }
                                    }
                                    Err(e) => {
                                        let _ = in_tx.send(OnlineInput::Closed(format!("unreadable message: {e}")));
                                        return;
                                    }
                                }
                            }
                            Some(Ok(Message::Close(_))) | None => {
                                let _ = in_tx.send(OnlineInput::Closed("closed by the server".into()));
                                return;
                            }
                            Some(Ok(_)) => {}
                            Some(Err(e)) => {
                                let _ = in_tx.send(OnlineInput::Closed(e.to_string()));
                                return;
                            }
                        },
                        msg = out_rx.recv() => match msg {
                            Some(msg) => {
                                if let Err(e) = socket.send(send(msg)).await {
                                    let _ = in_tx.send(OnlineInput::Closed(e.to_string()));
                                    return;
                                }
                            }
                            // The client is done: close politely.
                            None => {
                                let _ = socket.close(None).await;
                                return;
                            }
                        },
                    }
                }
            });
        });
        match ready_rx.recv() {
            Ok(Ok(())) => Ok(Connection {
                incoming,
                outgoing,
                thread: Some(thread),
            }),
            Ok(Err(e)) => Err(anyhow::anyhow!(e)),
            Err(_) => Err(anyhow::anyhow!("the connection thread ended")),
        }
    }

    pub fn send(&self, msg: ClientMsg) {
        let _ = self.outgoing.send(msg);
    }

    /// The next input from the server, if one is waiting.
    pub fn try_recv(&self) -> Option<OnlineInput> {
        self.incoming.try_recv().ok()
    }

    /// Waits up to `timeout` for the next input from the server.
    pub fn recv_timeout(&self, timeout: std::time::Duration) -> Option<OnlineInput> {
        self.incoming.recv_timeout(timeout).ok()
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

/// Plays online in this terminal until the player leaves.
pub fn run_online(server: &str, name: &str, lang: Lang) -> anyhow::Result<()> {
    use crate::online::{Online, OnlineEffect};
    use std::time::{Duration, Instant};
    let conn = Connection::open(server, name, lang)?;
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
                        OnlineEffect::Send(msg) => conn.send(msg),
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
}
