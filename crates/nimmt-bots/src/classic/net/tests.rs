use super::train::{self, loss_grad, Sample};
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

#[test]
fn the_hand_made_gradient_matches_finite_differences() {
    let net = train::initial(3);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let sample = Sample {
        cards: (0..4)
            .map(|_| std::array::from_fn(|_| rng.random_range(0.0..1.0)))
            .collect(),
        chosen: 2,
    };
    let mut grad = Net::zeros();
    loss_grad(&net, &sample, Some(&mut grad));
    let (p, g) = (net.flat(), grad.flat());
    for i in (0..Net::PARAMS).step_by(37).chain([Net::PARAMS - 1]) {
        let at = |d: f32| {
            let mut q = p.clone();
            q[i] += d;
            loss_grad(&Net::from_flat(&q), &sample, None).0
        };
        let numeric = (at(1e-3) - at(-1e-3)) / 2e-3;
        assert!(
            (numeric - f64::from(g[i])).abs() < 2e-3 + 0.1 * numeric.abs(),
            "weight {i}: {numeric} by differences, {} by hand",
            g[i]
        );
    }
}

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
