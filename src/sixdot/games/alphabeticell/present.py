"""Alphabeticell in words: cards, moves, the table and the turn prompt.

The keys walk three groups: the dealt cards to keep at setup, then the card
offered and your line, left to right. Discards are said whole at full
verbosity when they fit a line, else alphabetically in short parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sixdot.core import Action, Event, Refusal
from sixdot.games.alphabeticell.cards import Card
from sixdot.games.alphabeticell.rules import (
    CardTaken,
    Keep,
    Line,
    Phase,
    Take,
    View,
    line_after,
    line_letters,
    line_takes,
)
from sixdot.present.focus import FocusItem
from sixdot.present.groups import group_lines, whole_or_grouped
from sixdot.present.presenter import FEW_MOVES, Presenter


def spaced(letters: str) -> str:
    """A line's letters spaced out, so each is read as a letter: `S W`."""
    return " ".join(letters)


class AlphabeticellPresenter(Presenter):
    prefix = "abc"

    def card(self, card: Any) -> str:
        return self.words("abc-card", face=card.face)

    def event(self, event: Event) -> list[str]:
        if isinstance(event, CardTaken):
            args = self.event_args(event)
            args["line"] = spaced(event.line)
            key = "abc-card-taken" if event.fixed_card is None else "abc-card-taken-fixed"
            # The take, then the line it makes: two facts, each inside a display.
            return [self.words(key, **args), self.words("abc-line-now", **args)]
        return super().event(event)

    def reason(self, refusal: Refusal) -> str:
        """Line letters spaced out, as in events, so they are read as letters."""
        if "line" in refusal.args:
            refusal = Refusal.of(
                refusal.key, **{**refusal.args, "line": spaced(refusal.args["line"])}
            )
        return super().reason(refusal)

    def move(self, action: Action, view: View) -> str:
        if isinstance(action, Take):
            letters, end = line_after(view.own_line, action)
            return self.words(
                "abc-move-take", notation=action.notation, end=end.value, line=spaced(letters)
            )
        if isinstance(action, Keep):
            return self.words("abc-move-keep", notation=action.notation)
        line = view.own_line
        if view.face_up is not None and not line_takes(line, view.face_up):
            # The client plays a forced pass itself, saying this: it tells why.
            return self.words(
                "abc-move-pass-forced",
                notation=action.notation,
                card=self.card(view.face_up),
            )
        return self.words("abc-move-pass", notation=action.notation)

    def not_a_move(self, text: str, legal: Sequence[Action] = ()) -> str:
        """Many moves: the forms of this moment only (after setup, never `keep`;
        `with LETTER` only while the first card's letter is open)."""
        takes = [a for a in legal if isinstance(a, Take)]
        if len(legal) <= FEW_MOVES or not takes:
            return super().not_a_move(text, legal)
        forms = "abc-forms-fix" if any(t.fix is not None for t in takes) else "abc-forms-offer"
        return self.not_a_move_like(text, self.words(forms))

    def turn(self, view: View, legal: Sequence[Action]) -> list[str]:
        if view.phase is Phase.PICK:
            # The deal just named the cards; `hand` names them again.
            return [self.words("abc-turn-pick")]
        line = view.own_line
        takes = [a for a in legal if isinstance(a, Take)]
        offered = self.words("abc-turn-offer", card=self.card(view.face_up))
        if not takes:
            return [offered, self.words("abc-turn-cannot-take", line=self._line_words(line))]
        return [offered, self.words("abc-turn-can-take", ways=", ".join(self._ways(line, takes)))]

    def focus(self, view: View, legal: Sequence[Action]) -> list[FocusItem]:
        """Setup cards to keep; else the offered card, then your line's cards."""
        if view.phase is Phase.PICK:
            dealt = self.words("abc-group-dealt")
            # In the order they were dealt and are said: "Dealt to you: OL, NY, EL."
            keeps = [a for a in legal if isinstance(a, Keep)]
            return [
                FocusItem(
                    self.words("abc-focus-keep", card=self.card(a.card)),
                    a.card.face,
                    (a,),
                    group=dealt,
                )
                for a in keeps
            ]
        items = []
        if view.face_up is not None:
            label = self.words("abc-focus-offered", card=self.card(view.face_up))
            group = self.words("abc-group-offered")
            items.append(FocusItem(label, view.face_up.face, tuple(legal), group=group))
        line = self.words("abc-group-line")
        for placed in view.own_line:
            letter = placed.letter or ""
            label = self.words(
                "abc-focus-line", card=self.card(placed.card), letter=letter or "none"
            )
            items.append(FocusItem(label, placed.card.face, group=line))
        return items

    def _ways(self, line: Line, takes: Sequence[Take]) -> list[str]:
        """Each letter the card can show, with the end it joins or the first card's letters."""
        ways = []
        for letter in dict.fromkeys(t.letter for t in takes):
            fixes = [t.fix for t in takes if t.letter == letter and t.fix is not None]
            if fixes:
                ways.append(
                    self.words(
                        "abc-way-fix",
                        letter=letter,
                        first=self.card(line[0].card),
                        fixes=self.words("word-or", first=", ".join(fixes[:-1]), rest=fixes[-1])
                        if len(fixes) > 1
                        else fixes[0],
                    )
                )
            else:
                end = next(line_after(line, t)[1] for t in takes if t.letter == letter)
                ways.append(self.words("abc-way", letter=letter, end=end.value))
        return ways

    def _line_words(self, line: Line) -> str:
        if len(line) == 1 and line[0].letter is None:
            return self.card(line[0].card)
        return spaced(line_letters(line))

    def line(self, view: View, seat: int) -> str:
        line = view.lines[seat]
        who = {"player": self.name(seat), "you": "yes" if self.is_you(seat) else "no"}
        if not line:
            return self.words("abc-table-line-empty", **who)
        if line[0].letter is None:
            return self.words("abc-table-line-open", card=self.card(line[0].card), **who)
        return self.words("abc-table-line", line=spaced(line_letters(line)), count=len(line), **who)

    def table(self, view: View) -> list[str]:
        out = [
            self.words(
                "abc-table-round",
                round=view.round,
                target=view.target,
                **self.seat_args("dealer", view.dealer),
            )
        ]
        out.extend(self.line(view, s) for s in range(view.players))
        if view.phase is Phase.PICK or view.face_up is not None:
            out.extend(self.trick_lines(view))
        out.append(self.words("abc-table-deck", left=view.cards_left))
        out.extend(self.discard_lines(view))
        return out

    def discard_lines(self, view: View) -> list[str]:
        """Discards in the order they went, whole when that fits at full verbosity;
        else how many, then alphabetically in parts of a display's width."""
        if not view.discards:
            return [self.words("abc-table-discards", count=0, cards="")]
        faces = sorted(card.face for card in view.discards)
        return whole_or_grouped(
            self.words,
            lambda: self.words(
                "abc-table-discards", count=len(view.discards), cards=self.cards(view.discards)
            ),
            lambda: [
                self.words("abc-discards-head", count=len(faces)),
                *group_lines(self.words, "abc-group", [(self.words("abc-group-discards"), faces)]),
            ],
        )

    # -- the review commands every game has, in Alphabeticell's terms --

    def trick_lines(self, view: View) -> list[str]:
        """No tricks: the card offered and to whom, who passed it; or who is keeping."""
        if view.phase is Phase.OVER:
            return [self.words("abc-now-over")]
        if view.phase is Phase.PICK or view.face_up is None:
            return [self.words("abc-table-picking", **self.seat_args("picker", view.to_act[0]))]
        out = [
            self.words(
                "abc-table-face-up",
                card=self.card(view.face_up),
                **self.seat_args("to", view.to_act[0]),
            )
        ]
        if view.passed:
            names = [self.name(s) for s in view.passed]
            out.append(self.words("abc-table-passed", players=self.join(names)))
        return out

    def previous_lines(self, view: View) -> list[str]:
        """The round's last take and last discard.

        A take passes the deal to the taker's left, and only a take does within a
        round, so once a card is taken the last taker sits on the dealer's right.
        """
        out = []
        if view.last_take is not None:
            taker = (view.dealer - 1) % view.players
            out.append(
                self.words(
                    "abc-previous-take",
                    card=self.card(view.last_take.card),
                    letter=view.last_take.letter,
                    line=spaced(line_letters(view.lines[taker])),
                    **self.seat_args("player", taker),
                )
            )
        if view.discards:
            out.append(self.words("abc-previous-discard", card=self.card(view.discards[-1])))
        return out or [self.words("abc-previous-none", round=view.round)]

    def player_lines(self, view: View) -> list[str]:
        """One line a player in seat order: total first, then the line."""
        out = []
        for seat in range(view.players):
            line = view.lines[seat]
            if line and line[0].letter is None:
                letters = self.card(line[0].card)
            else:
                letters = spaced(line_letters(line))
            out.append(
                self.words(
                    "abc-player",
                    total=view.totals[seat],
                    count=len(line),
                    line=letters,
                    **self.seat_args("player", seat),
                )
            )
        return out

    def status_lines(self, view: View) -> list[str]:
        """Round, target and dealer, then the deck left."""
        return [self.table(view)[0], self.words("abc-table-deck", left=view.cards_left)]

    def held(self, view: View) -> Sequence[Card]:
        """Dealt cards still to choose from, then the cards of your line."""
        return (*view.hand, *(placed.card for placed in view.own_line))

    def hand(self, view: View) -> list[str]:
        out = []
        if view.hand:
            out.append(self.words("abc-hand-setup", cards=self.cards(view.hand)))
        out.append(self.line(view, view.seat))
        return out
