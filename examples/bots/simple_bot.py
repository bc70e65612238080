"""A tiny bot for the bisca-tui bot protocol (docs/bot-protocol.md).

It plays the first legal card it is offered (or the first legal action when no card may be
played). Its bot spec, wherever the table asks for a bot level, is
``cmd:python3 examples/bots/simple_bot.py``.
"""

import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        answer = {"type": "hello", "protocol": 1, "name": "Simple", "author": "bisca-tui"}
    elif message["type"] == "decide":
        legal = message["legal"]
        cards = [a for a in legal if a in message["view"]["hand"]]
        answer = {"type": "action", "action": (cards or legal)[0]}
    elif message["type"] == "quit":
        break
    else:
        continue  # "deal" and "deal_end" need no answer
    print(json.dumps(answer), flush=True)
