//! The online bot accounts: a bot account's `bot_ready` (its declaration checked), the list of
//! online bots (`bots`, names in order) with the tables each sits at, the question for one bot by
//! name (before a host seats it), and its faults: five within ten minutes and it rests for ten
//! minutes (out of the list, not seated, not paired; its `bot_ready` refused until then).

use super::effect::LobbyAnswer;
use super::Lobby;
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_core::GameKind;
use nimmt_protocol::bot_accounts::MOST_BOT_GAMES;
use nimmt_protocol::{
    BotDeclaration, ErrorCode, OnlineBot, PlayerId, SeatRating, ServerMsg, TableState,
};
use std::collections::{BTreeMap, HashMap, VecDeque};

/// Faults within this window count together.
pub const FAULT_WINDOW_MS: u64 = 10 * 60 * 1000;
/// This many faults within [`FAULT_WINDOW_MS`] and the bot rests.
pub const MOST_FAULTS: usize = 5;
/// How long a bot rests after too many faults.
pub const REST_MS: u64 = 10 * 60 * 1000;

/// A bot account that said `bot_ready` on a connection here.
pub(super) struct Ready {
    pub(super) conn: Conn,
    pub(super) declaration: BotDeclaration,
    pub(super) ratings: BTreeMap<GameKind, SeatRating>,
}

/// The bot accounts of the lobby: those online, their faults and rests.
#[derive(Default)]
pub(super) struct Bots {
    /// Online bots by identity.
    pub(super) ready: HashMap<PlayerId, Ready>,
    /// The times of each bot's recent faults (ms since the epoch).
    faults: HashMap<PlayerId, VecDeque<u64>>,
    /// Bots that rest, until when (ms since the epoch).
    rests: HashMap<PlayerId, u64>,
    /// The list as the subscribers last heard it.
    told: Vec<OnlineBot>,
}

impl Bots {
    /// Until when `player` rests at `now_ms`, if it does.
    pub(super) fn rests_until(&self, player: &PlayerId, now_ms: u64) -> Option<u64> {
        self.rests.get(player).copied().filter(|&t| t > now_ms)
    }
}

/// Checks a declaration: known games, each once, with table sizes the game has, and at most
/// [`MOST_BOT_GAMES`] tables at once (at least one).
pub fn check_declaration(d: &BotDeclaration) -> Result<(), Refusal> {
    let bad = |key: &'static str| Refusal::new(ErrorCode::BadOptions).keyed(key);
    if d.most_games < 1 || d.most_games > MOST_BOT_GAMES {
        return Err(bad("bot_most_games")
            .with("max", MOST_BOT_GAMES)
            .with("got", d.most_games));
    }
    for (i, g) in d.games.iter().enumerate() {
        if d.games[..i].iter().any(|other| other.game == g.game) {
            return Err(bad("bot_game_twice").with("game", g.game.name()));
        }
        let (min, max) = nimmt_core::registry::find(g.game.name())
            .map_err(|e| Refusal::new(ErrorCode::BadOptions).with("reason", e))?
            .descriptor()
            .players;
        if let Some(n) = g.players.iter().find(|&&n| n < min || n > max) {
            return Err(bad("bot_players")
                .with("game", g.game.name())
                .with("min", min)
                .with("max", max)
                .with("got", n));
        }
    }
    Ok(())
}

impl<H: Clone> Lobby<H> {
    /// A connection says it is a bot ready to play what it declares.
    pub(super) fn bot_ready(
        &mut self,
        conn: Conn,
        declaration: BotDeclaration,
        ratings: BTreeMap<GameKind, SeatRating>,
    ) {
        let now = self.now.wall_ms;
        let answer = if !conn.bot {
            Err(Refusal::new(ErrorCode::NotBot))
        } else if let Some(until) = self.bots.rests_until(&conn.player, now) {
            Err(resting(until, now))
        } else {
            check_declaration(&declaration)
        };
        if answer.is_ok() {
            let player = conn.player.clone();
            let ready = Ready {
                conn,
                declaration,
                ratings,
            };
            self.bots.ready.insert(player, ready);
            self.bots_changed();
        }
        self.answer(LobbyAnswer::BotReady(answer));
    }

    /// A bot's connection closed (or was replaced): it leaves the list.
    pub(super) fn bot_offline(&mut self, player: &PlayerId, conn_id: u64) {
        let here = self.bots.ready.get(player);
        if here.is_some_and(|r| r.conn.id == conn_id) {
            self.bots.ready.remove(player);
            self.bots_changed();
        }
    }

    /// `player` said hello again (here or on another node): a bot listed under an older
    /// connection leaves the list until the new one says `bot_ready`.
    pub(super) fn bot_replaced(&mut self, player: &PlayerId, new_conn: Option<u64>) {
        let here = self.bots.ready.get(player);
        if here.is_some_and(|r| Some(r.conn.id) != new_conn) {
            self.bots.ready.remove(player);
            self.bots_changed();
        }
    }

