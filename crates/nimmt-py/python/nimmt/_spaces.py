"""What the environments share: the spaces of a game's encoding, seeds and rendering."""

import numpy as np
from gymnasium import spaces

from ._nimmt import spaces as _encoding_sizes

# Every number of an observation lies within these bounds.
LIMIT = 1e6


def observation_space(game):
    """The observation of one seat: ``{"observation": float32 vector, "action_mask": int8 vector}``."""
    size, actions = _encoding_sizes(game)
    return spaces.Dict(
        {
            "observation": spaces.Box(-LIMIT, LIMIT, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
        }
    )


def action_space(game):
    """One action number of the game's encoding (docs/python.md)."""
    _, actions = _encoding_sizes(game)
    return spaces.Discrete(actions)


def seed_of(np_random):
    """A game seed drawn from a generator."""
    return int(np_random.integers(0, 2**63 - 1))


def render_spectator(env):
    """The table as a spectator sees it, as text (render_mode "ansi")."""
    if env.render_mode == "ansi" and env.game is not None:
        return repr(env.game.view())
    return None


def close(env):
    env.game = None
