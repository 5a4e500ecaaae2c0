"""Letters cards: one face (a letter or a multi-letter card such as THE) and its points."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sixdot.decks import DeckEntry, load_deck

DECK_SIZE = 128


@dataclass(frozen=True, order=True)
class Card:
    """A card named by its printed face, upper case: `Q`, `QU`, `THE`."""

    face: str
    points: int

    @property
    def letters(self) -> str:
        """The face as lowercase letters, as words are looked up."""
        return self.face.lower()

    @property
    def multi(self) -> bool:
        return len(self.face) > 1

    def __str__(self) -> str:
        return self.face


@cache
def deck_entries() -> tuple[DeckEntry, ...]:
    """Each kind of card with its count, from the data file, checked."""
    data = load_deck("letters")
    entries = []
    for section, contracted in (("letters", False), ("contracted", True)):
        for face, (count, points) in data[section].items():
            if not face.isascii() or not face.isalpha() or not face.isupper():
                raise ValueError(f"Letters deck file: {face!r} is not a face of capital letters")
            entries.append(DeckEntry(Card(face, int(points)), int(count), int(points), contracted))
    return tuple(entries)


@cache
def deck() -> tuple[Card, ...]:
    """The full deck, every copy, in data-file order."""
    return tuple(e.card for e in deck_entries() for _ in range(e.count))


@cache
def by_face() -> dict[str, Card]:
    return {e.card.face: e.card for e in deck_entries()}


def deck_list() -> list[DeckEntry]:
    """The deck as the `cards` command lists it."""
    return list(deck_entries())