    /// The bots online and not resting, by name.
    pub(super) fn online_bots(&self) -> Vec<OnlineBot> {
        let now = self.now.wall_ms;
        let mut list: Vec<OnlineBot> = self
            .bots
            .ready
            .iter()
            .filter(|(p, _)| self.bots.rests_until(p, now).is_none())
            .map(|(p, r)| OnlineBot {
                player: p.clone(),
                name: r.conn.name.clone(),
                declaration: r.declaration.clone(),
                ratings: r.ratings.clone(),
                playing: self.playing(p),
            })
            .collect();
        list.sort_by(|a, b| {
            crate::names::key(&a.name)
                .cmp(&crate::names::key(&b.name))
                .then_with(|| a.player.cmp(&b.player))
        });
        list
    }

    /// The open or running tables `player` sits at.
    pub(super) fn playing(&self, player: &PlayerId) -> u32 {
        let live = |id: &u64| {
            self.tables.get(id).is_some_and(|e| {
                e.info
                    .as_ref()
                    .is_none_or(|i| matches!(i.state, TableState::Open | TableState::Playing))
            })
        };
        self.seats.of(player).iter().filter(|id| live(id)).count() as u32
    }

    /// The online bot called `name` (as names are matched), unless it rests.
    pub(super) fn online_bot(&mut self, name: &str) {
        let key = crate::names::key(name);
        let found = self
            .online_bots()
            .into_iter()
            .find(|b| crate::names::key(&b.name) == key);
        self.answer(LobbyAnswer::OnlineBot(found));
    }

    /// A bot's seat got the default move for a move it got wrong (illegal, malformed, late):
    /// the fifth such fault within ten minutes and it rests (told with a notice).
    pub(super) fn bot_fault(&mut self, player: PlayerId) {
        let now = self.now.wall_ms;
        if self.bots.rests_until(&player, now).is_some() {
            return;
        }
        let times = self.bots.faults.entry(player.clone()).or_default();
        times.push_back(now);
        while times.front().is_some_and(|&t| t + FAULT_WINDOW_MS <= now) {
            times.pop_front();
        }
        if times.len() < MOST_FAULTS {
            return;
        }
        self.bots.faults.remove(&player);
        let until = now + REST_MS;
        self.bots.rests.insert(player.clone(), until);
        if let Some(r) = self.bots.ready.get(&player) {
            let conn = r.conn.clone();
            conn_notice(self, &conn, "bot_rests", until, now);
        }
        self.bots_changed();
    }

    /// The answer to `list_bots`.
    pub(super) fn list_bots(&mut self) {
        let list = self.online_bots();
        self.answer(LobbyAnswer::Bots(list));
    }

    /// The subscribers hear the bot list if it changed since they last did; rests that ended
    /// and faults long past are let go of first (a bot back from resting is told).
    pub(super) fn bots_changed(&mut self) {
        let now = self.now.wall_ms;
        let ended: Vec<PlayerId> = self
            .bots
            .rests
            .iter()
            .filter(|(_, &t)| t <= now)
            .map(|(p, _)| p.clone())
            .collect();
        for p in ended {
            self.bots.rests.remove(&p);
            if let Some(conn) = self.bots.ready.get(&p).map(|r| r.conn.clone()) {
                self.send(
                    &conn,
                    &ServerMsg::Notice {
                        table: None,
                        text: nimmt_protocol::Text::new(conn.lang, "bot_back", Vec::new()),
                    },
                );
            }
        }
        self.bots
            .faults
            .retain(|_, times| times.back().is_some_and(|&t| t + FAULT_WINDOW_MS > now));
        let list = self.online_bots();
        if list != self.bots.told {
            self.bots.told = list.clone();
            self.broadcast(&ServerMsg::Bots { bots: list }, None);
        }
    }
}

/// The refusal of a resting bot's `bot_ready`: when it may come back.
fn resting(until: u64, now: u64) -> Refusal {
    Refusal::new(ErrorCode::BotUnavailable)
        .keyed("bot_resting")
        .with("minutes", minutes_left(until, now))
        .with("until_ms", until)
}

/// Whole minutes from `now` to `until`, rounded up.
fn minutes_left(until: u64, now: u64) -> u64 {
    until.saturating_sub(now).div_ceil(60_000)
}

fn conn_notice<H: Clone>(lobby: &mut Lobby<H>, conn: &Conn, key: &str, until: u64, now: u64) {
    let params = vec![
        ("faults", MOST_FAULTS.to_string()),
        ("minutes", minutes_left(until, now).to_string()),
    ];
    let msg = ServerMsg::Notice {
        table: None,
        text: nimmt_protocol::Text::new(conn.lang, key, params),
    };
    lobby.send(conn, &msg);
}
