"""Letters in words: the braille hand, the review commands, challenges and cautions."""

from __future__ import annotations

from dataclasses import replace

from clienttools import run
from sixdot.client.reading import Judge, read
from sixdot.games.letters import GAME
from sixdot.games.letters.cards import by_face
from sixdot.games.letters.present import LettersPresenter
from sixdot.games.letters.rules import (
    RULES,
    Discard,
    Lay,
    Phase,
    State,
    WordChallenged,
    WordsAccepted,
)
from sixdot.present.phrasebook import Phrasebook, Verbosity

NAMES = ["you", "Ana"]


def cards(*faces: str) -> tuple:
    return tuple(by_face()[f] for f in faces)


def presenter() -> LettersPresenter:
    return LettersPresenter(Phrasebook(), NAMES, 0)


def playing(hand: tuple, others: tuple, **options: object) -> State:
    state = RULES.new_game(2, options, seed=1)
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
    assert commands["round"](view, "") == ["Round 1 of 8: 3 cards each.", "No turns taken yet."]
    assert commands["pile"](view, "") == [f"Draw pile: {len(state.pile)} left."]
    assert commands["top"](view, "")[0].startswith(f"Discard: {state.discards[-1].face}, ")
    assert say.hand(view) == ["Your hand: A 2, C 8, Q 15, T 3."]
    assert commands["words"](view, "") == ["No words laid yet."]


def test_a_lay_not_in_the_dictionary_is_warned_about_in_words() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("Z", "X"))
    warning = state.caution(0, RULES.parse_action("out TCA discard Q"))
    assert (
        presenter().caution(warning) == "Careful: not in the dictionary: TCA. Others may challenge."
    )


def test_a_word_just_laid_is_put_to_the_next_player_in_one_short_line() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    state, _ = state.apply(0, RULES.parse_action("out TCA discard Q"))
    ana = LettersPresenter(Phrasebook(), ["Bo", "Ana"], 1)
    # In the order of the moves, so 1 accepts and 2 challenges, as the line says.
    assert ana.turn(state.view(1), state.legal_actions(1)) == ["Accept, or challenge TCA."]
    state, events = state.apply(1, RULES.parse_action("challenge TCA"))
    assert events == (WordChallenged(1, 0, "TCA", False, 13),)
    assert presenter().event(events[0]) == ["Ana challenges TCA: not a word. You lose 13."]
    words = presenter().commands()["words"](state.view(0), "")
    assert words[0].startswith("TCA, 13 points, yours, challenged: not a word.")


def test_letting_words_stand_is_announced_to_everyone() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    state, _ = state.apply(0, RULES.parse_action("out CAT discard Q"))
    state, events = state.apply(1, RULES.parse_action("accept"))
    assert events == (WordsAccepted(1, 0, 1),)
    assert presenter().event(events[0]) == ["Ana accepts your word."]
    ana = LettersPresenter(Phrasebook(), ["Bo", "Ana"], 1)
    assert ana.event(events[0]) == ["You accept Bo's word."]
    brief = LettersPresenter(Phrasebook(verbosity=Verbosity.BRIEF), ["Bo", "Ana"], 0)
    assert brief.event(events[0]) == ["Ana accepts."]


def test_challenges_after_the_final_turns_list_the_open_words() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"), challenges="end")
    for seat, move in ((0, "out TCA discard Q"), (1, "take"), (1, "lay DOG discard Q")):
        state, _ = state.apply(seat, RULES.parse_action(move))
    ana = LettersPresenter(Phrasebook(), ["Bo", "Ana"], 1)
    lines = ana.turn(state.view(1), state.legal_actions(1))
    assert lines[1:] == ["TCA, 13 points, Bo's."]


def test_a_challenge_of_a_real_word_costs_the_challenger_and_says_so() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    state, _ = state.apply(0, RULES.parse_action("out CAT discard Q"))
    state, events = state.apply(1, RULES.parse_action("challenge CAT"))
    assert events == (WordChallenged(1, 0, "CAT", True, 13),)
    assert presenter().event(events[0]) == ["Ana challenges CAT: a word. Ana loses 13."]


def test_round_says_whose_words_are_open_then_who_went_out() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G"))
    state, _ = state.apply(0, RULES.parse_action("out CAT discard Q"))
    lines = presenter().commands()["round"](state.view(1), "")
    assert lines == ["Round 1 of 8: 3 cards each.", "Challenges: your words just laid."]
    state, _ = state.apply(1, RULES.parse_action("accept"))
    lines = presenter().commands()["round"](state.view(1), "")
    assert lines == ["Round 1 of 8: 3 cards each.", "You went out: final turns."]


