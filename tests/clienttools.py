"""Helpers for the end-to-end tests of the text client.

The tests run the real `sixdot` program, never the library in-process:

- through pipes (`run`, `Conversation`, `play_game`), where the client reads
  one command a line and prints no prompt;
- in a pseudo-terminal (`PtyClient`), read back with a pyte terminal
  emulator that answers cursor-position requests like a real terminal, keeps
  the lines that scroll off the top and logs every change it makes with its
  row counted from the start of the session, so a test can tell a plain
  stream of lines from a redraw.

`check_game` reads a whole-game transcript (full verbosity) and checks that
every event of Alphabeticell is announced and consistent with the rules.
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pexpect
import pyte

# --- running the program ----------------------------------------------------


def sixdot_command() -> list[str]:
    """The installed `sixdot` script next to this Python, else `python -m sixdot`."""
    script = Path(sys.executable).with_name("sixdot")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "sixdot"]


def pipe_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONSTARTUP", None)
    return env


@dataclass
class Result:
    rc: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()


def run(*args: str, input: str = "", timeout: float = 30) -> Result:
    """Run sixdot with `input` on a pipe as stdin; stdout and stderr captured."""
    proc = subprocess.run(
        [*sixdot_command(), *args],
        input=input,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        env=pipe_env(),
    )
    return Result(proc.returncode, proc.stdout, proc.stderr)


def join_game(
    url: str,
    *args: str,
    env: dict[str, str] | None = None,
    table: str = "alphabeticell 2",
    at_end: Callable[[list[str]], None] | None = None,
    rules: str = "bots=random target=5",
    first: Sequence[str] = (),
    within: float = 120,
    name: str = "Cleo",
) -> Result:
    """`sixdot join URL --plain *args` through pipes, playing one whole online game.

    Cleo (or `name`) registers, makes a table (`table`, the other seats bots,
    with `rules`: random bots to 5 points unless told), starts it, types the
    `first` lines the first time the program is quiet for a moment, and after
    that answers 1 whenever it has been quiet for a moment (at her turn the first move;
    between turns it is told it is not her turn). After "Game over.", which
    must come `within` seconds, `at_end` is given the lines so far, then she
    quits. The program's exit code and all it printed are returned.
    """
    child = subprocess.Popen(
        [*sixdot_command(), "join", url, "--plain", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env={**pipe_env(), **(env or {}), "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdin is not None and child.stdout is not None
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in child.stdout:  # type: ignore[union-attr]
            lines.put(line.rstrip("\n"))
        lines.put(None)  # the end of the output

    threading.Thread(target=read, daemon=True).start()
    printed: list[str] = []

    def until(text: str | None, idle: Callable[[], None] | None = None) -> None:
        deadline = time.monotonic() + within
        while not printed or text is None or text not in printed[-1]:
            assert time.monotonic() < deadline, f"no {text!r} in {printed[-5:]}"
            try:
                line = lines.get(timeout=0.25)
            except queue.Empty:
                if idle is not None:
                    idle()
                continue
            if line is None:
                assert text is None, f"the program ended before {text!r}: {printed[-5:]}"
                return
            printed.append(line)

    def type(line: str) -> None:
        child.stdin.write(line + "\n")  # type: ignore[union-attr]
        child.stdin.flush()  # type: ignore[union-attr]

    try:
        until("Connected")
        type(f"register {name}")
        until("Password:")
        type("a password")
        until("The same password again:")
        type("a password")
        until(f"Logged in as {name}")
        type(f"create {table} {rules}")
        until("seat 1")  # "you sit in seat 1", brief "Table 1, seat 1"
        type("start")
        waiting = list(first)

        def answer() -> None:
            for line in waiting or ["1"]:
                type(line)
            waiting.clear()

        until("Game over.", idle=answer)
        if at_end is not None:
            at_end(printed)
        type("quit")
        until(None)
        child.wait(60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.stderr is not None
    return Result(child.returncode, "\n".join(printed) + "\n", child.stderr.read())


class Conversation:
    """sixdot on pipes, answered line by line while it runs."""

    def __init__(self, *args: str, timeout: float = 15) -> None:
        self.timeout = timeout
        self.proc = subprocess.Popen(
            [*sixdot_command(), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
            env=pipe_env(),
        )
        self.lines: list[str] = []
        self.ended = False
        self._out: queue.Queue[str | None] = queue.Queue()
        self._err: list[str] = []
        threading.Thread(target=self._read_out, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read_out(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._out.put(line.rstrip("\n"))
        self._out.put(None)

    def _read_err(self) -> None:
        assert self.proc.stderr is not None
        self._err.append(self.proc.stderr.read())

    def next_line(self) -> str | None:
        """The next line of output, or None once the program has closed stdout."""
        if self.ended:
            return None
        try:
            line = self._out.get(timeout=self.timeout)
        except queue.Empty:
            tail = "\n".join(self.lines[-15:])
            self.kill()
            message = f"sixdot said nothing for {self.timeout} s; last lines:\n{tail}"
            raise AssertionError(message) from None
        if line is None:
            self.ended = True
        else:
            self.lines.append(line)
        return line

    def send(self, text: str) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass  # the program has ended; finish() reports how

    def finish(self) -> tuple[int, str]:
        """Close stdin, read what is left; the exit code and stderr."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            with contextlib.suppress(BrokenPipeError):
                self.proc.stdin.close()
        while self.next_line() is not None:
            pass
        rc = self.proc.wait(timeout=self.timeout)
        deadline = time.monotonic() + self.timeout
        while not self._err and time.monotonic() < deadline:
            time.sleep(0.01)
        return rc, "".join(self._err)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


