"""Nonesuch bots: the sensible policy (tactics.py) and sampled-deal search (strong).

Both decide from their seat's view only. The view is turned into the fast
model of `tactics`: the sensible bot fills in only its own hand, the strong
bot fills the other hands with samples that fit everything it has seen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from sixdot.bots import Explaining, Reason, within_budget
from sixdot.core import Action
from sixdot.games.nonesuch.cards import SUITS, Card, Suit, deck, excuse
from sixdot.games.nonesuch.rules import Call, Lead, MakeBid, Phase, Play, View
from sixdot.games.nonesuch.tactics import (
    BASIC,
    BIDS,
    CARD_SUITS,
    EXCUSE,
    NO_TRUMP,
    STRENGTH,
    Deal,
    Hand,
    cards_of,
    hand_value,
    rollout,
    sensible_bid,
    sensible_call,
    sensible_play,
    taking,
)

#: The strong bot stops sampling after this many deals even with time left.
MAX_SAMPLES = 400


def mask(cards: Sequence[Card]) -> int:
    """Cards as a bit set of deck indexes."""
    return sum(1 << card.index for card in cards)


def suit_index(suit: Suit | None) -> int:
    return NO_TRUMP if suit is None else SUITS.index(suit)


def up_suits(view: View) -> tuple[int, ...]:
    """The up card's suits while trump is still to be called, else none."""
    return () if view.trump_settled else CARD_SUITS[view.up.index]


def model(view: View, hands: list[int]) -> Hand:
    """The hand in play as the fast model, with `hands` as every seat's cards."""
    n = view.players
    bids = [BIDS.index(b) if b is not None else -1 for b in view.bids]
    hand = Hand(hands, suit_index(view.trump), bids, view.to_act[0], view.tricks_per_hand)
    hand.taken = list(view.taken)
    hand.trick_no = len(view.tricks)
    hand.broken = view.broken or view.trump is None
    hand.played = mask(view.played)
    if view.current is not None:
        hand.named = SUITS.index(view.current.suit)
        for seat, card in view.current.plays:
            hand.plays.append((seat, card.index))
            power = STRENGTH[card.index][hand.named][hand.trump]
            if power > hand.best:
                hand.best, hand.best_seat = power, seat
    assert len(hand.plays) < n
    return hand


def voids(view: View) -> list[int]:
    """Suits each seat has shown it lacks (bits by suit index): it failed to follow them."""
    out = [0] * view.players
    tricks = (*view.tricks, view.current) if view.current else view.tricks
    for trick in tricks:
        for seat, card in trick.plays[1:]:
            if not card.carries(trick.suit):
                out[seat] |= 1 << SUITS.index(trick.suit)
    return out


def action_for(view: View, legal: Sequence[Action], card: int, suit: int) -> Action:
    """The rules' action for the model's (card, suit) choice."""
    chosen = deck()[card]
    if view.current is None:
        return Lead(chosen, SUITS[suit])
    play = Play(chosen)
    assert play in legal
    return play


class SensibleBot(Explaining):
    """Bids the best expected score from its cards; plays to make that bid:
    None ducks, Most takes, Some takes one trick and then ducks."""

    level = "sensible"

    def decide(self, view: View, legal: Sequence[Action]) -> tuple[Action, Reason | None]:
        if len(legal) == 1:
            return legal[0], None
        if view.phase is Phase.BID:
            bid = BIDS[self.bid(view)]
            return MakeBid(bid), Reason.of("why-non-bid", bid=bid.value)
        if view.phase is Phase.CALL:
            suit = SUITS[self.call(view)]
            return Call(suit), Reason.of("why-non-call", suit=suit.value)
        hands = [0] * view.players
        hands[view.seat] = mask(view.hand)
        hand = model(view, hands)
        card, suit = sensible_play(hand, view.seat)
        bid = view.bids[view.seat]
        key = play_reason(hand, view.seat, card)
        why = Reason.of(key, bid=bid.value) if bid is not None else None
        return action_for(view, legal, card, suit), why

    def bid(self, view: View) -> int:
        held = excuse() in view.hand
        return sensible_bid(
            mask(view.hand),
            view.up.index,
            up_suits(view),
            suit_index(view.trump),
            held,
            view.tricks_per_hand,
        )

    def call(self, view: View) -> int:
        bid = view.bids[view.seat]
        assert bid is not None
        cards = mask(view.hand) | 1 << view.up.index
        return sensible_call(
            cards, CARD_SUITS[view.up.index], BIDS.index(bid), view.tricks_per_hand
        )


# --- the strong bot: determinized Monte Carlo -----------------------------


