"""PettingZoo environments of every nimmt game.

``env(game=..., players=..., options={})`` is an ``AECEnv`` for every game: the seat asked first
acts (in a simultaneous choice the others follow in turn, their choices hidden until all are
in). ``parallel_env(...)`` is a ``ParallelEnv`` for the games where seats choose at once
(classic, buffalo, board): every live seat gives an action each step; the actions of seats that
are not asked are ignored (their mask is all zeros), and a seat whose choices an earlier seat's
action in the same step changed (a window of the buffalo's team) is asked again in the next.

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}`` of a fixed size
per game (``nimmt.spaces(game)``; layouts in docs/python.md); actions are numbers of that
encoding. ``info["view"]`` is the seat's JSON view (turn it off with ``json_views=False`` for
speed). Rewards add up to each seat's final score, signed so that more is better: in classic
minus the bull heads a seat took, as it takes them; in HELP! the points of each deal as it
ends; in the other games the final score when the game ends.
"""

import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from . import _spaces
from ._nimmt import Game

PARALLEL_GAMES = ("classic", "buffalo", "board")


def _agent(seat):
    return f"seat_{seat}"


def _seat(agent):
    return int(agent.rsplit("_", 1)[1])


class NimmtAECEnv(AECEnv):
    """Every seat of a nimmt game as a PettingZoo agent, acting in turn."""

    metadata = {"render_modes": ["ansi"], "name": "nimmt_v0", "is_parallelizable": False}

    def __init__(self, game="classic", players=4, options=None, render_mode=None, json_views=True):
        super().__init__()
        self.game_name = game
        self.players = players
        self.table_options = dict(options or {})
        self.render_mode = render_mode
        self.json_views = json_views
        Game(game, players, self.table_options, 0)  # refuses a bad setup now
        self.possible_agents = [_agent(s) for s in range(players)]
        self._observation_space = _spaces.observation_space(game)
        self._action_space = _spaces.action_space(game)
        self.game = None

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.np_random_seed = seed
            self.np_random = np.random.default_rng(seed)
        elif not hasattr(self, "np_random") or self.np_random is None:
            self.np_random = np.random.default_rng()
        self.game = Game(self.game_name, self.players, self.table_options, _spaces.seed_of(self.np_random))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._scores = self.game.signed_scores()
        self._after_action()

    def _after_action(self):
        game = self.game
        for agent in self.agents:
            info = {"seat": _seat(agent)}
            if self.json_views:
                info["view"] = game.view(_seat(agent))
            self.infos[agent] = info
        scores = game.signed_scores()
        for agent in self.agents:
            s = _seat(agent)
            self.rewards[agent] = scores[s] - self._scores[s]
        self._scores = scores
        if game.is_over:
            for agent in self.agents:
                self.terminations[agent] = True
            return
        self.agent_selection = _agent(game.pending_seats()[0])

    def observe(self, agent):
        obs, mask = self.game.observe(_seat(agent))
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.game.act_index(_seat(agent), int(action))
        self._after_action()
        self._accumulate_rewards()

    render = _spaces.render_spectator
    close = _spaces.close


class NimmtParallelEnv(ParallelEnv):
    """The seats of a nimmt game where they choose at once, all stepped together."""

    metadata = {"render_modes": ["ansi"], "name": "nimmt_parallel_v0"}

    def __init__(self, game="classic", players=4, options=None, render_mode=None, json_views=True):
        if game not in PARALLEL_GAMES:
            raise ValueError(
                f"{game} has no parallel environment (games whose seats choose at once: "
                f"{', '.join(PARALLEL_GAMES)}); use nimmt.pettingzoo.env"
            )
        self.game_name = game
        self.players = players
        self.table_options = dict(options or {})
        self.render_mode = render_mode
        self.json_views = json_views
        Game(game, players, self.table_options, 0)
        self.possible_agents = [_agent(s) for s in range(players)]
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}
        self.agents = []
        self._observation_space = _spaces.observation_space(game)
        self._action_space = _spaces.action_space(game)
        self.np_random = None
        self.game = None

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def _observe(self):
        agents = self.agents
        seats = [self._seats[a] for a in agents]
        obs, masks = self.game.observe_seats(seats)
        observations = {a: {"observation": obs[i], "action_mask": masks[i]} for i, a in enumerate(agents)}
        if self.json_views:
            infos = {a: {"seat": s, "view": self.game.view(s)} for a, s in zip(agents, seats)}
        else:
            infos = {a: {"seat": s} for a, s in zip(agents, seats)}
        return observations, infos

    def reset(self, seed=None, options=None):
        if seed is not None or self.np_random is None:
            self.np_random = np.random.default_rng(seed)
        self.game = Game(self.game_name, self.players, self.table_options, _spaces.seed_of(self.np_random))
        self.agents = self.possible_agents[:]
        self._scores = self.game.signed_scores()
        return self._observe()

    def step(self, actions):
        game = self.game
        game.act_parallel([int(actions.get(a, 0)) for a in self.possible_agents])
        agents = self.agents
        observations, infos = self._observe()
        scores, before = game.signed_scores(), self._scores
        self._scores = scores
        rewards = {a: scores[self._seats[a]] - before[self._seats[a]] for a in agents}
        over = game.is_over
        terminations = dict.fromkeys(agents, over)
        if over:
            self.agents = []
        truncations = dict.fromkeys(agents, False)
        return observations, rewards, terminations, truncations, infos

    render = _spaces.render_spectator
    close = _spaces.close


def env(game="classic", players=4, options=None, **kwargs):
    """The AEC environment of ``game`` (every game)."""
    return NimmtAECEnv(game=game, players=players, options=options, **kwargs)


def parallel_env(game="classic", players=4, options=None, **kwargs):
    """The parallel environment of ``game`` (classic, buffalo, board)."""
    return NimmtParallelEnv(game=game, players=players, options=options, **kwargs)
