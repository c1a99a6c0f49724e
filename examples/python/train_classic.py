"""A policy-gradient agent in plain numpy that learns classic 6 nimmt! against random opponents.

    python examples/python/train_classic.py [--minutes 5] [--tables 256] [--seed 1]

The agent plays seat 0 of many tables at once (nimmt.VecClassic: four players, the other three
play random cards, or a bot's style with --opponents greedy, a deal is an episode). Its policy scores each card of its hand from a few
numbers about that card (where it would go, how far from the row's end, whether it would be the
sixth card, the bull heads it would take, ...) with one weight each, and picks by softmax;
REINFORCE with a running baseline tunes the weights. Every few seconds it prints its learning
curve: the mean bull heads it took per deal recently, beside what a random player takes at the
same tables. Lower is better.
"""

import argparse
import time

import numpy as np

import nimmt

CARDS = np.arange(1, 105, dtype=np.float32)
HEADS = np.array([nimmt.Game("classic", 2).view(0)["card_heads"]], dtype=np.float32)  # (1, 104)


def card_features(obs):
    """Numbers about every card (tables × 104 × features) from the observation (docs/python.md:
    hand, seen cards, each row's first and last card, length and bull heads)."""
    n = obs.shape[0]
    rows = obs[:, 208:224].reshape(n, 4, 4)
    last = rows[:, :, 1] * 104  # (n, 4)
    length = rows[:, :, 2] * 5
    heads = rows[:, :, 3] * 30
    gap = CARDS[None, None, :] - last[:, :, None]  # (n, 4, 104)
    fits = gap > 0
    gap_or_big = np.where(fits, gap, 1000.0)
    target = gap_or_big.argmin(axis=1)  # (n, 104)
    low = ~fits.any(axis=1)
    best_gap = np.take_along_axis(gap_or_big, target[:, None, :], axis=1)[:, 0, :]
    t_len = np.take_along_axis(length, target, axis=1)
    t_heads = np.take_along_axis(heads, target, axis=1)
    sixth = (~low) & (t_len >= 5)
    cheapest = heads.min(axis=1, keepdims=True)
    unseen = 1.0 - obs[:, 104:208] - obs[:, 0:104]
    # Cards others may still play below this card (that could get in first).
    unseen_below = np.cumsum(unseen, axis=1) / 30.0
    risk = np.where(low, cheapest, np.where(sixth, t_heads, 0.0)) / 10.0
    features = np.stack(
        [
            np.where(low, 0.0, np.minimum(best_gap, 30.0) / 30.0),
            low.astype(np.float32),
            sixth.astype(np.float32),
            risk,
            np.where(low, 0.0, t_len / 5.0),
            np.broadcast_to(CARDS / 104.0, low.shape),
            np.broadcast_to(HEADS / 7.0, low.shape),
            unseen_below,
        ],
        axis=-1,
    )
    return features.astype(np.float32)


def policy(theta, obs, mask):
    """Card probabilities (tables × 104) and the features they came from."""
    phi = card_features(obs)
    logits = phi @ theta
    logits = np.where(mask > 0, logits, -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    return p, phi


def random_mean(tables, deals, seed, opponents):
    """Mean bull heads per deal of a random player at these tables."""
    env = nimmt.VecClassic(tables, players=4, seed=seed, opponents=opponents)
    env.reset()
    total, done_deals = 0.0, 0
    while done_deals < deals:
        _, _, r, d = env.step(env.random_actions())
        total -= r.sum()
        done_deals += int(d.sum())
    return total / done_deals


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--tables", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--opponents", default="random",
                        help="how the other three play: random, greedy, dump-high, keep-low, ...")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    baseline_random = random_mean(args.tables, 20_000, args.seed + 1, args.opponents)
    print(f"random player: {baseline_random:.2f} bull heads per deal (20,000 deals)")
    env = nimmt.VecClassic(args.tables, players=4, seed=args.seed, opponents=args.opponents)
    obs, mask = env.reset()
    theta = np.zeros(card_features(obs).shape[-1], dtype=np.float32)
    n = args.tables
    start = last_print = time.perf_counter()
    recent, deals, baseline = [], 0, None
    while time.perf_counter() - start < args.minutes * 60:
        # One deal at every table (all tables deal together: ten turns each).
        grads, rewards = [], []
        for _ in range(10):
            p, phi = policy(theta, obs, mask)
            u = rng.random((n, 1))
            action = (p.cumsum(axis=1) < u).sum(axis=1).clip(0, 103)
            action = np.where(mask[np.arange(n), action] > 0, action, p.argmax(axis=1))
            # Gradient of log p(action): phi(action) minus the expected phi.
            g = phi[np.arange(n), action] - np.einsum("nc,ncf->nf", p, phi)
            obs, mask, r, done = env.step(action)
            grads.append(g)
            rewards.append(r)
        rewards = np.array(rewards)  # (10, n)
        to_go = rewards[::-1].cumsum(axis=0)[::-1]
        deal_points = -rewards.sum(axis=0)
        baseline = to_go.mean(axis=1, keepdims=True) if baseline is None else (
            0.9 * baseline + 0.1 * to_go.mean(axis=1, keepdims=True))
        adv = to_go - baseline
        grad = sum((adv[t][:, None] * grads[t]).mean(axis=0) for t in range(10))
        theta += args.lr * grad
        recent.append(deal_points.mean())
        deals += n
        now = time.perf_counter()
        if now - last_print >= 10 or now - start >= args.minutes * 60:
            mean = float(np.mean(recent[-40:]))
            print(f"{now - start:6.0f} s  {deals:>9,} deals  agent {mean:5.2f}  random {baseline_random:5.2f} "
                  f"bull heads per deal", flush=True)
            last_print = now
    final = float(np.mean(recent[-40:]))
    verdict = "beats" if final < baseline_random else "does not beat"
    print(f"after {args.minutes:g} minutes the agent takes {final:.2f} bull heads per deal, random "
          f"{baseline_random:.2f}: it {verdict} random")
    print("weights:", np.round(theta, 2))


if __name__ == "__main__":
    main()
