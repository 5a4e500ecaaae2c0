"""Which cards may be played to a trick, and which card takes it.

Pure functions of a hand and the cards on the table, shared by the rules,
the bots and their simulations. A hand's legal plays depend only on which
kinds of card it holds, kept as bits (32 kinds, four bytes), the letter led
and the top letter; every card's plays are made once and tabled by byte, so
listing a hand's plays is four lookups and three tuple joins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, reduce
from operator import attrgetter, itemgetter, or_
from typing import NamedTuple

from sixdot.core import Action
from sixdot.games.consonants.cards import LETTERS, WILD, Card, by_face

#: The most players a table seats (the Alpha deck deals 12 cards each to six).
MOST_PLAYERS = 6


@dataclass(frozen=True)
class Play(Action):
    """Play a card showing `letter`: `play T`, `play A/E as E`, `play ? as T`.

    A typed move may leave something out (`play A/E`, `play ?`, `play E`):
    `card` None or `letter` "" mark it partial, and the rules list the
    complete moves it may mean.
    """

    card: Card | None
    letter: str

    @property
    def partial(self) -> bool:
        return self.card is None or not self.letter

    @property
    def notation(self) -> str:
        if self.card is None:
            return f"play {self.letter}"
        if not self.letter or len(self.card.sides) == 1:
            return f"play {self.card.face}"
        return f"play {self.card.face} as {self.letter}"


class Played(NamedTuple):
    """A card on the table: who played it and the letter it shows."""

    seat: int
    card: Card
    letter: str


#: The letter a card on the table shows.
_LETTER = itemgetter(2)
_SCORE = attrgetter("score")
#: A hand's kinds of card as one int, a bit a kind (bit `card.order`): which
#: plays a hand has depends only on its kinds, looked up a byte at a time.
Kinds = int
_BYTES = 4
#: One byte of kinds to the plays those kinds offer: 256 tuples a byte.
Chunks = tuple[tuple[tuple[Play, ...], ...], ...]


@cache
def _every() -> dict[Card, tuple[Play, ...]]:
    """Each card's plays, one a side (a wild: one a letter, A to Z)."""
    return {c: tuple(Play(c, letter) for letter in c.sides or LETTERS) for c in by_face().values()}


@cache
def _bits() -> dict[Card, int]:
    cards = by_face().values()
    if len(cards) > 8 * _BYTES:
        raise ValueError(f"Consonants deck file: at most {8 * _BYTES} kinds of card")
    return {c: 1 << c.order for c in cards}


def _chunks(plays: dict[Card, tuple[Play, ...]]) -> Chunks:
    """Every byte of kinds, for each byte of the kinds int, with the plays it offers."""
    by_bit = {c.order: plays.get(c, ()) for c in by_face().values()}
    out = []
    for at in range(0, 8 * _BYTES, 8):
        table: list[tuple[Play, ...]] = [()]
        for byte in range(1, 256):
            # The lowest kind first (hand order), then the byte without it, made already.
            low = (byte & -byte).bit_length() - 1
            table.append(by_bit.get(at + low, ()) + table[byte & (byte - 1)])
        out.append(tuple(table))
    return tuple(out)


def _gather(chunks: Chunks, kinds: Kinds) -> tuple[Play, ...]:
    return (
        chunks[0][kinds & 255]
        + chunks[1][kinds >> 8 & 255]
        + chunks[2][kinds >> 16 & 255]
        + chunks[3][kinds >> 24]
    )


@cache
def _all_plays() -> Chunks:
    return _chunks(_every())


@cache
def _following(led: str) -> Chunks:
    """Real cards' plays as the letter led."""
    every = _every()
    return _chunks({c: tuple(p for p in every[c] if p.letter == led) for c in every if not c.wild})


@cache
def _over(top: str) -> Chunks:
    """Real cards' plays at or above the top letter."""
    every = _every()
    return _chunks({c: tuple(p for p in every[c] if p.letter >= top) for c in every if not c.wild})


@cache
def _wild() -> tuple[int, dict[str, tuple[Play, ...]], dict[str, tuple[Play, ...]]]:
    """The wild's bit, its play as each letter, and its plays at or above each letter."""
    wild = by_face()[WILD]
    plays = _every()[wild]
    return (
        _bits()[wild],
        {p.letter: (p,) for p in plays},
        {top: tuple(p for p in plays if p.letter >= top) for top in LETTERS},
    )


def kinds_of(hand: Iterable[Card]) -> Kinds:
    """The kinds of card in a hand, as bits."""
    return reduce(or_, map(_bits().__getitem__, hand), 0)


def play(card: Card, letter: str) -> Play:
    """The one Play object for a card showing a letter."""
    return next(p for p in _every()[card] if p.letter == letter)


def plays_from(kinds: Kinds, trick: Sequence[Played]) -> tuple[Play, ...]:
    """Every play the following rules allow from a hand holding these kinds of card.

    1. Holding the letter led (a vowel card either of whose sides is it),
       play it as that letter.
    2. Otherwise play a letter at least the greatest on the table, if any
       card side can be.
    3. Otherwise anything.

    A wild is never forced: the duty to follow or to go high comes from the
    real cards alone, unless wilds are all the hand holds. Played, a wild's
    declared letter counts like a real card's: as the letter led it follows,
    which is always allowed; otherwise it obeys rule 2 when the real cards do.
    """
    if trick:
        wild_bit, wild_as, wild_over = _wild()
        led = trick[0].letter
        real = kinds & ~wild_bit
        if not real:
            return wild_as[led]
        plays = _gather(_following(led), real)
        if plays:
            return plays + wild_as[led] if kinds & wild_bit else plays
        top = max(map(_LETTER, trick))
        plays = _gather(_over(top), real)
        if plays:
            if not kinds & wild_bit:
                return plays
            return plays + (wild_as[led] + wild_over[top] if led < top else wild_over[top])
    return _gather(_all_plays(), kinds)


@cache
def strengths() -> dict[tuple[Card, str], int]:
    """How strongly a card showing a letter holds a trick, as one int: greatest
    letter, then a real card over a wild, then the greater other side of a
    vowel card. Equal ints tie, and a tie goes to the first played."""
    every = _every()
    return {
        (c, p.letter): (ord(p.letter) * 2 + (not c.wild)) * 128 + ord(c.other(p.letter) or "@")
        for c in every
        for p in every[c]
    }


@cache
def _held() -> dict[Played, int]:
    """`strengths` by the card on the table itself, every seat, so ranking a
    trick makes no new tuples."""
    return {
        Played(seat, card, letter): value
        for seat in range(MOST_PLAYERS)
        for (card, letter), value in strengths().items()
    }


def trick_winner(trick: Sequence[Played]) -> int:
    """The index in `trick` of the card that takes it: the strongest, the first on a tie."""
    held = list(map(_held().__getitem__, trick))
    return held.index(max(held))


def trick_value(cards: Sequence[Card]) -> int:
    """What taken cards score: consonants their points, singletons 20, others 0."""
    return sum(map(_SCORE, cards))
