"""Every benchmark in one run, so that all the results files share one machine state.

Run from the repository root:

    .venv/bin/python benchmarks/all.py [--quick] [--only NAME ...]

Each benchmark below runs in turn, as its own program, writing its results
file under benchmarks/results/ as it does alone. This run keeps, in
benchmarks/results/all.json, when it ran, the load average before and after
each benchmark, how long each took, its exit status, and every line it
printed that states a target's ratio (a line naming a ratio, or saying
"meets" or "MISSES"); at the end those lines are printed together. A full
run takes about an hour: 20 minutes the Consonants tournament, 25 the line
lengths (benchmarks/lines.py plays 52 whole games online); `--quick` passes
each benchmark its own quick option.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from common import load_average

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"


@dataclass(frozen=True)
class Bench:
    """One benchmark script, the arguments a full run gives it and those a quick one adds;
    its script is benchmarks/NAME.py unless `script` names another."""

    name: str
    args: tuple[str, ...] = ()
    quick: tuple[str, ...] = ("--quick",)
    script: str = ""


BENCHES = (
    Bench("startup", quick=("--rounds", "10", "--cold", "2")),
    Bench("rules", ("--out", "benchmarks/results/rules.json")),
    Bench("bots", ("--out", "benchmarks/results/bots.json")),
    Bench("keys", quick=("--runs", "1", "--presses", "100")),
    Bench("speech", quick=("--games", "10", "--runs", "1")),
    Bench("lines", quick=("--seeds", "1", "--games", "1")),
    Bench("run", quick=("--games", "20")),
    Bench("letters", ("--out", "benchmarks/results/letters.json")),
    Bench("consonants", ("--out", "benchmarks/results/consonants.json")),
    Bench("nonesuch", ("--out", "benchmarks/results/nonesuch.json")),
    Bench("alphagon"),
    Bench("server"),
    Bench("server-abuse", ("--abuse",), script="server"),
)


def verdicts(output: str) -> list[str]:
    """The lines of a benchmark's report that say how near a target is."""
    marks = ("ratio", "meets", "MISSES")
    return [line.strip() for line in output.splitlines() if any(m in line for m in marks)]


def run(bench: Bench, quick: bool) -> dict[str, object]:
    """One benchmark as its own program; its output passes through as it comes."""
    command = [sys.executable, str(HERE / f"{bench.script or bench.name}.py"), *bench.args]
    if quick:
        command += bench.quick
    print(f"== {bench.name}: {' '.join(command[1:])}", flush=True)
    load = load_average()
    start = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None
        lines = []
        for line in child.stdout:
            print(line, end="", flush=True)
            lines.append(line)
    return {
        "command": command[1:],
        "exit": child.returncode,
        "seconds": round(time.perf_counter() - start, 1),
        "load_average": {"before": load, "after": load_average()},
        "verdicts": verdicts("".join(lines)),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="each benchmark's quick run")
    parser.add_argument("--only", nargs="+", choices=[b.name for b in BENCHES])
    args = parser.parse_args()
    chosen = [b for b in BENCHES if not args.only or b.name in args.only]
    began = datetime.datetime.now(datetime.UTC)
    runs = {b.name: run(b, args.quick) for b in chosen}
    summary = {
        "started": began.isoformat(timespec="seconds"),
        "quick": args.quick,
        "cpus": len(os.sched_getaffinity(0)),
        "runs": runs,
    }
    RESULTS.mkdir(exist_ok=True)
    if not args.only:
        (RESULTS / "all.json").write_text(json.dumps(summary, indent=2) + "\n")
    print("\n== targets")
    for name, row in runs.items():
        load = row["load_average"]
        assert isinstance(load, dict)
        print(f"{name} (exit {row['exit']}, {row['seconds']} s, load {load['before']}):")
        for line in row["verdicts"]:  # type: ignore[attr-defined]
            print(f"  {line}")
    return max(int(row["exit"]) for row in runs.values())  # type: ignore[call-overload]


if __name__ == "__main__":
    sys.exit(main())
