"""Steps per second of the Python environments with random legal actions, 4 players, classic.

    taskset -c 0 python examples/python/benchmark.py [--seconds 5]

Prints one line per environment. A step of the vectorised tables is one turn of one table (the
learning seat's card and the three bots' cards laid); a step of the PettingZoo parallel
environment is one call of step() (every seat asked acts); an AEC step is one seat's action.
"""

import argparse
import random
import time

import numpy as np

import nimmt
import nimmt.pettingzoo


def timed(seconds, step):
    """Calls step() until `seconds` have passed; returns (steps counted by step(), seconds)."""
    steps, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(16):
            steps += step()
    return steps, elapsed


def vectorised(seconds, tables, sample_in_numpy):
    env = nimmt.VecClassic(tables, players=4, seed=1)
    obs, mask = env.reset()
    rng = np.random.default_rng(1)
    state = {"mask": mask}

    def step():
        if sample_in_numpy:
            # A random legal card per table: the largest of uniform noise on the legal cards.
            actions = np.argmax(state["mask"] + rng.random(state["mask"].shape), axis=1)
        else:
            actions = env.random_actions()
        _, state["mask"], _, _ = env.step(actions)
        return tables

    return timed(seconds, step)


def parallel(seconds, json_views):
    env = nimmt.pettingzoo.parallel_env(game="classic", players=4, json_views=json_views)
    draw = random.Random(1).random
    state = {"obs": env.reset(seed=1)[0]}

    def step():
        if not env.agents:
            state["obs"] = env.reset()[0]
        actions = {}
        for agent, o in state["obs"].items():
            legal = o["action_mask"].nonzero()[0]
            actions[agent] = int(legal[int(draw() * len(legal))]) if len(legal) else 0
        state["obs"] = env.step(actions)[0]
        return 1

    return timed(seconds, step)


def aec(seconds):
    env = nimmt.pettingzoo.env(game="classic", players=4, json_views=False)
    env.reset(seed=1)
    draw = random.Random(1).random

    def step():
        agent = env.agent_selection
        if env.terminations[agent]:
            env.step(None)
            if not env.agents:
                env.reset()
            return 0
        legal = env.observe(agent)["action_mask"].nonzero()[0]
        env.step(int(legal[int(draw() * len(legal))]))
        return 1

    return timed(seconds, step)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--tables", type=int, default=4096)
    args = parser.parse_args()
    s = args.seconds
    runs = [
        (f"vectorised classic, {args.tables} tables, actions drawn in Rust", vectorised(s, args.tables, False)),
        (f"vectorised classic, {args.tables} tables, actions drawn in numpy", vectorised(s, args.tables, True)),
        ("PettingZoo parallel classic, json_views=False", parallel(s, False)),
        ("PettingZoo parallel classic, json_views=True", parallel(s, True)),
        ("PettingZoo AEC classic, json_views=False", aec(s)),
    ]
    for name, (steps, elapsed) in runs:
        print(f"{name}: {steps / elapsed:,.0f} steps/s ({steps:,} steps in {elapsed:.1f} s)")


if __name__ == "__main__":
    main()
