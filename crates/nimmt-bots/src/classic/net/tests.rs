use super::*;
use crate::classic::testing;
use crate::classic::GreedyBot;

#[test]
fn the_shipped_weights_load_and_round_trip() {
    let net = Net::shipped();
    assert_eq!(WEIGHTS.len(), HEADER + 4 * Net::PARAMS);
    assert_eq!(Net::from_bytes(&net.to_bytes()).unwrap(), *net);
    assert!(net.flat().iter().any(|&w| w != 0.0), "trained weights");
    assert!(matches!(
        Net::from_bytes(b"NNET"),
        Err(WeightsError::Header)
    ));
    assert!(matches!(
        Net::from_bytes(&WEIGHTS[..WEIGHTS.len() - 4]),
        Err(WeightsError::Size(..))
    ));
}

#[test]
fn the_net_plays_legal_cards_under_every_option() {
    for (i, options) in testing::OPTION_SETS.iter().enumerate() {
        let mut game = testing::game(4, options, 40 + i as u64);
        let mut bots: Vec<Box<dyn Bot<Classic>>> = (0..4)
            .map(|s| -> Box<dyn Bot<Classic>> {
                if s % 2 == 0 {
                    Box::new(NetBot::new())
                } else {
                    Box::new(GreedyBot::new(s))
                }
            })
            .collect();
        // `play` panics on an illegal action.
        testing::play(&mut game, &mut bots, |_, _, view, action| {
            assert!(view.legal_actions().contains(action), "{options:?}");
        });
    }
}
