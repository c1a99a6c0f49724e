//! Members, seats and identity: who is at the table (watching or seated, connected or away),
//! sitting down, leaving, coming back, bots taking seats, the host, and sending someone away.

use super::{Member, SeatMeta, Table};
use crate::bots;
use crate::clock::Instant;
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_core::{Seat, Viewer};
use nimmt_protocol::{CloseReason, ErrorCode, PlayerId, Role, ServerMsg, TableState};
use std::time::Duration;

impl Table {
    /// The table's creator, connected, as its first member.
    pub fn with_member(mut self, conn: &Conn) -> Table {
        let seat = self
            .meta
            .seats
            .iter()
            .position(|s| s.player.as_ref() == Some(&conn.player));
        self.members.insert(
            conn.player.clone(),
            Member {
                conn: Some(conn.clone()),
                name: conn.name.clone(),
                seat,
                away_since: None,
                standing_in: false,
            },
        );
        self
    }

    /// Every human of the seats becomes a member who is away (until they connect): a table
    /// restored after a restart, or a rematch. Returns them.
    pub(super) fn seat_players_away(&mut self) -> Vec<PlayerId> {
        let now = self.now.at;
        let mut away = Vec::new();
        for (i, s) in self.meta.seats.iter().enumerate() {
            let Some(p) = &s.player else { continue };
            self.members.insert(
                p.clone(),
                Member {
                    conn: None,
                    name: s.name.clone(),
                    seat: Some(i),
                    away_since: Some(now),
                    standing_in: false,
                },
            );
            away.push(p.clone());
        }
        away
    }

    /// Whether a bot plays seat `i` now: a bot seat, a human away longer than the window, or
    /// one who missed too many deadlines of a turn-based game.
    pub(super) fn stand_in(&self, i: usize, now: Instant) -> bool {
        let Some(seat) = self.meta.seats.get(i) else {
            return false;
        };
        // At a turn-based table an absent player keeps the seat past the window; a bot plays
        // it only after missed deadlines (see `turns`). A bot account's seat gets the default
        // move at its limit instead (see `bot_faults`).
        let window_over = |t: Instant| {
            !self.turn_based() && !self.bot_account_seat(i) && now >= t + self.reconnect()
        };
        match &seat.player {
            None => true,
            Some(_) if self.benched(i) => true,
            Some(p) => match self.members.get(p) {
                None => true,
                Some(m) => {
                    m.conn.is_none()
                        && (m.standing_in
                            || m.away_since.is_some_and(window_over)
                            || self
                                .asked
                                .get(i)
                                .is_some_and(|a| a.as_ref().is_some_and(|a| a.window)))
                }
            },
        }
    }

    pub(super) fn reconnect(&self) -> Duration {
        Duration::from_secs(self.meta.table_options.reconnect)
    }

    pub(super) fn viewer_of(m: &Member) -> Viewer {
        match m.seat {
            Some(s) => Viewer::Seat(Seat(s as u8)),
            None => Viewer::Spectator,
        }
    }

    /// Whether someone else at the table has a name that reads as `name` (the name rule:
    /// equal after case folding and width, or look-alike letters).
    pub(super) fn name_taken(&self, name: &str, except: &PlayerId) -> bool {
        self.meta.seats.iter().any(|s| {
            crate::names::same(&s.name, name)
                && s.player.as_ref() != Some(except)
                && s.left.as_ref() != Some(except)
        }) || self
            .members
            .iter()
            .any(|(p, m)| p != except && crate::names::same(&m.name, name))
    }

