"""`sixdot serve`: the websockets server of accounts, the lobby and live tables.

One asyncio process. Each connection reads messages one at a time and has a
writer task with a bounded outbox, so a slow client never holds up a table
(one that falls too far behind is closed, and comes back with its token).
Work that blocks runs in worker threads, each kind on threads of its own:
deals, argon2 hashing, and bots thinking, whose moves the `Rota` shares out
one at a time between tables and accounts, so bots never keep a person
waiting for a thread (issue 34); a person's move is checked on the loop. Each
connection is read at a pace (`READ_RATE`), so a flood slows the flooder
alone. Each table's changes are made one at a time under the table's lock.

A problem with a message is answered with a `problem` frame (a phrasebook key
and its facts) and the connection goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import os
import socket
import ssl
import sys
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Collection
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import msgspec
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from websockets.asyncio.server import Server as WebSocketServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode
from websockets.http11 import Request, Response
from websockets.protocol import State

from sixdot.bots import Limit, limited
from sixdot.core.errors import NotationError, OptionError, UnknownGame
from sixdot.games import DEFAULT_LEVEL, get_game, present
from sixdot.server import protocol as p
from sixdot.server.accounts import Accounts, limit
from sixdot.server.accounts import Login as Identity
from sixdot.server.frames import refusal_frame, step_frame, turn_frame, view_frame
from sixdot.server.gate import Caps, Gate, GatedConnection, file_limit, raise_file_limit
from sixdot.server.play import LiveTable, NotRestored, new_record, warning_at
from sixdot.server.problems import Problem, quoted
from sixdot.server.rota import Played, Rota
from sixdot.server.storage import (
    LEASE,
    Entry,
    EntryKind,
    NotOwner,
    SeatKind,
    Status,
    Store,
    StoreError,
    TableRecord,
    holding,
    open_store,
)
from sixdot.visible import visible
from sixdot.web import WEB_PATH, page
from sixdot.web.bridge import WebSeat

if TYPE_CHECKING:
    from sixdot.server.owners import Owners
    from sixdot.server.routes import Relayed, Router

log = logging.getLogger("sixdot.server")
T = TypeVar("T")

#: Seconds a dropped player's seat waits for them before a bot plays it.
GRACE = 30.0
#: Seconds between moves at a table no person plays (bots, and stand-ins for
#: the people gone) while anyone is there to hear them: every move is heard,
#: not a whole game queued at once.
PACE = 1.0
#: The most past steps a client coming to a game under way is sent: the
#: newest, with its view; a game of thousands of steps is never queued whole.
RECENT = 200
#: Frames, and bytes, waiting for a slow client before it is closed (it may
#: come back): a client that never reads holds at most this much.
OUTBOX = 2000
OUTBOX_BYTES = 4 * 1024 * 1024
#: The largest frame websockets reads at all; between `protocol.LARGEST` and
#: this a message is refused with a problem, beyond it the connection closes.
FRAME_LIMIT = 64 * 1024
#: Chat lines a player may send in 10 seconds.
CHAT_RATE = 10
#: Private-table password tries a minute, per account and per address.
GUESSES = 5
#: Messages a connection may send a second, and at once: past that its next
#: message is read only when its time comes, so a flood slows the flooder
#: alone (what it sends waits in its own buffers), never the others. A person,
#: and a client answering every turn at once, sends far fewer.
READ_RATE = 100.0
READ_BURST = 200.0
#: Bytes the system holds for a connection before its sender must wait. Small,
#: so a paced flooder's backlog stays in its own buffers: websockets parses
#: all a read brings at once, so the read is what one connection may take of
#: the loop in a turn. Measured in CPU time beside 20 clients sending lobby
#: requests without end and reading nothing: at 16 KB the longest reads took
#: 25 to 33 ms to parse (p99 9 to 10 ms), at 4 KB 5 to 13 ms (p99 2.6 ms).
#: A person's messages are a few hundred bytes; the largest frame taken
#: (`FRAME_LIMIT`) still comes, in several reads.
READ_BUFFER = 4 * 1024
#: Seconds one lobby frame answers everyone who asks, while no table changes.
LOBBY_FRESH = 0.5
#: Threads for bots' moves. Fewer than the cores, so one is left for people,
#: and few: bots think in Python, one thread at a time under its lock, so
#: more threads would only make the server's loop wait longer for its turn.
BOT_WORKERS = 1
#: Threads for deals (a game's start warms its word lists), and for hashing
#: passwords, each. A person's move is checked on the loop (`on_move`).
DEAL_WORKERS = 2
HASH_WORKERS = 2
#: Threads for a login's calls to a store across the network (Redis: each a
#: round trip the loop would wait on), apart from hashing so that a token's
#: login never waits behind password guesses' hashes.
STORE_WORKERS = 4
#: The most tables a bot thread moves in one trip from the loop (`Rota`), and
#: the seconds after which it starts no more moves in that trip.
BOT_BATCH = 32
BOT_TRIP = 0.005
#: The longest one bot decision may think on the server, whatever its table
#: asks (a table kept from before `play.BOT_OPTIONS_MOST` may ask more).
BOT_MOVE_MOST = 2.0
#: Seconds a stopping server gives the bot moves being made, and each
#: connection to answer its closing: it stops within 5 seconds in all.
HALT_WAIT = 2.0
CLOSE_WAIT = 2.0
#: Seconds before moves the store failed to journal are tried again.
KEEP_AGAIN = 0.5
#: How much less of a busy core the bot and hashing threads ask than the rest (nice).
GIVE_WAY = 10


@dataclass
class Pace:
    """When a connection's next message may be read: `rate` a second, after a
    first `burst` at once (a token bucket, in debt while it floods)."""

    rate: float
    burst: float
    tokens: float = 0.0
    when: float = 0.0

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def wait(self, now: float) -> float:
        """Seconds to wait before reading one more message at `now`."""
        if self.when:
            self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        self.tokens -= 1
        return max(0.0, -self.tokens / self.rate)


@dataclass(eq=False)
class Client:
    """One connection: who it is logged in as, and where it sits or watches."""

    ws: ServerConnection
    address: str
    name: str | None = None
    token: str | None = None
    table: LiveTable | None = None
    seat: int | None = None
    #: The last step sent; None until the client says what it has (`sync`).
    #: Kept while its table is away (taken over after its process died),
    #: for it to go on from there.
    sent: int | None = -1
    turn_sent: int = -1
    #: What the last turn frame asked: (the seat's moves made, its question).
    asked: tuple[int, int] | None = None
    #: Its seat's view is to be sent once its steps are (`_flush`).
    view_due: bool = False
    outbox: asyncio.Queue[bytes | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=OUTBOX)
    )
    #: Bytes in the outbox.
    queued: int = 0
    #: Faults of ours its messages met: only the first is logged, so a client
    #: repeating a message that meets one cannot fill the log.
    faults: int = 0
    #: Its login's number (`Router.logged_in`), where servers share a Redis.
    login: int = 0

    def here(self) -> bool:
        """Whether it is connected to this process (not through another's)."""
        return True

    def send(self, frame: dict[str, Any] | bytes) -> None:
        data = frame if isinstance(frame, bytes) else msgspec.json.encode(frame)
        if self.queued + len(data) > OUTBOX_BYTES:
            self._behind(f"{self.queued} bytes")
            return
        try:
            self.outbox.put_nowait(data)
        except asyncio.QueueFull:
            self._behind(f"{OUTBOX} frames")
            return
        self.queued += len(data)

    def taken(self, data: bytes) -> None:
        """A frame left the outbox."""
        self.queued -= len(data)

    def _behind(self, how: str) -> None:
        if not self.ws.transport.is_closing():
            log.info("closing a client %s behind", how)
        self.ws.transport.abort()

    def problem(self, problem: Problem, about: str = "") -> None:
        self.send(p.reply("problem", key=problem.key, args=dict(problem.facts), about=about))


class Server:
    """Accounts, the lobby and every live table of one server process."""

    def __init__(
        self,
        store: Store,
        hasher: PasswordHasher | None = None,
        grace: float = GRACE,
        accounts: Accounts | None = None,
        pace: float = PACE,
        caps: Caps | None = None,
    ) -> None:
        self.store = store
        #: The caps on connections; None: those under the open-files limit (`gate`).
        self.caps = caps
        self.pace = pace
        #: The next move of each table that bots play for listeners, waiting its time.
        self.paced: dict[int, asyncio.TimerHandle] = {}
        self.hasher = hasher or PasswordHasher()
        self.accounts = accounts or Accounts(store, self.hasher)
        self.grace = grace
        self.tables: dict[int, LiveTable] = {}
        self.online: dict[str, Client] = {}
        #: Open connections, logged in or not (`/health`).
        self.connections = 0
        self.timers: dict[tuple[int, int], asyncio.TimerHandle] = {}
        #: The move timer of each person's seat asked to move.
        self.clocks: dict[tuple[int, int], Clock] = {}
        #: Lines said, counted by name at every process sharing the store.
        self.chat_rate = limit(store, "chat", CHAT_RATE, 10.0, refusal="online-too-fast")
        #: The lobby frame last made, and when (`on_lobby`).
        self._lobby: tuple[float, bytes | None] = (0.0, None)
        #: Tries at private tables' passwords: at most `GUESSES` a minute each.
        self.table_guesses = limit(store, "table-password", GUESSES, 60.0)
        self.background: set[asyncio.Task[None]] = set()
        self.dealing = ThreadPoolExecutor(DEAL_WORKERS, thread_name_prefix="sixdot-deal")
        self.hashing = ThreadPoolExecutor(HASH_WORKERS, "sixdot-hash", initializer=_give_way)
        self.storing = ThreadPoolExecutor(STORE_WORKERS, "sixdot-store")
        self.thinking = ThreadPoolExecutor(BOT_WORKERS, "sixdot-bot", initializer=_give_way)
        #: Every bot search here keeps to it; set at a stop, it ends them at once.
        self.limit = Limit(BOT_MOVE_MOST)
        #: Which table's bots move next, on the `thinking` threads.
        self.rota = Rota(BOT_WORKERS, self._bot_moves, BOT_BATCH)
        #: Bot work under way on the `thinking` threads, for a stop to wait on.
        self._thinking: set[Future[Any]] = set()
        #: The tables with moves played and not yet journaled, each with
        #: whether a person's move is among them (its bots may be due then).
        self._keeping: dict[LiveTable, bool] = {}
        #: The store failed the last moves: they are tried again (`_kept`).
        self._unkept = False
        #: The tables' leases, and the way to the others' tables, where other
        #: processes share the store.
        self.owners: Owners | None = None
        self.router: Router | None = None
        leases = store.leases()
        if leases is not None:
            from sixdot.server.owners import Owners  # redis-py: only for a Redis
            from sixdot.server.routes import Router

            self.owners = Owners(leases, self._lost)
            self.router = Router(leases.redis, leases.holder, self, leases.ms / 1000)

    # -- start --

    async def load(self) -> None:
        """Bring back the tables kept as waiting or playing: a game is replayed
        from its journal, and each absent person's seat gets its grace period.
        A table that cannot come back (its game gone, its journal played under
        other rules) is ended and logged: the other tables still come back.
        A table whose bots are to move goes on. On a shared store, only the
        tables whose leases this process takes: the others are played by
        other processes, and taken over once nobody holds them (`Owners.adopt`)."""
        self.rota.start()
        for record in self.store.tables([Status.WAITING, Status.PLAYING]):
            if self.owners is None or await self.owners.take(record.id):
                await self._restore(record.id)
        log.info("%d tables restored", len(self.tables))
        if self.owners is not None and self.router is not None:
            self.owners.adopt(self._live, self._restore)
            self.router.start()

    async def _restore(self, table_id: int) -> None:
        """One table brought back from the store, as kept, and played here;
        people here who sit at it (come from a process that died) are told
        it is back, and sent what they missed."""
        table = await self._revive(table_id)
        if table is None:
            if self.owners is not None:  # nothing to play: no lease to keep
                await self.owners.release(table_id)
            return
        record = table.record
        self.tables[record.id] = table
        self._lobby = (0.0, None)
        if record.status is Status.PLAYING:
            for seat, who in enumerate(record.seats):
                if who.kind is SeatKind.PERSON:
                    self._start_grace(table, seat)
            self._wind_clocks(table)
            self._want_bots(table)
        self._announce_table(table)  # to nobody yet: for the lobbies
        for client in self._waiting(table):  # none at start; some at a takeover
            if client.table is not None or client.name is None:
                continue  # attached meanwhile, by a table restored beside this one
            if self.router is not None:
                self.router.remote.pop(client, None)  # here now, not elsewhere
            client.problem(Problem.of("online-table-back", table=table.id))
            await self._attach(client, table, table.seat_of(client.name), client.sent)
        if self.router is not None:
            self.router.taken_over(table.id)

    def _waiting(self, table: LiveTable) -> list[Client]:
        """The people logged in here, at no table yet, who sit at `table` or
        asked to be attached there (come from a process that died): found by
        their names and the router's, not by a look at everyone online for
        each table (300 tables taken over looked at 600 people each)."""
        people = [seat.who for seat in table.seats if seat.kind is SeatKind.PERSON]
        named = [self.online.get(name) for name in people if name is not None]
        asked = [] if self.router is None else self.router.waiting(table.id)
        found: list[Client] = []
        for client in [*named, *asked]:
            if (
                client is not None
                and client.table is None
                and client.name is not None
                and self.online.get(client.name) is client
                and client not in found
            ):
                found.append(client)
        return found

    async def _revive(self, table_id: int) -> LiveTable | None:
        """The table as kept, its game replayed; None if it is over, or if it
        cannot come back (ended, and logged). Read and replayed on a worker
        thread, the loop free meanwhile: a takeover revives hundreds."""
        return await asyncio.to_thread(self._revived, table_id)

    def _revived(self, table_id: int) -> LiveTable | None:
        record = self.store.table(table_id)
        if record is None or record.status is Status.OVER:
            return None
        try:
            table = LiveTable(record, self.store)
            if record.status is Status.PLAYING:
                table.resume()
            else:
                table.free_nameless()
        except NotRestored as err:
            log.warning("table %d (%s) not restored: %s", record.id, record.game, err)
            self.store.set_status(record.id, Status.OVER)
            return None
        return table

    def live_elsewhere(self, table_id: int) -> bool:
        """Whether a table not played here is still live in the shared store."""
        record = self.store.table(table_id)
        return record is not None and record.status is not Status.OVER

    def _live(self) -> list[int]:
        return self.store.table_ids([Status.WAITING, Status.PLAYING])

    # -- connections --

    async def page(self, connection: ServerConnection, request: Request) -> Response | None:
        """A plain HTTP request: `/health` (how the server stands, as JSON), or
        the web client's page (`sixdot.web`), or 404. A websocket's opening
        goes on to `handle`."""
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return None
        if request.path == "/health":
            health: dict[str, Any] = {
                "status": "ok",
                "tables": len(self.tables),
                "connections": self.connections,
                "online": len(self.online),
            }
            if self.router is not None:  # and the service's, every process on the store
                health["service"] = {
                    "processes": len(self.router.processes()),
                    "online": len(await self.router.online()),
                }
            return _response(HTTPStatus.OK, msgspec.json.encode(health), "application/json")
        found = page(request.path)
        if found is None:
            return _response(HTTPStatus.NOT_FOUND, b"Not found.\n", "text/plain; charset=utf-8")
        return _response(HTTPStatus.OK, *found)

    async def handle(self, ws: ServerConnection) -> None:
        """One connection: a client of the protocol, or a browser's page (`/web`),
        whose seat the server plays through `sixdot join`'s own client mind."""
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        client = Client(ws, address)
        path = ws.request.path if ws.request is not None else "/"
        web = WebSeat(ws, path) if path.split("?")[0] == WEB_PATH else None
        if web is not None and ws.request is not None:
            await web.start(ws.request.headers.get("Host", ""))
        writer = asyncio.create_task(self._write(client, web))
        self.connections += 1
        pace = Pace(READ_RATE, READ_BURST)
        sock = ws.transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, READ_BUFFER)
        try:
            async for data in ws:
                # Paced while open; once closed, what it had sent is answered
                # without its pace, so a closing connection never waits on it.
                # Either way one message a turn of the loop: a burst, or a
                # closed flooder's backlog (hundreds of lobby requests), is
                # never answered all at once while everyone else's moves wait.
                wait = pace.wait(time.monotonic())
                open_ = ws.protocol.state is State.OPEN
                await asyncio.sleep(wait if wait > 0 and open_ else 0)
                for message in [data] if web is None else await web.read(data):
                    await self.receive(client, message)
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            await self._gone(client)
            writer.cancel()

    async def _write(self, client: Client, web: WebSeat | None) -> None:
        """Send the outbox in order (to a browser, in words); None in it means
        close after what came before."""
        with contextlib.suppress(ConnectionClosed):
            while (data := await client.outbox.get()) is not None:
                client.taken(data)
                if web is None:
                    await client.ws.send(data.decode("utf-8"))
                else:
                    await web.hear(data)
            await client.ws.close()

    async def receive(self, client: Client, data: str | bytes) -> None:
        """One message: carried out, or answered with what was wrong with it."""
        about = ""
        try:
            message = p.decode(data)
            about = str(type(message).__struct_config__.tag)
            if self.router is not None and self.router.route(client, message, data):
                return  # its table is played by another process
            await self.dispatch(client, message)
        except Problem as problem:
            client.problem(problem, about)
        except NotOwner as lost:
            self._lost(lost.table_id)
            return
        except OptionError as err:
            client.problem(Problem.of("online-bad-option", what=quoted(str(err), 100)), about)
        except Exception:  # a fault of ours: said, logged once, and the connection goes on
            client.faults += 1
            if client.faults == 1:
                log.exception(
                    "fault answering a %s message (logged once a connection)", about or "client"
                )
            client.problem(Problem.of("online-server-fault"), about)
        else:
            return
        if about == "move":
            self._ask_again(client)

    async def dispatch(self, client: Client, message: p.Message) -> None:
        handler = self._handlers().get(type(message))
        if handler is None:
            raise Problem.of("online-unknown-type", types=", ".join(p.TYPES))
        if client.name is None and type(message) not in _WITHOUT_LOGIN:
            raise Problem.of("online-log-in-first")
        await handler(client, message)

    def _handlers(self) -> dict[type, Callable[[Client, Any], Awaitable[None]]]:
        return {
            p.Hello: self.on_hello,
            p.Register: self.on_register,
            p.Login: self.on_login,
            p.Resume: self.on_resume,
            p.Logout: self.on_logout,
            p.Lobby: self.on_lobby,
            p.Who: self.on_who,
            p.Create: self.on_create,
            p.Sit: self.on_sit,
            p.Watch: self.on_watch,
            p.Leave: self.on_leave,
            p.AddBot: self.on_bot,
            p.RemoveBot: self.on_unbot,
            p.Start: self.on_start,
            p.Say: self.on_chat,
            p.Move: self.on_move,
            p.Sync: self.on_sync,
            p.Look: self.on_look,
            p.Ping: self.on_ping,
        }

    # -- accounts --

    async def on_hello(self, client: Client, message: p.Hello) -> None:
        client.send(p.reply("welcome", version=p.VERSION, games=list(present())))

    async def on_register(self, client: Client, message: p.Register) -> None:
        login = await self._on(
            self.hashing, self.accounts.register, message.name, message.password, client.address
        )
        await self._logged_in(client, login, None)

    async def on_login(self, client: Client, message: p.Login) -> None:
        """A login; one for a name many wrong passwords were tried on waits its
        turn, and is told how long (`Accounts.wait`)."""
        wait = await self._stored(self.accounts.wait, message.name, client.address)
        if wait > 0:
            client.problem(Problem.of("online-login-slowed", seconds=math.ceil(wait)), "login")
            await asyncio.sleep(wait)
        login = await self._on(
            self.hashing,
            self.accounts.login,
            message.name,
            message.password,
            client.address,
            wait > 0,
        )
        await self._logged_in(client, login, None)

    async def on_resume(self, client: Client, message: p.Resume) -> None:
        """A valid token always logs in again: players whose lines drop come
        back however often, whatever others at their address did."""
        login = await self._stored(self.accounts.resume_from, message.token, client.address)
        await self._logged_in(client, login, message.after)
        if client.name is None:  # replaced at once by a login elsewhere
            return
        if client.table is None and message.after is not None:
            client.sent = message.after  # for a table that comes back later
        if message.table is not None and client.table is None:
            if message.table not in self.tables:
                if self.router is not None and self.live_elsewhere(message.table):
                    if message.watching:
                        watch = p.reply("watch", table=message.table)
                        self.router.forward(client, message.table, "message", data=watch)
                    return  # a seat is attached by its owner (`_logged_in`)
                raise Problem.of("online-table-gone", table=message.table)  # it ended
            if message.watching:
                table = await self._enter(client, message.table, None)
                await self._attach(client, table, None, message.after)

    async def on_logout(self, client: Client, message: p.Logout) -> None:
        if client.token:
            self.accounts.logout(client.token)
        await self._gone(client)
        client.name = client.token = None
        client.send(p.reply("logged-out"))

    async def _logged_in(self, client: Client, login: Identity, after: int | None) -> None:
        if client.name is not None and client.name != login.name:
            await self._gone(client)
        overtaken = False
        if self.router is not None:  # a connection elsewhere logged in as `name` is replaced
            client.login, overtaken = await self.router.logged_in(login.name)
        earlier = self.online.get(login.name)
        if earlier is not None and earlier is not client:
            await self._replace(earlier)
        client.name, client.token = login.name, login.token
        self.online[login.name] = client
        if self.router is not None:
            self.router.present.set()
        client.send(p.reply("session", name=login.name, token=login.token))
        if overtaken:  # logged in elsewhere again as this login was numbered
            await self._replace(client)
            return
        if self.router is None:
            await self._attach_here(client, list(self.tables.values()), after)
        else:
            await self._attach_seated(client, login.name, after)

    async def _attach_here(
        self, client: Client, tables: list[LiveTable], after: int | None
    ) -> bool:
        """`client` attached to the first of `tables` where it sits, if any; whether it was."""
        for table in tables:
            seat = table.seat_of(client.name or "")
            if seat is not None and table.record.status is not Status.OVER:
                await self._attach(client, table, seat, after)
                return True
        return False

    async def _attach_seated(self, client: Client, name: str, after: int | None) -> None:
        """`client`, logged in as `name` where processes share the store, is
        attached to the table it sits at: here, or at the process that plays
        it (or will, once it takes it over), asked through its inbox. The
        tables are found by name in the store, off the loop: a look at every
        table here took 300 tables' time a login, 600 logins at a takeover."""
        assert self.router is not None
        seated = await self._stored(self.store.seated, name)
        if client.name != name or client.table is not None:
            return  # replaced meanwhile, or attached by a table taken over meanwhile
        here = [self.tables[record.id] for record in seated if record.id in self.tables]
        if await self._attach_here(client, here, after):
            return
        for record in seated:
            if record.id not in self.tables:
                self.router.forward(client, record.id, "attach", after=after)
                return

    def replaced(self, name: str, login: int | None, client: Client | None = None) -> None:
        """`name` logged in at another process, as its login number `login`:
        the connection here logged in as `name` before that (or `client`,
        whose table's owner replaced it), if any, is replaced."""
        earlier = self.online.get(name) if client is None else client
        if earlier is None or not earlier.here() or earlier.name != name:
            return
        if login is None or earlier.login < login:
            self._later(self._replace(earlier))

    async def _replace(self, earlier: Client) -> None:
        """`earlier` is logged in no more: its account logged in elsewhere."""
        if earlier.name is None:  # replaced already (told by its table's owner, and by the login)
            return
        earlier.problem(Problem.of("online-replaced"))
        await self._gone(earlier)
        earlier.name = None
        with contextlib.suppress(asyncio.QueueFull):
            earlier.outbox.put_nowait(None)

    # -- lobby --

    async def on_lobby(self, client: Client, message: p.Lobby) -> None:
        """The tables (one frame made for everyone asking within `LOBBY_FRESH`
        seconds, and anew whenever a table changes); who is online, to people
        logged in only."""
        made, frame = self._lobby
        now = time.monotonic()
        if frame is None or now - made > LOBBY_FRESH:
            frame = p.reply("lobby", tables=await self._lobby_tables())
            self._lobby = (now, frame)
        client.send(frame)
        if client.name is not None:
            client.send(p.reply("online", names=await self._online()))

    async def on_who(self, client: Client, message: p.Who) -> None:
        client.send(p.reply("online", names=await self._online()))

    async def _online(self) -> list[str]:
        """Who is logged in: here, or at any server sharing the store."""
        if self.router is not None:
            return await self.router.online()
        return sorted(self.online)

    def here(self) -> list[str]:
        """The names logged in at this process (not through another)."""
        return [name for name, client in self.online.items() if client.here()]

    async def on_create(self, client: Client, message: p.Create) -> None:
        assert client.name is not None
        name = client.name
        self._not_at_table(client)
        try:
            game = get_game(message.game)
        except UnknownGame:
            raise Problem.of(
                "online-unknown-game", game=quoted(message.game), games=", ".join(present())
            ) from None
        lock = None
        # A password makes a table private, whatever the flag says: never a
        # password the host believes guards a table anyone may enter.
        if message.private or message.password:
            if not message.password:
                raise Problem.of("online-private-needs-password")
            lock = await self._on(self.hashing, self.hasher.hash, message.password)
            self._still(client, name)
        record = new_record(
            game,
            message.players or game.rules.default_players,
            dict(message.options),
            message.level or DEFAULT_LEVEL,
            name,
            lock,
            message.timer or 0,
        )
        table_id = self.store.add_table(record)
        if self.owners is not None:  # its lease was taken with it
            self.owners.keep(table_id)
        table = LiveTable(self.store.table(table_id) or record, self.store)
        self.tables[table_id] = table
        seat = table.sit(name, 0)
        await self._attach(client, table, seat, None)

    async def on_sit(self, client: Client, message: p.Sit) -> None:
        assert client.name is not None
        name = client.name
        table = await self._enter(client, message.table, message.password)
        async with table.lock:
            self._still(client, name, table)
            seat = table.sit(name, None if message.seat is None else message.seat - 1)
        await self._attach(client, table, seat, None)

    async def on_watch(self, client: Client, message: p.Watch) -> None:
        name = client.name
        table = await self._enter(client, message.table, message.password)
        self._still(client, name, table)
        await self._attach(client, table, None, None)

    def _still(self, client: Client, name: str | None, table: LiveTable | None = None) -> None:
        """After a wait (a password hashed, a table's lock), the request goes
        on only if `client` is still logged in as `name` and `table` is still
        open: a login elsewhere meanwhile took the connection's name (a seat
        once went to nobody, a table to no host), or the table ended."""
        if client.name != name:
            raise Problem.of("online-log-in-first")
        if table is not None and self.tables.get(table.id) is not table:
            raise Problem.of("online-no-such-table", table=table.id)

    async def _enter(self, client: Client, table_id: int, password: str | None) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            raise Problem.of("online-no-such-table", table=table_id)
        if client.table is not None and client.table is not table:
            self._not_at_table(client)
        lock = table.record.lock
        if lock is not None and (client.name is None or table.seat_of(client.name) is None):
            if not password:
                raise Problem.of("online-table-private", table=table_id)
            # Guessing is limited as logins are: by account and by address, and
            # a refused guess costs a hash, off the event loop.
            await self._stored(self.table_guesses.attempt, f"name:{client.name}")
            await self._stored(self.table_guesses.attempt, f"address:{client.address}")
            try:
                await self._on(self.hashing, self.hasher.verify, lock, password or "")
            except (VerificationError, InvalidHashError):
                raise Problem.of("online-table-password", table=table_id) from None
        return table

    async def on_leave(self, client: Client, message: p.Leave) -> None:
        table = client.table
        if table is None:
            raise Problem.of("online-not-at-table")
        async with table.lock:
            if client.seat is not None and table.match is None:
                assert client.name is not None
                table.stand(client.name)
            elif client.seat is not None:
                table.stand_in(client.seat, present=False, left=True)
        self._detach(client)
        client.send(p.reply("left", table=table.id))
        if table.record.status is Status.OVER:  # the last person left a table not started
            self._finish(table)
            return
        self._announce_table(table)
        if table.match is not None:
            self._play_on(table)

    async def on_bot(self, client: Client, message: p.AddBot) -> None:
        table = self._hosted(client)
        async with table.lock:
            table.add_bot(None if message.seat is None else message.seat - 1, message.level)
        self._announce_table(table)

    async def on_unbot(self, client: Client, message: p.RemoveBot) -> None:
        table = self._hosted(client)
        async with table.lock:
            table.remove_bot(message.seat - 1)
        self._announce_table(table)

    async def on_start(self, client: Client, message: p.Start) -> None:
        table = self._hosted(client)
        async with table.lock:
            await self._on(self.dealing, table.start)
        self._announce_table(table)
        self._play_on(table)

    async def on_chat(self, client: Client, message: p.Say) -> None:
        assert client.name is not None
        text = visible(" ".join(message.text.split()))
        if not text:
            raise Problem.of("online-empty-chat")
        await self._stored(self.chat_rate.attempt, client.name)
        to = message.to or ("table" if client.table else "lobby")
        if to == "table":
            table = client.table
            if table is None:
                raise Problem.of("online-not-at-table")
            self.store.append(table.id, Entry(EntryKind.CHAT, client.seat, client.name, text))
            frame = p.reply("chat", to="table", table=table.id, name=client.name, text=text)
            for other in self._at(table):
                other.send(frame)
        elif to == "lobby":
            said = p.reply("chat", to="lobby", name=client.name, text=text)
            self.lobby_chat(said)
            if self.router is not None:
                self.router.lobby_chat(said)
        else:
            raise Problem.of("online-bad-chat-place", to=quoted(to))

    def lobby_chat(self, said: bytes) -> None:
        """A line said to the lobby, to everyone logged in here (not those
        here through another process: it tells them itself)."""
        for other in list(self.online.values()):
            if self.router is None or other.here():
                other.send(said)

    # -- play --

    async def on_move(self, client: Client, message: p.Move) -> None:
        table = client.table
        if table is None or client.seat is None:
            raise Problem.of("online-not-seated", table=table.id if table else 0)
        assert client.name is not None
        # Checked here on the loop, not on a thread: it takes a fraction of a
        # millisecond, and a trip to a thread would wait on the interpreter's
        # lock behind a bot's search.
        async with table.lock:
            try:
                refusal = table.submit(client.name, message.move, message.turn)
            except NotationError:
                raise Problem.of("online-not-a-move", move=quoted(message.move)) from None
        if refusal is not None:
            client.send(refusal_frame(table.codec, table.id, visible(message.move), refusal))
            self._ask_again(client)
            return
        self._keep(table, person=True)

    def _ask_again(self, client: Client) -> None:
        """After a move of `client`'s was refused or could not be taken, its
        seat's turn is sent again if it is still asked: the client gives up a
        turn while its move is on its way, and so always gets it back."""
        client.turn_sent = -1
        self._flush(client)

    async def on_ping(self, client: Client, message: p.Ping) -> None:
        client.send(p.reply("pong", seq=message.seq))

    async def on_sync(self, client: Client, message: p.Sync) -> None:
        if client.table is None:
            raise Problem.of("online-not-at-table")
        client.sent = max(-1, message.after)
        client.turn_sent = -1
        self._flush(client)

    async def on_look(self, client: Client, message: p.Look) -> None:
        """The seat's view now (a watcher's: the public facts alone), after any
        steps it has not had, so that the two agree."""
        table = client.table
        if table is None:
            raise Problem.of("online-not-at-table")
        if table.match is None:
            raise Problem.of("online-not-started", table=table.id)
        async with table.lock:  # no move is made between the steps and the view
            self._flush(client)
            state = table.match.state
            client.send(view_frame(table.codec, table.id, client.sent, client.seat, state))

    def _play_on(self, table: LiveTable) -> None:
        """Everyone at `table` is sent what is new; if its bots are to move, they will."""
        self._send_new(table)
        self._want_bots(table)

    def _keep(self, table: LiveTable, person: bool) -> None:
        """`table`'s moves played and not yet journaled are journaled, then
        sent (and, after a person's, its bots move): with every other
        table's of this turn of the loop, in one write (`_kept`)."""
        if not self._keeping:
            asyncio.get_running_loop().call_soon(self._kept)
        self._keeping[table] = self._keeping.get(table, False) or person

    def _kept(self) -> None:
        """Journal the moves `_keep` was told of, all in one write to the
        store: on Redis one round trip and one fsync for them all, where each
        move's own had held the loop up. A table whose lease was lost meanwhile
        is dropped here; a store that fails is said in the log, and the moves
        are tried again a moment later (none is sent before it is kept)."""
        keeping, self._keeping = self._keeping, {}
        batch = [
            (table, *table.unkept()) for table in keeping if self.tables.get(table.id) is table
        ]
        try:
            refused = self.store.append_all(
                [(table.id, line) for table, _, lines in batch for line in lines]
            )
        except StoreError as err:
            if not self._unkept:  # said once until it is done again: not twice a second
                log.error("moves not journaled, tried again until they are: %s", err)
            self._unkept = True
            loop = asyncio.get_running_loop()
            for table, _, _ in batch:
                loop.call_later(KEEP_AGAIN, self._keep, table, keeping[table])
            return
        if self._unkept:
            log.warning("moves journaled again")
            self._unkept = False
        for table, moves, _ in batch:
            if table.id in refused:
                self._lost(table.id)  # its lease lost: the table is not played here now
                continue
            table.kept(moves)
            if keeping[table]:
                self._play_on(table)
            else:
                self._send_new(table)

    def _want_bots(self, table: LiveTable) -> None:
        """A bot (or a stand-in) of `table` is to move: it moves in its turn on
        the rota, or, at a table played for listeners, when its `pace` is up."""
        if table.id in self.tables and table.bot_due and table.id not in self.paced:
            self.rota.want(table.id, table.record.host)

    async def _bot_moves(self, table_ids: list[int], played: Callable[[int, Played], None]) -> None:
        """A bot move at each table, in order, in one trip to a bot thread (a
        table gone has none), each told to `played` as soon as it is made.

        Each move is journaled and sent from the loop as it comes (`_keep`),
        not at the trip's end, so a slow move holds up no step made before it. The trip
        starts no move once it has taken `BOT_TRIP` seconds, or the server
        stops: the tables not reached are not told.
        """
        held: dict[int, LiveTable] = {}
        try:
            for table_id in table_ids:
                table = self.tables.get(table_id)
                if table is None or table.match is None:
                    played(table_id, Played(False, 0.0))
                    continue
                await table.lock.acquire()
                held[table_id] = table

            def moved(made: tuple[LiveTable, float | None]) -> None:
                table, seconds = made
                del held[table.id]
                table.lock.release()
                if seconds is not None:  # else a fault: no more bot moves here
                    self._keep(table, person=False)
                played(
                    table.id,
                    Played(False, 0.0) if seconds is None else self._bot_moved(table, seconds),
                )

            handback = Handback(asyncio.get_running_loop(), moved)
            try:
                await self._think(_bot_moves, list(held.values()), handback, self.limit.halt)
            finally:
                handback.drain()
        finally:
            for table in held.values():
                table.lock.release()

    def _bot_moved(self, table: LiveTable, seconds: float) -> Played:
        """A bot move of `table` made, to be sent once journaled (`_keep`).

        At a table no person plays, while anyone is there to hear (a watcher,
        a player whose seat a bot stands in for), the next move waits `pace`
        seconds, so each is heard; with nobody there the game plays on, a
        move each time the rota comes round to it.
        """
        more = table.id in self.tables and table.bot_due
        if more and table.unattended and self._at(table):
            self.paced[table.id] = asyncio.get_running_loop().call_later(
                self.pace, self._next_paced, table
            )
            more = False
        return Played(more, seconds)

    def _next_paced(self, table: LiveTable) -> None:
        del self.paced[table.id]
        self._want_bots(table)

    async def _on(self, pool: ThreadPoolExecutor, work: Callable[..., Any], *args: Any) -> Any:
        """`work(*args)` on one of `pool`'s threads; refused once the server is stopping."""
        if self.limit.halt.is_set():
            raise Problem.of("online-stopping")
        return await asyncio.get_running_loop().run_in_executor(pool, work, *args)

    async def _stored(self, work: Callable[..., Any], *args: Any) -> Any:
        """`work(*args)`, a few calls to the store: on a thread where each is
        a round trip over the network (`Store.remote`), else here at once."""
        if not self.store.remote:
            return work(*args)
        return await self._on(self.storing, work, *args)

    async def _think(self, work: Callable[..., Any], *args: Any) -> Any:
        """`work(*args)` on a bot thread, under the server's `limit`; kept
        track of until it ends, so that a stopping server can wait for it."""
        future = self.thinking.submit(_limited, self.limit, work, *args)
        self._thinking.add(future)
        future.add_done_callback(self._thinking.discard)
        return await asyncio.wrap_future(future)

    async def halt(self) -> None:
        """Stop bots at once, as the server stops: no timer fires, no bot move
        starts, every search under way stops drawing deals, and the moves being
        made are given `HALT_WAIT` seconds in all to be journaled. Hashes not
        begun are dropped (their connections are closing), and work asked
        from now on is refused."""
        self.limit.halt.set()
        for handle in [*self.paced.values(), *self.timers.values()]:
            handle.cancel()
        for clock in self.clocks.values():
            clock.stop()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + HALT_WAIT
        await self.rota.halt(HALT_WAIT)
        running = [asyncio.wrap_future(future) for future in list(self._thinking)]
        if running:
            await asyncio.wait(running, timeout=max(0.0, deadline - loop.time()))
        self._kept()  # the moves made, journaled now: none waits for a turn of the loop
        for pool in (self.thinking, self.hashing, self.storing):
            pool.shutdown(wait=False, cancel_futures=True)
        if self.router is not None:
            await self.router.close()
        if self.owners is not None:  # nothing more is written: the others may take the tables
            await self.owners.close()

    def close(self) -> None:
        """The threads end once their work is done (connections are closed)."""
        for pool in (self.dealing, self.hashing, self.thinking, self.storing):
            pool.shutdown(wait=False, cancel_futures=True)

    def _send_new(self, table: LiveTable) -> None:
        """Everyone at `table` is sent the steps they have not had; a game over ends it."""
        for client in self._at(table):
            self._flush(client)
        if table.record.status is Status.OVER:
            self._finish(table)
        else:
            self._wind_clocks(table)

    # -- the move timer --

    def _wind_clocks(self, table: LiveTable) -> None:
        """Each person asked to move has a running clock, if the table has a
        timer; a seat no longer asked (a bot stands in, say) has none.

        Each move has the whole time: the clock starts again whenever the seat
        is asked something new, after others moved or after a move of its own
        (a challenge answered, then the discard). A question it was already
        asked since others last moved (a card chosen, then taken back) goes on
        against the clock it had, so nobody can hold a table up for ever.
        """
        timer = table.record.timer
        asked = set(table.waiting_for()) if timer else set()
        for seat in [s for t, s in self.clocks if t == table.id and s not in asked]:
            self._stop_clock(table.id, seat)
        for seat in asked:
            others, made = table.others_moved(seat), table.made[seat]
            clock = self.clocks.get((table.id, seat))
            if clock is not None and (clock.others, clock.made) == (others, made):
                continue  # nothing new for this seat
            question = table.question(seat)
            turn = clock.asked if clock is not None and clock.others == others else frozenset()
            if question in turn and clock is not None:
                clock.made = made  # asked again what it was asked before: the same clock
                continue
            self._stop_clock(table.id, seat)
            self._start_clock(table, seat, Clock(others, made, turn | {question}))

    def _start_clock(self, table: LiveTable, seat: int, clock: Clock) -> None:
        timer = table.record.timer
        warning = warning_at(timer)
        loop = asyncio.get_running_loop()
        self.clocks[table.id, seat] = clock
        clock.handles += [
            loop.call_later(timer - warning, self._warn, table, seat, warning),
            loop.call_later(timer, self._expire, table, seat, clock),
        ]

    def _stop_clock(self, table_id: int, seat: int) -> None:
        clock = self.clocks.pop((table_id, seat), None)
        if clock is not None:
            clock.stop()

    def _expire(self, table: LiveTable, seat: int, clock: Clock) -> None:
        self._later(self._time_up(table, seat, clock))

    def _warn(self, table: LiveTable, seat: int, left: int) -> None:
        for client in self._at(table):
            if client.seat == seat:
                client.send(p.reply("time-warning", table=table.id, seat=seat, left=left))

    async def _time_up(self, table: LiveTable, seat: int, clock: Clock) -> None:
        """The seat's time ran out: the table's bot moves for it, and it is told
        which move. Not if the seat moved meanwhile (its clock was stopped, or
        a new one runs for its next move)."""
        if table.id not in self.tables:
            return
        async with table.lock:
            if self.clocks.get((table.id, seat)) is not clock:
                return
            del self.clocks[table.id, seat]
            move = await self._think(table.play_for, seat)
        if move is not None:
            for client in self._at(table):
                if client.seat == seat:
                    client.send(p.reply("time-up", table=table.id, seat=seat, move=move))
        self._keep(table, person=True)

    def _flush(self, client: Client, view: bool = False) -> None:
        """Send `client` the steps of its stream after the last it has, then its turn.

        A seat coming back to a game under way (`view`) is sent what it holds
        before its turn, so its player hears their hand as a resumed local game says it;
        with a move still being journaled, once it is kept and sent.
        """
        table = client.table
        if table is None or table.match is None or client.sent is None:
            return  # a table not started has no view: its deal says the hands
        client.view_due = client.view_due or view
        stream = table.stream(client.seat)
        end = min(len(stream), table.sendable)
        for seq in range(client.sent + 1, end):
            client.send(step_frame(table.codec, table.id, seq, stream[seq]))
        client.sent = max(client.sent, end - 1)
        if end < len(stream):  # a move not yet journaled: sent, with the turn, once it is
            return
        if client.seat is not None:
            table.heard[client.seat] = client.sent
        if client.view_due and client.seat is not None:
            client.view_due = False
            state = table.match.state
            client.send(view_frame(table.codec, table.id, client.sent, client.seat, state))
        if client.seat in table.waiting_for() and client.turn_sent != client.sent:
            # Asked again only when the question changed, or when the client
            # needs it again (`turn_sent` -1): a bot's move at a table where a
            # person chooses at the same time (Consonants' pass) is no reason
            # to say the person's prompt once more.
            asked = (table.made[client.seat], table.question(client.seat))
            if client.turn_sent == -1 or asked != client.asked:
                client.asked = asked
                state, turn = table.match.state, table.made[client.seat]
                client.send(
                    turn_frame(table.codec, table.id, client.sent, client.seat, state, turn)
                )
            client.turn_sent = client.sent

    def _finish(self, table: LiveTable) -> None:
        """A game over leaves the lobby; its record and journal stay in the store."""
        self._drop(table)
        self._announce_table(table)
        for client in self._at(table):
            self._detach(client)
        self._unrelay(table.id)
        if self.router is not None:
            self.router.over(table.id)

    def _lost(self, table_id: int) -> None:
        """The table is not played here as it stands: its lease ran out under
        this process (Redis out of reach, or this process paused), or a write
        was refused or not answered. Dropped here at once; its people here
        wait for it to be back, rebuilt from its journal, here or elsewhere."""
        table = self.tables.get(table_id)
        if table is None:
            return
        log.warning("table %d dropped: its lease lost, or a write not done", table_id)
        self._drop(table)
        assert self.router is not None
        self._unrelay(table_id)
        for client in self._at(table):  # connections here: they wait for the table to be back
            self._place(client, None, None)  # its `sent` kept, to go on from
            self.router.wait(client, table_id)

    def _unrelay(self, table_id: int) -> None:
        """The connections through other processes at a table played here no
        more are not online here any more either: they are their gateways'."""
        if self.router is None:
            return
        for client in self.router.forget(table_id):
            if client.name is not None and self.online.get(client.name) is client:
                del self.online[client.name]

    def _drop(self, table: LiveTable) -> None:
        """Nothing more of `table` is done here: no timer, clock or bot of it,
        and its lease, if this process still holds it, given up."""
        self.tables.pop(table.id, None)
        self._lobby = (0.0, None)
        if self.owners is not None:
            self._later(self.owners.release(table.id))
        for key in [k for k in self.timers if k[0] == table.id]:
            self.timers.pop(key).cancel()
        for _, seat in [k for k in self.clocks if k[0] == table.id]:
            self._stop_clock(table.id, seat)
        paced = self.paced.pop(table.id, None)
        if paced is not None:
            paced.cancel()
        self.rota.forget(table.id)

    # -- seats and presence --

    async def _attach(
        self, client: Client, table: LiveTable, seat: int | None, after: int | None
    ) -> None:
        """`client` is at `table` now (in `seat`, or watching); it is sent the
        table, then its stream after `after` (everything, for a newcomer)."""
        if client.table is not None and client.table is not table:
            self._detach(client)
        self._place(client, table, seat)
        # A seat back from another window missed what came after the last
        # step its person was sent, here or there.
        heard = table.heard.get(seat) if after is None and seat is not None else None
        # What it missed, or the game so far: its newest `RECENT` steps at most.
        newest = table.last
        start = after if after is not None else heard
        client.sent = max(-1 if start is None else start, newest - RECENT, -1)
        client.turn_sent = -1
        if seat is not None:
            timer = self.timers.pop((table.id, seat), None)
            if timer is not None:
                timer.cancel()
            async with table.lock:
                table.stand_in(seat, present=True)
        facts = self._table_facts(table)
        client.send(p.reply("table", you=seat, table=facts, heard=heard))
        self._announce_table(table, facts, but=client)
        async with table.lock:  # no bot's move half made: the view agrees with the steps
            self._flush(client, view=seat is not None)

    def _detach(self, client: Client) -> None:
        self._place(client, None, None)
        client.sent = -1
        client.view_due = False

    @staticmethod
    def _place(client: Client, table: LiveTable | None, seat: int | None) -> None:
        """`client` at `table` in `seat` (None: watching), or at no table;
        the table's own list of who is at it (`LiveTable.present`) kept with it."""
        if client.table is not None:
            client.table.present.pop(client, None)
        client.table, client.seat = table, seat
        if table is not None:
            table.present[client] = None

    async def _gone(self, client: Client) -> None:
        """A connection closed or logged out: its seat waits out the grace period."""
        if self.router is not None:
            self.router.gone(client)
        if client.name is not None and self.online.get(client.name) is client:
            del self.online[client.name]
            if self.router is not None and client.here():
                self.router.present.set()
        table, seat = client.table, client.seat
        self._detach(client)
        if table is not None and seat is not None and table.match is not None:
            self._start_grace(table, seat)
        if table is not None and table.id in self.tables:
            self._announce_table(table)

    def _start_grace(self, table: LiveTable, seat: int) -> None:
        def expire() -> None:
            self.timers.pop((table.id, seat), None)
            if table.id in self.tables and not self._seated_client(table, seat):
                self._later(self._stand_in(table, seat))

        old = self.timers.pop((table.id, seat), None)
        if old is not None:
            old.cancel()
        self.timers[table.id, seat] = asyncio.get_running_loop().call_later(self.grace, expire)

    async def _stand_in(self, table: LiveTable, seat: int) -> None:
        async with table.lock:
            table.stand_in(seat, present=False)
        self._announce_table(table)
        self._play_on(table)

    async def relayed(
        self, client: Relayed, table: LiveTable, attach: bool, after: int | None, notice: bool
    ) -> None:
        """A connection to another process at `table` (`routes.py`): online
        here as its account; attached to the table when it asks, or when it
        sits there and is not attached yet (its table taken over by this
        process, and its message waited meanwhile), told it is back if it
        asks with a `notice`. Asked so once attached here (its gateway both
        heard the table is back and had it ask when its table was dropped
        there), it is told once and not attached again: every frame since
        went its way."""
        assert client.name is not None
        earlier = self.online.get(client.name)
        if earlier is not client:
            if earlier is not None:
                await self._replace(earlier)
            self.online[client.name] = client
        seat = table.seat_of(client.name)
        if notice and not client.told:
            client.problem(Problem.of("online-table-back", table=table.id))
            client.told = True
        if notice and client.table is table:
            return
        if attach or (client.table is None and seat is not None):
            await self._attach(client, table, seat, after)

    async def relayed_gone(self, client: Client) -> None:
        await self._gone(client)

    def _seated_client(self, table: LiveTable, seat: int) -> bool:
        return any(c.table is table and c.seat == seat for c in self.online.values())

    def _later(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(self._owned(work))
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _owned(self, work: Awaitable[Any]) -> None:
        """`work`, a table of which is dropped if another process plays it now."""
        try:
            await work
        except NotOwner as lost:
            self._lost(lost.table_id)

    # -- helpers --

    def _at(self, table: LiveTable) -> list[Client]:
        """The connections logged in here at `table`."""
        return [c for c in table.present if c.table is table and self.online.get(c.name) is c]

    def _not_at_table(self, client: Client) -> None:
        if client.table is not None:
            raise Problem.of("online-at-table", table=client.table.id)
        elsewhere = None if self.router is None else self.router.at(client)
        if elsewhere is not None:
            raise Problem.of("online-at-table", table=elsewhere)

    def _hosted(self, client: Client) -> LiveTable:
        table = client.table
        if table is None:
            raise Problem.of("online-not-at-table")
        if table.record.host != client.name:
            raise Problem.of("online-not-host", host=table.record.host)
        return table

    def _table_facts(self, table: LiveTable) -> dict[str, Any]:
        connected = {c.seat for c in self._at(table) if c.seat is not None}
        stand_ins = {s for s, stream in table.streams.items() if stream.stand_in is not None}
        watchers = sum(1 for c in self._at(table) if c.seat is None)
        return _facts(table.record, connected, stand_ins, table.left, watchers, table.last)

    async def _lobby_tables(self) -> list[dict[str, Any]]:
        """The facts of every live table: this process's, and on a shared
        store the others' as their owners wrote them (`Router.changed`), or
        where those are not there or behind the record (who sits where, the
        status), as their records have them."""
        tables = [self._table_facts(t) for t in self.tables.values()]
        if self.router is not None:
            live = self.store.tables([Status.WAITING, Status.PLAYING])
            elsewhere = [r for r in live if r.id not in self.tables]
            written = await self.router.facts_of([r.id for r in elsewhere])
            for record in elsewhere:
                facts = _facts(record)
                owners = written.get(record.id)
                if owners is not None and _same_seats(owners, facts):
                    facts = owners
                tables.append(facts)
            tables.sort(key=lambda facts: facts["id"])
        return tables

    def _announce_table(
        self, table: LiveTable, facts: dict[str, Any] | None = None, but: Client | None = None
    ) -> None:
        """Tell everyone at `table` (`but` one, told already) how it stands;
        the lobby is made anew for the next who asks."""
        self._lobby = (0.0, None)
        facts = facts or self._table_facts(table)
        if self.router is not None and table.id in self.tables:
            self.router.changed(table.id, facts)
        for client in self._at(table):
            if client is not but:
                client.send(p.reply("table", you=client.seat, table=facts))


def _same_seats(facts: dict[str, Any], record: dict[str, Any]) -> bool:
    """Whether a table's `facts` say what its `record`'s do of who sits
    where and how the game stands (the owner's may be a moment behind)."""
    seated = [(s["kind"], s["who"]) for s in facts["seats"]]
    return facts["status"] == record["status"] and seated == [
        (s["kind"], s["who"]) for s in record["seats"]
    ]


def _facts(
    record: TableRecord,
    here: Collection[int] = (),
    stand_ins: Collection[int] = (),
    left: Collection[int] = (),
    watchers: int = 0,
    last: int = -1,
) -> dict[str, Any]:
    """A table as the lobby and its people are told of it: its record, and
    which seats' people are `here`, played by a bot standing in, or `left`."""
    return {
        "id": record.id,
        "game": record.game,
        "players": record.players,
        "host": record.host,
        "status": record.status.value,
        "private": record.lock is not None,
        "level": record.level,
        "options": dict(record.options),
        "seats": [
            {
                "kind": seat.kind.value,
                "who": seat.who,
                "here": index in here,
                "bot_playing": index in stand_ins,
                "left": index in left,
            }
            for index, seat in enumerate(record.seats)
        ],
        "watchers": watchers,
        "last": last,
        "timer": record.timer,
        "warning": warning_at(record.timer) if record.timer else 0,
    }


@dataclass(eq=False)
class Clock:
    """A seat's move timer: the warning and the end, stopped together; how
    many moves the other seats and the seat itself had made when it was last
    looked at; and the questions the seat was asked since others last moved
    (`LiveTable.question`)."""

    others: int
    made: int
    asked: frozenset[int]
    handles: list[asyncio.TimerHandle] = field(default_factory=list)

    def stop(self) -> None:
        for handle in self.handles:
            handle.cancel()


_WITHOUT_LOGIN = frozenset({p.Hello, p.Register, p.Login, p.Resume, p.Lobby, p.Ping})


@dataclass(frozen=True)
class Listening:
    """Where a started server listens."""

    host: str
    port: int
    secure: bool

    @property
    def url(self) -> str:
        return f"{'wss' if self.secure else 'ws'}://{self.host}:{self.port}"


async def run(
    where: Path | str,
    host: str = "127.0.0.1",
    port: int = 8765,
    tls: ssl.SSLContext | None = None,
    started: Callable[[Listening], None] | None = None,
    stop: asyncio.Event | None = None,
    server: Server | None = None,
    own_process: bool = False,
    lease: float = LEASE,
) -> None:
    """Serve until `stop` is set (or forever): load the tables, listen, answer.

    `where`: the store's folder (SQLite), or a Redis by its URL (`open_store`),
    whose tables this process plays while it holds their leases, each `lease`
    seconds long (`owners.py`); `server`: one made already, on its own store.
    `own_process`: the process is the server's alone (`sixdot serve`), so its
    garbage collector is tuned for it (`settle_collector`) once the tables are in.
    """
    with holding(where):
        await _serve(where, host, port, tls, started, stop, server, own_process, lease)


async def _serve(
    where: Path | str,
    host: str,
    port: int,
    tls: ssl.SSLContext | None,
    started: Callable[[Listening], None] | None,
    stop: asyncio.Event | None,
    server: Server | None,
    own_process: bool,
    lease: float,
) -> None:
    store = open_store(where, lease) if server is None else server.store
    server = server or Server(store)
    files = raise_file_limit() if own_process else file_limit()
    online = server.online
    gate = Gate(server.caps or Caps.under(files), lambda: len(online))
    await server.load()
    if own_process:
        settle_collector()
    # No permessage-deflate: frames are small, compressing each costs more CPU
    # than it saves, and chat a client chooses would share a compression
    # context with the cards of its seat (a size side channel, as in BREACH).
    async with serve(
        server.handle,
        host,
        port,
        ssl=tls,
        max_size=FRAME_LIMIT,
        max_queue=16,
        compression=None,
        process_request=server.page,
        create_connection=GatedConnection.through(gate),
        close_timeout=CLOSE_WAIT,
    ) as listener:
        bound = listener.sockets[0].getsockname()
        if started is not None:
            started(Listening(host, int(bound[1]), tls is not None))
        try:
            await (stop or asyncio.Event()).wait()
        finally:
            await server.halt()
            await _close_all(listener)
    gate.close()
    server.close()
    store.close()


async def _close_all(listener: WebSocketServer) -> None:
    """Listen no more, and close every connection, each given `CLOSE_WAIT`
    seconds; one not done by then (its peer reads nothing, and websockets'
    closing waits for the peer to take what was sent first) is cut."""
    listener.close(close_connections=False)

    async def close(connection: ServerConnection) -> None:
        try:
            await asyncio.wait_for(connection.close(CloseCode.GOING_AWAY), CLOSE_WAIT)
        except TimeoutError:
            connection.transport.abort()

    closing = [asyncio.ensure_future(close(c)) for c in listener.connections]
    if closing:
        await asyncio.wait(closing)


def _give_way() -> None:
    """A thread whose work may wait (bots, hashing) gives way on a busy core
    to the loop and people's moves: niced by `GIVE_WAY` (Linux sets it per
    thread; elsewhere the thread stays as it is)."""
    if sys.platform == "linux":
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), GIVE_WAY)


