//! The properties every game keeps (conservation, accepted ⇔ legal, view secrecy), by random
//! play.

use super::*;

/// A random legal action of a random seat that has one (passing more often than not).
fn random_step(g: &mut Buffalo, rng: &mut ChaCha8Rng) -> bool {
    let seats: Vec<Seat> = g
        .pending()
        .into_iter()
        .map(|(s, _)| s)
        .filter(|&s| !g.legal_actions(s).is_empty())
        .collect();
    if seats.is_empty() {
        return false;
    }
    let seat = seats[rng.random_range(0..seats.len())];
    let legal = g.legal_actions(seat);
    let a = if legal.contains(&Action::PassCard) && rng.random_bool(0.7) {
        Action::PassCard
    } else {
        legal[rng.random_range(0..legal.len())].clone()
    };
    g.act(seat, &a).unwrap();
    true
}

fn random_game(players: usize, seed: u64, steps: usize) -> Buffalo {
    let mut g = Buffalo::new(players, BuffaloOptions::default(), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..steps {
        if !random_step(&mut g, &mut rng) {
            break;
        }
    }
    g
}

/// Actions of every shape, most of them illegal now.
fn candidate_actions(g: &Buffalo, rng: &mut ChaCha8Rng) -> Vec<Action> {
    let mut card = || c(rng.random_range(1..=104));
    let mut out = vec![Action::PassCard];
    for _ in 0..6 {
        let (a, b) = (card(), card());
        out.push(Action::Play { card: a });
        out.push(Action::Replace { card: a, with: b });
        out.push(Action::First { card: a });
        out.push(Action::Last { card: b });
    }
    for row in 0..5 {
        out.push(Action::TakeRow { row });
        out.push(Action::SevenTakes { row });
        out.push(Action::Stop { row });
        out.push(Action::RemoveStop { row });
        for at in 0..7 {
            out.push(Action::Insert {
                card: card(),
                row,
                at,
            });
            out.push(Action::Shift {
                row,
                at,
                to_row: (row + at) % 5,
                to_at: at,
            });
        }
    }
    let queue: Vec<Card> = g.queue().iter().map(|p| p.card).collect();
    for p in g.queue() {
        out.push(Action::First { card: p.card });
        out.push(Action::Insert {
            card: p.card,
            row: 0,
            at: 0,
        });
    }
    let mut order = queue.clone();
    order.reverse();
    out.push(Action::Sort { order });
    out.push(Action::Sort {
        order: queue.iter().copied().skip(1).collect(),
    });
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_games_conserve_cards_and_end_after_ten_turns(
        players in 1usize..=6, seed in any::<u64>(),
    ) {
        let mut g = Buffalo::new(players, BuffaloOptions::default(), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        loop {
            assert_conserved(&g);
            prop_assert!(g.rows().iter().all(|r| r.cards.windows(2).all(|w| w[0] < w[1])));
            prop_assert!(g.rows().iter().all(|r| r.len() <= r.capacity));
            prop_assert!(g.open_specials().len() <= OPEN_SPECIALS);
            for seat in Seat::all(players) {
                let view = g.view(Viewer::Seat(seat));
                prop_assert_eq!(&view.hand, &g.hands[seat.index()]);
                prop_assert_eq!(Buffalo::legal_in_view(&view), g.legal_actions(seat));
                if let Some(a) = g.default_action(seat) {
                    prop_assert!(g.legal_actions(seat).contains(&a), "default {:?}", a);
                }
            }
            if !random_step(&mut g, &mut rng) {
                break;
            }
            steps += 1;
            prop_assert!(steps < 5000);
        }
        prop_assert!(g.is_over());
        prop_assert_eq!(g.turn(), 10);
        let o = g.outcome().unwrap();
        prop_assert_eq!(o.scores, vec![g.team_points() as i32; players]);
        prop_assert_eq!(o.winners.is_empty(), g.team_points() >= g.buffalo_points());
        prop_assert_eq!(g.buffalo_pile().len() + g.team_pile().len() + g.rows().iter().map(Row::len).sum::<usize>(),
            4 + 10 * (players + 1));
    }

    #[test]
    fn act_accepts_exactly_the_legal_actions_and_changes_nothing_otherwise(
        players in 1usize..=6, seed in any::<u64>(), steps in 0usize..300,
    ) {
        let g = random_game(players, seed, steps);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for seat in Seat::all(players + 1) {
            let legal = g.legal_actions(seat);
            let mut tries = candidate_actions(&g, &mut rng);
            tries.extend(legal.iter().take(40).cloned());
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
        }
    }

    #[test]
    fn views_never_show_a_teammates_hand(
        players in 1usize..=6, seed in any::<u64>(), steps in 0usize..300, shuffle in any::<u64>(),
    ) {
        let g = random_game(players, seed, steps);
        let viewers = Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]);
        for viewer in viewers {
            let h = g.hide_from(viewer, shuffle);
            assert_conserved(&h);
            prop_assert_eq!(g.view(viewer), h.view(viewer));
            let json = serde_json::to_string(&g.view(viewer)).unwrap();
            prop_assert!(!json.contains("rng") && !json.contains("\"stack\""), "{}", json);
        }
    }
}

