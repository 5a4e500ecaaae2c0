"""The shared store: the `Store` interface kept in Redis (issue 35).

What is kept is what `SqliteStore` keeps, with the same answers, so the server
runs on either unchanged. Every key is under `PREFIX`:

- `accounts`: a hash, an account's folded name to its name and hash (JSON);
  HSETNX makes a taken name refused atomically, across processes.
- `sessions`: a hash, a token's digest to its account and expiry (JSON),
  beside `sessions:expiry`, a sorted set of the digests by expiry. The
  expiry is the accounts' clock's (`Accounts.clock`), not a Redis TTL:
  `drop_expired` says how many it dropped, as the server counts them, and a
  session is good exactly as long under either store.
- `tables:next`: the counter INCR gives each new table's id.
- `table:ID`: a hash of a table's record, and `status:STATUS`, a sorted set
  of the ids in each state (score: the id), so `tables` reads the live ones
  oldest first without the finished ones.
- `journal:ID`: a table's journal, a Redis Stream: one entry a move or chat
  line, in order; its number is the stream's length once it is added.
- `seated:NAME`: a set of the tables where a person sits or sat, added to as
  seats are written and pruned as read (`seated`): a returning player's
  table found without reading every live table's record.
- `limit:KIND:KEY`: the tries at a rate limit (`SharedRateLimit`), a sorted
  set by time, kept for the limit's window.
- `known:KEY`: the addresses a name logged in from lately, a list; and
  `turn:KEY`, when a slowed name's next login is checked (`accounts.py`).
- `lease:ID`: the name of the process that plays the table (`lease.py`).
  A store opened with a `holder` is fenced: each write to a table (its
  journal, seats, status, host, rules) is done by one script only while the
  lease names that holder, else refused with `NotOwner`, so a process whose
  lease ran out unknown to it (paused, swapping) never writes beside the
  process that took the table over. A new table's lease is taken in the
  transaction that adds it: no other process can take it first.

The server calls its store from the event loop and from worker threads (a
bot's move is journaled on its thread), each call one short transaction, so
this is redis-py's blocking client: its pool gives each thread a connection
of its own. A call on the loop holds the loop for a round trip: measured on
loopback with appendfsync always, an append took 0.44 ms at the median and
7.5 ms at the 99th percentile (Redis waits for its fsync), a read 0.28 ms;
SQLite's append 0.03 ms. Redis keeps what it acknowledged through a kill of
the server; through a restart of Redis itself only with its append-only file
on, and through a power cut only with that file fsynced at every write
(`appendonly yes`, `appendfsync always`: docs/online.md).
"""

from __future__ import annotations

import functools
import json
import math
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

import redis
import redis.asyncio
from redis.backoff import NoBackoff
from redis.commands.core import Script
from redis.retry import Retry

from sixdot.server.accounts import KNOWN, TOKEN_LIFE, Known, RateLimit, Turns
from sixdot.server.lease import Leases
from sixdot.server.problems import Problem
from sixdot.server.storage import (
    LEASE,
    Account,
    Entry,
    EntryKind,
    NotOwner,
    Seat,
    SeatKind,
    Session,
    Status,
    StoreError,
    TableRecord,
    read_seats,
    seats_text,
    shown,
)

#: The part of every key that is sixdot's, so a Redis may hold other things too.
PREFIX = "sixdot:"
#: The layout of the keys this code reads and writes, kept under `version`:
#: a store laid out by a newer sixdot is refused, as SQLite's `user_version`
#: is, and an older one brought up to it at opening. Version 2 added the keys
#: several processes share (`seated`, `limit`, `known`, `turn`, and the
#: routing's in `routes.py`): a process of version 1 beside ones of version 2
#: would seat people without noting them, so it is refused.
VERSION = 2
#: Seconds to connect, and to wait for an answer, before the store is taken
#: as unreachable: the loop waits on a call, so never for ever.
TIMEOUT = 5.0

#: Connections the server's loop may have open to Redis at once (leases,
#: routing, logins): a command past them waits its turn, up to `TIMEOUT`.
#: redis-py's own pool refuses past 100 ("Too many connections"), which 600
#: tables of people routed at once reached, and every table was dropped.
LOOP_CONNECTIONS = 32

