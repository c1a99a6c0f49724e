"""nimmt for Python: the games of the 6 nimmt! family with exact rules, their bots, the arena and
game records, from the project's Rust engine.

    >>> import nimmt
    >>> game = nimmt.Game("classic", 4, seed=1)
    >>> seat, asked = game.pending()[0]
    >>> events = game.act(seat, game.legal(seat)[0])

Actions, views, events and records are the protocol's JSON as Python dicts. The PettingZoo
environments are in ``nimmt.pettingzoo``, the Gymnasium one in ``nimmt.gymnasium``; the records
helper in ``nimmt.records``. See docs/python.md.
"""

import json as _json

from ._nimmt import (
    ActionError,
    Bot,
    BotError,
    Game,
    NimmtError,
    ReplayError,
    SetupError,
    VecClassic,
    games,
    replay,
    spaces,
)
from ._nimmt import arena_json as _arena_json
from .connect import ConnectError, connect

__all__ = [
    "ActionError",
    "Bot",
    "BotError",
    "ConnectError",
    "Game",
    "NimmtError",
    "ReplayError",
    "SetupError",
    "VecClassic",
    "arena",
    "connect",
    "games",
    "replay",
    "spaces",
]


def arena(
    seats,
    game="classic",
    deals=1000,
    seed=1,
    options=None,
    players=None,
    threads=None,
    first_deal=0,
    bot_timeout_ms=2000,
):
    """Bots against bots over seeded deals, seats rotating, as ``nimmt arena`` plays them.

    ``seats`` are ``[NAME=]SPEC`` strings, one per seat (``["greedy", "me=mcts:iters=400"]``).
    Returns what ``nimmt arena --json`` prints, as a dict: per seat the mean points with their
    95% interval, win share, time per decision and Elo; every two seats compared deal by deal
    (``pairs``); and every deal's points by seat (``points``, in the order of ``deal_index``).
    The same arguments give the same deals and numbers as the command line.
    """
    text = _arena_json(
        list(seats),
        game=game,
        deals=deals,
        seed=seed,
        options=options,
        players=players,
        threads=threads,
        first_deal=first_deal,
        bot_timeout_ms=bot_timeout_ms,
    )
    return _json.loads(text)
