"""Nonesuch bots: the sensible bot bids from its strength and plays to its bid
(None ducks, Most takes, Some takes one then ducks); the strong bot's sampled
deals fit what it has seen; every bot plays whole games legally."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from sixdot.games import get_game
from sixdot.games.nonesuch.bots import SensibleBot, StrongBot, mask, sample_hands
from sixdot.games.nonesuch.cards import SUITS, Card, deck, excuse, find_card
from sixdot.games.nonesuch.rules import (
    RULES,
    Bid,
    Call,
    Lead,
    MakeBid,
    Phase,
    Play,
    State,
    View,
    strength,
)
from sixdot.sim import play_bots

MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS = SUITS
GAME = get_game("nonesuch")


def card(name: str) -> Card:
    found = find_card(name)
    assert found is not None, name
    return found


def cards(*names: str) -> tuple[Card, ...]:
    return tuple(sorted(card(n) for n in names))


def base() -> State:
    state = RULES.new_game(3, {"think": 20}, 1)
    assert isinstance(state, State)
    return state


def following(bid: Bid, taken: int) -> State:
    """Mill led as Waves; seat 1 holds Sea (wins) and Sailor (loses) and bid `bid`."""
    state = replace(
        base(),
        phase=Phase.PLAY,
        hands=(cards("Mill", "Pact"), cards("Sea", "Sailor"), cards("Cave", "End")),
        up=card("Ace of Knots"),
        trump=KNOTS,
        excuse_seat=2,
        bids=(Bid.SOME, bid, Bid.SOME),
        taken=(5, taken, 5),
        turn=0,
        dealer=2,
    )
    state, _ = state.apply(0, Lead(card("Mill"), WAVES))
    return state


@pytest.mark.parametrize(
    ("bid", "taken", "plays"),
    [
        (Bid.NONE, 0, "Sailor"),  # None ducks
        (Bid.MOST, 0, "Sea"),  # Most takes
        (Bid.MOST, 3, "Sea"),
        (Bid.SOME, 0, "Sea"),  # Some takes its first trick
        (Bid.SOME, 1, "Sailor"),  # then ducks
    ],
)
def test_the_sensible_bot_plays_to_its_bid(bid: Bid, taken: int, plays: str) -> None:
    state = following(bid, taken)
    action = SensibleBot(1, 0).choose(state.view(1), state.legal_actions(1))
    assert action == Play(card(plays))


def test_the_strong_bot_ducks_a_none_and_takes_a_most() -> None:
    for bid, plays in ((Bid.NONE, "Sailor"), (Bid.MOST, "Sea")):
        state = following(bid, 0)
        action = StrongBot(1, 0).choose(state.view(1), state.legal_actions(1))
        assert action == Play(card(plays))


def bidding(hand: tuple[Card, ...]) -> State:
    """Seat 0 to bid first with `hand`; the Huntress up makes Moons trump."""
    up = card("Huntress")
    rest = [c for c in deck() if c not in hand and c != up]
    state = replace(
        base(),
        phase=Phase.BID,
        hands=(hand, tuple(rest[:12]), tuple(rest[12:])),
        up=up,
        trump=MOONS,
        excuse_seat=1 if excuse() in rest[:12] else 2,
        turn=0,
        dealer=2,
    )
    return state


def test_the_sensible_bot_bids_from_its_strength() -> None:
    strong = cards(
        "Pact", "Diplomat", "Chance Meeting", "Lunatic", "Forest", "Mountain",
        "Bard", "Sea", "End", "Calamity", "Windfall", "Merchant",
    )  # fmt: skip
    weak = cards(
        "Ace of Suns", "Ace of Waves", "Ace of Leaves", "Ace of Wyrms", "Ace of Knots",
        "Desert", "Origin", "Painter", "Savage", "Sailor", "Battle", "Discovery",
    )  # fmt: skip
    bot = SensibleBot(0, 0)
    for hand, bid in ((strong, Bid.MOST), (weak, Bid.NONE)):
        state = bidding(hand)
        assert bot.choose(state.view(0), state.legal_actions(0)) == MakeBid(bid)


def test_the_excuse_holder_calls_the_suit_it_is_strongest_in() -> None:
    hand = cards("Pact", "Diplomat", "Mountain", "Bard", "Castle", "Painter", "Penitent")
    state = replace(
        base(),
        phase=Phase.CALL,
        hands=(hand, (), ()),
        up=card("Discovery"),  # Suns and Waves
        excuse_seat=0,
        bids=(Bid.MOST, Bid.SOME, Bid.SOME),
        turn=0,
    )
    assert SensibleBot(0, 0).choose(state.view(0), state.legal_actions(0)) == Call(SUNS)


def test_sampled_deals_fit_everything_the_seat_has_seen() -> None:
    rng = random.Random(5)
    for seed in range(20):
        state, _ = RULES.begin(3 + seed % 2, None, seed)
        moves = rng.randrange(0, 30)
        for _ in range(moves):
            if state.is_over:
                break
            seat = state.to_act()[0]
            state, _ = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert isinstance(state, State)
        seat = state.to_act()[0]
        view = state.view(seat)
        hands = sample_hands(view, rng)
        assert hands is not None
        assert hands[seat] == mask(state.hands[seat])
        assert [h.bit_count() for h in hands] == [len(h) for h in state.hands]
        everything = 0
        for h in hands:
            assert not everything & h
            everything |= h
        if view.up_taken and view.up not in view.played:
            assert hands[view.excuse_seat] >> view.up.index & 1  # type: ignore[index]
        voids = _voids(state)
        for s, h in enumerate(hands):
            for c in deck():
                if h >> c.index & 1:
                    assert not set(c.suits) & voids[s], (seed, s, c)


def _voids(state: State) -> list[set]:
    out: list[set] = [set() for _ in range(state.n)]
    tricks = (*state.tricks, state.current) if state.current else state.tricks
    for trick in tricks:
        for seat, c in trick.plays[1:]:
            if trick.suit not in c.suits:
                out[seat].add(trick.suit)
    return out


@pytest.mark.parametrize("level", ["random", "sensible", "strong"])
@pytest.mark.parametrize("players", [3, 4])
def test_every_level_plays_whole_games_legally(level: str, players: int) -> None:
    """play_bots applies each choice through the rules, which refuse anything illegal."""
    others = ["sensible"] * (players - 1)
    result = play_bots(GAME, [level, *others], 7, {"think": 2, "target": 15})
    assert max(result.totals) >= 15 and result.winners


@pytest.mark.parametrize(("bid", "key"), [(Bid.NONE, "why-non-duck"), (Bid.MOST, "why-non-take")])
def test_the_sensible_bot_says_it_plays_to_its_bid(bid: Bid, key: str) -> None:
    state = following(bid, 0)
    view, legal = state.view(1), state.legal_actions(1)
    bot = SensibleBot(1, 0)
    why = bot.reason(view, legal, bot.choose(view, legal))
    assert why is not None and (why.key, dict(why.args)) == (key, {"bid": bid.value})
    other = next(a for a in legal if a != bot.choose(view, legal))
    assert bot.reason(view, legal, other) is None
    assert StrongBot(1, 0).reason(view, legal, bot.choose(view, legal)) is None


def _power(view: View, chosen: Card) -> tuple[int, int]:
    """The card's strength in the trick on the table, and the strongest there
    so far, by the rules' own measure."""
    trick = view.current
    assert trick is not None and trick.plays
    best = max(strength(c, trick.suit, view.trump) for _, c in trick.plays)
    return strength(chosen, trick.suit, view.trump), best


