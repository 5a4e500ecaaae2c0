"""The shared half of every game's presenter: events and views into lines.

A game's presenter names its cards, its moves and its table; this base turns
any event into a phrasebook message by convention, so a new event needs only
its wording in the phrasebook:

- the message key is the game's prefix and the event's class name in
  kebab case (`CardTaken` in Alphabeticell is `abc-card-taken`), or the bare
  kebab name (`game-ended`) when the game has no message of its own;
- a field `seat` becomes `$player` and `$you`; a field `dealer_seat` becomes
  `$dealer` and `$dealer_you`; a field `winner_seats` becomes `$winners`,
  `$winner_count` and `$winners_you`; cards become their names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from sixdot.core import Action, Event, Refusal
from sixdot.decks import DeckEntry
from sixdot.present.braille import entry_cells
from sixdot.present.focus import FocusItem, initials
from sixdot.present.phrasebook import Phrasebook

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")
#: Up to this many legal moves, a mistyped move is answered with all of them.
FEW_MOVES = 4


#: The longest answer to a mistyped command: a list longer than this is
#: summed up instead (counted, or the move forms), and `moves` lists it.
LONGEST_ANSWER = 100


def fits(line: str) -> bool:
    """Whether a listing answer is short enough to say as it is."""
    return 0 < len(line) <= LONGEST_ANSWER


def alternatives(words: Callable[..., str], items: Sequence[str]) -> str:
    """Items said as a choice: "a", "a or b", "a, b or c"."""
    if len(items) <= 1:
        return "".join(items)
    return words("choice-or", first=", ".join(items[:-1]), rest=items[-1])


def in_said_order(
    legal: Sequence[Action], place: Callable[[Action], int | None]
) -> tuple[Action, ...]:
    """`legal` with the moves `place` numbers (where the prompt said their card
    or letter) in that order, each kind of move where its first one stood; the
    moves it does not number stay where the rules put them."""
    first: dict[type, int] = {}

    def key(index: int) -> tuple[int, int]:
        said = place(legal[index])
        if said is None:
            return index, -1
        return first.setdefault(type(legal[index]), index), said

    return tuple(legal[i] for i in sorted(range(len(legal)), key=key))


def kebab(name: str) -> str:
    return _CAMEL.sub("-", name).lower()


class Presenter:
    """Words for one game, seen from one seat (or from the table, viewer None)."""

    prefix: str = ""

    def __init__(self, words: Phrasebook, names: Sequence[str], viewer: int | None) -> None:
        self.words = words
        self.names = tuple(names)
        self.viewer = viewer

    # -- naming --

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.viewer

    def name(self, seat: int) -> str:
        return self.names[seat]

    def seat_args(self, base: str, seat: int | None) -> dict[str, str]:
        if seat is None:
            return {base: "none", f"{base}_you": "no"}
        return {base: self.name(seat), f"{base}_you": "yes" if self.is_you(seat) else "no"}

    def join(self, items: Sequence[str]) -> str:
        """Names as a list in words: "Ana", "Ana and Ben", "Ana, Ben and Cleo"."""
        if len(items) <= 1:
            return "".join(items)
        return self.words("player-joined", first=", ".join(items[:-1]), rest=items[-1])

    def whose_turn(self, view: Any) -> str:
        """Who is asked now and to do what, for a player waiting (not asked):
        "Bob's turn: to play to trick 5." Every view has its phase and the
        seats to act; the phrase `<prefix>-asked-<phase>` says what they do."""
        if view.phase.value == "over":
            return self.words("whose-turn-over")
        seats = [seat for seat in view.to_act if not self.is_you(seat)]
        if not seats:  # the turn itself is on its way to this seat
            return self.words("whose-turn-you")
        what = self.words(f"{self.prefix}-asked-{view.phase.value}", **self.asked(view))
        return self.words("whose-turn", names=self.join([self.name(s) for s in seats]), what=what)

    def asked(self, view: Any) -> dict[str, Any]:
        """The facts of the phrase saying what the seats to act are asked."""
        return {}

    def card(self, card: Any) -> str:
        """The card's name; games override to use their own message."""
        return str(card)

    def cards(self, cards: Sequence[Any]) -> str:
        return ", ".join(self.card(c) for c in cards)

    # -- events --

    def key_for(self, event: Event) -> str:
        own = f"{self.prefix}-{kebab(type(event).__name__)}"
        return own if self.words.has(own) else kebab(type(event).__name__)

    def event_args(self, event: Event) -> dict[str, Any]:
        args: dict[str, Any] = {}
        assert is_dataclass(event)
        for f in fields(event):
            value = getattr(event, f.name)
            if f.name == "seat":
                args.update(self.seat_args("player", value))
                args["you"] = args.pop("player_you")
            elif f.name.endswith("_seat"):
                args.update(self.seat_args(f.name.removesuffix("_seat"), value))
            elif f.name.endswith("_seats"):
                base = f.name.removesuffix("_seats") + "s"
                args[base] = self.join([self.name(s) for s in value])
                args[f"{f.name.removesuffix('_seats')}_count"] = len(value)
                args[f"{base}_you"] = "yes" if any(self.is_you(s) for s in value) else "no"
            elif f.name in ("totals", "points"):
                continue  # said one line a player by score_lines
            else:
                args[f.name] = self.value(value)
        if (totals := getattr(event, "totals", None)) is not None:
            args["best"] = max(totals)
        return args

    def value(self, value: Any) -> Any:
        """A field value as a phrase argument: cards named, enums by value."""
        if isinstance(value, bool):
            return "yes" if value else "no"  # phrasebooks select on [yes] and [no], as for $you
        if isinstance(value, Enum):
            return value.value
        if isinstance(value, tuple) and value and not isinstance(value[0], int):
            return self.cards(value)
        if value is None:
            return "none"
        if isinstance(value, int | str):
            return value
        return self.card(value)

    def event(self, event: Event) -> list[str]:
        """The lines that announce `event`, one event a line where possible."""
        args = self.event_args(event)
        lines = [self.words(self.key_for(event), **args)]
        points = getattr(event, "points", None)
        if points is not None:
            lines.extend(self.score_lines(event.totals, points))  # type: ignore[attr-defined]
        return lines

    def score_lines(self, totals: Sequence[int], points: Sequence[int] | None = None) -> list[str]:
        """One line a player, highest total first."""
        order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
        out = []
        for seat in order:
            you = "yes" if self.is_you(seat) else "no"
            if points is None:
                out.append(
                    self.words("score-line", player=self.name(seat), you=you, total=totals[seat])
                )
            else:
                out.append(
                    self.words(
                        "score-line-round",
                        player=self.name(seat),
                        you=you,
                        points=points[seat],
                        total=totals[seat],
                    )
                )
        return out

    def reason(self, refusal: Refusal) -> str:
        """Why, in words: a refusal's or a caution's own message.

        Arguments are formatted as event fields are; `X_seat` gives `$X` and `$X_you`.
        """
        args: dict[str, Any] = {}
        for key, value in refusal.args.items():
            if key.endswith("_seat"):
                args.update(self.seat_args(key.removesuffix("_seat"), value))
            elif key != "seat":
                args[key] = self.value(value)
        return self.words(refusal.key, **args)

    def refusal(self, refusal: Refusal) -> str:
        return self.words("cmd-refused", reason=self.reason(refusal))

    def caution(self, refusal: Refusal) -> str:
        """A warning about a legal but risky move, before the player confirms it."""
        return self.words("cmd-caution", reason=self.reason(refusal))

    def not_a_move(self, text: str, legal: Sequence[Action] = ()) -> str:
        """Text that starts like a move but is not one: what would be accepted.

        A few legal moves (the ones a bare verb could begin, or all) are listed
        as they are (`bid Some, bid Most or bid None`); with more, or when the
        list would make a long line, the game's move forms stand for them, or,
        when those are long too, the verbs that begin a move now.
        """
        notations = [self.spoken(action) for action in legal]
        if 0 < len(notations) <= FEW_MOVES:
            listed = self.words(
                "cmd-not-a-move-now", text=text, moves=alternatives(self.words, notations)
            )
            if fits(listed):
                return listed
        notation = self.words(f"{self.prefix}-notation")
        verbs = list(dict.fromkeys(n.split()[0] for n in notations if n.strip()))
        if not verbs:
            return self.not_a_move_like(text, notation)
        forms = self.words("cmd-not-a-move", text=text, notation=notation)
        if fits(forms):
            return forms
        # A game with many kinds of move: the verbs that start a move now, after
        # the typed text when the line can hold it (the input line still shows it).
        verbs_said = alternatives(self.words, verbs)
        said = self.words("cmd-not-a-move-verbs", text=text, verbs=verbs_said)
        return said if fits(said) else self.words("cmd-not-a-move-start", verbs=verbs_said)

    def not_a_move_like(self, text: str, notation: str) -> str:
        """`text` is not a move, and the forms moves take (`notation`); without
        the text where the line would be too long: the input line still shows it."""
        said = self.words("cmd-not-a-move", text=text, notation=notation)
        return said if fits(said) else self.words("cmd-not-a-move-like", notation=notation)

    # -- what each game words for itself --

    def commands(self) -> dict[str, Callable[[Any, str], list[str]]]:
        """The review commands: name to a function of (view, argument).

        Every game has `trick`, `previous`, `players` and `status` (F9 to F12),
        each in its own terms, then its own (`own_commands`). Each needs a
        `help-<prefix>-<name>` phrase for the help list.
        """
        return {
            "trick": lambda view, arg: self.trick_lines(view),
            "previous": lambda view, arg: self.previous_lines(view),
            "players": lambda view, arg: self.player_lines(view),
            "status": lambda view, arg: self.status_lines(view),
            **self.own_commands(),
        }

    def own_commands(self) -> dict[str, Callable[[Any, str], list[str]]]:
        """This game's review commands beyond the four every game has."""
        return {}

    def trick_lines(self, view: Any) -> list[str]:
        """What is in play now: the trick, or the nearest thing a game has."""
        raise NotImplementedError

    def previous_lines(self, view: Any) -> list[str]:
        """The last trick or play completed: who won it, with what."""
        raise NotImplementedError

    def player_lines(self, view: Any) -> list[str]:
        """One line a player, the key fact (score, bid) first."""
        raise NotImplementedError

    def status_lines(self, view: Any) -> list[str]:
        """The round or hand, the target, and what the game is waiting for."""
        raise NotImplementedError

    def spoken(self, action: Action) -> str:
        """A move as a line says it so it can be typed back: by default its
        notation; a game whose notation reads badly aloud (Consonants' `A/E`)
        says it in words its parser also reads."""
        return action.notation

    def move(self, action: Action, view: Any) -> str:
        """A legal move as listed by `moves`: its notation first."""
        del view
        return action.notation

    def in_order(self, view: Any, legal: Sequence[Action]) -> tuple[Action, ...]:
        """The moves in the order the turn's prompt says them, which their
        numbers follow (`moves`, and a number typed without it); by default
        the rules' order."""
        return tuple(legal)

    def moves(self, view: Any, legal: Sequence[Action]) -> list[str]:
        """The `moves` command's answer: how many, then each numbered."""
        return [self.words("moves-title", count=len(legal))] + [
            self.words("move-item", number=n, move=self.move(a, view))
            for n, a in enumerate(legal, 1)
        ]

    def focus(self, view: Any, legal: Sequence[Action]) -> list[FocusItem]:
        """What the keys walk for the seat to act; by default its moves."""
        return self.move_items(view, legal)

    def move_items(self, view: Any, actions: Sequence[Action]) -> list[FocusItem]:
        """Moves as the keys walk them: a letter jumps to a move by its verb
        or by the word after it, so `m` reaches "bid Most" as it reaches a card."""
        return [FocusItem(self.move(a, view), initials(a.notation), (a,)) for a in actions]

    def selection(self, view: Any, legal: Sequence[Action]) -> tuple[str, int] | None:
        """(verb, how many) when this step picks several cards at once, else None.

        Space then selects focus items by their `pick` token and Enter sends
        "<verb> <token> ..." as if typed, so the game's notation parses it.
        """
        del view, legal
        return None

    def turn(self, view: Any, legal: Sequence[Action]) -> list[str]:
        """What the seat to act is asked to do."""
        raise NotImplementedError

    def first_turn(
        self,
        view: Any,
        legal: Sequence[Action],
        heard: Sequence[Event] = (),
        hand_said: bool = False,
    ) -> list[str]:
        """The turn as first asked: `turn`, less what the lines just before it
        said, so a fact is heard once (a lead, then "Trick 1: Cleo led J").

        `heard` is the events this seat heard since it was last asked to move;
        `hand_said`, that its whole hand was said since (a resumed game says
        it). The `turn` command still says the whole turn. By default nothing
        is left out."""
        del heard, hand_said
        return self.turn(view, legal)

    def table(self, view: Any) -> list[str]:
        raise NotImplementedError

    def hand(self, view: Any) -> list[str]:
        raise NotImplementedError

    def held(self, view: Any) -> Sequence[Any]:
        """The cards this seat holds, for `hand --braille`; most views call them `hand`."""
        return getattr(view, "hand", ())

    def hand_braille(self, view: Any, deck: Sequence[DeckEntry]) -> list[str]:
        """Each card held: its name, then its two braille lines (face, points or rank).

        The cells come from the deck's entries, so they match `cards --braille`
        and an embossed deck exactly.
        """
        held = self.held(view)
        if not held:
            return [self.words("hand-braille-none")]
        entries = {entry.card: entry for entry in deck}
        lines = [self.words("hand-braille-title", count=len(held))]
        for card in held:
            lines.extend((self.card(card), *entry_cells(entries[card])))
        return lines

    def score(self, view: Any) -> list[str]:
        return [self.words("score-title", target=view.target), *self.score_lines(view.totals)]
