"""Rules speed of all five games in random play, against OpenSpiel's C++ Hearts.

Run from the repository root:

    .venv/bin/python benchmarks/rules.py [--quick] [--seconds S] [--anchor-python PATH]
        [--out FILE]

An action is one seat's decision, counted the same way in every game and in
the anchor: a seat in `to_act()` asks `legal_actions`, picks one uniformly at
random and `apply`s it (the state checks it again, as it does for a player).
Chance is not an action: OpenSpiel's deal is 52 chance actions, ours one
shuffle, and both loops include their deal's time. In Letters an action is a
whole turn's choice, one of: draw, take, discard a card, go out or (on a final
turn) lay a set of words with a discard, challenge, accept or done; `legal_actions`
lists every way of going out the solver finds, so it is many moves, not one.

What a move is differs from game to game, so each game's row also says how
many moves `legal_actions` lists a decision, on average and at most (counted
in untimed games). Hearts lists at most 13.

Rates are in CPU seconds of this process, and ours and the anchor's are timed in
alternating rounds, so a busy machine (other work on the two shared cores; the
load average is recorded) slows both alike; each game's reported share of Hearts'
rate is the median over the rounds. Targets (issue 20), each as a ratio of the
share needed to the share measured, how many times too slow (at most 1.0 meets
it, as in every benchmark here):

- Consonants, one hand's card play (passing and tricks): 1/2.5 of Hearts;
- Consonants, whole games (with the words phase and scoring): 1/5;
- Alphagon and Letters, whole games: 1/10.

Alphabeticell and Nonesuch have no target here; their rates are reported.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common import anchor, load_average, rounded
from sixdot.core import GameState
from sixdot.games import get_game
from sixdot.games.consonants.rules import Phase


@dataclass(frozen=True)
class Measure:
    """One random-play measurement: a game, its seats and options, where a game stops."""

    label: str
    game: str
    players: int
    #: The fraction of Hearts' rate needed, or None where the issue sets none.
    target: float | None
    options: dict[str, object] | None = None
    #: Whether a game in progress is far enough (None: played to its end).
    done: Callable[[Any], bool] | None = None


def _hand_played(state: Any) -> bool:
    """Consonants' card play is over: the words phase (or the game's end) has come.

    Asked after every action, so written as the rules' own hot paths are: an
    identity test of the phase, no Enum attribute read.
    """
    phase = state.phase
    return phase is not _PASS and phase is not _PLAY


_PASS, _PLAY = Phase.PASS, Phase.PLAY

MEASURES = (
    Measure("consonants_hand", "consonants", 4, 1 / 2.5, done=_hand_played),
    Measure("consonants_game", "consonants", 4, 1 / 5),
    Measure("alphagon", "alphagon", 3, 1 / 10),
    Measure("letters", "letters", 3, 1 / 10),
    Measure("alphabeticell", "alphabeticell", 3, None),
    # Random bids may never reach 31: the house rule's hand limit keeps a game finite.
    Measure("nonesuch", "nonesuch", 3, None, {"hands": 40}),
)


def random_play_rate(measure: Measure, seconds: float, first_seed: int = 0) -> tuple[float, int]:
    """Decisions a CPU second in random play for about `seconds`, and the next seed."""
    rules = get_game(measure.game).rules
    done = measure.done
    decisions = 0
    seed = first_seed
    start = time.process_time()
    while time.process_time() - start < seconds:
        state: GameState = rules.new_game(measure.players, measure.options, seed)
        chooser = random.Random(seed)
        while not state.is_over and (done is None or not done(state)):
            seat = state.to_act()[0]
            state, _ = state.apply(seat, chooser.choice(state.legal_actions(seat)))
            decisions += 1
        seed += 1
    return decisions / (time.process_time() - start), seed


def moves_listed(measure: Measure, seconds: float) -> tuple[float, int]:
    """How many moves `legal_actions` lists a decision in random play, on
    average and at most, for about `seconds` (untimed: what a move is here)."""
    rules = get_game(measure.game).rules
    done = measure.done
    counts: list[int] = []
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state: GameState = rules.new_game(measure.players, measure.options, 10**6 + seed)
        chooser = random.Random(seed)
        while not state.is_over and (done is None or not done(state)):
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            counts.append(len(legal))
            state, _ = state.apply(seat, chooser.choice(legal))
        seed += 1
    return statistics.fmean(counts), max(counts)


def measure_all(seconds: float, rounds: int, python: str | None) -> dict[str, object]:
    """Every game's rate and its ratios, ours and the anchor's in alternating rounds."""
    hearts, source = anchor(python)
    load_before = load_average()
    results: dict[str, object] = {"anchor": source, "load_average_before": load_before}
    listed = {m.label: moves_listed(m, 0.5) for m in MEASURES}  # and the tables are made
    ours: dict[str, list[float]] = {m.label: [] for m in MEASURES}
    theirs: list[float] = []
    seeds = dict.fromkeys(ours, 0)
    for _ in range(rounds):
        theirs.append(hearts(seconds / rounds))
        for m in MEASURES:
            rate, seeds[m.label] = random_play_rate(m, seconds / rounds, seeds[m.label])
            ours[m.label].append(rate)
    results["anchor_per_s"] = statistics.median(theirs)
    for m in MEASURES:
        fractions = sorted(o / t for o, t in zip(ours[m.label], theirs, strict=True))
        row: dict[str, object] = {
            "players": m.players,
            "per_s": statistics.median(ours[m.label]),
            "games": seeds[m.label],
            "of_hearts": statistics.median(fractions),
            "of_hearts_range": [fractions[0], fractions[-1]],
            "moves_listed_mean": listed[m.label][0],
            "moves_listed_most": listed[m.label][1],
        }
        if m.target is not None:
            row["target_of_hearts"] = m.target
            row["ratio_to_target"] = m.target / statistics.median(fractions)
        results[m.label] = row
    results["load_average_after"] = load_average()
    return results


def report(results: dict[str, object]) -> None:
    """One line a game: its rate, its share of Hearts' and the share needed."""
    print(f"anchor: {results['anchor']}")
    print(f"Hearts: {results['anchor_per_s']:,.0f} actions/s (CPU)")
    for m in MEASURES:
        row = results[m.label]
        assert isinstance(row, dict)
        line = f"{m.label}: {row['per_s']:,.0f} actions/s, 1/{1 / row['of_hearts']:.1f} of Hearts"
        line += f" ({row['moves_listed_mean']:.1f} moves listed a decision)"
        if m.target is not None:
            verdict = "meets" if row["ratio_to_target"] <= 1 else "MISSES"
            line += f"; target 1/{1 / m.target:g}, ratio {row['ratio_to_target']:.2f} ({verdict})"
        print(line)
    print(f"load average: {results['load_average_before']} before, {results['load_average_after']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="about half a minute in all")
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per game")
    parser.add_argument("--anchor-python", help="another Python with open_spiel installed")
    parser.add_argument("--out", type=Path, help="also write the results as JSON here")
    args = parser.parse_args()
    seconds, rounds = (2.0, 4) if args.quick else (args.seconds, 10)
    results = rounded(measure_all(seconds, rounds, args.anchor_python))
    assert isinstance(results, dict)
    report(results)
    if args.out:
        args.out.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
