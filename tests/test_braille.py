"""Card braille follows the Letters convention (RULINGS section 6), cell by cell."""

from __future__ import annotations

import pytest

from sixdot.games import GAMES
from sixdot.present.braille import card_cells, dots, letters, number

FOR = "\u283f"  # dots 1-2-3-4-5-6
NUMBER_SIGN = "\u283c"  # dots 3-4-5-6


def test_dot_numbers_map_to_unicode_cells() -> None:
    assert dots("1") == "\u2801"
    assert dots("123456") == FOR
    assert dots("3456") == NUMBER_SIGN


def test_letters_a_to_z_are_the_standard_cells() -> None:
    expected = "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵"
    assert letters("abcdefghijklmnopqrstuvwxyz") == expected


@pytest.mark.parametrize(("value", "cells"), [(1, "⠼⠁"), (10, "⠼⠁⠚"), (15, "⠼⠁⠑"), (0, "⠼⠚")])
def test_numbers_use_the_number_sign_and_letters_a_to_j(value: int, cells: str) -> None:
    assert number(value) == cells


def test_contraction_card_shows_sign_space_and_spelled_letters() -> None:
    assert card_cells("THE", 12, contracted=True) == ("⠿⠮ ⠞⠓⠑", "⠼⠁⠃")


def test_every_alphabeticell_card_is_for_sign_two_letters_then_one() -> None:
    entries = GAMES["alphabeticell"].deck()
    assert len(entries) == 48
    for entry in entries:
        head, value = card_cells(str(entry.card), entry.value)
        first, second = entry.card.letters
        assert head == FOR + letters(first) + letters(second)
        assert value == NUMBER_SIGN + "\u2801"


def test_ew_card_exact_cells() -> None:
    assert card_cells("EW", 1) == ("⠿⠑⠺", "⠼⠁")
