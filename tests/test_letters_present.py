"""Letters in words: the braille hand, the review commands, challenges and cautions."""

from __future__ import annotations

from dataclasses import replace

from sixdot.games.letters import GAME
from sixdot.games.letters.cards import by_face
from sixdot.games.letters.present import LettersPresenter
from sixdot.games.letters.rules import RULES, Phase, State, WordChallenged
from sixdot.present.phrasebook import Phrasebook

NAMES = ["you", "Ana"]


def cards(*faces: str) -> tuple:
    return tuple(by_face()[f] for f in faces)


def presenter() -> LettersPresenter:
    return LettersPresenter(Phrasebook(), NAMES, 0)


def playing(hand: tuple, others: tuple) -> State:
    state = RULES.new_game(2, seed=1)
    assert isinstance(state, State)
    return replace(state, turn=0, phase=Phase.PLAY, hands=(hand, others))


def test_the_braille_hand_follows_the_card_convention() -> None:
    view = playing(cards("A", "THE"), cards("Z")).view(0)
    lines = presenter().hand_braille(view, GAME.deck())
    # Each card: its spoken name, then the for sign and face, then its points.
    assert lines[1:] == ["A, 2 points", "⠿⠁", "⠼⠃", "THE, 12 points", "⠿⠮ ⠞⠓⠑", "⠼⠁⠃"]


def test_review_commands_answer_the_round_the_pile_and_the_top_discard() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("Z", "X"))
    view = state.view(0)
    say = presenter()
    commands = say.commands()
    assert commands["round"](view, "") == ["Round 1 of 8: 3 cards each, no turns taken yet."]
    assert commands["pile"](view, "") == [f"Draw pile: {len(state.pile)} left."]
    assert commands["discard"](view, "")[0].startswith(f"Discard: {state.discards[-1].face}, ")
    assert say.hand(view) == ["Your hand: C 8, A 2, T 3, Q 15."]
    assert commands["words"](view, "") == ["No words laid yet."]


def test_a_lay_not_in_the_dictionary_is_warned_about_in_words() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("Z", "X"))
    warning = state.caution(0, RULES.parse_action("out TCA discard Q"))
    assert (
        presenter().caution(warning) == "Careful: not in the dictionary: TCA. Others may challenge."
    )


def test_challenges_are_asked_announced_and_reviewed() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    for seat, move in ((0, "out TCA discard Q"), (1, "take"), (1, "lay DOG discard Q")):
        state, _ = state.apply(seat, RULES.parse_action(move))
    ana = LettersPresenter(Phrasebook(), ["Bo", "Ana"], 1)
    view = state.view(1)
    assert ana.turn(view, state.legal_actions(1))[1] == "TCA, 13 points, Bo's."
    state, events = state.apply(1, RULES.parse_action("challenge TCA"))
    assert events == (WordChallenged(1, 0, "TCA", False, 13),)
    assert presenter().event(events[0]) == ["Ana challenges TCA: not a word. You lose 13."]
    words = presenter().commands()["words"](state.view(0), "")
    assert words[0].startswith("TCA, 13 points, yours, challenged: not a word.")


def test_a_challenge_of_a_real_word_costs_the_challenger_and_says_so() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    for seat, move in ((0, "out CAT discard Q"), (1, "take"), (1, "lay DOG discard Q")):
        state, _ = state.apply(seat, RULES.parse_action(move))
    state, events = state.apply(1, RULES.parse_action("challenge CAT"))
    assert events == (WordChallenged(1, 0, "CAT", True, 13),)
    assert presenter().event(events[0]) == ["Ana challenges CAT: a word. Ana loses 13."]