#: How every client of the store talks to Redis. No command is sent again:
#: redis-py's default sends one again after a timeout, and a write that timed
#: out may have been done (a move journaled twice replays as another game). A
#: connection dropped since its last use (Redis restarted) is made again by
#: the pool before it is used.
_OPTIONS: dict[str, Any] = {
    "socket_connect_timeout": TIMEOUT,
    "socket_timeout": TIMEOUT,
    "retry": Retry(NoBackoff(), 0),
}

#: Drop the sessions expired by ARGV[1] (KEYS: the expiry index, the sessions); how many.
DROP_EXPIRED = """
local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
for _, digest in ipairs(gone) do redis.call('HDEL', KEYS[2], digest) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
return #gone
"""
#: The fence each table write starts with: -1, and nothing written, unless
#: the lease KEYS[1] names the holder ARGV[1] ('' for a store not fenced).
FENCE = """
if ARGV[1] ~= '' and redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
"""
#: Fenced by lease KEYS[1]: set field ARGV[2] of table KEYS[2] to ARGV[3] if
#: the table exists (as SQL's UPDATE changes no row that is not there); for
#: its status, KEYS[3] is the new state's index, given table ARGV[4], and
#: KEYS[4...] the others it leaves.
UPDATE = (
    FENCE
    + """
if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
for i = 4, #KEYS do redis.call('ZREM', KEYS[i], ARGV[4]) end
if #KEYS >= 3 then redis.call('ZADD', KEYS[3], ARGV[4], ARGV[4]) end
return 1
"""
)
#: Fenced by lease KEYS[1]: add the line ARGV[2...] (field, value, ...) to
#: the journal KEYS[2]; its number, the journal's length.
APPEND = (
    FENCE
    + """
redis.call('XADD', KEYS[2], '*', unpack(ARGV, 2))
return redis.call('XLEN', KEYS[2])
"""
)
#: The journal KEYS[1], every line, as one JSON text: [[id, [field, value,
#: ...]], ...]. One string to read rather than a dozen a line: redis-py reads
#: each in Python, and a takeover reading 300 journals of 100 lines spent a
#: third of its replays' time there; the JSON is read in C.
JOURNAL = """
local lines = redis.call('XRANGE', KEYS[1], '-', '+')
if #lines == 0 then return '[]' end
return cjson.encode(lines)
"""

#: Tries at the rate limit KEYS[1] (a sorted set of tries by time), those up
#: to ARGV[1] - ARGV[2] forgotten: ARGV[4] 'check' (how many, and the first
#: one's time if there are ARGV[3] or more), 'count' (one more at time
#: ARGV[1], named ARGV[5]; the set kept for the window) or 'attempt' (as
#: check, and counted if there were fewer), as one step, across processes.
LIMIT = """
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - window)
local n = redis.call('ZCARD', KEYS[1])
if ARGV[4] ~= 'count' and n >= tonumber(ARGV[3]) then
    return {n, redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]}
end
if ARGV[4] ~= 'check' then
    redis.call('ZADD', KEYS[1], ARGV[1], ARGV[5])
    redis.call('PEXPIRE', KEYS[1], math.ceil(window * 1000))
    n = n + 1
end
return {n, ''}
"""

#: Note address ARGV[1] in the list KEYS[1] of a name's addresses, the
#: oldest dropped past ARGV[2]; kept ARGV[3] ms.
KNOW = """
if not redis.call('LPOS', KEYS[1], ARGV[1]) then
    redis.call('RPUSH', KEYS[1], ARGV[1])
    redis.call('LTRIM', KEYS[1], -tonumber(ARGV[2]), -1)
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
"""
#: The next turn of a slowed name, KEYS[1]: ARGV[2] seconds after the last
#: one's, or after now (ARGV[1]) if that has passed; kept until it comes.
#: The seconds to it: as a string, its time's would lose its last digits.
TURN = """
local now = tonumber(ARGV[1])
local turn = math.max(now, tonumber(redis.call('GET', KEYS[1]) or 0)) + tonumber(ARGV[2])
redis.call('SET', KEYS[1], string.format('%.6f', turn), 'PX', math.ceil((turn - now) * 1000) + 1000)
return tostring(turn - now)
"""

P = ParamSpec("P")
R = TypeVar("R")


