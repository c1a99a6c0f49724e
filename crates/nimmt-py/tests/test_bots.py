"""Bots and the arena from Python play exactly as the command line's arena."""

import json

import pytest

import nimmt
from conftest import mix


def play_arena_deal(specs, seed, deal, options=None):
    """Deal `deal` of an arena with `specs`, played from Python with nimmt.Bot: the arena's
    seeds, its seat rotation, the first seat asked deciding. Points by spec."""
    n = len(specs)
    game = nimmt.Game("classic", n, dict(options or {"deals": "1"}), seed=mix(seed, deal))
    deal_seed = mix(seed, deal)
    bots = [nimmt.Bot(spec, game, seed=mix(deal_seed, j + 1)) for j, spec in enumerate(specs)]
    spec_at = lambda seat: (seat + n - deal % n) % n  # noqa: E731
    while game.pending():
        seat = game.pending()[0][0]
        bot = bots[spec_at(seat)]
        game.act(seat, bot.decide(game.view(seat), game.legal(seat)))
    scores = game.outcome()["scores"]
    return [scores[(deal % n + j) % n] for j in range(n)]


def test_a_bot_decides_a_legal_action_for_every_game():
    for name, players in [("classic", 4), ("help", 3), ("buffalo", 2), ("board", 2)]:
        game = nimmt.Game(name, players, seed=1)
        seat = game.pending()[0][0]
        for spec in ["random", "greedy", "mcts:iters=50"]:
            action = nimmt.Bot(spec, name, seed=2).decide(game.view(seat), game.legal(seat))
            assert action in game.legal(seat), (name, spec)


def test_a_bad_spec_is_refused_with_the_bots_named():
    with pytest.raises(nimmt.BotError) as bad:
        nimmt.Bot("smart", "classic")
    assert "greedy" in str(bad.value)


def test_mcts_plays_exactly_as_in_the_arena_deal_by_deal():
    specs = ["mcts:iters=400", "greedy", "random", "random"]
    report = nimmt.arena(specs, deals=4, seed=7, threads=2)
    for deal in range(4):
        assert play_arena_deal(specs, 7, deal) == report["points"][deal], f"deal {deal}"


def test_the_arena_returns_what_the_command_line_prints(cli):
    specs = ["greedy", "search=mcts:iters=60", "random"]
    mine = nimmt.arena(specs, deals=6, seed=3, options={"deck": "tactic"})
    args = ["arena", "--json", "--deals", "6", "--seed", "3", "--option", "deck=tactic"]
    for s in specs:
        args += ["--seat", s]
    theirs = json.loads(cli(*args))
    for v in (mine, theirs):
        for seat in v["seats"]:
            seat.pop("mean_decision_ms")
            seat.pop("overhead_ms")
    assert mine == theirs
    assert mine["seats"][1]["seat"] == "search" and len(mine["points"]) == 6


def test_the_arena_of_another_game_reports_every_seat():
    report = nimmt.arena(["greedy", "random", "random"], game="help", deals=3, seed=2)
    assert report["game"] == "help" and report["deals"] == 3
    assert abs(sum(s["win_share"] for s in report["seats"]) - 1.0) < 1e-9
