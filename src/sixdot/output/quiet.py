"""Keep speech libraries' own printing off the player's terminal.

accessible-output2 prints install hints to stdout when it probes for screen
readers, speech-dispatcher's client may print connection errors, and C
libraries (espeak-ng) write to the file descriptors directly. A screen
reader or braille display would read all of it as if the game had said it,
so while an engine is loaded and probed, file descriptors 1 and 2 point at
the null device, and so do `sys.stdout` and `sys.stderr` (which need not be
the descriptors: under pytest, or in an IDE). This silences every thread, so
it is used only while the program starts, before the game says anything.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout

_FDS = (1, 2)


def _flush() -> None:
    """Push out what Python and C have buffered, so it lands where the fds point now."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    if os.name == "posix":
        ctypes.CDLL(None).fflush(None)


@contextmanager
def quiet() -> Iterator[None]:
    """Everything written to stdout and stderr inside the block goes nowhere."""
    _flush()
    saved = [os.dup(fd) for fd in _FDS]
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        for fd in _FDS:
            os.dup2(null, fd)
        with (
            open(os.devnull, "w", encoding="utf-8") as sink,
            redirect_stdout(sink),
            redirect_stderr(sink),
        ):
            yield
    finally:
        _flush()
        for fd, copy in zip(_FDS, saved, strict=True):
            os.dup2(copy, fd)
            os.close(copy)
        os.close(null)
