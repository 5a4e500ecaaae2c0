"""Consonants, every rule (rules text plus RULINGS sections 0, 1 and 6).

Hearts with the Alpha deck: the cards are dealt out (the rest is a kitty for
whoever takes the last trick), four cards are passed in the cycle for the
player count, the holder of J leads it, and tricks are played by the
following rules in `tricks`. Consonants taken score their points (singletons
20); taking all six singletons is Flying by Night. At scoring each player may
lay words of four or more letters from the cards they took, which then do not
score, and the others may challenge those words against the dictionary. The
game ends after the hand in which someone reaches the target; lowest wins.

Taken tricks go face down until the scoring phase: views say how many tricks
each player took, and the finished tricks as everyone saw them played, but
not the piles, unless the `openpiles` house rule turns them face up.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from dataclasses import replace as dataclass_replace
from enum import Enum
from functools import cache
from itertools import repeat
from operator import attrgetter, is_
from typing import Any

from sixdot.core import (
    Action,
    Event,
    GameState,
    NotationError,
    OptionSpec,
    Refusal,
    Rng,
    Rules,
    SeatEvent,
    leaders,
)
from sixdot.core.options import STRONG_BOT_OPTIONS
from sixdot.core.state import GAME_OVER, NOT_YOUR_TURN, seats_from
from sixdot.core.state import GameEnded as GameOver
from sixdot.games.consonants.cards import (
    DECK_SIZE,
    VOWELS,
    Card,
    by_face,
    card_of,
    deck,
    singletons,
)
from sixdot.games.consonants.tricks import (
    Play,
    Played,
    kinds_of,
    play,
    plays_from,
    trick_value,
    trick_winner,
)
from sixdot.games.consonants.words import (
    MIN_LETTERS,
    Pile,
    WordFinder,
    spell_check,
    word_value,
)
from sixdot.lexicon import Worded

#: Flying by Night: the taker of all six singletons moves the scores by this much.
FLYING = 50
#: Hand order (alphabetical, wilds last) as a sort key: quicker than comparing cards.
IN_HAND = attrgetter("order")
#: The card of a card on the table.
_CARD = attrgetter("card")
#: Above every letter: a hand's ceiling before play has shown one.
NO_CEILING = "["


class Phase(Enum):
    PASS = "pass"
    PLAY = "play"
    FLY = "fly"
    WORDS = "words"
    CHALLENGE = "challenge"
    OVER = "over"


#: The phases the hot paths test, as globals: an Enum member read from its
#: class costs ten times as much, and every move asks.
_PASS, _PLAY, _OVER = Phase.PASS, Phase.PLAY, Phase.OVER


class Direction(Enum):
    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"


def pass_cycle(players: int) -> tuple[Direction, ...]:
    """Hearts' passing cycle: four players add across; others left, right, hold."""
    if players == 4:
        return (Direction.LEFT, Direction.RIGHT, Direction.ACROSS, Direction.HOLD)
    return (Direction.LEFT, Direction.RIGHT, Direction.HOLD)


def _step(direction: Direction) -> int:
    """How many seats clockwise passed cards travel (by identity: an Enum's hash is slow)."""
    if direction is Direction.LEFT:
        return 1
    if direction is Direction.RIGHT:
        return -1
    return 2 if direction is Direction.ACROSS else 0


def receiver(seat: int, direction: Direction, players: int) -> int:
    """Who gets `seat`'s passed cards; left is the next seat clockwise."""
    return (seat + _step(direction)) % players


def giver(seat: int, direction: Direction, players: int) -> int:
    """Whose passed cards `seat` gets."""
    return (seat - _step(direction)) % players


def deal_size(players: int) -> int:
    """Cards each: 24, 18, 14 or 12 for 3 to 6 players; the rest is the kitty."""
    return DECK_SIZE // players


# --- actions ---------------------------------------------------------------


@dataclass(frozen=True)
class Pick(Action):
    """Choose cards to pass: `pass Q` adds one, `pass Q X Z K` several at once."""

    cards: tuple[Card, ...]

    @property
    def notation(self) -> str:
        return "pass " + " ".join(c.face for c in self.cards)


@cache
def _pick_one(card: Card) -> Pick:
    """The one `pass C` action for a card, made once."""
    return Pick((card,))


@dataclass(frozen=True)
class Unpick(Action):
    """Take back a card chosen to pass, before the last one is chosen."""

    card: Card

    @property
    def notation(self) -> str:
        return f"keep {self.card.face}"


@dataclass(frozen=True)
class Fly(Action):
    """Flying by Night: 50 off your own score (`fly me`) or 50 on everyone else's."""

    others: bool

    @property
    def notation(self) -> str:
        return "fly others" if self.others else "fly me"


@dataclass(frozen=True)
class Lay(Action):
    """Lay words made from your taken cards: `lay FROG TRAM`."""

    words: tuple[str, ...]

    @property
    def notation(self) -> str:
        return "lay " + " ".join(self.words)


@dataclass(frozen=True)
class Challenge(Action):
    """Challenge a word another player laid: the dictionary settles it."""

    word: str

    @property
    def notation(self) -> str:
        return f"challenge {self.word}"


