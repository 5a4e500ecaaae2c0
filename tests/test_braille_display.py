"""The braille display backend against a real brltty, read back from its Virtual driver.

Each test run starts its own brltty: the Virtual (`vr`) braille driver
listens on a loopback port, and this file plays the display on the other
end of it (it says how many cells it has, receives every change of the
cells, and presses keys); BrlAPI listens on another loopback port with no
authentication. sixdot's backend connects to that BrlAPI like to any
brltty. What the test asserts is what brltty sent to the display, cell by
cell. brltty is stopped at the end, killed if it does not stop in time.

Without brltty, BrlAPI or liblouis these tests are skipped, saying what is
missing; under CI (where scripts/system-packages installs them) they fail
instead, so a broken install cannot pass as green.
"""

from __future__ import annotations

import contextlib
import io
import os
import queue
import random
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from clienttools import PtyClient, join_game
from sixdot.client.session import Setup, Table
from sixdot.client.terminal import Terminal
from sixdot.games import DEFAULT_LEVEL
from sixdot.games.alphabeticell import GAME as ALPHABETICELL
from sixdot.output.brlapi import HISTORY, BrailleDisplay, open_brlapi
from sixdot.present.braille import BLANK, LouisMissing, check_table, translate, wrap
from sixdot.present.phrasebook import Phrasebook
from sixdot.server.background import Background
from test_lines import problems
from test_server import QUICK

CELLS = 40
TIMEOUT = 15.0  # a ceiling, not a target: a loaded machine starts sixdot slowly
KEY_GAP = 0.1
BRLAPI_PORT_BASE = 4101  # BrlAPI's TCP port for "host:N" is 4101 + N
BRLTTY_LIFETIME = 300  # seconds


def _require(what: str, present: bool) -> None:
    if present:
        return
    message = f"{what} is missing: run scripts/system-packages, then scripts/debian-python"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def _has_module(name: str) -> bool:
    try:
        __import__(name)
    except ImportError:
        return False
    return True


def _has_louis() -> bool:
    try:
        check_table("grade1")
    except LouisMissing:
        return False
    return True


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _free_api_number() -> int:
    """A BrlAPI host number whose loopback port is free now."""
    candidates = random.Random(os.getpid()).sample(range(1000, 20000), 200)
    return next(n for n in candidates if _free(BRLAPI_PORT_BASE + n))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _connect(port: int, deadline: float) -> socket.socket:
    while True:
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _cells(dots_field: str) -> str:
    """The vr driver's `1|12| |...` as Unicode braille."""
    return "".join(
        chr(0x2800 + sum(1 << (int(d) - 1) for d in cell.strip())) for cell in dots_field.split("|")
    )


