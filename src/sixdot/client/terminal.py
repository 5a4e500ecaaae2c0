"""Reading commands and writing lines, on a terminal or through a pipe.

Output is a plain stream of lines: nothing is redrawn or positioned. On an
interactive terminal prompt_toolkit reads the command line (history, Tab
completion of the legal moves); anywhere else, or with --plain, commands are
read line by line and no prompt is drawn, so scripts and simple terminals can
drive the game.

Lines may also come from another thread (`sixdot join` hears the server while
the player types): `tell` prints them above an open prompt, which keeps what
is typed on it, and `offer` changes what the keys walk while it is open.
"""

from __future__ import annotations

import _thread
import asyncio
import atexit
import contextlib
import functools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from sixdot.client.keys import DEFAULT_KEYS, load_keys
from sixdot.client.pacing import PAUSE, Pace
from sixdot.present.focus import FocusItem

#: What the input line starts with. Not `>`: a screen reader reading the
#: terminal speaks the input line with every burst of lines printed above it,
#: and Orca said "greater" at the end of nearly every one. U+203A, the single
#: right-pointing angle quotation mark, looks like a prompt and is in no
#: speech table: Orca hands it to speech-dispatcher, which has no name for
#: it, and espeak-ng says nothing (`espeak-ng -x` gives it no phonemes).
PROMPT = "\u203a "


class Cursor:
    """Where the terminal's cursor is, for every writer to it: after the last
    line written, which still owes its newline (see `PromptTerminal.say`).
    The game's lines and sixdot's notices, when both go to one terminal,
    share it as they share the screen."""

    dangling = False

    @classmethod
    def owed(cls) -> str:
        """The newline owed to the last line written, now paid: "\n" or ""."""
        was, cls.dangling = cls.dangling, False
        return "\n" if was else ""

    @classmethod
    def end_line(cls, stream: TextIO) -> None:
        """The newline still owed, if any, now: at exit, or before something
        else writes to the terminal (getpass asking for a password)."""
        with contextlib.suppress(OSError, ValueError):
            stream.write(cls.owed())
            stream.flush()


def note(line: str, stream: TextIO | None = None) -> None:
    """A line about sixdot itself on standard error (or `stream`).

    When that is the game's terminal too, the cursor stays after the line, as
    after the game's lines: a screen reader reading the terminal speaks text
    that ends at the cursor even when no key caused it, and says nothing of a
    line the cursor has left (Orca skipped "Your screen reader reads this
    terminal" at the start of a game).
    """
    stream = stream or sys.stderr
    if not _one_terminal(stream, sys.stdout):
        print(line, file=stream, flush=True)
        return
    stream.write(Cursor.owed() + line)
    stream.flush()
    Cursor.dangling = True
    _end_line_at_exit(stream)


@functools.cache
def _end_line_at_exit(stream: TextIO) -> None:
    """The newline owed on `stream` paid at exit: asked for once a stream,
    however many notices it carries."""
    atexit.register(Cursor.end_line, stream)


def _keep_line_on_enter(renderer: Any) -> None:
    """Enter leaves the cursor at the end of the input line, its newline owed
    (`Cursor`), where prompt_toolkit would draw the line as done and move to
    a new row at once.

    The newline then goes out with the first line the answer prints, and on a
    full screen that write scrolls it. VTE reports text that came by scrolling
    with the row break it starts with, and Orca takes such text after Enter
    as it was reported (the terminal script's isAutoTextEvent); any other
    text it reads again from the screen, by place, when it gets to it. On a
    busy machine, Orca got to the first lines of an answer 73 ms late, when
    the next lines had scrolled the screen: it read the wrong rows and said
    the first three lines never (scripts/orca-check beside other jobs).
    """
    render = renderer.render

    def render_keeping_line(app: Any, layout: Any, is_done: bool = False) -> None:
        render(app, layout)
        if is_done:
            Cursor.dangling = True

    renderer.render = render_keeping_line


def _one_terminal(one: TextIO, other: TextIO) -> bool:
    """Whether both streams write to the same terminal."""
    try:
        a, b = os.fstat(one.fileno()), os.fstat(other.fileno())
        return one.isatty() and other.isatty() and (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)
    except (OSError, ValueError, AttributeError):
        return False


