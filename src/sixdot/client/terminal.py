"""Reading commands and writing lines, on a terminal or through a pipe.

Output is a plain stream of lines: nothing is redrawn or positioned. On an
interactive terminal prompt_toolkit reads the command line (history, Tab
completion of the legal moves); anywhere else, or with --plain, commands are
read line by line and no prompt is drawn, so scripts and simple terminals can
drive the game.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TextIO

from sixdot.client.keys import DEFAULT_KEYS, load_keys
from sixdot.present.focus import FocusItem


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

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.interactive = self.stdin.isatty()
        self.last_line = ""

    def select(self, index: int) -> None:
        """Act on focus item `index` from outside, as Enter on it would (any thread).

        Plain input walks no focus, so there is nothing to act on.
        """
        del index

    def say(self, line: str) -> None:
        self.stdout.write(line + "\n")
        self.stdout.flush()
        self.last_line = line

    def ask(
        self, prompt: str, completions: Sequence[str] = (), focus: Sequence[FocusItem] = ()
    ) -> str | None:
        """One line of input without its newline, or None at end of input.

        `focus` lists what the keys can walk; plain input ignores it.
        """
        del completions, focus
        if self.interactive:
            self.stdout.write(prompt)
            self.stdout.flush()
        line = self.stdin.readline()
        if self.interactive and self.on_key is not None:
            # A script feeding a pipe presses no key, so piped play cuts nothing.
            self.on_key()
        if not line:
            return None
        return line.rstrip("\r\n")


class PromptTerminal(Terminal):
    """prompt_toolkit's line editor: history, Tab completion and the keys.

    With an empty input line, Left, Right, Home and End walk the focus items
    and put the focused one on the input line with the cursor on it; a letter
    then jumps to the next item with that letter, Enter acts on it and Escape
    leaves it. Items placed on a board (`at`) are walked as a grid, Up and
    Down included. While a step picks several cards, Space selects or drops
    the focused one and Enter sends the selection as one typed command.
    Review keys (F1 to F8, PageUp, PageDown) run their commands. Nothing but
    the input line is redrawn.
    """

    def __init__(self, keys: Mapping[str, str] | None = None) -> None:
        super().__init__()
        # Without this, a terminal that does not answer cursor-position requests
        # gets a warning printed into the game's stream of lines.
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.shortcuts import CompleteStyle

        self.keys = dict(DEFAULT_KEYS if keys is None else keys)
        self._words: list[str] = []
        self._focus: Sequence[FocusItem] = ()
        self._at: int | None = None
        self._shown = ""
        self._picked: list[int] = []
        completer = WordCompleter(
            lambda: self._words,
            ignore_case=True,
            sentence=True,
            # Listed candidates end with a comma so a screen reader hears where
            # one move ends and the next begins.
            display_dict=_CommaDisplay(),
        )
        # Readline-like completion prints the candidates as plain lines rather
        # than a pop-up menu, which screen readers and braille displays miss.
        self._session: PromptSession[str] = PromptSession(
            completer=completer,
            complete_while_typing=False,
            complete_style=CompleteStyle.READLINE_LIKE,
            key_bindings=self._bindings(),
        )
        # The first key pressed at a prompt silences speech, as a screen reader's does.
        self._heard_key = False
        self._session.app.key_processor.before_key_press += self._key_pressed

    def _key_pressed(self, _processor: object) -> None:
        if not self._heard_key and self.on_key is not None:
            self._heard_key = True
            self.on_key()

    def ask(
        self, prompt: str, completions: Sequence[str] = (), focus: Sequence[FocusItem] = ()
    ) -> str | None:
        self._words = list(completions)
        if list(focus) != list(self._focus):
            self._at = None
            self._picked = []
        self._focus = focus
        self._shown = ""
        self._chosen: int | None = None
        self._heard_key = False
        try:
            text = self._session.prompt(prompt)
        except EOFError:
            return None
        except KeyboardInterrupt:
            return "quit"
        # Enter on a focused item leaves its label on screen and chooses it.
        return text if self._chosen is None else f"choose {self._chosen + 1}"

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

    def _point(self, buffer, index: int) -> None:  # type: ignore[no-untyped-def]
        """Focus item `index`: its label on the input line, the cursor at its start."""
        from prompt_toolkit.document import Document

        self._at = max(0, min(index, len(self._focus) - 1))
        self._shown = self._label(self._at)
        buffer.document = Document(self._shown, cursor_position=0)
        if self.on_focus is not None:
            self.on_focus(self._at)

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
        def can_walk() -> bool:
            return bool(self._focus) and (self._session.default_buffer.text == "" or walking())

        @Condition
        def on_board() -> bool:
            return can_walk() and any(item.at is not None for item in self._focus)

        @Condition
        def picking() -> bool:
            return walking() and self.selection is not None

        def show(event, index: int) -> None:  # type: ignore[no-untyped-def]
            self._point(event.current_buffer, index)

        def step(event, delta: int) -> None:  # type: ignore[no-untyped-def]
            """The first press shows the focus where it was; later presses move it."""
            here = self._at or 0
            show(event, here + delta if walking() else here)

        def square(event, rows: int, columns: int) -> None:  # type: ignore[no-untyped-def]
            """On a board, move to the nearest item that way; stay at the edge."""
            here = self._at or 0
            place = self._focus[here].at
            if walking() and place is not None:
                where = {item.at: i for i, item in enumerate(self._focus) if item.at}
                row, column = place
                for distance in range(1, 2 * len(self._focus) + 1):
                    found = where.get((row + rows * distance, column + columns * distance))
                    if found is not None:
                        here = found
                        break
            show(event, here)

        def submit(event, text: str) -> None:  # type: ignore[no-untyped-def]
            self._shown = ""
            event.current_buffer.document = Document(text, len(text))
            event.current_buffer.validate_and_handle()

        kb.add("right", filter=on_board)(lambda event: square(event, 0, +1))
        kb.add("left", filter=on_board)(lambda event: square(event, 0, -1))
        kb.add("down", filter=on_board)(lambda event: square(event, +1, 0))
        kb.add("up", filter=on_board)(lambda event: square(event, -1, 0))
        kb.add("right", filter=can_walk & ~on_board)(lambda event: step(event, +1))
        kb.add("left", filter=can_walk & ~on_board)(lambda event: step(event, -1))

        @kb.add("space", filter=picking)
        def _(event) -> None:  # type: ignore[no-untyped-def]
            at = self._at or 0
            if self._focus[at].pick:
                self._toggle(at)
            show(event, at)

        @kb.add("home", filter=can_walk)
        def _(event) -> None:  # type: ignore[no-untyped-def]
            show(event, 0)

        @kb.add("end", filter=can_walk)
        def _(event) -> None:  # type: ignore[no-untyped-def]
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

        @kb.add("escape", filter=walking, eager=True)
        def _(event) -> None:  # type: ignore[no-untyped-def]
            self._shown = ""
            event.current_buffer.document = Document("", 0)

        @kb.add("<any>", filter=walking)
        def _(event) -> None:  # type: ignore[no-untyped-def]
            char = event.data.upper()
            start = self._at or 0
            for step in range(1, len(self._focus) + 1):
                index = (start + step) % len(self._focus)
                if char.isalpha() and char in self._focus[index].jump:
                    show(event, index)
                    return
            if not char.isalpha():
                # Anything else starts a typed command in place of the focus.
                self._shown = ""
                event.current_buffer.document = Document(event.data, 1)

        def review(event, name: str) -> None:  # type: ignore[no-untyped-def]
            """Answer a review key above the prompt, leaving the input line as it was."""
            if self.review is None:
                submit(event, name)
                return
            from prompt_toolkit.application import run_in_terminal

            answer = self.review

            def said() -> None:
                answer(name)
                self._heard_key = False  # the next key cuts this answer short

            run_in_terminal(said)

        for name, key in self.keys.items():
            kb.add(key)(lambda event, name=name: review(event, name))
        kb.add("?", filter=Condition(lambda: self._session.default_buffer.text == ""))(
            lambda event: review(event, "keys")
        )
        return kb


class _CommaDisplay(dict[str, str]):
    """Every completion shown as itself followed by a comma."""

    def __contains__(self, key: object) -> bool:
        return True

    def __bool__(self) -> bool:  # prompt_toolkit replaces an empty mapping
        return True

    def __getitem__(self, key: str) -> str:
        return f"{key},"

    def get(self, key: str, default: object = None) -> str:  # type: ignore[override]
        return self[key]


def open_terminal(plain: bool = False) -> Terminal:
    """prompt_toolkit on a real terminal unless plain mode is asked for.

    The review keys come from the user's config file; a bad one is reported.
    """
    dumb = os.environ.get("TERM", "") in ("", "dumb")
    if plain or dumb or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return Terminal()
    return PromptTerminal(load_keys(print))
