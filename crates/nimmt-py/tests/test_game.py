"""The package's games: setup, decisions, refused actions, views, records and replay."""

import json

import pytest

import nimmt


def play_out(game, choose=lambda legal: legal[0]):
    while game.pending():
        seat = game.pending()[0][0]
        game.act(seat, choose(game.legal(seat)))
    return game


def test_games_lists_every_game_with_its_option_schema():
    games = {g["name"]: g for g in nimmt.games()}
    assert set(games) == {"classic", "help", "buffalo", "board"}
    keys = [o["key"] for o in games["classic"]["options"]]
    assert "deck" in keys and "end_at" in keys
    assert games["classic"]["players"] == [2, 10]


def test_a_game_starts_with_every_seat_asked_to_play_a_card():
    game = nimmt.Game("classic", 4, {"deck": "tactic"}, seed=3)
    assert game.options["deck"] == "tactic"
    assert [s for s, _ in game.pending()] == [0, 1, 2, 3]
    assert game.pending()[0][1] == {"type": "play_card"}
    view = game.view(2)
    assert len(view["hand"]) == 10
    assert [{"type": "play", "card": c} for c in view["hand"]] == game.legal(2)
    assert game.view()["hand"] == [], "a spectator sees no hand"
    assert game.outcome() is None


def test_a_refused_action_raises_the_engines_code_and_changes_nothing():
    game = nimmt.Game("classic", 3, seed=5)
    before = game.clone()
    held = set(game.view(0)["hand"])
    missing = next(c for c in range(1, 105) if c not in held)
    with pytest.raises(nimmt.ActionError) as refused:
        game.act(0, {"type": "play", "card": missing})
    assert refused.value.code == "not_in_hand"
    assert refused.value.details["card"] == missing
    with pytest.raises(nimmt.ActionError) as refused:
        game.act(1, {"type": "take_row", "row": 0})
    assert refused.value.code == "wrong_decision"
    with pytest.raises(nimmt.ActionError) as refused:
        game.act(1, {"type": "fly"})
    assert refused.value.code == "malformed"
    assert game == before
    assert game.record() == before.record()


def test_a_bad_setup_names_what_is_wrong():
    with pytest.raises(nimmt.SetupError) as bad:
        nimmt.Game("classic", 11)
    assert bad.value.code == "players"
    with pytest.raises(nimmt.SetupError) as bad:
        nimmt.Game("classic", 4, {"deck": "huge"})
    assert bad.value.code == "bad_value" and "deck" in str(bad.value)
    with pytest.raises(nimmt.SetupError) as bad:
        nimmt.Game("chess", 2)
    assert bad.value.code == "unknown_game"


def test_a_clone_goes_its_own_way():
    game = nimmt.Game("classic", 4, seed=8)
    copy = game.clone()
    game.act(0, game.legal(0)[0])
    assert copy.view(0)["phase"]["chosen"] == [False] * 4
    assert game.view(0)["phase"]["chosen"][0] is True
    assert game != copy


@pytest.mark.parametrize("name,players", [("classic", 4), ("help", 3), ("buffalo", 2), ("board", 3)])
def test_every_game_plays_to_its_end_and_its_record_replays_to_the_same_game(name, players):
    game = play_out(nimmt.Game(name, players, seed=21))
    outcome = game.outcome()
    assert outcome is not None and len(outcome["scores"]) == players
    record = game.record()
    assert record["game"] == name and record["outcome"] == outcome
    replayed = nimmt.replay(record)
    assert replayed["outcome"] == outcome
    assert replayed["game"] == game
    assert len(replayed["steps"]) == len(record["actions"])
    assert replayed["steps"][0]["action"] == record["actions"][0]["action"]
    assert nimmt.replay(json.dumps(record))["outcome"] == outcome


def test_a_changed_record_is_refused_with_the_first_bad_entry():
    game = play_out(nimmt.Game("classic", 3, seed=2))
    record = game.record()
    record["actions"][4]["action"] = {"type": "play", "card": 200}
    with pytest.raises(nimmt.ReplayError) as bad:
        nimmt.replay(record)
    assert "actions[4]" in str(bad.value)


def test_events_carry_their_audience():
    game = nimmt.Game("classic", 2, seed=4)
    events = game.act(0, game.legal(0)[0])
    assert events == [{"to": "public", "event": {"type": "chosen", "seat": 0, "hand_size": 9}}]
    events = game.act(1, game.legal(1)[0])
    assert any(e["event"]["type"] == "revealed" for e in events)


def test_the_replay_of_the_command_line_agrees(cli, tmp_path):
    game = play_out(nimmt.Game("classic", 4, {"end_at": "30"}, seed=9))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()))
    printed = cli("replay", str(path))
    for score in game.outcome()["scores"]:
        assert str(score) in printed
    assert "ok" in printed.lower() or "replay" in printed.lower()


def test_a_game_pickles_as_its_record_and_comes_back_the_same():
    import pickle

    game = nimmt.Game("help", 4, seed=13)
    for _ in range(7):
        seat = game.pending()[0][0]
        game.act(seat, game.legal(seat)[0])
    back = pickle.loads(pickle.dumps(game))
    assert back == game and back.record() == game.record()
    seat = back.pending()[0][0]
    assert back.legal(seat) == game.legal(seat)
