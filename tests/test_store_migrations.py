"""The store's schema changes by `PRAGMA user_version` and the ordered
`storage.MIGRATIONS` (issue 34): a store of every earlier version, made with
data as that version made it, opens with everything kept, at `VERSION`.

The stores made before user_version (version 0) had three shapes, in git's
history of server/storage.py: the first tables (b3d0a97), `rules` added
(38f341f: in CREATE for a new store), `timer` added (f400d34: both added to
the first tables by ALTER). Versions 1 and 2 are what the first migrations
make."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from sixdot.server.storage import (
    MIGRATIONS,
    VERSION,
    Account,
    Entry,
    EntryKind,
    Seat,
    Session,
    SqliteStore,
    Status,
    StoreError,
)

#: The first tables, as b3d0a97 made them.
FIRST = """
CREATE TABLE IF NOT EXISTS accounts (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, secret TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
    digest TEXT PRIMARY KEY, key TEXT NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, players INTEGER NOT NULL,
    options TEXT NOT NULL, seed INTEGER NOT NULL, level TEXT NOT NULL, host TEXT NOT NULL,
    lock TEXT, status TEXT NOT NULL, seats TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS journal (
    table_id INTEGER NOT NULL, n INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER,
    author TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (table_id, n));
"""
#: A new store as 38f341f made it: `rules` in the CREATE of `tables`.
RULES_CREATED = FIRST.replace(
    "status TEXT NOT NULL, seats TEXT NOT NULL)",
    "status TEXT NOT NULL, seats TEXT NOT NULL, rules INTEGER NOT NULL DEFAULT 1)",
)
#: A store as f400d34 to fdb5f09 made it: both columns added to the first tables.
BOTH_ADDED = (
    FIRST
    + "ALTER TABLE tables ADD COLUMN rules INTEGER NOT NULL DEFAULT 1;"
    + "ALTER TABLE tables ADD COLUMN timer INTEGER NOT NULL DEFAULT 0;"
)

SEATS = '[["person", "Ana"], ["bot", "easy"]]'


def made(folder: Path, schema: str, version: int, columns: dict[str, int]) -> None:
    """A store as an earlier version made it, with an account, a session, a
    table playing and its journal; `columns`: the later columns it had."""
    folder.mkdir()
    db = sqlite3.connect(folder / SqliteStore.FILE, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript(schema)
    db.execute(f"PRAGMA user_version = {version}")
    db.execute("INSERT INTO accounts VALUES ('ana', 'Ana', '$argon2id$hash')")
    db.execute("INSERT INTO sessions VALUES ('digest', 'ana', 1234.5)")
    names = ", ".join(["game", "players", "options", "seed", "level", "host", "lock"])
    names += ", status, seats" + "".join(f", {name}" for name in columns)
    values = ["letters", 2, '{"rounds": 3}', 42, "easy", "Ana", None, "playing", SEATS]
    values += list(columns.values())
    marks = ", ".join("?" * len(values))
    db.execute(f"INSERT INTO tables ({names}) VALUES ({marks})", values)
    db.execute("INSERT INTO journal VALUES (1, 1, 'move', 0, 'Ana', 'take 3')")
    db.execute("INSERT INTO journal VALUES (1, 2, 'chat', NULL, 'Ana', 'hello')")
    db.close()


#: Each earlier version: its schema, its user_version, and the later columns it had.
EARLIER: dict[str, tuple[str, int, dict[str, int]]] = {
    "0, first tables": (FIRST, 0, {}),
    "0, rules created": (RULES_CREATED, 0, {"rules": 2}),
    "0, both added": (BOTH_ADDED, 0, {"rules": 2, "timer": 60}),
    "1": (FIRST, 1, {}),
    "2": (FIRST + "ALTER TABLE tables ADD COLUMN rules INTEGER NOT NULL DEFAULT 1;", 2, {}),
}


def shape(file: Path) -> dict[str, list[tuple[object, ...]]]:
    """Each table's columns: name, type, not null, default, key."""
    db = sqlite3.connect(file)
    tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    found = {name: [row[1:] for row in db.execute(f"PRAGMA table_info({name})")] for name in tables}
    db.close()
    return found


def version(file: Path) -> int:
    db = sqlite3.connect(file)
    (found,) = db.execute("PRAGMA user_version").fetchone()
    db.close()
    return int(found)


def test_the_earlier_versions_are_the_ones_the_migrations_lead_through() -> None:
    assert VERSION == len(MIGRATIONS) == 3
    assert {number for _, number, _ in EARLIER.values()} == set(range(VERSION))


@pytest.mark.parametrize("earlier", EARLIER)
def test_a_store_of_an_earlier_version_opens_with_its_data_kept(
    tmp_path: Path, earlier: str
) -> None:
    schema, number, columns = EARLIER[earlier]
    made(tmp_path / "old", schema, number, columns)
    store = SqliteStore(tmp_path / "old")
    assert store.account("ana") == Account("ana", "Ana", "$argon2id$hash")
    assert store.session("digest") == Session("digest", "ana", 1234.5)
    (table,) = store.tables([Status.PLAYING])
    assert (table.id, table.game, table.players, table.seed) == (1, "letters", 2, 42)
    assert (table.level, table.host, table.lock) == ("easy", "Ana", None)
    assert table.options == (("rounds", 3),)
    assert table.seats == (Seat.person("Ana"), Seat.bot("easy"))
    assert (table.rules, table.timer) == (columns.get("rules", 1), columns.get("timer", 0))
    assert store.journal(1) == [
        Entry(EntryKind.MOVE, 0, "Ana", "take 3"),
        Entry(EntryKind.CHAT, None, "Ana", "hello"),
    ]
    store.set_rules(1, 5)  # the new columns are written as well as read
    assert store.append(1, Entry(EntryKind.CHAT, None, "Ana", "again")) == 3
    store.close()
    assert version(tmp_path / "old" / SqliteStore.FILE) == VERSION
    SqliteStore(tmp_path / "new").close()
    assert shape(tmp_path / "old" / SqliteStore.FILE) == shape(tmp_path / "new" / SqliteStore.FILE)
    again = SqliteStore(tmp_path / "old")  # opened at VERSION: nothing more to do
    assert again.table(1) is not None and again.table(1).rules == 5  # type: ignore[union-attr]
    again.close()


def test_a_new_store_is_made_at_the_latest_version(tmp_path: Path) -> None:
    SqliteStore(tmp_path).close()
    assert version(tmp_path / SqliteStore.FILE) == VERSION


def test_a_store_from_a_newer_sixdot_is_refused_untouched(tmp_path: Path) -> None:
    made(tmp_path / "new", FIRST, VERSION + 1, {})
    file = tmp_path / "new" / SqliteStore.FILE
    before = shape(file)
    with pytest.raises(StoreError) as refused:
        SqliteStore(tmp_path / "new")
    assert refused.value.key == "online-store-newer"
    assert refused.value.facts == {"file": str(file), "version": VERSION + 1, "known": VERSION}
    assert shape(file) == before and version(file) == VERSION + 1
