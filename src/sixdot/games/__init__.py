"""The games sixdot knows, each as rules, bots and a presenter."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sixdot.bots import Bot, RandomBot
from sixdot.core import Rules
from sixdot.core.errors import UnknownGame
from sixdot.decks import DeckEntry
from sixdot.games.alphabeticell.bots import SensibleBot as AlphabeticellSensible
from sixdot.games.alphabeticell.cards import deck_list as alphabeticell_deck
from sixdot.games.alphabeticell.present import AlphabeticellPresenter
from sixdot.games.alphabeticell.rules import RULES as ALPHABETICELL
from sixdot.present.presenter import Presenter


@dataclass(frozen=True)
class Game:
    """Everything the client needs for one game."""

    rules: Rules
    bots: dict[str, type[Bot]]
    presenter: type[Presenter]
    deck: Callable[[], list[DeckEntry]]

    @property
    def name(self) -> str:
        return self.rules.name


GAMES: dict[str, Game] = {
    "alphabeticell": Game(
        ALPHABETICELL,
        {"random": RandomBot, "sensible": AlphabeticellSensible},
        AlphabeticellPresenter,
        alphabeticell_deck,
    ),
}

#: Games in the plan that are not playable yet.
PLANNED = ("consonants", "letters", "nonesuch", "alphagon")

DEFAULT_LEVEL = "sensible"


def get_game(name: str) -> Game:
    """The game called `name`; UnknownGame lists the playable ones."""
    key = name.strip().lower()
    playable = tuple(GAMES)
    if key in GAMES:
        return GAMES[key]
    matches = [g for g in GAMES if g.startswith(key)] if key else []
    if len(matches) == 1:
        return GAMES[matches[0]]
    if key in PLANNED:
        raise UnknownGame(name, playable, f"{key} is not playable yet")
    raise UnknownGame(name, playable)