def test_each_hints_reason_is_true_of_the_trick_on_the_table() -> None:
    """A learner relies on the reason: "to take a trick" only when the card beats
    the trick so far, never an Ace under a Crown; whichever reason is given
    holds of the position, checked by the rules' strengths in whole games."""
    seen: set[str] = set()
    for seed in range(12):
        state, _ = RULES.begin(3 + seed % 2, {"hands": 2}, seed)
        bots = [SensibleBot(s, seed) for s in range(state.players)]
        while not state.is_over:
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            action, why = bots[seat].decide(view, legal)
            if why is not None and isinstance(action, Play) and view.current:
                mine, best = _power(view, action.card)
                plays = [_power(view, a.card)[0] for a in legal if isinstance(a, Play)]
                last = len(view.current.plays) == state.players - 1
                holds = {
                    "why-non-take": mine > best,
                    "why-non-cannot-take": max(plays) < best,
                    "why-non-duck": mine < best,
                    "why-non-shed": min(plays) > best and last,
                    "why-non-stay-low": min(plays) > best and not last and mine == min(plays),
                }
                assert holds[why.key], (why.key, view.current, action)
                seen.add(why.key)
            state, _ = state.apply(seat, action)
    assert {"why-non-take", "why-non-cannot-take", "why-non-duck", "why-non-stay-low"} <= seen, seen
