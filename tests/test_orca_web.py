"""Orca, the Linux screen reader, reading the web client in Chromium (issue 33).

scripts/orca-web-check plays a short game on the page by keyboard in Chromium
with its accessibility bridge on, Orca at its default settings on a private
desktop, and compares each line the page put in its log region with what Orca
spoke (its debug log). A blind player at the page must hear each line once:
none dropped, none said twice. Slow (about four minutes) and it needs
Debian's Orca stack and Chromium: skipped, saying why, where it cannot run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_orca import checked


@pytest.mark.slow
def test_orca_speaks_each_line_of_the_page_once(tmp_path: Path) -> None:
    figures, report = checked("orca-web-check", tmp_path)
    lines, urgent = figures["lines"], figures["urgent"]
    assert lines["of"] >= 50 and urgent["of"] >= 5, report  # a game was played
    assert not lines["repeated"], report  # nothing said twice
    assert lines["spoken"] >= 0.95 * lines["of"], report
    assert urgent["spoken"] == urgent["of"], report  # every turn heard
