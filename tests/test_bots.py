"""The shared bot helpers: sampling deals within a budget of time or of deals."""

from __future__ import annotations

import re

import pytest

from sixdot.bots import Limit, limited, within_budget
from sixdot.core import OptionError
from sixdot.games import get_game


def test_sampling_stops_at_the_most_deals_asked_for() -> None:
    assert list(within_budget(lambda: "deal", think_ms=60_000, most=5)) == ["deal"] * 5


def test_a_spent_budget_still_gives_one_deal_so_a_bot_can_decide() -> None:
    assert list(within_budget(lambda: "deal", think_ms=0, most=100)) == ["deal"]


def test_a_deal_that_cannot_be_drawn_is_tried_once_more_then_sampling_stops() -> None:
    draws = iter(["first", None, "second", None, None, "never"])
    assert list(within_budget(lambda: next(draws), think_ms=60_000, most=10)) == [
        "first",
        "second",
    ]


def test_a_number_of_samples_ignores_the_clock() -> None:
    """A spent time budget, yet every one of the deals asked for: the same on any machine."""
    assert list(within_budget(lambda: "deal", think_ms=0, most=3, samples=7)) == ["deal"] * 7


def test_a_search_stops_at_the_hosts_ceiling_even_with_samples_set() -> None:
    """A server bounds every decision (issue 34): one deal, then the ceiling is past."""
    with limited(Limit(0.0)):
        assert list(within_budget(lambda: "deal", think_ms=60_000, most=9, samples=7)) == ["deal"]


def test_a_halted_search_draws_no_deal() -> None:
    limit = Limit(60.0)
    limit.halt.set()
    with limited(limit):
        assert list(within_budget(lambda: "deal", think_ms=60_000, most=9, samples=7)) == []
    assert len(list(within_budget(lambda: "deal", think_ms=60_000, most=9, samples=7))) == 7


def moves_of(name: str, options: dict[str, int]) -> list[tuple[int, str]]:
    """Every move of a game between two strong bots and a sensible one, seed 11."""
    game = get_game(name)
    state = game.rules.new_game(3, options, 11)
    bots = [
        game.bots[level](seat, 11) for seat, level in enumerate(["strong", "strong", "sensible"])
    ]
    played = []
    while not state.is_over:
        seat = state.to_act()[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        played.append((seat, action.notation))
        state, _ = state.apply(seat, action)
    return played


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("nonesuch", {"samples": 8, "think": 1, "target": 8}),
        ("consonants", {"samples": 3, "think": 1, "target": 20}),
    ],
)
def test_strong_bots_with_samples_replay_from_their_seed(
    name: str, options: dict[str, int]
) -> None:
    """Two runs of the same game with strong bots counting deals, not time, are the
    same game move for move; a 1 ms think budget would leave that to the machine."""
    first = moves_of(name, options)
    assert first == moves_of(name, options)
    assert len(first) > 20


@pytest.mark.parametrize("name", ["nonesuch", "consonants"])
def test_samples_takes_a_count_of_deals_and_zero_means_by_think_time(name: str) -> None:
    spec = next(s for s in get_game(name).rules.options if s.name == "samples")
    assert (spec.default, spec.zero) == (0, "by think time")
    assert spec.parse("8") == 8
    for bad in ("-1", "10001", "many", "1.5"):
        said = f"option samples cannot be '{bad}': it takes a whole number from 0 to 10000"
        with pytest.raises(OptionError, match=re.escape(said)):
            get_game(name).rules.new_game(3, {"samples": bad}, 1)