# --- whole games through a pipe ------------------------------------------------

TURN = re.compile(r"^Your (?:pick|turn)\b")
HAND_OVER = re.compile(r"'s turn: hand over\b")
MOVES_TITLE = re.compile(r"^(?:(\d+) moves|One move):$")
MOVE_ITEM = re.compile(r"^(\d+)\. (.+)$")
GAME_OVER = re.compile(r"\bwins? with\b|^Tie\b|^Winner\b")


def notation(move_item_text: str) -> str:
    """The move's notation from its description in the moves list."""
    return move_item_text.split(":", 1)[0].strip()


@dataclass
class Played:
    rc: int
    err: str
    lines: list[str]
    turns: int
    sent: list[str] = field(default_factory=list)


Chooser = Callable[[list[str], int], str]


def play_game(
    args: Sequence[str], choose: Chooser, *, script: Sequence[str] = (), max_turns: int = 2000
) -> Played:
    """Play a game to its end through pipes.

    `script` lines are sent first (menu answers, say). At each turn of a
    person the answerer asks for `moves`, reads the numbered list and sends
    what `choose(notations, turn_number)` returns; when a hot seat asks for
    the keyboard to be handed over it sends `ready`.
    """
    talk = Conversation(*args)
    sent: list[str] = list(script)
    for text in script:
        talk.send(text)
    turns = 0
    try:
        while (line := talk.next_line()) is not None:
            if HAND_OVER.search(line):
                sent.append("ready")
                talk.send("ready")
            elif TURN.search(line):
                assert turns < max_turns, "the game does not end"
                talk.send("moves")
                moves = _read_moves(talk)
                answer = choose(moves, turns)
                sent.append(answer)
                talk.send(answer)
                turns += 1
        rc, err = talk.finish()
    finally:
        talk.kill()
    return Played(rc, err, talk.lines, turns, sent)


def _read_moves(talk: Conversation) -> list[str]:
    while (line := talk.next_line()) is not None:
        if m := MOVES_TITLE.match(line):
            count = int(m[1]) if m[1] else 1
            moves = []
            for number in range(1, count + 1):
                item = talk.next_line()
                assert item is not None
                m_item = MOVE_ITEM.match(item)
                assert m_item and int(m_item[1]) == number, f"not move {number}: {item!r}"
                moves.append(notation(m_item[2]))
            return moves
    raise AssertionError("the program ended instead of listing the moves")


def first_move(moves: list[str], turn: int) -> str:
    return "1"


# --- a whole-game transcript, checked against the rules ---------------------

BOT_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")
DECK_SIZE = 48
LINE_GOAL = 11

