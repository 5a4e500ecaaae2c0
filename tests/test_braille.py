"""Card braille follows the Letters convention (RULINGS section 6), cell by cell.

Expected cells are written here by hand as Unicode braille, not read from
braille/ueb.toml, so a wrong dot in the table fails the test rather than
being copied into both sides.
"""

from __future__ import annotations

import os

import pytest

from sixdot.games import GAMES, playable
from sixdot.present.braille import (
    BLANK,
    BrailleError,
    LouisMissing,
    card_cells,
    cells,
    check_table,
    contraction,
    dots,
    entry_cells,
    letters,
    number,
    to_ascii,
    translate,
    wrap,
)
from sixdot.present.phrasebook import Phrasebook

FOR = "\u283f"  # dots 1-2-3-4-5-6
NUMBER_SIGN = "\u283c"  # dots 3-4-5-6
LETTERS = dict(zip("abcdefghijklmnopqrstuvwxyz", "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵", strict=True))
DIGITS = dict(zip("1234567890", "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚", strict=True))
#: UEB print symbols a card face may carry (a vowel card A/E, a wild ?).
SYMBOLS = {" ": " ", "/": "⠸⠌", "?": "⠦", "-": "⠤", "'": "⠄", ".": "⠲", ",": "⠂"}
#: RULINGS section 6: these faces have single-cell signs; QU and CL have none.
CONTRACTIONS = {
    "AND": "⠯",
    "FOR": "⠿",
    "OF": "⠷",
    "THE": "⠮",
    "WITH": "⠾",
    "CH": "⠡",
    "GH": "⠣",
    "SH": "⠩",
    "TH": "⠹",
    "WH": "⠱",
    "ED": "⠫",
    "ER": "⠻",
    "OU": "⠳",
    "OW": "⠪",
    "ST": "⠌",
    "AR": "⠜",
    "ING": "⠬",
    "IN": "⠔",
}


def spelled(face: str) -> str:
    """A face in uncontracted braille without capital signs, from the tables above."""
    out = ""
    numeric = False
    for ch in face.lower():
        if ch.isdigit():
            out += ("" if numeric else NUMBER_SIGN) + DIGITS[ch]
            numeric = True
            continue
        if numeric and ch in "abcdefghij":
            out += "⠰"
        numeric = False
        out += LETTERS[ch] if ch in LETTERS else SYMBOLS[ch]
    return out


def expected(face: str, value: int, contracted: bool) -> tuple[str, str]:
    sign = CONTRACTIONS.get(face.upper()) if contracted else None
    head = FOR + spelled(face) if sign is None else f"{FOR}{sign} {spelled(face)}"
    return head, NUMBER_SIGN + "".join(DIGITS[d] for d in str(value))


def test_dot_numbers_map_to_unicode_cells() -> None:
    assert dots("1") == "\u2801"
    assert dots("123456") == FOR
    assert dots("3456") == NUMBER_SIGN
    assert dots("0") == BLANK


def test_letters_a_to_z_are_the_standard_cells() -> None:
    assert letters("abcdefghijklmnopqrstuvwxyz") == "".join(LETTERS.values())


@pytest.mark.parametrize(("value", "cells"), [(1, "⠼⠁"), (10, "⠼⠁⠚"), (15, "⠼⠁⠑"), (0, "⠼⠚")])
def test_numbers_use_the_number_sign_and_letters_a_to_j(value: int, cells: str) -> None:
    assert number(value) == cells


def test_contraction_card_shows_sign_space_and_spelled_letters() -> None:
    assert card_cells("THE", 12, contracted=True) == ("⠿⠮ ⠞⠓⠑", "⠼⠁⠃")