@dataclass(frozen=True)
class Done(Action):
    """Finish laying words, or challenging them."""

    @property
    def notation(self) -> str:
        return "done"


@cache
def _unpick(card: Card) -> Unpick:
    return Unpick(card)


def _pass_moves(hand: tuple[Card, ...], picks: tuple[Card, ...]) -> tuple[Action, ...]:
    """Each card of the hand to pass, then each chosen card to keep."""
    moves: tuple[Action, ...] = tuple(map(_pick_one, dict.fromkeys(hand)))
    if picks:
        moves += tuple(map(_unpick, dict.fromkeys(picks)))
    return moves


# --- events ----------------------------------------------------------------


@dataclass(frozen=True)
class HandStarted(Event):
    hand: int
    dealer_seat: int
    size: int
    kitty: int


@dataclass(frozen=True)
class CardsDealt(SeatEvent):
    """A player's cards, seen only by that player."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class PassStarted(Event):
    direction: Direction
    count: int


@dataclass(frozen=True)
class NoPass(Event):
    """A hold hand (or passing turned off): play starts at once."""


@dataclass(frozen=True)
class CardsPicked(SeatEvent):
    """Cards chosen to pass so far, told only to the chooser."""

    cards: tuple[Card, ...]
    count: int
    wanted: int


@dataclass(frozen=True)
class CardUnpicked(SeatEvent):
    card: Card
    count: int
    wanted: int


@dataclass(frozen=True)
class CardsPassed(SeatEvent):
    """What a player passed and to whom, told only to that player."""

    to_seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class CardsReceived(SeatEvent):
    """What a player received and from whom, told only to that player."""

    from_seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class FirstLead(Event):
    """Who leads the first trick: the holder of J, or the dealer's left if J is in the kitty."""

    seat: int
    j_in_kitty: bool


@dataclass(frozen=True)
class CardPlayed(Event):
    seat: int
    card: Card
    letter: str
    declared: bool


@dataclass(frozen=True)
class TrickWon(Event):
    seat: int
    number: int
    card: Card
    letter: str
    cards: tuple[Card, ...]
    value: int


@dataclass(frozen=True)
class KittyTaken(Event):
    seat: int
    cards: tuple[Card, ...]
    value: int


@dataclass(frozen=True)
class FlewByNight(Event):
    seat: int


@dataclass(frozen=True)
class FlyChosen(Event):
    seat: int
    others: bool


@dataclass(frozen=True)
class WordsOpened(Event):
    """Scoring begins: players lay words in turn from the dealer's left."""

    hand: int


@dataclass(frozen=True)
class WordLaid(Event):
    seat: int
    word: str
    value: int
    checked: bool


@dataclass(frozen=True)
class NothingLaid(Event):
    seat: int


@dataclass(frozen=True)
class ChallengesOpened(Event):
    words: int


@dataclass(frozen=True)
class WordChallenged(Event):
    """A challenge settled: the winner subtracts the word's points, the loser adds them."""

    seat: int
    owner_seat: int
    word: str
    valid: bool
    value: int


@dataclass(frozen=True)
class HandScored(Event):
    """One player's hand, item by item; `total` is what the hand adds."""

    seat: int
    consonants: int
    singles: int
    words: int
    challenges: int
    flying: int
    flew: bool
    total: int


@dataclass(frozen=True)
class HandEnded(Event):
    ends_round = True

    hand: int
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GameEnded(GameOver):
    """The core's game end, with the winning score said: a client that waits
    between hands knows it for the end (no "next deal" after the last hand)."""

    score: int


# --- state -----------------------------------------------------------------


@dataclass(frozen=True)
class Laid:
    """A word on the table at scoring, and how a challenge settled it."""

    seat: int
    word: str
    value: int
    challenger: int | None = None
    valid: bool | None = None


@dataclass(frozen=True)
class Config:
    """The options in force and the dictionary, fixed for a game."""

    target: int
    pass_count: int
    auto_check: bool
    think_ms: int
    #: Deals the strong bot tries per card instead (0: by the clock).
    samples: int
    #: House rule: taken piles lie face up during play, as a memory aid.
    open_piles: bool
    finder: WordFinder = field(compare=False, repr=False)


#: The phases before scoring, when taken piles lie face down.
_FACE_DOWN = frozenset({Phase.PASS, Phase.PLAY})


