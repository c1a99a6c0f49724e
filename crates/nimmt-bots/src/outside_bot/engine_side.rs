//! Outside bots: a program in another process that plays a seat over line-based JSON on its
//! standard input and output (`docs/bot-protocol.md`).
//!
//! The engine writes one message per line: `hello` once, `new_game` before each game (with a
//! seed the bot may use), `decide` with the seat's view, the decision asked and the legal
//! actions, and where the caller tells how things ended (the arena does), `end_deal` and
//! `end_game`. The bot answers each `decide` with one line `{"id": ID, "action": ACTION}`. An answer
//! that is malformed, illegal or later than the time limit is logged on standard error and
//! replaced by a move of the fallback bot it was given (the game's default bot, `greedy`); the game
//! goes on. A bot process that dies is reported once, and the fallback plays its seat from then on.
//!
//! The protocol is the same for every game: `hello` names the game, the view and the actions are
//! that game's JSON.

use crate::endings::DealEnd;
use crate::Bot;
use nimmt_core::{Outcome, Rules};
use serde::Deserialize;
use serde_json::json;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The protocol version the engine speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The least time the first decision gets, so that starting the program (an interpreter, say)
/// does not count as a late answer.
pub const STARTUP_GRACE: Duration = Duration::from_secs(5);

/// Why an outside bot could not be started.
#[derive(Debug, thiserror::Error)]
pub enum OutsideError {
    #[error("cannot start outside bot `{command}`: {source}")]
    Spawn {
        command: String,
        #[source]
        source: std::io::Error,
    },
}

/// What went wrong with one answer (logged, then replaced by a greedy move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No answer within the time limit.
    Late,
    /// Not a JSON object `{"id": …, "action": …}` with a valid action.
    Malformed(String),
    /// A well-formed action that is not legal now (as the bot wrote it).
    Illegal(serde_json::Value),
    /// The process has exited or closed its output.
    Dead,
}

#[derive(Deserialize)]
struct Answer {
    id: u64,
    action: serde_json::Value,
}

/// A seat of game `R` played by an outside program.
pub struct OutsideBot<R: Rules> {
    command: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    timeout: Duration,
    next_id: u64,
    fallback: Box<dyn Bot<R>>,
    dead: bool,
    faults: Vec<Fault>,
    /// Time of the decisions since the last `take_overhead` spent encoding messages and decoding
    /// answers (the writing, the pipe and the bot's own work are the bot's time).
    overhead: Duration,
}

impl<R: Rules> OutsideBot<R> {
    /// Starts `command` through the shell (`sh -c`), its standard error passed through;
    /// `fallback` (the game's default bot, handed over by `registry::build`) plays instead of a
    /// bad answer.
    pub fn spawn_with(
        command: &str,
        timeout: Duration,
        fallback: Box<dyn Bot<R>>,
    ) -> Result<Self, OutsideError> {
        let mut shell = Command::new("sh");
        shell
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        // Its own process group: a Ctrl-C at the terminal stops the arena, which finishes the
        // deals in play with the bot still running, then closes its input.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut shell, 0);
        let mut child = shell.spawn().map_err(|source| OutsideError::Spawn {
            command: command.to_owned(),
            source,
        })?;
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut bot = OutsideBot {
            command: command.to_owned(),
            stdin: child.stdin.take(),
            child,
            lines,
            timeout,
            next_id: 0,
            fallback,
            dead: false,
            faults: Vec::new(),
            overhead: Duration::ZERO,
        };
        bot.send(&json!({"type": "hello", "protocol": PROTOCOL_VERSION, "game": R::KIND}));
        Ok(bot)
    }

    /// Every fault so far, in order.
    pub fn faults(&self) -> &[Fault] {
        &self.faults
    }

    /// Whether the process has died.
    pub fn is_dead(&self) -> bool {
        self.dead
    }

    fn log(&self, message: &str) {
        eprintln!("outside bot `{}`: {message}", self.command);
    }

    /// Writes one message line; a failed write means the process is gone.
    fn send(&mut self, message: &serde_json::Value) -> bool {
        self.send_line(message.to_string())
    }

