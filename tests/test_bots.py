"""The shared bot helpers: sampling deals within a budget of time or of deals."""

from __future__ import annotations

from sixdot.bots import within_budget
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


def test_strong_bots_with_samples_replay_from_their_seed() -> None:
    """Two runs of the same game with strong bots counting deals, not time, are the
    same game move for move; a 1 ms think budget would leave that to the machine."""
    for name, options in (
        ("nonesuch", {"samples": 6, "think": 1, "target": 8}),
        ("consonants", {"samples": 3, "think": 1, "target": 20}),
    ):
        first = moves_of(name, options)
        assert first == moves_of(name, options), name
        assert len(first) > 20
