"""Alphabeticell cards: two letters each, one of which is used in a line."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sixdot.decks import load_deck


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
