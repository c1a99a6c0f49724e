//! A small WebSocket client of the room, for tests, the load test and tools.

use futures_util::{SinkExt, StreamExt};
use nimmt_core::GameDescriptor;
use nimmt_protocol::{ClientMsg, Envelope, Lang, ServerMsg, PROTOCOL_VERSION};
use tokio::net::TcpStream;
use tokio::time::{timeout, Duration};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Who a client is after `hello`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    pub player: String,
    pub name: String,
    pub token: String,
    pub seated: Vec<u64>,
    /// Every game the room plays, with its option schema.
    pub games: Vec<GameDescriptor>,
    /// The room's other nodes (WebSocket URLs), if it runs on several.
    pub nodes: Vec<String>,
}

/// A connection to the room.
pub struct Client {
    pub socket: Socket,
    next_id: u64,
    /// The close frame's code and reason, once the server closed the connection.
    pub closed: Option<(u16, String)>,
}

fn small_buffers() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0)
        .max_message_size(Some(16 << 20))
}

impl Client {
    /// Connects to `ws://host:port/ws`.
    pub async fn connect(url: &str) -> anyhow::Result<Client> {
        Self::connect_with(url, None).await
    }

    /// Connects from the local address `from` (on loopback any 127.x.y.z: many clients of one
    /// machine then count as many addresses for the server's per-address limits).
    pub async fn connect_from(url: &str, from: std::net::IpAddr) -> anyhow::Result<Client> {
        let req = url.into_client_request()?;
        let host = req
            .uri()
            .host()
            .unwrap_or("127.0.0.1")
            .trim_matches(['[', ']']);
        let port = req.uri().port_u16().unwrap_or(80);
        let server = tokio::net::lookup_host((host, port))
            .await?
            .find(|a| a.is_ipv4() == from.is_ipv4())
            .ok_or_else(|| anyhow::anyhow!("{host} has no address of the kind of {from}"))?;
        let socket = if from.is_ipv4() {
            tokio::net::TcpSocket::new_v4()?
        } else {
            tokio::net::TcpSocket::new_v6()?
        };
        socket.bind(std::net::SocketAddr::new(from, 0))?;
        let stream = socket.connect(server).await?;
        stream.set_nodelay(true)?;
        let (socket, _) = tokio_tungstenite::client_async_with_config(
            req,
            MaybeTlsStream::Plain(stream),
            Some(small_buffers()),
        )
        .await?;
        Ok(Client {
            socket,
            next_id: 1,
            closed: None,
        })
    }

    /// Connects, sending an `Origin` header as a browser would.
    pub async fn connect_with(url: &str, origin: Option<&str>) -> anyhow::Result<Client> {
        let mut req = url.into_client_request()?;
        if let Some(o) = origin {
            req.headers_mut().insert("origin", o.parse()?);
        }
        let (socket, _) =
            tokio_tungstenite::connect_async_with_config(req, Some(small_buffers()), true).await?;
        Ok(Client {
            socket,
            next_id: 1,
            closed: None,
        })
    }

    /// Sends a message with a fresh request id and returns the id.
    pub async fn send(&mut self, msg: ClientMsg) -> anyhow::Result<u64> {
        let id = self.next_id;
        self.next_id += 1;
        let text = serde_json::to_string(&Envelope::new(Some(id), msg))?;
        self.socket.send(Message::text(text)).await?;
        Ok(id)
    }

    /// Sends any text frame as it is.
    pub async fn send_raw(&mut self, text: impl Into<String>) -> anyhow::Result<()> {
        self.socket.send(Message::text(text.into())).await?;
        Ok(())
    }

    /// The next text frame, unparsed; `None` once the server closed the connection.
    pub async fn recv_raw(&mut self) -> anyhow::Result<Option<String>> {
        loop {
            match self.socket.next().await {
                None => return Ok(None),
                Some(Ok(Message::Close(f))) => {
                    self.closed = Some(
                        f.map(|f| (u16::from(f.code), f.reason.to_string()))
                            .unwrap_or((1005, String::new())),
                    );
                    return Ok(None);
                }
                Some(Ok(Message::Text(t))) => return Ok(Some(t.to_string())),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(e.into()),
            }
        }
    }

    /// The next server message.
    pub async fn recv(&mut self) -> anyhow::Result<ServerMsg> {
        match self.recv_raw().await? {
            Some(t) => Ok(serde_json::from_str(&t)?),
            None => match &self.closed {
                Some((code, reason)) => {
                    anyhow::bail!("the server closed the connection ({code} {reason})")
                }
                None => anyhow::bail!("the server closed the connection"),
            },
        }
    }

    /// Reads messages until one satisfies `pred` (within `secs` seconds); the others are dropped.
    pub async fn recv_until(
        &mut self,
        secs: u64,
        mut pred: impl FnMut(&ServerMsg) -> bool,
    ) -> anyhow::Result<ServerMsg> {
        timeout(Duration::from_secs(secs), async {
            loop {
                let m = self.recv().await?;
                if pred(&m) {
                    return Ok(m);
                }
            }
        })
        .await
        .map_err(|_| anyhow::anyhow!("no matching message within {secs} s"))?
    }

    /// Says hello (resuming an identity with `token`) and waits for `welcome`.
    pub async fn hello(
        &mut self,
        name: &str,
        token: Option<&str>,
        lang: Lang,
    ) -> anyhow::Result<Identity> {
        self.send(ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
            name: name.to_owned(),
            token: token.map(str::to_owned),
            lang,
        })
        .await?;
        match self
            .recv_until(10, |m| {
                matches!(m, ServerMsg::Welcome { .. } | ServerMsg::Error { .. })
            })
            .await?
        {
            ServerMsg::Welcome {
                player,
                name,
                token,
                seated,
                games,
                nodes,
                ..
            } => Ok(Identity {
                player,
                name,
                token,
                seated,
                games,
                nodes,
            }),
            other => anyhow::bail!("hello refused: {other:?}"),
        }
    }
}
