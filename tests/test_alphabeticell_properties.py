"""Alphabeticell rules that hold at every step of every game.

Hypothesis plays random games (a seed, a player count, a target and a source
of random choices) and checks the rules text's invariants after each move:
no card is lost or doubled, lines stay alphabetical, only legal moves are
accepted, scores are the cards in the lines, every game ends, a game replays
exactly from its seed and moves, and no seat sees another's hidden cards.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from string import ascii_uppercase

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixdot.core import Action, Event, IllegalAction, replay
from sixdot.games import get_game
from sixdot.games.alphabeticell.cards import deck
from sixdot.games.alphabeticell.rules import (
    DEAL,
    LINE_GOAL,
    RULES,
    CardDiscarded,
    CardFlipped,
    CardsDealt,
    Keep,
    Pass,
    Phase,
    RoundEnded,
    RoundStarted,
    State,
    Take,
)
from sixdot.present.phrasebook import Phrasebook
from sixdot.sim import tournament

FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOME = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WORDS = Phrasebook()


@dataclass(frozen=True)
class Table:
    """One random game: who plays, to what target, from which seed."""

    seed: int
    players: int
    target: int
    choices: int
    greed: float

    def chooser(self) -> random.Random:
        """The source of this game's move choices, fresh each time."""
        return random.Random(self.choices)

    @property
    def options(self) -> dict[str, object]:
        return {"target": self.target}


def tables(low_target: int = 5, high_target: int = 30) -> st.SearchStrategy[Table]:
    return st.builds(
        Table,
        seed=st.integers(0, 2**64 - 1),
        players=st.integers(RULES.min_players, RULES.max_players),
        target=st.integers(low_target, high_target),
        choices=st.integers(0, 2**32 - 1),
        greed=st.sampled_from((0.0, 0.9)),
    )


@dataclass(frozen=True)
class Step:
    before: State
    seat: int
    action: Action
    after: State
    events: tuple[Event, ...]


def move_bound(table: Table) -> int:
    """No game can last longer: a round is the picks plus at most one answer
    per seat for each card left in the deck, and since every line holds a card
    each seat scores at least 1 a round, so there are at most `target` rounds."""
    n = table.players
    return table.target * (n + (48 - n) * n)


def play(table: Table) -> Iterator[Step]:
    """The game's moves, each a uniformly random legal action."""
    state, _ = RULES.begin(table.players, table.options, table.seed)
    assert isinstance(state, State)
    chooser = table.chooser()
    for _ in range(move_bound(table)):
        if state.is_over:
            return
        (seat,) = state.to_act()
        action = choose(chooser, table.greed, state, seat)
        after, events = state.apply(seat, action)
        assert isinstance(after, State)
        yield Step(state, seat, action, after, events)
        state = after
    pytest.fail(f"the game did not end within {move_bound(table)} moves")


def skipped(state: State, seat: int, take: Take) -> int:
    """How many letters of the alphabet `take` jumps over."""
    line = state.lines[seat]
    if take.fix is not None:
        return abs(ord(take.letter) - ord(take.fix)) - 1
    low, high = line[0].letter or "", line[-1].letter or ""
    return (
        ord(low) - ord(take.letter) - 1 if take.letter < low else ord(take.letter) - ord(high) - 1
    )


def choose(chooser: random.Random, greed: float, state: State, seat: int) -> Action:
    """A uniformly random legal action, or with chance `greed` a careful one:
    the take that skips fewest letters if it skips few, else a pass. Careful
    games fill lines to 11 cards, so rounds end both ways the rules allow."""
    legal = state.legal_actions(seat)
    takes = [a for a in legal if isinstance(a, Take)]
    if not takes or chooser.random() >= greed:
        return chooser.choice(legal)
    best = min(takes, key=lambda take: skipped(state, seat, take))
    return best if skipped(state, seat, best) <= 2 or chooser.random() < 0.3 else Pass()


def opening(table: Table) -> tuple[State, tuple[Event, ...]]:
    state, events = RULES.begin(table.players, table.options, table.seed)
    assert isinstance(state, State)
    return state, events


def all_cards(state: State) -> list:
    cards = [*state.deck, *state.discards, *(c for hand in state.hands for c in hand)]
    cards += [p.card for line in state.lines for p in line]
    if state.face_up is not None:
        cards.append(state.face_up)
    return cards


def some_action(chooser: random.Random, state: State) -> Action:
    """Any action at all, legal or not, mostly about the card on offer."""
    card = chooser.choice(deck())
    offered = state.face_up or card
    roll = chooser.random()
    if roll < 0.15:
        return Keep(chooser.choice([*state.hands[chooser.randrange(state.n)], card]))
    if roll < 0.25:
        return Pass()
    shown = chooser.choice([offered, card])
    letter = chooser.choice([*shown.letters, *shown.letters, chooser.choice(ascii_uppercase)])
    fix = chooser.choice([None, None, chooser.choice(ascii_uppercase)])
    return Take(shown, letter, fix)


