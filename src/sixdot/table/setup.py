"""What a game at a table is rebuilt from: game, seats, options and seed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from sixdot.games import Game


@dataclass(frozen=True)
class GameSetup:
    """A game before its first move: with the journal of moves it is the whole game.

    The seed decides every deal, so it is a secret while the game goes on: a
    server keeps it and never sends it to a player.
    """

    game: Game
    players: int
    options: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    seed: int = 0

    @property
    def name(self) -> str:
        return self.game.name