    pub(super) fn attach(&mut self, conn: &Conn, role: Role) -> Result<(), Refusal> {
        if let Some(m) = self.members.get_mut(&conn.player) {
            // Back (reconnection) or again (a second join): this connection takes over.
            if let Some(old) = m.conn.replace(conn.clone()) {
                if old.id != conn.id {
                    self.out.send(&old, &ServerMsg::Replaced);
                    self.out.close(&old, CloseReason::Replaced);
                }
            }
            let was_away = m.away_since.take().is_some();
            let seat = m.seat;
            m.standing_in = false;
            if role == Role::Player && seat.is_none() {
                return self.sit(conn);
            }
            // Back at a turn-based table's seat a bot played after missed deadlines.
            let back = seat.is_some_and(|i| self.back_from_bench(conn, i));
            if was_away || back {
                if was_away {
                    self.version += 1;
                    if !self.arrived(&conn.player) {
                        self.notice_all("back", vec![("name", conn.name.clone())]);
                    }
                }
                self.changed();
                if let Some(i) = seat {
                    self.tell_away(conn, i);
                }
            } else {
                let msg = self.state_msg(&conn.player, &self.info());
                self.out.send(conn, &msg);
            }
            return Ok(());
        }
        // A newcomer becomes a member (watching) first; a player then sits down.
        if self.name_taken(&conn.name, &conn.player) {
            return Err(Refusal::new(ErrorCode::NameTaken).with("name", &conn.name));
        }
        self.members.insert(
            conn.player.clone(),
            Member {
                conn: Some(conn.clone()),
                name: conn.name.clone(),
                seat: None,
                away_since: None,
                standing_in: false,
            },
        );
        match role {
            Role::Spectator => {
                self.version += 1;
                self.notice_all("watching", vec![("name", conn.name.clone())]);
                self.changed();
                Ok(())
            }
            Role::Player => {
                let r = self.sit(conn);
                if r.is_err() {
                    self.members.remove(&conn.player);
                }
                r
            }
        }
    }

    /// A member (watching) sits down.
    pub(super) fn sit(&mut self, conn: &Conn) -> Result<(), Refusal> {
        if self.meta.kicked.contains(&conn.player) {
            return Err(Refusal::new(ErrorCode::SentAway).with("table", self.id));
        }
        if let Some(i) = self.left_seat(&conn.player) {
            return self.reclaim_seat(conn, i);
        }
        self.tournament_seats_fixed()?;
        if self.state != TableState::Open {
            return Err(Refusal::new(ErrorCode::AlreadyStarted));
        }
        if self.meta.seats.len() >= self.meta.max_seats {
            return Err(Refusal::new(ErrorCode::TableFull).with("max", self.meta.max_seats));
        }
        if self
            .meta
            .seats
            .iter()
            .any(|s| s.player.as_ref() == Some(&conn.player))
        {
            return Err(Refusal::new(ErrorCode::AlreadySeated));
        }
        self.meta.seats.push(SeatMeta {
            left: None,
            player: Some(conn.player.clone()),
            name: conn.name.clone(),
            bot: None,
            bot_account: conn.bot,
        });
        if self.meta.host.is_none() {
            self.meta.host = Some(conn.player.clone());
        }
        self.save_meta();
        let seat = self.meta.seats.len() - 1;
        if let Some(m) = self.members.get_mut(&conn.player) {
            m.seat = Some(seat);
        }
        self.notice_all(
            "joined",
            vec![
                ("name", conn.name.clone()),
                // 0-based, as seats are everywhere in the protocol.
                ("seat", seat.to_string()),
            ],
        );
        self.changed();
        Ok(())
    }

    /// The seat `player` left in the running game (a bot plays it now), if any.
    pub(super) fn left_seat(&self, player: &PlayerId) -> Option<usize> {
        if self.state != TableState::Playing {
            return None;
        }
        self.meta
            .seats
            .iter()
            .position(|s| s.player.is_none() && s.left.as_ref() == Some(player))
    }

