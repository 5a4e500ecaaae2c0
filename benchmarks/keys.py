"""Keypress to announcement, measured two ways (issues 7, 16, 20).

Run from the repository root:  .venv/bin/python benchmarks/keys.py [--runs 3]

1. In the program: a Table with prompt_toolkit's terminal reads keys from a
   pipe, and an output backend notes when each answer is handed to it. This
   is the issue's measure: from the keypress reaching sixdot to the
   announcement handed to the output (speech, braille display). Both the
   wall time and the CPU time of the table's thread are taken: the CPU time
   is what the program costs, and it does not grow when other work shares
   the machine's cores.
2. End to end: `sixdot play consonants` in a real pty; each press is timed
   until its answer is on the terminal, which adds the pty and this
   process's reading to the program's own time (wall time only).

The keys: the scores (F5), the trick (F9, a review key of every game),
Right (the next card, the whole input line written anew), Down and Up (the
next and previous group: the consonants, then the vowels again). The target is p99 <= 5 ms in every
run; results are printed as percentiles and as a ratio to the target (at most
1.0 meets it) and saved to benchmarks/results/keys.json with the load.
"""

from __future__ import annotations

import argparse
import io
import json
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

from common import load_average, percentile, rounded
from sixdot.client.session import Setup, Table
from sixdot.client.terminal import PromptTerminal
from sixdot.games import get_game
from sixdot.output import Output
from sixdot.present.phrasebook import Phrasebook

TARGET_MS = 5.0
F5, F9, RIGHT, DOWN, UP = "\x1b[15~", "\x1b[20~", "\x1b[C", "\x1b[B", "\x1b[A"
ESCAPE = "\x1b"
GAME, PLAYERS, SEED = "consonants", 4, 4
#: Each key, and what its answer says on the terminal (a pty reads for it).
KEYS = (
    ("F5 scores", F5, "Cleo: 0 points."),
    ("F9 trick", F9, "No trick is being played now."),
    ("Right focus", RIGHT, "A over E"),
    ("Down group", DOWN, "in Consonants"),
    ("Up group", UP, "in Vowels"),
)
RESULTS = Path(__file__).parent / "results" / "keys.json"


class Stopwatch(Output):
    """An output that wakes the benchmark when a line or a focus reaches it."""

    name = "stopwatch"

    def __init__(self) -> None:
        self.arrived = threading.Event()
        self.at = 0.0
        self.cpu_at = 0.0

    def _mark(self) -> None:
        self.at = time.perf_counter()
        self.cpu_at = time.thread_time()  # the table's thread: it delivers
        self.arrived.set()

    def deliver(self, line: str, urgent: bool = False) -> None:
        self._mark()

    def show_focus(self, labels: Sequence[str], at: int = 0) -> None:
        if at or labels:
            self._mark()


def measure_in_program(presses: int) -> dict[str, list[float]]:
    """Keypress into prompt_toolkit to the answer handed to an output, in one process:
    wall time, and the CPU time the table's thread spent on it."""
    watch = Stopwatch()
    ready = threading.Event()
    pipe_box: list = []

    def table() -> None:
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            pipe_box.append(pipe)
            setup = Setup(get_game(GAME), players=PLAYERS, seed=SEED)
            terminal = PromptTerminal()
            terminal.stdout = io.StringIO()
            ready.set()
            Table(setup, Phrasebook(), terminal, [watch]).run()

    thread = threading.Thread(target=table, daemon=True)
    thread.start()
    ready.wait()
    time.sleep(1.0)  # the table deals and reaches the first prompt
    assert thread.ident is not None
    table_cpu = time.pthread_getcpuclockid(thread.ident)
    pipe = pipe_box[0]
    times: dict[str, list[float]] = {}
    for _ in range(presses):
        for name, key, _said in KEYS:
            watch.arrived.clear()
            start, cpu = time.perf_counter(), time.clock_gettime(table_cpu)
            pipe.send_text(key)
            if not watch.arrived.wait(5):
                raise RuntimeError(f"no answer to {name}")
            times.setdefault(f"{name} (wall)", []).append((watch.at - start) * 1000)
            times.setdefault(f"{name} (CPU)", []).append((watch.cpu_at - cpu) * 1000)
            time.sleep(0.01)  # let the rest of the answer go by
        pipe.send_text(ESCAPE)
        time.sleep(0.02)
    return times


def measure(presses: int) -> dict[str, list[float]]:
    script = Path(sys.executable).with_name("sixdot")
    env = dict(os.environ, TERM="xterm")
    args = ["play", GAME, "--players", str(PLAYERS), "--seed", str(SEED)]
    child = pexpect.spawn(str(script), args, env=env, dimensions=(40, 100))
    child.delaybeforesend = None
    prompt = r"\x1b\[\?25h"  # prompt_toolkit shows the cursor when the prompt is drawn
    child.expect("Pass ")
    child.expect(prompt)
    times: dict[str, list[float]] = {}
    for _ in range(presses):
        for name, key, said in KEYS:
            start = time.perf_counter()
            child.send(key)
            child.expect_exact(said)
            times.setdefault(name, []).append((time.perf_counter() - start) * 1000)
            child.expect(prompt)
        child.send(ESCAPE)
        time.sleep(0.05)
        child.expect(prompt)
    child.terminate(force=True)
    return times


def report(title: str, times: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    figures = {}
    for name, samples in times.items():
        p50, p99 = percentile(samples, 50), percentile(samples, 99)
        verdict = "meets" if p99 <= TARGET_MS else "MISSES"
        print(
            f"{title}, {name}: p50 {p50:.2f} ms, p99 {p99:.2f} ms over {len(samples)} presses; "
            f"p99 / {TARGET_MS} ms target = {p99 / TARGET_MS:.2f} ({verdict})"
        )
        figures[name] = {"p50_ms": p50, "p99_ms": p99, "p99_ratio": p99 / TARGET_MS}
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    runs = []
    for run in range(1, args.runs + 1):
        load = load_average()
        print(f"run {run} of {args.runs}, load average {load}")
        runs.append(
            {
                "load_average": load,
                "in_program": report("in the program", measure_in_program(args.presses)),
                "pty": report("through a pty", measure(args.presses)),
            }
        )
    fields = {"game": GAME, "players": PLAYERS, "seed": SEED, "target_p99_ms": TARGET_MS}
    RESULTS.write_text(json.dumps(rounded({**fields, "runs": runs}), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
