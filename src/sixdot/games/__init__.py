"""The games sixdot knows. Each game package exposes `GAME`; adding a game is
adding its package and its name to `NAMES`, nothing else."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from sixdot.core.errors import UnknownGame
from sixdot.games.base import Game

#: Every game in the plan, in menu order.
NAMES = ("alphabeticell", "consonants", "letters", "nonesuch", "alphagon")

DEFAULT_LEVEL = "sensible"


@cache
def playable() -> dict[str, Game]:
    """The games whose packages exist, by name, in menu order."""
    found: dict[str, Game] = {}
    for name in NAMES:
        try:
            module = importlib.import_module(f"sixdot.games.{name}")
        except ModuleNotFoundError as err:
            if err.name == f"sixdot.games.{name}":
                continue
            raise
        game = getattr(module, "GAME", None)
        if game is not None:  # a package still being built has no GAME yet
            found[name] = game
    return found


def __getattr__(name: str) -> Any:
    """`GAMES` (the playable games) is computed on first use."""
    if name == "GAMES":
        return playable()
    raise AttributeError(name)


def get_game(name: str) -> Game:
    """The game called `name` (or a unique prefix); UnknownGame lists the playable ones."""
    games = playable()
    key = name.strip().lower()
    if key in games:
        return games[key]
    matches = [g for g in games if key and g.startswith(key)]
    if len(matches) == 1:
        return games[matches[0]]
    if key in NAMES:
        raise UnknownGame(name, tuple(games), f"{key} is not playable yet")
    if matches:
        raise UnknownGame(name, tuple(games), f"{name!r} could be {' or '.join(matches)}")
    raise UnknownGame(name, tuple(games))


__all__ = ["DEFAULT_LEVEL", "NAMES", "Game", "get_game", "playable"]
