"""Picking from a list by number, by name or by a unique prefix.

>>> pick("2", ["alphabeticell", "consonants"])
1
>>> pick("cons", ["alphabeticell", "consonants"])
1
>>> pick("Alphabeticell", ["alphabeticell", "consonants"])
0
"""

from __future__ import annotations

from collections.abc import Sequence


class ChoiceError(ValueError):
    """No item, or several, answer to the text; `matches` holds the candidates."""

    def __init__(self, text: str, matches: Sequence[str]) -> None:
        super().__init__(text)
        self.text = text
        self.matches = tuple(matches)


#: The longest line taken as a command. Nothing sixdot accepts comes near it, and
#: refusing a longer line (a stray paste) keeps it from being echoed in an error.
LONGEST = 200


def normal(text: str) -> str:
    return " ".join(text.lower().split())


def pick(text: str, names: Sequence[str]) -> int:
    """The index in `names` that `text` selects: number, exact name or unique prefix."""
    word = normal(text)
    if word.isdigit():
        number = int(word)
        if 1 <= number <= len(names):
            return number - 1
        raise ChoiceError(text, ())
    keys = [normal(n) for n in names]
    if word in keys:
        return keys.index(word)
    found = [i for i, k in enumerate(keys) if word and k.startswith(word)]
    if len(found) == 1:
        return found[0]
    raise ChoiceError(text, [names[i] for i in found])
