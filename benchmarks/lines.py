"""Line lengths benchmark (issue 18): do sixdot's lines fit a braille display?

Run from the repository root:  .venv/bin/python benchmarks/lines.py [--seeds N]

Every game is measured two ways, at its most players, at full and at brief
verbosity. "heard": what one player hears from the real program through a
pipe, each command once and then always the first move, one game a seed (as
issue 18 measured it). "rendered": sensible bots play, and every line a
presenter says is rendered from every seat: events, turn prompts, table,
hand, score, the moves list and every review command (tests/gamelines.py
renders both, as tests/test_lines.py does). For each it prints the number of
lines, the longest, the share over 40, 60, 80 and 100 characters, and the
share whose first clause runs past 40 characters (the key fact out of a
display's reach).

Targets: brief, no line over 60 and at most 5% over 40; full, no line over 100
and at most 15% over 40. Each is printed as a ratio (at most 1.0 meets it).
These are counts, not times, so the machine's load does not change them; it
is recorded all the same. Results go to benchmarks/results/lines.json.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

from common import load_average, rounded

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gamelines import TARGETS, LineStats, game_lines, heard_lines
from sixdot.games import playable
from sixdot.present.phrasebook import Verbosity

RESULTS = Path(__file__).resolve().parent / "results" / "lines.json"


def measure(seeds: list[int]) -> list[dict[str, object]]:
    rows = []
    for name, game in sorted(playable().items()):
        for verbosity, source in itertools.product(
            (Verbosity.FULL, Verbosity.BRIEF), ("heard", "rendered")
        ):
            if source == "heard":
                lines = [line for seed in seeds for line in heard_lines(game, verbosity, seed)]
            else:
                lines = game_lines(game, verbosity, seeds)
            stats = LineStats.of(lines)
            ratios = stats.ratios(TARGETS[verbosity])
            rows.append(
                {
                    "game": name,
                    "source": source,
                    "players": game.rules.max_players,
                    "verbosity": verbosity.value,
                    "lines": stats.lines,
                    "longest": stats.longest,
                    "over_40": stats.over_40,
                    "over_60": stats.over_60,
                    "over_80": stats.over_80,
                    "over_100": stats.over_100,
                    "late_fact": stats.late_fact,
                    "ratio_longest": ratios["longest"],
                    "ratio_over_40": ratios["over_40"],
                    "meets": max(ratios.values()) <= 1.0,
                    "longest_line": stats.example,
                }
            )
    return rows


def show(rows: list[dict[str, object]]) -> None:
    head = (
        f"{'game':<14}{'verb':<6}{'source':<9}{'lines':>7}{'long':>6}{'>40':>7}{'>60':>7}{'>80':>7}"
        f"{'>100':>7}{'late':>7}  ratio long / >40"
    )
    print(head)
    for row in rows:
        print(
            f"{row['game']:<14}{row['verbosity']:<6}{row['source']:<9}{row['lines']:>7}{row['longest']:>6}"
            f"{row['over_40']:>7.1%}{row['over_60']:>7.1%}{row['over_80']:>7.1%}"
            f"{row['over_100']:>7.1%}{row['late_fact']:>7.1%}"
            f"  {row['ratio_longest']:.2f} / {row['ratio_over_40']:.2f}"
            f"{'' if row['meets'] else '  MISSES'}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="games per game and verbosity")
    args = parser.parse_args()
    seeds = list(range(1, args.seeds + 1))
    load = load_average()
    start = time.perf_counter()
    rows = measure(seeds)
    show(rows)
    report = {
        "seeds": seeds,
        "targets": {
            v.value: {"longest": t.longest, "over_40": t.over_display} for v, t in TARGETS.items()
        },
        "load_average": load,
        "seconds": time.perf_counter() - start,
        "rows": rows,
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(rounded(report), indent=2) + "\n", encoding="utf-8")
    print(f"load average {load}; results in {RESULTS.relative_to(Path.cwd())}")


if __name__ == "__main__":
    main()