    /// Writes one line in one write (the pipe is unbuffered: a message written piece by piece
    /// would cost a system call, and a wake-up of the bot, per piece).
    fn send_line(&mut self, mut line: String) -> bool {
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        line.push('\n');
        let ok = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.flush())
            .is_ok();
        if !ok {
            self.died();
        }
        ok
    }

    fn died(&mut self) {
        if self.dead {
            return;
        }
        self.dead = true;
        self.stdin = None;
        let status = match self.child.try_wait() {
            Ok(Some(status)) => status.to_string(),
            _ => "output closed".to_owned(),
        };
        self.faults.push(Fault::Dead);
        self.log(&format!(
            "the bot process died ({status}); greedy plays its seat from now on"
        ));
    }

    /// The bot's answer to `view`, or the fault that replaces it.
    fn ask(&mut self, view: &R::View, legal: &[R::Action]) -> Result<R::Action, Fault> {
        if self.dead {
            return Err(Fault::Dead);
        }
        let encoding = Instant::now();
        self.next_id += 1;
        let id = self.next_id;
        let view = serde_json::to_value(view).unwrap_or_default();
        let message = json!({
            "type": "decide",
            "id": id,
            "decision": view.get("asked"),
            "legal": legal,
            "view": view,
        })
        .to_string();
        self.overhead += encoding.elapsed();
        if !self.send_line(message) {
            return Err(Fault::Dead);
        }
        let limit = if id == 1 {
            self.timeout.max(STARTUP_GRACE)
        } else {
            self.timeout
        };
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Late),
                Err(RecvTimeoutError::Disconnected) => {
                    // Give the process a moment to be reaped so its exit status can be shown.
                    let _ = self.child.wait();
                    self.died();
                    return Err(Fault::Dead);
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            let decoding = Instant::now();
            let answer = serde_json::from_str::<Answer>(&line);
            self.overhead += decoding.elapsed();
            let answer = match answer {
                Ok(a) => a,
                Err(e) => return Err(Fault::Malformed(format!("{e} in {line:?}"))),
            };
            if answer.id != id {
                self.log(&format!(
                    "ignored an answer to decision {} (now at {id})",
                    answer.id
                ));
                continue;
            }
            let decoding = Instant::now();
            let action = serde_json::from_value::<R::Action>(answer.action.clone());
            self.overhead += decoding.elapsed();
            let action = action.map_err(|e| Fault::Malformed(format!("{e} in {line:?}")))?;
            return if legal.contains(&action) {
                Ok(action)
            } else {
                Err(Fault::Illegal(answer.action))
            };
        }
    }
}

impl<R: Rules> Bot<R> for OutsideBot<R> {
    fn decide(&mut self, view: &R::View) -> R::Action {
        let legal = R::legal_in_view(view);
        match self.ask(view, &legal) {
            Ok(action) => action,
            Err(fault) => {
                match &fault {
                    Fault::Late => self.log(&format!(
                        "no answer within {} ms; playing a greedy move",
                        self.timeout.as_millis()
                    )),
                    Fault::Malformed(why) => {
                        self.log(&format!("malformed answer ({why}); playing a greedy move"))
                    }
                    Fault::Illegal(a) => {
                        self.log(&format!("illegal answer {a}; playing a greedy move"))
                    }
                    Fault::Dead => {}
                }
                if fault != Fault::Dead {
                    self.faults.push(fault);
                }
                self.fallback.decide(view)
            }
        }
    }

    fn name(&self) -> String {
        format!("cmd:{}", self.command)
    }

    fn reseed(&mut self, seed: u64) {
        self.fallback.reseed(seed);
        if !self.dead {
            self.send(&json!({"type": "new_game", "seed": seed}));
        }
    }

    fn hears_endings(&self) -> bool {
        !self.dead
    }

    fn deal_ended(&mut self, view: &R::View, end: &DealEnd) {
        if !self.dead {
            self.send(&json!({
                "type": "end_deal",
                "deal": end.deal,
                "points": end.points,
                "view": view,
            }));
        }
    }

    fn game_ended(&mut self, outcome: &Outcome) {
        if !self.dead {
            self.send(&json!({"type": "end_game", "outcome": outcome}));
        }
    }

    fn take_overhead(&mut self) -> Duration {
        std::mem::take(&mut self.overhead)
    }
}

impl<R: Rules> Drop for OutsideBot<R> {
    fn drop(&mut self) {
        // Closing its input asks the bot to stop; one that lingers is ended.
        self.stdin = None;
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
