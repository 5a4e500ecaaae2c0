"""Nonesuch, every rule (rules text plus RULINGS sections 0, 3 and 6).

A hand: the dealer shuffles the 36 Decktet cards and the Excuse, deals 12
each to three players (9 each to four) and turns the last card up. The up
card sets trump: an Ace or Crown gives its one suit, a number card one of its
two suits (the Excuse's holder calls which after bidding), the Excuse none.
Everyone bids Some, Most or None in turn from the dealer's left. Then the
Excuse's holder shows and discards it and takes the up card in its place;
when the Excuse itself was turned up it stays out and there is no trump.

The dealer's left leads the first trick. A leader names one suit of the card
led and the others must play a card carrying that suit if they can. A card
carrying the trump suit may not be led until some trump has been played in
the hand, unless the leader holds nothing else. The highest-ranked trump
wins the trick, else the highest card of the named suit; the winner leads
next. Each hand is scored against the bids; the game ends after a hand in
which someone reaches the target (31), and the highest total wins.

The text plays "until some player reaches a cumulative score of 31 points or
more", so by default there is no limit on hands. Bids that keep failing can
keep every total below the target: sensible bots end within 15 hands, but
random bids at four players lose points on average and may never get there.
The `hands` house rule (0: no limit) ends a game after that many hands.
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
)
from sixdot.core.options import STRONG_BOT_OPTIONS
from sixdot.games.nonesuch.cards import CROWN, Card, Suit, deck, excuse, find_card, find_suit


class Phase(Enum):
    BID = "bid"
    CALL = "call"
    PLAY = "play"
    OVER = "over"


class Bid(Enum):
    SOME = "Some"
    MOST = "Most"
    NONE = "None"


class TrumpFrom(Enum):
    """What the up card says about trump."""

    SUIT = "suit"  # an Ace or Crown: its one suit
    CHOICE = "choice"  # a number card: one of its suits, called after bidding
    NONE = "none"  # the Excuse: no trump this hand


def trump_from(up: Card) -> TrumpFrom:
    if up.is_excuse:
        return TrumpFrom.NONE
    return TrumpFrom.CHOICE if up.is_number else TrumpFrom.SUIT


def tricks_per_hand(players: int) -> int:
    """Every basic card is dealt but one, evenly: 12 each of three, 9 each of four."""
    return (len(deck()) - 1) // players


def most_needed(tricks: int) -> int:
    """A Most bid needs at least half the tricks, rounded up: 6 of 12, 5 of 9."""
    return (tricks + 1) // 2


def hand_points(bid: Bid, taken: int, tricks: int) -> int:
    """A bid's score for a hand of `tricks` tricks in which `taken` were won."""
    if bid is Bid.SOME:
        return taken
    if bid is Bid.MOST:
        need = most_needed(tricks)
        return 2 * taken if taken >= need else taken - need
    return tricks if taken == 0 else -taken


def strength(card: Card, named: Suit, trump: Suit | None) -> int:
    """How strongly `card` plays in a trick led in `named`: the highest wins.

    Any trump beats any other card and trumps rank among themselves; then
    cards carrying the named suit rank among themselves; anything else can
    never win. Ranks within one suit never tie, so neither do strengths.
    """
    if card.carries(trump):
        return 2 * CROWN + card.rank
    if card.carries(named):
        return CROWN + card.rank
    return 0


# --- actions ---------------------------------------------------------------


@dataclass(frozen=True)
class MakeBid(Action):
    bid: Bid

    @property
    def notation(self) -> str:
        return f"bid {self.bid.value}"


@dataclass(frozen=True)
class Call(Action):
    """The Excuse's holder calls which suit of the up card is trump."""

    suit: Suit

    @property
    def notation(self) -> str:
        return f"call {self.suit.value}"


@dataclass(frozen=True)
class Lead(Action):
    """Lead `card`, naming `suit` as the suit to follow.

    Aces and Crowns have one suit, so their notation leaves it out.
    """

    card: Card
    suit: Suit

    @property
    def notation(self) -> str:
        if self.card.is_number:
            return f"lead {self.card.name} as {self.suit.value}"
        return f"lead {self.card.name}"


@dataclass(frozen=True)
class Play(Action):
    """Play `card` to a trick someone else led."""

    card: Card

    @property
    def notation(self) -> str:
        return f"play {self.card.name}"


# --- events ----------------------------------------------------------------


@dataclass(frozen=True)
class HandStarted(Event):
    hand: int
    dealer_seat: int
    tricks: int


