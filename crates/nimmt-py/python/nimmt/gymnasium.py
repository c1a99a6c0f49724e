"""A Gymnasium environment of one seat of a nimmt game; the other seats are built-in bots.

    >>> from nimmt.gymnasium import SeatEnv
    >>> env = SeatEnv(game="classic", players=4, opponents=["greedy", "mcts:iters=500", "random"])
    >>> obs, info = env.reset(seed=1)

It is also registered with Gymnasium: ``gymnasium.make("nimmt/Seat-v0", game="help", players=3)``.

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}`` of the game's
fixed size (docs/python.md), actions numbers of that encoding. An action outside the mask plays
the rules' default move for the seat (what a timer does) and is counted in ``info["illegal"]``.
Rewards add up to the seat's final score, signed so that more is better: in classic minus the
bull heads it takes, as it takes them (the bots' turns included); in HELP! the points of each
deal as it ends; in the other games the final score when the game ends. ``info["view"]`` is the seat's JSON view.
"""

import gymnasium as gym
import numpy as np

from . import _spaces
from ._nimmt import Bot, Game


class SeatEnv(gym.Env):
    """One seat of ``game`` learns; ``opponents`` (one bot spec per other seat) play the rest."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game="classic", players=4, opponents=None, seat=0, options=None, render_mode=None):
        if opponents is None:
            opponents = ["random"] * (players - 1)
        if len(opponents) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, not {len(opponents)}")
        if not 0 <= seat < players:
            raise ValueError(f"there is no seat {seat} at a table of {players} players")
        self.game_name = game
        self.players = players
        self.opponents = list(opponents)
        self.seat = seat
        self.table_options = dict(options or {})
        self.render_mode = render_mode
        Game(game, players, self.table_options, 0)  # refuses a bad setup now
        for spec in self.opponents:
            Bot(spec, game)  # and a bad spec
        self.observation_space = _spaces.observation_space(game)
        self.action_space = _spaces.action_space(game)
        self.game = None
        self._bots = {}
        self._illegal = 0

    def _others_play(self):
        """The bots play until the learning seat is asked or the game is over."""
        game = self.game
        while True:
            others = [s for s, _ in game.pending() if s != self.seat]
            if not others:
                return
            s = others[0]
            game.act(s, self._bots[s].decide(game.view(s)))

    def _observation(self):
        obs, mask = self.game.observe(self.seat)
        return {"observation": obs, "action_mask": mask}

    def _info(self):
        return {"view": self.game.view(self.seat), "illegal": self._illegal}

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self.game = Game(self.game_name, self.players, self.table_options, _spaces.seed_of(self.np_random))
        others = [s for s in range(self.players) if s != self.seat]
        self._bots = {
            s: Bot(spec, self.game_name, seed=_spaces.seed_of(self.np_random))
            for s, spec in zip(others, self.opponents)
        }
        self._illegal = 0
        self._others_play()
        self._score = self.game.signed_scores()[self.seat]
        return self._observation(), self._info()

    def step(self, action):
        game = self.game
        if game.action_of(self.seat, int(action)) is None:
            self._illegal += 1
            game.act(self.seat, game.default_action(self.seat))
        else:
            game.act_index(self.seat, int(action))
        self._others_play()
        score = game.signed_scores()[self.seat]
        reward, self._score = score - self._score, score
        return self._observation(), reward, game.is_over, False, self._info()

    def render(self):
        if self.render_mode == "ansi":
            return repr(self.game.view(self.seat))
        return None


if "nimmt/Seat-v0" not in gym.registry:
    gym.register(id="nimmt/Seat-v0", entry_point="nimmt.gymnasium:SeatEnv")