def _limited(limit: Limit, work: Callable[..., Any], *args: Any) -> Any:
    """`work(*args)`, its bot searches kept to `limit` (on a bot thread)."""
    with limited(limit):
        return work(*args)


class Handback(Generic[T]):
    """What a worker thread hands the loop, item by item as it comes, to
    `take` there: one wake-up of the loop for all the items that come while
    it is busy, as each wake-up costs the thread a wait for the interpreter's
    lock. `put` on the thread; `drain` on the loop takes what is left.

    No item is missed: `put` adds its item before it looks whether a drain
    is due, and `drain` marks none due before it takes what there is."""

    def __init__(self, loop: asyncio.AbstractEventLoop, take: Callable[[T], None]) -> None:
        self._loop = loop
        self._take = take
        self._ready: deque[T] = deque()
        self._due = False

    def put(self, item: T) -> None:
        self._ready.append(item)
        if not self._due:
            self._due = True
            self._loop.call_soon_threadsafe(self.drain)

    def drain(self) -> None:
        self._due = False
        while self._ready:
            self._take(self._ready.popleft())


def _bot_moves(
    tables: list[LiveTable],
    handback: Handback[tuple[LiveTable, float | None]],
    halt: threading.Event,
) -> None:
    """One bot move at each table, in order, each handed back with the seconds
    of this thread's time it took (None: a fault, logged), until `BOT_TRIP`
    seconds are up or the server stops (`halt`). On a bot thread."""
    started = time.perf_counter()
    for index, table in enumerate(tables):
        if halt.is_set() or (index and time.perf_counter() - started > BOT_TRIP):
            return
        begun = time.thread_time()
        try:
            table.advance(1)
        except Exception:  # a fault of ours: logged, and the other tables go on
            log.exception("fault in a bot move at table %d", table.id)
            handback.put((table, None))
        else:
            handback.put((table, time.thread_time() - begun))


def _response(status: HTTPStatus, body: bytes, kind: str) -> Response:
    headers = Headers(
        [
            ("Content-Type", kind),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-cache"),
            ("X-Content-Type-Options", "nosniff"),
        ]
    )
    return Response(status.value, status.phrase, headers, body)


def settle_collector() -> None:
    """Keep the garbage collector's pauses out of every table's moves.

    Measured (issue 21's benchmark, 200 tables): with the default thresholds
    full collections of some 283k objects took 12 to 83 ms each, holding up
    every table at once, and made the p99 of a move.
    What is alive once the tables are loaded (modules, word lists, restored
    games) lives as long as the server, so it is frozen out of collections,
    and the young generation is collected after 50,000 allocations instead of
    700, so the older ones, and full collections, come far less often.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def tls_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    """A server TLS context from a certificate and its key (OSError, ssl.SSLError)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    return context
