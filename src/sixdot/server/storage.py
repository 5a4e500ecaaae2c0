"""What a server keeps: accounts, sessions, tables, seats and each table's journal.

A game is kept as what replays it, as a saved game is (`client/saves.py`): the
game, the players, the options and the seed on the table's record, and every
move as seat and notation in its journal, beside the table's chat. The rules
core rebuilds the state and every event from that (`core.state.replay`), so a
server killed at any moment comes back with its tables as they were.

`Store` is the small interface the server uses; `SqliteStore` is the embedded
default (one file, stdlib sqlite3, write-ahead log). `RedisStore`
(`server/redis_store.py`) keeps the same in a Redis several server processes
may share (issue 35; docs/online.md has the plan). `open_store` opens either,
by where it is.
"""

from __future__ import annotations

import contextlib
import enum
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard
from urllib.parse import urlsplit, urlunsplit

from sixdot.files import lock

if TYPE_CHECKING:
    from sixdot.server.accounts import Known, RateLimit, Turns
    from sixdot.server.lease import Leases

#: Seconds a table's lease lasts on a shared store unless a server is told
#: otherwise (`sixdot serve --lease`): a dead owner's tables wait this long for
#: another process, and an owner that cannot reach Redis this long stops
#: playing them (`owners.py`).
LEASE = 15.0


class SeatKind(enum.Enum):
    """Who sits in a seat."""

    EMPTY = "empty"
    PERSON = "person"
    BOT = "bot"


class Status(enum.Enum):
    """Where a table is in its life."""

    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


class EntryKind(enum.Enum):
    """What a journal line holds."""

    MOVE = "move"
    CHAT = "chat"


@dataclass(frozen=True)
class Account:
    """A player's account: `key` is the name folded for comparison."""

    key: str
    name: str
    secret: str  # the argon2id hash, never the password


@dataclass(frozen=True)
class Session:
    """A login a client may come back with: the token's digest, never the token."""

    digest: str
    key: str
    expires: float


@dataclass(frozen=True)
class Seat:
    """One seat: empty, a person (by account name) or a bot (by level)."""

    kind: SeatKind = SeatKind.EMPTY
    who: str = ""

    @classmethod
    def person(cls, name: str) -> Seat:
        return cls(SeatKind.PERSON, name)

    @classmethod
    def bot(cls, level: str) -> Seat:
        return cls(SeatKind.BOT, level)


@dataclass(frozen=True)
class TableRecord:
    """A table as kept: what replays its game, and who sits where."""

    id: int
    game: str
    players: int
    options: tuple[tuple[str, object], ...]
    seed: int
    level: str
    host: str
    lock: str | None  # argon2id hash of a private table's password
    status: Status
    seats: tuple[Seat, ...]
    #: The revision of the rules the journal was played under (Rules.revision).
    rules: int = 1
    #: Seconds a person has for each move (0: no timer).
    timer: int = 0


@dataclass(frozen=True)
class Entry:
    """One journal line: a move (seat and notation) or a chat line (author and text)."""

    kind: EntryKind
    seat: int | None
    author: str
    text: str


