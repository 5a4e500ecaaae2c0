"""Letters rules as examples: turns, going out, refusals, scoring, bonuses, reshuffle,
challenges and the turn cap."""

from __future__ import annotations

from dataclasses import replace

from sixdot.core import replay
from sixdot.games.letters.cards import by_face
from sixdot.games.letters.rules import (
    RULES,
    BonusTied,
    BonusWon,
    CardsLeft,
    ChallengesOpened,
    Phase,
    PileReshuffled,
    RoundCapped,
    RoundEnded,
    State,
    WordChallenged,
    WordsAccepted,
)
from sixdot.games.nonesuch.rules import RULES as NONESUCH


def cards(*faces: str) -> tuple:
    return tuple(by_face()[f] for f in faces)


def playing(hand: tuple, others: tuple = (), **options: object) -> State:
    """Two players, seat 0 to play after drawing, holding `hand`."""
    state = RULES.new_game(2, options, seed=1)
    assert isinstance(state, State)
    return replace(state, turn=0, phase=Phase.PLAY, hands=(hand, others or cards("Q", "Z", "X")))


def test_going_out_fits_multi_letter_cards() -> None:
    state = playing(cards("TH", "E", "R", "E", "A", "D", "Q"))
    action = RULES.parse_action("out THERE AD discard Q")
    assert state.refusal(0, action) is None
    after, events = state.apply(0, action)
    assert after.out_seat == 0 and after.turn == 1
    laid = [e for e in events if type(e).__name__ == "WordLaid"]
    assert [e.cards for e in laid] == [cards("TH", "E", "R", "E"), cards("A", "D")]


def test_refusals_say_what_is_wrong() -> None:
    state = playing(cards("C", "A", "T", "Q"), autocheck=True)
    assert state.refusal(0, RULES.parse_action("out COT discard Q")).args["letters"] == "O"
    assert state.refusal(0, RULES.parse_action("out TCA discard Q")).key == "refuse-let-not-a-word"
    assert state.refusal(0, RULES.parse_action("lay CAT discard Q")).key == "refuse-let-lay-when"
    assert state.refusal(0, RULES.parse_action("draw")).key == "refuse-let-drawn-already"
    assert state.refusal(0, RULES.parse_action("out AT discard Q")).key == "refuse-let-out-all"
    assert state.refusal(0, RULES.parse_action("out CAT discard Q")) is None


def test_without_autocheck_any_cards_may_be_laid_after_a_warning() -> None:
    state = playing(cards("C", "A", "T", "Q"))
    tca = RULES.parse_action("out TCA discard Q")
    assert state.refusal(0, tca) is None
    assert state.caution(0, tca).args["words"] == "TCA"
    assert state.caution(0, RULES.parse_action("out CAT discard Q")) is None
    assert state.refusal(0, RULES.parse_action("out CA T discard Q")).key == "refuse-let-short"


def test_several_ways_are_asked_about_card_by_card() -> None:
    state = playing(cards("T", "H", "TH", "E", "Q", "E"))
    typed = RULES.parse_action("out THE THE discard Q")
    assert state.refusal(0, typed) is None
    meant = [a.notation for a in state.interpretations(0, typed)]
    assert meant == ["out [T][H][E] [TH][E] discard Q", "out [TH][E] [T][H][E] discard Q"]
    assert all(state.refusal(0, RULES.parse_action(m)) is None for m in meant)
    # One way only: the typed move stands as it is.
    once = RULES.parse_action("out THERE AD discard Q")
    state = playing(cards("TH", "E", "R", "E", "A", "D", "Q"))
    assert state.interpretations(0, once) == (once,)


def test_round_scores_and_tied_bonuses() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"), autocheck=True)
    state, _ = state.apply(0, RULES.parse_action("out CAT discard Q"))
    state, _ = state.apply(1, RULES.parse_action("take"))
    state, events = state.apply(1, RULES.parse_action("lay DOG discard Q"))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    # One word each, three letters each: both bonuses tied, nobody gets them.
    assert [e.kind for e in events if isinstance(e, BonusTied)] == ["most-words", "longest-word"]
    assert ended.points == (8 + 2 + 3, 5 + 2 + 6 - 14)


