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
    ChallengesOpened,
    Phase,
    PileReshuffled,
    RoundCapped,
    RoundEnded,
    State,
    WordChallenged,
)


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


def final_turns(state: State, *moves: str) -> tuple[State, list]:
    """Seat 0 goes out with the first move; seat 1 takes and plays the second."""
    events = []
    for seat, move in ((0, moves[0]), (1, "take"), (1, moves[1])):
        state, new = state.apply(seat, RULES.parse_action(move))
        events.extend(new)
    return state, events


def test_challenges_open_after_the_final_turns_from_the_left_of_who_went_out() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    state, events = final_turns(state, "out CAT discard Q", "lay DOG discard Q")
    assert isinstance(events[-1], ChallengesOpened) and events[-1].words == 2
    assert state.phase is Phase.CHALLENGE and state.turn == 1
    assert [a.notation for a in state.legal_actions(1)] == ["done", "challenge CAT"]
    assert state.refusal(1, RULES.parse_action("challenge DOG")).key == "refuse-let-no-such-word"
    state, _ = state.apply(1, RULES.parse_action("done"))
    assert state.turn == 0 and [a.notation for a in state.legal_actions(0)][1] == "challenge DOG"


def test_a_challenge_lost_costs_the_challenger_the_word() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    state, _ = final_turns(state, "out CAT discard Q", "lay DOG discard Q")
    state, events = state.apply(1, RULES.parse_action("challenge CAT"))
    assert events == (WordChallenged(1, 0, "CAT", True, 13),)
    state, _ = state.apply(1, RULES.parse_action("done"))
    state, events = state.apply(0, RULES.parse_action("done"))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.points == (13, 5 + 2 + 6 - 14 - 13)


def test_a_challenge_won_turns_the_word_against_its_owner() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "S", "Z"))
    state, _ = final_turns(state, "out TCA discard Q", "lay DOGS discard Q")
    state, events = state.apply(1, RULES.parse_action("challenge TCA"))
    assert events == (WordChallenged(1, 0, "TCA", False, 13),)
    state, events = state.apply(1, RULES.parse_action("done"))
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
