"""Alphagon's board, sacks and polygon cards (from the data file) and the geometry.

The polygon is a path of squares. Its geometry lives here, apart from the
turn-by-turn rules: where the next square is, when the direction must change
and which way it turns, the no-touching rule, closure, and matching a card's
silhouette against the last squares of the path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum
from functools import cache, cached_property, lru_cache

from sixdot.decks import DeckEntry, load_deck

Square = tuple[int, int]  # (row, column), both from 0
COLUMNS = "ABCDEFGHIJKLM"


class Direction(Enum):
    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"

    #: The step to the next square this way, (rows, columns); see _STEPS.
    delta: Square

    @property
    def step(self) -> Square:
        return _STEPS[self]

    @property
    def perpendicular(self) -> tuple[Direction, Direction]:
        """The two directions a turn may take, in compass order."""
        if self in (Direction.NORTH, Direction.SOUTH):
            return Direction.EAST, Direction.WEST
        return Direction.NORTH, Direction.SOUTH

    def turned(self, quarters: int) -> Direction:
        """This direction turned clockwise by `quarters` quarter turns."""
        order = list(Direction)
        return order[(order.index(self) + quarters) % 4]


_STEPS = {
    Direction.NORTH: (-1, 0),
    Direction.EAST: (0, 1),
    Direction.SOUTH: (1, 0),
    Direction.WEST: (0, -1),
}


class Mark(Enum):
    """What a square of the board is printed with."""

    PLAIN = "plain"
    FLAG = "flag"
    STAR = "star"
    CLOUD = "cloud"


# Each direction's step as a plain attribute too: the geometry asks for it a
# hundred times a move, and an Enum member as a dict key hashes in Python.
for _direction, _delta in _STEPS.items():
    _direction.delta = _delta


def ahead(square: Square, direction: Direction) -> Square:
    dr, dc = direction.delta
    return square[0] + dr, square[1] + dc


def neighbours(square: Square) -> tuple[Square, ...]:
    """The four squares beside `square`, in compass order (north, east, south, west)."""
    r, c = square
    return (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)


def square_name(square: Square) -> str:
    """`G7` for the centre: column letter, then row number."""
    return f"{COLUMNS[square[1]]}{square[0] + 1}"


def parse_square(text: str, size: int = 13) -> Square | None:
    """The square named `G7` (any case), or None if there is no such square."""
    text = text.strip().upper()
    column, digits = text[:1], text[1:]
    if not (column and column in COLUMNS[:size] and digits.isascii() and digits.isdigit()):
        return None  # `G²` is no square: a digit only in ASCII
    row = int(digits) - 1
    return (row, COLUMNS.index(text[0])) if 0 <= row < size else None


# --- the data file -----------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """A silhouette as runs of squares in the card's own orientation."""

    name: str
    runs: tuple[tuple[int, Direction], ...]

    @cached_property
    def size(self) -> int:
        return sum(count for count, _ in self.runs)

    def turned(self, quarters: int) -> frozenset[Square]:
        """The squares, from (0, 0), with the card turned clockwise `quarters` times."""
        square = (0, 0)
        found = set()
        for i, (count, direction) in enumerate(self.runs):
            way = direction.turned(quarters)
            for j in range(count):
                if i or j:
                    square = ahead(square, way)
                found.add(square)
        return frozenset(found)

    @cached_property
    def rotations(self) -> tuple[frozenset[Square], ...]:
        """Each of the four ways the card may be turned, moved to the origin."""
        return tuple(_normal(self.turned(q)) for q in range(4))


def _normal(squares: frozenset[Square] | set[Square]) -> frozenset[Square]:
    top = min(r for r, _ in squares)
    left = min(c for _, c in squares)
    return frozenset((r - top, c - left) for r, c in squares)


