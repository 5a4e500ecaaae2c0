"""Nonesuch in words: cards by name, rank and suits; bids, trump, tricks and reviews.

Long lists are said one suit a line (issue 18): a number card carries two
suits and is listed under both, because a player following a suit wants every
card that can follow it together, as the arrow keys' groups give them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sixdot.core import Action, Event, Refusal
from sixdot.games.nonesuch.cards import ACE, CROWN, SUITS, Card, Suit, find_suit
from sixdot.games.nonesuch.rules import (
    Bid,
    BidDecided,
    CardLed,
    CardsDealt,
    HandScored,
    Lead,
    MakeBid,
    Phase,
    Play,
    Trick,
    TrickWon,
    TrumpFrom,
    UpCardTurned,
    View,
    most_needed,
    trick_winner,
    trump_from,
)
from sixdot.present.focus import FocusItem
from sixdot.present.groups import DISPLAY, parts
from sixdot.present.phrasebook import Verbosity
from sixdot.present.presenter import Presenter, alternatives


class NonesuchPresenter(Presenter):
    prefix = "non"
    #: (seat, tricks) the last trick's tally said at full verbosity, so a bid
    #: decided by that trick is not told its tricks again; None once used.
    tallied: tuple[int, int] | None = None

    def asked(self, view: View) -> dict[str, Any]:
        return {"trick": view.trick_number}

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
        """`Chance Meeting 7, Moons and Leaves`, `Bard Crown of Suns`; an Ace is `Ace of Moons`.

        Name and rank first, as a suit's line says them, then the suits.
        """
        if card.is_excuse or card.rank == ACE:
            return self.detail(card)
        if card.rank == CROWN:
            return self.words("non-card", name=card.name, detail=self.detail(card))
        first, second = (s.value for s in card.suits)
        return self.words(
            "non-card-named", name=card.name, rank=card.rank, first=first, second=second
        )

    def item(self, card: Card) -> str:
        """A card inside its suit's line, where the suit is said: `Pact 9`, `Ace`, `Sea Crown`."""
        if card.is_excuse:
            return self.words("non-card-excuse")
        return self.words("non-item", name=card.name, rank=card.rank)

    def as_led(self, card: Card, suit: Suit) -> str:
        """A card led, after the suit it is led in: `Pact 9, also Suns`, `Ace`."""
        if not card.is_number:
            return self.item(card)
        other = next(s for s in card.suits if s is not suit)
        return self.words("non-item-also", item=self.item(card), other=other.value)

    def cards(self, cards: Sequence[Any]) -> str:
        """Cards in a list; by semicolons when the names hold commas, as full ones do."""
        return _listed([self.card(c) for c in cards]) or self.words("non-none")

    def reason(self, refusal: Refusal) -> str:
        """The cards that must follow are said as the suit's line says them: `Pact 9, Ace`."""
        if refusal.key == "refuse-non-must-follow":
            suit, cards = refusal.args["suit"], refusal.args["cards"]
            listed = ", ".join(self.item(c) for c in sorted(cards, key=_rank))
            return self.words(refusal.key, suit=suit.value, cards=listed)
        return super().reason(refusal)

    def event_args(self, event: Event) -> dict[str, Any]:
        """A card's bare name is `$name` and a number card's suits `$first_suit`
        and `$second_suit`."""
        args = super().event_args(event)
        if (card := getattr(event, "card", None)) is not None:
            args["name"] = card.name
            if card.is_number:
                args["first_suit"], args["second_suit"] = (s.value for s in card.suits)
            if (suit := getattr(event, "suit", None)) is not None and not card.is_excuse:
                args["as_led"] = self.as_led(card, suit)
        return args

    def event(self, event: Event) -> list[str]:
        if isinstance(event, HandScored):
            tricks = sum(event.taken)
            head = self.words("non-hand-scored", hand=event.hand)
            return [head, *self.result_lines(event, tricks)]
        if isinstance(event, UpCardTurned):  # the card, then what it makes trump
            args = self.event_args(event)
            lines = [
                self.words("non-up-card-turned", **args),
                self.words("non-up-card-trump", **args),
            ]
            if event.kind is TrumpFrom.CHOICE and self.full:
                lines.append(self.words("non-up-card-caller"))  # and who chooses
            return lines
        if isinstance(event, CardsDealt):
            cards = event.cards
            return self.listing("non-cards-dealt", cards, self.suit_groups(cards), voids=True)
        if isinstance(event, TrickWon) and self.full:
            # Who took the trick, then the tricks against the bid: one fact a line.
            args = self.event_args(event)
            self.tallied = (event.seat, event.tricks)
            return [self.words("non-trick-won", **args), self.words("non-trick-tally", **args)]
        if isinstance(event, BidDecided) and self.tallied == (event.seat, event.tricks):
            # The tally just said the tricks: the bid's fate without them again.
            self.tallied = None
            return [self.words("non-bid-decided-tallied", **self.event_args(event))]
        return super().event(event)

    @property
    def full(self) -> bool:
        """Full verbosity says one fact a line where brief puts two in one short line."""
        return self.words.verbosity is Verbosity.FULL

    def result_lines(self, event: HandScored, tricks: int) -> list[str]:
        """One line a player, highest total first: the total, then bid, tricks and points."""
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

    # -- suit groups --

    def suit_groups(self, cards: Sequence[Card]) -> list[tuple[str, tuple[Card, ...]]]:
        """Each suit held, in deck order, with its cards lowest first; the Excuse last."""
        groups = [
            (suit.value, tuple(sorted((c for c in cards if c.carries(suit)), key=_rank)))
            for suit in SUITS
        ]
        if any(c.is_excuse for c in cards):
            groups.append((self.words("non-group-none"), tuple(c for c in cards if c.is_excuse)))
        return [(name, held) for name, held in groups if held]

    def group_lines(self, groups: Sequence[tuple[str, tuple[Card, ...]]]) -> list[str]:
        """One line a suit, `Moons, 3 cards: Ace, Pact 9, Bard Crown.`, each inside a
        display; a long suit goes on in the next line, named again: `Moons, more: ...`."""
        out = []
        for name, held in groups:
            items = [self.item(c) for c in held]
            args = {"suit": name, "count": len(held)}
            first = self.words("non-group", cards="", **args)
            more = self.words("non-group-more", cards="", **args)
            head = parts(items, DISPLAY - len(first))[0]
            out.append(self.words("non-group", cards=", ".join(head), **args))
            for part in parts(items[len(head) :], DISPLAY - len(more)):
                out.append(self.words("non-group-more", cards=", ".join(part), **args))
        return out

    def listing(
        self,
        key: str,
        cards: Sequence[Card],
        groups: Sequence[tuple[str, tuple[Card, ...]]],
        voids: bool = False,
        **args: Any,
    ) -> list[str]:
        """A list of cards: whole at full verbosity when it fits a display or is one
        card, else one suit a line.

        `key` words the whole list (`$count`, `$cards`); `key-head` opens the
        grouped lines. With `voids`, full verbosity ends them with the suits held none of.
        """
        if self.full:
            whole = self.words(key, count=len(cards), cards=self.cards(cards), **args)
            if len(whole) <= DISPLAY or len(cards) == 1:
                return [whole]
        lines = [self.words(f"{key}-head", count=len(cards), **args), *self.group_lines(groups)]
        missing = [s.value for s in SUITS if not any(c.carries(s) for c in cards)]
        if voids and missing and cards and self.full:
            lines.append(self.words("non-voids", suits=alternatives(self.words, missing)))
        return lines

    # -- moves and the turn --

    def move(self, action: Action, view: View) -> str:
        if isinstance(action, Lead | Play):
            trump = "yes" if action.card.carries(view.trump) else "no"
            if action.card.rank == ACE:  # `lead Ace of Suns` names it in full already
                return self.words("non-move-ace", notation=action.notation, trump=trump)
            if isinstance(action, Lead) and action.card.is_number:
                other = next(s for s in action.card.suits if s is not action.suit)
                return self.words(
                    "non-move-lead",
                    notation=action.notation,
                    rank=action.card.rank,
                    other=other.value,
                    trump=trump,
                )
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
            terms = {
                "tricks": view.tricks_per_hand,
                "most": most_needed(view.tricks_per_hand),
                "kind": trump_from(view.up).value,
                "trump": _suit(view.trump),
                "first": first,
                "second": second,
            }
            lines = [self.words("non-turn-bid"), self.words("non-turn-bid-terms", **terms)]
            if self.full:  # brief says the trump in the terms line
                lines.append(self.words("non-turn-bid-trump", **terms))
            return lines
        if view.phase is Phase.CALL:
            first, second = (s.value for s in view.up.suits)
            lines = [self.words("non-turn-call", first=first, second=second)]
            if self.full:  # the card the two suits are from
                lines.append(self.words("non-up-card-turned", card=self.card(view.up)))
            return lines
        return self.play_turn(view, legal)

    def first_turn(
        self,
        view: View,
        legal: Sequence[Action],
        heard: Sequence[Event] = (),
        hand_said: bool = False,
    ) -> list[str]:
        """A play asked just after the lead was heard ("Ben leads Waves: Mill 8")
        does not say the trick so far again ("Waves led: Ben is ahead with Mill");
        just after a resume said the hand, a play of any card held does not list
        the hand again ("You may play any card.")."""
        if view.phase is not Phase.PLAY:
            return self.turn(view, legal)
        led = [(e.seat, e.card) for e in heard if isinstance(e, CardLed)]
        trick = view.current
        just_led = trick is not None and len(trick.plays) == 1 and led[-1:] == list(trick.plays)
        return self.play_turn(view, legal, head=not just_led, hand_said=hand_said)

    def play_turn(
        self, view: View, legal: Sequence[Action], head: bool = True, hand_said: bool = False
    ) -> list[str]:
        """The cards that may be played, after the trick so far (`head`) or how
        to lead; all of the hand, just said (`hand_said`), as "any card"."""
        cards = tuple(dict.fromkeys(a.card for a in legal if isinstance(a, Lead | Play)))
        if view.current is None:
            keys = ["non-turn-lead"]
            if not view.broken and view.trump is not None:
                # Why trump may or must lead: after the lead line, or brief in its place.
                every = len(cards) == len(view.hand)
                rule = "non-turn-lead-all" if every else "non-turn-lead-plain"
                keys = [*keys, rule] if self.full else [rule]
            args = {"number": view.trick_number, "trump": _suit(view.trump)}
            lines = [self.words(key, **args) for key in keys]
        else:
            lines = [self.trick_head("non-turn-trick", view.current, view.trump)] if head else []
        if hand_said and len(cards) > 1 and len(cards) == len(view.hand):
            return [*lines, self.words("turn-any-card")]
        return [*lines, *self.listing("non-turn-cards", cards, self.play_groups(view, cards))]

    def play_groups(self, view: View, cards: Sequence[Card]) -> list[tuple[str, tuple[Card, ...]]]:
        """The cards that may be played, one suit a line; following, the suit led alone."""
        led = view.current.suit if view.current is not None else None
        if led is not None and all(c.carries(led) for c in cards):
            return [(led.value, tuple(sorted(cards, key=_rank)))]
        return self.suit_groups(cards)

    def focus(self, view: View, legal: Sequence[Action]) -> list[FocusItem]:
        """The hand one suit a group, lowest first; a number card stands in both its suits.

        In a suit's group a card leads as that suit, so Enter needs no second
        choice, and the label says so ("Mountain 4, Moons and Suns: leads as
        Moons"): Enter acts
        on what the line shows. Following, a card plays as itself wherever it
        stands.
        """
        if view.phase is not Phase.PLAY:
            return super().focus(view, legal)
        plays = [a for a in legal if isinstance(a, Lead | Play)]
        items = []
        for name, held in self.suit_groups(view.hand):
            for card in held:
                mine = tuple(
                    a
                    for a in plays
                    if a.card == card and (not isinstance(a, Lead) or a.suit.value == name)
                )
                label = self.card(card)
                if len(card.suits) > 1 and any(isinstance(a, Lead) for a in mine):
                    label = self.words("non-focus-lead-as", card=label, suit=name)
                items.append(FocusItem(label, _jump(card), mine, group=name))
        return items

    # -- table, hand and review --

    def table(self, view: View) -> list[str]:
        """Where the hand stands, each player, and the trick on the table."""
        out = [*self.status_lines(view), *self.player_lines(view)]
        if view.phase is Phase.PLAY:
            out.extend(self.trick_lines(view))
        return out

    def hand(self, view: View) -> list[str]:
        return self.listing("non-hand", view.hand, self.suit_groups(view.hand), voids=True)

    def own_commands(self) -> dict[str, Callable[[Any, str], list[str]]]:
        return {
            "trump": self.trump_command,
            "bids": lambda view, arg: self.bid_lines(view),
            "suit": self.suit_lines,
        }

    def status_lines(self, view: View) -> list[str]:
        """Hand number, target and dealer; trump; and what the table waits for."""
        out = [
            self.words(
                "non-table-hand",
                hand=view.hand_no,
                target=view.target,
                **self.seat_args("dealer", view.dealer),
            ),
            self.trump_line(view),
        ]
        if view.phase is Phase.PLAY:
            out.append(
                self.words(
                    "non-status-trick", number=view.trick_number, tricks=view.tricks_per_hand
                )
            )
        elif view.to_act:
            out.append(
                self.words(
                    "non-status-waiting",
                    phase=view.phase.value,
                    **self.seat_args("player", view.to_act[0]),
                )
            )
        return out

    def player_lines(self, view: View) -> list[str]:
        """One line a player: the score so far first, then bid, tricks and cards held."""
        return [
            self.words(
                "non-player",
                total=view.totals[s],
                bid=_bid(view.bids[s]),
                taken=view.taken[s],
                held=view.hand_sizes[s],
                **self.seat_args("player", s),
            )
            for s in range(view.players)
        ]

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

    def play_lines(self, trick: Trick) -> list[str]:
        """One line a card played to a trick, in the order played; the lead names the suit."""
        return [
            self.words(
                "non-trick-lead" if n == 0 else "non-trick-play",
                card=self.card(c),
                suit=trick.suit.value,
                as_led=self.as_led(c, trick.suit),
                **self.seat_args("player", s),
            )
            for n, (s, c) in enumerate(trick.plays)
        ]

    def trick_lines(self, view: View) -> list[str]:
        """The trick on the table: who is winning and with what, then each card played."""
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
        return [self.trick_head("non-trick-now", trick, view.trump), *self.play_lines(trick)]

    def trick_head(self, key: str, trick: Trick, trump: Suit | None) -> str:
        """The trick under way in one line: the suit led, who is ahead and with what."""
        winning = trick_winner(trick.plays, trick.suit, trump)
        return self.words(
            key,
            number=trick.number,
            suit=trick.suit.value,
            name=dict(trick.plays)[winning].name,
            **self.seat_args("winning", winning),
        )

    def previous_lines(self, view: View) -> list[str]:
        """The last trick taken: who took it and with what, then each card played."""
        if not view.tricks:
            return [self.words("non-previous-none")]
        trick = view.tricks[-1]
        assert trick.winner is not None
        head = self.words(
            "non-previous",
            number=trick.number,
            suit=trick.suit.value,
            name=dict(trick.plays)[trick.winner].name,
            **self.seat_args("winner", trick.winner),
        )
        return [head, *self.play_lines(trick)]

    def suit_lines(self, view: View, argument: str) -> list[str]:
        """A suit's count of cards played, unseen and held, then the ones played."""
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
            out.append(self.suit_count(view, suit, gone))
            if gone and len(suits) == 1:
                played = self.words("non-suit-played", suit=suit.value)
                out.extend(self.group_lines([(played, tuple(sorted(gone, key=_rank)))]))
        return out

    def suit_count(self, view: View, suit: Suit, gone: Sequence[Card]) -> str:
        """Played, unseen, and held by this seat: a watcher holds none, so "none" leaves it out."""
        mine = sum(1 for c in view.hand if c.carries(suit)) if view.seat is not None else "none"
        known = {*gone, *(c for c in (*view.hand, view.up) if c.carries(suit))}
        return self.words(
            "non-suit", suit=suit.value, count=len(gone), mine=mine, unseen=CROWN - len(known)
        )


def _listed(items: Sequence[str]) -> str:
    return ("; " if any("," in item for item in items) else ", ").join(items)


def _rank(card: Card) -> int:
    return card.rank


def _jump(card: Card) -> str:
    """The letter that jumps to a card: its name's first (`A` for an Ace, `E` the Excuse)."""
    return card.name[:1].upper()


def _suit(suit: Any) -> str:
    return "none" if suit is None else suit.value


def _bid(bid: Bid | None) -> str:
    return "none" if bid is None else bid.value


def _made(bid: Bid, taken: int, tricks: int) -> str:
    """Whether a bid was made, as the phrasebook selector says it."""
    if bid is Bid.SOME:
        return "yes" if taken else "no"
    if bid is Bid.MOST:
        return "yes" if taken >= most_needed(tricks) else "no"
    return "yes" if taken == 0 else "no"


__all__ = ["NonesuchPresenter"]
