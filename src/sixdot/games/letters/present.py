"""Letters in words: cards with their points, words laid, turns and review commands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sixdot.core import Action
from sixdot.games.letters.rules import Discard, Lay, Phase, View
from sixdot.games.letters.solver import text
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
        if view.phase is Phase.DRAW:
            lead = "let-turn-final-draw" if view.final else "let-turn-draw"
            if view.top is None:
                return [self.words(lead), self.words("let-turn-draw-only")]
            return [self.words(lead), self.words("let-turn-draw-or-take", card=self.card(view.top))]
        lines = [self.words("let-hand", cards=self.valued(view.hand))]
        lays = [a for a in legal if isinstance(a, Lay)]
        if view.final:
            lines.append(self.words("let-turn-final"))
            if lays:
                lines.append(self.words("let-turn-best-lay", move=lays[0].notation))
        else:
            lines.append(self.words("let-turn-play"))
            if lays:
                lines.append(self.words("let-turn-can-out", move=lays[0].notation))
        return lines

    def move(self, action: Action, view: View) -> str:
        if isinstance(action, Lay):
            points = sum(c.points for word in view.words_of(action) for c in word)
            return self.words("let-move-lay", notation=action.notation, points=points)
        return action.notation

    def focus(self, view: View, legal: Sequence[Action]) -> list[FocusItem]:
        """Before drawing, the two draws; after, the lays offered, then each card to discard."""
        if view.phase is Phase.DRAW:
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
        out.extend(self.word_lines(view))
        return out

    def hand(self, view: View) -> list[str]:
        return [self.words("let-hand", cards=self.valued(view.hand))]

    def score(self, view: View) -> list[str]:
        return [self.words("let-score-title", round=view.round), *self.score_lines(view.totals)]

    def commands(self) -> dict[str, Callable[[Any, str], list[str]]]:
        return {
            "discard": lambda view, arg: self.discard_lines(view),
            "pile": lambda view, arg: self.pile_lines(view),
            "round": lambda view, arg: [self.words("let-round", round=view.round, size=view.size)],
            "words": lambda view, arg: self.word_lines(view),
        }

    def discard_lines(self, view: View) -> list[str]:
        if view.top is None:
            return [self.words("let-table-top-none")]
        return [self.words("let-table-top", card=self.card(view.top), count=view.discards)]

    def pile_lines(self, view: View) -> list[str]:
        return [self.words("let-table-pile", left=view.pile)]

    def word_lines(self, view: View) -> list[str]:
        """Each player's words laid this round, or that none are laid yet."""
        out = []
        for seat, words in enumerate(view.laid):
            if words:
                out.append(
                    self.words(
                        "let-table-words",
                        words=", ".join(text(w) for w in words),
                        count=len(words),
                        **self.seat_args("player", seat),
                    )
                )
        return out or [self.words("let-table-no-words")]
