"""Nonesuch: a trick-taking game on the Decktet where each player bids Some, Most or None."""

from sixdot.bots import RandomBot
from sixdot.games.base import Game
from sixdot.games.nonesuch.bots import SensibleBot, StrongBot
from sixdot.games.nonesuch.cards import deck_list
from sixdot.games.nonesuch.present import NonesuchPresenter
from sixdot.games.nonesuch.rules import RULES

GAME = Game(
    RULES,
    {"random": RandomBot, "sensible": SensibleBot, "strong": StrongBot},
    NonesuchPresenter,
    deck_list,
)
