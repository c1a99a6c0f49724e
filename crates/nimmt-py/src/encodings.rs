//! Each game's encoding (`docs/python.md`): classic's and HELP!'s own, the generic one for
//! the others.

use crate::classic_encoding::ClassicEncoding;
use crate::encoding::{generic_action_count, Encoding, GenericEncoding, Typed};
use crate::help_encoding::HelpEncoding;
use nimmt_core::GameKind;

/// The encoding of a game.
pub fn encoding(kind: GameKind) -> Box<dyn Encoding> {
    if kind == GameKind::new("classic") {
        Box::new(Typed::<ClassicEncoding>::NEW)
    } else if kind == GameKind::new("help") {
        Box::new(Typed::<HelpEncoding>::NEW)
    } else {
        Box::new(GenericEncoding {
            actions: generic_action_count(kind),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic_encoding::classic_layout;
    use nimmt_core::games::classic::Classic;
    use nimmt_core::{Game, OptionMap, Seat, Setup};
    use serde_json::Value;

    fn game(name: &'static str, players: usize, seed: u64) -> Game {
        Game::new(&Setup::new(
            GameKind::new(name),
            players,
            OptionMap::new(),
            seed,
        ))
        .unwrap()
    }

    /// Plays every game to its end by action numbers, several seeds, a different allowed number
    /// each time: the mask names exactly the numbers `action` turns into legal actions, one per
    /// distinct legal action (while they fit the action space).
    #[test]
    fn every_masked_number_is_a_legal_action_to_the_end_of_every_game() {
        for kind in GameKind::all() {
            let d = nimmt_core::registry::find(kind.name())
                .unwrap()
                .descriptor();
            let enc = encoding(kind);
            let mut mask = vec![0u8; enc.action_count()];
            let mut obs = vec![0f32; enc.observation_size()];
            for seed in 0..4u64 {
                let players = (d.players.0.max(2) + seed as usize).min(d.players.1);
                let mut g = game(kind.name(), players, seed);
                let mut steps = 0;
                while let Some((seat, _)) = g.pending().first().cloned() {
                    enc.observe(&g, seat, &mut obs);
                    enc.mask(&g, seat, &mut mask);
                    let legal = g.legal_actions(seat);
                    let mut distinct: Vec<String> = legal.iter().map(Value::to_string).collect();
                    distinct.sort();
                    distinct.dedup();
                    let allowed: Vec<usize> = (0..mask.len()).filter(|&i| mask[i] == 1).collect();
                    assert_eq!(
                        allowed.len(),
                        distinct.len().min(enc.action_count()),
                        "{kind}: the mask counts the legal actions"
                    );
                    for &i in &allowed {
                        let a = enc
                            .action(&g, seat, i)
                            .expect("a masked number is an action");
                        assert!(legal.contains(&a), "{kind}: {a} is legal");
                    }
                    let action = enc
                        .action(&g, seat, allowed[steps % allowed.len()])
                        .unwrap();
                    g.act(seat, &action).unwrap();
                    steps += 1;
                    assert!(steps < 100_000, "{kind} ends");
                }
            }
        }
    }

    #[test]
    fn a_classic_observation_shows_the_hand_and_the_rows() {
        use classic_layout::*;
        let g = game("classic", 4, 7);
        let c = g.downcast_ref::<Classic>().unwrap();
        let mut obs = vec![0f32; SIZE];
        encoding(g.kind()).observe(&g, Seat(1), &mut obs);
        for card in c.hand(Seat(1)) {
            assert_eq!(obs[HAND + card.number() as usize - 1], 1.0);
        }
        assert_eq!(obs[HAND..HAND + 104].iter().sum::<f32>(), 10.0);
        assert_eq!(
            obs[SEEN..SEEN + 104].iter().sum::<f32>(),
            4.0,
            "the four rows"
        );
        assert_eq!(obs[ASKED], 1.0, "asked to play a card");
        let first = c.rows().rows[0][0].number();
        assert_eq!(obs[ROW_FEATURES], f32::from(first) / 104.0);
    }
}
