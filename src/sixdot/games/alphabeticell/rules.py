"""Alphabeticell, every rule (rules text plus RULINGS section 4).

A round: each player is dealt three cards and, in turn from the dealer, keeps
one face up to start a line; the rest go back into the deck. Then the dealer
flips a card and offers it in turn, dealer first. A player takes it to one end
of their line, with the letter they choose, or passes. After a take the
player on the taker's left deals next; when all pass the card is discarded
and the same dealer flips again. The round ends when the deck runs out or a
line reaches eleven cards; each card in a line scores one point. The game
ends after a round in which someone reaches the target (30).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from sixdot.core import (
    Action,
    Event,
    GameEnded,
    GameState,
    NotationError,
    OptionSpec,
    Refusal,
    Rng,
    Rules,
    SeatEvent,
    leaders,
)
from sixdot.core.state import seats_from
from sixdot.games.alphabeticell.cards import Card, deck, points_per_card

LINE_GOAL = 11
DEAL = 3


class Phase(Enum):
    PICK = "pick"
    OFFER = "offer"
    OVER = "over"


class End(Enum):
    LEFT = "left"
    RIGHT = "right"


# --- actions ---------------------------------------------------------------


@dataclass(frozen=True)
class Keep(Action):
    """Setup: keep this dealt card face up as the start of your line."""

    card: Card

    @property
    def notation(self) -> str:
        return f"keep {self.card}"


@dataclass(frozen=True)
class Take(Action):
    """Take the offered card showing `letter`.

    Taking the second card fixes the letters of both cards, so `fix` names
    the letter the first card shows; it is None for later takes. A typed
    `take RM` with no letter is None, never legal: it is refused with the choices.
    """

    card: Card
    letter: str | None
    fix: str | None = None

    @property
    def notation(self) -> str:
        text = f"take {self.card}" if self.letter is None else f"take {self.card} as {self.letter}"
        return text if self.fix is None else f"{text} with {self.fix}"


@dataclass(frozen=True)
class Pass(Action):
    @property
    def notation(self) -> str:
        return "pass"


# --- events ----------------------------------------------------------------


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    dealer_seat: int


@dataclass(frozen=True)
class CardsDealt(SeatEvent):
    """Three setup cards, seen only by the seat they were dealt to."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class CardKept(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class CardsReturned(Event):
    count: int


@dataclass(frozen=True)
class CardFlipped(Event):
    dealer_seat: int
    card: Card
    left: int


