use super::*;

#[test]
fn the_hand_made_gradient_matches_finite_differences() {
    let net = initial(3);
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