# --- cards and lines ---------------------------------------------------------


@SOME
@given(tables())
def test_all_48_cards_are_always_somewhere_and_only_once(table: Table) -> None:
    """Deck + lines + discards + the face-up card + setup hands is the whole deck."""
    state, _ = opening(table)
    assert sorted(all_cards(state)) == sorted(deck())
    for step in play(table):
        assert sorted(all_cards(step.after)) == sorted(deck())


@SOME
@given(tables())
def test_every_line_is_strictly_alphabetical_and_grows_only_at_its_ends(table: Table) -> None:
    for step in play(table):
        state = step.after
        for line in state.lines:
            assert len(line) <= LINE_GOAL
            if len(line) == 1:
                assert line[0].letter is None  # a lone card shows no letter yet
            elif line:
                shown = [p.letter for p in line]
                assert all(p.letter in p.card.letters for p in line)
                assert all(a < b for a, b in pairwise(shown))  # type: ignore[operator]
            if state.phase is Phase.OFFER:
                assert line, "after setup every player has a line"
        if isinstance(step.action, Take) and step.after.round == step.before.round:
            old = [p.card for p in step.before.lines[step.seat]]
            new = [p.card for p in step.after.lines[step.seat]]
            assert new in ([step.action.card, *old], [*old, step.action.card])


# --- moves -------------------------------------------------------------------


@FEW
@given(tables(), st.integers(0, 2**32 - 1))
def test_only_legal_actions_are_accepted(table: Table, fuzz_seed: int) -> None:
    """A random action is accepted exactly when it is legal; a refused one
    leaves the state as it was and its reason has words in the phrasebook."""
    fuzz = random.Random(fuzz_seed)
    for step in play(table):
        state = step.before
        assert state.to_act() == (step.seat,)
        assert state.legal_actions(step.seat), "the seat to act always has a move"
        for seat in range(state.n):
            if seat != step.seat:
                assert state.legal_actions(seat) == ()
                assert state.refusal(seat, step.action).key == "refuse-not-your-turn"  # type: ignore[union-attr]
        for _ in range(3):
            action = some_action(fuzz, state)
            refusal = state.refusal(step.seat, action)
            assert (refusal is None) == (action in state.legal_actions(step.seat))
            if refusal is not None:
                assert WORDS.has(refusal.key), refusal.key
                with pytest.raises(IllegalAction) as info:
                    state.apply(step.seat, action)
                assert info.value.refusal == refusal
                assert state == step.before
    final = step.after
    assert final.is_over and final.to_act() == ()
    assert final.refusal(0, Pass()).key == "refuse-game-over"  # type: ignore[union-attr]


@FEW
@given(tables())
def test_every_legal_actions_notation_reads_back(table: Table) -> None:
    for step in play(table):
        for action in step.before.legal_actions(step.seat):
            assert RULES.parse_action(action.notation) == action
            assert RULES.parse_action(f" {action.notation.lower()}  ") == action


@SOME
@given(tables())
def test_the_offer_goes_clockwise_and_the_deal_passes_to_the_takers_left(table: Table) -> None:
    """The dealer is offered first, then the seats clockwise; after a take the
    taker's left flips; after everyone passes the same dealer flips again."""
    n = table.players
    for step in play(table):
        before, after = step.before, step.after
        if before.phase is Phase.PICK:
            assert step.seat == (before.dealer + _kept(before)) % n
            continue
        assert step.seat == (before.dealer + len(before.passed)) % n
        flips = [e for e in step.events if isinstance(e, CardFlipped)]
        if isinstance(step.action, Take) and flips:
            assert flips[0].dealer_seat == (step.seat + 1) % n
        if any(isinstance(e, CardDiscarded) for e in step.events) and flips:
            assert flips[0].dealer_seat == before.dealer
        if not flips and not any(isinstance(e, RoundEnded) for e in step.events):
            assert after.face_up == before.face_up and after.dealer == before.dealer


def _kept(state: State) -> int:
    return sum(1 for line in state.lines if line)


# --- rounds and scores -------------------------------------------------------


