"""A braille display of sixdot's own, through BRLTTY's BrlAPI.

Each announcement is translated by liblouis (UEB grade 1 unless settings
choose grade 2) and written straight to the display, so a braille reader
follows the game without a screen reader reviewing the terminal. A display
shows 40 cells or so, so every line is cut into display-sized segments
between words, and the display's own keys read them:

- panning right and left move through the segments, on into the next or
  back into the previous announcement, so the lines said while bots played
  can be read in order;
- line up and down move a whole announcement; top and bottom go to the
  oldest kept and the newest;
- a routing key over a focus item (a card to take, a card in hand) selects
  it: `on_select` is called with the item's index.

While the reader is reviewing older lines, new ones are kept without moving
the display, except urgent ones (your turn, an error); once the player types,
the display follows new lines again.

BrlAPI (python3-brlapi) and liblouis (python3-louis) are Debian packages,
not on PyPI; scripts/debian-python links them into the virtual environment
(docs/braille.md). Without them, or without a running brltty,
`open_brlapi` gives one notice and returns None, and the game goes on in
plain text.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sixdot.output import Output, notice_on_stderr
from sixdot.present.braille import BLANK, DEFAULT_GRADE, LouisMissing, check_table, translate, wrap

#: How many announcements the display keeps for the reader to pan back through.
HISTORY = 5000
#: How long the key reader waits for a key before checking whether to stop.
KEY_POLL_MS = 200

#: The one line said when there is no display; the game goes on in plain text.
NOTICE_OFF = "Braille display off: {reason}."
NOTICE_LOST = "Braille display lost: {reason}."


@dataclass
class _Line:
    """One thing to read on the display, cut into segments.

    `items` gives, for a focus line, the focus item each segment belongs to;
    an announcement has none.
    """

    segments: list[str]
    items: list[int] = field(default_factory=list)


class BrailleDisplay(Output):
    """Announcements and focus items on a braille display, read with its own keys."""

    name = "brlapi"

    def __init__(
        self,
        api: Any,
        connection: Any,
        table: str,
        notice: Callable[[str], None],
        on_select: Callable[[int], None] | None = None,
    ) -> None:
        """Take over an open BrlAPI connection already in tty mode.

        `api` is the brlapi module, passed in so that this module imports
        without it. `on_select` is called from the key reader's thread.
        """
        self._api = api
        self._conn = connection
        columns, rows = connection.displaySize
        self.width = columns * rows
        self.table = table
        self._notice = notice
        self.on_select = on_select
        self._lines: list[_Line] = []
        self._focus: _Line | None = None
        # Where the display is: an index into lines (len(lines) is the focus line).
        self._at = 0
        self._segment = 0
        self._following = True
        self._alive = True
        self._closed = False
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read_keys, name="sixdot-brlapi", daemon=True)
        self._reader.start()

    # -- what the session calls --

    def deliver(self, line: str, urgent: bool = False) -> None:
        """Keep the line and show it, unless the reader is reviewing and it can wait."""
        segments = wrap(translate(line, self.table), self.width, BLANK)
        with self._lock:
            self._lines.append(_Line(segments))
            dropped = max(0, len(self._lines) - HISTORY)
            del self._lines[:dropped]
            self._at = max(0, self._at - dropped)
            if self._following or urgent:
                self._following = True
                self._go(len(self._lines) - 1, 0)

    def show_focus(self, labels: Sequence[str], at: int = 0) -> None:
        """Show focus item `at`; panning walks the items, a routing key selects one.

        Each item starts a segment of its own, so one display holds one item
        and a routing key anywhere on it means that item. The items stay
        after the last announcement until replaced; no labels clears them,
        as when the turn is over.
        """
        segments: list[str] = []
        items: list[int] = []
        first = 0
        for index, label in enumerate(labels):
            if index == at:
                first = len(segments)
            cut = wrap(translate(label, self.table), self.width, BLANK)
            segments += cut
            items += [index] * len(cut)
        with self._lock:
            on_focus = self._at >= len(self._lines)
            self._focus = _Line(segments, items) if segments else None
            if self._focus is not None:
                self._following = True
                self._go(len(self._lines), first)
            elif on_focus and self._lines:
                self._go(len(self._lines) - 1, 0)

    def interrupt(self) -> None:
        """The player typed: what follows answers them, so the display follows again."""
        with self._lock:
            self._following = True

    def close(self) -> None:
        """Stop reading keys and give the display back to brltty."""
        self._stop.set()
        if self._reader is not threading.current_thread():
            self._reader.join(timeout=2 * KEY_POLL_MS / 1000)
        with self._lock:
            if self._closed:
                return
            self._closed = True
            # brltty may have gone away first: then there is nothing left to release.
            with contextlib.suppress(self._api.OperationError):
                if self._alive:
                    self._conn.leaveTtyMode()
                self._conn.closeConnection()
            self._alive = False

    # -- what the display shows --

    def _line(self, index: int) -> _Line | None:
        if index < len(self._lines):
            return self._lines[index]
        return self._focus if index == len(self._lines) else None

    def _last(self) -> int:
        """The index of the last thing to read: the focus line if there is one."""
        return len(self._lines) - (self._focus is None)

    def _go(self, index: int, segment: int) -> None:
        """Move to a line and segment (-1: its last) and write it to the display."""
        line = self._line(index)
        if line is None:
            return
        self._at = index
        self._segment = segment % len(line.segments)
        self._write(line.segments[self._segment])

    def _write(self, cells: str) -> None:
        if not self._alive:
            return
        try:
            self._conn.writeText(cells)
        except self._api.OperationError as err:
            self._lose(err)

    def _lose(self, err: Exception) -> None:
        """brltty went away: say so once and stop using the display."""
        if self._alive:
            self._alive = False
            self._stop.set()
            self._notice(NOTICE_LOST.format(reason=_cause(err)))

    # -- the display's keys --

    def _read_keys(self) -> None:
        while not self._stop.is_set():
            try:
                code = self._conn.readKeyWithTimeout(KEY_POLL_MS)
            except self._api.OperationError as err:
                if not self._stop.is_set():
                    with self._lock:
                        self._lose(err)
                return
            if code is not None:
                self._press(self._api.expandKeyCode(code))

    def _press(self, key: dict[str, int]) -> None:
        """Act on one BrlAPI key, expanded: pan, move by line, or route."""
        api = self._api
        if key["type"] != api.KEY_TYPE_CMD:
            return
        command, argument = key["command"], key["argument"]
        selected: int | None = None
        with self._lock:
            if command == api.KEY_CMD_FWINRT:
                self._pan(+1)
            elif command == api.KEY_CMD_FWINLT:
                self._pan(-1)
            elif command == api.KEY_CMD_LNDN:
                self._review(min(self._at + 1, self._last()), 0)
            elif command == api.KEY_CMD_LNUP:
                self._review(max(self._at - 1, 0), 0)
            elif command == api.KEY_CMD_TOP:
                self._review(0, 0)
            elif command == api.KEY_CMD_BOT:
                self._review(self._last(), 0)
            elif command == api.KEY_CMD_ROUTE:
                selected = self._routed(argument)
        if selected is not None and self.on_select is not None:
            self.on_select(selected)

    def _pan(self, step: int) -> None:
        """The next or previous segment, across announcements; stays put at either end."""
        line = self._line(self._at)
        if line is None:
            return
        segment = self._segment + step
        if 0 <= segment < len(line.segments):
            self._review(self._at, segment)
        elif step > 0 and self._at < self._last():
            self._review(self._at + 1, 0)
        elif step < 0 and self._at > 0:
            self._review(self._at - 1, -1)

    def _review(self, index: int, segment: int) -> None:
        """Move where the reader asked; reading the newest line follows new ones again."""
        self._go(index, segment)
        self._following = self._at >= self._last()

    def _routed(self, column: int) -> int | None:
        """The focus item under a routing key, if a focus item is shown there."""
        line = self._line(self._at)
        if line is None or not line.items or column >= len(line.segments[self._segment]):
            return None
        return line.items[self._segment]


def _cause(err: Exception) -> str:
    """BrlAPI's error in a few words: its messages run over several lines of codes."""
    first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    # The notice ends the sentence: "lost: no connection.", never "connection..".
    return first.rpartition(": ")[2].rstrip(". ") or type(err).__name__


