"""Play a bot account in the online room from Python: ``nimmt.connect(url, token, decide)``.

The room speaks JSON over a WebSocket (docs/protocol.md). ``connect`` says ``hello`` with the
bot account's API token, declares what the bot plays (``bot_ready``), joins every table the room
seats it at (``bot_seated``), and calls ``decide`` whenever the room asks the bot's seat. It runs
until interrupted (Ctrl-C) or until ``stop`` is set, reconnecting with back-off when the
connection is lost. It needs the ``websockets`` package (``pip install "nimmt[room]"``).
"""

import inspect
import json
import random
import time

__all__ = ["connect", "ConnectError"]


class ConnectError(Exception):
    """The room refused the bot for good: a bad or revoked token, not a bot account, a
    declaration it does not take, or a second connection with the same token."""


class _Retry(Exception):
    """The room refused for a moment (busy, its database away): connect again later."""


def _caller(decide):
    """``decide`` called with the arguments it takes: (view), (view, legal) or
    (view, legal, decision)."""
    try:
        params = inspect.signature(decide).parameters.values()
        positional = [
            p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        takes = 3 if any(p.kind == p.VAR_POSITIONAL for p in params) else len(positional)
    except (TypeError, ValueError):
        takes = 3
    takes = max(1, min(3, takes))
    return lambda view, legal, decision: decide(*(view, legal, decision)[:takes])


def _declaration(games, players, options, most_games, ladder, rated, casual):
    if isinstance(games, str):
        games = (games,)
    entry = {}
    if players:
        entry["players"] = [int(p) for p in players]
    if options:
        entry["options"] = {
            k: [v] if isinstance(v, str) else [str(x) for x in v] for k, v in options.items()
        }
    return {
        "games": [dict(entry, game=g) for g in games],
        "rated": bool(rated),
        "casual": bool(casual),
        "most_games": int(most_games),
        "ladder": bool(ladder),
    }


class _Table:
    def __init__(self, table):
        self.table = table
        self.names = []
        self.pending = None  # request id of a move on its way
        self.refused = None  # legal actions of a question whose move was refused
        self.asked_legal = None  # legal actions of the question last answered
        self.asked_version = 0  # the version of the view it was answered on
        self.last = (0, None, [])  # the newest (version, view, legal)
        self.over = False


class _Session:
    """One connection to the room."""

    def __init__(self, ws, token, declaration, decide, log, tables):
        self.ws = ws
        self.token = token
        self.declaration = declaration
        self.decide = decide
        self.log = log
        self.tables = tables
        self.next_id = 1
        self.hello_id = None
        self.ready_id = None
        self.ready_again = None  # when to say bot_ready again after a refusal while resting
        self.name = None
        self.welcomed = False

    def send(self, msg):
        msg = dict(msg, id=self.next_id)
        self.next_id += 1
        self.ws.send(json.dumps(msg))
        return msg["id"]

    def hello(self):
        self.hello_id = self.send(
            {"type": "hello", "protocol": 1, "name": "Bridge", "token": self.token, "lang": "en"}
        )
        for t in self.tables.values():
            t.pending = None

    def on_message(self, msg):
        kind = msg.get("type")
        if kind == "welcome":
            self.welcomed = True
            self.name = msg.get("name")
            self.log(f"connected as {self.name}")
            self.ready()
        elif kind == "ack" and msg.get("id") == self.ready_id:
            games = ", ".join(g["game"] for g in self.declaration["games"])
            self.log(f"online: plays {games} (at most {self.declaration['most_games']} at once)")
        elif kind == "bot_seated":
            self.log(f"seated at table {msg['table']} ({msg['game']})")
            self.tables.setdefault(msg["table"], _Table(msg["table"]))
            self.send({"type": "join", "table": msg["table"], "role": "player"})
        elif kind == "state":
            you = msg.get("you") or {}
            if you.get("role") != "player" or you.get("seat") is None:
                return
            info = msg["table"]
            table = self.tables.setdefault(info["id"], _Table(info["id"]))
            table.names = [s["name"] for s in info.get("seats", [])]
            self.on_view(table, msg["version"], msg.get("view"), msg.get("legal") or [])
        elif kind == "update":
            table = self.tables.get(msg["table"])
            if table is None:
                return
            if msg.get("ack") is not None and msg["ack"] == table.pending:
                table.pending = None
                table.refused = None
            self.on_view(table, msg["version"], msg.get("view"), msg.get("legal") or [])
        elif kind == "error":
            self.on_error(msg)
        elif kind == "notice":
            key, params = msg.get("key", ""), msg.get("params") or {}
            if msg.get("table") is None and key.startswith("bot_"):
                self.log(msg.get("text", key))
            elif key.startswith("bot_fault") and params.get("name") == self.name:
                self.log(f"table {msg.get('table')}: {msg.get('text', key)}")
        elif kind == "left":
            self.tables.pop(msg["table"], None)
        elif kind == "replaced":
            raise ConnectError(
                "another connection took over this bot account "
                "(is a second bot running with its token?)"
            )

    def ready(self):
        self.ready_again = None
        self.ready_id = self.send({"type": "bot_ready", "declaration": self.declaration})

    def tick(self):
        """Says bot_ready again once a rest is over."""
        if self.ready_again is not None and time.monotonic() >= self.ready_again:
            self.ready()

    def on_error(self, msg):
        code, text = msg.get("code"), msg.get("text", "")
        if msg.get("id") is not None and msg["id"] == self.ready_id and msg.get("key") == "bot_resting":
            minutes = int((msg.get("params") or {}).get("minutes", 1))
            self.log(f"{text} Playing on at the tables it sits at; bot_ready again in {minutes} min.")
            self.ready_again = time.monotonic() + max(1, minutes) * 60 + 5
            return
        if msg.get("id") == self.hello_id and code in ("rate_limited", "storage"):
            raise _Retry(f"hello refused ({code})")
        if msg.get("id") is not None and msg.get("id") in (self.hello_id, self.ready_id):
            raise ConnectError(f"the room refused the bot ({code}): {text}")
        if code == "bad_token":
            raise ConnectError(f"the room refused the token ({code}): {text}")
        for table in self.tables.values():
            if msg.get("id") is not None and table.pending == msg.get("id"):
                table.pending = None
                if code != "stale":
                    # Final: the table plays its default move when the seat's time runs out.
                    self.log(f"table {table.table}: the room refused the move ({code}): {text}")
                    table.refused = table.asked_legal
                elif table.last[0] > table.asked_version:
                    self.on_view(table, *table.last)  # made again on the newest view
                else:
                    self.send({"type": "resync", "table": table.table})
                return
        self.log(f"the room says ({code}): {text}")

    def on_view(self, table, version, view, legal):
        if view is None or table.over:
            return
        table.last = (version, view, legal)
        outcome = view.get("outcome")
        if outcome:
            table.over = True
            names = table.names or [f"seat {s}" for s in range(len(outcome["scores"]))]
            scores = ", ".join(f"{n} {p}" for n, p in zip(names, outcome["scores"]))
            won = ", ".join(names[s] for s in outcome.get("winners", []) if s < len(names))
            self.log(f"table {table.table}: game over: {scores}; won: {won or 'nobody'}")
            # Seated on at the finished table: a rematch keeps the seat (`bot_seated` again).
            return
        if not legal or table.pending is not None or legal == table.refused:
            return
        table.asked_legal, table.asked_version = legal, version
        action = self.choose(table, view, legal)
        table.pending = self.send(
            {"type": "act", "table": table.table, "version": version, "action": action}
        )

    def choose(self, table, view, legal):
        seen = dict(view, legal=legal)
        try:
            action = self.decide(seen, legal, view.get("asked"))
        except Exception as e:  # the bot's bug must not stop the others
            self.log(f"table {table.table}: decide raised {e!r}; playing the first legal action")
            return legal[0]
        if action not in legal:
            self.log(f"table {table.table}: {action!r} is not legal now; playing the first legal action")
            return legal[0]
        return action


def connect(
    url,
    token,
    decide,
    *,
    games=("classic",),
    players=None,
    options=None,
    most_games=1,
    ladder=False,
    rated=True,
    casual=True,
    log=print,
    stop=None,
):
    """Plays the bot account of ``token`` in the room at ``url`` (``ws://HOST:PORT/ws``) until
    interrupted or until ``stop`` (a ``threading.Event``) is set.

    ``decide(view, legal, decision) -> action`` is called whenever the room asks the bot's seat:
    ``view`` is the seat's view as the room sends it (the JSON of docs/protocol.md as a dict)
    with ``view["legal"]`` added, ``legal`` the actions the room accepts now, ``decision`` what
    is asked (``view["asked"]``). A function of fewer parameters gets fewer arguments:
    ``decide(view)`` and ``decide(view, legal)`` work as well. It returns one of ``legal``; an
    exception or an action not in ``legal`` is logged and the first legal action is played.

    The declaration: ``games`` (names), ``players`` (table sizes; ``None``: every size),
    ``options`` (``{"deck": ["full"]}``: the values an option may take; others take any),
    ``most_games`` (tables at once), ``ladder`` (the ladder may pair it with other bots),
    ``rated`` / ``casual`` (which games it takes). ``log`` gets one line per event worth telling
    (connected, seated, each game's result, refusals).

    Raises ``ConnectError`` when the room refuses the bot for good; a lost connection is
    reconnected with back-off (0.5 s doubling to 30 s, with jitter). A bot resting after too
    many faults plays on at its tables and says ``bot_ready`` again when the rest is over.
    """
    try:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake
        from websockets.sync.client import connect as ws_connect
    except ImportError as e:
        raise ImportError(
            'nimmt.connect needs the websockets package: pip install "nimmt[room]" '
            '(or pip install "websockets>=12")'
        ) from e
    declaration = _declaration(games, players, options, most_games, ladder, rated, casual)
    call = _caller(decide)
    tables = {}
    wait = 0.5
    while stop is None or not stop.is_set():
        welcomed = False
        try:
            with ws_connect(url, open_timeout=10, max_size=16 << 20) as ws:
                session = _Session(ws, token, declaration, call, log, tables)
                session.hello()
                last_ping = time.monotonic()
                while stop is None or not stop.is_set():
                    try:
                        frame = ws.recv(timeout=0.5)
                    except TimeoutError:
                        frame = None
                    if frame is not None:
                        session.on_message(json.loads(frame))
                    welcomed = welcomed or session.welcomed
                    session.tick()
                    if welcomed and time.monotonic() - last_ping > 20:
                        session.send({"type": "ping"})
                        last_ping = time.monotonic()
                return
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else None
            if code == 4005:
                raise ConnectError(
                    "the room ended this bot's session: the token was revoked, or the account "
                    "was banned or deleted"
                ) from None
            if code == 4001:
                raise ConnectError("another connection took over this bot account") from None
            why = f"closed ({code})"
        except (OSError, InvalidHandshake, TimeoutError, _Retry) as e:
            why = str(e) or type(e).__name__
        if welcomed:
            wait = 0.5
        pause = wait * random.uniform(0.75, 1.25)
        log(f"connection to {url} lost ({why}); reconnecting in {pause:.1f} s")
        wait = min(wait * 2, 30.0)
        deadline = time.monotonic() + pause
        while time.monotonic() < deadline and (stop is None or not stop.is_set()):
            time.sleep(0.05)
