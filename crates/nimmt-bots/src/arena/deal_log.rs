//! The deal log: one JSON line per arena deal (`nimmt arena --deals-out FILE`), enough to redo
//! every statistic, to compare seats deal by deal elsewhere, and to resume or pool runs
//! (`--resume FILE`): a line is checked against the run it joins (game, options, seats, seed).
//!
//! ```json
//! {"game":"classic","options":{},"deal":17,"seed":123,"seats":[{"label":"mcts",
//!  "spec":"mcts:iters=4000","position":1,"points":3,"win":1.0,"decisions":10,
//!  "decision_ms":101.5,"overhead_ms":0.0}, …],"winners":[0]}
//! ```

use super::{deal_seed, position, ArenaConfig, DealResult};
use nimmt_core::OptionMap;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::time::Duration;

/// One deal as written in the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DealLine {
    pub game: String,
    /// The table options the arena was given.
    pub options: OptionMap,
    /// The deal's index in the run.
    pub deal: u64,
    /// The deal's own seed (derived from the run's seed and the index).
    pub seed: u64,
    /// One entry per `--seat`, in the order given.
    pub seats: Vec<LineSeat>,
    /// The winners, as indices into `seats` (several share a win).
    pub winners: Vec<usize>,
    /// In a game of several deals: each deal's points, by index into `seats`, in the order
    /// the deals were played (absent for a game of one deal).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deal_points: Vec<Vec<i32>>,
}

/// One seat of a deal line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineSeat {
    pub label: String,
    pub spec: String,
    /// Where the seat sat at the table in this deal (seats rotate).
    pub position: usize,
    pub points: i32,
    /// Share of the win (1, 1/k for k tied winners, or 0).
    pub win: f64,
    pub decisions: u64,
    /// Thinking time in this deal, in milliseconds.
    pub decision_ms: f64,
    /// The engine's time for an outside bot's JSON, in milliseconds.
    pub overhead_ms: f64,
}

/// Why a deal log cannot be resumed by this run.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealLogError {
    #[error("line {line}: not a deal line ({why})")]
    Malformed { line: usize, why: String },
    #[error("line {line}: deal {deal} was played {what}, this run {ours}")]
    Mismatch {
        line: usize,
        deal: u64,
        what: String,
        ours: String,
    },
    #[error("line {line}: deal {deal} is in the log twice")]
    Repeated { line: usize, deal: u64 },
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

impl DealLine {
    /// The line of deal `result` of a run of `config`.
    pub fn new(config: &ArenaConfig, result: &DealResult) -> DealLine {
        let n = config.seats.len();
        DealLine {
            game: config.game.name().to_owned(),
            options: config.options.clone(),
            deal: result.deal,
            seed: deal_seed(config.seed, result.deal),
            seats: config
                .seats
                .iter()
                .enumerate()
                .map(|(j, (label, spec))| LineSeat {
                    label: label.clone(),
                    spec: spec.to_string(),
                    position: position(result.deal, j, n),
                    points: result.points[j],
                    win: result.win[j],
                    decisions: result.decisions[j],
                    decision_ms: ms(result.decision_time[j]),
                    overhead_ms: ms(result.overhead[j]),
                })
                .collect(),
            winners: (0..n).filter(|&j| result.win[j] > 0.0).collect(),
            deal_points: result.deal_points.clone(),
        }
    }

    /// The line as written: one JSON object, no newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a deal line serializes")
    }

    /// The deal's result, if the line belongs to a run of `config` (`line` numbers the error).
    pub fn result(&self, config: &ArenaConfig, line: usize) -> Result<DealResult, DealLogError> {
        let mismatch = |what: String, ours: String| DealLogError::Mismatch {
            line,
            deal: self.deal,
            what,
            ours,
        };
        if self.game != config.game.name() {
            return Err(mismatch(
                format!("in game {}", self.game),
                format!("plays {}", config.game),
            ));
        }
        if self.options != config.options {
            return Err(mismatch(
                format!("with options {}", options_text(&self.options)),
                format!("has {}", options_text(&config.options)),
            ));
        }
        let theirs: Vec<String> = self
            .seats
            .iter()
            .map(|s| format!("{}={}", s.label, s.spec))
            .collect();
        let ours: Vec<String> = config
            .seats
            .iter()
            .map(|(label, spec)| format!("{label}={spec}"))
            .collect();
        if theirs != ours {
            return Err(mismatch(
                format!("by {}", theirs.join(" ")),
                format!("seats {}", ours.join(" ")),
            ));
        }
        if self.seed != deal_seed(config.seed, self.deal) {
            return Err(mismatch(
                "with another --seed".into(),
                format!("has --seed {}", config.seed),
            ));
        }
        let n = self.seats.len();
        if let Some((j, s)) = self
            .seats
            .iter()
            .enumerate()
            .find(|(j, s)| s.position != position(self.deal, *j, n))
        {
            return Err(mismatch(
                format!("with {} at position {}", s.label, s.position),
                format!("puts it at {}", position(self.deal, j, n)),
            ));
        }
        let dur = |ms: f64| Duration::from_secs_f64(ms.max(0.0) / 1000.0);
        Ok(DealResult {
            deal: self.deal,
            points: self.seats.iter().map(|s| s.points).collect(),
            deal_points: self.deal_points.clone(),
            win: self.seats.iter().map(|s| s.win).collect(),
            decision_time: self.seats.iter().map(|s| dur(s.decision_ms)).collect(),
            decisions: self.seats.iter().map(|s| s.decisions).collect(),
            overhead: self.seats.iter().map(|s| dur(s.overhead_ms)).collect(),
        })
    }
}

