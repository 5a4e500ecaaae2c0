"""Letters: make words from letter cards, go out first, score the most points."""

from sixdot.bots import RandomBot
from sixdot.games.base import Game
from sixdot.games.letters.bots import SensibleBot, StrongBot
from sixdot.games.letters.cards import deck_list
from sixdot.games.letters.present import LettersPresenter
from sixdot.games.letters.rules import RULES

GAME = Game(
    RULES,
    {"random": RandomBot, "sensible": SensibleBot, "strong": StrongBot},
    LettersPresenter,
    deck_list,
)
