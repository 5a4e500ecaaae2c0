"""Sensible bot decision times of every game at every player count, in CPU time.

Run from the repository root:

    .venv/bin/python benchmarks/bots.py [--quick] [--games N] [--game NAME] [--out FILE]

Target (issue 20): every sensible bot's decision p99 at most 5 ms of CPU time,
at every player count. Only `choose` is timed, in CPU time of this thread
(`time.thread_time`), so other work on the shared cores and a background thread
(Consonants makes its word index in one) stretch it little. The legal moves it
is given are worked out before its clock starts, as the client does; a second
figure, "with moves", times the view and the legal moves too, the whole of a
bot's turn (in Letters the moves are the solver's work, which `choose` then
finds remembered). Each
game's decisions are pooled over `--games` games per player count, seeds 0 on.
The machine's load average is recorded with the results.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from common import load_average, percentile, rounded
from sixdot.games import GAMES

TARGET_MS = 5.0
#: Options that keep bot games finite (see benchmarks/run.py).
OPTIONS: dict[str, dict[str, object]] = {"nonesuch": {"hands": 40}}


def decision_ms(
    game_name: str, players: int, games: int, level: str = "sensible"
) -> tuple[list[float], list[float]]:
    """CPU milliseconds of each decision `level` bots make in `games` whole games:
    `choose` alone, and with the view and legal moves it is given."""
    game = GAMES[game_name]
    chosen: list[float] = []
    whole: list[float] = []
    for seed in range(games):
        bots = [game.bots[level](seat, seed) for seat in range(players)]
        state = game.rules.new_game(players, OPTIONS.get(game_name), seed)
        while not state.is_over:
            seat = state.to_act()[0]
            began = time.thread_time()
            view, legal = state.view(seat), state.legal_actions(seat)
            start = time.thread_time()
            action = bots[seat].choose(view, legal)
            end = time.thread_time()
            chosen.append((end - start) * 1000)
            whole.append((end - began) * 1000)
            state, _ = state.apply(seat, action)
    return chosen, whole


def measure(names: list[str], games: int) -> dict[str, object]:
    results: dict[str, object] = {"load_average_before": load_average()}
    for name in names:
        rules = GAMES[name].rules
        for players in range(rules.min_players, rules.max_players + 1):
            times, whole = decision_ms(name, players, games)
            p99 = percentile(times, 99)
            row = {
                "decisions": len(times),
                "ms_p50": percentile(times, 50),
                "ms_p99": p99,
                "ms_max": max(times),
                "ratio_to_5ms": p99 / TARGET_MS,
                "with_moves_ms_p50": percentile(whole, 50),
                "with_moves_ms_p99": percentile(whole, 99),
                "with_moves_ms_max": max(whole),
                "with_moves_ratio_to_5ms": percentile(whole, 99) / TARGET_MS,
            }
            results[f"{name}/{players}"] = row
            verdict = "meets" if p99 <= TARGET_MS else "MISSES"
            print(
                f"{name}, {players} players: p50 {row['ms_p50']:.3f} ms, p99 {p99:.3f} ms"
                f" ({len(times)} decisions); p99 / 5 ms = {p99 / TARGET_MS:.2f} ({verdict});"
                f" with moves p99 {row['with_moves_ms_p99']:.3f} ms,"
                f" max {row['with_moves_ms_max']:.1f} ms",
                flush=True,
            )
    results["load_average_after"] = load_average()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two games per player count")
    parser.add_argument("--games", type=int, default=12, help="games per player count")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--out", type=Path, help="also write the results as JSON here")
    args = parser.parse_args()
    names = args.game or list(GAMES)
    results = rounded(measure(names, 2 if args.quick else args.games))
    if args.out:
        args.out.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