@SOME
@given(tables())
def test_scores_are_the_cards_in_the_lines_summed_over_rounds(table: Table) -> None:
    n, totals, rounds = table.players, [0] * table.players, 0
    for step in play(table):
        lengths = [len(line) for line in step.before.lines]
        if isinstance(step.action, Take):
            lengths[step.seat] += 1
        for event in step.events:
            if isinstance(event, RoundEnded):
                rounds += 1
                assert event.points == tuple(lengths)
                # A round ends when a line reaches 11 cards or the deck runs out.
                if LINE_GOAL in lengths:
                    assert event.eleven_seat == step.seat and lengths[step.seat] == LINE_GOAL
                else:
                    assert event.eleven_seat is None and step.before.deck == ()
                totals = [t + p for t, p in zip(totals, event.points, strict=True)]
                assert event.totals == tuple(totals)
            if isinstance(event, RoundStarted):
                # The 11-card player deals next; else whoever dealt the final card.
                expected = step.seat if LINE_GOAL in lengths else step.before.dealer
                assert event.dealer_seat == expected
                assert all(len(hand) == DEAL for hand in step.after.hands)
        assert step.after.totals == tuple(totals)
    final = step.after
    assert max(final.totals) >= table.target
    assert final.winners == tuple(s for s in range(n) if final.totals[s] == max(final.totals))
    assert rounds == final.round


@SOME
@given(tables(high_target=40))
def test_every_game_ends_within_a_bounded_number_of_moves(table: Table) -> None:
    moves = sum(1 for _ in play(table))  # `play` fails the test past the bound
    assert 0 < moves <= move_bound(table)


@FEW
@given(tables())
def test_a_game_replays_exactly_from_its_seed_and_moves(table: Table) -> None:
    state, events = opening(table)
    everything, moves = list(events), []
    for step in play(table):
        moves.append((step.seat, step.action.notation))
        everything.extend(step.events)
        state = step.after
    again, replayed = replay(RULES, table.players, table.options, table.seed, moves)
    assert again == state
    assert replayed == everything


# --- hidden information --------------------------------------------------------


def hidden_from(state: State, seat: int) -> set[str]:
    """Faces this seat must not see: the deck and the other seats' setup hands."""
    return {c.face for c in state.deck} | others_hands(state, seat)


def others_hands(state: State, seat: int) -> set[str]:
    return {c.face for s, hand in enumerate(state.hands) if s != seat for c in hand}


FACE = re.compile(r"face='(\w\w)'")


def faces_in(thing: object) -> set[str]:
    return set(FACE.findall(repr(thing)))


@FEW
@given(tables(high_target=12))
def test_no_view_or_event_shows_a_seat_another_seats_setup_cards(table: Table) -> None:
    """A view holds no card of the deck or of another seat's setup hand; the
    cards dealt at setup are told only to their seat, and no public event
    names a card that another seat holds at that moment."""
    state, events = opening(table)
    steps = [(events, state)] + [(s.events, s.after) for s in play(table)]
    for events, after in steps:
        # Events before a new round's deal name cards of the old round, which
        # may since have been dealt to anyone: they are checked on their own.
        dealt_at = next((i for i, e in enumerate(events) if isinstance(e, RoundStarted)), 0)
        for seat in range(after.n):
            view = after.view(seat)
            assert view.hand == after.hands[seat]
            assert not faces_in(view) & hidden_from(after, seat)
            for i, event in enumerate(events):
                if isinstance(event, CardsDealt):
                    assert event.visible_to(seat) == (event.seat == seat)
                    continue
                assert event.visible_to(seat)
                if i >= dealt_at:
                    assert not faces_in(event) & others_hands(after, seat)


# --- bots ------------------------------------------------------------------------

GAME = get_game("alphabeticell")


@FEW
@given(
    tables(high_target=20),
    st.lists(st.sampled_from(sorted(GAME.bots)), min_size=5, max_size=5),
)
def test_bots_only_choose_legal_actions(table: Table, levels: list[str]) -> None:
    bots = [GAME.bots[levels[s]](s, table.seed) for s in range(table.players)]
    state, _ = opening(table)
    for _ in range(move_bound(table)):
        if state.is_over:
            break
        (seat,) = state.to_act()
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal
        state, _ = state.apply(seat, action)  # type: ignore[assignment]
    assert state.is_over


def test_the_sensible_bot_beats_the_random_bot() -> None:
    standings = {s.level: s for s in tournament(GAME, ["sensible", "random"], 60, seed=1)}
    sensible, rand = standings["sensible"], standings["random"]
    assert sensible.seats == rand.seats == 60
    assert sensible.wins + rand.wins == pytest.approx(60)
    assert sensible.rate >= 0.8
    assert sensible.interval[0] > rand.interval[1]


def test_the_sensible_bot_beats_two_random_bots_at_a_three_player_table() -> None:
    standings = tournament(GAME, ["sensible", "random", "random"], 30, seed=2)
    sensible = next(s for s in standings if s.level == "sensible")
    # A fair share at three seats would be a third.
    assert sensible.interval[0] > 1 / 3