_WHO = r"(?P<who>You|Player \d|[A-Z][a-z]+)"
ROUND_START = re.compile(r"^Round (?P<round>\d+): (?:you deal|(?P<who>.+) deals)\.$")
KEEP = re.compile(rf"^{_WHO} keeps? (?P<card>[A-Z]{{2}}) to start a line\.$")
RETURNED = re.compile(r"^(?P<count>\d+) other cards shuffled back\.$")
FLIP = re.compile(
    r"^(?P<card>[A-Z]{2}) turned up, (?P<left>\d+) left\. (?:You deal|(?P<who>.+) deals)\.$"
)
PASS = re.compile(rf"^{_WHO} pass(?:es)? (?P<card>[A-Z]{{2}})\.$")
TAKE = re.compile(
    rf"^{_WHO} takes? (?P<card>[A-Z]{{2}}) as (?P<letter>[A-Z])"
    r"(?:, (?P<end>left|right) end|, (?P<fixed>[A-Z]{2}) as (?P<fix>[A-Z]))\.$"
)
#: The line a take makes, said on the line after it.
LINE = re.compile(rf"^(?:Your|{_WHO}'s) line: (?P<line>[A-Z](?: [A-Z])*)\.$")
DISCARD = re.compile(r"^(?P<card>[A-Z]{2}) discarded\b")
ROUND_OVER = re.compile(
    r"^Round (?P<round>\d+) over: (?:the deck ran out|(?:you have|(?P<who>.+) has) 11 cards)\.$"
)
ROUND_SCORE = re.compile(r"^(?P<who>.+): (?P<points>\d+) this round, (?P<total>\d+) in all\.$")
GAME_END = re.compile(
    r"^(?:You win|(?P<one>.+) wins|Tie: (?P<tie>.+) share the win) with (?P<best>\d+) points?\.$"
)


def seat_names(players: int, humans: int = 1) -> list[str]:
    people = ["You"] if humans == 1 else [f"Player {i + 1}" for i in range(humans)]
    return [*people, *BOT_NAMES[: players - humans]]


def _names_in(text: str) -> list[str]:
    return [n.strip() for n in re.split(r",| and ", text) if n.strip()]


