"""The host's own work at each action of a shared table, without the network: the
messages every client is sent (``net.views.Views``: each seat's view, the watchers', their
JSON and the encoded lines), timed in this process's CPU time while whole matches are
played by random legal actions, four people at the places and watchers beside them.

    python benchmarks/host_views.py [--matches N] [--variant ID] [--watchers W] [--seed S]

Prints the actions played and the host's CPU time per action for the messages, with the
engine's share (the views made) beside it.
"""

from __future__ import annotations

import argparse
import random
import time

from bisca_tui.engine import make_variant
from bisca_tui.engine import view as engine_view
from bisca_tui.net.views import Views
from bisca_tui.table.loop import Step
from bisca_tui.table.session import HUMAN, SeatSpec, Session


def play(variant: str, seed: int, watchers: int, spent: dict[str, float]) -> int:
    """One match; returns the actions played, adding the time spent to ``spent``."""
    specs = [SeatSpec(HUMAN, f"P{k}") for k in range(make_variant(variant, {}).n_people)]
    session = Session.new(variant, {}, specs, seed=seed, speed="instant")
    views = Views(session)
    rng = random.Random(seed)
    sent: list[dict[int, tuple[int, int]]] = [{} for _ in range(len(specs) + watchers)]
    clients: list[int | None] = [*range(len(specs)), *([None] * watchers)]
    actions = 0
    clock = time.process_time
    while True:
        state = session.state
        if state.is_over():
            session.finish_deal()
            if session.match.is_over():
                return actions
            session.next_deal()
            continue
        tricks = len(state.tricks)
        # through the session, as a host applies it: a new position for the messages
        done = session.apply(rng.choice(state.legal_actions()))
        actions += 1
        start = clock()
        views.led_here(Step(done.seat, done.action, tricks, events=done.events))
        for player, told in zip(clients, sent, strict=True):
            views.messages(player, told)
        spent["messages"] += clock() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--variant", default="sueca")
    parser.add_argument("--watchers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    spent = {"messages": 0.0, "views": 0.0}
    real = engine_view.make_view
    clock = time.process_time

    def timed(state, seat):  # noqa: ANN001, ANN202
        start = clock()
        try:
            return real(state, seat)
        finally:
            spent["views"] += clock() - start

    engine_view.make_view = timed
    actions = sum(play(args.variant, args.seed + m, args.watchers, spent)
                  for m in range(args.matches))
    print(f"{args.matches} matches of {args.variant}, {actions} actions, "
          f"{args.watchers} watcher(s)")
    print(f"host messages per action: {spent['messages'] / actions * 1e6:.0f} us "
          f"(views made: {spent['views'] / actions * 1e6:.0f} us)")


if __name__ == "__main__":
    main()
