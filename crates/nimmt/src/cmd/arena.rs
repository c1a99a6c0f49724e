//! `nimmt arena`: bots against bots over many seeded deals, with a table of results.

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nimmt_bots::arena::{ArenaConfig, ArenaReport};
use nimmt_bots::spec::BotSpec;
use nimmt_core::{GameKind, OptionMap};
use std::io::IsTerminal;
use std::time::Duration;

/// Options of `nimmt arena`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (only `classic` has bots so far).
    #[arg(long, default_value = "classic")]
    pub game: String,
    /// Number of players; defaults to the number of --seat given.
    #[arg(long)]
    pub players: Option<usize>,
    /// The bot at a seat, once per seat: random, greedy, mcts[:ms=N|:iters=N], cmd:COMMAND.
    #[arg(long = "seat", value_name = "SPEC", required = true)]
    pub seats: Vec<String>,
    /// Number of games to play: for classic each is one deal; for help each runs to its end.
    #[arg(long, default_value_t = 1000)]
    pub deals: u64,
    /// Seed of the whole run: the same seed gives the same deals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A table option KEY=VALUE (e.g. fan=cow, deck=tactic); may be repeated.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Time an outside bot (cmd:) has per decision, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub bot_timeout_ms: u64,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let config = config(&args)?;
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::with_draw_target(Some(config.deals), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals  {elapsed_precise} (eta {eta})")
            .expect("a valid template"),
    );
    let report = nimmt_bots::registry::run_arena(&config, &|done| bar.set_position(done))?;
    bar.finish_and_clear();
    if args.json {
        println!("{}", json(&report));
    } else {
        print!("{}", table(&report, german()));
    }
    Ok(())
}

fn config(args: &Args) -> anyhow::Result<ArenaConfig> {
    let kind: GameKind = args.game.parse()?;
    let family = nimmt_bots::registry::family(kind)?;
    let seats = args
        .seats
        .iter()
        .map(|s| {
            let spec = s
                .parse::<BotSpec>()
                .and_then(|spec| family.check(&spec).map(|_| spec))
                .with_context(|| format!("--seat {s}"))?;
            Ok((s.clone(), spec))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let options = OptionMap::parse(args.options.iter().map(String::as_str))?;
    if args.deals == 0 {
        anyhow::bail!("--deals must be at least 1");
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    Ok(ArenaConfig {
        game: kind,
        players: args.players.unwrap_or(seats.len()),
        seats,
        options,
        deals: args.deals,
        seed: args.seed,
        threads: threads.max(1),
        bot_timeout: Duration::from_millis(args.bot_timeout_ms),
    })
}

/// The `--json` object: `{"deals": N, "seats": [{"seat", "mean_points", "ci95", "win_share",
/// "mean_decision_ms"}, ...]}`, one entry per `--seat` in the given order (fields in this order).
pub fn json(report: &ArenaReport) -> String {
    serde_json::to_string(&JsonReport::from(report)).expect("numbers and strings serialize")
}

#[derive(serde::Serialize)]
struct JsonReport<'a> {
    deals: u64,
    seats: Vec<JsonSeat<'a>>,
}

#[derive(serde::Serialize)]
struct JsonSeat<'a> {
    seat: &'a str,
    mean_points: f64,
    ci95: f64,
    win_share: f64,
    mean_decision_ms: f64,
}

impl<'a> From<&'a ArenaReport> for JsonReport<'a> {
    fn from(report: &'a ArenaReport) -> Self {
        JsonReport {
            deals: report.deals,
            seats: report
                .seats
                .iter()
                .map(|s| JsonSeat {
                    seat: &s.seat,
                    mean_points: s.mean_points,
                    ci95: s.ci95,
                    win_share: s.win_share,
                    mean_decision_ms: s.mean_decision_ms,
                })
                .collect(),
        }
    }
}

fn german() -> bool {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .is_some_and(|v| v.starts_with("de"))
}

