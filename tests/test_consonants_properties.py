"""Consonants rules that hold at every step of every game.

Hypothesis plays random games (a seed, a player count, a target, options and
a source of random choices) and checks after each move: all 74 cards are
somewhere exactly once, every card played obeys the following rules, every
trick goes to the card the rules say, each hand's points add up, refused
moves change nothing, and a game replays exactly from its seed and moves.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixdot.core import Action, Event, IllegalAction, replay
from sixdot.games.consonants.cards import LETTERS, deck
from sixdot.games.consonants.rules import (
    RULES,
    Challenge,
    Done,
    Fly,
    HandEnded,
    HandScored,
    Lay,
    Phase,
    Pick,
    State,
    TrickWon,
    Unpick,
)
from sixdot.games.consonants.tricks import Play, Played

FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: A hand is at most every card played, the passing, and a few scoring moves a seat.
MOVES_PER_HAND = 74 + 6 * 8 + 6 * 12


@dataclass(frozen=True)
class Table:
    seed: int
    players: int
    target: int
    passing: int
    autocheck: bool
    openpiles: bool
    choices: int

    @property
    def options(self) -> dict[str, object]:
        return {
            "target": self.target,
            "pass": self.passing,
            "autocheck": self.autocheck,
            "openpiles": self.openpiles,
        }


def tables() -> st.SearchStrategy[Table]:
    return st.builds(
        Table,
        seed=st.integers(0, 2**64 - 1),
        players=st.integers(RULES.min_players, RULES.max_players),
        target=st.integers(20, 120),
        passing=st.sampled_from((0, 1, 4)),
        autocheck=st.booleans(),
        openpiles=st.booleans(),
        choices=st.integers(0, 2**32 - 1),
    )


@dataclass(frozen=True)
class Step:
    """One move of a game: who made it, and the states on either side."""

    seat: int
    action: Action
    before: State
    after: State
    events: tuple[Event, ...]


def play(table: Table) -> Iterator[Step]:
    """Random legal moves, with now and then a typed word or a several-card pass."""
    state = RULES.new_game(table.players, table.options, table.seed)
    assert isinstance(state, State)
    chooser = random.Random(table.choices)
    for _ in range(MOVES_PER_HAND * 60):
        if state.is_over:
            return
        seat = state.to_act()[0]
        action = choose(chooser, state, seat)
        after, events = state.apply(seat, action)
        assert isinstance(after, State)
        yield Step(seat, action, state, after, events)
        state = after
    pytest.fail("the game did not end")


def choose(chooser: random.Random, state: State, seat: int) -> Action:
    legal = state.legal_actions(seat)
    if state.phase is Phase.PASS and chooser.random() < 0.3:
        room = state.config.pass_count - len(state.picks[seat])
        return Pick(tuple(chooser.sample(state.hands[seat], room)))
    if state.phase is Phase.WORDS and chooser.random() < 0.3:
        letters = [c.sides[0] for c in state.taken[seat] if not c.wild]
        word = "".join(chooser.sample(letters, min(len(letters), chooser.randint(4, 6))))
        if state.can(seat, Lay((word,))):
            return Lay((word,))
    return chooser.choice(legal)


def everywhere(state: State) -> Counter:
    """Every card in hands, picks, the trick, taken piles and the kitty."""
    cards: Counter = Counter(state.kitty)
    for pile in (*state.hands, *state.picks, *state.taken):
        cards.update(pile)
    cards.update(p.card for p in state.trick)
    return cards


@FEW
@given(tables())
def test_all_74_cards_are_always_somewhere_and_only_once(table: Table) -> None:
    whole = Counter(deck())
    for step in play(table):
        assert everywhere(step.after) == whole


def obeys_following_rules(hand: tuple, trick: tuple[Played, ...], play: Play) -> bool:
    """Rules 1 to 3, written out again from the rules text."""
    card = play.card
    assert card is not None
    letter_ok = play.letter in LETTERS if card.wild else play.letter in card.sides
    if not letter_ok or not trick:
        return letter_ok
    real = [c for c in hand if not c.wild]
    led = trick[0].letter
    if any(led in c.sides for c in real):
        return play.letter == led
    if not real:
        return play.letter == led  # only wilds: the wild follows the letter led
    top = max(p.letter for p in trick)
    if any(side >= top for c in real for side in c.sides):
        # A wild is never forced, and named as the letter led it follows.
        return play.letter >= top or (card.wild and play.letter == led)
    return True


def rules_winner(trick: list[Played]) -> int:
    """The seat that takes a trick, from the rules text and the rulings."""
    top = max(p.letter for p in trick)
    tied = [p for p in trick if p.letter == top]
    real = [p for p in tied if not p.card.wild] or tied
    vowels = [p for p in real if p.card.vowel]
    if vowels:
        best = max(p.card.other(p.letter) for p in vowels)
        real = [p for p in vowels if p.card.other(p.letter) == best]
    return real[0].seat


@FEW
@given(tables())
def test_every_card_obeys_the_following_rules_and_tricks_go_by_the_rules(table: Table) -> None:
    for step in play(table):
        if not isinstance(step.action, Play):
            continue
        before = step.before
        hand = before.hands[step.seat]
        assert obeys_following_rules(hand, before.trick, step.action)
        # The moves listed are exactly the plays the rules allow, no more, no fewer.
        listed = {(p.card, p.letter) for p in before.legal_actions(step.seat)}  # type: ignore[attr-defined]
        if before.lead_j:
            assert [c.face for c, _ in listed] == ["J"]
        else:
            allowed = {
                (c, letter)
                for c in set(hand)
                for letter in c.sides or LETTERS
                if obeys_following_rules(hand, before.trick, Play(c, letter))
            }
            assert listed == allowed
        for event in step.events:
            if isinstance(event, TrickWon):
                card = step.action.card
                assert card is not None
                trick = [*before.trick, Played(step.seat, card, step.action.letter)]
                assert event.seat == rules_winner(trick)
                assert event.value == sum(p.card.score for p in trick)


@FEW
@given(tables())
def test_each_hands_points_add_up(table: Table) -> None:
    totals = (0,) * table.players
    for step in play(table):
        scored = [e for e in step.events if isinstance(e, HandScored)]
        if not scored:
            continue
        taken = step.before.taken if step.before.phase is not Phase.PLAY else None
        for e in scored:
            assert e.total == e.consonants + e.singles + e.challenges + e.flying
            if e.flew:
                assert e.consonants == e.singles == e.words == 0
            elif taken is not None:
                pile = sum(c.score for c in taken[e.seat])
                assert e.consonants + e.singles + e.words == pile
        challenges = sum(e.challenges for e in scored)
        assert challenges == 0  # what a challenge winner subtracts, the loser adds
        ended = next(e for e in step.events if isinstance(e, HandEnded))
        assert ended.points == tuple(e.total for e in scored)
        assert ended.totals == tuple(t + p for t, p in zip(totals, ended.points, strict=True))
        totals = ended.totals
    assert totals == step.after.totals
    assert step.after.winners == tuple(
        s for s, t in enumerate(totals) if t == min(totals)
    )  # lowest wins, ties share
    assert max(totals) >= table.target


def some_action(chooser: random.Random, state: State) -> Action:
    """Any action at all, legal or not."""
    card = chooser.choice(deck())
    roll = chooser.random()
    if roll < 0.2:
        return Pick((card,) * chooser.randint(1, 2))
    if roll < 0.3:
        return Unpick(card)
    if roll < 0.7:
        return Play(card, chooser.choice(LETTERS))
    if roll < 0.8:
        return Lay(("".join(chooser.choices(LETTERS, k=chooser.randint(2, 6))),))
    if roll < 0.9:
        return Challenge(chooser.choice(["TRAP", "ZZZZ"]))
    return chooser.choice([Done(), Fly(True), Fly(False)])


@FEW
@given(tables(), st.integers(0, 2**32 - 1))
def test_refused_moves_change_nothing_and_accepted_ones_apply(table: Table, pokes: int) -> None:
    chooser = random.Random(pokes)
    for step in play(table):
        state = step.before
        for seat in range(state.n):
            action = some_action(chooser, state)
            refusal = state.refusal(seat, action)
            if refusal is None:
                state.apply(seat, action)
            else:
                with pytest.raises(IllegalAction):
                    state.apply(seat, action)
        assert state == step.before


@FEW
@given(tables())
def test_a_game_replays_from_its_seed_and_moves_and_views_hide_other_hands(table: Table) -> None:
    """Views hide the other hands, and every taken pile until scoring unless openpiles."""
    moves = []
    final = None
    for step in play(table):
        moves.append((step.seat, step.action.notation))
        final = step.after
        view = step.before.view(step.seat)
        assert view.hand == step.before.hands[step.seat]
        assert not any(isinstance(v, tuple) and v == step.before.hands for v in vars(view).values())
        face_down = not table.openpiles and step.before.phase in (Phase.PASS, Phase.PLAY)
        assert (view.taken is None) == face_down
        assert view.tricks_won == step.before.tricks_won
        for event in step.events:
            private = [s for s in range(table.players) if event.visible_to(s)]
            if len(private) == 1 and hasattr(event, "cards"):
                assert private[0] == event.seat  # type: ignore[attr-defined]
    assert final is not None
    again, _ = replay(RULES, table.players, table.options, table.seed, moves)
    assert again == final
