"""Routing between server processes on one Redis (issue 35; the plan is in
docs/architecture.md, "Several processes"): a player may be connected to one
process, its gateway, and sit at a table another process owns.

The gateway forwards the player's messages about that table to the table's
inbox, the stream `sixdot:inbox:ID`, as data: the connection's number, its
account, the message as it came; the same script rings the bell of the
process holding the table's lease (`sixdot:bell:NAME`, a stream of table
ids). The owner reads its bell and the inboxes rung, not every inbox of its
tables each time (an XREAD naming 600 inboxes took 1.2 to 2.6 ms of its
loop's CPU, a bell's 0.16 ms, ten times a second idle), and every inbox of
its tables now and then, so that a ring lost (none rung while nobody held
the lease; the bell trimmed) costs a moment, never a message. It answers
each remote connection through a `Relayed` client, whose frames go to the
gateway's outbox, the stream `sixdot:outbox:NAME`, which the gateway reads
and writes to the websocket. Frames are the wire's, events as data, so the
words are still made at the listener's side.

Streams rather than pub/sub: a message waits in the inbox while the table
has no owner (its owner died, the next one has not taken it yet) and is
read by the next owner. Each inbox entry is deleted before it is handled,
by a script fenced by the table's lease (as the journal's writes are), so a
message is carried out by one owner at most: an owner that lost its lease
reads nothing more, and a message handled is never handled again by the
next owner (a move cut off between the two is never journaled: its seat is
asked its turn again when the table comes back). A new owner tells every
gateway (each outbox) that the table is back; each gateway then
asks it, for each of its players there, for what they missed after the
last step they were sent, as a client coming back does.

Who is online is each process's names (`ONLINE`) read together; a login
is numbered (`LOGINS`) and told to every other process's outbox, where a
connection logged in earlier as the same name is replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import msgspec
from redis.asyncio import Redis
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError, RedisError

from sixdot.server import protocol as p
from sixdot.server.app import Client
from sixdot.server.owners import PROCESS, names
from sixdot.server.problems import Problem

if TYPE_CHECKING:
    from sixdot.server.app import Server

log = logging.getLogger("sixdot.server")

#: What a client at a table elsewhere sends there, besides sitting and watching.
RELAYED = (p.Leave, p.AddBot, p.RemoveBot, p.Start, p.Say, p.Move, p.Sync, p.Look)
INBOX = "sixdot:inbox:"
OUTBOX = "sixdot:outbox:"
#: Entries an outbox keeps at most (about): its gateway reads them as they come.
OUTBOX_KEEP = 10_000
#: Milliseconds a read of the outbox waits before it asks again: under the
#: client's timeout, which would take a longer wait for a Redis gone.
OUTBOX_WAIT = 1000
#: Milliseconds a read of the bell waits for news before it looks again
#: at which tables this process owns.
INBOX_WAIT = 100
#: Each owner's bell: the ids of its tables whose inboxes were written to.
BELL = "sixdot:bell:"
#: Rings a bell keeps at most (about), and read at a time.
BELL_KEEP = 10_000
#: Entries of one inbox read at a time; one with more is read again at once.
INBOX_READ = 100
#: Leases' times a bell is kept after its last ring: a dead owner's goes.
BELL_LEASES = 40
#: The facts of each live table as its owner's lobby lists them (who is
#: here, how far a game is), by id, for the other processes' lobbies.
FACTS = "sixdot:facts"
#: Seconds between writes of the facts changed: the lobby's own freshness.
FACTS_EVERY = 0.5
#: The names logged in at each process, a set a process (by its name), kept
#: for a lease's time and written again every third of it: a dead
#: process's names go with its heartbeat.
ONLINE = "sixdot:online:"
#: How many times each account has logged in, a hash: a login's number
#: tells which of two connections of one account came last.
LOGINS = "sixdot:logins"
#: Set field ARGV[2] of hash KEYS[2] to ARGV[3] if lease KEYS[1] names ARGV[1].
PUBLISH = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
"""
#: Add to inbox KEYS[1] the entry of fields and values ARGV[5...], then ring
#: the bell (prefix ARGV[1]) of the holder of lease KEYS[2], if any, with
#: table ARGV[2], keeping ARGV[3] rings about, for ARGV[4] milliseconds.
#: One script: a new owner either is rung or, taking the table after the
#: entry, finds it as it reads the inbox first.
RING = """
redis.call('XADD', KEYS[1], '*', unpack(ARGV, 5))
local holder = redis.call('GET', KEYS[2])
if holder then
  local bell = ARGV[1] .. holder
  redis.call('XADD', bell, 'MAXLEN', '~', ARGV[3], '*', 't', ARGV[2])
  redis.call('PEXPIRE', bell, ARGV[4])
end
return 1
"""
#: Delete entry ARGV[2] of inbox KEYS[2] if lease KEYS[1] names ARGV[1]: 1 if
#: this owner is to handle it, 0 if it was handled already, -1 if not the owner.
TAKE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
return redis.call('XDEL', KEYS[2], ARGV[2])
"""


@dataclass(eq=False)
class Relayed(Client):
    """A connection to another process (its gateway), as its table's owner
    sees it: what is sent to it goes to the gateway's outbox."""

    gateway: str = ""
    conn: int = 0
    relay: Callable[[str, int, bytes], None] | None = None
    #: Told here that its table is back (`Server.relayed`).
    told: bool = False

    def here(self) -> bool:
        return False

    def send(self, frame: dict[str, Any] | bytes) -> None:
        data = frame if isinstance(frame, bytes) else msgspec.json.encode(frame)
        assert self.relay is not None
        self.relay(self.gateway, self.conn, data)


