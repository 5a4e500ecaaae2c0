"""What a game package hands to the client: rules, bots, presenter and deck."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for the annotations only: importing a game's Game stays light
    from sixdot.bots import Bot
    from sixdot.core import GameState, Rules
    from sixdot.decks import DeckEntry
    from sixdot.present.presenter import Presenter


@dataclass(frozen=True)
class Game:
    """Everything the client needs for one game.

    A game package `sixdot.games.<name>` exposes one of these as `GAME`.
    """

    rules: Rules
    bots: dict[str, type[Bot]]
    presenter: type[Presenter]
    deck: Callable[[], list[DeckEntry]]
    #: Called by a table once its game is dealt, to get ready what a later phase
    #: needs, which the rules should not start themselves (Consonants loads its
    #: word index in a background thread).
    warm: Callable[[GameState], None] = lambda state: None

    @property
    def name(self) -> str:
        return self.rules.name
