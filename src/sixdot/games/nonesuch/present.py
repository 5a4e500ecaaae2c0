"""Nonesuch in words: cards by name, rank and suits; bids, trump, tricks and reviews."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sixdot.core import Action, Event
from sixdot.games.nonesuch.cards import ACE, CROWN, SUITS, Card, find_suit
from sixdot.games.nonesuch.rules import (
    Bid,
    HandScored,
    Lead,
    MakeBid,
    Phase,
    Play,
    Trick,
    TrumpFrom,
    View,
    most_needed,
    trick_winner,
    trump_from,
)
from sixdot.present.focus import FocusItem
from sixdot.present.presenter import Presenter


class NonesuchPresenter(Presenter):
    prefix = "non"

    # -- naming --

    def detail(self, card: Card) -> str:
        """Rank and suits: `7 of Moons and Leaves`, `Crown of Knots`, `Ace of Suns`."""
        if card.is_excuse:
            return self.words("non-card-excuse")
        if card.rank == ACE:
            return self.words("non-card-ace", suit=card.suits[0].value)
        if card.rank == CROWN:
            return self.words("non-card-crown", suit=card.suits[0].value)
        first, second = (s.value for s in card.suits)
        return self.words("non-card-number", rank=card.rank, first=first, second=second)

    def card(self, card: Any) -> str:
        """`Chance Meeting, 7 of Moons and Leaves`; an Ace is just `Ace of Moons`."""
        if card.is_excuse or card.rank == ACE:
            return self.detail(card)
        return self.words("non-card", name=card.name, detail=self.detail(card))

    def cards(self, cards: Sequence[Any]) -> str:
        """Cards in a list; by semicolons when the names hold commas, as full ones do."""
        return _listed([self.card(c) for c in cards]) or self.words("non-none")

    def event_args(self, event: Event) -> dict[str, Any]:
        """A card's bare name is `$name` and a number card's suits `$first_suit`
        and `$second_suit`."""
        args = super().event_args(event)
        if (card := getattr(event, "card", None)) is not None:
            args["name"] = card.name
            if card.is_number:
                args["first_suit"], args["second_suit"] = (s.value for s in card.suits)
        return args

    def event(self, event: Event) -> list[str]:
        if isinstance(event, HandScored):
            tricks = sum(event.taken)
            head = self.words("non-hand-scored", hand=event.hand)
            return [head, *self.result_lines(event, tricks)]
        return super().event(event)

    def result_lines(self, event: HandScored, tricks: int) -> list[str]:
        """One line a player, highest total first: bid, tricks taken, points, total."""
        order = sorted(range(len(event.totals)), key=lambda s: (-event.totals[s], s))
        return [
            self.words(
                "non-hand-result",
                bid=event.bids[s].value,
                taken=event.taken[s],
                made=_made(event.bids[s], event.taken[s], tricks),
                points=event.points[s],
                total=event.totals[s],
                **self.seat_args("player", s),
            )
            for s in order
        ]

    # -- moves and the turn --

    def move(self, action: Action, view: View) -> str:
        if isinstance(action, Lead | Play):
            trump = "yes" if action.card.carries(view.trump) else "no"
            if action.card.rank == ACE:  # `lead Ace of Suns` names it in full already
                return self.words("non-move-ace", notation=action.notation, trump=trump)
            return self.words(
                "non-move-card",
                notation=action.notation,
                detail=self.detail(action.card),
                trump=trump,
            )
        if isinstance(action, MakeBid):
            return self.words("non-move-bid", notation=action.notation, bid=action.bid.value)
        return action.notation

    def turn(self, view: View, legal: Sequence[Action]) -> list[str]:
        """The question alone: the deal has said the cards and the up card already,
        and trump once it is played (the `trump` and `hand` commands repeat them)."""
        if view.phase is Phase.BID:
            first, second = (s.value for s in view.up.suits) if view.up.is_number else ("", "")
            return [
                self.words(
                    "non-turn-bid",
                    tricks=view.tricks_per_hand,
                    most=most_needed(view.tricks_per_hand),
                    kind=trump_from(view.up).value,
                    trump=_suit(view.trump),
                    first=first,
                    second=second,
                )
            ]
        if view.phase is Phase.CALL:
            first, second = (s.value for s in view.up.suits)
            return [
                self.words("non-turn-call", card=self.card(view.up), first=first, second=second)
            ]
        cards = tuple(dict.fromkeys(a.card for a in legal if isinstance(a, Lead | Play)))
        if view.current is None:
            key = "non-turn-lead"
            if not view.broken and view.trump is not None:
                key = "non-turn-lead-all" if len(cards) == len(view.hand) else "non-turn-lead-plain"
            lines = [self.words(key, number=view.trick_number, trump=_suit(view.trump))]
        else:
            lines = self.trick_lines(view)
        lines.append(self.words("non-turn-cards", count=len(cards), cards=self.cards(cards)))
        return lines

    def focus(self, view: View, legal: Sequence[Action]) -> list[FocusItem]:
        """Each card in hand, with its plays (a number card led has one per suit)."""
        if view.phase is not Phase.PLAY:
            return super().focus(view, legal)
        plays = [a for a in legal if isinstance(a, Lead | Play)]
        return [
            FocusItem(self.card(card), card.name[:1], tuple(a for a in plays if a.card == card))
            for card in view.hand
        ]

    # -- table, hand and review --

    def table(self, view: View) -> list[str]:
        out = [
            self.words(
                "non-table-hand",
                hand=view.hand_no,
                target=view.target,
                **self.seat_args("dealer", view.dealer),
            ),
            self.trump_line(view),
            *self.bid_lines(view),
        ]
        if view.phase is Phase.PLAY:
            out.extend(self.trick_lines(view))
        return out

    def hand(self, view: View) -> list[str]:
        return [self.words("non-hand", count=len(view.hand), cards=self.cards(view.hand))]

    def commands(self) -> dict[str, Callable[[Any, str], list[str]]]:
        return {
            "trump": self.trump_command,
            "bids": lambda view, arg: self.bid_lines(view),
            "trick": lambda view, arg: self.trick_lines(view),
            "previous": lambda view, arg: self.previous_lines(view),
            "suit": self.suit_lines,
        }

    def trump_command(self, view: View, argument: str) -> list[str]:
        """`trump` tells; `trump Suns` at the call is a call meant, so say how to make it."""
        if argument.strip() and view.phase is Phase.CALL and view.seat in view.to_act:
            first, second = (s.value for s in view.up.suits)
            return [self.words("non-trump-no-suit", first=first, second=second)]
        return [self.trump_line(view)]

    def trump_line(self, view: View) -> str:
        """The up card and what it says about trump, as far as it is settled."""
        kind = trump_from(view.up)
        if kind is TrumpFrom.CHOICE and not view.trump_settled:
            first, second = (s.value for s in view.up.suits)
            return self.words("non-trump-open", card=view.up.name, first=first, second=second)
        if kind is TrumpFrom.NONE:
            return self.words("non-trump-none")
        if view.phase is Phase.PLAY:
            broken = "yes" if view.broken else "no"
            return self.words("non-trump-play", trump=_suit(view.trump), broken=broken)
        return self.words("non-trump", trump=_suit(view.trump), card=self.card(view.up))

    def bid_lines(self, view: View) -> list[str]:
        """Each player's bid and tricks so far, and what the bid still needs."""
        tricks = view.tricks_per_hand
        out = []
        for s in range(view.players):
            bid = view.bids[s]
            if bid is None:
                out.append(self.words("non-bid-none", **self.seat_args("player", s)))
                continue
            out.append(
                self.words(
                    "non-bid-line",
                    bid=bid.value,
                    taken=view.taken[s],
                    need=most_needed(tricks) if bid is Bid.MOST else 1,
                    **self.seat_args("player", s),
                )
            )
        return out

    def plays_said(self, trick: Trick) -> str:
        return _listed(
            [
                self.words("non-trick-play", card=self.card(c), **self.seat_args("player", s))
                for s, c in trick.plays
            ]
        )

    def trick_lines(self, view: View) -> list[str]:
        """The trick on the table: its number, the suit named, the cards so far."""
        if view.phase is not Phase.PLAY:
            return [self.words("non-trick-none")]
        trick = view.current
        if trick is None:
            return [
                self.words(
                    "non-trick-empty",
                    number=view.trick_number,
                    **self.seat_args("leader", view.to_act[0]),
                )
            ]
        winning = trick_winner(trick.plays, trick.suit, view.trump)
        return [
            self.words(
                "non-trick-now",
                number=trick.number,
                suit=trick.suit.value,
                plays=self.plays_said(trick),
                **self.seat_args("winning", winning),
            )
        ]

    def previous_lines(self, view: View) -> list[str]:
        if not view.tricks:
            return [self.words("non-previous-none")]
        trick = view.tricks[-1]
        return [
            self.words(
                "non-previous",
                number=trick.number,
                suit=trick.suit.value,
                plays=self.plays_said(trick),
                **self.seat_args("winner", trick.winner),
            )
        ]

    def suit_lines(self, view: View, argument: str) -> list[str]:
        """A suit's cards played this hand, and how many of it are still unseen."""
        if not argument.strip():
            suits = SUITS
        elif (found := find_suit(argument)) is not None:
            suits = (found,)
        else:
            names = self.join([s.value for s in SUITS])
            return [self.words("non-suit-unknown", text=argument.strip(), suits=names)]
        out = []
        for suit in suits:
            gone = tuple(c for c in view.played if c.carries(suit))
            mine = sum(1 for c in view.hand if c.carries(suit))
            known = {*gone, *(c for c in (*view.hand, view.up) if c.carries(suit))}
            unseen = CROWN - len(known)
            out.append(
                self.words(
                    "non-suit",
                    suit=suit.value,
                    count=len(gone),
                    cards=self.cards(gone),
                    mine=mine,
                    unseen=unseen,
                )
            )
        return out


def _listed(items: Sequence[str]) -> str:
    return ("; " if any("," in item for item in items) else ", ").join(items)


def _suit(suit: Any) -> str:
    return "none" if suit is None else suit.value


def _made(bid: Bid, taken: int, tricks: int) -> str:
    """Whether a bid was made, as the phrasebook selector says it."""
    if bid is Bid.SOME:
        return "yes" if taken else "no"
    if bid is Bid.MOST:
        return "yes" if taken >= most_needed(tricks) else "no"
    return "yes" if taken == 0 else "no"


__all__ = ["NonesuchPresenter"]