def test_scores_during_a_round_count_only_the_rounds_before_it() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    assert presenter().score(state.view(0))[0] == "Scores: no round scored yet."
    for seat, move in ((0, "out CAT discard Q"), (1, "accept"), (1, "take")):
        state, _ = state.apply(seat, RULES.parse_action(move))
    state, _ = state.apply(1, RULES.parse_action("lay DOG discard Q"))
    state, _ = state.apply(0, RULES.parse_action("accept"))
    assert state.round == 2
    assert presenter().score(state.view(0))[0] == "Scores after round 1 of 8:"


def test_the_turn_says_you_can_go_out_but_not_with_what() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("Z", "X"))
    lines = presenter().turn(state.view(0), state.legal_actions(0))
    assert lines[-1] == "You can go out: type hint or moves."
    assert not any("CAT" in line for line in lines)


def refused(state: State, typed: str) -> str:
    """The refusal as the player to act hears it: seat 0 is you, or Bo to seat 1."""
    refusal = state.refusal(state.turn, RULES.parse_action(typed))
    assert refusal is not None
    names = ["you", "Ana"] if state.turn == 0 else ["Bo", "you"]
    return LettersPresenter(Phrasebook(), names, state.turn).refusal(refusal)


def test_a_move_missing_its_words_or_discard_is_told_the_form_this_turn_wants() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    assert (
        refused(state, "out") == "Refused: name your words and a discard: out WORDS discard CARD."
    )
    assert refused(state, "out CAT") == (
        "Refused: end with the card to discard: out CAT discard CARD. You hold C, A, T, Q."
    )
    assert refused(state, "discard ZZ") == "Refused: you have no ZZ. You hold C, A, T, Q."
    state, _ = state.apply(0, RULES.parse_action("out CAT discard Q"))
    # A word just laid: only the two answers are named, whatever was typed.
    assert refused(state, "lay CAT") == "Refused: Bo just laid words: challenge WORD, or accept."
    assert refused(state, "done") == "Refused: Bo just laid words: challenge WORD, or accept."
    assert refused(state, "challenge DOG") == ("Refused: no open word DOG to challenge. Open: CAT.")
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"), challenges="end")
    for seat, move in ((0, "out CAT discard Q"), (1, "take"), (1, "lay DOG discard Q")):
        state, _ = state.apply(seat, RULES.parse_action(move))
    assert refused(state, "discard") == "Refused: challenges now: challenge WORD, or done."
    assert refused(state, "accept") == "Refused: challenges now: challenge WORD, or done."


def test_typed_discards_are_moves_and_top_reviews_the_discard_pile() -> None:
    # Seed 5, two players: Ana goes out with KIF, you accept it and draw I for your
    # final turn.
    typed = "accept\ndraw\ndiscard ZZ\ntop\ndiscard I\nquit\nyes\n"
    lines = run("play", "letters", "--seed", "5", "--players", "2", "--plain", input=typed).lines
    assert "Refused: you have no ZZ. You hold O, ER, ING, I." in lines
    assert "Discard: O, 2 points, the only card." in lines
    assert "You discard I, 2 points." in lines


def test_the_deck_list_says_each_card_s_points_once() -> None:
    lines = run("cards", "letters").lines
    assert "A, 2 points each: 10 cards." in lines
    assert "THE, 12 points: one card." in lines


def brief() -> LettersPresenter:
    return LettersPresenter(Phrasebook(verbosity=Verbosity.BRIEF), NAMES, 0)


def test_a_hand_is_said_by_vowels_consonants_and_multi_letter_cards() -> None:
    view = playing(cards("THE", "Z", "A", "QU", "E"), cards("X")).view(0)
    # Full verbosity: the whole hand fits one line, in the groups' order.
    assert presenter().hand(view) == ["Your hand: A 2, E 2, Z 14, QU 9, THE 12."]
    assert brief().hand(view) == [
        "Your hand, 5 cards:",
        "Vowels: A 2, E 2.",
        "Consonants: Z 14.",
        "Multi-letter: QU 9, THE 12.",
    ]


def test_a_long_group_is_said_in_parts_each_named_and_inside_a_display() -> None:
    faces = ("B", "C", "D", "F", "G", "H", "J", "K", "L", "M", "N")
    lines = brief().hand(playing(cards(*faces), cards("X")).view(0))
    assert lines[0] == "Your hand, 11 cards:"
    assert len(lines) > 2
    assert all(line.startswith("Consonants: ") and len(line) <= 40 for line in lines[1:])
    said = ", ".join(line.removeprefix("Consonants: ").rstrip(".") for line in lines[1:])
    assert said == "B 8, C 8, D 5, F 6, G 6, H 7, J 13, K 8, L 3, M 5, N 5"