@dataclass(frozen=True)
class CardPassed(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class CardTaken(Event):
    seat: int
    card: Card
    letter: str
    end: End
    fixed_card: Card | None
    fixed_letter: str | None
    line: str


@dataclass(frozen=True)
class CardDiscarded(Event):
    card: Card


@dataclass(frozen=True)
class RoundEnded(Event):
    ends_round = True

    round: int
    eleven_seat: int | None
    points: tuple[int, ...]
    totals: tuple[int, ...]


# --- state -----------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """A card in a line and the letter it shows (None while it stands alone)."""

    card: Card
    letter: str | None


Line = tuple[Placed, ...]


def line_letters(line: Line) -> str:
    return "".join(p.letter or "" for p in line)


def line_after(line: Line, take: Take) -> tuple[str, End]:
    """The line's letters once `take` is made, and the end the card joins."""
    letters = take.fix if take.fix is not None else line_letters(line)
    if take.letter < letters[0]:
        return take.letter + letters, End.LEFT
    return letters + take.letter, End.RIGHT


def line_takes(line: Line, card: Card) -> tuple[Take, ...]:
    """Every way `card` can join `line`, letters chosen, in a stable order."""
    if len(line) == 1:
        first = line[0].card
        return tuple(
            Take(card, new, old) for new in card.letters for old in first.letters if new != old
        )
    low, high = line[0].letter or "", line[-1].letter or ""
    return tuple(Take(card, x) for x in card.letters if x < low or x > high)


@dataclass(frozen=True)
class View:
    """What one seat knows. Everything but the deck order and others' setup cards.

    With seat None, what everyone at the table knows (a watcher's view): no setup cards.
    """

    seat: int | None
    players: int
    round: int
    dealer: int
    phase: Phase
    to_act: tuple[int, ...]
    hand: tuple[Card, ...]
    lines: tuple[Line, ...]
    face_up: Card | None
    passed: tuple[int, ...]
    cards_left: int
    discards: tuple[Card, ...]
    totals: tuple[int, ...]
    target: int
    #: This round's last card taken and the letter it shows; None: no take yet.
    last_take: Placed | None = None

    @property
    def own_line(self) -> Line:
        """This seat's line; a watcher has none."""
        return () if self.seat is None else self.lines[self.seat]

    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat (or the table) has not seen: in the deck or returned at setup."""
        seen = {p.card.face for line in self.lines for p in line}
        seen.update(c.face for c in self.discards)
        seen.update(c.face for c in self.hand)
        if self.face_up is not None:
            seen.add(self.face_up.face)
        return tuple(c for c in deck() if c.face not in seen)


@dataclass(frozen=True)
class State(GameState):
    n: int
    target: int
    rng: Rng
    round: int
    dealer: int
    phase: Phase
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    lines: tuple[Line, ...]
    picker: int
    face_up: Card | None
    offered: int
    passed: tuple[int, ...]
    discards: tuple[Card, ...]
    scores: tuple[int, ...]
    #: This round's last card taken, for the review of it (`previous`).
    last_take: Placed | None = None

    # -- the State API --

    @property
    def players(self) -> int:
        return self.n

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def totals(self) -> tuple[int, ...]:
        return self.scores

    @property
    def winners(self) -> tuple[int, ...]:
        return leaders(self.scores) if self.is_over else ()

    def to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.PICK:
            return (self.picker,)
        if self.phase is Phase.OFFER:
            return (self.offered,)
        return ()

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        if self.phase is Phase.PICK:
            return tuple(Keep(c) for c in self.hands[seat])
        assert self.face_up is not None
        return (*line_takes(self.lines[seat], self.face_up), Pass())

    def view(self, seat: int | None) -> View:
        """What `seat` knows; None: the public view, what every player knows."""
        return View(
            seat=seat,
            players=self.n,
            round=self.round,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act(),
            hand=() if seat is None else self.hands[seat],
            lines=self.lines,
            face_up=self.face_up,
            passed=self.passed,
            cards_left=len(self.deck),
            discards=self.discards,
            totals=self.scores,
            target=self.target,
            last_take=self.last_take,
        )

    def explain(self, seat: int, action: Action) -> Refusal:
        if self.phase is Phase.PICK:
            if not isinstance(action, Keep):
                return Refusal.of("refuse-abc-pick-first", cards=self.hands[seat])
            return Refusal.of("refuse-abc-not-dealt", card=action.card, cards=self.hands[seat])
        if isinstance(action, Keep):
            return Refusal.of("refuse-abc-setup-over")
        if not isinstance(action, Take):
            return Refusal.of("refuse-abc-unknown")
        return self._explain_take(seat, action)

    def _explain_take(self, seat: int, take: Take) -> Refusal:
        offered = self.face_up
        line = self.lines[seat]
        if take.card != offered:
            return Refusal.of("refuse-abc-not-offered", card=take.card, offered=offered)
        if take.letter is None:
            letters = tuple(dict.fromkeys(t.letter for t in line_takes(line, take.card)))
            return Refusal.of(
                "refuse-abc-letter-needed", card=take.card, letters=" or ".join(letters)
            )
        if take.letter not in take.card.letters:
            return Refusal.of("refuse-abc-letter-not-on-card", card=take.card, letter=take.letter)
        if len(line) == 1:
            first = line[0].card
            if take.fix is None:
                example = next(t for t in line_takes(line, take.card) if t.letter == take.letter)
                return Refusal.of(
                    "refuse-abc-fix-needed",
                    card=take.card,
                    first=first,
                    letter=example.letter,
                    fix=example.fix,
                )
            if take.fix not in first.letters:
                return Refusal.of("refuse-abc-letter-not-on-card", card=first, letter=take.fix)
            return Refusal.of("refuse-abc-same-letter", letter=take.letter)
        if take.fix is not None:
            return Refusal.of("refuse-abc-already-fixed", line=line_letters(line))
        letters = line_letters(line)
        if take.letter in letters:
            return Refusal.of("refuse-abc-repeat", letter=take.letter, line=letters)
        return Refusal.of(
            "refuse-abc-inside",
            letter=take.letter,
            first=letters[0],
            last=letters[-1],
        )

    def _do(self, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        if isinstance(action, Keep):
            return self._keep(seat, action)
        if isinstance(action, Take):
            return self._take(seat, action)
        return self._pass(seat)

    # -- transitions --

    def _keep(self, seat: int, keep: Keep) -> tuple[State, tuple[Event, ...]]:
        lines = _set(self.lines, seat, (Placed(keep.card, None),))
        hands = _set(self.hands, seat, ())
        rest = tuple(c for c in self.hands[seat] if c != keep.card)
        events: list[Event] = [CardKept(seat, keep.card)]
        state = replace(self, lines=lines, hands=hands, deck=self.deck + rest)
        nxt = (seat + 1) % self.n
        if nxt != self.dealer:
            return replace(state, picker=nxt), tuple(events)
        # Every player has kept a card: the others are shuffled back in.
        shuffled, rng = state.rng.shuffled(state.deck)
        events.append(CardsReturned(self.n * (DEAL - 1)))
        state = replace(state, deck=shuffled, rng=rng, phase=Phase.OFFER)
        return state._flip(self.dealer, events)

    def _take(self, seat: int, take: Take) -> tuple[State, tuple[Event, ...]]:
        line = self.lines[seat]
        letters, end = line_after(line, take)
        fixed_card = None
        if take.fix is not None:
            fixed_card = line[0].card
            line = (Placed(fixed_card, take.fix),)
        placed = Placed(take.card, take.letter)
        line = (placed, *line) if end is End.LEFT else (*line, placed)
        events: list[Event] = [
            CardTaken(seat, take.card, take.letter, end, fixed_card, take.fix, letters)
        ]
        state = replace(
            self, lines=_set(self.lines, seat, line), face_up=None, passed=(), last_take=placed
        )
        if len(line) >= LINE_GOAL:
            return state._end_round(events, next_dealer=seat, eleven=seat)
        return state._flip((seat + 1) % self.n, events)

    def _pass(self, seat: int) -> tuple[State, tuple[Event, ...]]:
        assert self.face_up is not None
        events: list[Event] = [CardPassed(seat, self.face_up)]
        passed = (*self.passed, seat)
        if len(passed) < self.n:
            return replace(self, passed=passed, offered=(seat + 1) % self.n), tuple(events)
        events.append(CardDiscarded(self.face_up))
        state = replace(self, discards=(*self.discards, self.face_up), face_up=None, passed=())
        return state._flip(self.dealer, events)

    def _flip(self, dealer: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        """`dealer` turns the next card and offers it, first to themself."""
        if not self.deck:
            # The deck ran out: whoever dealt the final card deals next round.
            return self._end_round(events, next_dealer=self.dealer, eleven=None)
        card, rest = self.deck[0], self.deck[1:]
        events.append(CardFlipped(dealer, card, len(rest)))
        state = replace(self, dealer=dealer, deck=rest, face_up=card, offered=dealer, passed=())
        return state, tuple(events)

    def _end_round(
        self, events: list[Event], next_dealer: int, eleven: int | None
    ) -> tuple[State, tuple[Event, ...]]:
        points = tuple(len(line) * points_per_card() for line in self.lines)
        totals = tuple(t + p for t, p in zip(self.scores, points, strict=True))
        events.append(RoundEnded(self.round, eleven, points, totals))
        state = replace(self, scores=totals, face_up=None, passed=())
        if max(totals) >= self.target:
            done = replace(state, phase=Phase.OVER)
            events.append(GameEnded(done.winners, totals))
            return done, tuple(events)
        return _deal_round(state, self.round + 1, next_dealer, events)


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _deal_round(
    state: State, number: int, dealer: int, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    """Shuffle the whole deck and deal three cards to each player."""
    cards, rng = state.rng.shuffled(deck())
    n = state.n
    order = seats_from((dealer + 1) % n, n)
    hands: list[tuple[Card, ...]] = [()] * n
    for i, seat in enumerate(order):
        hands[seat] = cards[i * DEAL : (i + 1) * DEAL]
    events.append(RoundStarted(number, dealer))
    events.extend(CardsDealt(seat, hands[seat]) for seat in order)
    state = replace(
        state,
        rng=rng,
        round=number,
        dealer=dealer,
        phase=Phase.PICK,
        deck=cards[n * DEAL :],
        hands=tuple(hands),
        lines=((),) * n,
        picker=dealer,
        face_up=None,
        passed=(),
        discards=(),
        last_take=None,
    )
    return state, tuple(events)


# Any two letters name a card, so a card not offered or not dealt gets its own refusal;
# the first card may be named too, as the prompt does: `with IF as F` is `with F`.
_TAKE = re.compile(
    r"take\s+([a-z]{2})(?:\s+as\s+([a-z]))?(?:\s+with\s+(?:[a-z]{2}\s+as\s+)?([a-z]))?"
)
_KEEP = re.compile(r"keep\s+([a-z]{2})")


class AlphabeticellRules(Rules):
    name = "alphabeticell"
    title = "Alphabeticell"
    min_players = 2
    max_players = 5
    default_players = 3
    verbs = ("keep", "take", "pass")
    options = (OptionSpec("target", 30, "points that end the game after a round", low=5, high=200),)

    def _start(
        self, players: int, options: dict[str, Any], seed: int
    ) -> tuple[GameState, tuple[Event, ...]]:
        rng = Rng.from_seed(seed)
        dealer, rng = rng.below(players)
        blank = State(
            n=players,
            target=int(options["target"]),
            rng=rng,
            round=0,
            dealer=dealer,
            phase=Phase.PICK,
            deck=(),
            hands=((),) * players,
            lines=((),) * players,
            picker=dealer,
            face_up=None,
            offered=dealer,
            passed=(),
            discards=(),
            scores=(0,) * players,
        )
        return _deal_round(blank, 1, dealer, [])

    def parse_action(self, text: str) -> Action:
        """Read `pass`, `keep SG`, `take EW as W` or `take EW as W with S`.

        >>> RULES.parse_action("take ew as w with s").notation
        'take EW as W with S'
        >>> RULES.parse_action("take ew as w with sg as s").notation
        'take EW as W with S'
        """
        words = " ".join(text.strip().upper().split())
        expected = "pass, keep CARD, take CARD as LETTER, or take CARD as LETTER with LETTER"
        if words == "PASS":
            return Pass()
        if m := _KEEP.fullmatch(words.lower()):
            return Keep(Card(m[1].upper()))
        if m := _TAKE.fullmatch(words.lower()):
            letter, fix = (m[i].upper() if m[i] else None for i in (2, 3))
            return Take(Card(m[1].upper()), letter, fix)
        raise NotationError(text, expected)


RULES = AlphabeticellRules()
State.rules = RULES