def _answered(
    method: Callable[Concatenate[RedisStore, P], R],
) -> Callable[Concatenate[RedisStore, P], R]:
    """A Redis failure in `method` as a StoreError naming the store, as
    SQLite's are: one line at start, a logged fault while serving."""

    @functools.wraps(method)
    def call(self: RedisStore, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(self, *args, **kwargs)
        except redis.RedisError as err:
            why = str(err).rstrip(".")  # the line goes on after it
            if isinstance(err, redis.ConnectionError | redis.TimeoutError):
                raise StoreError("online-store-unreachable", url=self.url, why=why) from None
            if why.startswith("WRONGTYPE"):  # a key of ours holds another's value
                raise StoreError("online-store-damaged", file=self.url, why=why) from None
            raise StoreError("online-store-refused", url=self.url, why=why) from None

    return call


class RedisStore:
    """The store in a Redis that several server processes may share."""

    remote = True

    @_answered
    def __init__(
        self, url: str, holder: str | None = None, lease_ms: int = round(LEASE * 1000)
    ) -> None:
        """Connect to the Redis at `url` (redis://HOST:PORT/DB); StoreError in
        one line if it cannot be reached or holds a newer sixdot's keys.
        `holder`: the process (`lease.holder_name`) whose table writes are
        fenced by the tables' leases, each `lease_ms` long; None, not fenced
        (a tool reading the store, a test of the store alone)."""
        #: The address as said to the operator: without a password in it.
        self.url = shown(url)
        self.holder = holder
        self.lease_ms = lease_ms
        self._address = url
        try:
            self._redis = redis.Redis.from_url(url, decode_responses=True, **_OPTIONS)
        except ValueError as err:
            raise StoreError("online-store-unreachable", url=self.url, why=str(err)) from None
        self._drop_expired = self._redis.register_script(DROP_EXPIRED)
        self._update = self._redis.register_script(UPDATE)
        self._append = self._redis.register_script(APPEND)
        self._journal = self._redis.register_script(JOURNAL)
        self._limit = self._redis.register_script(LIMIT)
        self._know = self._redis.register_script(KNOW)
        self._turn = self._redis.register_script(TURN)
        try:
            self._redis.set(PREFIX + "version", VERSION, nx=True)  # a new store
            version = int(self._redis.get(PREFIX + "version") or 0)
            if version > VERSION:
                raise StoreError(
                    "online-store-newer", file=self.url, version=version, known=VERSION
                )
            if version < 2:
                self._note_seated()
        except BaseException:
            self._redis.close()
            raise

    def _note_seated(self) -> None:
        """Version 1 to 2: who sits at each live table noted by name (`seated`).
        Noting twice adds nothing, so processes opening it at once agree."""
        with self._redis.pipeline(transaction=False) as noting:
            for record in self.tables([Status.WAITING, Status.PLAYING]):
                self._seat(noting, record.id, record.seats)
            noting.delete(PREFIX + "seated-noted")  # a flag of a version-1 build
            noting.set(PREFIX + "version", 2)
            noting.execute()

    @_answered
    def add_account(self, account: Account) -> bool:
        kept = json.dumps([account.name, account.secret])
        return bool(self._redis.hsetnx(PREFIX + "accounts", account.key, kept))

    @_answered
    def account(self, key: str) -> Account | None:
        kept = self._redis.hget(PREFIX + "accounts", key)
        if kept is None:
            return None
        name, secret = self._read(f"account {key}", kept)
        return Account(key, name, secret)

    @_answered
    def account_names(self) -> list[str]:
        return [
            self._read("an account", kept)[0] for kept in self._redis.hvals(PREFIX + "accounts")
        ]

    @_answered
    def add_session(self, session: Session) -> None:
        with self._redis.pipeline() as both:
            both.hset(
                PREFIX + "sessions", session.digest, json.dumps([session.key, session.expires])
            )
            both.zadd(PREFIX + "sessions:expiry", {session.digest: session.expires})
            both.execute()

    @_answered
    def session(self, digest: str) -> Session | None:
        kept = self._redis.hget(PREFIX + "sessions", digest)
        if kept is None:
            return None
        key, expires = self._read("a session", kept)
        return Session(digest, key, float(expires))

    @_answered
    def drop_session(self, digest: str) -> None:
        with self._redis.pipeline() as both:
            both.hdel(PREFIX + "sessions", digest)
            both.zrem(PREFIX + "sessions:expiry", digest)
            both.execute()

    @_answered
    def drop_expired(self, now: float) -> int:
        return int(
            self._drop_expired(
                keys=[PREFIX + "sessions:expiry", PREFIX + "sessions"], args=[repr(now)]
            )
        )

    @_answered
    def add_table(self, table: TableRecord) -> int:
        table_id = int(self._redis.incr(PREFIX + "tables:next"))
        record: dict[str, Any] = {
            "game": table.game,
            "players": table.players,
            "options": json.dumps(dict(table.options)),
            "seed": table.seed,
            "level": table.level,
            "host": table.host,
            "status": table.status.value,
            "seats": seats_text(table.seats),
            "rules": table.rules,
            "timer": table.timer,
        }
        if table.lock is not None:
            record["lock"] = table.lock
        with self._redis.pipeline() as both:
            if self.holder is not None:  # the id is new: nobody else holds its lease
                both.set(_lease(table_id), self.holder, px=self.lease_ms)
            both.hset(_table(table_id), mapping=record)
            both.zadd(_index(table.status), {str(table_id): table_id})
            self._seat(both, table_id, table.seats)
            both.execute()
        return table_id

    def _seat(self, pipe: Any, table_id: int, seats: Sequence[Seat]) -> None:
        """Each person in `seats` noted as sitting at the table (`seated`)."""
        for seat in seats:
            if seat.kind is SeatKind.PERSON:
                pipe.sadd(_seated(seat.who), table_id)

    @_answered
    def seated(self, name: str) -> list[TableRecord]:
        """The live tables where `name` sits, from the tables noted for it:
        those it no longer sits at (left, or over) are forgotten."""
        ids = sorted(int(t) for t in self._redis.smembers(_seated(name)))
        with self._redis.pipeline(transaction=False) as records:
            for table_id in ids:
                records.hgetall(_table(table_id))
            kept = records.execute()
        found, gone = [], []
        for table_id, fields in zip(ids, kept, strict=True):
            record = self._record(table_id, fields) if fields else None
            if (
                record is not None
                and record.status is not Status.OVER
                and any(s.kind is SeatKind.PERSON and s.who == name for s in record.seats)
            ):
                found.append(record)
            else:
                gone.append(table_id)
        if gone:
            self._redis.srem(_seated(name), *gone)
        return found

    @_answered
    def table(self, table_id: int) -> TableRecord | None:
        kept = self._redis.hgetall(_table(table_id))
        return self._record(table_id, kept) if kept else None

    @_answered
    def table_ids(self, status: Sequence[Status]) -> list[int]:
        with self._redis.pipeline(transaction=False) as ids:
            for state in status:
                ids.zrange(_index(state), 0, -1)
            return sorted({int(i) for listed in ids.execute() for i in listed})

    @_answered
    def tables(self, status: Sequence[Status]) -> list[TableRecord]:
        found = self.table_ids(status)
        with self._redis.pipeline(transaction=False) as records:
            for table_id in found:
                records.hgetall(_table(table_id))
            kept = records.execute()
        # A table's state may change between the two reads: it is listed by
        # the state its record has, as one read of SQLite's would.
        listed = [self._record(t, k) for t, k in zip(found, kept, strict=True)]
        return [table for table in listed if table.status in status]

    @_answered
    def set_seats(self, table_id: int, seats: Sequence[Seat]) -> None:
        self._write(self._update, table_id, [_table(table_id)], ["seats", seats_text(seats)])
        with self._redis.pipeline(transaction=False) as noting:
            self._seat(noting, table_id, seats)
            noting.execute()

    @_answered
    def set_status(self, table_id: int, status: Status) -> None:
        others = [_index(state) for state in Status if state is not status]
        self._write(
            self._update,
            table_id,
            [_table(table_id), _index(status), *others],
            ["status", status.value, table_id],
        )

    @_answered
    def set_host(self, table_id: int, host: str) -> None:
        self._write(self._update, table_id, [_table(table_id)], ["host", host])

    @_answered
    def set_rules(self, table_id: int, revision: int) -> None:
        self._write(self._update, table_id, [_table(table_id)], ["rules", revision])

    @_answered
    def append(self, table_id: int, entry: Entry) -> int:
        return self._write(self._append, table_id, [_journal(table_id)], _line(entry))

    @_answered
    def append_all(self, entries: Sequence[tuple[int, Entry]]) -> set[int]:
        """In one round trip (one fsync of Redis's for them all): a move's
        own trip had held the loop up for each move."""
        if not entries:
            return set()

        def run() -> list[Any]:
            pipe = self._redis.pipeline(transaction=False)
            for table_id, entry in entries:
                # By its hash, not through the Script: a pipeline with Scripts
                # asks Redis first whether it has them, a second trip each time.
                keys = [_lease(table_id), _journal(table_id)]
                pipe.evalsha(self._append.sha, len(keys), *keys, self.holder or "", *_line(entry))
            return pipe.execute()

        try:
            try:
                done = run()
            except redis.exceptions.NoScriptError:  # Redis restarted: none was run
                self._redis.script_load(APPEND)
                done = run()
        except (redis.ConnectionError, redis.TimeoutError):
            if self.holder is None:
                raise
            return {table_id for table_id, _ in entries}  # done or not: as `_write` says
        return {table_id for (table_id, _), n in zip(entries, done, strict=True) if int(n) == -1}

    def _write(self, script: Script, table_id: int, keys: list[str], args: list[Any]) -> int:
        """`script` run on the table's keys, fenced by its lease; NotOwner if
        the lease names another holder (or nobody: it ran out), or, in a
        fenced store, if Redis did not answer: the write may be done or not,
        so the table as this process holds it may be ahead of its journal."""
        try:
            done = int(script(keys=[_lease(table_id), *keys], args=[self.holder or "", *args]))
        except (redis.ConnectionError, redis.TimeoutError):
            if self.holder is None:
                raise
            raise NotOwner(table_id) from None
        if done == -1:
            raise NotOwner(table_id)
        return done

    def leases(self) -> Leases | None:
        """The leases this store's writes are fenced by, on a client of their
        own for the server's loop (closed with `Leases.close`); None if not fenced."""
        if self.holder is None:
            return None
        pool = redis.asyncio.BlockingConnectionPool.from_url(
            self._address, max_connections=LOOP_CONNECTIONS, timeout=TIMEOUT, **_OPTIONS
        )
        client = redis.asyncio.Redis(connection_pool=pool)
        return Leases(client, self.holder, self.lease_ms, PREFIX + "lease:")

    def rate_limit(self, name: str, most: int, window: float, refusal: str) -> SharedRateLimit:
        """The limit kept in this Redis, for every process on it."""
        return SharedRateLimit(self, name, most, window, refusal)

    def known_addresses(self) -> SharedKnown:
        return SharedKnown(self)

    def login_turns(self) -> SharedTurns:
        return SharedTurns(self)

    @_answered
    def known(self, key: str, address: str) -> bool:
        """Whether `address` is one the name `key` logged in from lately."""
        return self._redis.lpos(f"{PREFIX}known:{key}", address) is not None

    @_answered
    def know(self, key: str, address: str) -> None:
        self._know(keys=[f"{PREFIX}known:{key}"], args=[address, KNOWN, round(TOKEN_LIFE * 1000)])

    @_answered
    def turn(self, key: str, slowed: float) -> float:
        """Seconds until the next turn of the slowed name `key` (`TURN`)."""
        wait = self._turn(keys=[f"{PREFIX}turn:{key}"], args=[repr(time.time()), slowed])
        return round(float(wait), 3)  # to the millisecond: 5 s, not 5.0000002 (said as 6)

    @_answered
    def limit(self, name: str, key: str, most: int, window: float, how: str) -> tuple[int, float]:
        """One look at, or try of, `key` at limit `name` (`LIMIT`): how many
        tries it has in the window, and the first one's time if that is all
        it may have. The time is the wall clock's, which every process shares."""
        count, first = self._limit(
            keys=[f"{PREFIX}limit:{name}:{key}"],
            args=[repr(time.time()), repr(window), most, how, secrets.token_hex(8)],
        )
        return int(count), float(first or 0.0)

    @_answered
    def journal(self, table_id: int) -> list[Entry]:
        entries = []
        for n, (_, fields) in enumerate(json.loads(self._journal(keys=[_journal(table_id)])), 1):
            try:
                line = dict(zip(fields[::2], fields[1::2], strict=True))
                seat = line["seat"]
                entries.append(
                    Entry(
                        EntryKind(line["kind"]),
                        int(seat) if seat else None,
                        line["author"],
                        line["text"],
                    )
                )
            except (KeyError, ValueError):
                why = f"table {table_id} has a journal line {n} of no known kind"
                raise StoreError("online-store-damaged", file=self.url, why=why) from None
        return entries

    def close(self) -> None:
        self._redis.close()

    def _read(self, what: str, kept: str) -> list[Any]:
        """A JSON pair as this code wrote it; StoreError naming `what` if not."""
        try:
            pair = json.loads(kept)
        except ValueError:
            pair = None
        if not isinstance(pair, list) or len(pair) != 2:
            why = f"{what} is not one sixdot wrote"
            raise StoreError("online-store-damaged", file=self.url, why=why)
        return pair

    def _record(self, table_id: int, kept: dict[str, str]) -> TableRecord:
        """A table's hash as kept; StoreError naming the table if it is not one
        this code wrote (a field missing, a value of no known kind)."""
        try:
            return TableRecord(
                id=table_id,
                game=kept["game"],
                players=int(kept["players"]),
                options=tuple(json.loads(kept["options"]).items()),
                seed=int(kept["seed"]),
                level=kept["level"],
                host=kept["host"],
                lock=kept.get("lock"),
                status=Status(kept["status"]),
                seats=read_seats(kept["seats"]),
                rules=int(kept["rules"]),
                timer=int(kept["timer"]),
            )
        except (KeyError, ValueError, TypeError, AttributeError) as err:
            why = f"table {table_id} has a bad record ({type(err).__name__})"
            raise StoreError("online-store-damaged", file=self.url, why=why) from None


class SharedRateLimit(RateLimit):
    """`RateLimit`'s rules, its tries counted in Redis (`RedisStore.limit`)
    by every process sharing the store: a guesser spreading tries over them
    has one process's allowance, not one a process."""

    def __init__(self, store: RedisStore, name: str, most: int, window: float, refusal: str):
        super().__init__(most, window, time.time, refusal)
        self.store = store
        self.name = name

    def attempt(self, key: str) -> None:
        self._refuse(*self.store.limit(self.name, key, self.most, self.window, "attempt"))

    def check(self, key: str) -> None:
        self._refuse(*self.store.limit(self.name, key, self.most, self.window, "check"))

    def full(self, key: str) -> bool:
        return self.store.limit(self.name, key, self.most, self.window, "check")[0] >= self.most

    def count(self, key: str) -> None:
        self.store.limit(self.name, key, self.most, self.window, "count")

    def _refuse(self, tries: int, first: float) -> None:
        if first:
            wait = max(1, math.ceil(first + self.window - self.clock()))
            raise Problem.of(self.refusal, seconds=wait)


def _table(table_id: int) -> str:
    return f"{PREFIX}table:{table_id}"


def _index(status: Status) -> str:
    return f"{PREFIX}status:{status.value}"


def _line(entry: Entry) -> list[Any]:
    """A journal line as the stream's fields and values."""
    return [
        *("kind", entry.kind.value),
        *("seat", "" if entry.seat is None else entry.seat),
        *("author", entry.author),
        *("text", entry.text),
    ]


def _journal(table_id: int) -> str:
    return f"{PREFIX}journal:{table_id}"


class SharedKnown(Known):
    """The addresses names logged in from, in Redis, for every process."""

    def __init__(self, store: RedisStore) -> None:
        self.store = store

    def has(self, key: str, address: str) -> bool:
        return self.store.known(key, address)

    def add(self, key: str, address: str) -> None:
        self.store.know(key, address)


class SharedTurns(Turns):
    """Slowed names' turns, in Redis: one login checked a turn, whichever
    process it comes to."""

    def __init__(self, store: RedisStore) -> None:
        self.store = store

    def take(self, key: str, slowed: float) -> float:
        return self.store.turn(key, slowed)


def _seated(name: str) -> str:
    return f"{PREFIX}seated:{name}"


def _lease(table_id: int) -> str:
    return f"{PREFIX}lease:{table_id}"
