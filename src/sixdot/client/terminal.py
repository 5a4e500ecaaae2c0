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
from collections.abc import Sequence
from typing import TextIO


class Terminal:
    """Line input and output over plain streams."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.interactive = self.stdin.isatty()

    def say(self, line: str) -> None:
        self.stdout.write(line + "\n")
        self.stdout.flush()

    def ask(self, prompt: str, completions: Sequence[str] = ()) -> str | None:
        """One line of input without its newline, or None at end of input."""
        del completions
        if self.interactive:
            self.stdout.write(prompt)
            self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            return None
        return line.rstrip("\r\n")


class PromptTerminal(Terminal):
    """prompt_toolkit's line editor: history and Tab completion, no pop-up menus."""

    def __init__(self) -> None:
        super().__init__()
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.shortcuts import CompleteStyle

        self._words: list[str] = []
        self._completer = WordCompleter(lambda: self._words, ignore_case=True, sentence=True)
        # Readline-like completion prints the candidates as plain lines rather
        # than a pop-up menu, which screen readers and braille displays miss.
        self._session: PromptSession[str] = PromptSession(
            completer=self._completer,
            complete_while_typing=False,
            complete_style=CompleteStyle.READLINE_LIKE,
        )

    def ask(self, prompt: str, completions: Sequence[str] = ()) -> str | None:
        self._words = list(completions)
        try:
            return self._session.prompt(prompt)
        except EOFError:
            return None
        except KeyboardInterrupt:
            return "quit"


def open_terminal(plain: bool = False) -> Terminal:
    """prompt_toolkit on a real terminal unless plain mode is asked for."""
    dumb = os.environ.get("TERM", "") in ("", "dumb")
    if plain or dumb or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return Terminal()
    return PromptTerminal()
