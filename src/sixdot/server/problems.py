"""What the server says was wrong: a phrasebook key and its facts, worded by the listener.

The server sends no sentences. A client words a problem from its own
phrasebook (`speech/en/online.ftl`), as it words a refusal of a move, so the
line is in the player's language and verbosity. Every value is a short string
or a number; text that came from a client is quoted as a visible excerpt.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from sixdot.core.errors import SixdotError
from sixdot.visible import excerpt


class Problem(SixdotError):
    """A request the server will not carry out, and why. Nothing changed."""

    def __init__(self, key: str, args: Mapping[str, str | int] | None = None) -> None:
        self.key = key
        self.facts: Mapping[str, str | int] = MappingProxyType(dict(args or {}))
        super().__init__(key)

    @classmethod
    def of(cls, key: str, **args: str | int) -> Problem:
        return cls(key, args)

    def __str__(self) -> str:
        facts = ", ".join(f"{name}={value}" for name, value in self.facts.items())
        return f"{self.key} ({facts})" if facts else self.key


def quoted(text: str, most: int = 40) -> str:
    """Outside text as a problem may quote it: visible and short."""
    return excerpt(text, most)
