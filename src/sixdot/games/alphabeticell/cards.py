"""Alphabeticell cards: two letters each, one of which is used in a line."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sixdot.decks import DeckEntry, load_deck


@dataclass(frozen=True, order=True)
class Card:
    """A two-letter card, named by its face as printed, such as `EW`."""

    face: str

    @property
    def letters(self) -> tuple[str, str]:
        return self.face[0], self.face[1]

    def __str__(self) -> str:
        return self.face


@cache
def deck() -> tuple[Card, ...]:
    """The full deck in data-file order."""
    data = load_deck("alphabeticell")
    cards = tuple(Card(face.upper()) for face in data["cards"])
    for card in cards:
        if len(card.face) != 2 or not card.face.isalpha() or card.letters[0] == card.letters[1]:
            raise ValueError(f"Alphabeticell deck file: {card.face!r} is not two different letters")
    return cards


@cache
def by_face() -> dict[str, Card]:
    return {card.face: card for card in deck()}


@cache
def points_per_card() -> int:
    """What each card in a line scores, from the deck file."""
    return int(load_deck("alphabeticell")["points_per_card"])


def deck_list() -> list[DeckEntry]:
    """The deck as the `cards` command lists it; every card is unique."""
    return [DeckEntry(card, 1, points_per_card()) for card in deck()]
