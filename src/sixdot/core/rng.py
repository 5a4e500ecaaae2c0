"""A seeded random generator that is a plain value.

Game states are immutable, so the generator is too: every draw returns the
value drawn and the generator to use next. SplitMix64 is small, fast and gives
the same numbers on every Python version and platform, which keeps a game
reproducible from its seed.

>>> rng = Rng.from_seed(7)
>>> cards, rng = rng.shuffled("ABCDE")
>>> sorted(cards)
['A', 'B', 'C', 'D', 'E']
>>> Rng.from_seed(7).shuffled("ABCDE")[0] == cards
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(state: int) -> int:
    """SplitMix64's output for a state."""
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(frozen=True)
class Rng:
    """SplitMix64 state; draws return `(value, next_rng)`."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed & _MASK)

    def next64(self) -> tuple[int, Rng]:
        state = (self.state + _GAMMA) & _MASK
        return _mix(state), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in range(n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next64()
            if value < limit:
                return value % n, rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """The items in a uniformly random order (Fisher-Yates)."""
        # The same draws as `below` for each position, with the state kept as a
        # plain int: a deal is the hot path of random play, one Rng per card cost.
        out = list(items)
        state = self.state
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                state = (state + _GAMMA) & _MASK
                value = _mix(state)
                if value < limit:
                    break
            j = value % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(state)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, rng = self.below(len(items))
        return items[index], rng