/// The results as a text table (English, or German with a German locale).
pub fn table(report: &ArenaReport, german: bool) -> String {
    let (title, head) = if german {
        (
            format!("{} Runden\n", report.deals),
            [
                "Platz",
                "Bot",
                "Punkte/Runde",
                "± 95 %",
                "Siege",
                "ms/Zug",
                "Elo",
            ],
        )
    } else {
        (
            format!("{} deals\n", report.deals),
            [
                "seat",
                "bot",
                "points/deal",
                "± 95%",
                "wins",
                "ms/decision",
                "Elo",
            ],
        )
    };
    let width = report
        .seats
        .iter()
        .map(|s| s.seat.chars().count())
        .max()
        .unwrap_or(3)
        .max(head[1].len());
    let mut out = title;
    out += &format!(
        "{:<5} {:<width$} {:>12} {:>7} {:>7} {:>12} {:>6}\n",
        head[0], head[1], head[2], head[3], head[4], head[5], head[6]
    );
    for (i, s) in report.seats.iter().enumerate() {
        out += &format!(
            "{:<5} {:<width$} {:>12.2} {:>7.2} {:>6.1}% {:>12.2} {:>6.0}\n",
            i + 1,
            s.seat,
            s.mean_points,
            s.ci95,
            s.win_share * 100.0,
            s.mean_decision_ms,
            s.elo
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn parse(args: &[&str]) -> Args {
        Cli::try_parse_from(std::iter::once("arena").chain(args.iter().copied()))
            .unwrap()
            .args
    }

    #[test]
    fn json_has_exactly_the_documented_shape() {
        let args = parse(&[
            "--seat",
            "greedy",
            "--seat",
            "mcts:iters=30",
            "--seat",
            "random",
            "--deals",
            "6",
            "--threads",
            "2",
        ]);
        let report = nimmt_bots::registry::run_arena(&config(&args).unwrap(), &|_| {}).unwrap();
        let text = json(&report);
        // the fields come in the documented order
        let at = |k: &str| text.find(&format!("\"{k}\"")).unwrap();
        assert!(at("deals") < at("seats"));
        assert!(at("seat\":\"greedy") < at("mean_points") && at("mean_points") < at("ci95"));
        assert!(at("ci95") < at("win_share") && at("win_share") < at("mean_decision_ms"));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let obj = v.as_object().unwrap();
        assert_eq!(obj.keys().collect::<Vec<_>>(), ["deals", "seats"]);
        assert_eq!(v["deals"], 6);
        let seats = v["seats"].as_array().unwrap();
        assert_eq!(seats.len(), 3);
        for (s, spec) in seats.iter().zip(["greedy", "mcts:iters=30", "random"]) {
            let mut keys: Vec<_> = s.as_object().unwrap().keys().cloned().collect();
            keys.sort();
            assert_eq!(
                keys,
                [
                    "ci95",
                    "mean_decision_ms",
                    "mean_points",
                    "seat",
                    "win_share"
                ]
            );
            assert_eq!(s["seat"], spec);
            for k in ["ci95", "mean_decision_ms", "mean_points", "win_share"] {
                assert!(s[k].as_f64().unwrap() >= 0.0);
            }
        }
        let share: f64 = seats.iter().map(|s| s["win_share"].as_f64().unwrap()).sum();
        assert!((share - 1.0).abs() < 1e-9);
    }

    #[test]
    fn players_default_to_the_seats_and_bad_flags_are_named() {
        let args = parse(&["--seat", "greedy", "--seat", "random"]);
        assert_eq!(config(&args).unwrap().players, 2);
        let args = parse(&["--seat", "greedy", "--seat", "smart"]);
        let e = format!("{:#}", config(&args).unwrap_err());
        assert!(
            e.contains("--seat smart") && e.contains("unknown bot"),
            "{e}"
        );
        let args = parse(&["--game", "help", "--seat", "greedy", "--seat", "random"]);
        assert_eq!(config(&args).unwrap().game.name(), "help");
        let args = parse(&["--game", "chess", "--seat", "greedy", "--seat", "random"]);
        assert!(config(&args)
            .unwrap_err()
            .to_string()
            .contains("unknown game \"chess\""));
        let args = parse(&["--seat", "greedy", "--seat", "random", "--option", "fan"]);
        assert!(config(&args).unwrap_err().to_string().contains("KEY=VALUE"));
    }

    #[test]
    fn the_table_names_every_seat_in_english_and_german() {
        let args = parse(&[
            "--seat",
            "greedy",
            "--seat",
            "random",
            "--deals",
            "4",
            "--threads",
            "1",
        ]);
        let report = nimmt_bots::registry::run_arena(&config(&args).unwrap(), &|_| {}).unwrap();
        let en = table(&report, false);
        assert!(
            en.starts_with("4 deals\n") && en.contains("points/deal") && en.contains("greedy"),
            "{en}"
        );
        let de = table(&report, true);
        assert!(
            de.starts_with("4 Runden\n") && de.contains("Punkte/Runde") && de.contains("random"),
            "{de}"
        );
    }
}
