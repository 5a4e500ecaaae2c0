"""Whose bots move next: the tables' bot moves, shared out fairly (issue 34).

Bots think on worker threads of their own, fewer than the cores, apart from
those that take people's moves and hash passwords, so no number of tables of
slow bots keeps a person's move, a login or the lobby waiting. The rota says
which table's bot moves next on them:

- a table asks for one bot move at a time (`want`), and asks again once it is
  played, so a whole game never holds a thread;
- at most one move of one host's tables is made at a time;
- the next move goes to the waiting table whose host's tables have had the
  least bot time lately (seconds, halving every `HALF_LIFE`), the longest
  waiting first among equals: an account with many tables of slow bots gets
  no more time than an account with one, and a table of quick bots beside
  them waits for one move at most.

A worker is given the next moves in that order, up to `batch` of them, one
a host, for one trip to its thread: a random bot's move takes microseconds,
the trip far more (profiled, issue 34: at one move a trip the bot thread
spent its time waiting for the interpreter's lock, to journal each move and
hand it back to a busy loop, while tables waited for their bots). The worker
makes them in order, each told as soon as it is made, and may stop short
(its time for a trip is up, or the server stops): the tables not reached
keep their places for the next trip.
"""

from __future__ import annotations

import asyncio
import functools
import heapq
import itertools
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

#: Seconds in which the bot time an account had counts half as much.
HALF_LIFE = 10.0
#: Accounts whose bot time is kept before those long idle are forgotten.
FORGET_PAST = 1000

log = logging.getLogger("sixdot.server")


@dataclass(frozen=True)
class Played:
    """One bot move made: whether the table has another due now, and the
    seconds of bot time it took."""

    more: bool
    seconds: float


@dataclass
class _Spent:
    """An account's recent bot time: `seconds` as it stood at `when`."""

    seconds: float = 0.0
    when: float = 0.0

    def now(self, at: float) -> float:
        return self.seconds * 0.5 ** ((at - self.when) / HALF_LIFE)


class Rota:
    """Runs `move(tables, played)` for the tables that want a bot move,
    `workers` at a time, each with up to `batch` tables in the order above;
    `move` makes the moves of the first tables, in order (the first one at
    least, unless the rota is halting), and tells each to `played` as soon
    as it is made (a table's next move may be wanted from then on).
    `start` in the server's loop; `halt` ends it."""

    def __init__(
        self,
        workers: int,
        move: Callable[[list[int], Callable[[int, Played], None]], Awaitable[None]],
        batch: int = 1,
    ) -> None:
        self.workers = workers
        self.batch = batch
        self._move = move
        #: Each account's tables waiting for a move, in the order they asked.
        self._waiting: dict[str, deque[int]] = {}
        #: When each account's first waiting table asked, to break ties.
        self._since: dict[str, int] = {}
        self._order = itertools.count()
        #: Tables waiting or moving, and the account of each.
        self._tables: dict[int, str] = {}
        self._moving: set[str] = set()
        self._spent: dict[str, _Spent] = {}
        self._wake = asyncio.Event()
        self._runners: list[asyncio.Task[None]] = []
        self.halted = False

    def start(self) -> None:
        self._runners = [asyncio.ensure_future(self._run()) for _ in range(self.workers)]

    def want(self, table: int, account: str) -> None:
        """`table` (hosted by `account`) has a bot move due: it is made in its
        turn. Nothing more if it is waiting or moving already."""
        if self.halted or table in self._tables:
            return
        self._tables[table] = account
        queue = self._waiting.setdefault(account, deque())
        if not queue:
            self._since[account] = next(self._order)
        queue.append(table)
        self._wake.set()

    def forget(self, table: int) -> None:
        """`table` is over: a move it waits for is not made."""
        account = self._tables.get(table)
        queue = self._waiting.get(account or "")
        if account is not None and queue is not None and table in queue:
            queue.remove(table)
            del self._tables[table]
            if not queue:
                del self._waiting[account], self._since[account]

    @property
    def waiting(self) -> int:
        """Tables waiting for a bot move, not counting those moving."""
        return sum(len(queue) for queue in self._waiting.values())

    async def halt(self, wait: float) -> None:
        """Make no more moves; give those being made up to `wait` seconds."""
        self.halted = True
        self._wake.set()
        if self._runners:
            _, late = await asyncio.wait(self._runners, timeout=wait)
            for runner in late:
                runner.cancel()

    def _take(self) -> list[tuple[int, str, int]]:
        """The tables to move now, up to `batch`, one a host, in their order,
        taken off the waiting list: each with its account and when it asked."""
        now = time.monotonic()
        free = [a for a in self._waiting if a not in self._moving]
        accounts = heapq.nsmallest(
            self.batch, free, key=lambda a: (self._spent_now(a, now), self._since[a])
        )
        taken = []
        for account in accounts:
            queue = self._waiting[account]
            taken.append((queue.popleft(), account, self._since[account]))
            if queue:
                self._since[account] = next(self._order)
            else:
                del self._waiting[account], self._since[account]
        return taken

    def _put_back(self, table: int, account: str, since: int) -> None:
        """`table`, taken but not moved, is first again among its account's."""
        queue = self._waiting.setdefault(account, deque())
        queue.appendleft(table)
        self._since[account] = min(since, self._since.get(account, since))

    def _spent_now(self, account: str, now: float) -> float:
        spent = self._spent.get(account)
        return 0.0 if spent is None else spent.now(now)

    async def _run(self) -> None:
        while not self.halted:
            taken = self._take()
            if not taken:
                self._wake.clear()
                await self._wake.wait()
                continue
            self._moving.update(account for _, account, _ in taken)
            accounts = {table: account for table, account, _ in taken}
            played = functools.partial(self._played, accounts)
            try:
                await self._move([table for table, _, _ in taken], played)
            except Exception:  # a fault of ours: logged, and the other tables go on
                log.exception("fault in bot moves at tables %s", list(accounts))
                for table in list(accounts):
                    played(table, Played(False, 0.0))
            finally:
                for table, account, since in taken:
                    if table in accounts:  # not reached
                        self._moving.discard(account)
                        self._put_back(table, account, since)
                self._wake.set()

    def _played(self, accounts: dict[int, str], table: int, result: Played) -> None:
        """`table`'s move, of those taken for `accounts`, is made: its host may
        move again, and the table may want its next move."""
        account = accounts.pop(table)
        self._moving.discard(account)
        del self._tables[table]
        self._spend(account, result.seconds)
        if result.more:
            self.want(table, account)

    def _spend(self, account: str, seconds: float) -> None:
        """`account` had `seconds` more bot time; accounts long idle are forgotten."""
        now = time.monotonic()
        self._spent[account] = _Spent(self._spent_now(account, now) + seconds, now)
        if len(self._spent) > FORGET_PAST:
            for name in [a for a, spent in self._spent.items() if spent.now(now) < 0.001]:
                del self._spent[name]
