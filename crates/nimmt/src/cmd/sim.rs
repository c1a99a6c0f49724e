//! `nimmt sim`: plays deals with random legal choices and prints each seat's mean points per
//! deal; `--trace` writes one JSON object per classic turn (docs/record-format.md, "Trace").

use anyhow::{bail, Context};
use nimmt_core::games::classic::{self, Classic, Marker, Rows};
use nimmt_core::games::help::{self, Help};
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
    /// The game to play: classic or help.
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
    /// Write one JSON line per turn to this file (classic).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Write the game record of the first game to this file.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let kind: GameKind = args.game.parse()?;
    let options = OptionMap::parse(args.options.iter().map(String::as_str))?;
    if args.deals == 0 {
        bail!("--deals must be at least 1");
    }
    let sums = match kind {
        k if k == Classic::KIND => {
            let mut trace = match &args.trace {
                Some(path) => Some(Trace::create(path, args.players)?),
                None => None,
            };
            let sums = simulate::<Classic>(&args, kind, &options, |event, deals_done| {
                if let Some(t) = trace.as_mut() {
                    t.observe(event, deals_done)?;
                }
                Ok(match event {
                    classic::Event::DealEnded { points, .. } => Some(points.clone()),
                    _ => None,
                })
            })?;
            if let Some(mut t) = trace {
                t.out.flush().context("cannot write the trace")?;
            }
            sums
        }
        k if k == Help::KIND => {
            if args.trace.is_some() {
                bail!("--trace is written for classic only");
            }
            // H6: points are good in HELP! (the first to 3 wins).
            simulate::<Help>(&args, kind, &options, |event, _| {
                Ok(match event {
                    help::Event::DealEnded { result, .. } => Some(result.points.clone()),
                    _ => None,
                })
            })?
        }
        other => bail!("nimmt sim does not play {other} yet"),
    };
    println!(
        "{} deals of {} with {} players, seed {}",
        args.deals, args.game, args.players, args.seed
    );
    for (s, sum) in sums.iter().enumerate() {
        println!(
            "{}: {:.3} points per deal",
            Seat(s as u8),
            *sum as f64 / args.deals as f64
        );
    }
    Ok(())
}

/// Plays games of `R` back to back with random legal choices until `args.deals` deals are done.
/// `observe` sees every event (and the opening of each game) with the number of deals done so
/// far, and returns a deal's points when the event ends a deal. Returns the points per seat.
fn simulate<R: Rules>(
    args: &Args,
    kind: GameKind,
    options: &OptionMap,
    mut observe: impl FnMut(&R::Event, u64) -> anyhow::Result<Option<Vec<u32>>>,
) -> anyhow::Result<Vec<u64>> {
    // Check the setup once, with its clear error.
    R::from_setup(args.players, options, args.seed)?;
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut sums = vec![0u64; args.players];
    let mut deals_done = 0u64;
    let mut game_index = 0u64;
    while deals_done < args.deals {
        let setup = Setup::new(
            kind,
            args.players,
            options.clone(),
            args.seed
                .wrapping_add(game_index.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        );
        let mut game = R::from_setup(setup.players, &setup.options, setup.seed)?;
        let mut recorded = match (&args.record, game_index) {
            (Some(_), 0) => Some(RecordedGame::new(setup)?),
            _ => None,
        };
        for e in game.opening_events() {
            observe(&e.event, deals_done)?;
        }
        while !game.is_over() && deals_done < args.deals {
            let (seat, _) = game.pending()[0].clone();
            let legal = game.legal_actions(seat);
            let action = legal[rng.random_range(0..legal.len())].clone();
            let events = game.act(seat, &action).map_err(anyhow::Error::msg)?;
            if let Some(r) = recorded.as_mut() {
                r.act(seat, &serde_json::to_value(&action)?)?;
            }
            for e in events {
                if let Some(points) = observe(&e.event, deals_done)? {
                    for (s, p) in sums.iter_mut().zip(points) {
                        *s += p as u64;
                    }
                    deals_done += 1;
                }
            }
        }
        if let (Some(path), Some(r)) = (&args.record, recorded) {
            std::fs::write(path, serde_json::to_string_pretty(&r.record())? + "\n")
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        game_index += 1;
    }
    Ok(sums)
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

/// Writes a classic trace from the events as they come.
struct Trace {
    out: std::io::BufWriter<std::fs::File>,
    players: usize,
    rows_before: Rows,
    played: Vec<(u8, u8)>,
    taken: Vec<(u8, usize, Vec<u8>)>,
    points: Vec<u32>,
    swapped: Vec<(u8, u8, u8)>,
}

impl Trace {
    fn create(path: &PathBuf, players: usize) -> anyhow::Result<Trace> {
        let file = std::fs::File::create(path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        Ok(Trace {
            out: std::io::BufWriter::new(file),
            players,
            rows_before: Rows::empty(),
            played: Vec::new(),
            taken: Vec::new(),
            points: vec![0; players],
            swapped: Vec::new(),
        })
    }

    fn observe(&mut self, event: &classic::Event, deals_done: u64) -> anyhow::Result<()> {
        use classic::Event;
        match event {
            Event::RowsLaid { rows }
            | Event::DealStarted {
                rows: Some(rows), ..
            } => self.rows_before = rows.clone(),
            Event::Revealed { plays, .. } => {
                self.played = plays.iter().map(|p| (p.seat.0, p.card.number())).collect();
                self.swapped = plays
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
                self.points[seat.index()] += points;
                self.taken.push((
                    seat.0,
                    taken.row,
                    taken.cards.iter().map(|c| c.number()).collect(),
                ));
            }
            Event::TurnEnded { turn, rows, .. } => {
                let line = TraceTurn {
                    deal: deals_done + 1,
                    turn: *turn,
                    rows_before: self.rows_before.numbers(),
                    played: std::mem::take(&mut self.played),
                    taken: std::mem::take(&mut self.taken),
                    rows_after: rows.numbers(),
                    points: std::mem::replace(&mut self.points, vec![0; self.players]),
                    marker_before: self.rows_before.marker,
                    marker_after: rows.marker,
                    swapped: std::mem::take(&mut self.swapped),
                };
                serde_json::to_writer(&mut self.out, &line)?;
                self.out.write_all(b"\n")?;
                self.rows_before = rows.clone();
            }
            _ => {}
        }
        Ok(())
    }
}
