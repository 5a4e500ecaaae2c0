"""Precise error classes, so callers can tell a refusal from a typo."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sixdot.core.state import Refusal


class SixdotError(Exception):
    """Base class of every error sixdot raises on purpose."""


class IllegalAction(SixdotError):
    """An action the rules do not allow now; `refusal` says why."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.key, dict(refusal.args))
        self.refusal = refusal


class NotationError(SixdotError, ValueError):
    """Text that is not the notation of any action of this game."""

    def __init__(self, text: str, expected: str) -> None:
        super().__init__(f"{text!r} is not an action; expected {expected}")
        self.text = text
        self.expected = expected


class OptionError(SixdotError, ValueError):
    """A table option that does not exist or has a value out of range."""


class PlayerCountError(SixdotError, ValueError):
    """A number of players the game cannot seat."""

    def __init__(self, game: str, players: int, low: int, high: int) -> None:
        super().__init__(f"{game} is for {low} to {high} players, not {players}")
        self.low, self.high = low, high


class UnknownGame(SixdotError, KeyError):
    """A game name that is not in the registry."""

    def __init__(self, name: str, known: tuple[str, ...], reason: str = "") -> None:
        super().__init__(name)
        self.name = name
        self.known = known
        self.reason = reason

    def __str__(self) -> str:
        why = self.reason or f"there is no game called {self.name!r}"
        return f"{why}; games: {', '.join(self.known)}"
