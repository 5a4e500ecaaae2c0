"""Alphabeticell in words: a forced pass says why, and refusals name what is accepted."""

from __future__ import annotations

from sixdot.core import Refusal
from sixdot.games.alphabeticell.cards import Card
from sixdot.games.alphabeticell.present import AlphabeticellPresenter
from sixdot.games.alphabeticell.rules import CardPassed
from sixdot.present.phrasebook import Phrasebook, Verbosity


def say(verbosity: Verbosity = Verbosity.FULL) -> AlphabeticellPresenter:
    return AlphabeticellPresenter(Phrasebook(verbosity=verbosity), ["you", "Ana"], 0)


def test_a_forced_pass_is_one_line_with_the_line_it_cannot_join() -> None:
    assert say().event(CardPassed(0, Card("NH"), "AIR")) == ["You pass NH: it cannot join A I R."]
    assert say().event(CardPassed(1, Card("NH"), "DKT")) == ["Ana passes NH: it cannot join D K T."]
    assert say(Verbosity.BRIEF).event(CardPassed(0, Card("NH"), "AIR")) == ["You pass: no fit."]


def test_a_pass_by_choice_says_only_the_card() -> None:
    assert say().event(CardPassed(1, Card("NH"), None)) == ["Ana passes NH."]


def test_refusals_of_cards_say_which_cards_are_accepted() -> None:
    cards = (Card("IF"), Card("RH"), Card("AJ"))
    not_dealt = Refusal.of("refuse-abc-not-dealt", card=Card("ZZ"), cards=cards)
    assert say().refusal(not_dealt) == "Refused: ZZ is not one of your cards: keep IF, RH, AJ."
    not_offered = Refusal.of("refuse-abc-not-offered", card=Card("RM"), offered=Card("AX"))
    assert say().refusal(not_offered) == (
        "Refused: RM is not offered; the card is AX: take it or pass."
    )
    letter = Refusal.of("refuse-abc-letter-needed", card=Card("AX"), letters="A or X")
    assert say().refusal(letter) == "Refused: say the letter AX shows: take it as A or X, or pass."
