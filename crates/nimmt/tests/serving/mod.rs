//! Starting the real `nimmt serve` for the process tests.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

/// Starts `nimmt serve` on an ephemeral loopback port with `args` besides; returns the process
/// and the address it printed.
pub fn serve(args: &[&str]) -> (Child, SocketAddr) {
    serve_on("127.0.0.1:0", args)
}

/// Starts `nimmt serve` on `addr` (a port of 0: any free one) with `args` besides; returns the
/// process and the address it printed.
pub fn serve_on(addr: &str, args: &[&str]) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(["serve", "--addr", addr, "--bot-delay-ms", "0"])
        .args(args)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("nimmt serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .parse()
        .unwrap();
    (child, addr)
}
