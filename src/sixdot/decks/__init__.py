"""Deck lists, one data file per deck, read by the games that use them."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class DeckEntry:
    """One kind of card in a deck: how many there are and what it is worth.

    `contracted` marks a face that is a braille contraction (THE, ING, ...).
    """

    card: Any
    count: int
    value: int
    contracted: bool = False


def load_deck(name: str) -> dict[str, Any]:
    """The parsed data file `decks/<name>.toml`."""
    text = resources.files(__name__).joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)
