"""Letters bots as examples: going out, challenging, and replaying exactly."""

from __future__ import annotations

from dataclasses import replace

from sixdot.core import replay
from sixdot.games.letters.bots import SensibleBot, StrongBot
from sixdot.games.letters.cards import by_face
from sixdot.games.letters.rules import RULES, Accept, Challenge, Done, Lay, Phase, State


def cards(*faces: str) -> tuple:
    return tuple(by_face()[f] for f in faces)


def playing(hand: tuple, others: tuple, **options: object) -> State:
    state = RULES.new_game(2, options, seed=1)
    assert isinstance(state, State)
    return replace(state, turn=0, phase=Phase.PLAY, hands=(hand, others))


def test_both_bots_go_out_with_a_hand_that_can() -> None:
    state = playing(cards("C", "A", "T", "Z"), cards("Q", "X", "J"))
    for bot in (SensibleBot(0, 1), StrongBot(0, 1)):
        action = bot.choose(state.view(0), state.legal_actions(0))
        assert isinstance(action, Lay) and action.out and action.face == "Z"


def test_bots_challenge_only_what_the_dictionary_lacks_as_it_is_laid() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"))
    state, _ = state.apply(0, RULES.parse_action("out TCA discard Q"))
    assert state.phase is Phase.CHALLENGE and state.turn == 1
    assert StrongBot(1, 1).choose(state.view(1), state.legal_actions(1)) == Challenge("TCA")
    state, _ = state.apply(1, Challenge("TCA"))
    state, _ = state.apply(1, RULES.parse_action("take"))
    state, _ = state.apply(1, RULES.parse_action("lay DOG discard Q"))
    # DOG is a word: seat 0 lets it stand.
    assert state.turn == 0
    assert SensibleBot(0, 1).choose(state.view(0), state.legal_actions(0)) == Accept()


def test_bots_challenge_only_what_the_dictionary_lacks_after_the_final_turns() -> None:
    state = playing(cards("C", "A", "T", "Q"), cards("D", "O", "G", "Z"), challenges="end")
    for seat, move in ((0, "out TCA discard Q"), (1, "take"), (1, "lay DOG discard Q")):
        state, _ = state.apply(seat, RULES.parse_action(move))
    assert state.phase is Phase.CHALLENGE and state.turn == 1
    assert StrongBot(1, 1).choose(state.view(1), state.legal_actions(1)) == Challenge("TCA")
    state, _ = state.apply(1, Challenge("TCA"))
    # DOG is a word: seat 0 accepts it.
    assert state.turn == 0
    assert StrongBot(0, 1).choose(state.view(0), state.legal_actions(0)) == Done()


def strong_moves(seed: int) -> tuple[State, list[tuple[int, str]]]:
    """Three rounds of strong bots: the final state and every move as typed."""
    state = RULES.new_game(3, seed=seed)
    bots = [StrongBot(s, seed) for s in range(3)]
    moves = []
    while not state.is_over and state.round <= 3:
        seat = state.to_act()[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        moves.append((seat, action.notation))
        state, _ = state.apply(seat, action)
    assert isinstance(state, State)
    return state, moves


def test_strong_bots_choose_the_same_moves_again_and_replay() -> None:
    """Their imagined draws come from their own seeded generators."""
    state, moves = strong_moves(8)
    assert strong_moves(8)[1] == moves
    again, _ = replay(RULES, 3, None, 8, moves)
    assert again == state and state.round == 4


def test_the_sensible_bot_says_why_it_goes_out_and_why_it_challenges() -> None:
    state = playing(cards("C", "A", "T", "Z"), cards("Q", "X", "J"))
    bot = SensibleBot(0, 1)
    legal = state.legal_actions(0)
    out = bot.choose(state.view(0), legal)
    why = bot.reason(state.view(0), legal, out)
    assert why is not None and (why.key, dict(why.args)) == ("why-let-out", {"words": 1})
    assert bot.reason(state.view(0), legal, RULES.parse_action("discard C")) is None
    assert StrongBot(0, 1).reason(state.view(0), legal, out) is None

    state, _ = state.apply(0, RULES.parse_action("out TCA discard Z"))
    legal = state.legal_actions(1)
    why = SensibleBot(1, 1).reason(state.view(1), legal, Challenge("TCA"))
    assert why is not None and (why.key, dict(why.args)) == ("why-not-a-word", {"word": "TCA"})


def test_a_hint_that_can_only_lose_says_the_loss_in_words_not_with_a_minus() -> None:
    """Q, X and J spell nothing: whatever is discarded, the rest loses points."""
    state = playing(cards("Q", "X", "J"), cards("C", "A", "T"))
    action, why = SensibleBot(0, 1).decide(state.view(0), state.legal_actions(0))
    assert action == RULES.parse_action("discard Q")
    # X (12) and J (13) are left: 25 points lost at best.
    assert why is not None and (why.key, dict(why.args)) == (
        "why-let-discard-loss",
        {"card": "Q", "points": 25},
    )
