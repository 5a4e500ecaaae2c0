"""Alphabeticell: build a strictly alphabetical line from two-letter cards."""

from sixdot.bots import RandomBot
from sixdot.games.alphabeticell.bots import SensibleBot
from sixdot.games.alphabeticell.cards import deck_list
from sixdot.games.alphabeticell.present import AlphabeticellPresenter
from sixdot.games.alphabeticell.rules import RULES
from sixdot.games.base import Game

GAME = Game(
    RULES, {"random": RandomBot, "sensible": SensibleBot}, AlphabeticellPresenter, deck_list
)
