#!/usr/bin/env python3
"""A classic 6 nimmt! bot account in the online room, in a few lines of Python.

    pip install "./crates/nimmt-py[room]"
    python3 examples/python/room_bot.py ws://127.0.0.1:8080/ws bot.token

Its rule of thumb: play the card that lands closest behind a row's last card without being its
sixth; with none, the lowest card; when a row must be taken, the one with the fewest bull heads.
See docs/bot-accounts.md for the account and its token.
"""
import sys

import nimmt


def heads(view, cards):
    return sum(view["card_heads"][c - 1] for c in cards)


def decide(view, legal, decision):
    rows = view["rows"]["rows"]
    if decision["type"] == "take_row":
        return min(legal, key=lambda a: heads(view, rows[a["row"]]))
    if decision["type"] != "play_card":
        return legal[0]  # a draft: any open card
    best = None
    for action in legal:
        card = action["card"]
        fits = [(card - row[-1], row) for row in rows if row[-1] < card]
        if fits:
            gap, row = min(fits, key=lambda f: f[0])
            if len(row) < 5 and (best is None or gap < best[0]):
                best = (gap, action)
    return best[1] if best else min(legal, key=lambda a: a["card"])


if __name__ == "__main__":
    url, token_file = sys.argv[1], sys.argv[2]
    with open(token_file) as f:
        token = f.read().strip()
    try:
        nimmt.connect(url, token, decide, games=["classic"], most_games=4, ladder=True)
    except KeyboardInterrupt:
        pass
