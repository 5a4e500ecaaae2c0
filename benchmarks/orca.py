"""What Orca, the Linux screen reader, speaks of sixdot in a terminal (issue 30).

Run from the repository root (as root, or with Orca's Debian packages in place):

    .venv/bin/python benchmarks/orca.py

Runs scripts/orca-check once: the real program in gnome-terminal 80x24 with
Orca 43 at its default settings, keys pressed with xdotool, what sixdot
wrote compared with what Orca spoke. Writes benchmarks/results/orca.json:
printed lines spoken exactly / printed, focus labels spoken whole / written,
review-key answers spoken / printed, and the delay from a line printed to
Orca speaking it (p50, p99), each with its target and whether it meets it.
Targets (the issue's): every line and answer spoken, at least 95% of the
labels whole, p99 delay under 100 ms. Then once more with `--speech
screenreader`, kept under "screenreader": the same shares, and the lines
sixdot gave speech-dispatcher itself (each one heard twice; target none).
Exits 77 when Orca cannot run here.
"""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from common import load_average

HERE = Path(__file__).resolve().parent
SCRIPT = HERE.parent / "scripts" / "orca-check"
RESULTS = HERE / "results" / "orca.json"


def check(*args: str) -> dict | int:  # type: ignore[type-arg]
    """scripts/orca-check's figures, or its exit status when it failed."""
    with tempfile.TemporaryDirectory() as folder:
        raw = Path(folder) / "figures.json"
        run = subprocess.run([sys.executable, str(SCRIPT), "--json", str(raw), *args])
        return run.returncode or json.loads(raw.read_text())


def main() -> int:
    before = load_average()
    figures = check()
    if isinstance(figures, int):
        return figures
    alongside = check("--speech", "screenreader")
    if isinstance(alongside, int):
        return alongside
    targets = {
        "lines": ("share", 1.0),
        "labels": ("share", 0.95),
        "answers": ("share", 1.0),
    }
    checks = {}
    for name, (_, least) in targets.items():
        got = figures[name]
        share = got["spoken"] / got["of"] if got["of"] else 0.0
        checks[name] = {**got, "share": round(share, 3), "target": least, "meets": share >= least}
    p99 = figures["delay_ms"]["p99"]
    checks["delay_ms"] = {
        **figures["delay_ms"],
        "target_p99_below": 100,
        "meets": p99 is not None and p99 < 100,
    }
    result = {
        "when": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "load_average": {"before": before, "after": load_average()},
        "setup": figures["orca"],
        "game": figures["game"],
        "steps": figures["steps"],
        **checks,
        "blank_said": figures["blank_said"],
        "prompt": figures["prompt"],
        "unspoken_lines": figures["unspoken_lines"],
        "unspoken_labels": figures["unspoken_labels"],
        "screenreader": {
            **{name: alongside[name] for name in ("lines", "labels", "answers")},
            "sixdot_spoke": alongside["sixdot_spoke"],
            "target_sixdot_spoke": 0,
        },
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    for name in ("lines", "labels", "answers"):
        c = checks[name]
        verdict = "meets" if c["meets"] else "MISSES"
        print(
            f"{name}: {c['spoken']} of {c['of']} spoken ({c['share']:.0%}), "
            f"target {c['target']:.0%}: {verdict}"
        )
    d = checks["delay_ms"]
    print(
        f"delay: p50 {d['p50']} ms, p99 {d['p99']} ms, target p99 < 100 ms: "
        f"{'meets' if d['meets'] else 'MISSES'}"
    )
    print(f"screenreader mode: sixdot itself spoke {alongside['sixdot_spoke']} lines (target 0)")
    print(f"Saved {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
