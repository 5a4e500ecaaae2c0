"""Nonesuch rules by example: the deck, the deal, trump, bids, the Excuse,
leading, following, taking tricks, scoring and the end of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sixdot.core import IllegalAction, replay
from sixdot.games.nonesuch.cards import SUITS, Card, Suit, deck, excuse, find_card
from sixdot.games.nonesuch.rules import (
    RULES,
    Bid,
    BidDecided,
    BidMade,
    Call,
    CardLed,
    CardPlayed,
    ExcuseRevealed,
    GameEnded,
    HandScored,
    Lead,
    MakeBid,
    Phase,
    Play,
    State,
    Trick,
    TrickWon,
    TrumpBroken,
    TrumpCalled,
    TrumpFrom,
    UpCardTaken,
    UpCardTurned,
    hand_points,
    trick_winner,
    tricks_per_hand,
    trump_from,
)

MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS = SUITS


def card(name: str) -> Card:
    found = find_card(name)
    assert found is not None, name
    return found


def cards(*names: str) -> tuple[Card, ...]:
    return tuple(sorted(card(n) for n in names))


def start(players: int = 3, seed: int = 1, **options: object) -> State:
    state = RULES.new_game(players, options or None, seed)
    assert isinstance(state, State)
    return state


def playing(hands: tuple[tuple, ...], trump: Suit | None, *, broken: bool = False) -> State:
    """A three-player hand in play with the given cards, seat 0 to lead."""
    state = start()
    return replace(
        state,
        phase=Phase.PLAY,
        hands=hands,
        trump=trump,
        bids=(Bid.SOME, Bid.MOST, Bid.NONE),
        turn=0,
        broken=broken,
        dealer=2,
    )


# -- the deck ---------------------------------------------------------------


def test_the_deck_is_the_basic_decktet_and_the_excuse() -> None:
    assert len(deck()) == 37
    assert sum(c.is_excuse for c in deck()) == 1
    for suit in SUITS:
        ranks = sorted(c.rank for c in deck() if c.carries(suit))
        assert ranks == list(range(1, 11)), suit
    assert card("Chance Meeting").suits == (MOONS, LEAVES)
    assert card("Chance Meeting").rank == 7
    assert card("Huntress").suits == (MOONS,) and card("Huntress").rank == 10
    assert card("Ace of Knots").suits == (KNOTS,) and card("Ace of Knots").rank == 1


def test_braille_faces_are_the_suit_letters() -> None:
    assert str(card("Chance Meeting")) == "MoLe"
    assert str(card("Windfall")) == "Kn"
    assert str(excuse()) == "Excuse"


# -- the deal and trump -----------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(3, 12), (4, 9)])
def test_the_deal_leaves_one_up_card(players: int, each: int) -> None:
    state = start(players)
    assert tricks_per_hand(players) == each
    assert all(len(hand) == each for hand in state.hands)
    dealt = {c for hand in state.hands for c in hand}
    assert len(dealt) == players * each
    assert state.up not in dealt
    assert dealt | {state.up} == set(deck())


def up_card_seed(kind: TrumpFrom) -> int:
    """The first seed whose first up card is of this kind."""
    return next(seed for seed in range(500) if trump_from(start(seed=seed).up) is kind)


def bid_all(state: State, bid: Bid = Bid.SOME) -> tuple[State, list]:
    events: list = []
    while state.phase is Phase.BID:
        state, more = state.apply(state.turn, MakeBid(bid))
        events += more
    return state, events


def test_an_ace_or_crown_up_makes_its_suit_trump_at_once() -> None:
    state = start(seed=up_card_seed(TrumpFrom.SUIT))
    assert state.up.rank in (1, 10) and state.trump == state.up.suits[0]
    _, events = RULES.begin(3, None, up_card_seed(TrumpFrom.SUIT))
    turned = [e for e in events if isinstance(e, UpCardTurned)]
    assert turned == [UpCardTurned(state.up, TrumpFrom.SUIT, state.up.suits[0])]
    after, events = bid_all(state)
    holder = state.excuse_seat
    assert holder is not None
    assert ExcuseRevealed(holder) in events and UpCardTaken(holder, state.up) in events
    assert after.phase is Phase.PLAY and after.trump == state.up.suits[0]
    assert state.up in after.hands[holder] and excuse() not in after.hands[holder]


def test_a_number_card_up_lets_the_excuse_holder_call_one_of_its_suits() -> None:
    state = start(seed=up_card_seed(TrumpFrom.CHOICE))
    assert state.up.is_number and state.trump is None
    holder = state.excuse_seat
    assert holder is not None
    calling, events = bid_all(state)
    assert events[-1] == ExcuseRevealed(holder)
    assert calling.phase is Phase.CALL and calling.to_act() == (holder,)
    assert calling.legal_actions(holder) == tuple(Call(s) for s in state.up.suits)
    other = next(s for s in SUITS if s not in state.up.suits)
    with pytest.raises(IllegalAction) as refused:
        calling.apply(holder, Call(other))
    assert refused.value.refusal.key == "refuse-non-call-up-suit"
    chosen = state.up.suits[1]
    after, events = calling.apply(holder, Call(chosen))
    assert events == (TrumpCalled(holder, chosen), UpCardTaken(holder, state.up))
    assert after.trump is chosen and after.phase is Phase.PLAY


def test_the_excuse_up_means_no_trump_and_nobody_takes_it() -> None:
    state = start(seed=up_card_seed(TrumpFrom.NONE))
    assert state.up == excuse() and state.excuse_seat is None and state.trump is None
    after, events = bid_all(state)
    assert not any(isinstance(e, ExcuseRevealed | UpCardTaken) for e in events)
    assert after.phase is Phase.PLAY and after.trump is None
    assert all(excuse() not in hand for hand in after.hands)
    assert sum(len(h) for h in after.hands) == 36


# -- bidding ----------------------------------------------------------------


def test_bids_go_round_from_the_dealers_left_and_are_public() -> None:
    state = start(4, seed=3)
    first = (state.dealer + 1) % 4
    order = []
    events: list = []
    while state.phase is Phase.BID:
        order.append(state.turn)
        state, more = state.apply(state.turn, MakeBid(Bid.MOST))
        events += more
    assert order == [(first + i) % 4 for i in range(4)]
    assert [e for e in events if isinstance(e, BidMade)] == [BidMade(s, Bid.MOST) for s in order]
    assert all(e.visible_to(s) for e in events for s in range(4))


def test_play_starts_at_the_dealers_left() -> None:
    state, _ = bid_all(start(seed=4))
    if state.phase is Phase.CALL:
        state, _ = state.apply(state.turn, state.legal_actions(state.turn)[0])
    assert state.phase is Phase.PLAY and state.turn == (state.dealer + 1) % 3


# -- leading ----------------------------------------------------------------


def test_no_card_carrying_trump_leads_before_a_trump_is_played() -> None:
    hand = cards("Pact", "Mill", "Huntress")  # Pact is Moons and Suns; trump Suns
    state = playing((hand, cards("Sea"), cards("End")), SUNS)
    led = {a.card.name for a in state.legal_actions(0)}
    assert led == {"Mill", "Huntress"}
    refusal = state.refusal(0, Lead(card("Pact"), MOONS))
    assert refusal is not None and refusal.key == "refuse-non-trump-not-broken"


def test_a_hand_of_nothing_but_trumps_may_lead_one() -> None:
    hand = cards("Pact", "Bard")
    state = playing((hand, cards("Sea", "End"), cards("Mill", "Cave")), SUNS)
    assert {a.card.name for a in state.legal_actions(0)} == {"Pact", "Bard"}


def test_once_trump_is_played_trumps_may_be_led() -> None:
    state = playing((cards("Pact", "Mill"), cards("Sea"), cards("End")), SUNS, broken=True)
    assert Lead(card("Pact"), SUNS) in state.legal_actions(0)


def test_with_no_trump_any_card_leads() -> None:
    state = playing((cards("Pact", "Mill"), cards("Sea"), cards("End")), None)
    assert len(state.legal_actions(0)) == 4  # two cards, each led in either suit


def test_the_leader_names_one_suit_of_a_number_card_and_an_ace_names_its_own() -> None:
    state = playing((cards("Journey", "Ace of Knots"), cards("Sea"), cards("End")), None)
    assert state.legal_actions(0) == (
        Lead(card("Ace of Knots"), KNOTS),
        Lead(card("Journey"), MOONS),
        Lead(card("Journey"), WAVES),
    )
    refusal = state.refusal(0, Lead(card("Journey"), SUNS))
    assert refusal is not None and refusal.key == "refuse-non-suit-not-on-card"
    refusal = state.refusal(0, Play(card("Journey")))
    assert refusal is not None and refusal.key == "refuse-non-lead-names-suit"
    assert refusal.args["lead"] == "lead Journey as Moons" and refusal.args["other"] == WAVES


def test_play_at_a_lead_leads_an_ace_or_crown_in_its_one_suit() -> None:
    state = playing((cards("Journey", "Ace of Knots"), cards("Sea"), cards("End")), None)
    play = RULES.parse_action("play Ace of Knots")
    assert state.refusal(0, play) is None
    assert state.interpretations(0, play) == (Lead(card("Ace of Knots"), KNOTS),)
    after, events = state.apply(0, play)
    assert events[0] == CardLed(0, card("Ace of Knots"), KNOTS, False, 1)
    assert after == state.apply(0, Lead(card("Ace of Knots"), KNOTS))[0]


def test_play_at_a_lead_still_keeps_the_trump_rule() -> None:
    hand = cards("Sea", "Pact")  # Sea is the Crown of Waves; Waves are trump, none played
    state = playing((hand, cards("End"), cards("Cave")), WAVES)
    refusal = state.refusal(0, Play(card("Sea")))
    assert refusal is not None and refusal.key == "refuse-non-trump-not-broken"


# -- following and winning --------------------------------------------------


def test_following_is_by_the_named_suit_only() -> None:
    # Journey (Moons, Waves) led as Waves: Lunatic and Sailor carry Waves, Forest does not.
    state = playing((cards("Journey"), cards("Lunatic", "Sailor", "Forest"), cards("End")), KNOTS)
    state, events = state.apply(0, Lead(card("Journey"), WAVES))
    assert events[0] == CardLed(0, card("Journey"), WAVES, False, 1)
    assert {a.card.name for a in state.legal_actions(1)} == {"Lunatic", "Sailor"}
    refusal = state.refusal(1, Play(card("Forest")))
    assert refusal is not None and refusal.key == "refuse-non-must-follow"


def test_a_card_whose_other_suit_is_trump_follows_and_wins_as_a_trump() -> None:
    # Waves named; Lunatic (Moons, Waves) follows Waves and, Moons being trump, is a trump.
    state = playing((cards("Mill"), cards("Lunatic", "Forest"), cards("Darkness")), MOONS)
    state, _ = state.apply(0, Lead(card("Mill"), WAVES))
    assert {a.card.name for a in state.legal_actions(1)} == {"Lunatic"}
    state, events = state.apply(1, Play(card("Lunatic")))
    assert events == (
        CardPlayed(1, card("Lunatic"), WAVES, True, True),
        TrumpBroken(1, MOONS),
    )
    state, events = state.apply(2, Play(card("Darkness")))  # 9 of Waves beats 8, not a trump
    won = next(e for e in events if isinstance(e, TrickWon))
    assert won.seat == 1 and won.card == card("Lunatic")
    assert state.turn == 1 and state.broken


def test_without_trumps_the_highest_card_of_the_named_suit_wins() -> None:
    plays = ((0, card("Mill")), (1, card("Huntress")), (2, card("Darkness")))
    assert trick_winner(plays, WAVES, KNOTS) == 2  # the Crown of Moons has no Waves


def test_a_player_without_the_suit_plays_anything_and_a_low_trump_wins() -> None:
    state = playing((cards("Sea"), cards("Ace of Suns", "Forest"), cards("Mill")), SUNS)
    state, _ = state.apply(0, Lead(card("Sea"), WAVES))
    assert len(state.legal_actions(1)) == 2
    state, _ = state.apply(1, Play(card("Ace of Suns")))
    _, events = state.apply(2, Play(card("Mill")))
    assert next(e for e in events if isinstance(e, TrickWon)).seat == 1


def test_aces_are_low_and_crowns_high_among_trumps() -> None:
    plays = ((0, card("Ace of Moons")), (1, card("Author")), (2, card("Huntress")))
    assert trick_winner(plays, MOONS, None) == 2
    assert trick_winner(plays[:2], MOONS, None) == 1


def test_playing_out_of_turn_or_a_card_not_held_is_refused_and_changes_nothing() -> None:
    state = playing((cards("Mill"), cards("Sea"), cards("End")), None)
    with pytest.raises(IllegalAction):
        state.apply(1, Play(card("Sea")))
    refusal = state.refusal(0, Lead(card("Sea"), WAVES))
    assert refusal is not None and refusal.key == "refuse-non-not-held"
    assert state.refusal(0, MakeBid(Bid.SOME)).key == "refuse-non-bidding-over"  # type: ignore[union-attr]


# -- scoring ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "taken", "tricks", "points"),
    [
        (Bid.SOME, 3, 12, 3),  # Some made: a point a trick
        (Bid.SOME, 0, 12, 0),  # Some failed: nothing
        (Bid.SOME, 2, 9, 2),
        (Bid.SOME, 0, 9, 0),
        (Bid.MOST, 6, 12, 12),  # Most made with exactly half: two a trick
        (Bid.MOST, 8, 12, 16),
        (Bid.MOST, 5, 12, -1),  # one short of six
        (Bid.MOST, 2, 12, -4),
        (Bid.MOST, 5, 9, 10),  # half of 9 rounds up to 5
        (Bid.MOST, 4, 9, -1),
        (Bid.MOST, 0, 9, -5),
        (Bid.NONE, 0, 12, 12),  # None made: the number of tricks
        (Bid.NONE, 3, 12, -3),  # None failed: minus one a trick
        (Bid.NONE, 0, 9, 9),
        (Bid.NONE, 1, 9, -1),
    ],
)
def test_scoring_every_bid_made_and_failed(bid: Bid, taken: int, tricks: int, points: int) -> None:
    assert hand_points(bid, taken, tricks) == points


def test_the_last_trick_scores_the_hand_and_deals_the_next() -> None:
    state = playing((cards("Mill"), cards("Sea"), cards("End")), None)
    state = replace(state, taken=(0, 5, 6), tricks=tuple(_tricks(11)), scores=(2, 3, 4))
    state, _ = state.apply(0, Lead(card("Mill"), WAVES))
    state, _ = state.apply(1, Play(card("Sea")))
    state, events = state.apply(2, Play(card("End")))
    scored = next(e for e in events if isinstance(e, HandScored))
    # Seat 1 takes the last trick: Some 0 = 0, Most 6 of 12 = 12, None 6 = -6.
    assert scored.taken == (0, 6, 6)
    assert scored.points == (0, 12, -6)
    assert scored.totals == (2, 15, -2)
    assert state.hand_no == 2 and state.phase is Phase.BID
    assert state.dealer == 0  # the deal passes left


def _tricks(count: int) -> list[Trick]:
    return [Trick(i + 1, 0, WAVES, ()) for i in range(count)]


def test_bid_fates_are_told_when_sealed() -> None:
    state = playing((cards("Mill"), cards("Sea"), cards("End")), None)
    state = replace(state, bids=(Bid.NONE, Bid.SOME, Bid.MOST), taken=(0, 0, 2))
    state = replace(state, tricks=tuple(_tricks(5)))
    state, _ = state.apply(0, Lead(card("Mill"), WAVES))
    state, _ = state.apply(1, Play(card("Sea")))
    _, events = state.apply(2, Play(card("End")))
    decided = [e for e in events if isinstance(e, BidDecided)]
    # Seat 1 makes Some; seat 2 holds 2 with 6 tricks left: Most (6) is still possible.
    assert decided == [BidDecided(1, Bid.SOME, True, 1)]


def test_the_game_ends_after_the_hand_that_reaches_the_target() -> None:
    state = playing((cards("Mill"), cards("Sea"), cards("End")), None)
    state = replace(state, taken=(0, 5, 6), tricks=tuple(_tricks(11)), scores=(20, 29, 0))
    state, _ = state.apply(0, Lead(card("Mill"), WAVES))
    state, _ = state.apply(1, Play(card("Sea")))
    state, events = state.apply(2, Play(card("End")))
    assert state.is_over and state.totals == (20, 41, -6)
    assert events[-1] == GameEnded((1,), (20, 41, -6))
    assert state.winners == (1,)


def last_trick_of_hand(number: int, **options: object) -> tuple[State, tuple]:
    """Hand `number` ends with totals 2, 15 and -2: nobody near 31."""
    state = replace(
        playing((cards("Mill"), cards("Sea"), cards("End")), None),
        hand_limit=start(**options).hand_limit,
        hand_no=number,
        taken=(0, 5, 6),
        tricks=tuple(_tricks(11)),
        scores=(2, 3, 4),
    )
    state, _ = state.apply(0, Lead(card("Mill"), WAVES))
    state, _ = state.apply(1, Play(card("Sea")))
    return state.apply(2, Play(card("End")))  # type: ignore[return-value]


def test_play_goes_on_until_someone_reaches_31_however_many_hands() -> None:
    """The text: "I recommend playing until some player reaches a cumulative
    score of 31 points or more." By default no number of hands ends the game:
    after hand 40, or 400, with nobody at 31, the next hand is dealt."""
    assert next(o for o in RULES.options if o.name == "hands").default == 0
    for number in (40, 400):
        state, events = last_trick_of_hand(number)
        assert not state.is_over and not any(isinstance(e, GameEnded) for e in events)
        assert state.totals == (2, 15, -2)
        assert state.hand_no == number + 1 and state.phase is Phase.BID


def test_the_hands_house_rule_ends_the_game_after_that_many_hands() -> None:
    """The text: "I recommend playing until some player reaches a cumulative
    score of 31 points or more." With the hands house rule the game also ends
    after that many hands, nobody at 31, and the highest total still wins."""
    state, _ = last_trick_of_hand(39, hands=40)
    assert not state.is_over and state.hand_no == 40
    state, events = last_trick_of_hand(40, hands=40)
    assert state.is_over and max(state.totals) < 31
    assert events[-1] == GameEnded((1,), (2, 15, -2))


def test_a_tie_at_the_top_shares_the_win() -> None:
    state = replace(start(), phase=Phase.OVER, scores=(33, 33, 10))
    assert state.winners == (0, 1)


# -- notation and replay ----------------------------------------------------


def test_moves_read_back_from_their_notation() -> None:
    state, _ = bid_all(start(seed=9))
    for seat in state.to_act():
        for action in state.legal_actions(seat):
            assert RULES.parse_action(action.notation) == action
    assert RULES.parse_action("lead cha as le") == Lead(card("Chance Meeting"), LEAVES)
    assert RULES.parse_action("none") == MakeBid(Bid.NONE)


def test_a_game_replays_from_its_seed_and_moves() -> None:
    state, _ = RULES.begin(4, None, 12)
    moves = []
    for _ in range(60):
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[-1]
        moves.append((seat, action.notation))
        state, _ = state.apply(seat, action)
    again, _ = replay(RULES, 4, None, 12, moves)
    assert again == state
