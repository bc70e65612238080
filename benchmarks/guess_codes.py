"""How fast an attacker on one address can guess a table's invite code over loopback.

    python benchmarks/guess_codes.py [--connections 50] [--seconds 10] [--tries 20000]
                                     [--ssh]

A host listens on 127.0.0.1; ``--connections`` clients at once send hellos with wrong codes,
one connection each, until ``--seconds`` have passed or ``--tries`` were answered. Printed:
the wrong codes answered a second, with the table's guard as it ships and with a guard that
never slows nor refuses (as the host was before it had one), and how long a guess of an
8-letter code (40 bits) and of an old 6-letter one would take, half the codes tried, at that
pace. With ``--ssh``, the same for wrong passwords at the SSH door (one login each, at most
``--connections`` at once). Bounded: nothing runs past ``--seconds`` for each run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time

from bisca_tui.net.guard import Guard, GuardRules
from bisca_tui.net.host import Host, NetSettings, serve

UNGUARDED = GuardRules(free=10**9, limit=10**9)


async def hammer(rules: GuardRules, connections: int, seconds: float,
                 tries: int) -> tuple[int, int, float]:
    """Wrong codes answered, refusals for a barred address, and the seconds taken."""
    ready: asyncio.Future[Host] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve(NetSettings("briscola"), code="RIGHTCODE",
                                     ready=ready.set_result, events=lambda k, f: None,
                                     guard=Guard(rules=rules)))
    host = await ready
    wrong = barred = sent = 0
    start = time.perf_counter()
    deadline = start + seconds

    async def one(k: int) -> None:
        nonlocal wrong, barred, sent
        while time.perf_counter() < deadline and sent < tries:
            sent += 1
            reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
            hello = {"type": "hello", "protocol": 1, "code": f"GUESS{k}{sent}", "name": "M"}
            writer.write(json.dumps(hello).encode() + b"\n")
            line = await reader.readline()
            writer.close()
            message = json.loads(line).get("message", "") if line else ""
            if message == "wrong invite code":
                wrong += 1
            elif "too many wrong tries" in message:
                barred += 1

    workers = [asyncio.create_task(one(k)) for k in range(connections)]
    await asyncio.wait(workers, timeout=seconds + 1)
    for w in workers:
        w.cancel()
    took = time.perf_counter() - start
    host.finish()
    task.cancel()
    return wrong, barred, took


async def hammer_ssh(rules: GuardRules, connections: int, seconds: float,
                     tries: int) -> tuple[int, int, float]:
    """Wrong passwords checked (and so answered), logins refused unchecked because the
    address was barred, and the seconds taken."""
    import tempfile
    from pathlib import Path

    import asyncssh

    from bisca_tui.net.door import open_door

    folder = Path(tempfile.mkdtemp(prefix="guess-ssh-"))
    guard = Guard(rules=rules)
    door = await open_door("127.0.0.1:9", "RIGHTCODE", folder, port=0, guard=guard)
    port = door.sockets[0].getsockname()[1]
    refused = sent = 0
    start = time.perf_counter()
    deadline = start + seconds

    async def one(k: int) -> None:
        nonlocal refused, sent
        while time.perf_counter() < deadline and sent < tries:
            sent += 1
            try:
                async with asyncssh.connect("127.0.0.1", port, username="eve",
                                            password=f"GUESS{k}{sent}", known_hosts=None,
                                            client_keys=None, agent_path=None):
                    pass
            except asyncssh.PermissionDenied:
                refused += 1

    workers = [asyncio.create_task(one(k)) for k in range(connections)]
    await asyncio.wait(workers, timeout=seconds + 1)
    for w in workers:
        w.cancel()
    took = time.perf_counter() - start
    door.close()
    if rules is UNGUARDED:
        return refused, 0, took  # the guard kept no count: every password was checked
    checked = sum(r.wrong for r in guard.records.values())
    return checked, refused - checked, took


def spell(seconds: float) -> str:
    for unit, size in (("years", 365 * 86400), ("days", 86400), ("hours", 3600),
                       ("minutes", 60)):
        if seconds >= size:
            return f"{seconds / size:,.1f} {unit}"
    return f"{seconds:.1f} seconds"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--tries", type=int, default=20000)
    parser.add_argument("--ssh", action="store_true", help="wrong passwords at the SSH door")
    args = parser.parse_args()
    run = hammer_ssh if args.ssh else hammer
    for label, rules in (("no guard (as before)", UNGUARDED), ("the guard", GuardRules())):
        wrong, barred, took = asyncio.run(run(rules, args.connections, args.seconds,
                                              args.tries))
        rate = wrong / took
        print(f"{label}: {wrong} wrong codes answered in {took:.1f} s = {rate:,.1f} a second"
              f" ({barred} refusals of the barred address)")
        if label == "the guard":  # past the bar, the pace is the limit over the bar's time
            g = GuardRules()
            rate = min(rate, g.limit / g.barred)
            print(f"  sustained past the bar: at most {g.limit} wrong codes every "
                  f"{g.barred:g} s = {rate:.4f} a second")
        for letters in (6, 8):
            print(f"  half of the {letters}-letter codes: {spell(32 ** letters / 2 / rate)}")


if __name__ == "__main__":
    main()