def sample_hands(view: View, rng: random.Random) -> list[int] | None:
    """Every seat's cards, the others drawn to fit what this seat has seen.

    The up card is with the Excuse's holder once taken (unless played); a
    seat that failed to follow a suit holds no card of it. During bidding
    the Excuse is somewhere among the others unless this seat holds it.
    None if the draw hit a dead end (the caller draws again).
    """
    n, seat = view.players, view.seat
    hands = [0] * n
    hands[seat] = mask(view.hand)
    room = list(view.hand_sizes)
    room[seat] = 0
    played = mask(view.played)
    pool = (BASIC | 1 << EXCUSE) & ~hands[seat] & ~played & ~(1 << view.up.index)
    if view.phase is not Phase.BID:
        pool &= ~(1 << EXCUSE)
    up = view.up.index
    if view.up_taken and view.excuse_seat != seat and not played >> up & 1:
        holder = view.excuse_seat
        assert holder is not None
        hands[holder] |= 1 << up
        room[holder] -= 1
    void = voids(view)
    suits_of = [sum(1 << s for s in CARD_SUITS[c]) for c in range(len(deck()))]

    def fits(card: int, s: int) -> bool:
        return room[s] > 0 and not suits_of[card] & void[s]

    cards = cards_of(pool)
    rng.shuffle(cards)
    cards.sort(key=lambda c: sum(fits(c, s) for s in range(n)))
    for card in cards:
        options = [s for s in range(n) if fits(card, s)]
        if not options:
            return None
        where = rng.choices(options, [room[s] for s in options])[0]
        hands[where] |= 1 << card
        room[where] -= 1
    return hands


class StrongBot(SensibleBot):
    """Samples deals that fit what it has seen and plays each candidate out by
    the sensible policy, keeping the one that scores best against the others.

    It bids, calls trump and plays this way, thinking for the table's `think`
    option (milliseconds) per decision, at most MAX_SAMPLES deals, or for
    exactly `samples` deals when that option is set.
    """

    level = "strong"

    def reason(self, view: View, legal: Sequence[Action], action: Action) -> Reason | None:
        """Its weighing of sampled deals has no one reason to give."""
        del view, legal, action
        return None

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        trial: Callable[[list[int], Action], list[int]]
        if view.phase is Phase.BID:
            trial = self._bid_trial(view)
        elif view.phase is Phase.CALL:
            trial = self._call_trial(view)
        else:
            trial = self._play_trial(view)
        value = [0.0] * len(legal)
        samples = 0
        draw = partial(sample_hands, view, self.random)
        for hands in within_budget(draw, view.think_ms, MAX_SAMPLES, view.samples):
            for i, action in enumerate(legal):
                value[i] += hand_value(trial(hands, action), view.seat)
            samples += 1
        if samples == 0:
            return super().choose(view, legal)
        return legal[max(range(len(legal)), key=value.__getitem__)]

    def _bid_trial(self, view: View) -> Callable[[list[int], Action], list[int]]:
        known = [BIDS.index(b) if b is not None else -1 for b in view.bids]
        trump = suit_index(view.trump)

        def trial(hands: list[int], action: Action) -> list[int]:
            assert isinstance(action, MakeBid)
            bids = list(known)
            bids[view.seat] = BIDS.index(action.bid)
            deal = Deal(tuple(hands), view.up.index, view.dealer, tuple(bids), trump)
            return rollout(deal.play_ready())

        return trial

    def _call_trial(self, view: View) -> Callable[[list[int], Action], list[int]]:
        bids = [BIDS.index(b) for b in view.bids if b is not None]
        first = (view.dealer + 1) % view.players

        def trial(hands: list[int], action: Action) -> list[int]:
            assert isinstance(action, Call)
            mine = list(hands)
            mine[view.seat] |= 1 << view.up.index
            trump = SUITS.index(action.suit)
            return rollout(Hand(mine, trump, list(bids), first, view.tricks_per_hand))

        return trial

    def _play_trial(self, view: View) -> Callable[[list[int], Action], list[int]]:
        def trial(hands: list[int], action: Action) -> list[int]:
            hand = model(view, list(hands))
            if isinstance(action, Lead):
                hand.play(action.card.index, SUITS.index(action.suit))
            else:
                assert isinstance(action, Play)
                hand.play(action.card.index)
            return rollout(hand)

        return trial


def play_reason(hand: Hand, seat: int, card: int) -> str:
    """Why `sensible_play` plays `card`, as a phrase key, true of the trick
    as it stands: a card said to take a trick beats the cards played to it.

    Playing to take with nothing that beats the trick, the least useful card
    goes; playing to lose with nothing that loses, the highest is shed when the
    trick is taken anyway, else the lowest, which a later card may still beat.
    """
    take = taking(hand, seat)
    if not hand.plays:
        return "why-non-take" if take else "why-non-duck"
    beats = STRENGTH[card][hand.named][hand.trump] > hand.best
    if take:
        return "why-non-take" if beats else "why-non-cannot-take"
    if not beats:
        return "why-non-duck"
    return "why-non-shed" if len(hand.plays) == hand.n - 1 else "why-non-stay-low"


__all__ = ["SensibleBot", "StrongBot"]