fn options_text(options: &OptionMap) -> String {
    if options.0.is_empty() {
        return "none".into();
    }
    options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// The deals of a log for a run of `config`, in the order written, and how many bytes of `text`
/// hold whole lines: a last line cut off (the run was killed while writing it) is left out, so
/// that a resumed run can write on after those bytes. Empty lines are skipped.
pub fn read(text: &str, config: &ArenaConfig) -> Result<(Vec<DealResult>, usize), DealLogError> {
    let mut results = Vec::new();
    let mut seen = BTreeSet::new();
    let mut good = 0;
    let mut at = 0;
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        let line = i + 1;
        at += raw.len();
        if raw.trim().is_empty() {
            good = at;
            continue;
        }
        let parsed: Result<DealLine, _> = serde_json::from_str(raw);
        let deal = match parsed {
            Ok(d) => d,
            Err(_) if !raw.ends_with('\n') => break,
            Err(e) => {
                return Err(DealLogError::Malformed {
                    line,
                    why: e.to_string(),
                })
            }
        };
        if !seen.insert(deal.deal) {
            return Err(DealLogError::Repeated {
                line,
                deal: deal.deal,
            });
        }
        results.push(deal.result(config, line)?);
        good = at;
    }
    Ok((results, good))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::BotSpec;
    use nimmt_core::GameKind;

    fn config() -> ArenaConfig {
        ArenaConfig {
            game: GameKind::new("classic"),
            players: 2,
            seats: vec![
                ("me".into(), BotSpec::Cmd("python3 bot.py".into())),
                ("greedy".into(), "greedy".parse().unwrap()),
            ],
            options: OptionMap::parse(["deck=tactic"]).unwrap(),
            deals: 10,
            seed: 7,
            threads: 1,
            bot_timeout: Duration::ZERO,
        }
    }

    fn result(deal: u64) -> DealResult {
        DealResult {
            deal,
            points: vec![3, 11],
            deal_points: vec![vec![1, 5], vec![2, 6]],
            win: vec![1.0, 0.0],
            decision_time: vec![Duration::from_micros(1500), Duration::from_micros(40)],
            decisions: vec![10, 10],
            overhead: vec![Duration::from_micros(300), Duration::ZERO],
        }
    }

    #[test]
    fn a_line_reads_back_as_the_deal_it_was_written_from() {
        let c = config();
        let text = format!(
            "{}\n{}\n",
            DealLine::new(&c, &result(3)).to_json(),
            DealLine::new(&c, &result(4)).to_json()
        );
        let line: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        assert_eq!(line["seats"][0]["spec"], "cmd:python3 bot.py");
        assert_eq!(line["seats"][1]["position"], 0, "deal 3: spec 1 sits at 0");
        assert_eq!(line["winners"], serde_json::json!([0]));
        let (results, good) = read(&text, &c).unwrap();
        assert_eq!(good, text.len());
        assert_eq!(results.len(), 2);
        assert_eq!(results[1].points, [3, 11]);
        assert_eq!(results[1].deal, 4);
        assert!((results[0].decision_time[0].as_secs_f64() - 0.0015).abs() < 1e-9);
    }

    #[test]
    fn a_cut_last_line_is_left_out_and_other_runs_are_refused() {
        let c = config();
        let whole = format!("{}\n", DealLine::new(&c, &result(0)).to_json());
        let cut = format!("{whole}{{\"game\":\"clas");
        assert_eq!(read(&cut, &c).unwrap().1, whole.len());
        let mut other = config();
        other.seed = 8;
        assert_eq!(
            read(&whole, &other).unwrap_err().to_string(),
            "line 1: deal 0 was played with another --seed, this run has --seed 8"
        );
        other = config();
        other.seats[1].0 = "g".into();
        assert_eq!(
            read(&whole, &other).unwrap_err().to_string(),
            "line 1: deal 0 was played by me=cmd:python3 bot.py greedy=greedy, this run seats me=cmd:python3 bot.py g=greedy"
        );
        other = config();
        other.options = OptionMap::default();
        assert!(read(&whole, &other)
            .unwrap_err()
            .to_string()
            .contains("with options deck=tactic, this run has none"));
        let twice = format!("{whole}{whole}");
        assert_eq!(
            read(&twice, &c).unwrap_err(),
            DealLogError::Repeated { line: 2, deal: 0 }
        );
        assert!(matches!(
            read("oops\n", &c),
            Err(DealLogError::Malformed { line: 1, .. })
        ));
    }
}
