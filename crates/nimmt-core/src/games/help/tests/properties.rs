//! The properties every game keeps (conservation, accepted ⇔ legal, view secrecy), by random
//! play.

use super::*;

/// Every action a seat could try: all kinds with small arguments, legal or not.
fn candidate_actions() -> Vec<Action> {
    let mut out = Vec::new();
    for card in 0..=12 {
        out.push(Action::Lay { card });
    }
    for at in 0..=6 {
        out.push(Action::Joker { at });
        for give in 1..=11 {
            out.push(Action::Switch { take: at, give });
        }
    }
    out.extend([Action::Zap, Action::No, Action::AskHelp]);
    for card in HelpCard::KINDS {
        out.push(Action::GiveHelp { card });
        out.push(Action::GiveBack { card });
    }
    out
}

/// Plays `steps` random legal actions (fewer if the game ends) from a new game.
fn random_game(players: usize, seed: u64, steps: usize) -> Help {
    let mut g = Help::new(players, HelpOptions::default(), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..steps {
        let Some((seat, _)) = g.pending().first().copied() else {
            break;
        };
        let legal = g.legal_actions(seat);
        let a = legal[rng.random_range(0..legal.len())];
        g.act(seat, &a).unwrap();
    }
    g
}

/// The same game with the cards `viewer` cannot see dealt anew: other hands (keeping sizes and
/// a card the viewer knows is there) and the draw pile.
fn reshuffle_hidden(g: &Help, viewer: Viewer, seed: u64) -> Help {
    let mut h = g.clone();
    let me = viewer.seat();
    let pinned = match (g.stage(), me) {
        (
            Some(Stage::GiveBack {
                asker,
                helper,
                card,
            }),
            Some(m),
        ) if m == helper => Some((asker, card)),
        _ => None,
    };
    let mut pool: Vec<HelpCard> = h.draw.drain(..).collect();
    for s in Seat::all(g.players).filter(|&s| Some(s) != me) {
        let hand = &mut h.hands[s.index()];
        if let Some((a, card)) = pinned.filter(|(a, _)| *a == s) {
            let _ = a;
            remove_one(hand, card);
            pool.append(hand);
            hand.push(card);
        } else {
            pool.append(hand);
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    pool.shuffle(&mut rng);
    for s in Seat::all(g.players).filter(|&s| Some(s) != me) {
        let want = g.hands[s.index()].len();
        while h.hands[s.index()].len() < want {
            let c = pool.pop().unwrap();
            h.hands[s.index()].push(c);
        }
        h.hands[s.index()].sort();
    }
    h.draw = pool;
    h
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_105_cards_are_always_all_there(players in 3usize..=5, seed in any::<u64>()) {
        let mut g = Help::new(players, HelpOptions::default(), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..400 {
            assert_conserved(&g);
            let Some((seat, _)) = g.pending().first().copied() else { break };
            let legal = g.legal_actions(seat);
            prop_assert!(!legal.is_empty(), "a pending seat always has a move");
            prop_assert!(g.hands.iter().all(|h| h.len() <= HAND_SIZE + 1));
            prop_assert!(g.row().windows(2).all(|w| w[0].value < w[1].value), "ascending row");
            prop_assert!(g.row().len() < ROW_CAPACITY);
            let a = legal[rng.random_range(0..legal.len())];
            g.act(seat, &a).unwrap();
        }
    }

    #[test]
    fn act_accepts_exactly_the_legal_actions_and_changes_nothing_otherwise(
        players in 3usize..=5, seed in any::<u64>(), steps in 0usize..150,
    ) {
        let g = random_game(players, seed, steps);
        for seat in Seat::all(players + 1) {
            let legal = g.legal_actions(seat);
            for a in candidate_actions() {
                let mut h = g.clone();
                match h.act(seat, &a) {
                    Ok(_) => prop_assert!(legal.contains(&a), "{a:?} accepted from {seat} but not listed"),
                    Err(e) => {
                        prop_assert!(!legal.contains(&a), "{a:?} listed for {seat} but refused: {e}");
                        prop_assert_eq!(&h, &g, "refused {:?} changed the state", a);
                    }
                }
                let mut q = g.clone();
                prop_assert_eq!(q.act_quiet(seat, &a).is_ok(), legal.contains(&a));
            }
            if seat.index() < players {
                let view = g.view(Viewer::Seat(seat));
                prop_assert_eq!(view.legal_actions(), legal, "the view lists the same actions");
            }
        }
    }

    #[test]
    fn views_do_not_depend_on_cards_the_viewer_cannot_see(
        players in 3usize..=5, seed in any::<u64>(), steps in 0usize..150, shuffle in any::<u64>(),
    ) {
        let g = random_game(players, seed, steps);
        let viewers = Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]);
        for viewer in viewers {
            let h = reshuffle_hidden(&g, viewer, shuffle);
            assert_conserved(&h);
            prop_assert_eq!(g.view(viewer), h.view(viewer));
            let json = serde_json::to_string(&g.view(viewer)).unwrap();
            prop_assert!(!json.contains("rng") && !json.contains("draw\""), "{}", json);
        }
    }

    #[test]
    fn quiet_and_logged_actions_reach_the_same_state(players in 3usize..=5, seed in any::<u64>()) {
        let mut loud = Help::new(players, HelpOptions::default(), seed);
        let mut quiet = loud.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..300 {
            let Some((seat, _)) = loud.pending().first().copied() else { break };
            let legal = loud.legal_actions(seat);
            let a = legal[rng.random_range(0..legal.len())];
            loud.act(seat, &a).unwrap();
            quiet.act_quiet(seat, &a).unwrap();
            prop_assert_eq!(&loud.hands, &quiet.hands);
            prop_assert_eq!(&loud.phase, &quiet.phase);
            prop_assert_eq!(loud.draw_pile(), quiet.draw_pile());
        }
    }
}
