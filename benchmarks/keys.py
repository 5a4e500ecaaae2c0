"""Keypress to announcement, measured two ways (issue 7).

Run from the repository root:  .venv/bin/python benchmarks/keys.py

1. In the program: a Table with prompt_toolkit's terminal reads keys from a
   pipe, and an output backend notes when each answer is handed to it. This
   is the issue's measure: from the keypress reaching sixdot to the
   announcement handed to the output (speech, braille display).
2. End to end: `sixdot play alphabeticell` in a real pty; each press is timed
   until its answer is on the terminal, which adds the pty and this
   process's reading to the program's own time.

Both press the scores key (F5) and the focus key (Right). The target is
p99 <= 5 ms; results are printed as percentiles and as a ratio to the target
(at most 1.0 meets it).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import pexpect
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from common import percentile
from sixdot.client.session import Setup, Table
from sixdot.client.terminal import PromptTerminal
from sixdot.games import get_game
from sixdot.output import Output
from sixdot.present.phrasebook import Phrasebook

TARGET_MS = 5.0
F5, RIGHT, ESCAPE = "\x1b[15~", "\x1b[C", "\x1b"


class Stopwatch(Output):
    """An output that wakes the benchmark when a line or a focus reaches it."""

    name = "stopwatch"

    def __init__(self) -> None:
        self.arrived = threading.Event()
        self.at = 0.0

    def _mark(self) -> None:
        self.at = time.perf_counter()
        self.arrived.set()

    def deliver(self, line: str, urgent: bool = False) -> None:
        self._mark()

    def show_focus(self, labels: Sequence[str], at: int = 0) -> None:
        if at or labels:
            self._mark()


def measure_in_program(presses: int) -> dict[str, list[float]]:
    """Keypress into prompt_toolkit to the answer handed to an output, in one process."""
    watch = Stopwatch()
    ready = threading.Event()
    pipe_box: list = []

    def table() -> None:
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            pipe_box.append(pipe)
            setup = Setup(get_game("alphabeticell"), players=3, seed=5)
            terminal = PromptTerminal()
            terminal.stdout = io.StringIO()
            ready.set()
            Table(setup, Phrasebook(), terminal, [watch]).run()

    threading.Thread(target=table, daemon=True).start()
    ready.wait()
    time.sleep(0.5)  # the table deals and reaches the first prompt
    pipe = pipe_box[0]
    times: dict[str, list[float]] = {"F5 scores": [], "Right focus": []}
    for _ in range(presses):
        for name, key in (("F5 scores", F5), ("Right focus", RIGHT)):
            watch.arrived.clear()
            start = time.perf_counter()
            pipe.send_text(key)
            if not watch.arrived.wait(5):
                raise RuntimeError(f"no answer to {name}")
            times[name].append((watch.at - start) * 1000)
            time.sleep(0.01)  # let the rest of the answer go by
        pipe.send_text(ESCAPE)
        time.sleep(0.02)
    return times


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


def report(title: str, times: dict[str, list[float]]) -> None:
    for name, samples in times.items():
        p50, p99 = percentile(samples, 50), percentile(samples, 99)
        verdict = "meets" if p99 <= TARGET_MS else "MISSES"
        print(
            f"{title}, {name}: p50 {p50:.2f} ms, p99 {p99:.2f} ms over {len(samples)} presses; "
            f"p99 / {TARGET_MS} ms target = {p99 / TARGET_MS:.2f} ({verdict})"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    args = parser.parse_args()
    report("in the program", measure_in_program(args.presses))
    report("through a pty", measure(args.presses))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
