"""What every benchmark script shares: percentiles, rounding, tournament rows,
the machine's load, and the OpenSpiel Hearts anchor that rules speed is measured against."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Iterable
from typing import Any

from sixdot.sim import Standing


def percentile(samples: list[float], q: float) -> float:
    """The q-th percentile by the nearest rank."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def rounded(value: object) -> object:
    """Floats to three decimals, all the way down, for a readable report."""
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rounded(v) for v in value]
    return value


def standing_rows(standings: Iterable[Standing]) -> list[dict[str, object]]:
    """Each level's seats, wins, win rate and 95% interval, as the results files keep them."""
    return [
        {
            "level": s.level,
            "seats": s.seats,
            "wins": s.wins,
            "rate": s.rate,
            "ci95": list(s.interval),
        }
        for s in standings
    ]


def load_average() -> float:
    """The machine's one-minute load average: other work on the shared cores slows us."""
    return round(os.getloadavg()[0], 2)


#: OpenSpiel Hearts as issue 20 measured it on this kind of machine (382,000 to
#: 399,000 decisions a CPU second; 510,000 to 540,000 when measured again for its
#: results), used only when OpenSpiel cannot be run here, and the report says so.
ISSUE_ANCHOR = 390_000.0

#: A Python other than ours with open_spiel installed, looked for when ours has none
#: (open_spiel is no dependency of sixdot; `python3.11 -m venv /tmp/ospiel-venv &&
#: /tmp/ospiel-venv/bin/pip install open_spiel` makes one).
ANCHOR_PYTHONS = ("/tmp/ospiel-venv/bin/python",)

OPENSPIEL = """
import random, sys, time

import pyspiel


def hearts_rate(seconds):
    \"\"\"OpenSpiel Hearts random play, in decisions a CPU second.\"\"\"
    game = pyspiel.load_game("hearts")
    rng = random.Random(0)
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions / (time.process_time() - start)


if __name__ == "__main__":
    print(hearts_rate(float(sys.argv[1])))
"""


def anchor(python: str | None) -> tuple[Callable[[float], float], str]:
    """How to time OpenSpiel Hearts here, as a function of CPU seconds giving decisions
    a CPU second, and what to call it: in this process, with `python` (or one of
    ANCHOR_PYTHONS), or, failing both, the issue's figure, said to be so."""
    try:
        import pyspiel  # noqa: F401  (only whether it is there)
    except ImportError:
        pass
    else:
        space: dict[str, Any] = {"__name__": "anchor"}
        exec(OPENSPIEL, space)
        return space["hearts_rate"], "OpenSpiel hearts in this process, measured now"
    found = python or next((p for p in ANCHOR_PYTHONS if shutil.which(p)), None)
    if found is not None:

        def elsewhere(seconds: float) -> float:
            done = subprocess.run(
                [found, "-c", OPENSPIEL, str(seconds)], capture_output=True, text=True, check=True
            )
            return float(done.stdout.strip())

        return elsewhere, f"OpenSpiel hearts with {found} (CPU time of that process), measured now"
    return (lambda seconds: ISSUE_ANCHOR), (
        "NOT MEASURED: open_spiel is not importable here and no --anchor-python;"
        f" the issue's figure of {ISSUE_ANCHOR:,.0f} a second stands in"
    )
