"""nimmt.connect against a real room: a Python bot account plays a rated classic game with a
person (a scripted WebSocket client) and a bridged bot (`nimmt bot connect --spec greedy`), and
every rating moves."""

import itertools
import json
import os
import subprocess
import tempfile
import threading
import time
import urllib.request

import pytest

import nimmt
from conftest import nimmt_binary

websockets = pytest.importorskip("websockets")
from websockets.sync.client import connect as ws_connect  # noqa: E402

PASSWORD = "a long enough password"


def http(base, method, path, token=None, body=None):
    req = urllib.request.Request(base + path, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(req, data=data, timeout=10) as answer:
        text = answer.read()
    return json.loads(text) if text else None


def sign_up(base, name):
    return http(base, "POST", "/api/account/signup", body={"name": name, "password": PASSWORD})["token"]


def bot_account(base, name):
    session = sign_up(base, name)
    http(base, "POST", "/api/account/bot", session, {"confirm": True})
    return http(base, "POST", "/api/account/tokens", session, {"name": "python"})["token"]


def classic(base, name):
    profile = http(base, "GET", f"/api/players/{name}")
    return next((g for g in profile.get("games", []) if g["game"] == "classic"), {})


@pytest.fixture
def room():
    binary = nimmt_binary()
    if binary is None:
        pytest.skip("the nimmt command is not built (cargo build -p nimmt, or set NIMMT_BIN)")
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [binary, "serve", "--addr", "127.0.0.1:0", "--bot-delay-ms", "0",
             "--ladder-every-secs", "0", "--database", f"sqlite://{tmp}/room.db"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        try:
            line = server.stdout.readline()
            addr = line.split("http://")[1].split()[0]
            yield binary, addr, tmp
        finally:
            server.kill()
            server.wait()


class Person:
    """A scripted player: says what it is told, and plays the first legal action when asked."""

    def __init__(self, ws, token):
        self.ws = ws
        self.ids = itertools.count(1)
        self.table = None
        self.view = None
        self.last = None  # (version, legal) of the latest question
        self.pending = None
        self.request({"type": "hello", "protocol": 1, "name": "Ann", "token": token, "lang": "en"},
                     lambda m: m["type"] == "welcome")

    def send(self, msg):
        request = next(self.ids)
        self.ws.send(json.dumps({**msg, "id": request}))
        return request

    def recv(self):
        msg = json.loads(self.ws.recv(timeout=30))
        if msg["type"] in ("state", "update") and msg.get("view") is not None:
            self.view = msg["view"]
            legal = msg.get("legal") or []
            self.last = (msg["version"], legal) if legal else None
            if msg["type"] == "update" and msg.get("ack") == self.pending:
                self.pending = None
        if msg["type"] == "error" and msg.get("id") == self.pending:
            self.pending = None
        return msg

    def request(self, msg, done):
        self.send(msg)
        while True:
            m = self.recv()
            if done(m):
                return m

    def command(self, text):
        """The chat command `text`, until the room acknowledges it (30 s at most)."""
        until = time.monotonic() + 30
        while True:
            i = self.send({"type": "chat", "table": self.table, "text": text})
            while True:
                m = self.recv()
                if m.get("id") == i and m["type"] in ("ack", "error"):
                    break
            if m["type"] == "ack":
                return
            assert time.monotonic() < until, f"{text}: {m}"
            time.sleep(0.2)

    def play_to_end(self):
        while not (self.view and self.view.get("outcome")):
            if self.last and self.pending is None:
                version, legal = self.last
                self.pending = self.send(
                    {"type": "act", "table": self.table, "version": version, "action": legal[0]})
                self.last = None
            self.recv()


def play_with_the_bots(ann):
    state = ann.request({"type": "create_table", "game": "classic", "seats": 3},
                        lambda m: m["type"] in ("state", "error"))
    assert state["type"] == "state", state
    ann.table = state["table"]["id"]
    ann.command("/bot add @PyBot")
    ann.command("/bot add @Gree")
    ann.command("/start")
    ann.play_to_end()


def test_a_python_bot_plays_a_rated_game_with_a_person_and_a_bridged_bot(room):
    binary, addr, tmp = room
    base, url = f"http://{addr}", f"ws://{addr}/ws"
    session = sign_up(base, "Ann")
    python_token = bot_account(base, "PyBot")
    greedy_token = os.path.join(tmp, "greedy.token")
    with open(greedy_token, "w") as f:
        f.write(bot_account(base, "Gree"))
    bridge = subprocess.Popen(
        [binary, "bot", "connect", "--server", url, "--token-file", greedy_token,
         "--spec", "greedy"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    lines, asked, stop = [], [], threading.Event()

    def lowest(view, legal):
        asked.append(view["asked"]["type"])
        return min(legal, key=lambda a: a.get("card", a.get("row", 0)))

    bot = threading.Thread(
        target=nimmt.connect, args=(url, python_token, lowest),
        kwargs={"players": [3], "log": lines.append, "stop": stop}, daemon=True,
    )
    bot.start()
    try:
        with ws_connect(url) as ws:
            play_with_the_bots(Person(ws, session))
        until = time.monotonic() + 10
        while not all(classic(base, n).get("rated_games") == 1 for n in ("Ann", "PyBot", "Gree")):
            assert time.monotonic() < until, [classic(base, n) for n in ("Ann", "PyBot", "Gree")]
            time.sleep(0.2)
        while not any("game over" in line for line in lines):
            assert time.monotonic() < until, lines
            time.sleep(0.1)
    finally:
        stop.set()
        bot.join(5)
        bridge.kill()
        bridge.wait()
    assert "play_card" in asked, "the Python bot chose its cards"
    assert any(line.startswith("connected as PyBot") for line in lines), lines
    over = next(line for line in lines if "game over" in line)
    assert "Ann" in over and "Gree" in over, over


def test_a_refused_token_stops_connect_with_a_clear_error(room):
    _, addr, _ = room
    with pytest.raises(nimmt.ConnectError, match="bad_token"):
        nimmt.connect(f"ws://{addr}/ws", "t." + "0" * 64, lambda view: None, log=lambda _: None)


def test_decide_may_take_the_view_alone_or_also_legal_and_the_decision():
    from nimmt.connect import _caller

    view = {"asked": {"type": "play_card"}, "legal": [{"type": "play", "card": 7}]}
    legal, decision = view["legal"], view["asked"]
    got = []
    _caller(lambda v: got.append(v["legal"]))(view, legal, decision)
    _caller(lambda v, lg: got.append(lg))(view, legal, decision)
    _caller(lambda v, lg, d: got.append(d))(view, legal, decision)
    _caller(lambda *args: got.append(len(args)))(view, legal, decision)
    assert got == [legal, legal, decision, 3]


class FakeSocket:
    """Keeps what a session sends."""

    def __init__(self):
        self.sent = []

    def send(self, text):
        self.sent.append(json.loads(text))


def a_session(decide, log):
    from nimmt.connect import _caller, _declaration, _Session

    declaration = _declaration(("classic",), None, None, 1, False, True, True)
    session = _Session(FakeSocket(), "t.x", declaration, _caller(decide), log, {})
    session.hello()
    session.on_message({"type": "welcome", "name": "Robo"})
    return session


def test_a_resting_bot_plays_on_and_says_bot_ready_again_after_its_rest():
    lines = []
    session = a_session(lambda view: view["legal"][0], lines.append)
    ready = session.ready_id
    session.on_message({"type": "error", "id": ready, "code": "bot_unavailable",
                        "key": "bot_resting", "params": {"minutes": "10"},
                        "text": "Robo rests for 10 minutes."})
    assert "Robo rests for 10 minutes." in lines[-1]
    session.tick()
    assert session.ws.sent[-1]["type"] == "bot_ready" and session.ws.sent[-1]["id"] == ready
    session.ready_again = time.monotonic()  # the rest is over
    session.tick()
    assert session.ws.sent[-1]["type"] == "bot_ready" and session.ws.sent[-1]["id"] > ready


def test_a_refused_move_is_not_sent_again_for_the_same_question():
    session = a_session(lambda view: view["legal"][-1], lambda _: None)
    session.on_message({"type": "bot_seated", "table": 4, "game": "classic"})
    legal = [{"type": "play", "card": 3}, {"type": "play", "card": 9}]
    state = {"type": "state", "table": {"id": 4, "seats": [{"name": "Ann"}, {"name": "Robo"}]},
             "version": 5, "you": {"role": "player", "seat": 1},
             "view": {"asked": {"type": "play_card"}, "outcome": None}, "legal": legal}
    session.on_message(state)
    act = session.ws.sent[-1]
    assert act["type"] == "act" and act["action"] == legal[-1] and act["version"] == 5
    session.on_message({"type": "error", "id": act["id"], "code": "illegal_action", "text": "no"})
    session.on_message(dict(state, type="update", table=4, version=6))
    assert session.ws.sent[-1] is act, "the same question is not answered again"
    session.on_message(dict(state, type="update", table=4, version=7, legal=legal[:1]))
    assert session.ws.sent[-1]["action"] == legal[0], "the next question is"


def test_a_stale_move_is_made_again_on_the_newest_view():
    session = a_session(lambda view: view["legal"][0], lambda _: None)
    session.on_message({"type": "bot_seated", "table": 4, "game": "classic"})
    legal = [{"type": "play", "card": 3}]
    state = {"type": "state", "table": {"id": 4, "seats": []}, "version": 5,
             "you": {"role": "player", "seat": 1},
             "view": {"asked": {"type": "play_card"}, "outcome": None}, "legal": legal}
    session.on_message(state)
    first = session.ws.sent[-1]
    # No newer view yet: the room is asked for the table's state again.
    session.on_message({"type": "error", "id": first["id"], "code": "stale", "text": "stale"})
    assert session.ws.sent[-1] == {"type": "resync", "table": 4, "id": first["id"] + 1}
    session.on_message(dict(state, version=8))
    again = session.ws.sent[-1]
    assert again["type"] == "act" and again["version"] == 8
