"""Writing a file whole, for settings, saved games and cached word graphs."""

from __future__ import annotations

import contextlib
import os
import tempfile


def write_whole(path: str | os.PathLike[str], data: bytes) -> None:
    """Make `path` hold `data`, creating its folder; OSError if that cannot be done.

    The bytes are written to a file beside it, then moved into place, so a reader
    never meets half a file, and a failed write leaves the old one as it was.
    """
    folder = os.path.dirname(os.fspath(path)) or "."
    os.makedirs(folder, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
