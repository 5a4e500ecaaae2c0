"""Alphabeticell in words: a forced pass says why, and refusals name what is accepted."""

from __future__ import annotations

import dataclasses

from sixdot.core import Refusal
from sixdot.games.alphabeticell.cards import Card
from sixdot.games.alphabeticell.present import AlphabeticellPresenter
from sixdot.games.alphabeticell.rules import RULES, Pass, Phase, Placed, State
from sixdot.present.phrasebook import Phrasebook, Verbosity


def say(verbosity: Verbosity = Verbosity.FULL) -> AlphabeticellPresenter:
    return AlphabeticellPresenter(Phrasebook(verbosity=verbosity), ["you", "Ana"], 0)


def offered(line: str, face_up: str) -> State:
    """Seat 0 holds the line of letters `line` (cards XY showing X) and is offered `face_up`."""
    state = RULES.new_game(2, None, 1)
    assert isinstance(state, State)
    cards = tuple(Placed(Card(f"{letter}Z" if letter != "Z" else "ZA"), letter) for letter in line)
    return dataclasses.replace(
        state,
        phase=Phase.OFFER,
        hands=((), ()),
        lines=(cards, (Placed(Card("AJ"), None),)),
        face_up=Card(face_up),
        offered=0,
    )


def test_a_forced_pass_says_the_line_the_card_cannot_join() -> None:
    # N and H would both go inside A I R, so the client passes and says this.
    state = offered("AIR", "NH")
    assert state.legal_actions(0) == (Pass(),)
    assert say().move(Pass(), state.view(0)) == "pass, NH cannot join A I R"
    assert say(Verbosity.BRIEF).move(Pass(), state.view(0)) == "pass"


def test_a_pass_by_choice_is_listed_as_pass_alone() -> None:
    state = offered("AIR", "SH")  # S can go after R
    assert say().move(Pass(), state.view(0)) == "pass"


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
