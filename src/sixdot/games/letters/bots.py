"""Letters bots: the sensible one plays the solver's best arrangement; the
strong one also weighs the cards it has not seen.

It takes the top discard when the best arrangement of its hand with that
card (after a discard) scores more than its hand does now, and otherwise
draws; it goes out whenever it can; otherwise it discards the card whose
loss leaves the best-scoring rest. On a final turn it lays what scores most.
It challenges exactly the words its dictionary lacks, as they are laid (or,
with challenges=end, after the final turns).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from sixdot.bots import Explaining, Reason
from sixdot.core import Action
from sixdot.games.letters.cards import Card, deck
from sixdot.games.letters.rules import (
    Accept,
    Challenge,
    Discard,
    Done,
    Draw,
    Lay,
    Phase,
    Take,
    View,
)
from sixdot.games.letters.solver import text, value


class SensibleBot(Explaining):
    level = "sensible"

    def decide(self, view: View, legal: Sequence[Action]) -> tuple[Action, Reason | None]:
        solver = view.solver
        if view.phase is Phase.CHALLENGE:
            return challenge(view)
        if view.phase is Phase.DRAW:
            take = Take()
            if take in legal and view.top is not None:
                taken = (*view.hand, view.top)
                now = solver.best(view.hand, within=taken).points
                better = solver.best_final(taken).points
                if better > now:
                    return take, scored(
                        better, "why-let-take", "why-let-take-loss", card=view.top.face
                    )
                why = Reason.of("why-let-draw", card=view.top.face)
            else:
                why = None
            return (next(a for a in legal if a != take) if len(legal) > 1 else legal[0]), why
        lays = [a for a in legal if isinstance(a, Lay)]
        if lays:
            # Listed best first: going out, or the best final lay.
            key = "why-let-out" if lays[0].out else "why-let-lay"
            return lays[0], Reason.of(key, words=len(lays[0].words))
        if view.final:
            best = solver.best_final(view.hand)
            assert best.discard is not None
            return Discard(best.discard.face), Reason.of("why-let-no-words")
        keep = max(solver.finals(view.hand), key=lambda a: (a.points, a.discard.points))  # type: ignore[union-attr]
        assert keep.discard is not None
        why = scored(keep.points, "why-let-discard", "why-let-discard-loss", card=keep.discard.face)
        return Discard(keep.discard.face), why


def scored(points: int, gain: str, loss: str, **args: object) -> Reason:
    """A reason that quotes a score: a loss is said in words of its own (`loss`,
    the points as a positive number), never by a bare minus sign, which a
    screen reader may not say and a listener can miss."""
    if points < 0:
        return Reason.of(loss, points=-points, **args)
    return Reason.of(gain, points=points, **args)


def challenge(view: View) -> tuple[Action, Reason]:
    """Challenge the first open word the dictionary lacks; accept the rest.

    The same as words are laid and, with challenges=end, after the final turns.
    """
    lexicon = view.solver.lexicon
    for word in view.open_words:
        if word.word.lower() not in lexicon:
            return Challenge(word.word), Reason.of("why-not-a-word", word=word.word)
    return (Done() if view.window is None else Accept()), Reason.of("why-all-words")


#: Cards drawn in imagination per decision: enough to rank choices, few
#: enough that a decision stays well under a tenth of a second.
SAMPLES = 6
#: What ending the round first is worth beyond its points: the others must
#: score the hands they hold, and a hand that can go out next turn may.
OUT_VALUE = 12
#: How often a player who can choose goes out on a turn, as measured in
#: bot games with the packaged word list (about three turns in four).
OUT_RATE = 0.75
#: Points a word is hoped to be worth towards the most-words bonus, when
#: choosing what to lay; each letter of the longest word counts one more.
WORDS_HOPE = 3


class StrongBot(SensibleBot):
    """Weighs its choices against the cards it has not seen.

    Before drawing it compares the top discard with the average of cards it
    might draw; it discards the card whose loss leaves the best next turn on
    average (points, plus OUT_VALUE when that turn could go out); and it goes
    out at once unless waiting a turn promises more, counting the chance
    that someone else goes out first (then its next turn is a final turn,
    and ending the round is no longer its to gain). Among the
    lays offered it counts a share of the bonuses, not points alone.
    Challenges are played as the sensible bot plays them.
    """

    level = "strong"

    def reason(self, view: View, legal: Sequence[Action], action: Action) -> Reason | None:
        """Its weighing of samples has no one reason to give."""
        del view, legal, action
        return None

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view.phase is Phase.CHALLENGE or len(legal) == 1:
            return super().choose(view, legal)
        lays = [a for a in legal if isinstance(a, Lay)]
        if view.phase is Phase.PLAY and view.final:
            return self.lay(view, lays) if lays else super().choose(view, legal)
        draws = self.draws(view)
        if not draws:
            return super().choose(view, legal)
        if view.phase is Phase.DRAW:
            return self.draw_or_take(view, legal, draws)
        return self.play(view, lays, draws)

    def lay(self, view: View, lays: list[Lay]) -> Lay:
        """The lay that scores best counting a share of the bonuses it may win."""

        def hope(lay: Lay) -> int:
            words = view.words_of(lay)
            longest = max(len(text(w)) for w in words)
            return value([c for w in words for c in w]) + WORDS_HOPE * len(words) + longest

        return max(lays, key=hope)

    def draws(self, view: View) -> list[Card]:
        """A sample of the cards this seat has not seen this round."""
        unseen = Counter(deck())
        unseen.subtract(view.hand)
        if view.top is not None:
            unseen[view.top] -= 1
        for words in view.laid:
            for word in words:
                unseen.subtract(word)
        pool = sorted(unseen.elements())
        return self.random.sample(pool, min(SAMPLES, len(pool)))

    def worth(self, view: View, cards: Sequence[Card]) -> float:
        """What holding `cards` before a discard is worth: the best final arrangement."""
        best = view.solver.best_final(cards)
        return best.points + (OUT_VALUE if best.out else 0)

    def draw_or_take(self, view: View, legal: Sequence[Action], draws: list[Card]) -> Action:
        """Take the top discard only when it beats the average card drawn."""
        take, draw = Take(), Draw()
        if take not in legal or view.top is None:
            return draw
        if draw not in legal:
            return take
        hoped = sum(self.worth(view, (*view.hand, c)) for c in draws) / len(draws)
        return take if self.worth(view, (*view.hand, view.top)) > hoped else draw

    def play(self, view: View, lays: list[Lay], draws: list[Card]) -> Action:
        """Go out now, or keep the cards with the best next turn on average."""
        first = (1 - OUT_RATE) ** (view.players - 1)  # nobody else goes out meanwhile
        totals: dict[Card, float] = {}
        for drawn in draws:
            for card, (points, out) in view.solver.outlook(view.hand, drawn).items():
                totals[card] = totals.get(card, 0) + points + (OUT_VALUE * first if out else 0)
        keep = max(totals, key=lambda c: (totals[c], c.points))
        if lays:
            out = self.lay(view, lays)
            now = value([c for w in view.words_of(out) for c in w]) + OUT_VALUE
            if now >= totals[keep] / len(draws):
                return out
        return Discard(keep.face)
