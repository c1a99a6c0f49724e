//! `nimmt arena`: bots against bots over many seeded deals, with a table of results; runs that
//! can be split by ranges of deals, logged deal by deal, stopped with Ctrl-C and resumed.

use super::arena_report::{german, json, table};
use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nimmt_bots::arena::deal_log::{self, DealLine};
use nimmt_bots::arena::{ArenaConfig, DealResult, Partial, Run};
use nimmt_bots::spec::labelled;
use nimmt_core::{GameKind, OptionMap};
use std::fs::{File, OpenOptions};
use std::io::{IsTerminal, LineWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Options of `nimmt arena`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    #[arg(long, default_value = "classic")]
    pub game: String,
    /// Number of players; defaults to the number of --seat given.
    #[arg(long)]
    pub players: Option<usize>,
    /// The bot at a seat, once per seat: [NAME=]SPEC with SPEC random, greedy,
    /// mcts[:ms=N|:iters=N], cmd:COMMAND; NAME labels the seat in the results.
    #[arg(long = "seat", value_name = "[NAME=]SPEC", required = true)]
    pub seats: Vec<String>,
    /// Number of games to play: for classic each is one deal; for help each runs to its end.
    #[arg(long, default_value_t = 1000)]
    pub deals: u64,
    /// Index of the first deal: deals N .. N+deals are played with the seeds they have in one
    /// long run, so runs over ranges of deals pool exactly.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub first_deal: u64,
    /// Seed of the whole run: the same seed gives the same deals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A table option KEY=VALUE (e.g. fan=cow, deck=tactic); may be repeated. A classic arena
    /// deal is a game of one deal; end_at=66 or deals=N make each a whole game.
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
    /// Write one JSON line per deal to FILE as deals finish: deal, seed, each seat's label,
    /// spec, position, points, win and time, the winners.
    #[arg(long, value_name = "FILE")]
    pub deals_out: Option<PathBuf>,
    /// Go on from a deal log (--deals-out) of an earlier run with the same flags: its deals
    /// are not played again but pooled into the results; new deals are added to FILE (or to
    /// --deals-out). A missing FILE starts a new log.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Write the game record of every deal to DIR (deal-000042.json, as `nimmt replay` reads
    /// it): each deal is played again as the arena played it, with its actions written down.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
}

/// How often progress goes to standard error when it is not a terminal.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

pub fn run(args: Args) -> anyhow::Result<()> {
    let config = config(&args)?;
    let german = german();
    let done = match &args.resume {
        Some(path) => resume(path, &config)?,
        None => Vec::new(),
    };
    let mut log = deal_log_file(&args, &config, &done)?;
    let stop = Arc::new(AtomicBool::new(false));
    stop_on_ctrl_c(stop.clone(), german);
    let total = config.deals;
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} deals  {elapsed_precise} (eta {eta})",
            )
            .expect("a valid template"),
        );
        Some(bar)
    } else {
        None
    };
    let lines = Mutex::new(ProgressLines::new(total, german));
    let progress = |finished: u64| match &bar {
        Some(bar) => bar.set_position(finished),
        None => lines.lock().expect("progress lock").tell(finished),
    };
    let mut write_error: Option<std::io::Error> = None;
    let mut on_deal = |result: &DealResult| {
        if let (Some(file), None) = (log.as_mut(), write_error.as_ref()) {
            let line = DealLine::new(&config, result).to_json();
            if let Err(e) = writeln!(file, "{line}") {
                write_error = Some(e);
            }
        }
    };
    let report = nimmt_bots::registry::run_arena_with(
        &config,
        Run {
            first_deal: args.first_deal,
            done,
            stop: Some(&stop),
            progress: &progress,
            on_deal: Some(&mut on_deal),
        },
    )?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(dir) = &args.records {
        write_records(dir, &config, &report.deal_index)?;
    }
    if args.json {
        println!("{}", json(&config, args.first_deal, &report));
    } else {
        print!("{}", table(&report, german));
    }
    std::io::stdout().flush()?;
    if let Some(e) = write_error {
        return Err(e).context("cannot write the deal log");
    }
    match report.partial {
        None => Ok(()),
        Some(Partial::Interrupted) => std::process::exit(130),
        Some(Partial::Failed(why)) => anyhow::bail!(
            "the run stopped after {} of {} deals: {why}",
            report.deals,
            report.planned
        ),
    }
}

