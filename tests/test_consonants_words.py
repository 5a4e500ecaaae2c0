"""Words from taken cards: vowel cards give either side but only once, wilds
never, and the best word set keeps the most points from scoring."""

from __future__ import annotations

from sixdot.games.consonants.cards import by_face
from sixdot.games.consonants.words import WordFinder, spell_check, unused, word_value
from sixdot.lexicon import Lexicon

C = by_face()


def pile(text: str) -> list:
    return [C[face] for face in text.split()]


def test_a_vowel_card_shows_either_side_but_serves_one_letter() -> None:
    assert spell_check(["TEAM"], pile("T M A/E A/O")) == ""
    assert spell_check(["TEAM"], pile("T M A/E")) == "AE"  # one card cannot be both A and E
    assert spell_check(["TRAP"], pile("T R A/E ?")) == "P"  # a wild is never a letter


def test_a_words_value_is_its_consonants_singletons_at_20() -> None:
    assert word_value("QUIZ") == 40
    assert word_value("TRAP") == 1 + 1 + 3


def test_the_best_set_is_disjoint_and_saves_most() -> None:
    finder = WordFinder(Lexicon.from_words(["trap", "part", "zeta", "tarp", "rapt"]))
    cards = pile("T R P A/E Z T A/O")
    assert finder.best(cards) == ("ZETA",)  # Z is 20; no vowel card is left for TRAP
    cards.append(C["A/U"])
    best = finder.best(cards)
    assert spell_check(list(best), cards) == ""
    assert sorted(best)[1] == "ZETA" and len(best) == 2
    assert sum(word_value(w) for w in best) == (20 + 1) + (1 + 1 + 3)


def test_no_words_means_an_empty_set() -> None:
    finder = WordFinder(Lexicon.from_words(["quiz"]))
    assert finder.best(pile("T R P A/E")) == ()


def test_cards_left_after_words_give_each_vowel_its_own_card() -> None:
    # MATE's E can only come from A/E, so its A moves to A/O: neither is left.
    assert unused(["MATE"], pile("A/E A/O M T T ?")) == tuple(pile("T ?"))
    assert unused(["ZETA"], pile("A/E A/O P R T T Z ?")) == tuple(pile("P R T ?"))
    assert unused([], pile("A/E T")) == tuple(pile("A/E T"))
