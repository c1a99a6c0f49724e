use super::features::{encode, GROUPS, UNSEEN};
use super::position::{Position, CARDS};
use super::*;
use nimmt_core::games::classic::ROWS;
use nimmt_core::{OptionMap, Rules, Viewer};

/// Plays a game of `bots` and hands every view asking a decision to `see`.
fn play_with(
    bots: &mut [Box<dyn Bot<Classic>>],
    options: &OptionMap,
    seed: u64,
    see: &mut dyn FnMut(&View),
) -> Classic {
    let mut game = Classic::from_setup(bots.len(), options, seed).unwrap();
    while !game.is_over() {
        for (seat, _) in game.pending() {
            let view = game.view(Viewer::Seat(seat));
            if view.asked.is_none() {
                continue;
            }
            see(&view);
            let action = bots[seat.index()].decide(&view);
            game.act(seat, &action).expect("legal play");
        }
    }
    game
}

/// Plays a game to 66 of four `net2` seats.
fn play(seed: u64, see: &mut dyn FnMut(&View)) -> Classic {
    let mut bots: Vec<Box<dyn Bot<Classic>>> = (0..4)
        .map(|_| Box::new(Net2Bot::new()) as Box<dyn Bot<Classic>>)
        .collect();
    play_with(&mut bots, &OptionMap::default(), seed, see)
}

#[test]
fn every_card_is_in_one_group_and_the_groups_are_what_the_seat_sees() {
    let mut seen = 0;
    let mut bots: Vec<Box<dyn Bot<Classic>>> = (0..4)
        .map(|s| Box::new(crate::classic::GreedyBot::new(s)) as Box<dyn Bot<Classic>>)
        .collect();
    play_with(&mut bots, &OptionMap::default(), 3, &mut |view| {
        let p = Position::from_view(view);
        let x = encode(&p);
        for c in 0..CARDS {
            let groups: f32 = x.groups[c * GROUPS..(c + 1) * GROUPS].iter().sum();
            assert_eq!(groups, 1.0, "card {} in one group", c + 1);
        }
        let members = |g: usize| {
            (0..CARDS)
                .filter(|&c| x.groups[c * GROUPS + g] > 0.0)
                .count()
        };
        assert_eq!(members(features::HAND), view.hand.len());
        assert_eq!(members(UNSEEN) as u32, p.unseen.count_ones());
        let on_rows: usize = view.rows.rows.iter().map(Vec::len).sum();
        assert_eq!(x.rows.iter().filter(|&&v| v > 0.0).count(), on_rows);
        assert_eq!(members(1), on_rows);
        for (r, row) in view.rows.rows.iter().enumerate() {
            for c in row {
                assert_eq!(x.rows[(usize::from(c.number()) - 1) * ROWS + r], 1.0);
            }
        }
        seen += 1;
    });
    assert!(seen > 40, "a whole game's decisions");
}

#[test]
fn net2_plays_whole_games_and_chooses_rows_itself() {
    let mut rows_asked = 0;
    for seed in 1..=1 {
        let game = play(seed, &mut |view| {
            if view.asked == Some(Decision::TakeRow) {
                let a = choose(shipped(), view).expect("the model chooses the row");
                assert!(view.legal_actions().contains(&a));
                rows_asked += 1;
            }
        });
        assert!(
            game.totals().iter().any(|&t| t >= 66),
            "the game ends at 66"
        );
    }
    assert!(rows_asked > 0, "a row was taken");
}

#[test]
fn the_shipped_weights_load_and_a_damaged_file_is_refused() {
    let model = shipped();
    assert!(model.params() * 4 <= 20 << 20, "weights of at most 20 MB");
    assert!(WEIGHTS.len() <= 20 << 20);
    assert!(Model::from_safetensors(&WEIGHTS[..WEIGHTS.len() / 2]).is_err());
    assert!(Model::from_safetensors(b"not weights").is_err());
}

#[test]
fn net2_takes_fewer_points_than_greedy() {
    let mut single = OptionMap::default();
    single.set("deals", "1");
    let (mut net2, mut greedy) = (0, 0);
    for seed in 0..16 {
        let first = (seed % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<Classic>>> = (0..4)
            .map(|s| -> Box<dyn Bot<Classic>> {
                if s % 2 == first {
                    Box::new(Net2Bot::new())
                } else {
                    Box::new(crate::classic::GreedyBot::new(seed))
                }
            })
            .collect();
        let game = play_with(&mut bots, &single, seed, &mut |_| {});
        for (s, &t) in game.totals().iter().enumerate() {
            if s % 2 == first {
                net2 += t;
            } else {
                greedy += t;
            }
        }
    }
    assert!(net2 < greedy, "net2 {net2} points, greedy {greedy}");
}
