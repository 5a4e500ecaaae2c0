"""Which cards may be played to a trick, and which card takes it.

Pure functions of a hand and the cards on the table, shared by the rules,
the bots and their simulations. Plays are made once per (card, letter) and
reused, so legal-move lists cost no allocation beyond the tuple.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from sixdot.core import Action
from sixdot.games.consonants.cards import LETTERS, Card, by_face


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


@cache
def _plays() -> dict[tuple[Card, str], Play]:
    made: dict[tuple[Card, str], Play] = {}
    for card in by_face().values():
        for letter in card.sides or tuple(LETTERS):
            made[card, letter] = Play(card, letter)
    return made


def play(card: Card, letter: str) -> Play:
    """The one Play object for a card showing a letter."""
    return _plays()[card, letter]


def _kinds(hand: Sequence[Card]) -> list[Card]:
    """Each kind of card in a sorted hand once."""
    kinds: list[Card] = []
    for card in hand:
        if not kinds or kinds[-1] is not card:
            kinds.append(card)
    return kinds


def legal_plays(hand: Sequence[Card], trick: Sequence[Played]) -> tuple[Play, ...]:
    """Every play the following rules allow from a sorted hand.

    1. Holding the letter led (a vowel card either of whose sides is it),
       play it as that letter.
    2. Otherwise play a letter at least the greatest on the table, if any
       card side can be.
    3. Otherwise anything. A wild is never forced: it counts only when the
       hand holds nothing else; played, its declared letter obeys rules 1 and 2.
    """
    made = _plays()
    kinds = _kinds(hand)
    wild = kinds[-1] if kinds and kinds[-1].wild else None
    real = kinds[:-1] if wild else kinds
    if trick:
        led = trick[0].letter
        if not real:
            assert wild is not None
            return (made[wild, led],)
        follow = [made[c, led] for c in real if led in c.sides]
        if follow:
            if wild:
                follow.append(made[wild, led])
            return tuple(follow)
        top = max(p.letter for p in trick)
        high = [made[c, s] for c in real for s in c.sides if s >= top]
        if high:
            if wild:
                high.extend(made[wild, letter] for letter in LETTERS if letter >= top)
            return tuple(high)
    out = [made[c, s] for c in real for s in c.sides]
    if wild:
        out.extend(made[wild, letter] for letter in LETTERS)
    return tuple(out)


def rank(entry: Played, position: int) -> tuple[str, int, str, int]:
    """How strongly a card holds a trick: greatest letter, then a real card over a
    wild, then the greater other side of a vowel card, then the first played."""
    card = entry.card
    return (entry.letter, 0 if card.wild else 1, card.other(entry.letter), -position)


def trick_winner(trick: Sequence[Played]) -> int:
    """The index in `trick` of the card that takes it."""
    return max(range(len(trick)), key=lambda i: rank(trick[i], i))


def trick_value(cards: Sequence[Card]) -> int:
    """What taken cards score: consonants their points, singletons 20, others 0."""
    return sum(card.score for card in cards)
