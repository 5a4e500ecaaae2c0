"""Orca, the Linux screen reader, reading sixdot in gnome-terminal (issue 30).

scripts/orca-check runs the real program in gnome-terminal with Orca at its
default settings, presses keys with xdotool and compares what sixdot wrote
with what Orca spoke (its debug log). A blind player walking a hand must
hear every label whole, the answer to every review key, and the lines the
game prints. Slow (about three minutes) and it needs Debian's Orca stack:
the script installs what is missing when run as root, and this test is
skipped, saying why, where it cannot.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
SKIP = 77


def checked(script: str, tmp_path: Path, *args: str) -> tuple[dict[str, Any], str]:
    """Run an Orca check of scripts/ with --json: its figures and its report.
    Skipped, saying why, where it cannot run (status 77, or not Linux)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("Orca runs on Linux only")
    figures_file = tmp_path / f"{script}.json"
    run = subprocess.run(
        [sys.executable, str(SCRIPTS / script), "--json", str(figures_file), *args],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    if run.returncode == SKIP:
        pytest.skip(run.stderr.strip() or f"scripts/{script} cannot run here")
    assert run.returncode == 0, run.stdout + run.stderr
    figures: dict[str, Any] = json.loads(figures_file.read_text())
    return figures, run.stdout


@pytest.mark.slow
def test_orca_speaks_every_label_whole_every_answer_and_the_lines(tmp_path: Path) -> None:
    figures, report = checked("orca-check", tmp_path, "--work", str(tmp_path / "w"))
    labels, answers, lines = figures["labels"], figures["answers"], figures["lines"]
    assert labels["of"] >= 20, report  # the walk really happened
    assert labels["spoken"] >= 0.95 * labels["of"], report
    assert answers["of"] > 0 and answers["spoken"] == answers["of"], report
    # A 55-line run of bot moves among them, and sixdot rules' 144 lines at once.
    assert lines["of"] > 300 and lines["spoken"] == lines["of"], report
    assert figures["blank_said"] == 0, report  # no word the program did not write
    # The prompt ends nearly every burst Orca speaks: its sign must make no sound.
    assert figures["prompt"]["phonemes"] == "" and figures["prompt"]["greater"] == 0, report
    # A line counts as spoken only when Orca says it before the next key is
    # pressed, so "in time" is checked above; how many milliseconds is a
    # speed figure, tracked by benchmarks/orca.py, not asserted here.


@pytest.mark.slow
def test_in_screenreader_mode_orca_alone_speaks_each_line_once(tmp_path: Path) -> None:
    """`--speech screenreader` where Orca reads the terminal: sixdot gives
    speech-dispatcher nothing (each line it gave would be heard twice), and
    Orca still speaks every line, its notice saying so among them, and the
    labels. The first steps only: the walk, F-keys, a move."""
    figures, report = checked("orca-check", tmp_path, "--speech", "screenreader", "--steps", "12")
    labels, lines = figures["labels"], figures["lines"]
    assert figures["sixdot_spoke"] == 0, report
    assert lines["of"] > 10 and lines["spoken"] == lines["of"], report
    assert labels["of"] >= 5 and labels["spoken"] >= 0.95 * labels["of"], report
