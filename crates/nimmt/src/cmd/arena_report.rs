//! What `nimmt arena` prints: the text table (English, or German with a German locale) and the
//! `--json` object.

pub use nimmt_bots::arena::json_report::json;
use nimmt_bots::arena::{ArenaReport, Partial};

/// Whether the locale asks for German.
pub fn german() -> bool {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .is_some_and(|v| v.starts_with("de"))
}

/// The words of the table in one language.
struct Words {
    deals: &'static str,
    of: &'static str,
    interrupted: &'static str,
    failed: &'static str,
    head: [&'static str; 7],
    paired: &'static str,
    outside: &'static str,
    /// The heading of the deals won within games of several deals, and its line per seat.
    deal_wins: &'static str,
    deal_wins_line: &'static str,
}

const EN: Words = Words {
    deals: "deals",
    of: "of",
    interrupted: "interrupted",
    failed: "stopped by a fault",
    head: [
        "seat",
        "bot",
        "points/deal",
        "± 95%",
        "wins",
        "ms/decision",
        "Elo",
    ],
    paired: "paired by deal: points/deal of the first minus the second ± 95%",
    outside: "cmd: ms/decision is the bot's time with the pipe and its own reading of the JSON; \
              the engine's encoding and decoding took {} ms/decision more",
    deal_wins: "deals won within the games (the fewest points in a deal; a tie shares it)",
    deal_wins_line: "{share}% ± {ci} of {deals} deals; from each game's second deal on \
                     {later}% ± {later_ci} of {later_deals}",
};

const DE: Words = Words {
    deals: "Runden",
    of: "von",
    interrupted: "abgebrochen",
    failed: "durch einen Fehler beendet",
    head: [
        "Platz",
        "Bot",
        "Punkte/Runde",
        "± 95 %",
        "Siege",
        "ms/Zug",
        "Elo",
    ],
    paired: "gepaart je Runde: Punkte/Runde des ersten minus des zweiten ± 95 %",
    outside: "cmd: ms/Zug ist die Zeit des Bots mit der Pipe und seinem Lesen des JSON; \
              das Kodieren und Dekodieren der Engine kostete {} ms/Zug mehr",
    deal_wins: "gewonnene Runden innerhalb der Partien (die wenigsten Punkte einer Runde; \
                bei Gleichstand geteilt)",
    deal_wins_line: "{share} % ± {ci} von {deals} Runden; ab der zweiten Runde jeder Partie \
                     {later} % ± {later_ci} von {later_deals}",
};

/// The results as a text table (English, or German with `german`): one row per seat, a legend
/// for labels that are not their spec, and the paired comparison of every two seats.
pub fn table(report: &ArenaReport, german: bool) -> String {
    let w = if german { &DE } else { &EN };
    let mut out = match &report.partial {
        None => format!("{} {}\n", report.deals, w.deals),
        Some(p) => format!(
            "{} {} {} {} ({})\n",
            report.deals,
            w.of,
            report.planned,
            w.deals,
            match p {
                Partial::Interrupted => w.interrupted.to_owned(),
                Partial::Failed(why) => format!("{}: {why}", w.failed),
            }
        ),
    };
    let head = w.head;
    let width = report
        .seats
        .iter()
        .map(|s| s.seat.chars().count())
        .max()
        .unwrap_or(3)
        .max(head[1].len());
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
    let mut legend: Vec<String> = Vec::new();
    for s in report.seats.iter().filter(|s| s.seat != s.spec) {
        let line = format!("{} = {}", s.seat, s.spec);
        if !legend.contains(&line) {
            legend.push(line);
        }
    }
    for line in legend {
        out += &format!("  {line}\n");
    }
    let outside: Vec<f64> = report
        .seats
        .iter()
        .filter(|s| s.spec.starts_with("cmd:"))
        .map(|s| s.mean_overhead_ms)
        .collect();
    if !outside.is_empty() {
        let most = outside.iter().copied().fold(0.0, f64::max);
        out += &format!("  {}\n", w.outside.replace("{}", &format!("{most:.3}")));
    }
    if report.seats.iter().any(|s| s.deal_wins.is_some()) {
        out += &format!("\n{}\n", w.deal_wins);
        for (i, s) in report.seats.iter().enumerate() {
            if let Some(d) = &s.deal_wins {
                let line = w
                    .deal_wins_line
                    .replace("{share}", &format!("{:.1}", d.share * 100.0))
                    .replace("{ci}", &format!("{:.1}", d.ci95 * 100.0))
                    .replace("{deals}", &d.deals.to_string())
                    .replace("{later}", &format!("{:.1}", d.later_share * 100.0))
                    .replace("{later_ci}", &format!("{:.1}", d.later_ci95 * 100.0))
                    .replace("{later_deals}", &d.later_deals.to_string());
                out += &format!("  {} {}: {line}\n", i + 1, s.seat);
            }
        }
    }
    if !report.pairs.is_empty() {
        out += &format!("\n{}\n", w.paired);
        let name = |i: usize| format!("{} {}", i + 1, report.seats[i].seat);
        let width = (0..report.seats.len())
            .map(|i| name(i).chars().count())
            .max()
            .unwrap_or(0);
        for p in &report.pairs {
            out += &format!(
                "  {:<width$} − {:<width$} {:>8.2} ± {:.2}\n",
                name(p.a),
                name(p.b),
                p.mean_diff,
                p.ci95
            );
        }
    }
    out
}
