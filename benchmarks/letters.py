"""Letters benchmarks: solver percentiles, lexicon load in a fresh process, bot games.

Run from the repository root:  .venv/bin/python benchmarks/letters.py
Targets (issue 5): solver p99 at 11 cards <= 10 ms; lexicon load <= 20 ms and
<= 10 MB in a fresh process.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

from sixdot.games import GAMES
from sixdot.games.letters.cards import deck
from sixdot.games.letters.solver import Solver
from sixdot.lexicon import Lexicon
from sixdot.sim import play_bots

LOAD = """
import resource, time
import sixdot.core
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
from sixdot.lexicon import Lexicon
Lexicon.default()
ms = (time.perf_counter() - start) * 1000
mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
print(ms, mb)
"""


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def solver_ms(size: int, hands: int) -> list[float]:
    """Time the full final-turn search (every discard) on random hands."""
    solver = Solver(Lexicon.default())
    cards = list(deck())
    times = []
    for seed in range(hands):
        hand = random.Random(seed).sample(cards, size)
        start = time.perf_counter()
        solver.best_final(hand)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    results: dict[str, float] = {}
    for size in (4, 11):
        times = solver_ms(size, 500)
        results[f"solver_{size}_p50_ms"] = percentile(times, 50)
        results[f"solver_{size}_p99_ms"] = percentile(times, 99)
    out = subprocess.run([sys.executable, "-c", LOAD], capture_output=True, text=True, check=True)
    ms, mb = map(float, out.stdout.split())
    results["lexicon_load_ms"], results["lexicon_load_mb"] = ms, mb
    start = time.perf_counter()
    for seed in range(10):
        play_bots(GAMES["letters"], ["sensible"] * 3, seed)
    results["games_per_second_3_sensible"] = 10 / (time.perf_counter() - start)
    print(json.dumps({k: round(v, 2) for k, v in results.items()}, indent=2))
    print(f"solver p99 ratio to 10 ms: {results['solver_11_p99_ms'] / 10:.2f}")


if __name__ == "__main__":
    main()
