"""Records: written and loaded, made by bots, and the same as the command line's."""

import nimmt
from nimmt import records


def test_played_records_are_the_arenas_deals_and_replay(tmp_path):
    specs = ["greedy", "mcts:iters=40", "random"]
    made = records.play(specs, games=3, seed=5, out=tmp_path / "set")
    report = nimmt.arena(specs, deals=3, seed=5)
    for k, record in enumerate(made):
        scores = nimmt.replay(record)["outcome"]["scores"]
        by_spec = [scores[(k % 3 + j) % 3] for j in range(3)]
        assert by_spec == report["points"][k]
    assert records.load(tmp_path / "set") == made
    assert records.load(tmp_path / "set" / "deal-000001.json") == made[1]


def test_a_record_written_loads_back(tmp_path):
    game = nimmt.Game("help", 3, seed=1)
    while game.pending():
        seat = game.pending()[0][0]
        game.act(seat, game.legal(seat)[-1])
    records.write(game.record(), tmp_path / "a" / "help.json")
    assert records.load(tmp_path / "a" / "help.json") == game.record()


def test_the_command_line_writes_the_same_records(cli, tmp_path):
    specs = ["greedy", "random"]
    cli("arena", "--seat", specs[0], "--seat", specs[1], "--deals", "2", "--seed", "4",
        "--records", str(tmp_path / "cli"))
    assert records.load(tmp_path / "cli") == records.play(specs, games=2, seed=4)
