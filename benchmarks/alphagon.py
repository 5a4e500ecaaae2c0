"""Alphagon benchmarks: bot decision times, bot-only games a second, and the
strong bot against the sensible one.

Run from the repository root:

    .venv/bin/python benchmarks/alphagon.py [--games N] [--quick]

Targets (issue 6), each shown as a ratio (at most 1.0 meets it):
- sensible bot decision p99 <= 20 ms;
- strong bot decision p99 <= 50 ms, its budget (it searches no deeper than
  two plies, so it needs no clock);
- bot-only games a second, for the record;
- a tournament of strong against sensible, two players with seats rotated,
  and strong against sensible and random at three; win rates with 95%
  Wilson intervals (strong should beat a fair share: 50% and 33%).

Results go to benchmarks/results/alphagon.json.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from common import percentile
from sixdot.games import get_game
from sixdot.sim import play_bots, tournament

TARGETS_MS = {"sensible": 20.0, "strong": 50.0}
RESULTS = Path(__file__).parent / "results" / "alphagon.json"


def decision_times(level: str, games: int, players: int) -> list[float]:
    """CPU milliseconds (of this thread: other work on a shared machine stretches
    it little) per decision with more than one choice, in bot-only games."""
    game = get_game("alphagon")
    times: list[float] = []
    for seed in range(games):
        bots = [game.bots[level](seat, seed) for seat in range(players)]
        state = game.rules.new_game(players, None, seed)
        while not state.is_over:
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            start = time.thread_time()
            action = bots[seat].choose(view, legal)
            if len(legal) > 1:
                times.append((time.thread_time() - start) * 1000)
            state, _ = state.apply(seat, action)
    return times


def games_per_second(level: str, players: int, seconds: float) -> float:
    game = get_game("alphagon")
    played, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_bots(game, [level] * players, seed)
        played, seed = played + 1, seed + 1
    return played / (time.perf_counter() - start)


def standings(levels: list[str], games: int) -> dict[str, object]:
    table = tournament(get_game("alphagon"), levels, games, seed=1000)
    return {
        s.level: {
            "win_rate": round(s.rate, 3),
            "ci95": [round(x, 3) for x in s.interval],
            "seats": s.seats,
        }
        for s in table
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="tournament games (0: none)")
    parser.add_argument("--quick", action="store_true", help="short runs, small tournament")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where the JSON goes")
    args = parser.parse_args()
    timed_games = 5 if args.quick else 20
    seconds = 1.0 if args.quick else 5.0
    games = min(args.games, 40) if args.quick else args.games
    # Games a second depend on what else the machine runs: the load is recorded with them.
    results: dict[str, object] = {"quick": args.quick, "load_average_1min": os.getloadavg()[0]}

    for level, target in TARGETS_MS.items():
        times = decision_times(level, timed_games, 3)
        p50, p99 = percentile(times, 50), percentile(times, 99)
        results[f"{level}_decision_ms"] = {
            "decisions": len(times),
            "p50": round(p50, 3),
            "p99": round(p99, 3),
            "target_p99": target,
            "ratio": round(p99 / target, 3),
        }
        print(f"{level} decision: p50 {p50:.2f} ms, p99 {p99:.2f} ms, ratio {p99 / target:.2f}")

    for level in ("random", "sensible", "strong"):
        rate = games_per_second(level, 3, seconds)
        results[f"{level}_games_per_second_3p"] = round(rate, 2)
        print(f"{level} bots, 3 players: {rate:.1f} games a second")

    if games:
        for name, levels in (("two_players", ["strong", "sensible"]),
                             ("three_players", ["strong", "sensible", "random"])):  # fmt: skip
            table = standings(levels, games)
            results[f"tournament_{name}"] = {"games": games, "standings": table}
            for level, row in table.items():
                print(f"{name}: {level} wins {row['win_rate']:.1%}, 95% CI {row['ci95']}")

    results["load_average_1min_after"] = os.getloadavg()[0]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"written: {args.out}")


if __name__ == "__main__":
    main()
