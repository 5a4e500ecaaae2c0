"""Braille from the tables under `braille/`: card cells, text cells, braille ASCII.

A card's braille form (RULINGS section 6, the Letters convention): the FOR
sign, the card's face, and for a contraction a space and the letters spelled
out; on the next line the points or rank as a braille number. Faces are
written uncontracted and without capital signs unless the game says the face
is a contraction; QU and CL are contraction cards with no sign, so they are
spelled.

>>> card_cells("EW", 1)
('⠿⠑⠺', '⠼⠁')
>>> card_cells("QU", 9, contracted=True)
('⠿⠟⠥', '⠼⠊')

Card cells come from our own exact tables so that every card can be tested
cell by cell and embossed without extra software. Running text for a braille
display goes through liblouis instead (`translate`), which knows the full
contraction rules of UEB grade 2; it is Debian's python3-louis, imported only
when a display is used.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import TYPE_CHECKING, Any

from sixdot.resources import shared_dir

if TYPE_CHECKING:
    from sixdot.decks import DeckEntry

_BASE = 0x2800
#: The blank cell as Unicode braille, which liblouis writes for a space.
BLANK = chr(_BASE)

#: liblouis tables by the names settings use; a table file name is accepted too.
LOUIS_TABLES = {"grade1": "en-ueb-g1.ctb", "grade2": "en-ueb-g2.ctb"}
DEFAULT_GRADE = "grade1"


class BrailleError(ValueError):
    """Text holding a character the braille tables do not cover."""


class LouisMissing(RuntimeError):
    """liblouis (Debian's python3-louis) is not importable, or lacks a table."""


def dots(numbers: str) -> str:
    """The Unicode braille character for dot numbers such as "145" ("0": blank)."""
    return chr(_BASE + sum(1 << (int(d) - 1) for d in numbers if d != "0"))


@cache
def _table() -> dict[str, Any]:
    with open(shared_dir("braille") / "ueb.toml", "rb") as handle:
        return tomllib.load(handle)


@cache
def _symbols() -> dict[str, str]:
    """Every character text may hold, lower-case letters and print symbols, as cells."""
    table = _table()
    symbols = {ch: dots(d) for ch, d in table["letters"].items()}
    for ch, cells in table["punctuation"].items():
        symbols[ch] = "".join(dots(d) for d in cells.split())
    return symbols


def _sign(name: str) -> str:
    return dots(_table()["signs"][name])


def cells(text: str, capitals: bool = False) -> str:
    """Text in uncontracted braille; spaces stay spaces.

    Digits take the number sign, and a letter a to j right after a number
    takes the grade 1 indicator so it is not read as a digit. With
    `capitals`, a capital letter takes the capital sign and a word of
    several capitals the capitalised-word sign; card faces leave them out.
    """
    table = _table()
    symbols = _symbols()
    out: list[str] = []
    for word in text.split(" "):
        letters_in_word = [ch for ch in word if ch.isalpha()]
        whole_word_caps = capitals and len(letters_in_word) > 1 and word.isupper()
        if whole_word_caps:
            out.append(_sign("capital") * 2)
        numeric = False
        for ch in word:
            if ch in table["digits"]:
                if not numeric:
                    out.append(_sign("number"))
                out.append(dots(table["digits"][ch]))
                numeric = True
                continue
            low = ch.lower()
            if low not in symbols:
                raise BrailleError(f"no braille for {ch!r} in {text!r}: add it to braille/ueb.toml")
            if numeric and low in "abcdefghij":
                out.append(_sign("grade1"))
            numeric = False
            if capitals and ch.isupper() and not whole_word_caps:
                out.append(_sign("capital"))
            out.append(symbols[low])
        out.append(" ")
    return "".join(out)[:-1]


def letters(text: str) -> str:
    """Letters spelled out, one cell each (uncontracted, no capital signs)."""
    return cells(text)


def number(value: int) -> str:
    """A whole number after the number sign; a minus sign is not needed for cards."""
    return cells(str(abs(value)))


def contraction(face: str) -> str | None:
    """The single-cell UEB sign for a face such as THE or ING; None if it has none."""
    sign = _table()["contractions"].get(face.lower())
    return None if sign is None else dots(sign)


def card_cells(face: str, value: int, contracted: bool = False) -> tuple[str, str]:
    """The card's two braille lines: sign and face, then its value."""
    sign = _sign("card")
    spelled = cells(face)
    short = contraction(face) if contracted else None
    head = sign + spelled if short is None else f"{sign}{short} {spelled}"
    return head, number(value)


def entry_cells(entry: DeckEntry) -> tuple[str, str]:
    """A deck entry's two braille lines, from its face as the game prints it."""
    return card_cells(str(entry.card), entry.value, entry.contracted)


def wrap(braille: str, width: int, space: str = " ") -> list[str]:
    """Braille cut into lines of at most `width` cells, between words where possible.

    A braille reader moves a whole line or display at a time, so a word cut
    in two costs a pan in the middle of reading it; only a word longer than
    a line is cut. Words are joined again with `space` (BLANK for liblouis
    output, a plain space for our own cells). Empty text is one empty line.
    """
    if width < 1:
        raise ValueError(f"cannot wrap braille to {width} cells")
    lines: list[str] = []
    line = ""
    for word in braille.replace(BLANK, " ").split():
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += space + word
        else:
            lines.append(line)
            line = word
    if line or not lines:
        lines.append(line)
    return lines


# -- braille ASCII (BRF) --


@cache
def _ascii() -> dict[str, str]:
    """Each six-dot cell, as Unicode braille, to its braille ASCII character."""
    with open(shared_dir("braille") / "brf.toml", "rb") as handle:
        return {dots(d): ch for ch, d in tomllib.load(handle).items()}


def to_ascii(braille: str) -> str:
    """Unicode braille (six-dot cells, spaces or blank cells) as North American braille ASCII."""
    table = _ascii()
    try:
        return "".join(table[BLANK if ch == " " else ch] for ch in braille)
    except KeyError as err:
        raise BrailleError(f"{err.args[0]!r} is not a six-dot braille cell") from err


# -- liblouis --


def louis_table(name: str) -> str:
    """The liblouis table file for a settings name ("grade1", "grade2") or a file name."""
    return LOUIS_TABLES.get(name, name)


def _louis() -> Any:
    try:
        import louis
    except ImportError as err:
        raise LouisMissing("liblouis is missing (python3-louis, see docs/braille.md)") from err
    # liblouis logs to stderr by default, which would break into the game's lines.
    louis.setLogLevel(louis.LOG_OFF)
    return louis


def check_table(name: str) -> str:
    """The table file for `name`, after checking that liblouis can compile it."""
    louis = _louis()
    table = louis_table(name)
    try:
        louis.checkTable([table])
    except RuntimeError as err:
        raise LouisMissing(f"liblouis has no table {table}") from err
    return table


def translate(text: str, table: str = DEFAULT_GRADE) -> str:
    """Text in Unicode braille by liblouis: UEB grade 1 or grade 2 by default.

    Blank cells stand for spaces, as liblouis writes them.
    """
    louis = _louis()
    return louis.translateString([louis_table(table)], text, mode=louis.dotsIO | louis.ucBrl)