@dataclass(frozen=True)
class View:
    """What one seat knows: its own cards, its passing, and everything played.

    `taken` is None while the piles are face down ("you may not examine your
    pile of taken cards until the scoring phase"); `tricks` are the tricks
    finished this hand, as every player saw them played and taken. The public
    view (`seat` None), a watcher's, holds no cards of any hand or passing.
    """

    seat: int | None
    players: int
    hand_no: int
    dealer: int
    phase: Phase
    to_act: tuple[int, ...]
    hand: tuple[Card, ...]
    picks: tuple[Card, ...]
    direction: Direction
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    trick: tuple[Played, ...]
    trick_number: int
    must_lead_j: bool
    hand_sizes: tuple[int, ...]
    kitty: int
    taken: tuple[tuple[Card, ...], ...] | None
    tricks_won: tuple[int, ...]
    tricks: tuple[tuple[Played, ...], ...]
    laid: tuple[Laid, ...]
    flyer: int | None
    totals: tuple[int, ...]
    config: Config
    lacks: tuple[str, ...]
    ceilings: tuple[str, ...]

    @property
    def target(self) -> int:
        return self.config.target

    @property
    def pass_to(self) -> int | None:
        """Who gets this seat's passed cards; None in the public view, which passes none."""
        return None if self.seat is None else receiver(self.seat, self.direction, self.players)

    @property
    def pass_from(self) -> int | None:
        """Whose passed cards this seat gets; None in the public view, which gets none."""
        return None if self.seat is None else giver(self.seat, self.direction, self.players)

    @property
    def last_trick(self) -> tuple[Played, ...]:
        """The trick taken last this hand; empty before the first is taken."""
        return self.tricks[-1] if self.tricks else ()


def evolve(state: State, **changes: Any) -> State:
    """`state` with some fields changed, without `dataclasses.replace`'s checks.

    A game applies a hundred moves a hand and bots simulate many more, so
    this is the hot path. The new state starts with an empty memo; no key is
    ever removed, which keeps the copy a straight clone of the field table.
    """
    values = state.__dict__.copy()
    values["memo"] = {}
    values.update(changes)
    new = object.__new__(State)
    object.__setattr__(new, "__dict__", values)
    return new


@cache
def _placed(seat: int, card: Card, letter: str) -> tuple[Played, CardPlayed]:
    """A card on the table and the event saying so, made once: both are plain values."""
    return Played(seat, card, letter), CardPlayed(seat, card, letter, len(card.sides) != 1)


