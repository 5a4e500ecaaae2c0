"""Picking from a list by number, by name or by a unique prefix.

>>> pick("2", ["alphabeticell", "consonants"])
1
>>> pick("cons", ["alphabeticell", "consonants"])
1
>>> pick("Alphabeticell", ["alphabeticell", "consonants"])
0
>>> number("12"), number("-2"), number("²"), number("①"), number("1e3")
(12, -2, None, None, None)
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


#: More meanings than this are counted, not listed: a list of 140 moves is no answer.
MANY = 8


def number(text: str) -> int | None:
    """The whole number `text` is, in decimal digits (a minus allowed); else None.

    Superscript and circled digits (`²` is a key of its own on French keyboards)
    are no number, so they are refused as unknown, never half-read.
    """
    word = text.strip()
    digits = word.removeprefix("-")
    return int(word) if digits.isdecimal() else None


def pick(text: str, names: Sequence[str]) -> int:
    """The index in `names` that `text` selects: number, exact name or unique prefix."""
    word = normal(text)
    chosen = number(word)
    if chosen is not None:
        if 1 <= chosen <= len(names):
            return chosen - 1
        raise ChoiceError(text, ())
    keys = [normal(n) for n in names]
    if word in keys:
        return keys.index(word)
    found = [i for i, k in enumerate(keys) if word and k.startswith(word)]
    if len(found) == 1:
        return found[0]
    raise ChoiceError(text, [names[i] for i in found])


def whole(text: str) -> bool:
    """Whether `text` is a whole number in ASCII digits (`²` and `٣` are not).

    >>> whole("12"), whole("²"), whole("1.5"), whole("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def begun(text: str, names: Sequence[str], word_verbs: Sequence[str] = ()) -> list[int]:
    """The places in `names` (move notations) that `text` begins, case and spacing
    aside; a move of one of `word_verbs` only when `text` is all of it.

    >>> begun("play ace", ["play Ace of Knots", "play Soldier"])
    [0]
    >>> begun("p", ["play Ace of Knots", "play Soldier", "pass"])
    [0, 1, 2]
    >>> begun("challenge fork", ["challenge FORKS", "challenge FORK"], ["challenge"])
    [1]
    """
    word = normal(text)
    return [
        i
        for i, name in enumerate(names)
        if normal(name).startswith(word)
        and (word == normal(name) or normal(name).partition(" ")[0] not in word_verbs)
    ]


def meant_by_start(
    text: str, names: Sequence[str], word_verbs: Sequence[str], parses: bool
) -> list[int]:
    """The places in `names` (move notations) that `text` may mean by its start:
    those it begins (`begun`), unless it begins only one, stops inside one of
    its words, and `parses` (reads as a move of its own as it stands), for then
    it means that move and no longer one: `challenge fork` is not FORKS. A
    text that is a whole move means that move alone: `discard q` is not also
    `discard QU`, so a move typed exactly as a hint says it plays.

    One rule for local play and `sixdot join`.

    >>> meant_by_start("take rm as r", ["take RM as R with H"], (), parses=True)
    [0]
    >>> meant_by_start("lead jour", ["lead Journey as Waves"], (), parses=False)
    [0]
    >>> meant_by_start("keep o", ["keep OL"], (), parses=True)
    []
    >>> meant_by_start("discard q", ["discard QU", "discard Q"], (), parses=True)
    [1]
    """
    exact = [i for i, name in enumerate(names) if normal(name) == normal(text)]
    if exact:
        return exact
    starting = begun(text, names, word_verbs)
    if len(starting) == 1 and parses and not ends_a_word(text, names[starting[0]]):
        return []
    return starting


def ends_a_word(text: str, name: str) -> bool:
    """Whether `text`, which begins `name`, stops where one of its words does.
    A text that stops inside a word and reads as a move of its own means that
    move: `challenge fork` is not `challenge FORKS`.

    >>> ends_a_word("challenge fork", "challenge FORKS")
    False
    >>> ends_a_word("take rm as r", "take RM as R with H")
    True
    """
    word, whole = normal(text), normal(name)
    return len(word) == len(whole) or whole[len(word)] == " "
