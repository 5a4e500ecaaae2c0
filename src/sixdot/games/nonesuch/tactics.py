"""A fast model of one hand of Nonesuch and the sensible way to play it.

The strong bot plays thousands of hands to the end for each decision, so it
cannot use the rules' immutable states: here a hand is a small mutable record
of whole numbers. A card is its index in the deck; a set of cards is an int
with one bit per card; a suit is its index in `SUITS` (`NO_TRUMP` when there
is none). Tests check that this model allows exactly the moves the rules do.

The sensible policy lives here too, in one place, for the sensible bot and
for the strong bot's rollouts. It sees only what its seat may: its own hand
and the public record (cards played, the trick, bids, tricks taken).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sixdot.games.nonesuch.cards import SUITS, deck, excuse
from sixdot.games.nonesuch.rules import Bid, hand_points, strength

NO_TRUMP = len(SUITS)
#: Bids by index, so rollouts keep plain ints.
BIDS: tuple[Bid, ...] = tuple(Bid)
SOME, MOST, NONE = (BIDS.index(b) for b in (Bid.SOME, Bid.MOST, Bid.NONE))

_CARDS = deck()
EXCUSE = excuse().index
RANK = tuple(card.rank for card in _CARDS)
#: The suit indexes of each card.
CARD_SUITS = tuple(tuple(SUITS.index(s) for s in card.suits) for card in _CARDS)
BASIC = sum(1 << card.index for card in _CARDS if not card.is_excuse)
SUIT_CARDS = tuple(sum(1 << c.index for c in _CARDS if c.carries(suit)) for suit in SUITS)
#: STRENGTH[card][named][trump], from the rules' own definition.
STRENGTH = tuple(
    tuple(
        tuple(
            strength(card, named, SUITS[t] if t < NO_TRUMP else None) for t in range(NO_TRUMP + 1)
        )
        for named in SUITS
    )
    for card in _CARDS
)
#: BEATEN_BY[card][named][trump]: the cards that would beat it in such a trick.
BEATEN_BY = tuple(
    tuple(
        tuple(
            sum(1 << o for o in range(len(_CARDS)) if STRENGTH[o][k][t] > STRENGTH[c][k][t])
            for t in range(NO_TRUMP + 1)
        )
        for k in range(len(SUITS))
    )
    for c in range(len(_CARDS))
)
#: Cards ranked above each rank, for counting the cards that outrank one.
ABOVE = tuple(sum(1 << c.index for c in _CARDS if c.rank > r) for r in range(12))


def cards_of(mask: int) -> list[int]:
    """The card indexes in a set, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def carries(card: int, suit: int) -> bool:
    return suit < NO_TRUMP and suit in CARD_SUITS[card]


class Hand:
    """One hand of play in progress; every seat's cards are known to the model.

    For a bot's own decisions only its own seat's cards are real; the rest
    are either empty (the sensible bot never looks) or a sample drawn
    consistently with what the seat has seen (the strong bot).
    """

    __slots__ = (
        "best",
        "best_seat",
        "bids",
        "broken",
        "hands",
        "n",
        "named",
        "played",
        "plays",
        "taken",
        "trick_no",
        "tricks",
        "trump",
        "turn",
    )

    def __init__(
        self,
        hands: list[int],
        trump: int,
        bids: list[int],
        turn: int,
        tricks: int,
    ) -> None:
        self.n = len(hands)
        self.hands = hands
        self.trump = trump
        self.bids = bids
        self.turn = turn
        self.tricks = tricks
        self.broken = trump == NO_TRUMP
        self.taken = [0] * self.n
        self.played = 0
        self.trick_no = 0
        self.plays: list[tuple[int, int]] = []
        self.named = -1
        self.best = 0
        self.best_seat = -1

    @property
    def done(self) -> bool:
        return self.trick_no == self.tricks

    def unseen(self, seat: int) -> int:
        """Cards `seat` has not seen: neither in its hand nor played."""
        return BASIC & ~self.played & ~self.hands[seat]

    def leads(self, seat: int) -> int:
        """The cards `seat` may lead, as the rules allow."""
        hand = self.hands[seat]
        if self.broken:
            return hand
        return hand & ~SUIT_CARDS[self.trump] or hand

    def follows(self, seat: int) -> int:
        hand = self.hands[seat]
        return hand & SUIT_CARDS[self.named] or hand

    def legal(self, seat: int) -> list[tuple[int, int]]:
        """(card, named suit) pairs; the suit is -1 when following."""
        if not self.plays:
            return [(c, s) for c in cards_of(self.leads(seat)) for s in CARD_SUITS[c]]
        return [(c, -1) for c in cards_of(self.follows(seat))]

    def play(self, card: int, suit: int = -1) -> None:
        """The seat to act plays `card`, naming `suit` if it leads."""
        seat = self.turn
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.played |= bit
        if not self.plays:
            self.named = suit
        if not self.broken and carries(card, self.trump):
            self.broken = True
        power = STRENGTH[card][self.named][self.trump]
        if power > self.best:
            self.best, self.best_seat = power, seat
        self.plays.append((seat, card))
        if len(self.plays) < self.n:
            self.turn = (seat + 1) % self.n
            return
        winner = self.best_seat
        self.taken[winner] += 1
        self.trick_no += 1
        self.plays = []
        self.best, self.best_seat, self.named = 0, -1, -1
        self.turn = winner

    def points(self) -> list[int]:
        return [
            hand_points(BIDS[b], t, self.tricks) for b, t in zip(self.bids, self.taken, strict=True)
        ]


