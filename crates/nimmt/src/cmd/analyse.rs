//! `nimmt analyse RECORD`: every decision of a finished game searched again from the deciding
//! seat's view: the estimate of each choice, the loss of the choice made against the best, a
//! mark for a costly one, and a summary per seat (`docs/bots.md`, *Analysis*).

use anyhow::Context;
use nimmt_bots::analysis::{self, Analysis, Mark, Measure};
use nimmt_core::record::GameRecord;
use std::path::PathBuf;
use std::time::Instant;

/// Options of `nimmt analyse`.
#[derive(clap::Args)]
pub struct Args {
    /// The game record (JSON, see docs/record-format.md).
    pub record: PathBuf,
    /// Print the analysis as JSON.
    #[arg(long)]
    pub json: bool,
    /// Playouts per decision (default: the game's, about a tenth of a second a decision).
    #[arg(long, value_name = "PLAYOUTS")]
    pub budget: Option<u64>,
    /// Seed of the sampled worlds (the same seed repeats the analysis exactly).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print only the decisions with a mark (and the summary).
    #[arg(long)]
    pub marked: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.record)
        .with_context(|| format!("cannot read {}", args.record.display()))?;
    let record: GameRecord = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a game record", args.record.display()))?;
    let budget = args
        .budget
        .unwrap_or_else(|| analysis::default_budget(record.game))
        .max(1);
    let started = Instant::now();
    let analysis = analysis::analyse(&record, budget, args.seed)
        .with_context(|| format!("{} cannot be analysed", args.record.display()))?;
    let took = started.elapsed();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&analysis)?);
        return Ok(());
    }
    print_text(&analysis, args.marked);
    println!(
        "{} decisions in {:.1} s ({:.0} ms a decision, {budget} playouts each)",
        analysis.decisions.len(),
        took.as_secs_f64(),
        took.as_secs_f64() * 1000.0 / analysis.decisions.len().max(1) as f64
    );
    Ok(())
}

/// What the estimates of a game mean, for the header.
fn unit(measure: Measure) -> &'static str {
    match measure {
        Measure::DealPoints => "bull heads expected in the deal (lower is better)",
        Measure::WinChance => "chance to win the game in % (higher is better)",
        Measure::TeamMargin => "the team's points minus the buffalo's at the end (lower is better)",
        Measure::Standing => "points against the others' mean at the end (higher is better)",
    }
}

fn mark_name(mark: Option<Mark>) -> &'static str {
    match mark {
        Some(Mark::Blunder) => "  ?? blunder",
        Some(Mark::Mistake) => "  ? mistake",
        Some(Mark::Inaccuracy) => "  ?! inaccuracy",
        None => "",
    }
}

fn print_text(a: &Analysis, marked_only: bool) {
    let t = a.thresholds;
    println!(
        "{}: estimates are {}; marks from a loss of {} (inaccuracy), {} (mistake), {} (blunder)",
        a.game,
        unit(a.measure),
        t.inaccuracy,
        t.mistake,
        t.blunder
    );
    for d in &a.decisions {
        if marked_only && d.mark.is_none() {
            continue;
        }
        let chosen = &d.choices[d.chosen];
        let best = &d.choices[0];
        println!(
            "action {:>3}  seat {} deal {}: {} ({:.2}); best {} ({:.2}); loss {:.2}{}",
            d.index,
            d.seat.index(),
            d.deal + 1,
            chosen.label,
            chosen.estimate,
            best.label,
            best.estimate,
            d.loss,
            mark_name(d.mark)
        );
        let others: Vec<String> = d
            .choices
            .iter()
            .map(|c| format!("{} {:.2}", c.label, c.estimate))
            .collect();
        println!("            {}", others.join(" · "));
    }
    println!("seat  decisions  mean loss  inaccuracies  mistakes  blunders");
    for s in &a.seats {
        println!(
            "{:>4}  {:>9}  {:>9.2}  {:>12}  {:>8}  {:>8}",
            s.seat.index(),
            s.decisions,
            s.mean_loss,
            s.inaccuracies,
            s.mistakes,
            s.blunders
        );
    }
}
