"""Letters benchmarks: solver percentiles, lexicon load in a fresh process, bot
games per second, and the strong bot against sensible bots.

Run from the repository root:

    .venv/bin/python benchmarks/letters.py [--quick] [--games N] [--out PATH]

Targets (issue 5), each shown as a ratio (at most 1.0 meets it):
- solver: the best final turn (every discard) of an 11-card hand, p99 <= 10 ms;
- lexicon: load in a fresh process <= 20 ms (median of fresh processes) and
  <= 10 MB, measured as the Python memory the load allocates (tracemalloc,
  peak) and as the growth of the process's resident memory (current RSS from
  /proc, not the peak, which the interpreter's start-up already set);
- a tournament of the strong bot against sensible bots, win rates with 95%
  Wilson intervals.

Times are wall-clock; the solver is also timed in CPU time of its thread,
which other work on a shared machine disturbs less. The machine's load
average before and after is recorded with the results.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import percentile, rounded, standing_rows
from sixdot.games import get_game
from sixdot.games.letters.cards import deck
from sixdot.games.letters.solver import Solver
from sixdot.lexicon import Lexicon
from sixdot.sim import play_bots, tournament

SOLVER_TARGET_MS = 10.0
LOAD_TARGET_MS = 20.0
LOAD_TARGET_MB = 10.0

#: Run in a fresh process: the load's time, then its memory, measured apart
#: since tracing allocations slows the load itself.
LOAD = """
import os, sys, time, tracemalloc
import sixdot.core

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

if sys.argv[1] == "time":
    start = time.perf_counter()
    from sixdot.lexicon import Lexicon
    Lexicon.default()
    print((time.perf_counter() - start) * 1000)
else:
    before = rss()
    tracemalloc.start()
    from sixdot.lexicon import Lexicon
    Lexicon.default()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(peak / 2**20, (rss() - before) / 2**20)
"""


def solver_ms(size: int, hands: int) -> tuple[list[float], list[float]]:
    """Wall and thread times of the full final-turn search on random hands."""
    solver = Solver(Lexicon.default())
    cards = list(deck())
    wall, cpu = [], []
    for seed in range(hands):
        hand = random.Random(seed).sample(cards, size)
        start, start_cpu = time.perf_counter(), time.thread_time()
        solver.best_final(hand)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return wall, cpu


def fresh(mode: str) -> list[float]:
    out = subprocess.run(
        [sys.executable, "-c", LOAD, mode], capture_output=True, text=True, check=True
    )
    return [float(x) for x in out.stdout.split()]


def speeds(hands: int, loads: int, games: int) -> dict[str, float]:
    results: dict[str, float] = {}
    for size in (4, 11):
        wall, cpu = solver_ms(size, hands)
        for name, times in (("ms", wall), ("cpu_ms", cpu)):
            results[f"solver_{size}_p50_{name}"] = percentile(times, 50)
            results[f"solver_{size}_p99_{name}"] = percentile(times, 99)
    results["solver_11_p99_ratio"] = results["solver_11_p99_ms"] / SOLVER_TARGET_MS
    results["solver_11_p99_cpu_ratio"] = results["solver_11_p99_cpu_ms"] / SOLVER_TARGET_MS
    load = [fresh("time")[0] for _ in range(loads)]
    results["lexicon_load_ms_median"] = statistics.median(load)
    results["lexicon_load_ms_max"] = max(load)
    results["lexicon_load_ratio"] = statistics.median(load) / LOAD_TARGET_MS
    traced, rss = fresh("memory")
    results["lexicon_traced_mb"] = traced
    results["lexicon_rss_growth_mb"] = rss
    results["lexicon_memory_ratio"] = max(traced, rss) / LOAD_TARGET_MB
    start = time.perf_counter()
    for seed in range(games):
        play_bots(get_game("letters"), ["sensible"] * 3, seed)
    results["games_per_s_3_sensible"] = games / (time.perf_counter() - start)
    return results


def strong_against_sensible(games: int, players: int) -> dict[str, object]:
    """The strong bot in one seat against sensible bots, seats rotated."""
    start = time.perf_counter()
    levels = ["strong"] + ["sensible"] * (players - 1)
    standings = tournament(get_game("letters"), levels, games, seed=1000)
    return {
        "games": games,
        "players": players,
        "fair_share": 1 / players,
        "seconds": time.perf_counter() - start,
        "standings": standing_rows(standings),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="tournament games (0: none)")
    parser.add_argument("--players", type=int, default=3, help="seats in the tournament")
    parser.add_argument("--quick", action="store_true", help="short runs, no tournament")
    parser.add_argument("--out", type=Path, help="also write the results as JSON here")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    if args.quick:
        results: dict[str, object] = dict(speeds(hands=100, loads=3, games=3))
    else:
        results = dict(speeds(hands=500, loads=9, games=10))
        if args.games > 0:
            results["tournament"] = strong_against_sensible(args.games, args.players)
    results["load_average_before"] = load_before
    results["load_average_after"] = os.getloadavg()[0]
    text = json.dumps(rounded(results), indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
