use super::*;
use nimmt_core::cards::Card;
use nimmt_core::games::buffalo::{Position, Special};
use nimmt_core::Seat;

fn c(n: u8) -> Card {
    Card::new(n).unwrap()
}

#[test]
fn every_bot_answers_legally_in_whole_games_of_every_team_size() {
    // play_game panics on a refused action; every answer is also checked against the view.
    let specs = [
        "random",
        "random:specials=off",
        "greedy",
        "greedy:specials=off",
        "mcts:iters=12",
        "mcts:iters=12,specials=off",
    ];
    for players in 1..=6 {
        for (i, spec) in specs.iter().enumerate() {
            for seed in 0..3u64 {
                // A team of one spec, and a team with the others mixed in.
                for mixed in [false, true] {
                    let mut bots: Vec<Box<dyn Bot<Buffalo>>> = (0..players)
                        .map(|s| {
                            let name = if mixed {
                                specs[(i + s) % specs.len()]
                            } else {
                                spec
                            };
                            Box::new(Checked(by_name(name, seed * 10 + s as u64).unwrap()))
                                as Box<dyn Bot<Buffalo>>
                        })
                        .collect();
                    let o = play_game(&mut bots, seed + 100 * players as u64);
                    assert_eq!(o.scores.len(), players);
                    assert_eq!(o.others[0].name, "buffalo");
                }
            }
        }
    }
}

/// A bot whose every answer must be among its view's legal actions.
struct Checked(Box<dyn Bot<Buffalo>>);

impl Bot<Buffalo> for Checked {
    fn decide(&mut self, view: &View) -> Action {
        let a = self.0.decide(view);
        assert!(
            Buffalo::legal_in_view(view).contains(&a),
            "{} answered {a:?}",
            self.0.name()
        );
        a
    }
    fn name(&self) -> String {
        self.0.name()
    }
}

#[test]
fn bot_specs_read_and_name_their_settings() {
    assert_eq!(by_name("greedy", 1).unwrap().name(), "greedy");
    assert_eq!(
        by_name("greedy:specials=off", 1).unwrap().name(),
        "greedy:specials=off"
    );
    assert_eq!(by_name("mcts", 1).unwrap().name(), "mcts:iters=200");
    assert_eq!(
        by_name("mcts:iters=50,specials=off", 1).unwrap().name(),
        "mcts:iters=50,specials=off"
    );
    let bad = |s: &str| match s.parse().unwrap() {
        crate::spec::BotSpec::Builtin(b) => Buffalo::builtin(&b, 0).err().unwrap().to_string(),
        _ => unreachable!(),
    };
    assert!(bad("greedy:specials=maybe")
        .starts_with("bad setting \"specials=maybe\" for greedy: expected specials=on"));
    assert_eq!(
        bad("greedy:iters=5"),
        "bad setting \"iters=5\" for greedy: expected specials=on|off"
    );
    assert!(bad("smart").starts_with("unknown bot \"smart\" for buffalo"));
}

/// Two members; row 0 holds five cards with 13 bull heads. Member 0 must lay the 60, the sixth
/// card of that row; the buffalo's 61 comes right after it.
fn sixth_card_position() -> Buffalo {
    let p = Position::new(
        &[&[60, 90], &[12, 95]],
        &[61, 99],
        &[&[50, 51, 52, 53, 55], &[10], &[20], &[30]],
    )
    .with_open(&[Special::SevenTakes, Special::First]);
    let mut g = Buffalo::from_position(p).unwrap();
    g.act(Seat(0), &Action::Play { card: c(60) }).unwrap();
    g.act(Seat(1), &Action::Play { card: c(12) }).unwrap();
    g
}

/// Plays the game to its end with these bots; the team's points and the buffalo's.
fn finish(mut g: Buffalo, bots: &mut [Box<dyn Bot<Buffalo>>]) -> (u32, u32) {
    while let Some((seat, _)) = g.pending().first().cloned() {
        let a = bots[seat.index()].decide(&g.view(Viewer::Seat(seat)));
        g.act(seat, &a).unwrap();
    }
    (g.team_points(), g.buffalo_points())
}

#[test]
fn seven_nimmt_turns_the_teams_sixth_card_into_the_buffalos_seventh() {
    // The constructed case: with 7 nimmt! beside row 0 the 60 joins it as the sixth card and the
    // buffalo's 61, the seventh, takes all six; passing, the team takes 13 heads (doubled: 26).
    let g = sixth_card_position();
    let view = g.view(Viewer::Seat(Seat(0)));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert_eq!(
        TeamPolicy::default().decide(&view, &mut rng),
        Action::SevenTakes { row: 0 }
    );
    let team = |spec: &str| -> Vec<Box<dyn Bot<Buffalo>>> {
        (0..2).map(|s| by_name(spec, s).unwrap()).collect()
    };
    let (passing, _) = finish(g.clone(), &mut team("greedy:specials=off"));
    let (policy, buffalo) = finish(g, &mut team("greedy"));
    assert_eq!(passing, 26, "13 heads doubled");
    assert!(policy < passing, "{policy} < {passing}");
    assert!(buffalo >= 14, "the buffalo took the six cards (61: 1 head)");
}

#[test]
fn with_people_at_the_table_the_bots_pass_unless_told_otherwise() {
    let people = BotContext {
        humans_at_table: true,
    };
    let name = |spec: &str, ctx: &BotContext| {
        let b: crate::spec::Builtin = match spec.parse().unwrap() {
            crate::spec::BotSpec::Builtin(b) => b,
            crate::spec::BotSpec::Cmd(_) => unreachable!(),
        };
        Buffalo::builtin_with(&b, 1, ctx).unwrap().name()
    };
    assert_eq!(name("greedy", &people), "greedy:specials=off");
    assert_eq!(name("mcts:iters=5", &people), "mcts:iters=5,specials=off");
    assert_eq!(name("greedy:specials=on", &people), "greedy");
    assert_eq!(name("greedy", &BotContext::default()), "greedy");
}