def test_bonuses_go_to_a_clear_leader() -> None:
    state = playing(cards("C", "A", "T", "S", "O", "N", "Q"), cards("Z", "X"), autocheck=True)
    state, _ = state.apply(0, RULES.parse_action("out CATS ON discard Q"))
    state, _ = state.apply(1, RULES.parse_action("take"))
    state, events = state.apply(1, RULES.parse_action("discard Q"))
    won = [(e.seat, e.kind) for e in events if isinstance(e, BonusWon)]
    assert won == [(0, "most-words"), (0, "longest-word")]


def test_the_pile_is_reshuffled_when_empty() -> None:
    state = RULES.new_game(2, seed=4)
    assert isinstance(state, State)
    state = replace(state, pile=(), discards=cards("A", "B", "C"))
    after, events = state.apply(state.turn, RULES.parse_action("draw"))
    assert isinstance(events[0], PileReshuffled) and events[0].count == 2
    assert after.discards == cards("C") and len(after.pile) == 1


def test_a_draw_is_private_and_a_take_is_public() -> None:
    state = RULES.new_game(2, seed=2)
    seat = state.to_act()[0]
    _, events = state.apply(seat, RULES.parse_action("draw"))
    assert [e.visible_to(1 - seat) for e in events] == [True, False]


def test_notation_round_trips_and_games_replay() -> None:
    from sixdot.games.letters.bots import SensibleBot

    state = RULES.new_game(3, seed=5)
    bots = [SensibleBot(s, 5) for s in range(3)]
    moves = []
    while not state.is_over:
        seat = state.to_act()[0]
        for action in state.legal_actions(seat):
            assert RULES.parse_action(action.notation) == action
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        moves.append((seat, action.notation))
        state, _ = state.apply(seat, action)
    again, _ = replay(RULES, 3, None, 5, moves)
    assert again == state and state.round == 8


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list]:
    """The moves, seat and typed text, in order; every event they caused."""
    events = []
    for seat, move in moves:
        state, new = state.apply(seat, RULES.parse_action(move))
        events.extend(new)
    return state, events


def three(hand: tuple, **options: object) -> State:
    """Three players, seat 0 to play after drawing, holding `hand`."""
    state = RULES.new_game(3, options, seed=1)
    assert isinstance(state, State)
    others = (cards("D", "O", "G", "Z"), cards("Q", "X", "J", "V"))
    return replace(state, turn=0, phase=Phase.PLAY, hands=(hand, *others))


def notations(state: State) -> list[str]:
    return [a.notation for a in state.legal_actions(state.turn)]


def test_words_can_be_challenged_as_they_are_laid_by_each_other_player_in_turn() -> None:
    """'When a player presents their word(s) they can be challenged by the others at the
    table.' The default: as soon as words are laid, each other player, clockwise, challenges
    or accepts; then play goes on."""
    state, events = play(three(cards("C", "A", "T", "Q")), (0, "out CAT discard Q"))
    assert state.phase is Phase.CHALLENGE and state.turn == 1 and state.out_seat == 0
    assert notations(state) == ["accept", "challenge CAT"]
    state, events = play(state, (1, "accept"))
    assert events == [WordsAccepted(1, 0, 1)] and state.turn == 2
    assert notations(state) == ["accept", "challenge CAT"]
    state, events = play(state, (2, "accept"))
    # Nobody doubted CAT: the final turns begin on the left of who went out.
    assert state.phase is Phase.DRAW and state.turn == 1


def test_a_challenge_as_words_are_laid_is_settled_at_once_as_after_final_turns() -> None:
    """'If the word isn't allowed then the player must subtract those points from their
    score.' Caught as it is laid, TCA stays on the table and counts against its owner; the
    player who went out with it still went out, and the next player need not decide."""
    state, events = play(three(cards("C", "A", "T", "Q")), (0, "out TCA discard Q"))
    state, events = play(state, (1, "challenge TCA"))
    assert events == [WordChallenged(1, 0, "TCA", False, 13)]
    assert state.phase is Phase.DRAW and state.turn == 1 and state.out_seat == 0
    state, events = play(state, (1, "draw"), (1, "discard D"), (2, "draw"), (2, "discard Q"))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.points[0] == -13
    assert not any(isinstance(e, ChallengesOpened) for e in events)


