//! The properties every game keeps (conservation, accepted ⇔ legal, view secrecy, scores on
//! the track), by random play.

use super::*;

/// Actions to try besides the legal ones: many of them wrong.
fn candidate_actions(g: &Board, seat: Seat) -> Vec<Action> {
    let mut out = vec![
        Action::Lay { luck: None },
        Action::Lay {
            luck: Some(LuckCard::FivePoints),
        },
        Action::Lay {
            luck: Some(LuckCard::PositiveBulls),
        },
        Action::Skip,
        Action::TakeLuck {
            card: LuckCard::FivePoints,
        },
        Action::TakeLuck {
            card: LuckCard::PositiveBulls,
        },
        Action::Choose { tiles: vec![] },
        Action::Choose { tiles: vec![0] },
        Action::Choose { tiles: vec![101] },
        Action::CountPositive { tiles: [1, 1] },
    ];
    for row in 0..7 {
        out.extend([
            Action::Stop { row },
            Action::ToStart { row },
            Action::Ascending { row },
            Action::OpenRow { row },
        ]);
    }
    let hand = g.hand(Seat(seat.0 % g.players() as u8)).to_vec();
    for &t in hand.iter().take(3) {
        out.push(Action::Choose { tiles: vec![t] });
        out.push(Action::Choose { tiles: vec![t, t] });
        out.push(Action::SwapTile { tile: t });
        out.push(Action::ExtraTile { tile: t });
    }
    out.push(Action::SwapTile { tile: 50 });
    out.push(Action::Choose { tiles: vec![50] });
    if hand.len() >= 2 {
        out.push(Action::Choose {
            tiles: vec![hand[1], hand[0]],
        });
    }
    out
}

fn any_version() -> impl Strategy<Value = Version> {
    prop::sample::select(vec![
        Version::Base,
        Version::BaseLuck,
        Version::Pro,
        Version::ProLuck,
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_tile_and_card_and_end(
        players in 2usize..=6, version in any_version(), seed in any::<u64>(),
    ) {
        let mut g = Board::new(players, BoardOptions::on_default_board(version), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while !g.is_over() {
            assert_conserved(&g);
            let opening = usize::from(matches!(g.stage(), Stage::OpenRow { .. }));
            prop_assert_eq!(g.rows().iter().filter(|r| r.is_active()).count() + opening, ACTIVE_ROWS);
            prop_assert!(g.rows().iter().filter(|r| r.stop).count() <= STOP_SIGNS);
            prop_assert!(g.scores().iter().all(|s| (-44..=44).contains(s)));
            let pending = g.pending();
            prop_assert!(!pending.is_empty());
            let (seat, _) = pending[rng.random_range(0..pending.len())];
            let legal = g.legal_actions(seat);
            prop_assert!(!legal.is_empty(), "a pending seat always has a move");
            let a = legal[rng.random_range(0..legal.len())].clone();
            g.act(seat, &a).unwrap();
            steps += 1;
            prop_assert!(steps < 5000, "the game ends");
        }
        assert_conserved(&g);
        let o = g.outcome().unwrap();
        prop_assert!(o.scores.iter().all(|s| (-44..=44).contains(s)));
        let best = *o.scores.iter().max().unwrap();
        prop_assert!(o.winners.iter().all(|w| o.scores[w.index()] == best));
        prop_assert!(!o.winners.is_empty());
    }

    #[test]
    fn act_accepts_exactly_the_legal_actions_and_views_agree(
        players in 2usize..=6, version in any_version(), seed in any::<u64>(), steps in 0usize..400,
    ) {
        let g = random_game(players, version, seed, steps);
        for seat in Seat::all(players + 1) {
            let legal = g.legal_actions(seat);
            let mut tries = candidate_actions(&g, seat);
            tries.extend(legal.iter().cloned());
            for a in tries {
                let mut h = g.clone();
                match h.act(seat, &a) {
                    Ok(_) => prop_assert!(legal.contains(&a), "{:?} accepted from {} but not listed", a, seat),
                    Err(e) => {
                        prop_assert!(!legal.contains(&a), "{:?} listed for {} but refused: {}", a, seat, e);
                        prop_assert_eq!(&h, &g, "refused {:?} changed the state", a);
                    }
                }
                let mut q = g.clone();
                prop_assert_eq!(q.act_quiet(seat, &a).is_ok(), legal.contains(&a));
            }
            if seat.index() < players {
                let view = g.view(Viewer::Seat(seat));
                prop_assert_eq!(Board::legal_in_view(&view), legal.clone());
                prop_assert_eq!(&view.hand, &g.hands[seat.index()]);
                prop_assert_eq!(&view.action_cards, &g.action_hands[seat.index()]);
                if let Some(d) = g.default_action(seat) {
                    prop_assert!(legal.contains(&d), "the default action is legal");
                }
                // Nothing of another seat's screen, chosen tiles or action cards.
                let json = serde_json::to_value(&view).unwrap();
                for other in Seat::all(players).filter(|&o| o != seat) {
                    let mut secret = g.clone();
                    secret.hands[other.index()].reverse();
                    secret.hands[other.index()].sort_unstable_by(|a, b| b.cmp(a));
                    prop_assert_eq!(&serde_json::to_value(secret.view(Viewer::Seat(seat))).unwrap(), &json);
                }
                let _ = view;
            }
        }
        let spectator = g.view(Viewer::Spectator);
        prop_assert!(spectator.hand.is_empty() && spectator.chosen.is_empty() && spectator.action_cards.is_empty());
        prop_assert!(Board::legal_in_view(&spectator).is_empty());
    }
}

#[test]
fn the_game_wrapper_plays_the_board_by_json() {
    use crate::game::{Game, Setup};
    let mut options = OptionMap::new();
    options.set("version", "pro-luck");
    let mut g = Game::new(&Setup::new(Board::KIND, 3, options, 9)).unwrap();
    assert_eq!(g.kind(), Board::KIND);
    assert_eq!("board".parse::<GameKind>().unwrap(), Board::KIND);
    let a = g.legal_actions(Seat(0))[0].clone();
    assert_eq!(a["type"], "choose");
    g.act(Seat(0), &a).unwrap();
    assert!(g.act(Seat(0), &serde_json::json!({"type": "lay"})).is_err());
}

#[test]
fn random_pro_luck_games_reach_every_card_and_decision() {
    // Coverage of the property tests: random legal play uses every action card, both luck
    // cards and every kind of decision.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut g = Board::new(
            3 + (seed as usize % 4),
            BoardOptions::on_default_board(Version::ProLuck),
            seed,
        );
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let pending = g.pending();
            let (seat, d) = pending[rng.random_range(0..pending.len())];
            seen.insert(d.describe().to_owned());
            let legal = g.legal_actions(seat);
            let a = legal[rng.random_range(0..legal.len())].clone();
            if let Some(c) = a.action_card() {
                seen.insert(format!("{c:?}"));
            }
            if let Action::Lay { luck: Some(c) } = a {
                seen.insert(format!("{c:?}"));
            }
            g.act(seat, &a).unwrap();
        }
    }
    for what in [
        "Stop",
        "SwapTile",
        "Skip",
        "ToStart",
        "Ascending",
        "ExtraTile",
        "FivePoints",
        "PositiveBulls",
        "choose tiles",
        "play cards or lay the tile",
        "pick two tiles as plus points",
        "pick a free row",
        "take a luck card",
    ] {
        assert!(seen.contains(what), "{what} never came up: {seen:?}");
    }
}