# --- the sensible policy: play --------------------------------------------


def taking(hand: Hand, seat: int) -> bool:
    """Whether the seat now plays to win tricks: Most always, Some until it has one."""
    bid = hand.bids[seat]
    return bid == MOST or (bid == SOME and hand.taken[seat] == 0)


def _value(card: int, trump: int) -> int:
    """How much a card is worth keeping: trumps first, then rank."""
    return RANK[card] + (20 if carries(card, trump) else 0)


def sensible_play(hand: Hand, seat: int) -> tuple[int, int]:
    """The card (and named suit, when leading) the sensible policy plays."""
    if not hand.plays:
        return _sensible_lead(hand, seat)
    options = cards_of(hand.follows(seat))
    if len(options) == 1:
        return options[0], -1
    named, trump, best = hand.named, hand.trump, hand.best
    unseen = hand.unseen(seat)
    last = len(hand.plays) == hand.n - 1
    winners = [c for c in options if STRENGTH[c][named][trump] > best]
    losers = [c for c in options if STRENGTH[c][named][trump] <= best]
    if taking(hand, seat):
        if not winners:
            return min(options, key=lambda c: _value(c, trump)), -1
        if last:
            return min(winners, key=lambda c: STRENGTH[c][named][trump]), -1
        # The safest winner (fewest unseen cards that beat it), cheapest among equals.
        return min(
            winners,
            key=lambda c: ((unseen & BEATEN_BY[c][named][trump]).bit_count(), _value(c, trump)),
        ), -1
    if losers:
        return max(losers, key=lambda c: _value(c, trump)), -1
    if last:
        return max(options, key=lambda c: _value(c, trump)), -1
    return min(options, key=lambda c: STRENGTH[c][named][trump]), -1


def _sensible_lead(hand: Hand, seat: int) -> tuple[int, int]:
    trump = hand.trump
    unseen = hand.unseen(seat)
    options = [(c, s) for c in cards_of(hand.leads(seat)) for s in CARD_SUITS[c]]
    take = taking(hand, seat)

    def beaters(option: tuple[int, int]) -> int:
        card, suit = option
        return (unseen & BEATEN_BY[card][suit][trump]).bit_count()

    if take:
        # The lead least likely to be beaten; cheapest first; a trump names trump.
        return min(options, key=lambda o: (beaters(o), _value(o[0], trump), o[1] != trump))
    # Ducking: the lead most likely to be beaten, keeping trumps back.
    return max(options, key=lambda o: (beaters(o), -_value(o[0], trump)))


# --- the sensible policy: bids and trump -----------------------------------

#: Chance that a card takes a trick, by how many unseen cards outrank it in
#: its best suit: when its seat plays to take, and when it plays to duck. The
#: numbers are rough estimates for hands played by this policy, not exact odds;
#: the strong bot, which samples real deals, does not rely on them for play.
TAKE_TRUMP = (0.97, 0.83, 0.66, 0.5, 0.37, 0.27, 0.19, 0.13, 0.08, 0.05)
TAKE_PLAIN = (0.62, 0.42, 0.27, 0.16, 0.09, 0.05, 0.03, 0.02, 0.01, 0.01)
DUCK_TRUMP = (0.95, 0.65, 0.4, 0.22, 0.12, 0.06, 0.03, 0.02, 0.01, 0.01)
DUCK_PLAIN = (0.3, 0.12, 0.05, 0.02, 0.01, 0.01, 0.0, 0.0, 0.0, 0.0)


