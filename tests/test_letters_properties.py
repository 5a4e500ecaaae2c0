"""Invariants over random play: 128 cards conserved, and every word laid is a
dictionary word or was challenged and found out."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sixdot.games.letters.bots import SensibleBot
from sixdot.games.letters.cards import DECK_SIZE
from sixdot.games.letters.rules import (
    RULES,
    Lay,
    RoundEnded,
    State,
    WordChallenged,
    WordLaid,
)


def count(state: State) -> int:
    laid = sum(len(w) for words in state.laid for w in words)
    left = sum(len(c) for c in state.left)
    return len(state.pile) + len(state.discards) + sum(map(len, state.hands)) + laid + left


def bluff(state: State, seat: int, rng: random.Random) -> Lay | None:
    """On a final turn, two cards in a random order laid as a word, if legal."""
    hand = state.hands[seat]
    if not state.final or len(hand) < 3:
        return None
    first, second, discard = rng.sample(hand, 3)
    lay = Lay((f"[{first.face}][{second.face}]",), discard.face, out=False)
    return lay if state.can(seat, lay) else None


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8))
def test_cards_are_conserved_under_random_play(seed: int, players: int) -> None:
    state = RULES.new_game(players, seed=seed)
    assert isinstance(state, State)
    rng = random.Random(seed)
    for _ in range(150):
        if state.is_over:
            break
        seat = state.to_act()[0]
        state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert isinstance(state, State)
        assert count(state) == DECK_SIZE


def bluffing_rounds(seed: int, players: int, challenges: str = "laid", rounds: int = 3) -> int:
    """Seat 0 lays random non-words on final turns; sensible bots challenge them,
    as they are laid or, with challenges=end, after the final turns.

    Checks after each round that every word laid was valid or caught; returns
    how many were caught.
    """
    state = RULES.new_game(players, {"challenges": challenges}, seed=seed)
    assert isinstance(state, State)
    rng = random.Random(seed)
    bots = [SensibleBot(s, seed) for s in range(players)]
    laid: list[WordLaid] = []
    caught: set[tuple[int, str]] = set()
    total = 0
    while state.round <= rounds and not state.is_over:
        seat = state.to_act()[0]
        action = (seat == 0 and bluff(state, seat, rng)) or bots[seat].choose(
            state.view(seat), state.legal_actions(seat)
        )
        state, events = state.apply(seat, action)
        assert isinstance(state, State) and count(state) == DECK_SIZE
        for event in events:
            if isinstance(event, WordLaid):
                laid.append(event)
            elif isinstance(event, WordChallenged) and not event.valid:
                caught.add((event.owner_seat, event.word))
            elif isinstance(event, RoundEnded):
                for word in laid:
                    assert state.solver.is_word(word.cards) or (word.seat, word.word) in caught
                total += len(caught)
                laid, caught = [], set()
    return total


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 5),
    challenges=st.sampled_from(["laid", "end"]),
)
def test_every_word_is_valid_or_challenged(seed: int, players: int, challenges: str) -> None:
    bluffing_rounds(seed, players, challenges)


def test_bluffs_are_laid_and_caught() -> None:
    """The property above is not empty: over a few games, some bluffs are caught."""
    for challenges in ("laid", "end"):
        assert sum(bluffing_rounds(seed, 3, challenges) for seed in range(4)) > 0
