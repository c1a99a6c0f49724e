//! Outside bots end to end: the example bot answers legally; malformed, illegal and late answers
//! are replaced by greedy moves and the game goes on; a dying process is reported.

use nimmt_bots::classic::GreedyBot;
use nimmt_bots::help;
use nimmt_bots::outside_bot::engine_side::{Fault, OutsideBot, OutsideError};
use nimmt_bots::Bot;
use nimmt_core::games::classic::{Classic, Decision};
use nimmt_core::games::help::Help;
use nimmt_core::{OptionMap, Rules, Viewer};
use std::path::PathBuf;
use std::time::Duration;

/// A classic outside bot with `greedy` standing in for bad answers.
fn spawn(command: &str, timeout: Duration, seed: u64) -> Result<OutsideBot<Classic>, OutsideError> {
    OutsideBot::spawn_with(command, timeout, Box::new(GreedyBot::new(seed)))
}

/// A HELP! outside bot with `greedy` standing in for bad answers.
fn spawn_help(command: &str, timeout: Duration) -> Result<OutsideBot<Help>, OutsideError> {
    OutsideBot::spawn_with(command, timeout, Box::new(help::GreedyBot))
}

/// Plays one deal with `bot` at seat 0 and its own greedy moves elsewhere; every action must be
/// accepted.
fn play_with(bot: &mut OutsideBot<Classic>, options: &[&str]) -> usize {
    let mut map = OptionMap::parse(options.iter().copied()).unwrap();
    map.set("deals", "1");
    let mut game = Classic::from_setup(3, &map, 7).unwrap();
    bot.reseed(99);
    play_game(&mut game, bot, &mut nimmt_bots::classic::GreedyBot::new(1))
}

/// Plays `game` to its end with `bot` at seat 0 and `others` elsewhere; every action must be
/// accepted. Returns how often `bot` was asked.
fn play_game<R: Rules>(game: &mut R, bot: &mut dyn Bot<R>, others: &mut dyn Bot<R>) -> usize {
    let mut asked = 0;
    while let Some((seat, _)) = game.pending().first().cloned() {
        let view = game.view(Viewer::Seat(seat));
        let action = if seat.index() == 0 {
            asked += 1;
            bot.decide(&view)
        } else {
            others.decide(&view)
        };
        game.act(seat, &action).expect("a legal action");
    }
    asked
}

fn python(code: &str) -> String {
    format!("python3 -c '{code}'")
}

/// A Python bot whose loop body (indented, with `m` the message and `n` a counter) is `body`.
fn python_loop(body: &str) -> String {
    python(&format!(
        "import sys, json\nn = 0\nfor line in sys.stdin:\n    m = json.loads(line)\n{body}"
    ))
}

#[test]
fn the_example_bot_answers_every_decision_legally() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/classic_bot.py");
    let mut bot = spawn(
        &format!("python3 {}", path.display()),
        Duration::from_secs(10),
        1,
    )
    .unwrap();
    for options in [
        &[][..],
        &["deal=draft"][..],
        &["fan=cow"][..],
        &["fan=digit-swap"][..],
    ] {
        assert!(play_with(&mut bot, options) >= 10);
    }
    assert_eq!(bot.faults(), &[] as &[Fault]);
}

#[test]
fn malformed_and_illegal_answers_are_replaced_and_the_game_goes_on() {
    // Answers garbage to the first decision, then a card it cannot hold, then a wrong kind.
    let code = r#"
    if m["type"] != "decide": continue
    n += 1
    if n == 1: print("this is not json", flush=True)
    elif n == 2: print(json.dumps({"id": m["id"], "action": {"type": "play", "card": 200}}), flush=True)
    elif n == 3: print(json.dumps({"id": m["id"], "action": {"type": "take_row", "row": 9}}), flush=True)
    else: print(json.dumps({"id": m["id"], "action": m["legal"][0]}), flush=True)
"#;
    let mut bot = spawn(&python_loop(code), Duration::from_secs(10), 1).unwrap();
    assert!(play_with(&mut bot, &[]) >= 10);
    let faults = bot.faults();
    assert!(matches!(faults[0], Fault::Malformed(_)), "{faults:?}");
    assert!(
        matches!(faults[1], Fault::Malformed(_)),
        "card 200 is no card: {faults:?}"
    );
    assert!(matches!(faults[2], Fault::Illegal(_)), "{faults:?}");
    assert_eq!(faults.len(), 3);
    assert!(!bot.is_dead());
}

