"""The solver against brute force on small random hands."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from sixdot.games.letters.cards import by_face, deck
from sixdot.games.letters.solver import Arrangement, Solver
from sixdot.lexicon import Lexicon

SOLVER = Solver(Lexicon.default())


def brute_words(cards: list) -> set[tuple]:
    """Every ordering of every subset that is a word: permutations, the slow way."""
    found = set()
    for size in range(2, len(cards) + 1):
        for perm in itertools.permutations(cards, size):
            if SOLVER.is_word(perm):
                found.add(perm)
    return found


def brute_best(cards: list) -> int:
    """Best points by trying every set of disjoint words."""
    words = list({tuple(sorted(w)): w for w in brute_words(cards)}.values())
    best = -sum(c.points for c in cards)

    def go(start: int, left: Counter, points: int) -> None:
        nonlocal best
        best = max(best, points - sum(c.points * n for c, n in left.items()))
        for i in range(start, len(words)):
            need = Counter(words[i])
            if not need - left:
                go(i, left - need, points + sum(c.points for c in words[i]))

    go(0, Counter(cards), 0)
    return best


@pytest.mark.parametrize("seed", range(12))
def test_best_matches_brute_force(seed: int) -> None:
    cards = random.Random(seed).sample(deck(), 6)
    assert set(SOLVER.words(cards)) == brute_words(cards)
    assert SOLVER.best(cards).points == brute_best(cards)


@pytest.mark.parametrize("seed", range(6))
def test_best_final_turn_matches_brute_force(seed: int) -> None:
    """Every discard tried the slow way; the solver skips those that cannot win."""
    cards = random.Random(100 + seed).sample(deck(), 6)
    best = SOLVER.best_final(cards)
    assert best.discard in cards
    rests = [cards[:i] + cards[i + 1 :] for i in range(len(cards))]
    assert best.points == max(brute_best(rest) for rest in rests)


def test_going_out_with_multi_letter_cards() -> None:
    hand = [by_face()[f] for f in ("TH", "E", "R", "E", "A", "D", "Q")]
    out = SOLVER.going_out(hand)
    assert out is not None and out.discard == by_face()["Q"]
    assert not out.left and out.points == sum(c.points for c in hand) - 15


def test_no_way_out_with_unusable_cards() -> None:
    hand = [by_face()[f] for f in ("Q", "Z", "X")]
    assert SOLVER.going_out(hand) is None


@pytest.mark.parametrize("seed", range(8))
def test_repeated_cards_match_brute_force(seed: int) -> None:
    """Hands with two or three of a card: a word may need both copies, or only one
    may be left for it after another word took the first."""
    pool = [by_face()[f] for f in "EEEAASSTTRNOOD"]
    cards = random.Random(200 + seed).sample(pool, 7)
    assert SOLVER.best(cards).points == brute_best(cards)


def test_a_word_needing_two_copies_is_found_only_with_both() -> None:
    """TEE takes both Es; with one E (and an X) the best is EX, the T left over."""
    t, e, x = (by_face()[f] for f in "TEX")
    assert SOLVER.best([t, e, e]) == Arrangement(((t, e, e),), ())
    assert SOLVER.best([t, e, x]) == Arrangement(((e, x),), (t,))