def test_a_lost_challenge_as_words_are_laid_costs_the_challenger_the_word() -> None:
    """'If the word is allowable then the challenger loses the amount of points that the
    word is worth.' One word of two is challenged; the challenger may still challenge the
    other, or accept it, and the next player decides on what is left."""
    hand = cards("C", "A", "T", "D", "O", "G", "Q")
    state, _ = play(three(hand), (0, "out CAT DOG discard Q"))
    state, events = play(state, (1, "challenge DOG"))
    assert events == [WordChallenged(1, 0, "DOG", True, 13)] and state.turn == 1
    assert notations(state) == ["accept", "challenge CAT"]
    state, events = play(state, (1, "accept"), (2, "accept"))
    assert events == [WordsAccepted(1, 0, 1), WordsAccepted(2, 0, 1)]
    state, events = play(state, (1, "draw"), (1, "discard D"), (2, "draw"), (2, "discard Q"))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.points[0] == 13 + 13 + 10 + 10  # both words stand: both bonuses
    kept = next(e for e in events if isinstance(e, CardsLeft) and e.seat == 1)
    assert ended.points[1] == -13 - kept.value


def test_words_laid_on_the_last_final_turn_are_open_before_the_round_is_scored() -> None:
    """'The will then present their words': a final turn's words are challenged as laid
    too, so the round is scored only when the last of them is decided."""
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    state, _ = play(state, (0, "out CAT discard Q"), (1, "accept"), (1, "take"))
    state, events = play(state, (1, "lay DOG discard Q"))
    assert state.phase is Phase.CHALLENGE and state.turn == 0 and state.round == 1
    assert not any(isinstance(e, RoundEnded) for e in events)
    state, events = play(state, (0, "accept"))
    assert state.round == 2 and any(isinstance(e, RoundEnded) for e in events)


def test_challenges_as_laid_are_refused_at_other_moments_saying_what_is_accepted() -> None:
    state = three(cards("C", "A", "T", "Q"))
    refusal = state.refusal(0, RULES.parse_action("challenge CAT"))
    assert refusal.key == "refuse-let-not-challenging" and refusal.args["laid"] is True
    state, _ = play(state, (0, "out CAT discard Q"))
    for typed in ("draw", "done", "discard D"):
        refusal = state.refusal(1, RULES.parse_action(typed))
        assert refusal.key == "refuse-let-challenging-laid" and refusal.args["owner_seat"] == 0
    refusal = state.refusal(1, RULES.parse_action("challenge DOG"))
    assert refusal.args == {"word": "DOG", "words": "CAT"}


# --- the house rule challenges=end ----------------------------------------------


def final_turns(state: State, *moves: str) -> tuple[State, list]:
    """Seat 0 goes out with the first move; seat 1 takes and plays the second."""
    return play(state, (0, moves[0]), (1, "take"), (1, moves[1]))


def ending(hand: tuple, others: tuple) -> State:
    """Two players under the house rule challenges=end."""
    return playing(hand, others, challenges="end")