class Terminal:
    """Line input and output over plain streams."""

    #: Review keys by command name; plain mode has none.
    keys: Mapping[str, str] = {}
    #: Runs a review command and says its lines, while the prompt stays open.
    review: Callable[[str], None] | None = None
    #: Told the index of the newly focused item when the keys move the focus.
    on_focus: Callable[[int], None] | None = None
    #: (verb, how many) while a step picks several items: Space selects, Enter sends.
    selection: tuple[str, int] | None = None
    #: Words a focus item with its selection state: (item, selected, how many selected).
    pick_label: Callable[[FocusItem, bool, int], str] | None = None
    #: Called when the player presses a key (a line typed at a terminal counts):
    #: the only thing that cuts speech short.
    on_key: Callable[[], None] | None = None
    #: Told, by phrase key, when a key meets an end: the last or first item
    #: (`focus-last`, `focus-first`) or group (`focus-last-group`,
    #: `focus-first-group`), no playable item further that way
    #: (`focus-no-playable`), a board's edge (`focus-board-edge`).
    on_end: Callable[[str], None] | None = None
    #: Says the moves and commands Tab found for the typed text, on one line.
    on_list: Callable[[str, Sequence[str]], None] | None = None

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.interactive = self.stdin.isatty()
        self.last_line = ""
        self._told = threading.Lock()
        #: The prompt printed and not yet answered, at a plain interactive terminal.
        self._waiting = ""
        #: Set by `end_input`: every ask answers None from then on.
        self._ended = False
        #: The thread blocked reading a line, while one is.
        self._reading: int | None = None
        #: A burst of lines goes out a screenful at a time (see `pacing`).
        self.pace = Pace(self._size)

    def _size(self) -> tuple[int, int]:
        """The terminal's columns and rows; a pipe or file has no edge, and no pause."""
        try:
            return os.get_terminal_size(self.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            return sys.maxsize, sys.maxsize

    def tell(self, lines: Sequence[str]) -> None:
        """Say lines from any thread, each whole: printed now, one after another.

        Lines that come while a prompt waits (a server's, in `sixdot join
        --plain`) start on a line of their own, and the prompt is printed
        again after them, so no line is read out as part of the prompt.
        """
        with self._told:
            if self._waiting:
                self.stdout.write("\n")
            for line in lines:
                self.say(line)
            if self._waiting:
                self.stdout.write(self._waiting)
                self.stdout.flush()

    def offer(
        self,
        completions: Sequence[str],
        focus: Sequence[FocusItem],
        selection: tuple[str, int] | None = None,
    ) -> None:
        """What Tab completes and the keys walk from now on (any thread).

        Plain input has neither, so there is nothing to change.
        """
        del completions, focus, selection

    def select(self, index: int) -> None:
        """Act on focus item `index` from outside, as Enter on it would (any thread).

        Plain input walks no focus, so there is nothing to act on.
        """
        del index

    def say(self, line: str) -> None:
        time.sleep(self.pace.wait(line))
        self.stdout.write(Cursor.owed() + line + "\n")
        self.stdout.flush()
        self.last_line = line

    def ask(
        self, prompt: str, completions: Sequence[str] = (), focus: Sequence[FocusItem] = ()
    ) -> str | None:
        """One line of input without its newline, or None at end of input.

        `focus` lists what the keys can walk; plain input ignores it.
        """
        del completions, focus
        if self._ended:
            return None
        if self.interactive:
            with self._told:
                self.stdout.write(prompt)
                self.stdout.flush()
                self._waiting = prompt
        try:
            self._reading = threading.get_ident()
            line = "" if self._ended else self.stdin.readline()
        except KeyboardInterrupt:
            if not self._ended:
                raise
            line = ""  # `end_input` interrupted the read
        finally:
            self._reading = None
            self._waiting = ""
        if self._ended:
            return None
        if self.interactive and self.on_key is not None:
            # A script feeding a pipe presses no key, so piped play cuts nothing.
            self.on_key()
        if not line:
            return None
        return line.rstrip("\r\n")

    def end_input(self) -> None:
        """End the input from another thread (`sixdot join`'s connection gone
        for good): the ask under way, and every one after, answers None.

        A read of the main thread's is interrupted with SIGINT, which `ask`
        takes as this end (on Windows, where no thread is signalled, the read
        ends with the next line typed)."""
        self._ended = True
        for _ in range(20):  # again if the signal came just before the read began
            reader = self._reading
            if reader is None or reader != threading.main_thread().ident:
                return
            if hasattr(signal, "pthread_kill"):
                signal.pthread_kill(reader, signal.SIGINT)
            else:
                _thread.interrupt_main()
            time.sleep(0.1)


class PromptTerminal(Terminal):
    """prompt_toolkit's line editor: history, Tab completion and the keys.

    With an empty input line, Left, Right, Home and End walk the focus items
    and put the focused one on the input line with the cursor after it, the
    line blanked a moment first so a screen reader reading the terminal hears
    the whole new label (see `_point`); at either end the edge is said.
    Letters typed while an item is focused jump to the next item whose name
    starts with them (type-ahead: `mo` finds Mountain); once they start no
    item's name they are the typed text on the line, so a command typed over
    a focused card is never swallowed. Enter
    acts on exactly what the line shows, and Escape clears the line. While an
    item is shown, Up and Down jump to the first item of the previous or next
    group (a suit, the vowels), Shift+Home and Shift+End (or Ctrl+Home and
    Ctrl+End) to the first and last of its own group (the lowest and
    highest), Ctrl+Right and Ctrl+Left to the next or previous item that can
    be played now. Items placed on a board
    (`at`) are walked as a grid, Up and Down included; its edges are said.
    While a step picks several cards, Space selects or drops the focused one
    and Enter sends the selection as one typed command.
    Review keys (F1 to F8, PageUp, PageDown) run their commands; their answers,
    and the edges said, are printed above the input line (see `_above`).
    Nothing but the input line is redrawn.
    """

    def __init__(self, keys: Mapping[str, str] | None = None) -> None:
        super().__init__()
        # Without this, a terminal that does not answer cursor-position requests
        # gets a warning printed into the game's stream of lines.
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        from prompt_toolkit import PromptSession

        self.keys = dict(DEFAULT_KEYS if keys is None else keys)
        self._words: list[str] = []
        self._focus: Sequence[FocusItem] = ()
        self._at: int | None = None
        self._shown = ""
        self._picked: list[int] = []
        # Tab is sixdot's own (see _bindings): it lists candidates on one line
        # in reading order, where a pop-up menu or a padded grid is missed or
        # read cell by cell by screen readers and braille displays.
        self._session: PromptSession[str] = PromptSession(
            key_bindings=self._bindings(), input_processors=[_blanking(self)]
        )
        _keep_line_on_enter(self._session.app.renderer)
        # Escape alone acts after this long, not prompt_toolkit's half second
        # of waiting to see whether it begins a key's sequence: a terminal
        # sends a sequence's bytes together.
        self._session.app.ttimeoutlen = ESCAPE_WAIT
        #: While not None, the input line shows this many no-break spaces (see `_point`).
        self._blank: int | None = None
        self._unblank: asyncio.TimerHandle | None = None
        atexit.register(Cursor.end_line, self.stdout)
        #: Lines said while a key's answer is made, printed above the prompt after.
        self._collected: list[str] | None = None
        #: Lines waiting while the first line printed over the input line is taken in.
        self._held: list[str] | None = None
        self._holding: asyncio.TimerHandle | None = None
        #: The input line was taken off with no line written over it yet.
        self._wiped = False
        # The first key pressed at a prompt silences speech, as a screen reader's does.
        self._heard_key = False
        self._session.app.key_processor.before_key_press += self._key_pressed
        # Lines told and completions offered from other threads wait here for
        # the prompt's own loop, or for the thread that asks when none is open.
        self._lock = threading.Lock()
        self._pending: list[str] = []
        self._offered: tuple[list[str], list[FocusItem], tuple[str, int] | None] | None = None
        #: The thread that asks: it may print at once whenever no prompt is open.
        self._asker = threading.get_ident()

    def _key_pressed(self, _processor: object) -> None:
        if not self._heard_key and self.on_key is not None:
            self._heard_key = True
            self.on_key()

    def ask(
        self, prompt: str, completions: Sequence[str] = (), focus: Sequence[FocusItem] = ()
    ) -> str | None:
        """As Terminal.ask; once `offer` has been called, what it offered stands instead
        of `completions` and `focus`, and may change while the prompt is open."""
        self._asker = threading.get_ident()
        if self._ended:
            return None
        self._flush()  # lines told while no prompt was open come before it
        with self._lock:
            offered = self._offered
        if offered is not None:
            completions, focus, self.selection = offered
        self._words = list(completions)
        if list(focus) != list(self._focus):
            self._at = None
            self._picked = []
        self._focus = focus
        self._shown = ""
        self._typed = ""
        self._chosen: int | None = None
        self._heard_key = False
        try:
            text = self._session.prompt(prompt, pre_run=self._opened)
        except EOFError:
            return None
        except KeyboardInterrupt:
            return "quit"
        finally:
            if self._release():
                # Enter came while lines were held: the line sent is shown after
                # them, its newline owed as after any Enter (`_keep_line_on_enter`).
                self.stdout.write(f"{prompt}{self._session.default_buffer.text}")
                self.stdout.flush()
                Cursor.dangling = True
        # Enter on a focused item leaves its label on screen and chooses it.
        return text if self._chosen is None else f"choose {self._chosen + 1}"

    def tell(self, lines: Sequence[str]) -> None:
        """Say lines from any thread. While the prompt is open they are printed
        above it and the input line is drawn again below them as it was, with
        what was typed or the focused card on it; the next key cuts them short."""
        with self._lock:
            self._pending.extend(lines)
        app = self._session.app
        here = threading.get_ident()
        aside = app._running_in_terminal and self._held is None
        if here == self._asker and (not app.is_running or aside):
            # No prompt is open (or it is set aside already): print in order now.
            self._flush()
            return
        self._in_loop(self._drain)

    def offer(
        self,
        completions: Sequence[str],
        focus: Sequence[FocusItem],
        selection: tuple[str, int] | None = None,
    ) -> None:
        with self._lock:
            self._offered = (list(completions), list(focus), selection)
        self._in_loop(self._take_offer)

    def _in_loop(self, act: Callable[[], None]) -> None:
        """Run `act` in the open prompt's loop; with none open, the next prompt does."""
        app = self._session.app
        loop = app.loop
        if not app.is_running or loop is None:
            return

        def guarded() -> None:
            if app.is_running and not app.is_done:
                act()

        # A loop that has just closed refuses it: the next prompt takes it up.
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(guarded)

    def _opened(self) -> None:
        """As a prompt opens, in its loop: what was told or offered meanwhile.

        The newline owed to the last line printed goes out with the prompt,
        in one write, so a screen reader hears the prompt as new text too.
        """
        if self._ended:
            self._session.app.exit(exception=EOFError())
            return
        self._session.app.output.write_raw(Cursor.owed())
        self._take_offer()
        self._session.app.loop.call_soon(self._drain)  # type: ignore[union-attr]

    def end_input(self) -> None:
        """As Terminal.end_input: the open prompt closes as at the end of input."""
        self._ended = True
        self._in_loop(lambda: self._session.app.exit(exception=EOFError()))

    def _flush(self) -> None:
        with self._lock:
            lines, self._pending = self._pending, []
        for line in lines:
            self.say(line)

    def _drain(self) -> None:
        """In the prompt's loop: print the lines told above the input line, then
        draw the input line again below them, as it was (see `_above`)."""
        app = self._session.app
        if not self._pending or not app.is_running or app.is_done:
            return
        with self._lock:
            lines, self._pending = self._pending, []
        self._above(lines)
        self._heard_key = False  # the next key cuts these lines short

    def say(self, line: str) -> None:
        """Print a line; its newline waits for what comes next.

        With the cursor left after the line, the line is text that ends at the
        cursor, which a screen reader reading the terminal speaks even when no
        key caused it (the lines a game starts with, a bot's moves); with the
        cursor on the empty line below, Orca says nothing of it.
        """
        if self._collected is not None:
            self._collected.append(line)
            self.last_line = line
            return
        time.sleep(self.pace.wait(line))
        self.stdout.write(Cursor.owed() + line)
        self.stdout.flush()
        Cursor.dangling = True
        self.last_line = line

    def _answer(self, act: Callable[[], None], wipe: bool = False) -> None:
        """In the prompt's loop: run `act`, and print the lines it says above the
        prompt (`wipe`: see `_above`)."""
        self._collected = lines = []
        try:
            act()
        finally:
            self._collected = None
        self._above(lines, wipe)

    def _above(self, lines: Sequence[str], wipe: bool = False) -> None:
        """In the prompt's loop: print lines above the input line, then draw the
        input line again below them, as it was.

        Not with run_in_terminal, which sets the terminal to cooked mode while it
        prints: keys typed in that moment would be echoed by the terminal into
        the stream of lines. Here the terminal stays raw, so they wait unseen
        and reach the input line when the loop reads them next.

        A screen reader reading a terminal speaks the text that appeared when it
        ends at the cursor. But a terminal scrolling up (VTE) reports as new
        only as much text as was added, counted from the end: lines written
        over the input line would lose their first characters, as many as the
        input line had. So the first line is written over the input line on
        its own, the cursor after it, and the rest with the input line below
        them a moment later, when the terminal has taken the first in, in one
        write: one piece of new text ending at the cursor.

        With `wipe` (the answer to a review key or Tab), or when the first line
        is wider than the terminal (it would scroll it already), the input line
        is only taken off at first, and every line comes after: then the
        terminal reports all the lines, and the input line below them, as one
        piece, and a screen reader says each line once. Not after an arrow
        key: there Orca says what the cursor moved to ("blank").
        """
        app = self._session.app
        if self._held is not None:  # the first line of others is being taken in
            self._held.extend(lines)
            return
        if not lines:
            return
        if app._running_in_terminal or not app.is_running or app.is_done:
            for line in lines:
                self.say(line)
            return
        loop = app.loop
        self._wipe()
        if loop is None:
            self._print(lines)
            app._redraw()
            return
        first, *rest = lines
        if not wipe and len(first) < app.output.get_size().columns:
            self._print([first], end="")
            self._held = list(rest)
        else:
            self._held = list(lines)
            self._wiped = True
        app.output.flush()
        app._running_in_terminal = True  # no redraw until the rest is out
        self._holding = loop.call_later(self.BLANK_SECONDS, self._rest_out)

    def _wipe(self) -> None:
        """Take the prompt off the screen, as the renderer's erase does, but leave
        it unsent: what follows goes out with it."""
        renderer = self._session.app.renderer
        output = self._session.app.output
        output.cursor_backward(renderer._cursor_pos.x)
        output.cursor_up(renderer._cursor_pos.y)
        output.erase_down()
        output.reset_attributes()
        output.enable_autowrap()
        # The renderer's reset sends what it wrote: held back here, so that the
        # terminal never shows, and a screen reader never reads, the line gone.
        output.flush = lambda: None  # type: ignore[method-assign]
        try:
            renderer.reset(leave_alternate_screen=False)
        finally:
            del output.flush

    def _print(self, lines: Sequence[str], end: str = "\n") -> None:
        """Lines into prompt_toolkit's output, unsent until it is flushed."""
        output = self._session.app.output
        for line in lines:
            output.write(line + end)
            self.last_line = line

    def _release(self, redraw: bool = False) -> bool:
        """Print the lines held after a first one (see `_above`) and, with `redraw`,
        the input line below them, in one write; False if none were held.

        More lines than a screenful go out a screenful at a time (see
        `pacing`): in the prompt's loop the rest waits its turn there; when
        the prompt has ended, here.
        """
        if self._held is None:
            return False
        app = self._session.app
        if self._holding is not None:
            self._holding.cancel()
            self._holding = None
        held, self._held = self._held, None
        if not self._wiped:
            app.output.write("\n")
        self._wiped = False
        runs = self.pace.screenfuls(held)
        loop = app.loop
        if redraw and loop is not None and len(runs) > 1:
            self._print(runs[0])
            app.output.flush()
            self._held, self._wiped = held[len(runs[0]) :], True
            self._holding = loop.call_later(PAUSE, self._rest_out)
            return True
        for number, run in enumerate(runs):
            if number:
                app.output.flush()
                time.sleep(PAUSE)
            self._print(run)
        app._running_in_terminal = False
        if redraw:
            app._redraw()
        else:
            app.output.flush()
        return True

    def _rest_out(self) -> None:
        """In the prompt's loop: the lines held go out, and the input line after them."""
        app = self._session.app
        self._release(redraw=app.is_running and not app.is_done)

    def _take_offer(self) -> None:
        """In the prompt's loop: walk and complete what was offered last."""
        with self._lock:
            offered = self._offered
        if offered is None:
            return
        completions, focus, selection = offered
        self._words = completions
        self.selection = selection
        if focus == list(self._focus):
            return
        buffer = self._session.default_buffer
        if self._shown and buffer.text == self._shown:
            # A card of the old list is shown: Enter must never act on another one.
            from prompt_toolkit.document import Document

            buffer.document = Document("", 0)
        self._shown = ""
        self._typed = ""
        self._at = None
        self._picked = []
        self._focus = focus

    def select(self, index: int) -> None:
        app = self._session.app
        loop = app.loop
        if not app.is_running or loop is None:
            return

        def act() -> None:
            if not app.is_running or not 0 <= index < len(self._focus):
                return
            if self.selection is not None and self._focus[index].pick:
                # In a pick of several cards, a routing key selects or drops the card.
                self._toggle(index)
                self._point(app.current_buffer, index)
                return
            self._chosen = index
            app.exit(result="")

        loop.call_soon_threadsafe(act)

    def _toggle(self, index: int) -> None:
        if index in self._picked:
            self._picked.remove(index)
        else:
            self._picked.append(index)

    def _label(self, index: int) -> str:
        """The focus item as the input line shows it, with its pick state if picking."""
        item = self._focus[index]
        if self.selection is None or self.pick_label is None or not item.pick:
            return item.label
        return self.pick_label(item, index in self._picked, len(self._picked))

    def _matching(self, typed: str) -> int | None:
        """The item that letters typed while walking go to, or None: they are text.

        One letter goes to the next item it may jump to (`jump` holds every
        letter the item shows); more letters to the next item whose name starts
        with them. The search starts after the focused item, so pressing a
        letter again walks every item it fits.
        """
        if not typed or not typed.replace(" ", "").isalpha() or not self._focus:
            return None
        start = (self._at or 0) + (1 if len(typed) == 1 else 0)
        count = len(self._focus)
        for index in (i % count for i in range(start, start + count)):
            item = self._focus[index]
            if len(typed) == 1 and typed.upper() in item.jump.upper():
                return index
            if len(typed) > 1 and item.label.lower().startswith(typed.lower()):
                return index
        return None

    def _point(self, buffer, index: int, fresh: bool = True) -> None:  # type: ignore[no-untyped-def]
        """Focus item `index`: its label on the input line, the cursor after it.

        A screen reader reading a terminal (Orca on VTE, NVDA and JAWS on a
        console) speaks the text that changed on screen, and only when that text
        ends where the cursor is: so the cursor stands after the label. But the
        terminal reports only what differs from the screen before, so a label
        starting or ending as the one before it would be heard in part, and the
        same label again not at all. So when the new label starts or ends as the
        one shown, the line is first shown blank (no-break spaces where the old
        label was, the cursor not moved: nothing to say), and the new label drawn
        a moment later, when the terminal has taken the blank line in: the whole
        label is then new text.

        With `fresh` false (a key met an end and a line is said above the
        prompt, which draws the line again below it) nothing is blanked: the
        line said and the label are heard together.
        """
        from prompt_toolkit.document import Document

        shown = buffer.text
        self._at = max(0, min(index, len(self._focus) - 1))
        self._shown = self._label(self._at)
        buffer.document = Document(self._shown, cursor_position=len(self._shown))
        if not fresh:
            pass
        elif self._blank is not None:
            self._blank_line(self._blank)  # still blank: the new label comes after
        elif shown and _overlapping(shown, self._shown):
            self._blank_line(len(shown))
        elif shown:
            # The terminal reports the whole label as new already; the whole line
            # goes out again, with the label, in one write.
            self._wipe()
        if self.on_focus is not None:
            self.on_focus(self._at)

    #: Seconds the blank line stays, so the terminal shows it before the label.
    BLANK_SECONDS = 0.05

    def _blank_line(self, width: int) -> None:
        """Show `width` spaces on the input line now, what it holds a moment later."""
        app = self._session.app
        loop = app.loop
        self._blank = width
        if self._unblank is not None:
            self._unblank.cancel()
        if loop is None:
            self._blank = None
            return

        def done() -> None:
            self._unblank = None
            self._blank = None
            if app.is_running and not app.is_done:
                app.invalidate()

        self._unblank = loop.call_later(self.BLANK_SECONDS, done)

    # -- key bindings --

    def _bindings(self):  # type: ignore[no-untyped-def]
        from prompt_toolkit.document import Document
        from prompt_toolkit.filters import Condition
        from prompt_toolkit.key_binding import KeyBindings

        kb = KeyBindings()

        @Condition
        def walking() -> bool:
            text = self._session.default_buffer.text
            return bool(self._shown) and text == self._shown

        @Condition
        def blank() -> bool:
            # A line of spaces alone is empty, as Enter reads it: the keys walk
            # from it, never move a cursor silently through blanks.
            return not self._session.default_buffer.text.strip()

        @Condition
        def can_walk() -> bool:
            return bool(self._focus) and (blank() or walking())

        @Condition
        def on_board() -> bool:
            return can_walk() and any(item.at is not None for item in self._focus)

        @Condition
        def picking() -> bool:
            return walking() and self.selection is not None

        def show(event, index: int, fresh: bool = True) -> None:  # type: ignore[no-untyped-def]
            self._point(event.current_buffer, index, fresh)

        def step(event, delta: int) -> None:  # type: ignore[no-untyped-def]
            """The first press shows the focus where it was; later presses move it.

            A press past either end says so and shows the end item again.
            """
            here = self._at or 0
            self._typed = ""
            if walking() and not 0 <= here + delta < len(self._focus):
                end("focus-last" if delta > 0 else "focus-first")
                show(event, here, fresh=False)
                return
            show(event, here + delta if walking() else here)

        def end(key: str) -> None:
            """Say the end a key met, so silence never means 'stuck'."""
            if self.on_end is not None:
                tell = self.on_end
                above(lambda: tell(key))

        def jump(event, found: int | None, key: str) -> None:  # type: ignore[no-untyped-def]
            """Show item `found`, or say the end met and show the focused item again."""
            self._typed = ""
            if found is None:
                end(key)
                show(event, self._at or 0, fresh=False)
                return
            show(event, found)

        def above(say: Callable[[], None]) -> None:
            """Lines said above the prompt, which stays as it was."""
            self._answer(say)

        @kb.add("tab")
        def _(event) -> None:  # type: ignore[no-untyped-def]
            """Complete the typed text; with several candidates, list them on one line."""
            buffer = event.current_buffer
            # A line of spaces is empty here too, as Enter reads it.
            typed = "" if walking() or blank() else buffer.text
            found = [w for w in self._words if w.lower().startswith(typed.lower())]
            if not found:
                return
            text = found[0] if len(found) == 1 else _shared_start(found)
            if len(text) > len(typed):
                self._shown = ""
                self._typed = ""
                buffer.document = Document(text, len(text))
            if len(found) > 1 and self.on_list is not None:
                tell = self.on_list
                self._answer(lambda: tell(typed, found), wipe=True)

        def square(event, rows: int, columns: int) -> None:  # type: ignore[no-untyped-def]
            """On a board, move to the nearest item that way; at the edge, say so."""
            here = self._at or 0
            place = self._focus[here].at
            if not walking() or place is None:
                show(event, here)
                return
            where = {item.at: i for i, item in enumerate(self._focus) if item.at}
            row, column = place
            found = next(
                (
                    where[spot]
                    for distance in range(1, 2 * len(self._focus) + 1)
                    if (spot := (row + rows * distance, column + columns * distance)) in where
                ),
                None,
            )
            jump(event, found, "focus-board-edge")

        def submit(event, text: str) -> None:  # type: ignore[no-untyped-def]
            self._shown = ""
            event.current_buffer.document = Document(text, len(text))
            event.current_buffer.validate_and_handle()

        kb.add("right", filter=on_board)(lambda event: square(event, 0, +1))
        kb.add("left", filter=on_board)(lambda event: square(event, 0, -1))
        # Up and Down on an empty line walk the lines sent, on a board too.
        kb.add("down", filter=on_board & walking)(lambda event: square(event, +1, 0))
        kb.add("up", filter=on_board & walking)(lambda event: square(event, -1, 0))
        kb.add("right", filter=can_walk & ~on_board)(lambda event: step(event, +1))
        kb.add("left", filter=can_walk & ~on_board)(lambda event: step(event, -1))

        def group(event, delta: int) -> None:  # type: ignore[no-untyped-def]
            here = self._at or 0
            key = "focus-last-group" if delta > 0 else "focus-first-group"
            jump(event, _group_start(self._focus, here, delta), key)

        def within(event, last: bool) -> None:  # type: ignore[no-untyped-def]
            first, after = _group_span(self._focus, self._at or 0)
            self._typed = ""
            show(event, after - 1 if last else first)

        def playable(event, delta: int) -> None:  # type: ignore[no-untyped-def]
            here = self._at or 0
            found = next(
                (
                    i
                    for i in range(here + delta, len(self._focus) if delta > 0 else -1, delta)
                    if self._focus[i].actions or self._focus[i].pick
                ),
                None,
            )
            jump(event, found, "focus-no-playable")

        # While an item is shown, Up and Down are the group keys: a list without
        # groups is one group, so they say its ends rather than leave the focus.
        kb.add("down", filter=walking & ~on_board)(lambda event: group(event, +1))
        kb.add("up", filter=walking & ~on_board)(lambda event: group(event, -1))
        # Ctrl+Home and Ctrl+End too: VTE terminals (gnome-terminal and others)
        # keep Shift+Home and Shift+End to scroll their window, so those never come.
        for last, keys in ((True, ("s-end", "c-end")), (False, ("s-home", "c-home"))):
            for key in keys:
                kb.add(key, filter=walking)(lambda event, last=last: within(event, last))
        kb.add("c-right", filter=walking)(lambda event: playable(event, +1))
        kb.add("c-left", filter=walking)(lambda event: playable(event, -1))

        @kb.add("space", filter=picking)
        def _(event) -> None:  # type: ignore[no-untyped-def]
            at = self._at or 0
            if self._focus[at].pick:
                self._toggle(at)
            show(event, at)

        @kb.add("home", filter=can_walk)
        def _(event) -> None:  # type: ignore[no-untyped-def]
            self._typed = ""
            show(event, 0)

        @kb.add("end", filter=can_walk)
        def _(event) -> None:  # type: ignore[no-untyped-def]
            self._typed = ""
            show(event, len(self._focus) - 1)

        @kb.add("enter", filter=walking)
        def _(event) -> None:  # type: ignore[no-untyped-def]
            if self.selection is not None and self._picked:
                tokens = " ".join(self._focus[i].pick for i in self._picked)
                self._picked = []
                submit(event, f"{self.selection[0]} {tokens}")
                return
            self._chosen = self._at or 0
            event.current_buffer.validate_and_handle()

        @kb.add("escape", eager=True)
        def _(event) -> None:  # type: ignore[no-untyped-def]
            """Clear the line: a focused card, or what was typed (keys.md)."""
            self._shown = ""
            self._typed = ""
            event.current_buffer.document = Document("", 0)

        @kb.add("<any>", filter=walking)
        def _(event) -> None:  # type: ignore[no-untyped-def]
            typed = self._typed + event.data
            found = self._matching(typed)
            if found is None and typed.lower() == event.data.lower() * len(typed):
                # The same letter again ("ii"), which no name starts with: the
                # next item it fits, round from the last.
                typed = event.data
                found = self._matching(typed)
            if found is not None:
                self._typed = typed
                show(event, found)
                return
            # No item starts so: what was typed is the line, as typed; nothing is lost.
            self._shown = ""
            self._typed = ""
            event.current_buffer.document = Document(typed, len(typed))

        def review(event, name: str) -> None:  # type: ignore[no-untyped-def]
            """Answer a review key above the prompt, leaving the input line as it was."""
            if self.review is None:
                submit(event, name)
                return
            answer = self.review
            self._answer(lambda: answer(name), wipe=True)
            self._heard_key = False  # the next key cuts this answer short

        for name, key in self.keys.items():
            kb.add(key)(lambda event, name=name: review(event, name))
        kb.add("?", filter=blank)(lambda event: review(event, "keys"))
        return kb


def _blanking(terminal: PromptTerminal):  # type: ignore[no-untyped-def]
    """An input processor showing the input line as no-break spaces while
    `terminal._blank` says how many: the cursor stays where they end, where the
    old label ended."""
    from prompt_toolkit.layout.processors import Processor, Transformation

    class Blanking(Processor):
        def apply_transformation(self, ti):  # type: ignore[no-untyped-def]
            width = terminal._blank
            if width is None or terminal._session.app.is_done:
                return Transformation(ti.fragments)
            # No-break spaces: a terminal keeps them as text (trailing spaces it
            # drops), so the cursor, after them, is where it was and nothing is said.
            return Transformation([("", "\u00a0" * width)], source_to_display=lambda _: width)

    return Blanking()


def _overlapping(old: str, new: str) -> bool:
    """Whether a terminal comparing `old` with `new` in their place would report
    less than all of `new` as changed: they start or end alike (byte by byte,
    as VTE compares).

    >>> _overlapping("take EW as W", "take EW as E"), _overlapping("AB; 1 of 2", "CD; 2 of 3")
    (True, False)
    """
    was, now = old.encode(), new.encode()
    return not was or not now or was[0] == now[0] or was[-1] == now[-1]


def _group_span(items: Sequence[FocusItem], at: int) -> tuple[int, int]:
    """Where the group of item `at` starts, and where the next one starts.

    >>> suits = [("2m", "Moons"), ("9m", "Moons"), ("3w", "Waves")]
    >>> hand = [FocusItem(card, card, group=suit) for card, suit in suits]
    >>> _group_span(hand, 1), _group_span(hand, 2)
    ((0, 2), (2, 3))
    """
    name = items[at].group
    first = at
    while first > 0 and items[first - 1].group == name:
        first -= 1
    after = at + 1
    while after < len(items) and items[after].group == name:
        after += 1
    return first, after


def _group_start(items: Sequence[FocusItem], at: int, delta: int) -> int | None:
    """The first item of the next (delta +1) or previous (-1) group, or None at an end.

    >>> suits = [("2m", "Moons"), ("9m", "Moons"), ("3w", "Waves")]
    >>> hand = [FocusItem(card, card, group=suit) for card, suit in suits]
    >>> _group_start(hand, 0, +1), _group_start(hand, 1, -1), _group_start(hand, 2, -1)
    (2, None, 0)
    """
    first, after = _group_span(items, at)
    if delta > 0:
        return after if after < len(items) else None
    return _group_span(items, first - 1)[0] if first > 0 else None


def _shared_start(words: Sequence[str]) -> str:
    """The longest start every word shares, ignoring case, as the first word spells it.

    >>> _shared_start(["take EW as W", "take EW as E", "Table"])
    'ta'
    """
    first = words[0]
    size = 0
    while size < len(first) and all(
        len(w) > size and w[size].lower() == first[size].lower() for w in words
    ):
        size += 1
    return first[:size]


#: Seconds Escape waits to be sure it is a key, not a sequence's first byte.
ESCAPE_WAIT = 0.1


def open_terminal(plain: bool = False) -> Terminal:
    """prompt_toolkit on a real terminal unless plain mode is asked for.

    The review keys come from the user's config file; a bad one is reported.
    """
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    if plain or not wants_editor(os.environ.get("TERM", ""), sys.platform, tty):
        return Terminal()
    return PromptTerminal(load_keys(print))


def wants_editor(term: str, platform: str, tty: bool) -> bool:
    """Whether the line editor (arrows, Tab, F-keys) can run: at a terminal that
    is not dumb. Windows' consoles (cmd, PowerShell, Windows Terminal) set no
    TERM and are no less able; elsewhere a TERM left empty means a dumb one.

    >>> wants_editor("", "win32", True), wants_editor("", "linux", True)
    (True, False)
    >>> wants_editor("xterm-256color", "linux", True), wants_editor("dumb", "win32", True)
    (True, False)
    >>> wants_editor("xterm", "linux", False)
    False
    """
    from prompt_toolkit.utils import is_dumb_terminal

    if not tty or is_dumb_terminal(term):
        return False
    return bool(term) or platform == "win32"