#[test]
fn a_late_answer_is_replaced_and_then_ignored() {
    // Sleeps through the second decision (the first has a start-up grace), answers the rest at once.
    let code = r#"
import sys, json, time
n = 0
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] != "decide": continue
    n += 1
    if n == 2: time.sleep(1.5)
    print(json.dumps({"id": m["id"], "action": m["legal"][-1]}), flush=True)
"#;
    let mut bot = spawn(&python(code), Duration::from_millis(1000), 1).unwrap();
    assert!(play_with(&mut bot, &[]) >= 10);
    assert_eq!(bot.faults(), &[Fault::Late]);
}

#[test]
fn a_bot_that_dies_is_reported_and_greedy_takes_over() {
    let code = r#"
import sys, json
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "decide":
        print(json.dumps({"id": m["id"], "action": m["legal"][0]}), flush=True)
        sys.exit(3)
"#;
    let mut bot = spawn(&python(code), Duration::from_secs(10), 1).unwrap();
    assert!(play_with(&mut bot, &["deal=draft", "deck=tactic"]) >= 10);
    assert!(bot.is_dead());
    assert_eq!(bot.faults(), &[Fault::Dead]);
}

#[test]
fn the_engine_sends_view_decision_and_legal_actions() {
    // Echoes the message it got to stderr-free storage: answers with the first legal action
    // only if the message has every field the protocol promises.
    let code = r#"
import sys, json
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello": assert m["protocol"] == 1 and m["game"] == "classic"
    if m["type"] != "decide": continue
    v = m["view"]
    ok = all(k in v for k in ("hand", "rows", "players", "asked", "options")) and m["decision"] == v["asked"]
    print(json.dumps({"id": m["id"], "action": m["legal"][0] if ok else {"type": "bad"}}), flush=True)
"#;
    let mut bot = spawn(&python(code), Duration::from_secs(10), 1).unwrap();
    play_with(&mut bot, &["deal=draft"]);
    assert_eq!(bot.faults(), &[] as &[Fault]);
    let _ = Decision::PlayCard;
}

#[test]
fn a_help_bot_speaks_the_same_protocol_with_help_views_and_actions() {
    // Checks the greeting names HELP!, then answers the last legal action (an illegal one on the
    // fifth decision, which greedy replaces); the arena plays whole HELP! games with it.
    let code = r#"
    if m["type"] == "hello": assert m["protocol"] == 1 and m["game"] == "help"
    if m["type"] != "decide": continue
    n += 1
    v = m["view"]
    ok = m["decision"] == v["asked"] and "hand" in v and n != 5
    print(json.dumps({"id": m["id"], "action": m["legal"][-1] if ok else {"type": "lay", "card": 250}}), flush=True)
"#;
    let mut bot = spawn_help(&python_loop(code), Duration::from_secs(10)).unwrap();
    let mut game = nimmt_core::games::help::Help::from_setup(3, &OptionMap::default(), 5).unwrap();
    bot.reseed(1);
    let asked = play_game(&mut game, &mut bot, &mut nimmt_bots::help::GreedyBot);
    assert!(asked >= 5, "asked {asked} times");
    assert_eq!(bot.faults().len(), 1, "{:?}", bot.faults());
    assert!(matches!(bot.faults()[0], Fault::Illegal(_)));
    assert!(game.outcome().is_some());
}

#[test]
fn the_arena_seats_an_outside_help_bot() {
    use nimmt_bots::arena::ArenaConfig;
    use nimmt_bots::registry::run_arena as run;
    use nimmt_bots::spec::BotSpec;
    let code = r#"
import sys, json
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "decide": print(json.dumps({"id": m["id"], "action": m["legal"][0]}), flush=True)
"#;
    let seats = vec![
        (format!("cmd:{}", python(code)), BotSpec::Cmd(python(code))),
        ("greedy".to_owned(), "greedy".parse().unwrap()),
        ("random".to_owned(), "random".parse().unwrap()),
    ];
    let config = ArenaConfig {
        game: Help::KIND,
        players: 3,
        seats,
        options: OptionMap::default(),
        deals: 3,
        seed: 4,
        threads: 1,
        bot_timeout: Duration::from_secs(10),
    };
    let report = run(&config, &|_| {}).expect("the arena runs");
    assert_eq!(report.deals, 3);
    assert_eq!(report.seats.len(), 3);
    assert_eq!(report.points.len(), 3);
}
