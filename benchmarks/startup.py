"""Start-up benchmark: how soon sixdot answers, beside a bare `import prompt_toolkit`.

Run from the repository root:  .venv/bin/python benchmarks/startup.py [--rounds N]

Three programs are started in turn, round after round, in a shuffled order so
that whatever else the machine does falls on all three alike:

- first prompt: `sixdot play alphabeticell --seed 1` with stdin and stdout
  pipes, from launch to the line that asks for the player's first pick (the
  program then waits for input); it is killed there.
- help: `sixdot --help`, from launch to exit.
- anchor: `python -c "import prompt_toolkit"`, from launch to exit.

Targets (issue 20): the first prompt at most 2 times the anchor, help at most
1.2 times it, medians of the same run. Each is printed as a ratio (at most 1.0
meets it), for the wall time and for the CPU time of the child (user + system,
from `resource.getrusage(RUSAGE_CHILDREN)` before and after each child is
reaped). Other work on this shared machine stretches wall times far more than
CPU times, so the load average is recorded and the CPU ratio is the one to
trust when the machine is busy.

Every run has its own saved-games, settings and cache folders. A first round
that is not counted leaves the phrasebook checked, as any install's first run
does; `first prompt, phrasebook unchecked` times a few starts with an empty
cache folder besides, the cost of the one run after the phrasebook changes.
Results go to benchmarks/results/startup.json.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from common import percentile, rounded
from sixdot.present.phrasebook import Phrasebook

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "startup.json"
BIN = Path(sys.executable).parent
#: Each target: its ratio to the anchor's median (issue 20).
FIRST_PROMPT_TARGET = 2.0
HELP_TARGET = 1.2


def first_prompt_line() -> str:
    """How the line asking for the first pick begins, in the phrasebook's words."""
    return Phrasebook()("abc-turn-pick", cards="\u2603").split("\u2603")[0]


class Runner:
    """Starts the three programs in fresh folders and times each one."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.cache = folder / "cache"
        self.marker = first_prompt_line().encode("utf-8")
        self.count = 0

    def env(self, cache: Path) -> dict[str, str]:
        self.count += 1
        return {
            **os.environ,
            "SIXDOT_SAVES": str(self.folder / f"saved-{self.count}"),
            "SIXDOT_CONFIG": str(self.folder / "config.toml"),
            "SIXDOT_CACHE": str(cache),
        }

    def timed(self, run: Callable[[], None]) -> tuple[float, float]:
        """Wall and CPU milliseconds of the child that `run` starts and reaps."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        run()
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return wall * 1000, cpu * 1000

    def to_exit(self, command: list[str]) -> tuple[float, float]:
        def run() -> None:
            subprocess.run(command, env=self.env(self.cache), stdout=subprocess.DEVNULL, check=True)

        return self.timed(run)

    def first_prompt(self, cache: Path | None = None) -> tuple[float, float]:
        """Until the first pick is asked for; the wall clock stops at that line."""
        stopped: list[float] = []

        def run() -> None:
            command = [str(BIN / "sixdot"), "play", "alphabeticell", "--seed", "1"]
            env = self.env(cache or self.cache)
            start = time.perf_counter()
            with subprocess.Popen(
                command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE
            ) as child:
                assert child.stdout is not None
                for line in child.stdout:
                    if line.startswith(self.marker):
                        stopped.append(time.perf_counter() - start)
                        break
                else:
                    raise SystemExit(f"no first prompt from {' '.join(command)}")
                child.kill()  # it waits for input: its CPU time is that of the start

        _, cpu = self.timed(run)
        return stopped[0] * 1000, cpu


def summary(samples: list[float]) -> dict[str, float]:
    return {
        "samples": len(samples),
        "p50": statistics.median(samples),
        "p90": percentile(samples, 90),
        "min": min(samples),
    }


def row(label: str, wall: dict[str, float], cpu: dict[str, float]) -> None:
    print(f"{label:32}{wall['p50']:10.1f}{wall['p90']:8.1f}{cpu['p50']:10.1f}{cpu['p90']:8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40, help="rounds of the three (40)")
    parser.add_argument("--cold", type=int, default=8, help="starts with an empty cache (8)")
    args = parser.parse_args()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="sixdot-startup-") as name:
        runner = Runner(Path(name))
        runs: dict[str, Callable[[], tuple[float, float]]] = {
            "first prompt": runner.first_prompt,
            "help": lambda: runner.to_exit([str(BIN / "sixdot"), "--help"]),
            "anchor": lambda: runner.to_exit([str(BIN / "python"), "-c", "import prompt_toolkit"]),
        }
        for run in runs.values():  # not counted: the phrasebook is checked, files are cached
            run()
        wall: dict[str, list[float]] = {key: [] for key in runs}
        cpu: dict[str, list[float]] = {key: [] for key in runs}
        order = list(runs)
        for _ in range(args.rounds):
            random.shuffle(order)
            for key in order:
                w, c = runs[key]()
                wall[key].append(w)
                cpu[key].append(c)
        cold_wall, cold_cpu = [], []
        for count in range(args.cold):
            w, c = runner.first_prompt(runner.folder / f"empty-cache-{count}")
            cold_wall.append(w)
            cold_cpu.append(c)
    load_after = os.getloadavg()

    results: dict[str, object] = {
        "rounds": args.rounds,
        "cpus": os.cpu_count(),
        "load_average_1min": {"before": load_before[0], "after": load_after[0]},
        "note": (
            "Wall time from launch (first prompt: to its line on the pipe); CPU time is"
            " the child's user + system time from getrusage(RUSAGE_CHILDREN) deltas, less"
            " disturbed by other work on this shared machine."
        ),
        "wall_ms": {key: summary(v) for key, v in wall.items()},
        "cpu_ms": {key: summary(v) for key, v in cpu.items()},
        "first_prompt_phrasebook_unchecked": {
            "wall_ms": summary(cold_wall),
            "cpu_ms": summary(cold_cpu),
        },
    }
    print(
        f"{args.rounds} rounds; load average {load_before[0]:.2f} before, {load_after[0]:.2f} after"
    )
    print(f"{'':32}{'wall p50':>10}{'p90':>8}{'cpu p50':>10}{'p90':>8}   ms")
    for key in runs:
        row(key, summary(wall[key]), summary(cpu[key]))
    row("first prompt, unchecked", summary(cold_wall), summary(cold_cpu))
    ratios: dict[str, dict[str, float]] = {}
    for key, target in (("first prompt", FIRST_PROMPT_TARGET), ("help", HELP_TARGET)):
        ratios[key] = {}
        for clock, samples in (("wall", wall), ("cpu", cpu)):
            ratio = statistics.median(samples[key]) / statistics.median(samples["anchor"])
            ratios[key][clock] = ratio / target
        print(
            f"{key}: at most {target} x import prompt_toolkit -> ratio"
            f" {ratios[key]['cpu']:.2f} (CPU), {ratios[key]['wall']:.2f} (wall)"
            "  (at most 1.0 meets it)"
        )
    results["targets"] = {
        "first prompt": {
            "at_most_times_anchor": FIRST_PROMPT_TARGET,
            "ratio": ratios["first prompt"],
        },
        "help": {"at_most_times_anchor": HELP_TARGET, "ratio": ratios["help"]},
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(rounded(results), indent=2) + "\n")
    print(f"saved {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
