//! Any bytes as a client's message, bare and in its envelope (what the server reads from a
//! WebSocket): decoding refuses or accepts, never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = serde_json::from_slice::<nimmt_protocol::ClientMsg>(data);
    let _ = serde_json::from_slice::<nimmt_protocol::Envelope>(data);
});
