"""The shared rules core (`sixdot.core`): the seeded generator, table options,
refusals and replay.

The core promises that a game is a value reproduced exactly by
(game, options, seed, moves) (RULINGS section 0). These tests hold it to that
with a tiny counting game defined here, so they do not depend on any real
game's rules.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sixdot.core import (
    Action,
    Event,
    GameState,
    IllegalAction,
    NotationError,
    OptionError,
    OptionSpec,
    Refusal,
    Rng,
    Rules,
    SixdotError,
    replay,
)
from sixdot.core.errors import PlayerCountError
from sixdot.core.options import parse_assignments, resolve_options
from sixdot.core.state import GAME_OVER, NOT_YOUR_TURN, leaders, seats_from

#: 99.9% point of the chi-square distribution with 5 degrees of freedom.
CHI2_5DF_999 = 20.515


def chi_square(counts: Counter[Any], cells: int, draws: int) -> float:
    expected = draws / cells
    assert len(counts) <= cells
    observed = [*counts.values(), *[0] * (cells - len(counts))]
    return sum((o - expected) ** 2 / expected for o in observed)


# --- a tiny game for the core: race to a total by adding 1 or 2 -----------


@dataclass(frozen=True)
class Add(Action):
    amount: int

    @property
    def notation(self) -> str:
        return f"add {self.amount}"


@dataclass(frozen=True)
class Added(Event):
    seat: int
    total: int


@dataclass(frozen=True)
class Secret(Event):
    """A private event, seen only by `seat`."""

    seat: int

    def visible_to(self, seat: int) -> bool:
        return seat == self.seat


@dataclass(frozen=True)
class Race(GameState):
    n: int
    goal: int
    total: int
    turn: int
    rng: Rng

    @property
    def players(self) -> int:
        return self.n

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        return tuple(Add(k) for k in (1, 2) if self.total + k <= self.goal)

    def explain(self, seat: int, action: Action) -> Refusal:
        return Refusal.of("refuse-race", action=str(action))

    def _do(self, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        assert isinstance(action, Add)
        roll, rng = self.rng.below(1000)
        state = dataclasses.replace(
            self, total=self.total + action.amount, turn=(seat + 1) % self.n, rng=rng
        )
        return state, (Added(seat, state.total), Secret(roll % self.n))

    def view(self, seat: int) -> Any:
        return (self.total, self.turn)

    @property
    def is_over(self) -> bool:
        return self.total >= self.goal

    @property
    def totals(self) -> tuple[int, ...]:
        return (0,) * self.n

    @property
    def winners(self) -> tuple[int, ...]:
        return ((self.turn - 1) % self.n,) if self.is_over else ()


class RaceRules(Rules):
    name = "race"
    title = "Race"
    min_players = 2
    max_players = 4
    default_players = 2
    options = (
        OptionSpec("goal", 10, "total that ends the game", low=3, high=50),
        OptionSpec("fast", False, "a flag"),
        OptionSpec("colour", "red", "a choice", choices=("red", "blue")),
    )

    def _start(
        self, players: int, options: dict[str, Any], seed: int
    ) -> tuple[GameState, tuple[Event, ...]]:
        rng = Rng.from_seed(seed)
        first, rng = rng.below(players)
        state = Race(players, int(options["goal"]), 0, first, rng)
        return state, (Secret(first),)

    def parse_action(self, text: str) -> Action:
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] == "add" and words[1] in ("1", "2"):
            return Add(int(words[1]))
        raise NotationError(text, "add 1 or add 2")


Race.rules = RaceRules()
RACE = RaceRules()


def play_race(seed: int, players: int = 3, goal: int = 12) -> tuple[GameState, list[Event], list]:
    """A whole race with choices from a generator seeded apart from the game."""
    chooser = Rng.from_seed(seed + 10_000)
    state, opening = RACE.begin(players, {"goal": goal}, seed)
    events, moves = list(opening), []
    while not state.is_over:
        seat = state.to_act()[0]
        action, chooser = chooser.choice(state.legal_actions(seat))
        state, new = state.apply(seat, action)
        events.extend(new)
        moves.append((seat, action.notation))
    return state, events, moves


# --- Rng: a seeded generator that is a plain value -------------------------


def test_rng_is_splitmix64_matching_the_published_reference_outputs() -> None:
    """Rosetta Code 'Pseudo-random numbers/Splitmix64': seed 1234567."""
    rng = Rng.from_seed(1234567)
    outputs = []
    for _ in range(5):
        value, rng = rng.next64()
        outputs.append(value)
    assert outputs == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    # The reference generator seeded with 0 first gives 0xE220A8397B1DCDAF.
    assert Rng.from_seed(0).next64()[0] == 0xE220A8397B1DCDAF


def test_the_same_seed_gives_the_same_draws_and_an_rng_is_never_changed_by_drawing() -> None:
    rng = Rng.from_seed(42)
    first = rng.next64()
    assert rng.next64() == first  # drawing returns a new generator; this one is unchanged
    assert rng == Rng.from_seed(42)
    assert Rng.from_seed(42).shuffled(range(20)) == rng.shuffled(range(20))
    with pytest.raises(dataclasses.FrozenInstanceError):
        rng.state = 1  # type: ignore[misc]


@given(st.integers(0, 2**64 - 1), st.integers(0, 130))
def test_a_shuffle_is_fisher_yates_drawing_each_position_with_below(seed: int, size: int) -> None:
    """Games replay from their seed only if a shuffle keeps exactly these draws."""
    rng = Rng.from_seed(seed)
    cards = list(range(size))
    for i in range(size - 1, 0, -1):
        j, rng = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    assert Rng.from_seed(seed).shuffled(range(size)) == (tuple(cards), rng)


def test_different_seeds_give_different_streams() -> None:
    starts = {Rng.from_seed(seed).next64()[0] for seed in range(500)}
    assert len(starts) == 500
    orders = {Rng.from_seed(seed).shuffled(range(10))[0] for seed in range(200)}
    assert len(orders) > 190


def test_a_seed_is_taken_modulo_two_to_the_64() -> None:
    assert Rng.from_seed(-1) == Rng.from_seed(2**64 - 1)
    assert Rng.from_seed(2**64 + 5) == Rng.from_seed(5)


@pytest.mark.parametrize("bound", [1, 2, 3, 7, 10, 52, 1000, 2**40 + 3])
def test_below_stays_in_range(bound: int) -> None:
    rng = Rng.from_seed(bound)
    for _ in range(300):
        value, rng = rng.below(bound)
        assert 0 <= value < bound


@pytest.mark.parametrize("bound", [0, -3])
def test_below_needs_a_positive_bound(bound: int) -> None:
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(bound)


def test_below_is_roughly_uniform() -> None:
    rng, counts, draws = Rng.from_seed(3), Counter[int](), 6000
    for _ in range(draws):
        value, rng = rng.below(6)
        counts[value] += 1
    assert chi_square(counts, 6, draws) < CHI2_5DF_999


def test_below_has_no_modulo_bias_for_huge_bounds() -> None:
    """With n = 3 * 2**62, plain `value % n` would put half the draws below 2**62;
    an unbiased draw puts a third there."""
    bound, rng, low, draws = 3 * 2**62, Rng.from_seed(9), 0, 3000
    for _ in range(draws):
        value, rng = rng.below(bound)
        low += value < 2**62
    assert 0.29 < low / draws < 0.38


def test_shuffled_is_a_permutation_and_leaves_its_input_alone() -> None:
    items = list("ABCDEFGHIJ")
    shuffled, _ = Rng.from_seed(11).shuffled(items)
    assert isinstance(shuffled, tuple)
    assert sorted(shuffled) == items
    assert items == list("ABCDEFGHIJ")
    assert Rng.from_seed(1).shuffled([])[0] == ()
    assert Rng.from_seed(1).shuffled(["only"])[0] == ("only",)


def test_shuffled_gives_every_order_about_equally_often() -> None:
    rng, counts, draws = Rng.from_seed(5), Counter[tuple[int, ...]](), 6000
    for _ in range(draws):
        order, rng = rng.shuffled((1, 2, 3))
        counts[order] += 1
    assert set(counts) == set(itertools.permutations((1, 2, 3)))
    assert chi_square(counts, 6, draws) < CHI2_5DF_999


def test_shuffled_puts_each_item_first_about_equally_often() -> None:
    rng, counts, draws = Rng.from_seed(8), Counter[int](), 6000
    for _ in range(draws):
        order, rng = rng.shuffled(range(6))
        counts[order[0]] += 1
    assert chi_square(counts, 6, draws) < CHI2_5DF_999


def test_choice_picks_members_about_equally_often() -> None:
    rng, counts, draws = Rng.from_seed(13), Counter[str](), 6000
    for _ in range(draws):
        item, rng = rng.choice("abcdef")
        counts[item] += 1
    assert set(counts) == set("abcdef")
    assert chi_square(counts, 6, draws) < CHI2_5DF_999


# --- options: named house rules with checked values ------------------------

GOAL = OptionSpec("goal", 10, "", low=3, high=50)
FLAG = OptionSpec("fast", False, "")
COLOUR = OptionSpec("colour", "red", "", choices=("red", "blue"))


def test_a_number_option_accepts_its_range_inclusive() -> None:
    assert GOAL.parse("3") == 3
    assert GOAL.parse(" 50 ") == 50
    assert GOAL.parse("17") == 17


@pytest.mark.parametrize("text", ["2", "51", "-1", "ten", "", "3.5"])
def test_a_number_option_refuses_values_out_of_range_or_not_numbers(text: str) -> None:
    with pytest.raises(OptionError, match="from 3 to 50"):
        GOAL.parse(text)


def test_an_on_off_option_reads_the_usual_words() -> None:
    for word in ("on", "YES", "true", "1"):
        assert FLAG.parse(word) is True
    for word in ("off", "No", "false", "0"):
        assert FLAG.parse(word) is False
    with pytest.raises(OptionError, match="on or off"):
        FLAG.parse("maybe")


def test_a_choice_option_takes_one_of_its_choices_in_any_case() -> None:
    assert COLOUR.parse("BLUE") == "blue"
    with pytest.raises(OptionError, match="one of red, blue"):
        COLOUR.parse("green")


def test_resolved_options_are_the_defaults_overlaid_with_what_is_given() -> None:
    specs = (GOAL, FLAG, COLOUR)
    assert resolve_options(specs, None) == {"goal": 10, "fast": False, "colour": "red"}
    given = {"goal": "20", "fast": True, "colour": "blue"}
    assert resolve_options(specs, given) == {"goal": 20, "fast": True, "colour": "blue"}
    assert resolve_options(specs, {"goal": 7})["goal"] == 7


def test_an_unknown_option_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(OptionError, match="goal, fast, colour"):
        resolve_options((GOAL, FLAG, COLOUR), {"speed": "3"})
    with pytest.raises(OptionError, match="none"):
        resolve_options((), {"goal": "3"})


def test_assignments_are_read_as_name_equals_value() -> None:
    assert parse_assignments(["target=40", " Fast = on "]) == {"target": "40", "fast": "on"}
    for bad in ("target", "=40", "target=", "target:40"):
        with pytest.raises(OptionError, match="NAME=VALUE"):
            parse_assignments([bad])


def test_option_errors_are_value_errors_and_sixdot_errors() -> None:
    assert issubclass(OptionError, ValueError)
    assert issubclass(OptionError, SixdotError)


def test_begin_checks_options_and_player_count() -> None:
    state, _ = RACE.begin(2, {"goal": "25"}, seed=1)
    assert isinstance(state, Race) and state.goal == 25
    with pytest.raises(OptionError):
        RACE.begin(2, {"goal": 2}, seed=1)
    with pytest.raises(OptionError):
        RACE.begin(2, {"turbo": 1}, seed=1)
    for players in (0, 1, 5):
        with pytest.raises(PlayerCountError) as info:
            RACE.begin(players, None, seed=1)
        assert (info.value.low, info.value.high) == (2, 4)
        assert "2 to 4" in str(info.value)
    assert RACE.new_game(3, None, 4) == RACE.begin(3, None, 4)[0]


# --- refusals: verify, can, apply ------------------------------------------


def test_a_refusal_is_a_value_whose_facts_cannot_be_changed() -> None:
    refusal = Refusal.of("refuse-x", card="EW")
    assert refusal == Refusal.of("refuse-x", card="EW")
    assert refusal != Refusal.of("refuse-x", card="AM")
    assert refusal.args["card"] == "EW"
    with pytest.raises(TypeError):
        refusal.args["card"] = "AM"  # type: ignore[index]
    assert Refusal("refuse-y").args == {}


def test_a_legal_action_has_no_refusal_and_is_applied() -> None:
    state = RACE.new_game(2, None, 0)
    seat = state.to_act()[0]
    assert state.refusal(seat, Add(1)) is None
    assert state.can(seat, Add(2))
    after, events = state.apply(seat, Add(2))
    assert isinstance(after, Race) and after.total == 2
    assert Added(seat, 2) in events


def test_an_action_out_of_turn_is_refused_as_not_your_turn() -> None:
    state = RACE.new_game(3, None, 0)
    other = (state.to_act()[0] + 1) % 3
    refusal = state.refusal(other, Add(1))
    assert refusal == Refusal.of(NOT_YOUR_TURN, seat=other)
    assert not state.can(other, Add(1))


def test_an_illegal_action_is_refused_with_the_games_reason_and_changes_nothing() -> None:
    state = dataclasses.replace(RACE.new_game(2, {"goal": 5}, 0), total=4)
    seat = state.to_act()[0]
    before = dataclasses.replace(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, Add(2))
    assert info.value.refusal == Refusal.of("refuse-race", action="add 2")
    assert info.value.refusal == state.refusal(seat, Add(2))
    assert isinstance(info.value, SixdotError)
    assert state == before


def test_after_the_game_every_action_is_refused_as_game_over() -> None:
    state, _, _ = play_race(seed=2)
    assert state.is_over and state.to_act() == ()
    for seat in range(state.players):
        assert state.refusal(seat, Add(1)) == Refusal.of(GAME_OVER)
        with pytest.raises(IllegalAction):
            state.apply(seat, Add(1))


def test_an_action_prints_as_its_notation_and_events_are_public_by_default() -> None:
    assert str(Add(2)) == "add 2"
    assert Added(0, 1).visible_to(3)
    assert Secret(1).visible_to(1) and not Secret(1).visible_to(0)


def test_notation_errors_say_what_was_expected() -> None:
    with pytest.raises(NotationError) as info:
        RACE.parse_action("add 3")
    assert info.value.text == "add 3" and info.value.expected == "add 1 or add 2"
    assert isinstance(info.value, ValueError)
    assert "'add 3'" in str(info.value)


# --- replay: (game, options, seed, moves) reproduces a game ----------------


@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_replay_rebuilds_the_same_state_and_events(seed: int) -> None:
    state, events, moves = play_race(seed)
    again, replayed = replay(RACE, 3, {"goal": 12}, seed, moves)
    assert again == state
    assert replayed == events


def test_replay_of_no_moves_is_the_opening() -> None:
    state, opening = RACE.begin(2, None, 5)
    assert replay(RACE, 2, None, 5, []) == (state, list(opening))


def test_replay_refuses_an_illegal_move_and_bad_notation() -> None:
    state = RACE.new_game(2, None, 3)
    seat = state.to_act()[0]
    with pytest.raises(IllegalAction):
        replay(RACE, 2, None, 3, [(1 - seat, "add 1")])
    with pytest.raises(NotationError):
        replay(RACE, 2, None, 3, [(seat, "add three")])


def test_different_seeds_make_different_games() -> None:
    games = {tuple(play_race(seed)[2]) for seed in range(30)}
    assert len(games) > 10


def test_seats_go_clockwise_from_a_given_seat() -> None:
    assert list(seats_from(2, 4)) == [2, 3, 0, 1]
    assert list(seats_from(0, 3)) == [0, 1, 2]


def test_the_best_score_wins_and_ties_share() -> None:
    assert leaders((3, 9, 4)) == (1,)
    assert leaders((9, 9, 4)) == (0, 1)
    assert leaders((9, 2, 2), highest=False) == (1, 2)