def check_game(lines: Sequence[str], players: int, humans: int = 1, target: int = 30) -> int:
    """Assert that `lines` announce a whole, legal game; the number of rounds."""
    names = seat_names(players, humans)

    def seat(who: str | None) -> int:
        name = "You" if who in (None, "you", "You") else who
        assert name in names, f"unknown player {who!r}"
        return names.index(name)

    events = [
        (i, kind, m)
        for i, line in enumerate(lines)
        for kind, pattern in (
            ("start", ROUND_START),
            ("keep", KEEP),
            ("returned", RETURNED),
            ("flip", FLIP),
            ("pass", PASS),
            ("take", TAKE),
            ("line", LINE),
            ("discard", DISCARD),
            ("over", ROUND_OVER),
            ("score", ROUND_SCORE),
            ("end", GAME_END),
        )
        if (m := pattern.match(line))
    ]
    assert events, "no events in the transcript"
    totals = [0] * players
    rounds = 0
    expected_dealer: int | None = None
    pos = 0

    def peek() -> str | None:
        return events[pos][1] if pos < len(events) else None

    def take(kind: str) -> re.Match[str]:
        nonlocal pos
        assert pos < len(events), f"transcript ended, {kind} expected"
        i, got, m = events[pos]
        assert got == kind, f"line {i + 1} {lines[i]!r}: {kind} expected, not {got}"
        pos += 1
        return m

    while peek() == "start":
        m = take("start")
        rounds += 1
        assert int(m["round"]) == rounds
        dealer = seat(m["who"])
        if expected_dealer is not None:
            assert dealer == expected_dealer, f"round {rounds}: wrong first dealer"
        lines_of: list[list[str]] = [[] for _ in range(players)]
        kept: list[str | None] = [None] * players
        # Setup: each keeps one card, from the dealer round the table.
        for k in range(players):
            m = take("keep")
            assert seat(m["who"]) == (dealer + k) % players, "keeps out of turn order"
            kept[seat(m["who"])] = m["card"]
        assert int(take("returned")["count"]) == 2 * players
        seen: set[str] = set()
        left = DECK_SIZE - players
        flip_dealer = dealer
        last_dealer = dealer
        eleven: int | None = None
        while peek() == "flip":
            m = take("flip")
            card, left_now, who = m["card"], int(m["left"]), seat(m["who"])
            assert card not in seen and card not in kept, f"{card} turned up twice"
            seen.add(card)
            assert left_now == left - 1, f"{card}: {left_now} left after {left}"
            left = left_now
            assert who == flip_dealer, f"{card} dealt by the wrong player"
            last_dealer = who
            taker = None
            for k in range(players):
                actor = (who + k) % players
                if peek() == "take":
                    m = take("take")
                    assert m["card"] == card and seat(m["who"]) == actor, lines[events[pos - 1][0]]
                    assert m["letter"] in card
                    new_line = take("line")["line"].split()
                    old = lines_of[actor]
                    if m["fixed"]:
                        assert not old and m["fixed"] == kept[actor], "fix on a fixed line"
                        assert m["fix"] in m["fixed"] and m["fix"] != m["letter"]
                        assert sorted(new_line) == sorted([m["fix"], m["letter"]])
                    elif m["end"] == "left":
                        assert new_line == [m["letter"], *old] and len(old) >= 2
                    else:
                        assert new_line == [*old, m["letter"]] and len(old) >= 2
                    assert new_line == sorted(set(new_line)), f"line not increasing: {new_line}"
                    lines_of[actor] = new_line
                    taker = actor
                    break
                m = take("pass")
                assert m["card"] == card and seat(m["who"]) == actor, "pass out of turn order"
            if taker is None:
                assert take("discard")["card"] == card
                flip_dealer = who
            else:
                flip_dealer = (taker + 1) % players
                if len(lines_of[taker]) == LINE_GOAL:
                    eleven = taker
                    break
        m = take("over")
        assert int(m["round"]) == rounds
        if eleven is None:
            assert m["who"] is None and left == 0, "round over before the deck ran out"
            expected_dealer = last_dealer
        else:
            assert seat(m["who"]) == eleven
            expected_dealer = eleven
        sizes = [max(len(line), 1) for line in lines_of]
        scored: dict[int, tuple[int, int]] = {}
        for _ in range(players):
            m = take("score")
            scored[seat(m["who"])] = (int(m["points"]), int(m["total"]))
        assert sorted(scored) == list(range(players))
        totals = [totals[s] + sizes[s] for s in range(players)]
        assert [scored[s] for s in range(players)] == list(zip(sizes, totals, strict=True))
        if max(totals) >= target:
            break
    m = take("end")
    best = max(totals)
    winners = [names[s] for s in range(players) if totals[s] == best]
    said = _names_in(m["tie"]) if m["tie"] else [m["one"] or "You"]
    said = ["You" if name == "you" else name for name in said]
    assert said == winners and int(m["best"]) == best
    assert pos == len(events), f"events after the end: {lines[events[pos][0]]!r}"
    assert max(totals) >= target
    return rounds


# --- accessibility of printed lines -------------------------------------------

BOX_DRAWING = re.compile("[\u2500-\u257f]")
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
CARD_LIST = re.compile(r"(?:\b[A-Z]{2}, ){3,}")


def is_list(line: str) -> bool:
    """A line that lists cards or items, which may run past 80 characters:
    several cards in a row, or a label and at least four short items."""
    if CARD_LIST.search(line):
        return True
    _, colon, rest = line.partition(": ")
    items = rest.split(", ") if colon else []
    return len(items) >= 4 and all(len(item) <= 24 for item in items[:-1])


def unreadable(lines: Sequence[str]) -> list[str]:
    """Lines with box drawing, escape sequences or other control characters."""
    return [line for line in lines if BOX_DRAWING.search(line) or CONTROL.search(line)]


def too_long(lines: Sequence[str], width: int = 80) -> list[str]:
    return sorted({line for line in lines if len(line) > width and not is_list(line)})


# --- a pseudo-terminal read with pyte ------------------------------------------


