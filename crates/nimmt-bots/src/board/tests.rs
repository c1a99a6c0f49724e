use super::*;
use crate::arena::{run_typed, ArenaConfig, Run};
use crate::registry::build;
use crate::spec::BotSpec;
use nimmt_core::games::board::{Action, BoardOptions, Decision, Version};
use nimmt_core::{GameKind, OptionMap, Rules, Seat, Viewer};
use std::time::Duration;

fn bot(spec: &str, seed: u64) -> Box<dyn Bot<Board>> {
    let spec: BotSpec = spec.parse().unwrap();
    build::<Board>(&spec, seed, Duration::from_secs(1)).unwrap()
}

/// Plays a whole game, each seat asked in turn; panics on an illegal action.
fn play(version: Version, bots: &mut [Box<dyn Bot<Board>>], seed: u64) -> Board {
    let mut g = Board::new(bots.len(), BoardOptions::on_default_board(version), seed);
    while let Some((seat, _)) = g.pending().first().copied() {
        let view = g.view(Viewer::Seat(seat));
        let action = bots[seat.index()].decide(&view);
        assert!(
            g.legal_actions(seat).contains(&action),
            "{} at {seat} chose {action:?} in {version:?}",
            bots[seat.index()].name()
        );
        g.act(seat, &action).unwrap();
    }
    g
}

#[test]
fn every_bot_answers_legally_in_every_version_and_table_size() {
    for version in Version::ALL {
        for players in 2..=6 {
            let seed = players as u64 * 31 + version as u64;
            // Random, greedy and a small search side by side.
            let mut bots: Vec<Box<dyn Bot<Board>>> = (0..players)
                .map(|s| {
                    let name = ["mcts:iters=24", "greedy", "random"][s % 3];
                    bot(name, seed + s as u64)
                })
                .collect();
            let g = play(version, &mut bots, seed);
            assert!(g.is_over(), "{version:?} {players}");
            assert!(g.outcome().unwrap().scores.iter().all(|s| s.abs() <= 44));
        }
    }
}

#[test]
fn greedy_answers_every_kind_of_decision_legally_in_random_games() {
    // Random games of the luck versions reach free rows, luck cards and every action card;
    // greedy answers each decision from the view of the seat asked.
    for version in [Version::BaseLuck, Version::ProLuck] {
        for seed in 0..8 {
            let players = 2 + seed as usize % 5;
            let mut bots: Vec<Box<dyn Bot<Board>>> = (0..players)
                .map(|s| bot("random", seed * 10 + s as u64))
                .collect();
            let mut g = Board::new(players, BoardOptions::on_default_board(version), seed);
            while let Some((seat, _)) = g.pending().first().copied() {
                let view = g.view(Viewer::Seat(seat));
                let greedy = greedy_action(&view);
                assert!(g.legal_actions(seat).contains(&greedy), "{greedy:?}");
                let action = bots[seat.index()].decide(&view);
                g.act(seat, &action).unwrap();
            }
        }
    }
}

#[test]
fn the_search_plays_its_cards_as_greedy_does_and_searches_the_tiles() {
    // In the pro version's window before laying (and at every other decision but the tiles) the
    // search answers as `greedy`: searched, it spent its action cards on luck.
    let mut bots: Vec<Box<dyn Bot<Board>>> = (0..4).map(|s| bot("mcts:iters=24", s)).collect();
    let mut g = Board::new(4, BoardOptions::on_default_board(Version::Pro), 3);
    let mut windows = 0;
    while let Some((seat, decision)) = g.pending().first().copied() {
        let view = g.view(Viewer::Seat(seat));
        let action = bots[seat.index()].decide(&view);
        if !matches!(decision, Decision::Choose { .. }) {
            assert_eq!(action, greedy_action(&view), "{decision:?}");
            windows += 1;
        }
        g.act(seat, &action).unwrap();
    }
    assert!(windows > 0, "the game offered no window");
}

#[test]
fn greedy_lays_where_the_board_pays_and_not_where_a_row_is_taken() {
    // Rows 45 (next field: take the row, 15 18 19 … here 41 on the fourth field takes 15, 18,
    // 19 in the rule book) — greedy keeps its 20 away from the full row 1.
    use nimmt_core::games::board::Position;
    let p = Position::new(
        Version::Base,
        vec![vec![20, 61], vec![2, 3]],
        vec![vec![15, 18, 19], vec![60], vec![70], vec![80], vec![]],
    );
    let g = Board::from_position(p).unwrap();
    let a = greedy_action(&g.view(Viewer::Seat(Seat(0))));
    assert_eq!(a, Action::Choose { tiles: vec![61] });
}

#[test]
fn bot_specs_are_checked() {
    assert_eq!(bot("mcts:iters=50", 1).name(), "mcts:iters=50");
    assert_eq!(bot("mcts:ms=20,horizon=2", 1).name(), "mcts:ms=20");
    assert_eq!(bot("mcts", 1).name(), "mcts:iters=400");
    let bad = |s: &str| build::<Board>(&s.parse().unwrap(), 1, Duration::from_secs(1)).is_err();
    assert!(bad("mcts:horizon=forever"));
    assert!(bad("mcts:noise=2"));
    assert!(bad("greedy:iters=3"));
    assert!(bad("oracle"));
}

fn arena(seats: &[&str], players: usize, version: &str, deals: u64) -> crate::arena::ArenaReport {
    let mut options = OptionMap::new();
    options.set("version", version);
    let config = ArenaConfig {
        game: Board::KIND,
        players,
        seats: seats
            .iter()
            .map(|s| (s.to_string(), s.parse().unwrap()))
            .collect(),
        options: options.clone(),
        deals,
        seed: 5,
        threads: 2,
        bot_timeout: Duration::from_secs(1),
    };
    let make = |spec: &BotSpec, seed| Ok(build::<Board>(spec, seed, config.bot_timeout)?);
    run_typed::<Board>(&config, &options, &make, Run::new(&|_| {})).unwrap()
}

#[test]
fn greedy_beats_random_clearly() {
    // A short fixed-seed arena, one greedy against three random seats, in both board sides.
    assert_eq!(Board::KIND, "board".parse::<GameKind>().unwrap());
    for version in ["base", "pro"] {
        let r = arena(&["greedy", "random", "random", "random"], 4, version, 120);
        let greedy = &r.seats[0];
        let random = r.seats[1..].iter().map(|s| s.mean_points).sum::<f64>() / 3.0;
        assert!(
            greedy.mean_points > random + 5.0,
            "{version}: greedy {:.1} vs random {random:.1}",
            greedy.mean_points
        );
        assert!(
            greedy.win_share > 0.45,
            "{version}: {:.2}",
            greedy.win_share
        );
    }
}
