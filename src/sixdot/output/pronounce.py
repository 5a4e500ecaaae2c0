"""Spoken forms: the printed line, changed only where a voice would mishear it.

The rules and the entries live in `speech/<locale>/pronunciation.toml`; this
module only applies them, to whole words. Spelling out capitals is what lets
card faces (EW, QU) and lone letters (A) be heard as letters, so a new game's
cards need no entries of their own.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import cache

from sixdot.resources import shared_dir

# A word: letters and digits together; only all-letter words are changed.
_WORD = re.compile(r"\w+")
# Where a sentence starts: the line's start, or after . ! or ? and spaces. Not
# after a colon: what follows one is often a card ("Your turn: A offered.").
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
_LOWER_WORD_NEXT = re.compile(r"\s+[a-z]")


class Pronouncer:
    """Turns a printed line into the line a voice should read."""

    def __init__(
        self, letters: Mapping[str, str], words: Mapping[str, str], spell_capitals: bool
    ) -> None:
        self.letters = dict(letters)
        self.words = {key.casefold(): value for key, value in words.items()}
        self.spell_capitals = spell_capitals

    def __call__(self, line: str) -> str:
        return _WORD.sub(lambda match: self._word(match, line), line)

    def _word(self, match: re.Match[str], line: str) -> str:
        word = match.group()
        spoken = self.words.get(word.casefold())
        if spoken is not None:
            return spoken
        if not (self.spell_capitals and word.isalpha() and word.isupper()):
            return word
        if len(word) == 1 and _is_article(match, line):
            return word
        return " ".join(self.letters.get(letter, letter) for letter in word)


def _is_article(match: re.Match[str], line: str) -> bool:
    """A capital "A" starting a sentence before a lowercase word: "A letter jumps."."""
    return (
        match.group() == "A"
        and _SENTENCE_START.search(line, 0, match.start()) is not None
        and _LOWER_WORD_NEXT.match(line, match.end()) is not None
    )


@cache
def pronouncer(locale: str = "en") -> Pronouncer:
    """The spoken forms for `locale`; none at all if it has no pronunciation file."""
    path = shared_dir("speech") / locale / "pronunciation.toml"
    if not path.exists():
        return Pronouncer({}, {}, spell_capitals=False)
    with path.open("rb") as file:
        data = tomllib.load(file)
    spell = bool(data.get("spell_capitals", False))
    return Pronouncer(data.get("letters", {}), data.get("words", {}), spell)
