//! Private tables and invitation links: a private table seats whoever comes with its current
//! code and refuses everyone else as a player (the table unchanged); watchers only if the host
//! allows them; an old code after `/invite renew` is told it was renewed; the code survives a
//! restart; the lobby lists a private table only to whoever is seated there.

use nimmt_core::{registry, OptionMap};
use nimmt_protocol::{Role, TableState};
use nimmt_room::lobby::{LobbyAnswer, PeerNews};
use nimmt_room::sim::world::World;
use nimmt_room::table::{Meta, TableNews};
use nimmt_room::{Input, Lobby, LobbyEffect, LobbyInput, Moment, Table, TableConfig};
use serde_json::Value;
use std::collections::HashSet;

const TABLE: u64 = 9;

/// One table in the simulated room (its shell hands out the codes and checks that nobody sat
/// down without one), Ann its host, and four people who may come.
struct Room {
    world: World,
    next_conn: u64,
}

impl Room {
    /// Ann opens a classic table for four with `options`.
    fn open(options: &[(&str, &str)]) -> Room {
        let mut room = Room {
            world: World::new(1, 5, TableConfig::default()),
            next_conn: 1,
        };
        for (i, name) in ["Ann", "Bea", "Cem", "Dan", "Eve"].into_iter().enumerate() {
            room.world.clients[i].name = name.to_owned();
        }
        let ann = room.connect(0);
        let mut map = OptionMap::default();
        for (k, v) in options {
            map.set(k, v);
        }
        let kind = registry::find("classic").unwrap().kind();
        let w = &room.world;
        let meta = Meta::new(&ann, kind, map, Some(4), &w.config).unwrap();
        let table = Table::create(TABLE, meta, w.config.clone(), 1, w.now).with_member(&ann);
        room.world.tables.insert(TABLE, table);
        room.feed(Input::Opened);
        room
    }

    fn table(&self) -> &Table {
        &self.world.tables[&TABLE]
    }

    fn code(&self) -> String {
        self.table()
            .invite_code()
            .expect("a private table")
            .to_owned()
    }

    fn connect(&mut self, i: usize) -> nimmt_room::Conn {
        self.next_conn += 1;
        self.world.clients[i].connect(self.next_conn)
    }

    /// Person `i` connects and joins as `role`, with `code` if any.
    fn join(&mut self, i: usize, role: Role, code: Option<&str>) {
        let conn = match self.world.clients[i].conn.clone() {
            Some((c, _)) => c,
            None => self.connect(i),
        };
        self.feed(Input::Attach {
            conn,
            role,
            req: Some(1),
            muted: HashSet::new(),
            invite: code.map(str::to_owned),
        });
    }

    fn say(&mut self, i: usize, text: &str) {
        let (conn, _) = self.world.clients[i].conn.clone().expect("connected");
        self.feed(Input::Chat {
            conn,
            text: text.to_owned(),
            req: Some(2),
            muting: HashSet::new(),
        });
    }

    /// Hands the table one input as the server's shell does; the simulation's invariants hold.
    fn feed(&mut self, input: Input) {
        if let Err(v) = self.world.feed(TABLE, input) {
            panic!("{v}");
        }
    }

    /// The room restarts: the table comes back from the store alone.
    fn restart(&mut self) {
        self.world.tables.clear();
        for p in &mut self.world.clients {
            p.conn = None;
        }
        let w = &self.world;
        let stored = w.store.open_tables().pop().expect("the table is stored");
        let table = Table::restore(stored, w.config.clone(), 2, w.now).unwrap();
        self.world.tables.insert(TABLE, table);
        self.feed(Input::Opened);
    }

    /// The frames person `i` got since last asked, as JSON.
    fn frames(&mut self, i: usize) -> Vec<Value> {
        let Some((_, link)) = &self.world.clients[i].conn else {
            return Vec::new();
        };
        link.take()
            .iter()
            .filter_map(|f| serde_json::from_str(f.as_str()).ok())
            .collect()
    }

    /// The key of the last refusal person `i` got, if any.
    fn refused(&mut self, i: usize) -> Option<String> {
        self.frames(i)
            .into_iter()
            .rfind(|m| m["type"] == "error")
            .map(|m| m["key"].as_str().unwrap_or("").to_owned())
    }

    /// The code person `i` sees in their last state message.
    fn code_seen(&mut self, i: usize) -> Option<String> {
        self.frames(i)
            .into_iter()
            .rfind(|m| m["type"] == "state")
            .and_then(|m| m["you"]["invite"].as_str().map(str::to_owned))
    }

    fn seated(&self) -> Vec<String> {
        self.table().seated_players()
    }

    fn player(&self, i: usize) -> String {
        self.world.clients[i].player.clone()
    }
}

#[test]
fn a_private_table_seats_whoever_comes_with_the_code_and_refuses_the_others() {
    let mut room = Room::open(&[("private", "yes")]);
    let code = room.code();
    assert_eq!(
        room.code_seen(0),
        Some(code.clone()),
        "the host sees the code"
    );

    room.join(1, Role::Player, Some(&code));
    assert_eq!(room.seated(), vec![room.player(0), room.player(1)]);
    assert_eq!(room.code_seen(1), Some(code), "Bea, seated, sees it");

    let before = (room.table().version(), room.seated());
    room.join(2, Role::Player, None);
    assert_eq!(room.refused(2).as_deref(), Some("invite_needed"));
    room.join(3, Role::Player, Some("guessed-code-guessed-xx"));
    assert_eq!(room.refused(3).as_deref(), Some("invite_wrong"));
    assert_eq!(
        (room.table().version(), room.seated()),
        before,
        "nothing changed"
    );
}

