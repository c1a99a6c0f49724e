//! Frames out: the connection's queue delivered to the socket, and the close (its code and
//! reason, what the client still sends read until it answers).

use crate::conn::{Frame, Outbox};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{FutureExt, SinkExt, StreamExt};
use nimmt_protocol::CloseReason;
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio::time::Duration;

/// Delivers the connection's queue to the socket until it closes, then what is still queued
/// (not for a slow reader) and the close frame with its code and reason, within `grace` (a slow
/// reader, whose socket is full, within `slow_grace`: the close frame waits behind what it has
/// not read yet).
pub(super) async fn deliver(
    mut sink: SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<Frame>,
    outbox: Arc<Outbox>,
    grace: Duration,
    slow_grace: Duration,
) {
    // One wait for the close for the connection's whole life (not one per frame).
    let mut closing = outbox.watch();
    let closed = async move {
        let _ = closing.wait_for(Option::is_some).await;
    }
    .fuse();
    let mut closed = std::pin::pin!(closed);
    loop {
        if outbox.closing().is_some() {
            break;
        }
        let first = tokio::select! {
            biased;
            _ = &mut closed => break,
            f = rx.recv() => match f {
                Some(f) => f,
                None => break,
            },
        };
        outbox.taken(first.len());
        let write = async {
            // Whatever else is queued goes out with the same flush.
            sink.feed(text(first)).await?;
            for _ in 1..64 {
                let Ok(f) = rx.try_recv() else { break };
                outbox.taken(f.len());
                sink.feed(text(f)).await?;
            }
            sink.flush().await
        };
        let written = tokio::select! {
            biased;
            r = write => r.is_ok(),
            // A slow reader: the socket does not take more, the queue went over its cap. Any
            // other close waits for this write (it may carry `replaced` or a last answer).
            _ = async {
                (&mut closed).await;
                if outbox.closing() != Some(CloseReason::SlowReader) {
                    tokio::time::sleep(grace).await;
                }
            } => break,
        };
        if !written {
            outbox.close(CloseReason::Normal);
            break;
        }
    }
    let reason = outbox.closing().unwrap_or(CloseReason::Normal);
    let within = if reason == CloseReason::SlowReader {
        slow_grace
    } else {
        grace
    };
    let _ = tokio::time::timeout(within, async {
        if reason != CloseReason::SlowReader {
            // Deliver what is queued (answers, `rate_limited`, `replaced`), then close.
            while let Ok(f) = rx.try_recv() {
                outbox.taken(f.len());
                if sink.feed(text(f)).await.is_err() {
                    return;
                }
            }
        }
        let close = CloseFrame {
            code: reason.code(),
            reason: reason.reason().into(),
        };
        let _ = sink.send(Message::Close(Some(close))).await;
    })
    .await;
}

/// Why a read error ends the connection: the socket refuses frames over [`MAX_FRAME_BYTES`]
/// (its capacity error reads "Message too long: SIZE > MAX" or "Frame too long"); other errors
/// (a broken socket, a protocol violation) end it normally.
pub(super) fn read_error_reason(error: &str) -> CloseReason {
    if error.contains("too long") {
        CloseReason::TooLarge
    } else {
        CloseReason::Normal
    }
}

/// Reads what the client still sends after the close began: while the close frame waits to go
/// out (behind what a slow reader has not read yet) and after it went out, until the client
/// answers it, the socket ends, or `grace` passes (`slow_grace` for a slow reader). A socket
/// closed with unread data in it ends with a TCP reset, which throws away what the client has
/// not read yet, the close frame among it; so a client that keeps sending while it reads nothing
/// still finds the close frame once it reads.
pub(super) async fn drain(
    stream: &mut SplitStream<WebSocket>,
    writer: tokio::task::JoinHandle<()>,
    outbox: &Outbox,
    grace: Duration,
    slow_grace: Duration,
) {
    let grace = if outbox.closing() == Some(CloseReason::SlowReader) {
        slow_grace
    } else {
        grace
    };
    let mut writer = std::pin::pin!(writer);
    let mut sent_by: Option<tokio::time::Instant> = None;
    loop {
        let until = sent_by.unwrap_or_else(|| tokio::time::Instant::now() + grace);
        tokio::select! {
            _ = &mut writer, if sent_by.is_none() => {
                sent_by = Some(tokio::time::Instant::now() + grace);
            }
            m = stream.next() => match m {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            _ = tokio::time::sleep_until(until), if sent_by.is_some() => return,
        }
    }
    if sent_by.is_none() {
        let _ = writer.await;
    }
}

/// A frame as a WebSocket text message.
fn text(f: Frame) -> Message {
    Message::Text(Utf8Bytes::try_from(f.into_bytes()).expect("frames are UTF-8"))
}
