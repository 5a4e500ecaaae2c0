"""Consonants in words: cards, tricks, passing, word-making and the review commands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sixdot.core import Action
from sixdot.games.consonants.cards import LETTERS, Card, singletons
from sixdot.games.consonants.rules import (
    Challenge,
    Lay,
    Phase,
    Pick,
    Unpick,
    View,
)
from sixdot.games.consonants.tricks import Play, Played, trick_value, trick_winner
from sixdot.games.consonants.words import unused, word_value
from sixdot.present.focus import FocusItem
from sixdot.present.presenter import FEW_MOVES, Presenter

#: The move forms of each phase, told when a typed move is not one of them.
_FORMS = ((Pick, "pass"), (Play, "play"), (Lay, "lay"), (Challenge, "challenge"))


class ConsonantsPresenter(Presenter):
    prefix = "con"

    # -- naming --

    def card(self, card: Any) -> str:
        """`T`, `A over E` (a vowel card's two sides) or `wild`."""
        if card.wild:
            return self.words("con-card-wild")
        if card.vowel:
            return self.words("con-card-vowel", first=card.sides[0], second=card.sides[1])
        return str(card.face)

    def played(self, entry: Played) -> str:
        """A card on the table with the letter it shows: `Q`, `A over E as E`, `wild as T`."""
        if len(entry.card.sides) == 1:
            return self.card(entry.card)
        return self.words("con-card-as", card=self.card(entry.card), letter=entry.letter)

    def score_lines(self, totals: Sequence[int], points: Sequence[int] | None = None) -> list[str]:
        """Lowest total first: in Consonants the fewest points lead."""
        out = []
        for seat in sorted(range(len(totals)), key=lambda s: (totals[s], s)):
            args = {"player": self.name(seat), "you": "yes" if self.is_you(seat) else "no"}
            if points is None:
                out.append(self.words("score-line", total=totals[seat], **args))
            else:
                out.append(
                    self.words("con-score-hand", points=points[seat], total=totals[seat], **args)
                )
        return out

    # -- moves and the turn --

    def move(self, action: Action, view: View) -> str:
        if isinstance(action, Lay):
            value = sum(word_value(w) for w in action.words)
            return self.words("con-move-lay", notation=action.notation, value=value)
        if isinstance(action, Challenge):
            owners = [w for w in view.laid if w.word == action.word and w.seat != view.seat]
            return self.words(
                "con-move-challenge",
                notation=action.notation,
                value=owners[0].value if owners else word_value(action.word),
                **self.seat_args("owner", owners[0].seat if owners else None),
            )
        if isinstance(action, Unpick):
            return self.words("con-move-keep", notation=action.notation)
        if isinstance(action, Play) and action.card is not None:
            # Said as every other line says the card, and typed back the same way.
            card = self.played(Played(0, action.card, action.letter))
            return self.words("con-move-play", card=card)
        return action.notation

    def not_a_move(self, text: str, legal: Sequence[Action] = ()) -> str:
        """Many moves: the forms of this phase only (passing never hears of words)."""
        kinds = {type(a) for a in legal}
        phase = next((name for kind, name in _FORMS if kind in kinds), None)
        if len(legal) <= FEW_MOVES or phase is None:
            return super().not_a_move(text, legal)
        return self.words("cmd-not-a-move", text=text, notation=self.words(f"con-forms-{phase}"))

    def turn(self, view: View, legal: Sequence[Action]) -> list[str]:
        phase = view.phase
        if phase is Phase.PASS:
            wanted = view.config.pass_count
            lines = [
                self.words(
                    "con-turn-pass",
                    count=wanted - len(view.picks),
                    wanted=wanted,
                    direction=view.direction.value,
                    **self.seat_args("to", view.pass_to),
                )
            ]
            return [*lines, *self.hand(view), self.words("con-turn-pass-how")]
        if phase is Phase.PLAY:
            return [*self.trick_lines(view), self.plays_line(legal)]
        if phase is Phase.FLY:
            return [self.words("con-turn-fly")]
        if phase is Phase.WORDS:
            # The best lay is the hint's answer, so the turn never says it.
            return [self.words("con-turn-words"), *self.hand(view)]
        return [self.words("con-turn-challenge"), *self.word_lines(view, open_only=True)]

    def plays_line(self, legal: Sequence[Action]) -> str:
        """The cards that may be played, a wild's letters said as a range."""
        plays = [a for a in legal if isinstance(a, Play)]
        said = [self.played(Played(0, p.card, p.letter)) for p in plays if not p.card.wild]  # type: ignore[union-attr]
        wild = [p.letter for p in plays if p.card.wild]  # type: ignore[union-attr]
        if wild:
            said.append(self.wild_letters(wild))
        return self.words("con-turn-plays", count=len(said), plays=", ".join(said))

    def wild_letters(self, letters: Sequence[str]) -> str:
        """A wild's letters in alphabetical runs: `wild as P, R to Z`."""
        if len(letters) == len(LETTERS):
            return self.words("con-wild-any")
        runs: list[list[str]] = []
        for letter in letters:
            if runs and ord(letter) == ord(runs[-1][-1]) + 1:
                runs[-1].append(letter)
            else:
                runs.append([letter])
        said = [
            run[0] if len(run) == 1 else self.words("con-letter-range", first=run[0], last=run[-1])
            for run in runs
        ]
        return self.words("con-wild-as", letters=", ".join(said))

    def focus(self, view: View, legal: Sequence[Action]) -> list[FocusItem]:
        """Passing: each card (Space picks, Enter passes one). Play: each card and its plays."""
        if view.phase is Phase.PASS:
            items = [
                FocusItem(self.card(c), _letters(c), (Pick((c,)),), pick=c.face) for c in view.hand
            ]
            items.extend(
                FocusItem(
                    self.words("con-focus-picked", card=self.card(c)), _letters(c), (Unpick(c),)
                )
                for c in view.picks
            )
            return items
        if view.phase is Phase.PLAY:
            plays = [a for a in legal if isinstance(a, Play)]
            items = []
            for card in view.hand:
                mine = tuple(p for p in plays if p.card is card)
                items.append(FocusItem(self.card(card), _letters(card), mine))
            return items
        return super().focus(view, legal)

    def selection(self, view: View, legal: Sequence[Action]) -> tuple[str, int] | None:
        if view.phase is Phase.PASS:
            return ("pass", view.config.pass_count - len(view.picks))
        return None

    # -- table, hand and review --

    def table(self, view: View) -> list[str]:
        out = [
            self.words(
                "con-table-hand",
                hand=view.hand_no,
                target=view.target,
                **self.seat_args("dealer", view.dealer),
            )
        ]
        if view.phase is Phase.PASS:
            out.append(self.words("con-table-passing", direction=view.direction.value))
        elif view.phase is Phase.PLAY:
            out.extend(self.trick_lines(view))
        else:
            out.extend(self.word_lines(view))
        out.extend(self.taken_lines(view))
        sizes = ", ".join(
            self.words("con-table-size", count=view.hand_sizes[s], **self.seat_args("player", s))
            for s in range(view.players)
        )
        out.append(self.words("con-table-sizes", sizes=sizes, kitty=view.kitty))
        return out

    def left_for_words(self, view: View) -> tuple[Any, ...]:
        """This seat's taken cards not yet in its laid words, in hand order
        (words come at scoring, when the piles are turned up)."""
        mine = [w.word for w in view.laid if w.seat == view.seat]
        return unused(mine, sorted(view.taken[view.seat] if view.taken else ()))

    def hand(self, view: View) -> list[str]:
        if view.phase in (Phase.WORDS, Phase.CHALLENGE):
            left = self.left_for_words(view)
            return [self.words("con-hand-words", count=len(left), cards=self.cards(left))]
        out = [self.words("con-hand", count=len(view.hand), cards=self.cards(view.hand))]
        if view.picks:
            out.append(self.words("con-turn-picked", cards=self.cards(view.picks)))
        return out

    def score(self, view: View) -> list[str]:
        """Totals change only when a hand is scored: say after which hand they stand."""
        finished = view.hand_no if view.phase is Phase.OVER else view.hand_no - 1
        return [
            self.words("con-score-title", hands=finished, target=view.target),
            *self.score_lines(view.totals),
        ]

    def commands(self) -> dict[str, Callable[[Any, str], list[str]]]:
        return {
            "trick": lambda view, arg: self.trick_lines(view),
            "previous": lambda view, arg: self.previous_lines(view),
            "taken": lambda view, arg: self.taken_lines(view),
            "singletons": lambda view, arg: self.singleton_lines(view),
            "words": lambda view, arg: self.word_lines(view),
        }

    def trick_lines(self, view: View) -> list[str]:
        """The trick on the table: who led what, and what has been played to it."""
        if view.phase is not Phase.PLAY:
            return [self.words("con-trick-none")]
        if not view.trick:
            if view.must_lead_j:
                return [self.words("con-trick-lead-j", number=view.trick_number)]
            return [
                self.words(
                    "con-trick-empty",
                    number=view.trick_number,
                    **self.seat_args("leader", view.to_act[0]),
                )
            ]
        return [
            self.words(
                "con-trick-now",
                number=view.trick_number,
                led=view.trick[0].letter,
                top=max(p.letter for p in view.trick),
                plays=self.plays_said(view.trick),
            )
        ]

    def plays_said(self, trick: Sequence[Played]) -> str:
        return ", ".join(
            self.words("con-trick-play", card=self.played(p), **self.seat_args("player", p.seat))
            for p in trick
        )

    def previous_lines(self, view: View) -> list[str]:
        if not view.last_trick:
            return [self.words("con-previous-none")]
        cards = tuple(p.card for p in view.last_trick)
        winner = view.last_trick[trick_winner(view.last_trick)].seat
        return [
            self.words(
                "con-previous",
                plays=self.plays_said(view.last_trick),
                value=trick_value(cards),
                **self.seat_args("winner", winner),
            )
        ]

    def taken_lines(self, view: View) -> list[str]:
        """Tricks each player has taken this hand, and their points once the
        piles may be looked at; face down, a pile shows only its size."""
        taken = view.taken
        if taken is None:
            return [
                self.words(
                    "con-taken-face-down", tricks=view.tricks_won[s], **self.seat_args("player", s)
                )
                for s in range(view.players)
            ]
        return [
            self.words(
                "con-taken",
                tricks=view.tricks_won[s],
                value=trick_value(taken[s]),
                **self.seat_args("player", s),
            )
            for s in range(view.players)
        ]

    def singleton_lines(self, view: View) -> list[str]:
        """Singletons taken so far (and by whom), on the table, held, passed, or unseen.

        While the piles are face down a taken singleton is out of sight like
        one in another hand: remembering who took it is the player's part.
        """
        out = []
        piles = view.taken or ()
        for card in singletons():
            owner = next((s for s, pile in enumerate(piles) if card in pile), None)
            if owner is not None:
                out.append(
                    self.words(
                        "con-single-taken", card=card.face, **self.seat_args("player", owner)
                    )
                )
            elif any(p.card is card for p in view.trick):
                out.append(self.words("con-single-table", card=card.face))
            elif card in view.hand or card in view.picks:
                out.append(self.words("con-single-yours", card=card.face))
            elif card in view.passed:
                to = self.seat_args("player", view.pass_to)
                out.append(self.words("con-single-passed", card=card.face, **to))
            elif view.taken is None:
                out.append(self.words("con-single-out-of-sight", card=card.face))
            else:
                out.append(self.words("con-single-unseen", card=card.face))
        return out

    def word_lines(self, view: View, open_only: bool = False) -> list[str]:
        """Words laid this hand, with how any challenge went."""
        out = []
        for w in view.laid:
            if open_only and (w.seat == view.seat or w.challenger is not None):
                continue
            if w.challenger is None:
                key, args = "con-word-open", {}
            else:
                key = "con-word-settled"
                args = {
                    "valid": "yes" if w.valid else "no",
                    **self.seat_args("challenger", w.challenger),
                }
            out.append(
                self.words(
                    key, word=w.word, value=w.value, **self.seat_args("player", w.seat), **args
                )
            )
        return out or [self.words("con-words-none")]


def _letters(card: Card) -> str:
    """Every letter a card shows, so a letter key reaches a vowel card by either
    side (`i` finds A over I); a wild is reached by `?`."""
    return "".join(card.sides) or card.face
