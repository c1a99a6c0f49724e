//! The ladder: on each tick, online bot accounts that opted in (`ladder`, `rated`), do not rest
//! and have room for another table are paired into rated bot-only tables of the games they
//! declared, with the game's default options. Per game, the table size every chosen bot takes:
//! four for classic where it can, else the largest the candidates allow (at least the game's
//! least). Fair rotation: the bots with the fewest recent ladder games first, then the closest
//! ratings; each bot gets at most one new table per tick. A table opens the way an accepted
//! challenge's does (the seats given, its game started at once), one after another, and each bot
//! is told `bot_seated`.

use super::effect::{LobbyEffect, TableRequest};
use super::Lobby;
use crate::bot_accounts::{takes, Offer};
use crate::refusal::Refusal;
use crate::table::{Again, BotTerms, Meta, SeatMeta, TableConfig};
use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{BotDeclaration, PlayerId, SeatRating, ServerMsg, TableId};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

/// Ladder games further back than this do not count for the rotation.
pub const RECENT_MS: u64 = 60 * 60 * 1000;

/// A rating for a bot that has none in a game yet.
const NEW_RATING: i64 = 1500;

/// A bot the ladder may pair now.
#[derive(Clone, Debug)]
pub struct Candidate<'a> {
    pub player: &'a PlayerId,
    pub name: &'a str,
    pub declaration: &'a BotDeclaration,
    /// Its rating per game it played rated (none: a new rating).
    pub ratings: &'a BTreeMap<GameKind, SeatRating>,
    /// Its ladder tables opened recently.
    pub recent: usize,
}

/// A ladder table to open: its game and seats (the first hosts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderTable {
    pub game: GameKind,
    pub seats: Vec<PlayerId>,
}

/// The ladder's memory in the lobby.
#[derive(Default)]
pub(super) struct LadderState {
    /// When each bot's recent ladder tables opened (ms since the epoch).
    recent: HashMap<PlayerId, VecDeque<u64>>,
    /// Tables paired on this tick, still to open.
    queue: VecDeque<LadderTable>,
    /// The table being opened.
    pub(super) opening: Option<LadderTable>,
    /// Ticks so far (the game paired first turns with them).
    ticks: usize,
}

/// The table sizes tried for `game`, the preferred first.
pub fn sizes(game: GameKind) -> Vec<usize> {
    let Ok(found) = nimmt_core::registry::find(game.name()) else {
        return Vec::new();
    };
    let (min, max) = found.descriptor().players;
    let mut sizes: Vec<usize> = (min..=max).rev().collect();
    if game.name() == "classic" && (min..=max).contains(&4) {
        sizes.retain(|&n| n != 4);
        sizes.insert(0, 4);
    }
    sizes
}

/// The options of a ladder table: the game's defaults, rated.
pub fn ladder_options() -> OptionMap {
    OptionMap([("rated".to_owned(), "yes".to_owned())].into())
}

/// Pairs `candidates` into tables, the games tried from the `first`th (of the games declared,
/// in order) on.
pub fn pair(candidates: &[Candidate], first: usize, config: &TableConfig) -> Vec<LadderTable> {
    let games: Vec<GameKind> = candidates
        .iter()
        .flat_map(|c| c.declaration.games.iter().map(|g| g.game))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut used: HashSet<&PlayerId> = HashSet::new();
    let mut tables = Vec::new();
    for i in 0..games.len() {
        let game = games[(first + i) % games.len()];
        while let Some(seats) = one_table(candidates, &used, game, config) {
            used.extend(seats.iter().map(|&k| candidates[k].player));
            tables.push(LadderTable {
                game,
                seats: seats
                    .iter()
                    .map(|&k| candidates[k].player.clone())
                    .collect(),
            });
        }
    }
    tables
}

/// One table of `game` among the candidates not `used`: their indices, or none.
fn one_table(
    candidates: &[Candidate],
    used: &HashSet<&PlayerId>,
    game: GameKind,
    config: &TableConfig,
) -> Option<Vec<usize>> {
    let options = OptionMap::default();
    let mut table_options = crate::table::TableOptions {
        timer: 0,
        reconnect: config.reconnect.as_secs(),
        rated: true,
        hints: false,
        pace: crate::table::Pace::Realtime,
        private: false,
        watchers: true,
        vacation: false,
    }
    .to_map();
    table_options.insert("rated".into(), "yes".into());
    for n in sizes(game) {
        let offer = Offer {
            game,
            seats: n,
            options: &options,
            table_options: &table_options,
            rated: true,
        };
        let mut pool: Vec<usize> = (0..candidates.len())
            .filter(|&k| !used.contains(candidates[k].player))
            .filter(|&k| takes(candidates[k].name, candidates[k].declaration, &offer).is_ok())
            .collect();
        if pool.len() < n {
            continue;
        }
        let rating = |k: usize| {
            candidates[k]
                .ratings
                .get(&game)
                .map_or(NEW_RATING, |r| r.rating)
        };
        let by_name = |a: &usize, b: &usize| {
            crate::names::key(candidates[*a].name).cmp(&crate::names::key(candidates[*b].name))
        };
        pool.sort_by(|a, b| {
            candidates[*a]
                .recent
                .cmp(&candidates[*b].recent)
                .then_with(|| by_name(a, b))
        });
        let anchor = pool.remove(0);
        let at = rating(anchor);
        pool.sort_by(|a, b| {
            let (ra, rb) = (candidates[*a].recent, candidates[*b].recent);
            ra.cmp(&rb)
                .then_with(|| (rating(*a) - at).abs().cmp(&(rating(*b) - at).abs()))
                .then_with(|| by_name(a, b))
        });
        let mut seats = vec![anchor];
        seats.extend(pool.into_iter().take(n - 1));
        return Some(seats);
    }
    None
}

