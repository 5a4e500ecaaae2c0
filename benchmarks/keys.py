"""Keypress to announcement, measured in a real pseudo-terminal (issue 7).

Run from the repository root:  .venv/bin/python benchmarks/keys.py
It starts `sixdot play alphabeticell` in a pty, presses the scores key (F5)
and the focus key (Right) many times, and times each press until its answer
is on the terminal. The target is p99 <= 5 ms; the result is printed as
percentiles and as a ratio to the target (at most 1.0 meets it).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import pexpect

TARGET_MS = 5.0
F5, RIGHT, ESCAPE = "\x1b[15~", "\x1b[C", "\x1b"


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def measure(presses: int) -> dict[str, list[float]]:
    script = Path(sys.executable).with_name("sixdot")
    env = dict(os.environ, TERM="xterm")
    child = pexpect.spawn(
        str(script), ["play", "alphabeticell", "--seed", "5"], env=env, dimensions=(40, 80)
    )
    child.delaybeforesend = None
    prompt = r"\x1b\[\?25h"  # prompt_toolkit shows the cursor when the prompt is drawn
    child.expect("Your pick")
    child.expect(prompt)
    times: dict[str, list[float]] = {"F5 scores": [], "Right focus": []}
    for _ in range(presses):
        start = time.perf_counter()
        child.send(F5)
        child.expect("Ben: 0 points.")
        times["F5 scores"].append((time.perf_counter() - start) * 1000)
        child.expect(prompt)
        start = time.perf_counter()
        child.send(RIGHT)
        child.expect("Enter keeps it")
        times["Right focus"].append((time.perf_counter() - start) * 1000)
        child.expect(prompt)
        child.send(ESCAPE)
        time.sleep(0.05)
        child.expect(prompt)
    child.terminate(force=True)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    args = parser.parse_args()
    for name, samples in measure(args.presses).items():
        p50, p99 = percentile(samples, 50), percentile(samples, 99)
        verdict = "meets" if p99 <= TARGET_MS else "MISSES"
        print(
            f"{name}: p50 {p50:.2f} ms, p99 {p99:.2f} ms over {len(samples)} presses; "
            f"p99 / {TARGET_MS} ms target = {p99 / TARGET_MS:.2f} ({verdict})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
