"""Consonants in words: cards, tricks, passing, word-making and the review commands.

Long lists (a hand, the plays, the cards left for words) are said one kind a
line, vowels, consonants and wilds, as the arrow keys' groups walk them; a
long run of consonants is said in letter runs, `Consonants B to L: ...`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from sixdot.core import Action, Event, Refusal
from sixdot.games.consonants.cards import LETTERS, Card, Kind, singletons
from sixdot.games.consonants.rules import (
    CardPlayed,
    CardsDealt,
    Challenge,
    FirstLead,
    HandScored,
    Lay,
    PassStarted,
    Phase,
    Pick,
    Unpick,
    View,
)
from sixdot.games.consonants.tricks import Play, Played, trick_value, trick_winner
from sixdot.games.consonants.words import unused, word_value
from sixdot.present.focus import FocusItem
from sixdot.present.groups import DISPLAY, parts, whole_or_grouped
from sixdot.present.presenter import FEW_MOVES, Presenter, in_said_order

#: A card in notation that reads badly aloud: a vowel card (`A/E`) or a wild (`?`).
_CARD_RE = re.compile(r"\b([A-Z])/([A-Z])\b|\?")
#: The move forms of each phase, told when a typed move is not one of them.
_FORMS = ((Pick, "pass"), (Play, "play"), (Lay, "lay"), (Challenge, "challenge"))


class ConsonantsPresenter(Presenter):
    prefix = "con"

    def asked(self, view: View) -> dict[str, Any]:
        return {"trick": view.trick_number}

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

    def event(self, event: Event) -> list[str]:
        """The deal is said as the hand is, one kind a line when it is long."""
        if isinstance(event, FirstLead) and not event.j_in_kitty:
            return []  # the holder's play of J, said next, is the first lead
        if isinstance(event, PassStarted) and self.viewer is not None:
            return []  # every seat passes: its own prompt, said next, says how
        if isinstance(event, CardsDealt):
            return self.card_lines("con-cards-dealt", event.cards)
        if isinstance(event, HandScored):
            # Only the parts that scored: "Eli 0 this hand." says it all.
            parts = [
                self.words(f"con-part-{name}", points=points)
                for name, points in (
                    ("consonants", event.consonants),
                    ("singletons", event.singles),
                    ("words", event.words),
                    ("challenges", event.challenges),
                    ("flying", event.flying),
                )
                if points
            ]
            args = self.event_args(event)
            return [self.words("con-hand-scored", **args, parts=", ".join(parts) or "none")]
        return super().event(event)

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
            return self.words("con-move-keep", notation=self.spoken(action))
        if isinstance(action, Play) and action.card is not None:
            # Said as every other line says the card, and typed back the same way.
            card = self.played(Played(0, action.card, action.letter))
            return self.words("con-move-play", card=card)
        return self.spoken(action)

    def spoken(self, action: Action) -> str:
        """The notation with each card as every line names it (`pass A over E`,
        `play wild as T`), which the parser reads back as typed."""
        return self.said_cards(action.notation)

    def said_cards(self, text: str) -> str:
        """Notation in `text` with its vowel cards (`A/E`) and wilds (`?`) named."""

        def name(match: re.Match[str]) -> str:
            if match[0] == "?":
                return self.words("con-card-wild")
            return self.words("con-card-vowel", first=match[1], second=match[2])

        return _CARD_RE.sub(name, text)

    def reason(self, refusal: Refusal) -> str:
        """A refusal's moves and typed cards named as the hand names them."""
        args = {
            key: self.said_cards(value) if isinstance(value, str) else value
            for key, value in refusal.args.items()
        }
        return super().reason(replace(refusal, args=args))

    def not_a_move(self, text: str, legal: Sequence[Action] = ()) -> str:
        """Many moves: the forms of this phase only (passing never hears of words)."""
        kinds = {type(a) for a in legal}
        phase = next((name for kind, name in _FORMS if kind in kinds), None)
        if len(legal) <= FEW_MOVES or phase is None:
            return super().not_a_move(text, legal)
        return self.not_a_move_like(text, self.words(f"con-forms-{phase}"))

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
            # The hand is said once, by the deal just before (or, resumed, by
            # the resume): the prompt names only what to do, and `hand` says
            # the cards again. The example is cards of this hand, as many as
            # are still to choose; consonants first, the plainest to hear and type.
            easy = sorted(view.hand, key=lambda c: (c.kind is not Kind.CONSONANT, c.order))
            example = self.spoken(Pick(tuple(easy[: wanted - len(view.picks)])))
            return [*lines, self.words("con-turn-pass-how", example=example)]
        if phase is Phase.PLAY:
            # Who leads and who is winning; the cards played were each just said.
            return [*self.trick_lines(view, listed=False), *self.plays_lines(legal, view.hand)]
        if phase is Phase.FLY:
            return [self.words("con-turn-fly")]
        if phase is Phase.WORDS:
            # The best lay is the hint's answer, so the turn never says it.
            return [self.words("con-turn-words"), *self.hand(view)]
        return [self.words("con-turn-challenge"), *self.word_lines(view, open_only=True)]

    def first_turn(
        self,
        view: View,
        legal: Sequence[Action],
        heard: Sequence[Event] = (),
        hand_said: bool = False,
    ) -> list[str]:
        """A play asked just after the hand was said whole (the deal of a hand
        without passing, a resume) does not list it again when every card may
        be played: "You may play any card.", nor the cards left for words; a
        lead just heard is not said again as the trick so far."""
        if view.phase is Phase.WORDS and hand_said:
            return [self.words("con-turn-words")]  # a resume just said the cards left
        if view.phase is not Phase.PLAY:
            return self.turn(view, legal)
        played = [(e.seat, e.card) for e in heard if isinstance(e, CardPlayed)]
        just_led = len(view.trick) == 1 and played[-1:] == [(p.seat, p.card) for p in view.trick]
        head = [] if just_led else self.trick_lines(view, listed=False)
        dealt = hand_said or any(isinstance(e, CardsDealt) for e in heard)
        if dealt and self.any_card(view, legal):
            return [*head, self.words("turn-any-card")]
        return [*head, *self.plays_lines(legal, view.hand)]

    def any_card(self, view: View, legal: Sequence[Action]) -> bool:
        """Whether every card held may be played as every letter it shows, so
        the plays would be the hand said again."""
        offered = {(a.card, a.letter) for a in legal if isinstance(a, Play)}
        return all(
            (card, letter) in offered
            for card in view.hand
            for letter in (LETTERS if card.wild else card.sides)
        )

    def in_order(self, view: View, legal: Sequence[Action]) -> tuple[Action, ...]:
        """Moves on one card (a pass, a play) follow the cards as the prompt
        says them, in their groups (vowels, consonants, wilds), so `2` is the
        second card heard; the others keep the rules' place."""
        held = [card for _, card in self.grouped(view.hand)]

        def place(action: Action) -> int | None:
            card = action.cards[0] if isinstance(action, Pick) else getattr(action, "card", None)
            return held.index(card) if card in held and not isinstance(action, Unpick) else None

        return in_said_order(legal, place)

    def plays_lines(self, legal: Sequence[Action], hand: Sequence[Card] = ()) -> list[str]:
        """The cards that may be played, one kind a line, a wild's letters said as runs.

        Each kind of card is said once, with every letter it may show ("I over
        O as I or O"), and how many of it are held ("T twice"); the counts are
        of cards held (`hand`), so "Consonants, 13 cards" holds 13 cards."""
        plays = [a for a in legal if isinstance(a, Play) and a.card is not None]
        letters: dict[Card, dict[str, None]] = {}
        for p in plays:
            letters.setdefault(p.card, {})[p.letter] = None  # type: ignore[index]

        def held(card: Card) -> int:
            return max(1, sum(1 for c in hand if c == card))

        def item(card: Card, shown: Iterable[str]) -> str:
            return self.plays_of(card, shown, held(card))

        kinds = [
            (
                kind,
                [item(card, shown) for card, shown in letters.items() if card.kind is kind],
                sum(held(card) for card in letters if card.kind is kind),
            )
            for kind in (Kind.VOWEL, Kind.CONSONANT)
        ]
        wild = [p.letter for p in plays if p.card.wild]  # type: ignore[union-attr]
        said = [item for _, items, _ in kinds for item in items]
        if wild:
            said.append(self.wild_letters(wild))
        cards = sum(held(card) for card in letters)

        def grouped() -> list[str]:
            out = [self.words("con-turn-plays-head", count=cards)]
            for kind, items, count in kinds:
                out.extend(self.group_lines(self.words(f"con-group-{kind.value}"), items, count))
            if wild:
                wilds = sum(held(card) for card in letters if card.wild)
                out.append(self.wild_letters(wild, "con-plays-wild", wilds))
            return out

        return whole_or_grouped(
            self.words,
            lambda: self.words("con-turn-plays", count=len(said), plays=", ".join(said)),
            grouped,
        )

    def plays_of(self, card: Card, shown: Iterable[str], copies: int = 1) -> str:
        """A card that may be played, with the letters it may show: `Q`, `A over
        E as E`, `I over O as I or O`; held more than once, how many: `T twice`,
        `I over O twice as I or O`."""
        first, *more = shown
        name = self.card(card)
        if copies > 1:
            name = self.words("con-copies", item=name, count=copies)
        if more:
            return self.words("con-card-as-either", card=name, first=first, second=more[0])
        if len(card.sides) == 1:
            return name
        return self.words("con-card-as", card=name, letter=first)

    def group_lines(self, group: str, items: Sequence[str], count: int | None = None) -> list[str]:
        """One kind's items on a line, or in letter runs when they are too many for one."""
        if not items:
            return []
        count = len(items) if count is None else count

        def say(listed: str, first: str = "", last: str = "") -> str:
            if not first:
                return self.words("con-group", group=group, count=count, cards=listed)
            key = "con-group-letter" if first == last else "con-group-run"
            return self.words(key, group=group, count=count, cards=listed, first=first, last=last)

        whole = say(", ".join(items))
        if len(whole) <= DISPLAY:
            return [whole]
        left = DISPLAY - len(say("", "X", "Y"))
        runs = parts(items, left)
        if len({_letter(run[0]) for run in runs}) < len(runs):
            # Vowels: the heading once, with the count; the rest goes on after it.
            first, *rest = parts(items, DISPLAY - len(say("")))
            more = [self.words("con-group-more", cards=", ".join(run)) for run in rest]
            return [say(", ".join(first)), *more]
        return [say(", ".join(run), _letter(run[0]), _letter(run[-1])) for run in runs]

    def card_lines(self, key: str, cards: Sequence[Card]) -> list[str]:
        """Cards said whole when they fit a line at full verbosity, else one kind a line.

        `key` words the whole list ($count, $cards); `key-head` opens the groups.
        """

        def grouped() -> list[str]:
            out = [self.words(f"{key}-head", count=len(cards))]
            for name, held in _kinds(cards):
                group = self.words(f"con-group-{name}")
                if name == "wild":
                    out.append(self.words("con-group-wilds", count=len(held)))
                else:
                    out.extend(self.group_lines(group, [self.card(c) for c in held]))
            return out

        if not cards:
            return [self.words(key, count=0, cards="")]
        ordered = [card for _, card in self.grouped(cards)]
        return whole_or_grouped(
            self.words,
            lambda: self.words(key, count=len(cards), cards=self.cards(ordered)),
            grouped,
        )

    def wild_letters(self, letters: Sequence[str], key: str = "con-wild", count: int = 1) -> str:
        """A wild's letters in alphabetical runs: `wild as P, R to Z` (`key`-as),
        or `wild as any letter` (`key`-any); `count` is how many wilds are held."""
        if len(letters) == len(LETTERS):
            return self.words(f"{key}-any", count=count)
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
        return self.words(f"{key}-as", letters=", ".join(said), count=count)

    def focus(self, view: View, legal: Sequence[Action]) -> list[FocusItem]:
        """Passing: each card (Space picks, Enter passes one). Play: each card and its plays."""
        if view.phase is Phase.PASS:
            items = [
                FocusItem(self.card(c), _letters(c), (Pick((c,)),), pick=c.face, group=group)
                for group, c in self.grouped(view.hand)
            ]
            chosen = self.words("con-group-chosen")
            items.extend(
                FocusItem(
                    self.words("con-focus-picked", card=self.card(c)),
                    _letters(c),
                    (Unpick(c),),
                    group=chosen,
                )
                for c in view.picks
            )
            return items
        if view.phase is Phase.PLAY:
            plays = [a for a in legal if isinstance(a, Play)]
            return [
                FocusItem(
                    self.card(card),
                    _letters(card),
                    tuple(p for p in plays if p.card is card),
                    group=group,
                )
                for group, card in self.grouped(view.hand)
            ]
        return super().focus(view, legal)

    def grouped(self, cards: Sequence[Card]) -> list[tuple[str, Card]]:
        """Cards with their group's name: vowels, consonants, then wilds, each lowest first."""
        return [
            (self.words(f"con-group-{name}"), card) for name, held in _kinds(cards) for card in held
        ]

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
        return [*out, *self.player_lines(view)]

    def player_lines(self, view: View) -> list[str]:
        """One line a player, total first: cards held, tricks taken, and their
        points once the piles are up; then the kitty."""
        out = []
        for s in range(view.players):
            value = trick_value(view.taken[s]) if view.taken is not None else "none"
            out.append(
                self.words(
                    "con-player",
                    total=view.totals[s],
                    held=view.hand_sizes[s],
                    tricks=view.tricks_won[s],
                    value=value,
                    **self.seat_args("player", s),
                )
            )
        out.append(self.words("con-kitty", count=view.kitty))
        return out

    def status_lines(self, view: View) -> list[str]:
        """Hand, target and dealer, then what the table is doing now."""
        out = [
            self.words(
                "con-table-hand",
                hand=view.hand_no,
                target=view.target,
                **self.seat_args("dealer", view.dealer),
            )
        ]
        if view.phase is Phase.PLAY:
            out.append(self.words("con-status-trick", number=view.trick_number))
        else:
            out.append(
                self.words(
                    "con-status-phase", phase=view.phase.value, direction=view.direction.value
                )
            )
        return out

    def left_for_words(self, view: View) -> tuple[Any, ...]:
        """This seat's taken cards not yet in its laid words, in hand order
        (words come at scoring, when the piles are turned up); none for a watcher."""
        if view.taken is None or view.seat is None:
            return ()
        mine = [w.word for w in view.laid if w.seat == view.seat]
        return unused(mine, sorted(view.taken[view.seat]))

    def hand(self, view: View) -> list[str]:
        if view.phase in (Phase.WORDS, Phase.CHALLENGE):
            return self.card_lines("con-hand-words", self.left_for_words(view))
        out = self.card_lines("con-hand", view.hand)
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

    def own_commands(self) -> dict[str, Callable[[Any, str], list[str]]]:
        return {
            "taken": lambda view, arg: self.taken_lines(view),
            "singletons": lambda view, arg: self.singleton_lines(view),
            "words": lambda view, arg: self.word_lines(view),
        }

    def trick_lines(self, view: View, listed: bool = True) -> list[str]:
        """The trick on the table: who led what, and (`listed`) what has been
        played to it; a lone lead is said in one line."""
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
        if len(view.trick) == 1:
            lead = view.trick[0]
            args = self.seat_args("leader", lead.seat)
            card = self.played(lead)
            return [self.words("con-trick-led", number=view.trick_number, card=card, **args)]
        best = view.trick[trick_winner(view.trick)]
        head = self.words(
            "con-trick-now",
            number=view.trick_number,
            led=view.trick[0].letter,
            letter=best.letter,
            **self.seat_args("winning", best.seat),
        )
        return [head, *self.plays_said(view.trick)] if listed else [head]

    def plays_said(self, trick: Sequence[Played]) -> list[str]:
        """The cards of a trick in the order played, as many to a line as fit."""
        said = [
            self.words("con-trick-play", card=self.played(p), **self.seat_args("player", p.seat))
            for p in trick
        ]
        left = DISPLAY - len(self.words("con-trick-plays", plays=""))
        return [self.words("con-trick-plays", plays=", ".join(part)) for part in parts(said, left)]

    def previous_lines(self, view: View) -> list[str]:
        """The last trick: who took it, with what and for how much, then its cards."""
        if not view.last_trick:
            return [self.words("con-previous-none")]
        cards = tuple(p.card for p in view.last_trick)
        best = view.last_trick[trick_winner(view.last_trick)]
        head = self.words(
            "con-previous",
            letter=best.letter,
            value=trick_value(cards),
            **self.seat_args("winner", best.seat),
        )
        return [head, *self.plays_said(view.last_trick)]

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


def _kinds(cards: Sequence[Card]) -> list[tuple[str, tuple[Card, ...]]]:
    """The kinds held, vowels, consonants, then wilds, each in alphabetical order."""
    groups = [
        (kind.value, tuple(sorted(c for c in cards if c.kind is kind)))
        for kind in (Kind.VOWEL, Kind.CONSONANT, Kind.WILD)
    ]
    return [(name, held) for name, held in groups if held]


def _letter(said: str) -> str:
    """The letter a said card or play begins with (`A over E as E` is A)."""
    return said[:1]


def _letters(card: Card) -> str:
    """Every letter a card shows, so a letter key reaches a vowel card by either
    side (`i` finds A over I); a wild is reached by `?`."""
    return "".join(card.sides) or card.face
