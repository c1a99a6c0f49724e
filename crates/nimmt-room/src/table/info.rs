//! What a table is: its settings (game, options, table options, seats) as stored, and how it
//! looks from outside (`TableInfo`, the client's place at it).

use super::pace::Pace;
use super::turns::TurnClock;
use super::Table;
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_core::{
    registry, GameData, GameDescriptor, GameKind, OptionMap, OptionSpec, Seat, SetupError,
};
use nimmt_protocol::{ErrorCode, PlayerId, Role, SeatInfo, SeatKind, TableInfo, You};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;

/// What the room sets for all its tables.
#[derive(Clone, Debug)]
pub struct TableConfig {
    /// Pause before a bot moves (so people can follow).
    pub bot_delay: Duration,
    /// Default of the table option `reconnect`.
    pub reconnect: Duration,
    /// A running table with no human connected pauses once its reconnection window has passed
    /// (its bots stop), and closes this long after that unless someone comes back.
    pub abandoned_close_after: Duration,
    /// Game data the room offers its tables (the Brettspiel's `board=custom`).
    pub game_data: GameData,
    /// A known bug put in by the simulator to show it finds it; always `None` in a room.
    pub fault: Option<super::Fault>,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            bot_delay: Duration::from_millis(600),
            reconnect: Duration::from_secs(60),
            abandoned_close_after: Duration::from_secs(600),
            game_data: GameData::default(),
            fault: None,
        }
    }
}

/// Table settings that are not game options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableOptions {
    /// Seconds per decision before the bot decides; 0 = no timer.
    pub timer: u64,
    /// Seconds a disconnected player keeps the seat before a bot plays for them.
    pub reconnect: u64,
    /// Whether the game moves ratings (`rated=no`: a casual game; see `ratings::policy`).
    #[serde(default = "rated_by_default")]
    pub rated: bool,
    /// Whether a seated player may ask for a hint (`/hint`); such a table is never rated.
    #[serde(default)]
    pub hints: bool,
    /// Real time, or turn-based with a deadline per decision (a table stored before paces
    /// existed reads as real time).
    #[serde(default)]
    pub pace: Pace,
    /// A private table: not in the lobby's list; a seat takes its invitation link (`invite`).
    #[serde(default)]
    pub private: bool,
    /// Whether people without the invitation link may watch a private table.
    #[serde(default = "super::invite::watchers_by_default")]
    pub watchers: bool,
    /// Whether a player of a turn-based table may pause their clock (`/vacation`).
    #[serde(default)]
    pub vacation: bool,
}

fn rated_by_default() -> bool {
    true
}

impl TableOptions {
    pub const KEYS: [&'static str; 8] = [
        "timer",
        "reconnect",
        "rated",
        "hints",
        "pace",
        "private",
        "watchers",
        "vacation",
    ];
    /// The most seconds either option takes.
    pub const MAX_SECONDS: u32 = 3600;

    pub fn to_map(&self) -> BTreeMap<String, String> {
        BTreeMap::from([
            ("timer".to_owned(), self.timer.to_string()),
            ("reconnect".to_owned(), self.reconnect.to_string()),
            ("rated".to_owned(), yes_no(self.rated).to_owned()),
            ("hints".to_owned(), yes_no(self.hints).to_owned()),
            ("pace".to_owned(), self.pace.name().to_owned()),
            ("private".to_owned(), yes_no(self.private).to_owned()),
            ("watchers".to_owned(), yes_no(self.watchers).to_owned()),
            ("vacation".to_owned(), yes_no(self.vacation).to_owned()),
        ])
    }

