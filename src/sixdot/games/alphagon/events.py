"""What happens in Alphagon, as events the presenter words one a line.

Events that carry one player's letters or cards are `SeatEvent`s, seen by
that player alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from sixdot.core import Event, SeatEvent
from sixdot.games.alphagon.board import Card, Direction, Rule


class End(Enum):
    """Why the game ended."""

    GOAL = "goal"
    CLOSED = "closed"
    SIDES = "sides"
    STUCK = "stuck"
    LETTERS = "letters"


class Rotation(Enum):
    """Which way play goes round the table, as the opening dice roll chose."""

    LEFT = "left"  # seat 0, 1, 2, ...
    RIGHT = "right"  # seat 2, 1, 0, ...

    @property
    def step(self) -> int:
        """What is added to a seat number to reach the next player."""
        return 1 if self is Rotation.LEFT else -1


# --- events ------------------------------------------------------------------


@dataclass(frozen=True)
class GameSetUp(Event):
    goal: int
    vowels: int
    consonants: int
    cards: int
    bonuses: int


@dataclass(frozen=True)
class FirstPlayerRolled(Event):
    """The dice roll's first half: who starts."""

    first_seat: int


@dataclass(frozen=True)
class RotationRolled(Event):
    """The dice roll's second half: which way play goes, and the order it gives."""

    rotation: Rotation
    order_seats: tuple[int, ...]


@dataclass(frozen=True)
class RackDealt(SeatEvent):
    letters: tuple[str, ...]


@dataclass(frozen=True)
class CardsDealt(SeatEvent):
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class TurnBegan(Event):
    seat: int


@dataclass(frozen=True)
class PolygonStarted(Event):
    seat: int
    square: str
    direction: Direction


@dataclass(frozen=True)
class LetterPlaced(Event):
    seat: int
    letter: str
    square: str
    word: str


@dataclass(frozen=True)
class TwoLetters(Event):
    seat: int
    bonuses: int


@dataclass(frozen=True)
class DirectionChanged(Event):
    square: str
    direction: Direction
    why: str
    rule: Rule
    side: int


@dataclass(frozen=True)
class RackRefilled(SeatEvent):
    letters: tuple[str, ...]


@dataclass(frozen=True)
class StarReached(Event):
    seat: int
    square: str
    bonuses: int


@dataclass(frozen=True)
class CloudReached(Event):
    seat: int
    square: str
    bonuses: int
    paid: bool


@dataclass(frozen=True)
class LetterChanged(Event):
    seat: int
    paid: bool
    bonuses: int


@dataclass(frozen=True)
class LetterExchanged(SeatEvent):
    old: str
    new: str


@dataclass(frozen=True)
class LetterGivenUp(Event):
    seat: int
    letter: str
    bonuses: int


@dataclass(frozen=True)
class SyllableFound(Event):
    seat: int
    syllable: str
    card: int
    gain: int
    total: int


@dataclass(frozen=True)
class ShapeFound(Event):
    seat: int
    shape: str
    card: int
    gain: int
    total: int


@dataclass(frozen=True)
class CardExchanged(Event):
    seat: int
    card: int


@dataclass(frozen=True)
class CardDrawn(SeatEvent):
    card: Card


@dataclass(frozen=True)
class WordClosed(Event):
    seat: int
    word: str
    length: int
    gain: int
    total: int


@dataclass(frozen=True)
class LongWordReward(Event):
    seat: int
    kind: str  # "bonus" or "letter"
    bonuses: int


@dataclass(frozen=True)
class LetterTaken(SeatEvent):
    """The letter a long word's reward took from the player's sack."""

    letter: str


@dataclass(frozen=True)
class PlusPlaced(Event):
    seat: int
    square: str
    side: int


@dataclass(frozen=True)
class WordSuspended(Event):
    seat: int
    letters: str


@dataclass(frozen=True)
class Passed(Event):
    seat: int
    paid: bool
    bonuses: int
    passes: int


@dataclass(frozen=True)
class Doubted(Event):
    seat: int
    placer_seat: int
    letters: str


@dataclass(frozen=True)
class DoubtAnswered(Event):
    seat: int
    word: str
    admitted: bool


@dataclass(frozen=True)
class DoubtConceded(Event):
    seat: int
    letters: str


@dataclass(frozen=True)
class Declared(Event):
    seat: int
    letters: str
    words: str


@dataclass(frozen=True)
class DeclarationAccepted(Event):
    seat: int


@dataclass(frozen=True)
class Contradicted(Event):
    seat: int
    declarer_seat: int
    word: str


@dataclass(frozen=True)
class Corrected(Event):
    seat: int
    word: str
    length: int


@dataclass(frozen=True)
class Penalized(Event):
    seat: int
    why: str


@dataclass(frozen=True)
class LetterLost(Event):
    seat: int
    letter: str


@dataclass(frozen=True)
class NothingToLose(Event):
    seat: int


@dataclass(frozen=True)
class GameStopped(Event):
    why: End
    sides: int
