"""A damaged store is refused in one line (issue 34): the real `sixdot serve
--data` on each kind of damage says on stderr, with its time and level, which
file is wrong and what to do, exits 2, and leaves the files as they were.
Before, each gave a traceback of 29 to 49 lines, and a store of 0 bytes
beside its journal was taken as a new empty one (the journal dropped)."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from sixdot.games import DEFAULT_LEVEL, get_game
from sixdot.server.play import new_record
from sixdot.server.storage import VERSION, Entry, EntryKind, Seat, SqliteStore

#: A logged line: date, time, level, then what was said.
LOGGED = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} ERROR sixdot\.serve: (.*)$")


def kept(folder: Path) -> Path:
    """A store in `folder` as a server leaves it: a waiting table with two
    seats and a chat line, closed (its journal folded into the file)."""
    store = SqliteStore(folder)
    record = new_record(get_game("letters"), 2, {}, DEFAULT_LEVEL, "ana", None)
    table = store.add_table(record)
    store.set_seats(table, [Seat.person("Ana"), Seat.bot(DEFAULT_LEVEL)])
    store.append(table, Entry(EntryKind.CHAT, None, "Ana", "hello"))
    store.close()
    return folder / SqliteStore.FILE


def sql(file: Path, statement: str) -> None:
    db = sqlite3.connect(file, isolation_level=None)
    db.execute(statement)
    db.close()


def truncated(file: Path) -> None:
    file.write_bytes(file.read_bytes()[: file.stat().st_size // 2])


def random_bytes(file: Path) -> None:
    file.write_bytes(os.urandom(16384))


def bad_header(file: Path) -> None:
    data = file.read_bytes()
    file.write_bytes(b"not a store now!" + data[16:])


def folder_instead(file: Path) -> None:
    file.unlink()
    file.mkdir()


def bad_seats(file: Path) -> None:
    sql(file, """UPDATE tables SET seats = '[["person"' WHERE id = 1""")


def unknown_seat_kind(file: Path) -> None:
    sql(file, """UPDATE tables SET seats = '[["ghost", "x"]]' WHERE id = 1""")


def unknown_journal_kind(file: Path) -> None:
    sql(file, "UPDATE journal SET kind = 'dance'")


def newer(file: Path) -> None:
    sql(file, f"PRAGMA user_version = {VERSION + 1}")


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated": (truncated, "Store damaged: {file}, "),
    "random bytes": (random_bytes, "Store damaged: {file}, file is not a database."),
    "bad header": (bad_header, "Store damaged: {file}, file is not a database."),
    "a folder": (folder_instead, "Store damaged: {file}, a folder, not a file."),
    "bad seats": (bad_seats, "Store damaged: {file}, table 1 has a bad row"),
    "unknown seat": (unknown_seat_kind, "Store damaged: {file}, table 1 has a bad row"),
    "unknown journal kind": (
        unknown_journal_kind,
        "Store damaged: {file}, table 1 has a journal line 1 of no known kind.",
    ),
    "newer": (newer, f"Store from a newer sixdot: {{file}} is version {VERSION + 1}, "),
}


def serve(folder: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sixdot", "serve", "--port", "0", "--data", str(folder)]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def files(folder: Path) -> dict[str, bytes | None]:
    """Every file in the folder and its bytes (None: a folder), the lock aside."""
    return {
        path.name: path.read_bytes() if path.is_file() else None
        for path in folder.iterdir()
        if path.name != "sixdot.lock"
    }


def refused(folder: Path) -> str:
    """What `sixdot serve` said on a folder it must refuse, which it left as it was."""
    before = files(folder)
    done = serve(folder)
    assert (done.returncode, done.stdout) == (2, "")
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    found = LOGGED.match(lines[0])
    assert found, lines[0]
    assert files(folder) == before
    return found[1]


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_store_is_refused_in_one_line_naming_it(tmp_path: Path, damage: str) -> None:
    file = kept(tmp_path)
    make, start = DAMAGE[damage]
    make(file)
    said = refused(tmp_path)
    assert said.startswith(start.format(file=file)), said
    if damage == "newer":
        assert said.endswith("Upgrade sixdot, or serve another --data folder.")
    else:
        assert said.endswith("Restore it from a backup, or move it away to start an empty store.")


def test_an_empty_store_beside_its_journal_is_not_taken_for_a_new_one(tmp_path: Path) -> None:
    """SQLite would open a 0-byte file as a new store and drop the journal,
    and every table written since the last checkpoint with it."""
    file = kept(tmp_path)
    store = SqliteStore(tmp_path)
    store.set_host(1, "Ben")  # written to the journal (-wal), not yet to the file
    journal = file.with_name(file.name + "-wal")
    written = journal.read_bytes()
    store.close()  # folds the journal in and removes it: put back as a kill leaves it
    journal.write_bytes(written)
    file.write_bytes(b"")
    said = refused(tmp_path)
    assert said == (
        f"Store empty but its journal is not: {file}. Restore it from a backup,"
        f" or move it and {journal} away to start an empty store."
    )


def test_an_empty_store_alone_is_a_new_one(tmp_path: Path) -> None:
    (tmp_path / SqliteStore.FILE).touch()
    store = SqliteStore(tmp_path)
    assert store.tables([]) == []
    store.close()


def test_a_data_folder_that_is_a_file_is_refused_in_one_line(tmp_path: Path) -> None:
    """Before, this was said as "Cannot listen on 127.0.0.1:0: File exists"."""
    folder = tmp_path / "data"
    folder.write_text("a file\n")
    done = serve(folder)
    assert (done.returncode, done.stdout) == (2, "")
    (line,) = done.stderr.splitlines()
    found = LOGGED.match(line)
    assert found, line
    assert found[1].startswith(f"Cannot open store {folder}: ")