@dataclass(eq=False)
class Router:
    """This process as a gateway (its players at others' tables) and as an
    owner (others' players at its tables)."""

    redis: Redis
    me: str
    server: Server
    #: Seconds between looks for gateways gone: a lease's time.
    period: float
    #: This gateway's connections at others' tables, by number, and back.
    conns: dict[int, Client] = field(default_factory=dict)
    numbers: dict[Client, int] = field(default_factory=dict)
    #: The table each of those connections is at (or asked to be).
    remote: dict[Client, int] = field(default_factory=dict)
    #: Others' players at this process's tables, by gateway and connection.
    relayed: dict[tuple[str, int], Relayed] = field(default_factory=dict)
    #: Where each owned table's inbox has been read to.
    read: dict[int, bytes] = field(default_factory=dict)
    #: Where this owner's bell has been read to; the tables whose inboxes
    #: are to be read without a ring (taken over, or with more to read);
    #: when every inbox of this owner's tables is read next (`_read_inboxes`).
    bell_read: bytes = b"0"
    unread: set[int] = field(default_factory=set)
    sweep_at: float = 0.0
    #: Each owned table's inbox entries, handled one at a time, in order, by
    #: a task of the table's own.
    queues: dict[int, asyncio.Queue[tuple[bytes, dict[bytes, bytes]]]] = field(default_factory=dict)
    handlers: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    #: What is to be written, in order: (stream, fields).
    writes: asyncio.Queue[tuple[str, dict[str, Any]]] = field(default_factory=asyncio.Queue)
    #: Taken from `writes`, not yet written.
    unsent: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    #: The loops, and the announcements under way.
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    #: The tables taken over whose return is still to be told (`taken_over`),
    #: and the task telling it.
    backs: set[int] = field(default_factory=set)
    announcing: asyncio.Task[None] | None = None
    #: Set by `close`: the loops end at their next round. Cancelling alone
    #: is not enough: a cancel that comes as redis-py's own read times out
    #: is taken for the timeout (a RedisError, met by trying again).
    closing: bool = False
    #: Where this gateway's outbox has been read to.
    outbox_read: bytes = b"0"
    #: The other gateways found without a heartbeat at the last look (`_prune`).
    missing: set[str] = field(default_factory=set)
    #: This process's tables' facts: changed, to be written; written; and
    #: the tables over, whose facts are to be deleted (`_publish`).
    facts_due: dict[int, dict[str, Any]] = field(default_factory=dict)
    facts_out: dict[int, dict[str, Any]] = field(default_factory=dict)
    ended: set[int] = field(default_factory=set)
    #: When the facts written are next brought up to each table's last step.
    refresh: float = 0.0
    #: Set when someone logs in or out here: the names online here are written.
    present: asyncio.Event = field(default_factory=asyncio.Event)
    #: The names logging in here whose logins are being numbered, and the
    #: highest number of their logins elsewhere heard meanwhile.
    numbering: dict[str, int] = field(default_factory=dict)
    _numbering: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def start(self) -> None:
        for work in (
            self._write,
            self._read_outbox,
            self._read_inboxes,
            self._prune,
            self._publish,
            self._presence,
        ):
            self._run(self._forever(work))

    def _run(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def close(self) -> None:
        self.closing = True
        running = [*self.tasks, *self.handlers.values()]
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        with contextlib.suppress(RedisError):
            await self.redis.delete(OUTBOX + self.me, ONLINE + self.me)

    async def _forever(self, work: Callable[[], Awaitable[None]]) -> None:
        """`work` again and again until `close`; a moment later when Redis fails it."""
        while not self.closing:
            try:
                await work()
            except RedisError as err:
                if not self.closing:
                    log.warning("routing: %s", err)
                    await asyncio.sleep(INBOX_WAIT / 1000)

    @cached_property
    def _ring(self) -> AsyncScript:
        return self.redis.register_script(RING)  # type: ignore[return-value]

    @cached_property
    def _take(self) -> AsyncScript:
        return self.redis.register_script(TAKE)  # type: ignore[return-value]

    @cached_property
    def _publish_facts(self) -> AsyncScript:
        return self.redis.register_script(PUBLISH)  # type: ignore[return-value]

    # -- who is online --

    def processes(self) -> list[str]:
        """The live processes (at the last look for tables to take), this one first."""
        owners = self.server.owners
        alive = [] if owners is None else owners.alive
        return [self.me, *(name for name in alive if name != self.me)]

    async def _presence(self) -> None:
        """The names logged in here, written as soon as one comes or goes,
        and every third of a lease's time, kept for a lease's time."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.present.wait(), self.period / 3)
        self.present.clear()
        names = self.server.here()
        key = ONLINE + self.me
        async with self.redis.pipeline(transaction=True) as writing:
            writing.delete(key)
            if names:
                writing.sadd(key, *names)
            writing.pexpire(key, round(self.period * 1000))
            await writing.execute()

    async def online(self) -> list[str]:
        """The names logged in at any live process; this one's alone if
        Redis does not answer."""
        names = set(self.server.here())
        try:
            found = await self.redis.sunion([ONLINE + name for name in self.processes()])
        except RedisError as err:
            log.warning("routing: %s", err)
        else:
            names.update(name.decode() for name in found)
        return sorted(names)

    async def logged_in(self, name: str) -> tuple[int, bool]:
        """`name` logs in here: its login's number (0 if Redis does not
        answer), and whether a later login elsewhere was heard while it was
        numbered (the connection is replaced at once); every other live
        process is told, for a connection of its logged in as `name` before
        this login to be replaced."""
        self.numbering[name] = 0
        try:
            number = int(await self.redis.hincrby(LOGINS, name, 1))
        except RedisError as err:
            log.warning("routing: %s", err)
            return 0, False
        finally:
            later = self.numbering.pop(name, 0)
        for process in self.processes()[1:]:
            self.writes.put_nowait((OUTBOX + process, {"replace": name, "login": number}))
        return number, later > number

    def lobby_chat(self, said: bytes) -> None:
        """A line said to the lobby here: to every other live process's people too."""
        for process in self.processes()[1:]:
            self.writes.put_nowait((OUTBOX + process, {"lobby": said}))

    # -- as a gateway --

    def at(self, client: Client) -> int | None:
        """The table elsewhere that `client` is at, if any."""
        return self.remote.get(client)

    def waiting(self, table_id: int) -> list[Client]:
        """This gateway's connections at `table_id`, or asking to be."""
        return [client for client, at in self.remote.items() if at == table_id]

    def wait(self, client: Client, table_id: int) -> None:
        """`client` is at a table this process played until now (its lease
        lost): whoever plays it next, this process or another, attaches it
        and tells it the table is back, from the entry sent to the table's
        inbox now, which waits there until then. Not left to the next
        owner's word that the table is back: that goes to the outboxes there
        are as it takes the table, and this process may have none yet (no
        frame came to it from elsewhere), or hear the word before it finds
        the lease lost and the client waiting. (When the word comes too,
        the connection asks twice; the owner attaches it once.)"""
        self.forward(client, table_id, "attach", notice=1)

    def route(self, client: Client, message: p.Message, data: str | bytes) -> bool:
        """Whether `message` is for a table elsewhere, and so sent to its owner:
        any about the table `client` is at there, and sitting at or watching
        a table live elsewhere."""
        if client.name is None:
            return False
        table_id = self.remote.get(client)
        if isinstance(message, p.Sit | p.Watch) and message.table not in self.server.tables:
            if not self.server.live_elsewhere(message.table):
                return False
            if client.table is not None:  # one table at a time, as on one server
                raise Problem.of("online-at-table", table=client.table.id)
            table_id = message.table
        elif table_id is None or not _for_table(message):
            return False
        if isinstance(message, p.Sync):  # what it asks for again is to reach it
            client.sent = max(-1, message.after)
        self.forward(client, table_id, "message", data=data)
        return True

    def forward(self, client: Client, table_id: int, kind: str, **fields: Any) -> None:
        """Send the owner of `table_id` something of `client`'s: a message
        (`data`), that it comes (`attach`, after the step `after`) or goes."""
        number = self.numbers.get(client)
        if number is None:
            number = next(self._numbering)
            self.numbers[client], self.conns[number] = number, client
        if kind != "gone":
            self.remote[client] = table_id
        # Each entry says the last step the connection was sent: the one that
        # reaches a new owner first attaches it there, whatever its kind.
        fields.setdefault("after", client.sent)
        entry = {"gateway": self.me, "conn": number, "name": client.name or "", "kind": kind}
        entry.update({key: _text(value) for key, value in fields.items()})
        self.writes.put_nowait((INBOX + str(table_id), entry))

    def gone(self, client: Client) -> None:
        """`client` closed, or logged out: its owner elsewhere is told."""
        table_id = self.remote.pop(client, None)
        if table_id is not None:
            self.forward(client, table_id, "gone")
        number = self.numbers.pop(client, None)
        if number is not None:
            del self.conns[number]

    async def _read_outbox(self) -> None:
        stream = OUTBOX + self.me
        found = await self.redis.xread({stream: self.outbox_read}, count=500, block=OUTBOX_WAIT)
        for _, entries in found:
            for entry_id, fields in entries:
                self._deliver(fields)
                self.outbox_read = entry_id
            await self.redis.xtrim(stream, minid=self.outbox_read, approximate=True)

    def _deliver(self, fields: dict[bytes, bytes]) -> None:
        """A frame for one of this gateway's connections; or word that a
        table is back, after a takeover, for each connection there to ask
        for what it missed."""
        lobby = fields.get(b"lobby")
        if lobby is not None:  # a line said to the lobby at another process
            self.server.lobby_chat(lobby)
            return
        replace = fields.get(b"replace")
        if replace is not None:  # a login elsewhere: an earlier one here is replaced
            name, number = replace.decode(), int(fields[b"login"])
            if name in self.numbering:  # heard before a login here has its number
                self.numbering[name] = max(self.numbering[name], number)
            self.server.replaced(name, number)
            return
        back = fields.get(b"back")
        if back is not None:
            table_id = int(back)
            for client, at in list(self.remote.items()):
                if at == table_id:
                    self.forward(client, table_id, "attach", after=client.sent, notice=1)
            return
        client = self.conns.get(int(fields[b"conn"]))
        if client is None:
            return
        data = fields[b"frame"]
        frame = msgspec.json.decode(data)
        kind = frame.get("type")
        if kind == "step":
            # A step the connection had is not sent again: a new owner that
            # heard from it first through a message sent before the last
            # steps came sends them again (its entry said an older step).
            if frame["seq"] <= (client.sent or -1):
                return
            client.sent = frame["seq"]
            if frame["over"]:  # at no table from now, as a connection to its owner is
                self.remote.pop(client, None)
        elif kind == "table" and frame["table"]["status"] != "over":
            if self.remote.get(client) != frame["table"]["id"]:
                client.sent = -1  # another table: its steps are news
            self.remote[client] = frame["table"]["id"]
        elif frame.get("key") == "online-replaced":  # by a login at the table's owner
            self.server.replaced(client.name or "", None, client)
            return
        elif kind in ("table", "left") or frame.get("key") == "online-table-gone":
            self.remote.pop(client, None)  # the game over, or left: at no table
            client.sent = -1
        client.send(data)

    # -- as an owner --

    def relay(self, gateway: str, conn: int, data: bytes) -> None:
        self.writes.put_nowait((OUTBOX + gateway, {"conn": conn, "frame": data}))

    def taken_over(self, table_id: int) -> None:
        """Tell every live process the table is back here: their players at it
        ask for what they missed. The tables taken while the outboxes are
        looked for are told together, after one look."""
        self.backs.add(table_id)
        self.unread.add(table_id)  # what waited in its inbox, read without a ring
        if self.announcing is None or self.announcing.done():
            self.announcing = self._run(self._announce_back())

    async def _announce_back(self) -> None:
        """Every outbox is told, not every heartbeat: after Redis was away
        longer than a lease, a gateway's heartbeat may not be back yet when
        the table is. Asked again while Redis fails: a gateway never told
        would leave its players waiting for the table for ever. One look for
        the outboxes a batch, not a table: a look goes through every key in
        the store, and a takeover of 300 tables spent seconds in them."""
        while self.backs and not self.closing:
            try:
                outboxes = await names(self.redis, OUTBOX)
            except RedisError as err:
                log.warning("routing: %s", err)
                await asyncio.sleep(INBOX_WAIT / 1000)
                continue
            backs, self.backs = sorted(self.backs), set()
            for gateway in outboxes:
                for table_id in backs:
                    self.writes.put_nowait((OUTBOX + gateway, {"back": table_id}))

    def changed(self, table_id: int, facts: dict[str, Any]) -> None:
        """The facts of a table played here, as its lobby lists them now: to
        be written for the other processes' lobbies."""
        self.facts_due[table_id] = facts

    def over(self, table_id: int) -> None:
        """The table's game is over: its facts are to be deleted."""
        self.ended.add(table_id)

    async def _publish(self) -> None:
        """Every `FACTS_EVERY` seconds: the facts of this process's tables
        that changed are written, each only while this process holds the
        table's lease (as its journal is); a third of a lease's time after
        the last time, those whose game went on since too, with its last
        step (not at each step: that would be one more write to Redis, of
        the whole table's facts, at every step); the facts of tables over
        are deleted."""
        await asyncio.sleep(FACTS_EVERY)
        tables = self.server.tables
        for table_id in [t for t in self.facts_out if t not in tables]:
            del self.facts_out[table_id]
        now = time.monotonic()
        if now >= self.refresh:
            self.refresh = now + self.period / 3
            for table_id, facts in self.facts_out.items():
                last = tables[table_id].last
                if table_id not in self.facts_due and facts["last"] != last:
                    self.facts_due[table_id] = {**facts, "last": last}
        due = {t: facts for t, facts in self.facts_due.items() if t in tables}
        ended, self.facts_due, self.ended = self.ended, {}, set()
        if not due and not ended:
            return
        try:
            async with self.redis.pipeline(transaction=False) as writing:
                for table_id, facts in due.items():
                    await self._publish_facts(
                        keys=[f"sixdot:lease:{table_id}", FACTS],
                        args=[self.me, table_id, msgspec.json.encode(facts)],
                        client=writing,
                    )
                if ended:
                    writing.hdel(FACTS, *map(str, ended))
                await writing.execute()
        except RedisError:
            self.facts_due = due | self.facts_due
            self.ended |= ended
            raise
        self.facts_out.update(due)

    async def facts_of(self, table_ids: list[int]) -> dict[int, dict[str, Any]]:
        """The facts the owners of these tables wrote of them, where they did;
        none if Redis does not answer (the lobby lists their records)."""
        if not table_ids:
            return {}
        try:
            found = await self.redis.hmget(FACTS, [str(t) for t in table_ids])
        except RedisError as err:
            log.warning("routing: %s", err)
            return {}
        return {t: msgspec.json.decode(f) for t, f in zip(table_ids, found, strict=True) if f}

    def forget(self, table_id: int) -> list[Relayed]:
        """The table is played here no more (over, or another's now): its
        inbox is not read here, and the connections at it through other
        gateways are dropped (the next owner hears from them itself); those."""
        self.read.pop(table_id, None)
        self.queues.pop(table_id, None)
        handler = self.handlers.pop(table_id, None)
        if handler is not None:
            handler.cancel()
        dropped = []
        for key, client in list(self.relayed.items()):
            if client.table is not None and client.table.id == table_id:
                dropped.append(self.relayed.pop(key))
        return dropped

    async def _prune(self) -> None:
        """Once a lease's time: a gateway without a heartbeat at two looks in
        a row (killed, or cut off: its heartbeat not renewed for a lease)
        is gone. Its connections here are gone, so their seats wait out
        their grace periods, then bots play them; and its outbox, which
        nobody reads any more, is deleted. Two looks, not one: after Redis
        was away longer than a lease, every heartbeat has run out, and a
        live process's may not be back yet at the first look."""
        await asyncio.sleep(self.period)
        alive = set(await names(self.redis, PROCESS))
        boxes = set(await names(self.redis, OUTBOX))
        missing = {gateway for gateway, _ in self.relayed} | boxes
        missing -= alive | {self.me}
        gone, self.missing = missing & self.missing, missing
        for (gateway, conn), client in list(self.relayed.items()):
            if gateway in gone:
                del self.relayed[gateway, conn]
                await self.server.relayed_gone(client)
        if gone & boxes:
            await self.redis.delete(*(OUTBOX + gateway for gateway in gone & boxes))

    async def _read_inboxes(self) -> None:
        """The inboxes due: those rung (the bell waited on up to `INBOX_WAIT`)
        or `unread`, and every one of this owner's tables a third of a
        lease's time after the last time."""
        tables = self.server.tables
        due = {t for t in self.unread if t in tables}
        self.unread.clear()
        now = time.monotonic()
        if now >= self.sweep_at:
            self.sweep_at = now + self.period / 3
            due = set(tables)
        if not due:
            bell = BELL + self.me
            rung = await self.redis.xread({bell: self.bell_read}, count=BELL_KEEP, block=INBOX_WAIT)
            for _, rings in rung:
                self.bell_read = rings[-1][0]
                due = {int(fields[b"t"]) for _, fields in rings} & tables.keys()
            if not due:
                return
        streams = {INBOX + str(t): self.read.get(t, b"0") for t in sorted(due)}
        try:
            found = await self.redis.xread(streams, count=INBOX_READ)  # type: ignore[arg-type]
        except RedisError:  # read again once Redis answers, not left to the next sweep
            self.unread |= due
            raise
        for stream, entries in found:
            table_id = int(stream.decode()[len(INBOX) :])
            if table_id not in self.server.tables:
                continue
            if len(entries) == INBOX_READ:
                self.unread.add(table_id)  # more than a read's worth: read on at once
            self.read[table_id] = entries[-1][0]
            queue = self.queues.get(table_id)
            if queue is None:
                queue = self.queues[table_id] = asyncio.Queue()
                self.handlers[table_id] = asyncio.create_task(self._handle_all(table_id, queue))
            for entry in entries:
                queue.put_nowait(entry)

    async def _handle_all(
        self, table_id: int, queue: asyncio.Queue[tuple[bytes, dict[bytes, bytes]]]
    ) -> None:
        while not self.closing:
            entry_id, fields = await queue.get()
            try:
                if await self._taken(table_id, entry_id) and table_id in self.server.tables:
                    await self._handle(table_id, fields)
            except Exception:  # a fault of ours: logged, and the table's next entry is read
                log.exception("routing table %d", table_id)

    async def _taken(self, table_id: int, entry_id: bytes) -> bool:
        """Whether this owner is to carry out the entry, deleted now; asked
        again while Redis fails, as the entry is read here once only."""
        while not self.closing:
            try:
                taken = await self._take(
                    keys=[f"sixdot:lease:{table_id}", INBOX + str(table_id)],
                    args=[self.me, entry_id],
                )
            except RedisError as err:
                log.warning("routing table %d: %s", table_id, err)
                await asyncio.sleep(INBOX_WAIT / 1000)
            else:
                return bool(taken == 1)
        return False

    async def _handle(self, table_id: int, fields: dict[bytes, bytes]) -> None:
        """One entry of a table's inbox, carried out for its connection."""
        gateway, conn = fields[b"gateway"].decode(), int(fields[b"conn"])
        kind = fields[b"kind"].decode()
        table = self.server.tables[table_id]
        if gateway == self.me:  # a connection here, whose message waited for the table to come back
            mine = self.conns.get(conn)
            if mine is not None and kind == "message":
                await self.server.receive(mine, fields[b"data"])
            return
        client = self.relayed.get((gateway, conn))
        if kind == "gone":
            if client is not None:
                del self.relayed[gateway, conn]
                await self.server.relayed_gone(client)
            return
        if client is None:
            client = Relayed(
                None,  # type: ignore[arg-type]  # no websocket here: its gateway has it
                address=gateway,
                gateway=gateway,
                conn=conn,
                relay=self.relay,
            )
            self.relayed[gateway, conn] = client
        client.name = fields[b"name"].decode()
        after = _number(fields.get(b"after"))
        notice = bool(fields.get(b"notice"))
        await self.server.relayed(client, table, kind == "attach", after, notice)
        if kind == "message":
            await self.server.receive(client, fields[b"data"])

    async def _write(self) -> None:
        """What waits to be written, in one round trip. A batch Redis failed
        is written again once it answers, rather than lost (a move in it
        would leave its player's turn unanswered for ever); what it had
        written already comes twice: a move twice is refused as late the
        second time, a step twice is not sent on by the gateway."""
        if not self.unsent:
            self.unsent = [await self.writes.get()]
        while not self.writes.empty():
            self.unsent.append(self.writes.get_nowait())
        try:
            await self._write_unsent()
        except NoScriptError:  # Redis restarted: its scripts are gone
            await self.redis.script_load(RING)
            await self._write_unsent()
        self.unsent = []

    async def _write_unsent(self) -> None:
        """`unsent` in one trip: an outbox's entries as they are, an inbox's
        by `RING`, by its hash (a pipeline of Scripts would ask Redis first
        whether it has them, a second trip each time)."""
        keep = round(self.period * BELL_LEASES * 1000)
        async with self.redis.pipeline(transaction=False) as writing:
            for stream, fields in self.unsent:
                if stream.startswith(OUTBOX):
                    writing.xadd(stream, fields, maxlen=OUTBOX_KEEP, approximate=True)
                    continue
                table = stream[len(INBOX) :]
                pairs = [item for pair in fields.items() for item in pair]
                keys = [stream, f"sixdot:lease:{table}"]
                writing.evalsha(self._ring.sha, 2, *keys, BELL, table, BELL_KEEP, keep, *pairs)
            await writing.execute()


def _for_table(message: p.Message) -> bool:
    """Whether `message` is about the table its client is at."""
    if isinstance(message, p.Say):
        return message.to != "lobby"
    return isinstance(message, RELAYED)


def _text(value: Any) -> str | bytes | int:
    if value is None:
        return ""
    if isinstance(value, bool):
        return int(value)
    return value  # type: ignore[no-any-return]


def _number(value: bytes | None) -> int | None:
    return int(value) if value else None