class VirtualDisplay:
    """A brltty whose braille display is this object, on loopback only."""

    def __init__(self, workdir: Path) -> None:
        self.api_number = _free_api_number()
        self.host = f"127.0.0.1:{self.api_number}"
        display_port = _free_port()
        self.log = workdir / "brltty.log"
        command = [
            # A bound on brltty's life even if this test process dies with it running.
            "timeout",
            "-k",
            "5",
            str(BRLTTY_LIFETIME),
            "brltty",
            "-n",  # stay in the foreground, as our child
            "-e",
            "-l",
            "info",
            "-f",
            "/dev/null",  # no configuration file: only what is given here
            "-F",
            str(workdir / "brltty.prefs"),
            "-W",
            str(workdir),
            "-U",
            str(workdir),
            "-P",
            str(workdir / "brltty.pid"),
            "-M",
            "1",  # brltty's own messages last 10 ms and do not swallow keys
            "-x",
            "no",  # no screen: the display is the BrlAPI client's alone
            "-s",
            "no",
            "-b",
            "vr",
            "-d",
            f"server:127.0.0.1:{display_port}",
            "-A",
            f"host={self.host},auth=none",
        ]
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.rows: queue.Queue[str] = queue.Queue()
        self.current = ""
        deadline = time.monotonic() + TIMEOUT
        self.socket = _connect(display_port, deadline)
        self.socket.sendall(f"cells {CELLS}\n".encode())
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        _connect(BRLAPI_PORT_BASE + self.api_number, deadline).close()
        self._wait_for_cells(deadline)

    def _wait_for_cells(self, deadline: float) -> None:
        """Until brltty has taken in the display's size: it listens for BrlAPI
        clients before the driver's `cells` is read, and a client in between
        is told no display is connected (a busy machine showed it)."""
        import brlapi

        while True:
            connection = brlapi.Connection(self.host.encode(), b"none")
            try:
                if connection.displaySize[0] > 0:
                    return
            finally:
                connection.closeConnection()
            if time.monotonic() > deadline:
                pytest.fail(f"brltty never took in the display's cells\n{self.tail()}")
            time.sleep(0.05)

    def _read(self) -> None:
        with contextlib.suppress(OSError), self.socket.makefile("r", encoding="utf-8") as lines:
            for line in lines:
                word, _, rest = line.strip().partition(" ")
                if word.lower() == "braille":
                    self.rows.put(_cells(rest.strip('"')))

    def wait_for(self, expected: str) -> None:
        """Until the display shows `expected` (padded with blank cells), or fail."""
        want = expected.ljust(CELLS, BLANK)
        deadline = time.monotonic() + TIMEOUT
        while self.current != want:
            left = deadline - time.monotonic()
            try:
                self.current = self.rows.get(timeout=max(left, 0.01))
            except queue.Empty:
                pytest.fail(f"display shows {self.current!r}, not {want!r}\n{self.tail()}")

    def press(self, command: str) -> None:
        """A key of the display, as the vr driver names brltty commands (FWINRT, ROUTE 3).

        The driver handles one command each time its socket becomes readable,
        so two keys sent together would leave the second unread: keys are
        spaced as a person's are.
        """
        self.socket.sendall(f"{command}\n".encode())
        time.sleep(KEY_GAP)

    def tail(self) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-15:])

    def stop(self) -> None:
        """Stop brltty while its display is still connected, so it can hear the signal.

        brltty and its `timeout` guard are one process group, ours: the group
        is signalled, and killed if it has not stopped in time.
        """
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=TIMEOUT)
        self.socket.close()


@pytest.fixture(scope="module")
def virtual(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VirtualDisplay]:
    _require("brltty (Debian package brltty)", shutil.which("brltty") is not None)
    _require("BrlAPI for Python (Debian package python3-brlapi)", _has_module("brlapi"))
    _require("liblouis (Debian packages python3-louis, liblouis-data)", _has_louis())
    display = VirtualDisplay(tmp_path_factory.mktemp("brltty"))
    try:
        yield display
    finally:
        display.stop()


@pytest.fixture
def selected() -> list[int]:
    return []


@pytest.fixture
def backend(virtual: VirtualDisplay, selected: list[int]) -> Iterator[BrailleDisplay]:
    notices: list[str] = []
    display = open_brlapi("grade1", notices.append, virtual.host, "none", selected.append)
    assert display is not None, notices
    assert notices == []
    try:
        yield display
    finally:
        display.close()


def segments(text: str, table: str = "grade1") -> list[str]:
    return wrap(translate(text, table), CELLS, BLANK)