@dataclass(frozen=True)
class Card:
    """A polygon card: four syllables (each also read backwards) and two shapes."""

    number: int
    syllables: tuple[str, ...]
    shapes: tuple[Shape, ...]

    @cached_property
    def all_syllables(self) -> tuple[str, ...]:
        """Each syllable and its reverse: SA, AS."""
        return tuple(s for syl in self.syllables for s in (syl, syl[::-1]))

    def __str__(self) -> str:
        """The printed face: the syllables both ways, then the shapes."""
        return " ".join((*self.all_syllables, *(s.name for s in self.shapes)))


@dataclass(frozen=True)
class Layout:
    """Everything the data file fixes: board marks, sacks, starting kit, cards."""

    size: int
    marks: dict[Square, Mark]
    vowels: tuple[str, ...]
    consonants: tuple[str, ...]
    start_vowels: int
    start_consonants: int
    start_cards: int
    start_bonuses: int
    cards: tuple[Card, ...]

    def mark(self, square: Square) -> Mark:
        return self.marks.get(square, Mark.PLAIN)

    def findable(self, hand: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[Shape, ...]]:
        """A hand's syllables (each way, each once) and shapes, in the hand's order,
        by card number: the same hand is asked about at every move of a turn."""
        known = self._findable.get(hand)
        if known is None:
            cards = [self.cards[i - 1] for i in hand]
            syllables = tuple(dict.fromkeys(s for c in cards for s in c.all_syllables))
            known = self._findable[hand] = (syllables, tuple(s for c in cards for s in c.shapes))
        return known

    @cached_property
    def _findable(self) -> dict[tuple[int, ...], tuple[tuple[str, ...], tuple[Shape, ...]]]:
        return {}

    def on_board(self, square: Square) -> bool:
        return 0 <= square[0] < self.size and 0 <= square[1] < self.size

    @property
    def flags(self) -> tuple[Square, ...]:
        return tuple(sq for sq, m in sorted(self.marks.items()) if m is Mark.FLAG)

    def is_vowel(self, letter: str) -> bool:
        """Whether `letter` comes from the vowel sack."""
        return letter in self.vowels

    @property
    def letters(self) -> Counter[str]:
        """One player's whole supply of letters."""
        return Counter(self.vowels) + Counter(self.consonants)


def _sack(counts: dict[str, int]) -> tuple[str, ...]:
    return tuple(letter for letter, n in counts.items() for _ in range(int(n)))


@cache
def layout() -> Layout:
    """The board and cards from `decks/alphagon.toml`, checked."""
    data = load_deck("alphagon")
    board = data["board"]
    size = int(board["size"])
    marks: dict[Square, Mark] = {}
    for key, mark in (("flags", Mark.FLAG), ("stars", Mark.STAR), ("clouds", Mark.CLOUD)):
        for name in board[key]:
            square = parse_square(name, size)
            if square is None or square in marks:
                raise ValueError(f"Alphagon board file: bad or repeated square {name!r}")
            marks[square] = mark
    shapes = {
        name: Shape(name, tuple((int(n), Direction(way)) for n, way in runs))
        for name, runs in data["shapes"].items()
    }
    cards = tuple(
        Card(i + 1, tuple(c["syllables"]), tuple(shapes[s] for s in c["shapes"]))
        for i, c in enumerate(data["cards"])
    )
    start = data["start"]
    return Layout(
        size=size,
        marks=marks,
        vowels=_sack(data["sacks"]["vowels"]),
        consonants=_sack(data["sacks"]["consonants"]),
        start_vowels=int(start["vowels"]),
        start_consonants=int(start["consonants"]),
        start_cards=int(start["cards"]),
        start_bonuses=int(start["bonuses"]),
        cards=cards,
    )


def deck_list() -> list[DeckEntry]:
    """The polygon cards as `sixdot cards alphagon` lists them (each worth 3 points)."""
    return [DeckEntry(card, 1, 3) for card in layout().cards]


# --- geometry ------------------------------------------------------------------


