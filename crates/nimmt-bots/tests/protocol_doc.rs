//! The outside-bot protocol as `docs/bot-protocol.md` shows it: the recorded exchange in the doc
//! is what the engine and the example bot say today (run with `UPDATE_DOCS=1` to rewrite it), and
//! a bot hears how every deal and game ended.

use nimmt_bots::arena::ArenaConfig;
use nimmt_bots::registry;
use nimmt_bots::spec::BotSpec;
use nimmt_core::games::board::Board;
use nimmt_core::games::buffalo::Buffalo;
use nimmt_core::games::classic::Classic;
use nimmt_core::games::help::Help;
use nimmt_core::{GameKind, OptionMap, Rules};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The messages of one arena run between the engine and `bot` at seat 0 (the bot's command is
/// wrapped so that both directions are copied to files; the bot hears exactly what it would
/// alone), as (engine lines, bot lines).
fn exchange(
    game: GameKind,
    bot: &str,
    others: &[&str],
    options: &[&str],
    seed: u64,
) -> (Vec<String>, Vec<String>) {
    let dir = std::env::temp_dir().join(format!(
        "nimmt-protocol-{}-{}-{seed}",
        std::process::id(),
        game
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let (to_bot, from_bot) = (dir.join("in"), dir.join("out"));
    let command = format!(
        "tee {} | {bot} | tee {}",
        to_bot.display(),
        from_bot.display()
    );
    let mut seats = vec![("bot".to_owned(), BotSpec::Cmd(command))];
    for o in others {
        seats.push((o.to_string(), o.parse().unwrap()));
    }
    let config = ArenaConfig {
        game,
        players: seats.len(),
        seats,
        options: OptionMap::parse(options.iter().copied()).unwrap(),
        deals: 1,
        seed,
        threads: 1,
        bot_timeout: Duration::from_secs(10),
    };
    registry::run_arena(&config, &|_| {}).unwrap();
    let read = |p: &Path| {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let lines = (read(&to_bot), read(&from_bot));
    let _ = std::fs::remove_dir_all(&dir);
    lines
}

/// The exchange as the doc shows it: each line with its direction, each answer after its
/// `decide`.
fn render(engine: &[String], bot: &[String]) -> String {
    let id = |line: &str| serde_json::from_str::<Value>(line).unwrap()["id"].clone();
    let mut out = String::new();
    for line in engine {
        out += &format!("engine → bot  {line}\n");
        let message: Value = serde_json::from_str(line).unwrap();
        if message["type"] == "decide" {
            let answer = bot
                .iter()
                .find(|b| id(b) == message["id"])
                .expect("every decide is answered");
            out += &format!("bot → engine  {answer}\n");
        }
    }
    out
}

/// The exchange cut short for games with long views: up to the answer of the first `decide`,
/// then how many messages are left out, then the last one (`end_game`).
fn render_short(engine: &[String], bot: &[String]) -> String {
    let first = engine
        .iter()
        .position(|l| l.contains("\"type\":\"decide\""))
        .expect("a decide");
    let mut out = render(&engine[..=first], bot);
    let left = engine.len() - first - 2;
    out += &format!("… {left} more messages from the engine, each decide answered …\n");
    out += &format!("engine → bot  {}\n", engine.last().unwrap());
    out
}

/// Checks the exchange between `<!-- exchange[:NAME]:begin -->` and its end in
/// `docs/bot-protocol.md` against `now`, or writes it with `UPDATE_DOCS=1`.
fn check_block(name: &str, now: &str) {
    let begin = format!("<!-- exchange{name}:begin -->\n```text\n");
    let end_mark = format!("```\n<!-- exchange{name}:end -->");
    let path = root().join("docs/bot-protocol.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let start = doc.find(&begin).expect("the doc marks its exchange") + begin.len();
    let end = start
        + doc[start..]
            .find(&end_mark)
            .expect("the exchange's end is marked");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, format!("{}{now}{}", &doc[..start], &doc[end..])).unwrap();
        return;
    }
    assert!(
        doc[start..end] == *now,
        "docs/bot-protocol.md shows another exchange{name} than the engine makes now; \
         rewrite it with UPDATE_DOCS=1 cargo test -p nimmt-bots --test protocol_doc\n\
         now:\n{now}"
    );
}

#[test]
fn the_documented_exchange_is_what_the_engine_and_the_example_bot_say() {
    // nimmt arena --seat "cmd:python3 examples/classic_bot.py" --seat greedy
    //     --option hand_size=2 --deals 1 --seed 5 --threads 1
    let example = format!(
        "python3 {}",
        root().join("examples/classic_bot.py").display()
    );
    let (engine, bot) = exchange(Classic::KIND, &example, &["greedy"], &["hand_size=2"], 5);
    check_block("", &render(&engine, &bot));
}

/// A bot that answers every `decide` with its first legal action.
const FIRST_LEGAL: &str = "python3 -c 'import sys, json\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m[\"type\"] == \"decide\": print(json.dumps({\"id\": m[\"id\"], \"action\": m[\"legal\"][0]}), flush=True)\n'";

#[test]
fn the_documented_exchanges_of_the_other_games_are_what_the_engine_says() {
    for (game, others, options) in [
        (Help::KIND, &["greedy", "greedy"][..], &[][..]),
        (Buffalo::KIND, &["greedy"][..], &[][..]),
        (Board::KIND, &["greedy"][..], &["version=base"][..]),
    ] {
        let (engine, bot) = exchange(game, FIRST_LEGAL, others, options, 5);
        check_block(&format!(":{game}"), &render_short(&engine, &bot));
    }
}

fn messages(lines: &[String], kind: &str) -> Vec<Value> {
    lines
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|m| m["type"] == kind)
        .collect()
}

#[test]
fn a_bot_hears_how_every_deal_and_the_game_ended() {
    let first_legal = FIRST_LEGAL;
    // classic: one deal per arena game; HELP!: a whole game of several deals; the buffalo: a
    // team game of one deal. Nothing here or in the engine knows which.
    for game in [Classic::KIND, Help::KIND, Buffalo::KIND] {
        let others = ["greedy", "greedy"];
        let (engine, _) = exchange(game, first_legal, &others, &[], 11);
        let ends = messages(&engine, "end_deal");
        let games = messages(&engine, "end_game");
        assert_eq!(games.len(), 1, "{game}");
        let last: Value = serde_json::from_str(engine.last().unwrap()).unwrap();
        assert_eq!(
            last["type"], "end_game",
            "{game}: the game's end comes last"
        );
        let outcome = &games[0]["outcome"];
        // every deal, numbered from 1; each seat's points add up to its score
        assert!(!ends.is_empty());
        let mut sum = [0i64; 3];
        for (i, end) in ends.iter().enumerate() {
            assert_eq!(end["deal"], i + 1, "{game}");
            assert_eq!(
                end["view"]["viewer"]["seat"], 0,
                "{game}: the bot's own view"
            );
            for (s, p) in sum.iter_mut().zip(end["points"].as_array().unwrap()) {
                *s += p.as_i64().unwrap();
            }
        }
        let scores: Vec<i64> = outcome["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_i64().unwrap())
            .collect();
        assert_eq!(sum.to_vec(), scores, "{game}");
        // the last deal's view shows the table as it ended (classic and HELP! views show the
        // outcome too)
        if game != Buffalo::KIND {
            assert_eq!(ends.last().unwrap()["view"]["outcome"], *outcome, "{game}");
        }
        if game == Help::KIND {
            assert!(ends.len() > 1, "a HELP! game of one deal? {}", ends.len());
        }
    }
}