def test_with_challenges_at_the_end_they_open_after_the_final_turns() -> None:
    """'When a player presents their word(s) they can be challenged by the others at the
    table.' The house rule challenges=end waits: no challenge as words are laid;
    after the final turns each player in turn, from the left of who went out, may
    challenge any other player's words."""
    state = ending(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    state, events = play(state, (0, "out CAT discard Q"))
    assert state.phase is Phase.DRAW and state.turn == 1  # straight to the final turn
    state, events = play(state, (1, "take"), (1, "lay DOG discard Q"))
    assert isinstance(events[-1], ChallengesOpened) and events[-1].words == 2
    assert state.phase is Phase.CHALLENGE and state.turn == 1
    assert [a.notation for a in state.legal_actions(1)] == ["done", "challenge CAT"]
    assert state.refusal(1, RULES.parse_action("challenge DOG")).key == "refuse-let-no-such-word"
    assert state.refusal(1, RULES.parse_action("accept")).key == "refuse-let-challenging"
    state, _ = state.apply(1, RULES.parse_action("done"))
    assert state.turn == 0 and [a.notation for a in state.legal_actions(0)][1] == "challenge DOG"


def test_with_challenges_at_the_end_a_challenge_lost_costs_the_challenger_the_word() -> None:
    """'If the word is allowable then the challenger loses the amount of points that the
    word is worth.' With challenges=end: a challenger with no word left has decided."""
    state = ending(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    state, _ = final_turns(state, "out CAT discard Q", "lay DOG discard Q")
    state, events = state.apply(1, RULES.parse_action("challenge CAT"))
    assert events == (WordChallenged(1, 0, "CAT", True, 13),) and state.turn == 0
    state, events = state.apply(0, RULES.parse_action("done"))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.points == (13, 5 + 2 + 6 - 14 - 13)


def test_with_challenges_at_the_end_a_challenge_won_turns_the_word_against_its_owner() -> None:
    """'If the word isn't allowed then the player must subtract those points from their
    score.' With challenges=end, after the final turns."""
    state = ending(cards("C", "A", "T", "Q"), cards("D", "O", "G", "S", "Z"))
    state, _ = final_turns(state, "out TCA discard Q", "lay DOGS discard Q")
    state, events = state.apply(1, RULES.parse_action("challenge TCA"))
    assert events == (WordChallenged(1, 0, "TCA", False, 13),)
    assert state.turn == 0  # DOGS is still open to seat 0
    state, events = state.apply(0, RULES.parse_action("done"))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    # TCA is no word: minus 13, and it counts for no bonus; DOGS takes both.
    assert ended.points == (-13, 5 + 2 + 6 + 3 + 10 + 10 - 14)
    assert [(e.seat, e.kind) for e in events if isinstance(e, BonusWon)] == [
        (1, "most-words"),
        (1, "longest-word"),
    ]


def test_autocheck_skips_challenges() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"), autocheck=True)
    state, events = final_turns(state, "out CAT discard Q", "lay DOG discard Q")
    assert not any(isinstance(e, ChallengesOpened) for e in events)
    assert state.round == 2


def test_the_turn_cap_closes_a_round_with_final_turns() -> None:
    state = RULES.new_game(2, {"turns": 1, "autocheck": True}, seed=3)
    first = state.to_act()[0]
    state, _ = state.apply(first, RULES.parse_action("draw"))
    state, _ = state.apply(first, state.legal_actions(first)[-1])
    assert not state.capped and state.turn == 1 - first
    state, _ = state.apply(1 - first, RULES.parse_action("draw"))
    state, events = state.apply(1 - first, state.legal_actions(1 - first)[-1])
    assert isinstance(events[-1], RoundCapped) and events[-1].turns == 1
    assert state.capped and state.turn == first and state.view(first).final
    # Both now have a final turn; nobody went out.
    for seat in (first, 1 - first):
        state, _ = state.apply(seat, RULES.parse_action("draw"))
        state, _ = state.apply(seat, state.legal_actions(seat)[0])
    assert state.round == 2


def test_a_lone_multi_letter_card_is_a_word_only_with_singles() -> None:
    out = RULES.parse_action("out THE discard Q")
    assert playing(cards("THE", "Q")).refusal(0, out).key == "refuse-let-short"
    assert playing(cards("THE", "Q"), singles=True).refusal(0, out) is None


def test_a_move_of_another_game_is_refused_as_not_a_letters_move() -> None:
    state = playing(cards("C", "A", "T", "Q"))
    other = NONESUCH.new_game(3, seed=5)
    alien = other.legal_actions(other.to_act()[0])[0]
    assert state.refusal(0, alien).key == "refuse-let-unknown"
