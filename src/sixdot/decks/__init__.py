"""Deck lists, one data file per deck, read by the games that use them."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any


def load_deck(name: str) -> dict[str, Any]:
    """The parsed data file `decks/<name>.toml`."""
    text = resources.files(__name__).joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)
