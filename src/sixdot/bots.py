"""One bot interface for every game.

A bot is given only its own seat's view and the legal actions, never the
state, so it cannot see hidden cards. Each bot has its own seeded generator,
so games with bots replay exactly.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from sixdot.core import Action


class Bot(ABC):
    """Chooses an action for one seat from that seat's view."""

    level: ClassVar[str]

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.random = random.Random(seed * 1009 + seat)

    @abstractmethod
    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """One of `legal`, which is never empty."""


class RandomBot(Bot):
    """Plays any legal action, uniformly: a baseline and a fuzzer."""

    level = "random"

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        del view
        return self.random.choice(list(legal))
