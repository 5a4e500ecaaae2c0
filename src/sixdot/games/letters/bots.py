"""Letters bots: the sensible one plays the solver's best arrangement.

It takes the top discard when the best arrangement of its hand with that
card (after a discard) scores more than its hand does now, and otherwise
draws; it goes out whenever it can; otherwise it discards the card whose
loss leaves the best-scoring rest. On a final turn it lays what scores most.
It challenges exactly the words its dictionary lacks.
"""

from __future__ import annotations

from collections.abc import Sequence

from sixdot.bots import Bot
from sixdot.core import Action
from sixdot.games.letters.rules import Challenge, Discard, Done, Lay, Phase, Take, View


class SensibleBot(Bot):
    level = "sensible"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        solver = view.solver
        if view.phase is Phase.CHALLENGE:
            return challenge(view)
        if view.phase is Phase.DRAW:
            take = Take()
            if take in legal and view.top is not None:
                now = solver.best(view.hand).points
                if solver.best_final((*view.hand, view.top)).points > now:
                    return take
            return next(a for a in legal if a != take) if len(legal) > 1 else legal[0]
        lays = [a for a in legal if isinstance(a, Lay)]
        if lays:
            return lays[0]  # listed best first: going out, or the best final lay
        if view.final:
            return Discard(solver.best_final(view.hand).discard.face)  # type: ignore[union-attr]
        keep = max(solver.finals(view.hand), key=lambda a: (a.points, a.discard.points))  # type: ignore[union-attr]
        return Discard(keep.discard.face)  # type: ignore[union-attr]


def challenge(view: View) -> Action:
    """Challenge the first open word the dictionary lacks; accept the rest."""
    lexicon = view.solver.lexicon
    for word in view.open_words:
        if word.word.lower() not in lexicon:
            return Challenge(word.word)
    return Done()