    /// A player who left the running game takes their seat back from the bot.
    fn reclaim_seat(&mut self, conn: &Conn, i: usize) -> Result<(), Refusal> {
        let s = &mut self.meta.seats[i];
        s.player = Some(conn.player.clone());
        s.bot = None;
        s.left = None;
        // Nobody hosts a tournament's table.
        if self.meta.host.is_none() && self.meta.tournament.is_none() {
            self.meta.host = Some(conn.player.clone());
        }
        self.save_meta();
        if let Some(bot) = self.bots.get_mut(i) {
            *bot = None;
        }
        if let Some(m) = self.members.get_mut(&conn.player) {
            m.seat = Some(i);
            m.away_since = None;
        }
        self.notice_all("seat_back", vec![("name", conn.name.clone())]);
        self.changed();
        self.tell_away(conn, i);
        Ok(())
    }

    pub(super) fn detach(&mut self, player: &PlayerId, conn_id: u64) {
        let Some(m) = self.members.get_mut(player) else {
            return;
        };
        if m.conn.as_ref().map(|c| c.id) != Some(conn_id) {
            return; // an older connection, already replaced
        }
        m.conn = None;
        if m.seat.is_some() {
            m.away_since = Some(self.now.at);
            let name = m.name.clone();
            self.version += 1;
            self.notice_all("disconnected", vec![("name", name)]);
            self.changed();
        } else {
            self.members.remove(player);
            self.version += 1;
            self.changed();
        }
    }

    /// A member leaves the table (`keep_watching`: gives up the seat only). In a running game a
    /// bot takes the seat, which stays marked as theirs: they may take it back while the game
    /// runs (unless sent away), and watch under its name.
    pub(super) fn leave(&mut self, player: &PlayerId, keep_watching: bool) -> Result<(), Refusal> {
        let Some(m) = self.members.get(player) else {
            return Err(Refusal::new(ErrorCode::NotAtTable).with("table", self.id));
        };
        let name = m.name.clone();
        let seat = m.seat;
        let host_before = self.meta.host.clone();
        if self.meta.host.as_ref() == Some(player) && seat.is_none() {
            self.meta.host = self.next_host(player);
        }
        if let Some(i) = seat {
            if self.state == TableState::Open {
                self.meta.seats.remove(i);
            } else {
                let s = &mut self.meta.seats[i];
                s.player = None;
                s.bot = Some(bots::STAND_IN.to_owned());
                s.left = Some(player.clone());
            }
            if self.meta.host.as_ref() == Some(player) {
                self.meta.host = self.next_host(player);
            }
            self.save_meta();
            if self.state == TableState::Open {
                // Seats after the freed one move up.
                for m in self.members.values_mut() {
                    if let Some(s) = m.seat.as_mut() {
                        if *s > i {
                            *s -= 1;
                        }
                    }
                }
            }
        } else if host_before != self.meta.host {
            // A watching host hands the table on: stored like any change of its settings.
            self.save_meta();
        } else {
            self.version += 1;
        }
        if keep_watching {
            if let Some(m) = self.members.get_mut(player) {
                m.seat = None;
                m.away_since = None;
            }
            self.notice_all("left_seat", vec![("name", name)]);
        } else {
            let m = self.members.remove(player);
            if let Some(c) = m.and_then(|m| m.conn) {
                self.out.send(&c, &ServerMsg::Left { table: self.id });
            }
            self.notice_all("left_table", vec![("name", name)]);
        }
        if seat.is_some() && self.state == TableState::Playing {
            self.notice_all(
                "bot_took_seat",
                vec![("name", self.seat_name(seat.unwrap_or(0)))],
            );
        }
        if host_before != self.meta.host {
            if let Some(name) = self
                .meta
                .host
                .as_ref()
                .and_then(|h| self.members.get(h))
                .map(|m| m.name.clone())
            {
                self.notice_all("host_is", vec![("name", name)]);
            }
        }
        self.changed();
        Ok(())
    }

    /// The next seated human after `leaving`, to be host.
    fn next_host(&self, leaving: &PlayerId) -> Option<PlayerId> {
        self.meta
            .seats
            .iter()
            .filter_map(|s| s.player.clone())
            .find(|p| p != leaving)
            .or_else(|| self.members.keys().find(|p| *p != leaving).cloned())
    }

