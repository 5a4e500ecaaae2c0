"""Alphagon: build a polygon of words on a 13 by 13 board, walked by keyboard."""

from sixdot.bots import RandomBot
from sixdot.games.alphagon.board import deck_list
from sixdot.games.alphagon.bots import SensibleBot, StrongBot
from sixdot.games.alphagon.present import AlphagonPresenter
from sixdot.games.alphagon.rules import RULES
from sixdot.games.base import Game

GAME = Game(
    RULES,
    {"random": RandomBot, "sensible": SensibleBot, "strong": StrongBot},
    AlphagonPresenter,
    deck_list,
)