impl<H: Clone> Lobby<H> {
    /// A tick of the ladder: the bot list is brought up to date, the ladder's bots are paired,
    /// and the first table is opened (the next ones as each is open).
    pub(super) fn ladder_tick(&mut self) {
        self.bots_changed();
        let now = self.now.wall_ms;
        let state = &mut self.ladder;
        state.ticks += 1;
        for times in state.recent.values_mut() {
            while times.front().is_some_and(|&t| t + RECENT_MS <= now) {
                times.pop_front();
            }
        }
        state.recent.retain(|_, t| !t.is_empty());
        if state.opening.is_some() || !state.queue.is_empty() {
            return;
        }
        let mut candidates = Vec::new();
        for (player, r) in &self.bots.ready {
            let d = &r.declaration;
            let resting = self.bots.rests_until(player, now).is_some();
            if !d.ladder || !d.rated || resting || self.playing(player) >= d.most_games {
                continue;
            }
            candidates.push(Candidate {
                player,
                name: &r.conn.name,
                declaration: d,
                ratings: &r.ratings,
                recent: self.ladder.recent.get(player).map_or(0, |t| t.len()),
            });
        }
        // The same order whatever the map's.
        candidates.sort_by(|a, b| a.player.cmp(b.player));
        let first = self.ladder.ticks;
        let tables = pair(&candidates, first, &self.settings.tables);
        self.ladder.queue.extend(tables);
        self.open_next_ladder_table();
    }

    /// Opens the next paired table, if any (its seats still online and free).
    fn open_next_ladder_table(&mut self) {
        while let Some(table) = self.ladder.queue.pop_front() {
            let Some(request) = self.ladder_request(&table) else {
                continue;
            };
            self.opening = Some(request.conn.player.clone());
            self.ladder.opening = Some(table);
            let id = self.next_id + 1;
            self.out.push(LobbyEffect::OpenTable { id, request });
            return;
        }
    }

    /// The request that opens a ladder table: its settings with every seat taken, the first
    /// bot hosting.
    fn ladder_request(&self, table: &LadderTable) -> Option<TableRequest> {
        let n = table.seats.len();
        let ready: Vec<&super::bots::Ready> = table
            .seats
            .iter()
            .map(|p| self.bots.ready.get(p))
            .collect::<Option<_>>()?;
        let host = &ready.first()?.conn;
        let mut meta = Meta::new(
            host,
            table.game,
            ladder_options(),
            Some(n),
            &self.settings.tables,
        )
        .ok()?;
        let table_options = meta.table_options.to_map();
        let offer = Offer {
            game: table.game,
            seats: n,
            options: &meta.options,
            table_options: &table_options,
            rated: true,
        };
        let mut terms = Vec::new();
        for r in &ready {
            let game = takes(&r.conn.name, &r.declaration, &offer).ok()?;
            terms.push((r.conn.player.clone(), BotTerms::of(game, &r.declaration)));
        }
        meta.seats[0].bot_account = true;
        for r in &ready[1..] {
            meta.seats.push(SeatMeta {
                player: Some(r.conn.player.clone()),
                name: r.conn.name.clone(),
                bot: None,
                left: None,
                bot_account: true,
            });
        }
        meta.bot_terms.extend(terms);
        let meta = serde_json::to_string(&meta).ok()?;
        Some(TableRequest {
            conn: host.clone(),
            game: table.game,
            options: OptionMap::default(),
            seats: Some(n),
            again: Some(Again {
                meta,
                history: Vec::new(),
            }),
        })
    }

    /// The answer to opening a ladder table: its seats are noted, each bot is told, and the
    /// next paired table opens.
    pub(super) fn ladder_opened(&mut self, result: Result<(TableId, H), Refusal>) {
        let table = self.ladder.opening.take();
        let id = result.as_ref().ok().map(|(id, _)| *id);
        self.enter_opened(result);
        if let (Some(id), Some(table)) = (id, table) {
            let host = table.seats.first().cloned();
            self.seats.set(id, host.iter(), table.seats.iter());
            if let Some(e) = self.tables.get_mut(&id) {
                e.players = table.seats.clone();
            }
            let now = self.now.wall_ms;
            for p in &table.seats {
                self.ladder
                    .recent
                    .entry(p.clone())
                    .or_default()
                    .push_back(now);
                if let Some(conn) = self.bots.ready.get(p).map(|r| r.conn.clone()) {
                    let msg = ServerMsg::BotSeated {
                        table: id,
                        game: table.game,
                    };
                    self.send(&conn, &msg);
                }
            }
        }
        self.open_next_ladder_table();
    }
}
