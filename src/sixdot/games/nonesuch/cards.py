"""The Decktet basic deck plus the Excuse, read from `decks/nonesuch.toml`.

A card has a name, a rank (Ace 1 to Crown 10; the Excuse 0) and one or two
suits. Its short face, used for braille cells and the deck listing, is the
two-letter codes of its suits (`MoLe` for Chance Meeting); the rank goes on
the braille number line below it, as a Decktet card shows rank and suit signs
in its corner. Faces are letters only, so they read in uncontracted braille.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from sixdot.decks import DeckEntry, load_deck

ACE = 1
CROWN = 10
EXCUSE_NAME = "Excuse"


class Suit(Enum):
    """The six Decktet suits, in the order the deck lists and hands group them."""

    MOONS = "Moons"
    SUNS = "Suns"
    WAVES = "Waves"
    LEAVES = "Leaves"
    WYRMS = "Wyrms"
    KNOTS = "Knots"

    @property
    def code(self) -> str:
        """Two letters, unique among the suits: Mo, Su, Wa, Le, Wy, Kn."""
        return self.value[:2]

    @property
    def bit(self) -> int:
        """This suit in a suit set held as bits (bots work on those)."""
        return _BITS[self]


SUITS: tuple[Suit, ...] = tuple(Suit)
_BITS = {suit: 1 << i for i, suit in enumerate(SUITS)}


@dataclass(frozen=True, order=True)
class Card:
    """One card; two cards are the same when their place in the deck is.

    `mask` holds the card's suits as bits, so rules and bots test a suit with
    one `&` instead of searching the tuple.
    """

    index: int
    name: str = field(compare=False)
    rank: int = field(compare=False)
    suits: tuple[Suit, ...] = field(compare=False)
    mask: int = field(compare=False, repr=False)

    @property
    def is_excuse(self) -> bool:
        return not self.suits

    @property
    def is_number(self) -> bool:
        """A 2 to 9: two suits, so a leader must say which one is led."""
        return len(self.suits) == 2

    def carries(self, suit: Suit | None) -> bool:
        return suit is not None and bool(self.mask & suit.bit)

    @property
    def face(self) -> str:
        return EXCUSE_NAME if self.is_excuse else "".join(s.code for s in self.suits)

    def __str__(self) -> str:
        return self.face


@cache
def deck() -> tuple[Card, ...]:
    """The 37 cards in data-file order (rank order, the Excuse last)."""
    data = load_deck("nonesuch")
    by_value = {suit.value: suit for suit in SUITS}
    cards = []
    for index, entry in enumerate(data["cards"]):
        try:
            suits = tuple(by_value[name] for name in entry["suits"])
        except KeyError as err:
            raise ValueError(f"Nonesuch deck file: {entry['name']}: no suit {err}") from None
        mask = sum(suit.bit for suit in suits)
        cards.append(Card(index, str(entry["name"]), int(entry["rank"]), suits, mask))
    _check(cards)
    return tuple(cards)


def _check(cards: list[Card]) -> None:
    """The deck file must be a Decktet: a wrong edit is named, not played."""
    problems = []
    if len({c.name.lower() for c in cards}) != len(cards):
        problems.append("two cards share a name")
    excuses = [c for c in cards if c.is_excuse]
    if len(excuses) != 1 or excuses[0].rank != 0 or excuses[0].name != EXCUSE_NAME:
        problems.append(f"there must be one {EXCUSE_NAME}, rank 0, no suits")
    for card in cards:
        single = card.rank in (ACE, CROWN)
        if not card.is_excuse and (
            len(card.suits) != (1 if single else 2) or len(set(card.suits)) != len(card.suits)
        ):
            problems.append(f"{card.name}: rank {card.rank} has the wrong number of suits")
    for suit in SUITS:
        ranks = sorted(c.rank for c in cards if c.carries(suit))
        if ranks != list(range(ACE, CROWN + 1)):
            problems.append(f"{suit.value} must hold one card of each rank 1 to 10")
    if problems:
        raise ValueError("Nonesuch deck file: " + "; ".join(problems))


@cache
def excuse() -> Card:
    return next(c for c in deck() if c.is_excuse)


@cache
def _names() -> dict[str, Card]:
    names = {c.name.lower(): c for c in deck()}
    names["the " + EXCUSE_NAME.lower()] = excuse()
    return names


def find_card(text: str) -> Card | None:
    """The card called `text` (any case), or the only card whose name starts so."""
    key = " ".join(text.lower().split())
    names = _names()
    if key in names:
        return names[key]
    found = {card for name, card in names.items() if key and name.startswith(key)}
    return found.pop() if len(found) == 1 else None


def find_suit(text: str) -> Suit | None:
    """The suit called `text`, or the only suit whose name starts so (`mo` is Moons)."""
    key = text.strip().lower()
    found = [s for s in SUITS if key and s.value.lower().startswith(key)]
    return found[0] if len(found) == 1 else None


def deck_list() -> list[DeckEntry]:
    """The deck as the `cards` command lists it: each card once, valued by rank."""
    return [DeckEntry(card, 1, card.rank) for card in deck()]