fn config(args: &Args) -> anyhow::Result<ArenaConfig> {
    let kind: GameKind = args.game.parse()?;
    let family = nimmt_bots::registry::family(kind)?;
    let seats = args
        .seats
        .iter()
        .map(|s| {
            let (label, spec) = labelled(s)
                .and_then(|(label, spec)| family.check(&spec).map(|_| (label, spec)))
                .with_context(|| format!("--seat {s}"))?;
            Ok((label, spec))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let options = OptionMap::parse(args.options.iter().map(String::as_str))?;
    if args.deals == 0 {
        anyhow::bail!("--deals must be at least 1");
    }
    if args.first_deal.checked_add(args.deals).is_none() {
        anyhow::bail!("--first-deal {} is too large", args.first_deal);
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

/// The deals of an earlier run's log, checked against this run; a last line cut off by a kill
/// is cut from the file too, so the run writes on after whole lines. A missing file is empty.
fn resume(path: &Path, config: &ArenaConfig) -> anyhow::Result<Vec<DealResult>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let (done, good) =
        deal_log::read(&text, config).with_context(|| format!("--resume {}", path.display()))?;
    if good < text.len() {
        OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(good as u64))
            .with_context(|| format!("cannot cut the last line of {}", path.display()))?;
    }
    Ok(done)
}

/// Where new deal lines go: --deals-out (created, with the resumed deals first), or the
/// --resume file (appended to).
fn deal_log_file(
    args: &Args,
    config: &ArenaConfig,
    done: &[DealResult],
) -> anyhow::Result<Option<LineWriter<File>>> {
    let same = |a: &Path, b: &Path| {
        a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
    };
    match (&args.deals_out, &args.resume) {
        (None, None) => Ok(None),
        (Some(out), Some(from)) if !same(out, from) => {
            let mut file = LineWriter::new(
                File::create(out).with_context(|| format!("cannot create {}", out.display()))?,
            );
            for result in done {
                writeln!(file, "{}", DealLine::new(config, result).to_json())?;
            }
            Ok(Some(file))
        }
        (_, Some(path)) => {
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("cannot write to {}", path.display()))?;
            Ok(Some(LineWriter::new(file)))
        }
        (Some(out), None) => Ok(Some(LineWriter::new(
            File::create(out).with_context(|| format!("cannot create {}", out.display()))?,
        ))),
    }
}

/// Writes the record of each of `deals` to `dir` (created if missing), on the run's threads.
fn write_records(dir: &Path, config: &ArenaConfig, deals: &[u64]) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let threads = config.threads.clamp(1, deals.len().max(1));
    let chunk = deals.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = deals
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || -> anyhow::Result<()> {
                    for &deal in part {
                        let record = nimmt_bots::arena_records::deal_record(config, deal)?;
                        let path = dir.join(format!("deal-{deal:06}.json"));
                        let text = serde_json::to_string(&record)?;
                        std::fs::write(&path, text + "\n")
                            .with_context(|| format!("cannot write {}", path.display()))?;
                    }
                    Ok(())
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|w| w.join().expect("a records thread does not panic"))
    })
}

/// On the first Ctrl-C, `stop` is set: no further deal starts, and the result of the deals
/// finished is printed; a second Ctrl-C quits at once.
fn stop_on_ctrl_c(stop: Arc<AtomicBool>, german: bool) {
    std::thread::spawn(move || {
        let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return;
        };
        runtime.block_on(async {
            if tokio::signal::ctrl_c().await.is_err() {
                return;
            }
            stop.store(true, Ordering::Relaxed);
            eprintln!(
                "{}",
                if german {
                    "abgebrochen: die laufenden Runden werden zu Ende gespielt, dann kommt das \
                     Ergebnis der fertigen (nochmals Strg-C beendet sofort)"
                } else {
                    "interrupted: finishing the deals in play, then the result of those \
                     finished (Ctrl-C again quits at once)"
                }
            );
            if tokio::signal::ctrl_c().await.is_ok() {
                std::process::exit(130);
            }
        });
    });
}

/// Progress as a line on standard error now and then, for runs whose standard error is not a
/// terminal (a log file, a batch job).
struct ProgressLines {
    total: u64,
    german: bool,
    start: Instant,
    last: Instant,
}