@pytest.mark.parametrize(
    ("face", "value", "contracted", "lines"),
    [
        ("THE", 12, True, ("⠿⠮ ⠞⠓⠑", "⠼⠁⠃")),
        ("ING", 13, True, ("⠿⠬ ⠊⠝⠛", "⠼⠁⠉")),
        ("AND", 12, True, ("⠿⠯ ⠁⠝⠙", "⠼⠁⠃")),
        ("FOR", 13, True, ("⠿⠿ ⠋⠕⠗", "⠼⠁⠉")),
        ("ST", 6, True, ("⠿⠌ ⠎⠞", "⠼⠋")),
        ("QU", 9, True, ("⠿⠟⠥", "⠼⠊")),  # QU has no sign: spelled, no space
        ("CL", 10, True, ("⠿⠉⠇", "⠼⠁⠚")),
        ("Q", 15, False, ("⠿⠟", "⠼⠁⠑")),
        ("A/E", 1, False, ("⠿⠁⠸⠌⠑", "⠼⠁")),
        ("?", 0, False, ("⠿⠦", "⠼⠚")),
        ("Chance Meeting", 7, False, ("⠿⠉⠓⠁⠝⠉⠑ ⠍⠑⠑⠞⠊⠝⠛", "⠼⠛")),
        ("TH", 1, False, ("⠿⠞⠓", "⠼⠁")),  # an Alphabeticell card is two letters, not TH
    ],
)
def test_hand_checked_cards(
    face: str, value: int, contracted: bool, lines: tuple[str, str]
) -> None:
    assert card_cells(face, value, contracted) == lines


def test_the_table_holds_exactly_the_contractions_of_section_6() -> None:
    for face, sign in CONTRACTIONS.items():
        assert contraction(face) == sign, face
    assert contraction("QU") is None and contraction("CL") is None
    assert contraction("EW") is None


@pytest.mark.parametrize("game_name", sorted(playable()))
def test_every_card_of_every_deck_has_its_exact_cells(game_name: str) -> None:
    entries = playable()[game_name].deck()
    assert entries
    for entry in entries:
        face = str(entry.card)
        assert entry_cells(entry) == expected(face, entry.value, entry.contracted), face
        if entry.contracted:
            assert face.upper() in CONTRACTIONS or face.upper() in ("QU", "CL"), face


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


def test_text_cells_with_capitals_and_numbers() -> None:
    assert cells("Ace of Moons", capitals=True) == "⠠⠁⠉⠑ ⠕⠋ ⠠⠍⠕⠕⠝⠎"
    assert cells("THE END", capitals=True) == "⠠⠠⠞⠓⠑ ⠠⠠⠑⠝⠙"
    assert cells("48 cards, 4b.") == "⠼⠙⠓ ⠉⠁⠗⠙⠎⠂ ⠼⠙⠰⠃⠲"  # b after 4 needs the grade 1 sign
    assert cells("4j") == "⠼⠙⠰⠚"  # j is the digit 0 after a number sign
    assert cells("4z") == "⠼⠙⠵"  # z cannot be read as a digit


def test_a_character_without_braille_is_an_error_naming_it() -> None:
    with pytest.raises(BrailleError, match="'é'"):
        cells("Café")


def test_wrap_breaks_between_words_and_cuts_only_long_words() -> None:
    assert wrap("⠁⠃ ⠉⠙ ⠑⠋", 5) == ["⠁⠃ ⠉⠙", "⠑⠋"]
    assert wrap(f"⠁⠃{BLANK}⠉⠙", 5, BLANK) == [f"⠁⠃{BLANK}⠉⠙"]
    assert wrap("⠁⠁⠁⠁⠁⠁⠁ ⠃", 3) == ["⠁⠁⠁", "⠁⠁⠁", "⠁ ⠃"]
    assert wrap("", 40) == [""]
    for line in wrap(" ".join(["⠁⠃⠉"] * 50), 40):
        assert len(line) <= 40
    with pytest.raises(ValueError, match="0 cells"):
        wrap("⠁", 0)  # a display that reports no cells must not loop forever


# -- braille ASCII --

#: North American braille ASCII for cells U+2800 to U+283F in order, as
#: printed in the standard's table (and in liblouis's en-us-brf.dis).
NABCC = " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)="


