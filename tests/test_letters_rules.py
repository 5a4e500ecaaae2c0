"""Letters rules as examples: turns, going out, refusals, scoring, bonuses, reshuffle."""

from __future__ import annotations

from dataclasses import replace

from sixdot.core import replay
from sixdot.games.letters.cards import by_face
from sixdot.games.letters.rules import (
    RULES,
    BonusTied,
    BonusWon,
    Phase,
    PileReshuffled,
    RoundEnded,
    State,
)


def cards(*faces: str) -> tuple:
    return tuple(by_face()[f] for f in faces)


def playing(hand: tuple, others: tuple = ()) -> State:
    """Two players, seat 0 to play after drawing, holding `hand`."""
    state = RULES.new_game(2, seed=1)
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
    state = playing(cards("C", "A", "T", "Q"))
    assert state.refusal(0, RULES.parse_action("out COT discard Q")).args["letters"] == "O"
    assert state.refusal(0, RULES.parse_action("out TCA discard Q")).key == "refuse-let-not-a-word"
    assert state.refusal(0, RULES.parse_action("lay CAT discard Q")).key == "refuse-let-lay-when"
    assert state.refusal(0, RULES.parse_action("draw")).key == "refuse-let-drawn-already"
    assert state.refusal(0, RULES.parse_action("out AT discard Q")).key == "refuse-let-out-all"
    assert state.refusal(0, RULES.parse_action("out CAT discard Q")) is None


def test_several_ways_are_listed_as_typeable_moves() -> None:
    state = playing(cards("T", "H", "TH", "E", "Q", "E"))
    refusal = state.refusal(0, RULES.parse_action("out THE THE discard Q"))
    assert refusal.key == "refuse-let-which"
    assert "out [T][H][E] [TH][E] discard Q" in refusal.args["ways"]


def test_round_scores_and_tied_bonuses() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    state, _ = state.apply(0, RULES.parse_action("out CAT discard Q"))
    state, _ = state.apply(1, RULES.parse_action("take"))
    state, events = state.apply(1, RULES.parse_action("lay DOG discard Q"))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    # One word each, three letters each: both bonuses tied, nobody gets them.
    assert [e.kind for e in events if isinstance(e, BonusTied)] == ["most-words", "longest-word"]
    assert ended.points == (8 + 2 + 3, 5 + 2 + 6 - 14)


def test_bonuses_go_to_a_clear_leader() -> None:
    state = playing(cards("C", "A", "T", "S", "O", "N", "Q"), cards("Z", "X"))
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
