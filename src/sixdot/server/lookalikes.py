"""What a name looks like, so that a name that passes for another is refused.

"аlice" with a Cyrillic а is another account than "alice" by its letters, and
the same one to everyone who reads the lobby. A name's look is its NFKC form
(fullwidth and other compatibility letters to plain ones) with every letter
that passes for a Latin one, or a digit, made that one (Unicode's confusables
data, through confusable-homoglyphs: Cyrillic а to a, Greek Ν to N, the digit
0 to O), compared without case. Two looks are taken, the look-alikes found
before and after casefolding, since the two cases of a letter do not always
pass for the same Latin one (Greek Ν for N, ν for v).
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs.categories import alias
from confusable_homoglyphs.confusables import is_confusable


class _Latin(dict[int, str]):
    """Each character (as `str.translate` asks: by code point) to the Latin
    letter or digit it passes for, or to itself; filled as characters are met."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        found = is_confusable(char, greedy=True, preferred_aliases=["latin"]) or []
        like = [
            glyph["c"]
            for each in found
            for glyph in each["homoglyphs"]
            if all(alias(part) == "LATIN" for part in glyph["c"])
        ]
        self[code] = like[0] if like else char
        return self[code]


_LATIN = _Latin()


def looks(name: str) -> frozenset[str]:
    """How `name` looks, compared without case: one name is too like another
    if they share a look.

    >>> sorted(looks("ΑΝΑ")), looks("аna")  # Greek capitals; a Cyrillic а
    (['ana', 'ava'], frozenset({'ana'}))
    >>> looks("Ana") & looks("Ava")
    frozenset()
    """
    text = unicodedata.normalize("NFKC", name)
    return frozenset(
        {
            text.translate(_LATIN).casefold(),
            text.casefold().translate(_LATIN).casefold(),
        }
    )
