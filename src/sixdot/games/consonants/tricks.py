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


@cache
def _by_card() -> dict[Card, tuple[Play, ...]]:
    """Each card's plays, one a side (a wild: one a letter, A to Z)."""
    out: dict[Card, list[Play]] = {}
    for (card, _), made in _plays().items():
        out.setdefault(card, []).append(made)
    return {card: tuple(plays) for card, plays in out.items()}


def play(card: Card, letter: str) -> Play:
    """The one Play object for a card showing a letter."""
    return _plays()[card, letter]


def _kinds(hand: Sequence[Card]) -> list[Card]:
    """Each kind of card in a sorted hand once."""
    kinds: list[Card] = []
    last = None
    for card in hand:
        if card is not last:
            kinds.append(card)
            last = card
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
    by_card = _by_card()
    kinds = _kinds(hand)
    wild = kinds.pop() if kinds and kinds[-1].wild else None
    if trick:
        led = trick[0].letter
        if not kinds:
            assert wild is not None
            return (_plays()[wild, led],)
        follow = [p for c in kinds if led in c.sides for p in by_card[c] if p.letter == led]
        if follow:
            if wild:
                follow.append(_plays()[wild, led])
            return tuple(follow)
        top = max(p.letter for p in trick)
        high = [p for c in kinds for p in by_card[c] if p.letter >= top]
        if high:
            if wild:
                high.extend(p for p in by_card[wild] if p.letter >= top)
            return tuple(high)
    out = [p for c in kinds for p in by_card[c]]
    if wild:
        out.extend(by_card[wild])
    return tuple(out)


@cache
def _strengths() -> dict[tuple[Card, str], tuple[str, int, str]]:
    return {
        (card, letter): (letter, 0 if card.wild else 1, card.other(letter))
        for card, letter in _plays()
    }


def rank(entry: Played, position: int) -> tuple[str, int, str, int]:
    """How strongly a card holds a trick: greatest letter, then a real card over a
    wild, then the greater other side of a vowel card, then the first played."""
    return (*_strengths()[entry.card, entry.letter], -position)


def trick_winner(trick: Sequence[Played]) -> int:
    """The index in `trick` of the card that takes it: the strongest, the first on a tie."""
    strengths = _strengths()
    best, held = 0, strengths[trick[0].card, trick[0].letter]
    for i in range(1, len(trick)):
        strength = strengths[trick[i].card, trick[i].letter]
        if strength > held:
            best, held = i, strength
    return best


def trick_value(cards: Sequence[Card]) -> int:
    """What taken cards score: consonants their points, singletons 20, others 0."""
    return sum(card.score for card in cards)
