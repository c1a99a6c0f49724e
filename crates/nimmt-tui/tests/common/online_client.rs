//! The terminal client as its loop drives it, against a real server: inputs from the
//! connection or ticks, effects sent, and what it sent and the server acknowledged.

use super::live_server::PATIENCE;
use nimmt_protocol::{ClientMsg, ServerMsg};
use nimmt_tui::app::Key;
use nimmt_tui::games::classic::ClassicScreen;
use nimmt_tui::net::Connection;
use nimmt_tui::online::{Online, OnlineEffect, OnlineInput};
use nimmt_tui::Lang;
use serde_json::Value;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The terminal client, driven as its loop drives it, with what it sent and what the server
/// acknowledged.
pub struct Client {
    pub o: Online,
    pub conn: Connection,
    /// Moves sent, by request id.
    pub sent: HashMap<u64, Value>,
    /// Moves sent, in order.
    pub moves: Vec<Value>,
    /// Moves the server acknowledged (an update answering their request), in order.
    pub acked: Vec<Value>,
    pub token: Option<String>,
    pub nodes: Vec<String>,
    /// Full states received.
    pub states: usize,
}

impl Client {
    /// Connects as `name` (with `token`, an identity coming back) and waits for the welcome.
    pub fn connect(url: &str, name: &str, token: Option<String>) -> Client {
        let conn = Connection::open_as(url, name, Lang::En, token).expect("connects");
        let mut c = Client {
            o: Online::new(url, name, Lang::En),
            conn,
            sent: HashMap::new(),
            moves: Vec::new(),
            acked: Vec::new(),
            token: None,
            nodes: Vec::new(),
            states: 0,
        };
        c.apply(OnlineInput::Resize {
            width: 80,
            height: 24,
        });
        c.pump("the welcome", |o| o.connected);
        c
    }

    /// The screen as text.
    pub fn screen(&self) -> String {
        super::render(self.o.width, self.o.height, |f| self.o.draw(f))
    }

    /// Hands `input` to the client and sends what it asks to send, noting the moves.
    pub fn apply(&mut self, input: OnlineInput) -> Vec<OnlineEffect> {
        match &input {
            OnlineInput::Server(ServerMsg::Update { ack: Some(id), .. }) => {
                if let Some(action) = self.sent.remove(id) {
                    self.acked.push(action);
                }
            }
            OnlineInput::Server(ServerMsg::State { .. }) => self.states += 1,
            // A refused move (stale, say) is not waited for.
            OnlineInput::Server(ServerMsg::Error { id: Some(id), .. }) => {
                self.sent.remove(id);
            }
            OnlineInput::Server(ServerMsg::Welcome { token, nodes, .. }) => {
                self.token = Some(token.clone());
                self.nodes = nodes.clone();
            }
            _ => {}
        }
        let effects = self.o.handle(input);
        for effect in &effects {
            match effect {
                OnlineEffect::Send(msg) => {
                    let id = self.conn.send(msg.clone());
                    if let ClientMsg::Act { action, .. } = msg {
                        self.sent.insert(id, action.clone());
                        self.moves.push(action.clone());
                    }
                }
                OnlineEffect::Quit => panic!("the client quit"),
            }
        }
        effects
    }

    /// Handles the next input from the server, or a tick when none comes soon.
    pub fn step(&mut self) {
        match self.conn.recv_timeout(Duration::from_millis(5)) {
            Some(input) => {
                self.apply(input);
            }
            None => {
                self.apply(OnlineInput::Tick);
            }
        }
    }

    /// Passes server messages (and ticks) until `done` holds.
    pub fn pump(&mut self, what: &str, done: impl Fn(&Online) -> bool) {
        let start = Instant::now();
        while !done(&self.o) {
            assert!(
                start.elapsed() < PATIENCE,
                "timed out waiting for {what}:\n{}",
                self.screen()
            );
            self.step();
        }
    }

    /// Plays (Enter whenever asked or a pause waits) until `done` holds or the game is over.
    pub fn play_until(&mut self, what: &str, done: impl Fn(&Client) -> bool) {
        let start = Instant::now();
        while !done(self) && !self.o.game().is_some_and(|g| g.is_over()) {
            assert!(
                start.elapsed() < PATIENCE,
                "timed out waiting for {what}:\n{}",
                self.screen()
            );
            self.press_if_asked();
            self.step();
        }
    }

    /// Presses Enter when the game asks the player or a pause waits, and the line is up.
    pub fn press_if_asked(&mut self) {
        if let Some(g) = self.o.game() {
            if !g.is_over() && self.o.connected && (g.is_asked() || g.pause_ready()) {
                self.apply(OnlineInput::Key(Key::Enter));
            }
        }
    }

    /// Types `line` into the chat and sends it.
    pub fn type_line(&mut self, line: &str) {
        self.apply(OnlineInput::Key(Key::Tab));
        for c in line.chars() {
            self.apply(OnlineInput::Key(Key::Char(c)));
        }
        self.apply(OnlineInput::Key(Key::Enter));
    }

    /// A new table of the first game with `bots` bots and `options`, started.
    pub fn start_table(&mut self, bots: usize, options: &[&str]) -> u64 {
        self.apply(OnlineInput::Key(Key::Char('n')));
        self.apply(OnlineInput::Key(Key::Enter));
        self.pump("the new table", |o| o.at.is_some());
        for n in 1..=bots {
            self.type_line("/bot add");
            self.pump("the bot", |o| {
                o.at.as_ref().is_some_and(|a| a.info.seats.len() == n + 1)
            });
        }
        for option in options {
            let (k, v) = option.split_once('=').unwrap();
            self.type_line(&format!("/option {option}"));
            self.pump("the option", |o| {
                o.at.as_ref()
                    .is_some_and(|a| a.info.options.get(k) == Some(v))
            });
        }
        self.table_id()
    }

    /// The table on screen.
    pub fn table_id(&self) -> u64 {
        self.o.at.as_ref().expect("at a table").info.id
    }

    /// The player is asked, nothing is moving on screen and no move of theirs is unanswered.
    pub fn asked_and_settled(&self) -> bool {
        self.sent.is_empty()
            && self
                .o
                .game()
                .is_some_and(|g| g.is_asked() && !g.busy() && !g.is_over())
    }

    /// The hand on screen and in the server's latest view (classic).
    pub fn hands(&self) -> (Vec<Value>, Value) {
        let shown = self
            .o
            .table::<ClassicScreen>()
            .expect("a classic game")
            .view()
            .hand
            .iter()
            .map(|c| serde_json::to_value(c).unwrap())
            .collect();
        let server = self.o.at.as_ref().unwrap().view.as_ref().unwrap()["hand"].clone();
        (shown, server)
    }
}