def _revealed(
    lacks: tuple[str, ...], ceilings: tuple[str, ...], trick: Sequence[Played]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a trick's plays show about the hands: not following the letter led
    means no real card of it, and playing under the top as well means no real
    card at or above the top (the following rules would have forced it)."""
    if len(trick) < 2:
        return lacks, ceilings
    led = top = trick[0].letter
    for seat, _, letter in trick[1:]:
        if letter != led:
            if led not in lacks[seat]:
                lacks = _set(lacks, seat, lacks[seat] + led)
            if letter < top < ceilings[seat]:
                ceilings = _set(ceilings, seat, top)
        top = max(top, letter)
    return lacks, ceilings


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _own(cards: tuple[tuple[Card, ...], ...], seat: int | None) -> tuple[Card, ...]:
    """A seat's own cards of one kind (hand, picks, passed, received); the
    public view (seat None) sees nobody's."""
    return () if seat is None else cards[seat]


def _without(cards: tuple[Card, ...], gone: Sequence[Card]) -> tuple[Card, ...]:
    """`cards` less one copy of each of `gone` (all known to be there)."""
    for card in gone:
        at = cards.index(card)
        cards = cards[:at] + cards[at + 1 :]
    return cards


def _fits(cards: Sequence[Card], wanted: Sequence[Card]) -> bool:
    """Whether `cards` hold every card of `wanted`, copies counted."""
    have = Counter(cards)
    return all(have[c] >= n for c, n in Counter(wanted).items())


@dataclass(frozen=True)
class State(GameState):
    n: int
    config: Config
    rng: Rng
    hand_no: int
    dealer: int
    phase: Phase
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    picks: tuple[tuple[Card, ...], ...]
    passed: tuple[tuple[Card, ...], ...]
    received: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    lead_j: bool
    trick: tuple[Played, ...]
    trick_number: int
    taken: tuple[tuple[Card, ...], ...]
    tricks_won: tuple[int, ...]
    #: The tricks finished this hand, in order, as they were played.
    tricks: tuple[tuple[Played, ...], ...]
    flyer: int | None
    fly_others: bool
    queue: tuple[int, ...]
    laid: tuple[Laid, ...]
    scores: tuple[int, ...]
    #: What the tricks finished this hand have shown about each hand: letters
    #: it holds no real card for, and a letter all its real cards fall below
    #: (NO_CEILING: none). Views add what the trick on the table shows.
    lacks: tuple[str, ...] = ()
    ceilings: tuple[str, ...] = ()
    #: What the state works out once (the seats to act, the legal moves, and
    #: while passing each seat's moves by seat number), kept by hand:
    #: cached_property's lock costs more than a whole move.
    memo: dict[str | int, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    #: The kinds of card in each hand (tricks.Kinds), which decide its legal
    #: plays: worked out at the first lead and kept up by each card played.
    kinds: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", tuple(map(kinds_of, self.hands)))

    # -- the State API --

    @property
    def players(self) -> int:
        return self.n

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    @property
    def totals(self) -> tuple[int, ...]:
        return self.scores

    @property
    def winners(self) -> tuple[int, ...]:
        return leaders(self.scores, highest=False) if self.is_over else ()

    @property
    def direction(self) -> Direction:
        cycle = pass_cycle(self.n)
        return cycle[(self.hand_no - 1) % len(cycle)]

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is _PASS:
            memo = self.memo
            found = memo.get("to_act")
            if found is None:
                wanted = self.config.pass_count
                found = tuple(s for s, picks in enumerate(self.picks) if len(picks) < wanted)
                memo["to_act"] = found
            return found
        return () if phase is _OVER else (self.turn,)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase is _PASS:
            found = self.memo.get(seat)
            if found is None:
                found = ()
                if seat in self.to_act():
                    found = _pass_moves(self.hands[seat], self.picks[seat])
                self.memo[seat] = found
            return found
        if seat != self.turn or phase is _OVER:
            return ()
        return self.memo.get("moves") or self._moves()

    def _moves(self) -> tuple[Action, ...]:
        """The moves open to the seat to act after passing, worked out once per state."""
        phase = self.phase
        if phase is _PLAY:
            if self.lead_j:
                found: tuple[Action, ...] = (play(by_face()["J"], "J"),)
            else:
                found = plays_from(self.kinds[self.turn], self.trick)
        elif phase is Phase.FLY:
            found = (Fly(False), Fly(True))
        elif phase is Phase.WORDS:
            found = self._lays()
        else:
            found = self._challenges()
        self.memo["moves"] = found
        return found

    def apply(self, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        """A listed card play goes straight to the move (bots and simulations make
        a hundred a hand); anything else is checked by `refusal` first."""
        if self.phase is _PLAY and seat == self.turn:
            listed = self.memo.get("moves") or self._moves()
            if any(map(is_, listed, repeat(action))):
                return self._play(seat, action)  # type: ignore[arg-type]
        elif type(action) is Pick and any(map(is_, self.legal_actions(seat), repeat(action))):
            return self._pick(seat, action)
        return super().apply(seat, action)

    def _lays(self) -> tuple[Action, ...]:
        """The best word set still open to the seat, then each of its words, then done."""
        seat = self.turn
        mine = [w.word for w in self.laid if w.seat == seat]
        taken = self.taken[seat]
        best = self.config.finder.best(taken)
        pile = Pile.of(taken)
        fresh = [w for w in best if not pile.lacks([*mine, w])]
        fitting: list[str] = []
        for word in fresh:
            if not pile.lacks([*mine, *fitting, word]):
                fitting.append(word)
        lays: list[Action] = []
        if len(fitting) > 1:
            lays.append(Lay(tuple(fitting)))
        lays.extend(Lay((w,)) for w in dict.fromkeys(fresh))
        return (*lays, Done())

    def _challenges(self) -> tuple[Action, ...]:
        """Accepting every word first (the usual answer), then each open word."""
        words = self._open_words(self.turn)
        return (Done(), *(Challenge(w) for w in dict.fromkeys(x.word for x in words)))

    def _open_words(self, seat: int) -> list[Laid]:
        """Words of other players nobody has challenged yet."""
        return [w for w in self.laid if w.seat != seat and w.challenger is None]

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Typed moves beyond the listed ones (several cards to pass, any word) are checked here."""
        if self.phase is _OVER:
            return Refusal.of(GAME_OVER)
        if seat not in self.to_act():
            return Refusal.of(NOT_YOUR_TURN, seat=seat)
        listed = self.legal_actions(seat)
        # A listed move itself, the common case, is found by identity first:
        # comparing actions as dataclasses costs more than the move.
        if any(map(is_, listed, repeat(action))) or action in listed:
            return None
        return self._check(seat, action)

    def explain(self, seat: int, action: Action) -> Refusal:
        return self._check(seat, action) or Refusal.of("refuse-con-unknown")

    def interpretations(self, seat: int, action: Action) -> tuple[Action, ...]:
        """A partial play (`play A/E`, `play ?`, `play E`) means each legal play it fits."""
        if isinstance(action, Play) and action.partial:
            return self._meanings(seat, action) or (action,)
        return (action,)

    def _meanings(self, seat: int, action: Play) -> tuple[Play, ...]:
        return tuple(
            p
            for p in self.legal_actions(seat)
            if isinstance(p, Play)
            and (action.card is None or p.card is action.card)
            and (not action.letter or p.letter == action.letter)
        )

    def caution(self, seat: int, action: Action) -> Refusal | None:
        """Laying a word the dictionary lacks invites a challenge: say so first."""
        if isinstance(action, Lay) and not self.config.auto_check:
            unknown = [w for w in action.words if not self.config.finder.is_word(w)]
            if unknown:
                return Refusal.of("caution-con-not-a-word", words=", ".join(unknown))
        return None

    def _check(self, seat: int, action: Action) -> Refusal | None:
        """Why an action not in the listed moves is refused; None if it is allowed."""
        phase = self.phase
        if isinstance(action, Pick | Unpick):
            if phase is not Phase.PASS:
                return Refusal.of("refuse-con-not-passing", phase=phase.value)
            return self._check_pick(seat, action)
        if isinstance(action, Play):
            if phase is not Phase.PLAY:
                return Refusal.of("refuse-con-not-playing", phase=phase.value)
            return self._check_play(seat, action)
        if isinstance(action, Lay):
            if phase is not Phase.WORDS:
                return Refusal.of("refuse-con-not-laying", phase=phase.value)
            return self._check_lay(seat, action)
        if isinstance(action, Challenge):
            if phase is not Phase.CHALLENGE:
                return Refusal.of("refuse-con-not-challenging", phase=phase.value)
            if not any(w.word == action.word for w in self._open_words(seat)):
                return Refusal.of("refuse-con-no-such-word", word=action.word)
            return None
        if isinstance(action, Fly):
            return Refusal.of("refuse-con-not-flying")
        return Refusal.of("refuse-con-done-when", phase=phase.value)

    def _check_pick(self, seat: int, action: Pick | Unpick) -> Refusal | None:
        wanted = self.config.pass_count
        if isinstance(action, Unpick):
            return Refusal.of("refuse-con-not-picked", card=action.card)
        if not action.cards:
            return Refusal.of("refuse-con-pick-what", count=wanted)
        if not _fits(self.hands[seat], action.cards):
            missing = Counter(action.cards) - Counter(self.hands[seat])
            card = next(iter(missing))
            if card in self.picks[seat]:
                return Refusal.of(
                    "refuse-con-already-picked", card=card, typed=card.face, chosen=self.picks[seat]
                )
            return Refusal.of("refuse-con-no-card", card=card)
        room = wanted - len(self.picks[seat])
        if len(action.cards) > room:
            return Refusal.of("refuse-con-too-many", count=wanted, room=room)
        return None

    def _check_play(self, seat: int, action: Play) -> Refusal | None:
        if action.partial and self._meanings(seat, action):
            return None
        hand = self.hands[seat]
        card = action.card
        if card is not None and card not in hand:
            return Refusal.of("refuse-con-no-card", card=card)
        if card is not None and action.letter and card.sides and action.letter not in card.sides:
            return Refusal.of("refuse-con-side", card=card, letter=action.letter)
        if self.lead_j:
            return Refusal.of("refuse-con-lead-j")
        legal = [a for a in self.legal_actions(seat) if isinstance(a, Play)]
        # The real cards' plays say what is owed (a wild is never forced);
        # a hand of wilds alone owes its one play, the letter led.
        owed = [p for p in legal if not p.card.wild] or legal  # type: ignore[union-attr]
        moves = ", ".join(dict.fromkeys(p.notation for p in owed))
        if card is None:
            return Refusal.of("refuse-con-no-letter", letter=action.letter, moves=moves)
        led = self.trick[0].letter if self.trick else ""
        if any(p.letter == led for p in owed):
            return Refusal.of("refuse-con-follow", letter=led, moves=moves)
        top = max((p.letter for p in self.trick), default="")
        return Refusal.of("refuse-con-high", letter=top, moves=moves or "none")

    def _check_lay(self, seat: int, action: Lay) -> Refusal | None:
        if not action.words:
            return Refusal.of("refuse-con-lay-what")
        for word in action.words:
            if len(word) < MIN_LETTERS:
                return Refusal.of("refuse-con-short", word=word)
        mine = [w.word for w in self.laid if w.seat == seat]
        lacking = spell_check([*mine, *action.words], self.taken[seat])
        if lacking:
            return Refusal.of(
                "refuse-con-cannot-spell", words=" ".join(action.words), letters=" ".join(lacking)
            )
        if self.config.auto_check:
            for word in action.words:
                if not self.config.finder.is_word(word):
                    return Refusal.of("refuse-con-not-a-word", word=word)
        return None

    def view(self, seat: int | None) -> View:
        """What `seat` knows; None: the public view, what every player knows."""
        lacks, ceilings = _revealed(self.lacks, self.ceilings, self.trick)
        return View(
            seat=seat,
            players=self.n,
            hand_no=self.hand_no,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act(),
            hand=_own(self.hands, seat),
            picks=_own(self.picks, seat),
            direction=self.direction,
            passed=_own(self.passed, seat),
            received=_own(self.received, seat),
            trick=self.trick,
            trick_number=self.trick_number,
            must_lead_j=self.lead_j,
            hand_sizes=tuple(len(h) + len(p) for h, p in zip(self.hands, self.picks, strict=True)),
            kitty=len(self.kitty),
            taken=self.taken if self.config.open_piles or self.phase not in _FACE_DOWN else None,
            tricks_won=self.tricks_won,
            tricks=self.tricks,
            laid=self.laid,
            flyer=self.flyer,
            totals=self.scores,
            config=self.config,
            lacks=lacks,
            ceilings=ceilings,
        )

    # -- transitions --

    def _do(self, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        if isinstance(action, Play):
            if action.partial:
                action = self._meanings(seat, action)[0]
            return self._play(seat, action)
        if isinstance(action, Pick):
            return self._pick(seat, action)
        if isinstance(action, Unpick):
            picks = _without(self.picks[seat], (action.card,))
            hand = tuple(sorted((*self.hands[seat], action.card), key=IN_HAND))
            state = evolve(
                self,
                hands=_set(self.hands, seat, hand),
                picks=_set(self.picks, seat, picks),
            )
            wanted = self.config.pass_count
            return state, (CardUnpicked(seat, action.card, len(picks), wanted),)
        if isinstance(action, Fly):
            state = evolve(self, fly_others=action.others)
            return state._start_words([FlyChosen(seat, action.others)])
        if isinstance(action, Lay):
            laid = tuple(Laid(seat, w, word_value(w)) for w in action.words)
            checked = self.config.auto_check
            events = tuple(WordLaid(seat, w.word, w.value, checked) for w in laid)
            return evolve(self, laid=self.laid + laid), events
        if isinstance(action, Challenge):
            return self._challenge(seat, action.word)
        assert isinstance(action, Done)
        if self.phase is Phase.WORDS:
            events: list[Event] = []
            if not any(w.seat == seat for w in self.laid):
                events.append(NothingLaid(seat))
            return self._next_layer(events)
        return self._next_challenger([])

    def _pick(self, seat: int, action: Pick) -> tuple[State, tuple[Event, ...]]:
        picks = tuple(sorted((*self.picks[seat], *action.cards), key=IN_HAND))
        hand = _without(self.hands[seat], action.cards)
        wanted = self.config.pass_count
        state = evolve(
            self, hands=_set(self.hands, seat, hand), picks=_set(self.picks, seat, picks)
        )
        events: list[Event] = [CardsPicked(seat, picks, len(picks), wanted)]
        choosing = self.to_act()
        if len(picks) == wanted:
            choosing = tuple(s for s in choosing if s != seat)
        state.memo["to_act"] = choosing
        if choosing:
            return state, tuple(events)
        return state._exchange(events)

    def _exchange(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        """Everyone has chosen: the cards move at once, and each player is told."""
        n, direction, picks = self.n, self.direction, self.picks
        for seat in range(n):
            events.append(CardsPassed(seat, receiver(seat, direction, n), picks[seat]))
        received = tuple(picks[giver(seat, direction, n)] for seat in range(n))
        for seat in range(n):
            events.append(CardsReceived(seat, giver(seat, direction, n), received[seat]))
        state = evolve(
            self,
            hands=tuple(
                tuple(sorted(h + r, key=IN_HAND)) for h, r in zip(self.hands, received, strict=True)
            ),
            passed=picks,
            received=received,
            picks=((),) * n,
        )
        return state._first_lead(events)

    def _first_lead(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        jack = by_face()["J"]
        holder = next((s for s in range(self.n) if jack in self.hands[s]), None)
        lead = holder if holder is not None else (self.dealer + 1) % self.n
        events.append(FirstLead(lead, holder is None))
        state = evolve(
            self,
            phase=Phase.PLAY,
            turn=lead,
            lead_j=holder is not None,
            kinds=tuple(map(kinds_of, self.hands)),
        )
        return state, tuple(events)

    def _play(self, seat: int, action: Play) -> tuple[State, tuple[Event, ...]]:
        card, letter = action.card, action.letter
        assert card is not None
        held = self.hands[seat]
        at = held.index(card)
        hands = _set(self.hands, seat, held[:at] + held[at + 1 :])
        kinds = self.kinds
        if at + 1 == len(held) or held[at + 1] is not card:
            # The last copy (a hand is in hand order, so copies sit together).
            kinds = _set(kinds, seat, kinds[seat] & ~(1 << card.order))
        entry, played = _placed(seat, card, letter)
        trick = (*self.trick, entry)
        if len(trick) < self.n:
            turn = (seat + 1) % self.n
            moved = evolve(self, hands=hands, kinds=kinds, trick=trick, turn=turn, lead_j=False)
            return moved, (played,)
        lacks, ceilings = _revealed(self.lacks, self.ceilings, trick)
        best = trick[trick_winner(trick)]
        cards = tuple(map(_CARD, trick))
        winner = best.seat
        won = TrickWon(winner, self.trick_number, best.card, best.letter, cards, trick_value(cards))
        state = evolve(
            self,
            hands=hands,
            kinds=kinds,
            trick=(),
            trick_number=self.trick_number + 1,
            turn=winner,
            taken=_set(self.taken, winner, self.taken[winner] + cards),
            tricks_won=_set(self.tricks_won, winner, self.tricks_won[winner] + 1),
            tricks=(*self.tricks, trick),
            lacks=lacks,
            ceilings=ceilings,
        )
        if any(hands):
            return state, (played, won)
        return state._end_play(winner, [played, won])

    def _end_play(self, last: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        """The kitty goes to the taker of the last trick; then Flying by Night or words."""
        state = self
        if self.kitty:
            events.append(KittyTaken(last, self.kitty, trick_value(self.kitty)))
            state = evolve(
                self, taken=_set(self.taken, last, self.taken[last] + self.kitty), kitty=()
            )
        wanted = set(singletons())
        flyer = next((s for s in range(self.n) if wanted <= set(state.taken[s])), None)
        if flyer is not None:
            events.append(FlewByNight(flyer))
            return evolve(state, phase=Phase.FLY, turn=flyer, flyer=flyer), tuple(events)
        return state._start_words(events)

    def _start_words(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        """Players lay words in turn from the dealer's left; the flyer lays none."""
        layers = tuple(
            s
            for s in seats_from((self.dealer + 1) % self.n, self.n)
            if s != self.flyer and sum(not c.wild for c in self.taken[s]) >= MIN_LETTERS
        )
        events.append(WordsOpened(self.hand_no))
        state = evolve(self, phase=Phase.WORDS, queue=layers)
        return state._next_layer(events)

    def _next_layer(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        if self.queue:
            state = evolve(self, turn=self.queue[0], queue=self.queue[1:])
            return state, tuple(events)
        if self.config.auto_check or not self.laid:
            return self._score(events)
        events.append(ChallengesOpened(len(self.laid)))
        challengers = tuple(seats_from((self.dealer + 1) % self.n, self.n))
        return evolve(self, phase=Phase.CHALLENGE, queue=challengers)._next_challenger(events)

    def _next_challenger(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        queue = self.queue
        while queue and not self._open_words(queue[0]):
            queue = queue[1:]
        if queue:
            return evolve(self, turn=queue[0], queue=queue[1:]), tuple(events)
        return evolve(self, queue=())._score(events)

    def _challenge(self, seat: int, word: str) -> tuple[State, tuple[Event, ...]]:
        """The first open copy of the word clockwise from the challenger is settled."""
        order = {s: i for i, s in enumerate(seats_from((seat + 1) % self.n, self.n))}
        index, target = min(
            (
                (i, w)
                for i, w in enumerate(self.laid)
                if w.word == word and w.seat != seat and w.challenger is None
            ),
            key=lambda item: order[item[1].seat],
        )
        valid = self.config.finder.is_word(word)
        settled = dataclass_replace(target, challenger=seat, valid=valid)
        event = WordChallenged(seat, target.seat, word, valid, target.value)
        return evolve(self, laid=_set(self.laid, index, settled)), (event,)

    def _score(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        points = []
        for seat in range(self.n):
            scored = self._hand_score(seat)
            events.append(scored)
            points.append(scored.total)
        totals = tuple(t + p for t, p in zip(self.scores, points, strict=True))
        events.append(HandEnded(self.hand_no, tuple(points), totals))
        state = evolve(self, scores=totals)
        if max(totals) >= self.config.target:
            done = evolve(state, phase=Phase.OVER, queue=())
            events.append(GameEnded(done.winners, totals, min(totals)))
            return done, tuple(events)
        return _deal(state, self.hand_no + 1, (self.dealer + 1) % self.n, events)

    def _hand_score(self, seat: int) -> HandScored:
        """Consonants and singletons not in words, challenges, and Flying by Night."""
        challenges = 0
        for w in self.laid:
            if w.challenger is None:
                continue
            owner_won = bool(w.valid)
            if w.seat == seat:
                challenges += -w.value if owner_won else w.value
            elif w.challenger == seat:
                challenges += w.value if owner_won else -w.value
        flying = 0
        if self.flyer is not None:
            if seat == self.flyer:
                flying = 0 if self.fly_others else -FLYING
            elif self.fly_others:
                flying = FLYING
        if seat == self.flyer:
            return HandScored(seat, 0, 0, 0, challenges, flying, True, challenges + flying)
        in_words = Counter(
            c for w in self.laid if w.seat == seat for c in w.word if c not in VOWELS
        )
        consonants = singles = 0
        for card in self.taken[seat]:
            if card.wild or card.vowel:
                continue
            if in_words[card.face]:
                in_words[card.face] -= 1
            elif card.singleton:
                singles += card.score
            else:
                consonants += card.score
        words = sum(w.value for w in self.laid if w.seat == seat)
        total = consonants + singles + challenges + flying
        return HandScored(seat, consonants, singles, words, challenges, flying, False, total)


def _deal(
    state: State, number: int, dealer: int, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    """Shuffle the 74 cards, deal them out from the dealer's left, the rest face down."""
    n = state.n
    cards, rng = state.rng.shuffled(deck())
    size = deal_size(n)
    order = seats_from((dealer + 1) % n, n)
    # One card at a time round the table: the k-th seat from the dealer's left
    # gets cards k, k + n, k + 2n and so on.
    dealt: list[tuple[Card, ...]] = [()] * n
    for k, seat in enumerate(order):
        dealt[seat] = tuple(sorted(cards[k : size * n : n], key=IN_HAND))
    kitty = tuple(cards[size * n :])
    events.append(HandStarted(number, dealer, size, len(kitty)))
    events.extend(CardsDealt(seat, dealt[seat]) for seat in order)
    state = evolve(
        state,
        rng=rng,
        hand_no=number,
        dealer=dealer,
        phase=Phase.PASS,
        turn=order[0],
        hands=tuple(dealt),
        picks=((),) * n,
        passed=((),) * n,
        received=((),) * n,
        kitty=kitty,
        lead_j=False,
        trick=(),
        trick_number=1,
        taken=((),) * n,
        tricks_won=(0,) * n,
        tricks=(),
        flyer=None,
        fly_others=False,
        queue=(),
        laid=(),
        lacks=("",) * n,
        ceilings=(NO_CEILING,) * n,
    )
    if state.direction is Direction.HOLD or state.config.pass_count == 0:
        events.append(NoPass())
        return state._first_lead(events)
    events.append(PassStarted(state.direction, state.config.pass_count))
    return state, tuple(events)


#: A card as typed: `T`, `A/E`, `AE` (after `A over E` is read as `A/E`), `?` or `WILD`.
_TOKEN = r"[A-Z](?:/[A-Z])?|[AEIOU]{2}|\?|WILD"
#: A vowel card as it is spoken, `A over E`, typed back.
_OVER_RE = re.compile(r"\b([AEIOU])\s+OVER\s+([AEIOU])\b")
_PLAY_RE = re.compile(rf"PLAY\s+({_TOKEN})(?:\s+AS\s+([A-Z]))?")
_PASS_RE = re.compile(rf"PASS((?:\s+(?:{_TOKEN}))+)")


class ConsonantsRules(Worded, Rules):
    name = "consonants"
    title = "Consonants"
    min_players = 3
    max_players = 6
    default_players = 4
    verbs = ("pass", "keep", "play", "fly", "lay", "challenge", "done")
    word_verbs = ("lay", "challenge")
    options = (
        OptionSpec(
            "target", 150, "the game ends after a hand in which someone reaches this", 1, 10_000
        ),
        OptionSpec(
            "pass",
            4,
            "cards each player passes before a hand (0: no passing)",
            0,
            8,
            zero="none",
        ),
        OptionSpec(
            "autocheck",
            False,
            "words not in the dictionary are refused as they are laid, so nobody challenges",
        ),
        OptionSpec(
            "openpiles",
            False,
            "taken piles lie face up during play, as a memory aid (the text keeps them face down)",
        ),
        *STRONG_BOT_OPTIONS,
    )

    def _start(
        self, players: int, options: dict[str, Any], seed: int
    ) -> tuple[GameState, tuple[Event, ...]]:
        rng = Rng.from_seed(seed)
        dealer, rng = rng.below(players)
        config = Config(
            target=int(options["target"]),
            pass_count=int(options["pass"]),
            auto_check=bool(options["autocheck"]),
            think_ms=int(options["think"]),
            samples=int(options["samples"]),
            open_piles=bool(options["openpiles"]),
            finder=WordFinder(self.lexicon),
        )
        empty: tuple[tuple[Any, ...], ...] = ((),) * players
        blank = State(
            n=players,
            config=config,
            rng=rng,
            hand_no=0,
            dealer=dealer,
            phase=Phase.PASS,
            turn=0,
            hands=empty,
            picks=empty,
            passed=empty,
            received=empty,
            kitty=(),
            lead_j=False,
            trick=(),
            trick_number=1,
            taken=empty,
            tricks_won=(0,) * players,
            tricks=(),
            flyer=None,
            fly_others=False,
            queue=(),
            laid=(),
            scores=(0,) * players,
        )
        return _deal(blank, 1, dealer, [])

    def parse_action(self, text: str) -> Action:
        """Read `pass Q X Z K`, `keep Q`, `play T`, `play A/E as E`, `play ? as T`,
        `fly me`, `fly others`, `lay FROG TRAM`, `challenge FROG`, `done`.

        >>> RULES.parse_action("play e/a as e").notation
        'play A/E as E'
        """
        words = " ".join(text.strip().upper().split())
        if words.startswith(("PASS ", "KEEP ", "PLAY ")):
            words = _OVER_RE.sub(r"\1/\2", words)
        if words == "DONE":
            return Done()
        if words in ("FLY ME", "FLY OTHERS"):
            return Fly(words == "FLY OTHERS")
        if m := _PASS_RE.fullmatch(words):
            return Pick(tuple(self._card(t, text) for t in m[1].split()))
        if m := re.fullmatch(rf"KEEP\s+({_TOKEN})", words):
            return Unpick(self._card(m[1], text))
        if m := _PLAY_RE.fullmatch(words):
            return self._play(m[1], m[2] or "", text)
        if m := re.fullmatch(r"LAY((?:\s+[A-Z]+)+)", words):
            return Lay(tuple(m[1].split()))
        if m := re.fullmatch(r"CHALLENGE\s+([A-Z]+)", words):
            return Challenge(m[1])
        raise NotationError(
            text,
            "pass CARDS, keep CARD, play CARD, play A over E as E, play wild as T, "
            "fly me, fly others, lay WORDS, challenge WORD, done",
        )

    def _card(self, token: str, text: str) -> Card:
        card = card_of(token)
        if card is None:
            raise NotationError(text, f"a card of the Alpha deck, not {token}")
        return card

    def _play(self, token: str, letter: str, text: str) -> Play:
        if len(token) == 1 and token in VOWELS:
            if letter and letter != token:
                raise NotationError(text, f"a vowel card such as {token} over {letter}")
            return Play(None, token)
        card = self._card(token, text)
        if len(card.sides) == 1:
            if letter and letter != card.face:
                raise NotationError(text, f"play {card.face}: a consonant shows its own letter")
            return Play(card, card.face)
        return Play(card, letter)


RULES = ConsonantsRules()
State.rules = RULES
