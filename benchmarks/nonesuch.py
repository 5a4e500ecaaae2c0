"""Nonesuch benchmarks: bot-only game speed, bot decision times, and the strong
bot against sensible bots.

Run from the repository root:

    .venv/bin/python benchmarks/nonesuch.py [--games N] [--think MS]
        [--tournament-think MS | --tournament-samples N] [--quick]
        [--out benchmarks/results/nonesuch.json]

With --tournament-samples the strong bot tries that many deals a move instead
of thinking for a time, so the tournament gives the same result on any machine.

Targets (issue 4), each shown as a ratio (at most 1.0 meets it):
- sensible bot decision p99 <= 5 ms (bids, trump calls and card play);
- strong bot p99 within its think budget plus 20% (it checks the clock
  between sampled deals);
- a tournament of one strong bot against sensible bots at three and at four
  players, seats rotated, win rates with 95% Wilson intervals (a fair share
  is 1/3 or 1/4; the strong bot should beat it).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from common import percentile, rounded, standing_rows
from run import DECISION_P99_TARGET_MS, decision_times_ms
from sixdot.games import get_game
from sixdot.sim import play_bots, tournament

GAME = "nonesuch"
#: Game speed is timed with the old 40-hand limit: random bids lose points on
#: average and half of random four-player games never reach 31, as the text
#: plays (no limit, the default). Sensible games end well before it.
SPEED_OPTIONS = {"hands": 40}


def games_per_second(level: str, players: int, games: int) -> float:
    """Whole bot-only games a second, hands limited as SPEED_OPTIONS says."""
    game = get_game(GAME)
    start = time.perf_counter()
    for seed in range(games):
        play_bots(game, [level] * players, seed, SPEED_OPTIONS)
    return games / (time.perf_counter() - start)


def strong_times(games: int, think: int) -> list[float]:
    """Milliseconds per strong-bot decision with a choice, first hand of each game."""
    game = get_game(GAME)
    times: list[float] = []
    for seed in range(games):
        players = 3 + seed % 2
        bots = [game.bots["strong"](seat, seed) for seat in range(players)]
        state = game.rules.new_game(players, {"think": think}, seed)
        while state.hand_no == 1:  # type: ignore[attr-defined]
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            start = time.perf_counter()
            action = bots[seat].choose(view, legal)
            if len(legal) > 1:
                times.append((time.perf_counter() - start) * 1000)
            state, _ = state.apply(seat, action)
    return times


def speeds(quick: bool, think: int) -> dict[str, object]:
    results: dict[str, object] = {}
    games = 20 if quick else 200
    for level in ("random", "sensible"):
        for players in (3, 4):
            rate = games_per_second(level, players, games)
            results[f"games_per_s_{players}_{level}"] = rate
    sensible = decision_times_ms(GAME, "sensible", 3, 10 if quick else 100)
    sensible += decision_times_ms(GAME, "sensible", 4, 10 if quick else 100)
    results["sensible_decisions"] = len(sensible)
    results["sensible_ms_p50"] = percentile(sensible, 50)
    results["sensible_ms_p99"] = percentile(sensible, 99)
    results["sensible_ratio"] = percentile(sensible, 99) / DECISION_P99_TARGET_MS
    strong = strong_times(2 if quick else 6, think)
    results["strong_think_ms"] = think
    results["strong_decisions"] = len(strong)
    results["strong_ms_p50"] = percentile(strong, 50)
    results["strong_ms_p99"] = percentile(strong, 99)
    results["strong_ratio"] = percentile(strong, 99) / (think * 1.2)
    return results


def strong_against_sensible(
    players: int, games: int, think: int, samples: int
) -> dict[str, object]:
    """One strong bot against sensible bots, seats rotated between games."""
    start = time.perf_counter()
    levels = ["strong"] + ["sensible"] * (players - 1)
    options = {"think": think, "samples": samples}
    standings = tournament(get_game(GAME), levels, games, seed=1000, options=options)
    return {
        "players": players,
        "games": games,
        "think_ms": think,
        "samples": samples,
        "fair_share": 1 / players,
        "seconds": time.perf_counter() - start,
        "standings": standing_rows(standings),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="tournament games a player count")
    parser.add_argument("--think", type=int, default=200, help="strong bot budget, ms")
    parser.add_argument("--tournament-think", type=int, default=10, help="budget in the tournament")
    parser.add_argument(
        "--tournament-samples", type=int, default=0, help="deals a move, tournament (0: think)"
    )
    parser.add_argument("--quick", action="store_true", help="short runs, no tournament")
    parser.add_argument("--out", type=Path, help="also write the results as JSON here")
    args = parser.parse_args()
    results = speeds(args.quick, args.think)
    if not args.quick and args.games > 0:
        results["tournaments"] = [
            strong_against_sensible(
                players, args.games, args.tournament_think, args.tournament_samples
            )
            for players in (3, 4)
        ]
    text = json.dumps(rounded(results), indent=2)
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
