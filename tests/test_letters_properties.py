"""Invariants over random play: 128 cards conserved, every laid word valid."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sixdot.games.letters.cards import DECK_SIZE
from sixdot.games.letters.rules import RULES, State, WordLaid


def count(state: State) -> int:
    laid = sum(len(w) for words in state.laid for w in words)
    left = sum(len(c) for c in state.left)
    return len(state.pile) + len(state.discards) + sum(map(len, state.hands)) + laid + left


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8))
def test_cards_are_conserved_and_words_valid(seed: int, players: int) -> None:
    state = RULES.new_game(players, seed=seed)
    assert isinstance(state, State)
    rng = random.Random(seed)
    for _ in range(150):
        if state.is_over:
            break
        seat = state.to_act()[0]
        state, events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert isinstance(state, State)
        assert count(state) == DECK_SIZE
        for event in events:
            if isinstance(event, WordLaid):
                assert state.solver.is_word(event.cards)
