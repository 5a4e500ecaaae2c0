"""Letters in words: cards with their points, words laid, turns and review commands.

A hand is said by its natural groups, vowels, consonants and multi-letter
cards, each alphabetical: whole on one line at full verbosity when it fits,
else one line a group. The arrow keys walk the same groups in the same order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sixdot.core import Action, Event
from sixdot.core.state import seats_from
from sixdot.games.letters.cards import Card
from sixdot.games.letters.rules import CardsDealt, Challenge, Discard, Lay, Phase, View
from sixdot.games.letters.solver import text, value
from sixdot.present.focus import FocusItem
from sixdot.present.groups import group_lines, whole_or_grouped
from sixdot.present.presenter import Presenter

VOWELS = frozenset("AEIOU")
#: The hand's groups in the order they are said and walked.
KINDS = ("vowels", "consonants", "multi")


def kind(card: Card) -> str:
    """A card's group: a single vowel, a single consonant, or several letters (THE, QU)."""
    if card.multi:
        return "multi"
    return "vowels" if card.face in VOWELS else "consonants"


def in_groups(cards: Sequence[Card]) -> list[tuple[str, tuple[Card, ...]]]:
    """The cards by kind, each kind alphabetical; kinds with no card left out."""
    ordered = sorted(cards, key=lambda c: (KINDS.index(kind(c)), c.face))
    return [(k, held) for k in KINDS if (held := tuple(c for c in ordered if kind(c) == k))]


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
        return ", ".join(self.short(c) for c in cards)

    def short(self, card: Card) -> str:
        return self.words("let-card-short", face=card.face, points=card.points)

    def group_name(self, kind: str) -> str:
        return self.words(f"let-group-{kind}")

    def listing(self, key: str, cards: Sequence[Card], valued: bool) -> list[str]:
        """Cards in group order: whole by `key` when that fits at full verbosity, else
        `key-head` (how many) and one line a group, each led by its group's name."""
        groups = in_groups(cards)
        ordered = [c for _, held in groups for c in held]
        name = self.short if valued else (lambda c: c.face)
        return whole_or_grouped(
            self.words,
            lambda: self.words(key, cards=", ".join(name(c) for c in ordered)),
            lambda: [
                self.words(f"{key}-head", count=len(cards)),
                *group_lines(
                    self.words,
                    "let-group",
                    [(self.group_name(k), [name(c) for c in held]) for k, held in groups],
                ),
            ],
        )

    def event(self, event: Event) -> list[str]:
        if isinstance(event, CardsDealt):
            return self.listing("let-cards-dealt", event.cards, valued=False)
        return super().event(event)

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
        lines = [self.words("let-turn-final" if view.final else "let-turn-play")]
        lines.extend(self.listing("let-hand", view.hand, valued=True))
        # Finding the words is the game: say only that there are some, not which.
        if any(isinstance(a, Lay) for a in legal):
            lines.append(self.words("let-turn-has-words" if view.final else "let-turn-can-out"))
        return lines

    def in_order(self, view: View, legal: Sequence[Action]) -> tuple[Action, ...]:
        """Discards first, in the order the hand is said, so `2` discards the
        second card heard; then the lays, which the prompt never names."""
        if view.phase is not Phase.PLAY:
            return tuple(legal)
        faces = [card.face for _, held in in_groups(view.hand) for card in held]
        discards = sorted(
            (a for a in legal if isinstance(a, Discard)), key=lambda a: faces.index(a.face)
        )
        return (*discards, *(a for a in legal if not isinstance(a, Discard)))

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
        """After drawing, the lays offered (Words), then each card to discard by its
        group, as the hand is said; else the moves. Every letter of a card jumps to it."""
        if view.phase is not Phase.PLAY:
            return super().focus(view, legal)
        words = self.words("let-group-words")
        items = [
            FocusItem(self.move(a, view), a.notation[:1].upper(), (a,), group=words)
            for a in legal
            if isinstance(a, Lay)
        ]
        for k, held in in_groups(view.hand):
            for card in held:
                label = self.words("let-focus-card", card=self.card(card))
                items.append(
                    FocusItem(label, card.face, (Discard(card.face),), group=self.group_name(k))
                )
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
        return self.listing("let-hand", view.hand, valued=True)

    def score(self, view: View) -> list[str]:
        """Totals count the rounds scored: those before this one, or all eight at the end."""
        scored = view.round if view.phase is Phase.OVER else view.round - 1
        return [self.words("let-score-title", rounds=scored), *self.score_lines(view.totals)]

    def own_commands(self) -> dict[str, Callable[[Any, str], list[str]]]:
        return {
            # Not "discard": that verb is the move, `discard Q`.
            "top": lambda view, arg: self.discard_lines(view),
            "pile": lambda view, arg: self.pile_lines(view),
            "round": lambda view, arg: self.round_lines(view),
            "words": lambda view, arg: self.word_lines(view),
        }

    def trick_lines(self, view: View) -> list[str]:
        """What is in play: whose turn and what they do, then the top discard."""
        if view.phase is Phase.OVER:
            return [self.words("let-now-over")]
        if view.phase is Phase.CHALLENGE:
            return [self.round_lines(view)[1], *self.open_lines(view)]
        step = "draw" if view.phase is Phase.DRAW else "play"
        who = self.seat_args("player", view.to_act[0] if view.to_act else None)
        return [
            self.words("let-now", step=step, final="yes" if view.final else "no", **who),
            *self.discard_lines(view),
        ]

    def previous_lines(self, view: View) -> list[str]:
        """The words laid last: words are laid in turn from whoever went out."""
        if view.out_seat is None:
            return [self.words("let-previous-none", round=view.round)]
        layers = [s for s in seats_from(view.out_seat, view.players) if view.laid[s]]
        if not layers:
            return [self.words("let-previous-none", round=view.round)]
        seat = layers[-1]
        head = self.words(
            "let-previous",
            words=len(view.laid[seat]),
            points=sum(value(w) for w in view.laid[seat]),
            **self.seat_args("player", seat),
        )
        return [head, *self.word_lines(view, seat)]

    def player_lines(self, view: View) -> list[str]:
        """One line a player in seat order: total, then this round's words."""
        return [
            self.words(
                "let-player",
                total=view.totals[seat],
                words=len(view.laid[seat]),
                points=sum(value(w) for w in view.laid[seat]),
                out="yes" if view.out_seat == seat else "no",
                **self.seat_args("player", seat),
            )
            for seat in range(view.players)
        ]

    def status_lines(self, view: View) -> list[str]:
        """The round of eight, hand size and dealer, then how far the round has gone."""
        table = self.table(view)[0]
        return [table, self.round_lines(view)[1], *self.pile_lines(view)]

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

    def word_lines(self, view: View, only: int | None = None) -> list[str]:
        """Each word laid this round (or by seat `only`): whose, its points, and any
        challenge's answer."""
        verdicts = {(v.owner, v.index): v for v in view.verdicts}
        out = []
        for seat, words in enumerate(view.laid):
            if only is not None and seat != only:
                continue
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
        """The words this seat may still challenge; for a watcher, every word still open."""
        return [
            self.words(
                "let-open-word",
                word=w.word,
                value=w.value,
                **self.seat_args("player", w.owner),
            )
            for w in view.open_words
        ]
