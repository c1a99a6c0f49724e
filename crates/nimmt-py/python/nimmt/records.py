"""Game records: load and write the project's record format (docs/record-format.md), and make a
data set of records by letting bots play.

    >>> from nimmt import records
    >>> games = records.play(["greedy", "mcts:iters=200", "random", "random"], games=100,
    ...                      out="data/records")          # one deal-000000.json ... per game
    >>> record = records.load("data/records/deal-000000.json")
    >>> steps = nimmt.replay(record)["steps"]
"""

import json
import os
from pathlib import Path

from ._nimmt import arena_records as _arena_records


def load(path):
    """The record in a JSON file; for a directory, every ``*.json`` record in it (sorted by
    name); for a ``.jsonl`` file, one record per line."""
    path = Path(path)
    if path.is_dir():
        return [load(p) for p in sorted(path.glob("*.json"))]
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return json.loads(text)


def write(record, path):
    """Writes one record as a JSON file that ``nimmt replay`` and ``load`` read."""
    path = Path(path)
    if path.parent != Path(""):
        os.makedirs(path.parent, exist_ok=True)
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")


def play(seats, game="classic", games=100, seed=1, options=None, players=None, first_game=0, out=None):
    """Plays ``games`` games between the bots of ``seats`` (``[NAME=]SPEC``, one per seat, seats
    rotating) and returns their records; with ``out`` also writes each to
    ``out/deal-NNNNNN.json``. Game ``k`` is arena deal ``k`` of ``nimmt arena`` with the same
    seats, seed and options (``nimmt arena --records DIR`` writes the same files)."""
    texts = _arena_records(
        list(seats),
        game=game,
        deals=games,
        seed=seed,
        options=options,
        players=players,
        first_deal=first_game,
    )
    result = [json.loads(t) for t in texts]
    if out is not None:
        os.makedirs(out, exist_ok=True)
        for k, text in enumerate(texts):
            Path(out, f"deal-{first_game + k:06d}.json").write_text(text + "\n", encoding="utf-8")
    return result