def _outranked(card: int, trump: int, unseen: int) -> tuple[bool, int]:
    """Whether the card is a trump, and how many unseen cards outrank it in its best suit."""
    above = unseen & ABOVE[RANK[card]]
    if carries(card, trump):
        return True, min(9, (above & SUIT_CARDS[trump]).bit_count())
    return False, min(9, min((above & SUIT_CARDS[s]).bit_count() for s in CARD_SUITS[card]))


def trick_chances(cards: int, trump: int, unseen: int, take: bool) -> list[float]:
    """Each card's chance of taking a trick, playing to take or to duck."""
    tables = (TAKE_TRUMP, TAKE_PLAIN) if take else (DUCK_TRUMP, DUCK_PLAIN)
    chances = []
    for card in cards_of(cards & BASIC):
        is_trump, above = _outranked(card, trump, unseen)
        chances.append(tables[0][above] if is_trump else tables[1][above])
    return chances


def distribution(chances: Sequence[float]) -> list[float]:
    """The chance of each number of tricks, cards taken as independent."""
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


def bid_values(cards: int, trump: int, tricks: int) -> list[float]:
    """The expected score of each bid (by index) holding `cards` under `trump`."""
    unseen = BASIC & ~cards
    take = distribution(trick_chances(cards, trump, unseen, True))
    duck = distribution(trick_chances(cards, trump, unseen, False))
    values = [0.0] * len(BIDS)
    for bid, dist in ((SOME, take), (MOST, take), (NONE, duck)):
        values[bid] = sum(q * hand_points(BIDS[bid], k, tricks) for k, q in enumerate(dist))
    return values


def sensible_bid(
    cards: int, up: int, up_suits: Sequence[int], trump: int, holds_excuse: bool, tricks: int
) -> int:
    """The bid with the best expected score.

    `trump` is the trump if the up card settles it; when it is one of
    `up_suits`, to be called later, the Excuse's holder counts on calling the
    better one (and on the up card joining its hand); anyone else averages.
    """
    if holds_excuse:
        cards = (cards | 1 << up) & ~(1 << EXCUSE)
    if len(up_suits) < 2:
        return _best(bid_values(cards, trump, tricks))
    per_suit = [bid_values(cards, suit, tricks) for suit in up_suits]
    if holds_excuse:
        return _best([max(v[b] for v in per_suit) for b in range(len(BIDS))])
    return _best([sum(v[b] for v in per_suit) / len(per_suit) for b in range(len(BIDS))])


def sensible_call(cards: int, up_suits: Sequence[int], bid: int, tricks: int) -> int:
    """The suit of the up card that makes the caller's bid worth most."""
    return max(up_suits, key=lambda suit: bid_values(cards, suit, tricks)[bid])


def _best(values: Sequence[float]) -> int:
    return max(range(len(values)), key=lambda b: values[b])


@dataclass(frozen=True)
class Deal:
    """A hand before play: cards by seat (the Excuse still held), the up card, the bids.

    The strong bot draws these for decisions made while bidding, and
    `play_ready` finishes the bidding by the sensible policy.
    """

    cards: tuple[int, ...]
    up: int
    dealer: int
    bids: tuple[int, ...]
    trump: int

    def play_ready(self) -> Hand:
        """Bids still to come, the Excuse's reveal, the call and the take, then play."""
        n = len(self.cards)
        tricks = (len(_CARDS) - 1) // n
        up_suits = CARD_SUITS[self.up] if self.up != EXCUSE else ()
        bids = list(self.bids)
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            if bids[seat] < 0:
                held = bool(self.cards[seat] >> EXCUSE & 1)
                bids[seat] = sensible_bid(
                    self.cards[seat], self.up, up_suits, self.trump, held, tricks
                )
        hands = list(self.cards)
        trump = self.trump
        holder = next((s for s in range(n) if hands[s] >> EXCUSE & 1), None)
        if holder is not None:
            hands[holder] = (hands[holder] & ~(1 << EXCUSE)) | 1 << self.up
            if len(up_suits) == 2:
                trump = sensible_call(hands[holder], up_suits, bids[holder], tricks)
        return Hand(hands, trump, bids, (self.dealer + 1) % n, tricks)


def hand_value(points: Sequence[int], seat: int) -> float:
    """A seat's hand score against the others' average: what wins the game."""
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - sum(others) / len(others)


def rollout(hand: Hand) -> list[int]:
    """Play the hand to its end by the sensible policy; the points by seat."""
    while not hand.done:
        hand.play(*sensible_play(hand, hand.turn))
    return hand.points()


__all__ = [
    "BIDS",
    "MOST",
    "NONE",
    "NO_TRUMP",
    "SOME",
    "Deal",
    "Hand",
    "hand_value",
    "rollout",
    "sensible_bid",
    "sensible_call",
    "sensible_play",
]