#[test]
fn a_world_sampled_from_a_view_looks_the_same_to_that_member() {
    // What searching bots play on: every card a member cannot see dealt anew, its view unchanged.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for players in 1..=6 {
        for steps in [0, 7, 25, 60, 140, 400] {
            let g = random_game(players, players as u64 * 1000 + steps as u64, steps);
            for seat in Seat::all(players) {
                let view = g.view(Viewer::Seat(seat));
                let w = Buffalo::from_view(&view, &mut rng);
                assert_eq!(
                    w.view(Viewer::Seat(seat)),
                    view,
                    "{players} players, {steps} steps"
                );
                assert_conserved(&w);
                assert_eq!(w.legal_actions(seat), g.legal_actions(seat));
            }
        }
    }
}

#[test]
fn random_games_use_every_special_card() {
    // The property tests above reach every kind of use (else they would prove little).
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let mut g = Buffalo::new(6, BuffaloOptions::default(), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = g
            .pending()
            .into_iter()
            .map(|(s, _)| s)
            .find(|&s| !g.legal_actions(s).is_empty())
        {
            let legal = g.legal_actions(seat);
            let a = if legal.contains(&Action::PassCard) && rng.random_bool(0.7) {
                Action::PassCard
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            };
            for e in g.act(seat, &a).unwrap() {
                if let Event::Used { action, .. } = e.event {
                    seen.insert(action.special().map_or("remove_stop", Special::name));
                }
            }
        }
        assert!(g.is_over());
    }
    assert_eq!(seen.len(), 9, "{seen:?}");
}

#[test]
fn one_to_six_players_and_default_actions_finish_the_game() {
    // B1: 1–6 players. Default actions alone (every window passed) end the game.
    assert!(Buffalo::from_setup(0, &OptionMap::new(), 1).is_err());
    assert!(Buffalo::from_setup(7, &OptionMap::new(), 1).is_err());
    for players in 1..=6 {
        let mut g = Buffalo::from_setup(players, &OptionMap::new(), players as u64).unwrap();
        assert_eq!(g.specials_in_play().len(), 16);
        assert_eq!(
            g.open_specials().len() + g.stack_size(),
            specials_for(players)
        );
        while let Some((seat, a)) = g
            .pending()
            .into_iter()
            .find_map(|(s, _)| g.default_action(s).map(|a| (s, a)))
        {
            act(&mut g, seat.0, a);
        }
        assert!(g.is_over(), "{players} players");
        assert!(g.used_specials().is_empty(), "nobody used a card");
        assert_conserved(&g);
    }
}