def _enter(api: Any, connection: Any) -> None:
    """Take the display on sixdot's terminal, or the whole display where no terminal is known.

    BrlAPI finds the terminal from the environment (the console or the X
    window); under a brltty that reads no screen (a test, a display given
    to one program) there is none, and the root of the tty tree is taken.
    Only the keys sixdot answers are taken from brltty.
    """
    try:
        connection.enterTtyMode()
    except api.OperationError:
        connection.enterTtyModeWithPath()
    commands = (
        api.KEY_CMD_FWINLT,
        api.KEY_CMD_FWINRT,
        api.KEY_CMD_LNUP,
        api.KEY_CMD_LNDN,
        api.KEY_CMD_TOP,
        api.KEY_CMD_BOT,
        api.KEY_CMD_ROUTE,
    )
    connection.ignoreKeys(api.rangeType_all, [0])
    connection.acceptKeys(api.rangeType_command, [api.KEY_TYPE_CMD | c for c in commands])


def open_brlapi(
    table: str = DEFAULT_GRADE,
    notice: Callable[[str], None] = notice_on_stderr,
    host: str | None = None,
    auth: str | None = None,
    on_select: Callable[[int], None] | None = None,
) -> BrailleDisplay | None:
    """The braille display, or None after one notice saying why there is none.

    `table` is a settings name ("grade1", "grade2") or a liblouis table file.
    `host` and `auth` default to BrlAPI's own (BRLAPI_HOST and BRLAPI_AUTH,
    else the local brltty).
    """

    def off(reason: str) -> None:
        notice(NOTICE_OFF.format(reason=reason))

    try:
        import brlapi
    except ImportError:
        off("no BrlAPI")  # how to install it: docs/braille.md
        return None
    try:
        table_file = check_table(table)
    except LouisMissing as err:
        off(str(err))
        return None
    try:
        connection = brlapi.Connection(
            host.encode() if host else None, auth.encode() if auth else None
        )
    except brlapi.ConnectionError as err:
        where = host or os.environ.get("BRLAPI_HOST") or "localhost"
        off(f"no brltty at {where}: {_cause(err)}")
        return None
    columns, rows = connection.displaySize
    if columns * rows == 0:
        connection.closeConnection()
        off("brltty has no braille display connected")
        return None
    try:
        _enter(brlapi, connection)
    except brlapi.OperationError as err:
        connection.closeConnection()
        off(f"brltty refused the display: {_cause(err)}")
        return None
    return BrailleDisplay(brlapi, connection, table_file, notice, on_select)
