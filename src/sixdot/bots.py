"""One bot interface for every game.

A bot is given only its own seat's view and the legal actions, never the
state, so it cannot see hidden cards. Each bot's only randomness is its own
generator, seeded from the game's seed and its seat, so a game with bots
replays move for move from its game, options and seed. The one exception is
the strong bot of Nonesuch or Consonants thinking by the clock (`samples` 0,
the default): how many deals it tries in its `think` time depends on the
machine's speed and load. With `samples` set it tries that many and replays.

A host running bots for others (the server) may bound every search further
with a `Limit` (`limited`): a ceiling on any one decision's time, whatever
the table asked, and a flag that stops every search at once (shutting down).
A search cut short still decides, from the deals it drew; the server keeps
each move it plays, so its games replay from their journals all the same.
"""

from __future__ import annotations

import contextlib
import math
import random
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from sixdot.core import Action

T = TypeVar("T")


@dataclass(frozen=True)
class Reason:
    """Why a bot makes a move, for a hint's "why": a phrasebook key (`why-...`)
    and the facts its phrase needs. Data only: the presenter says it."""

    key: str
    args: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(cls, key: str, **args: Any) -> Reason:
        return cls(key, MappingProxyType(dict(args)))


class Bot(ABC):
    """Chooses an action for one seat from that seat's view."""

    level: ClassVar[str]

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.random = random.Random(seed * 1009 + seat)

    @abstractmethod
    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """One of `legal`, which is never empty."""

    def reason(self, view: Any, legal: Sequence[Action], action: Action) -> Reason | None:
        """Why this bot would make `action` here, if it is what this bot chooses
        and the bot can say why; else None (as every bot says by default)."""
        del view, legal, action
        return None


class Explaining(Bot):
    """A bot that decides with its reason at hand: `decide` gives both, `choose`
    the move and `reason` the why of that same move.

    Asking for the reason decides again, so a bot that draws random numbers
    while deciding should not be asked between its own moves.
    """

    @abstractmethod
    def decide(self, view: Any, legal: Sequence[Action]) -> tuple[Action, Reason | None]:
        """The move, as `choose` gives it, and why (None: nothing worth saying)."""

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return self.decide(view, legal)[0]

    def reason(self, view: Any, legal: Sequence[Action], action: Action) -> Reason | None:
        chosen, why = self.decide(view, legal)
        return why if chosen == action else None


class RandomBot(Bot):
    """Plays any legal action, uniformly: a baseline and a fuzzer."""

    level = "random"

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        del view
        return self.random.choice(list(legal))


@dataclass(frozen=True)
class Limit:
    """What a host allows every search it runs: at most `seconds` a decision,
    and none at all once `halt` is set."""

    seconds: float
    halt: threading.Event = field(default_factory=threading.Event)


_LIMIT: ContextVar[Limit | None] = ContextVar("sixdot_bot_limit", default=None)


@contextlib.contextmanager
def limited(limit: Limit) -> Iterator[None]:
    """Searches made inside the block (on this thread) keep to `limit`."""
    token = _LIMIT.set(limit)
    try:
        yield
    finally:
        _LIMIT.reset(token)


def within_budget(
    draw: Callable[[], T | None], think_ms: float, most: int, samples: int = 0
) -> Iterator[T]:
    """Sampled deals for a search bot, while its budget lasts.

    With `samples`, exactly that many deals, whatever the clock says: the bot
    then chooses the same on any machine, so a game replays from its seed.
    Otherwise (samples 0) a deal starts only if one more as slow as the
    slowest so far (the work done on it included) still fits in `think_ms`,
    so a decision keeps to its time; at most `most` deals. Either way, a deal
    that cannot be drawn is tried once more, then sampling stops.

    Under a `Limit` (`limited`) no deal starts past its ceiling (one deal
    always may), samples or not, and none once its halt is set.
    """
    limit = _LIMIT.get()
    start = time.perf_counter()
    deadline = start + think_ms / 1000
    ceiling = start + limit.seconds if limit is not None else math.inf
    longest = 0.0
    for count in range(samples or most):
        began = time.perf_counter()
        if count and not samples and began + longest > deadline:
            return
        if (count and began > ceiling) or (limit is not None and limit.halt.is_set()):
            return
        deal = draw() or draw()
        if deal is None:
            return
        yield deal
        longest = max(longest, time.perf_counter() - began)
