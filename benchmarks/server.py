"""Server benchmark: many tables at once, from a person's move to its step (issue 21).

Run from the repository root:  .venv/bin/python benchmarks/server.py [--tables 200]

The server runs in a child process on a free loopback port with a fresh data
folder, as `sixdot serve` does, but with the limit on logins from one address
lifted: every client here comes from 127.0.0.1. This process opens one
websockets client a table, each a person who registers and creates an
Alphabeticell table with one random bot; when every table is made, all start
at once and each person answers every turn with a random legal move, after
thinking 0.5 to 1.5 times `--think` seconds (1 by default; 0 sends every move
at once, a load no room of people makes, which measures throughput).

Measured: for each move, from sending it to receiving the step that plays it
(the server decodes it, checks it with the rules, journals it in SQLite and
sends each seat its part). Target: p99 at most 50 ms, printed as a ratio (at
most 1.0 meets it). Clients and server share this machine's cores, so the load
average is recorded; results go to benchmarks/results/server.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

from common import load_average, percentile, rounded

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "server.json"
TARGET_P99 = 0.050

#: The server, as `sixdot serve` runs it, but taking any number of logins from one address.
SERVER = """
import asyncio, sys
from pathlib import Path
from sixdot.server.accounts import Accounts, RateLimit
from sixdot.server.app import Server, run
from sixdot.server.storage import SqliteStore

folder = Path(sys.argv[1])
store = SqliteStore(folder)
server = Server(store, accounts=Accounts(store, per_address=RateLimit(10**6, 60.0)))
said = lambda where: print(where.url, flush=True)
asyncio.run(run(folder, "127.0.0.1", 0, None, said, None, server))
"""


async def table(
    url: str,
    number: int,
    moves: int,
    latencies: list[float],
    ready: asyncio.Barrier,
    think: float,
) -> int:
    """One person's table played for `moves` moves (or to its end); moves made."""
    rng = random.Random(number)
    async with connect(url, max_size=None) as ws:

        async def until(kind: str) -> dict[str, object]:
            while True:
                frame = json.loads(await ws.recv())
                if frame["type"] == kind:
                    return frame
                if frame["type"] == "problem":
                    ready.abort()  # the run stops rather than waiting for this table
                    raise RuntimeError(f"table {number}: {frame}")

        await ws.send(json.dumps({"type": "register", "name": f"p{number}", "password": "x" * 8}))
        await until("session")
        create = {"type": "create", "game": "alphabeticell", "players": 2, "level": "random"}
        await ws.send(json.dumps(create))
        await until("table")
        await ready.wait()  # every table plays at once, after every account is made
        await ws.send(json.dumps({"type": "start"}))
        made = 0
        while made < moves:
            frame = json.loads(await ws.recv())
            if frame["type"] == "step" and frame["over"]:
                break
            if frame["type"] != "turn":
                continue
            move = rng.choice(frame["legal"])
            if think:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "move": move}))
            while True:
                step = json.loads(await ws.recv())
                if step["type"] == "step" and step["notation"] == move:
                    latencies.append(time.perf_counter() - sent)
                    break
            made += 1
        return made


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100.0


async def main(tables: int, moves: int, think: float) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, folder],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            found = re.search(r"ws://[0-9.]+:[0-9]+", server.stdout.readline())
            assert found
            latencies: list[float] = []
            ready = asyncio.Barrier(tables + 1)
            playing = asyncio.gather(
                *(table(found[0], n, moves, latencies, ready, think) for n in range(tables))
            )
            await ready.wait()
            started = time.perf_counter()
            cpu_before = cpu_seconds(server.pid)
            made = await playing
            wall = time.perf_counter() - started
            server_cpu = cpu_seconds(server.pid) - cpu_before
        finally:
            server.terminate()
            server.wait(30)
    p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
    return {
        "tables": tables,
        "think_seconds": think,
        "moves": sum(made),
        "wall_seconds": wall,
        "server_cpu_seconds": server_cpu,
        "move_to_step_ms": {"p50": p50 * 1000, "p99": p99 * 1000, "max": max(latencies) * 1000},
        "target": {"p99_at_most_ms": TARGET_P99 * 1000, "ratio": p99 / TARGET_P99},
        "load_average": load_average(),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=30, help="moves a person makes a table")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="a person's mean seconds before each move (0: every move at once, the worst case)",
    )
    args = parser.parse_args()
    results = asyncio.run(main(args.tables, args.moves, args.think))
    ms = results["move_to_step_ms"]
    assert isinstance(ms, dict)
    wall = results["wall_seconds"]
    print(f"{results['tables']} tables, {results['moves']} moves in {wall:.1f} s,")
    print(f"each person thinking {args.think} s on average before a move")
    print(f"move to step: p50 {ms['p50']:.1f} ms, p99 {ms['p99']:.1f} ms, max {ms['max']:.1f} ms")
    target = results["target"]
    assert isinstance(target, dict)
    print(f"p99 at most 50 ms -> ratio {target['ratio']:.2f}")
    print(f"load average {results['load_average']}")
    RESULTS.write_text(json.dumps(rounded(results), indent=2) + "\n")
