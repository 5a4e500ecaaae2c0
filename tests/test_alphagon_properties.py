"""Alphagon invariants over random games, as Hypothesis finds them.

Whatever the moves: every player's letters are all somewhere (rack, sacks,
board, lost), the polygon is a simple path whose sides never touch, every
listed move is allowed and reads back from its notation, and games end.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from sixdot.games.alphagon.board import layout, neighbours
from sixdot.games.alphagon.rules import PLUS, RULES, State


def letters_of(state: State, seat: int) -> Counter[str]:
    """Everything one player drew from: rack, both sacks, their marks on the board, lost."""
    placed = [m for m, o in zip(state.marks, state.owners, strict=True) if o == seat and m != PLUS]
    return Counter(
        [
            *state.racks[seat],
            *state.vowel_sacks[seat],
            *state.consonant_sacks[seat],
            *placed,
            *state.lost[seat],
        ]
    )


def simple_path(state: State) -> bool:
    """Distinct squares, each next to the one before, none touching a non-neighbour.

    The one touch allowed is the last square next to the start: a closed polygon.
    """
    path = state.path
    if len(set(path)) != len(path):
        return False
    index = {square: i for i, square in enumerate(path)}
    for i, square in enumerate(path):
        if i and path[i - 1] not in neighbours(square):
            return False
        for n in neighbours(square):
            j = index.get(n)
            if j is None or abs(i - j) == 1:
                continue
            if {i, j} != {0, len(path) - 1}:
                return False
    return True


def random_game(players: int, seed: int, moves: int = 400) -> list[State]:
    state, _ = RULES.begin(players, None, seed)
    assert isinstance(state, State)
    rng = random.Random(seed)
    states = [state]
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_act()[0]
        state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert isinstance(state, State)
        states.append(state)
    return states


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_letters_are_conserved_per_player(players: int, seed: int) -> None:
    supply = layout().letters
    for state in random_game(players, seed):
        for seat in range(players):
            assert letters_of(state, seat) == supply


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_the_polygon_is_always_a_simple_path(players: int, seed: int) -> None:
    for state in random_game(players, seed):
        assert simple_path(state)
        assert len(state.headings) <= 10
        assert state.marks[:1] in ((), (PLUS,))


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_every_listed_move_is_allowed_and_reads_back(players: int, seed: int) -> None:
    for state in random_game(players, seed, moves=120):
        if state.is_over:
            assert state.winners and not state.to_act()
            continue
        seat = state.to_act()[0]
        for action in state.legal_actions(seat):
            assert state.refusal(seat, action) is None
            assert RULES.parse_action(action.notation) == action


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_the_turn_always_passes_the_way_the_dice_chose(players: int, seed: int) -> None:
    states = random_game(players, seed)
    for before, after in pairwise(states):
        if after.turn != before.turn:
            assert after.turn == (before.turn + before.rotation.step) % players


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_random_games_end_and_bonuses_never_go_negative(players: int, seed: int) -> None:
    states = random_game(players, seed, moves=5000)
    assert states[-1].is_over
    assert all(min(s.bonuses) >= 0 for s in states)
