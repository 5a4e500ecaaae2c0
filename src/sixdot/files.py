"""Reading and writing sixdot's own files (settings, saved games, word lists, caches).

Reads are bounded: a file larger than its kind allows (a word list that is
really /dev/zero, a saved game of a million brackets) is refused with a reason
instead of filling memory. Writes are whole and durable: the bytes go to a
temporary file beside the target, are flushed to the disk, then moved into
place, so a reader, a crash or a kill -9 never leaves half a file; a temporary
file left by a killed run is removed by the next one.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from sixdot.core.errors import SixdotError

#: Temporary files are named `.<target>.<pid>.tmp`: a later run can tell a file
#: whose writer is gone (removed) from one another running sixdot is writing.
_PREFIX = "."
_SUFFIX = ".tmp"


class FileLimitError(SixdotError):
    """A file larger than sixdot reads for its kind; the message says both sizes."""


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of `path`, or FileLimitError past `limit` (OSError as open gives it).

    At most `limit` + 1 bytes are ever read, so an endless file costs nothing.
    """
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileLimitError(f"{os.fspath(path)} is larger than {size(limit)}")
    return data


def size(count: int) -> str:
    """A byte count as a player reads it.

    >>> size(512), size(256 * 1024), size(32 * 1024 * 1024)
    ('512 bytes', '256 KB', '32 MB')
    """
    for unit, scale in (("MB", 1024 * 1024), ("KB", 1024)):
        if count >= scale:
            return f"{count // scale} {unit}"
    return f"{count} bytes"


def write_whole(path: str | os.PathLike[str], data: bytes) -> None:
    """Make `path` hold `data`, creating its folder; OSError if that cannot be done."""
    folder = os.path.dirname(os.fspath(path)) or "."
    os.makedirs(folder, exist_ok=True)
    sweep(folder)
    name = os.path.basename(os.fspath(path))
    descriptor, temporary = tempfile.mkstemp(
        dir=folder, prefix=f"{_PREFIX}{name}.{os.getpid()}.", suffix=_SUFFIX
    )
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)


def _sync_folder(folder: str) -> None:
    """Make the move into place itself durable (where the system can open a folder)."""
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def sweep(folder: str | os.PathLike[str]) -> None:
    """Remove the temporary files in `folder` whose writing process is gone
    (and any of the unnamed kind earlier versions wrote)."""
    with contextlib.suppress(OSError):
        for path in Path(folder).glob(f"*{_SUFFIX}"):
            parts = path.name.removesuffix(_SUFFIX).split(".")
            pid = parts[-2] if len(parts) > 2 else ""
            if not pid.isdecimal() or not alive(int(pid)):
                with contextlib.suppress(OSError):
                    path.unlink()


def alive(pid: int) -> bool:
    """Whether process `pid` is running (this one is)."""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        # There signal 0 is CTRL_C_EVENT: os.kill would interrupt the console.
        return _alive_on_windows(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but is not ours to signal
    return True


#: Win32: the rights to ask a process its exit code, and the code while it runs.
_QUERY_LIMITED_INFORMATION = 0x1000
_STILL_ACTIVE = 259


def _alive_on_windows(pid: int) -> bool:
    """Whether `pid` runs, asked of Windows itself (OpenProcess, GetExitCodeProcess)."""
    import ctypes
    from ctypes import wintypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(_QUERY_LIMITED_INFORMATION, False, pid)
    if not handle:
        # No such process; or one we may not open (another user's), which lives.
        return bool(ctypes.get_last_error() == 5)  # ERROR_ACCESS_DENIED
    try:
        code = wintypes.DWORD()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == _STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def lock(fd: int, wait: bool = False) -> None:
    """An exclusive lock on open file `fd`, held until it is closed (and gone
    with the process, however it ends). Without `wait`, OSError at once if
    another process has it; with it, once that process lets go."""
    try:
        import fcntl
    except ImportError:  # Windows: LK_LOCK tries for about ten seconds
        import msvcrt

        mode = msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK  # type: ignore[attr-defined]
        msvcrt.locking(fd, mode, 1)  # type: ignore[attr-defined]
        return
    fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))


@contextlib.contextmanager
def changing(path: str | os.PathLike[str]) -> Iterator[None]:
    """One process at a time reads, changes and writes `path` back: a lock on
    `.<name>.lock` beside it, waited for. Two sixdot join windows each
    changing the kept sessions otherwise lost one's change to the other's."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(target.with_name(f"{_PREFIX}{target.name}.lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        lock(fd, wait=True)
        yield
    finally:
        os.close(fd)
