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
"""

from __future__ import annotations

import asyncio
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
    """Runs `move(table)` for the tables that want a bot move, `workers` at
    a time, in the order above. `start` in the server's loop; `halt` ends it."""

    def __init__(self, workers: int, move: Callable[[int], Awaitable[Played]]) -> None:
        self.workers = workers
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

    def _next(self) -> tuple[int, str] | None:
        """The table to move now and its account, taken off the waiting list."""
        now = time.monotonic()
        free = [a for a in self._waiting if a not in self._moving]
        if not free:
            return None
        account = min(free, key=lambda a: (self._spent_now(a, now), self._since[a]))
        queue = self._waiting[account]
        table = queue.popleft()
        if queue:
            self._since[account] = next(self._order)
        else:
            del self._waiting[account], self._since[account]
        return table, account

    def _spent_now(self, account: str, now: float) -> float:
        spent = self._spent.get(account)
        return 0.0 if spent is None else spent.now(now)

    async def _run(self) -> None:
        while not self.halted:
            chosen = self._next()
            if chosen is None:
                self._wake.clear()
                await self._wake.wait()
                continue
            table, account = chosen
            self._moving.add(account)
            played = Played(False, 0.0)
            try:
                played = await self._move(table)
            except Exception:  # a fault of ours: logged, and the other tables go on
                log.exception("fault in a bot move at table %d", table)
            finally:
                self._moving.discard(account)
                del self._tables[table]
                self._spend(account, played.seconds)
                self._wake.set()
            if played.more:
                self.want(table, account)

    def _spend(self, account: str, seconds: float) -> None:
        """`account` had `seconds` more bot time; accounts long idle are forgotten."""
        now = time.monotonic()
        self._spent[account] = _Spent(self._spent_now(account, now) + seconds, now)
        if len(self._spent) > FORGET_PAST:
            for name in [a for a, spent in self._spent.items() if spent.now(now) < 0.001]:
                del self._spent[name]