    pub(super) fn bot_add(&mut self, level: Option<String>) -> Result<(), Refusal> {
        let asked = level.unwrap_or_else(|| bots::LEVELS[0].to_owned());
        let Some(level) = bots::check_level(self.meta.game, &asked) else {
            return Err(Refusal::new(ErrorCode::UnknownBot)
                .with("level", &asked)
                .with("levels", bots::LEVELS.join(", ")));
        };
        if self.meta.seats.len() >= self.meta.max_seats {
            return Err(Refusal::new(ErrorCode::TableFull).with("max", self.meta.max_seats));
        }
        let mut n = self.meta.bots_added + 1;
        while self.name_taken(&format!("Bot {n}"), &String::new()) {
            n += 1;
        }
        self.meta.bots_added = n;
        let name = format!("Bot {n}");
        self.meta.seats.push(SeatMeta {
            left: None,
            player: None,
            name: name.clone(),
            bot: Some(level.clone()),
            bot_account: false,
        });
        self.save_meta();
        self.notice_all("bot_added", vec![("name", name), ("level", level)]);
        self.changed();
        Ok(())
    }

    /// Removes seat `i` (stored first); the members behind it move up one seat.
    fn remove_seat(&mut self, i: usize) -> SeatMeta {
        let seat = self.meta.seats.remove(i);
        self.save_meta();
        for m in self.members.values_mut() {
            if let Some(s) = m.seat.as_mut() {
                if *s > i {
                    *s -= 1;
                }
            }
        }
        seat
    }

    /// Removes the last seated bot: a built-in one, or a bot account (which leaves the table).
    pub(super) fn bot_remove(&mut self) -> Result<(), Refusal> {
        let Some(i) = self
            .meta
            .seats
            .iter()
            .rposition(|s| s.player.is_none() || s.bot_account)
        else {
            return Err(Refusal::new(ErrorCode::NoSuchPlayer).with("name", "bot"));
        };
        if self.meta.seats[i].player.is_some() {
            return self.remove_bot_account(i);
        }
        let seat = self.remove_seat(i);
        self.notice_all("bot_removed", vec![("name", seat.name)]);
        self.changed();
        Ok(())
    }

    pub(super) fn kick(&mut self, by: &Conn, name: &str) -> Result<(), Refusal> {
        // Names are matched by the name rule (case, width, look-alike letters): at a table they
        // are unique by it.
        // A bot seat before the start.
        if let Some(i) = self
            .meta
            .seats
            .iter()
            .position(|s| s.player.is_none() && crate::names::same(&s.name, name))
        {
            if self.state != TableState::Open {
                return Err(Refusal::new(ErrorCode::AlreadyStarted));
            }
            let seat = self.remove_seat(i);
            self.notice_all("kicked", vec![("name", seat.name), ("by", by.name.clone())]);
            self.changed();
            return Ok(());
        }
        let Some(target) = self
            .members
            .iter()
            .find(|(_, m)| crate::names::same(&m.name, name))
            .map(|(p, _)| p.clone())
        else {
            return Err(Refusal::new(ErrorCode::NoSuchPlayer).with("name", name));
        };
        if target == by.player {
            return Err(
                Refusal::new(ErrorCode::BadCommand).with("usage", "/kick NAME (not yourself)")
            );
        }
        let target_name = self
            .members
            .get(&target)
            .map(|m| m.name.clone())
            .unwrap_or_default();
        // Sent away: never a player at this table again (stored first), free to watch. In a
        // running game a bot keeps the seat; it stays marked as theirs, so they may watch under
        // its name, and `sit` refuses them before any taking back.
        self.meta.kicked.push(target.clone());
        self.save_meta();
        self.notice_all(
            "kicked",
            vec![("name", target_name), ("by", by.name.clone())],
        );
        self.leave(&target, false)
    }
}
