//! The tournament director: a whole Swiss driven through it by a shell that carries out its
//! effects in order; refused inputs change nothing; a result told twice counts once; a crash
//! between saving and opening the tables is repaired by loading the saved tournament and
//! resuming; a second room table for one tournament table is closed; the page and the list.

use std::collections::BTreeMap;

use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{TableId, TournamentFormat, TournamentPhase, TournamentSetup};
use nimmt_room::tournament::{
    Director, DirectorEffect, DirectorInput, Entrant, Phase, Run, TableRef, TableSpec,
    TournamentError,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const ID: u64 = 7;

fn setup(format: TournamentFormat, invitation: bool) -> TournamentSetup {
    TournamentSetup {
        name: "Sunday Swiss".into(),
        game: GameKind::new("classic"),
        options: OptionMap::new(),
        format,
        table_size: 4,
        start_ms: 10_000,
        rated: true,
        invitation,
        bots_fill: false,
    }
}

fn create(setup: TournamentSetup, code: Option<&str>) -> DirectorInput {
    create_as(ID, setup, code)
}

fn create_as(id: u64, setup: TournamentSetup, code: Option<&str>) -> DirectorInput {
    DirectorInput::Create {
        id,
        setup,
        creator: "ann".into(),
        creator_name: "Ann".into(),
        code: code.map(str::to_string),
        game_min: 2,
    }
}

fn register(i: usize, code: Option<&str>) -> DirectorInput {
    DirectorInput::Register {
        id: ID,
        entrant: Entrant {
            player: format!("p{i}"),
            name: format!("Player {i}"),
            rating: 1500 + (i as i32 * 37) % 200,
        },
        bot_account: i % 5 == 4,
        code: code.map(str::to_string),
    }
}

/// A shell as the server is one: it stores what is saved, opens room tables, and keeps what
/// players were told.
#[derive(Default)]
struct Shell {
    director: Director,
    saved: BTreeMap<u64, Run>,
    next_table: TableId,
    /// Open room tables: which tournament table each plays.
    open: BTreeMap<TableId, TableSpec>,
    seated: Vec<(String, TableId)>,
    notices: Vec<(String, &'static str)>,
    surplus: Vec<TableId>,
    finished: usize,
}

impl Shell {
    fn new() -> Shell {
        Shell {
            next_table: 100,
            ..Shell::default()
        }
    }

    fn input(&mut self, input: DirectorInput) -> Result<(), TournamentError> {
        let effects = self.director.step(0, input)?;
        self.carry(effects);
        Ok(())
    }

    fn carry(&mut self, effects: Vec<DirectorEffect>) {
        for (n, effect) in effects.into_iter().enumerate() {
            match effect {
                DirectorEffect::Save(run) => {
                    assert_eq!(n, 0, "a save comes before the step's other effects");
                    self.saved.insert(run.id, *run);
                }
                DirectorEffect::OpenTable { id, spec, .. } => {
                    let table_id = self.next_table;
                    self.next_table += 1;
                    self.open.insert(table_id, spec.clone());
                    self.input(DirectorInput::TableOpened {
                        id,
                        table: spec.id,
                        table_id,
                    })
                    .unwrap();
                }
                DirectorEffect::Seated {
                    player, table_id, ..
                } => self.seated.push((player, table_id)),
                DirectorEffect::Notice { player, key, .. } => self.notices.push((player, key)),
                DirectorEffect::Surplus { table_id } => self.surplus.push(table_id),
                DirectorEffect::Finished { .. } => self.finished += 1,
                DirectorEffect::Changed { .. } => {}
            }
        }
    }

    fn run(&self) -> &Run {
        self.director.get(ID).unwrap()
    }

    /// Random places for a room table's seats (bots' seats take places too).
    fn places(&self, table_id: TableId, rng: &mut ChaCha8Rng) -> Vec<(String, usize)> {
        let spec = &self.open[&table_id];
        let mut order: Vec<usize> = (1..=spec.players.len() + spec.bots).collect();
        order.shuffle(rng);
        spec.players
            .iter()
            .zip(order)
            .map(|(e, p)| (e.player.clone(), p))
            .collect()
    }

    /// Ends every open room table with random places; now and then a player was missing.
    fn end_tables(&mut self, rng: &mut ChaCha8Rng) {
        for table_id in self.open.keys().copied().collect::<Vec<_>>() {
            let places = self.places(table_id, rng);
            let bot_played = if rng.random_bool(0.1) {
                vec![places[0].0.clone()]
            } else {
                Vec::new()
            };
            self.open.remove(&table_id);
            self.input(DirectorInput::TableEnded {
                table_id,
                places,
                bot_played,
            })
            .unwrap();
        }
    }
}

fn swiss(players: usize, rounds: u32) -> Shell {
    let mut shell = Shell::new();
    shell
        .input(create(
            setup(TournamentFormat::Swiss { rounds }, false),
            None,
        ))
        .unwrap();
    for i in 0..players {
        shell.input(register(i, None)).unwrap();
    }
    shell
}

/// A Swiss its creator started before its start time.
fn started_swiss(players: usize, rounds: u32) -> Shell {
    let mut shell = swiss(players, rounds);
    let start = DirectorInput::Start {
        id: ID,
        by: "ann".into(),
        operator: false,
    };
    shell.input(start).unwrap();
    shell
}

#[test]
fn a_swiss_runs_to_its_final_standings_through_the_director() {
    let mut shell = swiss(14, 3);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    shell.input(DirectorInput::Tick).unwrap();
    assert_eq!(shell.run().core.phase, Phase::Registration, "not yet");
    let director = &mut shell.director;
    let early = director.step(10_000, DirectorInput::Tick).unwrap();
    shell.carry(early);
    for round in 1..=3 {
        assert_eq!(shell.run().core.phase, Phase::Running { round });
        // 14 players at tables of 4: two of 4 and two of 3; everyone told their table once.
        assert_eq!(shell.open.len(), 4);
        let told: Vec<&String> = shell
            .seated
            .iter()
            .filter(|(_, t)| shell.open.contains_key(t))
            .map(|(p, _)| p)
            .collect();
        assert_eq!(told.len(), 14);
        let page = shell.run().page(Some(&"p3".to_string()), false);
        let table = page.you.unwrap().table.expect("p3 has a table");
        assert!(shell.open[&table].players.iter().any(|e| e.player == "p3"));
        shell.end_tables(&mut rng);
        assert_eq!(shell.saved[&ID], *shell.run(), "the store has the latest");
    }
    let run = shell.run();
    assert_eq!(run.core.phase, Phase::Finished);
    assert_eq!(shell.finished, 1);
    let over = shell
        .notices
        .iter()
        .filter(|(_, k)| *k == "tournament_over");
    assert_eq!(over.count(), 14);
    let started = shell
        .notices
        .iter()
        .filter(|(_, k)| *k == "tournament_round_started");
    assert_eq!(started.count(), 3 * 14);
    let page = run.page(None, false);
    assert_eq!(page.summary.phase, TournamentPhase::Finished);
    assert_eq!(page.summary.start_ms, 10_000, "started at its start time");
    assert_eq!(page.rounds.len(), 3);
    assert!(page
        .rounds
        .iter()
        .flat_map(|r| &r.tables)
        .all(|t| t.done && t.table.is_some()));
    // Each line's points are the sum of its seats' points on the page.
    for line in &page.standings {
        let seats: f64 = page
            .rounds
            .iter()
            .flat_map(|r| &r.tables)
            .flat_map(|t| &t.seats)
            .filter(|s| s.name == line.name)
            .map(|s| s.points.unwrap())
            .sum();
        assert_eq!(line.points, seats, "{}", line.name);
    }
    assert!(page.standings.iter().any(|s| s.bot_account));
}

#[test]
fn refused_inputs_change_nothing() {
    let mut shell = Shell::new();
    let by_invitation = setup(TournamentFormat::Swiss { rounds: 2 }, true);
    shell.input(create(by_invitation, Some("s3cret"))).unwrap();
    let before = shell.run().clone();
    let refusals = [
        (register(1, None), TournamentError::NotInvited),
        (register(1, Some("guess")), TournamentError::NotInvited),
        (
            DirectorInput::Start {
                id: ID,
                by: "p1".into(),
                operator: false,
            },
            TournamentError::NotCreator,
        ),
        (
            DirectorInput::Start {
                id: ID,
                by: "ann".into(),
                operator: false,
            },
            TournamentError::TooFew { needed: 4 },
        ),
        (
            DirectorInput::Withdraw {
                id: ID,
                player: "p1".into(),
            },
            TournamentError::NotRegistered,
        ),
        (
            create(setup(TournamentFormat::Swiss { rounds: 2 }, false), None),
            TournamentError::Exists,
        ),
    ];
    for (input, refusal) in refusals {
        assert_eq!(shell.director.step(0, input), Err(refusal));
        assert_eq!(*shell.run(), before);
    }
    let bad = TournamentSetup {
        table_size: 7,
        ..setup(TournamentFormat::Swiss { rounds: 2 }, false)
    };
    let refused = shell.director.step(0, create_as(8, bad, None));
    assert_eq!(refused, Err(TournamentError::TableSize));
    assert!(shell.director.get(8).is_none());
    for i in 0..4 {
        shell.input(register(i, Some("s3cret"))).unwrap();
    }
    shell
        .input(DirectorInput::Start {
            id: ID,
            by: "op".into(),
            operator: true,
        })
        .unwrap();
    // A result with a stranger's place is refused, missing players and all.
    let before = shell.run().clone();
    let (&table_id, spec) = shell.open.iter().next().unwrap();
    let mut places: Vec<(String, usize)> = spec
        .players
        .iter()
        .enumerate()
        .map(|(i, e)| (e.player.clone(), i + 1))
        .collect();
    places[0].0 = "stranger".into();
    let bot_played = vec![spec.players[1].player.clone()];
    let refused = shell.director.step(
        0,
        DirectorInput::TableEnded {
            table_id,
            places,
            bot_played,
        },
    );
    assert_eq!(refused, Err(TournamentError::BadPlaces));
    assert_eq!(*shell.run(), before);
}

#[test]
fn a_result_told_twice_counts_once() {
    let mut shell = started_swiss(8, 2);
    assert_eq!(
        shell.run().summary().start_ms,
        0,
        "started early: when it started"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let (&table_id, _) = shell.open.iter().next().unwrap();
    let places = shell.places(table_id, &mut rng);
    let ended = |bot_played: Vec<String>| DirectorInput::TableEnded {
        table_id,
        places: places.clone(),
        bot_played,
    };
    let missing = vec![places[1].0.clone()];
    shell.input(ended(missing.clone())).unwrap();
    let once = shell.run().clone();
    assert_eq!(
        shell.director.step(0, ended(missing.clone())),
        Ok(Vec::new())
    );
    assert_eq!(shell.director.step(0, ended(Vec::new())), Ok(Vec::new()));
    assert_eq!(*shell.run(), once);
    let bot_notices = shell
        .notices
        .iter()
        .filter(|(_, k)| *k == "tournament_bot_played");
    assert_eq!(bot_notices.count(), 1);
    // The other table ends: the next round opens; the first table's result told again after
    // that changes nothing either.
    shell.open.remove(&table_id);
    let (&other, _) = shell.open.iter().next().unwrap();
    let other_places = shell.places(other, &mut rng);
    shell.open.remove(&other);
    shell
        .input(DirectorInput::TableEnded {
            table_id: other,
            places: other_places,
            bot_played: Vec::new(),
        })
        .unwrap();
    assert_eq!(shell.run().core.phase, Phase::Running { round: 2 });
    let now = shell.run().clone();
    assert_eq!(shell.director.step(0, ended(missing)), Ok(Vec::new()));
    assert_eq!(*shell.run(), now);
    let line = |run: &Run, who: &str| {
        let page = run.page(None, false);
        page.standings.into_iter().find(|s| s.name == who).unwrap()
    };
    let name = |p: &str| format!("Player {}", &p[1..]);
    let first = &places.iter().find(|(_, place)| *place == 1).unwrap().0;
    assert_eq!(line(shell.run(), &name(first)).points, 60.0);
    // A different result for a counted table is refused.
    let mut other = places.clone();
    other.iter_mut().for_each(|(_, p)| *p = 5 - *p);
    let refused = shell.director.step(
        0,
        DirectorInput::TableEnded {
            table_id,
            places: other,
            bot_played: Vec::new(),
        },
    );
    assert_eq!(refused, Err(TournamentError::AlreadyCounted));
    // A room table the director does not know: nothing.
    let unknown = DirectorInput::TableEnded {
        table_id: 9_999,
        places: Vec::new(),
        bot_played: Vec::new(),
    };
    assert_eq!(shell.director.step(0, unknown), Ok(Vec::new()));
}

#[test]
fn a_crash_between_saving_and_opening_the_tables_is_repaired_by_resuming() {
    let mut shell = swiss(12, 3);
    // Start, store the save, then crash before opening any table.
    let effects = shell.director.step(10_000, DirectorInput::Tick).unwrap();
    let DirectorEffect::Save(saved) = &effects[0] else {
        panic!("a save comes first: {effects:?}");
    };
    let saved = saved.clone();
    let wanted: Vec<TableRef> = effects
        .iter()
        .filter_map(|e| match e {
            DirectorEffect::OpenTable { spec, .. } => Some(spec.id),
            _ => None,
        })
        .collect();
    assert_eq!(wanted.len(), 3);
    // Suppose the first table was opened before the crash.
    let mut restarted = Shell::new();
    restarted.input(DirectorInput::Load(saved)).unwrap();
    restarted
        .input(DirectorInput::TableOpened {
            id: ID,
            table: wanted[0],
            table_id: 50,
        })
        .unwrap();
    let resumed = restarted.director.resume(ID);
    let reopened: Vec<TableRef> = resumed
        .iter()
        .filter_map(|e| match e {
            DirectorEffect::OpenTable { spec, .. } => Some(spec.id),
            _ => None,
        })
        .collect();
    assert_eq!(reopened, wanted[1..].to_vec(), "exactly the missing tables");
    restarted.carry(resumed);
    assert!(
        restarted.director.resume(ID).is_empty(),
        "nothing is opened twice"
    );
    let tables = &restarted.run().tables;
    assert_eq!(tables.len(), 3);
    // Everyone at the two reopened tables is told; the first table's players were told when
    // it was found.
    assert_eq!(restarted.seated.len(), 12);
}

#[test]
fn a_second_room_table_for_one_tournament_table_is_closed() {
    let mut shell = started_swiss(8, 2);
    let (&table_id, spec) = shell.open.iter().next().unwrap();
    let table = spec.id;
    let before = shell.run().clone();
    let again = |table_id| DirectorInput::TableOpened {
        id: ID,
        table,
        table_id,
    };
    assert_eq!(shell.director.step(0, again(table_id)), Ok(Vec::new()));
    assert_eq!(
        shell.director.step(0, again(555)),
        Ok(vec![DirectorEffect::Surplus { table_id: 555 }])
    );
    let nowhere = DirectorInput::TableOpened {
        id: ID,
        table: TableRef { round: 4, table: 1 },
        table_id: 556,
    };
    assert_eq!(
        shell.director.step(0, nowhere),
        Ok(vec![DirectorEffect::Surplus { table_id: 556 }])
    );
    assert_eq!(*shell.run(), before);
    assert_eq!(shell.director.table_of(555), None);
    assert_eq!(shell.director.table_of(table_id), Some((ID, table)));
}

#[test]
fn the_page_shows_each_reader_their_part() {
    let mut shell = Shell::new();
    shell
        .input(create(
            setup(TournamentFormat::Elimination { advance: 2 }, true),
            Some("c0de"),
        ))
        .unwrap();
    for i in 0..5 {
        shell.input(register(i, Some("c0de"))).unwrap();
    }
    let run = shell.run();
    let summary = run.summary();
    assert_eq!(summary.entrants, 5);
    assert_eq!(summary.phase, TournamentPhase::Registration);
    assert_eq!(
        (summary.by.as_str(), summary.pace.as_str()),
        ("Ann", "realtime")
    );
    let page = run.page(None, false);
    assert_eq!(page.you, None);
    assert_eq!(
        page.invitation_code, None,
        "a visitor does not see the code"
    );
    let ratings: Vec<i32> = page.standings.iter().map(|s| s.rating).collect();
    let mut sorted = ratings.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(ratings, sorted, "before the start: by rating");
    let ann = run.page(Some(&"ann".to_string()), false);
    assert_eq!(ann.invitation_code.as_deref(), Some("c0de"));
    let you = ann.you.unwrap();
    assert!(you.may_start && you.may_register && !you.registered);
    let p1 = run.page(Some(&"p1".to_string()), false);
    assert_eq!(p1.invitation_code.as_deref(), Some("c0de"));
    let you = p1.you.unwrap();
    assert!(you.registered && !you.may_register && !you.may_start);
    let stranger = run.page(Some(&"zed".to_string()), true);
    assert_eq!(stranger.invitation_code, None);
    assert!(stranger.you.unwrap().may_start, "an operator may start it");
    shell
        .input(DirectorInput::Withdraw {
            id: ID,
            player: "p4".into(),
        })
        .unwrap();
    assert!(
        shell.run().bot_accounts.is_empty(),
        "a bot account that left is forgotten"
    );
}

#[test]
fn players_are_told_of_their_bye_and_of_a_cancelled_tournament() {
    // Five players at tables of 4 without bots: one table, and the lowest standing sits out.
    let shell = started_swiss(5, 1);
    let byes: Vec<&String> = shell
        .notices
        .iter()
        .filter(|(_, k)| *k == "tournament_bye")
        .map(|(p, _)| p)
        .collect();
    assert_eq!(byes.len(), 1);
    let effects = {
        let mut director = Director::new();
        director
            .step(
                0,
                create(setup(TournamentFormat::Swiss { rounds: 1 }, false), None),
            )
            .unwrap();
        director.step(0, register(1, None)).unwrap();
        director.step(0, register(2, None)).unwrap();
        director.step(0, register(3, None)).unwrap();
        assert!(director
            .step(9_999, DirectorInput::Tick)
            .unwrap()
            .is_empty());
        let effects = director.step(10_000, DirectorInput::Tick).unwrap();
        assert_eq!(director.get(ID).unwrap().core.phase, Phase::Cancelled);
        assert_eq!(
            director.get(ID).unwrap().summary().phase,
            TournamentPhase::Cancelled
        );
        effects
    };
    let cancelled: Vec<&DirectorEffect> = effects
        .iter()
        .filter(|e| {
            matches!(
                e,
                DirectorEffect::Notice {
                    key: "tournament_cancelled",
                    ..
                }
            )
        })
        .collect();
    assert_eq!(cancelled.len(), 3, "each registered player is told");
    let DirectorEffect::Notice { params, .. } = cancelled[0] else {
        unreachable!()
    };
    let wanted = [("name", "Sunday Swiss"), ("entrants", "3"), ("needed", "4")];
    for (key, value) in wanted {
        assert!(params.contains(&(key, value.to_string())), "{params:?}");
    }
    assert!(matches!(effects[0], DirectorEffect::Save(_)));
    assert_eq!(effects.last(), Some(&DirectorEffect::Changed { id: ID }));
}
