"""Alphagon in words: a board explored square by square, never drawn.

The arrow keys walk the 13 by 13 board as a grid of focus items, starting on
the square where the next letter goes; typed commands move the same cursor
(`go G7`, `north`) and review the polygon (`word`, `sides`, `where`, `rack`,
`cards`). Each square is said as its name and content: "G7, star",
"D4, letter R, Ana's". The moves beside the board stand in groups by verb
(Change, Give, Syllables, Shapes), and the polygon cards dealt are said one
card a line. At full verbosity a line says one fact where it can, so that it
fits a 40-cell braille display: a word closed, then its score; a turn of the
polygon, then the way it took (issue 18).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sixdot.core import Action, Event, GameEnded
from sixdot.games.alphagon.board import (
    Card,
    Direction,
    Shape,
    Square,
    ahead,
    parse_square,
    square_name,
)
from sixdot.games.alphagon.events import (
    CardsDealt,
    DirectionChanged,
    RotationRolled,
    WordClosed,
)
from sixdot.games.alphagon.moves import LetterAction, owes_reward, reward_offer
from sixdot.games.alphagon.rules import PLUS, Lose, Phase, Place, Start, View
from sixdot.present.focus import FocusItem
from sixdot.present.groups import DISPLAY
from sixdot.present.phrasebook import Verbosity
from sixdot.present.presenter import Presenter, in_said_order

#: Events whose second fact full verbosity says on a line of its own (brief
#: verbosity says both in one short line): the score of a word closed, the way
#: a turn took, the order of play.
SECOND_LINE: dict[type[Event], str] = {
    WordClosed: "agn-word-score",
    DirectionChanged: "agn-direction-rule",
    RotationRolled: "agn-rotation-order",
}

#: Answers that name one letter: the letter's key jumps to them too. (Not change
#: or give: there the e of end must still find the end move.)
LETTER_VERBS = ("lose", "take")


class AlphagonPresenter(Presenter):
    prefix = "agn"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The square the typed walking commands are on.
        self.cursor: Square | None = None

    # -- naming --

    def card(self, card: Any) -> str:
        """A polygon card by number, syllables and shapes; a letter as itself."""
        if not isinstance(card, Card):
            return str(card)
        return self.words(
            "agn-card",
            number=card.number,
            syllables=" ".join(card.all_syllables),
            shapes=" ".join(s.name for s in card.shapes),
        )

    def shape(self, shape: Shape) -> str:
        """`L4, L of 4 squares: 3 east then 1 south`."""
        runs = [self.words("agn-run", count=n, direction=d.value) for n, d in shape.runs]
        path = runs[0]
        for run in runs[1:]:
            path = self.words("agn-then", first=path, rest=run)
        return self.words(
            "agn-shape", name=shape.name, kind=shape.name[0], size=shape.size, runs=path
        )

    def who(self, seat: int) -> dict[str, str]:
        """`$player` and `$you`, as the events give them."""
        args = self.seat_args("player", seat)
        return {"player": args["player"], "you": args["player_you"]}

    def owner(self, seat: int) -> dict[str, str]:
        return self.seat_args("owner", seat)

    def square(self, view: View, square: Square, flag_next: bool = True) -> str:
        """One square as it is heard: its name, then what is on it."""
        name = square_name(square)
        mark = view.layout.mark(square).value
        if square in view.path:
            i = view.path.index(square)
            content = view.marks[i]
            key = "agn-square-plus" if content == PLUS else "agn-square-letter"
            start = "yes" if i == 0 else "no"
            said = self.words(
                key, letter=content, mark=mark, start=start, **self.owner(view.owners[i])
            )
        else:
            said = self.words("agn-square-empty", mark=mark)
        if flag_next and view.next is not None and view.next.square == square:
            said = self.words("agn-square-next", square=said)
        return self.words("agn-square", name=name, content=said)

    def cards(self, cards: Sequence[Any]) -> str:
        """Letters spaced out (R S T); cards by name, one after another."""
        if all(isinstance(c, str) for c in cards):
            return " ".join(cards)
        return ", ".join(self.card(c) for c in cards)

    def event(self, event: Event) -> list[str]:
        """The winner line is followed by everyone's score, highest first; cards dealt
        are said one a line, after a line that counts them, unless at full verbosity
        they are one card or fit a display. At full verbosity an event with two facts
        says them on two lines (`SECOND_LINE`)."""
        full = self.words.verbosity is Verbosity.FULL
        if isinstance(event, CardsDealt):
            whole = self.words("agn-cards-dealt", cards=self.cards(event.cards))
            if full and (len(whole) <= DISPLAY or len(event.cards) == 1):
                return [whole]
            head = self.words("agn-cards-dealt-head", count=len(event.cards))
            return [head, *(self.card(card) for card in event.cards)]
        lines = super().event(event)
        second = SECOND_LINE.get(type(event))
        alternate = isinstance(event, RotationRolled) and len(event.order_seats) < 3
        if full and second and not alternate:
            lines.append(self.words(second, **self.event_args(event)))
        if isinstance(event, GameEnded):
            lines += self.score_lines(event.totals)
        return lines

    # -- the turn --

    def turn(self, view: View, legal: Sequence[Action]) -> list[str]:
        """The word, the next square, the rack and what may be done; the cursor resets."""
        self.cursor = None
        if self.answer_owed(view, legal):
            return self.waiting(view, legal)
        if view.phase is Phase.FIRST:
            flags = ", ".join(square_name(f) for f in view.layout.flags)
            return [
                self.words("agn-turn-first", flags=flags),
                self.rack_line(view),
            ]
        lines = self.word_lines(view)
        lines.append(self.rack_line(view))
        can_place = any(isinstance(a, Place) for a in legal)
        key = (
            "agn-turn-after"
            if view.placed
            else "agn-turn-before"
            if can_place
            else "agn-turn-no-room"
        )
        lines.extend(self.prompt(key, legal))
        return lines

    def verbs(self, items: Sequence[str]) -> str:
        """Verbs as a choice: "pass or doubt"."""
        if len(items) <= 1:
            return "".join(items)
        return self.words("agn-or", first=", ".join(items[:-1]), rest=items[-1])

    def prompt(self, key: str, legal: Sequence[Action]) -> list[str]:
        """What may be typed now, each verb once, placing aside; on two lines when one
        would be longer than a display (many kinds of move at once)."""
        verbs = list(
            dict.fromkeys(a.notation.split()[0] for a in legal if not isinstance(a, Place | Start))
        )
        line = self.words(key, moves=self.verbs(verbs))
        if len(line) <= DISPLAY or len(verbs) < 4:
            return [line]
        half = (len(verbs) + 1) // 2
        return [
            self.words(key, moves=", ".join(verbs[:half])),
            self.words("agn-turn-also", moves=self.verbs(verbs[half:])),
        ]

    @staticmethod
    def answer_owed(view: View, legal: Sequence[Action]) -> bool:
        """A decision owed before play goes on: a letter to lose, a long word's
        reward to take, a doubt or a declaration to answer."""
        losing = bool(legal) and isinstance(legal[0], Lose)
        return view.claim is not None or losing or owes_reward(legal)

    def waiting(self, view: View, legal: Sequence[Action]) -> list[str]:
        """A decision owed: a letter to lose, a reward to take, a claim to answer."""
        claim = view.claim
        if legal and isinstance(legal[0], Lose):
            return [self.words("agn-turn-lose"), self.rack_line(view)]
        if owes_reward(legal):
            return [self.words("agn-turn-reward", **reward_offer(legal)), self.rack_line(view)]
        assert claim is not None
        who = self.who(claim.seat)
        if claim.kind == "doubt":
            return [self.words("agn-turn-answer", letters=claim.letters.upper(), **who)]
        return [
            self.words(
                "agn-turn-reply",
                letters=claim.letters.upper(),
                words=" ".join(w.upper() for w in claim.words),
                **who,
            )
        ]

    def move(self, action: Action, view: View) -> str:
        if isinstance(action, Place) and len(view.coming) >= len(action.letters):
            squares = [square_name(step.square) for step in view.coming[: len(action.letters)]]
            return self.words("agn-move-place", notation=action.notation, square=self.join(squares))
        return action.notation

    def focus(self, view: View, legal: Sequence[Action]) -> list[FocusItem]:
        """Every square, the next one first, then the moves that are not placements.

        Squares have no jump letter, so a letter key jumps to a move (e: end).
        An answer owed (a letter to lose, a reward to take, a doubt, a
        declaration) lists just its moves.
        """
        if self.answer_owed(view, legal):
            return self.move_items(view, legal)
        places: dict[Square, list[Action]] = {}
        for action in legal:
            if isinstance(action, Place) and len(action.letters) == 1 and view.next:
                places.setdefault(view.next.square, []).append(action)
            elif isinstance(action, Start):
                places.setdefault(ahead(action.flag, action.direction), []).append(action)
        size = view.layout.size
        squares = [(r, c) for r in range(size) for c in range(size)]
        first = view.next.square if view.next else next(iter(places), None)
        if first is None and view.path:
            first = view.path[-1]
        if first is not None:
            squares.remove(first)
            squares.insert(0, first)
        items = [
            FocusItem(self.square(view, sq), "", tuple(places.get(sq, ())), at=sq) for sq in squares
        ]
        moves = [
            a
            for a in legal
            if not isinstance(a, Place | Start) or len(getattr(a, "letters", ())) == 2
        ]
        return items + self.move_items(view, moves)

    def move_items(self, view: View, moves: Sequence[Action]) -> list[FocusItem]:
        """Moves grouped by verb, groups in the order they first come, each sorted.

        A move's first letter jumps to it (e: end), and a move naming one letter
        (lose R, change R) is reached by that letter's key too.
        """
        verbs = list(dict.fromkeys(a.notation.split()[0] for a in moves))

        def order(action: Action) -> tuple[int, bool, str]:
            # Within a verb, a word (take bonus) before the letters, A to Z.
            verb, *rest = action.notation.split()
            return verbs.index(verb), len("".join(rest)) == 1, action.notation

        ordered = sorted(moves, key=order)
        items = []
        for action in ordered:
            verb, *rest = action.notation.split()
            jump = verb[:1].upper()
            if verb in LETTER_VERBS and len(rest) == 1 and len(rest[0]) == 1:
                jump += rest[0].upper()
            group = self.words("agn-group", verb=verb if rest else "other")
            items.append(FocusItem(self.move(action, view), jump, (action,), group=group))
        return items

    # -- review --

    def in_order(self, view: View, legal: Sequence[Action]) -> tuple[Action, ...]:
        """Each verb's moves on rack letters (`change`, `give`, `lose`) follow the
        rack as it is said, so `2` changes the second letter heard; every other
        move keeps the rules' place."""
        rack = list(view.rack)

        def place(action: Action) -> int | None:
            if isinstance(action, LetterAction) and action.letter in rack:
                return rack.index(action.letter)
            return None

        return in_said_order(legal, place)

    def rack_line(self, view: View) -> str:
        """Your letters and bonuses; a watcher has no rack, and `players` counts each."""
        seat = view.seat
        if seat is None:
            return self.words("agn-rack-watching")
        return self.words(
            "agn-rack",
            letters=" ".join(view.rack) or "none",
            count=len(view.rack),
            bonuses=view.bonuses[seat],
        )

    def word_lines(self, view: View) -> list[str]:
        """The word under construction, its direction and start, and the next square."""
        if not view.path:
            return [self.words("agn-word-none-yet")]
        lines = []
        if view.letters:
            # The side the word's first letter is on gives the way it set out.
            side = sum(corner < view.word_from for corner in view.corners) - 1
            began, now = view.headings[side], view.headings[-1]
            lines.append(
                self.words(
                    "agn-word",
                    letters=view.letters,
                    count=len(view.letters),
                    direction=began.value,
                    now="same" if now is began else now.value,
                    square=square_name(view.path[view.word_from]),
                )
            )
        else:
            lines.append(self.words("agn-word-empty"))
        if view.next is None:
            lines.append(self.words("agn-next-none"))
        else:
            lines.append(
                self.words(
                    "agn-next",
                    square=self.square(view, view.next.square, flag_next=False),
                    direction=view.next.heading.value,
                    turned="yes" if view.next.turned else "no",
                )
            )
        return lines

    def side_lines(self, view: View) -> list[str]:
        """Side by side: where it starts, which way it runs, what it holds."""
        if not view.path:
            return [self.words("agn-word-none-yet")]
        lines = [self.words("agn-sides", count=len(view.headings))]
        bounds = (*view.corners, len(view.path) - 1)
        for number, heading in enumerate(view.headings, 1):
            begin, end = bounds[number - 1], bounds[number]
            held = "".join(view.marks[begin : end + 1]).replace(PLUS, " ").split()
            lines.append(
                self.words(
                    "agn-side",
                    number=number,
                    square=square_name(view.path[begin]),
                    direction=heading.value,
                    length=end - begin + 1,
                    held=" ".join(held) or "none",
                )
            )
        return lines

    def where_lines(self, view: View) -> list[str]:
        """From the end back to the start, in squares north or south and east or west."""
        if not view.path:
            return [self.words("agn-word-none-yet")]
        (r0, c0), (r1, c1) = view.path[0], view.path[-1]
        return [
            self.words(
                "agn-where",
                start=square_name(view.path[0]),
                end=square_name(view.path[-1]),
                rows=abs(r0 - r1),
                vertical="north" if r0 < r1 else "south",
                columns=abs(c0 - c1),
                horizontal="west" if c0 < c1 else "east",
            )
        ]

    def card_lines(self, view: View) -> list[str]:
        if view.seat is None:
            return [self.words("online-watching-hand")]
        if not view.cards:
            return [self.words("agn-cards-none")]
        lines = []
        for card in view.cards:
            lines.append(self.card(card))
            lines += [self.shape(s) for s in card.shapes]
        return lines

    def table(self, view: View) -> list[str]:
        lines = self.word_lines(view)
        if view.path:
            lines += self.where_lines(view)
            lines.append(self.words("agn-sides", count=len(view.headings)))
        return lines + self.player_lines(view)

    def held(self, view: View) -> Sequence[Any]:
        """Your polygon cards: letters in the rack are tiles, not cards of the deck."""
        return view.cards

    def hand(self, view: View) -> list[str]:
        return [self.rack_line(view), *self.card_lines(view)]

    def trick_lines(self, view: View) -> list[str]:
        """No tricks in Alphagon: the word being built is what is in play."""
        return self.word_lines(view)

    def own_commands(self) -> dict[str, Callable[[Any, str], list[str]]]:
        walk = {d.value: (lambda view, arg, d=d: self.walk(view, d)) for d in Direction}
        return {
            "go": self.go,
            **walk,
            "here": lambda view, arg: [self.square(view, self.here(view))],
            "word": lambda view, arg: self.word_lines(view),
            "sides": lambda view, arg: self.side_lines(view),
            "where": lambda view, arg: self.where_lines(view),
            "rack": lambda view, arg: [self.rack_line(view)],
            "cards": lambda view, arg: self.card_lines(view),
        }

    def previous_lines(self, view: View) -> list[str]:
        """The board's last play: the last letter placed, then the word before this one
        and who ended it with a plus (by closing or suspending it)."""
        letters = [i for i, mark in enumerate(view.marks) if mark != PLUS]
        if not letters:
            return [self.words("agn-previous-none")]
        last = letters[-1]
        out = [
            self.words(
                "agn-previous-letter",
                letter=view.marks[last],
                square=square_name(view.path[last]),
                **self.owner(view.owners[last]),
            )
        ]
        # The plus before this word ends the word before it.
        plus = view.word_from - 1
        if plus > 0 and view.marks[plus] == PLUS:
            begin = plus
            while begin > 0 and view.marks[begin - 1] != PLUS:
                begin -= 1
            if word := "".join(view.marks[begin:plus]):
                out.append(
                    self.words("agn-previous-word", word=word, **self.owner(view.owners[plus]))
                )
        return out

    def player_lines(self, view: View) -> list[str]:
        """One line a player in seat order: score first, then letters and bonuses."""
        return [
            self.words(
                "agn-table-player",
                letters=view.rack_sizes[seat],
                bonuses=view.bonuses[seat],
                score=view.totals[seat],
                **self.who(seat),
            )
            for seat in range(view.players)
        ]

    def status_lines(self, view: View) -> list[str]:
        """The goal and whose turn, the sides built, and which way play goes."""
        if view.to_act:
            head = self.words(
                "agn-status", goal=view.goal, **self.seat_args("player", view.to_act[0])
            )
        else:
            head = self.words("agn-status-over", goal=view.goal)
        return [
            head,
            self.words("agn-sides", count=len(view.headings)),
            self.words("agn-status-rotation", rotation=view.rotation.value),
        ]

    def here(self, view: View) -> Square:
        """The cursor, or where the next letter goes when it has not been moved."""
        if self.cursor is not None:
            return self.cursor
        if view.next is not None:
            return view.next.square
        return view.path[-1] if view.path else (view.layout.size // 2, view.layout.size // 2)

    def go(self, view: View, argument: str) -> list[str]:
        square = parse_square(argument, view.layout.size)
        if square is None:
            key = "agn-go-bad" if argument.strip() else "agn-go-empty"
            return [self.words(key, text=argument.strip())]
        self.cursor = square
        return [self.square(view, square)]

    def walk(self, view: View, direction: Direction) -> list[str]:
        here = self.here(view)
        there = ahead(here, direction)
        if not view.layout.on_board(there):
            return [self.words("agn-edge", direction=direction.value), self.square(view, here)]
        self.cursor = there
        return [self.square(view, there)]
