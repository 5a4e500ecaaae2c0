"""The Alpha deck: consonant cards, two-sided vowel cards and wild cards.

Cards are plain values made once per kind (`by_face`), so hands compare and
search by identity; every copy of a kind is the same object.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache

from sixdot.decks import DeckEntry, load_deck

DECK_SIZE = 74
WILD = "?"
VOWELS = "AEIOU"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Kind(Enum):
    CONSONANT = "consonant"
    VOWEL = "vowel"
    WILD = "wild"


@dataclass(frozen=True, eq=False)
class Card:
    """One kind of card: `T`, `A/E` or `?`.

    `sides` are the letters it can show (one for a consonant, two for a vowel
    card, none for a wild, which may be declared as any letter). `value` is
    the printed value; `score` is what it counts when taken in Consonants.
    `order` sorts a hand alphabetically, wilds last. Cards are interned, so
    identity is equality.
    """

    face: str
    kind: Kind
    sides: tuple[str, ...]
    value: int
    score: int
    singleton: bool
    order: int
    #: The kind as flags, read on every move, so plain fields rather than properties.
    wild: bool = False
    vowel: bool = False

    def other(self, letter: str) -> str:
        """The side not shown when a vowel card shows `letter` ('' otherwise)."""
        if self.kind is not Kind.VOWEL:
            return ""
        return self.sides[1] if letter == self.sides[0] else self.sides[0]

    def __str__(self) -> str:
        return self.face

    def __lt__(self, other: Card) -> bool:
        return self.order < other.order


def _check_face(face: str, kind: Kind) -> tuple[str, ...]:
    """The sides a face in the deck file shows; ValueError if it is malformed."""
    if kind is Kind.WILD:
        if face != WILD:
            raise ValueError(f"Consonants deck file: the wild card is written {WILD!r}")
        return ()
    if kind is Kind.CONSONANT:
        if len(face) != 1 or face not in LETTERS or face in VOWELS:
            raise ValueError(f"Consonants deck file: {face!r} is not a consonant")
        return (face,)
    first, _, second = face.partition("/")
    if not (first in VOWELS and second in VOWELS and len(first) == len(second) == 1):
        raise ValueError(f"Consonants deck file: {face!r} is not two vowels like A/E")
    if first >= second:
        raise ValueError(f"Consonants deck file: write {face!r} in alphabetical order")
    return (first, second)


@cache
def deck_entries() -> tuple[DeckEntry, ...]:
    """Each kind of card with its count and what it scores taken in Consonants
    (a singleton 20, a vowel or wild card 0), from the data file: the deck
    list and braille cards tell a player what a card costs, not its print."""
    data = load_deck("consonants")
    singles = set(data["singletons"])
    single_points = int(data["singleton_points"])
    raw = []
    for section, kind in (
        ("consonants", Kind.CONSONANT),
        ("vowels", Kind.VOWEL),
        ("wild", Kind.WILD),
    ):
        for face, (count, value) in data[section].items():
            sides = _check_face(face, kind)
            score = 0
            if kind is Kind.CONSONANT:
                score = single_points if face in singles else int(value)
            raw.append((face, kind, sides, int(count), int(value), score, face in singles))
    raw.sort(key=lambda r: (r[1] is Kind.WILD, r[0]))
    entries = [
        DeckEntry(
            Card(
                face,
                kind,
                sides,
                value,
                score,
                single,
                i,
                wild=kind is Kind.WILD,
                vowel=kind is Kind.VOWEL,
            ),
            count,
            score,
        )
        for i, (face, kind, sides, count, value, score, single) in enumerate(raw)
    ]
    total = sum(e.count for e in entries)
    if total != DECK_SIZE:
        raise ValueError(f"Consonants deck file: {total} cards, the Alpha deck has {DECK_SIZE}")
    return tuple(entries)


@cache
def deck() -> tuple[Card, ...]:
    """The full deck, every copy, in hand order."""
    return tuple(e.card for e in deck_entries() for _ in range(e.count))


@cache
def by_face() -> dict[str, Card]:
    return {e.card.face: e.card for e in deck_entries()}


@cache
def singletons() -> tuple[Card, ...]:
    """The cards of which the deck holds one copy and that score 20 (J K Q V X Z)."""
    return tuple(e.card for e in deck_entries() if e.card.singleton)


def card_of(text: str) -> Card | None:
    """The card a player typed: `t`, `a/e`, `E/A`, `ae`, `?` or `wild`; None if no such card."""
    face = text.strip().upper()
    if face == "WILD":
        return by_face().get(WILD)
    if len(face) == 2 and set(face) <= set(VOWELS):
        face = f"{face[0]}/{face[1]}"
    first, slash, second = face.partition("/")
    if slash and first > second:
        face = f"{second}/{first}"
    return by_face().get(face)


def deck_list() -> list[DeckEntry]:
    """The deck as the `cards` command lists it."""
    return list(deck_entries())
