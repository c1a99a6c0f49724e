//! `nimmt sim`: plays deals with random legal choices and prints each seat's mean points per
//! deal; `--trace` writes one JSON object per turn (docs/record-format.md, "Trace").

use anyhow::{bail, Context};
use nimmt_core::games::classic::{Classic, Event, Marker, Rows};
use nimmt_core::record::RecordedGame;
use nimmt_core::{GameKind, OptionMap, Rules, Seat, Setup};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;

/// Options of `nimmt sim`.
#[derive(clap::Args)]
pub struct Args {
    /// The game to play.
    #[arg(long, default_value = "classic")]
    pub game: String,
    /// Number of seats.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// A table option as KEY=VALUE (repeatable), e.g. --option deck=tactic.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Deals to play in all (games are played back to back until this many deals are done).
    #[arg(long, default_value_t = 100)]
    pub deals: u64,
    /// Seed of the deals and of the random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write one JSON line per turn to this file.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Write the game record of the first game to this file.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// One turn of a trace.
#[derive(Serialize)]
struct TraceTurn {
    deal: u64,
    turn: u32,
    rows_before: Vec<Vec<u8>>,
    played: Vec<(u8, u8)>,
    taken: Vec<(u8, usize, Vec<u8>)>,
    rows_after: Vec<Vec<u8>>,
    points: Vec<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    marker_before: Option<Marker>,
    #[serde(skip_serializing_if = "Option::is_none")]
    marker_after: Option<Marker>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    swapped: Vec<(u8, u8, u8)>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let kind: GameKind = args.game.parse()?;
    let options = OptionMap::parse(args.options.iter().map(String::as_str))?;
    if args.deals == 0 {
        bail!("--deals must be at least 1");
    }
    match kind {
        GameKind::Classic => sim_classic(&args, options),
        GameKind::Help => sim_help(&args, options),
    }
}

/// HELP!: random legal choices; points per deal as the rules count them (H6: the first to 3
/// points wins, so more is better).
fn sim_help(args: &Args, options: OptionMap) -> anyhow::Result<()> {
    use nimmt_core::games::help::{Event as HelpEvent, Help};
    if args.trace.is_some() {
        bail!("--trace is written for classic only");
    }
    let n = args.players;
    Help::from_setup(n, &options, args.seed)?;
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut sums = vec![0u64; n];
    let mut deals_done = 0u64;
    let mut game_index = 0u64;
    while deals_done < args.deals {
        let setup = Setup {
            game: GameKind::Help,
            players: n,
            options: options.clone(),
            seed: args
                .seed
                .wrapping_add(game_index.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        };
        let mut game = Help::from_setup(n, &setup.options, setup.seed)?;
        let mut recorded = RecordedGame::new(setup)?;
        while !game.is_over() && deals_done < args.deals {
            let (seat, _) = game.pending()[0];
            let legal = game.legal_actions(seat);
            let action = legal[rng.random_range(0..legal.len())].clone();
            let events = game.act(seat, &action).map_err(anyhow::Error::msg)?;
            if args.record.is_some() && game_index == 0 {
                recorded.act(seat, &serde_json::to_value(&action)?)?;
            }
            for e in events {
                if let HelpEvent::DealEnded { result, .. } = e.event {
                    for (s, p) in sums.iter_mut().zip(result.points) {
                        *s += p as u64;
                    }
                    deals_done += 1;
                }
            }
        }
        if let (Some(path), 0) = (&args.record, game_index) {
            std::fs::write(
                path,
                serde_json::to_string_pretty(&recorded.record())? + "\n",
            )
            .with_context(|| format!("cannot write {}", path.display()))?;
        }
        game_index += 1;
    }
    print_means(args, &sums, deals_done);
    Ok(())
}

fn print_means(args: &Args, sums: &[u64], deals_done: u64) {
    println!(
        "{} deals of {} with {} players, seed {}",
        deals_done, args.game, args.players, args.seed
    );
    for (s, sum) in sums.iter().enumerate() {
        println!(
            "{}: {:.3} points per deal",
            Seat(s as u8),
            *sum as f64 / deals_done as f64
        );
    }
}

fn sim_classic(args: &Args, options: OptionMap) -> anyhow::Result<()> {
    let n = args.players;
    // Check the setup once, with its clear error.
    Classic::from_setup(n, &options, args.seed)?;
    let mut trace = match &args.trace {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot write {}", path.display()))?,
        )),
        None => None,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut sums = vec![0u64; n];
    let mut deals_done = 0u64;
    let mut game_index = 0u64;
    while deals_done < args.deals {
        let setup = Setup {
            game: GameKind::Classic,
            players: n,
            options: options.clone(),
            seed: args
                .seed
                .wrapping_add(game_index.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        };
        let mut game = Classic::from_setup(n, &setup.options, setup.seed)?;
        let mut recorded = RecordedGame::new(setup)?;
        let mut rows_before = game.rows().clone();
        let mut turn = TurnLog::new(n);
        while !game.is_over() && deals_done < args.deals {
            let (seat, _) = game.pending()[0];
            let legal = game.legal_actions(seat);
            let action = legal[rng.random_range(0..legal.len())];
            let events = game.act(seat, &action).map_err(anyhow::Error::msg)?;
            if args.record.is_some() && game_index == 0 {
                recorded.act(seat, &serde_json::to_value(action)?)?;
            }
            for e in events {
                match e.event {
                    Event::RowsLaid { rows }
                    | Event::DealStarted {
                        rows: Some(rows), ..
                    } => rows_before = rows,
                    Event::Revealed { plays, .. } => {
                        turn.played = plays.iter().map(|p| (p.seat.0, p.card.number())).collect();
                        turn.swapped = plays
                            .iter()
                            .filter(|p| p.swap)
                            .map(|p| (p.seat.0, p.card.number(), p.value()))
                            .collect();
                    }
                    Event::RowTaken {
                        seat,
                        taken,
                        points,
                    } => {
                        turn.points[seat.index()] += points;
                        turn.taken.push((
                            seat.0,
                            taken.row,
                            taken.cards.iter().map(|c| c.number()).collect(),
                        ));
                    }
                    Event::TurnEnded { turn: t, rows, .. } => {
                        if let Some(out) = trace.as_mut() {
                            write_turn(out, deals_done + 1, t, &rows_before, &rows, &mut turn)?;
                        }
                        turn = TurnLog::new(n);
                        rows_before = rows;
                    }
                    Event::DealEnded { points, .. } => {
                        for (s, p) in sums.iter_mut().zip(points) {
                            *s += p as u64;
                        }
                        deals_done += 1;
                    }
                    _ => {}
                }
            }
        }
        if let (Some(path), 0) = (&args.record, game_index) {
            let record = recorded.record();
            std::fs::write(path, serde_json::to_string_pretty(&record)? + "\n")
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        game_index += 1;
    }
    if let Some(mut out) = trace {
        out.flush()?;
    }
    print_means(args, &sums, deals_done);
    Ok(())
}

struct TurnLog {
    played: Vec<(u8, u8)>,
    taken: Vec<(u8, usize, Vec<u8>)>,
    points: Vec<u32>,
    swapped: Vec<(u8, u8, u8)>,
}

impl TurnLog {
    fn new(players: usize) -> Self {
        TurnLog {
            played: Vec::new(),
            taken: Vec::new(),
            points: vec![0; players],
            swapped: Vec::new(),
        }
    }
}

fn write_turn(
    out: &mut impl Write,
    deal: u64,
    turn: u32,
    before: &Rows,
    after: &Rows,
    log: &mut TurnLog,
) -> anyhow::Result<()> {
    let points = std::mem::take(&mut log.points);
    let line = TraceTurn {
        deal,
        turn,
        rows_before: before.numbers(),
        played: std::mem::take(&mut log.played),
        taken: std::mem::take(&mut log.taken),
        rows_after: after.numbers(),
        points,
        marker_before: before.marker,
        marker_after: after.marker,
        swapped: std::mem::take(&mut log.swapped),
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")?;
    Ok(())
}