    /// The schema of the table options, as games describe theirs (for `/help option`).
    pub fn specs(config: &TableConfig) -> Vec<OptionSpec> {
        let mut specs = vec![
            OptionSpec::number(
                "timer",
                0,
                Self::MAX_SECONDS,
                Some(0),
                nimmt_core::Text::new(
                    "seconds per decision before a bot decides for the seat (0 = no timer)",
                    "Sekunden pro Entscheidung, bevor ein Bot für den Platz entscheidet (0 = ohne Zeitlimit)",
                ),
            ),
            OptionSpec::number(
                "reconnect",
                0,
                Self::MAX_SECONDS,
                Some(config.reconnect.as_secs().min(u64::from(Self::MAX_SECONDS)) as u32),
                nimmt_core::Text::new(
                    "seconds a disconnected player keeps the seat before a bot plays it",
                    "Sekunden, die ein getrennter Spieler seinen Platz behält, bevor ein Bot ihn spielt",
                ),
            ),
            OptionSpec::choice(
                "rated",
                &["yes", "no"],
                "yes",
                nimmt_core::Text::new(
                    "no: a casual game, ratings do not move (custom settings are always casual)",
                    "no: eine lockere Partie, die Wertungen bleiben (eigene Einstellungen sind immer locker)",
                ),
            ),
            OptionSpec::choice(
                "hints",
                &["yes", "no"],
                "no",
                nimmt_core::Text::new(
                    "yes: a seated player may ask for a hint (/hint); the game is then never rated",
                    "yes: wer sitzt, darf nach einem Tipp fragen (/hint); das Spiel wird dann nie gewertet",
                ),
            ),
            OptionSpec::choice(
                "pace",
                &Pace::names(),
                Pace::Realtime.name(),
                nimmt_core::Text::new(
                    "realtime: played in one sitting; 1h, 12h, 1d, 2d, 3d: turn-based, each decision has that long (the timer is ignored), and whoever misses 3 deadlines in a game has a bot play for them until they are back",
                    "realtime: in einem Zug gespielt; 1h, 12h, 1d, 2d, 3d: rundenbasiert, jede Entscheidung hat so lange Zeit (die Bedenkzeit gilt nicht), und wer in einer Partie 3 Fristen verpasst, für den spielt ein Bot, bis er zurück ist",
                ),
            ),
        ];
        specs.extend(super::invite::specs());
        specs.push(super::vacation::spec());
        specs
    }

    /// Sets one table option; `Err` names what is expected.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        if let Some(r) = super::invite::set_option(self, key, value) {
            return r;
        }
        if let Some(r) = super::vacation::set_option(self, key, value) {
            return r;
        }
        if key == "pace" {
            self.pace = Pace::parse(value).ok_or_else(|| {
                format!(
                    "bad value {value:?} for option pace: expected {}",
                    Pace::names().join(", ")
                )
            })?;
            return Ok(());
        }
        if key == "hints" {
            self.hints = match value {
                "yes" => true,
                "no" => false,
                _ => {
                    return Err(format!(
                        "bad value {value:?} for option hints: expected yes or no"
                    ))
                }
            };
            // A table with hints is never rated.
            self.rated &= !self.hints;
            return Ok(());
        }
        if key == "rated" && value == "yes" && self.hints {
            return Err("a table with hints is never rated: set hints=no first".to_owned());
        }
        if key == "rated" {
            self.rated = match value {
                "yes" => true,
                "no" => false,
                _ => {
                    return Err(format!(
                        "bad value {value:?} for option rated: expected yes or no"
                    ))
                }
            };
            return Ok(());
        }
        let n: u64 = value
            .parse()
            .ok()
            .filter(|&n| n <= u64::from(Self::MAX_SECONDS))
            .ok_or_else(|| {
                format!("bad value {value:?} for option {key}: expected seconds from 0 to 3600")
            })?;
        match key {
            "timer" => self.timer = n,
            "reconnect" => self.reconnect = n,
            _ => return Err(format!("unknown table option {key:?}")),
        }
        Ok(())
    }
}

/// The stored part of a table (JSON in `nimmt_tables.meta`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Meta {
    pub game: GameKind,
    pub options: OptionMap,
    pub table_options: TableOptions,
    pub max_seats: usize,
    pub host: Option<PlayerId>,
    pub seats: Vec<SeatMeta>,
    #[serde(default)]
    pub bots_added: u32,
    /// Who the host sent away (`/kick`): they may watch the table, never play at it again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kicked: Vec<PlayerId>,
    /// A turn-based game's clock: when it last changed, and the deadlines each seat missed
    /// (stored with every move; none in real time or before the start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<TurnClock>,
    /// A private table's invitation link (its code, and the codes it replaced).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invitation: Option<super::invite::Invitation>,
    /// By player: what each bot account seated here declared it takes (see `bot_seat`), so the
    /// table's options and size stay within it, also after a restart.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bot_terms: BTreeMap<PlayerId, super::bot_terms::BotTerms>,
    /// A tournament's table: which one, and whose seats a bot played (see `tournament`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<super::TournamentTag>,
}

/// A seat: a human (`player`) or a bot (`bot` = its level). A human who leaves a running game
/// leaves `player` empty and a bot takes the seat.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatMeta {
    pub player: Option<PlayerId>,
    pub name: String,
    pub bot: Option<String>,
    /// The human who left this seat in a running game (a bot plays it now): they may still
    /// watch the table under the seat's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<PlayerId>,
    /// The seat's player is a bot account (a program playing for an account of the room).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot_account: bool,
}

