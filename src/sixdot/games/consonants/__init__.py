"""Consonants: Hearts with the Alpha deck, where taken consonants score and words save."""

from sixdot.bots import RandomBot
from sixdot.games.base import Game
from sixdot.games.consonants.bots import SensibleBot, StrongBot
from sixdot.games.consonants.cards import deck_list
from sixdot.games.consonants.present import ConsonantsPresenter
from sixdot.games.consonants.rules import RULES
from sixdot.games.consonants.words import prepare

GAME = Game(
    RULES,
    {"random": RandomBot, "sensible": SensibleBot, "strong": StrongBot},
    ConsonantsPresenter,
    deck_list,
    # The first words phase, a hand later, finds the word index made.
    warm=lambda state: prepare(state.config.finder.lexicon),  # type: ignore[attr-defined]
)
