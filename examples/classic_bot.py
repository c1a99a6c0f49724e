#!/usr/bin/env python3
"""A small outside bot for classic 6 nimmt! (standard library only).

It speaks the line-based JSON protocol of docs/bot-protocol.md on stdin/stdout:
every line from the engine is one message; to each "decide" it answers one line
{"id": ID, "action": ACTION}. Run it in the arena with

    nimmt arena --seat "cmd:python3 examples/classic_bot.py" --seat greedy --seat greedy

Strategy: play the card that joins a row nearest to its end without being the
sixth card; if none, the lowest card; take the row with the fewest bull heads;
in a draft take the lowest open card.
"""
import json
import random
import sys


def bull_heads(n):
    if n == 55:
        return 7
    if n % 11 == 0:
        return 5
    if n % 10 == 0:
        return 3
    if n % 5 == 0:
        return 2
    return 1


def row_heads(row):
    return sum(bull_heads(c) for c in row)


def choose_card(view, legal):
    rows = view["rows"]["rows"]
    best = None
    for action in legal:
        if action.get("swap"):
            continue  # keep it simple: never use the Zahlendreher
        card = action["card"]
        # the row whose last card is the highest below this card (rule 2)
        fits = [(card - row[-1], i) for i, row in enumerate(rows) if row[-1] < card]
        if not fits:
            continue
        gap, i = min(fits)
        if len(rows[i]) >= 5:
            continue  # would be the sixth card
        if best is None or gap < best[0]:
            best = (gap, action)
    if best is not None:
        return best[1]
    plain = [a for a in legal if not a.get("swap")] or legal
    return min(plain, key=lambda a: a["card"])


def choose(message, rng):
    legal = message["legal"]
    view = message["view"]
    kind = message["decision"]["type"]
    if kind == "play_card":
        return choose_card(view, legal)
    if kind == "take_row":
        rows = view["rows"]["rows"]
        return min(legal, key=lambda a: (row_heads(rows[a["row"]]), -rows[a["row"]][-1]))
    if kind == "draft_pick":
        return min(legal, key=lambda a: a["card"])
    return rng.choice(legal)


def main():
    rng = random.Random(0)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "new_game":
            rng = random.Random(message.get("seed", 0))
        elif kind == "decide":
            action = choose(message, rng)
            sys.stdout.write(json.dumps({"id": message["id"], "action": action}) + "\n")
            sys.stdout.flush()
        # "hello" and any message this bot does not know: nothing to answer


if __name__ == "__main__":
    main()
