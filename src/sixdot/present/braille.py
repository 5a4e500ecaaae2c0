"""Cards in braille cells, from the tables under `braille/`.

A card's braille form (RULINGS section 6, the Letters convention): the FOR
sign, the card's face, and for a contraction a space and the letters spelled
out; on the next line the points or rank as a braille number. Faces are
written uncontracted unless the game says the face is a contraction.

>>> card_cells("EW", 1)
('⠿⠑⠺', '⠼⠁')
"""

from __future__ import annotations

import tomllib
from functools import cache

from sixdot.resources import shared_dir

_BASE = 0x2800


def dots(numbers: str) -> str:
    """The Unicode braille character for dot numbers such as "145"."""
    return chr(_BASE + sum(1 << (int(d) - 1) for d in numbers))


@cache
def _table() -> dict[str, dict[str, str]]:
    with open(shared_dir("braille") / "ueb.toml", "rb") as handle:
        return tomllib.load(handle)


def letters(text: str) -> str:
    """Letters spelled out, one cell each (uncontracted)."""
    table = _table()["letters"]
    return "".join(dots(table[ch]) for ch in text.lower())


def number(value: int) -> str:
    """A whole number after the number sign; a minus sign is not needed for cards."""
    table = _table()
    return dots(table["signs"]["number"]) + "".join(
        dots(table["digits"][d]) for d in str(abs(value))
    )


def card_cells(face: str, value: int, contracted: bool = False) -> tuple[str, str]:
    """The card's two braille lines: sign and face, then its value."""
    table = _table()
    sign = dots(table["signs"]["card"])
    if contracted:
        head = f"{sign}{dots(table['contractions'][face.lower()])} {letters(face)}"
    else:
        head = sign + letters(face)
    return head, number(value)
