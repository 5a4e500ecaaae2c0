"""The games sixdot knows. Each game package exposes `GAME`; adding a game is
adding its package and its name to `NAMES`, nothing else.

A game's package is imported when that game is asked for, and no other: one
game played costs one game's rules and bots. Listing the games by name
(`present`, a saved game's file name) imports none; listing them with their
rules (`playable`, iterating `GAMES`, as the menu does) imports them all.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, Mapping
from functools import cache

from sixdot.core.errors import UnknownGame
from sixdot.games.base import Game

#: Every game in the plan, in menu order.
NAMES = ("alphabeticell", "consonants", "letters", "nonesuch", "alphagon")

DEFAULT_LEVEL = "sensible"


@cache
def present() -> tuple[str, ...]:
    """The games whose packages are installed, in menu order, found without importing them."""
    return tuple(n for n in NAMES if importlib.util.find_spec(f"{__name__}.{n}") is not None)


@cache
def load(name: str) -> Game | None:
    """The game `name` from its package, importing no other game; None if it has none."""
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as err:
        if err.name == f"{__name__}.{name}":
            return None
        raise
    return getattr(module, "GAME", None)  # a package still being built has no GAME yet


@cache
def playable() -> dict[str, Game]:
    """The games whose packages exist, by name, in menu order (every one imported)."""
    return {name: game for name in NAMES if (game := load(name)) is not None}


class _Games(Mapping[str, Game]):
    """The playable games by name: looking one up imports that game only;
    going through them all (the menu) imports them all."""

    def __getitem__(self, name: str) -> Game:
        game = load(name) if name in NAMES else None
        if game is None:
            raise KeyError(name)
        return game

    def __contains__(self, name: object) -> bool:
        return name in NAMES and load(str(name)) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(playable())

    def __len__(self) -> int:
        return len(playable())

    def __repr__(self) -> str:
        return f"GAMES({', '.join(present())})"


#: The playable games by name, in menu order.
GAMES: Mapping[str, Game] = _Games()


def get_game(name: str) -> Game:
    """The game called `name` (or a unique prefix); UnknownGame lists the playable ones.

    The one game named is found among the installed packages and imported alone;
    anything else (no game, several, one not playable) is answered as before
    from every playable game.
    """
    key = name.strip().lower()
    names = present()
    found = [key] if key in names else [n for n in names if key and n.startswith(key)]
    if len(found) == 1 and (game := load(found[0])) is not None:
        return game
    games = playable()
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


__all__ = ["DEFAULT_LEVEL", "GAMES", "NAMES", "Game", "get_game", "load", "playable", "present"]