class TrackingScreen(pyte.Screen):
    """A terminal screen that keeps scrolled-off lines and logs where it changes.

    Rows in `changes` count from the first line of the session, so they stay
    comparable after the screen scrolls. Drawing only spaces is logged apart
    ("draw blank"): prompt_toolkit writes a blank at the bottom row to make
    room below the prompt, which shows nothing.
    """

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self.scrollback: list[str] = []
        self.changes: list[tuple[int, str]] = []
        self.reply: Callable[[str], None] | None = None

    @property
    def row(self) -> int:
        """The cursor's row counted from the start of the session."""
        return len(self.scrollback) + self.cursor.y

    def write_process_input(self, data: str) -> None:
        if self.reply is not None:
            self.reply(data)

    def index(self) -> None:
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        if self.cursor.y == bottom:
            self.scrollback.append(self.display[top].rstrip())
        super().index()

    def draw(self, data: str) -> None:
        self.changes.append((self.row, "draw" if data.strip() else "draw blank"))
        super().draw(data)

    def erase_in_line(self, how: int = 0, private: bool = False) -> None:
        self.changes.append((self.row, f"erase line {how}"))
        super().erase_in_line(how, private)

    def erase_in_display(self, how: int = 0, *args: object, **kwargs: object) -> None:
        self.changes.append((self.row, f"erase display {how}"))
        super().erase_in_display(how, *args, **kwargs)

    def insert_lines(self, count: int | None = None) -> None:
        self.changes.append((self.row, "insert lines"))
        super().insert_lines(count)

    def delete_lines(self, count: int | None = None) -> None:
        self.changes.append((self.row, "delete lines"))
        super().delete_lines(count)

    def reverse_index(self) -> None:
        self.changes.append((self.row, "reverse index"))
        super().reverse_index()

    def transcript(self) -> list[str]:
        """Every line of the session so far, scrolled-off ones first."""
        lines = self.scrollback + [line.rstrip() for line in self.display]
        while lines and not lines[-1]:
            lines.pop()
        return lines


class PtyClient:
    """sixdot in a pseudo-terminal of a fixed size, read through pyte."""

    def __init__(self, *args: str, columns: int = 80, rows: int = 24, term: str = "xterm") -> None:
        command = sixdot_command()
        env = dict(os.environ, TERM=term)
        for name in ("COLUMNS", "LINES", "NO_COLOR", "PROMPT_TOOLKIT_NO_CPR"):
            env.pop(name, None)
        self.child = pexpect.spawn(
            command[0], [*command[1:], *args], env=env, dimensions=(rows, columns), timeout=10
        )
        self.child.delaybeforesend = None
        self.screen = TrackingScreen(columns, rows)
        self.screen.reply = self.child.send
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.eof = False

    def _read(self, wait: float) -> bool:
        """Feed whatever arrives within `wait` seconds; False if nothing did."""
        if self.eof:
            return False
        try:
            data = self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            self.eof = True
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    def settle(self, quiet: float = 0.05) -> None:
        """Read until the program has been silent for `quiet` seconds."""
        while self._read(quiet):
            pass

    def wait_for(self, ready: Callable[[], bool], timeout: float = 10, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            if self.eof or time.monotonic() > deadline:
                raise AssertionError(
                    f"waited for {what or ready}; screen:\n" + "\n".join(self.screen.transcript())
                )
            self._read(0.05)
        self.settle()

    @property
    def cursor_line(self) -> str:
        return self.screen.display[self.screen.cursor.y].rstrip()

    def at_prompt(self, typed: str = "", below: int = -1) -> bool:
        """The cursor is after "› " and `typed`, on a row below row `below`."""
        return (
            self.cursor_line == f"› {typed}".rstrip()
            and self.screen.cursor.x == 2 + len(typed)
            and self.screen.row > below
            and not self.eof
        )

    def wait_prompt(self, typed: str = "", below: int = -1) -> int:
        """Wait for the prompt; the session row it is on."""
        self.wait_for(lambda: self.at_prompt(typed, below), what=f"the prompt '› {typed}'")
        return self.screen.row

    def send(self, text: str) -> None:
        self.child.send(text)

    def wait_exit(self, timeout: float = 10) -> int | None:
        deadline = time.monotonic() + timeout
        while not self.eof:
            assert time.monotonic() < deadline, "sixdot did not exit"
            self._read(0.05)
        self.child.close()
        return self.child.exitstatus

    def close(self) -> None:
        if self.child.isalive():
            self.child.close(force=True)

    def output_lines(self) -> list[str]:
        """The session's lines without the prompt lines (what the program said)."""
        return [line for line in self.screen.transcript() if not line.startswith("›")]