def _eventually(check: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + TIMEOUT
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_the_focused_card_and_then_the_announcement(
    virtual: VirtualDisplay, backend: BrailleDisplay
) -> None:
    assert backend.width == CELLS
    backend.show_focus(["EW offered: Enter to take or pass", "AM in your line"], at=0)
    # Hand-checked UEB grade 1: capital sign, EW as a capitalised word, colon dots 2-5.
    virtual.wait_for("⠠⠠⠑⠺⠀⠕⠋⠋⠑⠗⠑⠙⠒⠀⠠⠑⠝⠞⠑⠗⠀⠞⠕⠀⠞⠁⠅⠑⠀⠕⠗⠀⠏⠁⠎⠎")
    backend.interrupt()
    backend.deliver("Your turn.", urgent=True)
    virtual.wait_for("⠠⠽⠕⠥⠗⠀⠞⠥⠗⠝⠲")


def test_grade_2_is_written_as_grade_2(virtual: VirtualDisplay) -> None:
    notices: list[str] = []
    display = open_brlapi("grade2", notices.append, virtual.host, "none")
    assert display is not None, notices
    try:
        display.deliver("Take the card with the most points.")
        virtual.wait_for(translate("Take the card with the most points.", "grade2"))
        # THE, WITH and ST are single cells in grade 2.
        assert "⠮" in virtual.current and "⠾" in virtual.current and "⠌" in virtual.current
    finally:
        display.close()


def test_panning_walks_the_segments_and_on_into_the_lines_before(
    virtual: VirtualDisplay, backend: BrailleDisplay
) -> None:
    backend.deliver("Ben passes.")
    long = (
        "Cleo takes AM as M and her line is now A, M, then T, which ends the round "
        "because the deck has run out of cards to offer."
    )
    backend.deliver(long)
    parts = segments(long)
    assert len(parts) >= 3
    virtual.wait_for(parts[0])
    for part in parts[1:]:
        virtual.press("FWINRT")
        virtual.wait_for(part)
    virtual.press("FWINRT")  # at the end it stays
    virtual.press("FWINLT")
    virtual.wait_for(parts[-2])
    virtual.press("LNUP")
    virtual.wait_for(segments("Ben passes.")[0])
    virtual.press("BOT")
    virtual.wait_for(parts[0])


def test_a_reader_reviewing_is_not_moved_except_by_urgent_lines(
    virtual: VirtualDisplay, backend: BrailleDisplay
) -> None:
    backend.deliver("Round 2 begins.")
    backend.deliver("Dana passes.")
    virtual.wait_for(segments("Dana passes.")[0])
    virtual.press("LNUP")
    virtual.wait_for(segments("Round 2 begins.")[0])
    backend.deliver("Eli takes OH as O.")
    virtual.press("LNDN")
    virtual.wait_for(segments("Dana passes.")[0])
    backend.deliver("Your turn: take the offered card or pass.", urgent=True)
    virtual.wait_for(segments("Your turn: take the offered card or pass.")[0])


def test_focus_items_stay_after_the_lines_until_cleared(
    virtual: VirtualDisplay, backend: BrailleDisplay
) -> None:
    backend.deliver("Fay flips SC.")
    backend.show_focus(["SC offered: Enter to take or pass"])
    virtual.wait_for(segments("SC offered: Enter to take or pass")[0])
    backend.interrupt()  # the player typed a command; its answer is shown
    backend.deliver("Your line: AM, OH.")
    virtual.wait_for(segments("Your line: AM, OH.")[0])
    virtual.press("FWINRT")
    virtual.wait_for(segments("SC offered: Enter to take or pass")[0])
    backend.show_focus([])  # the turn is over: back to the newest line
    virtual.wait_for(segments("Your line: AM, OH.")[0])
    virtual.press("FWINRT")
    virtual.press("FWINLT")
    virtual.wait_for(segments("Fay flips SC.")[0])


def test_a_routing_key_selects_the_focus_item_under_it(
    virtual: VirtualDisplay, backend: BrailleDisplay, selected: list[int]
) -> None:
    labels = ["SG: Enter keeps it", "AJ: Enter keeps it", "NH: Enter keeps it"]
    backend.show_focus(labels, at=1)
    virtual.wait_for(segments(labels[1])[0])
    virtual.press("ROUTE 3")
    assert _eventually(lambda: selected == [1])
    virtual.press("FWINRT")
    virtual.wait_for(segments(labels[2])[0])
    virtual.press("ROUTE 2")
    assert _eventually(lambda: selected == [1, 2])
    virtual.press("ROUTE 39")  # a blank cell past the label selects nothing
    virtual.press("FWINLT")
    virtual.wait_for(segments(labels[1])[0])
    assert selected == [1, 2]


def test_a_whole_game_reaches_the_display_in_order(
    virtual: VirtualDisplay, backend: BrailleDisplay
) -> None:
    out = io.StringIO()
    term = Terminal(stdin=io.StringIO("1\n" * 400), stdout=out)
    setup = Setup(ALPHABETICELL, players=3, humans=1, seed=4)
    Table(setup, Phrasebook(), term, [backend]).run()
    printed = out.getvalue().splitlines()
    assert "wins" in printed[-1] and len(printed) < HISTORY  # the game ended; all lines kept
    virtual.wait_for(segments(printed[-1])[0])
    virtual.press("TOP")
    virtual.wait_for(segments(printed[0])[0])
    virtual.press("LNDN")
    virtual.wait_for(segments(printed[1])[0])


def test_the_display_keeps_the_newest_lines_up_to_its_history(
    virtual: VirtualDisplay, backend: BrailleDisplay, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sixdot.output.brlapi.HISTORY", 3)
    for n in range(1, 6):
        backend.deliver(f"Line {n} of five.")
    virtual.wait_for(segments("Line 5 of five.")[0])
    virtual.press("TOP")
    virtual.wait_for(segments("Line 3 of five.")[0])
    virtual.press("LNDN")
    virtual.wait_for(segments("Line 4 of five.")[0])


def test_a_brltty_that_stops_mid_game_is_said_once(tmp_path: Path) -> None:
    _require("brltty (Debian package brltty)", shutil.which("brltty") is not None)
    _require("BrlAPI for Python (Debian package python3-brlapi)", _has_module("brlapi"))
    _require("liblouis (Debian packages python3-louis, liblouis-data)", _has_louis())
    own = VirtualDisplay(tmp_path)
    notices: list[str] = []
    try:
        display = open_brlapi("grade1", notices.append, own.host, "none")
        assert display is not None
        display.deliver("Round 1: Ana deals.")
        own.wait_for(segments("Round 1: Ana deals.")[0])
    finally:
        own.stop()
    for n in range(5):
        display.deliver(f"Ana passes, {n}.")  # the game goes on; nothing raises
    assert _eventually(lambda: len(notices) == 1)
    assert notices[0].startswith("Braille display lost: ")
    assert problems(notices[0]) == []
    display.close()
    assert len(notices) == 1


def test_no_brltty_gives_one_notice_and_no_display(virtual: VirtualDisplay) -> None:
    notices: list[str] = []
    nobody = f"127.0.0.1:{_free_api_number()}"
    assert open_brlapi("grade1", notices.append, nobody, "none") is None
    assert notices == [f"Braille display off: no brltty at {nobody}: Connection refused."]


def test_an_unknown_table_gives_one_notice(virtual: VirtualDisplay) -> None:
    notices: list[str] = []
    assert open_brlapi("en-ueb-g9.ctb", notices.append, virtual.host, "none") is None
    assert notices == ["Braille display off: liblouis has no table en-ueb-g9.ctb."]


def test_missing_brlapi_gives_one_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "brlapi", None)
    notices: list[str] = []
    assert open_brlapi("grade1", notices.append) is None
    assert notices == ["Braille display off: no BrlAPI."]


# -- the real program: sixdot play --braille brlapi --


def _sixdot() -> list[str]:
    script = Path(sys.executable).with_name("sixdot")
    return [str(script)] if script.exists() else [sys.executable, "-m", "sixdot"]


def _play(host: str, seed: int) -> subprocess.CompletedProcess[str]:
    """Alphabeticell through a pipe with the braille display on: its stdout and stderr."""
    env = {**os.environ, "BRLAPI_HOST": host, "BRLAPI_AUTH": "none", "TERM": "dumb"}
    command = [*_sixdot(), "play", "alphabeticell", "--plain", "--seed", str(seed)]
    done = subprocess.run(
        [*command, "--braille", "brlapi"],
        input="1\n" * 400,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    return done


def _first_focus_label(seed: int) -> str:
    """The focus item sixdot shows first: bots play as the table seats them until you act."""
    rules = ALPHABETICELL.rules
    words = Phrasebook()
    players = rules.default_players
    names = [words("you"), *words("player-names-bots").split(", ")[: players - 1]]
    bots = {s: ALPHABETICELL.bots[DEFAULT_LEVEL](s, seed) for s in range(1, players)}
    state, _ = rules.begin(players, {}, seed)
    while (seat := state.to_act()[0]) != 0:
        state, _ = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    me = ALPHABETICELL.presenter(words, names, 0)
    focus = me.focus(state.view(0), state.legal_actions(0))
    first = focus[0]
    in_group = sum(1 for item in focus if item.group == first.group)
    return words(
        "focus-place-group",
        item=first.label,
        place=1,
        count=len(focus),
        group=first.group,
        group_place=1,
        group_count=in_group,
    )


def test_sixdot_play_shows_the_focused_card_then_the_announcement(
    virtual: VirtualDisplay,
) -> None:
    played = _play(virtual.host, seed=4)
    printed = played.stdout.splitlines()
    assert "wins" in printed[-1]
    assert "Braille display" not in played.stdout + played.stderr
    virtual.wait_for(segments(_first_focus_label(seed=4))[0])
    virtual.wait_for(segments(printed[-1])[0])


def test_sixdot_play_without_brltty_says_so_once_and_plays_on() -> None:
    host = f"127.0.0.1:{_free_api_number()}"
    played = _play(host, seed=4)
    # A notice about sixdot itself goes to stderr, so the game's lines stay the game's.
    notice = f"sixdot: Braille display off: no brltty at {host}: Connection refused."
    assert played.stderr.splitlines() == [notice]
    assert problems(notice) == []  # a braille-friendly line like any other
    assert "wins" in played.stdout.splitlines()[-1]


def test_a_routing_key_over_the_focused_card_plays_it(
    virtual: VirtualDisplay, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRLAPI_HOST", virtual.host)
    monkeypatch.setenv("BRLAPI_AUTH", "none")
    label = _first_focus_label(seed=5)
    pty = PtyClient("play", "alphabeticell", "--seed", "5", "--braille", "brlapi", rows=40)
    try:
        pty.wait_prompt()
        virtual.wait_for(segments(label)[0])
        virtual.press("ROUTE 1")
        card = label[:2]
        pty.wait_for(lambda: f"You keep {card} to start a line." in pty.output_lines())
    finally:
        pty.close()


def test_a_whole_online_game_reaches_the_display_in_order(
    virtual: VirtualDisplay, tmp_path: Path
) -> None:
    """`sixdot join --braille brlapi`: every line the client words from the
    server's frames is on the display, the first reached by panning to the top."""

    def read_back(printed: list[str]) -> None:
        virtual.wait_for(segments(printed[-1])[0])
        virtual.press("TOP")
        virtual.wait_for(segments(printed[0])[0])
        virtual.press("LNDN")
        virtual.wait_for(segments(printed[1])[0])

    env = {"BRLAPI_HOST": virtual.host, "BRLAPI_AUTH": "none", "TERM": "dumb"}
    with Background(tmp_path / "games", hasher=QUICK) as games:
        result = join_game(games.url, "--braille", "brlapi", env=env, at_end=read_back)
    assert result.rc == 0
    assert "Braille display" not in result.out + result.err
    # The questions are on the display too (the server's welcome may come between).
    assert {"Password:", "The same password again:"} <= set(result.lines[1:5])
