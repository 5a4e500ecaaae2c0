"""End-to-end tests of the text client on a terminal.

sixdot runs in a pseudo-terminal of 80 by 24 (pexpect), and what it prints
is read back with a pyte terminal emulator that answers cursor-position
requests like a real terminal. The output must stay a plain stream of lines:
the prompt "› " with the cursor after it, command output as new lines below,
and nothing above the prompt redrawn. What the program says is checked
against the same commands sent through a pipe, not against written text.
"""

from __future__ import annotations

import itertools
import math
import re

import pytest
from prompt_toolkit.utils import get_cwidth

from clienttools import PtyClient, run

PLAY = ("play", "alphabeticell", "--seed", "3")
CPR_WARNING = "cursor position requests"


def piped(*commands: str, args: tuple[str, ...] = PLAY) -> list[str]:
    """What sixdot says to `commands` through a pipe, in order, less the line
    that says the game was saved, which follows the end of input."""
    lines = run(*args, input="".join(f"{c}\n" for c in commands)).lines
    ended = lines[-2:-1] == ["Input ended: game stopped."]
    return lines[:-1] if ended and lines[-1].startswith("Saved: ") else lines


@pytest.fixture
def client():
    clients: list[PtyClient] = []

    def start(*args: str, term: str = "xterm") -> PtyClient:
        c = PtyClient(*args, term=term)
        clients.append(c)
        return c

    yield start
    for c in clients:
        c.close()


def assert_plain_stream(c: PtyClient, mark: int, row: int) -> None:
    """Since `mark`, the screen changed only on or below session row `row`, moving
    down and never back up, and nothing was left below the cursor."""
    changes = [(r, what) for r, what in c.screen.changes[mark:] if what != "draw blank"]
    above = [(r, what) for r, what in changes if r < row]
    assert above == [], f"redrawn above row {row}: {above[:5]}"
    rows = [r for r, _ in changes]
    back = [(a, b) for a, b in itertools.pairwise(rows) if b < a]
    assert back == [], f"went back up to redraw: {back[:5]}"
    assert max(rows, default=row) <= c.screen.row, "drawn below the cursor"
    wiped = [what for _, what in changes if what.startswith("erase display") and what[-1] != "0"]
    assert wiped == []
    assert all(not line.strip() for line in c.screen.display[c.screen.cursor.y + 1 :])


def test_prompt_commands_and_moves_are_new_lines_below(client) -> None:
    c = client(*PLAY)
    row = c.wait_prompt()
    # The cursor sits on the prompt line, right after "› ".
    assert c.cursor_line == "›"
    assert c.screen.display[c.screen.cursor.y].startswith("› ")
    assert c.screen.cursor.x == 2
    said = piped()[:-1]  # without the end-of-input line
    assert c.output_lines() == said
    assert c.screen.transcript()[row - 1] == said[-1]

    for command, answered in (("moves", ["moves"]), ("1", ["moves", "1"])):
        before = c.screen.transcript()
        mark = len(c.screen.changes)
        c.send(command + "\r")
        new_row = c.wait_prompt(below=row)
        after = c.screen.transcript()
        # Earlier lines are untouched; the command stays on its prompt line and
        # the answer follows as new lines, exactly what a pipe gets.
        assert after[:row] == before[:row]
        assert after[row] == f"› {command}"
        assert_plain_stream(c, mark, row)
        assert c.output_lines() == piped(*answered)[:-1]
        assert new_row > row + 1
        row = new_row

    c.send("quit\r")
    row = c.wait_prompt(below=row)
    c.send("yes\r")
    assert c.wait_exit() == 0
    lines = c.output_lines()
    assert lines == piped("moves", "1", "quit", "yes")
    assert not any(CPR_WARNING in line for line in c.screen.transcript())
    assert b"Traceback" not in c.raw


def test_tab_completes_a_unique_move_without_a_popup(client) -> None:
    c = client(*PLAY)
    row = c.wait_prompt()
    c.send("1\r")
    row = c.wait_prompt(below=row)
    mark = len(c.screen.changes)
    c.send("pa\t")
    c.wait_prompt(typed="pass", below=row - 1)
    assert c.screen.row == row
    assert c.cursor_line == "› pass"
    # Only the input line changed: no completion menu.
    assert {r for r, _ in c.screen.changes[mark:]} == {row}
    assert_plain_stream(c, mark, row)
    c.send("\r")
    c.wait_prompt(below=row)
    assert c.output_lines() == piped("1", "pass")[:-1]


def tab_with_several_matches(c: PtyClient) -> tuple[int, int]:
    """Keep a card, type "ta" and Tab; the rows of the first and the new prompt."""
    row = c.wait_prompt()
    c.send("1\r")
    row = c.wait_prompt(below=row)
    mark = len(c.screen.changes)
    c.send("ta\t")
    c.settle(0.5)
    # Candidates, if listed, come as lines below; the cursor ends on an input
    # line after them that still holds what was typed.
    assert c.cursor_line.startswith("› ta")
    assert_plain_stream(c, mark, row)
    return row, c.screen.row


def test_tab_with_several_matches_draws_no_popup(client) -> None:
    c = client(*PLAY)
    first, second = tab_with_several_matches(c)
    c.send("ble\r")
    c.wait_prompt(below=second)
    transcript = c.screen.transcript()
    # Take away the listed candidates (said where the prompt was): the rest is
    # what a pipe is told.
    lines = transcript[:first] + transcript[second:]
    assert [line for line in lines if not line.startswith("›")] == piped("1", "table")[:-1]