impl ProgressLines {
    fn new(total: u64, german: bool) -> ProgressLines {
        let now = Instant::now();
        ProgressLines {
            total,
            german,
            start: now,
            last: now,
        }
    }

    fn tell(&mut self, finished: u64) {
        if self.last.elapsed() < PROGRESS_EVERY || finished >= self.total {
            return;
        }
        self.last = Instant::now();
        let elapsed = self.start.elapsed();
        let left = elapsed.mul_f64((self.total - finished) as f64 / finished.max(1) as f64);
        let (elapsed, left) = (clock(elapsed), clock(left));
        if self.german {
            eprintln!(
                "Arena: {finished}/{} Runden, {elapsed}, noch etwa {left}",
                self.total
            );
        } else {
            eprintln!(
                "arena: {finished}/{} deals, {elapsed} elapsed, about {left} left",
                self.total
            );
        }
    }
}

/// `1h02m03s`, `2m03s` or `3s`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m{s:02}s"),
        (h, m, s) => format!("{h}h{m:02}m{s:02}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use nimmt_bots::arena::Partial;

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
    fn games_of_several_deals_report_the_deals_won_within_them() {
        // Four games of three deals: twelve deals, eight of them a game's second or third. In
        // every deal the seats' shares of its win add up to one, here as in the table.
        let args = parse(&[
            "--seat", "greedy", "--seat", "random", "--seat", "random", "--deals", "4", "--option",
            "deals=3",
        ]);
        let config = config(&args).unwrap();
        let report = nimmt_bots::registry::run_arena(&config, &|_| {}).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json(&config, 0, &report)).unwrap();
        let seats = v["seats"].as_array().unwrap();
        let mut total = 0.0;
        for s in seats {
            let d = &s["deal_wins"];
            assert_eq!(
                (d["deals"].as_u64(), d["later_deals"].as_u64()),
                (Some(12), Some(8))
            );
            total += d["share"].as_f64().unwrap();
        }
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        let en = table(&report, false);
        assert!(en.contains("deals won within the games"), "{en}");
        assert!(
            en.contains("of 12 deals; from each game's second deal on"),
            "{en}"
        );
        let de = table(&report, true);
        assert!(
            de.contains("von 12 Runden; ab der zweiten Runde jeder Partie"),
            "{de}"
        );
    }

    #[test]
    fn json_has_exactly_the_documented_shape() {
        let args = parse(&[
            "--seat",
            "greedy",
            "--seat",
            "search=mcts:iters=30",
            "--seat",
            "random",
            "--deals",
            "6",
            "--threads",
            "2",
        ]);
        let config = config(&args).unwrap();
        let report = nimmt_bots::registry::run_arena(&config, &|_| {}).unwrap();
        let text = json(&config, 0, &report);
        // the fields come in the documented order
        let at = |k: &str| text.find(&format!("\"{k}\"")).unwrap();
        assert!(at("deals") < at("seats"));
        assert!(at("seat\":\"greedy") < at("mean_points") && at("mean_points") < at("ci95"));
        assert!(at("ci95") < at("win_share") && at("win_share") < at("mean_decision_ms"));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let obj = v.as_object().unwrap();
        assert_eq!(
            obj.keys().collect::<Vec<_>>(),
            [
                "deal_index",
                "deals",
                "first_deal",
                "game",
                "pairs",
                "partial",
                "planned",
                "points",
                "seats",
                "seed",
                "stop_reason"
            ]
        );
        assert!(at("game") < at("seed") && at("first_deal") < at("deals"));
        assert!(at("partial") < at("seats") && at("pairs") < at("points"));
        assert_eq!(v["deals"], 6);
        assert_eq!(v["partial"], false);
        let seats = v["seats"].as_array().unwrap();
        assert_eq!(seats.len(), 3);
        for (s, (label, spec)) in seats.iter().zip([
            ("greedy", "greedy"),
            ("search", "mcts:iters=30"),
            ("random", "random"),
        ]) {
            let mut keys: Vec<_> = s.as_object().unwrap().keys().cloned().collect();
            keys.sort();
            assert_eq!(
                keys,
                [
                    "ci95",
                    "deal_wins",
                    "elo",
                    "mean_decision_ms",
                    "mean_points",
                    "overhead_ms",
                    "seat",
                    "spec",
                    "win_share"
                ]
            );
            assert_eq!(s["seat"], label);
            assert_eq!(s["spec"], spec);
            assert!(s["deal_wins"].is_null(), "a game of one deal");
            for k in ["ci95", "mean_decision_ms", "mean_points", "win_share"] {
                assert!(s[k].as_f64().unwrap() >= 0.0);
            }
        }
        let share: f64 = seats.iter().map(|s| s["win_share"].as_f64().unwrap()).sum();
        assert!((share - 1.0).abs() < 1e-9);
        // the README promises Elo: the table's mean is 1500
        let elo: f64 = seats.iter().map(|s| s["elo"].as_f64().unwrap()).sum();
        assert!((elo / 3.0 - 1500.0).abs() < 1.0, "{elo}");
        // every deal's points by seat, and each pair's paired difference from them
        let points = v["points"].as_array().unwrap();
        assert_eq!(points.len(), 6);
        assert_eq!(v["deal_index"], serde_json::json!([0, 1, 2, 3, 4, 5]));
        let pairs = v["pairs"].as_array().unwrap();
        assert_eq!(pairs.len(), 3);
        let (a, b) = (
            pairs[1]["a"].as_u64().unwrap(),
            pairs[1]["b"].as_u64().unwrap(),
        );
        assert_eq!((a, b), (0, 2));
        let diff: f64 = points
            .iter()
            .map(|p| p[0].as_f64().unwrap() - p[2].as_f64().unwrap())
            .sum::<f64>()
            / 6.0;
        assert!((pairs[1]["mean_diff"].as_f64().unwrap() - diff).abs() < 1e-9);
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
        // the paired comparison of the two seats, in both languages
        let diff = report.pairs[0].mean_diff;
        assert!(
            en.contains("paired by deal") && en.contains(&format!("{diff:.2} ± ")),
            "{en}"
        );
        assert!(de.contains("gepaart je Runde"), "{de}");
    }

    #[test]
    fn a_partial_run_says_how_far_it_got_and_why() {
        let args = parse(&["--seat", "me=greedy", "--seat", "random", "--deals", "2"]);
        let mut report = nimmt_bots::registry::run_arena(&config(&args).unwrap(), &|_| {}).unwrap();
        report.planned = 10;
        report.partial = Some(Partial::Interrupted);
        let en = table(&report, false);
        assert!(en.starts_with("2 of 10 deals (interrupted)\n"), "{en}");
        assert!(en.contains("me = greedy"), "a label is explained: {en}");
        assert!(table(&report, true).starts_with("2 von 10 Runden (abgebrochen)\n"));
        report.partial = Some(Partial::Failed("bot x chose an illegal action".into()));
        assert!(table(&report, false)
            .starts_with("2 of 10 deals (stopped by a fault: bot x chose an illegal action)"));
        let v: serde_json::Value =
            serde_json::from_str(&json(&config(&args).unwrap(), 0, &report)).unwrap();
        assert_eq!(v["partial"], true);
        assert_eq!(v["stop_reason"], "bot x chose an illegal action");
    }

    #[test]
    fn records_are_written_for_every_deal_and_replay_to_its_points() {
        let dir = tempfile::tempdir().unwrap();
        let args = parse(&["--seat", "greedy", "--seat", "random", "--deals", "3"]);
        let config = config(&args).unwrap();
        let report = nimmt_bots::registry::run_arena(&config, &|_| {}).unwrap();
        write_records(dir.path(), &config, &report.deal_index).unwrap();
        for deal in 0..3u64 {
            let text = std::fs::read_to_string(dir.path().join(format!("deal-{deal:06}.json")));
            let record: nimmt_core::GameRecord = serde_json::from_str(&text.unwrap()).unwrap();
            nimmt_core::record::replay(&record).unwrap();
            let scores = record.outcome.unwrap().scores;
            let first = nimmt_bots::arena::position(deal, 0, 2);
            assert_eq!(scores[first], report.points[deal as usize][0]);
        }
    }

    #[test]
    fn progress_clock_reads_like_a_clock() {
        assert_eq!(clock(Duration::from_secs(7)), "7s");
        assert_eq!(clock(Duration::from_secs(125)), "2m05s");
        assert_eq!(clock(Duration::from_secs(3723)), "1h02m03s");
    }
}