class Store(Protocol):
    """Where accounts, tables and journals are kept.

    Every method is one short transaction. A store shared by several server
    processes keeps these same methods; each table is written by the one
    process that owns it (docs/online.md).
    """

    #: Whether each call is a round trip over the network (Redis), which the
    #: server's loop hands to a thread rather than wait on where it can.
    remote: bool

    def add_account(self, account: Account) -> bool:
        """Keep a new account; False if its name is taken."""
        ...

    def account(self, key: str) -> Account | None: ...

    def account_names(self) -> list[str]:
        """Every account's name, as it was registered."""
        ...

    def add_session(self, session: Session) -> None: ...

    def session(self, digest: str) -> Session | None: ...

    def drop_session(self, digest: str) -> None: ...

    def drop_expired(self, now: float) -> int:
        """Forget sessions expired by `now`; how many."""
        ...

    def add_table(self, table: TableRecord) -> int:
        """Keep a new table (its `id` ignored); the id given to it."""
        ...

    def table(self, table_id: int) -> TableRecord | None: ...

    def tables(self, status: Sequence[Status]) -> list[TableRecord]:
        """The tables in any of these states, oldest first."""
        ...

    def table_ids(self, status: Sequence[Status]) -> list[int]:
        """The ids of the tables in any of these states, in order: `tables`
        without reading each record (a look for tables to take over, made
        every third of a lease, read 600 records each time)."""
        ...

    def set_seats(self, table_id: int, seats: Sequence[Seat]) -> None: ...

    def seated(self, name: str) -> list[TableRecord]:
        """The live tables (waiting or playing) where `name` sits, oldest first."""
        ...

    def set_status(self, table_id: int, status: Status) -> None: ...

    def set_host(self, table_id: int, host: str) -> None: ...

    def set_rules(self, table_id: int, revision: int) -> None:
        """The rules' revision a table's game is played under, set as it starts."""
        ...

    def append(self, table_id: int, entry: Entry) -> int:
        """Add a line to a table's journal; its number, from 1."""
        ...

    def append_all(self, entries: Sequence[tuple[int, Entry]]) -> set[int]:
        """Add each line to its table's journal, in order, in one write (the
        moves of many tables at once, as the server journals them): the
        tables whose lines were refused, their leases another's (`NotOwner`)."""
        ...

    def journal(self, table_id: int) -> list[Entry]: ...

    def leases(self) -> Leases | None:
        """The leases of the tables, where several processes share the store
        and each table is written only by the one holding its lease (its
        writes raise NotOwner once another does); None where the store is
        this process's alone (`holding`), and so is every table in it."""
        ...

    def rate_limit(self, name: str, most: int, window: float, refusal: str) -> RateLimit | None:
        """The rate limit `name` (at most `most` tries a key in `window`
        seconds) kept in the store, counted by every process sharing it, so
        tries spread over them are limited as on one; None where the store
        is this process's alone: the limit is kept in its memory."""
        ...

    def known_addresses(self) -> Known | None:
        """The addresses each name logged in from, kept in the store for
        every process sharing it; None: in this process's memory."""
        ...

    def login_turns(self) -> Turns | None:
        """When slowed names' logins are next checked, kept in the store
        for every process sharing it; None: in this process's memory."""
        ...

    def close(self) -> None: ...


class NotOwner(Exception):
    """A write to a table refused: its lease names another process now, or
    nobody (it ran out), so this one no longer plays it; or not answered, so
    this one cannot tell what its journal holds. Either way the table is
    dropped here and rebuilt from its journal by the next to take it."""

    def __init__(self, table_id: int) -> None:
        super().__init__(table_id)
        self.table_id = table_id


class StoreError(Exception):
    """Why the store or its folder cannot be used: a phrasebook key and its
    facts, said by `sixdot serve` in one line that names the file and what to
    do (speech/en/online.ftl, the `online-store-` lines)."""

    def __init__(self, key: str, **facts: object) -> None:
        super().__init__(key, facts)
        self.key = key
        self.facts = facts


#: The tables as the first stores made them (a store before `user_version`
#: may have any of the shapes that migrations 1 to 3 lead to).
FIRST_TABLES = (
    "CREATE TABLE IF NOT EXISTS accounts ("
    " key TEXT PRIMARY KEY, name TEXT NOT NULL, secret TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sessions ("
    " digest TEXT PRIMARY KEY, key TEXT NOT NULL, expires REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS tables ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, players INTEGER NOT NULL,"
    " options TEXT NOT NULL, seed INTEGER NOT NULL, level TEXT NOT NULL, host TEXT NOT NULL,"
    " lock TEXT, status TEXT NOT NULL, seats TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS journal ("
    " table_id INTEGER NOT NULL, n INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER,"
    " author TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (table_id, n))",
)


def _first_tables(db: sqlite3.Connection) -> None:
    for statement in FIRST_TABLES:
        db.execute(statement)


def _column(name: str, kind: str) -> Callable[[sqlite3.Connection], None]:
    """A migration adding a column to `tables`, unless a store made before
    `user_version` has it already."""

    def add(db: sqlite3.Connection) -> None:
        if name not in {row[1] for row in db.execute("PRAGMA table_info(tables)")}:
            db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")

    return add


#: How the store's schema changed, in order: migration k takes a store from
#: `PRAGMA user_version` k - 1 to k (0: new, or made before user_version).
#: A new store is made by them all. Add a change at the end; never edit one.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    _first_tables,
    # The rules' revision a table's game is played under (Rules.revision).
    _column("rules", "INTEGER NOT NULL DEFAULT 1"),
    # Seconds a person has for each move (0: no timer).
    _column("timer", "INTEGER NOT NULL DEFAULT 0"),
)
#: The schema this code reads and writes.
VERSION = len(MIGRATIONS)