def test_tab_lists_each_candidate_so_it_can_be_told_apart(client) -> None:
    c = client(*PLAY)
    first, second = tab_with_several_matches(c)
    # One line in place of the prompt it was typed at (the screen may wrap it),
    # counted, in reading order: "5 to choose: take ..., table."
    said = "".join(c.screen.transcript()[first:second]).strip()
    assert re.match(r"\d+ to choose: ", said), said
    listed = [said.split(": ", 1)[1].removesuffix(".")]
    moves = [
        line.split(". ", 1)[1].split(":")[0]
        for line in piped("1", "moves")
        if line[:1].isdigit() and ". take" in line
    ]
    candidates = {m for m in moves if m.startswith("ta")} | {"table"}
    assert listed
    shown = [item.strip() for line in listed for item in line.split(",") if item.strip()]
    assert set(shown) == candidates, listed


def test_ctrl_d_at_the_prompt_ends_the_game_cleanly(client) -> None:
    c = client(*PLAY)
    row = c.wait_prompt()
    c.send("1\r")
    c.wait_prompt(below=row)
    c.child.sendcontrol("d")
    assert c.wait_exit() == 0
    assert c.output_lines() == run(*PLAY, input="1\n").lines  # saved, as on a pipe
    assert c.output_lines()[-1] == "Saved: sixdot resume alphabeticell goes on from here."
    assert b"Traceback" not in c.raw


def test_ctrl_c_at_the_prompt_asks_before_quitting(client) -> None:
    c = client(*PLAY)
    row = c.wait_prompt()
    c.child.sendintr()
    row = c.wait_prompt(below=row)
    assert c.output_lines() == piped("quit")[:-1]
    c.send("yes\r")
    assert c.wait_exit() == 0
    assert c.output_lines() == piped("quit", "yes")
    assert b"Traceback" not in c.raw and b"KeyboardInterrupt" not in c.raw


@pytest.mark.parametrize(
    ("args", "term"),
    [
        ((*PLAY, "--plain"), "xterm"),
        (("--plain", *PLAY), "xterm"),
        (PLAY, "dumb"),
    ],
    ids=["play-plain", "plain-play", "dumb-terminal"],
)
def test_plain_mode_on_a_terminal_prints_only_lines(client, args, term) -> None:
    c = client(*args, term=term)
    row = c.wait_prompt()
    for command in ("moves", "1", "table"):
        c.send(command + "\r")
        row = c.wait_prompt(below=row)
    c.send("quit\r")
    row = c.wait_prompt(below=row)
    c.send("yes\r")
    assert c.wait_exit() == 0
    # No line editor: no escape sequences at all (no cursor-position queries,
    # no bracketed paste, no cursor moves); the prompt is still "› ".
    assert b"\x1b" not in c.raw
    assert c.raw.count("› ".encode()) >= 5
    transcript = c.screen.transcript()
    prompts = [line for line in transcript if line.startswith("›")]
    assert prompts == ["› moves", "› 1", "› table", "› quit", "› yes"]
    assert c.output_lines() == piped("moves", "1", "table", "quit", "yes")


#: Put in the program by PYTHONPATH: each pause it takes (time.sleep) is
#: marked in its output, an OSC sequence terminals ignore, so the screenfuls
#: are told apart by the program's own pauses, not by when a busy test reads.
MARK_PAUSES = """
import os, time
_sleep = time.sleep
def sleep(seconds):
    if seconds > 0:
        os.write(1, b"\\x1b]777;pause\\x07")
    _sleep(seconds)
time.sleep = sleep
"""


#: A terminal a braille reader might use: 40 columns, where many lines wrap.
COLUMNS, ROWS = 40, 12


def heights(said: bytes) -> list[int]:
    """The rows each screenful of `said` takes at COLUMNS, as the terminal
    wraps its lines; screenfuls are what comes between two pauses."""
    found = []
    for screenful in said.split(b"\x1b]777;pause\x07"):
        text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\r", "", screenful.decode())
        lines = [line for line in text.split("\n") if line]
        found.append(sum(max(1, math.ceil(get_cwidth(line) / COLUMNS)) for line in lines))
    return found


@pytest.fixture
def marked(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The program's pauses marked in its output (MARK_PAUSES)."""
    (tmp_path / "sitecustomize.py").write_text(MARK_PAUSES)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))


def test_a_long_burst_goes_out_a_screenful_of_rows_at_a_time(marked) -> None:
    """`rules` says its first 20 lines at once (then asks before more). In a
    40 by 12 terminal (35 rows) they come a screenful at a time, 10 rows at
    most (the screen less the input line and one), counted as the terminal
    wraps them, then a pause: a screen reader reads only the screen, and
    rows that scroll past unread are lost (pacing.py). Counted in lines, a
    screenful was 10 lines, up to 20 rows."""
    client = PtyClient("play", "alphabeticell", "--seed", "3", columns=COLUMNS, rows=ROWS)
    try:
        client.wait_for(client.at_prompt, what="the prompt")
        before = len(client.raw)
        client.send("rules\r")
        client.wait_for(lambda: b"Enter for more" in client.raw[before:], what="More")
        said = heights(client.raw[before:])
    finally:
        client.close()
    assert sum(said) > 2 * ROWS and len(said) >= 3, said
    assert max(said) <= ROWS - 2, said


def test_sixdot_rules_at_a_terminal_is_paced_too(marked) -> None:
    """`sixdot rules alphabeticell`, 144 lines with no prompt at all, comes a
    screenful at a time as well: it was printed at once, and a screen reader
    heard only the last screen of it."""
    client = PtyClient("rules", "alphabeticell", columns=COLUMNS, rows=ROWS)
    try:
        client.wait_for(lambda: client.eof, what="the end")
    finally:
        client.close()
    said = heights(client.raw)
    assert sum(said) > 144 and max(said) <= ROWS - 2, said
