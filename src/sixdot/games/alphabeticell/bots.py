"""Alphabeticell bots: random, and a sensible one that counts the unseen letters.

The sensible bot values a line as its length plus the cards it can still
expect to add. Each end of a line can only grow outward, one letter at a time
in order, so the cards an end can gain are an increasing run picked online
from the letters still unseen beyond it; the expected length of such a run
among m candidates is about sqrt(2m) (Samuels and Steele), where m counts the
letters likely to turn up. A take is made when the valued line after it beats
the line as it is; otherwise the bot passes.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from string import ascii_uppercase

from sixdot.bots import Explaining, Reason
from sixdot.core import Action
from sixdot.games.alphabeticell.cards import Card
from sixdot.games.alphabeticell.rules import (
    LINE_GOAL,
    Keep,
    Pass,
    Take,
    View,
    line_after,
    line_letters,
)

#: The share of the cards that turn up that this seat can expect to get.
SHARE = 0.6


class SensibleBot(Explaining):
    level = "sensible"

    def decide(self, view: View, legal: Sequence[Action]) -> tuple[Action, Reason | None]:
        unseen = view.unseen()
        counts = _letter_counts(unseen)
        reach = _reach(view, len(unseen))
        if isinstance(legal[0], Keep):
            keep = max(legal, key=lambda a: _card_value(a.card, counts, reach))  # type: ignore[attr-defined]
            return keep, Reason.of("why-abc-keep", card=keep.card.face)  # type: ignore[attr-defined]
        line = view.lines[view.seat]
        current = (
            _card_value(line[0].card, counts, reach)
            if line[0].letter is None
            else _value(line_letters(line), counts, reach)
        )
        best: Action = Pass()
        best_value = current
        for action in legal:
            if isinstance(action, Take):
                value = _value(line_after(line, action)[0], counts, reach)
                if value > best_value:
                    best, best_value = action, value
        if isinstance(best, Take):
            return best, Reason.of("why-abc-take", line=line_after(line, best)[0])
        if not any(isinstance(action, Take) for action in legal):
            return best, None  # the only move, said so with why ("fits neither end")
        # A line valued at the goal is expected to reach it anyway: no take can
        # add to it. Else each take adds a letter now and costs more to come.
        if current >= LINE_GOAL:
            return best, Reason.of("why-abc-pass-anyway", goal=LINE_GOAL)
        return best, Reason.of("why-abc-pass")


def _letter_counts(cards: Sequence[Card]) -> Counter[str]:
    return Counter(letter for card in cards for letter in card.letters)


def _reach(view: View, unseen: int) -> float:
    """The chance that a given unseen card turns up and comes to this seat."""
    if unseen == 0:
        return 0.0
    return min(1.0, view.cards_left / unseen) * SHARE


def _value(letters: str, counts: Counter[str], reach: float) -> float:
    """Line length plus the cards both ends can still expect to gain."""
    room = LINE_GOAL - len(letters)
    left = _likely(ascii_uppercase[: ascii_uppercase.index(letters[0])], counts, reach)
    right = _likely(ascii_uppercase[ascii_uppercase.index(letters[-1]) + 1 :], counts, reach)
    gain = math.sqrt(2 * left) + math.sqrt(2 * right)
    return len(letters) + min(room, gain)


def _likely(letters: str, counts: Counter[str], reach: float) -> float:
    """How many of `letters` can be expected to turn up for this seat."""
    return sum(1 - (1 - reach) ** counts[x] for x in letters)


def _card_value(card: Card, counts: Counter[str], reach: float) -> float:
    """A lone card is worth its better letter."""
    return max(_value(x, counts, reach) for x in card.letters)