@dataclass(frozen=True)
class CardsDealt(SeatEvent):
    """A player's cards, seen only by that player."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class UpCardTurned(Event):
    card: Card
    kind: TrumpFrom
    trump: Suit | None


@dataclass(frozen=True)
class BidMade(Event):
    seat: int
    bid: Bid


@dataclass(frozen=True)
class ExcuseRevealed(Event):
    seat: int


@dataclass(frozen=True)
class TrumpCalled(Event):
    seat: int
    suit: Suit


@dataclass(frozen=True)
class UpCardTaken(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class CardLed(Event):
    seat: int
    card: Card
    suit: Suit
    trump: bool
    trick: int


@dataclass(frozen=True)
class CardPlayed(Event):
    """A card played to someone's lead; `followed` is False when it lacks the suit."""

    seat: int
    card: Card
    suit: Suit
    followed: bool
    trump: bool


@dataclass(frozen=True)
class TrumpBroken(Event):
    """The first trump of the hand: from now on trumps may be led."""

    seat: int
    suit: Suit


@dataclass(frozen=True)
class TrickWon(Event):
    seat: int
    card: Card
    trick: int
    tricks: int
    bid: Bid


@dataclass(frozen=True)
class BidDecided(Event):
    """A bid is sure to be made, or sure to fail, before the hand is over."""

    seat: int
    bid: Bid
    made: bool
    tricks: int


@dataclass(frozen=True)
class HandScored(Event):
    ends_round = True

    hand: int
    bids: tuple[Bid, ...]
    taken: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


# --- state -----------------------------------------------------------------


@dataclass(frozen=True)
class Trick:
    """A trick: who led, the suit named, the cards in play order, who won."""

    number: int
    leader: int
    suit: Suit
    plays: tuple[tuple[int, Card], ...]
    winner: int | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)


def trick_winner(plays: tuple[tuple[int, Card], ...], named: Suit, trump: Suit | None) -> int:
    """The seat whose card is strongest."""
    return max(plays, key=lambda play: strength(play[1], named, trump))[0]


