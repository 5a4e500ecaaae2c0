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
    assert say().move(Pass(), state.view(0)) == "pass, NH fits neither end"
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


def test_the_keys_walk_the_offered_card_then_your_line_left_to_right() -> None:
    state = offered("AIR", "SH")
    items = say().focus(state.view(0), state.legal_actions(0))
    assert [(item.group, item.jump) for item in items] == [
        ("Offered", "SH"),  # both letters of a card jump to it
        ("Your line", "AZ"),
        ("Your line", "IZ"),
        ("Your line", "RZ"),
    ]
    assert items[1].label == "AZ in your line as A"


def test_the_keys_walk_the_dealt_cards_as_one_group_at_setup() -> None:
    state = RULES.new_game(3, None, 4)
    seat = state.to_act()[0]
    items = say().focus(state.view(seat), state.legal_actions(seat))
    assert len(items) == 3 and {item.group for item in items} == {"Dealt"}
    # In the order the deal says them, so the keys and "Dealt to you" agree.
    view = state.view(seat)
    assert [item.jump for item in items] == [card.face for card in view.hand]


FACES = ["AX", "TC", "NB", "ED", "AW", "RB", "AM", "SP", "SL", "SH"]


def test_discards_are_said_whole_when_they_fit_else_alphabetically_in_short_parts() -> None:
    state = dataclasses.replace(offered("AIR", "OB"), discards=tuple(Card(f) for f in FACES))
    full = say().table(state.view(0))
    assert full[-1] == "Discarded 10: AX, TC, NB, ED, AW, RB, AM, SP, SL, SH."
    brief = say(Verbosity.BRIEF).table(state.view(0))
    head = brief.index("Discarded 10 cards:")
    parts = brief[head + 1 :]
    assert len(parts) == 2 and all(p.startswith("Discards: ") and len(p) <= 40 for p in parts)
    listed = ", ".join(p.removeprefix("Discards: ").rstrip(".") for p in parts)
    assert listed == ", ".join(sorted(FACES))


def test_review_keys_say_the_offer_the_last_take_the_players_and_the_status() -> None:
    state = dataclasses.replace(offered("AIR", "SH"), dealer=1, discards=(Card("OB"),))
    state = dataclasses.replace(state, last_take=state.lines[0][-1])  # RZ as R
    view = state.view(0)
    commands = say().commands()
    assert commands["trick"](view, "") == ["Face up: SH, offered to you."]
    # Ana dealt after your take: the deal passes to the taker's left.
    assert commands["previous"](view, "") == [
        "Last take: you, RZ as R; line A I R.",
        "Last discard: OB, all passed.",
    ]
    assert commands["players"](view, "") == [
        "You, 0 points: 3 cards, A I R.",
        "Ana, 0 points: one card, AJ.",
    ]
    assert commands["status"](view, "") == [
        "Round 1, target 30. Ana deals.",
        f"Deck: {view.cards_left} left.",
    ]
    passed = dataclasses.replace(state, offered=1, passed=(0,)).view(1)
    ana = AlphabeticellPresenter(Phrasebook(verbosity=Verbosity.BRIEF), ["Bo", "Ana"], 1)
    # Brief still says which card is in play and whose it is to take.
    assert ana.commands()["trick"](passed, "") == [
        "Face up: SH, offered to you.",
        "Passed on it: Bo.",
    ]


def test_every_review_command_has_help_and_is_not_a_move() -> None:
    words = Phrasebook()
    for name in say().commands():
        assert words.has(f"help-abc-{name}")
        assert name not in RULES.verbs


def test_the_last_take_names_its_card_after_a_real_take() -> None:
    """F10 says which card was taken and as what, not only whose take it was;
    a new round has none yet."""
    state = offered("AI", "RB")
    take = next(a for a in state.legal_actions(0) if getattr(a, "letter", None) == "R")
    state, _ = state.apply(0, take)
    for verbosity, said in [
        (Verbosity.FULL, "Last take: you, RB as R; line A I R."),
        (Verbosity.BRIEF, "Last take: you, RB as R."),
    ]:
        assert say(verbosity).commands()["previous"](state.view(0), "")[0] == said
    assert RULES.new_game(2, None, 1).view(0).last_take is None


def test_a_mistyped_take_hears_the_forms_of_now_without_brackets_or_keep() -> None:
    """After setup `keep` is no move; `with LETTER` is offered only while the
    first card's letter is open, and no bracket is read aloud."""
    state = dataclasses.replace(
        offered("AI", "RM"), lines=((Placed(Card("IF"), None),), (Placed(Card("AJ"), None),))
    )
    legal = state.legal_actions(0)
    assert len(legal) > 4
    said = say().not_a_move("take xyz", legal)
    assert said == (
        '"take xyz" is not a move. Moves look like: take CARD as LETTER with LETTER, or pass.'
    )
    fixed = offered("AIR", "SH")
    few = say().not_a_move("take xyz", fixed.legal_actions(0))
    assert few.startswith('"take xyz" is not a move. You may: take SH as S')
    for line in (said, few, say(Verbosity.BRIEF).not_a_move("take xyz", legal)):
        assert "keep" not in line and "[" not in line
    # Typed text that would make the line too long is left to the input line.
    long = say().not_a_move("take " + "x" * 30, legal)
    assert long == "Not a move. Moves look like: take CARD as LETTER with LETTER, or pass."
