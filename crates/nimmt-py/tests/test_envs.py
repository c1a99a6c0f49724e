"""The environments: PettingZoo's and Gymnasium's own checkers for every game, and the
vectorised classic tables."""

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

import nimmt
import nimmt.pettingzoo
from nimmt.gymnasium import SeatEnv

GAMES = [("classic", 4), ("classic", 2), ("help", 3), ("help", 5), ("buffalo", 1), ("buffalo", 4),
         ("board", 2), ("board", 5)]
PARALLEL = [g for g in GAMES if g[0] in nimmt.pettingzoo.PARALLEL_GAMES]


@pytest.fixture(autouse=True)
def quiet():
    # The checkers advise Box observations; a dict with an action mask is PettingZoo's way.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game,players", GAMES)
def test_the_aec_environment_passes_pettingzoos_api_test(game, players):
    api_test(nimmt.pettingzoo.env(game=game, players=players), num_cycles=1000)


@pytest.mark.parametrize("game,players", PARALLEL)
def test_the_parallel_environment_passes_pettingzoos_parallel_api_test(game, players):
    parallel_api_test(nimmt.pettingzoo.parallel_env(game=game, players=players), num_cycles=1000)


def test_a_game_of_seats_acting_in_turn_has_no_parallel_environment():
    with pytest.raises(ValueError, match="help"):
        nimmt.pettingzoo.parallel_env(game="help", players=3)


def test_aec_rewards_are_the_bull_heads_as_taken_and_add_up_to_the_final_score():
    env = nimmt.pettingzoo.env(game="classic", players=3, options={"end_at": "20"})
    env.reset(seed=4)
    assert env.infos["seat_1"]["view"]["players"] == 3
    rewards = {a: 0.0 for a in env.possible_agents}
    early = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward
        early += reward < 0 and not terminated
        if terminated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(env.game.legal(int(agent[-1])))
        env.step(int(legal[0]))
    scores = env.game.outcome()["scores"]
    assert [rewards[f"seat_{s}"] for s in range(3)] == [-float(p) for p in scores]
    assert max(scores) >= 20
    assert early > 0, "bull heads count when they are taken, not only at the end"


def test_help_rewards_come_deal_by_deal():
    env = nimmt.pettingzoo.env(game="help", players=3, options={"end_at": "4"})
    env.reset(seed=3)
    before_end = 0
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, _, _ = env.last()
        total[agent] += reward
        before_end += reward != 0 and not terminated
        if terminated:
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert [total[a] for a in env.possible_agents] == [float(s) for s in env.game.outcome()["scores"]]
    assert before_end > 0, "a deal's points count when the deal ends"


@pytest.mark.parametrize("game,players", PARALLEL)
def test_parallel_rewards_add_up_to_each_seats_signed_final_score(game, players):
    env = nimmt.pettingzoo.parallel_env(game=game, players=players, json_views=False)
    obs, _ = env.reset(seed=5)
    total = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0
                   for a, o in obs.items()}
        obs, rewards, _, _, _ = env.step(actions)
        for a, r in rewards.items():
            total[a] += r
    outcome = env.game.outcome()
    sign = -1.0 if outcome["sense"] == "lower" else 1.0
    assert [total[a] for a in env.possible_agents] == [sign * s for s in outcome["scores"]]


def test_the_same_seed_deals_the_same_game():
    a, b = nimmt.pettingzoo.parallel_env(), nimmt.pettingzoo.parallel_env()
    oa, _ = a.reset(seed=12)
    ob, _ = b.reset(seed=12)
    assert np.array_equal(oa["seat_2"]["observation"], ob["seat_2"]["observation"])


@pytest.mark.parametrize("game,players", GAMES)
def test_the_seat_environment_passes_gymnasiums_checker(game, players):
    opponents = ["greedy"] + ["random"] * (players - 2) if players > 1 else []
    check_env(SeatEnv(game=game, players=players, opponents=opponents), skip_render_check=True)


def test_the_seat_environment_plays_against_bots_to_the_end():
    env = SeatEnv(game="classic", players=4, opponents=["greedy", "mcts:iters=50", "random"],
                  options={"deals": "1"})
    obs, info = env.reset(seed=3)
    assert info["view"]["asked"] == {"type": "play_card"}
    done, steps, total = False, 0, 0.0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, done, _, info = env.step(int(legal[-1]))
        total += reward
        steps += 1
    assert info["illegal"] == 0 and steps >= 10
    assert total == -env.game.outcome()["scores"][0]


def test_the_seat_environment_is_registered_with_gymnasium():
    import gymnasium

    env = gymnasium.make("nimmt/Seat-v0", game="help", players=3, opponents=["greedy", "random"])
    obs, info = env.reset(seed=2)
    assert obs["observation"].shape == (nimmt.spaces("help")[0],)
    assert info["view"]["players"] == 3


def test_an_action_outside_the_mask_plays_the_default_move():
    env = SeatEnv(game="classic", players=3)
    obs, _ = env.reset(seed=1)
    outside = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, _, _, _, info = env.step(outside)
    assert info["illegal"] == 1 and len(info["view"]["hand"]) == 9


def test_vectorised_tables_step_deal_after_deal():
    env = nimmt.VecClassic(64, players=4, seed=1)
    obs, mask = env.reset()
    assert obs.shape == (64, env.observation_size) and mask.shape == (64, 104)
    assert (mask.sum(axis=1) == 10).all()
    returns = np.zeros(64)
    for turn in range(10):
        obs, mask, rewards, dones = env.step(env.random_actions())
        returns += rewards
        assert dones.all() == (turn == 9)
    assert (mask.sum(axis=1) == 10).all(), "every table was dealt anew"
    assert (returns <= 0).all() and returns.mean() < -3
    with pytest.raises(ValueError, match="not in the learner's hand"):
        env.step(np.flatnonzero(mask[0] == 0)[:1].repeat(64))


def test_vectorised_opponents_play_a_bots_style():
    returns = {}
    for opponents in ["random", "greedy"]:
        env = nimmt.VecClassic(128, players=4, seed=2, opponents=opponents)
        env.reset()
        total = 0.0
        for _ in range(50):
            total -= env.step(env.random_actions())[2].sum()
        returns[opponents] = total / (128 * 5)
    assert returns["greedy"] > returns["random"] + 1, returns
    with pytest.raises(ValueError, match="dump-high"):
        nimmt.VecClassic(4, opponents="smart")


def test_the_observation_shows_the_hand():
    game = nimmt.Game("classic", 4, seed=6)
    obs, mask = game.observe(1)
    hand = game.view(1)["hand"]
    assert sorted(np.flatnonzero(obs[:104]) + 1) == hand
    assert sorted(np.flatnonzero(mask) + 1) == hand
    assert game.action_of(1, hand[0] - 1) == {"type": "play", "card": hand[0]}
    assert nimmt.spaces("classic") == (len(obs), len(mask))