class SqliteStore:
    """The embedded store: one SQLite file, safe against a killed server.

    The write-ahead log with synchronous=NORMAL keeps every committed line
    through a kill -9 of the server; a power cut may lose the last moments.
    One connection is shared under a lock, so the server may call it from a
    worker thread as well as its event loop.
    """

    FILE = "sixdot.sqlite3"
    remote = False

    def __init__(self, folder: Path | str) -> None:
        """Open the store in `folder`, made if new and brought up to `VERSION`
        if older; StoreError if it cannot be used (damaged, made by a newer
        sixdot, not readable), before anything is changed in it."""
        path = Path(folder)
        self.path = path / self.FILE
        try:
            path.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as err:
            raise StoreError("online-store-cannot", file=str(path), why=_why(err)) from None
        _check_file(self.path)
        try:
            # The password hashes are for the server's owner only: the folder and
            # the file (SQLite gives its -wal and -shm files the file's mode).
            if os.name == "posix":
                os.chmod(path, 0o700)
                os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
                os.chmod(self.path, 0o600)
        except OSError as err:
            raise StoreError("online-store-cannot", file=str(self.path), why=_why(err)) from None
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
            self._check()
        except sqlite3.DatabaseError as err:
            self._db.close()
            raise _damage(self.path, err) from None
        except StoreError:
            self._db.close()
            raise

    def _migrate(self) -> None:
        """Bring the store to `VERSION` in one transaction: all the steps or none."""
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        if version > VERSION:
            raise StoreError(
                "online-store-newer", file=str(self.path), version=version, known=VERSION
            )
        if version == VERSION:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for migration in MIGRATIONS[version:]:
                migration(self._db)
            self._db.execute(f"PRAGMA user_version = {VERSION}")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _check(self) -> None:
        """Damage found now, in one line, rather than as a fault mid-game:
        SQLite's own check of every page, and journal lines of no known kind."""
        (verdict,) = self._db.execute("PRAGMA quick_check(1)").fetchone()
        if verdict != "ok":
            raise StoreError("online-store-damaged", file=str(self.path), why=str(verdict))
        kinds = [kind.value for kind in EntryKind]
        marks = ", ".join("?" * len(kinds))
        odd = self._db.execute(
            f"SELECT table_id, n FROM journal WHERE kind NOT IN ({marks}) LIMIT 1", kinds
        ).fetchone()
        if odd is not None:
            why = f"table {odd[0]} has a journal line {odd[1]} of no known kind"
            raise StoreError("online-store-damaged", file=str(self.path), why=why)

    def _run(self, sql: str, args: Sequence[object] = ()) -> sqlite3.Cursor:
        with self._lock:
            return self._db.execute(sql, args)

    def add_account(self, account: Account) -> bool:
        try:
            self._run(
                "INSERT INTO accounts (key, name, secret) VALUES (?, ?, ?)",
                (account.key, account.name, account.secret),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    def account(self, key: str) -> Account | None:
        row = self._run("SELECT key, name, secret FROM accounts WHERE key = ?", (key,)).fetchone()
        return Account(*row) if row else None

    def account_names(self) -> list[str]:
        return [name for (name,) in self._run("SELECT name FROM accounts").fetchall()]

    def add_session(self, session: Session) -> None:
        self._run(
            "INSERT OR REPLACE INTO sessions (digest, key, expires) VALUES (?, ?, ?)",
            (session.digest, session.key, session.expires),
        )

    def session(self, digest: str) -> Session | None:
        row = self._run(
            "SELECT digest, key, expires FROM sessions WHERE digest = ?", (digest,)
        ).fetchone()
        return Session(*row) if row else None

    def drop_session(self, digest: str) -> None:
        self._run("DELETE FROM sessions WHERE digest = ?", (digest,))

    def drop_expired(self, now: float) -> int:
        return self._run("DELETE FROM sessions WHERE expires <= ?", (now,)).rowcount

    def add_table(self, table: TableRecord) -> int:
        cursor = self._run(
            "INSERT INTO tables"
            " (game, players, options, seed, level, host, lock, status, seats, rules, timer)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table.game,
                table.players,
                json.dumps(dict(table.options)),
                table.seed,
                table.level,
                table.host,
                table.lock,
                table.status.value,
                seats_text(table.seats),
                table.rules,
                table.timer,
            ),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def table(self, table_id: int) -> TableRecord | None:
        row = self._run(f"SELECT {_COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
        return self._table(row) if row else None

    def tables(self, status: Sequence[Status]) -> list[TableRecord]:
        return [self._table(row) for row in self._in(_COLUMNS, status)]

    def table_ids(self, status: Sequence[Status]) -> list[int]:
        return [int(row[0]) for row in self._in("id", status)]

    def _in(self, columns: str, status: Sequence[Status]) -> list[Any]:
        """`columns` of the tables in `status`, oldest first."""
        marks = ", ".join("?" * len(status))
        return self._run(
            f"SELECT {columns} FROM tables WHERE status IN ({marks}) ORDER BY id",
            [s.value for s in status],
        ).fetchall()

    def set_seats(self, table_id: int, seats: Sequence[Seat]) -> None:
        self._run("UPDATE tables SET seats = ? WHERE id = ?", (seats_text(seats), table_id))

    def seated(self, name: str) -> list[TableRecord]:
        return [
            record
            for record in self.tables([Status.WAITING, Status.PLAYING])
            if any(seat.kind is SeatKind.PERSON and seat.who == name for seat in record.seats)
        ]

    def set_status(self, table_id: int, status: Status) -> None:
        self._run("UPDATE tables SET status = ? WHERE id = ?", (status.value, table_id))

    def set_host(self, table_id: int, host: str) -> None:
        self._run("UPDATE tables SET host = ? WHERE id = ?", (host, table_id))

    def set_rules(self, table_id: int, revision: int) -> None:
        self._run("UPDATE tables SET rules = ? WHERE id = ?", (revision, table_id))

    def append(self, table_id: int, entry: Entry) -> int:
        return self._add([(table_id, entry)])[table_id]

    def append_all(self, entries: Sequence[tuple[int, Entry]]) -> set[int]:
        if entries:
            self._add(entries)
        return set()  # the folder is this process's alone: no table is another's

    def _add(self, entries: Sequence[tuple[int, Entry]]) -> dict[int, int]:
        """The lines added in one transaction; each table's last line number.

        SQLite's refusal (the disk full, an I/O error) is a StoreError, as
        Redis's is: the server tries the moves again until they are kept,
        where SQLite's own error had left them unkept, their table stuck."""
        last: dict[int, int] = {}
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                for table_id, entry in entries:
                    if table_id not in last:
                        (last[table_id],) = self._db.execute(
                            "SELECT COALESCE(MAX(n), 0) FROM journal WHERE table_id = ?",
                            (table_id,),
                        ).fetchone()
                    last[table_id] += 1
                    self._db.execute(
                        "INSERT INTO journal (table_id, n, kind, seat, author, text)"
                        " VALUES (?, ?, ?, ?, ?, ?)",
                        (
                            table_id,
                            last[table_id],
                            entry.kind.value,
                            entry.seat,
                            entry.author,
                            entry.text,
                        ),
                    )
                self._db.execute("COMMIT")
            except BaseException as err:
                if self._db.in_transaction:  # SQLite may have rolled it back itself
                    self._db.execute("ROLLBACK")
                if isinstance(err, sqlite3.DatabaseError):
                    raise _damage(self.path, err) from None
                raise
        return last

    def leases(self) -> None:
        """None: the folder is this process's alone (`holding`)."""
        return None

    def rate_limit(self, name: str, most: int, window: float, refusal: str) -> None:
        """None: one process counts every try, in its memory."""
        return None

    def known_addresses(self) -> None:
        return None

    def login_turns(self) -> None:
        return None

    def journal(self, table_id: int) -> list[Entry]:
        rows = self._run(
            "SELECT n, kind, seat, author, text FROM journal WHERE table_id = ? ORDER BY n",
            (table_id,),
        ).fetchall()
        entries = []
        for n, kind, seat, author, text in rows:
            try:
                entries.append(Entry(EntryKind(kind), seat, str(author), str(text)))
            except ValueError:
                why = f"table {table_id} has a journal line {n} of no known kind"
                raise StoreError("online-store-damaged", file=str(self.path), why=why) from None
        return entries

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _table(self, row: tuple[object, ...]) -> TableRecord:
        """A table's row as kept; StoreError naming the table if it is not one
        this code wrote (a value of no known kind, a seat not a pair)."""
        try:
            return _table(row)
        except (ValueError, TypeError, AttributeError) as err:
            why = f"table {row[0]} has a bad row ({type(err).__name__})"
            raise StoreError("online-store-damaged", file=str(self.path), why=why) from None


_COLUMNS = "id, game, players, options, seed, level, host, lock, status, seats, rules, timer"


def seats_text(seats: Sequence[Seat]) -> str:
    """Seats as every store keeps them: a JSON list of [kind, who]."""
    return json.dumps([[seat.kind.value, seat.who] for seat in seats])


def read_seats(text: str) -> tuple[Seat, ...]:
    """Seats as `seats_text` wrote them (ValueError, TypeError if not)."""
    return tuple(Seat(SeatKind(kind), who) for kind, who in json.loads(text))


def _table(row: tuple[object, ...]) -> TableRecord:
    id_, game, players, options, seed, level, host, lock, status, seats, rules, timer = row
    return TableRecord(
        id=int(str(id_)),
        game=str(game),
        players=int(str(players)),
        options=tuple(json.loads(str(options)).items()),
        seed=int(str(seed)),
        level=str(level),
        host=str(host),
        lock=None if lock is None else str(lock),
        status=Status(status),
        seats=read_seats(str(seats)),
        rules=int(str(rules)),
        timer=int(str(timer)),
    )


def _check_file(path: Path) -> None:
    """Refuse, before SQLite sees it, a store that is a folder, or one of 0
    bytes beside a journal that is not empty: SQLite would take that as a new
    store and drop the journal, and the tables in it with it."""
    if path.is_dir():
        raise StoreError("online-store-damaged", file=str(path), why="a folder, not a file")
    if not path.is_file() or path.stat().st_size:
        return
    for suffix in ("-wal", "-journal"):
        journal = path.with_name(path.name + suffix)
        if journal.is_file() and journal.stat().st_size:
            raise StoreError("online-store-journal-only", file=str(path), journal=str(journal))


def _damage(path: Path, err: sqlite3.DatabaseError) -> StoreError:
    """SQLite's refusal as one of ours: damage, or a store it cannot open."""
    name = getattr(err, "sqlite_errorname", "")
    key = (
        "online-store-damaged"
        if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB")
        else "online-store-cannot"
    )
    return StoreError(key, file=str(path), why=str(err))


def _why(err: OSError) -> str:
    return err.strerror or str(err)


#: How a shared store's address begins (`sixdot serve --store`).
STORE_SCHEMES = ("redis://", "rediss://")


def shared(where: Path | str) -> TypeGuard[str]:
    """Whether `where` is a shared store's URL rather than a folder."""
    return isinstance(where, str) and where.startswith(STORE_SCHEMES)


def open_store(where: Path | str, lease: float | None = None) -> Store:
    """The store at `where`: a Redis by its URL, else the SQLite store in
    that folder. redis-py is imported only for a Redis, so a server on the
    embedded store starts without it. `lease`: a server's, in seconds: the
    Redis store's table writes are fenced by leases this process holds
    (`lease.holder_name`), each that long; None, a store read or written
    without leases (a tool, a test)."""
    if shared(where):
        from sixdot.server.lease import holder_name
        from sixdot.server.redis_store import RedisStore

        if lease is None:
            return RedisStore(where)
        return RedisStore(where, holder_name(), round(lease * 1000))
    return SqliteStore(where)


def shown(url: str) -> str:
    """`url` with any password in it left out, to be said and logged.

    >>> shown("redis://:s3cret@db.example:6379/0")
    'redis://:***@db.example:6379/0'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = f"{parts.username}:***@" if parts.username else ":***@"
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=user + host))


#: The file whose lock says a server uses the folder, and holds its process number.
LOCK_FILE = "sixdot.lock"


@contextlib.contextmanager
def holding(where: Path | str) -> Iterator[None]:
    """The data folder for this server alone while it runs: a second `sixdot
    serve` on it is refused (StoreError), told which process has it. The lock
    goes with the process, however it ends. A shared store (a URL) is held by
    nobody: several processes serving it is what it is for, each table played
    by the one holding its lease (`owners.py`)."""
    if shared(where):
        yield
        return
    folder = Path(where)
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as err:
        raise StoreError("online-store-cannot", file=str(folder), why=_why(err)) from None
    try:
        try:
            lock(fd)
        except OSError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip() or "unknown"
            raise StoreError("online-store-busy", folder=str(folder), process=holder) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode("ascii"))
        yield
    finally:
        os.close(fd)