@dataclass(frozen=True)
class View:
    """What one seat knows: everything public and its own hand.

    With seat None, what everyone at the table knows (a watcher's view): no hand.
    """

    seat: int | None
    players: int
    hand_no: int
    dealer: int
    phase: Phase
    to_act: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    up: Card
    up_taken: bool
    trump: Suit | None
    #: Who held the Excuse, once it is revealed after bidding.
    excuse_seat: int | None
    bids: tuple[Bid | None, ...]
    taken: tuple[int, ...]
    tricks: tuple[Trick, ...]
    current: Trick | None
    broken: bool
    totals: tuple[int, ...]
    target: int
    tricks_per_hand: int
    #: How long the strong bot may think per decision, in milliseconds.
    think_ms: int
    #: Deals the strong bot tries per decision instead (0: by the clock).
    samples: int

    @property
    def trump_settled(self) -> bool:
        """False while a number card is up and trump is not yet called."""
        return trump_from(self.up) is not TrumpFrom.CHOICE or self.phase is Phase.PLAY

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played this hand, in order."""
        tricks = (*self.tricks, self.current) if self.current else self.tricks
        return tuple(card for trick in tricks for card in trick.cards)

    @property
    def trick_number(self) -> int:
        return len(self.tricks) + 1


@dataclass(frozen=True)
class State(GameState):
    n: int
    target: int
    #: House rule: the game also ends after this many hands (0, the text's way: no limit).
    hand_limit: int
    think_ms: int
    samples: int
    rng: Rng
    hand_no: int
    dealer: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    up: Card
    trump: Suit | None
    excuse_seat: int | None
    bids: tuple[Bid | None, ...]
    turn: int
    tricks: tuple[Trick, ...]
    current: Trick | None
    taken: tuple[int, ...]
    broken: bool
    scores: tuple[int, ...]

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
        if not self.is_over:
            return ()
        best = max(self.scores)
        return tuple(s for s, v in enumerate(self.scores) if v == best)

    @property
    def tricks_per_hand(self) -> int:
        return tricks_per_hand(self.n)

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        if self.phase is Phase.BID:
            return tuple(MakeBid(bid) for bid in Bid)
        if self.phase is Phase.CALL:
            return tuple(Call(suit) for suit in self.up.suits)
        hand = self.hands[seat]
        if self.current is None:
            return tuple(Lead(card, suit) for card in self.leads(hand) for suit in card.suits)
        return tuple(Play(card) for card in self.follows(hand, self.current.suit))

    def leads(self, hand: tuple[Card, ...]) -> tuple[Card, ...]:
        """The cards that may be led: no trump before one is played, unless all are."""
        if self.broken or self.trump is None:
            return hand
        plain = tuple(card for card in hand if not card.carries(self.trump))
        return plain or hand

    @staticmethod
    def follows(hand: tuple[Card, ...], named: Suit) -> tuple[Card, ...]:
        """The cards that may be played to a trick led in `named`."""
        return tuple(card for card in hand if card.carries(named)) or hand

    def view(self, seat: int | None) -> View:
        """What `seat` knows; None: the public view, what every player knows."""
        return View(
            seat=seat,
            players=self.n,
            hand_no=self.hand_no,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act(),
            hand=() if seat is None else self.hands[seat],
            hand_sizes=tuple(len(hand) for hand in self.hands),
            up=self.up,
            up_taken=self.phase is Phase.PLAY and self.excuse_seat is not None,
            trump=self.trump,
            excuse_seat=None if self.phase is Phase.BID else self.excuse_seat,
            bids=self.bids,
            taken=self.taken,
            tricks=self.tricks,
            current=self.current,
            broken=self.broken,
            totals=self.scores,
            target=self.target,
            tricks_per_hand=self.tricks_per_hand,
            think_ms=self.think_ms,
            samples=self.samples,
        )

    # -- refusals --

    def _as_lead(self, seat: int, action: Action) -> Action:
        """`play Ace of Moons` at a lead means leading it: an Ace or Crown has one suit.

        A number card has two, so `play` cannot lead it and is refused with both forms.
        """
        if (
            isinstance(action, Play)
            and self.phase is Phase.PLAY
            and self.current is None
            and seat == self.turn
            and len(action.card.suits) == 1
        ):
            return Lead(action.card, action.card.suits[0])
        return action

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        return super().refusal(seat, self._as_lead(seat, action))

    def interpretations(self, seat: int, action: Action) -> tuple[Action, ...]:
        return (self._as_lead(seat, action),)

    def explain(self, seat: int, action: Action) -> Refusal:
        if self.phase is Phase.BID:
            return Refusal.of("refuse-non-bid-first")
        if isinstance(action, MakeBid):
            return Refusal.of("refuse-non-bidding-over")
        if self.phase is Phase.CALL:
            first, second = self.up.suits
            if isinstance(action, Call):
                return Refusal.of(
                    "refuse-non-call-up-suit", suit=action.suit, first=first, second=second
                )
            return Refusal.of("refuse-non-call-first", first=first, second=second)
        if isinstance(action, Call):
            return Refusal.of("refuse-non-no-call")
        if isinstance(action, Lead | Play):
            return self._explain_card(seat, action)
        return Refusal.of("refuse-non-unknown")

    def _explain_card(self, seat: int, action: Lead | Play) -> Refusal:
        card, hand = action.card, self.hands[seat]
        if card.is_excuse:
            return Refusal.of("refuse-non-excuse")
        if card not in hand:
            return Refusal.of("refuse-non-not-held", name=card.name)
        if self.current is None:
            if isinstance(action, Play):
                lead = Lead(card, card.suits[0]).notation
                return Refusal.of("refuse-non-lead-names-suit", lead=lead, other=card.suits[1])
            if not card.carries(action.suit):
                return Refusal.of("refuse-non-suit-not-on-card", card=card, suit=action.suit)
            return Refusal.of("refuse-non-trump-not-broken", card=card, trump=self.trump)
        if isinstance(action, Lead):
            return Refusal.of(
                "refuse-non-not-leading", leader_seat=self.current.leader, suit=self.current.suit
            )
        named = self.current.suit
        return Refusal.of("refuse-non-must-follow", suit=named, cards=self.follows(hand, named))

    # -- transitions --

    def _do(self, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        action = self._as_lead(seat, action)
        if isinstance(action, MakeBid):
            return self._bid(seat, action.bid)
        if isinstance(action, Call):
            events: list[Event] = [TrumpCalled(seat, action.suit)]
            return replace(self, trump=action.suit)._take_up(events)
        if isinstance(action, Lead):
            return self._lead(seat, action)
        assert isinstance(action, Play)
        return self._follow(seat, action.card)

    def _bid(self, seat: int, bid: Bid) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = [BidMade(seat, bid)]
        state = replace(self, bids=_set(self.bids, seat, bid), turn=(seat + 1) % self.n)
        if seat != self.dealer:
            return state, tuple(events)
        # The dealer bids last. Then the Excuse comes out and the up card goes in.
        holder = self.excuse_seat
        if holder is None:
            return state._start_play(events)
        events.append(ExcuseRevealed(holder))
        hand = tuple(card for card in self.hands[holder] if not card.is_excuse)
        state = replace(state, hands=_set(self.hands, holder, hand))
        if trump_from(self.up) is TrumpFrom.CHOICE:
            return replace(state, phase=Phase.CALL, turn=holder), tuple(events)
        return state._take_up(events)

    def _take_up(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        holder = self.excuse_seat
        assert holder is not None
        events.append(UpCardTaken(holder, self.up))
        hand = tuple(sorted((*self.hands[holder], self.up)))
        return replace(self, hands=_set(self.hands, holder, hand))._start_play(events)

    def _start_play(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        state = replace(self, phase=Phase.PLAY, turn=(self.dealer + 1) % self.n)
        return state, tuple(events)

    def _lead(self, seat: int, lead: Lead) -> tuple[State, tuple[Event, ...]]:
        card = lead.card
        trick = Trick(len(self.tricks) + 1, seat, lead.suit, ((seat, card),))
        events: list[Event] = [
            CardLed(seat, card, lead.suit, card.carries(self.trump), trick.number)
        ]
        state = replace(self, current=trick)._remove(seat, card, events)
        return replace(state, turn=(seat + 1) % self.n), tuple(events)

    def _follow(self, seat: int, card: Card) -> tuple[State, tuple[Event, ...]]:
        trick = self.current
        assert trick is not None
        trump = card.carries(self.trump)
        events: list[Event] = [CardPlayed(seat, card, trick.suit, card.carries(trick.suit), trump)]
        trick = replace(trick, plays=(*trick.plays, (seat, card)))
        state = replace(self, current=trick)._remove(seat, card, events)
        if len(trick.plays) < self.n:
            return replace(state, turn=(seat + 1) % self.n), tuple(events)
        return state._end_trick(trick, events)

    def _remove(self, seat: int, card: Card, events: list[Event]) -> State:
        """Take a played card out of `seat`'s hand; the first trump breaks trump."""
        hand = tuple(c for c in self.hands[seat] if c != card)
        state = replace(self, hands=_set(self.hands, seat, hand))
        if self.trump is not None and not self.broken and card.carries(self.trump):
            events.append(TrumpBroken(seat, self.trump))
            state = replace(state, broken=True)
        return state

    def _end_trick(self, trick: Trick, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        winner = trick_winner(trick.plays, trick.suit, self.trump)
        taken = _set(self.taken, winner, self.taken[winner] + 1)
        bid = self.bids[winner]
        assert bid is not None
        card = dict(trick.plays)[winner]
        events.append(TrickWon(winner, card, trick.number, taken[winner], bid))
        left = self.tricks_per_hand - trick.number
        events.extend(_decided(self.bids, self.taken, taken, left, self.tricks_per_hand))
        state = replace(
            self,
            tricks=(*self.tricks, replace(trick, winner=winner)),
            current=None,
            taken=taken,
            turn=winner,
        )
        if left:
            return state, tuple(events)
        return state._end_hand(events)

    def _end_hand(self, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
        bids = tuple(bid for bid in self.bids if bid is not None)
        points = tuple(
            hand_points(bid, taken, self.tricks_per_hand)
            for bid, taken in zip(bids, self.taken, strict=True)
        )
        totals = tuple(t + p for t, p in zip(self.scores, points, strict=True))
        events.append(HandScored(self.hand_no, bids, self.taken, points, totals))
        state = replace(self, scores=totals)
        if max(totals) >= self.target or self.hand_no == self.hand_limit:
            done = replace(state, phase=Phase.OVER)
            events.append(GameEnded(done.winners, totals))
            return done, tuple(events)
        return _deal(state, self.hand_no + 1, (self.dealer + 1) % self.n, events)


def _decided(
    bids: tuple[Bid | None, ...],
    before: tuple[int, ...],
    after: tuple[int, ...],
    left: int,
    tricks: int,
) -> list[BidDecided]:
    """Bids whose fate this trick sealed while the hand goes on.

    Some is made by a first trick and None broken by one; Most is made on
    reaching its number and lost once the tricks left cannot get it there.
    What the end of the hand alone decides is left to the hand's score.
    """
    need = most_needed(tricks)
    out = []
    for seat, bid in enumerate(bids):
        old, new = before[seat], after[seat]
        if bid is Bid.MOST:
            if old < need <= new:
                out.append(BidDecided(seat, bid, True, new))
            elif new < need and new + left < need <= old + left + 1:
                out.append(BidDecided(seat, bid, False, new))
        elif bid is not None and old == 0 < new:
            out.append(BidDecided(seat, bid, bid is Bid.SOME, new))
    return out


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _deal(
    state: State, number: int, dealer: int, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    """Shuffle all 37 cards, deal them one at a time from the dealer's left, turn the last."""
    cards, rng = state.rng.shuffled(deck())
    n = state.n
    dealt = n * tricks_per_hand(n)
    order = [(dealer + 1 + i) % n for i in range(n)]
    hands = [tuple(sorted(cards[i:dealt:n])) for i in range(n)]
    by_seat = [()] * n
    for i, seat in enumerate(order):
        by_seat[seat] = hands[i]
    up = cards[dealt]
    kind = trump_from(up)
    holder = next((seat for seat, hand in enumerate(by_seat) if excuse() in hand), None)
    events.append(HandStarted(number, dealer, tricks_per_hand(n)))
    events.extend(CardsDealt(seat, by_seat[seat]) for seat in order)
    trump = up.suits[0] if kind is TrumpFrom.SUIT else None
    events.append(UpCardTurned(up, kind, trump))
    state = replace(
        state,
        rng=rng,
        hand_no=number,
        dealer=dealer,
        phase=Phase.BID,
        hands=tuple(by_seat),
        up=up,
        trump=trump,
        excuse_seat=holder,
        bids=(None,) * n,
        turn=order[0],
        tricks=(),
        current=None,
        taken=(0,) * n,
        broken=False,
    )
    return state, tuple(events)


_MOVE = re.compile(r"(bid|call|lead|play)\s+(.+?)(?:\s+as\s+(\S+))?", re.IGNORECASE)
_BIDS = {bid.value.lower(): bid for bid in Bid}


class NonesuchRules(Rules):
    name = "nonesuch"
    title = "Nonesuch"
    min_players = 3
    max_players = 4
    default_players = 3
    verbs = ("bid", "call", "lead", "play")
    options = (
        OptionSpec("target", 31, "points that end the game after a hand", low=5, high=200),
        OptionSpec(
            "hands",
            0,
            "the game also ends after this many hands; 0, as the text plays, for no limit",
            0,
            999,
            zero="no limit",
        ),
        *STRONG_BOT_OPTIONS,
    )

    def _start(
        self, players: int, options: dict[str, Any], seed: int
    ) -> tuple[GameState, tuple[Event, ...]]:
        rng = Rng.from_seed(seed)
        dealer, rng = rng.below(players)
        blank = State(
            n=players,
            target=int(options["target"]),
            hand_limit=int(options["hands"]),
            think_ms=int(options["think"]),
            samples=int(options["samples"]),
            rng=rng,
            hand_no=0,
            dealer=dealer,
            phase=Phase.BID,
            hands=((),) * players,
            up=excuse(),
            trump=None,
            excuse_seat=None,
            bids=(None,) * players,
            turn=dealer,
            tricks=(),
            current=None,
            taken=(0,) * players,
            broken=False,
            scores=(0,) * players,
        )
        return _deal(blank, 1, dealer, [])

    def parse_action(self, text: str) -> Action:
        """Read a bid, a call, a lead or a play; names in any case, or unique prefixes.

        >>> RULES.parse_action("lead chance meeting as mo").notation
        'lead Chance Meeting as Moons'
        >>> RULES.parse_action("most").notation
        'bid Most'
        """
        words = " ".join(text.split())
        expected = "bid Some, Most or None; call SUIT; lead CARD as SUIT; or play CARD"
        if words.lower() in _BIDS:
            return MakeBid(_BIDS[words.lower()])
        if (suit := find_suit(words)) is not None and suit.value.lower() == words.lower():
            return Call(suit)
        match = _MOVE.fullmatch(words)
        if match is None:
            raise NotationError(text, expected)
        verb, name, as_suit = match[1].lower(), match[2], match[3]
        if verb == "bid" and as_suit is None:
            bids = [bid for word, bid in _BIDS.items() if word.startswith(name.lower())]
            if len(bids) == 1:
                return MakeBid(bids[0])
        elif verb == "call" and as_suit is None:
            if (suit := find_suit(name)) is not None:
                return Call(suit)
        elif (card := find_card(name)) is not None:
            if as_suit is not None:
                if (suit := find_suit(as_suit)) is not None:
                    return Lead(card, suit)
            elif verb == "play":
                return Play(card)
            elif not card.is_number and not card.is_excuse:
                return Lead(card, card.suits[0])
        raise NotationError(text, expected)


RULES = NonesuchRules()
State.rules = RULES