def test_braille_ascii_is_the_north_american_table() -> None:
    every_cell = "".join(chr(0x2800 + n) for n in range(64))
    assert to_ascii(every_cell) == NABCC
    assert to_ascii("⠿⠮ ⠞⠓⠑") == "=! THE"


def test_braille_ascii_refuses_eight_dot_cells_and_print() -> None:
    with pytest.raises(BrailleError):
        to_ascii("\u28ff")
    with pytest.raises(BrailleError):
        to_ascii("A")


# -- liblouis --


def _louis() -> None:
    try:
        check_table("grade1")
        check_table("grade2")
    except LouisMissing as err:
        if os.environ.get("CI"):
            pytest.fail(str(err))
        pytest.skip(str(err))


def test_liblouis_agrees_on_braille_ascii() -> None:
    _louis()
    import louis

    every_cell = "".join(chr(0x2800 + n) for n in range(64))
    assert louis.translateString(["en-us-brf.dis", "braille-patterns.cti"], every_cell) == NABCC


_ = BLANK
SAMPLES = [
    # (text, grade 1, grade 2), checked by hand against UEB.
    ("Your turn.", "⠠⠽⠕⠥⠗_⠞⠥⠗⠝⠲", "⠠⠽⠗_⠞⠥⠗⠝⠲"),
    ("Ana takes EW as W.", "⠠⠁⠝⠁_⠞⠁⠅⠑⠎_⠠⠠⠑⠺_⠁⠎_⠠⠺⠲", "⠠⠁⠝⠁_⠞⠁⠅⠑⠎_⠠⠠⠑⠺_⠵_⠰⠠⠺⠲"),
    (
        "The card with the most points wins.",
        "⠠⠞⠓⠑_⠉⠁⠗⠙_⠺⠊⠞⠓_⠞⠓⠑_⠍⠕⠎⠞_⠏⠕⠊⠝⠞⠎_⠺⠊⠝⠎⠲",
        "⠠⠮_⠉⠜⠙_⠾_⠮_⠍⠕⠌_⠏⠕⠔⠞⠎_⠺⠔⠎⠲",
    ),
    (
        "Chance Meeting, 7 of Moons and Leaves",
        "⠠⠉⠓⠁⠝⠉⠑_⠠⠍⠑⠑⠞⠊⠝⠛⠂_⠼⠛_⠕⠋_⠠⠍⠕⠕⠝⠎_⠁⠝⠙_⠠⠇⠑⠁⠧⠑⠎",
        "⠠⠡⠨⠑_⠠⠍⠑⠑⠞⠬⠂_⠼⠛_⠷_⠠⠍⠕⠕⠝⠎_⠯_⠠⠇⠂⠧⠑⠎",
    ),
]


@pytest.mark.parametrize(("text", "grade1", "grade2"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_liblouis_translates_announcements_in_grade_1_and_grade_2(
    text: str, grade1: str, grade2: str
) -> None:
    _louis()
    assert translate(text, "grade1") == grade1.replace("_", BLANK)
    assert translate(text, "grade2") == grade2.replace("_", BLANK)


def test_phrasebook_lines_translate_as_printed() -> None:
    _louis()
    words = Phrasebook()
    score = words("score-line", player="Ana", you="yes", total=2)
    assert score == "You: 2 points."
    assert translate(score, "grade1") == "⠠⠽⠕⠥⠒_⠼⠃_⠏⠕⠊⠝⠞⠎⠲".replace("_", BLANK)
    assert translate(score, "grade2") == "⠠⠽⠒_⠼⠃_⠏⠕⠔⠞⠎⠲".replace("_", BLANK)


def test_our_uncontracted_text_matches_liblouis_grade_1() -> None:
    """The title page is transcribed by our tables; liblouis grade 1 agrees with them."""
    _louis()
    for text in ["Alphabeticell", "A deck to emboss for sixdot, 48 cards.", "THE END: 4b"]:
        assert cells(text, capitals=True) == translate(text, "grade1").replace(BLANK, " ")
