"""Letters in words: cards with their points, words laid, turns and review commands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sixdot.core import Action
from sixdot.games.letters.rules import Challenge, Discard, Lay, Phase, View
from sixdot.games.letters.solver import text, value
from sixdot.present.focus import FocusItem
from sixdot.present.presenter import Presenter


class LettersPresenter(Presenter):
    prefix = "let"

    def name(self, seat: int) -> str:
        """Seats past the phrasebook's list of bot names get a numbered name."""
        if seat < len(self.names):
            return self.names[seat]
        return self.words("player-name-human", number=seat + 1)

    def card(self, card: Any) -> str:
        """One card with its points: `Q, 15 points`."""
        return self.words("let-card", face=card.face, points=card.points)

    def cards(self, cards: Sequence[Any]) -> str:
        """Several cards by face only, so commas part cards, not points."""
        return ", ".join(c.face for c in cards)

    def valued(self, cards: Sequence[Any]) -> str:
        """Cards by face and points: `Q 15, A 2`."""
        return ", ".join(self.words("let-card-short", face=c.face, points=c.points) for c in cards)

    # -- the turn --

    def turn(self, view: View, legal: Sequence[Action]) -> list[str]:
        if view.phase is Phase.CHALLENGE and view.window is not None:
            # Time-free and short: the words were just said as they were laid.
            words = ", ".join(dict.fromkeys(w.word for w in view.open_words))
            return [self.words("let-turn-laid", words=words)]
        if view.phase is Phase.CHALLENGE:
            return [self.words("let-turn-challenge"), *self.open_lines(view)]
        if view.phase is Phase.DRAW:
            lead = "let-turn-draw"
            if view.final:
                lead = "let-turn-capped-draw" if view.out_seat is None else "let-turn-final-draw"
            if view.top is None:
                return [self.words(lead), self.words("let-turn-draw-only")]
            return [self.words(lead), self.words("let-turn-draw-or-take", card=self.card(view.top))]
        lines = [self.words("let-hand", cards=self.valued(view.hand))]
        lines.append(self.words("let-turn-final" if view.final else "let-turn-play"))
        # Finding the words is the game: say only that there are some, not which.
        if any(isinstance(a, Lay) for a in legal):
            lines.append(self.words("let-turn-has-words" if view.final else "let-turn-can-out"))
        return lines

    def move(self, action: Action, view: View) -> str:
        if isinstance(action, Lay):
            points = sum(value(word) for word in view.words_of(action))
            return self.words("let-move-lay", notation=action.notation, points=points)
        if isinstance(action, Challenge):
            word = next(w for w in view.open_words if w.word == action.word)
            return self.words(
                "let-move-challenge",
                notation=action.notation,
                value=word.value,
                **self.seat_args("owner", word.owner),
            )
        return action.notation

    def focus(self, view: View, legal: Sequence[Action]) -> list[FocusItem]:
        """After drawing, the lays offered, then each card to discard; else the moves."""
        if view.phase is not Phase.PLAY:
            return super().focus(view, legal)
        items = [
            FocusItem(self.move(a, view), a.notation[:1].upper(), (a,))
            for a in legal
            if isinstance(a, Lay)
        ]
        for card in view.hand:
            label = self.words("let-focus-card", card=self.card(card))
            items.append(FocusItem(label, card.face[:1], (Discard(card.face),)))
        return items

    # -- review --

    def table(self, view: View) -> list[str]:
        out = [
            self.words(
                "let-table-round",
                round=view.round,
                size=view.size,
                **self.seat_args("dealer", view.dealer),
            )
        ]
        out.extend(self.discard_lines(view))
        out.extend(self.pile_lines(view))
        if view.out_seat is not None:
            out.append(self.words("let-table-out", **self.seat_args("player", view.out_seat)))
        elif view.capped:
            out.append(self.words("let-table-capped"))
        out.extend(self.word_lines(view))
        return out

    def hand(self, view: View) -> list[str]:
        if not view.hand:
            return [self.words("let-hand-empty")]
        return [self.words("let-hand", cards=self.valued(view.hand))]

    def score(self, view: View) -> list[str]:
        """Totals count the rounds scored: those before this one, or all eight at the end."""
        scored = view.round if view.phase is Phase.OVER else view.round - 1
        return [self.words("let-score-title", rounds=scored), *self.score_lines(view.totals)]

    def commands(self) -> dict[str, Callable[[Any, str], list[str]]]:
        return {
            # Not "discard": that verb is the move, `discard Q`.
            "top": lambda view, arg: self.discard_lines(view),
            "pile": lambda view, arg: self.pile_lines(view),
            "round": lambda view, arg: self.round_lines(view),
            "words": lambda view, arg: self.word_lines(view),
        }

    def round_lines(self, view: View) -> list[str]:
        """The round, then how far it has gone: turns taken, or why final turns are on."""
        lines = [self.words("let-round", round=view.round, size=view.size)]
        if view.phase is Phase.CHALLENGE and view.window is not None:
            lines.append(self.words("let-round-laid", **self.seat_args("player", view.window)))
        elif view.phase is Phase.CHALLENGE:
            lines.append(self.words("let-round-challenges"))
        elif view.out_seat is not None:
            lines.append(self.words("let-table-out", **self.seat_args("player", view.out_seat)))
        elif view.capped:
            lines.append(self.words("let-table-capped"))
        else:
            lines.append(self.words("let-round-turns", turns=view.turns))
        return lines

    def discard_lines(self, view: View) -> list[str]:
        if view.top is None:
            return [self.words("let-table-top-none")]
        return [self.words("let-table-top", card=self.card(view.top), count=view.discards)]

    def pile_lines(self, view: View) -> list[str]:
        return [self.words("let-table-pile", left=view.pile)]

    def word_lines(self, view: View) -> list[str]:
        """Each word laid this round: whose, its points, and any challenge's answer."""
        verdicts = {(v.owner, v.index): v for v in view.verdicts}
        out = []
        for seat, words in enumerate(view.laid):
            for i, word in enumerate(words):
                verdict = verdicts.get((seat, i))
                out.append(
                    self.words(
                        "let-table-word",
                        word=text(word),
                        points=value(word),
                        cards=self.cards(word),
                        checked="none" if verdict is None else ("yes" if verdict.valid else "no"),
                        **self.seat_args("player", seat),
                    )
                )
        return out or [self.words("let-table-no-words")]

    def open_lines(self, view: View) -> list[str]:
        """The words this seat may still challenge."""
        return [
            self.words(
                "let-open-word",
                word=w.word,
                value=w.value,
                **self.seat_args("player", w.owner),
            )
            for w in view.open_words
        ]
