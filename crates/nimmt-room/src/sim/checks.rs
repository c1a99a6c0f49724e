//! The simulation's invariants, checked after every step:
//!
//! 1. every change a table made is in the store (memory never runs ahead of it), and after a
//!    crash each table comes back as it was;
//! 2. no frame to a member holds a view other than its own (no card it may not see);
//! 3. every connected client's picture (the latest view it was sent) equals the table's view
//!    for it now;
//! 4. no table waits forever: a running game asks a connected person, or has a timer set;
//! 5. a timer fires by its deadline (a client told "your time ends at T" is not still asked
//!    long after T);
//! 6. nobody without the current invitation code took a seat at a private table (the host and
//!    a player taking back the seat they left excepted).

use super::client::Client;
use super::store::SimStore;
use super::Violation;
use crate::clock::Moment;
use crate::conn::{Conn, Frame};
use crate::table::Table;
use nimmt_protocol::{TableId, TableState};
use serde_json::Value;
use std::collections::{BTreeMap, HashSet};

/// How late a timer may fire (a slow store holds the clock back while it writes).
const TIMER_GRACE_MS: u64 = 10_000;

/// What a table must still be after a restart.
#[derive(Debug, PartialEq)]
pub struct Kept {
    meta: Value,
    state: &'static str,
    actions: Vec<(u8, String)>,
}

impl Kept {
    pub fn of(t: &Table) -> Kept {
        Kept {
            meta: serde_json::to_value(t.meta()).expect("meta serializes"),
            state: t.state().name(),
            actions: t.action_log(),
        }
    }
}

/// Invariant 1 after a crash: every table that was open or running is back as it was.
pub fn restored_as_before(
    before: &BTreeMap<TableId, Kept>,
    now: &BTreeMap<TableId, Table>,
) -> Result<(), Violation> {
    for (id, kept) in before {
        let Some(t) = now.get(id) else {
            return Err(Violation::new(
                1,
                format!("table {id} did not come back after the crash"),
            ));
        };
        let back = Kept::of(t);
        if &back != kept {
            return Err(Violation::new(
                1,
                format!("table {id} came back different after the crash: before {kept:?}, after {back:?}"),
            ));
        }
    }
    Ok(())
}