def free(
    path: tuple[Square, ...],
    square: Square,
    size: int,
    occupied: Collection[Square] | None = None,
) -> bool:
    """`square` may extend the path: on the board, empty, touching no earlier side.

    A square may touch only the path's last square, and the start when it
    closes the polygon. `occupied`, the path's squares as a set, answers
    "is this square on the path?" faster for a caller that has one.
    """
    taken = path if occupied is None else occupied
    r, c = square
    if not (0 <= r < size and 0 <= c < size) or square in taken:
        return False
    last = path[-1]
    first = path[0] if len(path) > 2 else last
    return not any(n != last and n != first and n in taken for n in neighbours(square))


def closes(path: tuple[Square, ...], square: Square) -> bool:
    """Placing on `square` brings the end one square from the start."""
    return len(path) > 2 and square in neighbours(path[0])


class Rule(Enum):
    """Why a turn went the way it did."""

    TOWARD = "toward"  # enough sides built: toward the start
    AWAY = "away"  # fewer sides built: away from the start
    LEVEL = "level"  # level with the start: toward the farther edge
    ONLY = "only"  # the rule's way was blocked: the other way


#: The text: "if the polygon under construction has at least 4 sides", turn toward
#: the start; "if the number of sides constructed is less than 4", away from it.
TOWARD_FROM = 4


def preferred(
    here: Square,
    start: Square,
    heading: Direction,
    built: int,
    size: int,
    toward_from: int = TOWARD_FROM,
) -> tuple[Direction, Rule]:
    """The direction rule: which perpendicular way a turn takes once `built` sides
    are finished (the side the turn ends counts; the one it starts does not)."""
    first, second = heading.perpendicular
    axis = 0 if first is Direction.NORTH else 1
    gap = start[axis] - here[axis]
    if gap == 0:
        # Level with the start: the way where the far edge is furthest off.
        room_first = here[axis] if axis == 0 else size - 1 - here[axis]
        room_second = size - 1 - here[axis] if axis == 0 else here[axis]
        return (first if room_first > room_second else second), Rule.LEVEL
    toward = first if (first.step[axis] > 0) == (gap > 0) else second
    if built >= toward_from:
        return toward, Rule.TOWARD
    return (second if toward is first else first), Rule.AWAY


@dataclass(frozen=True)
class Step:
    """Where the next mark of the polygon goes, and the turn taken to get there."""

    square: Square
    heading: Direction
    turned: bool
    rule: Rule | None


def next_step(
    path: tuple[Square, ...],
    heading: Direction,
    must_turn: bool,
    sides: int,
    size: int,
    toward_from: int = TOWARD_FROM,
    occupied: Collection[Square] | None = None,
) -> Step | None:
    """The next square: straight on if free, else a turn by the direction rule.

    `sides` counts the sides so far; a turn finishes the last of them and
    starts side `sides + 1`. None when neither straight on nor either turn is
    free: the polygon is stuck.
    """
    here = path[-1]
    if not must_turn:
        straight = ahead(here, heading)
        if free(path, straight, size, occupied):
            return Step(straight, heading, False, None)
    way, rule = preferred(here, path[0], heading, sides, size, toward_from)
    square = ahead(here, way)
    if free(path, square, size, occupied):
        return Step(square, way, True, rule)
    other = next(d for d in heading.perpendicular if d is not way)
    square = ahead(here, other)
    if free(path, square, size, occupied):
        return Step(square, other, True, Rule.ONLY)
    return None


def matches(shape: Shape, path: tuple[Square, ...]) -> bool:
    """The last squares of the path, as a set, are the silhouette turned some way."""
    size = shape.size
    if len(path) < size:
        return False
    return _tail(path[-size:]) in shape.rotations


@lru_cache(maxsize=4096)
def _tail(squares: tuple[Square, ...]) -> frozenset[Square]:
    """The last squares of a path moved to the origin, remembered: each hand's
    shapes are matched against the same path move after move."""
    return _normal(set(squares))