def test_the_keys_walk_the_lays_then_the_hand_in_its_groups() -> None:
    state = playing(cards("T", "C", "A", "Q"), cards("Z", "X"))
    items = presenter().focus(state.view(0), state.legal_actions(0))
    lays = [item for item in items if item.group == "Words"]
    assert lays and items[: len(lays)] == lays  # out CAT discard Q
    held = items[len(lays) :]
    assert [(item.group, item.jump) for item in held] == [
        ("Vowels", "A"),
        ("Consonants", "C"),
        ("Consonants", "Q"),
        ("Consonants", "T"),
    ]
    assert held[0].label == "A, 2 points: Enter discards it"
    state = playing(cards("THE", "Z", "I"), cards("X"))
    items = presenter().focus(state.view(0), state.legal_actions(0))
    # Every letter of a multi-letter card jumps to it: T, H or E finds THE.
    assert [(item.group, item.jump) for item in items] == [
        ("Vowels", "I"),
        ("Consonants", "Z"),
        ("Multi-letter", "THE"),
    ]


def test_the_deal_is_said_whole_or_by_groups() -> None:
    _, events = RULES.begin(2, None, seed=1)
    dealt = next(e for e in events if type(e).__name__ == "CardsDealt" and e.visible_to(0))
    whole = presenter().event(dealt)
    assert len(whole) == 1 and whole[0].startswith("Your cards: ")
    lines = brief().event(dealt)
    assert lines[0] == "Dealt 3 cards:"
    assert {line.split(":")[0] for line in lines[1:]} <= {"Vowels", "Consonants", "Multi-letter"}


def test_review_keys_say_the_turn_the_last_words_the_players_and_the_status() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    commands = presenter().commands()
    view = state.view(0)
    top = state.discards[-1]
    assert commands["trick"](view, "")[0] == "You: discard or go out."
    assert commands["trick"](view, "")[1].startswith(f"Discard: {top.face}, ")
    assert commands["previous"](view, "") == ["No words laid yet in round 1."]
    assert commands["players"](view, "") == ["You, 0 points: no words.", "Ana, 0 points: no words."]
    status = commands["status"](view, "")
    assert status[0].startswith("Round 1 of 8, 3 cards.")
    assert status[1:] == ["No turns taken yet.", f"Draw pile: {len(state.pile)} left."]
    state, _ = state.apply(0, RULES.parse_action("out CAT discard Q"))
    state, _ = state.apply(1, RULES.parse_action("accept"))
    view = state.view(1)
    assert commands["previous"](view, "") == [
        "Last laid: yours, one word, 13 points.",
        "CAT, 13 points, yours. Cards C, A, T.",
    ]
    assert commands["players"](view, "")[0] == "You, 0 points: one word, 13 points, went out."
    assert commands["trick"](view, "")[0] == "Ana, final turn: draw or take."
    # Brief keeps whose words and what they are worth.
    assert brief().commands()["previous"](view, "")[0] == "Last laid: yours, 13 points."


def test_every_review_command_has_help_and_is_not_a_move() -> None:
    words = Phrasebook()
    for name in presenter().commands():
        assert words.has(f"help-let-{name}")
        assert name not in RULES.verbs


def test_a_number_typed_after_drawing_discards_the_card_the_prompt_said_there() -> None:
    """The rules list the lays first (the prompt never names them: finding the
    words is the game), then the cards as held; the prompt says the hand in
    its groups. A number follows the prompt: `2` discards the second card
    heard, never lays a word, and `moves` numbers them the same."""
    state = playing(cards("D", "S", "A", "I"), cards("Z", "X"))
    me, view = presenter(), state.view(0)
    rules_order = state.legal_actions(0)
    assert isinstance(rules_order[0], Lay)  # DIS, AIDS...: out first in the rules
    said = me.turn(view, rules_order)[1]
    assert said.startswith("Your hand: ")
    heard = [item.split()[0] for item in said.removeprefix("Your hand: ").split(", ")]
    legal = me.in_order(view, rules_order)
    judge = Judge(
        refusal=lambda action: state.refusal(0, action),
        interpretations=lambda action: state.interpretations(0, action),
    )
    for place, face in enumerate(heard, 1):
        assert read(str(place), legal, RULES, me, judge, ()).move == Discard(face)
        assert me.moves(view, legal)[place] == f"{place}. discard {face}"
    assert sorted(map(str, legal)) == sorted(map(str, rules_order))


def test_a_word_a_several_letter_card_cannot_give_says_so_not_a_missing_letter() -> None:
    """Holding ER, CORE is refused for ER's order ("you have no E R" was
    untrue); a letter held nowhere is still named as missing."""
    state = playing(cards("C", "O", "ER", "Q", "T"), cards("D", "O", "G", "Z"))
    assert refused(state, "out CORE discard Q") == (
        "Refused: you cannot spell CORE: ER gives its letters only together, in order."
    )
    assert refused(state, "out COST discard Q") == (
        "Refused: you cannot spell COST: you have no S."
    )