fn bad_options(reason: impl ToString) -> Refusal {
    Refusal::new(ErrorCode::BadOptions).with("reason", reason)
}

/// A setup the rules refused: its English `reason`, and for clients that translate, `why` (the
/// rules' error code) with the error's fields as parameters.
pub fn setup_refused(e: &SetupError) -> Refusal {
    let r = bad_options(e)
        .with("why", setup_code(e))
        .keyed(setup_key(e));
    match e {
        SetupError::UnknownGame { name, known } => r.with("name", name).with("known", known),
        SetupError::Players {
            game,
            min,
            max,
            got,
        } => r
            .with("game", game)
            .with("min", min)
            .with("max", max)
            .with("got", got),
        SetupError::UnknownOption { game, key, known } => {
            r.with("game", game).with("key", key).with("known", known)
        }
        SetupError::BadValue {
            key,
            value,
            expected,
        } => r
            .with("key", key)
            .with("value", value)
            .with("expected", expected),
        SetupError::Conflict { first, second } => r.with("first", first).with("second", second),
        SetupError::Repeated { key, first, second } => r
            .with("key", key)
            .with("first", first)
            .with("second", second),
        SetupError::NotKeyValue { option } => r.with("option", option),
        SetupError::Invalid { .. } => r,
    }
}

/// The text of a setup error: one per kind, so it reads in the client's language (a rule a game
/// words itself, `invalid`, keeps the game's English words).
fn setup_key(e: &SetupError) -> &'static str {
    match e {
        SetupError::UnknownGame { .. } => "options_unknown_game",
        SetupError::Players { .. } => "options_players",
        SetupError::UnknownOption { .. } => "options_unknown_option",
        SetupError::BadValue { .. } => "options_bad_value",
        SetupError::Conflict { .. } => "options_conflict",
        SetupError::Repeated { .. } => "options_repeated",
        SetupError::NotKeyValue { .. } => "options_not_key_value",
        SetupError::Invalid { .. } => "bad_options",
    }
}

/// The rules' code of a setup error (its `code` on the wire).
fn setup_code(e: &SetupError) -> String {
    serde_json::to_value(e)
        .ok()
        .and_then(|v| v.get("code").and_then(|c| c.as_str()).map(str::to_owned))
        .unwrap_or_default()
}