#[test]
fn a_public_table_needs_no_code_and_shows_none() {
    let mut room = Room::open(&[]);
    room.join(1, Role::Player, None);
    assert_eq!(room.seated().len(), 2);
    assert_eq!(room.table().invite_code(), None);
    assert_eq!(room.code_seen(1), None);
    room.say(1, "/invite");
    assert_eq!(room.refused(1).as_deref(), Some("invite_not_private"));
}

#[test]
fn watchers_come_without_the_code_only_if_the_host_allows_them() {
    let mut room = Room::open(&[("private", "yes")]);
    room.join(1, Role::Spectator, None);
    assert_eq!(room.refused(1), None);
    assert_eq!(room.table().info().spectators, 1);
    assert_eq!(room.code_seen(1), None, "a watcher does not see the code");
    // A watcher without the code may not sit down.
    room.say(1, "/join");
    assert_eq!(room.refused(1).as_deref(), Some("invite_needed"));
    assert_eq!(room.seated().len(), 1);

    let mut closed = Room::open(&[("private", "yes"), ("watchers", "no")]);
    closed.join(1, Role::Spectator, None);
    assert_eq!(closed.refused(1).as_deref(), Some("invite_no_watchers"));
    assert_eq!(closed.table().info().spectators, 0);
    // With the code they may watch, and sit down later.
    let code = closed.code();
    closed.join(2, Role::Spectator, Some(&code));
    assert_eq!(closed.table().info().spectators, 1);
    closed.say(2, "/join");
    assert_eq!(closed.seated().len(), 2);
}

#[test]
fn after_a_renewal_the_old_code_is_refused_as_renewed_and_the_new_one_seats() {
    let mut room = Room::open(&[("private", "yes")]);
    let old = room.code();
    room.join(1, Role::Player, Some(&old));
    room.frames(1);
    // Only the host renews.
    room.say(1, "/invite renew");
    assert_eq!(room.refused(1).as_deref(), Some("not_host"));
    assert_eq!(room.code(), old);

    room.say(0, "/invite renew");
    let new = room.code();
    assert_ne!(new, old);
    assert_eq!(
        room.code_seen(1),
        Some(new.clone()),
        "seated players get it"
    );

    let before = (room.table().version(), room.seated());
    room.join(2, Role::Player, Some(&old));
    assert_eq!(room.refused(2).as_deref(), Some("invite_renewed"));
    assert_eq!(
        (room.table().version(), room.seated()),
        before,
        "nothing changed"
    );

    room.join(2, Role::Player, Some(&new));
    assert_eq!(room.seated().len(), 3);
}

#[test]
fn a_table_made_private_later_gets_a_code_and_it_survives_a_restart() {
    let mut room = Room::open(&[]);
    assert_eq!(room.table().invite_code(), None);
    room.say(0, "/option private=yes");
    let code = room.code();
    room.join(1, Role::Player, Some(&code));
    room.restart();
    assert_eq!(room.code(), code, "the code is stored");
    assert_eq!(room.table().info().state, TableState::Open);
    room.join(2, Role::Player, None);
    assert_eq!(room.refused(2).as_deref(), Some("invite_needed"));
    room.join(2, Role::Player, Some(&code));
    assert_eq!(room.seated().len(), 3);
    // Seated players come back without the code.
    room.join(1, Role::Player, None);
    assert_eq!(room.refused(1), None);
}

#[test]
fn the_invite_command_tells_seated_players_the_link() {
    let mut room = Room::open(&[("private", "yes")]);
    room.frames(0);
    room.say(0, "/invite");
    let notice = room
        .frames(0)
        .into_iter()
        .find(|m| m["type"] == "notice" && m["key"] == "invite_link")
        .expect("the link");
    let text = notice["text"].as_str().unwrap();
    let code = room.code();
    assert!(
        text.contains(&format!("/t/{TABLE}?invite={code}")),
        "{text}"
    );
    room.join(1, Role::Spectator, None);
    room.say(1, "/invite");
    assert_eq!(room.refused(1).as_deref(), Some("not_seated"));
}

/// The lobby lists a private table only to whoever is seated there.
#[test]
fn the_lobby_lists_a_private_table_only_to_its_players() {
    let room = Room::open(&[("private", "yes")]);
    let private = room.table().info();
    let public = Room::open(&[]).table().info();
    let public = nimmt_protocol::TableInfo { id: 10, ..public };
    let ann = room.player(0);
    let mut lobby: Lobby<u64> = Lobby::new(0, Default::default());
    for info in [private.clone(), public.clone()] {
        let news = TableNews {
            players: if info.id == TABLE {
                vec![ann.clone()]
            } else {
                Vec::new()
            },
            info,
            host: None,
            waiting: Vec::new(),
        };
        let _ = lobby.handle(
            LobbyInput::Peer(PeerNews::Changed {
                handle: news.info.id,
                news,
            }),
            Moment::default(),
        );
    }
    let listed = |lobby: &mut Lobby<u64>, viewer: Option<String>| -> Vec<u64> {
        let effects = lobby.handle(LobbyInput::ListFor { viewer }, Moment::default());
        effects
            .into_iter()
            .find_map(|e| match e {
                LobbyEffect::Answer(LobbyAnswer::Tables(t)) => {
                    Some(t.iter().map(|i| i.id).collect())
                }
                _ => None,
            })
            .expect("an answer")
    };
    assert_eq!(listed(&mut lobby, None), vec![10]);
    assert_eq!(listed(&mut lobby, Some("someone".into())), vec![10]);
    assert_eq!(listed(&mut lobby, Some(ann)), vec![TABLE, 10]);
}
