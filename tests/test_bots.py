"""The shared bot helpers: sampling deals within a time budget."""

from __future__ import annotations

from sixdot.bots import within_budget


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