/// A table option's value out of range.
pub fn bad_seconds(key: &str, value: &str) -> Refusal {
    let expected = if key == "rated" || key == "hints" || super::invite::is_yes_no(key) {
        "yes|no".to_owned()
    } else if key == "pace" {
        Pace::names().join("|")
    } else {
        format!("0–{}", TableOptions::MAX_SECONDS)
    };
    setup_refused(&SetupError::bad_value(key, value, expected))
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// The registered game's descriptor.
pub fn descriptor(game: GameKind) -> Result<GameDescriptor, Refusal> {
    registry::find(game.name())
        .map(|g| g.descriptor())
        .map_err(bad_options)
}

impl Meta {
    /// A new table's settings: table options (`timer`, `reconnect`, `pace`, …) split from the game's, both
    /// checked, and the seat count within the game's range. The creator is host and first seat.
    pub fn new(
        creator: &Conn,
        game: GameKind,
        mut options: OptionMap,
        seats: Option<usize>,
        config: &TableConfig,
    ) -> Result<Meta, Refusal> {
        let table = TableOptions::take_from(&mut options, config)?;
        let (min, max) = descriptor(game)?.players;
        let seats = seats.unwrap_or(max);
        check_seats(game, seats)?;
        check_game_options(game, min, &options, &config.game_data)?;
        Ok(Meta {
            game,
            options,
            table_options: table,
            max_seats: seats,
            host: Some(creator.player.clone()),
            seats: vec![SeatMeta {
                left: None,
                player: Some(creator.player.clone()),
                name: creator.name.clone(),
                bot: None,
                bot_account: creator.bot,
            }],
            bots_added: 0,
            kicked: Vec::new(),
            turns: None,
            invitation: None,
            bot_terms: BTreeMap::new(),
            tournament: None,
        })
    }
}

impl TableOptions {
    /// The table options (`timer`, `reconnect`, `pace`, …) taken out of `options`, each checked;
    /// the others are the game's. What is not given is the room's default.
    pub(super) fn take_from(
        options: &mut OptionMap,
        config: &TableConfig,
    ) -> Result<TableOptions, Refusal> {
        let mut table = TableOptions {
            timer: 0,
            reconnect: config.reconnect.as_secs(),
            rated: true,
            hints: false,
            pace: Pace::Realtime,
            private: false,
            watchers: true,
            vacation: false,
        };
        for key in TableOptions::KEYS {
            if let Some(v) = options.0.remove(key) {
                table.set(key, &v).map_err(|_| bad_seconds(key, &v))?;
            }
        }
        Ok(table)
    }
}

/// Refuses a number of seats outside the game's range.
pub(super) fn check_seats(game: GameKind, seats: usize) -> Result<(), Refusal> {
    let (min, max) = descriptor(game)?.players;
    if seats < min || seats > max {
        return Err(setup_refused(&SetupError::Players {
            game: game.to_string(),
            min,
            max,
            got: seats,
        }));
    }
    Ok(())
}

/// Checks game options with the game's own rules for `players` seats: as they are, or else with
/// the game data the room was started with (`nimmt serve --data`, e.g. another board).
pub fn check_game_options(
    game: GameKind,
    players: usize,
    options: &OptionMap,
    data: &GameData,
) -> Result<OptionMap, Refusal> {
    let rules = registry::find(game.name()).map_err(bad_options)?;
    match rules.check_options(players, options, &GameData::new()) {
        Ok(full) => Ok(full),
        Err(plain) if !data.is_empty() => rules
            .check_options(players, options, data)
            .map_err(|_| setup_refused(&plain)),
        Err(plain) => Err(setup_refused(&plain)),
    }
}

/// The game data a table's setup carries: none when its options need none, else the room's.
pub fn data_for(game: GameKind, players: usize, options: &OptionMap, data: &GameData) -> GameData {
    let plain = registry::find(game.name())
        .is_ok_and(|r| r.check_options(players, options, &GameData::new()).is_ok());
    if plain {
        GameData::new()
    } else {
        data.clone()
    }
}

impl Table {
    /// Human players seated here (for the lobby's "where do I sit").
    pub fn seated_players(&self) -> Vec<PlayerId> {
        self.meta
            .seats
            .iter()
            .filter_map(|s| s.player.clone())
            .collect()
    }

    /// The host's identity (for the lobby's count of tables per identity).
    pub fn host(&self) -> Option<PlayerId> {
        self.meta.host.clone()
    }

    pub fn info(&self) -> TableInfo {
        let now = self.now.at;
        TableInfo {
            id: self.id,
            game: self.meta.game,
            options: match &self.game {
                Some(g) => g.setup().options.clone(),
                None => self.meta.options.clone(),
            },
            table_options: self.meta.table_options.to_map(),
            max_seats: self.meta.max_seats,
            seats: self
                .meta
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let member = s.player.as_ref().and_then(|p| self.members.get(p));
                    SeatInfo {
                        seat: Seat(i as u8),
                        name: s.name.clone(),
                        kind: if s.player.is_some() {
                            SeatKind::Human
                        } else {
                            SeatKind::Bot
                        },
                        level: s.bot.clone().filter(|_| s.player.is_none()),
                        connected: s.player.is_none() || member.is_some_and(|m| m.conn.is_some()),
                        bot_standing_in: s.player.is_some() && self.stand_in(i, now),
                        bot_account: s.bot_account,
                        rating: self.ratings.of(i),
                    }
                })
                .collect(),
            spectators: self.members.values().filter(|m| m.seat.is_none()).count(),
            host: self
                .meta
                .host
                .as_ref()
                .and_then(|h| self.members.get(h))
                .map(|m| m.name.clone()),
            state: self.state,
            tournament: self
                .meta
                .tournament
                .as_ref()
                .map(super::TournamentTag::wire),
        }
    }

    /// The client's place at the table.
    pub(super) fn you(&self, player: &PlayerId) -> You {
        let seat = self.members.get(player).and_then(|m| m.seat);
        You {
            role: if seat.is_some() {
                Role::Player
            } else {
                Role::Spectator
            },
            seat: seat.map(|s| Seat(s as u8)),
            host: self.meta.host.as_ref() == Some(player),
            invite: self.invite_for(player),
        }
    }

    /// The seats' names, in seat order (for records).
    pub(super) fn seat_names(&self) -> Vec<String> {
        self.meta.seats.iter().map(|s| s.name.clone()).collect()
    }

    pub(super) fn seat_name(&self, i: usize) -> String {
        self.meta
            .seats
            .get(i)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }
}