/// Invariant 2: a frame with a view carries the view of the member it goes to.
pub fn frame_is_for(t: &Table, to: &Conn, frame: &Frame) -> Result<(), Violation> {
    let text = frame.as_str();
    if !(text.starts_with(r#"{"type":"state""#) || text.starts_with(r#"{"type":"update""#)) {
        return Ok(());
    }
    let msg: Value = serde_json::from_str(text).expect("frames are JSON");
    let Some(view) = msg.get("view").filter(|v| !v.is_null()) else {
        return Ok(());
    };
    if Some(view) != t.view_for(&to.player).as_ref() {
        return Err(Violation::new(
            2,
            format!(
                "table {}: {} was sent a view that is not theirs: {view}",
                t.id(),
                to.player
            ),
        ));
    }
    Ok(())
}

/// A client takes in one message.
pub fn fold(c: &mut Client, msg: &Value) {
    let kind = msg.get("type").and_then(Value::as_str).unwrap_or("");
    match kind {
        "state" => {
            c.at = msg.pointer("/table/id").and_then(Value::as_u64).or(c.at);
            take_picture(c, msg);
        }
        "update" => take_picture(c, msg),
        "left" => {
            c.at = None;
            c.picture = Default::default();
        }
        _ => {}
    }
}

fn take_picture(c: &mut Client, msg: &Value) {
    let p = &mut c.picture;
    p.version = msg
        .get("version")
        .and_then(Value::as_u64)
        .unwrap_or(p.version);
    p.view = msg.get("view").filter(|v| !v.is_null()).cloned();
    p.legal = msg
        .get("legal")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    p.deadline_at = msg.pointer("/deadline/at").and_then(Value::as_u64);
}

/// Invariants 1, 3, 4 and 5 at rest (after a step, every write answered): the tables in
/// memory, the store, the clients and the time.
pub fn at_rest(
    tables: &BTreeMap<TableId, Table>,
    store: &SimStore,
    clients: &[Client],
    now: Moment,
) -> Result<(), Violation> {
    for (id, t) in tables {
        stored_as_in_memory(store, *id, t)?;
        someone_is_asked(*id, t)?;
    }
    for c in clients {
        pictures_are_current(tables, now, c)?;
    }
    Ok(())
}

/// Invariant 1: the table's settings, state and moves are what the store holds.
fn stored_as_in_memory(store: &SimStore, id: TableId, t: &Table) -> Result<(), Violation> {
    let Some(row) = store.rows.get(&id) else {
        return Err(Violation::new(
            1,
            format!("table {id} runs but was never stored"),
        ));
    };
    let meta: Value = serde_json::from_str(&row.meta).unwrap_or(Value::Null);
    let kept = Kept::of(t);
    if meta != kept.meta {
        return Err(Violation::new(
            1,
            format!(
                "table {id}: the settings in memory are not the stored ones: {} / {}",
                kept.meta, meta
            ),
        ));
    }
    let stored: Vec<(u8, Value)> = row
        .actions
        .iter()
        .map(|(s, a, _)| (*s, serde_json::from_str(a).unwrap_or(Value::Null)))
        .collect();
    let memory: Vec<(u8, Value)> = kept
        .actions
        .iter()
        .map(|(s, a)| (*s, serde_json::from_str(a).unwrap_or(Value::Null)))
        .collect();
    if stored != memory {
        return Err(Violation::new(
            1,
            format!(
                "table {id}: {} moves in memory, {} stored (a move was told that is not stored, or stored twice)",
                memory.len(),
                stored.len()
            ),
        ));
    }
    if kept.state != row.state && !(t.state() == TableState::Finished && row.state == "playing") {
        return Err(Violation::new(
            1,
            format!(
                "table {id} is {} in memory, {} in the store",
                kept.state, row.state
            ),
        ));
    }
    Ok(())
}

/// Invariant 4: a running game asks a connected person or has a timer set.
fn someone_is_asked(id: TableId, t: &Table) -> Result<(), Violation> {
    let Some(game) = t.running_game() else {
        return Ok(());
    };
    if t.state() != TableState::Playing || t.is_paused() || t.next_wake().is_some() {
        return Ok(());
    }
    let pending = game.pending();
    if pending.is_empty() {
        return Ok(());
    }
    let members = t.members();
    let a_person_is_asked = pending.iter().any(|(seat, _)| {
        let i = seat.index();
        !t.played_by_bot(i)
            && members
                .iter()
                .any(|m| m.seat == Some(i) && m.conn.is_some())
    });
    if a_person_is_asked {
        return Ok(());
    }
    Err(Violation::new(
        4,
        format!(
            "table {id} waits forever: seats {:?} are asked, nobody connected holds them and no timer is set",
            pending.iter().map(|(s, _)| s.index()).collect::<Vec<_>>()
        ),
    ))
}

/// Invariants 3 and 5 for one client.
fn pictures_are_current(
    tables: &BTreeMap<TableId, Table>,
    now: Moment,
    c: &Client,
) -> Result<(), Violation> {
    let (Some(id), Some((conn, _))) = (c.at, &c.conn) else {
        return Ok(());
    };
    let Some(t) = tables.get(&id) else {
        return Ok(());
    };
    let Some(me) = t
        .members()
        .into_iter()
        .find(|m| m.player == c.player && m.conn == Some(conn.id))
    else {
        return Ok(());
    };
    let view = t.view_for(&c.player);
    if view.is_some() && c.picture.view != view {
        return Err(Violation::new(
            3,
            format!(
                "table {id}: {}'s picture (version {}) is not the table's view now (version {})",
                c.player,
                c.picture.version,
                t.version()
            ),
        ));
    }
    if let (Some(at), Some(seat), Some(game)) = (c.picture.deadline_at, me.seat, t.running_game()) {
        let asked = game.pending().iter().any(|(s, _)| s.index() == seat);
        if asked && t.version() == c.picture.version && now.wall_ms > at + TIMER_GRACE_MS {
            return Err(Violation::new(
                5,
                format!(
                    "table {id}: {}'s timer ran out at {at} but the seat is still asked at {}",
                    c.player, now.wall_ms
                ),
            ));
        }
    }
    Ok(())
}

/// Who holds or held a seat at a table: the players seated and those who left a running game.
pub fn seats_of(t: &Table) -> Vec<String> {
    let seats = &t.meta().seats;
    seats
        .iter()
        .flat_map(|s| s.player.iter().chain(s.left.iter()))
        .cloned()
        .collect()
}

/// Invariant 6: whoever sat down at a private table in this step came with its current code
/// (`admitted`: table, player, code), is its host, or held a seat there before.
pub fn invitations_kept(
    id: TableId,
    t: &Table,
    before: &[String],
    admitted: &HashSet<(TableId, String, String)>,
) -> Result<(), Violation> {
    let Some(code) = t.invite_code() else {
        return Ok(());
    };
    for p in t.seated_players() {
        let host = t.meta().host.as_ref() == Some(&p);
        if before.contains(&p) || host || admitted.contains(&(id, p.clone(), code.to_owned())) {
            continue;
        }
        return Err(Violation::new(
            6,
            format!("table {id}: {p} took a seat at the private table without its code"),
        ));
    }
    Ok(())
}
